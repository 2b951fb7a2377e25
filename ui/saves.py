"""The saved game's two copies, and which one a reopened page resumes.

Pure Python, no browser objects.  ``ui/main.py`` keeps the game twice:

- the *quick* copy in ``localStorage``, written synchronously in the same JavaScript task as each
  move, before the move is painted, so no reload can come between a move on screen and its save;
- the *primary* copy in IndexedDB (``pyscript.storage``), durable, written asynchronously right
  after.

Each save is ``engine.serialize.to_dict`` plus ``"seq"``: a counter one higher at every save, so a
new game or a replayed round (fewer moves than the game it replaces) is still recognised as the
newer save.  On boot both copies are loaded and validated (replay + digest); the newer one is
resumed: the higher ``seq``, else (a copy without one) the one with more moves, and on a tie the
primary.  A copy that fails to load is reported, for the page to keep aside.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engine.errors import LoadError
from engine.serialize import from_dict, to_dict
from engine.state import Game

PRIMARY = "indexeddb"
QUICK = "local"
SEQ = "seq"
UNREADABLE = "The saved game can't be read."


def dump(game: Game, seq: int) -> str:
    """The save of ``game`` as compact JSON text, numbered ``seq``."""
    data = to_dict(game)
    data[SEQ] = seq
    return json.dumps(data, separators=(",", ":"))


def as_text(raw: Any) -> str:
    """A stored value as text, to keep aside whatever it is."""
    if isinstance(raw, str):
        return raw
    try:
        return json.dumps(raw, default=str)
    except (TypeError, ValueError):
        return repr(raw)


@dataclass(frozen=True)
class Copy:
    """One stored copy of the saved game: the game it loads, or why it can't be loaded."""

    source: str
    raw: Any
    game: Game | None = None
    seq: int | None = None
    problem: str = ""

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
            data = json.loads(raw)
        except ValueError:
            return Copy(source, raw, problem="The saved game can't be read: it is not valid saved data.")
    try:
        game = from_dict(data)
    except LoadError as err:
        return Copy(source, raw, problem=str(err))
    except (ValueError, TypeError, KeyError, AttributeError):
        return Copy(source, raw, problem=UNREADABLE)
    seq = data.get(SEQ) if isinstance(data, dict) else None
    if type(seq) is not int or seq < 0:  # not a bool, not a float
        seq = None
    return Copy(source, raw, game, seq)


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
        second = Copy(QUICK, quick, first.game, first.seq, first.problem)  # the same text: loaded once
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
