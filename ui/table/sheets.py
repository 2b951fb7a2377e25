"""The panels over the table: the menu, the recent moves, the keyboard help."""

from __future__ import annotations

from ui.table.report import report_text
from ui.table.session import Session
from ui.widgets import button, esc

SHORTCUTS = (
    ("D", "draw", "Draw"),
    ("P", "pickup", "Pick up pile"),
    ("M", "new-meld", "New meld with the selected cards"),
    ("L", "lay-down", "Lay down the staged melds"),
    ("X", "discard", "Discard the selected card"),
    ("A", "ask", "May I go out?"),
    ("E", "end-turn", "End turn"),
    ("H", "hint", "Hint"),
    ("C", "clear", "Clear selection"),
    ("U", "undo", "Undo this turn's melds"),
    ("N", "next-round", "Next round"),
)
"""Keyboard shortcuts: (key, the button's data-act, what it does). ``ui/browser/input.py`` reads this."""


# ----- panels over the table: the menu, the moves, the keyboard help -----------------

REPORT_SHEETS = ("report", "report-copied")
"""The report of the hand, shown after it was copied or when the clipboard refused it."""


def report_box(table: Session, *, copied: bool) -> str:
    """The report's text in a box to select and copy, and what became of the copy."""
    said = (
        "Copied. Paste it in a message to whoever helps you: it holds the deal, the rules and every move so far."
        if copied
        else "This browser didn't let the app copy it: select the text below, copy it and paste it in a message."
    )
    return (
        f'<p class="report-said">{esc(said)}</p>'
        '<label for="report-text">The report</label>'
        f'<textarea id="report-text" class="report-text" readonly rows="8">{esc(report_text(table))}</textarea>'
    )



def moves_list(table: Session) -> str:
    if not table.recent.lines:
        return "<p>No moves yet this round.</p>"
    items = []
    for line in reversed(table.recent.lines):
        why = ""
        if line.reason:
            shown = table.recent.why == line.number
            expanded = f' aria-expanded="{str(shown).lower()}"'
            why = button("why", "Why?", arg=str(line.number), cls="small", extra=expanded)
            if shown:
                why += f'<p class="reason">{esc(table.why_text(line))}</p>'
        items.append(f"<li><p>{esc(line.text)}</p>{why}</li>")
    return f'<ol class="moves">{"".join(items)}</ol>'


MENU_SCREENS = (
    ("Table", "table"), ("Games", "games"), ("Score pad", "pad"), ("Statistics", "stats"),
    ("Settings", "settings"), ("Rules", "rules"),
)


def menu_buttons(screen: str) -> str:
    return (
        "".join(
            button("screen", label, arg=arg, extra=' aria-current="page"' if screen == arg else "")
            for label, arg in MENU_SCREENS
        )
        + button("lesson", "Learn to play")
        + button("together", "Play together")
        + button("room", "Phones in the room")
        + button("share", "Share")
    )


def sheet_region(sheet: str | None, screen: str, table: Session) -> str:
    """The panel open over the screen (``sheet``: 'menu', 'moves', 'help' or None), on ``screen``."""
    if sheet is None:
        return ""
    if sheet == "menu" and table.remote:  # a guest's phone: the game, its settings and its saves are the host's
        title, body = "Menu", (
            '<div class="menu-list">'
            + button("sheet", "Recent moves", arg="moves")
            + button("sheet", "Keyboard keys", arg="help")
            + "</div><p>Rules, settings and saved games are on the host's device.</p>"
        )
    elif sheet == "menu":
        title, body = "Menu", (
            '<div class="menu-list">'
            + menu_buttons(screen)
            + button("sheet", "Recent moves", arg="moves")
            + button("sheet", "Keyboard keys", arg="help")
            + button("report", "Report this hand")
            + "</div>"
        )
    elif sheet in REPORT_SHEETS:
        title, body = "Report this hand", report_box(table, copied=sheet == "report-copied")
    elif sheet == "moves":
        title, body = "Recent moves", moves_list(table)
    else:
        keys = "".join(f"<li><kbd>{key}</kbd> {esc(what)}</li>" for key, _act, what in SHORTCUTS)
        title, body = "Keyboard keys", (
            f'<ul class="keys">{keys}<li><kbd>←</kbd> <kbd>→</kbd> move between cards, '
            "<kbd>Space</kbd> selects</li><li><kbd>Esc</kbd> closes a panel or a question</li></ul>"
        )
    return (
        f'<section class="sheet" role="dialog" aria-modal="false" aria-labelledby="sheet-title">'
        f'<div class="sheet-head"><h2 id="sheet-title">{esc(title)}</h2>'
        + button("close", "Close", arg="sheet", cls="small")
        + f"</div>{body}</section>"
    )
