"""The round's history as typed events: what every player at the table saw happen.

``Game.log`` holds these in order, one per thing seen; views pass them on whole
(draws are counts, so nothing hidden leaks).  Readers dispatch with ``match``.
Every event has a ``seat``: the player it happened to (None for the upcard).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cards import Card

Phase = Literal["draw", "play", "answer", "round_over", "game_over"]
"""Where a turn stands: drawing, playing, waiting for the partner's answer, or between rounds."""


@dataclass(frozen=True)
class Upcard:
    """The card turned from the stock to start the pile."""

    card: Card
    seat: None = None


@dataclass(frozen=True)
class StockOut:
    """The stock ran out as ``seat`` was to draw: the round ends."""

    seat: int


@dataclass(frozen=True)
class Drew:
    """``seat`` drew ``count`` cards from the stock (which cards stays hidden)."""

    seat: int
    count: int


@dataclass(frozen=True)
class TookPile:
    """``seat`` took the pile: ``top`` went onto a meld, ``taken`` into the hand."""

    seat: int
    top: Card
    taken: tuple[Card, ...]


@dataclass(frozen=True)
class Melded:
    """``seat`` laid ``cards`` on the team's meld number ``meld``, or as a new meld of ``rank``."""

    seat: int
    meld: int | None
    rank: int | None
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Discarded:
    """``seat`` discarded ``card``."""

    seat: int
    card: Card


@dataclass(frozen=True)
class RedThree:
    """``seat`` laid out a red 3."""

    seat: int
    card: Card


@dataclass(frozen=True)
class PickedUpSet:
    """``seat`` picked up the knee or the foot."""

    seat: int
    which: Literal["knee", "foot"]


@dataclass(frozen=True)
class Asked:
    """``seat`` asked "May I go out?"."""

    seat: int


@dataclass(frozen=True)
class Answered:
    """``seat`` (the partner) answered the question."""

    seat: int
    yes: bool


@dataclass(frozen=True)
class EndedTurn:
    """``seat`` ended the turn without a discard."""

    seat: int


@dataclass(frozen=True)
class WentOut:
    """``seat`` went out, ending the round."""

    seat: int


Event = (
    Upcard | StockOut | Drew | TookPile | Melded | Discarded | RedThree | PickedUpSet | Asked | Answered | EndedTurn
    | WentOut
)
"""Everything that can appear in the log."""
