"""Discard safety, calibrated: predicted against observed "the next opponent takes the pile".

    python -m bench.discard_safety --rules classic --deals 40 [--first-deal 700000001] [--json]
        [--dump rows.jsonl]

Plays duplicate games of Hard against Normal as the arena does.  At every discard by either
level, the discarding bot's own estimate for that card is recorded (Hard: the chance its
reason states, ``safety.stated_chance``, kept apart from its play weight; Normal: its rough
``feed_risk`` weight, which no reason states as a chance), then the game shows whether
the next player took the pile on its turn, and (from the real hand, which no bot sees) whether
it held the pair.  Grouped by 10-point band of the prediction: how many discards, the mean
prediction, the share taken with its 95% interval (each deal one sample), the share where the pair was held, and
for Hard the issue's test: "met" within 5 points, "small" when a band's interval is too wide
to tell, "missed" otherwise.  ``--dump`` writes one
JSON line per discard (level, deal, Hard's former statement ``said``, the play weight, the
outcome and ``safety.features``) for fitting the stated chance.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from typing import Any

from engine import cards as C
from engine import seats
from engine.actions import Discard, PickUp
from engine.bots import make_bot
from engine.bots.base import Bot, Decision, decision_rng
from engine.bots.context import Ctx
from engine.bots.hard import HardBot
from engine.bots.normal import NormalBot
from engine.bots.safety import features, stated_chance
from engine.checks import pairs_with
from engine.lab.botgame import MAX_DECISIONS, play_bots
from engine.rules import PRESETS, RuleSet
from engine.state import Game
from engine.views import view_for

TOLERANCE = 0.05
"""The issue's target: a band's share taken within 5 points of its mean prediction."""


def said_chance(weight: float) -> float:
    """The chance Hard's reasons stated before ``safety.stated_chance`` (this bench's "before" column):
    its take weight mapped onto the measured takes as 1 - (1 - w) ** 2."""
    return 1.0 - (1.0 - min(1.0, weight)) ** 2

Row = tuple[str, float, bool, bool, str, str]
"""(level, predicted chance, taken by the next player, next player held the pair, situation, game)."""


def held_pair(game: Game, seat: int, card: int) -> bool:
    """True when ``seat`` really holds two cards that take the pile with ``card`` on top."""
    return sum(1 for c in game.players[seat].hand if pairs_with(game.rules, card, c)) >= 2


def play_game(rules: RuleSet, deal: int, levels: tuple[str, str], rows: list[Row],
              dump: list[dict[str, Any]] | None = None) -> None:
    """One whole game; a row for every discard that doesn't end the round (and its features
    in ``dump``, when given)."""
    game = Game(rules, deal)
    bots: list[Bot] = [make_bot(levels[seats.team_of(s, rules.players)], s, deal) for s in range(rules.players)]
    pending: tuple[str, float, int, bool, str] | None = None  # level, chance, next seat, pair held, situation
    extra: dict[str, Any] = {}

    def watch(game: Game, seat: int, d: Decision) -> None:
        nonlocal pending, extra
        view = view_for(game, seat)
        bot = bots[seat]
        if pending is not None and seat == pending[2] and game.phase == "draw":
            rows.append((pending[0], pending[1], isinstance(d.action, PickUp), pending[3], pending[4],
                         f"{deal} {levels[0]}"))
            if dump is not None:
                dump.append({**extra, "taken": int(isinstance(d.action, PickUp)), "held": int(pending[3])})
            pending = None
        if game.phase in ("round_over", "game_over"):
            pending = None
        if isinstance(d.action, Discard) and isinstance(bot, NormalBot):
            ctx = Ctx(view, decision_rng(bot.seed, view))
            card = d.action.card
            weight, _ = bot.feed_risk(ctx, card)
            chance = weight
            nxt = seats.next_seat(seat, rules.players)
            pair = 0.0
            if isinstance(bot, HardBot):
                if not C.is_wild(card):
                    pair = bot.tracker(ctx).pair_chance(nxt, C.rank(card))
                chance = stated_chance(view, nxt, card, pair)  # the chance its reason states
            if dump is not None:
                extra = {"level": bot.level, "deal": deal, "weight": weight, "said": said_chance(weight),
                         "stated": chance, **features(view, nxt, card, pair)}
            opened = game.teams[game.team_of(nxt)].opened
            pile = len(game.pile) + 1
            size = "1-3" if pile <= 3 else "4-9" if pile < 10 else "10+"
            where = f"{'opened' if opened else 'not opened'}, pile {size}"
            pending = (bot.level, chance, nxt, held_pair(game, nxt, card), where)

    play_bots(game, bots, MAX_DECISIONS, before=watch)
    if not game.over:
        raise RuntimeError(f"deal {deal}: the game did not end")


def interval(rows: list[Row], z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of the share taken, counting each deal as one sample (the two games
    of a deal share its cards, and a game's discards its hands and piles, so they are not
    independent draws): a Wilson interval over the effective number of discards, the count
    shrunk by how much more the deals' shares vary than independent draws would (at a share
    of 0 or 1, where nothing varies, the number of deals)."""
    per: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for row in rows:
        g = per[row[5].split()[0]]
        g[0] += 1 if row[2] else 0
        g[1] += 1
    n = sum(g[1] for g in per.values())
    p = sum(g[0] for g in per.values()) / n
    k = len(per)
    if k < 2:
        return 0.0, 1.0
    var = k / (k - 1) * sum((g[0] - p * g[1]) ** 2 for g in per.values()) / n**2
    eff = float(k)
    if 0.0 < p < 1.0 and var > 0.0:
        eff = max(1.0, min(float(n), p * (1.0 - p) / var))
    d = 1.0 + z * z / eff
    mid = (p + z * z / (2.0 * eff)) / d
    half = z * math.sqrt(p * (1.0 - p) / eff + z * z / (4.0 * eff * eff)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


def verdict(predicted: float, taken: float, lo: float, hi: float) -> str:
    """"met" when the share taken is within 5 points of the prediction; "small" when it isn't
    but the band is too small to tell (the prediction lies inside the share's 95% interval,
    which is wider than ±5 points); "missed" otherwise."""
    if abs(taken - predicted) <= TOLERANCE:
        return "met"
    if lo <= predicted <= hi and hi - lo > 2 * TOLERANCE:
        return "small"
    return "missed"


def bands(rows: list[Row], by_situation: bool = False) -> dict[str, dict[str, Any]]:
    """Rows grouped by level and 10-point band of the prediction (and the situation)."""
    groups: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        band = min(9, int(row[1] * 10 + 1e-9))
        extra = f" {row[4]}" if by_situation else ""
        groups[f"{row[0]} {band * 10:>2}-{band * 10 + 9}%{extra}"].append(row)
    out: dict[str, dict[str, Any]] = {}
    for key in sorted(groups):
        rs = groups[key]
        n = len(rs)
        predicted = sum(r[1] for r in rs) / n
        taken = sum(1 for r in rs if r[2]) / n
        lo, hi = interval(rs)
        out[key] = {
            "n": n,
            "games": len({r[5] for r in rs}),
            "predicted": round(predicted, 3),
            "taken": round(taken, 3),
            "taken_95": [round(lo, 3), round(hi, 3)],
            "pair_held": round(sum(r[3] for r in rs) / n, 3),
            "verdict": verdict(predicted, taken, lo, hi),
        }
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.discard_safety", description=__doc__.split("\n")[0])
    p.add_argument("--rules", choices=sorted(PRESETS), default="classic")
    p.add_argument("--deals", type=int, default=40)
    p.add_argument("--first-deal", type=int, default=700_000_001)
    p.add_argument("--json", action="store_true")
    p.add_argument("--dump", metavar="FILE", help="write every discard's features as JSON lines")
    args = p.parse_args(argv)
    rules = PRESETS[args.rules]
    rows: list[Row] = []
    dump: list[dict[str, Any]] | None = [] if args.dump else None
    for deal in range(args.first_deal, args.first_deal + args.deals):
        for levels in (("hard", "normal"), ("normal", "hard")):
            play_game(rules, deal, levels, rows, dump)
    if args.dump and dump is not None:
        with open(args.dump, "w", encoding="utf-8") as out:
            for d in dump:
                out.write(json.dumps({"rules": rules.name, **d}) + "\n")
    per_level = {lvl: sum(1 for r in rows if r[0] == lvl) for lvl in ("hard", "normal")}
    report = {"rules": rules.name, "deals": args.deals, "first_deal": args.first_deal,
              "discards": per_level, "bands": bands(rows),
              "by_situation": bands([r for r in rows if r[0] == "hard"], by_situation=True)}
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{rules.name}: {args.deals} deals from {args.first_deal:,}, discards {per_level}")
        print(f"{'band':<18}{'n':>7}{'predicted':>11}{'taken':>8}{'95% interval':>15}{'pair held':>11}  ±5")
        for key, b in report["bands"].items():
            lo, hi = b["taken_95"]
            span = f"{lo:.1%}-{hi:.1%}"
            mark = b["verdict"] if key.startswith("hard") else ""
            print(f"{key:<18}{b['n']:>7}{b['predicted']:>11.1%}{b['taken']:>8.1%}{span:>15}"
                  f"{b['pair_held']:>11.1%}  {mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
