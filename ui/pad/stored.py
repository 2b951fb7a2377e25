"""A score pad to and from its stored record, strictly: a record that can't be trusted is set
aside with a sentence saying why, and reading never raises anything but ``PadError``."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine import seats
from engine.errors import LoadError
from engine.rules import RuleSet
from engine.scoring import book_kinds
from engine.serialize import parse_json
from ui.pad.entries import (
    DATE,
    MAX_CARDS,
    MAX_COUNT,
    MAX_NAME,
    MAX_POINTS,
    MAX_RECORD_CHARS,
    MAX_ROUNDS,
    PREFIX,
    STAGES,
    PadError,
    PlayerEntry,
    Round,
    SideEntry,
    card_classes,
    read_name,
    real_date,
    shape,
    unpicked_sets,
)
from ui.pad.sheet import Pad
from ui.settings.model import HOUSE_CHOICES, PRESET_NAMES, rules_for

# ----- storage: to and from a dict, strictly -------------------------------------------------


def to_dict(pad: Pad) -> dict[str, Any]:
    """The pad as JSON-friendly data (what a record stores)."""
    return {
        "v": 1, "id": pad.id, "name": pad.name, "date": pad.date, "seq": pad.seq, "individual": pad.individual,
        "rules": {"preset": pad.preset, "house": pad.house},
        "sides": list(pad.sides), "players": [list(p) for p in pad.players],
        "rounds": [
            {
                "out": r.out,
                "sides": [
                    {
                        "books": dict(s.books), "mode": s.mode, "melded": s.melded, "cards": list(s.cards),
                        "open_wild": s.open_wild, "reds": s.reds,
                        "players": [
                            [p.stage, p.held, p.knee, p.knee_reds, p.foot, p.foot_reds] for p in s.players
                        ],
                    }
                    for s in r.sides
                ],
            }
            for r in pad.rounds
        ],
    }


def dump(pad: Pad) -> str:
    return json.dumps(to_dict(pad), separators=(",", ":"), sort_keys=True)


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise PadError(f"The score pad can't be read: {what}.")


def _int(value: Any, limit: int, what: str) -> int:
    _need(type(value) is int and 0 <= value <= limit, f"{what} is not a whole number from 0 to {limit:,}")
    return int(value)


def _name(value: Any, what: str) -> str:
    _need(isinstance(value, str), f"{what} is not text")
    try:
        text = read_name(value)
    except PadError:
        text = ""
    _need(text == value and bool(text), f"{what} is not a name of up to {MAX_NAME} characters")
    return text


def _rules(data: Any) -> tuple[str, dict[str, Any], RuleSet]:
    _need(isinstance(data, dict) and set(data) == {"preset", "house"}, "its rules are missing")
    preset, house = data["preset"], data["house"]
    _need(isinstance(preset, str) and preset in PRESET_NAMES, "its rule set is not one of the app's")
    _need(isinstance(house, dict) and len(house) <= len(HOUSE_CHOICES), "its house rules are not a list of switches")
    for key, value in house.items():
        choices = HOUSE_CHOICES.get(key, ("", ()))[1]
        _need(any(v == value and type(v) is type(value) for v, _c, _t in choices), "a house rule is not one offered")
    try:
        rules = rules_for(preset, house)
    except ValueError:
        raise PadError("The score pad can't be read: its house rules don't fit its rule set.") from None
    return preset, dict(house), rules


def _player(data: Any, rules: RuleSet) -> PlayerEntry:
    _need(isinstance(data, list) and len(data) == 6, "a player's entry is not six values")
    stage = data[0]
    _need(stage in STAGES and (stage != "knee" or bool(rules.knee_size)), "a player's set is not hand, knee or foot")
    held, knee, knee_reds, foot, foot_reds = (
        _int(v, MAX_COUNT if i in (2, 4) else MAX_POINTS, "a leftover") for i, v in enumerate(data[1:])
    )
    unpicked = unpicked_sets(rules, stage)
    _need("knee" in unpicked or knee == knee_reds == 0, "a knee picked up still has cards")
    _need("foot" in unpicked or foot == foot_reds == 0, "a foot picked up still has cards")
    return PlayerEntry(stage, held, knee, knee_reds, foot, foot_reds)


def _side(data: Any, rules: RuleSet, size: int) -> SideEntry:
    _need(isinstance(data, dict), "a side's entry is not a record")
    expected = {"books", "mode", "melded", "cards", "open_wild", "reds", "players"}
    _need(set(data) == expected, "a side's entry has missing or unknown fields")
    codes = [code for code, _, _ in book_kinds(rules)]
    books = data["books"]
    _need(isinstance(books, dict) and sorted(books) == sorted(codes), "its books are not the rules' kinds")
    cards = data["cards"]
    _need(isinstance(cards, list) and len(cards) == len(card_classes(rules)), "its card counts don't fit the rules")
    players = data["players"]
    _need(isinstance(players, list) and len(players) == size, "a side has the wrong number of players")
    _need(data["mode"] in ("points", "cards"), "a side's melded cards are neither points nor counts")
    return SideEntry(
        books=tuple((code, _int(books[code], MAX_COUNT, "a book count")) for code in codes),
        mode=data["mode"],
        melded=_int(data["melded"], MAX_POINTS, "the melded points"),
        cards=tuple(_int(n, MAX_CARDS, "a card count") for n in cards),
        open_wild=_int(data["open_wild"], MAX_COUNT, "the unfinished wild melds"),
        reds=_int(data["reds"], MAX_COUNT, "the red 3s"),
        players=tuple(_player(p, rules) for p in players),
    )


def _round(data: Any, rules: RuleSet, individual: bool) -> Round:
    _need(isinstance(data, dict) and set(data) == {"out", "sides"}, "a round is not a record")
    out, sides = data["out"], data["sides"]
    count, size = shape(rules, individual)
    _need(
        out == "" or (isinstance(out, str) and re.fullmatch(r"[0-5]\.[0-2]", out) is not None
                      and int(out[0]) < count and int(out[2]) < size),
        "who went out is not a player",
    )
    _need(isinstance(sides, list) and len(sides) == count, f"a round does not have {count} sides")
    return Round(tuple(_side(s, rules, size) for s in sides), out)


def from_dict(data: Any) -> Pad:
    """A pad from stored data; raises PadError, saying what is wrong, unless every field is as the app writes it."""
    _need(isinstance(data, dict) and data.get("v") == 1, "it is not a score pad of this app")
    keys = {"v", "id", "name", "date", "seq", "rules", "sides", "players", "rounds"}
    _need(set(data) in (keys, keys | {"individual"}), "it has missing or unknown fields")
    individual = data.get("individual", False)  # pads kept before individual pads are two teams
    _need(type(individual) is bool, "whether its players play alone is not yes or no")
    pad_id = data["id"]
    _need(isinstance(pad_id, str) and re.fullmatch(r"[0-9a-z-]{1,40}", pad_id) is not None, "its id is not one")
    date = data["date"]
    _need(isinstance(date, str) and DATE.fullmatch(date) is not None and real_date(date), "its date is not a day")
    seq = data["seq"]
    _need(type(seq) is int and 0 <= seq < 10**12, "its save number is not one")
    preset, house, rules = _rules(data["rules"])
    _need(not individual or seats.individual(rules.players), "its players play alone at a table of teams")
    # Two sides of one at a table of two are pads kept before individual pads; never three players.
    _need(individual or rules.players != 3, "its three players are not each on their own")
    count, size = shape(rules, individual)
    sides, players, rounds = data["sides"], data["players"], data["rounds"]
    _need(isinstance(sides, list) and len(sides) == count, f"it does not have {count} sides")
    _need(isinstance(players, list) and len(players) == count, f"it does not have the players of {count} sides")
    _need(all(isinstance(p, list) and len(p) == size for p in players), "a side has the wrong number of players")
    _need(not individual or all(p == [s] for p, s in zip(players, sides, strict=True)),
          "a player alone is not named as their side")
    _need(isinstance(rounds, list) and 1 <= len(rounds) <= MAX_ROUNDS, f"it has no rounds or more than {MAX_ROUNDS}")
    pad = Pad(
        pad_id, _name(data["name"], "its name"), date, preset, house,
        tuple(_name(s, "a side's name") for s in sides),
        tuple(tuple(_name(n, "a player's name") for n in p) for p in players),
        tuple(_round(r, rules, individual) for r in rounds), seq, individual,
    )
    for r in pad.rounds:  # who went out holds nothing, from the foot
        if r.out:
            p = r.sides[int(r.out[0])].players[int(r.out[2])]
            _need(p == PlayerEntry("foot"), "the player who went out still holds cards")
    return pad


def load(text: Any) -> Pad:
    """A pad from its stored text; raises PadError."""
    try:
        data = parse_json(text, "score pad", MAX_RECORD_CHARS)
    except LoadError as err:
        raise PadError(str(err)) from None
    return from_dict(data)


@dataclass(frozen=True)
class Unreadable:
    """A stored pad that can't be read: listed with why, left as it is until the player deletes it."""

    key: str
    problem: str


def choose(primary: Mapping[str, Any], quick: Mapping[str, Any], quick_prefix: str) -> tuple[
    list[Pad], list[Unreadable], dict[str, str]
]:
    """The pads in IndexedDB (``primary``) and their localStorage copies, the newer of each (a tie to IndexedDB).

    Returns the pads (newest date first), the unreadable records (IndexedDB's, or a copy with none
    beside it), and the records to write back to IndexedDB (a newer copy from localStorage).
    """
    found: dict[str, tuple[Pad, int]] = {}
    bad: list[Unreadable] = []
    for rank, source, prefix in ((1, primary, PREFIX), (0, quick, quick_prefix)):
        for key in sorted(k for k in source if isinstance(k, str) and k.startswith(prefix)):
            try:
                pad = load(source[key])
            except PadError as err:
                bad.append(Unreadable(key, str(err)))
                continue
            if key != prefix + pad.id:
                bad.append(Unreadable(key, "The score pad can't be read: it is stored under another pad's name."))
                continue
            best = found.get(pad.id)
            if best is None or (pad.seq, rank) > (best[0].seq, best[1]):
                found[pad.id] = (pad, rank)
    readable = set(found)
    bad = [b for b in bad if b.key.removeprefix(PREFIX).removeprefix(quick_prefix) not in readable]
    writes = {PREFIX + pad.id: dump(pad) for pad, rank in found.values() if rank == 0}
    pads = sorted((p for p, _ in found.values()), key=lambda p: (p.date, p.id), reverse=True)
    return pads, bad, writes
