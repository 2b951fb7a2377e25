"""Does a computer player's live "Why?" name a card the table doesn't show?

    python -m bench.public_reasons [--deals 100] [--first-deal 1] [--full]

For every preset, plays the first round of ``--deals`` deals with computer players in every seat
(Hard, Normal and Easy in turn) and reads every reason the table would show while the round is
live (``Decision.public_reason``; with ``--full``, the whole reason, as the table showed it before
reasons had a public form).  A reason leaks when it names a rank (a rank word, a card, a count of a
rank) that is nowhere on the table — in a meld (after the move), in the pile, or the discard
itself — or describes the hand ("a lone card", "a pair of", "I can spare", "out of sight", points
a hand is worth).  Prints the number of reasons read and of leaks (and the first few).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator

from engine import cards as C
from engine.actions import Discard
from engine.bots import Bot, Decision, make_bot
from engine.lab.botgame import play_bots
from engine.rules import PRESETS, RuleSet
from engine.state import Game

LEVELS = ("hard", "normal", "easy")
HAND_WORDS = re.compile(
    r"lone card|pair of|can spare|out of sight|worth about|about \d[\d,]* points|don't hold"
    r"|too full to take the top card"
)
"""Words that describe a hand (or a count of a rank in it) rather than the table."""
NOT_RANKS = re.compile(r"\d[\d,]*%|\d[\d,]*-point|\d[\d,]* (?:points?|cards?|books?)\b|\bround \d+")
"""Numbers in reasons that are not ranks: chances, points, counts of cards."""
WILD_WORDS = re.compile(r"\bwild cards?\b|\bjokers?\b|\bthe Rook\b")


def rank_words(rules: RuleSet) -> list[tuple[int, re.Pattern[str]]]:
    """(rank, pattern matching its name in a reason) for every natural rank of these rules' deck."""
    rook = rules.deck == "rook"
    out = []
    for r in range(1, 15):
        words = {C.rank_name(r, rook)} if rook or r in C._RANK_WORDS else set()
        if not rook and r in C._RANK_WORDS:
            words.add(C._RANK_WORDS[r])  # as a card is named: 'the eight of spades'
        for word in words:
            if word.isdigit():
                pattern = re.compile(rf"(?<![\d,.]){word}s?\b(?![\d%,])")
            elif r <= 10:  # 'one', 'eight': counts too, so a rank only in a card's name
                pattern = re.compile(rf"\b{word} of (?:clubs|diamonds|hearts|spades)\b", re.IGNORECASE)
            else:
                pattern = re.compile(rf"\b{word}s?\b", re.IGNORECASE)
            out.append((r, pattern))
    return out


def table_ranks(before: Game, after: Game, discard: int | None) -> tuple[set[int], bool]:
    """The ranks anyone at the table can see (melds after the move, the pile before and after it,
    the discard), and whether a wild card is among what they see."""
    cards: list[int] = [*before.pile, *after.pile]
    for game in (before, after):
        for team in game.teams:
            for meld in team.melds:
                cards.extend(meld.cards)
    if discard is not None:
        cards.append(discard)
    ranks = {C.rank(c) for c in cards}
    return ranks, any(C.is_wild(c) for c in cards)


def leaks(text: str, rules: RuleSet, seen: set[int], wild_seen: bool) -> list[str]:
    """What ``text`` tells that the table doesn't show (empty when nothing)."""
    found = [m.group(0) for m in HAND_WORDS.finditer(text)]
    plain = NOT_RANKS.sub(" ", text)
    for r, pattern in rank_words(rules):
        if r not in seen:
            found.extend(m.group(0) for m in pattern.finditer(plain))
    if not wild_seen:
        found.extend(m.group(0) for m in WILD_WORDS.finditer(plain))
    return found


def scan(deals: int, first: int = 1, full: bool = False, presets: tuple[str, ...] = tuple(PRESETS)
         ) -> Iterator[tuple[str, list[str]]]:
    """(the reason shown, what it leaks) for every computer decision of the first round of each deal."""
    for name in presets:
        rules = PRESETS[name]
        for deal in range(first, first + deals):
            game = Game(rules, deal)
            bots = [make_bot(LEVELS[(seat + deal) % len(LEVELS)], seat, deal) for seat in range(game.n)]
            yield from _round_reasons(game, bots, f"{name} deal {deal}", full)


def _round_reasons(game: Game, bots: list[Bot], where: str, full: bool) -> list[tuple[str, list[str]]]:
    """The first round played by ``bots``: each decision's reason and what it leaks."""
    found: list[tuple[str, list[str]]] = []
    before: list[Game] = []

    def keep(now: Game, _seat: int, _decision: Decision) -> None:
        before.append(now.copy())

    def read(now: Game, seat: int, decision: Decision) -> None:
        discard = decision.action.card if isinstance(decision.action, Discard) else None
        seen, wild_seen = table_ranks(before.pop(), now, discard)
        text = decision.reason if full else decision.public_reason
        found.append((f"{where} seat {seat}: {text}", leaks(text, now.rules, seen, wild_seen)))

    play_bots(game, bots, until=lambda g: g.phase not in ("draw", "play", "answer"), before=keep, after=read)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first-deal", type=int, default=1)
    parser.add_argument("--full", action="store_true", help="read the whole reasons (what the table showed before)")
    args = parser.parse_args(argv)
    read = 0
    bad: list[tuple[str, list[str]]] = []
    for text, found in scan(args.deals, args.first_deal, args.full):
        read += 1
        if found:
            bad.append((text, found))
    shown = "whole" if args.full else "public"
    print(f"{read} {shown} reasons read over {args.deals} deals per preset; "
          f"{len(bad)} name a card the table doesn't show")
    for text, found in bad[:10]:
        print(f"  {text}  <- {', '.join(found)}")
    return 1 if bad and not args.full else 0


if __name__ == "__main__":
    sys.exit(main())
