"""Hard with one setting changed, against Hard itself: is Hard, tuned against Normal, at its best against Hard?

    python -m bench.hard_variants --rules classic --deals 300 --first-deal 900000001 \\
        --variant '{"pickup_margin": 1.5}' --variant '{"style.wild_reserve": 2}'

A variant is a JSON object of ``HardBot`` class fields (``pickup_margin``, ``out_margin``, ``endgame_dump``,
``wait_fresh_foot``, ``shed_high``...) and, prefixed ``style.``, fields of the melding ``Style`` Hard picks for
the rules (``style.wild_reserve``...).  The variant keeps Hard's seeds (its ``level`` stays "hard"), so an
empty variant plays exactly Hard's games (50.0%, no score difference).  Issue 31 asked for a level well above
Hard; this measures whether any of Hard's own settings gets there (stop 39: none did, see the bots README).
One JSON line per variant: the arena's win rate of the variant, its 95% interval and mean score difference.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from typing import Any

import engine.bots as bots
from engine.bots.base import Decision
from engine.bots.hard import HardBot, style_for
from engine.bots.normal import NormalBot
from engine.lab.arena import run_arena
from engine.rules import PRESETS, preset
from engine.views import View

LEVEL = "hard-variant"
"""The name the variant plays under in the arena (its seeds are Hard's)."""


def variant_class(changes: dict[str, Any]) -> type[HardBot]:
    """A subclass of ``HardBot`` with ``changes`` applied (``style.`` fields to its melding style)."""
    fields = {k: v for k, v in changes.items() if not k.startswith("style.")}
    style = {k.removeprefix("style."): v for k, v in changes.items() if k.startswith("style.")}
    for name in fields:
        if not hasattr(HardBot, name):
            raise SystemExit(f"HardBot has no field {name!r}")

    def decide(self: HardBot, view: View) -> Decision:
        self.style = replace(style_for(view.rules, self.alone_hold_pair), **style)
        return NormalBot.decide(self, view)

    body: dict[str, Any] = {**fields, "level": "hard"}
    if style:
        body["decide"] = decide
    return type("HardVariant", (HardBot,), body)


def run(rules_name: str, deals: int, first: int, changes: dict[str, Any], workers: int) -> dict[str, Any]:
    """One arena run of the variant against Hard (worker processes are forked, so they see the variant)."""
    bots._CLASSES[LEVEL] = variant_class(changes)
    try:
        result = run_arena(preset(rules_name), LEVEL, "hard", deals, first, workers=workers).as_dict()
    finally:
        bots._CLASSES.pop(LEVEL, None)
    return {"variant": changes, "rules": rules_name, "deals": deals, "first_deal": first,
            "win_rate": result["a_win_rate"], "ci95": result["ci95"], "mean_score_diff": result["mean_score_diff"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="classic", choices=sorted(PRESETS))
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--first-deal", type=int, default=900_000_001)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--variant", action="append", default=[], help="a JSON object of settings (repeatable)")
    args = ap.parse_args()
    for text in args.variant or ["{}"]:
        print(json.dumps(run(args.rules, args.deals, args.first_deal, json.loads(text), args.workers)), flush=True)


if __name__ == "__main__":
    main()
