"""Melding or holding: is there a decision here a search could win?  ``python -m bench.meld_or_hold``.

Expert searches take-or-draw, two close discards and going out; everything else, melds included, is
Hard's move.  The departures study (``bench.expert_departures``) found Expert searching where Hard
sees little between two moves, so the playouts pick on noise.  Melding or holding is a decision where
the options may differ a lot.  This measures, on the real position, wherever Hard (playing every seat)
lays down melds for side 0: what holding instead (Hard's discard now, or ending the turn where a
pickup ends it) gains over Hard's melds, in round points of our side minus the best other side,
averaged over ``--shuffles`` reshuffles of the stock with Hard playing every seat to the round's end
(``expert_departures.gain``); and beside it what Expert's search ([meld, hold], ``--horizon`` turn
changes, its step budget) estimates.  The report: the real gain of holding (mean, spread, how often it
is positive), the estimates' correlation with it, and what switching by each rule would have gained.
An evaluation, not a player: it reads the real game.

    nice -n 19 python -m bench.meld_or_hold --rules classic --first-deal 900000001 --deals 3
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
from typing import Any

from bench.expert_departures import calibration, gain
from engine.actions import Action, Discard, EndTurn, Meld
from engine.bots import ExpertBot, make_bot
from engine.bots.hard import HardBot
from engine.rules import PRESETS, preset
from engine.seats import team_of
from engine.state import Game
from engine.views import view_for


def hold_action(bot: ExpertBot, view_game: Game, seat: int) -> tuple[Meld, Action] | None:
    """(Hard's melds, holding instead) for ``seat`` now, or None where Hard doesn't meld or holding isn't legal."""
    view = view_for(view_game, seat)
    ctx = bot.context(view)
    melds = HardBot.choose_play(bot, ctx).action
    if not isinstance(melds, Meld):
        return None
    hold: Action
    if view.picked_up and ctx.rules.pickup_ends_turn:
        hold = EndTurn()
    else:
        hold = HardBot.choose_discard(bot, ctx).action
        if not isinstance(hold, Discard):
            return None
    return (melds, hold) if ctx.legal(hold) else None


def one_deal(job: tuple[str, int, int, int, int, int]) -> dict[str, Any]:
    """Every meld-or-hold point of side 0 in one game of ``deal`` played by Hard (up to ``max_rounds``)."""
    name, deal, shuffles, horizon, budget, max_rounds = job
    rules = preset(name)
    game = Game(rules, deal)
    n = rules.players
    hard = [make_bot("hard", s, deal) for s in range(n)]
    probes = {s: ExpertBot(s, deal) for s in range(n) if team_of(s, n) == 0}
    for probe in probes.values():
        probe.step_budget = budget
    checks: list[dict[str, Any]] = []
    for _ in range(60_000):
        if game.over or game.round_index >= max_rounds:
            break
        seat = game.to_act if game.to_act is not None else 0
        view = view_for(game, seat)
        d = hard[seat].decide(view)
        if seat in probes and view.phase == "play" and isinstance(d.action, Meld):
            pair = hold_action(probes[seat], game, seat)
            if pair is not None and pair[0] == d.action:
                melds, hold = pair
                probe = probes[seat]
                ctx = probe.context(view)
                out = probe.search(ctx, [melds, hold], horizon or None)
                est, se = 0.0, 0.0
                if out.samples >= 2:
                    diffs = [y - x for x, y in zip(out.values[0], out.values[1], strict=True)]
                    est = sum(diffs) / len(diffs)
                    se = math.sqrt(sum((x - est) ** 2 for x in diffs) / (len(diffs) - 1) / len(diffs))
                opening = not view.teams[team_of(seat, n)].opened
                checks.append({
                    "kind": "open" if opening else "meld", "est": round(est, 1), "se": round(se, 1),
                    "n": out.samples, "cards": sum(len(p.cards) for p in melds.plays),
                    "true": round(gain(game, hold, melds, seat, deal, shuffles), 1),
                })
        game.apply(d.action)
    return {"deal": deal, "checks": checks}


def report(results: list[dict[str, Any]]) -> dict[str, Any]:
    checks = [c for r in results for c in r["checks"]]
    out: dict[str, Any] = {"deals": len(results), "points": len(checks)}
    for k in ("open", "meld", "all"):
        ys = [float(c["true"]) for c in checks if k == "all" or c["kind"] == k]
        if len(ys) < 2:
            continue
        m = sum(ys) / len(ys)
        sd = math.sqrt(sum((y - m) ** 2 for y in ys) / (len(ys) - 1))
        out[k] = {"n": len(ys), "hold_gain_mean": round(m, 1), "se": round(sd / math.sqrt(len(ys)), 1),
                  "sd": round(sd), "hold_better": sum(1 for y in ys if y > 0),
                  "hold_better_by_100": sum(1 for y in ys if y > 100)}
    if len(checks) >= 3:
        out["search"] = calibration(checks)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.meld_or_hold", description=__doc__.split("\n")[0])
    parser.add_argument("--rules", choices=sorted(PRESETS), default="classic")
    parser.add_argument("--first-deal", type=int, default=900_000_001)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--shuffles", type=int, default=8)
    parser.add_argument("--horizon", type=int, default=8, help="turn changes a playout runs (0: the round's end)")
    parser.add_argument("--budget", type=int, default=600, help="the search's simulated decisions")
    parser.add_argument("--rounds", type=int, default=2, help="stop each game after this many rounds")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    jobs = [(args.rules, d, args.shuffles, args.horizon, args.budget, args.rounds)
            for d in range(args.first_deal, args.first_deal + args.deals)]
    results = []
    with multiprocessing.Pool(args.workers) as pool:
        for r in pool.imap(one_deal, jobs, chunksize=1):
            results.append(r)
            print(json.dumps(r), file=sys.stderr, flush=True)
    print(json.dumps(report(results)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
