"""Any action: fields of the right types, and the dispatch of an action to its topic's check."""

from __future__ import annotations

from .. import cards as C
from ..actions import Action, Answer, AskGoOut, Discard, Draw, EndTurn, Meld, MeldPlay, NextRound, PickUp
from ..errors import RuleViolation
from ..position import Position
from .asking import plan_ask
from .going_out import plan_discard, plan_end_turn
from .melding import plan_meld
from .phase import need_phase
from .pile import plan_pickup
from .rounds import plan_next_round


def check_shape(action: object) -> None:
    """Refuse actions built with fields of the wrong type: cards, ranks, meld numbers, answers.

    Fields are checked exactly (a ``bool`` is not a number here, and ``0`` or
    ``"no"`` is not an answer), so what ``apply`` stores always matches the
    action's text form, and a save replays to the same game.
    """
    not_action = RuleViolation("not_an_action", "That is not something a player can do.")
    if isinstance(action, Answer):
        if not isinstance(action.yes, bool):
            raise RuleViolation("not_an_answer", "The answer to “May I go out?” is yes or no.")
        return
    if isinstance(action, Discard):
        if not C.is_card(action.card):
            raise RuleViolation("not_a_card", "That is not a card of this game.")
        return
    plays: object = ()
    if isinstance(action, Meld):
        plays = action.plays
    elif isinstance(action, PickUp):
        plays = action.melds
    if not isinstance(plays, tuple):
        raise not_action
    for play in plays:
        _check_play_shape(play, not_action)


def _check_play_shape(play: object, not_action: RuleViolation) -> None:
    """One meld play: a tuple of cards, and either a meld number or a rank (whole numbers, not both)."""
    if not isinstance(play, MeldPlay) or not isinstance(play.cards, tuple):
        raise not_action
    if not all(C.is_card(c) for c in play.cards):
        raise RuleViolation("not_a_card", "That is not a card of this game.")
    if play.meld is not None and (isinstance(play.meld, bool) or not isinstance(play.meld, int)):
        raise RuleViolation("no_such_meld", "That meld isn't on your side of the table.")
    if play.rank is not None and (isinstance(play.rank, bool) or not isinstance(play.rank, int)):
        raise RuleViolation("no_rank", "Say which rank the new meld is.")
    if play.meld is not None and play.rank is not None:
        raise RuleViolation("meld_or_rank", "Cards either start a new meld or go on one of yours, not both.")


def validate(game: Position, action: Action) -> None:
    """Raise the violation ``game.apply(action)`` would raise, changing nothing."""
    check_shape(action)
    match action:
        case Draw():
            need_phase(game, "draw")
        case PickUp(melds=melds):
            plan_pickup(game, melds)
        case Meld(plays=plays):
            plan_meld(game, plays)
        case Discard(card=card):
            plan_discard(game, card)
        case AskGoOut():
            plan_ask(game)
        case Answer():
            need_phase(game, "answer")
        case EndTurn():
            plan_end_turn(game)
        case NextRound():
            plan_next_round(game)
        case _:
            raise RuleViolation("not_an_action", "That is not something a player can do.")
