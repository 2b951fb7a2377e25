"""The saved game's two copies, and which one a reopened page resumes.

Pure Python, no browser objects.  ``ui/browser/`` keeps the game twice:

- the *quick* copy in ``localStorage``, written synchronously in the same JavaScript task as each
  move, before the move is painted, so no reload can come between a move on screen and its save;
- the *primary* copy in IndexedDB (``pyscript.storage``), durable, written asynchronously right
  after.

Each save is ``engine.serialize.to_dict`` plus ``"seq"``: a counter one higher at every save, so a
new game or a replayed round (fewer moves than the game it replaces) is still recognised as the
newer save.  On boot both copies are loaded and validated (replay + digest); the newer one is
resumed: the higher ``seq``, else (a copy without one) the one with more moves, and on a tie the
primary.  A copy that fails to load is reported, for the page to keep aside: ``keep_aside`` says
what to write and what to drop (a few copies at most, each capped), ``kept_copies`` lists them and
``restore`` loads one back.

Stored text is parsed only through ``engine.serialize.parse_json`` (length and nesting checked
first): a copy nested thousands deep is a bad copy like any other, never a page that can't start.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import LoadError
from engine.serialize import MAX_DEPTH, MAX_SAVE_CHARS, from_dict, json_depth, parse_json, to_dict, too_deep
from engine.state import Game
from ui.seating import model as seating_model
from ui.seating.model import ALONE, Seating

PRIMARY = "indexeddb"
QUICK = "local"
SEQ = "seq"
UNREADABLE = "The saved game can't be read."


SEATING = "seating"
SHOWN = "shown"
DAMAGED_SEATING = "The saved game's players can't be read."


def dump(game: Game, seq: int, seating: Seating = ALONE, shown: int | None = None) -> str:
    """The save of ``game`` as compact JSON text, numbered ``seq``; a game with people other than one at
    South keeps who sits where (``ui.seating``) and the seat the table was shown from."""
    data = to_dict(game)
    data[SEQ] = seq
    if seating != ALONE:
        data[SEATING] = seating.to_dict()
        data[SHOWN] = shown if shown in seating.humans else seating.people[0][0]
    return json.dumps(data, separators=(",", ":"))


def read_seating(data: Any, game: Game) -> tuple[Seating, int] | None:
    """(who sits where, the seat shown) stored with a save: one person at South for a save without any
    (an old save), None for a damaged one."""
    if not isinstance(data, dict):
        return ALONE, ALONE.people[0][0]
    if SEATING in data and data[SEATING] is None:
        return None  # written only with people in it
    seating = seating_model.read(data.get(SEATING), game.n)
    if seating is None:
        return None
    shown = data.get(SHOWN, seating.people[0][0])
    if type(shown) is not int or shown not in seating.humans:
        return None
    if SEATING not in data and SHOWN in data:
        return None
    return seating, shown


TOO_DEEP = "The saved game can't be read: it is nested far deeper than any the app writes."


def as_text(raw: Any) -> str:
    """A stored value as text, to keep aside whatever it is (a value nested too deeply is described instead)."""
    if isinstance(raw, str):
        return raw
    if too_deep(raw):
        return "(a stored value nested too deeply to copy)"
    try:
        return json.dumps(raw, default=str)
    except (TypeError, ValueError, RecursionError):
        return repr(raw)


STORED_WRAPPING = 2
"""How deep pyscript's storage nests a value when it writes it to IndexedDB (flatted JSON: ``[["generic", ...]]``)."""


def stored_entry_ok(raw: Any) -> bool:
    """True when a raw IndexedDB entry (pyscript's flatted JSON text) is safe to hand to pyscript's own parser.

    ``pyscript.storage`` parses every entry with ``json.loads`` while it opens, before the app sees
    any of them; an entry nested thousands deep would end the page there.
    """
    if not isinstance(raw, str):
        return False
    if len(raw) > 4 * MAX_SAVE_CHARS:  # a save's text, escaped inside the entry
        return False
    return raw.count("[") + raw.count("{") <= MAX_DEPTH or json_depth(raw) <= MAX_DEPTH + STORED_WRAPPING


class CheckedEntries:
    """A pyscript storage backend seen without the entries ``stored_entry_ok`` refuses (for ``Storage.__init__``).

    ``pyscript.storage.Storage(store)`` parses every ``store.entries()`` item; given this view it
    parses only the safe ones, and ``skipped`` lists the keys left out (they stay in IndexedDB).
    """

    def __init__(self, store: Any, parses: Callable[[Any], bool] | None = None) -> None:
        self.store = store
        self.parses = parses
        """pyscript's own reading of an entry, tried first: one foreign entry must not stop the store."""
        self.skipped: list[str] = []

    def entries(self) -> list[tuple[Any, Any]]:
        """The backend's (key, raw text) pairs that are safe to parse."""
        safe: list[tuple[Any, Any]] = []
        for key, raw in self.store.entries():
            if stored_entry_ok(raw) and (self.parses is None or self.parses(raw)):
                safe.append((key, raw))
            else:
                self.skipped.append(str(key))
        return safe


@dataclass(frozen=True)
class Copy:
    """One stored copy of the saved game: the game it loads, or why it can't be loaded."""

    source: str
    raw: Any
    game: Game | None = None
    seq: int | None = None
    problem: str = ""
    seating: Seating = ALONE
    shown: int = ALONE.people[0][0]

    @property
    def ok(self) -> bool:
        return self.game is not None

    @property
    def moves(self) -> int:
        return len(self.game.history) if self.game is not None else -1


def read(source: str, raw: Any) -> Copy:
    """Load one copy (JSON text or dict) through ``from_dict``; a bad copy carries its reason."""
    data = raw
    if isinstance(raw, str):
        try:
            data = parse_json(raw)
        except LoadError as err:
            return Copy(source, raw, problem=str(err))
    elif too_deep(raw):
        return Copy(source, raw, problem=TOO_DEEP)
    try:
        game = from_dict(data)
    except LoadError as err:
        return Copy(source, raw, problem=str(err))
    except Exception:  # whatever else goes wrong with stored data, the page still starts: a bad copy
        return Copy(source, raw, problem=UNREADABLE)
    seq = data.get(SEQ) if isinstance(data, dict) else None
    if type(seq) is not int or seq < 0:  # not a bool, not a float
        seq = None
    seated = read_seating(data, game)
    if seated is None:
        return Copy(source, raw, problem=DAMAGED_SEATING)
    return Copy(source, raw, game, seq, seating=seated[0], shown=seated[1])


def newer(a: Copy, b: Copy) -> Copy:
    """The copy to resume of two good ones: higher seq, else more moves; ``a`` on a tie."""
    if a.seq is not None and b.seq is not None and a.seq != b.seq:
        return a if a.seq > b.seq else b
    return b if b.moves > a.moves else a


@dataclass(frozen=True)
class Choice:
    """What boot found: the copy to resume (None: start a new game) and the bad copies."""

    chosen: Copy | None
    bad: tuple[Copy, ...] = ()
    in_step: bool = False  # both copies there, good and identical: nothing to rewrite

    @property
    def seq(self) -> int:
        """The counter the next save continues from."""
        if self.chosen is None or self.chosen.seq is None:
            return 0
        return self.chosen.seq

    def note(self) -> tuple[str, bool]:
        """What to tell the player about the bad copies, and whether it is a problem (an error)."""
        if not self.bad:
            return "", False
        reason = self.bad[0].problem or UNREADABLE
        if self.chosen is None:
            return f"{reason} It has been kept aside, and a new game has started.", True
        return f"{reason} That copy has been kept aside; the game goes on from its other copy.", False


def storage_problem(local_ok: bool) -> str:
    """What to tell the player when IndexedDB can't be opened, given whether localStorage still works."""
    if local_ok:
        return (
            "This browser's main storage (IndexedDB) can't be opened right now. "
            "Your game and settings are still saved on this device, in its smaller local storage."
        )
    return "This browser isn't letting the app store anything right now, so this game and your settings won't be kept."


def choose(primary: Any, quick: Any) -> Choice:
    """Load both stored copies (None: not there) and pick the one to resume."""
    first = read(PRIMARY, primary) if primary is not None else None
    if quick is None:
        second = None
    elif first is not None and isinstance(quick, str) and quick == primary:
        second = Copy(QUICK, quick, first.game, first.seq, first.problem, first.seating, first.shown)  # loaded once
    else:
        second = read(QUICK, quick)
    copies = [c for c in (first, second) if c is not None]
    good = [c for c in copies if c.ok]
    bad = tuple(c for c in copies if not c.ok)
    if not good:
        return Choice(None, bad)
    chosen = good[0] if len(good) == 1 else newer(good[0], good[1])
    in_step = len(good) == 2 and as_text(good[0].raw) == as_text(good[1].raw)
    return Choice(chosen, bad, in_step)


# ----- copies kept aside --------------------------------------------------------------------------

KEPT_PREFIX = "kept-aside-"
"""Keys of kept-aside copies: ``kept-aside-<milliseconds since 1970>``, ``-<n>`` added when taken."""
MAX_KEPT = 5
"""Kept-aside copies stored at most: the oldest are dropped first."""
MAX_KEPT_CHARS = 64_000
"""Longest kept-aside record stored; a longer copy keeps its start and is marked as cut short."""
KEPT_MARK = "handfoot-kept-aside"
SOURCE_NAMES = {PRIMARY: "IndexedDB", QUICK: "local storage"}


@dataclass(frozen=True)
class KeepPlan:
    """What to do to keep bad copies aside: records to write (key to text) and old keys to delete."""

    writes: dict[str, str]
    drops: tuple[str, ...] = ()


@dataclass(frozen=True)
class Kept:
    """One kept-aside copy as stored: where it came from, why it was kept aside, and its text."""

    key: str
    stamp: int
    text: str
    source: str = ""
    problem: str = ""
    chars: int = 0
    truncated: bool = False

    @property
    def description(self) -> str:
        """A short line for a list: when, from where, how long, and why it was kept aside."""
        try:
            when = time.strftime("on %d %b %Y at %H:%M UTC", time.gmtime(self.stamp / 1000)).replace("on 0", "on ")
        except (OverflowError, OSError, ValueError):  # a key edited by hand
            when = "at an unknown time"
        where = SOURCE_NAMES.get(self.source, "storage")
        size = f"{self.chars:,} characters" + (f", the first {len(self.text):,} kept" if self.truncated else "")
        line = f"Kept aside {when}, from {where} ({size})."
        return f"{line} {self.problem}" if self.problem else line


def _kept_order(key: str, prefix: str) -> tuple[int, int] | None:
    """(stamp, n) of a kept-aside key, or None for any other key."""
    if not isinstance(key, str) or not key.startswith(prefix):
        return None
    stamp, _, n = key[len(prefix) :].partition("-")
    if not stamp.isascii() or not stamp.isdigit() or not (n == "" or (n.isascii() and n.isdigit())):
        return None
    return int(stamp), int(n or 0)


def _record(copy: Copy, stamp: int) -> str:
    """The stored record of a bad copy, cut to ``MAX_KEPT_CHARS`` in all (marked when cut)."""
    text = as_text(copy.raw)
    fields: dict[str, Any] = {
        "kept": KEPT_MARK,
        "stamp": stamp,
        "source": copy.source,
        "problem": copy.problem[:300],
        "chars": len(text),
        "truncated": False,
        "text": text,
    }
    record = json.dumps(fields, ensure_ascii=False)
    if len(record) <= MAX_KEPT_CHARS:
        return record
    fields["truncated"] = True
    fields["text"] = ""
    budget = MAX_KEPT_CHARS - len(json.dumps(fields, ensure_ascii=False))
    keep = budget
    while keep > 0:  # escapes (\" and \n) make the record longer than the text: shorten until it fits
        escaped = len(json.dumps(text[:keep], ensure_ascii=False)) - 2
        if escaped <= budget:
            break
        keep = keep * budget // escaped
    fields["text"] = text[: max(keep, 0)]
    return json.dumps(fields, ensure_ascii=False)


def keep_aside(
    stored: Mapping[str, Any],
    copies: Sequence[Copy],
    stamp: int,
    prefix: str = KEPT_PREFIX,
    limit: int = MAX_KEPT,
) -> KeepPlan:
    """What to write and drop in ``stored`` (a store's current items) to keep ``copies`` aside.

    Each copy becomes one record of at most ``MAX_KEPT_CHARS`` under a new key ``prefix + stamp``
    (milliseconds); a copy whose text is already kept aside, or repeats another, is not written
    again.  Then the oldest kept-aside keys are dropped so that at most ``limit`` remain.
    """
    existing = sorted((order, key) for key in stored if (order := _kept_order(key, prefix)) is not None)
    seen = {k.text for k in kept_copies(stored, prefix) if not k.truncated}
    writes: dict[str, str] = {}
    n = 0
    for copy in copies:
        text = as_text(copy.raw)
        if text in seen:
            continue
        seen.add(text)
        key = f"{prefix}{stamp}" + (f"-{n}" if n else "")
        while key in stored or key in writes:
            n += 1
            key = f"{prefix}{stamp}-{n}"
        writes[key] = _record(copy, stamp)
        n += 1
    extra = len(existing) + len(writes) - max(limit, len(writes))
    drops = tuple(key for _order, key in existing[: max(extra, 0)])
    return KeepPlan(writes, drops)


def _kept(key: str, stamp: int, value: Any) -> Kept:
    """A stored kept-aside value: a record written by ``keep_aside``, or (older versions) the bare text."""
    text = as_text(value)
    try:
        data = parse_json(text, "kept-aside copy", max_chars=max(MAX_SAVE_CHARS, MAX_KEPT_CHARS))
    except LoadError:
        data = None
    if not (isinstance(data, dict) and data.get("kept") == KEPT_MARK and isinstance(data.get("text"), str)):
        return Kept(key, stamp, text, chars=len(text))
    source, problem, chars = data.get("source"), data.get("problem"), data.get("chars")
    return Kept(
        key,
        stamp,
        data["text"],
        source if isinstance(source, str) and source in SOURCE_NAMES else "",
        problem[:300] if isinstance(problem, str) else "",
        chars if type(chars) is int and chars >= 0 else len(data["text"]),
        data.get("truncated") is True,
    )


def kept_copies(stored: Mapping[str, Any], prefix: str = KEPT_PREFIX) -> list[Kept]:
    """The copies kept aside in ``stored``, newest first."""
    found = sorted(((order, key) for key in stored if (order := _kept_order(key, prefix)) is not None), reverse=True)
    return [_kept(key, order[0], stored[key]) for order, key in found]


def restore(kept: Kept) -> Game:
    """The game a kept-aside copy holds; raises LoadError with a sentence when it can't be resumed."""
    if kept.truncated:
        raise LoadError("That copy was cut short when it was kept aside, so it can't be resumed.")
    copy = read(kept.source or PRIMARY, kept.text)
    if copy.game is None:
        raise LoadError(copy.problem or UNREADABLE)
    return copy.game
