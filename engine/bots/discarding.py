"""Discarding: the card the side needs least and the next opponent is least likely to take.

The part of ``NormalBot`` (and so of Easy and Hard, which tune ``keep_value`` and ``feed_risk``)
that scores each legal discard, and the safe move when a plan turns out illegal.
"""

from __future__ import annotations

from .. import cards as C
from ..actions import Answer, Discard, Draw, EndTurn
from ..cards import Card
from ..checks import pile_take, wild_top_takeable
from ..moves import legal_actions
from .base import Decision, NoLegalAction
from .context import Ctx
from .knowledge import discarded_ranks
from .reasons import Clause, Reason


class Discarding:
    """Choosing a discard, for ``NormalBot`` and the levels built on it."""

    shed_high: float

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
