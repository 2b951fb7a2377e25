"""The score pad for a game played with real cards: the pad, its rounds, strict loading, and its totals.

Pure Python, no browser objects.  A pad has a name, a date, rules (a preset and house rules, as in
Settings), its named sides, and rounds.  The sides are two teams of two or three named players, or, for
two or three players each on their own (``individual``), one side per player, named as the player.
Each round holds, per side,
what a score pad asks at the end of a round: books by kind, melded card points (typed, or counted
per card class), red 3s, and what each player was left holding.  Every score comes from the
engine (``engine.scoring.score_counts``), so a counted round reads line for line like one played
in the app.

Values are frozen: an entry makes a new pad (``Pad.entered``) or raises ``PadError`` with a
sentence for the player, and changes nothing.  ``PadDesk`` is the screen's state (which pad is
open, which round and side) and turns taps into entries; ``ui/browser/saving.py`` stores what it marks changed.

The package by topic: ``entries`` (a round's entries, card classes, limits, typed values), ``sheet``
(the frozen ``Pad``), ``stored`` (strict records) and this module, the screen's state, which also
re-exports the names the app and tests use (``from ui.pad import model as pad``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import replace

from engine.rules import preset as preset_rules
from ui.pad.entries import MAX_PADS, PREFIX, STAGES, PadError, SideEntry, books_label, card_classes, read_number
from ui.pad.sheet import Pad, new_pad
from ui.pad.stored import Unreadable, choose, dump, from_dict, load, to_dict
from ui.settings.model import Settings, players_offered

__all__ = [
    "PREFIX", "STAGES", "Message", "Pad", "PadDesk", "PadError", "SideEntry", "Unreadable", "books_label",
    "card_classes", "choose", "dump", "from_dict", "load", "new_pad", "to_dict",
]

# ----- the screen's state and its taps ----------------------------------------------------------

Message = tuple[str, str]
"""(text, kind) for the note the controller shows: kind 'error' or 'info'."""


class PadDesk:
    """The score pad screen: the pads kept, the one open, the round and side shown, what waits for a yes."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self.today = time.strftime("%Y-%m-%d", time.gmtime(clock()))  # ui/browser/ sets the local date
        self.pads: list[Pad] = []
        self.unreadable: list[Unreadable] = []
        self.open: str = ""  # the id of the pad shown, '' for the list
        self.round = 0
        self.side = 0
        self.confirm = ""  # 'delete:<id>', 'drop:<key>' or 'round' while waiting for a yes
        self.setup = False  # the pad's names and rules are unfolded
        self.table = 0  # the table size chosen for a new pad (0: as Settings say)
        self.changed: set[str] = set()  # ids of pads to store
        self.deleted: set[str] = set()  # store keys to delete

    def pad(self) -> Pad | None:
        return next((p for p in self.pads if p.id == self.open), None)

    def place(self) -> str:
        """Where the screen is (the pad open, its round and side) as text to keep while the page is away."""
        return json.dumps({"open": self.open, "round": self.round, "side": self.side}) if self.pad() else ""

    def return_to(self, text: object) -> bool:
        """Open the pad at the place kept by ``place`` (untrusted text); False, changing nothing, when it
        can't be read or its pad is gone."""
        try:
            data = json.loads(text) if isinstance(text, str) and len(text) <= 200 else None
        except ValueError:
            return False
        if not isinstance(data, dict):
            return False
        chosen = next((p for p in self.pads if p.id == data.get("open")), None)
        spot, side = data.get("round"), data.get("side")
        if chosen is None or type(spot) is not int or type(side) is not int:
            return False
        self.open, self.setup, self.confirm = chosen.id, False, ""
        self.round = min(max(spot, 0), len(chosen.rounds) - 1)
        self.side = min(max(side, 0), len(chosen.sides) - 1)
        return True

    def _put(self, pad: Pad) -> None:
        pad = replace(pad, seq=pad.seq + 1)
        self.pads = [pad if p.id == pad.id else p for p in self.pads]
        self.changed.add(pad.id)

    def handle(self, act: str, arg: str, settings: Settings) -> Message | None:
        """Do a pad tap (``act`` without its 'pad-' prefix); a message for the player, or None."""
        if act not in ("delete", "drop", "remove-round", "yes"):
            self.confirm = ""
        pad = self.pad()
        try:
            match act:
                case "new":
                    return self._new(settings)
                case "open":
                    chosen = next((p for p in self.pads if p.id == arg), None)
                    if chosen is not None:
                        self.open, self.round, self.side, self.setup = arg, len(chosen.rounds) - 1, 0, False
                    return None
                case "list":
                    self.open = ""
                    return None
                case "delete" | "drop" | "remove-round":
                    return self._confirmable(act, arg)
                case "yes":
                    return self._yes()
                case "no":
                    self.confirm = ""
                    return None
                case "setup":
                    self.setup = not self.setup
                    return None
            if pad is None:
                return None
            match act:
                case "round":
                    if arg.isdigit() and len(arg) <= 2 and int(arg) < len(pad.rounds):
                        self.round = int(arg)
                case "side":
                    if arg.isdigit() and len(arg) == 1 and int(arg) < len(pad.sides):
                        self.side = int(arg)
                case "add-round":
                    self._put(pad.with_round())
                    self.round, self.side = len(pad.rounds), 0
                case "step":
                    self._step(pad, arg)
                case "mode":
                    self._put(pad.with_mode(self.round, self.side, arg))
        except PadError as err:
            return str(err), "error"
        return None

    def _new(self, settings: Settings) -> Message | None:
        if len(self.pads) >= MAX_PADS:
            return f"At most {MAX_PADS} score pads are kept: delete one first.", "error"
        stamp = int(self.clock() * 1000)
        pad_id, n = str(stamp), 1
        while any(p.id == pad_id for p in self.pads):
            pad_id, n = f"{stamp}-{n}", n + 1
        pad = new_pad(pad_id, self.today, self.new_settings(settings))
        self.pads.insert(0, pad)
        self.changed.add(pad.id)
        self.open, self.round, self.side, self.setup = pad.id, 0, 0, False
        return None

    def new_size(self, settings: Settings) -> int:
        """The table size a new pad is made for: the one chosen on the list, if these rules allow it, else Settings'."""
        offered = players_offered(preset_rules(settings.preset))
        return self.table if self.table in offered else settings.rules().players

    def new_settings(self, settings: Settings) -> Settings:
        """Settings' rules at the table size chosen for a new pad."""
        size = self.new_size(settings)
        if size == settings.rules().players:
            return settings
        try:
            return settings.with_change("house:players", str(size))
        except ValueError:
            return settings

    def _confirmable(self, act: str, arg: str) -> Message | None:
        if act == "delete" and any(p.id == arg for p in self.pads):
            self.confirm = f"delete:{arg}"
        elif act == "drop" and any(u.key == arg for u in self.unreadable):
            self.confirm = f"drop:{arg}"
        elif act == "remove-round" and self.pad() is not None:
            self.confirm = "round"
        return None

    def _yes(self) -> Message | None:
        what, _, arg = self.confirm.partition(":")
        self.confirm = ""
        if what == "delete" and any(p.id == arg for p in self.pads):
            self.pads = [p for p in self.pads if p.id != arg]
            self.changed.discard(arg)
            self.deleted.add(PREFIX + arg)
            self.open = "" if self.open == arg else self.open
            return "That score pad is deleted.", "info"
        if what == "drop" and any(u.key == arg for u in self.unreadable):
            self.unreadable = [u for u in self.unreadable if u.key != arg]
            self.deleted.add(arg)
            return "That unreadable score pad is deleted.", "info"
        pad = self.pad()
        if what == "round" and pad is not None:
            self._put(pad.without_last_round())
            self.round = min(self.round, len(pad.rounds) - 2)
            return f"Round {len(pad.rounds)} is removed.", "info"
        return None

    def _step(self, pad: Pad, arg: str) -> None:
        """'+:key' or '-:key': one more or one fewer."""
        sign, _, key = arg.partition(":")
        if sign not in ("+", "-"):
            return
        fld = pad.spec(self.round, self.side, key)
        now = _value(pad.rounds[self.round].sides[self.side], key)
        value = now + (1 if sign == "+" else -1)
        if value < 0:
            raise PadError(f"{fld.label}: a count can't be negative.")
        self._put(pad.entered(self.round, self.side, key, value))

    def input(self, key: str, raw: str) -> Message | None:
        """A value typed or chosen in the open pad: ``key`` names the entry, ``raw`` is untrusted text."""
        if key == "new:players":  # the table size of the next new pad, chosen on the list
            if raw in ("2", "3", "4", "6"):
                self.table = int(raw)
            return None
        pad = self.pad()
        if pad is None or len(raw) > 200:
            return None
        try:
            head, _, rest = key.partition(":")
            if head in ("name", "date", "side", "player"):
                self._put(pad.with_text(key, raw))
            elif head == "rules":
                self._put(pad.with_rules(rest, raw))
            elif head == "out":
                self._put(pad.with_out(self.round, raw))
            elif head == "stage" and rest.isdigit() and len(rest) == 1:
                self._put(pad.with_stage(self.round, self.side, int(rest), raw))
            else:
                fld = pad.spec(self.round, self.side, key)
                self._put(pad.entered(self.round, self.side, key, read_number(raw, fld.label, fld.limit)))
        except PadError as err:
            return str(err), "error"
        return None

    def take_changes(self) -> tuple[dict[str, str], set[str]]:
        """The records to store (store key -> text) and the store keys to delete, since the last call."""
        writes = {PREFIX + p.id: dump(p) for p in self.pads if p.id in self.changed}
        deleted = self.deleted
        self.changed, self.deleted = set(), set()
        return writes, deleted


def _value(entry: SideEntry, key: str) -> int:
    """The number an entry key holds now."""
    if key.startswith("book:"):
        return entry.book(key[5:])
    if key.startswith("cards:"):
        return entry.cards[int(key[6:])]
    if key in ("melded", "reds", "open_wild"):
        return int(getattr(entry, key))
    return int(getattr(entry.players[int(key[0])], key[2:]))
