"""Set up a scripted position: exactly these cards here, those melds there.

``arrange`` starts from a real deal and moves cards between zones, taking the
cards it needs from the stock first (or, failing that, swapping them out of a
zone the scenario leaves alone), so every card stays accounted for.  It checks
``engine.lab.invariants.problems`` before handing the game back.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine import cards as C
from engine.actions import Action, MeldPlay
from engine.errors import RuleViolation
from engine.lab.botgame import make_bots, play_bots
from engine.lab.invariants import problems
from engine.melds import TableMeld
from engine.rules import RuleSet, preset
from engine.scoring import ScoreLine, TeamScore
from engine.serialize import to_dict
from engine.state import Game, RoundResult


def cards(text: str) -> list[int]:
    """'9S 9H JK' -> cards."""
    return [C.parse(t) for t in text.split()]


def codes(cs: Iterable[int]) -> list[str]:
    """Cards -> sorted code strings, for order-free comparisons."""
    return sorted(C.code(c) for c in cs)


def play(rank: int | str, text: str) -> MeldPlay:
    """A new meld: ``play(9, '9S 9H 9D')`` or ``play('W', 'JK JK 2C')``."""
    r = C.WILD_RANK if rank == "W" else int(rank)
    return MeldPlay(tuple(cards(text)), rank=r)


def onto(index: int, text: str) -> MeldPlay:
    """Cards added to the team's meld number ``index``."""
    return MeldPlay(tuple(cards(text)), meld=index)


def _is_filler(card: int) -> bool:
    return not C.is_wild(card) and C.rank(card) not in (1, 3)


def arrange(
    rules: RuleSet | str,
    *,
    deal: int = 1,
    turn: int = 0,
    phase: str = "play",
    hands: Mapping[int, str] | None = None,
    knees: Mapping[int, str] | None = None,
    feet: Mapping[int, str] | None = None,
    stage: Mapping[int, str] | None = None,
    played_foot: Iterable[int] = (),
    pile: str | None = None,
    melds: Mapping[int, list[tuple[int | str, str]]] | None = None,
    opened: Mapping[int, bool] | None = None,
    red_threes: Mapping[int, str] | None = None,
    stock_top: str | None = None,
    stock_size: int | None = None,
    round_index: int | None = None,
    totals: tuple[int, ...] | None = None,
    permission: bool | None = None,
    asked: bool = False,
    picked_up: bool = False,
) -> Game:
    """A game of ``rules`` with the listed zones set exactly; see the module docstring."""
    rs = preset(rules) if isinstance(rules, str) else rules
    game = Game(rs, deal)
    hands, knees, feet = dict(hands or {}), dict(knees or {}), dict(feet or {})
    stage, melds = dict(stage or {}), dict(melds or {})
    red_threes = dict(red_threes or {})
    pool: list[int] = list(game.stock)  # index 0 is the bottom of the stock

    def release(zone: list[int]) -> None:
        pool[:0] = zone
        zone.clear()

    # 1. Empty every zone the scenario sets, back into the pool.
    for seat, p in enumerate(game.players):
        st = stage.get(seat, "hand")
        if seat in hands:
            release(p.hand)
        if seat in knees or st in ("knee", "foot"):
            release(p.knee)
        if seat in feet or st == "foot":
            release(p.foot)
        p.knee_taken = st in ("knee", "foot") and rs.knee_size > 0
        p.foot_taken = st == "foot"
        p.played_foot = seat in set(played_foot)
        p.knee_due = False
    if pile is not None:
        release(game.pile)
    for t, team in enumerate(game.teams):
        if t in melds:
            for m in team.melds:
                release(m.cards)
            team.melds = []
        if t in red_threes:
            release(team.red_threes)

    untouched: list[list[int]] = (
        [p.hand for s, p in enumerate(game.players) if s not in hands]
        + [p.foot for s, p in enumerate(game.players) if s not in feet and not p.foot_taken]
        + [p.knee for s, p in enumerate(game.players) if s not in knees and not p.knee_taken]
    )

    def take(card: int) -> int:
        if card in pool:
            pool.remove(card)
            return card
        for zone in untouched:
            if card in zone:
                filler = next(c for c in pool if _is_filler(c))
                pool.remove(filler)
                zone[zone.index(card)] = filler
                return card
        raise AssertionError(f"no {C.code(card)} left to place")

    def fill(zone: list[int], text: str) -> None:
        zone.extend(take(c) for c in cards(text))

    # 2. Place the requested cards.
    for seat, text in hands.items():
        fill(game.players[seat].hand, text)
    for seat, text in knees.items():
        fill(game.players[seat].knee, text)
    for seat, text in feet.items():
        fill(game.players[seat].foot, text)
    for t, text in red_threes.items():
        fill(game.teams[t].red_threes, text)
    for t, specs in melds.items():
        for rank, text in specs:
            r = C.WILD_RANK if rank == "W" else int(rank)
            meld = TableMeld(r, [])
            fill(meld.cards, text)
            game.teams[t].melds.append(meld)
    if pile is not None:
        fill(game.pile, text=pile)
    top = [take(c) for c in cards(stock_top)] if stock_top else []
    stock = pool + list(reversed(top))  # the next card drawn is the last one
    if stock_size is not None and len(stock) > stock_size:
        excess = len(stock) - stock_size
        game.pile[:0] = stock[:excess]  # surplus goes under the discard pile
        stock = stock[excess:]
    game.stock = stock

    # 3. Turn state.
    for t, team in enumerate(game.teams):
        team.opened = (opened or {}).get(t, bool(team.melds))
    if round_index is not None:
        game.round_index = round_index
    if totals is not None:
        game.results = [
            RoundResult(
                0, None, tuple(
                    TeamScore(t, (ScoreLine("carried", "Earlier rounds", totals[t]),)) for t in range(len(totals))
                )
            )
        ]
        game.totals = list(totals)
    game.turn, game.phase = turn, phase
    game.asked, game.permission, game.picked_up = asked, permission, picked_up
    game.went_out = None
    found = problems(game)
    assert not found, found
    return game


def reason(game: Game, action: Action) -> str:
    """The reason code ``apply`` raises; fails the test if the action is legal.

    Also checks that the refused action changed nothing.
    """
    before = copy.deepcopy(game.snapshot())
    try:
        game.apply(action)
    except RuleViolation as err:
        assert game.snapshot() == before, "a refused action changed the game"
        assert str(err), "a violation needs a sentence"
        return err.reason
    raise AssertionError(f"{action!r} was accepted")


def state(game: Game) -> dict[str, Any]:
    """A deep copy of the snapshot, for before/after comparisons."""
    return copy.deepcopy(game.snapshot())


def position_where(
    rules: RuleSet, deals: range, max_actions: int, stop: Callable[[Game], bool], level: str = "normal"
) -> dict[str, Any]:
    """A saved game (``to_dict``) stopped at the first position where ``stop(game)`` holds.

    Computer players of ``level`` play every seat, deal after deal, until one gets there.
    """
    for deal in deals:
        game = Game(rules, deal)
        found = False

        def reached(game: Game) -> bool:
            nonlocal found
            if game.phase in ("round_over", "game_over"):
                return True
            found = stop(game)
            return found

        play_bots(game, make_bots(level, rules, deal), max_actions, until=reached)  # (answers are decisions too)
        if found:
            return to_dict(game)
    raise AssertionError(f"no {rules.name} deal in {deals} reaches the position asked for")


def position_where_south_is_asked(rules: RuleSet, deals: range, max_actions: int) -> dict[str, Any]:
    """A saved game (``to_dict``) stopped where South's partner asks "May I go out?"."""
    return position_where(rules, deals, max_actions, lambda game: game.phase == "answer" and game.to_act == 0)
