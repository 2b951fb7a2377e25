"""The taps of playing together: taking the device when it is passed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.taps import Taps

if TYPE_CHECKING:
    from ui.app import App


def on_take_device(app: App, arg: str) -> None:
    """The person the device was passed to has it: show their hand."""
    if app.passing is None:
        return
    app.session.take_device()
    app.screen = "table"
    app.note = None
    app.focus = "hand"


def on_together(app: App, arg: str) -> None:
    """Open the seat chooser ("Play together", from the Menu or the Rules page)."""
    app.sheet = None
    app.seat_draft = None  # opened afresh: filled in from the table and the names remembered
    if app.note is not None and app.note.kind == "error":
        app.note = None  # an old refusal is not this chooser's
    app.screen = "players"


def register(taps: Taps[App]) -> None:
    """This feature's taps."""
    taps.add("take-device", on_take_device)
    taps.add("together", on_together, passive=True)
