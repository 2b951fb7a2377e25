"""Plain-English pieces every message is built from: counts, plurals and lists.

One copy for the engine's refusals, the computer players' reasons and the UI, so "two cards",
"1 card" and "a, b and c" read the same everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable

_NUMBERS = (
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
)


def number(n: int, limit: int = 12) -> str:
    """A count in words up to ``limit`` ('no', 'two', 'twelve'), in figures past it ('13', '1,250')."""
    return _NUMBERS[n] if 0 <= n <= min(limit, len(_NUMBERS) - 1) else f"{n:,}"


def plural(n: int, noun: str, many: str | None = None) -> str:
    """The noun in the right number for ``n``: 'card', 'cards' (``many`` for irregular ones)."""
    return noun if n == 1 else (many or noun + "s")


def count(n: int, noun: str, many: str | None = None, limit: int = 12) -> str:
    """A count with its noun in words: 'one card', 'two cards', 'no books', '14 cards'."""
    return f"{number(n, limit)} {plural(n, noun, many)}"


def figures(n: int, noun: str, many: str | None = None) -> str:
    """A count with its noun in figures: '1 card', '2 cards', '1,250 points'."""
    return f"{n:,} {plural(n, noun, many)}"


def join(items: Iterable[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' (empty items left out; ``last`` may be 'or')."""
    words = [item for item in items if item]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]
