"""Discarding, ending the turn and going out: the books, the partner rule and the last card."""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..actions import Discard
from ..cards import Card
from ..errors import RuleViolation
from ..melds import TableMeld, missing_books
from ..position import FootStage, Position
from ..rules import RuleSet
from ..wording import join
from .asking import must_ask
from .phase import need_phase, side_name, side_verb


def last_discard_allowed(rules: RuleSet, picked_up: bool) -> bool:
    """True when a player may go out by discarding the last card (this turn took the pile or not)."""
    return rules.go_out_discard != "forbidden" and not (rules.pickup_ends_turn and picked_up)


def plan_discard(game: Position, card: Card) -> None:
    """Validate discarding ``card`` (which goes out if it is the last card of the foot)."""
    need_phase(game, "play")
    seat = game.turn
    if game.picked_up and game.rules.pickup_ends_turn:
        raise RuleViolation("no_discard_after_pickup", "After taking the pile you don't discard: end your turn.")
    hand = game.players[seat].hand
    if card not in hand:
        raise RuleViolation("card_not_in_hand", f"You don't hold the {C.name(card)}.")
    if len(hand) == 1 and game.next_set(seat) is None:
        if game.rules.go_out_discard == "forbidden":
            raise RuleViolation("no_discard_out", "You must go out by melding every card.")
        problem = go_out_problem(game, seat, game.teams[game.team_of(seat)].melds)
        if problem is not None:
            raise problem


def plan_end_turn(game: Position) -> None:
    """Validate ending the turn without a discard (after taking the pile, or when stranded)."""
    need_phase(game, "play")
    if game.picked_up and game.rules.pickup_ends_turn:
        return
    if _stranded(game, game.turn):
        return
    raise RuleViolation("must_discard", "End your turn by discarding a card.")


def _stranded(game: Position, seat: int) -> bool:
    """In the foot with one card it may not go out with, and no stock left.

    Gap decision: this happens only when the last stock card was a red 3 that
    could not be replaced.  The player ends the turn without a discard and the
    round then ends because the stock is empty (no going-out bonus).
    """
    p = game.players[seat]
    return (
        not game.stock
        and game.next_set(seat) is None
        and len(p.hand) <= 1
        and (not p.hand or game.check(Discard(p.hand[0])) is not None)
    )


def go_out_problem(game: Position, seat: int, melds: Sequence[TableMeld]) -> RuleViolation | None:
    """Why the seat may not go out with its team's ``melds`` on the table, or None if it may."""
    rules = game.rules
    if game.next_set(seat) is not None:
        return RuleViolation("not_in_foot", "You can go out only while playing from your foot.")
    missing = missing_books(rules, melds)
    if missing:
        need = side_verb(game, "need", "needs")
        return RuleViolation("need_books", f"{side_name(game)} still {need} {join(missing)} to go out.")
    if partners_block(rules, [game.players[mate] for mate in game.teammates(seat)]):
        if rules.partner_in_foot == "in_foot":
            return RuleViolation("partner_not_in_foot", "Your partner must be in their foot before you go out.")
        return RuleViolation("partner_not_in_foot", "Your partner must play from their foot before you go out.")
    if must_ask(rules) and game.permission is not True:
        if game.permission is False:
            return RuleViolation("partner_said_no", "Your partner said no: you can't go out this turn.")
        return RuleViolation("ask_first", 'Ask your partner "May I go out?" first.')
    return None


def partners_block(rules: RuleSet, mates: Sequence[FootStage]) -> bool:
    """True when ``rules.partner_in_foot`` keeps a player from going out because of these teammates."""
    if rules.partner_in_foot == "played":
        return not all(m.played_foot for m in mates)
    if rules.partner_in_foot == "in_foot":
        return not all(m.stage == "foot" for m in mates)
    return False
