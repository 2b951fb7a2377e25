"""Picking up the discard pile: which pair takes it, how many cards, and the pickup's melds."""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..actions import MeldPlay
from ..cards import Card
from ..errors import RuleViolation
from ..melds import BOOK_SIZE
from ..position import Position
from ..rules import RuleSet
from .melding import plan_plays
from .phase import need_phase, side_name

PickupPlan = tuple[list[Card], int, int | None, int, list[MeldPlay]]
"""(hand cards for the pile's meld, its rank, target meld index, cards taken, other plays)."""


def wild_top_takeable(rules: RuleSet) -> bool:
    """True when a wild card on top of the pile can be taken (with two wild cards, see ``pile_pair``)."""
    return rules.pickup_wild_top and rules.wild_melds


def pile_pair(rules: RuleSet, top: Card, hand: Sequence[Card]) -> list[Card] | None:
    """The two cards of ``hand`` that take the pile with ``top`` on it, or None when not held.

    Two naturals of the top card's rank; under a wild card, two of the same wild
    (``wild_top_pair="same"``) or any two wild cards (``"any"``: those of the top
    card's rank first).
    """
    fits = [c for c in hand if pairs_with(rules, top, c)]
    if not C.is_wild(top):
        fits.sort()  # the lowest two naturals
    elif rules.wild_top_pair == "any":
        fits.sort(key=lambda c: (C.rank(c) != C.rank(top), c))
    # (Two of the same wild: the first two held, as the hand lists them.)
    pair = sorted(fits[:2])
    return pair if len(pair) == 2 else None


def pairs_with(rules: RuleSet, top: Card, card: Card) -> bool:
    """True when ``card`` can be one of the pair that takes the pile with ``top`` on it."""
    if C.is_wild(top):
        return C.is_wild(card) and (rules.wild_top_pair == "any" or C.rank(card) == C.rank(top))
    return not C.is_wild(card) and C.rank(card) == C.rank(top)


def pile_take(rules: RuleSet, pile_size: int, opened: bool) -> int:
    """How many cards of a pile of ``pile_size`` a pickup takes (the top card included)."""
    if not opened and rules.pickup_before_opening == "top_only":
        return min(1, pile_size)
    if rules.pickup == "whole":
        return pile_size
    return min(BOOK_SIZE, pile_size)


def pile_under(rules: RuleSet, pile: Sequence[Card], opened: bool) -> list[Card]:
    """The cards under the top that a pickup's melds may use toward the first meld (bottom first).

    Only before the side's first meld and under ``pickup_minimum="with_pile"`` (000); otherwise none:
    the pickup's melds come from the hand."""
    if opened or rules.pickup_minimum != "with_pile" or not pile:
        return []
    take = pile_take(rules, len(pile), opened)
    return list(pile[len(pile) - take : -1])


def _pickup_source(game: Position) -> tuple[Card, int, int | None]:
    """Validate the pile itself: (top card, meld rank, target meld index)."""
    rules = game.rules
    if rules.pickup == "none":
        raise RuleViolation("no_pickup", "In these rules the discard pile is never picked up.")
    need_phase(game, "draw")
    top = game.pile_top()
    if top is None:
        raise RuleViolation("pile_empty", "The discard pile is empty.")
    if game.pile_blocked():
        raise RuleViolation("pile_blocked", "A black 3 on top blocks the pile this turn.")
    team = game.teams[game.team_of(game.turn)]
    if C.is_wild(top):
        if not wild_top_takeable(rules):
            raise RuleViolation("wild_on_top", "You can't pick up the pile with a wild card on top.")
        meld_rank = C.WILD_RANK
    else:
        meld_rank = C.rank(top)
        if meld_rank not in rules.meld_ranks:
            raise RuleViolation("rank_not_meldable", "That card can't be melded, so the pile can't be taken.")
    target = team.open_meld(meld_rank) if rules.one_open_meld_per_rank else None
    have = len(team.melds[target].cards) if target is not None else 0
    if have + 3 > BOOK_SIZE:
        what = C.rank_name(meld_rank, rules.deck == "rook", plural=True)
        raise RuleViolation(
            "pile_meld_full",
            f"The pile can't go on your meld of {what}: it has {have} cards, and the top card with a pair would "
            f"make {have + 3}, more than a book's {BOOK_SIZE}.",
        )
    return top, meld_rank, target


def _pair_for(game: Position, top: Card, hand: Sequence[Card]) -> list[Card]:
    """The two cards from ``hand`` that go with the pile's top card, or the reason they're missing."""
    pair = pile_pair(game.rules, top, hand)
    if pair is not None:
        return pair
    if C.is_wild(top):
        if game.rules.wild_top_pair == "any":
            what = "wild cards"
        else:
            what = "jokers" if C.rank(top) == 0 else "2s"
        raise RuleViolation("need_pair", f"You need two {what} to pick up the pile.")
    what = C.rank_name(C.rank(top), game.rules.deck == "rook", plural=True)
    raise RuleViolation("need_pair", f"You need two natural {what} to pick up the pile.")


def _take_from(pool: list[Card], spare: list[Card], card: Card) -> None:
    """Take ``card`` out of ``pool``, else out of ``spare``; refuse a card in neither."""
    if card in pool:
        pool.remove(card)
    elif card in spare:
        spare.remove(card)
    else:
        raise RuleViolation("card_not_in_hand", f"You don't hold the {C.name(card)}.")


def plan_pickup(game: Position, extra: Sequence[MeldPlay]) -> PickupPlan:
    """Validate a pickup: (cards for the pile's meld besides the top, its rank, target, cards taken, other plays).

    A new-meld play of the top card's rank in ``extra`` joins the top card and
    the pair (a third natural laid with the pickup counts toward the minimum).
    Under ``pickup_minimum="with_pile"`` the plays in ``extra`` may also use the
    cards taken from under the top card; the pair always comes from the hand.
    """
    top, meld_rank, target = _pickup_source(game)
    rules = game.rules
    seat = game.turn
    team_i = game.team_of(seat)
    opening = not game.teams[team_i].opened
    take = pile_take(rules, len(game.pile), not opening)
    hand_left = list(game.players[seat].hand)
    under = pile_under(rules, game.pile, not opening)
    joined = [c for play in extra if play.meld is None and play.rank == meld_rank for c in play.cards]
    rest = [play for play in extra if not (play.meld is None and play.rank == meld_rank)]
    for c in joined:
        _take_from(hand_left, under, c)
    pair = _pair_for(game, top, hand_left)
    for c in pair:
        hand_left.remove(c)
    if opening and rules.pickup_before_opening == "never":
        raise RuleViolation("pickup_before_opening", f"{side_name(game)} must meld before taking the pile.")
    own = [*pair, *joined]
    trio = MeldPlay((top, *own), meld=target, rank=None if target is not None else meld_rank)
    used = sum(len(play.cards) for play in rest)
    # The hand afterwards: what is left of it, plus the cards taken under the top, less the melds.
    taken_left = len(under) if rules.pickup_minimum == "with_pile" else take - 1
    hand_after = len(hand_left) + taken_left - used
    plan_plays(game, seat, [trio], rest, [*hand_left, *under], hand_after, from_pickup=True)
    return own, meld_rank, target, take, rest
