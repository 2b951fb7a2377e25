"""The closed set of actions, each with a stable text form for logs and saves.

Text forms (cards in ``cards.code`` form, melds by their index on the table):

* ``draw`` - draw from the stock.
* ``pickup`` / ``pickup | 9:9S,9H,9D ...`` - take the discard pile, optionally
  laying melds from the hand in the same action (needed before the first meld);
  a new meld of the top card's rank there joins the top card and the pair.
* ``meld 9:9S,9H,9D | @2:KH`` - lay several melds in one action: ``R:cards``
  starts a meld of rank R (``W`` for wild cards only), ``@i:cards`` adds to the
  team's meld number ``i``.
* ``discard QH`` - discard one card, ending the turn.
* ``ask`` - ask the partner "may I go out?"; ``answer yes`` / ``answer no``.
* ``end`` - end the turn without a discard (after a pickup where the rules say so).
* ``next`` - deal the next round.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import cards as C
from .cards import Card
from .errors import RuleViolation


@dataclass(frozen=True)
class MeldPlay:
    """Cards going onto one meld: an existing one (``meld`` index) or a new one of ``rank``."""

    cards: tuple[Card, ...]
    meld: int | None = None
    rank: int | None = None

    def text(self) -> str:
        """Stable text form, e.g. ``9:9S,9H,9D`` or ``@2:KH``."""
        head = f"@{self.meld}" if self.meld is not None else _rank_text(self.rank)
        return head + ":" + ",".join(C.code(c) for c in self.cards)


@dataclass(frozen=True)
class Draw:
    """Draw from the stock."""


@dataclass(frozen=True)
class PickUp:
    """Take the discard pile (the top card and the pair are found automatically)."""

    melds: tuple[MeldPlay, ...] = ()


@dataclass(frozen=True)
class Meld:
    """Lay down one or more melds in one go."""

    plays: tuple[MeldPlay, ...]


@dataclass(frozen=True)
class Discard:
    """Discard a card and end the turn."""

    card: Card


@dataclass(frozen=True)
class AskGoOut:
    """Ask the partner for permission to go out."""


@dataclass(frozen=True)
class Answer:
    """The partner's binding answer to "may I go out?"."""

    yes: bool


@dataclass(frozen=True)
class EndTurn:
    """End the turn without discarding (only after a pickup that forbids a discard)."""


@dataclass(frozen=True)
class NextRound:
    """Deal the next round after the scores are shown."""


Action = Draw | PickUp | Meld | Discard | AskGoOut | Answer | EndTurn | NextRound


def empty_play_problem(action: object) -> RuleViolation | None:
    """Why a pickup or meld carrying a play with no cards is refused (nothing is laid), else None."""
    plays = action.melds if isinstance(action, PickUp) else action.plays if isinstance(action, Meld) else ()
    if isinstance(plays, tuple) and any(isinstance(p, MeldPlay) and p.cards == () for p in plays):
        return RuleViolation("empty_meld", "Each meld needs at least one card.")
    return None


def _rank_text(r: int | None) -> str:
    if r is None:
        raise ValueError("a new meld needs a rank")
    return "W" if r == C.WILD_RANK else str(r)


def to_text(action: Action) -> str:
    """The stable text form of an action."""
    match action:
        case Draw():
            return "draw"
        case PickUp(melds=melds):
            return "pickup" + "".join(" | " + m.text() for m in melds)
        case Meld(plays=plays):
            return "meld " + " | ".join(p.text() for p in plays)
        case Discard(card=card):
            return "discard " + C.code(card)
        case AskGoOut():
            return "ask"
        case Answer(yes=yes):
            return "answer yes" if yes else "answer no"
        case EndTurn():
            return "end"
        case NextRound():
            return "next"
    raise ValueError(f"not an action: {action!r}")


def _parse_play(text: str) -> MeldPlay:
    head, sep, body = text.strip().partition(":")
    if not sep or not body:
        raise ValueError(f"not a meld: {text!r}")
    cards = tuple(C.parse(t) for t in body.split(","))
    if head.startswith("@"):
        if not head[1:].isdigit() or len(head) > 5:
            raise ValueError(f"not a meld number: {head!r}")
        return MeldPlay(cards, meld=int(head[1:]))
    if head.upper() == "W":
        return MeldPlay(cards, rank=C.WILD_RANK)
    if not head.isdigit() or not 1 <= int(head) <= 14:
        raise ValueError(f"not a rank: {head!r}")
    return MeldPlay(cards, rank=int(head))


def from_text(text: str) -> Action:
    """Parse the stable text form; raises ValueError on anything else."""
    if not isinstance(text, str) or len(text) > 2000 or not text.isascii():
        raise ValueError("an action is a short text")
    word, _, rest = text.strip().partition(" ")
    rest = rest.strip()
    if word == "draw" and not rest:
        return Draw()
    if word == "pickup":
        parts = [p for p in rest.split("|") if p.strip()]
        return PickUp(tuple(_parse_play(p) for p in parts))
    if word == "meld" and rest:
        return Meld(tuple(_parse_play(p) for p in rest.split("|")))
    if word == "discard" and rest:
        return Discard(C.parse(rest))
    if word == "ask" and not rest:
        return AskGoOut()
    if word == "answer" and rest in ("yes", "no"):
        return Answer(rest == "yes")
    if word == "end" and not rest:
        return EndTurn()
    if word == "next" and not rest:
        return NextRound()
    raise ValueError(f"not an action: {text!r}")
