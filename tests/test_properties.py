"""Properties over random legal play on every preset (hypothesis, kept small and fast).

* every card is accounted for after every action (``invariants.problems`` empty);
* ``check`` and ``apply`` agree, and a refused action changes nothing;
* saves round-trip, and so do action texts.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import cards as C
from engine.actions import (
    Action,
    Answer,
    AskGoOut,
    Discard,
    Draw,
    EndTurn,
    Meld,
    MeldPlay,
    NextRound,
    PickUp,
    from_text,
    to_text,
)
from engine.errors import RuleViolation
from engine.lab.invariants import problems
from engine.moves import legal_actions
from engine.rules import PRESETS
from engine.serialize import from_dict, to_dict
from engine.state import Game

FAST = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ALL_CARDS = sorted(set(C.standard_deck() + C.rook_deck()))

presets = st.sampled_from(sorted(PRESETS))
deal_numbers = st.integers(min_value=1, max_value=999_999_999)
choices = st.lists(st.integers(min_value=0, max_value=10_000), min_size=20, max_size=160)


def play_out(game: Game, picks: list[int], check_each: bool = True) -> None:
    """Apply the picked legal actions, checking every invariant after each one."""
    for pick in picks:
        if game.over:
            return
        options = legal_actions(game)
        assert options, f"no legal action in phase {game.phase}"
        action = options[pick % len(options)]
        game.apply(action)
        if check_each:
            assert problems(game) == [], (to_text(action), problems(game))


@FAST
@given(presets, deal_numbers, choices)
def test_every_card_is_accounted_for_after_any_action(name: str, number: int, picks: list[int]) -> None:
    game = Game(PRESETS[name], number)
    assert problems(game) == []
    play_out(game, picks)


@FAST
@given(presets, deal_numbers, choices)
def test_enumerated_actions_are_all_legal(name: str, number: int, picks: list[int]) -> None:
    game = Game(PRESETS[name], number)
    for pick in picks[:60]:
        if game.over:
            return
        options = legal_actions(game)
        for a in options:
            assert game.is_legal(a), to_text(a)
        game.apply(options[pick % len(options)])


def assert_refused_without_change(game: Game, action: Action) -> None:
    before = copy.deepcopy(game.snapshot())
    expected = game.check(action)
    assert expected is not None, f"{to_text(action)} should be illegal here"
    try:
        game.apply(action)
    except RuleViolation as err:
        assert isinstance(err, ValueError)
        assert err.reason == expected.reason
        assert str(err)
    else:
        raise AssertionError(f"{to_text(action)} was accepted")
    assert game.snapshot() == before


def not_held(game: Game) -> list[int]:
    held = set(game.players[game.turn].hand)
    return [c for c in ALL_CARDS if c not in held]


@FAST
@given(presets, deal_numbers, choices, st.data())
def test_illegal_actions_raise_and_change_nothing(
    name: str, number: int, picks: list[int], data: st.DataObject
) -> None:
    game = Game(PRESETS[name], number)
    play_out(game, picks[: len(picks) // 2], check_each=False)
    if game.phase in ("round_over", "game_over"):
        assert_refused_without_change(game, Draw())
        return
    if game.phase == "play":
        assert_refused_without_change(game, Draw())  # drawing twice
        assert_refused_without_change(game, Discard(data.draw(st.sampled_from(not_held(game)))))
    if game.phase == "draw":
        assert_refused_without_change(game, Discard(game.players[game.turn].hand[0]))
        assert_refused_without_change(game, Meld((MeldPlay((game.players[game.turn].hand[0],) * 3,
                                                            rank=9),)))
    assert_refused_without_change(game, NextRound())
    # Garbage melds: wrong ranks, too few cards, cards not held, bad meld numbers.
    garbage = MeldPlay(
        tuple(data.draw(st.lists(st.sampled_from(ALL_CARDS), min_size=0, max_size=9))),
        meld=data.draw(st.one_of(st.none(), st.integers(-3, 40))),
        rank=data.draw(st.integers(-2, 16)),
    )
    action = Meld((garbage,))
    if game.check(action) is not None:
        assert_refused_without_change(game, action)


@pytest.mark.slow
@FAST
@given(presets, deal_numbers, choices, st.text(max_size=40), st.data())
def test_random_text_actions_never_crash(
    name: str, number: int, picks: list[int], text: str, data: st.DataObject
) -> None:
    game = Game(PRESETS[name], number)
    play_out(game, picks[:40], check_each=False)
    words = ["draw", "pickup", "meld", "discard", "ask", "answer", "end", "next", "yes", "no",
             "|", ":", "@0", "@1", "9", "W", "9S", "JK", "QH", "B9", "ROOK", ","]
    built = " ".join(data.draw(st.lists(st.sampled_from(words), max_size=8)))
    for candidate in (text, built):
        try:
            action = from_text(candidate)
        except ValueError:
            continue
        trial = game.copy()
        problem = trial.check(action)
        if problem is None:
            trial.apply(action)
            assert problems(trial) == []
        else:
            assert_refused_without_change(trial, action)
        assert trial.history[: len(game.history)] == game.history


@settings(max_examples=8, deadline=None)
@given(presets, deal_numbers, choices)
def test_saves_round_trip(name: str, number: int, picks: list[int]) -> None:
    game = Game(PRESETS[name], number)
    play_out(game, picks, check_each=False)
    saved = to_dict(game)
    loaded = from_dict(json.loads(json.dumps(saved)))
    assert loaded == game
    assert to_dict(loaded) == saved
    # The loaded game goes on exactly like the original.
    if not game.over:
        a = legal_actions(game)[0]
        game.apply(a)
        loaded.apply(a)
        assert loaded == game


cards_st = st.sampled_from(ALL_CARDS)
plays_st = st.one_of(
    st.builds(lambda cs, r: MeldPlay(tuple(cs), rank=r),
              st.lists(cards_st, min_size=1, max_size=8), st.integers(0, 14)),
    st.builds(lambda cs, m: MeldPlay(tuple(cs), meld=m),
              st.lists(cards_st, min_size=1, max_size=8), st.integers(0, 9999)),
)
actions_st: st.SearchStrategy[Action] = st.one_of(
    st.just(Draw()), st.just(AskGoOut()), st.just(EndTurn()), st.just(NextRound()),
    st.builds(Answer, st.booleans()),
    st.builds(Discard, cards_st),
    st.builds(lambda ps: PickUp(tuple(ps)), st.lists(plays_st, max_size=3)),
    st.builds(lambda ps: Meld(tuple(ps)), st.lists(plays_st, min_size=1, max_size=4)),
)


@settings(max_examples=300, deadline=None)
@given(actions_st)
def test_action_text_round_trips(action: Action) -> None:
    text = to_text(action)
    assert from_text(text) == action
    assert to_text(from_text(text)) == text


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_from_text_raises_only_value_error(text: str) -> None:
    try:
        action = from_text(text)
    except ValueError:
        return
    assert from_text(to_text(action)) == action


def test_every_card_code_parses_back() -> None:
    for c in ALL_CARDS:
        assert C.parse(C.code(c)) == c
        assert C.parse(C.code(c).lower()) == c


ints = st.integers(min_value=-(10**6), max_value=10**6)


@settings(max_examples=150, deadline=None)
@given(presets, st.booleans(), ints, st.lists(st.integers(-50, 200), max_size=8),
       st.one_of(st.none(), st.integers(-5, 50)), st.one_of(st.none(), st.integers(-5, 20)))
def test_hand_built_actions_with_any_numbers_never_crash(
    name: str, drawn: bool, number: int, raw: list[int], meld: int | None, rank: int | None
) -> None:
    game = Game(PRESETS[name], 11)
    if drawn:
        game.apply(Draw())
    for action in (Discard(number), Meld((MeldPlay(tuple(raw), meld=meld, rank=rank),)),
                   PickUp((MeldPlay(tuple(raw), meld=meld, rank=rank),))):
        before = copy.deepcopy(game.snapshot())
        problem = game.check(action)
        if problem is None:
            game.copy().apply(action)
            continue
        try:
            game.apply(action)
        except RuleViolation as err:
            assert err.reason == problem.reason
        else:
            raise AssertionError("check and apply disagree")
        assert game.snapshot() == before


def test_actions_of_the_wrong_type_are_refused() -> None:
    game = Game(PRESETS["classic"], 2)
    game.apply(Draw())
    for junk in ("discard 9S", None, Discard("9S"), Meld("9S"), Meld((("9S",),))):  # type: ignore[arg-type]
        before = copy.deepcopy(game.snapshot())
        err = game.check(junk)  # type: ignore[arg-type]
        assert err is not None and err.reason in ("not_an_action", "not_a_card")
        try:
            game.apply(junk)  # type: ignore[arg-type]
        except RuleViolation:
            pass
        else:
            raise AssertionError("accepted")
        assert game.snapshot() == before
