"""The player's own hand order, after dragging cards, is kept beside the save and comes back with a reload;
a damaged stored order is left out (the hand shows in the order chosen in Settings), never raised."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ui.app import App as Controller
from ui.settings.model import Settings


def dragged() -> Controller:
    """A classic game where South drew, then dragged two cards to new places (as ``ui/drag.js`` reports)."""
    ctrl = Controller(Settings(preset="classic"), rng=random.Random(3))
    ctrl.new_game(31)
    ctrl.handle("draw")
    ctrl.handle("move-card", "0-9")
    ctrl.handle("move-card", "12-1")
    return ctrl


def reloaded(save: str, lines: str) -> Controller:
    """A fresh page resuming ``save`` and the recent moves kept beside it, as ``ui/browser/start.py`` does."""
    again = Controller(Settings(preset="classic"), rng=random.Random(4))
    again.resume(json.loads(save))
    again.restore_lines(lines)
    return again


def test_a_dragged_order_comes_back_after_a_reload() -> None:
    ctrl = dragged()
    own = ctrl.shown_hand()
    assert ctrl.dirty  # a drag alone is saved
    save, lines = ctrl.next_save(), ctrl.lines_data()
    again = reloaded(save, lines)
    assert again.shown_hand() == own
    # The order goes on as before the reload: a drawn card joins at the end, Sort goes back to Settings'.
    sorted_hand = reloaded(save, json.dumps({k: v for k, v in json.loads(lines).items() if k != "order"}))
    assert sorted_hand.shown_hand() != own
    again.handle("sort-hand")
    assert again.shown_hand() == sorted_hand.shown_hand() and again.dirty
    assert "order" not in json.loads(again.lines_data())


BAD_ORDERS: list[Any] = [
    "0,1,2", 7, None, {"0": 1}, [], ["AS", "KD"], [1.5, 2], [True, False], [-1, 3], [10**12], [[1, 2]],
    list(range(5000)),
]


@pytest.mark.parametrize("bad", BAD_ORDERS, ids=range(len(BAD_ORDERS)))
def test_a_damaged_stored_order_is_left_out(bad: Any) -> None:
    ctrl = dragged()
    save, lines = ctrl.next_save(), json.loads(ctrl.lines_data())
    plain = reloaded(save, json.dumps({k: v for k, v in lines.items() if k != "order"})).shown_hand()
    again = reloaded(save, json.dumps(lines | {"order": bad}))
    assert again.shown_hand() == plain and len(again.lines) == len(ctrl.lines)  # the moves still come back
    other_seat = reloaded(save, json.dumps(lines | {"order_seat": 2}))
    assert other_seat.shown_hand() == plain
    assert reloaded(save, json.dumps(lines | {"order_seat": "0"})).shown_hand() == plain
