"""The taps of watching a game again: open it, step through it, close it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui import saves
from ui.taps import Note, Taps

if TYPE_CHECKING:
    from ui.app import App


def on_watch(app: App, arg: str) -> None:
    """Watch the game on the table (``table``) or a kept game (its key)."""
    if arg == "table":
        if not app.game.history:
            app.note = Note("Nothing has been played in this game yet.", "error")
            return
        app.open_watch(app.game, f"deal {app.game.deal_number:,}", back=app.screen, seating=app.seating)
        return
    found = app.read_kept(arg)
    if found is None:
        return
    kept, copy = found
    if copy.game is None:
        app.note = Note(f"That game can't be watched: {copy.problem or saves.UNREADABLE}", "error")
        return
    app.open_watch(copy.game, f"deal {kept.deal:,}", back="games", seating=copy.seating)


def on_watch_step(app: App, arg: str) -> None:
    if app.watch is None:
        return
    if arg == "play":
        app.watch.playing = not app.watch.playing and app.watch.at < app.watch.moves
        if app.watch.playing:
            app.watch.step("next")
        return
    app.watch.playing = False
    app.watch.step(arg)


def on_watch_close(app: App, arg: str) -> None:
    if app.watch is not None:
        app.watch.playing = False
    app.screen = app.watch_back if app.watch_back != "watch" else "games"


def register(taps: Taps[App]) -> None:
    """This feature's taps."""
    taps.add("watch", on_watch, passive=True)
    taps.add("watch-step", on_watch_step, passive=True)
    taps.add("watch-close", on_watch_close, passive=True)
