"""The arena: two computer levels play duplicate games and the results are counted.

Duplicate format: each deal number is played twice, with the levels swapping
seats (team 0 = South/North first, then East/West), so the luck of the cards
cancels.  In individual play (two or three players) the deal is played once
per seat, with A in that seat and B in every other; A wins a game by
outscoring every B (a tie for the lead counts half).  A "deal" here is one
whole game started from that deal number.  A's share of games won counts a
tie as half; its 95% interval comes from the spread of the per-deal averages
(the games of a deal are not independent).
Decision times are the deciding thread's CPU time, so other programs running on
the machine (or the second arena worker) do not inflate them.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..bots.base import NoLegalAction
from ..deal import MAX_DEAL, check_deal_number
from ..rules import RuleSet
from ..seats import sides, team_of
from ..state import Game
from .botgame import MAX_DECISIONS, Timed, make_bots, play_bots


@dataclass
class GameRecord:
    """One finished game: the totals by level and every decision time by level."""

    a_total: int
    b_total: int
    times: dict[str, list[float]] = field(default_factory=dict)


def play_game(
    rules: RuleSet, deal_number: int, team_levels: tuple[str, ...]
) -> tuple[list[int], dict[str, list[float]]]:
    """Play one whole game with ``team_levels[t]`` in the seats of side ``t``."""
    game = Game(rules, deal_number)
    bots = make_bots(team_levels, rules, deal_number)
    times: dict[str, list[float]] = {lvl: [] for lvl in team_levels}
    timed = [Timed(bot, times[team_levels[team_of(s, rules.players)]]) for s, bot in enumerate(bots)]
    try:
        play_bots(game, timed, MAX_DECISIONS)
    except NoLegalAction:
        # Engine gap: a seat with no legal move.  Score the game as if the
        # stock had run out now, so one stuck position can't stop a run.
        totals = [game.totals[t] + game.round_score(t, None).total for t in range(game.sides)]
        return totals, times
    if not game.over:
        raise RuntimeError(f"deal {deal_number}: the game did not end")
    return list(game.totals), times


def play_deal(job: tuple[RuleSet, int, str, str]) -> tuple[GameRecord, ...]:
    """Every game of one duplicate deal: A on each side in turn, B on the others.

    A game's ``b_total`` is the best of B's sides (the score A had to beat)."""
    rules, deal_number, a, b = job
    records = []
    for mine in range(sides(rules.players)):
        levels = tuple(a if t == mine else b for t in range(sides(rules.players)))
        totals, times = play_game(rules, deal_number, levels)
        best_b = max(total for t, total in enumerate(totals) if t != mine)
        records.append(GameRecord(totals[mine], best_b, times))
    return tuple(records)


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by nearest rank."""
    if not values:
        return 0.0
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(q / 100 * len(ordered)) - 1))
    return ordered[k]


@dataclass
class ArenaResult:
    """What the arena measured."""

    rules: str
    a: str
    b: str
    deals: int
    first_deal: int
    """The first deal number played; the deals are ``first_deal .. first_deal + deals - 1``."""
    wins: list[float]
    """A's result per deal: the average of its two games (1 win, 0.5 tie, 0 loss)."""
    diffs: list[int]
    times: dict[str, list[float]]
    seconds: float

    def a_win_rate(self) -> float:
        """A's share of games won (ties count half)."""
        return sum(self.wins) / len(self.wins) if self.wins else 0.0

    def ci95(self) -> tuple[float, float]:
        """95% interval of A's win rate, from the per-deal averages."""
        n = len(self.wins)
        if n < 2:
            return (0.0, 1.0)
        mean = self.a_win_rate()
        var = sum((w - mean) ** 2 for w in self.wins) / (n - 1)
        half = 1.96 * math.sqrt(var / n)
        return (max(0.0, mean - half), min(1.0, mean + half))

    def as_dict(self) -> dict[str, Any]:
        """The JSON form printed by ``python -m engine arena --json``."""
        lo, hi = self.ci95()
        return {
            "rules": self.rules,
            "a": self.a,
            "b": self.b,
            "deals": self.deals,
            "first_deal": self.first_deal,
            "last_deal": self.first_deal + self.deals - 1,
            "games": len(self.diffs),
            "a_win_rate": round(self.a_win_rate(), 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_score_diff": round(sum(self.diffs) / len(self.diffs), 1) if self.diffs else 0.0,
            "decision_ms": {
                level: {
                    "p50": round(percentile(ts, 50), 3),
                    "p95": round(percentile(ts, 95), 3),
                    "max": round(max(ts) if ts else 0.0, 3),
                    "count": len(ts),
                }
                for level, ts in self.times.items()
            },
            "seconds": round(self.seconds, 1),
        }


def _outcome(rec: GameRecord) -> float:
    if rec.a_total == rec.b_total:
        return 0.5
    return 1.0 if rec.a_total > rec.b_total else 0.0


def run_arena(
    rules: RuleSet, a: str, b: str, deals: int, first_deal: int = 1, workers: int = 1
) -> ArenaResult:
    """Play ``deals`` duplicate deals of A against B, numbered from ``first_deal`` (``workers`` processes).

    Fresh deals (say from 700,000,001) test the levels on cards they were never tuned on.
    """
    check_deal_number(first_deal)
    if deals < 1:
        raise ValueError("Play at least one deal.")
    if first_deal + deals - 1 > MAX_DEAL:
        raise ValueError(f"Deals {first_deal:,} to {first_deal + deals - 1:,} run past {MAX_DEAL:,}.")
    start = time.perf_counter()
    jobs = [(rules, d, a, b) for d in range(first_deal, first_deal + deals)]
    pairs: Iterable[tuple[GameRecord, ...]]
    if workers > 1:
        import multiprocessing

        with multiprocessing.Pool(workers) as pool:
            pairs = pool.map(play_deal, jobs, chunksize=1)
    else:
        pairs = map(play_deal, jobs)
    wins: list[float] = []
    diffs: list[int] = []
    times: dict[str, list[float]] = {a: [], b: []}
    for pair in pairs:
        wins.append(sum(_outcome(r) for r in pair) / len(pair))
        for rec in pair:
            diffs.append(rec.a_total - rec.b_total)
            for level, ts in rec.times.items():
                times[level].extend(ts)
    return ArenaResult(rules.name, a, b, deals, first_deal, wins, diffs, times, time.perf_counter() - start)


def format_result(result: ArenaResult) -> str:
    """The arena's report as text."""
    d = result.as_dict()
    lo, hi = d["ci95"]
    lines = [
        f"{d['rules']}: {d['a']} vs {d['b']}, {d['deals']} duplicate deals ({d['games']} games), "
        f"deals {d['first_deal']:,} to {d['last_deal']:,}",
        f"{d['a']} won {d['a_win_rate']:.1%} of games (95% CI {lo:.1%} to {hi:.1%})",
        f"mean score difference ({d['a']} - {d['b']}): {d['mean_score_diff']:+.1f}",
    ]
    for level, t in d["decision_ms"].items():
        lines.append(f"{level:>7} decision ms: p50 {t['p50']:.2f}  p95 {t['p95']:.2f}  max {t['max']:.2f}"
                     f"  ({t['count']} decisions)")
    lines.append(f"took {d['seconds']:.1f} s")
    return "\n".join(lines)
