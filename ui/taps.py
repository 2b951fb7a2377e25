"""The table of taps: each feature registers the acts it handles; the app looks a tap up here.

A tap's ``data-act`` is untrusted page text: it only ever selects an entry of this table (an act
no feature registered is a quiet no-op), never names a function by itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

S = TypeVar("S")
"""What a handler works on (the app)."""


@dataclass(frozen=True)
class Tap(Generic[S]):
    """One registered act: its handler, and whether it only looks (leaves the last moves' highlights)."""

    handler: Callable[[S, str], None]
    passive: bool = False


class Taps(Generic[S]):
    """act -> handler, filled by the features' ``register`` functions."""

    def __init__(self) -> None:
        self._table: dict[str, Tap[S]] = {}

    def add(self, act: str, handler: Callable[[S, str], None], *, passive: bool = False) -> None:
        """Register ``handler`` for ``act``; an act has one handler (a second is a programming error)."""
        if act in self._table:
            raise ValueError(f"the tap {act!r} is registered twice")
        self._table[act] = Tap(handler, passive)

    def find(self, act: str) -> Tap[S] | None:
        """The entry for ``act``, or None for an act no feature handles."""
        return self._table.get(act)

    def acts(self) -> frozenset[str]:
        """Every registered act (for tests and the keyboard help)."""
        return frozenset(self._table)


MAX_INDEX_DIGITS = 4
"""A tap's index (a card, a meld, a staged meld) has at most this many digits: hands stay far smaller."""


def index_arg(arg: str, limit: int) -> int | None:
    """A tap's ``data-arg`` as an index below ``limit``, or None for anything else (untrusted text)."""
    if not (0 < len(arg) <= MAX_INDEX_DIGITS and arg.isascii() and arg.isdigit()):
        return None
    value = int(arg)
    return value if value < limit else None


@dataclass(frozen=True)
class Note:
    """A message for the player: kind is 'error', 'info' or 'hint'."""

    text: str
    kind: str = "info"
