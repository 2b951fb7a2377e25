"""Hard against two Normals among three players on their own: the variants of issue 31, item 4.

    python -m bench.alone_study --rules classic --deals 100 [--first-deal 700000001] [--variant now ...]

Each variant sets some of ``HardBot``'s ``alone_*`` fields (they act only where more than two sides
play) and plays the arena in this process, one deal at a time (``--workers`` is not offered: the
fields are set on the class, so worker processes would not see them).  A line per variant: win
rate, its 95% interval, mean score difference and Hard's decision times.  ``--players 2`` checks
that two players are unchanged (every variant should give the same games there).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from engine.bots.hard import UNOPENED_TAKE, HardBot
from engine.lab.arena import run_arena
from engine.rules import PRESETS, preset

VARIANTS: dict[str, dict[str, Any]] = {
    "before": dict(alone_tracked=False, alone_hold_pair=False),
    "tracked": dict(alone_tracked=True, alone_hold_pair=False),
    "hold": dict(alone_tracked=False, alone_hold_pair=True),
    "now": {},
    "tracked-open": dict(alone_hold_pair=False, alone_unopened=1.0),
    "now-open": dict(alone_unopened=1.0),
    "now-x1.5": dict(alone_risk_scale=1.5),
    "now-keep6": dict(alone_pair_keep=6.0),
    "now-margin0": dict(alone_pickup_margin=0.0),
    "now-keep12": dict(alone_pair_keep=12.0),
    "now-x0.7": dict(alone_risk_scale=0.7),
}
"""Named settings of ``HardBot``'s ``alone_*`` fields; ``now`` is the committed default."""

DEFAULTS: dict[str, Any] = dict(alone_tracked=True, alone_hold_pair=True, alone_pair_keep=0.0,
                                alone_unopened=UNOPENED_TAKE, alone_risk_scale=1.0,
                                alone_pickup_margin=None)


def run(rules_name: str, players: int, deals: int, first: int, variant: str) -> dict[str, Any]:
    """One arena run of ``variant``, as the arena's JSON plus the variant's name."""
    for k, v in {**DEFAULTS, **VARIANTS[variant]}.items():
        setattr(HardBot, k, v)
    rules = preset(rules_name, players=players)
    out = run_arena(rules, "hard", "normal", deals, first, workers=1).as_dict()
    out["variant"] = variant
    out["players"] = players
    for k, v in DEFAULTS.items():
        setattr(HardBot, k, v)
    return out


def main() -> None:
    """Run the variants asked for and print a line each (``--json``: the arena's JSON)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="classic", choices=sorted(PRESETS))
    ap.add_argument("--players", type=int, default=3, choices=(2, 3))
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--first-deal", type=int, default=700_000_001)
    ap.add_argument("--variant", action="append", choices=sorted(VARIANTS))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    for name in args.variant or ["before", "now"]:
        d = run(args.rules, args.players, args.deals, args.first_deal, name)
        if args.json:
            print(json.dumps(d), flush=True)
            continue
        lo, hi = d["ci95"]
        t = d["decision_ms"]["hard"]
        print(f"{d['rules']} {args.players}p {name:>13}: {d['a_win_rate']:.1%} ({lo:.1%}-{hi:.1%}) over "
              f"{d['deals']} deals from {d['first_deal']:,}, mean {d['mean_score_diff']:+.0f}, "
              f"hard ms p95 {t['p95']:.2f}", flush=True)


if __name__ == "__main__":
    main()
