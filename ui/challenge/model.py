"""Family challenges: a finished game sent as a link, played again on another device, compared.

Pure Python, no browser objects.  A challenge link carries, in its *fragment* (after ``#``,
which browsers never send to a server), the deal, the rules, the computer level, the
sender's result and every move of the sender's game, as compressed JSON in URL-safe
base64.  Opening it starts the same deal against the same computer players; when that game
ends, both results stand side by side and "Watch their game" replays the sender's moves.

Nothing in a link is trusted.  It is read as strictly as a share link (sizes checked before
decompressing or parsing, every field typed and bounded, the rules one the app offers), and
the sender's result is *verified*: their moves are re-applied by the engine from the deal
and the final position's digest compared with the one sent.  A result that doesn't follow
from the moves (a tampered link) shows as "unverified" and is never used to replay; it
never stops the deal from being played.

Each device keeps what it knows of a challenge as one record (``challenge-<id>``, the id
being the sender game's digest): the challenge as received or sent, and this device's own
result once played.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass, field, replace
from typing import Any

from engine.errors import LoadError
from engine.rules import RuleSet, rules_from_dict, rules_to_dict
from engine.seats import sides
from engine.serialize import MAX_ACTIONS, digest, parse_json, replay
from engine.state import Game

PARAM = "challenge"
PREFIX = "challenge-"
VERSION = 1
LEVELS = ("easy", "normal", "hard")
MAX_FRAGMENT = 60_000
"""Longest fragment read: a measured four-round game compresses to about 3 kB; hkf's longest well under 20."""
MAX_JSON = 400_000
"""Most bytes a link may decompress to (a zip bomb stops here)."""
MAX_NAME = 24
MAX_RECORDS = 50


@dataclass(frozen=True)
class Result:
    """One player's finished game of a challenge: the totals per side (South's first) and the moves."""

    totals: tuple[int, ...]
    moves: tuple[str, ...]
    takebacks: int = 0
    check: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"totals": list(self.totals), "moves": list(self.moves), "takebacks": self.takebacks,
                "check": self.check}


@dataclass(frozen=True)
class Challenge:
    """A challenge as a link carries it."""

    rules: RuleSet
    deal: int
    level: str
    theirs: Result
    name: str = ""
    """Who sent it, as they typed it (optional)."""

    @property
    def key(self) -> str:
        return PREFIX + (self.theirs.check or f"{self.deal}")

    def to_dict(self) -> dict[str, Any]:
        return {"v": VERSION, "rules": rules_to_dict(self.rules), "deal": self.deal, "level": self.level,
                "name": self.name, "result": self.theirs.to_dict()}


@dataclass(frozen=True)
class Problem:
    """A challenge link that can't be used, with the sentence to show."""

    message: str


@dataclass
class Record:
    """What this device keeps of one challenge: the challenge, whether its result checks out, our result."""

    challenge: Challenge
    verified: bool
    sent: bool = False
    """True on the device that made the link (its own game is ``theirs``)."""
    mine: Result | None = None
    played: int = 0
    """When it was made or opened here, in ms since 1970."""
    changed: bool = field(default=False, compare=False)

    @property
    def key(self) -> str:
        return self.challenge.key

    def to_json(self) -> str:
        data = {"v": VERSION, "challenge": self.challenge.to_dict(), "verified": self.verified, "sent": self.sent,
                "mine": self.mine.to_dict() if self.mine else None, "played": self.played}
        return json.dumps(data, separators=(",", ":"))


# ----- making a link -------------------------------------------------------------------------


def from_game(game: Game, level: str, name: str = "") -> Challenge:
    """The challenge of a finished game, played against computers of ``level``."""
    if not game.over:
        raise ValueError("Only a finished game can be sent as a challenge.")
    if level not in LEVELS:
        raise ValueError("Choose Easy, Normal or Hard.")
    result = Result(tuple(game.totals), tuple(game.history), game.takebacks, digest(game))
    return Challenge(game.rules, game.deal_number, level, result, _clean_name(name))


def fragment(challenge: Challenge) -> str:
    """The link's fragment, with its '#'."""
    raw = json.dumps(challenge.to_dict(), separators=(",", ":")).encode()
    packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
    return f"#{PARAM}={packed}"


# ----- reading a link ------------------------------------------------------------------------


def parse_fragment(text: str) -> Challenge | Problem | None:
    """Read a page's fragment: None when it holds no challenge; never raises."""
    text = text.lstrip("#")
    if not text.startswith(PARAM + "="):
        return None
    packed = text[len(PARAM) + 1 :]
    if len(packed) > MAX_FRAGMENT:
        return Problem("That challenge link is far too long to be one, so a normal game starts instead.")
    try:
        raw = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        inflater = zlib.decompressobj()
        data = inflater.decompress(raw, MAX_JSON)
        if inflater.unconsumed_tail or not inflater.eof:
            return Problem("That challenge link is damaged or far too big, so a normal game starts instead.")
        parsed = parse_json(data.decode("utf-8"), "challenge link", MAX_JSON)
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError, LoadError):
        return Problem("That challenge link is damaged (was it cut short?), so a normal game starts instead.")
    try:
        return challenge_from_dict(parsed)
    except (LoadError, ValueError) as err:
        return Problem(f"That challenge link can't be used: {_sentence(err)}")


def challenge_from_dict(data: Any) -> Challenge:
    """A challenge from its JSON form; raises ValueError (or LoadError) with a sentence."""
    if not isinstance(data, dict) or data.get("v") != VERSION:
        raise ValueError("it is not a challenge this app made.")
    rules = rules_from_dict(data.get("rules"))
    deal = data.get("deal")
    if type(deal) is not int or not 1 <= deal <= 999_999_999:
        raise ValueError("its deal number is not a whole number from 1 to 999,999,999.")
    level = data.get("level")
    if level not in LEVELS:
        raise ValueError("its computer level is not Easy, Normal or Hard.")
    name = data.get("name", "")
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise ValueError("its sender's name is too long.")
    return Challenge(rules, deal, str(level), result_from_dict(data.get("result"), rules.players), _clean_name(name))


def result_from_dict(data: Any, players: int) -> Result:
    if not isinstance(data, dict):
        raise ValueError("its result is missing.")
    totals, moves = data.get("totals"), data.get("moves")
    takebacks, check = data.get("takebacks", 0), data.get("check", "")
    if not (isinstance(totals, list) and len(totals) == sides(players)
            and all(type(t) is int and abs(t) <= 10_000_000 for t in totals)):
        raise ValueError("its result is not one total per side.")
    if not (isinstance(moves, list) and len(moves) <= MAX_ACTIONS and all(isinstance(m, str) and len(m) <= 400
                                                                          for m in moves)):
        raise ValueError("its moves are not a list of moves.")
    if type(takebacks) is not int or not 0 <= takebacks <= MAX_ACTIONS:
        raise ValueError("its count of take-backs is not a number.")
    if not ((isinstance(check, str) and len(check) <= 64 and check.isalnum()) or check == ""):
        raise ValueError("its check is not a check.")
    return Result(tuple(totals), tuple(moves), takebacks, check)


def verify(challenge: Challenge) -> Game | None:
    """The sender's game re-applied from the deal, when their result follows from their moves; else None."""
    theirs = challenge.theirs
    try:
        game = replay(rules_to_dict(challenge.rules), challenge.deal, list(theirs.moves))
    except LoadError:
        return None
    if not game.over or tuple(game.totals) != theirs.totals or digest(game) != theirs.check:
        return None
    game.takebacks = theirs.takebacks
    return game


def new_record(challenge: Challenge, now: int, sent: bool) -> Record:
    """The record of a challenge just opened from a link, or just made here (``sent``; checked all the same)."""
    return Record(challenge, verify(challenge) is not None, sent=sent, played=now, changed=True)


def with_mine(record: Record, game: Game) -> Record:
    """The record once this device has finished the challenge's deal."""
    mine = Result(tuple(game.totals), tuple(game.history), game.takebacks, digest(game))
    return replace(record, mine=mine, changed=True)


def matches(record: Record, game: Game) -> bool:
    """True when ``game`` is this challenge's deal under its rules (the game a received challenge started)."""
    c = record.challenge
    return not record.sent and c.deal == game.deal_number and c.rules == game.rules


# ----- what is stored ------------------------------------------------------------------------


def read(key: str, raw: Any) -> Record | None:
    """A stored record read back, or None unless every field has its type (never raises)."""
    if not isinstance(raw, str) or not key.startswith(PREFIX):
        return None
    try:
        data = parse_json(raw, "challenge", MAX_JSON)
        if not isinstance(data, dict) or data.get("v") != VERSION:
            return None
        challenge = challenge_from_dict(data.get("challenge"))
        mine_data = data.get("mine")
        mine = None if mine_data is None else result_from_dict(mine_data, challenge.rules.players)
    except (LoadError, ValueError):
        return None
    verified, was_sent, played = data.get("verified"), data.get("sent"), data.get("played")
    if type(verified) is not bool or type(was_sent) is not bool or type(played) is not int:
        return None
    if challenge.key != key:
        return None
    return Record(challenge, verified, was_sent, mine, played)


def records(stored: dict[str, Any]) -> list[Record]:
    """Every readable challenge record, the newest first."""
    found = [read(k, v) for k, v in stored.items() if isinstance(k, str) and k.startswith(PREFIX)]
    return sorted((r for r in found if r is not None), key=lambda r: (r.played, r.key), reverse=True)


def _clean_name(name: str) -> str:
    return "".join(ch for ch in name if ch.isalnum() or ch in " .'-")[:MAX_NAME].strip()


def _sentence(err: Exception) -> str:
    text = str(err).strip() or "it is damaged."
    text = text[0].lower() + text[1:] if text[1:2].islower() else text
    return text if text.endswith(".") else text + "."
