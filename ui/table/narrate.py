"""Moves in words: the game's public log turned into short sentences for the table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine import cards as C
from engine import wording
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

if TYPE_CHECKING:
    from engine.bots.reasons import Reason



def count(n: int, what: str) -> str:
    """'two cards', 'one card', '12 cards' (in words up to seven, as the table counts)."""
    return wording.count(n, what, limit=7)


def who(seat: int, human: int, players: int = 4, names: Sequence[str] | None = None) -> str:
    """'You' for the human, else the seat's name (its person's, when ``names`` are given, else its compass name)."""
    if seat == human:
        return "You"
    return names[seat] if names is not None and 0 <= seat < len(names) else seat_names(players)[seat]


def short(card: int) -> str:
    """A card as the lines name it: its short face ('Q♥'), a Rook card by its colour ('yellow 14', as the hints
    say; its code 'Y14' read as blue or black to players)."""
    return C.name(card) if C.is_rook(card) else C.label(card)


def labels(cards: Sequence[int]) -> str:
    """Cards as their short faces: 'Q♥ Q♠ 2♣' ('black 10, red 10, green 10' in the Rook game)."""
    return (", " if any(C.is_rook(c) for c in cards) else " ").join(short(c) for c in cards)


def rank_words(game: Game, rank: int) -> str:
    return C.rank_name(rank, game.rules.deck == "rook", plural=True)


def describe_entry(game: Game, entry: Event, human: int, names: Sequence[str] | None = None) -> str | None:
    """One public log entry as a sentence, or None for entries not worth a line (``human`` is 'You';
    ``names``, when given, name the seats)."""
    if entry.seat is None:
        match entry:
            case Upcard(card=card):
                return f"The pile starts with the {C.name(card)}."
        return None
    seat = entry.seat
    name = who(seat, human, game.n, names)
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
            return f"{name} laid out a red 3 ({short(card)})."
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
            return f"discarded {short(card)}"
        case RedThree(card=card):
            return f"red 3 {short(card)}"
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


def latest_turn(log: Sequence[Event], seat: int, end: int | None = None) -> list[Event]:
    """The public entries of ``seat``'s latest turn up to ``end`` (the log's end unless given): from its draw
    or pickup on, the partner's answer included; [] when the log's last entry is not that seat's."""
    end = len(log) - 1 if end is None else end
    if end < 0 or log[end].seat != seat:
        return []
    start = end
    while start > 0:
        entry = log[start - 1]
        if entry.seat != seat and not isinstance(entry, Answered):
            break
        start -= 1
        if entry.seat == seat and isinstance(entry, (Drew, TookPile)):
            break
    return list(log[start : end + 1])


def going_out_turn(game: Game) -> list[Event]:
    """The public entries of the turn that ended the round by going out, or [] when nobody went out."""
    seat, log = game.went_out, game.log
    end = next((i for i in range(len(log) - 1, -1, -1) if isinstance(log[i], WentOut)), None)
    if seat is None or end is None:
        return []
    return latest_turn(log, seat, end)


def turn_brief(game: Game, seat: int, human: int, names: Sequence[str] | None = None) -> str:
    """``seat``'s latest turn so far in one short line, for the status line: 'West took the pile (8 cards) ·
    melded 9s, 7s · discarded 4♣' ('' when the log's last entry is not that seat's)."""
    entries = latest_turn(game.log, seat)
    parts: list[str] = []
    melded = False
    for entry in entries:
        match entry:
            case Drew(count=n):
                parts.append(f"drew {n}")
            case TookPile(taken=taken):
                parts.append(f"took the pile ({len(taken) + 1} cards)")
            case Melded() if not melded:
                melded = True
                parts.append("melded " + ", ".join(rank_words(game, r) for r in meld_ranks(game, entries)))
            case RedThree():
                reds = sum(1 for e in entries if isinstance(e, RedThree))
                part = "red 3" if reds == 1 else f"{reds} red 3s"
                if part not in parts:
                    parts.append(part)
            case PickedUpSet(which=which):
                parts.append(f"took up {'your' if seat == human else 'their'} {which}")
            case Asked():
                parts.append("asked to go out")
            case Discarded(card=card):
                parts.append(f"discarded {short(card)}")
            case EndedTurn():
                parts.append("ended the turn")
            case WentOut():
                parts.append("went out!")
    if len(parts) > 1 and parts[0].startswith("drew"):
        del parts[0]  # the usual start of a turn: the news is what came after it
    name = who(seat, human, game.n, names)
    for minor in ("red 3", "took up "):  # past BRIEF_CHARS, what the table shows anyway is left out first:
        if len(name) + sum(len(p) + 3 for p in parts) > BRIEF_CHARS:  # the red 3s, then the foot or knee
            parts = [p for p in parts if minor not in p] or parts
    return f"{name} " + " · ".join(parts) if parts else ""


BRIEF_CHARS = 72
"""What the status line holds on a 360-pixel phone beside its Why? and Moves buttons (three short lines):
a computer's turn told in longer sentences is told in brief, and a brief past it leaves out what the table
shows anyway."""


def meld_ranks(game: Game, entries: Sequence[Event]) -> list[int]:
    """The ranks of the melds these entries started or added to, in order, each once."""
    out: list[int] = []
    for entry in entries:
        if not isinstance(entry, Melded):
            continue
        melds = game.teams[game.team_of(entry.seat)].melds
        rank = entry.rank if entry.meld is None else melds[entry.meld].rank if entry.meld < len(melds) else None
        if rank is not None and rank not in out:
            out.append(rank)
    return out


def went_out_text(game: Game, human: int, names: Sequence[str] | None = None) -> str:
    """The play that ended the round, in one line: 'East went out: laid 7s, 9s, discarded 4♣.' ('' when
    nobody went out)."""
    entries = going_out_turn(game)
    if game.went_out is None or not entries:
        return ""
    parts = []
    ranks = meld_ranks(game, entries)
    if ranks:
        parts.append("laid " + ", ".join(rank_words(game, r) for r in ranks))
    parts += [f"discarded {short(e.card)}" for e in entries if isinstance(e, Discarded)]
    name = who(game.went_out, human, game.n, names)
    return f"{name} went out" + (": " + ", ".join(parts) if parts else "") + "."


def advice(reason: Reason) -> str:
    """A computer player's reason for its own move, as advice to the player about to make it.

    Read from the reason's data (``Reason.advice``): the why, spoken to the player ("you don't
    hold two natural aces"), since the hint already says what to do in the present tense; for
    melds only what they are for ("that finishes one book and gets you to your foot"; an
    opening's points).
    """
    return reason.advice()
