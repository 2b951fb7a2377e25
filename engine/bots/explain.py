"""Plain-English pieces for the reasons computer players give ("Why?")."""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..cards import Card
from ..rules import RuleSet

_NUMBERS = (
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
)


def number(n: int) -> str:
    """A small count in words: 'two', '13'."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


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
