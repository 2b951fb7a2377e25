"""Normal: solid heuristics, from the view alone.

Meld toward the books the team needs, open only at the minimum with as few
wild cards as possible, take the pile when the pair is held and the pile is
worth it, discard what the next opponent is least likely to pick up (black 3s
block), keep wild cards for books, and go out when it gains more than holding.
Going out and answering the partner are in ``going_out``, choosing a discard in ``discarding``
(the classes ``NormalBot`` is built from); drawing, taking the pile and melding are here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from .. import cards as C
from ..actions import Action, Draw, EndTurn, Meld, MeldPlay, NextRound, PickUp
from ..checks import pile_pair, wild_top_takeable
from ..melds import meld_value
from ..views import View
from . import explain as E
from .base import Decision, bot_seed, decision_rng
from .context import Ctx
from .discarding import Discarding
from .going_out import GoingOut
from .knowledge import meld_pairs, team_needs
from .planning import Style, opening_plan, plan_melds
from .reasons import CLOSE_TO_OUT as CLOSE_TO_OUT
from .reasons import Clause, PileTake, Reason

FOOT_DONE_DISCOUNT = 0.6
"""Pickup score taken off per card when a seat in its foot, with every book made, takes the pile."""


class NormalBot(GoingOut, Discarding):
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
        ctx = self.context(view)
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

    def context(self, view: View) -> Ctx:
        """This decision's working set, its generator seeded from the bot and the position."""
        return Ctx(view, decision_rng(self.seed, view))

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

ROUND_ENDING = "because the round may end soon and cards held would cost points"
"""A meld's note when every card is melded because the round may end soon."""
REACH = "to reach my "
"""How a meld's note that empties the hand for the next set begins ('to reach my foot')."""


def _wilds(plays: list[MeldPlay]) -> int:
    """How many wild cards the plays spend."""
    return sum(1 for p in plays for c in p.cards if C.is_wild(c))
