"""The game: one mutable aggregate that changes only through ``Game.apply``.

``apply`` validates the whole action first and raises ``RuleViolation`` before
touching anything, so an illegal action leaves the game exactly as it was; the
checks themselves (the "plans") live in ``engine.checks``.
Seats run 0..n-1 in turn order; with four players seat 0 is South, 1 West,
2 North, 3 East, and teams are seats of the same parity (0 = South/North).
With two or three players each seat is a side of its own (``engine.seats``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import cards as C
from . import checks, seats
from .actions import (
    Action,
    Answer,
    AskGoOut,
    Discard,
    Draw,
    EndTurn,
    Meld,
    MeldPlay,
    NextRound,
    PickUp,
    empty_play_problem,
    to_text,
)
from .cards import Card
from .deal import check_deal_number, deal
from .errors import RuleViolation
from .events import (
    Answered,
    Asked,
    Discarded,
    Drew,
    EndedTurn,
    Event,
    Melded,
    Phase,
    PickedUpSet,
    RedThree,
    StockOut,
    TookPile,
    Upcard,
    WentOut,
)
from .melds import TableMeld
from .rules import RuleSet
from .scoring import Leftover, TeamScore, TeamTable, game_over, score
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
            self._lay_out_red_threes(seat, replace=True)
        if rules.upcard:
            self._turn_upcard()
        self._begin_turn(first)

    def _turn_upcard(self) -> None:
        skipped = 0
        while self.stock and skipped < 50:
            card = self.stock.pop()
            skip = C.rank(card) in self.rules.upcard_skip_ranks or (
                self.rules.upcard_skip_red_three and C.is_red_three(card)
            )
            if not skip:
                self.pile.append(card)
                self.log.append(Upcard(card))
                return
            self.stock.insert(0, card)  # buried at the bottom of the stock
            skipped += 1

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
                self._draw()
            case PickUp(melds=melds):
                self._pick_up(melds)
            case Meld(plays=plays):
                self._meld(plays)
            case Discard(card=card):
                self._discard(card)
            case AskGoOut():
                self._ask()
            case Answer(yes=yes):
                self._answer(yes)
            case EndTurn():
                self._end_turn_action()
            case NextRound():
                self._next_round()
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

    # ----- turns --------------------------------------------------------------

    def _begin_turn(self, seat: int) -> None:
        self.turn = seat
        self.phase: Phase = "draw"
        self.asked = False
        self.permission: bool | None = None
        self.picked_up = False
        if not self.stock:
            self.log.append(StockOut(seat))
            self._end_round(None)

    def _end_turn(self, played_foot: bool | None = None) -> None:
        p = self.players[self.turn]
        if p.foot_taken if played_foot is None else played_foot:
            p.played_foot = True
        self._begin_turn(seats.next_seat(self.turn, self.n))

    # ----- drawing and the pile -----------------------------------------------

    def _draw(self) -> None:
        checks.need_phase(self, "draw")
        seat = self.turn
        p = self.players[seat]
        count = min(self.rules.draw, len(self.stock))
        drawn = [self.stock.pop() for _ in range(count)]
        p.hand.extend(drawn)
        self.log.append(Drew(seat, count))
        self._lay_out_red_threes(seat, replace=True)
        if p.knee_due and not p.knee_taken:
            self._take_knee_now(seat)
        self.phase = "play"
        self._refill_empty_hand(seat)

    def _pick_up(self, extra: Sequence[MeldPlay]) -> None:
        own, meld_rank, target, take, rest = checks.plan_pickup(self, extra)
        seat = self.turn
        p = self.players[seat]
        team = self.teams[self.team_of(seat)]
        had_book = team.books() > 0
        taken = self.pile[-take:]
        del self.pile[-take:]
        top = taken.pop()
        # The taken cards join the hand first: with ``pickup_minimum="with_pile"`` the
        # melds laid with the pickup may use them (the plan has checked which cards).
        p.hand.extend(taken)
        for c in own:
            p.hand.remove(c)
        if target is None:
            team.melds.append(TableMeld(meld_rank, [top, *own]))
        else:
            team.melds[target].cards.extend([top, *own])
        self.log.append(TookPile(seat, top, tuple(taken)))
        self._place(seat, rest)
        team.opened = True
        self.picked_up = True
        self.phase = "play"
        if p.knee_due and not p.knee_taken:
            # 004: the partner picks up the knee "after drawing"; taking the pile is
            # this turn's draw, so the knee comes with it.
            self._take_knee_now(seat)
        self._after_melding(seat, had_book)

    # ----- melding ------------------------------------------------------------

    def _meld(self, plays: Sequence[MeldPlay]) -> None:
        checks.plan_meld(self, plays)
        seat = self.turn
        team = self.teams[self.team_of(seat)]
        had_book = team.books() > 0
        self._place(seat, list(plays))
        team.opened = True
        self._after_melding(seat, had_book)

    def _place(self, seat: int, plays: list[MeldPlay]) -> None:
        team = self.teams[self.team_of(seat)]
        hand = self.players[seat].hand
        for play in plays:
            for c in play.cards:
                hand.remove(c)
            if play.meld is not None:
                team.melds[play.meld].cards.extend(play.cards)
            else:
                assert play.rank is not None
                team.melds.append(TableMeld(play.rank, list(play.cards)))
            self.log.append(Melded(seat, play.meld, play.rank, tuple(play.cards)))

    def _after_melding(self, seat: int, had_book: bool) -> None:
        team_i = self.team_of(seat)
        if self.rules.knee_after_first_book and not had_book and self.teams[team_i].books():
            # The knee game: finishing the team's first book opens the knees.
            self._take_knee_now(seat)
            for mate in self.teammates(seat):
                if not self.players[mate].knee_taken:
                    self.players[mate].knee_due = True
        p = self.players[seat]
        if p.foot_taken and p.hand == [] and self.went_out is None:
            self._go_out(seat)
            return
        self._refill_empty_hand(seat)

    # ----- hand, knee and foot ------------------------------------------------

    def _take_knee_now(self, seat: int) -> None:
        p = self.players[seat]
        if p.knee_taken or p.foot_taken or not self.rules.knee_size:
            return
        p.knee_taken = True
        p.knee_due = False
        p.hand.extend(p.knee)
        p.knee = []
        self.log.append(PickedUpSet(seat, "knee"))
        self._lay_out_red_threes(seat, replace=self.rules.red_three_replace_from_knee_foot)

    def _refill_empty_hand(self, seat: int) -> None:
        """An empty hand (or knee) is replaced by the next face-down set at once."""
        p = self.players[seat]
        while not p.hand:
            which = self.next_set(seat)
            if which is None:
                return
            if which == "knee":
                p.knee_taken, p.knee_due = True, False
                p.hand, p.knee = p.knee, []
            else:
                p.foot_taken = True
                p.hand, p.foot = p.foot, []
            self.log.append(PickedUpSet(seat, "knee" if which == "knee" else "foot"))
            self._lay_out_red_threes(seat, replace=self.rules.red_three_replace_from_knee_foot)

    def _lay_out_red_threes(self, seat: int, replace: bool) -> None:
        """Lay out red 3s from the hand and, where the rules say, replace them (again and again)."""
        p = self.players[seat]
        team = self.teams[self.team_of(seat)]
        while True:
            reds = [c for c in p.hand if C.is_red_three(c)]
            if not reds:
                return
            for c in reds:
                p.hand.remove(c)
                team.red_threes.append(c)
                self.log.append(RedThree(seat, c))
            if not replace:
                return
            count = min(len(reds), len(self.stock))
            p.hand.extend(self.stock.pop() for _ in range(count))

    # ----- discarding and going out -------------------------------------------

    def _discard(self, card: Card) -> None:
        checks.plan_discard(self, card)
        seat = self.turn
        p = self.players[seat]
        p.hand.remove(card)
        self.pile.append(card)
        self.log.append(Discarded(seat, card))
        if not p.hand and self.next_set(seat) is None:
            self._go_out(seat)
            return
        # Discarding the last hand card picks up the foot, but the player plays it
        # from the next turn: it doesn't count as having played from the foot yet.
        in_foot = p.foot_taken
        self._refill_empty_hand(seat)
        self._end_turn(played_foot=in_foot)

    def _end_turn_action(self) -> None:
        checks.plan_end_turn(self)
        self.log.append(EndedTurn(self.turn))
        self._end_turn()

    def can_go_out_now(self, seat: int) -> bool:
        """True when the seat meets every condition to go out (books, foot, partner)."""
        return checks.go_out_problem(self, seat, self.teams[self.team_of(seat)].melds) is None

    def _ask(self) -> None:
        checks.plan_ask(self)
        self.asked = True
        self.phase = "answer"
        self.log.append(Asked(self.turn))

    def _answer(self, yes: bool) -> None:
        checks.need_phase(self, "answer")
        self.permission = yes
        self.phase = "play"
        mate = self.partner(self.turn)
        assert mate is not None  # plan_ask refuses a question nobody can answer
        self.log.append(Answered(mate, yes))

    def _go_out(self, seat: int) -> None:
        self.went_out = seat
        self.log.append(WentOut(seat))
        self._end_round(seat)

    # ----- rounds -------------------------------------------------------------

    def _end_round(self, went_out: int | None) -> None:
        scores = tuple(self.round_score(t, went_out) for t in range(self.sides))
        self.results.append(RoundResult(self.round_index, went_out, scores))
        for t in range(self.sides):
            self.totals[t] += scores[t].total
        rounds_done = self.round_index + 1
        self.phase = "game_over" if game_over(self.rules, rounds_done, self.totals) else "round_over"

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

    def _next_round(self) -> None:
        checks.plan_next_round(self)
        self.round_index += 1
        self._start_round()

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
