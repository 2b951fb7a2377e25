"""Going out and answering "may I go out?": when the books are made and going out pays.

The part of ``NormalBot`` (and so of Easy and Hard, which tune it by overriding) that weighs the
points held against the going-out bonus, watches for an opponent close to going out and answers
the partner.
"""

from __future__ import annotations

from .. import seats
from ..actions import Action, Answer, AskGoOut, Discard, Meld
from ..checks import last_discard_allowed, must_ask, partners_block
from ..scoring import cards_cost
from . import explain as E
from .base import Decision
from .context import Ctx
from .knowledge import meld_pairs, team_needs
from .planning import Plan, Style, plan_melds
from .reasons import Clause, Reason, near_out

AVG_CARD = 8.5
"""Rough points of an unseen card left in a hand."""
CLOSE_CARDS = 5
"""An opponent in the foot with at most this many cards in hand holds 'few cards'."""


class GoingOut:
    """Going out and answering the partner, for ``NormalBot`` and the levels built on it."""

    style: Style
    out_margin: float
    wait_fresh_foot: bool

    def going_out_plan(self, ctx: Ctx) -> Plan | None:
        """Plays that empty the hand (or leave one card to discard) with every book made."""
        rules, view = ctx.rules, ctx.view
        if not ctx.in_foot or not ctx.opened:
            return None
        if partners_block(rules, [view.seats[m] for m in ctx.teammates]):
            return None
        plan = plan_melds(rules, ctx.hand, ctx.my_melds, ctx.needs, self.style, use_all=True)
        plays = plan.plays
        left = len(plan.left)
        can_discard = last_discard_allowed(rules, view.picked_up)
        if left > 1 or (left == 1 and not can_discard) or (left == 0 and rules.go_out_discard == "required"):
            return None
        if not team_needs(rules, ctx.melds_after(plays)).done:
            return None
        return plan

    def try_going_out(self, ctx: Ctx) -> Decision | None:
        """Ask, then go out, when the books are made and going out pays."""
        view, rules = ctx.view, ctx.rules
        plan = self.going_out_plan(ctx)
        if plan is None or view.permission is False:
            return None
        if must_ask(rules) and view.permission is not True:
            if view.asked:
                return None
            want, why = self.want_out(ctx, ctx.seat)
            if not want:
                return None
            return Decision(AskGoOut(), Reason("ask_out", (why,)))
        if not must_ask(rules):
            want, why = self.want_out(ctx, ctx.seat)
            if not want:
                return None
        else:
            why = Clause("partner_agreed")
        if plan.plays:
            action: Action = Meld(tuple(plan.plays))
            laid, _ = E.laid(ctx.my_melds, plan.plays)
            out = Reason("went_out", (why,), rook=ctx.rook, plays=laid,
                         out="meld_discard" if plan.left else "meld_all")
        else:
            action = Discard(plan.left[0])
            out = Reason("went_out", (why,), card=plan.left[0], out="discard")
        if not ctx.legal(action):
            return None
        return Decision(action, out)

    def leftover_estimate(self, ctx: Ctx, seat: int) -> float:
        """Points ``seat`` would lose if the round ended now (its hand and unplayed sets)."""
        view, rules = ctx.view, ctx.rules
        s = view.seats[seat]
        if seat == ctx.seat:
            held = float(cards_cost(rules, ctx.hand))
        else:
            held = s.hand_count * AVG_CARD
        unplayed = s.knee_count + s.foot_count
        red_risk = 0.04 * -rules.red_three_unplayed
        return held + unplayed * (AVG_CARD + red_risk)

    def want_out(self, ctx: Ctx, goer: int) -> tuple[bool, Clause]:
        """Whether the team gains by ``goer`` going out now, and why."""
        view, rules = ctx.view, ctx.rules
        n = rules.players
        team = seats.teammates(goer, n)
        opps = seats.opponents(goer, n)
        ours = sum(self.leftover_estimate(ctx, s) for s in team)
        theirs = sum(self.leftover_estimate(ctx, s) for s in opps)
        gain = rules.going_out_bonus + theirs - ours
        late = view.stock_count <= n * rules.draw * 3
        threat = self.close_to_out(ctx, goer)
        if threat is not None:
            return True, threat
        if late:
            return True, Clause("stock_low")
        if gain >= self.out_margin:
            worth = round(gain, -1)
            if worth > 0:
                unseen = sum(view.seats[s].knee_count + view.seats[s].foot_count for s in team)
                return True, Clause("out_gains", n=unseen, points=_points(worth))
            return True, Clause("out_costs", points=_points(-worth) if worth else 0)
        return False, Clause("side_loses", points=_points(ours))

    def fresh_foot(self, ctx: Ctx) -> str:
        """Why this seat should play its new foot before the partner goes out ('' to answer as usual).

        Measured with ``bench.going_out --wait``: on classic, a "no" from a partner that hasn't
        played from its foot yet paid about 330-710 points a decision; where books of a rank are
        worth thousands (hkf) the same "no" lost, so it is off there, and it needs the cards held
        to cost more than the going-out bonus.
        """
        if not self.wait_fresh_foot:
            return ""
        view, rules = ctx.view, ctx.rules
        me = view.seats[ctx.seat]
        if me.stage != "foot" or me.played_foot or view.stock_count <= rules.players * rules.draw * 3:
            return ""
        if rules.rank_books or self.leftover_estimate(ctx, ctx.seat) <= rules.going_out_bonus:
            return ""
        return "waiting a turn to meld them has paid on average"

    def close_to_out(self, ctx: Ctx, goer: int) -> Clause | None:
        """Why an opponent of ``goer`` is close to going out, or None when none is.

        Close: playing from the foot with few cards, its side holding every book it
        needs or one short (the engine's own count), and not held back by its partners.
        """
        view, rules = ctx.view, ctx.rules
        n = rules.players
        for s in seats.opponents(goer, n):
            seat = view.seats[s]
            if seat.stage != "foot" or seat.hand_count > CLOSE_CARDS:
                continue
            short = team_needs(rules, meld_pairs(view.teams[seat.team].melds)).count
            if short > 1 or partners_block(rules, [view.seats[m] for m in seats.teammates(s, n)]):
                continue
            side = "the other team" if seats.teammates(s, n) else seat.name
            return near_out(side, seat.name, short, seat.hand_count)
        return None

    def choose_answer(self, ctx: Ctx) -> Decision:
        """Answer the partner: yes when going out now pays, no when we'd lose by it."""
        asker = ctx.view.turn
        mine = self.leftover_estimate(ctx, ctx.seat)
        fresh = self.fresh_foot(ctx)
        if fresh:
            return Decision(Answer(False), Reason("answer", (Clause("fresh_foot", n=len(ctx.hand),
                                                                    points=_points(mine)),)))
        want, why = self.want_out(ctx, asker)
        if want:
            return Decision(Answer(True), Reason("answer", (why,), yes=True))
        if ctx.view.seats[ctx.seat].stage != "foot":
            why = Clause("not_in_foot", points=_points(mine))
        else:
            why = Clause("still_hold", n=len(ctx.hand), points=_points(mine))
        return Decision(Answer(False), Reason("answer", (why,)))


def _points(value: float) -> int:
    """An estimate in whole points, as a reason states it (``f"{value:.0f}"``)."""
    return int(f"{value:.0f}")
