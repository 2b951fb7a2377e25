"""What a player can work out from public information: books needed, card tracking."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from .. import cards as C
from .. import seats
from ..cards import Card
from ..events import Discarded, TookPile
from ..melds import BookNeeds, TableMeld, book_needs
from ..rules import RuleSet
from ..views import MeldView, View
from .sampling import unseen_cards

Needs = BookNeeds
"""Books a team still lacks to go out: the engine's own ``melds.BookNeeds``."""


def team_needs(rules: RuleSet, melds: Iterable[tuple[int, Sequence[Card]]]) -> Needs:
    """The books still missing, as the engine's going-out rule counts them (``melds.book_needs``)."""
    return book_needs(rules, [TableMeld(r, list(cards)) for r, cards in melds])


def meld_pairs(melds: Sequence[MeldView]) -> list[tuple[int, Sequence[Card]]]:
    """(rank, cards) of melds as the book helpers take them."""
    return [(m.rank, m.cards) for m in melds]


def next_set(view: View, seat: int) -> str | None:
    """Which face-down set ``seat`` picks up next: 'knee', 'foot' or None (in the foot)."""
    stage = view.seats[seat].stage
    if view.rules.knee_size and stage == "hand":
        return "knee"
    return None if stage == "foot" else "foot"


def opponents(view: View) -> list[int]:
    """Every seat not on this side, the next to play first."""
    return seats.opponents(view.seat, view.rules.players)


def teammates(view: View) -> list[int]:
    """The other seats of this side (none in individual play)."""
    return seats.teammates(view.seat, view.rules.players)


def discarded_ranks(view: View, seat: int) -> Counter[int]:
    """Ranks ``seat`` discarded this round since it last took the pile (hints it holds no pair)."""
    out: Counter[int] = Counter()
    for event in view.log:
        match event:
            case Discarded(seat=s, card=card) if s == seat:
                out[C.rank(card)] += 1
            case TookPile(seat=s) if s == seat:
                out.clear()
    return out


def hidden_rank_counts(view: View) -> tuple[Counter[int], int]:
    """Natural cards of each rank this seat cannot see, and how many cards it cannot see."""
    unseen = unseen_cards(view)
    by_rank: Counter[int] = Counter()
    total = 0
    for c, n in unseen.items():
        total += n
        if not C.is_wild(c):
            by_rank[C.rank(c)] += n
    return by_rank, total


def pair_chance(copies: int, unseen: int, hand: int, known: int = 0) -> float:
    """Chance that a hand of ``hand`` unseen cards holds two or more of ``copies``.

    Hypergeometric: ``known`` copies are already known to be in the hand.
    """
    if known >= 2:
        return 1.0
    if hand <= 0 or copies <= 0 or unseen <= 0:
        return 0.0 if known < 2 else 1.0
    hand = min(hand, unseen)
    copies = min(copies, unseen)
    p0 = 1.0
    for i in range(hand):
        if unseen - i <= 0:
            break
        p0 *= max(0.0, (unseen - copies - i) / (unseen - i))
    if known == 1:
        return 1.0 - p0
    denom = unseen - copies - hand + 1
    p1 = p0 * copies * hand / denom if denom > 0 else 1.0 - p0
    return max(0.0, min(1.0, 1.0 - p0 - p1))
