"""The computer players paced with asyncio, so the browser stays responsive between their moves; the
watched game stepping on its own; ``data-idle`` for tests."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from ui.browser.expert_think import Thinker, expert_game, expert_seat
from ui.settings.model import PACE_SECONDS
from ui.table.session import ENDING_SECONDS
from ui.watch.model import PLAY_SECONDS

if TYPE_CHECKING:
    from ui.app import App
    from ui.browser.page import Page
    from ui.browser.saving import Saver


class Runner:
    """The background tasks: the computers' turns (``pump``), the watched game's play, the writer."""

    def __init__(self, app: App, saver: Saver, page: Page, body: Any, reduced_query: Any) -> None:
        self.app = app
        self.saver = saver
        self.page = page
        self.body = body
        self.reduced_query = reduced_query
        self.running = False
        self.watching = False  # the watched game is stepping on its own (watch_play)
        self.tasks: set[asyncio.Future[None]] = set()  # keep references so pending tasks are not garbage-collected
        self.thinker: Thinker | None = None  # Expert's worker: made when an Expert seat is first on the table
        app.session.hold_ending = True  # a round's end stays on the table until ``hold_ending`` below ends it

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def kick(self) -> None:
        self.body.dataset.idle = "0"
        self.spawn(self.pump())

    def pace(self) -> float:
        settings = self.app.settings
        if settings.reduced_motion or self.reduced_query.matches:
            return 0
        return PACE_SECONDS.get(settings.speed, PACE_SECONDS["normal"])

    def settle_idle(self) -> None:
        """``data-idle`` is 1 once no computer has a move to make and IndexedDB has every save."""
        busy = self.running or self.saver.writing or self.saver.waiting() or self.app.bot_to_act()
        self.body.dataset.idle = "0" if busy else "1"

    async def pump(self) -> None:
        """Save what changed, then let the computer players move one at a time, paced."""
        if self.running:
            return
        self.running = True
        app, saver = self.app, self.saver
        try:
            self.warm_expert()
            while not app.elsewhere:  # a tab that gave way neither saves nor plays
                saver.save_now()
                if saver.waiting():
                    self.spawn(saver.writer())  # in the background: a slow or failing store never holds the game up
                if not app.bot_to_act():
                    break
                if self.expert_turn():
                    assert self.thinker is not None
                    if await self.thinker.turn(app, self.pace()):  # it thinks in its worker while the pace runs
                        await self.paint()
                    continue
                await asyncio.sleep(self.pace())
                if app.bot_to_act():  # the game may have changed while we waited
                    app.bot_step()
                    await self.paint()
            await self.hold_ending()
        finally:
            self.running = False
            self.settle_idle()

    async def paint(self) -> None:
        """Save and paint a computer's move in a task of its own (``Page.refresh``), then yield: the next
        Expert seat's thinking (the thinking line, the question to its worker) starts in a later task, so
        the page's thread never does both in one long task."""
        self.page.refresh()
        await asyncio.sleep(0)

    def warm_expert(self) -> None:
        """Start Expert's worker once a game with an Expert seat is on the table (its Python loads while the
        person plays), never before: a start-up without Expert loads none of it."""
        if self.thinker is None and expert_game(self.app.session):
            self.expert().start(self.app.game.rules)

    def expert(self) -> Thinker:
        """Expert's thinker (``ui.browser.expert_think``), made the first time it is needed: start-up never
        loads it."""
        if self.thinker is None:
            from ui.browser.expert import page_thinker

            self.thinker = page_thinker(self.app, self.body)
        return self.thinker

    def expert_turn(self) -> bool:
        """True when the computer to act plays Expert (its turns go through the thinker)."""
        session = self.app.session
        seat = session.game.to_act
        if seat is None or not expert_seat(session, seat):
            return False
        self.expert()
        return True

    async def hold_ending(self) -> None:
        """Leave the play that went out on the table for ``ENDING_SECONDS`` (unless a tap opens the scores
        sooner), then open the round's scores."""
        app = self.app
        session = app.session
        left = ENDING_SECONDS.get(app.settings.speed, ENDING_SECONDS["normal"])
        while session.ending and left > 0 and not app.elsewhere and app.session is session:
            await asyncio.sleep(0.1)
            left -= 0.1
        if session.ending and app.session is session:
            session.see_scores()
            self.page.refresh()

    async def watch_play(self) -> None:
        """Step the watched game on its own, a move every ``PLAY_SECONDS``, until paused, closed or at the end."""
        if self.watching:
            return
        self.watching = True
        try:
            while True:
                await asyncio.sleep(PLAY_SECONDS)
                app = self.app
                watch = app.watch
                if watch is None or not watch.playing or app.screen != "watch" or app.elsewhere:
                    return
                watch.step("next")
                self.page.refresh()
        finally:
            self.watching = False
