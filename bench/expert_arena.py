"""A long arena run that keeps each finished deal: ``python -m bench.expert_arena``.

The arena (``python -m engine arena``) reports once every deal has been played; a search level
takes seconds a game, so a run cut short would report nothing.  This plays the same duplicate
deals with the arena's own ``play_deal``, appends one JSON line per finished deal to ``--out``,
and ``--summary`` reads such a file back: A's win rate with the arena's 95% interval (over
per-deal averages), the mean score difference and decision times, over the deals finished.

    nice -n 19 python -m bench.expert_arena --rules classic --a expert --b hard \\
        --first-deal 700000001 --deals 200 --out /tmp/expert-classic.jsonl
    python -m bench.expert_arena --summary /tmp/expert-classic.jsonl

``--partner``: A plays one seat of its side with a B partner, B in every other seat.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from pathlib import Path
from typing import Any

from engine.bots import make_bot
from engine.lab.arena import ArenaResult, GameRecord, play_deal
from engine.lab.botgame import MAX_DECISIONS, Timed, play_bots
from engine.levels import ALL_LEVELS
from engine.rules import PRESETS, RuleSet, preset
from engine.seats import PLAYER_COUNTS, sides, team_of
from engine.state import Game


def partner_deal(rules: RuleSet, deal: int, a: str, b: str) -> list[GameRecord]:
    """The deal played once per side: A in that side's first seat with a B partner, B everywhere else
    (issue 31: Expert as one seat with a Hard partner against two Hards)."""
    records = []
    for mine in range(sides(rules.players)):
        game = Game(rules, deal)
        seats = [s for s in range(rules.players) if team_of(s, rules.players) == mine]
        times: dict[str, list[float]] = {a: [], b: []}
        levels = [a if s == seats[0] else b for s in range(rules.players)]
        bots = [Timed(make_bot(lvl, s, deal), times[lvl]) for s, lvl in enumerate(levels)]
        play_bots(game, bots, MAX_DECISIONS)
        if not game.over:
            raise RuntimeError(f"deal {deal}: the game did not end")
        best_b = max(t for side, t in enumerate(game.totals) if side != mine)
        records.append(GameRecord(game.totals[mine], best_b, times))
    return records


def _job(job: tuple[str, int | None, int, str, str, bool]) -> dict[str, Any]:
    name, players, deal, a, b, partner = job
    rules = preset(name) if players is None else preset(name, players=players)
    records = partner_deal(rules, deal, a, b) if partner else play_deal((rules, deal, a, b))
    return {
        "rules": rules.name,
        "deal": deal,
        "a": a,
        "b": b,
        "partner": partner,
        "games": [{"a_total": r.a_total, "b_total": r.b_total, "times": r.times} for r in records],
    }


def summary(path: Path) -> dict[str, Any]:
    """The arena's figures over every deal in a ``--out`` file (deals in the order they finished)."""
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    if not lines:
        raise SystemExit(f"{path}: no finished deal yet")
    a, b = lines[0]["a"], lines[0]["b"]
    wins: list[float] = []
    diffs: list[int] = []
    times: dict[str, list[float]] = {a: [], b: []}
    for row in sorted(lines, key=lambda r: int(r["deal"])):
        games = row["games"]
        outcomes = [0.5 if g["a_total"] == g["b_total"] else float(g["a_total"] > g["b_total"]) for g in games]
        wins.append(sum(outcomes) / len(outcomes))
        for g in games:
            diffs.append(int(g["a_total"]) - int(g["b_total"]))
            for level, ts in g["times"].items():
                times.setdefault(level, []).extend(float(t) for t in ts)
    deals = sorted(int(r["deal"]) for r in lines)
    result = ArenaResult(lines[0]["rules"], a, b, len(lines), deals[0], wins, diffs, times, 0.0)
    out = result.as_dict()
    out["deal_numbers"] = [deals[0], deals[-1]]
    out["contiguous"] = deals == list(range(deals[0], deals[0] + len(deals)))
    out.pop("seconds", None)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.expert_arena", description=__doc__.split("\n")[0])
    parser.add_argument("--rules", choices=sorted(PRESETS), default="classic")
    parser.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=None)
    parser.add_argument("--a", choices=ALL_LEVELS, default="expert")
    parser.add_argument("--b", choices=ALL_LEVELS, default="hard")
    parser.add_argument("--first-deal", type=int, default=700_000_001)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--partner", action="store_true",
                        help="A plays one seat of its side with a B partner (B in every other seat)")
    parser.add_argument("--out", type=Path, help="append one JSON line per finished deal here")
    parser.add_argument("--summary", type=Path, help="summarize a --out file instead of playing")
    args = parser.parse_args(argv)
    if args.summary is not None:
        print(json.dumps(summary(args.summary)))
        return 0
    if args.out is None:
        parser.error("--out is needed to play")
    jobs = [(args.rules, args.players, d, args.a, args.b, args.partner)
            for d in range(args.first_deal, args.first_deal + args.deals)]
    with multiprocessing.Pool(args.workers) as pool, args.out.open("a") as out:
        # imap keeps the deal order, so the finished deals are always the first ones (contiguous).
        for row in pool.imap(_job, jobs, chunksize=1):
            out.write(json.dumps(row) + "\n")
            out.flush()
            print(f"deal {row['deal']} done", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
