"""Family challenges: a finished game sent as a link, played again on another device, compared.

Pure Python, no browser objects.  A challenge link carries, in its *fragment* (after ``#``,
which browsers never send to a server), the deal, the rules, the computer level, the
sender's result and every move of the sender's game, as compressed JSON in URL-safe
base64.  Opening it starts the same deal against the same computer players; when that game
ends, both results stand side by side and "Watch their game" replays the sender's moves.

Nothing in a link is trusted.  It is read as strictly as a share link (sizes checked before
decompressing or parsing, every field typed and bounded, the rules a preset plus switches
Settings offers), and the sender's result is *verified* from the link alone (``verify``): the
deal is dealt again under the rules, every move re-applied by the engine, every computer
move re-decided by a computer player of the link's level (they are deterministic for a view
and a seed) and compared with the one recorded, the take-backs counted from the taken-back
moves the link carries, and the totals and the final position's digest compared with the
ones sent.  A result that doesn't follow (a tampered link) shows as "unverified" and is
never used to replay; it never stops the deal from being played.

Re-deciding every computer move costs about as much as the computers' thinking in a whole
game (CPU time under CPython, 2026-12-03: 0.2 to 0.5 s for a four-round game, 1.3 to 1.8 s for
the Rook game's twelve rounds; Pyodide is 2 to 3 times slower), so it is done lazily
(``checked``, ``watch_game``): when the result is first shown (at the end of the receiver's
game) or the game watched, once, and kept in the record.  Opening a link only replays its
moves (a few ms), so a result that doesn't follow from them reads "unverified" at once.

Each device keeps what it knows of a challenge as one record (``challenge-<id>``, the id a
digest of everything the link carries, so a link that differs in anything is another
record): the challenge as received or sent, and this device's own result once played.  A
received challenge can be watched only once it is played here (or given up on): watching
first would show every hand.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import zlib
from dataclasses import dataclass, field, replace
from typing import Any

from engine.actions import Action, Answer, Discard, Draw, EndTurn, from_text, to_text
from engine.errors import LoadError, RuleViolation
from engine.moves import legal_actions
from engine.rules import RuleSet
from engine.seats import sides
from engine.serialize import MAX_ACTIONS, Undone, digest, parse_json, replay, undone_from_list, undone_to_list
from engine.state import Game
from engine.stored_rules import rules_from_dict, rules_to_dict
from engine.takeback import take_back, takeback_problem
from engine.views import view_for
from ui.settings.model import LEVEL_NAMES, offered

PARAM = "challenge"
PREFIX = "challenge-"
VERSION = 1
MAX_FRAGMENT = 60_000
"""Longest fragment read: a measured four-round game compresses to about 3 kB; hkf's longest well under 20."""
MAX_JSON = 400_000
"""Most bytes a link may decompress to (a zip bomb stops here)."""
MAX_NAME = 24
MAX_RECORDS = 50
MAX_TIME = 10**13
"""Latest time a record may carry, in ms since 1970 (the year 2286)."""
PLAYER_SEAT = 0
"""The seat the challenge's player sat in (South); every other seat is a computer."""
CHECKS = 2
"""What a stored record's ``verified`` covers: 2 = deal, rules, level, computers' moves, take-backs and
result (records stored without it were checked on the moves and result alone, and are checked again)."""


@dataclass(frozen=True)
class Result:
    """One player's finished game of a challenge: the totals per side (South's first) and the moves."""

    totals: tuple[int, ...]
    moves: tuple[str, ...]
    takebacks: int = 0
    check: str = ""
    undone: Undone = ()
    """The moves each take-back took back, after how many moves (``Game.undone``): the take-backs counted."""

    def to_dict(self) -> dict[str, Any]:
        data = {"totals": list(self.totals), "moves": list(self.moves), "takebacks": self.takebacks,
                "check": self.check}
        return data | ({"undone": undone_to_list(self.undone)} if self.undone else {})


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
        """The record's key: a digest of everything the link carries (never a value the sender chose)."""
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return PREFIX + hashlib.sha256(text.encode()).hexdigest()[:24]

    @property
    def legacy_key(self) -> str:
        """The key records were stored under before issue 32: the sender's check (read back, then re-stored)."""
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
    verified: bool | None
    """Whether the sender's result follows from the link alone (``verify``); None until first checked."""
    sent: bool = False
    """True on the device that made the link (its own game is ``theirs``)."""
    mine: Result | None = None
    played: int = 0
    """When it was made or opened here, in ms since 1970."""
    gave_up: bool = False
    """True once the receiver chose to watch it without playing it (it stays unplayed)."""
    changed: bool = field(default=False, compare=False)

    @property
    def key(self) -> str:
        return self.challenge.key

    def to_json(self) -> str:
        data = {"v": VERSION, "challenge": self.challenge.to_dict(), "verified": self.verified, "sent": self.sent,
                "mine": self.mine.to_dict() if self.mine else None, "played": self.played, "checks": CHECKS,
                "gave_up": self.gave_up}
        return json.dumps(data, separators=(",", ":"))

    @property
    def watchable(self) -> bool:
        """True when this device may show the sender's game: its own, or one played (or given up on) here."""
        return self.sent or self.mine is not None or self.gave_up


# ----- making a link -------------------------------------------------------------------------


def from_game(game: Game, level: str, name: str = "") -> Challenge:
    """The challenge of a finished game, played against computers of ``level``."""
    if not game.over:
        raise ValueError("Only a finished game can be sent as a challenge.")
    if level not in LEVEL_NAMES:
        raise ValueError("Choose Easy, Normal or Hard.")
    result = Result(tuple(game.totals), tuple(game.history), game.takebacks, digest(game), game.undone)
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
    if not offered(rules):
        raise ValueError("its rules are not a rule set and house rules this app offers.")
    deal = data.get("deal")
    if type(deal) is not int or not 1 <= deal <= 999_999_999:
        raise ValueError("its deal number is not a whole number from 1 to 999,999,999.")
    level = data.get("level")
    if level not in LEVEL_NAMES:
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
    undone = undone_from_list(data.get("undone", []), len(moves))
    return Result(tuple(totals), tuple(moves), takebacks, check, undone)


def replayed(challenge: Challenge) -> Game | None:
    """The sender's game re-applied from the deal when its moves are legal and lead to its totals and check
    (the cheap part of ``verify``, enough to watch a game already verified); else None."""
    theirs = challenge.theirs
    try:
        game = replay(rules_to_dict(challenge.rules), challenge.deal, list(theirs.moves))
    except LoadError:
        return None
    if not game.over or tuple(game.totals) != theirs.totals or digest(game) != theirs.check:
        return None
    game.takebacks, game.undone = theirs.takebacks, theirs.undone
    return game


def verify(challenge: Challenge) -> Game | None:
    """The sender's game rebuilt from the link alone, when everything the link claims follows; else None.

    The deal is dealt again under the link's rules (a preset plus offered switches, checked when
    read); every move is re-applied; at every computer turn a computer player of the link's level
    decides again and must choose the move recorded; each take-back is replayed (its moves legal,
    South's, and taken back to the same position) and their count must be the one claimed; the
    game must be over with the totals and the final position's digest sent.  Never raises.
    """
    theirs = challenge.theirs
    if theirs.takebacks != len(theirs.undone) or not offered(challenge.rules) or replayed(challenge) is None:
        return None  # the cheap checks first: a result that doesn't follow from the moves fails in ms
    try:
        return _verified(challenge)
    except (RuleViolation, LoadError, ValueError, LookupError, RuntimeError):
        return None  # RuntimeError: a computer player offered no move (NoLegalAction), so nothing follows


def _verified(challenge: Challenge) -> Game | None:
    theirs = challenge.theirs
    game = Game(challenge.rules, challenge.deal)
    undone = list(theirs.undone)
    for i, text in enumerate(theirs.moves):
        while undone and undone[0][0] == i:
            if not _takes_back(game, undone.pop(0)[1]):
                return None
        seat = game.to_act
        if seat is not None and seat != PLAYER_SEAT and text != to_text(computer_move(game, challenge.level, seat)):
            return None
        elif seat is None and text != "next":
            return None
        game.apply(from_text(text))
    if undone or not game.over or tuple(game.totals) != theirs.totals or digest(game) != theirs.check:
        return None
    game.takebacks, game.undone = theirs.takebacks, theirs.undone
    return game


def computer_move(game: Game, level: str, seat: int) -> Action:
    """What the table's computer player of ``level`` in ``seat`` plays now (``ui.table.session.Session.bot_step``): its
    decision, or the first safe legal move should it ever choose an illegal one."""
    from engine.bots import make_bot  # the computers' code, imported once a result is checked

    view = view_for(game, seat)
    bot = make_bot(level, seat, game.deal_number)
    action = (bot.answer(view) if game.phase == "answer" else bot.decide(view)).action
    if game.check(action) is None:
        return action
    actions = legal_actions(game)
    for kind in (Answer, Draw, Discard, EndTurn):
        for legal in actions:
            if isinstance(legal, kind):
                return legal
    return actions[0]


def _takes_back(game: Game, moves: tuple[str, ...]) -> bool:
    """True when South, in ``game``, could play ``moves`` and then take them back to ``game`` itself."""
    trial = game.copy()
    for text in moves:
        if trial.to_act != PLAYER_SEAT or trial.phase != "play":
            return False
        trial.apply(from_text(text))
    if takeback_problem(trial, game) is not None:
        return False
    return take_back(trial, game) == game


def checked(record: Record) -> bool:
    """Whether the record's sender result is verified, verifying it now (once) if it wasn't yet."""
    if record.verified is None:
        record.verified = verify(record.challenge) is not None
        record.changed = True
    return record.verified


def watch_game(record: Record) -> Game | None:
    """The sender's game to watch, when the record is verified (verifying it now if it wasn't yet)."""
    if record.verified is None:
        game = verify(record.challenge)
        record.verified, record.changed = game is not None, True
        return game
    return replayed(record.challenge) if record.verified else None


def check_words(record: Record) -> str:
    """How far the sender's result is known to follow from the link ("" when checked and verified)."""
    if record.verified is None:
        return " (not checked yet: it is checked when shown or watched)"
    return "" if record.verified else " (unverified)"


def find(known: dict[str, Record], received: Challenge) -> Record | None:
    """The record kept of exactly this challenge (equal in every field the link carries), if any."""
    record = known.get(received.key)
    return record if record is not None and record.challenge == received else None


def new_record(challenge: Challenge, now: int, sent: bool, check: bool = True) -> Record:
    """The record of a challenge just opened from a link (verified now, or if not ``check`` only replayed
    now, a result that doesn't follow from the moves unverified at once, and verified when first shown),
    or just made here (``sent``: this device played it with its own computers, so only its
    moves are replayed to their result, which takes a few ms instead of re-deciding the computers')."""
    theirs = challenge.theirs  # take-backs counted before issue 32 kept no moves: they can't be counted
    verified: bool | None = replayed(challenge) is not None and theirs.takebacks == len(theirs.undone)
    if not sent and verified:
        verified = verify(challenge) is not None if check else None
    return Record(challenge, verified, sent=sent, played=now, changed=True)


def give_up(record: Record) -> Record:
    """The record once the receiver chose to watch the sender's game without playing it."""
    return replace(record, gave_up=True, changed=True)


def with_mine(record: Record, game: Game) -> Record:
    """The record once this device has finished the challenge's deal."""
    mine = Result(tuple(game.totals), tuple(game.history), game.takebacks, digest(game), game.undone)
    return replace(record, mine=mine, changed=True)


def matches(record: Record, game: Game) -> bool:
    """True when ``game`` is this challenge's deal under its rules (the game a received challenge started)."""
    c = record.challenge
    return not record.sent and c.deal == game.deal_number and c.rules == game.rules


# ----- what is stored ------------------------------------------------------------------------


def read(key: Any, raw: Any) -> Record | None:
    """A stored record read back, or None unless every field has its type (never raises).

    A record stored before issue 32 (under the sender's check, its ``verified`` covering less) is
    read under its new key, unchecked and marked changed, so it is checked again and re-stored."""
    if not isinstance(raw, str) or not isinstance(key, str) or not key.startswith(PREFIX):
        return None
    try:
        data = parse_json(raw, "challenge", MAX_JSON)
        if not isinstance(data, dict) or data.get("v") != VERSION:
            return None
        challenge = challenge_from_dict(data.get("challenge"))
        mine_data = data.get("mine")
        mine = None if mine_data is None else result_from_dict(mine_data, challenge.rules.players)
    except (LoadError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None
    verified, was_sent, played = data.get("verified"), data.get("sent"), data.get("played")
    gave_up, checks = data.get("gave_up", False), data.get("checks")
    if not (type(verified) is bool or verified is None) or type(was_sent) is not bool:
        return None
    if type(played) is not int or not 0 <= played <= MAX_TIME or type(gave_up) is not bool:
        return None
    if key == challenge.key and checks == CHECKS:
        return Record(challenge, verified, was_sent, mine, played, gave_up)
    if key in (challenge.key, challenge.legacy_key):
        return Record(challenge, None, was_sent, mine, played, gave_up, changed=True)
    return None


def records(stored: Any) -> list[Record]:
    """Every readable challenge record, the newest first."""
    if not isinstance(stored, dict):
        return []
    found = [read(k, v) for k, v in stored.items() if isinstance(k, str) and k.startswith(PREFIX)]
    return sorted((r for r in found if r is not None), key=lambda r: (r.played, r.key), reverse=True)


def _clean_name(name: str) -> str:
    return "".join(ch for ch in name if ch.isalnum() or ch in " .'-")[:MAX_NAME].strip()


def _sentence(err: Exception) -> str:
    text = str(err).strip() or "it is damaged."
    text = text[0].lower() + text[1:] if text[1:2].islower() else text
    return text if text.endswith(".") else text + "."
