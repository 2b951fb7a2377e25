"""The table's panels and what only looks: Why?, the Moves and Menu sheets, Escape, the melds unfolded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.taps import Taps

SHEETS = ("menu", "moves", "help")
"""The panels that open over the table."""

if TYPE_CHECKING:
    from ui.app import App


def on_expand(app: App, arg: str) -> None:
    """Show every side's melds card by card (each player's, alone), or fold them back to chips."""
    app.expanded = set() if app.expanded else set(range(len(app.game.teams)))


def on_why(app: App, arg: str) -> None:
    """Open (or close) the reason of a computer's move; it stays open until closed."""
    if not (arg.isascii() and arg.isdigit() and len(arg) <= 9):
        return
    number = int(arg)
    if app.why == number:
        app.why = None
    elif any(line.number == number and line.reason for line in app.lines):
        app.why = number
        app.why_in_sheet = app.sheet == "moves"


def close_sheet(app: App) -> None:
    """Close the open panel; a reason opened in the Moves panel goes with it (it isn't left over the table)."""
    if app.sheet == "moves" and app.why_in_sheet:
        app.why = None
    app.sheet = None


def on_sheet(app: App, arg: str) -> None:
    if arg == app.sheet or arg not in SHEETS:
        close_sheet(app)
    else:
        app.sheet = arg


def on_close(app: App, arg: str) -> None:
    if arg == "why":
        app.why = None
    else:
        close_sheet(app)


def on_escape(app: App, arg: str) -> None:
    """Escape closes the topmost thing open: a panel, the partner's question, a reason, a note."""
    if app.sheet is not None:
        close_sheet(app)
    elif app.game.phase == "answer" and app.game.to_act == app.seat and not app.question_closed:
        app.question_closed = True
    elif app.why is not None:
        app.why = None
    elif app.note is not None or app.share_url:
        on_dismiss(app, "")
    elif app.selected:
        app.selected = []


def on_question_aside(app: App, arg: str) -> None:
    """The partner's question put aside to look at the table first (as Escape does); Answer brings it back."""
    if app.game.phase == "answer" and app.game.to_act == app.seat:
        app.question_closed = True


def on_reopen_question(app: App, arg: str) -> None:
    app.question_closed = False


def on_dismiss(app: App, arg: str) -> None:
    app.note = None
    app.share_url = ""
    app.hint_action = None


def register(taps: Taps[App]) -> None:
    """This feature's taps."""
    taps.add("expand", on_expand, passive=True)
    taps.add("why", on_why, passive=True)
    taps.add("sheet", on_sheet, passive=True)
    taps.add("close", on_close, passive=True)
    taps.add("escape", on_escape, passive=True)
    taps.add("reopen-question", on_reopen_question, passive=True)
    taps.add("question-aside", on_question_aside, passive=True)
    taps.add("dismiss", on_dismiss, passive=True)
