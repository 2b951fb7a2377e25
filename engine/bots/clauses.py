"""Why a computer player did something, as data: ``Clause`` (one reason why, with its facts), the
voices it is told in (the player's own, or a hint's "you") and the words of ranks and cards.

``engine.bots.reasons`` builds whole reasons (``Reason``) from these and re-exports them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from .. import cards as C
from ..cards import Card
from ..wording import count, number

ClauseKind = Literal[
    # why not the pile (a draw)
    "no_pickup_rule", "pile_empty", "pile_blocked", "wild_top", "no_pair", "must_meld_first",
    "pile_meld_full", "below_opening", "cant_take", "not_worth",
    # going out, asking and answering
    "close_to_out", "stock_low", "out_gains", "out_costs", "side_loses", "books_made",
    "partner_agreed", "finish_round", "fresh_foot", "not_in_foot", "still_hold",
    # a discard: why this card, and how safe it is
    "wild", "black_three", "lone", "pair", "spare", "lone_few", "misfit", "least_needed",
    "opp_full", "threw_away", "take_chance",
    # Expert: what its playouts compared
    "playouts",
]
"""Why, in one clause: the closed set of clauses reasons are made of."""

SearchOption = Literal["", "take", "draw", "yes", "no", "ask", "wait", "discard"]
"""The moves an Expert's playouts compare (a 'playouts' clause)."""

HAND_CLAUSES = frozenset({"no_pair", "must_meld_first", "pile_meld_full", "below_opening", "cant_take", "not_worth"})
"""Reasons not to take the pile that tell what the hand holds (a draw's public text leaves them out)."""
KEEP_SECRETS = frozenset({"lone", "pair", "spare", "lone_few"})
"""A discard's reasons that tell how many of its rank the hand holds."""

CLOSE_TO_OUT = "close to going out"
"""The words of the going-out reason that says an opponent may go out soon (a "close_to_out" clause)."""


@dataclass(frozen=True)
class Voice:
    """Pronouns: the computer player's own ('I', 'our') or the player a hint speaks to ('you')."""

    i: str
    me: str
    my: str
    we: str
    our: str
    us: str
    our_side: str
    im: str


FIRST = Voice("I", "me", "my", "we", "our", "us", "our side", "I'm")
SECOND = Voice("you", "you", "your", "your side", "your side's", "your side", "your side", "you're")


def plural(rook: bool, r: int) -> str:
    """A rank as a plural noun: 'jacks', '7s', 'wild cards'."""
    return C.rank_name(r, rook, plural=True)


def ranks(rook: bool, r: int, n: int = 2, natural: bool = False) -> str:
    """A count of a rank in words: 'two natural jacks', 'one 9', 'three wild cards'."""
    word = C.rank_name(r, rook, plural=n != 1)
    return f"{number(n)} {'natural ' if natural and r != C.WILD_RANK else ''}{word}"


def a_rank(rook: bool, r: int) -> str:
    """One card of a rank with its article: 'an 8', 'a jack', 'an ace'."""
    word = C.rank_name(r, rook)
    return ("an " if word[0] in "aeiou8" or word in ("11", "18") else "a ") + word


def card_words(c: Card) -> str:
    """A card with its article: 'the queen of hearts', 'a joker'."""
    return "a joker" if c == C.JOKER else ("the Rook" if c == C.ROOK_BIRD else f"the {C.name(c)}")


def sentence(text: str) -> str:
    """Capitalize and end with a full stop."""
    text = text.strip()
    if not text:
        return "No particular reason."
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def take_words(name: str, chance: float) -> str:
    """How likely ``name`` takes the pile after this discard, in words that fit the chance."""
    if chance < 0.05:
        return f"{name} will almost surely not take the pile"
    if chance < 0.25:
        return f"{name} would take the pile only about {chance:.0%} of the time"
    if chance < 0.5:
        return f"{name} would take the pile about {chance:.0%} of the time"
    if chance < 0.995:
        return (f"{name} may well take the pile (about {chance:.0%} of the time), "
                "but every other card would cost more to give up")
    return f"{name} can take the pile, but every other card would cost more to give up"


@dataclass(frozen=True)
class Clause:
    """One reason why, with its facts (which fields a kind uses is listed in ``text``)."""

    kind: ClauseKind
    rank: int = 0
    n: int = 0
    points: int | None = None
    name: str = ""
    """A seat's name ('West'), or the side's ('the other team')."""
    chance: float = 0.0
    rook: bool = False
    holder: str = ""
    """The seat whose hand a 'close_to_out' clause counts ('West')."""
    option: SearchOption = ""
    """A 'playouts' clause: the move chosen (``n`` of the ``total`` playouts won by it)."""
    alt: SearchOption = ""
    """A 'playouts' clause: the move it was compared with (``other`` playouts won by that)."""
    total: int = 0
    other: int = 0
    card: Card | None = None
    """A 'playouts' clause between discards: the other discard (a card only this seat holds)."""

    def text(self, v: Voice = FIRST) -> str:
        """The clause in full, in the voice ``v``."""
        rook, r, n = self.rook, self.rank, self.n
        match self.kind:
            case "no_pickup_rule":
                return "these rules never let anyone take the pile"
            case "pile_empty":
                return "the pile is empty"
            case "pile_blocked":
                return "a black 3 on top blocks the pile"
            case "wild_top":
                return "a wild card on top can't be taken"
            case "no_pair":
                return f"{v.i} don't hold two natural {plural(rook, r)}"
            case "must_meld_first":
                return f"{v.our} team must meld before taking the pile"
            case "pile_meld_full":
                return f"{v.our} {plural(rook, r)} are too full to take the top card and a pair"
            case "below_opening":
                return f"taking the pile wouldn't reach {v.our} {self.points}-point opening"
            case "cant_take":
                return "the pile can't be taken this turn"
            case "not_worth":
                return f"the pile's {count(n, 'card')} {'is' if n == 1 else 'are'}n't worth more than a draw"
            case "close_to_out":
                books = "every book needed" if r == 0 else "one book short"
                return f"{self.name} is {CLOSE_TO_OUT}, with {books} and {count(n, 'card')} in {self.holder}'s hand"
            case "stock_low":
                return "the stock is nearly gone"
            case "out_gains":
                # Cards not picked up yet (a foot, a knee) are counted at an average card's worth: said, since
                # they can cost far more (a red 3 left in a foot), and a player reads a figure as a promise.
                unseen = ""
                if n:
                    unseen = f", counting the {count(n, 'card')} {v.our_side} hasn't picked up yet as average ones"
                return f"the books are made and going out now gains about {self.points} points{unseen}"
            case "out_costs":
                cost = f"costs about {self.points} points in cards" if self.points else "about breaks even"
                return f"the books are made; going out now {cost}, and waiting has cost more on average"
            case "side_loses":
                return f"{v.our_side} would still lose about {self.points} points in cards held"
            case "books_made":
                return "the books are made"
            case "partner_agreed":
                return f"{v.my} partner agreed"
            case "finish_round":
                return "let's finish the round"
            case "fresh_foot":
                return (f"{v.i} haven't played from {v.my} foot yet, and the {count(n, 'card')} {v.i} hold "
                        f"would cost about {self.points} points; waiting a turn to meld them has paid on average")
            case "not_in_foot":
                return f"{v.i} haven't reached {v.my} foot yet, and {v.my} cards would cost about {self.points} points"
            case "still_hold":
                worth = f" worth about {self.points} points" if self.points is not None else ""
                return f"{v.i} still hold {count(n, 'card')}{worth}"
            case "wild":
                return "a wild card"
            case "black_three":
                return f"a black 3 is no use to {v.us} and blocks the pile"
            case "lone":
                return "a lone card"
            case "pair":
                return f"a pair of {plural(rook, r)} is the easiest to break up"
            case "spare":
                return f"one of {ranks(rook, r, n)} {v.i} can spare"
            case "lone_few":
                unseen = f"only {ranks(rook, r, n)}" if n else f"no {plural(rook, r)}"
                return f"a lone card with {unseen} still out of sight"
            case "misfit":
                return "it didn't fit anywhere yet"
            case "least_needed":
                return f"it is the card {v.we} need{'s' if v is SECOND else ''} least"
            case "opp_full":
                return f"the other team's {plural(rook, r)} are too full to take the pile"
            case "threw_away":
                return f"{self.name} threw {a_rank(rook, r)} away, so holds no pair"
            case "take_chance":
                return take_words(self.name, self.chance)
            case "playouts":
                return playout_words(self, v)
        return ""

    def public(self) -> Clause:
        """The clause as the table may hear it: points of a hand left out, a count of a rank never told."""
        match self.kind:
            case "out_gains" | "out_costs" | "side_loses" | "fresh_foot" | "not_in_foot" | "still_hold":
                return replace(self, points=None)
            case "lone" | "pair" | "spare" | "lone_few":
                return Clause("least_needed")
            case "playouts" if self.card is not None:
                return replace(self, card=None)
        return self

    def public_text(self, v: Voice = FIRST) -> str:
        """The clause without what only its seat can see."""
        c = self.public()
        if c.points is not None or c.kind not in ("out_gains", "out_costs", "side_loses", "fresh_foot",
                                                  "not_in_foot"):
            return c.text(v)
        match c.kind:
            case "out_gains":
                return "the books are made and going out now gains more than it costs"
            case "out_costs":
                return "the books are made, and waiting has cost more on average"
            case "side_loses":
                return f"{v.our_side} would still lose more in cards held than going out gains"
            case "fresh_foot":
                return (f"{v.i} haven't played from {v.my} foot yet, and the {count(c.n, 'card')} {v.i} hold "
                        "would cost points; waiting a turn to meld them has paid on average")
        return f"{v.i} haven't reached {v.my} foot yet, and {v.my} cards would cost points"


def near_out(side: str, seat: str, short: int, cards: int) -> Clause:
    """'the other team is close to going out, with one book short and two cards in West's hand'."""
    return Clause("close_to_out", rank=short, n=cards, name=side, holder=seat)


SEARCH_WORDS: dict[SearchOption, str] = {
    "": "", "take": "taking the pile", "draw": "drawing", "yes": "going out now", "no": "waiting",
    "ask": "asking now", "wait": "waiting", "discard": "it",
}


def playout_words(c: Clause, v: Voice = FIRST) -> str:
    """'taking the pile won 14 of 20 playouts, drawing 6' (a 'playouts' clause in words).

    Expert keeps Hard's choice unless another wins clearly on average, so a choice that won fewer
    playouts than its rival says the difference was too small to change the plan."""
    total = count(c.total, "playout")
    alt = (f"discarding {card_words(c.card)}" if c.card is not None else "the next-best discard"
           ) if c.alt == "discard" else SEARCH_WORDS[c.alt]
    if c.n == 0 and c.other == 0:
        if c.option == "discard":  # "it" is the card the reason's head names: "and it came out even with ..."
            return f"it came out even with {alt} in all {total}"
        return f"{SEARCH_WORDS[c.option]} and {alt} came out even in all {total}"
    won = f"{SEARCH_WORDS[c.option]} won {_few(c.n)} of {total}"
    if c.n == c.other:  # a tie is not a win: chosen on the points the playouts averaged
        return f"{won}, as many as {alt}"
    text = f"{won} against {alt}, which won {_few(c.other)}" if c.alt == "discard" else f"{won}, {alt} {_few(c.other)}"
    if c.other > c.n:
        text += f", too close on points to change {v.my} plan"
    return text


def _few(n: int) -> str:
    return "none" if n == 0 else number(n)
