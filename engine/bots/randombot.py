"""The floor: a uniformly random choice among the engine's enumerated legal actions."""

from __future__ import annotations

from ..actions import NextRound, to_text
from ..moves import legal_actions
from ..views import View
from .base import Decision, NoLegalAction, bot_seed, decision_rng
from .reasons import Reason
from .sampling import shadow_game


class RandomBot:
    """Plays any legal action, uniformly at random (the arena's baseline)."""

    level = "random"

    def __init__(self, seat: int, deal_number: int) -> None:
        self.seat = seat
        self.seed = bot_seed(deal_number, seat, self.level)

    def decide(self, view: View) -> Decision:
        """A random legal action."""
        if view.phase == "round_over":
            return Decision(NextRound(), Reason("next_round"))
        if view.to_act != self.seat or view.seat != self.seat:
            raise ValueError("It is not this player's turn.")
        options = legal_actions(shadow_game(view))
        if not options:
            raise NoLegalAction(f"{view.seats[view.seat].name} has no legal action.")
        action = options[decision_rng(self.seed, view).below(len(options))]
        return Decision(action, Reason("random", action=to_text(action)))

    def answer(self, view: View) -> Decision:
        """A random yes or no."""
        return self.decide(view)
