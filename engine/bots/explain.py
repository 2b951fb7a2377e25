"""Plain-English pieces for the reasons computer players give ("Why?")."""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..actions import MeldPlay
from ..cards import Card
from ..melds import BOOK_SIZE
from ..rules import RuleSet
from ..views import MeldView

_NUMBERS = (
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
)


def number(n: int) -> str:
    """A small count in words: 'two', '13'."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def count(n: int, noun: str, plural: str | None = None) -> str:
    """A count with its noun in the right number: 'one card', 'two cards', 'no books'."""
    return f"{number(n)} {noun if n == 1 else (plural or noun + 's')}"


def ranks(rules: RuleSet, r: int, n: int = 2, natural: bool = False) -> str:
    """A count of a rank in words: 'two natural jacks', 'one 9', 'three wild cards'."""
    word = C.rank_name(r, rules.deck == "rook", plural=n != 1)
    return f"{number(n)} {'natural ' if natural and r != C.WILD_RANK else ''}{word}"


def a_rank(rules: RuleSet, r: int) -> str:
    """One card of a rank with its article: 'an 8', 'a jack', 'an ace'."""
    word = C.rank_name(r, rules.deck == "rook")
    return ("an " if word[0] in "aeiou8" or word in ("11", "18") else "a ") + word


def plural(rules: RuleSet, r: int) -> str:
    """A rank as a plural noun: 'jacks', '7s', 'wild cards'."""
    return C.rank_name(r, rules.deck == "rook", plural=True)


def card(c: Card) -> str:
    """A card with its article: 'the queen of hearts', 'a joker'."""
    return "a joker" if c == C.JOKER else ("the Rook" if c == C.ROOK_BIRD else f"the {C.name(c)}")


def join(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def sentence(text: str) -> str:
    """Capitalize and end with a full stop."""
    text = text.strip()
    if not text:
        return "No particular reason."
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def plays(rules: RuleSet, melds: Sequence[MeldView], laid: Sequence[MeldPlay]) -> tuple[str, int]:
    """Every meld play in a few words, and how many books it finishes.

    'started kings with three cards and 9s with four; added two 7s and one wild card to
    our queens' (``melds`` are the team's melds the plays' indexes point into).
    """
    started: list[str] = []
    added: list[str] = []
    books = 0
    for p in laid:
        wild = sum(1 for c in p.cards if C.is_wild(c))
        nat = len(p.cards) - wild
        if p.meld is None:
            r = p.rank if p.rank is not None else C.WILD_RANK
            what = "a wild meld" if r == C.WILD_RANK else plural(rules, r)
            size = count(len(p.cards), "card") if not started else number(len(p.cards))
            started.append(f"{what} with {size}")
            books += len(p.cards) >= BOOK_SIZE
            continue
        m = melds[p.meld]
        books += not m.is_book and len(m.cards) + len(p.cards) >= BOOK_SIZE
        wilds = count(wild, "wild card")
        if m.rank == C.WILD_RANK:
            added.append(f"{wilds} to our wild meld")
        elif not wild:
            added.append(ranks(rules, m.rank, nat))
        elif not nat:
            added.append(f"{wilds} to our {plural(rules, m.rank)}")
        else:
            added.append(f"{ranks(rules, m.rank, nat)} and {wilds} to our {plural(rules, m.rank)}")
    parts = []
    if started:
        parts.append("started " + join(started))
    if added:
        parts.append("added " + join(added))
    return "; ".join(parts), books
