"""Itemized round scores, from a game or from a described table of real cards."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from . import cards as C
from .cards import Card
from .melds import BOOK_SIZE
from .rules import RuleSet


@dataclass(frozen=True)
class ScoreLine:
    """One line of a team's round score."""

    kind: str
    """Stable code: 'books', 'melded', 'red_threes', 'going_out', 'leftover', 'penalty'."""
    label: str
    points: int


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
    if n == 1:
        return label
    head, sep, tail = label.partition(" of ")
    return (head + "s" + sep + tail) if sep else label + "s"


def _book_lines(rules: RuleSet, melds: Sequence[tuple[int, tuple[Card, ...]]]) -> list[ScoreLine]:
    groups: dict[tuple[str, int], int] = {}
    for rank, cards in melds:
        if len(cards) >= BOOK_SIZE:
            wilds = 0 if rank == C.WILD_RANK else sum(1 for c in cards if C.is_wild(c))
            key = _book_label(rules, rank, wilds)
            groups[key] = groups.get(key, 0) + 1
    lines = []
    for (label, bonus), n in groups.items():
        text = f"{n} {_plural(label, n)} × {bonus:,}" if n > 1 else f"1 {label}"
        lines.append(ScoreLine("books", text.capitalize(), n * bonus))
    return lines


def card_cost(rules: RuleSet, card: Card) -> int:
    """What one card left over at the end of the round costs (a positive number)."""
    if C.is_red_three(card):
        # A red 3 can only be left in a set never picked up.
        return -rules.red_three_unplayed
    if C.is_black_three(card) and rules.black_threes_special:
        return rules.black_three_left
    return rules.card_values[C.rank(card)]


def leftover_points(rules: RuleSet, cards: Iterable[Card], unplayed: bool) -> int:
    """What cards left over cost (a positive number)."""
    return sum(card_cost(rules, c) for c in cards)


def score(rules: RuleSet, table: TeamTable, team: int = 0) -> TeamScore:
    """Score one team's side of the table, line by line."""
    lines = _book_lines(rules, table.melds)
    melded = sum(rules.card_values[C.rank(c)] for _, cards in table.melds for c in cards)
    if table.melds:
        lines.append(ScoreLine("melded", "Melded cards", melded))
    if rules.unfinished_wild_penalty:
        open_wild = sum(
            1 for rank, cards in table.melds if rank == C.WILD_RANK and len(cards) < BOOK_SIZE
        )
        if open_wild:
            lines.append(
                ScoreLine("penalty", "Unfinished wild meld", open_wild * rules.unfinished_wild_penalty)
            )
    if table.red_threes:
        word = "red 3" if table.red_threes == 1 else "red 3s"
        lines.append(
            ScoreLine("red_threes", f"{table.red_threes} {word}", table.red_threes * rules.red_three_bonus)
        )
        if rules.red_three_seven_bonus and table.red_threes >= 7:
            lines.append(ScoreLine("red_threes", "Seven red 3s", rules.red_three_seven_bonus))
    if table.went_out:
        lines.append(ScoreLine("going_out", "Going out", rules.going_out_bonus))
    for left in table.leftovers:
        if not left.cards:
            continue
        where = f"{left.player}'s {left.zone}" + (" (never picked up)" if left.unplayed else "")
        # A red 3 in a set never picked up is a penalty of its own: a line of its own, so it shows.
        reds = [c for c in left.cards if C.is_red_three(c)]
        others = [c for c in left.cards if not C.is_red_three(c)]
        if others:
            lines.append(ScoreLine("leftover", where, -leftover_points(rules, others, left.unplayed)))
        if reds:
            label = f"{len(reds)} red 3{'s' if len(reds) != 1 else ''} in {where}"
            lines.append(ScoreLine("leftover", label, -leftover_points(rules, reds, left.unplayed)))
    return TeamScore(team, tuple(lines))
