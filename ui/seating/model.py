"""Who sits where: the seats people play (each with a name) and the computers' seats.

Pure Python.  A ``Seating`` is stored with the saved game (``ui.saves``) and read back strictly
(``read``): a save without one is an old save, one person at South and computers elsewhere.  Names
are the players' own typing: ``clean_name`` keeps them to one line of visible text (no control,
format, bidi-override or zero-width characters) of at most ``MAX_NAME`` characters, and the pages
escape them like any other text.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from engine.state import seat_names
from ui.settings.model import LEVEL_NAMES
from ui.sides import SOUTH

MAX_NAME = 24
"""The longest name kept, in characters."""
MAX_TYPED = 200
"""Longer typing than this is refused before it is looked at."""
DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode categories left out of a name: controls, format characters (zero-width, bidi marks and
overrides, the byte-order mark), surrogates, private-use and unassigned code points, line breaks."""


def clean_name(text: Any) -> str:
    """A typed name as the app keeps it: invisible and control characters out, spaces collapsed,
    trimmed, at most ``MAX_NAME`` characters ('' for anything that is not text)."""
    if not isinstance(text, str) or len(text) > MAX_TYPED:
        return ""
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in unicodedata.normalize("NFC", text)
        if ch.isspace() or unicodedata.category(ch) not in DROPPED_CATEGORIES
    )
    return " ".join(kept.split())[:MAX_NAME].strip()


@dataclass(frozen=True)
class SeatDraft:
    """The seat chooser as the person filled it in when it was refused (a name missing or shared): shown again
    as it was, with ``problem`` beside its button, so nothing typed is lost."""

    people: tuple[tuple[int, str], ...]
    levels: dict[int, str]
    guests: frozenset[int]
    problem: str
    same_deal: bool = False
    """The deal on the table was chosen (when it was offered: ``App.deal_to_share``)."""


@dataclass(frozen=True)
class Seating:
    """The people at the table as (seat, name) pairs in seat order; computer players take the other seats."""

    people: tuple[tuple[int, str], ...] = ((SOUTH, ""),)
    levels: tuple[tuple[int, str], ...] = ()
    """The computer seats' own levels as (seat, level) in seat order; none: every computer plays at the
    level in Settings (as every game did before levels were chosen per seat)."""
    guests: tuple[int, ...] = ()
    """The people's seats played on a device of their own (a guest joined over the room's Wi-Fi,
    ``ui.remote``), in seat order; the other people play on this device."""

    @property
    def humans(self) -> frozenset[int]:
        return frozenset(seat for seat, _name in self.people)

    @property
    def together(self) -> bool:
        """More than one person plays: the device is passed between them."""
        return len(self.people) > 1

    @property
    def here(self) -> frozenset[int]:
        """The seats of the people who play on this device (every person but the guests on phones of their own)."""
        return frozenset(seat for seat, _name in self.people if seat not in self.guests)

    @property
    def passed(self) -> bool:
        """More than one person plays on this device: it is passed between them."""
        return len(self.people) - len(self.guests) > 1

    def name(self, seat: int, players: int) -> str:
        """What the table calls ``seat``: its person's name, else the seat's compass name."""
        for person, name in self.people:
            if person == seat and name:
                return name
        return seat_names(players)[seat]

    def level(self, seat: int) -> str:
        """The level chosen for the computer in ``seat`` ('': the level in Settings)."""
        return next((level for s, level in self.levels if s == seat), "")

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"people": [[seat, name] for seat, name in self.people]}
        if self.levels:
            data["levels"] = [[seat, level] for seat, level in self.levels]
        if self.guests:
            data["guests"] = list(self.guests)
        return data


ALONE = Seating()
"""One person at South, computers elsewhere: the default, and what a save without a seating means."""


def seating_problem(people: list[tuple[int, str]], players: int) -> str:
    """Why these people can't sit down together ('' when they can): a sentence for the player."""
    if not people:
        return "At least one seat needs a person."
    if any(not (0 <= seat < players) for seat, _name in people):
        return "A seat is not at this table."
    if len({seat for seat, _name in people}) != len(people):
        return "A seat can hold one person."
    if len(people) > 1:
        if any(not name for _seat, name in people):
            return "Give every person a name, so the app can say whose turn it is."
        folded = [name.casefold() for _seat, name in people]
        if len(set(folded)) != len(folded):
            return "Two people can't have the same name: add an initial to one."
    return ""


def make(
    people: list[tuple[int, str]],
    players: int,
    levels: dict[int, str] | None = None,
    default: str = "",
    guests: frozenset[int] = frozenset(),
) -> Seating | str:
    """A seating from typed names (cleaned here) and each computer seat's chosen level (an unknown one is
    ``default``'s), or the sentence saying what is wrong.  Levels all ``default`` are not kept: those
    computers play at the level in Settings, as before."""
    cleaned = sorted((seat, clean_name(name)) for seat, name in people)
    problem = seating_problem(cleaned, players)
    if problem:
        return problem
    taken = {seat for seat, _name in cleaned}
    chosen = {
        seat: level if level in LEVEL_NAMES else default
        for seat, level in sorted((levels or {}).items())
        if type(seat) is int and 0 <= seat < players and seat not in taken
    }
    kept = tuple(chosen.items()) if any(level != default for level in chosen.values()) else ()
    remote = tuple(sorted(seat for seat in guests if seat in taken))
    if len(remote) >= len(cleaned):
        return "One person plays on this device: it holds the game the guests join."
    return Seating(tuple(cleaned), tuple((s, lv) for s, lv in kept if lv), remote)


def _levels(data: Any, players: int, humans: frozenset[int]) -> tuple[tuple[int, str], ...] | None:
    """The computer seats' levels stored with a seating (strictly: None when anything is off).  A level this
    build doesn't offer (one a newer or older version saved) is left out: that computer plays at the level
    in Settings, and the game loads."""
    if not isinstance(data, list) or not data or len(data) > players:
        return None
    levels: list[tuple[int, str]] = []
    seats = []
    for item in data:
        if not (isinstance(item, list) and len(item) == 2):
            return None
        seat, level = item
        if type(seat) is not int or not (0 <= seat < players) or seat in humans or not isinstance(level, str):
            return None
        seats.append(seat)
        if level in LEVEL_NAMES:
            levels.append((seat, level))
    return tuple(levels) if seats == sorted(set(seats)) else None


def read(data: Any, players: int) -> Seating | None:
    """The seating stored with a save: ``ALONE`` when there is none (an old save), None when it is damaged."""
    if data is None:
        return ALONE
    if (
        not isinstance(data, dict)
        or set(data) - {"levels", "guests"} != {"people"}
        or not isinstance(data["people"], list)
    ):
        return None
    people: list[tuple[int, str]] = []
    for item in data["people"][: players + 1]:
        if not (isinstance(item, list) and len(item) == 2):
            return None
        seat, name = item
        if type(seat) is not int or not isinstance(name, str) or clean_name(name) != name:
            return None
        people.append((seat, name))
    if len(data["people"]) > players or seating_problem(people, players) or people != sorted(people):
        return None
    guests = _guests(data.get("guests", []), people)
    if guests is None:
        return None
    if "levels" not in data:  # an older save: its computers play at the level in Settings
        return Seating(tuple(people), guests=guests)
    levels = _levels(data["levels"], players, frozenset(seat for seat, _name in people))
    return None if levels is None else Seating(tuple(people), levels, guests)


def _guests(data: Any, people: list[tuple[int, str]]) -> tuple[int, ...] | None:
    """The seats played on guests' devices stored with a seating (strictly: None when anything is off;
    at least one person stays on this device)."""
    seats = [seat for seat, _name in people]
    if not isinstance(data, list) or len(data) >= len(seats):
        return None
    if any(type(seat) is not int or seat not in seats for seat in data) or data != sorted(set(data)):
        return None
    return tuple(data)
