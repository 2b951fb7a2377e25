"""The taps of the Rules screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.settings.model import PRESET_NAMES
from ui.taps import Taps

if TYPE_CHECKING:
    from ui.app import App


def on_rules_tab(app: App, arg: str) -> None:
    if arg in PRESET_NAMES:
        app.rules_tab = arg


def register(taps: Taps[App]) -> None:
    """This feature's taps."""
    taps.add("rules-tab", on_rules_tab, passive=True)
