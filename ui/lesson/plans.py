"""The lessons: one fixed deal per preset, the computer level that plays along, and what each one teaches.

A lesson is a real game of the preset's rules on its deal number: the cards come from the engine's own
deal, and every seat (the guide for South included) is a seeded computer player, so the lesson plays
the same way every time.  The deal numbers were found by playing each lesson through with its guide
(``ui_tests/test_lesson.py`` plays every one to its end and checks that each step it lists comes up).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules import preset
from engine.state import Game
from ui.lesson.steps import Kind


@dataclass(frozen=True)
class Plan:
    """One lesson: the rules, the deal, the level the other seats (and the guide) play at, what it teaches."""

    preset: str
    deal: int
    title: str
    teaches: tuple[Kind, ...]
    level: str = "normal"


PLANS: dict[str, Plan] = {
    plan.preset: plan
    for plan in (
        Plan(
            "classic",
            397,
            "Your first game",
            ("draw", "pair", "first_meld", "meld", "add", "book", "pickup", "discard", "foot", "ask", "go_out"),
        ),
        Plan("pagat", 113, "Pagat: the upcard and five books", ("pickup", "first_meld", "book")),
        Plan(
            "thirteen", 22, "Thirteen cards: the top seven and wild books",
            ("pickup", "first_meld", "book", "wild_book"),
        ),
        Plan("rook", 47, "Rook cards: one card a turn, no pile", ("draw", "first_meld", "add", "book")),
        Plan("hkf", 9, "Hand, Knee and Foot: the knee and five canastas", ("first_meld", "knee", "book", "add")),
    )
}
"""The lessons by preset name."""


def lesson_game(game: Game) -> bool:
    """True for a lesson's game (its preset's rules on its deal): played on after the lesson, or resumed from
    Games, it is still not counted in Statistics."""
    plan = PLANS.get(game.rules.name)
    return plan is not None and game.deal_number == plan.deal and game.rules == preset(plan.preset)
