"""Melding: the cards held, each meld's shape, the first-meld minimum and what the hand keeps."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .. import cards as C
from ..actions import MeldPlay
from ..cards import Card
from ..errors import RuleViolation
from ..melds import TableMeld, book_needs, check_meld, meld_value
from ..position import Position
from ..rules import RuleSet
from .going_out import go_out_problem, last_discard_allowed
from .phase import need_phase, side_name, side_verb


def plan_meld(game: Position, plays: Sequence[MeldPlay]) -> None:
    """Validate a meld action: at least one play, each legal, from the hand of the player to act."""
    need_phase(game, "play")
    if not plays:
        raise RuleViolation("empty_meld", "Choose cards to meld.")
    seat = game.turn
    hand = game.players[seat].hand
    used = [c for play in plays for c in play.cards]
    plan_plays(game, seat, [], list(plays), list(hand), len(hand) - len(used), from_pickup=False)


def plan_plays(
    game: Position,
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
                has = side_verb(game, "have", "has")
                message = f"{side_name(game)} already {has} an open meld of {label}: add to it."
                raise RuleViolation("meld_exists", message)
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
                f"{side_name(game, True)} first meld must total at least {minimum} points; this is {total}.",
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


def _is_finishing(game: Position, seat: int, hand_after: int, from_pickup: bool) -> bool:
    """True when the action leaves a player in the foot with nothing, or one card to discard."""
    if game.next_set(seat) is not None:
        return False
    if hand_after == 0:
        return True
    return hand_after == 1 and last_discard_allowed(game.rules, game.picked_up or from_pickup)


def _check_hand_after(
    game: Position, seat: int, hand_after: int, melds: list[TableMeld], finishing: bool, from_pickup: bool
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
