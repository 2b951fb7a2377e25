"""The order of the cards in the hand: the one the player chose in Settings, or their own after a drag.

Pure Python.  ``arranged`` is the one place the hand's order comes from: the hand on the table, the
positions a hint selects and a drag's positions all read it through ``Session.shown_hand``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from engine import cards as C

HAND_ORDERS: tuple[tuple[str, str], ...] = (
    ("rank", "By rank, wild cards last"),
    ("rank-wild-first", "By rank, wild cards first"),
    ("suit", "By suit, wild cards last"),
    ("suit-wild-first", "By suit, wild cards first"),
)
"""The orders offered in Settings: (stored value, what the player reads)."""
ORDER_NAMES = tuple(name for name, _ in HAND_ORDERS)
MAX_OWN_ORDER = 400
"""More cards than any hand, knee, foot and staged melds hold together: a longer stored order is damaged."""

SUIT_PLACES = (2, 3, 1, 0)
"""Where each suit (clubs, diamonds, hearts, spades) goes in a hand sorted by suit: spades, hearts,
clubs, diamonds, so that the colours alternate."""


def order_key(order: str) -> Callable[[int], tuple[int, int, int]]:
    """The sort key of ``order`` (an unknown order sorts by rank, wild cards last)."""
    wild_first = order.endswith("wild-first")
    by_suit = order.startswith("suit")

    def key(card: int) -> tuple[int, int, int]:
        wild = C.is_wild(card)
        group = (0 if wild else 1) if wild_first else (1 if wild else 0)
        if by_suit and not wild:
            return (group, SUIT_PLACES[C.suit(card)], C.rank(card))
        return (group, C.rank(card), SUIT_PLACES[C.suit(card)] if by_suit else C.suit(card))

    return key


def arranged(cards: Iterable[int], order: str, own: list[int] | None = None) -> list[int]:
    """``cards`` in the hand's order: the player's own order ``own`` for the cards it still holds (the
    cards it doesn't, newly drawn ones, after them in ``order``), else sorted by ``order``."""
    key = order_key(order)
    cards = sorted(cards, key=key)
    if own is None:
        return cards
    left = Counter(cards)
    out = []
    for card in own:
        if left[card] > 0:
            left[card] -= 1
            out.append(card)
    rest = Counter(out)
    for card in cards:
        if rest[card] > 0:
            rest[card] -= 1
        else:
            out.append(card)
    return out


def own_order_data(own: list[int] | None, seat: int) -> dict[str, object] | None:
    """The player's own order (after a drag) as it is kept beside the save, or None when they never dragged."""
    return None if own is None else {"order": list(own), "order_seat": seat}


def read_own_order(data: object, seat: int) -> list[int] | None:
    """The own order kept by ``own_order_data`` for ``seat``, or None unless it is exactly that: a list of
    at most ``MAX_OWN_ORDER`` card codes (stored text is untrusted; a bad one is ignored, never raised)."""
    if not isinstance(data, dict) or type(data.get("order_seat")) is not int or data["order_seat"] != seat:
        return None
    order = data.get("order")
    if not isinstance(order, list) or not 0 < len(order) <= MAX_OWN_ORDER:
        return None
    if not all(type(card) is int and C.is_card(card) for card in order):
        return None
    return list(order)


def moved(hand: list[int], source: int, target: int) -> list[int]:
    """The hand with the card at ``source`` put at ``target`` (positions in ``hand``)."""
    out = list(hand)
    card = out.pop(source)
    out.insert(target, card)
    return out


def moved_positions(positions: list[int], source: int, target: int) -> list[int]:
    """Selected positions after the card at ``source`` moved to ``target``: each follows its card."""
    out = []
    for p in positions:
        if p == source:
            out.append(target)
        elif source < p <= target:
            out.append(p - 1)
        elif target <= p < source:
            out.append(p + 1)
        else:
            out.append(p)
    return out
