"""Hint: the Hard level's choice for the human's current decision, with its reason."""

from __future__ import annotations

from ..views import View
from .base import Decision


def hint(view: View) -> Decision:
    """What the Hard computer player would do in this seat now, and why."""
    from .hard import HardBot

    return HardBot(view.seat, view.deal_number).decide(view)
