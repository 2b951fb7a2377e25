"""What each action does to a position once the checks have passed: turns and rounds as they happen.

``Game.apply`` validates first (``engine.checks``) and then calls one of these; every change to a
game's cards, turn and phase is made here. They take the position through ``LivePosition``, so this
module sits below ``engine.state`` and never imports it. Where a step needs the checks' plan (a
pickup's cards, a meld's plays), the plan is made first and raises before anything changes.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import cards as C
from . import checks, seats
from . import events as ev
from .actions import MeldPlay
from .cards import Card
from .melds import TableMeld
from .position import LivePosition
from .scoring import game_over
from .table import RoundResult

# ----- set-up -----------------------------------------------------------------


def turn_upcard(g: LivePosition) -> None:
    """Turn the stock's top card onto the pile, burying the ranks the rules skip."""
    skipped = 0
    while g.stock and skipped < 50:
        card = g.stock.pop()
        skip = C.rank(card) in g.rules.upcard_skip_ranks or (
            g.rules.upcard_skip_red_three and C.is_red_three(card)
        )
        if not skip:
            g.pile.append(card)
            g.log.append(ev.Upcard(card))
            return
        g.stock.insert(0, card)  # buried at the bottom of the stock
        skipped += 1


# ----- turns --------------------------------------------------------------------


def begin_turn(g: LivePosition, seat: int) -> None:
    """``seat`` is to draw; with the stock gone the round ends instead."""
    g.turn = seat
    g.phase = "draw"
    g.asked = False
    g.permission = None
    g.picked_up = False
    if not g.stock:
        g.log.append(ev.StockOut(seat))
        end_round(g, None)


def end_turn(g: LivePosition, played_foot: bool | None = None) -> None:
    """The turn passes to the next seat (``played_foot``: whether this turn counts as played from the foot)."""
    p = g.players[g.turn]
    if p.foot_taken if played_foot is None else played_foot:
        p.played_foot = True
    begin_turn(g, seats.next_seat(g.turn, g.n))


# ----- drawing and the pile -------------------------------------------------------


def draw(g: LivePosition) -> None:
    """Draw from the stock."""
    checks.need_phase(g, "draw")
    seat = g.turn
    p = g.players[seat]
    count = min(g.rules.draw, len(g.stock))
    drawn = [g.stock.pop() for _ in range(count)]
    p.hand.extend(drawn)
    g.log.append(ev.Drew(seat, count))
    lay_out_red_threes(g, seat, replace=True)
    if p.knee_due and not p.knee_taken:
        take_knee_now(g, seat)
    g.phase = "play"
    refill_empty_hand(g, seat)


def pick_up(g: LivePosition, extra: Sequence[MeldPlay]) -> None:
    """Take the pile (or its top), melding the top and any ``extra`` plays."""
    own, meld_rank, target, take, rest = checks.plan_pickup(g, extra)
    seat = g.turn
    p = g.players[seat]
    team = g.teams[g.team_of(seat)]
    had_book = team.books() > 0
    taken = g.pile[-take:]
    del g.pile[-take:]
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
    g.log.append(ev.TookPile(seat, top, tuple(taken)))
    place(g, seat, rest)
    team.opened = True
    g.picked_up = True
    g.phase = "play"
    if p.knee_due and not p.knee_taken:
        # 004: the partner picks up the knee "after drawing"; taking the pile is
        # this turn's draw, so the knee comes with it.
        take_knee_now(g, seat)
    after_melding(g, seat, had_book)


# ----- melding --------------------------------------------------------------------


def meld(g: LivePosition, plays: Sequence[MeldPlay]) -> None:
    """Lay the plays on the side's melds."""
    checks.plan_meld(g, plays)
    seat = g.turn
    team = g.teams[g.team_of(seat)]
    had_book = team.books() > 0
    place(g, seat, list(plays))
    team.opened = True
    after_melding(g, seat, had_book)


def place(g: LivePosition, seat: int, plays: list[MeldPlay]) -> None:
    """Move each play's cards from the hand to a new meld or the meld it names."""
    team = g.teams[g.team_of(seat)]
    hand = g.players[seat].hand
    for play in plays:
        for c in play.cards:
            hand.remove(c)
        if play.meld is not None:
            team.melds[play.meld].cards.extend(play.cards)
        else:
            assert play.rank is not None
            team.melds.append(TableMeld(play.rank, list(play.cards)))
        g.log.append(ev.Melded(seat, play.meld, play.rank, tuple(play.cards)))


def after_melding(g: LivePosition, seat: int, had_book: bool) -> None:
    """What melding sets off: the knees (the knee game), going out, or the next set into the hand."""
    team_i = g.team_of(seat)
    if g.rules.knee_after_first_book and not had_book and g.teams[team_i].books():
        # The knee game: finishing the team's first book opens the knees.
        take_knee_now(g, seat)
        for mate in g.teammates(seat):
            if not g.players[mate].knee_taken:
                g.players[mate].knee_due = True
    p = g.players[seat]
    if p.foot_taken and p.hand == [] and g.went_out is None:
        go_out(g, seat)
        return
    refill_empty_hand(g, seat)


# ----- hand, knee and foot --------------------------------------------------------


def take_knee_now(g: LivePosition, seat: int) -> None:
    """The seat adds its knee to its hand (where the rules have knees and it is still face down)."""
    p = g.players[seat]
    if p.knee_taken or p.foot_taken or not g.rules.knee_size:
        return
    p.knee_taken = True
    p.knee_due = False
    p.hand.extend(p.knee)
    p.knee = []
    g.log.append(ev.PickedUpSet(seat, "knee"))
    lay_out_red_threes(g, seat, replace=g.rules.red_three_replace_from_knee_foot)


def refill_empty_hand(g: LivePosition, seat: int) -> None:
    """An empty hand (or knee) is replaced by the next face-down set at once."""
    p = g.players[seat]
    while not p.hand:
        which = g.next_set(seat)
        if which is None:
            return
        if which == "knee":
            p.knee_taken, p.knee_due = True, False
            p.hand, p.knee = p.knee, []
        else:
            p.foot_taken = True
            p.hand, p.foot = p.foot, []
        g.log.append(ev.PickedUpSet(seat, "knee" if which == "knee" else "foot"))
        lay_out_red_threes(g, seat, replace=g.rules.red_three_replace_from_knee_foot)


def lay_out_red_threes(g: LivePosition, seat: int, replace: bool) -> None:
    """Lay out red 3s from the hand and, where the rules say, replace them (again and again)."""
    p = g.players[seat]
    team = g.teams[g.team_of(seat)]
    while True:
        reds = [c for c in p.hand if C.is_red_three(c)]
        if not reds:
            return
        for c in reds:
            p.hand.remove(c)
            team.red_threes.append(c)
            g.log.append(ev.RedThree(seat, c))
        if not replace:
            return
        count = min(len(reds), len(g.stock))
        p.hand.extend(g.stock.pop() for _ in range(count))


# ----- discarding and going out ---------------------------------------------------


def discard(g: LivePosition, card: Card) -> None:
    """Discard ``card``: the turn ends, or the round where that was the last card."""
    checks.plan_discard(g, card)
    seat = g.turn
    p = g.players[seat]
    p.hand.remove(card)
    g.pile.append(card)
    g.log.append(ev.Discarded(seat, card))
    if not p.hand and g.next_set(seat) is None:
        go_out(g, seat)
        return
    # Discarding the last hand card picks up the foot, but the player plays it
    # from the next turn: it doesn't count as having played from the foot yet.
    in_foot = p.foot_taken
    refill_empty_hand(g, seat)
    end_turn(g, played_foot=in_foot)


def end_turn_action(g: LivePosition) -> None:
    """End the turn without a discard (where the rules allow it)."""
    checks.plan_end_turn(g)
    g.log.append(ev.EndedTurn(g.turn))
    end_turn(g)


def ask(g: LivePosition) -> None:
    """Ask the partner "may I go out?"."""
    checks.plan_ask(g)
    g.asked = True
    g.phase = "answer"
    g.log.append(ev.Asked(g.turn))


def answer(g: LivePosition, yes: bool) -> None:
    """The partner's answer; the asker plays on."""
    checks.need_phase(g, "answer")
    g.permission = yes
    g.phase = "play"
    mate = g.partner(g.turn)
    assert mate is not None  # plan_ask refuses a question nobody can answer
    g.log.append(ev.Answered(mate, yes))


def go_out(g: LivePosition, seat: int) -> None:
    """``seat`` went out: the round ends."""
    g.went_out = seat
    g.log.append(ev.WentOut(seat))
    end_round(g, seat)


# ----- rounds ---------------------------------------------------------------------


def end_round(g: LivePosition, went_out: int | None) -> None:
    """Score the round, add it to the totals, and end the game where the rules say."""
    scores = tuple(g.round_score(t, went_out) for t in range(g.sides))
    g.results.append(RoundResult(g.round_index, went_out, scores))
    for t in range(g.sides):
        g.totals[t] += scores[t].total
    rounds_done = g.round_index + 1
    g.phase = "game_over" if game_over(g.rules, rounds_done, g.totals) else "round_over"
