"""Individual play: two or three players, each on their own (issue 13, part 3).

Sources: 001 (pagat), "Players, Cards, Deal": Hand and Foot "can also be played ...
by any number of people playing as individuals"; 004 (hkf), "Six or three players":
"Three players can also play, each on their own".  The two-player game is the one
most Hand and Foot apps offer.  Gap decisions (deck counts, the knee, no asking) are
in ``engine/rules.py``'s module docstring.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine import seats
from engine.actions import AskGoOut, Discard, Meld
from engine.bots import make_bot
from engine.bots.context import Ctx
from engine.deal import SplitMix64, deal, full_deck
from engine.errors import LoadError
from engine.events import Asked, PickedUpSet
from engine.lab.arena import play_deal
from engine.lab.botgame import play_bots
from engine.lab.invariants import problems
from engine.lab.simulate import simulate
from engine.rules import PRESETS, preset
from engine.serialize import from_dict, to_dict
from engine.state import Game
from engine.stored_rules import rules_from_dict, rules_to_dict, validate_rules
from engine.views import view_for

from .helpers import arrange, cards, onto, play, reason

BOOKS = [(9, "9S 9H 9D 9C 9S 9H 9D"), (10, "10S 10H 10D 10C 10S 10H 2C")]
"""A clean and a dirty book: what classic needs to go out."""


# ----- seats and sides -------------------------------------------------------------------


def test_each_seat_is_its_own_side_with_two_or_three_players() -> None:
    for n in (2, 3):
        assert seats.sides(n) == n
        assert [seats.team_of(s, n) for s in range(n)] == list(range(n))
        assert all(seats.partner(s, n) is None and seats.teammates(s, n) == [] for s in range(n))
    # Every other player is an opponent, the next to play first.
    assert seats.opponents(0, 3) == [1, 2]
    assert seats.opponents(2, 3) == [0, 1]
    assert seats.opponents(1, 2) == [0]
    assert seats.seat_names(3) == ("South", "West", "East")
    assert seats.seat_names(2) == ("South", "Opponent")  # not "North": the partner at four (issue 29)


def test_partnerships_keep_their_seats() -> None:
    """Four and six players are unchanged: two teams of alternating seats, partner across."""
    assert [seats.team_of(s, 4) for s in range(4)] == [0, 1, 0, 1]
    assert [seats.team_of(s, 6) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    assert seats.partner(0, 4) == 2 and seats.opponents(0, 4) == [1, 3]
    assert seats.other_sides(0, 4) == [1] and seats.other_sides(1, 3) == [2, 0]


# ----- the deal ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "players", "decks"),
    [("classic", 2, 4), ("classic", 3, 6), ("pagat", 2, 4), ("thirteen", 3, 6), ("hkf", 2, 5), ("hkf", 3, 7)],
)
def test_deck_counts_by_table_size(name: str, players: int, decks: int) -> None:
    rules = preset(name, players=players)
    assert rules.deck_count() == decks
    d = deal(rules, 5, 0)
    assert len(d.hands) == len(d.feet) == players
    dealt = [c for group in (d.hands, d.knees, d.feet) for h in group for c in h] + list(d.stock)
    assert sorted(dealt) == sorted(full_deck(rules))
    assert len(full_deck(rules)) == 54 * decks


def test_the_rook_game_needs_partners() -> None:
    """002 draws one card and never takes the pile: alone, a hand only shrinks, so no round ends."""
    for n in (2, 3):
        with pytest.raises(ValueError, match="need partners"):
            preset("rook", players=n)
    with pytest.raises((ValueError, LoadError)):
        rules_from_dict({"preset": "rook", "options": {"players": 2}})


def test_table_sizes_links_and_saves_accept() -> None:
    for n in (2, 3):
        rules = preset("hkf", players=n)
        validate_rules(rules)
        assert rules_from_dict(json.loads(json.dumps(rules_to_dict(rules)))) == rules
    for bad in (1, 5, 7):
        with pytest.raises((ValueError, LoadError)):
            rules_from_dict({"preset": "classic", "options": {"players": bad}})


# ----- melds, the minimum and going out ------------------------------------------------


def test_melds_belong_to_the_player_who_lays_them() -> None:
    """001: in the individual game each player has their own melds and their own first meld."""
    game = arrange(preset("classic", players=3), turn=1, hands={1: "AS AH AD 5C 6C"})
    assert [game.minimum(t) for t in range(3)] == [50, 50, 50]
    game.apply(Meld((play(14, "AS AH AD"),)))
    assert [len(t.melds) for t in game.teams] == [0, 1, 0]
    assert [game.minimum(t) for t in range(3)] == [50, 0, 50]
    # South can't add to West's meld: South's own side has no meld 0.
    south = arrange(preset("classic", players=3), turn=0, hands={0: "AC 5D 6D"}, melds={1: [(14, "AS AH AD")]})
    assert reason(south, Meld((onto(0, "AC"),))) == "no_such_meld"


def test_going_out_alone_needs_no_question() -> None:
    """Nobody to ask: a lone player with the books goes out on their own turn (001, 004)."""
    game = arrange(
        preset("classic", players=3), turn=0, stage={0: "foot"}, hands={0: "KS KH KD 5C"}, melds={0: BOOKS},
    )
    assert reason(game, AskGoOut()) == "no_asking"
    game.apply(Meld((play(13, "KS KH KD"),)))
    game.apply(Discard(cards("5C")[0]))
    assert game.went_out == 0 and game.phase == "round_over"
    assert not any(isinstance(e, Asked) for e in game.log)
    scores = game.results[-1].scores
    assert len(scores) == 3
    assert scores[0].by_kind("going_out") == 100
    assert scores[1].by_kind("going_out") == scores[2].by_kind("going_out") == 0
    # Each side is charged for its own seat's cards only.
    for side, name in ((1, "West"), (2, "East")):
        charged = [line.label for line in scores[side].lines if line.kind == "leftover"]
        assert charged and all(label.startswith(name) or f"in {name}" in label for label in charged), charged


def test_partner_in_foot_has_nobody_to_wait_for() -> None:
    """pagat's "partner has played from the foot" (001) has no partner to read alone."""
    rules = preset("pagat", players=2)
    assert rules.partner_in_foot == "played"
    books = [
        (9, "9S 9H 9D 9C 9S 9H 9D"), (10, "10S 10H 10D 10C 10S 10H 10D"),
        (11, "JS JH JD JC JS 2C JD"), (12, "QS QH QD QC QS QH 2D"), ("W", "JK JK 2S 2H 2C 2D JK"),
    ]
    game = arrange(rules, turn=0, stage={0: "foot"}, hands={0: "KS 5C"}, melds={0: books})
    assert game.players[1].stage == "hand"
    assert game.can_go_out_now(0)


def test_knee_comes_with_your_own_first_book() -> None:
    """004: the knee opens with the first canasta; alone, only the player who made it picks it up."""
    game = arrange(
        preset("hkf", players=3), turn=0, hands={0: "9C 4S 4H 4D 6C"}, melds={0: [(9, "9S 9H 9D 9C 9S 9H")]},
    )
    knee = list(game.players[0].knee)
    game.apply(Meld((onto(0, "9C"),)))
    assert game.players[0].knee_taken and all(c in game.players[0].hand for c in knee if c not in (
        game.teams[0].red_threes))
    assert [p.knee_due or p.knee_taken for p in game.players[1:]] == [False, False]
    assert any(isinstance(e, PickedUpSet) and e.seat == 0 for e in game.log)


def test_the_winner_is_the_highest_total() -> None:
    game = arrange(preset("classic", players=3))
    game.phase = "game_over"
    game.totals = [4000, 5200, 5100]
    assert game.winner() == 1
    game.totals = [5200, 5200, 100]
    assert game.winner() is None


# ----- what the computer players and saves see ----------------------------------------


def test_views_saves_and_the_next_opponent() -> None:
    game = arrange(preset("hkf", players=3), turn=0, melds={1: [(9, "9S 9H 9D")], 2: [(10, "10S 10H 10D")]})
    view = view_for(game, 0)
    assert [t.team for t in view.teams] == [0, 1, 2]
    assert [s.team for s in view.seats] == [0, 1, 2]
    ctx = Ctx(view, SplitMix64(1))
    assert ctx.opponents == [1, 2] and ctx.teammates == []
    assert [m.rank for m in ctx.opp_melds] == [9]  # West plays next: West's melds take South's discard
    played = Game(preset("hkf", players=3), 31)
    bots = [make_bot("normal", s, 31) for s in range(3)]
    play_bots(played, bots, 60)
    again = from_dict(json.loads(json.dumps(to_dict(played))))
    assert again == played and again.sides == 3 and len(again.totals) == 3


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("name", sorted(set(PRESETS) - {"rook"}))
def test_simulated_individual_games_keep_every_invariant(name: str, players: int) -> None:
    report = simulate(preset(name, players=players), 3, seed=players)
    assert report.errors == 0 and report.invariant_failures == 0, report.messages[:3]
    assert report.rounds == 12


@pytest.mark.slow
def test_bots_play_whole_individual_games_and_some_go_out() -> None:
    """Three Normal players in classic: every round is scored, and players do go out."""
    records = play_deal((preset("classic", players=3), 700_000_001, "hard", "normal"))
    assert len(records) == 3  # Hard in each seat in turn
    from engine.lab.arena import play_game

    totals, _times = play_game(preset("classic", players=3), 700_000_002, ("normal",) * 3)
    assert len(totals) == 3


def test_cli_deal_and_simulate_take_players() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "engine", "deal", "--rules", "hkf", "--players", "3", "--deal", "9", "--json"],
        capture_output=True, text=True, check=True,
    ).stdout
    assert [s["seat"] for s in json.loads(out)["seats"]] == ["South", "West", "East"]
    done = subprocess.run(
        [sys.executable, "-m", "engine", "simulate", "--rules", "classic", "--players", "2", "--games", "2"],
        capture_output=True, text=True,
    )
    assert done.returncode == 0 and "invariant_failures: 0" in done.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "engine", "simulate", "--rules", "rook", "--players", "2"],
        capture_output=True, text=True,
    )
    assert bad.returncode == 2 and "partners" in bad.stderr


def test_invariants_catch_a_missing_side() -> None:
    game = arrange(preset("classic", players=3))
    game.teams.pop()
    assert any("sides" in p for p in problems(game))


def test_the_terminal_game_names_each_player() -> None:
    import io

    from engine.lab.terminal import play as play_terminal

    out = io.StringIO()
    assert play_terminal(preset("hkf", players=3), 5, "normal", io.StringIO("draw\nquit\n"), out) == 0
    text = out.getvalue()
    assert "   you (" in text and "   West (" in text and "   East (" in text
    assert "them (" not in text and "North" not in text
