"""Normal: solid heuristics, from the view alone.

Meld toward the books the team needs, open only at the minimum with as few
wild cards as possible, take the pile when the pair is held and the pile is
worth it, discard what the next opponent is least likely to pick up (black 3s
block), keep wild cards for books, and go out when it gains more than holding.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from .. import cards as C
from .. import seats
from ..actions import (
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
)
from ..cards import Card
from ..checks import last_discard_allowed, must_ask, partners_block, pile_pair, pile_take, wild_top_takeable
from ..melds import meld_value
from ..moves import legal_actions
from ..scoring import card_cost
from ..views import View
from . import explain as E
from .base import Decision, NoLegalAction, bot_seed, decision_rng
from .context import Ctx
from .knowledge import discarded_ranks, meld_pairs, team_needs
from .planning import Plan, Style, opening_plan, plan_melds
from .reasons import CLOSE_TO_OUT as CLOSE_TO_OUT
from .reasons import Clause, PileTake, Reason, near_out

AVG_CARD = 8.5
"""Rough points of an unseen card left in a hand."""
FOOT_DONE_DISCOUNT = 0.6
"""Pickup score taken off per card when a seat in its foot, with every book made, takes the pile."""
CLOSE_CARDS = 5
"""An opponent in the foot with at most this many cards in hand holds 'few cards'."""


class NormalBot:
    """A solid partner: heuristics over what its seat can see."""

    level = "normal"
    style = Style(dirty_start_wilds=2, wild_meld_start=4, complete_dirty=True, keep_clean=True)
    pickup_margin = 0.5
    out_margin = -50.0
    """Go out when the estimated gain is at least this (negative: accept a small loss)."""
    endgame_dump = False
    """Meld every card possible once the round is about to end (Hard)."""
    wait_fresh_foot = False
    """Answer no while this seat hasn't played from its foot yet (see ``fresh_foot``; Hard)."""
    shed_high = 1 / 20
    """Keep value taken off a natural card per point it scores (a high card costs more if caught
    in hand; Hard keeps it only as a tie-break, see ``HardBot.shed_high``)."""

    def __init__(self, seat: int, deal_number: int) -> None:
        self.seat = seat
        self.seed = bot_seed(deal_number, seat, self.level)

    # ----- entry points -------------------------------------------------------

    def decide(self, view: View) -> Decision:
        """The action for this seat now, with its reason."""
        if view.seat != self.seat:
            raise ValueError("This view belongs to another seat.")
        if view.phase == "round_over":
            return Decision(NextRound(), Reason("next_round"))
        if view.phase == "game_over" or view.to_act != self.seat:
            raise ValueError("It is not this player's turn.")
        ctx = Ctx(view, decision_rng(self.seed, view))
        if view.phase == "answer":
            decision = self.choose_answer(ctx)
        elif view.phase == "draw":
            decision = self.choose_draw(ctx)
        else:
            decision = self.choose_play(ctx)
        if not ctx.legal(decision.action):
            decision = self.fallback(ctx)
        return decision

    def answer(self, view: View) -> Decision:
        """The answer to the partner's "may I go out?"."""
        return self.decide(view)

    def fallback(self, ctx: Ctx) -> Decision:
        """A safe legal action when a plan turns out illegal (should not happen)."""
        options = legal_actions(ctx.game)
        if not options:
            raise NoLegalAction(f"{ctx.view.seats[ctx.seat].name} has no legal action.")
        for kind in (Draw, Discard, EndTurn, Answer):
            for a in options:
                if isinstance(a, kind):
                    return Decision(a, Reason("safe"))
        return Decision(options[0], Reason("safe"))

    # ----- drawing ------------------------------------------------------------

    def choose_draw(self, ctx: Ctx) -> Decision:
        """Take the pile when it is worth more than a draw; otherwise draw."""
        why_not = self.pickup_blocker(ctx)
        if why_not is None:
            pick = self.best_pickup(ctx)
            if pick is not None:
                action, score, reason = pick
                if score > self.draw_value(ctx) + self.pickup_margin:
                    return Decision(action, reason)
                why_not = Clause("not_worth", n=ctx.pile_take())
            else:
                why_not = self.pickup_refusal(ctx)
        return Decision(Draw(), Reason("draw", (why_not,), count=ctx.rules.draw))

    def draw_value(self, ctx: Ctx) -> float:
        """What drawing from the stock is worth on the pickup scale."""
        return float(ctx.rules.draw)

    def pickup_blocker(self, ctx: Ctx) -> Clause | None:
        """Why the pile can't be taken now (None if it might be)."""
        rules, view = ctx.rules, ctx.view
        top = view.pile_top
        if rules.pickup == "none":
            return Clause("no_pickup_rule")
        if top is None:
            return Clause("pile_empty")
        if view.pile_blocked:
            return Clause("pile_blocked")
        if C.is_wild(top) and not wild_top_takeable(rules):
            return Clause("wild_top")
        if pile_pair(rules, top, ctx.hand) is None:
            return Clause("no_pair", rank=C.rank(top), rook=ctx.rook)
        if not ctx.opened and rules.pickup_before_opening == "never":
            return Clause("must_meld_first")
        return None

    def pickup_refusal(self, ctx: Ctx) -> Clause:
        """Why no pickup is possible though we hold the pair (the engine decides)."""
        err = ctx.game.check(PickUp())
        top = ctx.view.pile_top
        if err is not None and err.reason == "pile_meld_full" and top is not None:
            return Clause("pile_meld_full", rank=C.rank(top), rook=ctx.rook)
        if not ctx.opened and ctx.minimum > 0:
            return Clause("below_opening", points=ctx.minimum)
        return Clause("cant_take")

    def best_pickup(self, ctx: Ctx) -> tuple[Action, float, Reason] | None:
        """The legal pickup (with opening melds if needed), its worth and reason."""
        view, rules = ctx.view, ctx.rules
        top = view.pile_top
        assert top is not None
        action: PickUp = PickUp()
        if not ctx.legal(action):
            if ctx.opened:
                return None
            pair = pile_pair(rules, top, ctx.hand) or []
            rest = list(ctx.hand)
            for c in pair:
                rest.remove(c)
            if rules.pickup_minimum == "with_pile":
                # 000: melds made from the cards taken count toward the minimum too.
                rest.extend(view.pile[len(view.pile) - ctx.pile_take() : -1])
            trio_value = meld_value(rules, [top, *pair])
            plan = opening_plan(rules, rest, ctx.minimum, trio_value, exclude_rank=C.rank(top))
            if plan is None:
                return None
            action = PickUp(tuple(plan.plays))
            if not ctx.legal(action):
                return None
        score, reason = self.pickup_value(ctx)
        if action.melds:
            laid, _ = E.laid(ctx.my_melds, action.melds)
            reason = replace(reason, plays=laid)
        return action, score, reason

    def pickup_score(self, ctx: Ctx) -> tuple[float, str]:
        """How good the pile is for us (a draw is worth ``rules.draw``), and the reason in words."""
        score, reason = self.pickup_value(ctx)
        return score, reason.text()

    def pickup_value(self, ctx: Ctx) -> tuple[float, Reason]:
        """How good the pile is for us (a draw is worth ``rules.draw``), and the pickup's reason."""
        view, rules = ctx.view, ctx.rules
        take = ctx.pile_take()
        taken = list(view.pile[-take:])
        top = taken.pop()
        counts = ctx.counts()
        score = 2.0
        wilds = useful = junk = 0
        for c in taken:
            r = C.rank(c)
            if C.is_wild(c):
                score += 3.0
                wilds += 1
            elif C.is_black_three(c) and rules.black_threes_special:
                score -= 0.5 + rules.black_three_left / 100
                junk += 1
            elif counts[r] or ctx.my_open(r) is not None:
                score += 1.5
                useful += 1
            else:
                score += 0.7
        if ctx.in_foot and ctx.needs.done:
            score -= FOOT_DONE_DISCOUNT * len(taken)
        if rules.pickup_ends_turn:
            score -= 1.0
        pile = PileTake(C.rank(top), not C.is_wild(top), len(taken), take == len(view.pile), wilds, useful, junk)
        return score, Reason("pickup", rook=ctx.rook, pile=pile)

    # ----- playing ------------------------------------------------------------

    def choose_play(self, ctx: Ctx) -> Decision:
        """Go out if it pays, else meld what the plan says, else discard."""
        out = self.try_going_out(ctx)
        if out is not None:
            return out
        meld = self.choose_meld(ctx)
        if meld is not None:
            return meld
        if ctx.view.picked_up and ctx.rules.pickup_ends_turn:
            return Decision(EndTurn(), Reason("end_turn"))
        return self.choose_discard(ctx)

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
            held = float(sum(card_cost(rules, c) for c in ctx.hand))
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
                return True, Clause("out_gains", points=_points(worth))
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

    # ----- melding ------------------------------------------------------------

    def choose_meld(self, ctx: Ctx) -> Decision | None:
        """The melds to lay now, with a reason (None when nothing is worth laying)."""
        if not ctx.opened:
            return self.choose_opening(ctx)
        rules = ctx.rules
        note = ""
        dump = self.endgame_dump and self.round_ending(ctx)
        plan = plan_melds(rules, ctx.hand, ctx.my_melds, ctx.needs, self.style, use_all=dump)
        if dump:
            note = ROUND_ENDING
        if not ctx.in_foot:
            full = plan_melds(rules, ctx.hand, ctx.my_melds, ctx.needs, self.style, use_all=True)
            if len(full.left) <= 1 and full.plays:
                plan, note = full, f"to reach my {ctx.next_set}"
        plays = plan.plays
        if ctx.in_foot:
            plays = self.keep_two(ctx, plays)
        plays = ctx.fit_legal(plays)
        if not plays:
            return None
        return Decision(Meld(tuple(plays)), self.meld_why(ctx, plays, note))

    def round_ending(self, ctx: Ctx) -> bool:
        """True when the stock is nearly out or an opponent is about to go out."""
        view, rules = ctx.view, ctx.rules
        if rules.wild_melds and ctx.needs.wild:
            return False  # wild cards are saved for the wild book, whatever happens
        if view.stock_count <= rules.players * rules.draw * 2:
            return True
        if not team_needs(rules, meld_pairs(ctx.opp_melds)).done:
            return False
        return any(
            view.seats[s].stage == "foot" and view.seats[s].hand_count <= 4 for s in ctx.opponents
        )

    def keep_two(self, ctx: Ctx, plays: list[MeldPlay]) -> list[MeldPlay]:
        """In the foot and not going out: leave at least two cards in hand."""
        plays = list(plays)
        while plays and len(ctx.hand) - sum(len(p.cards) for p in plays) < 2:
            last = plays.pop()
            if last.meld is not None and len(last.cards) > 1:
                plays.append(MeldPlay(last.cards[:-1], meld=last.meld))
        return plays

    def choose_opening(self, ctx: Ctx) -> Decision | None:
        """Open at the minimum with the fewest wild cards."""
        plan = opening_plan(ctx.rules, ctx.hand, ctx.minimum)
        if plan is None:
            return None
        plays = ctx.fit_legal(plan.plays)
        if not plays:
            return None
        total = meld_value(ctx.rules, [c for p in plays for c in p.cards])
        laid, _ = E.laid(ctx.my_melds, plays)
        return Decision(Meld(tuple(plays)), Reason("opened", rook=ctx.rook, plays=laid, points=total,
                                                   minimum=ctx.minimum, wilds=_wilds(plays)))

    def meld_reason(self, ctx: Ctx, plays: list[MeldPlay], note: str) -> str:
        """'Melded: started kings with three cards; added two 9s, finishing one book'."""
        return self.meld_why(ctx, plays, note).text()

    def meld_why(self, ctx: Ctx, plays: list[MeldPlay], note: str) -> Reason:
        """The reason of a meld: its plays, the books they finish and what they are for (``note``:
        ``ROUND_ENDING``, 'to reach my foot' or '')."""
        laid, books = E.laid(ctx.my_melds, plays)
        why: Literal["", "round_ending", "reach", "toward_books"] = ""
        target = ""
        if note == ROUND_ENDING:
            why = "round_ending"
        elif note.startswith(REACH):
            why, target = "reach", note.removeprefix(REACH)
        elif not books and ctx.needs.clean_total:
            why = "toward_books"
        return Reason("melded", rook=ctx.rook, plays=laid, books=books, note=why, target=target,
                      wilds=_wilds(plays))

    # ----- discarding ---------------------------------------------------------

    def choose_discard(self, ctx: Ctx) -> Decision:
        """Discard the card we need least and the next opponent is least likely to take."""
        scored = self.discard_scores(ctx)
        if not scored:
            return self.fallback(ctx)
        card, _, why = min(scored, key=lambda x: (x[1], x[0]))
        return Decision(Discard(card), Reason("discard", why, card=card))

    def discard_scores(self, ctx: Ctx) -> list[tuple[Card, float, tuple[Clause, ...]]]:
        """(card, score, reason) for each legal discard; the lowest score goes."""
        out: list[tuple[Card, float, tuple[Clause, ...]]] = []
        pile_worth = self.pile_worth(ctx)
        for card in sorted(set(ctx.hand)):
            if not ctx.legal(Discard(card)):
                continue
            keep, why_keep = self.keep_value(ctx, card)
            risk, why_risk = self.feed_risk(ctx, card)
            score = keep + risk * pile_worth
            why: tuple[Clause, ...]
            if risk * pile_worth >= 2:
                why = (why_risk,) if why_risk is not None else (Clause("least_needed"),)
            else:
                why = (why_keep,) if why_risk is None else (why_keep, why_risk)
            out.append((card, score, why))
        return out

    def pile_worth(self, ctx: Ctx) -> float:
        """How much the pile (with our discard on it) would give the next opponent."""
        rules, view = ctx.rules, ctx.view
        if rules.pickup == "none":
            return 0.0
        take = pile_take(rules, len(view.pile) + 1, opened=True)
        cards = view.pile[-(take - 1):] if take > 1 else ()
        return 3.0 + take + 3.0 * sum(1 for c in cards if C.is_wild(c))

    def keep_value(self, ctx: Ctx, card: Card) -> tuple[float, Clause]:
        """How much we want to keep ``card`` (higher = keep), with why for a low value."""
        rules = ctx.rules
        if C.is_wild(card):
            return 100.0, Clause("wild")
        r = C.rank(card)
        if C.is_black_three(card) and rules.black_threes_special:
            return -8.0 - rules.black_three_left / 20, Clause("black_three")
        n = ctx.counts()[r]
        if n >= 3:
            keep = 22.0
        elif n == 2:
            keep = 12.0
        else:
            keep = 2.0
        if ctx.my_open(r) is not None:
            keep += 6.0
        keep -= rules.value(r) * self.shed_high
        if n == 1:
            return keep, Clause("lone", rank=r, n=1, rook=ctx.rook)
        if n == 2:
            return keep, Clause("pair", rank=r, n=2, rook=ctx.rook)
        return keep, Clause("spare", rank=r, n=n, rook=ctx.rook)

    def feed_risk(self, ctx: Ctx, card: Card) -> tuple[float, Clause | None]:
        """Chance-like weight that the next opponent can take the pile after this discard."""
        rules, view = ctx.rules, ctx.view
        if rules.pickup == "none":
            return 0.0, None
        if C.is_black_three(card) and rules.black_threes_special:
            return 0.0, None
        r = C.rank(card)
        if C.is_wild(card):
            return (0.15, None) if wild_top_takeable(rules) else (0.0, None)
        opp = ctx.opponents[0]
        m = ctx.opp_open(r)
        if m is not None and len(m.cards) + 3 > 7 and rules.one_open_meld_per_rank:
            return 0.0, Clause("opp_full", rank=r, rook=ctx.rook)
        risk = 0.35
        why = None
        if discarded_ranks(view, opp)[r]:
            risk *= 0.25
            why = Clause("threw_away", rank=r, name=view.seats[opp].name, rook=ctx.rook)
        if m is not None:
            risk *= 0.5
        if any(b.rank == r and b.is_book for b in ctx.opp_melds):
            risk *= 0.6
        return risk, why


ROUND_ENDING = "because the round may end soon and cards held would cost points"
"""A meld's note when every card is melded because the round may end soon."""
REACH = "to reach my "
"""How a meld's note that empties the hand for the next set begins ('to reach my foot')."""


def _points(value: float) -> int:
    """An estimate in whole points, as a reason states it (``f"{value:.0f}"``)."""
    return int(f"{value:.0f}")


def _wilds(plays: list[MeldPlay]) -> int:
    """How many wild cards the plays spend."""
    return sum(1 for p in plays for c in p.cards if C.is_wild(c))
