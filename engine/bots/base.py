"""What every computer player shares: decisions with reasons, seeding, the Bot protocol."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..actions import Action
from ..deal import MASK64, SplitMix64
from ..levels import ALL_LEVELS
from ..levels import LEVELS as LEVELS
from ..views import View
from .reasons import Reason

_LEVEL_IDS = {name: i + 1 for i, name in enumerate(ALL_LEVELS)}
_PHASES = {"draw": 1, "play": 2, "answer": 3, "round_over": 4, "game_over": 5}


class NoLegalAction(RuntimeError):
    """The engine offers this seat no legal action (a gap in the rules engine)."""


@dataclass(frozen=True)
class Decision:
    """An action legal in the real game, with why as data (``reason`` is it in one plain sentence)."""

    action: Action
    why: Reason

    @property
    def reason(self) -> str:
        """The full reason in one sentence, as the player who made the move tells it."""
        return self.why.text()

    @property
    def public_reason(self) -> str:
        """The reason without a card, count of a rank or points only this seat can see."""
        return self.why.public_text()


class Bot(Protocol):
    """A computer player: sees only a ``View`` of its own seat."""

    level: str
    seat: int

    def decide(self, view: View) -> Decision:
        """The action for this seat now (also answers "may I go out?")."""
        ...

    def answer(self, view: View) -> Decision:
        """The answer to the partner's "may I go out?"."""
        ...


def bot_seed(deal_number: int, seat: int, level: str) -> int:
    """The 64-bit seed of one computer player, from deal number, seat and level."""
    rng = SplitMix64(deal_number * 0x100000001B3 + seat * 0x9E3779B9 + _LEVEL_IDS[level] * 0x85EBCA6B)
    return rng.next()


def decision_rng(seed: int, view: View) -> SplitMix64:
    """A generator for one decision: the bot's seed mixed with where the game stands.

    Drawing from a fresh generator per decision (instead of one running
    generator) makes each decision a pure function of the view and the seed, so
    a replay, a hint or an undo gives the same choice.
    """
    asked = 1 if view.asked else 0
    perm = {None: 0, True: 1, False: 2}[view.permission]
    key = (((view.round_index * 4099 + len(view.log)) * 8 + _PHASES.get(view.phase, 0)) * 6
           + asked * 3 + perm)
    mixer = SplitMix64(key * 0xD1B54A32D192ED03 + view.turn)
    return SplitMix64((seed ^ mixer.next()) & MASK64)
