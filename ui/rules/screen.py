"""The Rules screen: each rule set's rules in words, the game's own first."""

from __future__ import annotations

from engine.rules import RuleSet, preset
from ui.rules.text import rules_page
from ui.settings.model import PRESET_NAMES
from ui.widgets import button, esc


def rules_screen(tab: str, playing: RuleSet) -> str:
    """The Rules screen at the rule set ``tab``; ``playing`` is the game's own (with its house rules)."""
    rules = playing if tab == playing.name else preset(tab)
    tabs = "".join(
        button(
            "rules-tab", esc(name), arg=name, cls="tab", extra=f' aria-pressed="{"true" if name == tab else "false"}"'
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
        f'<h2 id="rules-title">Rules: {esc(rules.title)}{esc(note)}</h2>'
        f'<div class="tabs" role="group" aria-label="Rule sets">{tabs}</div>'
        f"{sections}"
        '<div class="row">'
        + button("together", "Play together")
        + button("screen", "Back to the table", arg="table", cls="primary")
        + "</div></section>"
    )
