""""Report this hand": the text a player sends whoever helps them with a question about the game on the
table: the app's version, the deal number, the rules and house rules, and the moves so far in the
notation the saves use (so the helper can replay them exactly).

Pure Python; ``ui/browser/report.py`` copies it (or shows it when the clipboard is refused)."""

from __future__ import annotations

import json

from engine.stored_rules import rules_to_dict
from ui.settings.model import house_of, rules_words
from ui.share import build_query
from ui.table.session import Session

app_version = "unknown"
"""The version of the app running, set once as the page starts (``ui/browser/start.py`` reads the one
``tools/build.py`` writes into the page)."""

VERSION_CHARS = 60
"""Longest version text kept (it comes from the page)."""


def set_version(text: object) -> None:
    """Keep the page's version text, if it reads as one (printable, short)."""
    global app_version
    if isinstance(text, str) and 0 < len(text) <= VERSION_CHARS and text.isprintable():
        app_version = text


def report_text(table: Session) -> str:
    """The report of the game on ``table``, as plain text."""
    game = table.game
    rules = game.rules
    moves = list(game.history)
    house = house_of(rules)
    lines = [
        "Hand and Foot: a hand to look at",
        f"App version: {app_version}",
        f"Deal: {game.deal_number:,}",
        f"Rules: {rules_words(rules)}",
        f"Preset: {rules.name}; house rules: {json.dumps(house, sort_keys=True) if house else 'none'}",
        f"Computer level: {table.level()}",
        f"Round {game.round_index + 1}, seen from {table.seating.name(table.seat, game.n)}",
        f"Link: {build_query(rules, game.deal_number)}",
        f"Moves so far ({len(moves)}): {' '.join(moves) if moves else 'none'}",
        f"Rules as saved: {json.dumps(rules_to_dict(rules), sort_keys=True, separators=(',', ':'))}",
    ]
    return "\n".join(lines)
