"""Expert in the page: the worker's messages checked on the way back, and Hard playing whenever the worker
fails, is slow or answers nonsense (``ui/browser/expert_wire.py``, ``ui/browser/expert_think.py``); Expert
in Settings, and games with Expert seats (or a level this build doesn't know) saved and loaded."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest

from engine.actions import Discard, to_text
from engine.bots import ExpertBot, hint, make_bot
from engine.stored_rules import rules_to_dict
from engine.views import view_for
from ui import saves
from ui.app import App
from ui.browser import expert_think, expert_wire
from ui.browser.expert_think import Thinker
from ui.browser.expert_wire import Desk, read_answer, request_text
from ui.render import regions
from ui.seating.model import MAX_NAME
from ui.settings.model import EXPERT_NOTE, LEVEL_NAMES, Settings, load_settings
from ui.table.narrate import advice
from ui.table.turn import show_hint
from ui_tests.helpers import simple_turn

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine on a loop of its own (in a thread: a browser test in the same run may hold this one's)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def expert_app(seed: int = 5) -> App:
    """South and three Expert computers, played on until a computer is to act."""
    app = App(Settings(level="expert"), random.Random(seed))
    for _ in range(20):
        if app.bot_to_act():
            return app
        simple_turn(app)
    raise AssertionError("no computer turn came")


def answer_for(app: App, ident: int, **change: object) -> str:
    """A well-formed worker answer (Hard's move for the seat to act), with fields changed."""
    seat = app.game.to_act
    assert seat is not None
    decision = make_bot("hard", seat, app.game.deal_number).decide(view_for(app.game, seat))
    data = {"t": "decided", "id": ident, "action": to_text(decision.action), "reason": "It won 5 of 7 playouts.",
            "full": "It won 5 of 7 playouts.", "advice": "", "ms": 120.0, "n": 14, "cut": False}
    data.update(change)
    return json.dumps(data)


class FakePort:
    """A stand-in for the worker: each message posted is answered (a moment later) by ``reply``."""

    def __init__(self, deliver: Callable[[object], None], reply: Callable[[str], list[object]]) -> None:
        self.deliver = deliver
        self.reply = reply
        self.sent: list[str] = []
        self.closed = False

    def post(self, text: str) -> None:
        self.sent.append(text)
        answers = self.reply(text)
        loop = asyncio.get_event_loop()
        for answer in answers:
            loop.call_later(0.01, self.deliver, answer)

    def close(self) -> None:
        self.closed = True


def thinker_with(reply: Callable[[str], list[object]]) -> tuple[Thinker, list[FakePort], list[int | None]]:
    ports: list[FakePort] = []
    shown: list[int | None] = []

    def open_port(deliver: Callable[[object], None]) -> FakePort:
        ports.append(FakePort(deliver, reply))
        return ports[-1]

    return Thinker(open_port, shown.append), ports, shown


def ready_then(answer: Callable[[dict[str, object]], list[object]]) -> Callable[[str], list[object]]:
    """A worker that starts, then answers each request with ``answer(request)``."""

    def reply(text: str) -> list[object]:
        data = json.loads(text)
        if data["t"] == "start":
            return [json.dumps({"t": "ready", "id": 0, "ms": 5})]
        return answer(data)

    return reply


# ----- the worker's side -----------------------------------------------------------------


def step(app: App) -> None:
    """One move on: a computer's, or the person's plain turn."""
    if app.bot_to_act():
        app.bot_step()
    else:
        simple_turn(app)


def test_the_worker_answers_with_experts_own_move_and_reason_for_that_seats_view() -> None:
    app = App(Settings(level="hard"), random.Random(5))
    for _ in range(60):  # on to a decision Expert plays out (it says what it compared)
        seat = app.game.to_act
        if app.bot_to_act() and seat is not None and app.game.phase == "play":
            expected = ExpertBot(seat, app.game.deal_number).decide(view_for(app.game, seat))
            if "playouts" in expected.public_reason:
                break
        step(app)
    else:
        raise AssertionError("Expert searched no decision")
    game = app.game
    desk = Desk()
    assert json.loads(desk.answer(expert_wire.start_text()))["t"] == "ready"
    text = desk.answer(request_text("decide", 3, game, seat, budget=10.0))  # the work budget binds, not the clock
    thought = read_answer(text, 3, game, seat)
    assert thought is not None and thought.action == expected.action
    assert (thought.reason, thought.full) == (expected.public_reason, expected.reason)
    # the next request moves the kept game on instead of replaying it
    kept = desk.game
    app.bot_step()
    while not app.bot_to_act():
        simple_turn(app)
    seat = app.game.to_act
    assert seat is not None
    assert read_answer(desk.answer(request_text("decide", 4, app.game, seat)), 4, app.game, seat) is not None
    assert desk.game is kept and desk.game.history == app.game.history


def test_the_worker_says_it_failed_instead_of_raising() -> None:
    desk = Desk()
    for text in ("", "{", "[]", '{"t": "decide", "id": 1}', json.dumps({"t": "decide", "id": 2, "rules": {},
                 "deal": 1, "actions": [], "seat": 0, "budget": 0.3}), "[" * 5000, None, 7):
        data = json.loads(desk.answer(text))
        assert data["t"] == "failed"
    app = expert_app()
    wrong_seat = (app.game.to_act or 0) + 1
    data = json.loads(desk.answer(request_text("decide", 5, app.game, wrong_seat)))
    assert data == {"t": "failed", "id": 5, "error": data["error"]} and "no decision" in data["error"]


# ----- the page's checks -----------------------------------------------------------------


def test_an_answer_is_used_only_when_it_is_a_legal_move_for_that_seat_now() -> None:
    app = expert_app()
    game, seat = app.game, app.game.to_act
    assert seat is not None
    assert read_answer(answer_for(app, 9), 9, game, seat) is not None
    someone_else = next(s for s in range(game.n) if s != seat)
    foreign = next(c for c in game.players[someone_else].hand if c not in game.players[seat].hand)
    bad = [
        answer_for(app, 8),  # another request's
        answer_for(app, 9, action=to_text(Discard(foreign))),  # a card it doesn't hold
        answer_for(app, 9, action="fly away"),
        answer_for(app, 9, action=None),
        answer_for(app, 9, reason="x" * 2000),
        answer_for(app, 9, reason="Discarded\u202e it"),  # a bidi override
        answer_for(app, 9, full="line\nbreak"),
        answer_for(app, 9, ms=-1),
        answer_for(app, 9, ms="fast"),
        answer_for(app, 9, extra=1),
        answer_for(app, 9, t="ready"),
        json.dumps({"t": "failed", "id": 9, "error": "no"}),
        "not json", "[" * 100 + "]" * 100, "", None, 42, "x" * 100_000,
    ]
    for text in bad:
        assert read_answer(text, 9, game, seat) is None, text
    assert read_answer(answer_for(app, 9), 9, game, someone_else) is None  # not that seat's turn


# ----- a computer turn through the worker ----------------------------------------------------


def test_an_expert_turn_plays_the_workers_checked_answer_and_shows_the_seat_thinking() -> None:
    app = expert_app()
    seat = app.game.to_act
    moves = len(app.game.history)
    thinker, ports, shown = thinker_with(ready_then(lambda data: [answer_for(app, int(str(data["id"])))]))

    async def go() -> bool:
        return await thinker.turn(app, 0.05)

    assert run(go())
    assert len(app.game.history) > moves and thinker.fallbacks == 0
    assert shown == [seat, None]
    assert app.session.recent.lines[-1].reason == "It won 5 of 7 playouts."
    assert [json.loads(t)["t"] for t in ports[0].sent] == ["start", "decide"]
    assert json.loads(ports[0].sent[0])["rules"] == rules_to_dict(app.game.rules)  # it warms up on this game's rules


@pytest.mark.parametrize(
    "reply",
    [
        ready_then(lambda data: ["nonsense"]),
        ready_then(lambda data: [json.dumps({"t": "decided", "id": data["id"], "action": "discard 2C"})]),
        ready_then(lambda data: [json.dumps({"t": "failed", "id": data["id"], "error": "boom"})]),
        ready_then(lambda data: []),  # never answers
        lambda text: [json.dumps({"t": "failed", "id": 0, "error": "no Python here"})],  # never starts
    ],
    ids=["nonsense", "illegal", "failed", "silent", "no-start"],
)
def test_hard_plays_the_turn_when_the_worker_fails_is_slow_or_answers_nonsense(
    reply: Callable[[str], list[object]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(expert_think, "ANSWER_SECONDS", 0.2)
    app = expert_app()
    seat = app.game.to_act
    assert seat is not None
    hard = make_bot("hard", seat, app.game.deal_number).decide(view_for(app.game, seat))
    moves = len(app.game.history)
    thinker, _ports, _shown = thinker_with(reply)
    assert run(thinker.turn(app, 0))
    assert app.game.history[moves] == to_text(hard.action) and thinker.fallbacks == 1
    assert app.session.recent.lines[-1].reason == hard.public_reason


def test_after_three_failures_in_a_row_the_worker_is_closed_and_hard_plays_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expert_think, "ANSWER_SECONDS", 0.1)
    app = expert_app()
    thinker, ports, _shown = thinker_with(ready_then(lambda data: ["{}"]))

    async def three_turns() -> None:
        for _ in range(3):
            while not app.bot_to_act():
                simple_turn(app)
            assert await thinker.turn(app, 0)

    run(three_turns())
    assert thinker.broken and ports[0].closed and thinker.fallbacks == 3
    while not app.bot_to_act():
        simple_turn(app)
    assert run(thinker.turn(app, 0)) and len(ports) == 1  # no new worker: Hard at once


def test_nothing_is_played_when_the_table_moved_on_while_expert_thought() -> None:
    app = expert_app()
    moves = len(app.game.history)

    def reply(data: dict[str, object]) -> list[object]:
        app.new_game()  # the person started a new game meanwhile
        return [answer_for(app, int(str(data["id"])))]

    thinker, _ports, _shown = thinker_with(ready_then(reply))
    old = app.game
    assert not run(thinker.turn(app, 0.05))
    assert len(old.history) == moves and thinker.strikes == 0


# ----- Settings, saves ------------------------------------------------------------------


def test_settings_offer_expert_with_a_sentence_saying_it_takes_a_moment() -> None:
    assert "expert" in LEVEL_NAMES
    app = App(Settings(), random.Random(1))
    app.handle("screen", "settings")
    html = "".join(regions(app).values())
    field = re.search(r'<select id="set-level" data-setting="level">(.*?)</select>', html)
    assert field is not None and '<option value="expert">Expert</option>' in field.group(1)
    assert EXPERT_NOTE in html and "playing out possible hands" in EXPERT_NOTE
    assert load_settings(Settings(level="expert").to_json()).level == "expert"
    assert load_settings(json.dumps({"level": "grandmaster"})).level == "normal"  # unknown: the default


def test_a_game_with_expert_seats_saves_and_resumes_and_an_unknown_level_falls_back() -> None:
    app = App(Settings(level="hard"), random.Random(3))
    assert app.sit_down([(0, "Anna")], {1: "expert", 2: "normal", 3: "expert"})
    text = app.next_save()
    copy = saves.read(saves.PRIMARY, text)
    assert not copy.problem and copy.seating is not None
    assert copy.seating.levels == ((1, "expert"), (2, "normal"), (3, "expert"))
    again = App(Settings(), random.Random(4))
    again.resume_game(copy.game, 0, copy.seating, copy.shown)  # type: ignore[arg-type]
    assert expert_think.expert_seat(again.session, 1) and not expert_think.expert_seat(again.session, 2)
    assert expert_think.expert_game(again.session)
    # a level a later version might save: the game loads, that computer at the level in Settings
    data = json.loads(text)
    data["seating"]["levels"] = [[1, "grandmaster"], [2, "normal"], [3, "expert"]]
    copy = saves.read(saves.PRIMARY, json.dumps(data))
    assert not copy.problem and copy.seating is not None
    assert copy.seating.levels == ((2, "normal"), (3, "expert"))
    assert copy.seating.level(1) == ""


def test_an_expert_hint_from_the_worker_is_experts_own_with_its_advice_and_only_when_expert_plays() -> None:
    app = App(Settings(level="expert"), random.Random(5))
    while app.bot_to_act():
        app.bot_step()
    assert expert_think.wants_expert_hint(app)
    assert not expert_think.wants_expert_hint(App(Settings(level="hard"), random.Random(5)))
    game, seat = app.game, app.session.seat
    text = Desk().answer(request_text("hint", 2, game, seat, budget=10.0))
    thought = read_answer(text, 2, game, seat)
    expected = hint(view_for(game, seat), level="expert")
    assert thought is not None and thought.action == expected.action and thought.advice == advice(expected.why)
    show_hint(app, thought.action, thought.advice)
    assert app.note is not None and app.note.text.startswith("Hint: ") and app.hint_action == expected.action


def test_the_workers_reasons_name_the_people_seated_and_odd_names_fall_back_to_compass_seats() -> None:
    desk, app = Desk(), App(Settings(level="expert"), random.Random(5))
    for ident in range(40):  # the first decision whose reason names North (a discard's risk)
        game, seat = app.game, app.game.to_act
        assert seat is not None
        compass = read_answer(desk.answer(request_text("decide", ident, game, seat, 10.0)), ident, game, seat)
        if compass is not None and "North will" in compass.full:
            break
        step(app)
    else:
        pytest.fail("no reason named North")
    names = ["Ana", "Wes", "Nora", "Ed"]
    text = Desk().answer(request_text("decide", 1, game, seat, 10.0, names))
    named = read_answer(text, 1, game, seat)
    assert named is not None and named.action == compass.action
    assert "Nora will" in named.full and "North" not in named.full
    assert expert_wire.MAX_NAME == MAX_NAME
    for odd in (names[:3], ["Ana", "Wes", "N" * (MAX_NAME + 1), "Ed"], ["Ana", "Wes", "No\u202era", "Ed"], [1, 2, 3, 4],
                "Nora", ["Ana", "", "Nora", "Ed"]):
        data = json.loads(request_text("decide", 1, game, seat, 10.0))
        data["names"] = odd
        again = read_answer(Desk().answer(json.dumps(data)), 1, game, seat)
        assert again is not None and again.full == compass.full, odd


# ----- the runner: only a game with an Expert seat opens the worker ------------------------------


class Dataset:
    idle = "1"


class FakeBody:
    dataset = Dataset()


class FakeSaver:
    writing = False

    def save_now(self) -> None:
        pass

    def waiting(self) -> bool:
        return False


class FakePage:
    def __init__(self) -> None:
        self.painted = 0

    def refresh(self) -> None:
        self.painted += 1


class Reduced:
    matches = True


def runner_for(
    app: App, monkeypatch: pytest.MonkeyPatch, reply: Callable[[str], list[object]]
) -> tuple[Any, list[Thinker]]:
    """The page's runner with stand-ins for the browser, and a stand-in worker in place of ui.browser.expert."""
    import sys
    import types

    from ui.browser.runner import Runner

    made: list[Thinker] = []

    def page_thinker(_app: App, _body: object) -> Thinker:
        made.append(thinker_with(reply)[0])
        return made[-1]

    fake = types.ModuleType("ui.browser.expert")
    fake.page_thinker = page_thinker  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ui.browser.expert", fake)
    runner = Runner(app, FakeSaver(), FakePage(), FakeBody(), Reduced())  # type: ignore[arg-type]
    app.session.hold_ending = False
    return runner, made


def test_the_runner_opens_no_worker_without_an_expert_seat_and_plays_expert_turns_through_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hard = App(Settings(level="hard"), random.Random(5))
    simple_turn(hard)
    simple_turn(hard)  # South's discard: the computers' turn
    runner, made = runner_for(hard, monkeypatch, ready_then(lambda data: []))
    run(runner.pump())
    assert made == [] and hard.game.to_act == hard.session.seat  # Hard played on the page, no worker
    app = expert_app()
    runner, made = runner_for(app, monkeypatch, ready_then(lambda data: [answer_for(app, int(str(data["id"])))]))
    run(runner.pump())
    assert len(made) == 1 and len(made[0].times) >= 3 and made[0].fallbacks == 0
    assert app.game.to_act == app.session.seat  # every computer turn came through the worker
