"""Short playouts over sampled deals of the hidden cards (Hard's look-ahead).

A candidate action is tried in a few games rebuilt from the view
(``sampling.sample_game``: the hidden cards dealt at random, consistent with
the view), then every seat plays Normal's policy for a short horizon (a given
number of turn changes, or the end of the round), and the position is scored
for the bot's team minus the other team.  The samples are drawn from the
decision's generator, so the same view always gives the same values.  The
playouts see only games built from the bot's own view, so they add no
information the seat does not have.

Not used by Hard at present: every hook measured worse than plain Hard
(see README.md, "Rollouts tried and not adopted").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..actions import Action
from ..cards import Card
from ..deal import SplitMix64
from ..errors import RuleViolation
from ..state import Game
from ..views import View, view_for
from .normal import NormalBot
from .sampling import sample_game

MAX_STEPS = 40
"""Decisions a single playout may take before it is scored anyway."""


def evaluate(game: Game, team: int) -> float:
    """The position for ``team`` minus the other team: table points, or the round's result."""
    if game.phase in ("round_over", "game_over") and game.results:
        scores = game.results[-1].scores
        return float(scores[team].total - scores[1 - team].total)
    mine = game.round_score(team, None)
    theirs = game.round_score(1 - team, None)
    return float((mine.total - mine.by_kind("leftover")) - (theirs.total - theirs.by_kind("leftover")))


def playout(game: Game, bots: Sequence[NormalBot], turns: int) -> None:
    """Let Normal play every seat until ``turns`` turn changes have happened or the round ends."""
    changes = 0
    last = game.turn
    for _ in range(MAX_STEPS):
        if game.phase not in ("draw", "play", "answer"):
            return
        if game.turn != last:
            changes += 1
            last = game.turn
            if changes >= turns:
                return
        seat = game.to_act
        if seat is None:
            return
        try:
            game.apply(bots[seat].decide(view_for(game, seat)).action)
        except (RuleViolation, ValueError, RuntimeError):
            return


def compare(view: View, actions: Sequence[Action], rng: SplitMix64, samples: int, turns: int,
            known: dict[int, Counter[Card]] | None = None) -> list[float]:
    """Mean playout value of each action (same sampled deals for every action: common numbers)."""
    n = view.rules.players
    bots = [NormalBot(s, view.deal_number) for s in range(n)]
    team = view.my_team
    totals = [0.0] * len(actions)
    for _ in range(samples):
        base = sample_game(view, rng, known)
        for i, action in enumerate(actions):
            game = base.copy() if i + 1 < len(actions) else base
            try:
                game.apply(action)
            except RuleViolation:
                totals[i] -= 1e6
                continue
            playout(game, bots, turns)
            totals[i] += evaluate(game, team)
    return [t / samples for t in totals]
