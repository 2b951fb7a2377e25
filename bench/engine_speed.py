"""Engine throughput per preset in CPython: ``python -m bench.engine_speed``.

Random playouts: whole games of uniformly random legal moves (with the invariant
checks off, as a player's game runs); bot games: whole games with one computer
level in all four seats (each decision sees only its seat's view, as in the app).
Reports games, rounds and actions per second.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable

from engine.bots import LEVELS
from engine.lab.botgame import make_bots, play_bots
from engine.lab.simulate import play_random_game
from engine.rules import PRESETS
from engine.state import Game


def measure(name: str, games: int, seed: int) -> dict[str, float]:
    """Play ``games`` random games of one preset; return rates."""
    rules = PRESETS[name]
    return _rates(games, lambda i: play_random_game(rules, 1000 + i, seed=seed + i, check=False)[0])


def _rates(games: int, play: Callable[[int], Game]) -> dict[str, float]:
    """Play games ``play(0) .. play(games - 1)``; return games, actions and rounds per second."""
    actions = rounds = 0
    start = time.perf_counter()
    for i in range(games):
        game = play(i)
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


def play_bot_game(name: str, level: str, deal: int) -> Game:
    """One whole game with ``level`` in every seat."""
    rules = PRESETS[name]
    return play_bots(Game(rules, deal), make_bots(level, rules, deal))


def measure_bots(name: str, level: str, games: int, first_deal: int = 1) -> dict[str, float]:
    """Play ``games`` bot games of one preset at one level; return rates."""
    return _rates(games, lambda i: play_bot_game(name, level, first_deal + i))


def measure_all(random_games: int, bot_games: int, seed: int = 1) -> dict[str, object]:
    """Random playouts and bot games (every level) for every preset."""
    return {
        "random_playout": {name: measure(name, random_games, seed) for name in PRESETS},
        "bot_games": {name: {level: measure_bots(name, level, bot_games) for level in LEVELS} for name in PRESETS},
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
