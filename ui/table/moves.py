"""The recent moves: each a numbered line (the computer's "Why?" with it), as the status line,
the seats' boxes and the Moves panel show them, and as they are kept beside the save."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.seats import SEAT_NAMES_2
from engine.state import Team

MAX_LINES = 40
"""A lap of the table and then some: five computer turns of two to four lines at six players, and a long turn
of the player's own (each meld added is a line; a going-out turn in the knee game ran past ten).  At 16, such a
turn pushed the first computer's turn out, and its seat row lost what it did."""
NEWS = ("went out", "discarded", "took pile", "took the pile", "said", "asked")
"""How much a part of a computer's turn tells the other players, most first."""


def turn_news(part: str) -> int:
    """How newsworthy a part of a seat's turn is (higher first).  Melds, red 3s, a foot or knee taken up
    and draws count least: the table highlights the melds, and the seat's count shows its foot or knee."""
    for rank, start in enumerate(NEWS):
        if part.startswith(start):
            return len(NEWS) - rank
    return 0


@dataclass(frozen=True)
class Line:
    """A move shown in the recent-moves list; ``reason`` is the computer's "Why?" while its round is
    live (naming no card the table doesn't show), ``full`` its whole reasoning, shown once the round
    is over ('' when the two are the same)."""

    number: int
    seat: int | None
    text: str
    reason: str = ""
    short: str = ""
    """The move in a few words, for the seat's box ('drew 2 · discarded 9♣')."""
    full: str = ""
    told: tuple[str, ...] = ()
    """The move as each seat's own table tells it (by seat: 'You drew…' for the mover), made while people play
    on their own devices (``ui/remote``); empty when the line was told to this device alone."""

    def told_to(self, seat: int) -> str | None:
        """The line as ``seat``'s table tells it, or None when it was told to this device alone."""
        return self.told[seat] if 0 <= seat < len(self.told) else None

    def why(self, live: bool) -> str:
        """The reason to show: the public one while the round is live, else the whole one."""
        return self.reason if live or not self.full else self.full

    def to_dict(self) -> dict[str, Any]:
        # "reason" keeps the whole reasoning, as stored before "public" was added.
        data: dict[str, Any] = {"n": self.number, "seat": self.seat, "text": self.text,
                                "reason": self.full or self.reason, "public": self.reason, "short": self.short}
        if self.told:
            data["told"] = list(self.told)
        return data

    @staticmethod
    def from_dict(data: object, players: int) -> Line | None:
        """A line read back from storage, or None unless every field has the right type and size."""
        if not isinstance(data, dict):
            return None
        n, seat, text = data.get("n"), data.get("seat"), data.get("text")
        reason, short = data.get("reason", ""), data.get("short", "")
        # A line kept before reasons had a public form: its reason waits for the round's end.
        public = data.get("public", HIDDEN_REASON if reason else "")
        if type(n) is not int or not 0 < n < 10**9:
            return None
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            return None
        texts = (text, reason, short, public)
        if not all(isinstance(t, str) and len(t) <= MAX_LINE_CHARS for t in texts):
            return None
        told = data.get("told", [])
        if not (isinstance(told, list) and len(told) in (0, players)):
            return None
        if not all(isinstance(t, str) and len(t) <= MAX_LINE_CHARS for t in told):
            return None
        if players == 2:  # kept when a two-player game's opponent was called "North"
            text, reason, public = (OLD_TWO_PLAYER_NAME.sub(SEAT_NAMES_2[1], str(t)) for t in (text, reason, public))
        full = "" if reason == public else str(reason)
        return Line(n, seat, str(text), str(public), str(short), full, tuple(told))


MAX_LINE_CHARS = 2000
MAX_LINES_TEXT = MAX_LINES * 10 * MAX_LINE_CHARS
"""The most text the recent moves are read back from: each line's four texts and six seats' tellings."""
OLD_TWO_PLAYER_NAME = re.compile(r"\bNorth\b")
"""What a two-player game's opponent was called before "Opponent" (the partner's name at four)."""
HIDDEN_REASON = "Its reasons show once the round is over."
"""The live "Why?" of a move kept by a version that stored only the whole reasoning."""


def turn_parts(recent: list[Line], seat: int, main: int = 2) -> list[tuple[str, bool]]:
    """``seat``'s latest turn among the ``recent`` moves as (words, minor) parts (``App.seat_turn_parts``)."""
    lines: list[str] = []
    for line in reversed(recent):
        if line.seat == seat:
            if line.short:
                lines.insert(0, line.short)
            if line.short.startswith(("drew", "took pile", "took the pile")):
                break
        elif lines:
            break
    parts: list[str] = []
    melded = 0
    for part in (p for text in lines for p in text.split(" · ")):
        count = part.removeprefix("melded ")
        if count != part and count.isdigit():
            if not melded:
                parts.append("")  # the melds' place in the turn, filled in below
            melded += int(count)
        else:
            parts.append(part)
    if len(parts) > 1 and parts[0].startswith("drew"):
        del parts[0]  # drawing is the usual start: the turn's news is what came after it
    melds = f"melded {melded} card{'s' if melded != 1 else ''}"
    parts = [p or melds for p in parts]
    ranked = sorted(range(len(parts)), key=lambda i: (turn_news(parts[i]), i), reverse=True)
    # The melds, red 3s and a draw are shown only when the turn has nothing else (yet).
    shown = {i for i in ranked[:main] if turn_news(parts[i])} or set(ranked[:1])
    return [(p, i not in shown) for i, p in enumerate(parts)]


def read_fresh(data: dict[str, Any], teams: Sequence[Team]) -> tuple[dict[tuple[int, int], int], dict[int, int], bool]:
    """The highlights of the computers' last moves saved with the recent moves, where they still fit
    the table: (cards just added per (side, meld), red 3s just laid out per side, a discard just landed)."""
    found: dict[tuple[int, int], int] = {}
    found_reds: dict[int, int] = {}
    fresh, reds = data.get("fresh"), data.get("reds")
    if isinstance(fresh, list):
        for item in fresh[:200]:
            if isinstance(item, list) and len(item) == 3 and all(type(x) is int for x in item):
                t, i, n = item
                if 0 <= t < len(teams) and 0 <= i < len(teams[t].melds) and 0 < n <= len(teams[t].melds[i].cards):
                    found[(t, i)] = n
    if isinstance(reds, list):
        for item in reds[: len(teams)]:
            if isinstance(item, list) and len(item) == 2 and all(type(x) is int for x in item):
                t, n = item
                if 0 <= t < len(teams) and 0 < n <= len(teams[t].red_threes):
                    found_reds[t] = n
    return found, found_reds, data.get("landed") is True
