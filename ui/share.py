"""Share links: ``?rules=classic&deal=123&level=hard&house=pickup.whole~upcard.yes``.

The link carries the computer level it was shared at, so everyone who opens it faces the same
opponents; a link made before the level travelled (no ``level``) opens at the receiver's own level.

Parsing is strict and never echoes what it was given: a link from anywhere
(typed, pasted, tampered with) gets either a valid request or one plain
sentence saying what is wrong, so nothing from the link reaches the page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlencode

from engine.deal import MAX_DEAL
from engine.house_rules import house_overrides, switch_applies
from engine.rules import RuleSet, preset
from engine.seats import individual, seat_names, teammates
from ui.rules.text import shown_title
from ui.settings.model import (
    HOUSE_CHOICES,
    LEVEL_NAMES,
    LEVELS,
    PRESET_NAMES,
    house_code,
    house_of,
    house_value,
    rules_for,
)
from ui.taps import Note

if TYPE_CHECKING:
    from ui.app import App

KNOWN_KEYS = {"rules", "deal", "level", "house", "test"}
MAX_QUERY = 600

# The query is read and written with ``urllib.parse``.  Before the standard library shipped
# compiled, this module had its own copies of these two functions: importing ``urllib.parse``
# from source (it pulls in ``ipaddress``) cost about 60 ms of the app's start-up in Pyodide;
# compiled (the build's stdlib.zip) it costs about 6 ms (measured 2026-12-01 under Node).


def encode_query(params: dict[str, str]) -> str:
    """``key=value&...`` with form encoding: spaces as '+', everything but unreserved characters as %XX."""
    return urlencode(params)


def decode_query(query: str) -> dict[str, list[str]]:
    """Every value of every key, in order; blank values kept."""
    return parse_qs(query, keep_blank_values=True)


@dataclass(frozen=True)
class ShareRequest:
    """A valid link: which rules, house switches and deal to start."""

    preset: str
    deal: int
    house: dict[str, Any]
    level: str | None = None
    """The computer level the link was shared at; None for a link made before links carried it."""


@dataclass(frozen=True)
class ShareProblem:
    """A link that can't be used, with the sentence to show."""

    message: str


def build_query(rules: RuleSet, deal: int, level: str | None = None) -> str:
    """The query string (with its leading '?') that opens this deal with these rules (and computer level)."""
    params = {"rules": rules.name, "deal": str(deal)}
    if level is not None:
        if level not in LEVEL_NAMES:
            raise ValueError(f"no computer level {level!r}: one of {', '.join(LEVEL_NAMES)}")
        params["level"] = level
    house = house_of(rules)
    if house:
        params["house"] = "~".join(f"{k}.{house_code(k, v)}" for k, v in sorted(house.items()))
    return "?" + encode_query(params)


def parse_deal_number(text: str) -> int | None:
    """A deal number typed or linked, 1 to MAX_DEAL; None when it isn't one.

    Digits, or digits in groups of three split by commas or by spaces, as the app prints a deal
    ("deal 517,553,274") and as a player may copy it.
    """
    text = text.strip()
    if not text or len(text) > 15 or not text.isascii():
        return None
    for sep in (",", " "):
        if sep in text:
            head, *groups = text.split(sep)
            if not 1 <= len(head) <= 3 or any(len(g) != 3 for g in groups):
                return None
            text = head + "".join(groups)
            break
    if not text.isdigit():
        return None
    number = int(text)
    return number if 1 <= number <= MAX_DEAL else None


def parse_query(query: str) -> ShareRequest | ShareProblem | None:
    """Read a page's query string: None when it holds no game link."""
    query = query.lstrip("?")
    if not query:
        return None
    if len(query) > MAX_QUERY:
        return ShareProblem("That link is too long to be a game link, so a normal game starts instead.")
    params = decode_query(query)
    if not ({"rules", "deal", "house"} & set(params)):
        return None
    if any(len(v) > 1 for v in params.values()):
        return ShareProblem("That link names its game twice, so a normal game starts instead.")
    name = params.get("rules", ["classic"])[0]
    if name not in PRESET_NAMES:
        return ShareProblem(
            "That link asks for rules this app doesn't know, so it can't open that deal. "
            "The rule sets are: " + ", ".join(PRESET_NAMES) + "."
        )
    if "deal" not in params:
        return ShareProblem("That link has no deal number, so it can't open a deal.")
    deal = parse_deal_number(params["deal"][0])
    if deal is None:
        return ShareProblem(
            f"That link's deal number isn't a whole number from 1 to {MAX_DEAL:,}, so it can't open that deal."
        )
    level = params.get("level", [None])[0]
    if level is not None and level not in LEVEL_NAMES:
        return ShareProblem(
            "That link asks for a computer level this app doesn't have, so it can't open that deal. "
            "The levels are: " + ", ".join(LEVEL_NAMES) + "."
        )
    house: dict[str, Any] = {}
    text = params.get("house", [""])[0]
    for item in filter(None, text.split("~")):
        key, _, code = item.partition(".")
        if key not in HOUSE_CHOICES:
            return ShareProblem("That link has a house rule this app doesn't know, so it can't open that deal.")
        try:
            house[key] = house_value(key, code)
        except ValueError:
            return ShareProblem("That link sets a house rule to a value this app doesn't know.")
    if not all(switch_applies(preset(name), key) for key in house):
        return ShareProblem("That link sets a house rule these rules don't have, so it can't open that deal.")
    try:
        rules_for(name, house)
    except ValueError as err:
        clash = "That link's house rules don't fit together, so it can't open that deal."
        why = str(err)  # from the app's own choices, never the link's text
        # The engine's sentences for players say which rules clash and what would fit; its other words are not.
        return ShareProblem(f"{clash} {why}" if why[:1].isupper() and why.endswith(".") else clash)
    return ShareRequest(name, deal, house, level)


def seats_sentence(players: int) -> str:
    """Where the player sits and with whom, for this many players ("You sit South, partnered with North.")."""
    if individual(players):
        return "You sit South, each on your own."
    names = [seat_names(players)[s] for s in teammates(0, players)]
    return f"You sit South, partnered with {' and '.join(names)}."


def arrival_note(request: ShareRequest, first_visit: bool, own_level: str) -> str:
    """What a shared link's game opens with: on a device new to the app, the welcome, saying the deal
    is the one from the link; otherwise which deal, rules and opponents the link brought (and, when
    the link's level differs from ``own_level``, that Settings now holds it)."""
    rules = rules_for(request.preset, request.house)
    names = dict(LEVELS)
    level = names.get(request.level or own_level, "Normal")
    house = ", with house rules" if house_overrides(rules) else ""  # not a table size the source plays
    if not first_visit:
        changed = (
            f" Your computer level is now {level}, as in the link (Settings changes it back)."
            if request.level is not None and request.level != own_level else ""
        )
        title = shown_title(rules)
        return f"From a shared link: deal {request.deal:,}, {title}{house}, {level} computer players.{changed}"
    return (
        f"Welcome! Here is the deal from your link: {shown_title(rules)}{house}, "
        f"{level} computer players. " + seats_sentence(rules.players) + " Hint suggests a move."
    )


def open_link(app: App, request: ShareRequest, first_visit: bool) -> None:
    """Start the deal a share link asked for, with its rules and its computer level, and say so.

    The link's level becomes the level in Settings (kept like any setting, so a reload or the next
    game plays the same opponents); a link without one leaves Settings as they are.  ``first_visit``:
    the device held nothing of the app's before this link (``App.first_visit`` before the game starts),
    so the note is the welcome."""
    own = app.settings.level
    if request.level is not None and request.level != own:
        app.settings = app.settings.with_change("level", request.level)
        app.settings_dirty = True
        app.forget_bots()
    app.new_game(request.deal, rules_for(request.preset, request.house))
    app.note = Note(arrival_note(request, first_visit, own))
    app.lesson_offer = first_visit  # someone new to the app: the lesson is offered beside the link's deal
