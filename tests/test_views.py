"""What a seat may see: its own hand (sorted), everybody's table, counts for the rest."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from engine import cards as C
from engine.events import Drew
from engine.moves import legal_actions
from engine.rules import PRESETS
from engine.state import Game
from engine.views import SeatView, View, view_for
from tests.helpers import arrange

VIEW_FIELDS = {
    "seat", "rules", "deal_number", "round_index", "dealer", "turn", "phase", "to_act", "hand",
    "seats", "teams", "stock_count", "pile", "pile_blocked", "asked", "permission", "picked_up",
    "log", "results", "went_out",
}
SEAT_FIELDS = {"seat", "name", "team", "hand_count", "knee_count", "foot_count", "stage",
               "played_foot", "knee_due"}


def played(name: str, number: int, moves: int) -> Game:
    g = Game(PRESETS[name], number)
    for i in range(moves):
        if g.phase != "draw" and g.phase != "play" and g.phase != "answer":
            break
        options = legal_actions(g)
        g.apply(options[(i * 5 + 3) % len(options)])
    return g


def test_a_view_holds_no_hidden_field() -> None:
    # A new field is a decision about what players see: review it here.
    assert {f.name for f in fields(View)} == VIEW_FIELDS
    assert {f.name for f in fields(SeatView)} == SEAT_FIELDS


def shuffle_hidden(g: Game, seat: int, rng: random.Random) -> Game:
    """Another game that ``seat`` cannot tell apart: hidden cards redistributed."""
    other = g.copy()
    zones = [other.stock]
    for s, p in enumerate(other.players):
        if s != seat:
            zones += [p.hand, p.knee, p.foot]
    pool = [c for z in zones for c in z]
    rng.shuffle(pool)
    for z in zones:
        n = len(z)
        z[:] = pool[:n]
        del pool[:n]
    return other


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("moves", [0, 25, 90])
def test_view_does_not_depend_on_hidden_cards(name: str, moves: int) -> None:
    g = played(name, 17, moves)
    rng = random.Random(moves)
    for seat in range(g.n):
        other = shuffle_hidden(g, seat, rng)
        assert other != g or moves == 0  # the hidden cards really moved
        assert view_for(other, seat) == view_for(g, seat)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_view_counts_match_the_table(name: str) -> None:
    g = played(name, 23, 40)
    for seat in range(g.n):
        v = view_for(g, seat)
        assert v.seat == seat and v.me.seat == seat and v.my_team == seat % 2
        assert sorted(v.hand) == sorted(g.players[seat].hand)
        assert v.stock_count == len(g.stock)
        assert not hasattr(v, "stock")
        for s, sv in enumerate(v.seats):
            p = g.players[s]
            assert (sv.hand_count, sv.knee_count, sv.foot_count) == (
                len(p.hand), len(p.knee), len(p.foot))
        assert v.pile == tuple(g.pile)
        assert v.teams[0].melds == view_for(g, (seat + 1) % g.n).teams[0].melds


def test_hand_is_sorted_by_rank_with_wild_cards_last() -> None:
    g = arrange("classic", hands={0: "JK 9S 2C 4H AS 9D KH 2D"})
    assert [C.code(c) for c in view_for(g, 0).hand] == ["4H", "9D", "9S", "KH", "AS", "JK", "2C", "2D"]
    g = arrange("rook", hands={0: "B2 ROOK G14 R1 Y9"})
    assert [C.code(c) for c in view_for(g, 0).hand] == ["R1", "Y9", "G14", "ROOK", "B2"]


def test_the_first_meld_minimum_is_shown_while_needed() -> None:
    g = arrange("classic", round_index=2, opened={0: False, 1: True})
    v = view_for(g, 0)
    assert v.teams[0].minimum == 120 and v.teams[1].minimum == 0


def test_draws_appear_in_the_log_as_counts_only() -> None:
    g = Game(PRESETS["classic"], 4)
    g.apply(legal_actions(g)[0])  # draw
    v = view_for(g, 2)
    assert Drew(0, 2) in v.log
    drawn = set(g.players[0].hand)
    for entry in v.log:
        if isinstance(entry, Drew):
            assert fields(entry) == fields(Drew(0, 0)) and entry.count == 2  # a count, never the cards
    assert v.seats[0].hand_count == 13 and len(drawn) > 0
