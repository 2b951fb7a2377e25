"""What a lesson step asks for, and why, in one sentence built from the rules the engine carries.

A step's kind is read from the move itself (``kind_of``): the lesson never keeps a copy of a rule.
Every number in a sentence comes from the ``RuleSet`` or from the game (the first-meld minimum is
``Game.minimum``), so a house rule or another preset changes the sentence with it.
"""

from __future__ import annotations

from typing import Literal

from engine import cards as C
from engine.actions import Action, Answer, AskGoOut, Discard, Draw, EndTurn, Meld, PickUp
from engine.checks.pile import pile_take
from engine.melds import BOOK_SIZE
from engine.rules import RuleSet
from engine.state import Game
from engine.wording import count, join

Kind = Literal[
    "draw", "pickup", "pair", "first_meld", "meld", "add", "book", "discard", "foot", "ask", "go_out", "end",
    "answer", "wild_book", "knee",
]
KINDS: tuple[Kind, ...] = (
    "draw", "pickup", "pair", "first_meld", "meld", "add", "book", "discard", "foot", "ask", "go_out", "end",
    "answer", "wild_book", "knee",
)

TITLES: dict[Kind, str] = {
    "draw": "Draw from the stock",
    "pickup": "Take the pile",
    "pair": "Select cards for a meld",
    "first_meld": "Lay down a first meld",
    "meld": "Start another meld",
    "add": "Add to a meld",
    "book": "Make a book",
    "discard": "Discard",
    "foot": "Pick up the foot",
    "ask": "Ask \u201cMay I go out?\u201d",
    "go_out": "Go out",
    "end": "End the turn",
    "answer": "Answer your partner",
    "wild_book": "Make a wild book",
    "knee": "Pick up the knee",
}
"""A step's short name, for the lesson's list of what is still to come."""


def title(kind: Kind, rules: RuleSet) -> str:
    """A step's short name under these rules (the foot is the knee first where there is one)."""
    if kind == "foot" and rules.knee_size:
        return "Pick up the knee or the foot"
    return TITLES[kind]


def intro(rules: RuleSet) -> str:
    """What these rules do differently, in one sentence from their values (for the lesson's first step)."""
    sets = f"hands of {rules.hand_size}"
    if rules.knee_size:
        sets += f", knees of {rules.knee_size}"
    sets += f" and feet of {rules.foot_size}"
    parts = [f"{rules.title}: {sets}", f"{count(rules.draw, 'card')} drawn a turn"]
    if rules.deck == "rook":
        parts.append("Rook cards, where the bird and the 2s are wild")
    if rules.upcard:
        parts.append("a card turned face up to start the pile")
    if rules.pickup == "none":
        parts.append("the pile is never taken")
    elif rules.pickup == "whole":
        parts.append("the whole pile taken at once")
    else:
        parts.append(f"the top {count(BOOK_SIZE, 'card')} of the pile taken")
    parts.append(f"and going out needs {books_needed(rules)}")
    return ", ".join(parts) + "."


def _hand_out(game: Game, seat: int) -> Kind:
    """The step of a play that empties the hand: the knee or the foot comes next, else going out."""
    nxt = game.next_set(seat)
    return ("knee" if nxt == "knee" else "foot") if nxt else "go_out"


def kind_of(game: Game, seat: int, action: Action) -> Kind:
    """The kind of step ``action`` would be for ``seat`` in ``game`` (before it is applied)."""
    player = game.players[seat]
    team = game.teams[game.team_of(seat)]
    match action:
        case Draw():
            return "knee" if player.knee_due and not player.knee_taken else "draw"  # the knee comes with it
        case PickUp():
            return "pickup"
        case AskGoOut():
            return "ask"
        case Answer():
            return "answer"
        case EndTurn():
            return "end"
        case Discard():
            return _hand_out(game, seat) if len(player.hand) == 1 else "discard"
        case Meld(plays=plays):
            left = len(player.hand) - sum(len(p.cards) for p in plays)
            if left == 0:
                return _hand_out(game, seat)
            if game.minimum(game.team_of(seat)) > 0:
                return "first_meld"
            for play in plays:
                known = play.meld is not None and play.meld < len(team.melds)
                size = len(team.melds[play.meld].cards) if known and play.meld is not None else 0
                if size < BOOK_SIZE <= size + len(play.cards):
                    rank = team.melds[play.meld].rank if known and play.meld is not None else play.rank
                    if game.rules.knee_after_first_book and not team.books() and game.next_set(seat) == "knee":
                        return "knee"  # the side's first book brings up the knee (the knee game)
                    return "wild_book" if rank == C.WILD_RANK else "book"
            return "add" if any(p.meld is not None for p in plays) else "meld"
    return "end"


def cards_text(cards: tuple[int, ...] | list[int]) -> str:
    """Cards as a player reads them on the table: '9♠, 9♥ and 2♣'."""
    return join(C.label(c) for c in cards)


def wild_limit(rules: RuleSet) -> str:
    """How many wild cards a meld may hold, from ``rules.wild_limit``."""
    return {
        "half": "never more wild cards than natural ones",
        "third": "at least two natural cards for each wild card",
        "two": "at most two wild cards",
    }[rules.wild_limit]


def wild_cards(rules: RuleSet) -> str:
    """Which cards are wild, named for someone new: 'wild cards (jokers and 2s)'."""
    return "wild cards (the bird and 2s)" if rules.deck == "rook" else "wild cards (jokers and 2s)"


def threes(rules: RuleSet) -> str:
    """What the 3s do, for the lesson's first draw ('' where they are plain cards): a newcomer sees red 3s laid
    out beside the sides' names, and a blocked pile, before anything else explains them."""
    if rules.deck == "rook":
        return ""
    red = (f" A red 3 is laid out as soon as you get it and scores {rules.red_three_bonus:,}."
           if rules.red_three_bonus > 0 else "")
    black = " A black 3 thrown on the pile blocks it for the next player." if rules.black_threes_special else ""
    return red + black


def books_needed(rules: RuleSet) -> str:
    """The books a side needs before going out, from the rule values."""
    parts = [f"a clean book of {C.rank_name(r, rules.deck == 'rook', plural=True)}" for r in rules.need_rank_books]
    if rules.need_wild:
        parts.append(count(rules.need_wild, "wild book"))
    if rules.need_clean:
        parts.append(count(rules.need_clean, "clean book"))
    if rules.need_dirty:
        parts.append(count(rules.need_dirty, "dirty book"))
    return join(parts)


def books_count(rules: RuleSet) -> int:
    """How many books a side needs before going out (hkf's five canastas: five)."""
    return len(rules.need_rank_books) + rules.need_wild + rules.need_clean + rules.need_dirty


def _upcard(game: Game) -> int | None:
    """The upcard while it is still the whole pile (rules with an upcard, before the round's first discard)."""
    if not game.rules.upcard or len(game.pile) != 1 or any(a.startswith("discard") for a in game.history):
        return None
    return game.pile[0]


def _pickup_why(game: Game, seat: int) -> str:
    rules = game.rules
    opened = game.teams[game.team_of(seat)].opened
    take = pile_take(rules, len(game.pile), opened)
    what = "the whole pile" if rules.pickup == "whole" else f"the top {count(min(take, BOOK_SIZE), 'card')}"
    top = game.pile_top()
    pair = "two natural cards of the top card's rank"
    if top is not None and C.is_wild(top) and rules.pickup_wild_top:
        pair = "two wild cards" if rules.wild_top_pair == "any" else "two wild cards like the top one"
    ends = " and ends your turn" if rules.pickup_ends_turn else ""
    wild = ""
    if rules.pickup_wild_top and not (top is not None and C.is_wild(top)):
        wild = (" (a wild card on top is taken with "
                + ("any two wild cards)" if rules.wild_top_pair == "any" else "two of the same wild card)"))
    return (
        f"With {pair} in your hand you may take {what} instead of drawing{wild}: "
        f"the top card is melded at once{ends}."
    )


def why(game: Game, seat: int, kind: Kind, cards: tuple[int, ...] = ()) -> str:
    """One sentence saying why this step is played so, built from the game's rules."""
    rules = game.rules
    team = game.team_of(seat)
    if kind == "draw":
        upcard = _upcard(game)
        if upcard is not None:  # the pile is still the card turned up at the deal
            return (
                f"Every turn starts by taking {count(rules.draw, 'card')} from the stock, or the pile when you can: "
                f"this round's pile starts with the upcard, the {C.label(upcard)}, turned face up from the stock "
                "at the deal."
            )
        pile = " (the pile is never taken)" if rules.pickup == "none" else " (or the pile, when you can)"
        return f"Every turn starts by taking {count(rules.draw, 'card')} from the stock{pile}.{threes(rules)}"
    if kind == "pickup":
        return _pickup_why(game, seat)
    if kind == "pair":
        return (f"A meld is one rank: it starts with two natural cards, and {wild_cards(rules)} may join, "
                f"{wild_limit(rules)}.")
    if kind == "first_meld":
        value = sum(rules.value(C.rank(c)) for c in cards)
        shown = f"; these cards make {value:,}" if cards else ""
        return (
            f"Your side's first meld this round must be worth at least {game.minimum(team):,} points{shown}."
        )
    if kind == "meld":
        return "Once your side has melded, any new meld of three cards or more may go down, whatever it is worth."
    if kind == "add":
        return f"Cards of a meld's rank can go on it at any time, and {wild_cards(rules)} too, {wild_limit(rules)}."
    if kind == "book":
        extra = "".join(
            f"; clean {C.rank_name(r, rules.deck == 'rook', plural=True)} {bonus:,}" for r, bonus in rules.rank_books
        )
        if rules.wild_melds:
            extra += f"; wild cards alone {rules.wild_book:,}"
        if rules.knee_after_first_book:
            extra += "; your side's first one brings up the knee"
        return (
            f"At {BOOK_SIZE} cards a meld becomes a book: {rules.clean_book:,} points clean, "
            f"{rules.dirty_book:,} with wild cards{extra}."
        )
    if kind == "wild_book":
        return (
            f"Wild cards alone make a meld of their own; at {BOOK_SIZE} it is a wild book, worth "
            f"{rules.wild_book:,} points, and going out needs {books_needed(rules)}."
        )
    if kind == "knee":
        player = game.players[seat]
        if player.knee_due:
            how = "Your side's first book brought up the knees, and yours comes with this draw"
        elif rules.knee_after_first_book and cards and len(cards) < len(player.hand):
            how = "Your side's first book brings up your knee"
        else:
            how = "When your hand runs out you pick up your knee"
        return (
            f"{how}: {count(rules.knee_size, 'more card')} in your hand, and the foot after it. "
            f"Going out needs {count(books_count(rules), 'book')}: {books_needed(rules)}."
        )
    if kind == "discard":
        return "A turn ends with one card from your hand onto the pile; keep the cards that match your melds."
    if kind == "foot":
        nxt = game.next_set(seat) or "foot"
        size = rules.knee_size if nxt == "knee" else rules.foot_size
        return f"When your hand runs out you pick up your {nxt}, {count(size, 'more card')}, and play on."
    if kind == "ask":
        return (
            "Before going out you ask your partner; a yes lets you go out this turn, a no means not this turn, "
            f"and your side needs {books_needed(rules)}."
        )
    if kind == "go_out":
        return (
            f"With {books_needed(rules)} your side may go out: play your last cards to end the round "
            f"and earn {rules.going_out_bonus:,} points."
        )
    if kind == "answer":
        return (
            "Your partner may go out only with your yes; say yes when your side has the books it needs, "
            f"{books_needed(rules)}, and few cards in your own hand."
        )
    return "The rules end this turn without a discard."


def instruction(game: Game, seat: int, action: Action, kind: Kind) -> str:
    """What to do now for ``action``, naming the button and the cards (as the table's taps make it)."""
    rook = game.rules.deck == "rook"
    match action:
        case Draw():
            return "Tap Draw."
        case PickUp(melds=plays):
            if plays:
                each = "; ".join(cards_text(p.cards) for p in plays)
                return f"For each meld, select its cards and tap New meld: {each}. Then Pick up pile."
            return "Tap Pick up pile."
        case AskGoOut():
            return "Tap May I go out?"
        case Answer(yes=yes):
            return "Tap Yes, go out." if yes else "Tap No, not yet."
        case EndTurn():
            return "Tap End turn."
        case Discard(card=card):
            return f"Select the {C.label(card)} and tap Discard."
        case Meld(plays=plays):
            shown = cards_text([c for p in plays for c in p.cards])
            if kind in ("first_meld", "pair"):
                if len(plays) == 1:
                    return f"Select {shown}, tap New meld, then Lay down melds."
                each = "; ".join(cards_text(p.cards) for p in plays)
                return f"For each meld, select its cards and tap New meld: {each}. Then Lay down melds."
            play = plays[0]
            melds = game.teams[game.team_of(seat)].melds
            if play.meld is not None and play.meld < len(melds):
                name = C.rank_name(melds[play.meld].rank, rook, plural=True)
                return f"Select {cards_text(play.cards)}, then tap your side's {name} on the table."
            return f"Select {cards_text(play.cards)} and tap New meld."
    return "Play the move the lesson shows."


def refusal(text: str) -> str:
    """The gentle sentence for a tap that isn't this step: nothing changed, and what to do instead."""
    return f"Not that one yet; nothing has changed. {text}"
