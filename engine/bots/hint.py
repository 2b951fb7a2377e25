"""Hint: the Hard level's choice for the human's current decision, with its reason."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ..actions import PickUp
from ..views import View
from .base import Decision


def hint(view: View) -> Decision:
    """What the Hard computer player would do in this seat now, and why.

    A hint names only cards the player holds: where melds made from the pile's
    cards count toward the first meld (``pickup_minimum="with_pile"``), a pickup
    that would meld cards still in the pile is replaced by Hard's choice among
    moves that use the hand alone (the screen stages melds from the hand).
    """
    from .hard import HardBot

    decision = HardBot(view.seat, view.deal_number).decide(view)
    if isinstance(decision.action, PickUp) and not _from_hand(decision.action, view):
        hand_only = replace(view, rules=replace(view.rules, pickup_minimum="hand_only"))
        decision = HardBot(view.seat, view.deal_number).decide(hand_only)
    return decision


def _from_hand(action: PickUp, view: View) -> bool:
    """True when every card the pickup's melds use is in the hand."""
    need = Counter(c for play in action.melds for c in play.cards)
    have = Counter(view.hand)
    return all(have[c] >= n for c, n in need.items())
