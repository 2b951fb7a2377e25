"""A fitted evaluation for Expert's playouts cut short, tried at stop 39 (issue 31) and not adopted.

Expert scores a playout that stops at its horizon by the table alone (``engine.bots.expert.value``).
This bench fits, instead, the round's final margin from a position's quantities, and plays Expert with it:

    python -m bench.expert_eval data --rules classic --first-deal 900000001 --deals 300 --out pos.jsonl
    python -m bench.expert_eval fit pos.jsonl [more.jsonl ...] --out weights.json
    python -m bench.expert_eval arena --weights weights.json --horizon 3 --playouts 24 \\
        --first-deal 900000601 --deals 120

``data``: Hard plays every seat; at each turn change, each side's quantities (``FEATURES``) and, once the
round ends, its final margin (side 0 minus side 1).  ``fit``: least squares with a small ridge on the
differences of the quantities, once as they are and once times the stock's share of the deck, on three deals
in four, and R² on the fourth against the table alone.  ``arena``: Expert (four players) with that fit as
its horizon score, against Hard.  Measured at stop 39 (bots README): the fit explains the final margin twice
as well as the table (R² 0.26 against 0.10, classic), but Expert with it won 50.4% of 120 training deals.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from typing import Any

from bench.fit_safety import solve
from engine import cards as C
from engine.actions import NextRound
from engine.bots import expert as X
from engine.bots import make_bot
from engine.deal import full_deck
from engine.lab.arena import run_arena
from engine.melds import book_needs
from engine.rules import PRESETS, preset
from engine.seats import team_of
from engine.state import Game
from engine.views import view_for

FEATURES = ("table", "leftover", "books_short", "cards_held", "not_in_foot", "books", "near_books",
            "open_melds", "wilds_held", "pairs_held", "opened")


def features(game: Game, team: int) -> list[float]:
    """One side's quantities, in the order of ``FEATURES``."""
    side = game.teams[team]
    score = game.round_score(team, None)
    leftover = score.by_kind("leftover")
    held = [p for s, p in enumerate(game.players) if team_of(s, game.n) == team]
    wilds = pairs = cards = 0
    for p in held:
        cards += len(p.hand)
        ranks = Counter(C.rank(c) for c in p.hand if not C.is_wild(c))
        wilds += sum(1 for c in p.hand if C.is_wild(c))
        pairs += sum(1 for k in ranks.values() if k >= 2)
    unfinished = [m for m in side.melds if not m.is_book]
    return [float(score.total - leftover), float(leftover), float(book_needs(game.rules, side.melds).count),
            float(cards), float(sum(1 for p in held if p.stage != "foot")), float(len(side.melds) - len(unfinished)),
            float(sum(1 for m in unfinished if len(m.cards) >= 5)), float(len(unfinished)), float(wilds),
            float(pairs), 1.0 if side.opened else 0.0]


def row_design(diff: list[float], share: float, our_turn: bool) -> list[float]:
    """The fit's inputs: a constant, whose turn, the differences, and the differences times the stock's share."""
    return [1.0, 1.0 if our_turn else -1.0, *diff, *(d * share for d in diff)]


def data(rules_name: str, first: int, deals: int, out: str) -> int:
    """Hard's self-play positions and final margins, a JSON line each; how many were written."""
    rules = preset(rules_name)
    deck = len(full_deck(rules))
    written = 0
    with open(out, "w", encoding="utf-8") as f:
        for deal in range(first, first + deals):
            game = Game(rules, deal)
            players = [make_bot("hard", s, deal) for s in range(rules.players)]
            rows: list[dict[str, Any]] = []
            last = (game.round_index, game.turn)
            for _ in range(20_000):
                if game.over:
                    break
                if game.phase == "round_over":
                    final = [s.total for s in game.results[-1].scores]
                    for r in rows:
                        f.write(json.dumps({**r, "y": final[0] - final[1], "deal": deal}) + "\n")
                    written += len(rows)
                    rows = []
                    game.apply(NextRound())
                    continue
                seat = game.to_act
                assert seat is not None
                game.apply(players[seat].decide(view_for(game, seat)).action)
                if game.phase == "draw" and (game.round_index, game.turn) != last:
                    last = (game.round_index, game.turn)
                    diff = [a - b for a, b in zip(features(game, 0), features(game, 1), strict=True)]
                    rows.append({"x": row_design(diff, len(game.stock) / deck, team_of(game.turn, game.n) == 0)})
    return written


def fit(rows: list[dict[str, Any]], ridge: float = 1.0) -> list[float]:
    """Least-squares weights of ``x`` for ``y`` (no ridge on the constant)."""
    k = len(rows[0]["x"])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for r in rows:
        x, y = r["x"], r["y"]
        for i in range(k):
            if x[i]:
                b[i] += x[i] * y
                for j in range(k):
                    a[i][j] += x[i] * x[j]
    for i in range(1, k):
        a[i][i] += ridge
    return solve(a, b)


def r2(pred: list[float], y: list[float]) -> float:
    mean = sum(y) / len(y)
    return 1 - sum((p - t) ** 2 for p, t in zip(pred, y, strict=True)) / sum((t - mean) ** 2 for t in y)


def fitted(paths: list[str], out: str) -> dict[str, Any]:
    """Fit on three deals in four, report R² on the fourth (and the table alone's), write the weights."""
    rows = [json.loads(line) for path in paths for line in open(path, encoding="utf-8")]
    train = [r for r in rows if r["deal"] % 4]
    test = [r for r in rows if not r["deal"] % 4]
    w = fit(train)
    y = [float(r["y"]) for r in test]
    pred = [sum(a * b for a, b in zip(w, r["x"], strict=True)) for r in test]
    report = {"rows": len(rows), "r2": round(r2(pred, y), 3), "r2_table": round(r2([r["x"][2] for r in test], y), 3)}
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"weights": w, **report}, f)
    return report


def arena(weights: str, rules_name: str, horizon: int, playouts: int, first: int, deals: int,
          workers: int) -> dict[str, Any]:
    """Expert with the fitted horizon score against Hard (the setting is made before the workers fork)."""
    w = json.load(open(weights, encoding="utf-8"))["weights"]
    rules = preset(rules_name)
    deck = len(full_deck(rules))
    table_value = X.value

    def value(game: Game, seat: int) -> float:
        if game.phase in ("round_over", "game_over") or game.sides != 2:
            return table_value(game, seat)
        diff = [a - b for a, b in zip(features(game, 0), features(game, 1), strict=True)]
        x = row_design(diff, len(game.stock) / deck, team_of(game.turn, game.n) == 0)
        est = sum(a * b for a, b in zip(w[1:], x[1:], strict=True))  # the constant is the seating's, not the position's
        return est if team_of(seat, game.n) == 0 else -est

    X.value = value
    X.HORIZON = X.DISCARD_HORIZON = horizon
    X.PLAYOUTS = playouts
    result = run_arena(rules, "expert", "hard", deals, first, workers=workers).as_dict()
    return {"horizon": horizon, "playouts": playouts, "win_rate": result["a_win_rate"], "ci95": result["ci95"],
            "mean_score_diff": result["mean_score_diff"], "deals": deals, "first_deal": first}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("data")
    d.add_argument("--rules", default="classic", choices=sorted(PRESETS))
    d.add_argument("--first-deal", type=int, default=900_000_001)
    d.add_argument("--deals", type=int, default=300)
    d.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("paths", nargs="+")
    f.add_argument("--out", required=True)
    a = sub.add_parser("arena")
    a.add_argument("--weights", required=True)
    a.add_argument("--rules", default="classic", choices=sorted(PRESETS))
    a.add_argument("--horizon", type=int, default=3)
    a.add_argument("--playouts", type=int, default=24)
    a.add_argument("--first-deal", type=int, default=900_000_601)
    a.add_argument("--deals", type=int, default=120)
    a.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    if args.cmd == "data":
        print(json.dumps({"positions": data(args.rules, args.first_deal, args.deals, args.out)}))
    elif args.cmd == "fit":
        print(json.dumps(fitted(args.paths, args.out)))
    else:
        print(json.dumps(arena(args.weights, args.rules, args.horizon, args.playouts, args.first_deal, args.deals,
                               args.workers)))


if __name__ == "__main__":
    main()
