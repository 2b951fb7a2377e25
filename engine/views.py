"""What one seat may see at a real table: ``view_for(game, seat)``.

Other players' hands, knees and feet, and the stock, are reduced to counts.
The discard pile is shown whole: every card in it was discarded face up, so a
player with a perfect memory knows it.  The public log lists what everyone saw
this round (draws as counts only).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import cards as C
from .cards import Card
from .events import Event, Phase
from .rules import RuleSet
from .scoring import TeamScore
from .seats import seat_names, team_of
from .state import Game, RoundResult


@dataclass(frozen=True)
class MeldView:
    """A meld on the table."""

    index: int
    rank: int
    cards: tuple[Card, ...]
    is_book: bool
    kind: str
    """'clean', 'dirty' or 'wild'."""


@dataclass(frozen=True)
class TeamView:
    """A team's public side of the table."""

    team: int
    melds: tuple[MeldView, ...]
    red_threes: tuple[Card, ...]
    opened: bool
    minimum: int
    """First-meld minimum still to reach this round (0 once the team has melded)."""
    total: int


@dataclass(frozen=True)
class SeatView:
    """A seat as everybody sees it."""

    seat: int
    name: str
    team: int
    hand_count: int
    knee_count: int
    foot_count: int
    stage: str
    played_foot: bool
    knee_due: bool


@dataclass(frozen=True)
class View:
    """Everything one seat may know.

    ``teams`` holds every side: two teams, or one per player in individual play."""

    seat: int
    rules: RuleSet
    deal_number: int
    round_index: int
    dealer: int
    turn: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    seats: tuple[SeatView, ...]
    teams: tuple[TeamView, ...]
    stock_count: int
    pile: tuple[Card, ...]
    pile_blocked: bool
    asked: bool
    permission: bool | None
    picked_up: bool
    log: tuple[Event, ...]
    results: tuple[RoundResult, ...]
    went_out: int | None

    @property
    def my_team(self) -> int:
        """The viewer's team."""
        return team_of(self.seat, self.rules.players)

    @property
    def pile_top(self) -> Card | None:
        """The top card of the discard pile."""
        return self.pile[-1] if self.pile else None

    @property
    def me(self) -> SeatView:
        """The viewer's own seat."""
        return self.seats[self.seat]

    def last_scores(self) -> tuple[TeamScore, ...]:
        """The scores of the round just finished (empty before the first ends)."""
        return self.results[-1].scores if self.results else ()


def view_for(game: Game, seat: int, names: Sequence[str] | None = None) -> View:
    """What ``seat`` may see now; each seat named from ``names`` (the people's, one a seat) if given, else by
    its compass name."""
    if names is None or len(names) != game.n:
        names = seat_names(game.n)
    seats = tuple(
        SeatView(
            seat=s,
            name=names[s],
            team=team_of(s, game.n),
            hand_count=len(p.hand),
            knee_count=len(p.knee),
            foot_count=len(p.foot),
            stage=p.stage,
            played_foot=p.played_foot,
            knee_due=p.knee_due,
        )
        for s, p in enumerate(game.players)
    )
    teams = tuple(
        TeamView(
            team=t,
            melds=tuple(
                MeldView(i, m.rank, tuple(m.cards), m.is_book, m.kind())
                for i, m in enumerate(game.teams[t].melds)
            ),
            red_threes=tuple(game.teams[t].red_threes),
            opened=game.teams[t].opened,
            minimum=game.minimum(t),
            total=game.totals[t],
        )
        for t in range(game.sides)
    )
    return View(
        seat=seat,
        rules=game.rules,
        deal_number=game.deal_number,
        round_index=game.round_index,
        dealer=game.dealer,
        turn=game.turn,
        phase=game.phase,
        to_act=game.to_act,
        hand=tuple(C.sorted_hand(game.players[seat].hand)),
        seats=seats,
        teams=teams,
        stock_count=len(game.stock),
        pile=tuple(game.pile),
        pile_blocked=game.pile_blocked(),
        asked=game.asked,
        permission=game.permission,
        picked_up=game.picked_up,
        log=tuple(game.log),
        results=tuple(game.results),
        went_out=game.went_out,
    )
