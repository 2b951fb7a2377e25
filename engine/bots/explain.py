"""Plain-English pieces for the reasons computer players give ("Why?").

Counts, plurals and lists come from ``engine.wording`` (one copy for every message); the words of
ranks, cards and meld plays from ``reasons``, where reasons are kept as data.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..actions import MeldPlay
from ..melds import BOOK_SIZE
from ..rules import RuleSet
from ..views import MeldView
from ..wording import count, join, number
from . import reasons as R
from .reasons import Laid, card_words, laid_text, sentence

card = card_words


def ranks(rules: RuleSet, r: int, n: int = 2, natural: bool = False) -> str:
    """A count of a rank in words: 'two natural jacks', 'one 9', 'three wild cards'."""
    return R.ranks(rules.deck == "rook", r, n, natural)


def a_rank(rules: RuleSet, r: int) -> str:
    """One card of a rank with its article: 'an 8', 'a jack', 'an ace'."""
    return R.a_rank(rules.deck == "rook", r)


def plural(rules: RuleSet, r: int) -> str:
    """A rank as a plural noun: 'jacks', '7s', 'wild cards'."""
    return R.plural(rules.deck == "rook", r)


def laid(melds: Sequence[MeldView], plays: Sequence[MeldPlay]) -> tuple[tuple[Laid, ...], int]:
    """Every meld play as data, and how many books it finishes (``melds`` are the team's melds
    the plays' indexes point into)."""
    out: list[Laid] = []
    books = 0
    for p in plays:
        wild = sum(1 for c in p.cards if C.is_wild(c))
        nat = len(p.cards) - wild
        if p.meld is None:
            book = len(p.cards) >= BOOK_SIZE
            out.append(Laid(p.rank if p.rank is not None else C.WILD_RANK, nat, wild, True, book))
        else:
            m = melds[p.meld]
            book = not m.is_book and len(m.cards) + len(p.cards) >= BOOK_SIZE
            out.append(Laid(m.rank, nat, wild, False, book))
        books += book
    return tuple(out), books


def plays(rules: RuleSet, melds: Sequence[MeldView], laid_plays: Sequence[MeldPlay]) -> tuple[str, int]:
    """Every meld play in a few words, and how many books it finishes.

    'started kings with three cards and 9s with four; added two 7s and one wild card to
    our queens' (``melds`` are the team's melds the plays' indexes point into).
    """
    facts, books = laid(melds, laid_plays)
    return laid_text(rules.deck == "rook", facts), books


__all__ = ["a_rank", "card", "count", "join", "laid", "number", "plays", "plural", "ranks", "sentence"]
