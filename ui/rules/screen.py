"""The Rules screen: each rule set's rules in words, the game's own first."""

from __future__ import annotations

from engine.rules import RuleSet, preset
from ui.rules.text import rules_page, shown_title
from ui.settings.model import PRESET_NAMES, PRESET_TABS
from ui.table.board import BOOK_MARKS
from ui.widgets import button, esc

MARK_WORDS = {
    "clean": "a clean book: seven cards of a rank, no wild card among them",
    "dirty": "a dirty book: seven cards of a rank with wild cards among them",
    "wild": "a wild book: seven wild cards and nothing else",
}
"""What each book mark on the table's meld chips stands for (the marks are ``ui.table.board.BOOK_MARKS``)."""


def marks_legend() -> str:
    """The marks on the table's meld chips, explained (nothing on the table says what ★ or ◐ is)."""
    books = "".join(
        f'<dt><span class="c-kind">{esc(mark)}</span></dt><dd>{esc(MARK_WORDS[kind])}</dd>'
        for kind, mark in BOOK_MARKS.items()
        if kind in MARK_WORDS
    )
    others = (
        ("Q 5", "a meld of queens with five cards (a book shows a count only when a house rule let more go on it)"),
        ("2w", "two of the meld's cards are wild"),
        ("+3", "the cards a computer player just added, highlighted until your next tap"),
    )
    more = "".join(f"<dt>{esc(mark)}</dt><dd>{esc(words)}</dd>" for mark, words in others)
    return (
        '<h3>The marks on the table</h3>'
        f'<dl class="marks">{books}{more}</dl>'
        "<p>On a phone, Show melds beside the pile shows every meld card by card; Fold melds puts them back.</p>"
    )


def rules_screen(tab: str, playing: RuleSet) -> str:
    """The Rules screen at the rule set ``tab``; ``playing`` is the game's own (with its house rules)."""
    rules = playing if tab == playing.name else preset(tab)
    tabs = "".join(
        button(
            "rules-tab", esc(PRESET_TABS[name]), arg=name, cls="tab",
            extra=f' aria-pressed="{"true" if name == tab else "false"}"'
        )
        for name in PRESET_NAMES
    )
    sections = "".join(
        f"<h3>{esc(title)}</h3>" + "".join(f"<p>{esc(text)}</p>" for text in sentences)
        for title, sentences in rules_page(rules)
    )
    note = " (the game you are playing)" if tab == playing.name else ""
    return (
        '<section class="panel rules" aria-labelledby="rules-title">'
        f'<h2 id="rules-title">Rules: {esc(shown_title(rules))}{esc(note)}</h2>'
        f'<div class="tabs" role="group" aria-label="Rule sets">{tabs}</div>'
        f"{sections}"
        + marks_legend()
        + '<div class="row">'
        + button("together", "Play together")
        + button("screen", "Back to the table", arg="table", cls="primary")
        + "</div></section>"
    )
