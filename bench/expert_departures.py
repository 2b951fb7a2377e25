"""What Expert's departures from Hard are worth: ``python -m bench.expert_departures``.

A whole-game arena needs hundreds of deals to see a few points of win rate, because most of
Expert's decisions are Hard's and the deal's cards swamp the rest.  This measures only the
decisions where Expert leaves Hard's move, and measures each on the real position: Expert plays
one side (Hard the other) on deals from ``--first-deal``; wherever Expert's move differs from what
Hard would play on the same view, the real game is copied ``--shuffles`` times with the stock
shuffled again (nobody has seen it), each move is applied to the same copies, and Hard plays every
seat to the round's end.  The gain is Expert's move minus Hard's, in round points of our side
minus the best other side, averaged over the copies (paired); the report gives the mean gain per
departure, its standard error and the count, by kind (take or draw, discard, ask, answer).  An
evaluation, not a player: it reads the real game, and Hard continues the round for both moves.

    nice -n 19 python -m bench.expert_departures --rules classic --first-deal 900000001 --deals 4
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
from typing import Any

from engine.actions import Action, Answer, AskGoOut, Discard, Draw, PickUp
from engine.bots import ExpertBot, make_bot
from engine.bots.context import Ctx
from engine.bots.expert import Outcome, value
from engine.deal import SplitMix64
from engine.errors import RuleViolation
from engine.rules import PRESETS, preset
from engine.seats import team_of
from engine.state import Game
from engine.views import view_for

ROUND_STEPS = 400


def kind(action: Action) -> str:
    """The decision's kind, as the report groups it."""
    if isinstance(action, (PickUp, Draw)):
        return "take_or_draw"
    if isinstance(action, Discard):
        return "discard"
    if isinstance(action, Answer):
        return "answer"
    if isinstance(action, AskGoOut):
        return "ask"
    return "play"


def finish(game: Game, action: Action, seat: int, deal: int) -> float:
    """Apply ``action`` and let Hard play every seat to the round's end; our side's margin."""
    bots = [make_bot("hard", s, deal) for s in range(game.rules.players)]
    try:
        game.apply(action)
        for _ in range(ROUND_STEPS):
            if game.phase not in ("draw", "play", "answer"):
                break
            s = game.to_act
            assert s is not None
            game.apply(bots[s].decide(view_for(game, s)).action)
    except RuleViolation:
        pass
    return value(game, seat)


def gain(game: Game, mine: Action, hards: Action, seat: int, deal: int, shuffles: int) -> float:
    """Expert's move minus Hard's, averaged over ``shuffles`` reshuffles of the stock."""
    rng = SplitMix64(deal * 1_000_003 + len(game.log) * 131 + game.round_index)
    total = 0.0
    for _ in range(shuffles):
        base = game.copy()
        stock = base.stock
        for i in range(len(stock) - 1, 0, -1):
            j = rng.below(i + 1)
            stock[i], stock[j] = stock[j], stock[i]
        total += finish(base.copy(), mine, seat, deal) - finish(base.copy(), hards, seat, deal)
    return total / shuffles


def one_deal(job: tuple[str, int, int, int, int, bool]) -> dict[str, Any]:
    """Every departure of Expert (side 0) in one game of ``deal`` (with ``every``, also every search's
    estimate of the runner-up against Hard's choice beside what it gains on the real position)."""
    name, deal, shuffles, max_rounds, budget, every = job
    rules = preset(name)
    game = Game(rules, deal)
    n = rules.players
    bots = [make_bot("expert" if team_of(s, n) == 0 else "hard", s, deal) for s in range(n)]
    hard = [make_bot("hard", s, deal) for s in range(n)]
    for bot in bots:
        if budget and isinstance(bot, ExpertBot):
            bot.step_budget = budget
    rows: list[dict[str, Any]] = []
    searched = 0
    searches: list[tuple[list[Action], Outcome]] = []
    if every:
        original = ExpertBot.search

        def spy(self: ExpertBot, ctx: Ctx, actions: list[Action], horizon: int | None, steps: int | None = None,
                z: float | None = None) -> Outcome:
            out = original(self, ctx, actions, horizon, steps, z)
            searches.append((list(actions), out))
            return out

        ExpertBot.search = spy  # type: ignore[method-assign]
    checks: list[dict[str, Any]] = []
    for _ in range(60_000):
        if game.over or game.round_index >= max_rounds:
            break
        seat = game.to_act if game.to_act is not None else 0
        view = view_for(game, seat)
        searches.clear()
        d = bots[seat].decide(view)
        if every and team_of(seat, n) == 0:
            for actions, out in searches:
                if out.samples < 2 or len(actions) != 2:
                    continue
                diffs = [y - x for x, y in zip(out.values[0], out.values[1], strict=True)]
                m = sum(diffs) / len(diffs)
                se = math.sqrt(sum((x - m) ** 2 for x in diffs) / (len(diffs) - 1) / len(diffs))
                checks.append({"kind": kind(actions[0]), "est": round(m, 1), "se": round(se, 1),
                               "n": out.samples,
                               "true": gain(game, actions[1], actions[0], seat, deal, shuffles)})
        if team_of(seat, n) == 0 and view.phase != "round_over":
            if any(c.kind == "playouts" for c in d.why.why):
                searched += 1
                h = hard[seat].decide(view).action
                if h != d.action:
                    rows.append({"kind": kind(h), "gain": gain(game, d.action, h, seat, deal, shuffles)})
        game.apply(d.action)
    return {"deal": deal, "searched": searched, "departures": rows, "checks": checks}


def report(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Mean gain per departure (and its standard error), by kind and over all."""
    groups: dict[str, list[float]] = {}
    for r in results:
        for row in r["departures"]:
            groups.setdefault(row["kind"], []).append(float(row["gain"]))
            groups.setdefault("all", []).append(float(row["gain"]))
    out: dict[str, Any] = {"deals": len(results), "searched": sum(r["searched"] for r in results)}
    checks = [c for r in results for c in r.get("checks", [])]
    if checks:
        out["checks"] = calibration(checks)
    for k, xs in sorted(groups.items()):
        m = sum(xs) / len(xs)
        se = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs)) if len(xs) > 1 else 0.0
        out[k] = {"n": len(xs), "mean_gain": round(m, 1), "se": round(se, 1), "sum": round(sum(xs))}
    return out


def calibration(checks: list[dict[str, Any]]) -> dict[str, Any]:
    """How well the searches' estimates predict the real gain: their correlation, and what switching
    to the runner-up would have gained in all under each rule (estimate above MARGIN and Z errors)."""
    xs = [float(c["est"]) for c in checks]
    ys = [float(c["true"]) for c in checks]
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    corr = sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else 0.0
    rules: dict[str, Any] = {}
    for margin in (0.0, 20.0, 50.0, 100.0):
        for z in (0.0, 1.0, 2.0, 3.0):
            picked = [float(c["true"]) for c in checks if c["est"] > margin and c["est"] > z * c["se"]]
            rules[f"m{margin:g}_z{z:g}"] = {"switches": len(picked), "total_gain": round(sum(picked)),
                                            "se": round(math.sqrt(sum(p * p for p in picked)))}
    by_kind: dict[str, int] = {}
    for c in checks:
        by_kind[c["kind"]] = by_kind.get(c["kind"], 0) + 1
    return {"n": n, "corr": round(corr, 3), "mean_true": round(my, 1), "kinds": by_kind, "rules": rules}


def settings(pairs: list[str]) -> None:
    """Override ``engine.bots.expert``'s module settings (the workers are forked after this)."""
    from engine.bots import expert

    for pair in pairs:
        name, _, text = pair.partition("=")
        if not hasattr(expert, name):
            raise SystemExit(f"no setting {name!r} in engine.bots.expert")
        setattr(expert, name, type(getattr(expert, name))(text))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.expert_departures", description=__doc__.split("\n")[0])
    parser.add_argument("--rules", choices=sorted(PRESETS), default="classic")
    parser.add_argument("--first-deal", type=int, default=900_000_001)
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--shuffles", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=99, help="stop each game after this many rounds")
    parser.add_argument("--budget", type=int, default=0, help="Expert's step budget (default: its own)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--every", action="store_true",
                        help="also check every search: its estimate against the real position's gain")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="override one of engine.bots.expert's settings (Z, MARGIN, PLAYOUTS, HORIZON...)")
    args = parser.parse_args(argv)
    settings(args.set)
    jobs = [(args.rules, d, args.shuffles, args.rounds, args.budget, args.every)
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
