"""Meld planning: which cards to lay down now, by rank, with wild cards kept for books."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .. import cards as C
from ..actions import MeldPlay
from ..cards import Card
from ..melds import BOOK_SIZE, max_wilds, meld_value
from ..rules import RuleSet
from ..views import MeldView
from .knowledge import Needs


@dataclass(frozen=True)
class Style:
    """How freely a level spends wild cards."""

    dirty_start_wilds: int = 2
    """Start a meld from a natural pair and a wild card only while holding this many wilds."""
    wild_meld_start: int = 4
    """Start a meld of wild cards only with this many wilds in hand."""
    complete_dirty: bool = True
    """Use wild cards to finish a book."""
    keep_clean: bool = True
    """Never dirty the melds the team counts on for its clean books."""
    wild_reserve: int = 0
    """Wild cards kept in hand (for going out and for dirty books later)."""
    risky_wild_start: int = BOOK_SIZE
    """Where an unfinished wild meld costs points, start one only with this many spare wilds."""
    grow_wild_meld: bool = False
    """Add spare wild cards to an open wild meld even when no wild book is needed."""
    wild_book_first: bool = False
    """While a wild book is still needed, spare wild cards go to the wild meld before any other meld."""
    clean_first: bool = False
    """Once the dirty books are made but clean ones are still needed, keep every clean meld clean."""
    keep_near_clean: int = 0
    """While clean books are still needed, never add a wild card to a clean meld of at least this
    many natural cards (0: off); the partner's naturals are likelier to finish it clean."""
    hold_pickup_pair: bool = False
    """Keep natural pairs in hand rather than start dirty melds from them (they take the pile when
    the player before discards that rank); Hard among three players on their own."""


@dataclass
class Target:
    """One meld the plan adds to: an existing one (``meld`` index) or a new one."""

    rank: int
    meld: int | None
    base: list[Card]
    add: list[Card] = field(default_factory=list)

    @property
    def size(self) -> int:
        """Cards in the meld once the plan is played."""
        return len(self.base) + len(self.add)

    def counts(self) -> tuple[int, int]:
        """(naturals, wilds) once the plan is played."""
        wild = sum(1 for c in (*self.base, *self.add) if C.is_wild(c))
        return self.size - wild, wild

    def play(self) -> MeldPlay:
        """The engine's form of this part of the plan."""
        if self.meld is not None:
            return MeldPlay(tuple(self.add), meld=self.meld)
        return MeldPlay(tuple(self.add), rank=self.rank)


def meldable(rules: RuleSet, r: int) -> bool:
    """True for ranks that may form ordinary melds (never black 3s where they are special)."""
    return r in rules.meld_ranks and not (rules.black_threes_special and r == 3)


def wild_room(rules: RuleSet, r: int, naturals: int, wilds: int) -> int:
    """How many more wild cards a meld of ``r`` can take."""
    if r == C.WILD_RANK:
        return max(0, BOOK_SIZE - wilds)
    return max(0, min(max_wilds(rules, r, naturals) - wilds, BOOK_SIZE - naturals - wilds))


def naturals_by_rank(rules: RuleSet, hand: Sequence[Card]) -> dict[int, list[Card]]:
    """The hand's meldable natural cards, by rank."""
    out: dict[int, list[Card]] = {}
    for c in sorted(hand):
        if not C.is_wild(c) and meldable(rules, C.rank(c)):
            out.setdefault(C.rank(c), []).append(c)
    return out


def wild_cards(hand: Sequence[Card]) -> list[Card]:
    """The hand's wild cards, cheapest first (2s before jokers)."""
    return sorted((c for c in hand if C.is_wild(c)), key=lambda c: (C.rank(c) == 0, c))


@dataclass
class Plan:
    """Plays for one Meld action and what they leave in the hand."""

    targets: list[Target]
    left: list[Card]

    @property
    def plays(self) -> list[MeldPlay]:
        """The plays, most important first."""
        return [t.play() for t in self.targets if t.add]

    def laid(self) -> list[Card]:
        """Every card the plan lays down."""
        return [c for t in self.targets for c in t.add]

    def wilds_used(self) -> int:
        """Wild cards the plan lays down."""
        return sum(1 for c in self.laid() if C.is_wild(c))


def _open_melds(melds: Sequence[MeldView]) -> dict[int, MeldView]:
    out: dict[int, MeldView] = {}
    for m in melds:
        if not m.is_book and (m.rank not in out or len(m.cards) > len(out[m.rank].cards)):
            out[m.rank] = m
    return out


def plan_melds(
    rules: RuleSet,
    hand: Sequence[Card],
    melds: Sequence[MeldView],
    needs: Needs,
    style: Style,
    use_all: bool = False,
) -> Plan:
    """Plan the melds for a team that has opened (``use_all``: meld every card possible)."""
    nat = naturals_by_rank(rules, hand)
    wilds = wild_cards(hand)
    open_melds = _open_melds(melds)
    targets: list[Target] = []
    by_key: dict[tuple[str, int], Target] = {}
    for r, cs in sorted(nat.items(), key=lambda kv: -len(kv[1])):
        m = open_melds.get(r)
        if m is not None:
            t = Target(r, m.index, list(m.cards), cs[: BOOK_SIZE - len(m.cards)])
        elif len(cs) >= 3:
            t = Target(r, None, [], cs[:BOOK_SIZE])
        else:
            continue
        targets.append(t)
        by_key[("r", r)] = t
    # Where a wild book is still needed, wild cards go to it first (no reserve).
    hoard = rules.wild_melds and needs.wild > 0
    spare = len(wilds) - (0 if use_all or hoard else style.wild_reserve)

    def take_wilds(t: Target, k: int) -> None:
        nonlocal spare
        for _ in range(k):
            t.add.append(wilds.pop(0))
        spare -= k

    def feed_wild_meld(can_start: bool) -> bool:
        """Spare wild cards onto our open wild meld, or into a new one when ``can_start``; True if any."""
        wm = open_melds.get(C.WILD_RANK)
        if wm is None and not can_start:
            return False
        t = Target(C.WILD_RANK, None, []) if wm is None else Target(C.WILD_RANK, wm.index, list(wm.cards))
        take_wilds(t, min(spare, BOOK_SIZE - len(t.base)))
        targets.append(t)
        return True

    wild_done = style.wild_book_first and hoard and spare > 0 and feed_wild_meld(spare >= 3)
    clean_only = style.clean_first and not use_all and needs.dirty == 0 and needs.clean_total > 0
    if use_all or (len(wilds) >= style.dirty_start_wilds and not hoard and not clean_only
                   and not style.hold_pickup_pair):
        pairs = [(r, cs) for r, cs in nat.items() if len(cs) == 2 and ("r", r) not in by_key]
        for r, cs in sorted(pairs, key=lambda p: -rules.value(p[0])):
            if spare > 0 and wild_room(rules, r, 2, 0) > 0:
                t = Target(r, None, [], list(cs))
                take_wilds(t, 1)
                targets.append(t)
                by_key[("r", r)] = t
    if use_all or (style.complete_dirty and (not hoard or needs.dirty > 0)):
        for r, m in open_melds.items():
            if r != C.WILD_RANK and ("r", r) not in by_key:
                t = Target(r, m.index, list(m.cards))
                targets.append(t)
                by_key[("r", r)] = t
        clean_keep = _clean_keepers(targets, needs) if style.keep_clean and not use_all else set()
        if clean_only:
            clean_keep |= {id(t) for t in targets if t.counts()[1] == 0}
        if style.keep_near_clean and not use_all and needs.clean_total > 0:
            clean_keep |= {id(t) for t in targets if t.counts()[1] == 0 and t.counts()[0] >= style.keep_near_clean}
        for t in sorted(targets, key=lambda t: -t.size):
            if t.rank == C.WILD_RANK:
                continue
            missing = BOOK_SIZE - t.size
            n, w = t.counts()
            if 0 < missing <= min(spare, wild_room(rules, t.rank, n, w)) and id(t) not in clean_keep:
                take_wilds(t, missing)
    if rules.wild_melds and (needs.wild or use_all or style.grow_wild_meld) and spare > 0 and not wild_done:
        feed_wild_meld(
            spare >= (3 if use_all or hoard else max(3, style.wild_meld_start))
            and (spare >= style.risky_wild_start or not rules.unfinished_wild_penalty)
        )
    if use_all:
        for t in sorted(targets, key=lambda t: -t.size):
            n, w = t.counts()
            if t.rank != C.WILD_RANK and spare > 0:
                take_wilds(t, min(spare, wild_room(rules, t.rank, n, w)))
    laid = [c for t in targets for c in t.add]
    left = list(hand)
    for c in laid:
        left.remove(c)
    return Plan([t for t in targets if t.add], left)


def _clean_keepers(targets: list[Target], needs: Needs) -> set[int]:
    """The clean melds the team counts on for the clean books it still needs."""
    want = needs.clean_total
    clean = [t for t in targets if t.counts()[1] == 0 and t.rank != C.WILD_RANK]
    clean.sort(key=lambda t: -t.size)
    keep = {id(t) for t in clean[:want]}
    keep |= {id(t) for t in clean if t.rank in needs.ranks}
    return keep


def opening_plan(
    rules: RuleSet,
    hand: Sequence[Card],
    minimum: int,
    already: int = 0,
    exclude_rank: int | None = None,
    use_all: bool = False,
) -> Plan | None:
    """New melds reaching the first-meld minimum with as few wild cards as possible."""
    nat = naturals_by_rank(rules, hand)
    wilds = sorted((c for c in hand if C.is_wild(c)), key=lambda c: -rules.value(C.rank(c)))
    targets = [Target(r, None, [], cs[:BOOK_SIZE]) for r, cs in nat.items()
               if len(cs) >= 3 and r != exclude_rank]
    pairs = sorted(((r, cs) for r, cs in nat.items() if len(cs) == 2 and r != exclude_rank),
                   key=lambda p: -rules.value(p[0]))

    def value() -> int:
        return already + meld_value(rules, [c for t in targets for c in t.add])

    while (value() < minimum or use_all) and wilds:
        if pairs and wild_room(rules, pairs[0][0], 2, 0) > 0:
            r, cs = pairs.pop(0)
            targets.append(Target(r, None, [], [*cs, wilds.pop(0)]))
            continue
        if pairs:
            pairs.pop(0)
            continue
        roomy = [t for t in targets if wild_room(rules, t.rank, *t.counts()) > 0]
        if not roomy:
            break
        roomy.sort(key=lambda t: -t.size)
        roomy[0].add.append(wilds.pop(0))
    if rules.wild_melds and len(wilds) >= 3 and (value() < minimum or use_all):
        targets.append(Target(C.WILD_RANK, None, [], wilds[:BOOK_SIZE]))
        del wilds[:BOOK_SIZE]
    if value() < minimum or not targets:
        return None
    laid = [c for t in targets for c in t.add]
    left = list(hand)
    for c in laid:
        left.remove(c)
    return Plan(targets, left)
