"""Expert's decision time in CPython: ``python -m bench.expert_time --rules classic --deals 3``.

Plays whole games with Expert in one side's seats and Hard in the other's, times every Expert
decision with the deciding thread's CPU time (so other programs on the shared machine don't
inflate it; wall time is printed beside it) and reports p50/p95/max over all of them and over
the ones it searched (a "playouts" clause in the reason), with how often the search left Hard's
choice.  The target (issue 31) is p95 at most 150 ms.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from engine.bots import ExpertBot, make_bot
from engine.lab.arena import percentile
from engine.rules import PRESETS, preset
from engine.seats import team_of
from engine.state import Game
from engine.views import view_for


def stats(ts: list[float]) -> dict[str, float]:
    return {"p50": round(percentile(ts, 50), 2), "p95": round(percentile(ts, 95), 2),
            "max": round(max(ts) if ts else 0.0, 2), "count": len(ts)}


def measure(rules_name: str, deals: list[int], budget: int | None = None) -> dict[str, Any]:
    rules = preset(rules_name)
    cpu: list[float] = []
    wall: list[float] = []
    searched_cpu: list[float] = []
    departures = 0
    for deal in deals:
        game = Game(rules, deal)
        bots = [make_bot("expert" if team_of(s, rules.players) == 0 else "hard", s, deal)
                for s in range(rules.players)]
        hard = [make_bot("hard", s, deal) for s in range(rules.players)]
        for bot in bots:
            if budget is not None and isinstance(bot, ExpertBot):
                bot.step_budget = budget
        for _ in range(60_000):
            if game.over:
                break
            seat = game.to_act if game.to_act is not None else 0
            view = view_for(game, seat)
            t0, w0 = time.thread_time(), time.perf_counter()
            d = bots[seat].decide(view)
            t1, w1 = time.thread_time(), time.perf_counter()
            if team_of(seat, rules.players) == 0 and view.phase != "round_over":
                cpu.append((t1 - t0) * 1000)
                wall.append((w1 - w0) * 1000)
                if any(c.kind == "playouts" for c in d.why.why):
                    searched_cpu.append((t1 - t0) * 1000)
                    departures += d.action != hard[seat].decide(view).action
            game.apply(d.action)
    return {
        "rules": rules.name,
        "deals": [deals[0], deals[-1]],
        "step_budget": budget if budget is not None else ExpertBot.step_budget,
        "cpu_ms": stats(cpu),
        "wall_ms": stats(wall),
        "searched_cpu_ms": stats(searched_cpu),
        "searched_share": round(len(searched_cpu) / max(1, len(cpu)), 3),
        "left_hards_choice": departures,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.expert_time", description=__doc__.split("\n")[0])
    parser.add_argument("--rules", choices=sorted(PRESETS), default="classic")
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--first-deal", type=int, default=1)
    parser.add_argument("--budget", type=int, default=None, help="Expert's step budget (default: its own)")
    args = parser.parse_args(argv)
    deals = list(range(args.first_deal, args.first_deal + args.deals))
    print(json.dumps(measure(args.rules, deals, args.budget)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
