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
from engine.state import Game
from ui.table.order import MAX_OWN_ORDER
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
    problem = staging_problem(app.game, plays)
    if problem:
        app.note = Note(problem, "error")
        return
    app.staged = plays
    app.selected = []
    app.pile_selected = []
    app.note = None


def staging_problem(game: Game, plays: list[Staged]) -> str | None:
    """Why these staged melds can't go down together in ``game`` (ignoring the minimum), or None."""
    rules = game.rules
    ranks = [s.rank for s in plays]
    if rules.one_open_meld_per_rank and len(ranks) != len(set(ranks)):
        return "You already staged a meld of that rank: tap it to add these cards."
    for s in plays:
        try:
            check_meld(rules, s.rank, s.cards, going_out=False)
        except RuleViolation as err:
            return str(err)
    if game.phase == "play":
        refusal = game.check(Meld(tuple(MeldPlay(s.cards, rank=s.rank) for s in plays)))
        if refusal is not None and refusal.reason != "below_minimum":
            return str(refusal)
    return None


MAX_STAGED = 30
"""More staged melds than this in a kept record is a damaged one."""


def staged_data(staged: list[Staged]) -> list[dict[str, object]]:
    """The staged melds as kept beside the save (so a page the phone dropped brings them back), with the
    positions in the pile's preview of any cards taken from the pile (the same game shows the same pile)."""
    return [{"cards": list(s.cards), "rank": s.rank, **({"pile": list(s.pile)} if s.pile else {})} for s in staged]


def read_staged(data: object, game: Game, seat: int, preview: list[int]) -> list[Staged]:
    """The staged melds kept by ``staged_data``, when ``seat`` is playing its turn in ``game`` and they can
    still go down together from its hand and the pile's cards under the top (``preview``, as
    ``Session.pile_preview`` shows them now); else none (stored text is untrusted: never raises)."""
    if not isinstance(data, list) or not 0 < len(data) <= MAX_STAGED:
        return []
    if game.to_act != seat or game.phase not in ("draw", "play"):
        return []
    plays: list[Staged] = []
    used: set[int] = set()
    for item in data:
        if not isinstance(item, dict) or set(item) - {"pile"} != {"cards", "rank"}:
            return []
        cards, rank, pile = item["cards"], item["rank"], item.get("pile", [])
        if not isinstance(cards, list) or not 0 < len(cards) <= MAX_OWN_ORDER or type(rank) is not int:
            return []
        if not all(type(c) is int and C.is_card(c) for c in cards):
            return []
        if not isinstance(pile, list) or not all(type(i) is int and 0 <= i < len(preview) for i in pile):
            return []  # a position the pile doesn't have now (and none at all once the pile is taken)
        taken = [preview[i] for i in pile]
        if used & set(pile) or len(set(pile)) != len(pile) or Counter(taken) - Counter(cards):
            return []  # a pile card twice, or one this meld doesn't hold
        used |= set(pile)
        plays.append(Staged(tuple(cards), rank, tuple(pile), tuple(taken)))
    held = Counter(game.players[seat].hand)
    if Counter(c for s in plays for c in s.hand_cards()) - held:
        return []  # a card this hand doesn't hold
    return plays if staging_problem(game, plays) is None else []


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
