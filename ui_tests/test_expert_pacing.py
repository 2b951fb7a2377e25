"""Expert's pace in the worker (``ui/browser/expert_pace.py``), on a clock of the tests' own (no timed
test): an answer within its time of the request's arrival, the rebuild counted; a search that can't fit
its ``MIN_SAMPLES`` samples skipped (Hard's choice); ``n`` and ``cut`` in the answer, checked strictly on
the page; and the runner painting a move in a task of its own before the next Expert seat thinks."""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter
from typing import Any

import pytest

from engine.actions import Action, to_text
from engine.bots import ExpertBot, make_bot
from engine.bots.expert import HORIZON, MIN_SAMPLES
from engine.cards import Card
from engine.rules import preset
from engine.state import Game
from engine.views import view_for
from ui.app import App
from ui.browser import expert_pace, expert_wire
from ui.browser.expert_pace import OUT_SECONDS, RESERVE, Pacer
from ui.browser.expert_wire import Desk, read_answer, request_text
from ui.settings.model import Settings
from ui_tests.helpers import simple_turn
from ui_tests.test_expert_worker import answer_for, expert_app, ready_then, run, runner_for, thinker_with

BUDGET = 0.35


class Clock:
    """Seconds that pass only when a test says so."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def searched_position() -> tuple[Game, int]:
    """A classic game at a computer's draw or discard that Expert plays out (its reason names playouts)."""
    app = App(Settings(level="hard"), random.Random(5))
    for _ in range(80):
        seat = app.game.to_act
        if app.bot_to_act() and seat is not None and app.game.phase in ("draw", "play"):
            decision = ExpertBot(seat, app.game.deal_number).decide(view_for(app.game, seat))
            if "playouts" in decision.public_reason and "go out" not in decision.public_reason:
                return app.game, seat
        if app.bot_to_act():
            app.bot_step()
        else:
            simple_turn(app)
    raise AssertionError("Expert searched no decision")


@pytest.fixture(scope="module")
def position() -> tuple[Game, int]:
    return searched_position()


def costly_playouts(monkeypatch: pytest.MonkeyPatch, clock: Clock, seconds: float) -> list[int | None]:
    """Expert's own playouts, each taking ``seconds`` on ``clock``; returns the horizons played."""
    played: list[int | None] = []
    real = ExpertBot.playout

    def playout(self: ExpertBot, game: Game, action: Action, horizon: int | None,
                known: dict[int, Counter[Card]], upto: int) -> tuple[float, int]:
        played.append(horizon)
        clock.now += seconds
        return real(self, game, action, horizon, known, upto)

    monkeypatch.setattr(ExpertBot, "playout", playout)
    return played


def slow_rebuild(monkeypatch: pytest.MonkeyPatch, clock: Clock, seconds: float) -> None:
    """The worker's rebuild of the game takes ``seconds`` on ``clock``."""
    real = Desk.game_for

    def game_for(self: Desk, rules: Any, deal: Any, actions: list[str]) -> Game:
        clock.now += seconds
        return real(self, rules, deal, actions)

    monkeypatch.setattr(Desk, "game_for", game_for)


def ask(desk: Desk, game: Game, seat: int, ident: int = 1) -> dict[str, Any]:
    clock = desk.clock
    arrived = clock()
    data: dict[str, Any] = json.loads(desk.answer(request_text("decide", ident, game, seat, BUDGET)))
    assert data["t"] == "decided", data
    data["took"] = clock() - arrived
    return data


# ----- the pacer -----------------------------------------------------------------------------


def test_a_search_a_few_turns_ahead_ends_within_the_budget_of_the_requests_arrival(
    position: tuple[Game, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    game, seat = position
    clock = Clock()
    played = costly_playouts(monkeypatch, clock, 0.02)
    slow_rebuild(monkeypatch, clock, 0.1)  # the rebuild's time is the search's time too
    data = ask(Desk(clock), game, seat)
    assert data["took"] <= BUDGET and data["ms"] <= BUDGET * 1000
    assert data["cut"] is True and data["n"] == len(played) and data["n"] >= 2 * MIN_SAMPLES
    assert all(h is not None for h in played)
    assert read_answer(json.dumps({k: v for k, v in data.items() if k != "took"}), 1, game, seat) is not None


def test_a_search_that_cannot_fit_its_samples_is_skipped_and_hard_plays_its_choice(
    position: tuple[Game, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    game, seat = position
    clock = Clock()
    played = costly_playouts(monkeypatch, clock, 0.1)
    desk = Desk(clock)
    first = ask(desk, game, seat)  # learns a playout's cost: one sample fits, not MIN_SAMPLES
    assert first["cut"] is True and first["n"] == len(played) and first["n"] < 2 * MIN_SAMPLES
    assert first["took"] <= BUDGET + 0.1  # the first sample's cost was not known yet
    played.clear()
    second = ask(desk, game, seat, 2)  # now it knows: no playout begun
    assert played == [] and (second["n"], second["cut"]) == (0, True) and desk.pacer.skipped == 1
    assert second["took"] <= BUDGET
    hard = make_bot("hard", seat, game.deal_number).decide(view_for(game, seat))
    assert second["action"] == first["action"] == to_text(hard.action)
    assert "playouts" not in second["reason"]
    # each skip forgets a little of the cost learned, so a slow moment does not skip every search after it
    costs = [desk.pacer.per_playout[8]]
    for ident in range(3, 12):
        ask(desk, game, seat, ident)
        costs.append(desk.pacer.per_playout[8])
    assert costs[1] < costs[0] and len(played) > 0  # tried again once the estimate let it


def test_with_time_enough_nothing_is_cut_and_the_move_is_experts_own(
    position: tuple[Game, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    game, seat = position
    clock = Clock()
    played = costly_playouts(monkeypatch, clock, 0.001)
    expected = ExpertBot(seat, game.deal_number).decide(view_for(game, seat))
    played.clear()
    data = ask(Desk(clock), game, seat)
    assert data["cut"] is False and data["n"] == len(played) > 0
    assert (data["reason"], data["full"]) == (expected.public_reason, expected.reason)


def test_searches_to_the_rounds_end_get_longer_and_each_horizon_is_learned_apart() -> None:
    clock = Clock()
    pacer = Pacer(clock)
    pacer.begin(clock(), BUDGET)
    assert pacer.end(8) == pytest.approx(clock() + BUDGET - RESERVE)
    assert pacer.end(None) == pytest.approx(clock() + OUT_SECONDS - RESERVE)
    assert pacer.fits(8, 100) and pacer.fits(None, 100)  # nothing learned yet: any time left will do
    pacer.learn(8, 0.01)
    pacer.learn(None, 0.1)
    assert pacer.fits(8, 2 * MIN_SAMPLES) and not pacer.fits(8, 30)
    assert pacer.fits(None, 2 * MIN_SAMPLES) and not pacer.fits(None, 8)
    clock.now += 0.32
    assert not pacer.fits(8, 2) and pacer.fits(None, 2)
    clock.now += 0.6
    assert not pacer.fits(None, 1) and not pacer.fits(8, 1)
    pacer.learn(8, 0.03)  # a running estimate: the newest time weighs in
    assert 0.01 < pacer.per_playout[8] < 0.03 and pacer.per_playout[None] == 0.1
    pacer.searched(0, cut=True)
    pacer.searched(6, cut=False)
    assert (pacer.playouts, pacer.cut, pacer.skipped) == (6, True, 1)
    pacer.begin(clock(), BUDGET)  # a new request: its own figures, the costs kept
    assert (pacer.playouts, pacer.cut, pacer.skipped) == (0, False, 0) and 8 in pacer.per_playout


def test_the_worker_warms_up_when_it_starts_and_learns_a_playouts_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    played = costly_playouts(monkeypatch, clock, 0.05)
    desk = Desk(clock)
    assert json.loads(desk.answer(expert_wire.start_text()))["t"] == "ready"
    assert played == [HORIZON] * expert_pace.WARM_PLAYOUTS
    assert desk.pacer.per_playout == {HORIZON: pytest.approx(0.05)}  # the first playout is not learned from


def played_rules(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the rules of each game Expert plays out from (the warm-up's)."""
    names: list[str] = []
    real = ExpertBot.playout

    def playout(self: ExpertBot, game: Game, action: Action, horizon: int | None,
                known: dict[int, Counter[Card]], upto: int) -> tuple[float, int]:
        names.append(game.rules.name)
        return real(self, game, action, horizon, known, upto)

    monkeypatch.setattr(ExpertBot, "playout", playout)
    return names


def test_the_worker_warms_up_on_the_games_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    names = played_rules(monkeypatch)
    desk = Desk(Clock())
    assert json.loads(desk.answer(expert_wire.start_text(preset("rook"))))["t"] == "ready"
    assert names == ["rook"] * expert_pace.WARM_PLAYOUTS  # a three-deck playout's cost is learned, not classic's


@pytest.mark.parametrize(
    "rules",
    [None, "rook", 7, [1, 2], {"name": "classic", "decks": -3}, {"name": 5}, {"decks": "many"}],
)
def test_the_worker_warms_up_on_classic_when_a_start_names_no_readable_rules(
    monkeypatch: pytest.MonkeyPatch, rules: object
) -> None:
    names = played_rules(monkeypatch)
    message = {"t": "start", "id": 0} | ({} if rules is None else {"rules": rules})
    assert json.loads(Desk(Clock()).answer(json.dumps(message)))["t"] == "ready"
    assert names == ["classic"] * expert_pace.WARM_PLAYOUTS


def test_the_pacer_keeps_the_engines_search_signature() -> None:
    import inspect

    assert inspect.signature(expert_pace.PacedExpert.search) == inspect.signature(ExpertBot.search)
    assert inspect.signature(expert_pace.PacedExpert.playout) == inspect.signature(ExpertBot.playout)
    assert ExpertBot.time_budget is None  # the engine's default (tests, the arena) is left alone


# ----- the page's checks of n and cut --------------------------------------------------------


def test_an_answer_with_a_bad_playout_count_or_cut_is_refused() -> None:
    app = expert_app()
    game, seat = app.game, app.game.to_act
    assert seat is not None
    good = read_answer(answer_for(app, 9, n=14, cut=True), 9, game, seat)
    assert good is not None and (good.playouts, good.cut) == (14, True)
    assert read_answer(answer_for(app, 9, n=0, cut=False), 9, game, seat) is not None
    for change in ({"n": -1}, {"n": 1_001}, {"n": 10**30}, {"n": "3"}, {"n": 2.0}, {"n": True}, {"n": None},
                   {"n": [3]}, {"cut": 1}, {"cut": 0}, {"cut": "false"}, {"cut": None}, {"cut": [True]}):
        assert read_answer(answer_for(app, 9, **change), 9, game, seat) is None, change
    for key in ("n", "cut"):
        data = json.loads(answer_for(app, 9))
        del data[key]
        assert read_answer(json.dumps(data), 9, game, seat) is None, key


def test_the_thinker_keeps_each_answers_playouts_and_cut_for_the_bench() -> None:
    app = expert_app()
    thinker, _ports, _shown = thinker_with(
        ready_then(lambda data: [answer_for(app, int(str(data["id"])), n=14, cut=True)]))
    assert run(thinker.turn(app, 0))
    assert (thinker.playouts, thinker.cuts, thinker.fallbacks) == ([14], [True], 0)


# ----- the page: a move painted in its own task before the next seat thinks ---------------------


def test_the_runner_paints_a_move_and_yields_before_the_next_expert_seat_thinks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = expert_app()
    events: list[str] = []
    runner, made = runner_for(app, monkeypatch, ready_then(lambda data: [answer_for(app, int(str(data["id"])))]))
    page = runner.page

    def refresh() -> None:
        events.append("paint")
        asyncio.get_event_loop().call_soon(events.append, "next task")  # runs once the runner yields

    page.refresh = refresh

    async def go() -> None:
        runner.expert()
        made[0].show = lambda seat: events.append("thinking" if seat is not None else "done")
        await runner.pump()

    run(go())
    assert events.count("paint") >= 3 and len(made[0].times) >= 3
    for i, event in enumerate(events):
        if event == "paint" and "thinking" in events[i:]:
            assert events[i + 1] == "next task", events
