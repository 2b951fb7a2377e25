"""Easy: a beginner's game: sensible moves, eager melds, the odd beginner's mistake."""

from __future__ import annotations

from .. import cards as C
from ..actions import Answer, Discard
from .base import Decision
from .context import Ctx
from .normal import NormalBot
from .planning import Style
from .reasons import Clause, Reason


class EasyBot(NormalBot):
    """Melds whatever it can, takes any decent pile, picks among the plainer discards."""

    level = "easy"
    style = Style(dirty_start_wilds=1, wild_meld_start=3, complete_dirty=True, keep_clean=False)
    pickup_margin = -1.0

    def want_out(self, ctx: Ctx, goer: int) -> tuple[bool, Clause]:
        """A beginner goes out whenever the books are made."""
        return True, Clause("books_made")

    def choose_answer(self, ctx: Ctx) -> Decision:
        """Mostly yes; no when holding a lot, some of the time."""
        if len(ctx.hand) >= 8 and ctx.rng.below(2) == 0:
            return Decision(Answer(False), Reason("answer", (Clause("still_hold", n=len(ctx.hand)),)))
        return Decision(Answer(True), Reason("answer", (Clause("finish_round"),), yes=True))

    def choose_discard(self, ctx: Ctx) -> Decision:
        """One of the three plainest discards at random, now and then a wild card."""
        scored = self.discard_scores(ctx)
        if not scored:
            return self.fallback(ctx)
        wild = [s for s in scored if C.is_wild(s[0])]
        if wild and len(scored) > 1 and ctx.rng.below(12) == 0:
            card = wild[0][0]
            return Decision(Discard(card), Reason("discard", (Clause("misfit"),), card=card))
        plain = sorted((s for s in scored if not C.is_wild(s[0])), key=lambda s: (s[1], s[0]))
        pool = (plain or scored)[:3]
        card, _, why = pool[ctx.rng.below(len(pool))]
        return Decision(Discard(card), Reason("discard", why, card=card))

    def feed_risk(self, ctx: Ctx, card: int) -> tuple[float, Clause | None]:
        """A beginner does not watch what the opponents collect."""
        return 0.0, None
