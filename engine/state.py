"""The game: one mutable aggregate that changes only through ``Game.apply``.

``apply`` validates the whole action first and raises ``RuleViolation`` before
touching anything, so an illegal action leaves the game exactly as it was; the
checks themselves (the "plans") live in ``engine.checks``, and what each action then does to
the cards, the turn and the round in ``engine.turns``.
Seats run 0..n-1 in turn order; with four players seat 0 is South, 1 West,
2 North, 3 East, and teams are seats of the same parity (0 = South/North).
With two or three players each seat is a side of its own (``engine.seats``).
"""

from __future__ import annotations

from typing import Any

from . import cards as C
from . import checks, seats, turns
from .actions import (
    Action,
    Answer,
    AskGoOut,
    Discard,
    Draw,
    EndTurn,
    Meld,
    NextRound,
    PickUp,
    empty_play_problem,
    to_text,
)
from .cards import Card
from .deal import check_deal_number, deal
from .errors import RuleViolation
from .events import Event, Phase
from .rules import RuleSet
from .scoring import Leftover, TeamScore, TeamTable, score
from .seats import SEAT_NAMES_4, SEAT_NAMES_6, seat_names
from .table import Player, RoundResult, Team

__all__ = ["SEAT_NAMES_4", "SEAT_NAMES_6", "Game", "Player", "RoundResult", "Team", "new_game", "seat_names"]


class Game:
    """A whole game: rounds, turns and scores, changed only by ``apply``."""

    takebacks: int = 0
    """How many times a player took back a turn's melds (``engine.takeback``); saved, not part of the position."""
    undone: tuple[tuple[int, tuple[str, ...]], ...] = ()
    """Each take-back's moves, after how many moves of ``history`` they were made (``engine.takeback``);
    saved, not part of the position: a challenge counts its take-backs from them."""
    turn: int
    """The seat whose turn it is (``engine.turns`` sets it and the four below)."""
    phase: Phase
    asked: bool
    permission: bool | None
    picked_up: bool

    def __init__(self, rules: RuleSet, deal_number: int) -> None:
        rules.validate()
        self.rules = rules
        self.deal_number = check_deal_number(deal_number)
        self.n = rules.players
        self.round_index = 0
        self.totals = [0] * self.sides
        self.results: list[RoundResult] = []
        self.history: list[str] = []
        self._start_round()

    # ----- set-up -------------------------------------------------------------

    def _start_round(self) -> None:
        rules = self.rules
        d = deal(rules, self.deal_number, self.round_index)
        self.dealer = seats.dealer(self.round_index, self.n)
        self.players = [Player(list(h), list(k), list(f)) for h, k, f in zip(d.hands, d.knees, d.feet, strict=True)]
        self.teams = [Team() for _ in range(self.sides)]
        self.stock: list[Card] = list(reversed(d.stock))  # next card at the end
        self.pile: list[Card] = []
        self.log: list[Event] = []
        self.went_out: int | None = None
        first = seats.next_seat(self.dealer, self.n)
        for seat in seats.turn_order(first, self.n):
            turns.lay_out_red_threes(self, seat, replace=True)
        if rules.upcard:
            turns.turn_upcard(self)
        turns.begin_turn(self, first)

    # ----- queries ------------------------------------------------------------

    @property
    def sides(self) -> int:
        """How many sides score: two teams, or one per player in individual play."""
        return seats.sides(self.n)

    def team_of(self, seat: int) -> int:
        """The side of a seat: its team (0 or 1), or the seat itself in individual play."""
        return seats.team_of(seat, self.n)

    def teammates(self, seat: int) -> list[int]:
        """The other seats of the same team, in turn order from ``seat``."""
        return seats.teammates(seat, self.n)

    def partner(self, seat: int) -> int | None:
        """The teammate who answers "may I go out?": the next one in turn order (None alone)."""
        return seats.partner(seat, self.n)

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for (None between rounds)."""
        if self.phase == "answer":
            return self.partner(self.turn)
        if self.phase in ("draw", "play"):
            return self.turn
        return None

    @property
    def over(self) -> bool:
        """True when the game has ended."""
        return self.phase == "game_over"

    def minimum(self, team: int) -> int:
        """The first-meld minimum the team must reach this round (0 once it has melded)."""
        if self.teams[team].opened:
            return 0
        return self.rules.first_meld_minimum(self.round_index, self.totals[team])

    def pile_top(self) -> Card | None:
        """The top card of the discard pile."""
        return self.pile[-1] if self.pile else None

    def pile_blocked(self) -> bool:
        """True when a black 3 on top freezes the pile for the next player."""
        top = self.pile_top()
        return top is not None and self.rules.black_threes_special and C.is_black_three(top)

    def next_set(self, seat: int) -> str | None:
        """Which face-down set the player picks up next: 'knee', 'foot' or None."""
        p = self.players[seat]
        if self.rules.knee_size and not p.knee_taken and not p.foot_taken:
            return "knee"
        return None if p.foot_taken else "foot"

    def winner(self) -> int | None:
        """The winning team once the game is over (None for a tie or a game in progress)."""
        if not self.over:
            return None
        best = max(self.totals)
        leaders = [t for t, total in enumerate(self.totals) if total == best]
        return leaders[0] if len(leaders) == 1 else None

    # ----- the one way in -----------------------------------------------------

    def apply(self, action: Action) -> None:
        """Apply an action; raise RuleViolation and change nothing if it is illegal."""
        checks.check_shape(action)
        empty = empty_play_problem(action)
        if empty is not None:
            raise empty
        match action:
            case Draw():
                turns.draw(self)
            case PickUp(melds=melds):
                turns.pick_up(self, melds)
            case Meld(plays=plays):
                turns.meld(self, plays)
            case Discard(card=card):
                turns.discard(self, card)
            case AskGoOut():
                turns.ask(self)
            case Answer(yes=yes):
                turns.answer(self, yes)
            case EndTurn():
                turns.end_turn_action(self)
            case NextRound():
                checks.plan_next_round(self)
                self.round_index += 1
                self._start_round()
            case _:
                raise RuleViolation("not_an_action", "That is not something a player can do.")
        self.history.append(to_text(action))

    def check(self, action: Action) -> RuleViolation | None:
        """The violation the action would raise, or None if it is legal (changes nothing)."""
        try:
            checks.check_shape(action)  # the same order as ``apply``: the shape, an empty meld, then the rules
            empty = empty_play_problem(action)
            if empty is not None:
                return empty
            checks.validate(self, action)
        except RuleViolation as err:
            return err
        return None

    def is_legal(self, action: Action) -> bool:
        """True when ``apply(action)`` would succeed."""
        return self.check(action) is None

    def can_go_out_now(self, seat: int) -> bool:
        """True when the seat meets every condition to go out (books, foot, partner)."""
        return checks.go_out_problem(self, seat, self.teams[self.team_of(seat)].melds) is None

    # ----- scoring ------------------------------------------------------------

    def table_of(self, team: int, went_out: int | None) -> TeamTable:
        """The team's side of the table as a score pad sees it."""
        names = seat_names(self.n)
        leftovers: list[Leftover] = []
        for seat in seats.team_seats(team, self.n):
            p = self.players[seat]
            leftovers.append(Leftover(names[seat], p.stage, tuple(p.hand)))
            if self.rules.knee_size and not p.knee_taken and not p.foot_taken:
                leftovers.append(Leftover(names[seat], "knee", tuple(p.knee), unplayed=True))
            if not p.foot_taken:
                leftovers.append(Leftover(names[seat], "foot", tuple(p.foot), unplayed=True))
        t = self.teams[team]
        return TeamTable(
            melds=tuple((m.rank, tuple(m.cards)) for m in t.melds),
            red_threes=len(t.red_threes),
            leftovers=tuple(leftovers),
            went_out=went_out is not None and self.team_of(went_out) == team,
        )

    def round_score(self, team: int, went_out: int | None) -> TeamScore:
        """The itemized score the team would get if the round ended now."""
        return score(self.rules, self.table_of(team, went_out), team)

    # ----- copies and comparison ----------------------------------------------

    def copy(self) -> Game:
        """An independent copy (for look-ahead)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.players = [p.copy() for p in self.players]
        g.teams = [t.copy() for t in self.teams]
        g.stock = list(self.stock)
        g.pile = list(self.pile)
        g.log = list(self.log)
        g.totals = list(self.totals)
        g.results = list(self.results)
        g.history = list(self.history)
        return g

    def snapshot(self) -> dict[str, Any]:
        """Everything that defines the position, as plain data."""
        return {
            "rules": self.rules,
            "deal": self.deal_number,
            "round": self.round_index,
            "turn": self.turn,
            "phase": self.phase,
            "asked": self.asked,
            "permission": self.permission,
            "picked_up": self.picked_up,
            "players": [vars(p) for p in self.players],
            "teams": [(t.opened, t.red_threes, [(m.rank, m.cards) for m in t.melds]) for t in self.teams],
            "stock": self.stock,
            "pile": self.pile,
            "totals": self.totals,
            "history": self.history,
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<Game {self.rules.name} deal {self.deal_number} round {self.round_index + 1} "
            f"{self.phase} seat {self.turn}>"
        )


def new_game(rules: RuleSet, deal_number: int) -> Game:
    """Start a game with these rules and this deal number."""
    return Game(rules, deal_number)
