"""Enumerating what the player to act can do now, for computer players and the UI.

Meld combinations explode, so enumeration is by rank: for each rank, the
natural cards held go onto the open meld or start a new one (with one wild card
when only two naturals are held), plus the wild cards alone.  Everything
returned has passed ``Game.is_legal``.
"""

from __future__ import annotations

from collections import defaultdict

from . import cards as C
from .actions import (
    Action,
    Answer,
    AskGoOut,
    Discard,
    Draw,
    EndTurn,
    Meld,
    MeldPlay,
    NextRound,
    PickUp,
)
from .cards import Card
from .checks import pairs_with
from .errors import RuleViolation
from .melds import BOOK_SIZE, check_meld
from .rules import RuleSet
from .state import Game


def naturals_by_rank(hand: list[Card]) -> dict[int, list[Card]]:
    """The hand's natural cards grouped by rank (red 3s never appear in a hand)."""
    groups: dict[int, list[Card]] = defaultdict(list)
    for c in sorted(hand):
        if not C.is_wild(c):
            groups[C.rank(c)].append(c)
    return dict(groups)


def single_plays(game: Game, seat: int) -> list[MeldPlay]:
    """One candidate play per rank (and one for wild cards), legality not yet checked."""
    rules = game.rules
    team = game.teams[game.team_of(seat)]
    hand = game.players[seat].hand
    wilds = sorted(c for c in hand if C.is_wild(c))
    plays: list[MeldPlay] = []
    for r, cards in naturals_by_rank(hand).items():
        idx = team.open_meld(r)
        if idx is not None:
            room = BOOK_SIZE - len(team.melds[idx].cards)
            plays.append(MeldPlay(tuple(cards[:room]), meld=idx))
        elif len(cards) >= 3:
            plays.append(MeldPlay(tuple(cards[:BOOK_SIZE]), rank=r))
        elif len(cards) == 2 and wilds and r not in rules.no_wild_ranks:
            plays.append(MeldPlay((*cards, wilds[0]), rank=r))
    if wilds:
        idx = team.open_meld(C.WILD_RANK)
        if idx is not None:
            plays.append(MeldPlay((wilds[0],), meld=idx))
        elif len(wilds) >= 3 and rules.wild_melds:
            plays.append(MeldPlay(tuple(wilds[:3]), rank=C.WILD_RANK))
        for m_idx, m in enumerate(team.melds):
            if not m.is_book and m.rank != C.WILD_RANK:
                plays.append(MeldPlay((wilds[0],), meld=m_idx))
    return plays


def combine(plays: list[MeldPlay], hand: list[Card]) -> list[MeldPlay]:
    """Greedily keep the plays whose cards are still available in ``hand``."""
    left = list(hand)
    chosen: list[MeldPlay] = []
    targets: set[tuple[str, int]] = set()
    for play in plays:
        key = ("m", play.meld) if play.meld is not None else ("r", play.rank or 0)
        if key in targets:
            continue
        try:
            for c in play.cards:
                left.remove(c)
        except ValueError:
            left = list(hand)
            for p in chosen:
                for c in p.cards:
                    left.remove(c)
            continue
        chosen.append(play)
        targets.add(key)
    return chosen


def meld_actions(game: Game, seat: int) -> list[Action]:
    """Legal meld actions: each rank's play alone, and all of them together."""
    plays = single_plays(game, seat)
    actions: list[Action] = []
    for play in plays:
        action = Meld((play,))
        if game.is_legal(action):
            actions.append(action)
    together = combine(plays, game.players[seat].hand)
    if len(together) > 1:
        action = Meld(tuple(together))
        if game.is_legal(action):
            actions.append(action)
    return actions


def pickup_actions(game: Game, seat: int) -> list[Action]:
    """Legal ways to take the pile: alone, or with melds from the hand to open."""
    actions: list[Action] = []
    if game.is_legal(PickUp()):
        actions.append(PickUp())
    elif game.rules.pickup != "none" and game.pile:
        extra = combine(single_plays(game, seat), game.players[seat].hand)
        top = game.pile[-1]
        extra = [p for p in extra if p.meld is None and p.rank != C.rank(top)]
        action = PickUp(tuple(extra))
        if extra and game.is_legal(action):
            actions.append(action)
    return actions


def legal_actions(game: Game) -> list[Action]:
    """Candidate legal actions for the seat to act (not every meld combination)."""
    if game.phase == "round_over":
        return [NextRound()]
    seat = game.to_act
    if seat is None:
        return []
    if game.phase == "answer":
        return [Answer(True), Answer(False)]
    if game.phase == "draw":
        return [Draw(), *pickup_actions(game, seat)]
    actions: list[Action] = meld_actions(game, seat)
    for extra in (AskGoOut(), EndTurn()):
        if game.is_legal(extra):
            actions.append(extra)
    for card in sorted(set(game.players[seat].hand)):
        if game.is_legal(Discard(card)):
            actions.append(Discard(card))
    return actions


def meldable_cards(game: Game, seat: int) -> set[Card]:
    """Cards in the hand that some legal meld this turn could use (for outlining)."""
    if game.phase != "play" or game.turn != seat:
        return set()
    out: set[Card] = set()
    for play in single_plays(game, seat):
        team_opened = game.teams[game.team_of(seat)].opened
        if not team_opened or game.is_legal(Meld((play,))):
            out.update(play.cards)
    return out


def meld_targets(game: Game, cards: tuple[Card, ...]) -> list[int]:
    """Indices of the team's melds that these cards could be added to now."""
    team = game.teams[game.team_of(game.turn)]
    return [
        i for i in range(len(team.melds))
        if game.is_legal(Meld((MeldPlay(cards, meld=i),)))
    ]


def _meld_shape_fits(rules: RuleSet, rank: int, cards: tuple[Card, ...]) -> bool:
    """True when ``cards`` make a meld of ``rank`` (black 3s, which meld only as one goes out, never count)."""
    try:
        check_meld(rules, rank, cards, going_out=False)
    except RuleViolation:
        return False
    return True


def outline_cards(game: Game, seat: int) -> set[Card]:
    """Cards of ``seat``'s hand worth outlining as "can meld" on its turn.

    In the play phase: the cards of every meld that is legal now (before the team's first meld,
    every meld of the right shape, since the minimum counts them together).  In the draw phase:
    the cards that would meld once drawn, and the pair that takes the pile, so a pickup can be
    planned.  Wild cards are interchangeable here, so when one wild card can meld, all can.
    """
    if game.turn != seat or game.phase not in ("draw", "play"):
        return set()
    hand = game.players[seat].hand
    team_opened = game.teams[game.team_of(seat)].opened
    out: set[Card] = set()
    for play in single_plays(game, seat):
        if game.phase == "play" and team_opened:
            fits = game.is_legal(Meld((play,)))
        else:  # legal once drawn, or with the rest of an opening: its shape is what can be checked now
            fits = play.rank is None or _meld_shape_fits(game.rules, play.rank, play.cards)
        if fits:
            out.update(play.cards)
    top = game.pile_top()
    if game.phase == "draw" and top is not None and pickup_blocked(game) is None:
        out.update(c for c in hand if pairs_with(game.rules, top, c))
    if any(C.is_wild(c) for c in out):
        out.update(c for c in hand if C.is_wild(c))
    return out


PILE_REASONS = frozenset(
    {"no_pickup", "pile_empty", "pile_blocked", "wild_on_top", "rank_not_meldable", "pile_meld_full", "need_pair",
     "pickup_before_opening"}
)
"""Reasons a pickup fails that no meld laid with it can change: the pile, or the pair in the hand."""


def pickup_blocked(game: Game) -> RuleViolation | None:
    """Why the player to act can't take the pile this turn whatever they lay with it, or None.

    None also when the pile can be taken only together with opening melds (the first-meld
    minimum): the player can stage those and then take it.
    """
    if game.phase != "draw" or game.to_act is None:
        return None
    err = game.check(PickUp())
    return err if err is not None and err.reason in PILE_REASONS else None
