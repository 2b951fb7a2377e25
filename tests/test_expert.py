"""Expert: honest (a view in), deterministic, legal, and its reasons say what its playouts compared."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from engine import cards as C
from engine.actions import Discard, Draw, PickUp, to_text
from engine.bots import ALL_LEVELS, LEVELS, Decision, hint, make_bot
from engine.bots.expert import MARGIN, ExpertBot, value
from engine.bots.reasons import Clause, Reason
from engine.lab.arena import run_arena
from engine.lab.botgame import make_bots, play_bots
from engine.rules import RuleSet, preset
from engine.state import Game
from engine.views import view_for
from tests.test_bots import rearranged

SENTENCE = re.compile(r"^[A-Z].*[.!?]$")


def searched(d: Decision) -> Clause | None:
    """The decision's 'playouts' clause, if Expert searched for it."""
    return next((c for c in d.why.why if c.kind == "playouts"), None)


def searched_positions(rules: RuleSet, deal: int, want: int, max_steps: int = 400) -> list[tuple[Game, int]]:
    """Up to ``want`` positions (game copies, seat) where Expert searches, reached by Hard players."""
    found: list[tuple[Game, int]] = []
    game = Game(rules, deal)
    drivers = make_bots("hard", rules, deal)

    def look(game: Game, seat: int, _d: Decision) -> None:
        if len(found) < want and game.phase in ("draw", "play", "answer"):
            d = make_bot("expert", seat, deal).decide(view_for(game, seat))
            if searched(d) is not None:
                found.append((game.copy(), seat))

    play_bots(game, drivers, max_steps, before=look, until=lambda g: len(found) >= want)
    return found


def test_expert_is_a_level_of_its_own_not_yet_in_the_page_list() -> None:
    assert "expert" in ALL_LEVELS and "expert" not in LEVELS
    assert isinstance(make_bot("expert", 0, 1), ExpertBot)


@pytest.mark.slow
@pytest.mark.parametrize("rules", [preset("classic"), preset("hkf"), preset("pagat", players=3)],
                         ids=lambda r: f"{r.name}-{r.players}")
def test_hidden_cards_shuffled_consistently_do_not_change_a_searched_decision(
    rules: RuleSet, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ExpertBot, "search_among_three", True)  # the search itself, among three too
    positions = searched_positions(rules, 23, 4)
    assert len(positions) >= 3
    for k, (game, seat) in enumerate(positions):
        real = make_bot("expert", seat, 23).decide(view_for(game, seat))
        for j in range(2):
            other = rearranged(game, seat, 7000 + 10 * k + j)
            assert other != game
            assert view_for(other, seat) == view_for(game, seat)
            assert make_bot("expert", seat, 23).decide(view_for(other, seat)) == real


@pytest.mark.slow
def test_the_same_view_gets_the_same_decision() -> None:
    positions = searched_positions(preset("classic"), 31, 3)
    assert positions
    for game, seat in positions:
        view = view_for(game, seat)
        first = make_bot("expert", seat, 31).decide(view)
        bot = make_bot("expert", seat, 31)
        assert bot.decide(view) == first and bot.decide(view) == first  # a reused bot keeps no state


@pytest.mark.slow
@pytest.mark.parametrize("rules", [preset("classic"), preset("hkf"), preset("rook"), preset("thirteen"),
                                   preset("pagat", players=3), preset("classic", players=2)],
                         ids=lambda r: f"{r.name}-{r.players}")
def test_every_expert_decision_of_a_round_is_legal_and_explained(
    rules: RuleSet, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ExpertBot, "search_among_three", True)  # the search itself, among three too
    game = Game(rules, 41)
    levels = ("expert", "hard") if rules.players % 2 == 0 and rules.players > 2 else "expert"
    bots = make_bots(levels, rules, 41)
    searches = 0

    def checked(game: Game, seat: int, d: Decision) -> None:
        nonlocal searches
        assert game.is_legal(d.action), (rules.name, to_text(d.action))
        assert SENTENCE.match(d.reason) and SENTENCE.match(d.public_reason), d.reason
        clause = searched(d)
        if clause is not None:
            searches += 1
            assert "playout" in d.reason and "playout" in d.public_reason
            assert clause.n + clause.other <= clause.total

    play_bots(game, bots, 500, before=checked, until=lambda g: g.round_index > 0)
    assert searches >= 3


def test_a_playouts_clause_says_what_was_compared() -> None:
    take = Clause("playouts", n=14, total=20, other=6, option="take", alt="draw")
    assert take.text() == "taking the pile won 14 of 20 playouts, drawing six"
    r = Reason("draw", (Clause("not_worth", n=3), Clause("playouts", n=5, total=8, other=2,
                                                          option="draw", alt="take")), count=2)
    assert r.text() == ("Drew two cards from the stock: the pile's three cards aren't worth more than a draw, "
                        "and drawing won five of eight playouts, taking the pile two.")
    # A choice that won fewer playouts than its rival was kept: the average gain was too small.
    kept = Clause("playouts", n=1, total=6, other=3, option="yes", alt="no")
    assert kept.text() == "going out now won one of six playouts, waiting three, too close on points to change my plan"
    even = Clause("playouts", n=0, total=4, other=0, option="ask", alt="wait")
    assert even.text() == "asking now and waiting came out even in all four playouts"
    level = Clause("playouts", n=3, total=8, other=3, option="take", alt="draw")
    assert level.text() == "taking the pile won three of eight playouts, as many as drawing"  # a tie, not a win


def test_a_discards_playouts_name_the_other_card_only_in_the_whole_reason() -> None:
    c = Clause("playouts", n=5, total=8, other=3, option="discard", alt="discard", card=C.parse("9C"))
    r = Reason("discard", (Clause("lone"), c), card=C.parse("4H"))
    assert r.text() == ("Discarded the four of hearts: a lone card, and it won five of eight playouts "
                        "against discarding the nine of clubs, which won three.")
    assert r.public_text() == ("Discarded the four of hearts: it is the card we need least, and it won five "
                               "of eight playouts against the next-best discard, which won three.")
    even = Reason("discard", (Clause("lone"), replace(c, n=0, other=0, total=3)), card=C.parse("4H"))
    assert even.text() == ("Discarded the four of hearts: a lone card, and it came out even with discarding "
                           "the nine of clubs in all three playouts.")  # not "and it and discarding ..."
    assert even.public_text().endswith("and it came out even with the next-best discard in all three playouts.")
    level = Reason("discard", (Clause("lone"), replace(c, n=3, other=3)), card=C.parse("4H"))
    assert level.text().endswith("and it won three of eight playouts, as many as discarding the nine of clubs.")


def test_hards_choice_stands_unless_another_wins_clearly() -> None:
    base = [0.0, 100.0, -50.0, 20.0]
    assert ExpertBot.pick([base, [x + MARGIN / 2 for x in base]]) == 0  # ahead, but by less than the margin
    assert ExpertBot.pick([base, [x + 3 * MARGIN for x in base]]) == 1  # ahead on every deal by far
    noisy = [x + d for x, d in zip(base, (400.0, -300.0, 350.0, -300.0), strict=True)]
    assert ExpertBot.pick([base, noisy]) == 0  # ahead on average (+37.5) but within the noise
    assert ExpertBot.pick([base[:2], [x + 500 for x in base[:2]]]) == 0  # too few samples to act on


def test_a_playout_is_scored_as_our_side_minus_the_other() -> None:
    # Mid-round: what is on the table (the red 3s laid out at the deal), cards held counting nothing.
    game = Game(preset("classic"), 3)
    table = [game.round_score(t, None).by_kind("red_threes") for t in (0, 1)]
    assert value(game, 0) == table[0] - table[1] and value(game, 1) == table[1] - table[0]
    # Once the round is over: the round's own scores, leftovers and all.
    play_bots(game, make_bots("hard", preset("classic"), 3), until=lambda g: g.phase in ("round_over", "game_over"))
    scores = [s.total for s in game.results[-1].scores]
    assert value(game, 1) == scores[1] - scores[0]


@pytest.mark.slow
def test_expert_searches_take_or_draw_and_discards_and_sometimes_leaves_hards_choice() -> None:
    kinds: set[type] = set()
    departures = 0
    for deal in (23, 31):
        for game, seat in searched_positions(preset("classic"), deal, 8):
            view = view_for(game, seat)
            d = make_bot("expert", seat, deal).decide(view)
            kinds.add(type(d.action))
            departures += d.action != make_bot("hard", seat, deal).decide(view).action
    assert Discard in kinds and (Draw in kinds or PickUp in kinds)
    assert departures >= 1


def test_the_arena_plays_expert() -> None:
    result = run_arena(preset("classic", players=2), "expert", "hard", deals=1, first_deal=5)
    d = result.as_dict()
    assert d["a"] == "expert" and d["games"] == 2 and d["decision_ms"]["expert"]["count"] > 0


@pytest.mark.slow
def test_a_spent_time_budget_leaves_hards_move() -> None:
    # The page may give Expert a time budget; with none left it plays Hard's move and claims no playouts.
    for game, seat in searched_positions(preset("classic"), 23, 2):
        view = view_for(game, seat)
        bot = make_bot("expert", seat, 23)
        assert isinstance(bot, ExpertBot)
        bot.time_budget = 0.0
        d = bot.decide(view)
        assert searched(d) is None
        assert d.action == make_bot("hard", seat, 23).decide(view).action


@pytest.mark.slow
def test_a_hint_can_be_experts() -> None:
    game, seat = searched_positions(preset("classic"), 23, 1)[0]
    view = view_for(game, seat)
    h = hint(view, level="expert")
    assert h == make_bot("expert", seat, 23).decide(view)
    assert searched(h) is not None and "playout" in h.why.advice()
    assert hint(view) == make_bot("hard", seat, 23).decide(view)
