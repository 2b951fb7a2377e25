"""Expert's turns in the page: asked of a worker with its own Python, so the table keeps animating and
taking taps while it thinks; Hard, on the page's thread, whenever the worker can't answer in time.

Pure Python and asyncio (``ui/browser/expert.py`` gives it the browser's worker as a ``Port``), so the
UI-logic tests drive it with a stand-in.  The worker is started lazily: only once a game with an
Expert seat is on the table (or an Expert hint is asked for), never at start-up.

What happens to one Expert turn (``Thinker.turn``): the request goes to the worker while the pace of
Settings → Speed runs; the answer is checked (``expert_wire.read_answer``: a legal move for that seat
in the page's own game, sane texts); the page's game must still be where it was asked (else nothing
is played and the runner looks again).  No answer within ``START_SECONDS`` of starting, or within
``ANSWER_SECONDS`` of asking, or any nonsense, and Hard decides on the page instead (its decision takes
a few milliseconds); after ``STRIKES`` such failures in a row the worker is closed and Hard plays
every Expert turn of the visit.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from engine.actions import Action
from engine.moves import legal_actions
from engine.rules import RuleSet
from engine.views import view_for
from ui.browser.expert_wire import BUDGET, Thought, answer_id, is_ready, read_answer, request_text, start_text

if TYPE_CHECKING:
    from ui.app import App
    from ui.table.session import Session

EXPERT = "expert"
START_SECONDS = 30.0
"""How long a first Expert turn waits for the worker's Python to start (a slow phone takes seconds)."""
ANSWER_SECONDS = 2.0
"""How long a turn waits for the worker's answer once it is up (it answers within ``BUDGET`` of the
request's arrival, 0.9 s for a search to the round's end: ``expert_pace``): past this, Hard plays the turn."""
STRIKES = 3
"""Failures in a row after which the worker is closed for the visit."""


class Port(Protocol):
    """A worker as the thinker sees it: messages out as text; ``close`` ends it."""

    def post(self, text: str) -> None: ...

    def close(self) -> None: ...


OpenPort = Callable[[Callable[[object], None]], Port]
"""Starts a worker whose every message is handed to the callback given; raises if it can't."""


def expert_seat(session: Session, seat: int) -> bool:
    """True when the computer in ``seat`` plays at the Expert level (its own, else the game's)."""
    return (session.seating.level(seat) or session.level()) == EXPERT


def expert_game(session: Session) -> bool:
    """True when some computer seat of the game on the table plays Expert."""
    humans = session.humans
    return any(expert_seat(session, s) for s in range(session.game.n) if s not in humans or s in session.away)


def wants_expert_hint(app: App) -> bool:
    """True when a Hint should be Expert's: the computers of this game play Expert (Settings' level, or a
    challenge's) and it is the person's turn; else Hint is Hard's, at once."""
    return app.level() == EXPERT and app.human_to_act()


class Thinker:
    """The page's end of the Expert worker: starts it, asks it, times it, checks it, falls back."""

    def __init__(
        self,
        open_port: OpenPort,
        show: Callable[[int | None], None] = lambda seat: None,
        tell: Callable[[Thinker], None] = lambda thinker: None,
    ) -> None:
        self.open_port = open_port
        self.show = show  # the seat thinking, shown on the page (None: nobody)
        self.tell = tell  # after each Expert turn: the figures kept (``times``, ``fallbacks``) for tests and benches
        self.port: Port | None = None
        self.ready: asyncio.Future[bool] | None = None
        self.waiting: dict[int, asyncio.Future[object]] = {}
        self.next_id = 1
        self.strikes = 0
        self.broken = False
        self.times: list[float] = []  # each answered decision's wait on the page, in ms (for the bench)
        self.playouts: list[int] = []  # and the playouts its searches played (the worker's ``n``)
        self.cuts: list[bool] = []  # and whether time stopped or skipped a search (the worker's ``cut``)
        self.fallbacks = 0  # turns Hard played instead
        self.last_problem = ""

    # ----- the worker ------------------------------------------------------------------

    def start(self, rules: RuleSet | None = None) -> None:
        """Start the worker (once): Python loads there while the page goes on, and warms Expert up on
        ``rules`` (the game's)."""
        if self.port is not None or self.broken:
            return
        self.ready = asyncio.get_event_loop().create_future()
        try:
            self.port = self.open_port(self.receive)
            self.port.post(start_text(rules))
        except Exception as err:
            self.fail(f"the worker could not start: {err}", close=True)

    def receive(self, data: object) -> None:
        """A message from the worker: settles the request it answers (anything else is dropped)."""
        if is_ready(data):
            if self.ready is not None and not self.ready.done():
                self.ready.set_result(True)
            return
        ident = answer_id(data)
        if ident == 0 and self.ready is not None and not self.ready.done():
            self.ready.set_result(False)  # its Python did not start
            return
        future = self.waiting.pop(ident, None) if ident is not None else None
        if future is not None and not future.done():
            future.set_result(data)

    def fail(self, problem: str, close: bool = False) -> None:
        self.last_problem = problem
        self.strikes += 1
        if close or self.strikes >= STRIKES:
            self.broken = True
            if self.ready is not None and not self.ready.done():
                self.ready.set_result(False)
            for future in self.waiting.values():
                if not future.done():
                    future.cancel()
            self.waiting.clear()
            if self.port is not None:
                try:
                    self.port.close()
                except Exception:
                    pass
                self.port = None

    async def ask(self, kind: str, session: Session, seat: int) -> Thought | None:
        """Expert's checked answer for ``seat`` in the session's game now, or None (Hard's turn then)."""
        self.start(session.game.rules)
        if self.broken or self.ready is None:
            return None
        try:
            up = await asyncio.wait_for(asyncio.shield(self.ready), START_SECONDS)
        except TimeoutError:
            self.fail("the worker's Python took too long to start", close=True)
            return None
        if not up or self.port is None:
            self.fail("the worker's Python did not start", close=True)
            return None
        game = session.game
        ident = self.next_id
        self.next_id += 1
        future: asyncio.Future[object] = asyncio.get_event_loop().create_future()
        self.waiting[ident] = future
        asked = time.perf_counter()
        try:
            self.port.post(request_text(kind, ident, game, seat, BUDGET, session.names()))
            text = await asyncio.wait_for(future, ANSWER_SECONDS)
        except TimeoutError:
            self.waiting.pop(ident, None)
            self.fail(f"no answer within {ANSWER_SECONDS} s")
            return None
        except (asyncio.CancelledError, Exception) as err:
            self.waiting.pop(ident, None)
            self.fail(f"asking failed: {err!r}")
            return None
        if session.game is not game:
            return None  # a new game since: not a failure of the worker's
        thought = read_answer(text, ident, game, seat)
        if thought is None:
            self.fail(f"its answer was not a move for seat {seat} now: {str(text)[:200]}")
            return None
        self.strikes = 0
        self.times.append((time.perf_counter() - asked) * 1000)
        self.playouts.append(thought.playouts)
        self.cuts.append(thought.cut)
        self.tell(self)
        return thought

    # ----- a computer turn ---------------------------------------------------------------

    async def turn(self, app: App, pace: float) -> bool:
        """Play the Expert seat whose turn it is: its answer (asked while the pace runs), or Hard's.  False
        when nothing was played because the table moved on meanwhile (the runner looks again)."""
        session = app.session
        game = session.game
        seat = game.to_act
        if seat is None or not app.bot_to_act():
            return False
        moves = len(game.history)
        self.show(seat)
        try:
            thinking = asyncio.ensure_future(self.ask("decide", session, seat))
            await asyncio.sleep(pace)
            thought = await thinking
        finally:
            self.show(None)
        await asyncio.sleep(0)  # the thinking ends in a task of its own: the move's paint comes in the next
        if app.session is not session or session.game is not game or len(game.history) != moves:
            return False
        if game.to_act != seat or not app.bot_to_act():
            return False
        if thought is None:
            self.fallbacks += 1
            action, reason, full = hard_decision(session, seat)
        else:
            action, reason, full = thought.action, thought.reason, thought.full
        session.apply_action(action, seat, reason, full)
        self.tell(self)
        return True


def hard_decision(session: Session, seat: int) -> tuple[Action, str, str]:
    """What Hard plays for ``seat`` now, on the page's thread (a few milliseconds), as (action, reason,
    full reason)."""
    from engine.bots import make_bot

    game = session.game
    bot = make_bot("hard", seat, game.deal_number)
    view = view_for(game, seat, session.names())
    decision = bot.answer(view) if game.phase == "answer" else bot.decide(view)
    if game.check(decision.action) is not None:  # an engine bug: the first legal move, as bot_step does
        return legal_actions(game)[0], "It played a safe move.", "It played a safe move."
    return decision.action, decision.public_reason, decision.reason
