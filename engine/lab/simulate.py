"""Random playouts: whole games of uniformly random legal moves, checked throughout."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..actions import Action
from ..deal import MAX_DEAL, SplitMix64
from ..moves import legal_actions
from ..rules import RuleSet
from ..state import Game
from .invariants import problems

MAX_ACTIONS_PER_GAME = 50_000


def random_action(game: Game, rng: SplitMix64) -> Action:
    """A uniformly random choice among the enumerated legal actions."""
    options = legal_actions(game)
    if not options:
        raise RuntimeError(f"no legal action in phase {game.phase}")
    return options[rng.below(len(options))]


@dataclass
class SimulationReport:
    """What ``simulate`` counted."""

    games: int = 0
    rounds: int = 0
    actions: int = 0
    invariant_failures: int = 0
    errors: int = 0
    seconds: float = 0.0
    messages: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        """JSON keys as the command line prints them."""
        return {
            "games": self.games,
            "rounds": self.rounds,
            "actions": self.actions,
            "invariant_failures": self.invariant_failures,
            "errors": self.errors,
            "seconds": round(self.seconds, 3),
        }


def play_random_game(rules: RuleSet, deal_number: int, seed: int, check: bool = True) -> tuple[Game, int, list[str]]:
    """Play one game to the end; returns the game, the invariant failures and messages."""
    game = Game(rules, deal_number)
    rng = SplitMix64(seed)
    failures = 0
    messages: list[str] = []
    for _ in range(MAX_ACTIONS_PER_GAME):
        if game.over:
            return game, failures, messages
        game.apply(random_action(game, rng))
        if check:
            found = problems(game)
            if found:
                failures += 1
                messages.append(f"deal {deal_number} after {game.history[-1]!r}: {found}")
    raise RuntimeError(f"deal {deal_number}: game did not end within {MAX_ACTIONS_PER_GAME} actions")


def simulate(rules: RuleSet, games: int, seed: int = 1, check: bool = True) -> SimulationReport:
    """Play ``games`` random games; count rounds, actions, failures and errors."""
    report = SimulationReport()
    start = time.perf_counter()
    rng = SplitMix64(seed)
    for _ in range(games):
        deal_number = 1 + rng.below(MAX_DEAL)
        try:
            game, failures, messages = play_random_game(rules, deal_number, rng.next(), check)
        except Exception as err:  # counted and reported, never hidden
            report.errors += 1
            report.messages.append(f"deal {deal_number}: {type(err).__name__}: {err}")
            continue
        report.games += 1
        report.rounds += len(game.results)
        report.actions += len(game.history)
        report.invariant_failures += failures
        report.messages.extend(messages[:3])
    report.seconds = time.perf_counter() - start
    return report
