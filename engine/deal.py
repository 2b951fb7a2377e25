"""Deal numbers: a documented generator and shuffle that never change.

Python's ``random`` module does not promise to keep its algorithms, so the deal
uses its own, written out here and frozen by golden tests:

* Generator: SplitMix64 (Steele, Lea and Flood, 2014).  State is a 64-bit
  integer; each step adds 0x9E3779B97F4A7C15 and mixes the result with two
  xor-shift-multiply rounds.
* Seed for round ``r`` (0-based) of deal number ``n``:
  ``n * 0x100000001B3 + r * 0x9E3779B9 + 0x2545F4914F6CDD1D`` modulo 2**64.
* Bounded integers: ``below(k)`` rejects draws from the top partial block of
  the 64-bit range, so every value in ``0..k-1`` is equally likely.
* Shuffle: Fisher-Yates from the last position down, swapping position ``i``
  with ``below(i + 1)``, applied to the decks in canonical order (deck after
  deck, each as ``cards.standard_deck`` or ``cards.rook_deck`` lists it).
* Dealing takes cards from the front of the shuffled list: every hand (seat 0
  first), then every knee, then every foot, then the upcard; the rest is the
  stock, drawn from the front.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, rook_deck, standard_deck
from .rules import RuleSet

MASK64 = (1 << 64) - 1
MAX_DEAL = 999_999_999
"""Deal numbers are 1..999,999,999: short enough to text to the family."""


class SplitMix64:
    """The deal's random generator (see the module docstring)."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, k: int) -> int:
        """A uniform integer in ``0..k-1`` by rejection sampling."""
        if k <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % k)
        while True:
            x = self.next()
            if x < limit:
                return x % k


def round_seed(deal_number: int, round_index: int) -> int:
    """The generator seed for one round of one deal number."""
    return (deal_number * 0x100000001B3 + round_index * 0x9E3779B9 + 0x2545F4914F6CDD1D) & MASK64


def check_deal_number(deal_number: object) -> int:
    """Return the deal number, or raise ValueError with a sentence a player reads."""
    if isinstance(deal_number, bool) or not isinstance(deal_number, int):
        raise ValueError("A deal number is a whole number.")
    if not 1 <= deal_number <= MAX_DEAL:
        raise ValueError(f"A deal number is between 1 and {MAX_DEAL:,}.")
    return deal_number


def full_deck(rules: RuleSet) -> list[Card]:
    """All cards for this table in canonical (unshuffled) order."""
    one = rook_deck() if rules.deck == "rook" else standard_deck()
    return one * rules.deck_count()


def shuffled(rules: RuleSet, deal_number: int, round_index: int) -> list[Card]:
    """The shuffled cards of one round."""
    cards = full_deck(rules)
    rng = SplitMix64(round_seed(deal_number, round_index))
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


@dataclass(frozen=True)
class Deal:
    """The cards of one round as they come off the shuffle, before red 3s."""

    hands: tuple[tuple[Card, ...], ...]
    knees: tuple[tuple[Card, ...], ...]
    feet: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    """Undealt cards, the next card to draw first (the upcard is not taken yet)."""


def deal(rules: RuleSet, deal_number: int, round_index: int) -> Deal:
    """Deal one round: hands, knees, feet in seat order, then the stock."""
    cards = shuffled(rules, check_deal_number(deal_number), round_index)
    pos = 0

    def take(n: int) -> tuple[Card, ...]:
        nonlocal pos
        part = tuple(cards[pos:pos + n])
        pos += n
        return part

    hands = tuple(take(rules.hand_size) for _ in range(rules.players))
    knees = tuple(take(rules.knee_size) for _ in range(rules.players))
    feet = tuple(take(rules.foot_size) for _ in range(rules.players))
    return Deal(hands, knees, feet, tuple(cards[pos:]))
