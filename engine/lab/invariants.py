"""Checks that must hold after every action; used by ``simulate`` and the tests."""

from __future__ import annotations

from collections import Counter

from .. import cards as C
from ..deal import full_deck
from ..melds import BOOK_SIZE
from ..state import Game


def all_cards(game: Game) -> Counter[int]:
    """Every card in every zone of the table."""
    seen: Counter[int] = Counter(game.stock)
    seen.update(game.pile)
    for p in game.players:
        seen.update(p.hand)
        seen.update(p.knee)
        seen.update(p.foot)
    for t in game.teams:
        seen.update(t.red_threes)
        for m in t.melds:
            seen.update(m.cards)
    return seen


def problems(game: Game) -> list[str]:
    """Every broken invariant, in words (empty when all is well)."""
    out: list[str] = []
    if all_cards(game) != Counter(full_deck(game.rules)):
        out.append("cards not conserved")
    rules = game.rules
    for t_i, t in enumerate(game.teams):
        open_ranks = [m.rank for m in t.melds if not m.is_book]
        if rules.one_open_meld_per_rank and len(open_ranks) != len(set(open_ranks)):
            out.append(f"team {t_i} has two open melds of one rank")
        for m in t.melds:
            if len(m.cards) < 3:
                out.append(f"team {t_i} has a meld of fewer than three cards")
            if len(m.cards) > BOOK_SIZE and not rules.extras_on_books:
                out.append(f"team {t_i} has a meld of more than seven cards")
            if any(C.is_red_three(c) for c in m.cards):
                out.append(f"team {t_i} melded a red 3")
        if t.melds and not t.opened:
            out.append(f"team {t_i} has melds but is not marked as opened")
    for seat, p in enumerate(game.players):
        if any(C.is_red_three(c) for c in p.hand):
            out.append(f"seat {seat} holds a red 3")
        if p.foot_taken and p.foot:
            out.append(f"seat {seat} has a foot both taken and waiting")
    if game.phase not in ("draw", "play", "answer", "round_over", "game_over"):
        out.append(f"unknown phase {game.phase}")
    if len(game.teams) != game.sides or len(game.totals) != game.sides:
        out.append(f"{len(game.teams)} sides on the table, {game.sides} expected")
    if game.phase == "answer" and game.partner(game.turn) is None:
        out.append("a question to go out with nobody to answer it")
    if [sum(r.scores[t].total for r in game.results) for t in range(game.sides)] != game.totals:
        out.append("totals differ from the round scores")
    return out
