"""Command line: ``python -m engine deal|simulate ...``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .. import cards as C
from ..deal import deal
from ..levels import ALL_LEVELS
from ..rules import PRESETS, RuleSet, preset
from ..seats import PLAYER_COUNTS
from ..state import seat_names
from .simulate import simulate


def _cards(cards: Sequence[int]) -> list[str]:
    return [C.code(c) for c in cards]


def _rules(args: argparse.Namespace) -> RuleSet:
    """The preset named by ``--rules``, at the table size of ``--players`` when given."""
    if args.players is None:
        return preset(args.rules)
    return preset(args.rules, players=args.players)


def cmd_deal(args: argparse.Namespace) -> int:
    rules = _rules(args)
    d = deal(rules, args.deal, args.round - 1)
    names = seat_names(rules.players)
    data = {
        "rules": rules.name,
        "deal": args.deal,
        "round": args.round,
        "seats": [
            {"seat": names[i], "hand": _cards(d.hands[i]), "knee": _cards(d.knees[i]),
             "foot": _cards(d.feet[i])}
            for i in range(rules.players)
        ],
        "stock": _cards(d.stock),
    }
    if args.json:
        print(json.dumps(data))
        return 0
    print(f"{rules.title}, deal {args.deal}, round {args.round}")
    for seat in data["seats"]:
        assert isinstance(seat, dict)
        print(f"{seat['seat']:>6} hand: {' '.join(seat['hand'])}")
        if rules.knee_size:
            print(f"{'':>6} knee: {' '.join(seat['knee'])}")
        print(f"{'':>6} foot: {' '.join(seat['foot'])}")
    print(f" stock ({len(d.stock)}, next first; the upcard and red-3 replacements come from here):")
    print(" " + " ".join(_cards(d.stock)))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    rules = _rules(args)
    report = simulate(rules, args.games, seed=args.seed)
    if args.json:
        print(json.dumps(report.as_dict()))
    else:
        for key, value in report.as_dict().items():
            print(f"{key}: {value}")
        for msg in report.messages[:10]:
            print("  " + msg)
    return 0 if report.errors == 0 and report.invariant_failures == 0 else 1


def cmd_arena(args: argparse.Namespace) -> int:
    from .arena import format_result, run_arena

    rules = _rules(args)
    result = run_arena(rules, args.a, args.b, args.deals, first_deal=args.first_deal,
                       workers=args.workers)
    print(json.dumps(result.as_dict()) if args.json else format_result(result))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from .terminal import play

    return play(_rules(args), args.deal, args.level, sys.stdin, sys.stdout)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Hand and Foot engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("deal", help="print a deal")
    p.add_argument("--rules", choices=sorted(PRESETS), default="classic")
    p.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=None,
                   help="2 or 3 each on their own, 4 or 6 in two teams (default: the preset's 4)")
    p.add_argument("--deal", type=int, required=True)
    p.add_argument("--round", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_deal)
    p = sub.add_parser("simulate", help="play random games and check every invariant")
    p.add_argument("--rules", choices=sorted(PRESETS), default="classic")
    p.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=None,
                   help="2 or 3 each on their own, 4 or 6 in two teams (default: the preset's 4)")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_simulate)
    levels = list(ALL_LEVELS)
    p = sub.add_parser("arena", help="duplicate games between two computer levels")
    p.add_argument("--rules", choices=sorted(PRESETS), default="classic")
    p.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=None,
                   help="2 or 3 each on their own, 4 or 6 in two teams (default: the preset's 4)")
    p.add_argument("--a", choices=levels, required=True)
    p.add_argument("--b", choices=levels, required=True)
    p.add_argument("--deals", type=int, default=100, help="duplicate deals to play (default 100)")
    p.add_argument("--first-deal", type=int, default=1, metavar="N",
                   help="the first deal number (default 1); e.g. 700000001 for deals the levels "
                        "were never tuned on")
    p.add_argument("--workers", type=int, default=2, help="processes to play in (default 2)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_arena)
    p = sub.add_parser("play", help="play at the terminal against the computer players")
    p.add_argument("--rules", choices=sorted(PRESETS), default="classic")
    p.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=None,
                   help="2 or 3 each on their own, 4 or 6 in two teams (default: the preset's 4)")
    p.add_argument("--deal", type=int, default=1)
    p.add_argument("--level", choices=levels[1:], default="normal")
    p.set_defaults(func=cmd_play)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result: int = args.func(args)
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return result
