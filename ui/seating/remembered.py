"""The names remembered for next time: the people seated last, offered again by the seat chooser.

Pure Python.  The record is the app's own (``ui/browser/`` keeps it in IndexedDB and localStorage,
the newer ``seq`` wins), but what comes back from storage is read totally: anything damaged, foreign
or hostile gives the defaults (nothing remembered), never an error, and every name goes through the
same cleaning as typed names (``clean_name``).
"""

from __future__ import annotations

import json
from typing import Any

from engine.errors import LoadError
from engine.serialize import parse_json
from ui.seating.model import MAX_TYPED, Seating, clean_name, seating_problem

MAX_SEATS = 6
"""The largest table: a remembered seat is one of its seats."""
MAX_CHARS = 4_000
"""Longer stored text than this is not the app's record, and is not parsed."""
SCHEMA = 1

People = tuple[tuple[int, str], ...]
NOTHING: People = ()


def remember(seating: Seating) -> People:
    """What a seating leaves to remember: its people who have a name (none for one nameless person)."""
    return tuple((seat, name) for seat, name in seating.people if name)


def dump(people: People, seq: int) -> str:
    """The record's JSON text, numbered ``seq`` (one higher at every change)."""
    return json.dumps({"v": SCHEMA, "seq": seq, "people": [[s, n] for s, n in people]}, separators=(",", ":"))


def read(raw: Any) -> tuple[People, int]:
    """(the people remembered, the record's seq) from a stored value; ``(NOTHING, -1)`` for anything else."""
    try:
        data = parse_json(raw, "names", max_chars=MAX_CHARS) if isinstance(raw, str) else None
    except LoadError:
        return NOTHING, -1
    if not isinstance(data, dict) or data.get("v") != SCHEMA or not isinstance(data.get("people"), list):
        return NOTHING, -1
    seq = data.get("seq")
    if type(seq) is not int or seq < 0 or len(data["people"]) > MAX_SEATS:
        return NOTHING, -1
    people: list[tuple[int, str]] = []
    for item in data["people"]:
        if not (isinstance(item, list) and len(item) == 2):
            return NOTHING, -1
        seat, typed = item
        if type(seat) is not int or not isinstance(typed, str) or len(typed) > MAX_TYPED:
            return NOTHING, -1
        people.append((seat, clean_name(typed)))
    people.sort()
    if not people or any(not name for _seat, name in people) or seating_problem(people, MAX_SEATS):
        return NOTHING, -1
    return tuple(people), seq


def choose(primary: Any, quick: Any) -> tuple[People, int]:
    """The newer readable one of the record's two stored copies (IndexedDB's on a tie)."""
    first, second = read(primary), read(quick)
    return second if second[1] > first[1] else first


def fitting(people: People, players: int) -> People:
    """The remembered people whose seats are at a table of ``players`` (none if they can't sit together)."""
    seated = [(s, n) for s, n in people if s < players]
    return tuple(seated) if seated and not seating_problem(seated, players) else NOTHING
