"""Planning: checking an action against the rules before ``Game`` carries it out.

Every function here only reads the game.  It either raises ``RuleViolation``
(with the reason code and the sentence the player sees) or returns a plan: what
the action would do, worked out so that ``Game`` can then change the table
without checking anything again.  ``Game.apply`` plans first and changes state
only afterwards, which is how an illegal action leaves the game untouched;
``Game.check`` and ``Game.is_legal`` run the same plans and stop there.

Keeping the rules checks apart from ``engine.state`` leaves that module with the
turn flow (dealing, drawing, placing cards, scoring rounds) and puts every
"may the player do this?" decision in one place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from . import cards as C
from .actions import Action, Answer, AskGoOut, Discard, Draw, EndTurn, Meld, MeldPlay, NextRound, PickUp
from .cards import Card
from .errors import RuleViolation
from .events import Phase
from .melds import BOOK_SIZE, TableMeld, book_needs, check_meld, meld_value, missing_books
from .rules import RuleSet
from .seats import individual

if TYPE_CHECKING:
    from .state import Game

PickupPlan = tuple[list[Card], int, int | None, int, list[MeldPlay]]
"""(hand cards for the pile's meld, its rank, target meld index, cards taken, other plays)."""


# ----- any action -------------------------------------------------------------


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


def validate(game: Game, action: Action) -> None:
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


def need_phase(game: Game, phase: Phase) -> None:
    """Raise unless the game is in ``phase``, saying why the action doesn't fit now."""
    if game.phase == phase:
        return
    if game.phase in ("round_over", "game_over"):
        raise RuleViolation("round_over", "The round is over.")
    if game.phase == "answer":
        raise RuleViolation("awaiting_answer", "Waiting for the partner's answer.")
    if phase == "draw":
        raise RuleViolation("already_drew", "You have already drawn this turn.")
    if phase == "answer":
        raise RuleViolation("no_question", "Nobody has asked to go out.")
    raise RuleViolation("draw_first", "Draw or pick up the pile first.")


# ----- picking up the pile ----------------------------------------------------


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


def _pickup_source(game: Game) -> tuple[Card, int, int | None]:
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
    if target is not None and len(team.melds[target].cards) + 3 > BOOK_SIZE:
        raise RuleViolation(
            "pile_meld_full",
            "Your meld of that rank is too big to take the top card and a pair.",
        )
    return top, meld_rank, target


def _pair_for(game: Game, top: Card, hand: Sequence[Card]) -> list[Card]:
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


def plan_pickup(game: Game, extra: Sequence[MeldPlay]) -> PickupPlan:
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
        raise RuleViolation("pickup_before_opening", f"{_side(game)} must meld before taking the pile.")
    own = [*pair, *joined]
    trio = MeldPlay((top, *own), meld=target, rank=None if target is not None else meld_rank)
    used = sum(len(play.cards) for play in rest)
    # The hand afterwards: what is left of it, plus the cards taken under the top, less the melds.
    taken_left = len(under) if rules.pickup_minimum == "with_pile" else take - 1
    hand_after = len(hand_left) + taken_left - used
    _plan_plays(game, seat, [trio], rest, [*hand_left, *under], hand_after, from_pickup=True)
    return own, meld_rank, target, take, rest


# ----- melding ----------------------------------------------------------------


def plan_meld(game: Game, plays: Sequence[MeldPlay]) -> None:
    """Validate a meld action: at least one play, each legal, from the hand of the player to act."""
    need_phase(game, "play")
    if not plays:
        raise RuleViolation("empty_meld", "Choose cards to meld.")
    seat = game.turn
    hand = game.players[seat].hand
    used = [c for play in plays for c in play.cards]
    _plan_plays(game, seat, [], list(plays), list(hand), len(hand) - len(used), from_pickup=False)


def _plan_plays(
    game: Game,
    seat: int,
    fixed: list[MeldPlay],
    plays: list[MeldPlay],
    hand: list[Card],
    hand_after: int,
    from_pickup: bool,
) -> None:
    """Validate melds from ``hand`` (plus the pickup trio in ``fixed``) without changing anything."""
    rules = game.rules
    team_i = game.team_of(seat)
    team = game.teams[team_i]
    need = Counter(c for play in plays for c in play.cards)
    have = Counter(hand)
    for card, n in need.items():
        if have[card] < n:
            held = "the" if n == 1 else f"{n} of the"
            raise RuleViolation("card_not_in_hand", f"You don't hold {held} {C.name(card)}.")
    finishing = _is_finishing(game, seat, hand_after, from_pickup)
    melds = [m.copy() for m in team.melds]
    new_ranks: set[int] = set()
    touched: set[int] = set()
    for play in [*fixed, *plays]:
        if not play.cards:
            raise RuleViolation("empty_meld", "Choose cards to meld.")
        if play.meld is not None:
            if not 0 <= play.meld < len(melds) or play.meld >= len(team.melds):
                raise RuleViolation("no_such_meld", "That meld isn't on your side of the table.")
            target = melds[play.meld]
            extras = target.is_book
            if extras and not extras_allowed(rules, team.melds, play.meld):
                raise RuleViolation("book_closed", "That book is finished: nothing more goes on it.")
            target.cards.extend(play.cards)
            touched.add(play.meld)
        else:
            rank = play.rank
            if rank is None or not 0 <= rank <= 14:
                raise RuleViolation("no_rank", "Say which rank the new meld is.")
            if rules.one_open_meld_per_rank and (team.open_meld(rank) is not None or rank in new_ranks):
                label = C.rank_name(rank, rules.deck == "rook", plural=True)
                raise RuleViolation(
                    "meld_exists", f"{_side(game)} already {_has(game)} an open meld of {label}: add to it."
                )
            new_ranks.add(rank)
            melds.append(TableMeld(rank, list(play.cards)))
            touched.add(len(melds) - 1)
    for i in sorted(touched):
        m = melds[i]
        check_meld(
            rules,
            m.rank,
            m.cards,
            going_out=finishing,
            extras=i < len(team.melds) and team.melds[i].is_book,
        )
    if not team.opened:
        laid = [c for play in [*fixed, *plays] for c in play.cards]
        minimum = game.minimum(team_i)
        total = meld_value(rules, laid)
        if total < minimum:
            raise RuleViolation(
                "below_minimum",
                f"{_side(game, True)} first meld must total at least {minimum} points; this is {total}.",
            )
    _check_hand_after(game, seat, hand_after, melds, finishing, from_pickup)


def extras_allowed(rules: RuleSet, melds: Sequence[TableMeld], index: int) -> bool:
    """True when cards may still go on the team's finished book ``melds[index]``.

    004's table option: only on a book the team doesn't need to go out (its
    other books still cover every requirement), and never on a wild book or on
    a rank with a book of its own or no wild cards (004's 5s and 7s).
    """
    book = melds[index]
    if not rules.extras_on_books or book.rank == C.WILD_RANK:
        return False
    own_rank = {r for r, _ in rules.rank_books} | set(rules.no_wild_ranks) | set(rules.need_rank_books)
    if book.rank in own_rank:
        return False
    others = [m for i, m in enumerate(melds) if i != index]
    return book_needs(rules, others) == book_needs(rules, melds)


def last_discard_allowed(rules: RuleSet, picked_up: bool) -> bool:
    """True when a player may go out by discarding the last card (this turn took the pile or not)."""
    return rules.go_out_discard != "forbidden" and not (rules.pickup_ends_turn and picked_up)


def _is_finishing(game: Game, seat: int, hand_after: int, from_pickup: bool) -> bool:
    """True when the action leaves a player in the foot with nothing, or one card to discard."""
    if game.next_set(seat) is not None:
        return False
    if hand_after == 0:
        return True
    return hand_after == 1 and last_discard_allowed(game.rules, game.picked_up or from_pickup)


def _check_hand_after(
    game: Game, seat: int, hand_after: int, melds: list[TableMeld], finishing: bool, from_pickup: bool
) -> None:
    """Refuse melding that leaves a player in the foot with too few cards, or going out when they may not."""
    if game.next_set(seat) is not None:
        return
    if hand_after == 0 and game.rules.go_out_discard == "required":
        raise RuleViolation("keep_discard", "Keep one card: you must go out with a discard.")
    if not finishing:
        if hand_after == 1 and not (game.rules.pickup_ends_turn and (game.picked_up or from_pickup)):
            raise RuleViolation(
                "keep_two", "In your foot, keep two cards until you go out: one to keep, one to discard."
            )
        return
    problem = go_out_problem(game, seat, melds)
    if problem is not None:
        if hand_after == 1:
            raise RuleViolation(
                "keep_two", f"You can't go out yet ({problem.message[:-1].lower()}), so keep two cards."
            )
        raise problem


# ----- discarding, ending the turn and going out ------------------------------


def plan_discard(game: Game, card: Card) -> None:
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


def plan_end_turn(game: Game) -> None:
    """Validate ending the turn without a discard (after taking the pile, or when stranded)."""
    need_phase(game, "play")
    if game.picked_up and game.rules.pickup_ends_turn:
        return
    if _stranded(game, game.turn):
        return
    raise RuleViolation("must_discard", "End your turn by discarding a card.")


def _stranded(game: Game, seat: int) -> bool:
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


def go_out_problem(game: Game, seat: int, melds: list[TableMeld]) -> RuleViolation | None:
    """Why the seat may not go out with its team's ``melds`` on the table, or None if it may."""
    rules = game.rules
    if game.next_set(seat) is not None:
        return RuleViolation("not_in_foot", "You can go out only while playing from your foot.")
    missing = missing_books(rules, melds)
    if missing:
        return RuleViolation("need_books", f"{_side(game)} still {_need(game)} {_join(missing)} to go out.")
    if partners_block(rules, [game.players[mate] for mate in game.teammates(seat)]):
        if rules.partner_in_foot == "in_foot":
            return RuleViolation("partner_not_in_foot", "Your partner must be in their foot before you go out.")
        return RuleViolation("partner_not_in_foot", "Your partner must play from their foot before you go out.")
    if must_ask(rules) and game.permission is not True:
        if game.permission is False:
            return RuleViolation("partner_said_no", "Your partner said no: you can't go out this turn.")
        return RuleViolation("ask_first", 'Ask your partner "May I go out?" first.')
    return None


class FootStage(Protocol):
    """What the partner rule reads of a seat (a ``Player`` or a ``SeatView``)."""

    @property
    def played_foot(self) -> bool: ...

    @property
    def stage(self) -> str: ...


def partners_block(rules: RuleSet, mates: Sequence[FootStage]) -> bool:
    """True when ``rules.partner_in_foot`` keeps a player from going out because of these teammates."""
    if rules.partner_in_foot == "played":
        return not all(m.played_foot for m in mates)
    if rules.partner_in_foot == "in_foot":
        return not all(m.stage == "foot" for m in mates)
    return False


def plan_ask(game: Game) -> None:
    """Validate asking the partner "May I go out?"."""
    need_phase(game, "play")
    if not must_ask(game.rules):
        if individual(game.n):
            raise RuleViolation("no_asking", "Playing on your own, you go out without asking anyone.")
        raise RuleViolation("no_asking", "In these rules you go out without asking.")
    if game.asked:
        raise RuleViolation("asked_already", "You may ask once a turn.")
    if game.next_set(game.turn) is not None:
        raise RuleViolation("not_in_foot", "You can ask to go out only while playing from your foot.")


def must_ask(rules: RuleSet) -> bool:
    """True when a player asks the partner "May I go out?" first (never without a partner)."""
    return rules.ask_partner and not individual(rules.players)


def _side(game: Game, possessive: bool = False) -> str:
    """How a message names the player's side: "Your team" ("Your team's"), or "You" ("Your") alone."""
    if individual(game.n):
        return "Your" if possessive else "You"
    return "Your team's" if possessive else "Your team"


def _has(game: Game) -> str:
    return "have" if individual(game.n) else "has"


def _need(game: Game) -> str:
    return "need" if individual(game.n) else "needs"


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# ----- rounds -----------------------------------------------------------------


def plan_next_round(game: Game) -> None:
    """Validate dealing the next round: only between rounds, never after the game."""
    if game.phase == "game_over":
        raise RuleViolation("game_over", "The game is over.")
    if game.phase != "round_over":
        raise RuleViolation("round_not_over", "Finish this round first.")
