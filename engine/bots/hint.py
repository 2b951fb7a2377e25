"""Hint: the Hard level's choice for the human's current decision, with its reason (or Expert's)."""

from __future__ import annotations

from typing import Literal

from ..views import View
from .base import Decision


def hint(view: View, level: Literal["hard", "expert"] = "hard") -> Decision:
    """What the Hard computer player would do in this seat now, and why (``level="expert"``: what
    Expert would, its playouts in the reason; it takes a hundred milliseconds or more); when a partner
    asked "May I go out?", how it would answer.

    Where melds made from the pile's cards count toward the first meld
    (``pickup_minimum="with_pile"``), the hint may be a pickup whose melds use
    cards still under the top: the table stages those from the pile row.
    """
    from .expert import ExpertBot
    from .hard import HardBot

    cls = ExpertBot if level == "expert" else HardBot
    bot = cls(view.seat, view.deal_number)
    return bot.answer(view) if view.phase == "answer" else bot.decide(view)
