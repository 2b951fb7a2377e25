"""Random-playout throughput per preset in CPython: ``python -m bench.engine_speed``.

Plays whole games of uniformly random legal moves (with the invariant checks
off, as a player's game runs) and reports games, actions and rounds per second.
"""

from __future__ import annotations

import argparse
import json
import time

from engine.rules import PRESETS
from engine.simulate import play_random_game


def measure(name: str, games: int, seed: int) -> dict[str, float]:
    """Play ``games`` random games of one preset; return rates."""
    rules = PRESETS[name]
    actions = rounds = 0
    start = time.perf_counter()
    for i in range(games):
        game, _, _ = play_random_game(rules, 1000 + i, seed=seed + i, check=False)
        actions += len(game.history)
        rounds += len(game.results)
    seconds = time.perf_counter() - start
    return {
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds, 2),
        "rounds_per_s": round(rounds / seconds, 2),
        "actions_per_s": round(actions / seconds),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {name: measure(name, args.games, args.seed) for name in PRESETS}
    if args.json:
        print(json.dumps(results))
        return
    print("| preset | games/s | rounds/s | actions/s |")
    print("|---|---|---|---|")
    for name, r in results.items():
        print(f"| {name} | {r['games_per_s']} | {r['rounds_per_s']} | {r['actions_per_s']:,} |")


if __name__ == "__main__":
    main()
