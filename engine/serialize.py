"""Saving and loading: deal number + rules + action log, checked by a digest.

A save replays from the deal, so loading re-validates every action through
``Game.apply``; the digest of the final position catches data that replays
but differs from what was saved (tampering, or a changed engine).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .actions import from_text
from .errors import LoadError, RuleViolation
from .rules import rules_from_dict, rules_to_dict
from .state import Game

SCHEMA = 1
MAX_ACTIONS = 20_000


def _detail(err: Exception) -> str:
    """The reason as the end of a sentence: short, and ending with a full stop."""
    text = str(err).strip() or "unknown problem"
    if len(text) > 120:
        text = text[:117] + "..."
    return text if text.endswith(".") else text + "."


def digest(game: Game) -> str:
    """A short fingerprint of the whole position."""
    snap = game.snapshot()
    snap["rules"] = rules_to_dict(game.rules)
    text = json.dumps(snap, sort_keys=True, separators=(",", ":"), default=list)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def to_dict(game: Game) -> dict[str, Any]:
    """A JSON-ready save of the game."""
    return {
        "schema": SCHEMA,
        "rules": rules_to_dict(game.rules),
        "deal": game.deal_number,
        "actions": list(game.history),
        "check": digest(game),
    }


def replay(rules_data: Any, deal_number: Any, actions: list[str]) -> Game:
    """Rebuild a game from its rules, deal number and action texts."""
    try:
        rules = rules_from_dict(rules_data)
        game = Game(rules, deal_number)
    except ValueError as err:
        raise LoadError(f"The saved game can't be read: {_detail(err)}") from None
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise LoadError(f"The saved game is damaged at move {i + 1}.")
        try:
            game.apply(from_text(text))
        except RuleViolation as err:
            raise LoadError(f"The saved game is damaged at move {i + 1}: {_detail(err)}") from None
        except ValueError:
            raise LoadError(f"The saved game is damaged at move {i + 1}.") from None
    return game


def from_dict(data: Any) -> Game:
    """Load a save; raises LoadError with a plain sentence when it can't be trusted."""
    if not isinstance(data, dict):
        raise LoadError("The saved game can't be read: it is not a saved game.")
    schema = data.get("schema")
    if type(schema) is not int or schema != SCHEMA:  # not 1.0, not true
        if type(schema) is int and schema > SCHEMA:
            raise LoadError("This game was saved by a newer version of the app.")
        raise LoadError("The saved game can't be read: unknown format.")
    actions = data.get("actions")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise LoadError("The saved game can't be read: its moves are missing.")
    game = replay(data.get("rules"), data.get("deal"), actions)
    if data.get("check") != digest(game):
        raise LoadError("The saved game doesn't match its check: it was changed or damaged.")
    return game
