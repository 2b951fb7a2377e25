"""The log is typed: every entry is a frozen event that narration reads with ``match``."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from engine import events
from engine.bots import make_bot
from engine.rules import preset
from engine.state import Game
from engine.views import view_for
from ui.table.narrate import describe_entry, short_entry

EVENT_TYPES = typing.get_args(events.Event)


@pytest.mark.parametrize("name", ["classic", "hkf"])
def test_a_round_logs_only_frozen_events_and_each_is_narrated(name: str) -> None:
    game = Game(preset(name), 3)
    bots = [make_bot("normal", s, 3) for s in range(game.n)]
    while game.phase not in ("round_over", "game_over"):
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].decide(view_for(game, seat)).action)
    seen = set()
    for entry in game.log:
        assert isinstance(entry, EVENT_TYPES)
        assert dataclasses.is_dataclass(entry)
        with pytest.raises(dataclasses.FrozenInstanceError):
            entry.seat = 1  # type: ignore[misc]
        assert describe_entry(game, entry, 0)
        if entry.seat is not None:
            assert short_entry(game, entry) or isinstance(entry, events.StockOut)
        seen.add(type(entry))
    assert {events.Drew, events.Discarded, events.Melded} <= seen
