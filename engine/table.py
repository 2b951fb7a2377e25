"""The parts of a game's state: one seat's cards, one side's melds, and how a round ended.

``engine.state.Game`` holds a list of each and changes them only through ``Game.apply``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card
from .melds import TableMeld
from .scoring import TeamScore


@dataclass
class Player:
    """One seat's cards: the hand in play and the sets still face down."""

    hand: list[Card]
    knee: list[Card]
    foot: list[Card]
    knee_taken: bool = False
    foot_taken: bool = False
    knee_due: bool = False
    """Knee game: pick up the knee after the next draw (the partner finished a book)."""
    played_foot: bool = False

    def copy(self) -> Player:
        """An independent copy."""
        return Player(
            list(self.hand),
            list(self.knee),
            list(self.foot),
            self.knee_taken,
            self.foot_taken,
            self.knee_due,
            self.played_foot,
        )

    @property
    def stage(self) -> str:
        """Which set the player is playing from: 'hand', 'knee' or 'foot'."""
        if self.foot_taken:
            return "foot"
        return "knee" if self.knee_taken else "hand"


@dataclass
class Team:
    """A partnership's side of the table."""

    melds: list[TableMeld] = field(default_factory=list)
    red_threes: list[Card] = field(default_factory=list)
    opened: bool = False

    def copy(self) -> Team:
        """An independent copy."""
        return Team([m.copy() for m in self.melds], list(self.red_threes), self.opened)

    def open_meld(self, rank: int) -> int | None:
        """Index of the team's unfinished meld of ``rank``, if any."""
        for i, m in enumerate(self.melds):
            if m.rank == rank and not m.is_book:
                return i
        return None

    def books(self) -> int:
        """How many books the team has finished."""
        return sum(1 for m in self.melds if m.is_book)


@dataclass
class RoundResult:
    """How a round ended and what each team scored."""

    round_index: int
    went_out: int | None
    scores: tuple[TeamScore, ...]
