"""The one bot-game loop: computer players play a game, seat by seat, with optional hooks.

Every tool and test that lets bots play (the arena, the benchmarks, the tests) calls ``play_bots``:
each step the seat to act (seat 0 between rounds, for the trivial "next round") decides on its own
view and the game applies the decision.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..bots import Bot, make_bot
from ..bots.base import Decision
from ..rules import RuleSet
from ..seats import team_of
from ..state import Game
from ..views import View, view_for

MAX_DECISIONS = 60_000
"""More decisions than any whole game takes: a game still going after them is stuck."""

Hook = Callable[[Game, int, Decision], None]
"""Called with the game, the seat that decided and its decision."""


class Decider(Protocol):
    """What the loop asks of a seat's player: a decision on its own view (a ``Bot``, or one wrapped)."""

    def decide(self, view: View) -> Decision:
        """The action for this seat now."""
        ...


def make_bots(level: str | Sequence[str], rules: RuleSet, deal_number: int) -> list[Bot]:
    """One computer player per seat: ``level`` everywhere, or ``level[side]`` in each side's seats."""
    levels = [level] * rules.players if isinstance(level, str) else [level[team_of(s, rules.players)]
                                                                    for s in range(rules.players)]
    return [make_bot(levels[s], s, deal_number) for s in range(rules.players)]


def play_bots(
    game: Game,
    bots: Sequence[Decider] | Mapping[int, Decider],
    max_steps: int = MAX_DECISIONS,
    *,
    until: Callable[[Game], bool] | None = None,
    before: Hook | None = None,
    after: Hook | None = None,
    stop: Callable[[Game, int, Decision], bool] | None = None,
) -> Game:
    """Let ``bots[seat]`` play ``game`` until it is over, ``until(game)`` holds or ``max_steps`` decisions.

    ``before`` sees each decision before the game applies it, ``after`` once it has; where
    ``stop(game, seat, decision)`` holds, the loop ends without applying that decision (a game one
    move short of something). Returns the game (changed in place); a bot's exception
    (``NoLegalAction``) leaves it as it was before that decision.
    """
    for _ in range(max_steps):
        if game.over or (until is not None and until(game)):
            break
        seat = game.to_act if game.to_act is not None else 0
        decision = bots[seat].decide(view_for(game, seat))
        if stop is not None and stop(game, seat, decision):
            break
        if before is not None:
            before(game, seat, decision)
        game.apply(decision.action)
        if after is not None:
            after(game, seat, decision)
    return game


@dataclass
class Timed:
    """A player whose decisions are timed in milliseconds (the trivial "next round" ones left out)."""

    bot: Decider
    times: list[float]
    clock: Callable[[], float] = time.thread_time if hasattr(time, "thread_time") else time.perf_counter
    """The deciding thread's CPU time by default, so other programs on the machine don't inflate it
    (wall time in Pyodide, which has no thread clock: the bench page times its players with this loop)."""

    def decide(self, view: View) -> Decision:
        """The wrapped player's decision, its time added to ``times``."""
        start = self.clock()
        decision = self.bot.decide(view)
        elapsed = (self.clock() - start) * 1000.0
        if view.phase != "round_over":
            self.times.append(elapsed)
        return decision
