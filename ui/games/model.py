"""Every game kept: the games put aside when another one starts, each a record in IndexedDB.

A game is put aside (never dropped) whenever another takes its place: a share link, a new game,
or resuming another kept game. Each record holds the save and what the Games screen shows of it,
so listing them parses no game. Pure Python: ``ui/browser/records.py`` reads and writes the store.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.deal import MAX_DEAL
from engine.errors import LoadError
from engine.seats import PLAYER_COUNTS, sides
from engine.serialize import parse_json
from engine.state import Game
from engine.wording import join
from ui.lesson.plans import lesson_game
from ui.rules.text import shown_title
from ui.seating.model import clean_name
from ui.sides import totals_words

PREFIX = "kept-game-"
MAX_GAMES = 30
"""At most this many games are kept aside; past it the oldest finished ones go first."""
MAX_RECORD_CHARS = 2_100_000
MAX_TITLE = 60
MAX_TIME = 10**13
"""Latest time a kept game may carry, in ms since 1970 (the year 2286)."""
MAX_ROUNDS = 1_000
MAX_TOTAL = 10**9
"""Bounds no real game comes near: a record past them is damaged, and left out."""


@dataclass(frozen=True)
class KeptGame:
    """A game put aside, as the Games screen lists it."""

    key: str
    title: str
    deal: int
    round_index: int
    totals: tuple[int, ...]
    """One per side: two teams, or each player's in individual play."""
    over: bool
    played: int
    """When it was put aside, in milliseconds since 1970."""
    save: str
    players: int = 4
    people: tuple[str, ...] = ()
    """The names of the people who played it together on this device (none for one person and computers)."""
    lesson: bool = False
    """A lesson's game (``ui.lesson.plans.lesson_game``): listed as a lesson, never counted in Statistics."""
    between: bool = False
    """Put aside between rounds: its round ``round_index`` has been scored, the next not dealt."""

    def summary(self) -> str:
        """'Deal 4417 · Classic … · round 2 · us 1,230, them 560 · in progress' (and who played, if named)."""
        totals = totals_words(self.players, self.totals)
        who = f" · {join(list(self.people))}" if self.people else ""
        title = f"{self.title} · lesson" if self.lesson else self.title
        title += size_words(self.players)
        where, state = progress_words(self.round_index, self.over, self.between)
        return f"Deal {self.deal:,} · {title} · {where} · {totals} · {state}{who}"

    def when(self) -> str:
        """When it was last played, as a player reads it ('1 Dec 10:30')."""
        try:
            return time.strftime("%d %b %H:%M", time.gmtime(self.played / 1000)).lstrip("0") + " UTC"
        except (OverflowError, OSError, ValueError):  # a time no clock reaches (``read`` keeps them out)
            return "at an unknown time"


def size_words(players: int) -> str:
    """' · six players' for a six-player game, whose 'us'/'them' alone reads as four; '' otherwise."""
    return " · six players" if players == 6 else ""


def progress_words(round_index: int, over: bool, between: bool) -> tuple[str, str]:
    """How far a game has gone, as its line on the Games screen says it: ('round 2', 'in progress'),
    ('round 1 scored', 'in progress') between rounds, or ('round 4', 'finished')."""
    if over:
        return f"round {round_index + 1}", "finished"
    return f"round {round_index + 1}{' scored' if between else ''}", "in progress"


def record(game: Game, save_text: str, played: int, people: tuple[str, ...] = ()) -> str:
    """The stored record of ``game`` (its save and what the Games screen shows, with the names of the
    ``people`` who played it together)."""
    extra: dict[str, Any] = {"people": list(people)} if people else {}
    if lesson_game(game):
        extra["lesson"] = True
    if game.phase == "round_over":
        extra["between"] = True
    return json.dumps(
        {
            **extra,
            "v": 1,
            "title": shown_title(game.rules)[:MAX_TITLE],
            "deal": game.deal_number,
            "round": game.round_index,
            "totals": list(game.totals),
            "players": game.n,
            "over": game.phase == "game_over",
            "played": played,
            "save": save_text,
        },
        separators=(",", ":"),
    )


def read(key: str, raw: Any) -> KeptGame | None:
    """A kept game read back, or None unless the record is whole and every field has its type and range."""
    if not isinstance(raw, str) or not isinstance(key, str):
        return None
    try:
        data = parse_json(raw, "kept game", MAX_RECORD_CHARS)
    except LoadError:
        return None
    if not isinstance(data, dict) or data.get("v") != 1:
        return None
    title, deal, round_index = data.get("title"), data.get("deal"), data.get("round")
    totals, over, played, save = data.get("totals"), data.get("over"), data.get("played"), data.get("save")
    if type(deal) is not int or type(round_index) is not int or type(played) is not int:
        return None
    if not (1 <= deal <= MAX_DEAL and 0 <= round_index <= MAX_ROUNDS and 0 <= played <= MAX_TIME):
        return None  # a time past the year 2286 can't be printed as a date (10**20 broke the Games screen)
    if not (isinstance(title, str) and len(title) <= MAX_TITLE):
        return None
    players = data.get("players", 4)
    if type(players) is not int or players not in PLAYER_COUNTS:
        return None
    if not (isinstance(totals, list) and len(totals) == sides(players)
            and all(type(x) is int and abs(x) <= MAX_TOTAL for x in totals)):
        return None
    if type(over) is not bool or not isinstance(save, str):
        return None
    people = data.get("people", [])
    if not (isinstance(people, list) and len(people) <= players
            and all(isinstance(p, str) and p and clean_name(p) == p for p in people)):
        return None
    lesson, between = data.get("lesson", False), data.get("between", False)
    if type(lesson) is not bool or type(between) is not bool:
        return None
    return KeptGame(key, title, deal, round_index, tuple(totals), over, played, save, players, tuple(people),
                    lesson, between)


def kept_games(stored: Mapping[str, Any]) -> list[KeptGame]:
    """The games kept aside in ``stored``, the most recently played first (unreadable records left out)."""
    found = [read(key, stored[key]) for key in stored if isinstance(key, str) and key.startswith(PREFIX)]
    return sorted((g for g in found if g is not None), key=lambda g: (g.played, g.key), reverse=True)


def same_game(old: Game, new: Game) -> bool:
    """True when ``new`` is ``old`` itself with this turn's melds taken back (Undo makes a new ``Game``).

    Such a game takes the table's place without replacing the game there, so it must not be put
    aside under Games: kept, it would list a second copy of the same game beside the real one.
    A replayed round or a new deal is another game (its history holds no record of a take-back)."""
    if old is new:
        return True
    mark = len(new.history)
    return (
        new.deal_number == old.deal_number
        and new.rules == old.rules
        and new.takebacks == old.takebacks + 1
        and new.undone == (*old.undone, (mark, tuple(old.history[mark:])))
        and new.history == old.history[:mark]
    )


def new_key(stored: Mapping[str, Any], played: int) -> str:
    """A key for a game put aside now, unused in ``stored``."""
    key, n = f"{PREFIX}{played}", 1
    while key in stored:
        key, n = f"{PREFIX}{played}-{n}", n + 1
    return key


def over_cap(games: list[KeptGame], limit: int = MAX_GAMES) -> list[str]:
    """The keys to drop so that at most ``limit`` games stay: the oldest finished games first, then the oldest."""
    extra = len(games) - limit
    if extra <= 0:
        return []
    oldest_first = sorted(games, key=lambda g: (not g.over, g.played))
    return [g.key for g in oldest_first[:extra]]
