"""Hint: the Hard level's choice for the human's current decision, with its reason."""

from __future__ import annotations

from ..views import View
from .base import Decision


def hint(view: View) -> Decision:
    """What the Hard computer player would do in this seat now, and why.

    Where melds made from the pile's cards count toward the first meld
    (``pickup_minimum="with_pile"``), the hint may be a pickup whose melds use
    cards still under the top: the table stages those from the pile row.
    """
    from .hard import HardBot

    return HardBot(view.seat, view.deal_number).decide(view)
