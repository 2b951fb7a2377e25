"""The table session for any seat: a person sitting North, and every side unfolded by "Show melds"."""

from __future__ import annotations

import random
import re

import pytest

from engine.actions import Discard, to_text
from ui.app import App as Controller
from ui.render import page, regions
from ui.settings.model import Settings

NORTH = 2


def test_cards_unfolds_every_sides_melds_with_three_players() -> None:
    """"Show melds" shows each player's melds card by card: the third player's too (they stayed chips)."""
    ctrl = Controller(Settings().with_change("house:players", "3"), rng=random.Random(5))
    for deal in range(4242, 4262):
        ctrl.new_game(deal)
        for _ in range(3000):
            if ctrl.game.teams[2].melds or ctrl.game.phase in ("round_over", "game_over"):
                break
            if ctrl.bot_to_act():
                ctrl.bot_step()
            elif ctrl.game.phase == "draw":
                ctrl.handle("draw")
            elif ctrl.game.phase == "play":
                ctrl.handle("card", "0")
                ctrl.handle("discard")
            else:
                ctrl.handle("answer", "yes")
        if ctrl.game.teams[2].melds and ctrl.game.phase not in ("round_over", "game_over"):
            break
    else:
        pytest.fail("East never melded")
    ctrl.handle("expand")
    html = page(ctrl)
    sides = re.findall(r'<section class="team (?:us|them)" aria-label="([^"]+) melds">(.*?)</section>', html, re.S)
    east = [body for label, body in sides if label.startswith("East")]
    assert east and 'class="chip' in east[0]
    assert all(" open" in chip for chip in re.findall(r'class="(chip[^"]*)"', east[0]))


def test_a_person_sitting_north_plays_a_whole_turn() -> None:
    """A table whose person sits North: the computers play South, West and East; North draws,
    sees its own hand and melds, discards, and the turn passes on, narrated as "You"."""
    ctrl = Controller(Settings(), rng=random.Random(3), humans=frozenset({NORTH}), seat=NORTH)
    ctrl.new_game(1234)
    assert ctrl.game.to_act == 0 and ctrl.bot_to_act()  # South is a computer now
    steps = 0
    while not ctrl.human_to_act():
        assert ctrl.bot_step() is not None or ctrl.game.to_act is not None
        steps += 1
        assert steps < 50
    assert ctrl.game.to_act == NORTH and ctrl.game.phase == "draw" and not ctrl.bot_to_act()
    assert ctrl.bot_step() is None  # no computer plays for the person
    before = len(ctrl.game.players[NORTH].hand)
    ctrl.handle("draw")
    assert ctrl.game.phase == "play" and len(ctrl.game.players[NORTH].hand) == before + 2
    assert sorted(ctrl.shown_hand()) == sorted(ctrl.game.players[NORTH].hand)
    html = page(ctrl)
    assert "Your team" in html or "Us" in html
    card = ctrl.shown_hand()[0]
    ctrl.handle("card", "0")
    ctrl.handle("discard")
    assert ctrl.note is None or ctrl.note.kind != "error"
    assert ctrl.game.pile[-1] == card and ctrl.game.history[-1] == to_text(Discard(card))
    assert ctrl.game.to_act == 3 and ctrl.bot_to_act()  # East, the next in turn, is a computer
    assert ctrl.lines[-1].seat == NORTH and ctrl.lines[-1].text.startswith("You ")
    # The seats around the table are the other three, South among them; North's own box is not.
    seats_html = regions(ctrl)["r-seats"]
    assert "South" in seats_html and ">North<" not in seats_html
