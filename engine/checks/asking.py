"""Asking the partner "May I go out?"."""

from __future__ import annotations

from ..errors import RuleViolation
from ..position import Position
from ..rules import RuleSet
from ..seats import individual
from .phase import need_phase


def plan_ask(game: Position) -> None:
    """Validate asking the partner "May I go out?"."""
    need_phase(game, "play")
    if not must_ask(game.rules):
        if individual(game.n):
            raise RuleViolation("no_asking", "Playing on your own, you go out without asking anyone.")
        raise RuleViolation("no_asking", "In these rules you go out without asking.")
    if game.asked:
        raise RuleViolation("asked_already", "You may ask once a turn.")
    if game.next_set(game.turn) is not None:
        raise RuleViolation("not_in_foot", "You can ask to go out only while playing from your foot.")


def must_ask(rules: RuleSet) -> bool:
    """True when a player asks the partner "May I go out?" first (never without a partner)."""
    return rules.ask_partner and not individual(rules.players)
