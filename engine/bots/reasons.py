"""The computer players' reasons as data: what was done (``Reason.kind``), why (``Clause``s), and
the facts each needs, so no one has to read the English back.

``Reason.text()`` is the full sentence a computer player gives ("Discarded the 9 of clubs: a pair
of 9s is the easiest to break up."); ``Reason.public_text()`` is the same reasoning told without
what only that seat can see: no card, count of a rank or points of its hand, foot or knee (melds,
the pile and discards are on the table, so they may be named).  While a round is live the table
shows the public text for every computer seat; the full text once the round is over.

``Reason.advice()`` is the why of a Hint, spoken to the player ("you don't hold two natural aces").
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from .. import cards as C
from ..cards import Card
from ..wording import count, join, number

Kind = Literal[
    "next_round", "random", "safe", "draw", "pickup", "end_turn", "opened", "melded", "ask_out",
    "went_out", "answer", "discard",
]
"""What was done: every reason a computer player gives is one of these."""

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
]
"""Why, in one clause: the closed set of clauses reasons are made of."""

HAND_CLAUSES = frozenset({"no_pair", "must_meld_first", "pile_meld_full", "below_opening", "cant_take", "not_worth"})
"""Reasons not to take the pile that tell what the hand holds (a draw's public text leaves them out)."""
KEEP_SECRETS = frozenset({"lone", "pair", "spare", "lone_few"})
"""A discard's reasons that tell how many of its rank the hand holds."""

CLOSE_TO_OUT = "close to going out"
"""The words of the going-out reason that says an opponent may go out soon (a "close_to_out" clause)."""

OutMode = Literal["meld_all", "meld_discard", "discard"]


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
                return f"the books are made and going out now gains about {self.points} points"
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
        return ""

    def public(self) -> Clause:
        """The clause as the table may hear it: points of a hand left out, a count of a rank never told."""
        match self.kind:
            case "out_gains" | "out_costs" | "side_loses" | "fresh_foot" | "not_in_foot" | "still_hold":
                return replace(self, points=None)
            case "lone" | "pair" | "spare" | "lone_few":
                return Clause("least_needed")
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


@dataclass(frozen=True)
class Laid:
    """One meld play: a new meld of ``rank`` (0: a wild meld), or cards added to the team's meld of ``rank``;
    ``book`` when the play finishes a book (so a reason for several plays can say which one does)."""

    rank: int
    natural: int
    wild: int
    new: bool
    book: bool = False


def laid_text(rook: bool, laid: tuple[Laid, ...]) -> str:
    """'started kings with three cards and 9s with four; added two 7s and one wild card to our queens'."""
    started: list[str] = []
    added: list[str] = []
    for p in laid:
        size = p.natural + p.wild
        if p.new:
            what = "a wild meld" if p.rank == C.WILD_RANK else plural(rook, p.rank)
            started.append(f"{what} with {count(size, 'card') if not started else number(size)}")
            continue
        wilds = count(p.wild, "wild card")
        if p.rank == C.WILD_RANK:
            added.append(f"{wilds} to our wild meld")
        elif not p.wild:
            added.append(ranks(rook, p.rank, p.natural))
        elif not p.natural:
            added.append(f"{wilds} to our {plural(rook, p.rank)}")
        else:
            added.append(f"{ranks(rook, p.rank, p.natural)} and {wilds} to our {plural(rook, p.rank)}")
    parts = []
    if started:
        parts.append("started " + join(started))
    if added:
        parts.append("added " + join(added))
    return "; ".join(parts)


@dataclass(frozen=True)
class PileTake:
    """A pickup's facts: the top's rank (taken with two natural cards of it, or two wild cards), how
    many cards came with it (all of the pile or not), and what they were for the taker."""

    rank: int
    natural: bool
    taken: int
    whole: bool
    wilds: int = 0
    useful: int = 0
    junk: int = 0

    def text(self, rook: bool, v: Voice = FIRST, public: bool = False) -> str:
        """'two natural 9s in hand, and the nine cards under it hold two wild cards and one black 3'."""
        held = f"{ranks(rook, self.rank, 2, natural=self.natural)} in hand"
        if v is SECOND:
            held = f"you hold {held.removesuffix(' in hand')}"
        if not self.taken:
            return held
        parts = []
        if self.wilds:
            parts.append(ranks(rook, C.WILD_RANK, self.wilds))
        if self.useful and not public:
            parts.append(f"{count(self.useful, 'card')} for {v.our} melds")
        if self.junk:
            parts.append(count(self.junk, "black 3"))
        under = count(self.taken, "card")
        where = "under it" if self.whole else "taken with it"
        if public and not parts:
            return f"{held}, for the {under} {where}"
        gain = join(parts) if parts else f"nothing for {v.our} melds yet"
        verb = "holds" if self.taken == 1 else "hold"
        return f"{held}, and the {under} {where} {verb} {gain}"


@dataclass(frozen=True)
class Reason:
    """Why a computer player made its move: ``kind`` says what it did, the other fields the facts.

    ``why`` is what the move is for (a discard's reasons are joined with ', and'); ``plays`` the melds
    laid (an opening, a meld, going out, or a pickup's opening melds); ``card`` a discard; ``count``
    the cards drawn; ``points``/``minimum`` an opening's; ``books`` the books a meld finishes;
    ``note`` what a meld is for beyond the books ('round_ending', 'reach' with ``target`` the foot or
    knee, or 'toward_books'); ``action`` a random move in text; ``yes`` an answer.
    """

    kind: Kind
    why: tuple[Clause, ...] = ()
    rook: bool = False
    card: Card | None = None
    count: int = 0
    plays: tuple[Laid, ...] = ()
    pile: PileTake | None = None
    points: int = 0
    minimum: int = 0
    books: int = 0
    wilds: int = 0
    note: Literal["", "round_ending", "reach", "toward_books"] = ""
    target: str = ""
    action: str = ""
    out: OutMode = "discard"
    yes: bool = False

    def __str__(self) -> str:
        return self.text()

    def text(self) -> str:
        """The full reason, as the player who made the move would tell it."""
        return self._render(public=False)

    def public_text(self) -> str:
        """The reason without a card, count of a rank or points that only this seat can see."""
        return self._render(public=True)

    def _why(self, public: bool, v: Voice = FIRST) -> str:
        return ", and ".join(c.public_text(v) if public else c.text(v) for c in self.why)

    def _laid(self) -> str:
        return laid_text(self.rook, self.plays)

    def _render(self, public: bool) -> str:
        why = self._why(public)
        match self.kind:
            case "next_round":
                return "On to the next round."
            case "random":
                return f"Picked a legal move at random ({self.action})."
            case "safe":
                return "Played it safe."
            case "end_turn":
                return "Took the pile, which ends the turn without a discard."
            case "draw":
                what = "a card" if self.count == 1 else f"{number(self.count)} cards"
                if public and any(c.kind in HAND_CLAUSES for c in self.why):
                    return sentence(f"Drew {what} from the stock rather than take the pile")
                return sentence(f"Drew {what} from the stock: {why}")
            case "pickup":
                assert self.pile is not None
                head = "Took the pile" if self.pile.taken else "Took the top card of the pile"
                text = sentence(f"{head}: {self.pile.text(self.rook, public=public)}")
                if self.plays:
                    text = f"{text[:-1]}; to open, {self._laid()}."
                return text
            case "opened":
                return sentence(f"Opened with {self.points} points (the minimum is {self.minimum}): "
                                f"{self._laid()}" + (f", spending {count(self.wilds, 'wild card')}"
                                                    if self.wilds else ""))
            case "melded":
                return sentence(self._meld_text())
            case "ask_out":
                return sentence(f"Asked to go out: {why}")
            case "went_out":
                if self.out == "meld_all":
                    return sentence(f"Went out by melding every card ({self._laid()}): {why}")
                if self.out == "meld_discard":
                    return sentence(f"Melded all but one card to go out with a discard ({self._laid()}): {why}")
                assert self.card is not None
                return sentence(f"Went out by discarding {card_words(self.card)}: {why}")
            case "answer":
                return sentence(f"Said {'yes' if self.yes else 'no'}: {why}")
            case "discard":
                assert self.card is not None
                return sentence(f"Discarded {card_words(self.card)}: {why}")
        return "No particular reason."

    def _finished(self) -> str:
        """'the book of 9s': the books finished, named where the meld has several plays (one play
        names itself), else ''."""
        named = [p.rank for p in self.plays if p.book]
        if len(self.plays) < 2 or not named:
            return ""
        kinds = join([plural(self.rook, r) for r in named])
        return f"the {'book' if len(named) == 1 else 'books'} of {kinds}"

    def _meld_text(self) -> str:
        text = "Melded: " + self._laid()
        if self.books:
            text += f", finishing {self._finished() or count(self.books, 'book')}"
        if self.note == "round_ending":
            text += ", because the round may end soon and cards held would cost points"
        elif self.note == "reach":
            text += f", to reach my {self.target}"
        elif self.note == "toward_books":
            text += ", working toward the books we need"
        if self.wilds:
            text += f" (spending {count(self.wilds, 'wild card')})"
        return text

    def advice(self) -> str:
        """The why of this move as advice to the player about to make it, spoken to them.

        The hint already says what to do in the present tense, so advice keeps only the why ("you
        don't hold two natural aces"); for melds, only what they are for ("that finishes one book and
        gets you to your foot"; an opening's points), since the hint lists their cards.
        """
        match self.kind:
            case "next_round" | "random" | "safe" | "end_turn":
                return ""
            case "opened":
                return f"{self.points} points, enough to open (the minimum is {self.minimum})"
            case "melded":
                return self._meld_purpose()
            case "went_out" if self.out == "meld_discard":
                return ""
            case "pickup":
                assert self.pile is not None
                text = self.pile.text(self.rook, SECOND)
                if self.plays:
                    text += "; with those melds the pickup opens for your side"
                return text
        return self._why(False, SECOND)

    def _meld_purpose(self) -> str:
        does = []
        if self.books:
            does.append("finishes " + (self._finished() or ("a book" if self.books == 1
                                                            else f"{number(self.books)} books")))
        if self.note == "reach":
            does.append(f"gets you to your {self.target}")
        text = "that " + join(does) if does else ""
        if self.note == "round_ending":
            text += (", and " if text else "") + "the round may end soon, when cards left in hand cost points"
        return text
