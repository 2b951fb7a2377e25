"""Between rounds: dealing the next one."""

from __future__ import annotations

from ..errors import RuleViolation
from ..position import Position


def plan_next_round(game: Position) -> None:
    """Validate dealing the next round: only between rounds, never after the game."""
    if game.phase == "game_over":
        raise RuleViolation("game_over", "The game is over.")
    if game.phase != "round_over":
        raise RuleViolation("round_not_over", "Finish this round first.")
