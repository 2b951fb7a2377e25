"""A lesson played through without a page: South takes every step, the computers play along.

The tests play each lesson to its end with this, and ``python -m ui.lesson.play classic 1 200`` looks for
deal numbers on which every step a plan teaches comes up (run it under ``nice``: it plays whole rounds).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace

from engine.actions import PickUp
from engine.state import Game
from engine.views import view_for
from ui.lesson.model import Lesson, Step
from ui.lesson.plans import PLANS, Plan

MAX_MOVES = 1500


@dataclass(frozen=True)
class Played:
    """A lesson played through: the game at its end, South's steps in order, and the lesson."""

    game: Game
    steps: tuple[Step, ...]
    lesson: Lesson


def play_through(plan: Plan, lesson: Lesson | None = None, game: Game | None = None) -> Played:
    """Play the lesson (from ``game`` if given) until it ends, each South step as the lesson asks it."""
    from engine.bots import make_bot

    lesson = lesson or Lesson(plan)
    game = game or lesson.new_game()
    bots = {s: make_bot(plan.level, s, plan.deal) for s in range(1, game.n)}
    steps: list[Step] = []
    for _ in range(MAX_MOVES):
        if lesson.finished or game.to_act is None:
            break
        seat = game.to_act
        if seat == lesson.seat:
            step = lesson.step(game, chosen=(0, 0))
            if step is None:
                break
            steps.append(step)
            game.apply(step.action)
            lesson.played(game, step.kind)
        else:
            bot = bots[seat]
            view = view_for(game, seat)
            game.apply((bot.answer(view) if game.phase == "answer" else bot.decide(view)).action)
            if game.phase in ("round_over", "game_over"):
                lesson.finished = True
    return Played(game, tuple(steps), lesson)


def south_went_out(played: Played) -> bool:
    """True when the lesson ended with South going out."""
    return played.game.went_out == played.lesson.seat or bool(
        played.game.results and played.game.results[0].went_out == played.lesson.seat
    )


def search(name: str, first: int, count: int) -> None:
    """Print the deal numbers on which the plan's every step comes up and South goes out."""
    base = PLANS[name]
    for deal in range(first, first + count):
        plan = replace(base, deal=deal)
        played = play_through(plan)
        missing = [k for k in plan.teaches if k not in played.lesson.taught]
        simple = all(not (isinstance(s.action, PickUp) and s.action.melds) for s in played.steps)
        if not missing and simple and ("go_out" not in plan.teaches or south_went_out(played)):
            print(deal, len(played.steps), flush=True)


if __name__ == "__main__":
    search(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
