"""The computer players' reasons ("Why?") for constructed positions: good English, every play named, true claims."""

from __future__ import annotations

import re

import pytest

from engine import cards as C
from engine.actions import Answer, AskGoOut, Draw, Meld, MeldPlay, PickUp
from engine.bots import Decision, make_bot
from engine.bots import explain as E
from engine.bots.context import Ctx
from engine.bots.hard import take_words
from engine.bots.normal import CLOSE_TO_OUT, NormalBot
from engine.deal import SplitMix64
from engine.lab.botgame import play_bots
from engine.rules import preset
from engine.state import Game
from engine.views import MeldView, view_for
from tests.helpers import arrange, cards

CLASSIC = preset("classic")
BAD_GRAMMAR = re.compile(r"\b(one|a) \w+ cards\b|\bone (cards|books)\b|\bpile hold\b|and more|only 100%")


def meld(i: int, rank: int, text: str) -> MeldView:
    cs = tuple(cards(text))
    wild = any(C.is_wild(c) for c in cs)
    return MeldView(i, rank, cs, len(cs) >= 7, "wild" if rank == C.WILD_RANK else ("dirty" if wild else "clean"))


def test_count_puts_the_noun_in_the_right_number() -> None:
    assert E.count(1, "card") == "one card"
    assert E.count(2, "card") == "two cards"
    assert E.count(0, "book") == "no books"
    assert E.count(14, "card") == "14 cards"


def test_every_play_is_named_however_many() -> None:
    melds = [meld(0, 7, "7S 7H 7D 7C 7S 7H"), meld(1, 12, "QS QH QD"), meld(2, 5, "5S 5H 5D")]
    laid = [
        MeldPlay(tuple(cards("KS KH KD")), rank=13),
        MeldPlay(tuple(cards("9S 9H 9D 2C")), rank=9),
        MeldPlay(tuple(cards("JS JH JD")), rank=11),
        MeldPlay(tuple(cards("7D")), meld=0),
        MeldPlay(tuple(cards("JK")), meld=1),
        MeldPlay(tuple(cards("5C 5S 2D")), meld=2),
    ]
    text, books = E.plays(CLASSIC, melds, laid)
    assert text == ("started kings with three cards, 9s with four and jacks with three; added one 7, "
                    "one wild card to our queens and two 5s and one wild card to our 5s")
    assert books == 1
    assert "and more" not in text


def test_one_play_reads_in_the_singular() -> None:
    text, books = E.plays(CLASSIC, [meld(0, 8, "8S 8H 8D")], [MeldPlay(tuple(cards("8C")), meld=0)])
    assert (text, books) == ("added one 8", 0)
    text, _ = E.plays(CLASSIC, [], [MeldPlay(tuple(cards("JK JK 2C")), rank=C.WILD_RANK)])
    assert text == "started a wild meld with three cards"


def test_a_meld_decision_with_many_plays_names_them_all() -> None:
    game = arrange(
        CLASSIC, hands={0: "KS KH KD 9S 9H 9D JS JH JD 8S 8H 8D 6C 4D"},
        melds={0: [(10, "10S 10H 10D")]}, opened={0: True}, stock_size=40,
    )
    view = view_for(game, 0)
    bot = NormalBot(0, 1)
    ctx = Ctx(view, SplitMix64(1))
    plays = [MeldPlay(tuple(cards(t)), rank=r) for r, t in ((13, "KS KH KD"), (9, "9S 9H 9D"),
                                                             (11, "JS JH JD"), (8, "8S 8H 8D"))]
    text = bot.meld_reason(ctx, plays, "")
    for name in ("kings", "9s", "jacks", "8s"):
        assert name in text
    assert not BAD_GRAMMAR.search(text), text


@pytest.mark.parametrize(("pile", "under"), [("5C 9S 9D", "the two cards under it hold"),
                                              ("9S 9D", "the one card under it holds")])
def test_pickup_reason_agrees_with_its_count(pile: str, under: str) -> None:
    game = arrange(CLASSIC, phase="draw", hands={0: "9H 9C KS QD 4C 6D"}, pile=pile,
                   melds={0: [(10, "10S 10H 10D")]}, opened={0: True})
    view = view_for(game, 0)
    bot = NormalBot(0, 1)
    _, reason = bot.pickup_score(Ctx(view, SplitMix64(1)))
    assert under in reason, reason
    assert not BAD_GRAMMAR.search(reason), reason


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_pile_our_full_meld_cannot_take_is_named_as_such(level: str) -> None:
    # Our 9s hold five cards: the top 9 and a pair would make eight, past a book, so the engine
    # refuses the pickup.  The reason used to read "wouldn't reach our 0-point opening".
    game = arrange(CLASSIC, phase="draw", hands={0: "9H 9C KS QD 4C 6D"}, pile="5C 9D",
                   melds={0: [(9, "9S 9H 9D 9C 9S")]}, opened={0: True})
    assert game.check(PickUp()) is not None
    decision = make_bot(level, 0, 1).decide(view_for(game, 0))
    assert decision.action == Draw()
    assert decision.reason == "Drew two cards from the stock: our 9s are too full to take the top card and a pair."


@pytest.mark.parametrize("chance", [0.0, 0.03, 0.2, 0.49, 0.6, 0.99, 1.0])
def test_take_chance_words_fit_the_chance(chance: float) -> None:
    text = take_words("East", chance)
    assert not BAD_GRAMMAR.search(text), text
    if chance >= 0.5:
        assert "only" not in text and "not take" not in text
    if chance >= 0.995:
        assert "%" not in text


def _asking_position(opp_melds: list[tuple[int | str, str]], opp_hand: str) -> AskGoOut | str:
    """South in the foot with the books made and two cards; West in the foot with ``opp_hand``."""
    game = arrange(
        CLASSIC,
        hands={0: "KS KH KD 4C", 1: opp_hand},
        stage={0: "foot", 1: "foot", 2: "foot", 3: "foot"},
        played_foot=(0, 1, 2, 3),
        melds={0: [(9, "9S 9H 9D 9C 9S 9H 9D"), (10, "10S 10H 10D 10C 10S 2H 2D")], 1: opp_melds},
        opened={0: True, 1: True},
        stock_size=60,
    )
    d = make_bot("normal", 0, 1).decide(view_for(game, 0))
    assert isinstance(d.action, AskGoOut), d
    return d.reason


def test_close_to_going_out_only_when_their_books_are_near() -> None:
    far = _asking_position([(5, "5S 5H 5D")], "6C 7D")
    assert CLOSE_TO_OUT not in far, far
    near = _asking_position([(5, "5S 5H 5D 5C 5S 5H 5D"), (6, "6S 6H 6D 6C 2S")], "6C 7D")
    assert CLOSE_TO_OUT in near and "one book short" in near and "two cards in West's hand" in near, near
    done = _asking_position([(5, "5S 5H 5D 5C 5S 5H 5D"), (6, "6S 6H 6D 6C 6S 2S 2H")], "7D")
    assert "every book needed" in done and "one card in West's hand" in done, done
    many = _asking_position([(5, "5S 5H 5D 5C 5S 5H 5D"), (6, "6S 6H 6D 6C 6S 2S 2H")], "7D 8C 8D JS QS KC")
    assert CLOSE_TO_OUT not in many, many


def test_meld_decisions_in_real_games_read_well() -> None:
    from tests.test_bots import play

    seen = 0
    for name in ("classic", "hkf"):
        game = play(preset(name), 31, "hard", 0, check=False)
        bots = [make_bot("hard", s, 31) for s in range(game.n)]

        def read(_game: Game, _seat: int, d: Decision) -> None:
            nonlocal seen
            assert not BAD_GRAMMAR.search(d.reason), d.reason
            if isinstance(d.action, Meld):
                seen += 1
                named = {C.rank(c) for p in d.action.plays for c in p.cards if not C.is_wild(c)}
                for r in named:
                    assert C.rank_name(r, False) in d.reason, d.reason

        play_bots(game, bots, 500, before=read)
    assert seen >= 5


def _answer(level: str, hand: str, played: tuple[int, ...]) -> tuple[bool, str]:
    """South answers North's "May I go out?" holding ``hand`` in its foot."""
    game = arrange(
        CLASSIC, turn=2, phase="answer", asked=True,
        hands={0: hand, 2: "4C"},
        stage={0: "foot", 1: "foot", 2: "foot", 3: "foot"}, played_foot=played,
        melds={0: [(9, "9S 9H 9D 9C 9S 9H 9D"), (10, "10S 10H 10D 10C 10S 2H 2D")], 1: [(5, "5S 5H 5D")]},
        opened={0: True, 1: True}, stock_size=60,
    )
    d = make_bot(level, 0, 1).decide(view_for(game, 0))
    assert isinstance(d.action, Answer)
    return d.action.yes, d.reason


def test_hard_plays_a_fresh_foot_before_the_partner_goes_out() -> None:
    foot = "AS AH AD KS KH QD QC JS JH 8D 8C"
    yes, why = _answer("hard", foot, (1, 2, 3))
    assert not yes and "haven't played from my foot yet" in why and "eleven cards I hold" in why, why
    # Once South has played from the foot (or holds little), Hard says yes as before.
    assert _answer("hard", foot, (0, 1, 2, 3))[0]
    assert _answer("hard", "4D 6C", (1, 2, 3))[0]
    assert _answer("normal", foot, (1, 2, 3))[0]
