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
from collections import Counter
from dataclasses import dataclass, replace

from .. import cards as C
from ..actions import Action, Answer, AskGoOut, Discard, Draw, PickUp
from ..cards import Card
from ..checks import must_ask
from ..deal import full_deck
from ..errors import RuleViolation
from ..rules import RuleSet
from ..scoring import card_cost
from ..seats import seat_names, sides, team_of
from ..state import Game
from ..views import MeldView, SeatView, TeamView, View
from .base import Decision, NoLegalAction
from .clauses import SearchOption
from .context import Ctx
from .hard import HardBot, Tracker, three_sides
from .reasons import Clause, Reason
from .sampling import sample_game, unseen_cards, update_known

PLAYOUTS = 12
"""Sampled deals per decision (fewer when ``STEP_BUDGET`` runs out first)."""
HORIZON = 8
"""Turn changes a draw or discard playout runs past the decision (two rounds of turns at four)."""
DISCARD_HORIZON = HORIZON
"""The same for a discard's playouts (0: to the round's end)."""
STEP_BUDGET = 600
"""Simulated decisions per Expert decision, over every candidate and sample: the time budget in
work, so the same view always gets the same playouts (about 0.3 ms each in CPython).  A discard's
search takes fewer (``DISCARD_STEPS``).  Taking the pile or drawing, whose estimate did follow the
real gain on training deals (correlation 0.49 over 11 searches), gets about ten deals with it
instead of five; asking and answering, played to the round's end, three (``MIN_SAMPLES``) either way."""
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
DISCARD_Z = 1.0
"""Standard errors by which a discard must beat Hard's (``Z``).  On training deals (from
900,000,001) the playouts' estimate between Hard's two best discards hardly predicted what the
switch gained on the real position (correlation 0.04 over 88 searches, ``bench.expert_departures
--every``), and the switches lost on average; 2.0 left 2 switches in 6 deals, i.e. Hard.  Kept at
``Z`` until a better discard search is found (see the bots README)."""
DISCARD_STEPS = 300
"""Simulated decisions for a discard's search (half of ``STEP_BUDGET``: three in four searches are
discards, and they set the p95 of Expert's decision time)."""


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


class Playout:
    """What the seats of one playout share: its game, and the cards each seat is known to hold from
    its pickups (every seat's, the raw ``sampling.update_known`` record), brought up to date with
    each step's events instead of read again from the whole log at every decision."""

    def __init__(self, game: Game, known: dict[int, Counter[Card]], upto: int) -> None:
        self.game = game
        self.known = {s: Counter(held) for s, held in known.items()}
        self.upto = upto
        self.round_index = game.round_index

    @classmethod
    def start(cls, game: Game) -> Playout:
        """The record of a game as it stands (every event of the round so far)."""
        known: dict[int, Counter[Card]] = {s: Counter() for s in range(game.n)}
        update_known(game.rules, known, game.log, [len(p.hand) for p in game.players])
        return cls(game, known, len(game.log))

    def known_for(self, seat: int) -> dict[int, Counter[Card]]:
        """``sampling.known_holdings`` as ``seat`` would work it out now."""
        game = self.game
        if game.round_index != self.round_index or len(game.log) < self.upto:
            fresh = Playout.start(game)
            self.known, self.upto, self.round_index = fresh.known, fresh.upto, fresh.round_index
        elif len(game.log) > self.upto:
            update_known(game.rules, self.known, game.log[self.upto:], [len(p.hand) for p in game.players])
            self.upto = len(game.log)
        out: dict[int, Counter[Card]] = {}
        for s, held in self.known.items():
            if s != seat:
                out[s] = held if sum(held.values()) <= len(game.players[s].hand) else Counter()
        return out


_DECKS: dict[tuple[str, int], tuple[Counter[int], int, Counter[Card]]] = {}


def deck_counts(rules: RuleSet) -> tuple[Counter[int], int, Counter[Card]]:
    """The full deck's natural cards by rank, its size and its cards (cached per deck)."""
    key = (rules.deck, rules.deck_count())
    got = _DECKS.get(key)
    if got is None:
        deck = full_deck(rules)
        got = _DECKS[key] = (Counter(C.rank(c) for c in deck if not C.is_wild(c)), len(deck), Counter(deck))
    return got


def hidden_counts(view: View) -> tuple[Counter[int], int]:
    """``knowledge.hidden_rank_counts``, from the deck's cached counts less what the view shows."""
    by_rank, total, _ = deck_counts(view.rules)
    out = Counter(by_rank)
    shown = 0
    for group in (view.hand, view.pile, *(t.red_threes for t in view.teams),
                  *(m.cards for t in view.teams for m in t.melds)):
        shown += len(group)
        for c in group:
            if not C.is_wild(c):
                out[C.rank(c)] -= 1
    return out, total - shown


def playout_view(game: Game, seat: int, melds: dict[tuple[int, int, tuple[Card, ...]], MeldView]) -> View:
    """``views.view_for(game, seat)``, its melds' views kept in ``melds`` from one step to the next
    (a meld's kind counts its wild cards; most melds don't change in a step).  Equal to ``view_for``
    (tested)."""
    names = seat_names(game.n)
    n = game.n
    seat_views = tuple(
        SeatView(seat=s, name=names[s], team=team_of(s, n), hand_count=len(p.hand), knee_count=len(p.knee),
                 foot_count=len(p.foot), stage=p.stage, played_foot=p.played_foot, knee_due=p.knee_due)
        for s, p in enumerate(game.players)
    )
    teams = []
    for t in range(game.sides):
        team = game.teams[t]
        views = []
        for i, m in enumerate(team.melds):
            key = (i, m.rank, tuple(m.cards))
            mv = melds.get(key)
            if mv is None:
                mv = melds[key] = MeldView(i, m.rank, key[2], m.is_book, m.kind())
            views.append(mv)
        teams.append(TeamView(team=t, melds=tuple(views), red_threes=tuple(team.red_threes), opened=team.opened,
                              minimum=game.minimum(t), total=game.totals[t]))
    return View(
        seat=seat, rules=game.rules, deal_number=game.deal_number, round_index=game.round_index,
        dealer=game.dealer, turn=game.turn, phase=game.phase, to_act=game.to_act,
        hand=tuple(C.sorted_hand(game.players[seat].hand)), seats=seat_views, teams=tuple(teams),
        stock_count=len(game.stock), pile=tuple(game.pile), pile_blocked=game.pile_blocked(),
        asked=game.asked, permission=game.permission, picked_up=game.picked_up, log=tuple(game.log),
        results=tuple(game.results), went_out=game.went_out,
    )


class PlayoutBot(HardBot):
    """Hard, playing a seat of a sampled game, made cheaper without changing a move: the game it
    plays in answers what is legal (legality never depends on hidden cards, and the sampled game is
    Expert's own, built from its view); its card tracker comes from counts and a pickup record kept
    up to date through the playout (``Playout``); its discards state no calibrated chance (nobody
    reads a playout's reasons); and the other seats' leftover cards in a going-out estimate are
    their expected cost over the unseen cards instead of an average over twelve sampled deals."""

    states_chances = False
    run: Playout | None = None

    def context(self, view: View) -> Ctx:
        """Hard's working set, with the playout's game as the legality oracle."""
        ctx = super().context(view)
        if self.run is not None:
            ctx.__dict__["game"] = self.run.game
        return ctx

    def tracker(self, ctx: Ctx) -> Tracker:
        """Hard's tracker, from the playout's own records."""
        cached = ctx.__dict__.get("_tracker")
        if isinstance(cached, Tracker):
            return cached
        if self.run is None:
            return super().tracker(ctx)
        t = Tracker(ctx.view, hidden_counts(ctx.view), self.run.known_for(ctx.seat))
        ctx.__dict__["_tracker"] = t
        return t

    def _sampled_leftovers(self, ctx: Ctx) -> dict[int, float]:
        """What each other seat's hand and unplayed sets would cost: its known cards' cost plus the
        unseen cards' average cost for the rest (a hidden hand never holds a red 3)."""
        cached = ctx.__dict__.get("_leftovers")
        if isinstance(cached, dict):
            return cached
        view, rules = ctx.view, ctx.rules
        known = self.tracker(ctx).known
        pool = unseen_cards(view)
        for cards in known.values():
            pool.subtract(cards)
        n = red = 0
        cost = red_cost = 0.0
        for c, k in pool.items():
            if k <= 0:
                continue
            each = float(card_cost(rules, c))
            n += k
            cost += each * k
            if C.is_red_three(c):
                red += k
                red_cost += each * k
        hand_mean = (cost - red_cost) / (n - red) if n > red else 0.0
        set_mean = cost / n if n else 0.0
        out: dict[int, float] = {}
        for s in view.seats:
            held = known.get(s.seat)
            k = sum(held.values()) if held else 0
            fixed = sum(card_cost(rules, c) * m for c, m in held.items()) if held else 0
            out[s.seat] = (fixed + max(0, s.hand_count - k) * hand_mean
                           + (s.knee_count + s.foot_count) * set_mean)
        ctx.__dict__["_leftovers"] = out
        return out


class ExpertBot(HardBot):
    """Hard's play, with its key decisions checked by playouts on sampled deals."""

    level = "expert"
    step_budget = STEP_BUDGET
    """Simulated decisions per decision (``STEP_BUDGET``; the bench measures others)."""
    time_budget: float | None = None
    """Seconds of wall time per decision, or None (the default) for a budget in work only: a set
    budget makes the decision depend on the machine's speed, so tests and the arena leave it off."""

    search_among_three = False
    """Search where more than two sides play too: off, since searching there Expert won 25.7% of 300 games
    against two Hards, below the third an even match wins (``engine/bots/README.md``); there it plays Hard's
    moves.  The tests of the search turn it on to cover three sides."""

    def __init__(self, seat: int, deal_number: int) -> None:
        super().__init__(seat, deal_number)
        self._policy: dict[int, PlayoutBot] = {}
        self._melds: dict[tuple[int, int, tuple[Card, ...]], MeldView] = {}
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
        return self.searched(ctx, cands, DISCARD_HORIZON or None, DISCARD_STEPS, DISCARD_Z)

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

    def searched(self, ctx: Ctx, cands: list[Candidate], horizon: int | None, steps: int | None = None,
                 z: float | None = None) -> Decision:
        """The candidate the playouts choose (``cands[0]`` is Hard's), its reason saying what was compared
        (``steps``: a budget below ``step_budget`` for this search; ``z``: instead of ``Z``)."""
        cands = [c for c in cands if ctx.legal(c.decision.action)]
        if len(cands) < 2:
            return cands[0].decision if cands else self.fallback(ctx)
        if three_sides(ctx.rules) and not self.search_among_three:
            return cands[0].decision
        outcome = self.search(ctx, [c.decision.action for c in cands], horizon, steps, z)
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

    def search(self, ctx: Ctx, actions: list[Action], horizon: int | None, steps: int | None = None,
               z: float | None = None) -> Outcome:
        """Play every action out on the same sampled deals; choose by the paired average."""
        budget = self.step_budget if steps is None else min(steps, self.step_budget)
        view = ctx.view
        known = self.tracker(ctx).known
        values: list[list[float]] = [[] for _ in actions]
        used = 0
        record: Playout | None = None
        self._melds.clear()
        deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
        for _ in range(PLAYOUTS):
            if used >= budget and len(values[0]) >= MIN_SAMPLES:
                break
            if deadline is not None and time.perf_counter() > deadline:
                break
            base = sample_game(view, ctx.rng, known)
            if record is None:
                record = Playout.start(base)
            for i, action in enumerate(actions):
                value, steps = self.playout(base.copy(), action, horizon, record.known, record.upto)
                values[i].append(value)
                used += steps
        return Outcome(self.pick(values, Z if z is None else z), tuple(tuple(v) for v in values))

    @staticmethod
    def pick(values: list[list[float]], z: float = Z) -> int:
        """Index 0 (Hard's choice) unless another beats it by ``MARGIN`` points and ``z`` standard errors."""
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
            if mean > MARGIN and mean > z * se and mean > best_gain:
                best, best_gain = i, mean
        return best

    def policy(self, seat: int, run: Playout) -> PlayoutBot:
        """The player of ``seat`` in the playout ``run`` (Hard, seeded as Hard would be)."""
        bot = self._policy.get(seat)
        if bot is None:
            bot = self._policy[seat] = PlayoutBot(seat, self._deal_number)
        bot.run = run
        return bot

    def playout(self, game: Game, action: Action, horizon: int | None, known: dict[int, Counter[Card]],
                upto: int) -> tuple[float, int]:
        """Apply ``action``, let Hard play every seat for ``horizon`` turn changes (None: to the
        round's end), and score it: our side's round score minus the best other side's.  ``known`` and
        ``upto``: the pickup record of the game's first ``upto`` events (``Playout``)."""
        me = self.seat
        steps = 0
        run = Playout(game, known, upto)
        try:
            game.apply(action)
            changes = 0
            last = game.turn
            limit = OUT_STEPS if horizon is None else horizon * 6
            while game.phase in ("draw", "play", "answer") and steps < limit:
                seat = game.to_act
                assert seat is not None
                game.apply(self.policy(seat, run).decide(playout_view(game, seat, self._melds)).action)
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
