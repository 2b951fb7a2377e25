"""What the legality checks read from a game: a read-only position protocol.

``engine.checks`` asks these questions and never changes the game, so it depends on this
protocol rather than on ``engine.state`` (as python-chess keeps legality on the board):
``Game`` satisfies it structurally, and the checks never import the module that imports them.
``LivePosition`` adds what ``engine.turns`` changes once an action has passed the checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .actions import Action
from .cards import Card
from .errors import RuleViolation
from .events import Event, Phase
from .melds import TableMeld
from .rules import RuleSet
from .scoring import TeamScore
from .table import Player, RoundResult, Team


class FootStage(Protocol):
    """What the partner rule reads of a seat (a ``Player`` or a ``SeatView``)."""

    @property
    def played_foot(self) -> bool: ...

    @property
    def stage(self) -> str: ...


class SeatCards(FootStage, Protocol):
    """One seat's cards in play, as the checks read them."""

    @property
    def hand(self) -> Sequence[Card]: ...


class SideTable(Protocol):
    """One side's melds on the table, as the checks read them."""

    @property
    def melds(self) -> Sequence[TableMeld]: ...

    @property
    def opened(self) -> bool: ...

    def open_meld(self, rank: int) -> int | None:
        """Index of the side's unfinished meld of ``rank``, if any."""
        ...


class Position(Protocol):
    """A game position the checks read: the rules, whose turn and phase, seats, sides, stock and pile."""

    @property
    def rules(self) -> RuleSet: ...

    @property
    def n(self) -> int: ...

    @property
    def turn(self) -> int: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def asked(self) -> bool: ...

    @property
    def permission(self) -> bool | None: ...

    @property
    def picked_up(self) -> bool: ...

    @property
    def players(self) -> Sequence[SeatCards]: ...

    @property
    def teams(self) -> Sequence[SideTable]: ...

    @property
    def stock(self) -> Sequence[Card]: ...

    @property
    def pile(self) -> Sequence[Card]: ...

    def team_of(self, seat: int) -> int:
        """The side of a seat."""
        ...

    def teammates(self, seat: int) -> list[int]:
        """The other seats of the same side."""
        ...

    def minimum(self, team: int) -> int:
        """The first-meld minimum the side must reach this round."""
        ...

    def pile_top(self) -> Card | None:
        """The top card of the discard pile."""
        ...

    def pile_blocked(self) -> bool:
        """True when a black 3 on top freezes the pile."""
        ...

    def next_set(self, seat: int) -> str | None:
        """Which face-down set the seat picks up next."""
        ...

    def check(self, action: Action) -> RuleViolation | None:
        """The violation the action would raise, or None."""
        ...


class LivePosition(Position, Protocol):
    """A position as ``engine.turns`` changes it (``Game`` only, through ``Game.apply``): the
    round's cards, whose turn it is, the log and the scores."""

    turn: int
    phase: Phase
    asked: bool
    permission: bool | None
    picked_up: bool
    went_out: int | None
    round_index: int
    players: list[Player]
    teams: list[Team]
    stock: list[Card]
    pile: list[Card]
    log: list[Event]
    results: list[RoundResult]
    totals: list[int]

    @property
    def sides(self) -> int: ...

    def partner(self, seat: int) -> int | None:
        """The teammate who answers "may I go out?"."""
        ...

    def round_score(self, team: int, went_out: int | None) -> TeamScore:
        """The itemized score the side would get if the round ended now."""
        ...
