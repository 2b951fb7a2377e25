"""The taps of family challenges."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.challenge import model as challenge
from ui.taps import Note, Taps

if TYPE_CHECKING:
    from ui.app import App


def on_watch_challenge(app: App, arg: str) -> None:
    """Watch the sender's game of a challenge (only when their result follows from their moves)."""
    record = app.challenges.get(arg)
    if record is None:
        return
    game = challenge.verify(record.challenge) if record.verified else None
    if game is None:
        app.note = Note("That challenge's game can't be watched: its result doesn't follow from its moves.",
                         "error")
        return
    who = record.challenge.name or ("your" if record.sent else "their")
    app.open_watch(game, f"{who} game, deal {record.challenge.deal:,}", back=app.screen)
    if app.watch is not None:
        app.watch.level = record.challenge.level  # its reasons come from the level it was played at


def register(taps: Taps[App]) -> None:
    """This feature's taps."""
    taps.add("watch-challenge", on_watch_challenge, passive=True)
