"""Moves in words: the game's public log turned into short sentences for the table."""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine import cards as C
from engine.actions import Action, Answer, AskGoOut, Discard, Draw, EndTurn, Meld, NextRound, PickUp
from engine.events import (
    Answered,
    Asked,
    Discarded,
    Drew,
    EndedTurn,
    Event,
    Melded,
    PickedUpSet,
    RedThree,
    StockOut,
    TookPile,
    Upcard,
    WentOut,
)
from engine.state import Game, seat_names

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven")
_YOU = (
    (re.compile(r"\bI'm\b"), "you're"),
    (re.compile(r"\bI've\b"), "you've"),
    (re.compile(r"\bI\b"), "you"),
    (re.compile(r"\bme\b"), "you"),
    (re.compile(r"\bmy\b"), "your"),
    (re.compile(r"\bmine\b"), "yours"),
    (re.compile(r"\bwe're\b"), "your side is"),
    (re.compile(r"\bwe\b"), "your side"),
    (re.compile(r"\bWe\b"), "Your side"),
    (re.compile(r"\bour\b"), "your side's"),
    (re.compile(r"\bOur\b"), "Your side's"),
    (re.compile(r"\bus\b"), "your side"),
)


def count(n: int, what: str) -> str:
    """'two cards', 'one card', '12 cards'."""
    word = NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)
    return f"{word} {what}{'' if n == 1 else 's'}"


def who(seat: int, human: int, players: int = 4) -> str:
    """'You' for the human, else the seat's compass name."""
    return "You" if seat == human else seat_names(players)[seat]


def labels(cards: Sequence[int]) -> str:
    """Cards as their short faces: 'Q♥ Q♠ 2♣'."""
    return " ".join(C.label(c) for c in cards)


def rank_words(game: Game, rank: int) -> str:
    return C.rank_name(rank, game.rules.deck == "rook", plural=True)


def describe_entry(game: Game, entry: Event, human: int) -> str | None:
    """One public log entry as a sentence, or None for entries not worth a line."""
    if entry.seat is None:
        match entry:
            case Upcard(card=card):
                return f"The pile starts with the {C.name(card)}."
        return None
    seat = entry.seat
    name = who(seat, human, game.n)
    team = game.teams[game.team_of(seat)]
    match entry:
        case StockOut():
            return "The stock has run out: the round ends with nobody going out."
        case Drew(count=n):
            return f"{name} drew {count(n, 'card')}."
        case TookPile(top=top, taken=taken):
            return f"{name} took the discard pile with the {C.name(top)} (and {count(len(taken), 'card')} under it)."
        case Melded(meld=None, rank=rank, cards=cards):
            return f"{name} started a meld of {rank_words(game, rank or 0)}: {labels(cards)}."
        case Melded(meld=int(index), cards=cards):
            if index < len(team.melds):
                return f"{name} added {labels(cards)} to the {rank_words(game, team.melds[index].rank)}."
            return f"{name} added {labels(cards)} to a meld."
        case Discarded(card=card):
            return f"{name} discarded the {C.name(card)}."
        case RedThree(card=card):
            return f"{name} laid out a red 3 ({C.label(card)})."
        case PickedUpSet(which=which):
            return f"{name} picked up {'your' if seat == human else 'their'} {which}."
        case Asked():
            return f"{name} asked: “May I go out?”"
        case Answered(yes=yes):
            return f"{name} answered {'yes' if yes else 'no'}."
        case EndedTurn():
            return f"{name} ended the turn."
        case WentOut():
            return f"{name} went out!"
    return None


def describe_action(game: Game, action: Action, seat: int, human: int) -> str:
    """A suggested action in words (for Hint), read before it is applied."""
    rules = game.rules
    match action:
        case Draw():
            return f"Draw {count(rules.draw, 'card')}."
        case PickUp(melds=melds):
            extra = " and lay down " + "; ".join(labels(p.cards) for p in melds) if melds else ""
            return f"Pick up the discard pile{extra}."
        case Meld(plays=plays):
            parts = []
            team = game.teams[game.team_of(seat)]
            for play in plays:
                if play.meld is not None and play.meld < len(team.melds):
                    parts.append(f"add {labels(play.cards)} to the {rank_words(game, team.melds[play.meld].rank)}")
                else:
                    parts.append(f"meld {labels(play.cards)}")
            text = "; ".join(parts)
            return text[0].upper() + text[1:] + "."
        case Discard(card=card):
            return f"Discard the {C.name(card)}."
        case AskGoOut():
            return "Ask your partner “May I go out?”."
        case Answer(yes=yes):
            return "Answer yes." if yes else "Answer no."
        case EndTurn():
            return "End your turn."
        case NextRound():
            return "Deal the next round."
    return "Play on."


def short_entry(game: Game, entry: Event) -> str | None:
    """A log entry in a few words for the seat that made it ('drew 2', 'discarded 9♣'), or None."""
    match entry:
        case Drew(count=n):
            return f"drew {n}"
        case TookPile(taken=taken):
            return f"took pile ({len(taken) + 1})"
        case Melded(cards=cards):
            # A seat's box has room for a few words: the melds themselves are highlighted on the table.
            return f"melded {len(cards)}"
        case Discarded(card=card):
            return f"discarded {C.label(card)}"
        case RedThree(card=card):
            return f"red 3 {C.label(card)}"
        case PickedUpSet(which=which):
            return f"took the {which}"
        case Asked():
            return "asked to go out"
        case Answered(yes=yes):
            return "said yes" if yes else "said no"
        case EndedTurn():
            return "ended the turn"
        case WentOut():
            return "went out!"
    return None


_OPENED = re.compile(r"Opened with (\d+) points \(the minimum is (\d+)\)")
_FINISHING = re.compile(r", finishing (\w+) books?\b")
_TO_REACH = re.compile(r", to reach my (\w+)")
_TO_OPEN = re.compile(r"; to open, (.*)$")
_HELD = re.compile(r"^(\w+ (?:natural )?[\w ]+?) in hand\b")


def advice(reason: str) -> str:
    """A computer player's reason for its own move, as advice to the player about to make it.

    Its reasons read "<what it did>: <why>" in the first person ("Drew two cards from the stock:
    I don't hold two natural aces."); advice keeps the why, spoken to the player ("you don't hold
    two natural aces"), since the hint already says what to do in the present tense.  A meld's
    reason names its plays, which the hint lists card by card: advice keeps only what the melds
    are for ("that finishes one book and gets you to your foot"; an opening's points).
    """
    head, sep, why = reason.partition(": ")
    if not sep:
        return ""
    why = why.strip().rstrip(".")
    opened = _OPENED.fullmatch(head)
    if opened:
        return f"{opened[1]} points, enough to open (the minimum is {opened[2]})"
    if head.startswith("Melded"):
        return _meld_purpose(why)
    why = _HELD.sub(r"you hold \1", why)  # a pickup's pair: "two natural 4s in hand"
    to_open = _TO_OPEN.search(why)
    if to_open:  # the melds laid with a pickup: the hint lists them, so say only that they open
        why = why[: to_open.start()] + "; with those melds the pickup opens for us"
    for pattern, words in _YOU:
        why = pattern.sub(words, why)
    return why


def _meld_purpose(why: str) -> str:
    """What a meld reason's plays are for, as advice ('' when they only build toward books)."""
    does = []
    finishing = _FINISHING.search(why)
    if finishing:
        n = finishing[1]
        does.append("finishes a book" if n == "one" else f"finishes {n} books")
    reach = _TO_REACH.search(why)
    if reach:
        does.append(f"gets you to your {reach[1]}")
    text = "that " + " and ".join(does) if does else ""
    if "because the round may end soon" in why:
        text += (", and " if text else "") + "the round may end soon, when cards left in hand cost points"
    return text
