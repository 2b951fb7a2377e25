"""Hard's stated discard safety (``engine.bots.safety``): shape checks on the fitted form,
and proof that the statement never changes what Hard plays."""

from __future__ import annotations

import hashlib
import itertools
import time

import pytest

from engine import cards as C
from engine.actions import Discard
from engine.bots import Decision, make_bot, safety
from engine.bots import hard as H
from engine.bots.base import decision_rng
from engine.bots.context import Ctx
from engine.bots.hard import HardBot, take_chance
from engine.bots.knowledge import discarded_ranks
from engine.lab.botgame import play_bots
from engine.rules import PRESETS, RuleSet
from engine.state import Game
from engine.views import view_for
from tests.helpers import arrange

TAKEN = ("classic", "pagat", "thirteen", "hkf")
PAIRS = [0.0, 0.001, 0.01, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 0.99, 0.999, 1.0]


def _base(rules: RuleSet) -> safety.Features:
    """Features of a plain 9 discarded early in a round, East next."""
    game = arrange(rules, hands={0: "9S 4H 6D 8C KS", 1: "5S 5H QD JC 10S"}, stock_size=80)
    return safety.features(view_for(game, 0), 1, C.parse("9S"), 0.2)


def _variants(rules: RuleSet) -> list[safety.Features]:
    out = []
    base = _base(rules)
    for opened in (0.0, 1.0):
        for disc in (0.0, 1.0):
            for open_len in (0.0, 4.0):
                for take in (1.0, 3.0, 7.0, 20.0) if rules.pickup == "whole" else (1.0, 3.0, 7.0):
                    for stock in (5.0, 60.0, 150.0):
                        out.append({**base, "opened": opened, "disc": disc, "open_len": open_len, "take": take,
                                    "pile": take, "stock": stock, "minimum": 0.0 if opened else 90.0})
    return out


@pytest.mark.parametrize("name", TAKEN)
def test_stated_chance_is_a_probability_rising_with_the_pair_chance(name: str) -> None:
    for f in _variants(PRESETS[name]):
        chances = [safety.predict({**f, "pair": p}) for p in PAIRS]
        assert all(0.0 <= c <= 1.0 for c in chances)
        assert all(b >= a - 1e-12 for a, b in itertools.pairwise(chances)), (f, chances)
        assert chances[0] == 0.0  # fewer than two copies out of sight
        assert chances[-2] > chances[1]


@pytest.mark.parametrize("name", TAKEN)
def test_an_unopened_side_takes_less_often_than_an_opened_one(name: str) -> None:
    for f in _variants(PRESETS[name]):
        if not f["opened"]:
            continue
        for p in PAIRS[3:]:
            opened = safety.predict({**f, "pair": p})
            unopened = safety.predict({**f, "pair": p, "opened": 0.0, "minimum": 50.0})
            assert unopened < opened, (f, p)


@pytest.mark.parametrize("name", TAKEN)
def test_a_thrown_away_rank_is_safer(name: str) -> None:
    for f in _variants(PRESETS[name]):
        for p in PAIRS[3:-2]:
            assert safety.predict({**f, "pair": p, "disc": 1.0}) < safety.predict({**f, "pair": p, "disc": 0.0})


def test_cards_that_cannot_be_taken_are_said_safe() -> None:
    classic = PRESETS["classic"]
    f = _base(classic)
    assert safety.predict({**f, "kind": 2.0, "pair": 1.0}) == 0.0  # a black 3
    assert safety.predict({**f, "kind": 3.0, "pair": 1.0}) == 0.0  # their meld is too full
    assert safety.predict({**f, "kind": 1.0}) == 0.0  # a wild card where a wild top can't be taken
    view = view_for(Game(PRESETS["rook"], 1), 0)  # the pile is never taken
    assert safety.stated_chance(view, 1, view.hand[0], 1.0) == 0.0


def test_stated_chance_is_cheap() -> None:
    game = arrange(PRESETS["hkf"], hands={0: "9S 4H 6D 8C KS", 1: "5S 5H QD JC 10S"}, stock_size=80)
    view = view_for(game, 0)
    card = C.parse("9S")
    n = 2000
    start = time.process_time()
    for _ in range(n):
        safety.stated_chance(view, 1, card, 0.3)
    assert (time.process_time() - start) / n < 0.0001  # CPU time: measured about 0.025 ms


def _discard_weights_match_take_chance(game: Game, bot: HardBot) -> int:
    """Every legal natural discard's play weight is ``take_chance`` of the tracked pair, as before."""
    view = view_for(game, game.turn)
    ctx = Ctx(view, decision_rng(bot.seed, view))
    opp = ctx.opponents[0]
    checked = 0
    for card in sorted(set(view.hand)):
        if C.is_wild(card) or (C.is_black_three(card) and view.rules.black_threes_special):
            continue
        r = C.rank(card)
        m = ctx.opp_open(r)
        if m is not None and len(m.cards) + 3 > 7 and view.rules.one_open_meld_per_rank:
            continue
        weight, _ = bot.feed_risk(ctx, card)
        pair = bot.tracker(ctx).pair_chance(opp, r)
        if discarded_ranks(view, opp)[r]:
            pair *= 0.3
        if m is not None:
            pair *= 0.6
        assert weight == take_chance(view.rules, view, opp, pair)
        checked += 1
    return checked


def _round_moves(rules: RuleSet, deal: int, check_weights: bool) -> tuple[str, int]:
    """A digest of every action in the first round of Hard (seats 0, 2) against Normal."""
    game = Game(rules, deal)
    bots = [make_bot("hard" if s % 2 == 0 else "normal", s, deal) for s in range(rules.players)]
    digest = hashlib.sha256()
    checked = 0

    def note(game: Game, seat: int, d: Decision) -> None:
        nonlocal checked
        bot = bots[seat]
        if check_weights and isinstance(d.action, Discard) and isinstance(bot, HardBot):
            checked += _discard_weights_match_take_chance(game, bot)
        digest.update(repr(d.action).encode())

    def round_done(game: Game) -> bool:
        return game.over or game.round_index > 0 or game.phase in ("round_over", "game_over")

    play_bots(game, bots, 20_000, until=round_done, before=note)
    return digest.hexdigest(), checked


@pytest.mark.parametrize("name", ["classic", "hkf"])
def test_the_statement_never_changes_the_play(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = PRESETS[name]
    real, checked = _round_moves(rules, 700_000_001, check_weights=True)
    assert checked > 10
    monkeypatch.setattr(H, "stated_chance", lambda *a: 0.99)
    absurd, _ = _round_moves(rules, 700_000_001, check_weights=False)
    assert absurd == real


def test_the_calibration_bench_judges_a_band_by_its_games() -> None:
    """The issue's test (within 5 points per band) as ``bench.discard_safety`` applies it: a few
    deals whose every pile was taken don't make a band of many discards look certain."""
    from bench.discard_safety import interval, verdict

    def rows(takes: list[tuple[int, int]]) -> list[tuple[str, float, bool, bool, str, str]]:
        out = []
        for g, (k, n) in enumerate(takes):
            out += [("hard", 0.3, i < k, False, "", f"{g} hard") for i in range(n)]
        return out

    spread = rows([(2, 10), (4, 10)] * 100)  # 30% in all, every deal near it
    lo, hi = interval(spread)
    assert lo < 0.3 < hi and hi - lo < 0.05
    assert verdict(0.3, 0.3, lo, hi) == "met"
    assert verdict(0.2, 0.3, lo, hi) == "missed"  # ten points off and the band is big enough to tell
    lumpy = rows([(10, 10)] * 3 + [(0, 10)] * 7)  # the same 30%, all from three games
    lo, hi = interval(lumpy)
    assert hi - lo > 0.4
    assert verdict(0.2, 0.3, lo, hi) == "small"
    every = rows([(10, 10)] * 3)  # all taken, in three deals: far from sure it is always so
    lo, hi = interval(every)
    assert hi == 1.0 and lo < 0.6


@pytest.mark.slow
def test_the_recalibration_fit_finds_the_bends_that_made_the_outcomes() -> None:
    """``bench.fit_safety.recal_fit`` recovers a twice-bent line from outcomes drawn with it, and
    ``safety.recalibrate`` is that line: continuous at each knee and rising wherever the slopes add
    up to more than zero (so a higher fitted chance is never stated lower)."""
    import math
    import random

    from bench.fit_safety import recal_fit

    knees = safety.KNEES_WHOLE
    true = (-0.1, 1.0, 0.4, -0.8)
    rng = random.Random(7)
    pts = []
    for _ in range(60_000):
        z = rng.uniform(-4.0, 1.5)
        p = 1.0 / (1.0 + math.exp(-safety.recalibrate(z, true, knees)))
        pts.append((z, 1.0 if rng.random() < p else 0.0))
    got = recal_fit(pts, knees)
    assert len(got) == 4
    assert all(abs(g - t) < 0.15 for g, t in zip(got, true, strict=True)), got
    for coef, kn in ((safety.RECAL, safety.KNEES), (safety.RECAL_WHOLE, safety.KNEES_WHOLE)):
        assert len(coef) == 2 + len(kn)
        for k in kn:
            below, above = safety.recalibrate(k - 1e-9, coef, kn), safety.recalibrate(k + 1e-9, coef, kn)
            assert abs(above - below) < 1e-6
        zs = [x / 10 for x in range(-60, 40)]
        assert all(b > a for a, b in itertools.pairwise(safety.recalibrate(z, coef, kn) for z in zs))
