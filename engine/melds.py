"""Melds and books: what a legal meld is under each rule set, and book kinds."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from . import cards as C
from .cards import Card
from .errors import RuleViolation
from .rules import RuleSet
from .wording import plural

BOOK_SIZE = 7


@dataclass
class TableMeld:
    """A team's meld on the table; it becomes a book at seven cards."""

    rank: int
    cards: list[Card]

    @property
    def wilds(self) -> int:
        """How many wild cards the meld holds (all of them in a wild meld)."""
        return sum(1 for c in self.cards if C.is_wild(c))

    @property
    def naturals(self) -> int:
        """How many natural cards the meld holds."""
        return len(self.cards) - self.wilds

    @property
    def is_book(self) -> bool:
        """Seven cards or more: a finished book."""
        return len(self.cards) >= BOOK_SIZE

    def kind(self) -> str:
        """'wild', 'clean' or 'dirty'."""
        if self.rank == C.WILD_RANK:
            return "wild"
        return "clean" if self.wilds == 0 else "dirty"

    def copy(self) -> TableMeld:
        """An independent copy."""
        return TableMeld(self.rank, list(self.cards))


def meld_value(rules: RuleSet, cards: Iterable[Card]) -> int:
    """The card points of some cards."""
    return sum(rules.card_values[C.rank(c)] for c in cards)


def check_meld(
    rules: RuleSet, rank: int, cards: Sequence[Card], *, going_out: bool, extras: bool = False
) -> None:
    """Raise RuleViolation unless ``cards`` form a legal meld of ``rank``.

    ``extras`` is true when cards are being added past seven to a finished book
    (a house rule); ``going_out`` allows the classic black-3 meld.
    """
    label = C.rank_name(rank, rules.deck == "rook", plural=True)
    naturals = [c for c in cards if not C.is_wild(c)]
    wilds = len(cards) - len(naturals)
    if len(cards) < 3:
        raise RuleViolation("meld_too_small", "A meld needs at least three cards.")
    if len(cards) > BOOK_SIZE and not extras:
        raise RuleViolation("meld_too_big", "A meld stops at seven cards: it is then a book.")
    if rank == C.WILD_RANK:
        if not rules.wild_melds:
            raise RuleViolation("no_wild_melds", "These rules have no melds of wild cards only.")
        if naturals:
            raise RuleViolation("wild_meld_natural", "A wild meld holds only wild cards.")
        return
    if any(C.rank(c) != rank for c in naturals):
        raise RuleViolation("wrong_rank", f"Only {label} and wild cards go in a meld of {label}.")
    if any(C.is_red_three(c) for c in cards):
        raise RuleViolation("red_three_meld", "Red 3s are never melded.")
    if rules.black_threes_special and rank == 3:
        _check_black_threes(rules, wilds, going_out)
        return
    if rank not in rules.meld_ranks:
        raise RuleViolation("rank_not_meldable", f"{label.capitalize()} cannot be melded.")
    _check_wild_limit(rules, rank, len(naturals), wilds, label)


def _check_black_threes(rules: RuleSet, wilds: int, going_out: bool) -> None:
    if not rules.black_three_meld_going_out:
        raise RuleViolation("black_three_meld", "Black 3s cannot be melded.")
    if wilds:
        raise RuleViolation("black_three_wild", "A meld of black 3s takes no wild cards.")
    if not going_out:
        raise RuleViolation(
            "black_three_not_out", "Black 3s can be melded only on the turn you go out."
        )


def max_wilds(rules: RuleSet, rank: int, naturals: int) -> int:
    """The most wild cards a meld of natural ``rank`` with ``naturals`` natural cards may hold.

    Zero for ranks that take no wild cards (004's 5s and 7s) or below two naturals;
    otherwise no more than the naturals (``half``), half of them (``third``), or two.
    """
    if rank in rules.no_wild_ranks or naturals < 2:
        return 0
    if rules.wild_limit == "half":
        return naturals
    if rules.wild_limit == "third":
        return naturals // 2
    return 2


_TOO_MANY_WILDS = {
    "half": "A meld can't hold more wild cards than natural cards.",
    "third": "A meld needs twice as many natural cards as wild cards.",
    "two": "A meld holds at most two wild cards.",
}


def _check_wild_limit(rules: RuleSet, rank: int, naturals: int, wilds: int, label: str) -> None:
    if wilds <= max_wilds(rules, rank, naturals):
        return
    if rank in rules.no_wild_ranks:
        raise RuleViolation("no_wilds_allowed", f"A meld of {label} takes no wild cards.")
    if naturals < 2:
        raise RuleViolation("too_few_naturals", "A meld needs at least two natural cards.")
    raise RuleViolation("too_many_wilds", _TOO_MANY_WILDS[rules.wild_limit])


def book_counts(rules: RuleSet, melds: Iterable[TableMeld]) -> list[tuple[int, str]]:
    """(rank, kind) of every finished book."""
    return [(m.rank, m.kind()) for m in melds if m.is_book]


@dataclass(frozen=True)
class BookNeeds:
    """The books a team still lacks to go out, by kind (the going-out rule, counted once)."""

    clean: int
    dirty: int
    wild: int
    ranks: tuple[int, ...]
    """Ranks that still need a clean book of their own (004's 7s and 5s)."""

    @property
    def done(self) -> bool:
        """True when the team has every book it needs."""
        return not (self.clean or self.dirty or self.wild or self.ranks)

    @property
    def count(self) -> int:
        """How many books are still missing, of every kind."""
        return self.clean + self.dirty + self.wild + len(self.ranks)

    @property
    def clean_total(self) -> int:
        """Clean books still needed, special ranks included."""
        return self.clean + len(self.ranks)


def book_needs(rules: RuleSet, melds: Iterable[TableMeld]) -> BookNeeds:
    """What the team still needs to go out, with these melds on the table."""
    books = book_counts(rules, melds)
    clean = [r for r, k in books if k == "clean"]
    dirty = sum(1 for _, k in books if k == "dirty")
    wild = sum(1 for _, k in books if k == "wild")
    ranks = []
    for r in rules.need_rank_books:
        if r in clean:
            clean.remove(r)
        else:
            ranks.append(r)
    spare = max(0, len(clean) - rules.need_clean) if rules.clean_counts_as_dirty else 0
    return BookNeeds(
        clean=max(0, rules.need_clean - len(clean)),
        dirty=max(0, rules.need_dirty - dirty - spare),
        wild=max(0, rules.need_wild - wild),
        ranks=tuple(ranks),
    )


def missing_books(rules: RuleSet, melds: Iterable[TableMeld]) -> list[str]:
    """What the team still lacks to go out, in words ('a clean book', 'a book of 7s')."""
    needs = book_needs(rules, melds)
    rook = rules.deck == "rook"
    missing = [f"a clean book of {C.rank_name(r, rook, plural=True)}" for r in needs.ranks]
    if needs.wild:
        missing.append(_count_words(needs.wild, "wild book"))
    if needs.clean:
        missing.append(_count_words(needs.clean, "clean book"))
    if needs.dirty:
        missing.append(_count_words(needs.dirty, "dirty book"))
    return missing


def _count_words(n: int, what: str) -> str:
    return f"a {what}" if n == 1 else f"{n} more {plural(n, what)}"
