"""One decision's working set: the view, derived facts and a legality oracle."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cached_property

from .. import cards as C
from ..actions import Action, Meld, MeldPlay
from ..cards import Card
from ..checks import pile_take
from ..deal import SplitMix64
from ..rules import RuleSet
from ..state import Game
from ..views import MeldView, View
from .knowledge import Needs, meld_pairs, next_set, opponents, team_needs, teammates
from .sampling import shadow_game


class Ctx:
    """Everything a computer player works out once per decision, from its view only."""

    def __init__(self, view: View, rng: SplitMix64) -> None:
        self.view = view
        self.rules: RuleSet = view.rules
        self.seat = view.seat
        self.team = view.my_team
        self.hand: list[Card] = list(view.hand)
        self.my_melds: tuple[MeldView, ...] = view.teams[self.team].melds
        self.opponents = opponents(view)
        # The side of the next opponent: the one that can take this seat's discard.
        self.opp_melds: tuple[MeldView, ...] = view.teams[view.seats[self.opponents[0]].team].melds
        self.needs: Needs = team_needs(self.rules, meld_pairs(self.my_melds))
        self.next_set = next_set(view, self.seat)
        self.opened = view.teams[self.team].opened
        self.minimum = view.teams[self.team].minimum
        self.rook = view.rules.deck == "rook"
        """True when rank names are the Rook deck's numbers (for reasons)."""
        self.rng = rng
        self.teammates = teammates(view)

    @cached_property
    def game(self) -> Game:
        """A game rebuilt from the view, for asking the engine what is legal."""
        return shadow_game(self.view)

    def legal(self, action: Action) -> bool:
        """True when the action is legal (hidden cards never affect legality)."""
        return self.game.is_legal(action)

    @property
    def in_foot(self) -> bool:
        """True while playing from the foot (no face-down set left)."""
        return self.next_set is None

    def counts(self) -> Counter[int]:
        """Natural cards in hand by rank."""
        return Counter(C.rank(c) for c in self.hand if not C.is_wild(c))

    def wilds(self) -> int:
        """Wild cards in hand."""
        return sum(1 for c in self.hand if C.is_wild(c))

    def my_open(self, r: int) -> MeldView | None:
        """The team's unfinished meld of rank ``r``."""
        best = None
        for m in self.my_melds:
            if m.rank == r and not m.is_book and (best is None or len(m.cards) > len(best.cards)):
                best = m
        return best

    def opp_open(self, r: int) -> MeldView | None:
        """The next opponent's side's unfinished meld of rank ``r``."""
        for m in self.opp_melds:
            if m.rank == r and not m.is_book:
                return m
        return None

    def melds_after(self, plays: Sequence[MeldPlay]) -> list[tuple[int, list[Card]]]:
        """The team's melds as (rank, cards) once ``plays`` are laid."""
        out = [(m.rank, list(m.cards)) for m in self.my_melds]
        for p in plays:
            if p.meld is not None:
                out[p.meld][1].extend(p.cards)
            else:
                out.append((p.rank if p.rank is not None else 0, list(p.cards)))
        return out

    def fit_legal(self, plays: list[MeldPlay]) -> list[MeldPlay]:
        """The plays, or the largest legal part found by dropping the least important."""
        if not plays:
            return []
        if self.legal(Meld(tuple(plays))):
            return plays
        for cut in range(len(plays) - 1, -1, -1):
            trial = plays[:cut] + plays[cut + 1:]
            if trial and self.legal(Meld(tuple(trial))):
                return trial
        if not self.opened:
            return []
        chosen: list[MeldPlay] = []
        for p in plays:
            if self.legal(Meld((*chosen, p))):
                chosen.append(p)
        return chosen

    def pile_take(self) -> int:
        """How many pile cards a pickup would take now."""
        return pile_take(self.rules, len(self.view.pile), self.opened)
