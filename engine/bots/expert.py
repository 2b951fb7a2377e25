"""Expert: Hard, plus a determinized search for the decisions that matter.

For taking the pile or drawing, the choice between the few best discards, asking to go out and
answering "may I go out?", Expert deals the cards it cannot see at random many times, consistent
with its view (the counts of every hidden zone, the cards each seat is known to hold from its
pickups: ``sampling.sample_game``), plays each candidate move on every sampled deal and lets Hard
play every seat on from there, for a few turns (``HORIZON``) or, for going out, to the round's end.
Each playout is scored as our side minus the best other side: the round's score where it ended,
else what is on the table at the horizon (melds, books, red 3s; cards held count nothing yet).
The candidates meet on the same sampled deals (paired), and Expert leaves Hard's own choice only
when another candidate wins by a clear margin (``Z`` standard errors and ``MARGIN`` points);
everything else (melds, the going-out plan) is Hard's.

Honest by construction: a ``View`` in, never a ``Game``; the sampled games are built from the view
alone.  Deterministic: the samples come from the decision's generator (``base.decision_rng``:
seeded from deal number, seat, level and the position), and the work is bounded by a count of
simulated decisions (``STEP_BUDGET``), not by the clock, unless a caller sets ``time_budget``
(the page may; then the number of playouts depends on the machine).  Its reason says what it
compared ("taking the pile won 14 of 20 playouts, drawing 6") with a ``playouts`` clause.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace

from ..actions import Action, Answer, AskGoOut, Discard, Draw, PickUp
from ..checks import must_ask
from ..errors import RuleViolation
from ..seats import sides, team_of
from ..state import Game
from ..views import View, view_for
from .base import Decision, NoLegalAction
from .clauses import SearchOption
from .context import Ctx
from .hard import HardBot
from .reasons import Clause, Reason
from .sampling import sample_game

PLAYOUTS = 12
"""Sampled deals per decision (fewer when ``STEP_BUDGET`` runs out first)."""
HORIZON = 8
"""Turn changes a draw or discard playout runs past the decision (two rounds of turns at four)."""
STEP_BUDGET = 300
"""Simulated decisions per Expert decision, over every candidate and sample: the time budget in
work, so the same view always gets the same playouts (about 0.3-0.5 ms each in CPython)."""
OUT_STEPS = 150
"""A going-out playout runs to the round's end, or this many decisions (a round of four players
takes about a hundred from its deal)."""
MIN_SAMPLES = 3
"""Fewer completed samples than this and Hard's choice stands."""
Z = 1.0
"""Standard errors of the paired difference by which a candidate must beat Hard's choice."""
MARGIN = 20.0
"""Points by which a candidate must beat Hard's choice on average."""
DISCARD_GAP = 10.0
"""Discards within this much of Hard's best score (its scale: lone card 2, pair 12) are compared."""
DISCARDS = 2
"""At most this many discards compared."""


@dataclass(frozen=True)
class Candidate:
    """One move the search weighs: the decision as Hard would give it, and its name in reasons."""

    decision: Decision
    option: SearchOption


@dataclass(frozen=True)
class Outcome:
    """What the search found: the chosen candidate's index, and each candidate's playout values."""

    chosen: int
    values: tuple[tuple[float, ...], ...]

    @property
    def samples(self) -> int:
        """Completed samples (each played with every candidate)."""
        return len(self.values[0]) if self.values else 0

    def wins(self, a: int, b: int) -> tuple[int, int]:
        """How many samples ``a`` scored more than ``b``, and ``b`` more than ``a``."""
        va, vb = self.values[a], self.values[b]
        return (sum(1 for x, y in zip(va, vb, strict=True) if x > y),
                sum(1 for x, y in zip(va, vb, strict=True) if y > x))

    def mean(self, i: int) -> float:
        """The average playout value of candidate ``i``."""
        v = self.values[i]
        return sum(v) / len(v) if v else 0.0


class PlayoutBot(HardBot):
    """Hard, playing a seat of a sampled game: the game it plays in answers what is legal (legality
    never depends on hidden cards, and the sampled game is Expert's own, built from its view), which
    saves rebuilding a game from every view.  Its moves are Hard's."""

    game: Game | None = None

    def context(self, view: View) -> Ctx:
        """Hard's working set, with the playout's game as the legality oracle."""
        ctx = super().context(view)
        if self.game is not None:
            ctx.__dict__["game"] = self.game
        return ctx


class ExpertBot(HardBot):
    """Hard's play, with its key decisions checked by playouts on sampled deals."""

    level = "expert"
    step_budget = STEP_BUDGET
    """Simulated decisions per decision (``STEP_BUDGET``; the bench measures others)."""
    time_budget: float | None = None
    """Seconds of wall time per decision, or None (the default) for a budget in work only: a set
    budget makes the decision depend on the machine's speed, so tests and the arena leave it off."""

    def __init__(self, seat: int, deal_number: int) -> None:
        super().__init__(seat, deal_number)
        self._policy: dict[int, PlayoutBot] = {}
        self._deal_number = deal_number

    # ----- the decisions searched -------------------------------------------------

    def choose_draw(self, ctx: Ctx) -> Decision:
        """Take the pile or draw: Hard's choice, unless the playouts clearly favour the other."""
        hard = super().choose_draw(ctx)
        if self.pickup_blocker(ctx) is not None:
            return hard
        pick = self.best_pickup(ctx)
        if pick is None:
            return hard
        action, _, reason = pick
        take = Candidate(Decision(action, reason), "take")
        draw = Candidate(Decision(Draw(), Reason("draw", (Clause("not_worth", n=ctx.pile_take()),),
                                                  count=ctx.rules.draw)), "draw")
        if isinstance(hard.action, PickUp):
            cands = [take, draw]
        else:
            cands = [Candidate(hard, "draw"), take]
        return self.searched(ctx, cands, HORIZON)

    def choose_discard(self, ctx: Ctx) -> Decision:
        """Hard's discard, unless another of its closest few wins the playouts clearly."""
        hard = super().choose_discard(ctx)
        if not isinstance(hard.action, Discard):
            return hard
        scored = sorted(self.discard_scores(ctx), key=lambda x: (x[1], x[0]))
        if len(scored) < 2:
            return hard
        best = scored[0][1]
        cands = [Candidate(hard, "discard")]
        for card, score, why in scored[1:]:
            if len(cands) >= DISCARDS or score > best + DISCARD_GAP:
                break
            cands.append(Candidate(Decision(Discard(card), Reason("discard", why, card=card)), "discard"))
        if len(cands) < 2:
            return hard
        return self.searched(ctx, cands, HORIZON)

    def choose_answer(self, ctx: Ctx) -> Decision:
        """Answer the partner: Hard's answer, unless the playouts to the round's end clearly disagree."""
        hard = super().choose_answer(ctx)
        if not isinstance(hard.action, Answer):
            return hard
        yes = hard.action.yes
        other = Decision(Answer(not yes), Reason("answer", yes=not yes))
        cands = [Candidate(hard, "yes" if yes else "no"), Candidate(other, "no" if yes else "yes")]
        return self.searched(ctx, cands, None)

    def choose_play(self, ctx: Ctx) -> Decision:
        """Hard's play; where it could ask to go out, asking and not asking are played out."""
        hard = super().choose_play(ctx)
        view = ctx.view
        if not must_ask(ctx.rules) or view.asked or view.permission is not None:
            return hard
        if self.going_out_plan(ctx) is None:
            return hard
        if isinstance(hard.action, AskGoOut):
            wait = self.without_asking(ctx)
            if wait is None:
                return hard
            cands = [Candidate(hard, "ask"), Candidate(wait, "wait")]
        else:
            ask = Decision(AskGoOut(), Reason("ask_out", (Clause("books_made"),)))
            if not ctx.legal(ask.action):
                return hard
            cands = [Candidate(hard, "wait"), Candidate(ask, "ask")]
        return self.searched(ctx, cands, None)

    def without_asking(self, ctx: Ctx) -> Decision | None:
        """What Hard would play here if it didn't ask to go out (a meld or a discard)."""
        meld = self.choose_meld(ctx)
        if meld is not None:
            return meld
        if ctx.view.picked_up and ctx.rules.pickup_ends_turn:
            return None
        return HardBot.choose_discard(self, ctx)

    # ----- the search -------------------------------------------------------------

    def searched(self, ctx: Ctx, cands: list[Candidate], horizon: int | None) -> Decision:
        """The candidate the playouts choose (``cands[0]`` is Hard's), its reason saying what was compared."""
        cands = [c for c in cands if ctx.legal(c.decision.action)]
        if len(cands) < 2:
            return cands[0].decision if cands else self.fallback(ctx)
        outcome = self.search(ctx, [c.decision.action for c in cands], horizon)
        if outcome.samples < MIN_SAMPLES:
            return cands[0].decision
        chosen = cands[outcome.chosen]
        rival = max((i for i in range(len(cands)) if i != outcome.chosen), key=outcome.mean)
        won, lost = outcome.wins(outcome.chosen, rival)
        clause = Clause("playouts", n=won, total=outcome.samples, other=lost, option=chosen.option,
                        alt=cands[rival].option)
        if cands[rival].option == "discard":
            action = cands[rival].decision.action
            assert isinstance(action, Discard)
            clause = replace(clause, card=action.card)
        why = chosen.decision.why
        return Decision(chosen.decision.action, replace(why, why=(*why.why, clause)))

    def search(self, ctx: Ctx, actions: list[Action], horizon: int | None) -> Outcome:
        """Play every action out on the same sampled deals; choose by the paired average."""
        view = ctx.view
        known = self.tracker(ctx).known
        values: list[list[float]] = [[] for _ in actions]
        used = 0
        deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
        for _ in range(PLAYOUTS):
            if used >= self.step_budget and len(values[0]) >= MIN_SAMPLES:
                break
            if deadline is not None and time.perf_counter() > deadline:
                break
            base = sample_game(view, ctx.rng, known)
            for i, action in enumerate(actions):
                value, steps = self.playout(base.copy(), action, horizon)
                values[i].append(value)
                used += steps
        return Outcome(self.pick(values), tuple(tuple(v) for v in values))

    @staticmethod
    def pick(values: list[list[float]]) -> int:
        """Index 0 (Hard's choice) unless another beats it by ``MARGIN`` points and ``Z`` standard errors."""
        base = values[0]
        n = len(base)
        best, best_gain = 0, 0.0
        if n < MIN_SAMPLES:
            return 0
        for i in range(1, len(values)):
            diffs = [x - y for x, y in zip(values[i], base, strict=True)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            se = math.sqrt(var / n)
            if mean > MARGIN and mean > Z * se and mean > best_gain:
                best, best_gain = i, mean
        return best

    def policy(self, seat: int, game: Game) -> PlayoutBot:
        """The player of ``seat`` in a playout of ``game`` (Hard, seeded as Hard would be)."""
        bot = self._policy.get(seat)
        if bot is None:
            bot = self._policy[seat] = PlayoutBot(seat, self._deal_number)
        bot.game = game
        return bot

    def playout(self, game: Game, action: Action, horizon: int | None) -> tuple[float, int]:
        """Apply ``action``, let Hard play every seat for ``horizon`` turn changes (None: to the
        round's end), and score it: our side's round score minus the best other side's."""
        me = self.seat
        steps = 0
        try:
            game.apply(action)
            changes = 0
            last = game.turn
            limit = OUT_STEPS if horizon is None else horizon * 6
            while game.phase in ("draw", "play", "answer") and steps < limit:
                seat = game.to_act
                assert seat is not None
                game.apply(self.policy(seat, game).decide(view_for(game, seat)).action)
                steps += 1
                if game.turn != last:
                    changes += 1
                    last = game.turn
                    if horizon is not None and changes >= horizon:
                        break
        except (RuleViolation, NoLegalAction):
            pass
        return value(game, me), max(1, steps)


def value(game: Game, seat: int) -> float:
    """The seat's side's round score minus the best other side's: as scored if the round has ended,
    else what is on the table (melds, books, red 3s; cards still held count nothing yet, since a
    pile just taken is worth more than its cards' cost, and cards in hand would count against it)."""
    n = game.rules.players
    mine = team_of(seat, n)
    if game.phase in ("round_over", "game_over") and game.results:
        scores = [s.total for s in game.results[-1].scores]
    else:
        scores = []
        for t in range(sides(n)):
            sc = game.round_score(t, None)
            scores.append(sc.total - sc.by_kind("leftover"))
    return float(scores[mine] - max(s for t, s in enumerate(scores) if t != mine))
