"""Staging the side's first meld: melds set aside until together they reach the minimum, some with
cards from the pile (``pickup_minimum="with_pile"``)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import cards as C
from engine.actions import Meld, MeldPlay
from engine.errors import RuleViolation
from engine.melds import check_meld
from ui.taps import Note

if TYPE_CHECKING:
    from ui.app import App


@dataclass(frozen=True)
class Staged:
    """A meld set aside for the team's first meld, not yet on the table."""

    cards: tuple[int, ...]
    rank: int
    pile: tuple[int, ...] = ()
    """Positions in ``Controller.pile_preview()`` of the cards taken from the pile (``pickup_minimum="with_pile"``)."""

    def hand_cards(self) -> list[int]:
        """The staged cards that come from the hand (the pile's are still on the pile)."""
        left = list(self.cards)
        for c in self.pile_cards:
            left.remove(c)
        return left

    pile_cards: tuple[int, ...] = ()
    """The cards themselves at ``pile`` (kept with them, so a staged meld reads without the pile)."""



def selected_from_pile(app: App) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(positions, cards) of the selected pile cards that are still free."""
    preview, free = app.pile_preview(), set(app.pile_free())
    chosen = tuple(i for i in app.pile_selected if i in free)
    return chosen, tuple(preview[i] for i in chosen)


def stage(app: App, staged: Staged) -> None:
    if not app.human_to_act() or app.game.phase not in ("draw", "play"):
        app.note = Note(app.waiting_text(), "error")
        return
    restage(app, [*app.staged, staged])


def restage(app: App, plays: list[Staged]) -> None:
    """Replace the staged melds with ``plays`` unless they can't go down together."""
    problem = staging_problem(app, plays)
    if problem:
        app.note = Note(problem, "error")
        return
    app.staged = plays
    app.selected = []
    app.pile_selected = []
    app.note = None


def staging_problem(app: App, plays: list[Staged]) -> str | None:
    """Why these staged melds can't go down together (ignoring the minimum), or None."""
    rules = app.game.rules
    ranks = [s.rank for s in plays]
    if rules.one_open_meld_per_rank and len(ranks) != len(set(ranks)):
        return "You already staged a meld of that rank: tap it to add these cards."
    for s in plays:
        try:
            check_meld(rules, s.rank, s.cards, going_out=False)
        except RuleViolation as err:
            return str(err)
    if app.game.phase == "play":
        refusal = app.game.check(Meld(tuple(MeldPlay(s.cards, rank=s.rank) for s in plays)))
        if refusal is not None and refusal.reason != "below_minimum":
            return str(refusal)
    return None


def staged_pickup(app: App, plays: tuple[MeldPlay, ...]) -> list[Staged]:
    """A pickup's melds as staged melds: each card from the hand while it holds one, else from the pile."""
    hand = Counter(app.view().hand)
    preview = app.pile_preview()
    free = list(range(len(preview)))
    out = []
    for p in plays:
        positions: list[int] = []
        for c in p.cards:
            if hand[c] > 0:
                hand[c] -= 1
                continue
            i = next((i for i in free if preview[i] == c), -1)
            if i < 0:
                return []  # not a card that seat can see: nothing staged (the hint's words still stand)
            free.remove(i)
            positions.append(i)
        rank = p.rank if p.rank is not None else C.WILD_RANK
        out.append(Staged(p.cards, rank, tuple(positions), tuple(preview[i] for i in positions)))
    return out
