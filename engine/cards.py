"""Cards as small ints, for both the standard deck and the Rook deck.

A card is an ``int``.  Standard cards are ``rank * 4 + suit`` with ranks 2..14
(14 is the ace) and suits 0..3 (clubs, diamonds, hearts, spades); a joker is 0.
Rook cards are ``64 + rank * 4 + colour`` with ranks 1..14 and colours 0..3
(black, red, yellow, green); the Rook bird is 64.  Identical cards from
different decks are the same int: nothing in the game tells them apart.
"""

from __future__ import annotations

from collections.abc import Iterable

Card = int

JOKER: Card = 0
ROOK_BIRD: Card = 64
ROOK_BASE = 64

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
SUIT_LETTERS = ("C", "D", "H", "S")
COLOUR_NAMES = ("black", "red", "yellow", "green")
COLOUR_LETTERS = ("B", "R", "Y", "G")

_RANK_WORDS = {
    1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}
_ROOK_WORDS = {11: "eleven", 12: "twelve", 13: "thirteen", 14: "fourteen"}
_RANK_LETTERS = {11: "J", 12: "Q", 13: "K", 14: "A", 10: "10"}

# Rank 0 stands for the wild "rank" of a meld made only of wild cards.
WILD_RANK = 0


def make(rank: int, suit: int, rook: bool = False) -> Card:
    """Build a card from its rank and suit (or colour for Rook cards)."""
    return (ROOK_BASE if rook else 0) + rank * 4 + suit


def rank(card: Card) -> int:
    """The card's rank: 0 for a joker or the Rook bird."""
    return (card & 63) >> 2


def suit(card: Card) -> int:
    """The card's suit index (standard) or colour index (Rook)."""
    return card & 3


def is_rook(card: Card) -> bool:
    """True for a card of the Rook deck."""
    return card >= ROOK_BASE


def is_wild(card: Card) -> bool:
    """Jokers, the Rook bird and every 2 are wild in all rule sets."""
    r = rank(card)
    return r == 0 or r == 2


def is_red_three(card: Card) -> bool:
    """A 3 of diamonds or hearts, or a red Rook 3."""
    if rank(card) != 3:
        return False
    return suit(card) == 1 if is_rook(card) else suit(card) in (1, 2)


def is_black_three(card: Card) -> bool:
    """A 3 of clubs or spades (standard deck only: Rook 3s are ordinary)."""
    return not is_rook(card) and rank(card) == 3 and suit(card) in (0, 3)


def standard_deck() -> list[Card]:
    """One 54-card deck in canonical order: 2..A by suit, then two jokers."""
    return [make(r, s) for s in range(4) for r in range(2, 15)] + [JOKER, JOKER]


def rook_deck() -> list[Card]:
    """One 57-card Rook deck in canonical order: 1..14 by colour, then the bird."""
    return [make(r, c, rook=True) for c in range(4) for r in range(1, 15)] + [ROOK_BIRD]


_ALL_CARDS = frozenset(standard_deck()) | frozenset(rook_deck())


def is_card(value: object) -> bool:
    """True for an int that is a real card of either deck (guards actions built by hand)."""
    return isinstance(value, int) and not isinstance(value, bool) and value in _ALL_CARDS


def label(card: Card) -> str:
    """Short face text for a card: 'Q♥', '10♠', 'Jk', 'R14' (red 14), 'Rook'."""
    if is_rook(card):
        if card == ROOK_BIRD:
            return "Rook"
        return f"{COLOUR_LETTERS[suit(card)]}{rank(card)}"
    if card == JOKER:
        return "Jk"
    r = rank(card)
    return f"{_RANK_LETTERS.get(r, str(r))}{SUIT_SYMBOLS[suit(card)]}"


def code(card: Card) -> str:
    """ASCII text form used in logs and saves: 'QH', '10S', 'JK', 'R14', 'ROOK'."""
    if is_rook(card):
        return "ROOK" if card == ROOK_BIRD else f"{COLOUR_LETTERS[suit(card)]}{rank(card)}"
    if card == JOKER:
        return "JK"
    r = rank(card)
    return f"{_RANK_LETTERS.get(r, str(r))}{SUIT_LETTERS[suit(card)]}"


def parse(text: str) -> Card:
    """Read a card from its ``code`` form (case-insensitive); raises ValueError."""
    t = text.strip().upper()
    if t == "JK":
        return JOKER
    if t == "ROOK":
        return ROOK_BIRD
    if len(t) >= 2 and t[0] in COLOUR_LETTERS and t[1:].isdigit():
        r = int(t[1:])
        if 1 <= r <= 14:
            return make(r, COLOUR_LETTERS.index(t[0]), rook=True)
    if len(t) >= 2 and t[-1] in SUIT_LETTERS:
        head = t[:-1]
        letters = {"J": 11, "Q": 12, "K": 13, "A": 14}
        r = letters.get(head, int(head) if head.isdigit() else -1)
        if 2 <= r <= 14:
            return make(r, SUIT_LETTERS.index(t[-1]))
    raise ValueError(f"not a card: {text!r}")


def name(card: Card) -> str:
    """What a screen reader says: 'queen of hearts', 'joker', 'red 14', 'the Rook'."""
    if is_rook(card):
        if card == ROOK_BIRD:
            return "the Rook"
        return f"{COLOUR_NAMES[suit(card)]} {rank(card)}"
    if card == JOKER:
        return "joker"
    return f"{_RANK_WORDS[rank(card)]} of {SUIT_NAMES[suit(card)]}"


def rank_name(r: int, rook: bool = False, plural: bool = False) -> str:
    """A rank in words: 'queen'/'queens', '7'/'7s', 'wild cards' for rank 0."""
    if r == WILD_RANK:
        return "wild cards" if plural else "wild card"
    if rook:
        word = str(r)
        return word + "s" if plural else word
    if r <= 10:
        word = str(r)
        return word + "s" if plural else word
    word = _RANK_WORDS[r]
    return word + "s" if plural else word


def sort_key(card: Card) -> tuple[int, int, int]:
    """Hand order: by rank from low to high, wild cards last."""
    if is_wild(card):
        return (1, rank(card), suit(card))
    return (0, rank(card), suit(card))


def sorted_hand(cards: Iterable[Card]) -> list[Card]:
    """Cards sorted as a player holds them: ranks ascending, wild cards at the end."""
    return sorted(cards, key=sort_key)
