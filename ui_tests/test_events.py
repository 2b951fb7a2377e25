"""The log is typed: every entry is a frozen event that narration reads with ``match``."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from engine import events
from engine.lab.botgame import make_bots, play_bots
from engine.rules import preset
from engine.state import Game
from ui.table.narrate import describe_entry, short_entry

EVENT_TYPES = typing.get_args(events.Event)


@pytest.mark.parametrize("name", ["classic", "hkf"])
def test_a_round_logs_only_frozen_events_and_each_is_narrated(name: str) -> None:
    game = Game(preset(name), 3)
    play_bots(game, make_bots("normal", game.rules, 3), until=lambda g: g.phase in ("round_over", "game_over"))
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
