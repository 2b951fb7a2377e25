"""The taps of the Settings screen (its form's changes come through ``App.change_setting``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.taps import Taps

if TYPE_CHECKING:
    from ui.app import App


def on_house(app: App, arg: str) -> None:
    """The house rules in Settings were unfolded or folded by the player."""
    app.house_open = arg == "open"


def register(taps: Taps[App]) -> None:
    """This feature's taps."""
    taps.add("house", on_house, passive=True)
