"""The computer players' reasons as data: what was done (``Reason.kind``), why (``Clause``s), and
the facts each needs, so no one has to read the English back. The reasons why (``Clause``), their
voices and the words of ranks and cards are in ``engine.bots.clauses``.

``Reason.text()`` is the full sentence a computer player gives ("Discarded the 9 of clubs: a pair
of 9s is the easiest to break up."); ``Reason.public_text()`` is the same reasoning told without
what only that seat can see: no card, count of a rank or points of its hand, foot or knee (melds,
the pile and discards are on the table, so they may be named).  While a round is live the table
shows the public text for every computer seat; the full text once the round is over.

``Reason.advice()`` is the why of a Hint, spoken to the player ("you don't hold two natural aces").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .. import cards as C
from ..cards import Card
from ..wording import count, join, number
from .clauses import (
    CLOSE_TO_OUT,
    FIRST,
    HAND_CLAUSES,
    KEEP_SECRETS,
    SECOND,
    Clause,
    ClauseKind,
    Voice,
    a_rank,
    card_words,
    near_out,
    plural,
    ranks,
    sentence,
    take_words,
)

__all__ = [
    "CLOSE_TO_OUT", "FIRST", "HAND_CLAUSES", "KEEP_SECRETS", "SECOND", "Clause", "ClauseKind", "Kind", "Laid",
    "OutMode", "PileTake", "Reason", "Voice", "a_rank", "card_words", "laid_text", "near_out", "plural", "ranks",
    "sentence", "take_words",
]

Kind = Literal[
    "next_round", "random", "safe", "draw", "pickup", "end_turn", "opened", "melded", "ask_out",
    "went_out", "answer", "discard",
]
"""What was done: every reason a computer player gives is one of these."""

OutMode = Literal["meld_all", "meld_discard", "discard"]


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
                    rest = ", and ".join(c.public_text() for c in self.why if c.kind not in HAND_CLAUSES)
                    return sentence(f"Drew {what} from the stock rather than take the pile"
                                    + (f": {rest}" if rest else ""))
                return sentence(f"Drew {what} from the stock: {why}")
            case "pickup":
                assert self.pile is not None
                head = "Took the pile" if self.pile.taken else "Took the top card of the pile"
                text = sentence(f"{head}: {self.pile.text(self.rook, public=public)}")
                if self.plays:
                    text = f"{text[:-1]}; to open, {self._laid()}."
                if self.why:  # only an Expert's pickup says what it compared
                    text = f"{text[:-1]}; {why}."
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
