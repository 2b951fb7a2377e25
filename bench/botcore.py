"""Time computer-player decisions; the same file runs in CPython and in the page (as bench_botcore).

Standard library and ``engine`` only, no relative imports: the bots page copies it into
Pyodide's file system next to the app's own engine files.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from typing import Any

from engine.lab.botgame import Timed, make_bots, play_bots
from engine.rules import PRESETS
from engine.state import Game


def play(level: str, preset: str, deal: int) -> tuple[list[float], str]:
    """One whole game with ``level`` in every seat; each decision's wall time in ms, and a digest.

    A decision is the bot's ``decide`` on its seat's view (the view is built before the clock
    starts), through the one bot-game loop, ``engine.lab.botgame`` (the page copies that module
    into its file system: the site ships no ``engine.lab``). The trivial "next round" decisions are
    left out, as engine.lab.arena does.
    """
    rules = PRESETS[preset]
    game = Game(rules, deal)
    times: list[float] = []
    play_bots(game, [Timed(bot, times, time.perf_counter) for bot in make_bots(level, rules, deal)])
    if not game.over:
        raise RuntimeError(f"{level} {preset} deal {deal}: the game did not end")
    digest = hashlib.sha256("\n".join(game.history).encode()).hexdigest()[:16]
    return times, digest


def run(level: str, presets: list[str], deals: list[int]) -> dict[str, Any]:
    """Every preset x deal game at one level: decision times and the games' digests."""
    times: list[float] = []
    digests: list[str] = []
    start = time.perf_counter()
    for preset in presets:
        for deal in deals:
            ts, digest = play(level, preset, deal)
            times.extend(ts)
            digests.append(digest)
    return {
        "level": level,
        "times_ms": [round(t, 4) for t in times],
        "digests": digests,
        "seconds": round(time.perf_counter() - start, 3),
        "python": sys.version.split()[0],
    }


def run_json(args: str) -> str:
    """The page's entry point: JSON {level, presets, deals} in, JSON result out."""
    spec = json.loads(args)
    return json.dumps(run(spec["level"], spec["presets"], spec["deals"]))
