"""The taps of the Games screen and of new games (resuming and deleting go through the stores:
``ui/browser/records.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.rules.text import shown_title
from ui.settings.screen import DEAL_TYPED_MAX
from ui.share import parse_deal_number
from ui.taps import Note, Taps

if TYPE_CHECKING:
    from ui.app import App


def on_delete_game(app: App, arg: str) -> None:
    """Ask before deleting a kept game (``ui/browser/input.py`` deletes it on "confirm-delete")."""
    app.confirm_delete = arg if any(g.key == arg for g in app.kept) else ""


def on_keep_game(app: App, arg: str) -> None:
    app.confirm_delete = ""


def on_new_game(app: App, arg: str) -> None:
    arg = arg.strip()
    if arg:
        deal = parse_deal_number(arg)
        if deal is None:
            app.deal_refused = arg[:DEAL_TYPED_MAX]  # the box keeps it, to be put right rather than typed again
            # The rule itself is said once, under the box (DEAL_RULE); the note says what happened.
            app.note = Note(f"No new game: “{app.deal_refused}” is not a deal number. Nothing has changed.", "error")
            return
    else:
        deal = None
    app.deal_refused = ""
    app.new_game(deal)
    app.note = Note(f"New game: deal {app.game.deal_number:,}, {shown_title(app.game.rules)}.")


def register(taps: Taps[App]) -> None:
    """This feature's taps."""
    taps.add("delete-game", on_delete_game, passive=True)
    taps.add("keep-game", on_keep_game, passive=True)
    taps.add("new-game", on_new_game)
