"""Itemized round scores, from a game or from a described table of real cards."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from . import cards as C
from .cards import Card
from .melds import BOOK_SIZE, meld_value
from .rules import RuleSet
from .wording import figures, plural


@dataclass(frozen=True)
class ScoreLine:
    """One line of a team's round score."""

    kind: str
    """Stable code: 'books', 'melded', 'red_threes', 'going_out', 'leftover', 'penalty'."""
    label: str
    points: int
    book: str = ""
    """For a 'books' line, the kind of book it counts, named as for one: 'clean book', 'wild book',
    'book of 7s' (so no one reads it back from ``label``); '' for other lines."""
    count: int = 0
    """For a 'books' line, how many books of that kind."""


@dataclass(frozen=True)
class TeamScore:
    """A team's itemized round score."""

    team: int
    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> int:
        """The sum of every line."""
        return sum(line.points for line in self.lines)

    def by_kind(self, kind: str) -> int:
        """The sum of the lines of one kind."""
        return sum(line.points for line in self.lines if line.kind == kind)


@dataclass(frozen=True)
class Leftover:
    """Cards a player still holds at the end of the round, in one set."""

    player: str
    zone: str
    """'hand', 'knee' or 'foot'."""
    cards: tuple[Card, ...]
    unplayed: bool = False
    """True for a knee or foot the player never picked up."""


@dataclass(frozen=True)
class TeamTable:
    """A team's side of the table at the end of a round, as a score pad sees it."""

    melds: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    """(rank, cards) of every meld and book; rank 0 for a wild meld."""
    red_threes: int = 0
    leftovers: tuple[Leftover, ...] = ()
    went_out: bool = False


def _book_label(rules: RuleSet, rank: int, wilds: int) -> tuple[str, int]:
    rook = rules.deck == "rook"
    bonus = rules.book_bonus(rank, wilds, BOOK_SIZE)
    if rank == C.WILD_RANK:
        return "wild book", bonus
    if wilds == 0 and any(r == rank for r, _ in rules.rank_books):
        return f"book of {C.rank_name(rank, rook, plural=True)}", bonus
    return ("clean book" if wilds == 0 else "dirty book"), bonus


def _plural(label: str, n: int) -> str:
    head, sep, tail = label.partition(" of ")
    return plural(n, label, (head + "s" + sep + tail) if sep else None)


def _book_lines(rules: RuleSet, melds: Sequence[tuple[int, tuple[Card, ...]]]) -> list[ScoreLine]:
    groups: dict[tuple[str, int], int] = {}
    for rank, cards in melds:
        if len(cards) >= BOOK_SIZE:
            wilds = 0 if rank == C.WILD_RANK else sum(1 for c in cards if C.is_wild(c))
            key = _book_label(rules, rank, wilds)
            groups[key] = groups.get(key, 0) + 1
    # Listed as the score pad lists them (special ranks, wild, clean, dirty), not in the order they were laid.
    order = [label for _code, label, _bonus in book_kinds(rules)]
    ranked = sorted(groups.items(), key=lambda item: (_index(order, item[0][0]), -item[0][1]))
    return [_book_line(label, bonus, n) for (label, bonus), n in ranked]


def _index(labels: list[str], label: str) -> int:
    return labels.index(label) if label in labels else len(labels)


def _book_line(label: str, bonus: int, n: int) -> ScoreLine:
    text = f"{n} {_plural(label, n)} × {bonus:,}" if n > 1 else f"1 {label}"
    return ScoreLine("books", text.capitalize(), n * bonus, label, n)


def card_cost(rules: RuleSet, card: Card) -> int:
    """What one card left over at the end of the round costs (a positive number)."""
    if C.is_red_three(card):
        # A red 3 can only be left in a set never picked up.
        return -rules.red_three_unplayed
    if C.is_black_three(card) and rules.black_threes_special:
        return rules.black_three_left
    return rules.card_values[C.rank(card)]


def cards_cost(rules: RuleSet, cards: Iterable[Card]) -> int:
    """What cards left over at the end of the round cost together (``card_cost`` summed)."""
    return sum(card_cost(rules, c) for c in cards)


def score(rules: RuleSet, table: TeamTable, team: int = 0) -> TeamScore:
    """Score one team's side of the table, line by line."""
    lines = _book_lines(rules, table.melds)
    melded = meld_value(rules, [c for _, cards in table.melds for c in cards])
    if table.melds:
        lines.append(ScoreLine("melded", "Melded cards", melded))
    open_wild = sum(1 for rank, cards in table.melds if rank == C.WILD_RANK and len(cards) < BOOK_SIZE)
    lines += _table_lines(rules, open_wild, table.red_threes, table.went_out)
    for left in table.leftovers:
        if not left.cards:
            continue
        # A red 3 in a set never picked up is a penalty of its own: a line of its own, so it shows.
        reds = [c for c in left.cards if C.is_red_three(c)]
        others = [c for c in left.cards if not C.is_red_three(c)]
        lines += _leftover_lines(
            left.player, left.zone, left.unplayed,
            cards_cost(rules, others) if others else None,
            len(reds), cards_cost(rules, reds),
        )
    return TeamScore(team, tuple(lines))


def _table_lines(rules: RuleSet, open_wild: int, red_threes: int, went_out: bool) -> list[ScoreLine]:
    """The lines after the books and melded cards: unfinished wild melds, red 3s, going out."""
    lines = []
    if rules.unfinished_wild_penalty and open_wild:
        lines.append(ScoreLine("penalty", "Unfinished wild meld", open_wild * rules.unfinished_wild_penalty))
    if red_threes:
        lines.append(ScoreLine("red_threes", figures(red_threes, "red 3"), red_threes * rules.red_three_bonus))
        if rules.red_three_seven_bonus and red_threes >= 7:
            lines.append(ScoreLine("red_threes", "Seven red 3s", rules.red_three_seven_bonus))
    if went_out:
        lines.append(ScoreLine("going_out", "Going out", rules.going_out_bonus))
    return lines


def _leftover_lines(
    player: str, zone: str, unplayed: bool, cost: int | None, reds: int, reds_cost: int
) -> list[ScoreLine]:
    """A player's leftover set: its cards (``cost`` None when none but red 3s), then its red 3s."""
    where = f"{player}'s {zone}" + (" (never picked up)" if unplayed else "")
    lines = []
    if cost is not None:
        lines.append(ScoreLine("leftover", where, -cost))
    if reds:
        label = f"{figures(reds, 'red 3')} in {where}"
        lines.append(ScoreLine("leftover", label, -reds_cost))
    return lines


# ----- a round described by counts (the score pad for real cards) ---------------------------

BookKind = tuple[str, str, int]
"""(code, label, bonus) of a kind of book: code 'clean', 'dirty', 'wild' or 'rank:7'."""


def book_kinds(rules: RuleSet) -> tuple[BookKind, ...]:
    """Every kind of book these rules score, in the order its lines are listed: special ranks, wild, clean, dirty.

    Labels and bonuses come from the same code that scores a table of cards, so a round counted
    on a score pad reads exactly like one played in the app.
    """
    special = dict(rules.rank_books)
    plain = next((r for r in rules.meld_ranks if r not in special), rules.meld_ranks[0])
    kinds: list[BookKind] = [(f"rank:{r}", *_book_label(rules, r, 0)) for r, _ in rules.rank_books]
    if rules.wild_melds:
        kinds.append(("wild", *_book_label(rules, C.WILD_RANK, 0)))
    kinds.append(("clean", *_book_label(rules, plain, 0)))
    kinds.append(("dirty", *_book_label(rules, plain, 1)))
    return tuple(kinds)


@dataclass(frozen=True)
class LeftoverCount:
    """A set of cards a player still holds at the end of the round, counted in points."""

    player: str
    zone: str
    """'hand', 'knee' or 'foot'."""
    points: int
    """What its cards other than red 3s are worth (a positive number)."""
    red_threes: int = 0
    """Red 3s in it: only in a set never picked up."""
    unplayed: bool = False


@dataclass(frozen=True)
class TeamCounts:
    """A team's side of the table at the end of a round, as counted on a score pad."""

    books: tuple[tuple[str, int], ...] = ()
    """(book kind code from ``book_kinds``, how many)."""
    melded: int = 0
    """The card points of every card melded, books included."""
    open_wild: int = 0
    """Wild melds left unfinished (they cost where the rules say so)."""
    red_threes: int = 0
    leftovers: tuple[LeftoverCount, ...] = ()
    went_out: bool = False


_RED_THREE = C.make(3, 2)  # the 3 of hearts: what any red 3 left over costs is asked of ``card_cost``


def score_counts(rules: RuleSet, counts: TeamCounts, team: int = 0) -> TeamScore:
    """Score one team's side of the table from counts, line by line as ``score`` does; raises ValueError."""
    kinds = {code: (label, bonus) for code, label, bonus in book_kinds(rules)}
    numbers = [n for _, n in counts.books] + [counts.melded, counts.open_wild, counts.red_threes]
    numbers += [x for left in counts.leftovers for x in (left.points, left.red_threes)]
    if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in numbers):
        raise ValueError("Counts and points are whole numbers, zero or more.")
    lines: list[ScoreLine] = []
    for code, n in counts.books:
        if code not in kinds:
            raise ValueError(f"These rules have no book of kind {code!r}.")
        if n:
            lines.append(_book_line(*kinds[code], n))
    if counts.melded or counts.open_wild or any(n for _, n in counts.books):
        lines.append(ScoreLine("melded", "Melded cards", counts.melded))
    lines += _table_lines(rules, counts.open_wild, counts.red_threes, counts.went_out)
    for left in counts.leftovers:
        if left.red_threes and not left.unplayed:
            raise ValueError("A red 3 is left over only in a set never picked up.")
        cost = left.points if left.points else None
        reds_cost = left.red_threes * card_cost(rules, _RED_THREE)
        lines += _leftover_lines(left.player, left.zone, left.unplayed, cost, left.red_threes, reds_cost)
    return TeamScore(team, tuple(lines))


def game_over(rules: RuleSet, rounds_played: int, totals: Sequence[int]) -> bool:
    """True when the game ends after this many rounds with these totals (the rounds, or a target reached)."""
    if rules.rounds and rounds_played >= rules.rounds:
        return True
    return bool(rules.target_score) and max(totals) >= rules.target_score
