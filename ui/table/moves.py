"""The recent moves: each a numbered line (the computer's "Why?" with it), as the status line,
the seats' boxes and the Moves panel show them, and as they are kept beside the save."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MAX_LINES = 16
"""About one lap of the table at six players: five computer turns of two or three lines."""
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
    """A move shown in the recent-moves list; ``reason`` is the computer's "Why?"."""

    number: int
    seat: int | None
    text: str
    reason: str = ""
    short: str = ""
    """The move in a few words, for the seat's box ('drew 2 · discarded 9♣')."""

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.number, "seat": self.seat, "text": self.text, "reason": self.reason, "short": self.short}

    @staticmethod
    def from_dict(data: object, players: int) -> Line | None:
        """A line read back from storage, or None unless every field has the right type and size."""
        if not isinstance(data, dict):
            return None
        n, seat, text = data.get("n"), data.get("seat"), data.get("text")
        reason, short = data.get("reason", ""), data.get("short", "")
        if type(n) is not int or not 0 < n < 10**9:
            return None
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            return None
        texts = (text, reason, short)
        if not all(isinstance(t, str) and len(t) <= MAX_LINE_CHARS for t in texts):
            return None
        return Line(n, seat, str(text), str(reason), str(short))


MAX_LINE_CHARS = 2000
