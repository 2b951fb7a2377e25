"""Whose move it is: refusing an action that doesn't fit the phase, and how refusals name the side."""

from __future__ import annotations

from ..errors import RuleViolation
from ..events import Phase
from ..position import Position
from ..seats import individual


def need_phase(game: Position, phase: Phase) -> None:
    """Raise unless the game is in ``phase``, saying why the action doesn't fit now."""
    if game.phase == phase:
        return
    if game.phase in ("round_over", "game_over"):
        raise RuleViolation("round_over", "The round is over.")
    if game.phase == "answer":
        raise RuleViolation("awaiting_answer", "Waiting for the partner's answer.")
    if phase == "draw":
        raise RuleViolation("already_drew", "You have already drawn this turn.")
    if phase == "answer":
        raise RuleViolation("no_question", "Nobody has asked to go out.")
    raise RuleViolation("draw_first", "Draw or pick up the pile first.")


def side_name(game: Position, possessive: bool = False) -> str:
    """How a message names the player's side: "Your team" ("Your team's"), or "You" ("Your") alone."""
    if individual(game.n):
        return "Your" if possessive else "You"
    return "Your team's" if possessive else "Your team"


def side_verb(game: Position, alone: str, team: str) -> str:
    """The verb agreeing with ``side_name``: ``alone`` for "You", ``team`` for "Your team"."""
    return alone if individual(game.n) else team
