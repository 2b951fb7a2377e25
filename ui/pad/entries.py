"""The score pad's entries: what a round holds per side and player, the card classes counted, the
limits, and how a typed number or name is read.

The lowest part of ``ui.pad`` (``sheet`` builds the pad from these, ``stored`` reads and writes
it, ``model`` is the screen's state and the package's face). Pure Python, no browser objects.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

from engine import cards as C
from engine.rules import RuleSet
from engine.scoring import book_kinds

PREFIX = "pad-"
"""Store key prefix of a pad's record (``pad-<id>``); localStorage keeps a copy under ``handfoot-pad-<id>``."""
MAX_PADS = 50
MAX_RECORD_CHARS = 200_000
"""Longest pad record read back (twenty rounds of six players write about 20,000 characters)."""
MAX_NAME = 30
MAX_ROUNDS = 20
"""The most rounds a pad holds (the longest rule set, rook, ends after twelve)."""
MAX_COUNT = 60
"""The most books of one kind, red 3s or unfinished wild melds a side can have in a round."""
MAX_CARDS = 400
"""The most cards of one class a side can meld in a round."""
MAX_POINTS = 20_000
"""The most card points one entry can hold (every card of six decks melded is about 16,000)."""
STAGES = ("hand", "knee", "foot")
NAME_CHARS = re.compile(r"[\w ,.'&()\-]*")
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class PadError(ValueError):
    """An entry or a stored pad that can't be taken: ``str(err)`` says why, for the player."""


# ----- card classes: what "count the cards" asks for ------------------------------------------


def card_classes(rules: RuleSet) -> tuple[tuple[str, int], ...]:
    """(label, points each) of the classes of cards a side may meld, for counting melded cards.

    Wild cards first, then the natural ranks in runs of the same value ('4–7', '8–K', 'A').
    """
    rook = rules.deck == "rook"
    out: list[tuple[str, int]] = [("Rook birds" if rook else "Jokers", rules.value(0)), ("2s", rules.value(2))]
    runs: list[list[int]] = []
    for r in sorted(rules.meld_ranks):
        if runs and rules.value(runs[-1][-1]) == rules.value(r):
            runs[-1].append(r)
        else:
            runs.append([r])
    for run in runs:
        out.append((_run_label(run, rook), rules.value(run[0])))
    if rules.black_three_meld_going_out:
        out.append(("Black 3s", rules.value(3)))
    return tuple(out)


def counted_points(rules: RuleSet, counts: tuple[int, ...]) -> int:
    """The points of melded cards counted by class (``counts[i]`` cards of ``card_classes(rules)[i]``)."""
    return sum(n * value for n, (_, value) in zip(counts, card_classes(rules), strict=True))


def _short(rank: int, rook: bool) -> str:
    return str(rank) if rook else C.label(C.make(rank, 0))[:-1]


def _run_label(run: list[int], rook: bool) -> str:
    if len(run) == 1:
        return C.rank_name(run[0], rook, plural=True).capitalize()
    pieces: list[list[int]] = [[run[0]]]
    for r in run[1:]:
        if r == pieces[-1][-1] + 1:
            pieces[-1].append(r)
        else:
            pieces.append([r])
    words = [_short(p[0], rook) + ("–" + _short(p[-1], rook) if len(p) > 1 else "") for p in pieces]
    return ", ".join(words)


def books_label(label: str) -> str:
    """'book of 7s' -> 'Books of 7s', 'clean book' -> 'Clean books': the name of a count of books."""
    head, sep, tail = label.partition(" of ")
    return (head + "s" + sep + tail).capitalize() if sep else label.capitalize() + "s"


# ----- the entries ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerEntry:
    """What one player was left with: the set played from, its points, and any sets never picked up."""

    stage: str = "hand"
    held: int = 0
    knee: int = 0
    knee_reds: int = 0
    foot: int = 0
    foot_reds: int = 0


@dataclass(frozen=True)
class SideEntry:
    """One side's round: books by kind, melded cards, red 3s, and each player's leftovers."""

    books: tuple[tuple[str, int], ...] = ()
    mode: str = "points"
    """'points' (melded card points typed) or 'cards' (counted per card class)."""
    melded: int = 0
    cards: tuple[int, ...] = ()
    open_wild: int = 0
    reds: int = 0
    players: tuple[PlayerEntry, ...] = ()

    def book(self, code: str) -> int:
        return next((n for c, n in self.books if c == code), 0)


@dataclass(frozen=True)
class Round:
    """A round: every side's entries and who went out ('' for nobody, else 'side.player')."""

    sides: tuple[SideEntry, ...]
    out: str = ""


def shape(rules: RuleSet, individual: bool) -> tuple[int, int]:
    """(sides, players on each side) of a pad: one side per player alone, else two teams.

    A pad made before individual pads (``individual`` False) at a table of two or three keeps
    the shape it was made with: two sides of one player.
    """
    if individual:
        return rules.players, 1
    return 2, rules.players // 2


def blank_side(rules: RuleSet, size: int) -> SideEntry:
    kinds = tuple((code, 0) for code, _, _ in book_kinds(rules))
    cards = tuple(0 for _ in card_classes(rules))
    # Most players are in the foot when a round ends: the foot is where a blank entry starts.
    players = tuple(PlayerEntry("foot") for _ in range(size))
    return SideEntry(books=kinds, cards=cards, players=players)


def blank_round(rules: RuleSet, individual: bool = False) -> Round:
    count, size = shape(rules, individual)
    return Round(tuple(blank_side(rules, size) for _ in range(count)))


# ----- reading what the player typed ----------------------------------------------------------


def read_number(raw: str, label: str, limit: int) -> int:
    """A typed whole number from 0 to ``limit`` (empty is 0); raises PadError with a sentence saying why not."""
    text = raw.strip().replace(",", "")
    if not text:
        return 0
    if text.startswith("-") and text[1:].isascii() and text[1:].isdigit():
        raise PadError(f"{label}: a count can't be negative.")
    if not (text.isascii() and text.isdigit()):
        raise PadError(f"{label}: type a whole number, digits only.")
    if len(text) > 6 or int(text) > limit:
        raise PadError(f"{label}: at most {limit:,}.")
    return int(text)


def read_name(raw: str) -> str:
    """A typed name: at most ``MAX_NAME`` letters, digits, spaces and simple punctuation; raises PadError."""
    text = " ".join(raw.split())
    if len(text) > MAX_NAME or not NAME_CHARS.fullmatch(text):
        raise PadError(f"A name is at most {MAX_NAME} letters, digits, spaces and simple punctuation.")
    return text


def unpicked_sets(rules: RuleSet, stage: str) -> tuple[str, ...]:
    """The sets never picked up by a player playing from ``stage``."""
    if stage == "hand":
        return ("knee", "foot") if rules.knee_size else ("foot",)
    return ("foot",) if stage == "knee" else ()


def real_date(text: str) -> bool:
    """True for a real day written YYYY-MM-DD, from 1900 to 2999."""
    try:
        time.strptime(text, "%Y-%m-%d")
    except ValueError:
        return False
    return 1900 <= int(text[:4]) <= 2999
