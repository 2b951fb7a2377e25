"""Saving never lags the screen: ``Saver.save_now`` writes what changed to localStorage in the task
that shows it, and hands it to IndexedDB right after (``writer``), retrying a failed write after a
pause while the table says so; the page hidden or left hands the newest save over at once."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from ui.browser.storage import Stores, quick_drop, quick_set
from ui.challenge import model as challenge
from ui.pad import model as pad
from ui.stats import model as stats

if TYPE_CHECKING:
    from ui.app import App

WRITE_TIMEOUT_SECONDS = 8  # an IndexedDB write that hasn't settled by then has failed
RETRY_SECONDS = (1, 3, 10, 30)  # waits before trying a failed write again (the last one repeats)
SAVE_FAILED = "Saving on this device failed: free some space. This game is still kept in this tab."
GAME_KEY = "game"
SETTINGS_KEY = "settings"
QUICK_GAME_KEY = "handfoot-game"  # the localStorage copy
QUICK_SETTINGS_KEY = "handfoot-settings"
LINES_KEY = "handfoot-lines"  # the recent moves and their reasons, kept beside the save
STATS_KEY = "stats"  # the finished games counted in the statistics (ui.stats), one record
QUICK_STATS_KEY = "handfoot-stats"  # its newest games, in localStorage
NAMES_KEY = "names"  # the names seated last, offered by the seat chooser (ui.seating.remembered)
QUICK_NAMES_KEY = "handfoot-names"  # its localStorage copy
PAD_PLACE_KEY = "handfoot-at-pad"  # the score pad open when the page went away (ui.pad.model.PadDesk.place)
LESSON_KEY = "handfoot-lesson"  # the lesson under way (ui.lesson.model), localStorage only: a few dozen bytes
CHALLENGE_LOCAL_PREFIX = "handfoot-" + challenge.PREFIX  # a challenge's localStorage copy
PAD_LOCAL_PREFIX = "handfoot-" + pad.PREFIX  # a score pad's localStorage copy: handfoot-pad-<id>

Started = tuple[asyncio.Future[bool], tuple[str, int] | None, str | None, dict[str, str], frozenset[str]]


class Saver:
    """What is waiting for IndexedDB, and the one writer handing it over."""

    def __init__(self, app: App, stores: Stores, body: Any) -> None:
        self.app = app
        self.stores = stores
        self.body = body
        self.pending: tuple[str, int] | None = None  # the newest save (text, moves) not yet handed to IndexedDB
        self.pending_settings: str | None = None  # the newest settings not yet handed to IndexedDB
        self.pending_extra: dict[str, str] = {}  # other records (games put aside) not yet written to IndexedDB
        self.pending_drops: set[str] = set()  # records deleted here, not yet deleted in IndexedDB
        self.writing = False  # the writer is handing saves to IndexedDB
        self.write_failures = 0  # failed IndexedDB writes in a row
        self.quick_failed = False  # localStorage refused the newest save
        # Set by main.py once the page and the runner exist:
        self.refresh: Callable[[], None] = lambda: None
        self.spawn: Callable[[Coroutine[Any, Any, None]], None] = lambda coro: coro.close()
        self.settle_idle: Callable[[], None] = lambda: None

    def waiting(self) -> bool:
        """True while something is not yet handed to IndexedDB."""
        return (
            self.pending is not None
            or self.pending_settings is not None
            or bool(self.pending_extra)
            or bool(self.pending_drops)
        )

    def drop_pending(self) -> None:
        """Another tab took the game: what this one had not handed over is older, and dropped."""
        self.pending = self.pending_settings = None

    def put(self, key: str, text: str) -> None:
        """A record for IndexedDB: in the in-memory copy now, on the disk with the next write."""
        self.stores.remember(key, text)
        self.pending_extra[key] = text
        self.pending_drops.discard(key)

    def drop(self, key: str) -> None:
        """Delete a record: from the in-memory copy now, from IndexedDB with the next write (which the
        page waits for before it says idle, and tries again if it fails, as it does a save)."""
        self.stores.forget(key)
        self.pending_extra.pop(key, None)
        self.pending_drops.add(key)

    def save_now(self) -> None:
        """Save a changed game or settings to localStorage now, in this task; IndexedDB follows (``pending``)."""
        app = self.app
        if app.elsewhere:
            return  # another tab has the game now: never write over its saves
        if app.dirty:
            text = app.next_save()
            quick_ok = quick_set(QUICK_GAME_KEY, text)
            self.pending = (text, len(app.game.history))
            self.note_storage(quick=quick_ok)
            if not quick_set(LINES_KEY, app.lines_data()):
                quick_drop(LINES_KEY)  # never leave moves of an older position behind
        if app.settings_dirty:
            self.pending_settings = app.next_settings_save()
            quick_set(QUICK_SETTINGS_KEY, self.pending_settings)
        if app.finished_dirty:
            self.keep_history()
        if app.remembered_dirty:
            self.keep_names()
        if app.lesson_dirty:
            record = app.lesson_record()
            if not (record and quick_set(LESSON_KEY, record)):
                quick_drop(LESSON_KEY)
        self.save_pads()
        self.save_challenges()

    def save_challenges(self) -> None:
        """Store the challenge records that changed: localStorage now, IndexedDB through the writer."""
        writes = self.app.take_challenge_changes()
        for key, text in writes.items():
            self.put(key, text)
            self.note_storage(quick=quick_set("handfoot-" + key, text))
        drops, self.app.challenge_drops = self.app.challenge_drops, []
        for key in drops:
            quick_drop("handfoot-" + key)
            self.drop(key)
        if writes or drops:
            self.spawn(self.writer())

    def save_pads(self) -> None:
        """Store the score pads changed or deleted: localStorage now (this task), IndexedDB through the writer."""
        writes, deleted = self.app.pads.take_changes()
        for key, text in writes.items():
            self.put(key, text)
            self.note_storage(quick=quick_set("handfoot-" + key, text))
        for key in deleted:
            if key.startswith(PAD_LOCAL_PREFIX):  # an unreadable copy found only in localStorage
                self.pending_extra.pop(key, None)
                quick_drop(key)
                continue
            quick_drop("handfoot-" + key)
            self.drop(key)
        if writes or deleted:
            self.spawn(self.writer())

    def keep_names(self) -> None:
        """Store the names remembered for next time: localStorage now, IndexedDB through the writer."""
        text = self.app.next_names_save()
        self.put(NAMES_KEY, text)
        quick_set(QUICK_NAMES_KEY, text)
        self.spawn(self.writer())

    def keep_history(self) -> None:
        """Hand the statistics' history to IndexedDB (with the other records), and its newest games to localStorage."""
        app = self.app
        app.finished_dirty = False
        self.pending_extra[STATS_KEY] = stats.dump(app.finished)
        if not quick_set(QUICK_STATS_KEY, stats.dump(app.finished[-stats.QUICK_GAMES :])):
            quick_drop(QUICK_STATS_KEY)  # the save needs the room more; IndexedDB has the history

    def note_storage(self, *, quick: bool | None = None) -> None:
        """Tell the player, on the table, while either store is refusing saves; clear it once both take them."""
        if quick is not None:
            self.quick_failed = not quick
        failing = self.quick_failed or self.write_failures > 0
        self.app.storage_warning = SAVE_FAILED if failing else ""
        self.body.dataset.saveFailed = "1" if failing else "0"

    def hand_to_store(self) -> Started:
        """Start writing the newest save and changed settings to IndexedDB, now; (the write, what it holds).

        The in-memory copy takes them at once; IndexedDB gets them in a transaction of our own
        (``Stores.start_put``), whose end the writer awaits.
        """
        game_save, settings_save, extra = self.pending, self.pending_settings, self.pending_extra
        drops = frozenset(self.pending_drops)
        self.pending, self.pending_settings, self.pending_extra = None, None, {}
        self.pending_drops = set()
        entries: dict[str, str] = dict(extra)
        if game_save is not None:
            entries[GAME_KEY] = game_save[0]
        if settings_save is not None:
            entries[SETTINGS_KEY] = settings_save
        for key, text in entries.items():
            self.stores.remember(key, text)  # what store.get() reads; the disk write is ours, below
        return self.stores.start_put(entries, drops), game_save, settings_save, extra, drops

    async def write_once(self) -> bool:
        """Hand what is pending to IndexedDB and wait for it; False if the browser refused or never answered."""
        return await self.finish_write(*self.hand_to_store())

    async def finish_write(
        self,
        write: asyncio.Future[bool],
        game_save: tuple[str, int] | None,
        settings_save: str | None,
        extra: dict[str, str],
        drops: frozenset[str] = frozenset(),
    ) -> bool:
        """Wait for a write started by ``hand_to_store``; put what it held back in line if it failed."""
        try:
            ok = await asyncio.wait_for(write, WRITE_TIMEOUT_SECONDS)
        except Exception:  # no answer in time
            ok = False
        if ok:
            if game_save is not None:
                self.body.dataset.saved = str(game_save[1])
            return True
        window.console.warn("Saving to IndexedDB failed: the write was refused or never finished")
        self.pending = self.pending or game_save  # try again, unless something newer came meanwhile
        self.pending_settings = self.pending_settings or settings_save
        for key, text in extra.items():
            self.pending_extra.setdefault(key, text)
        for key in drops:
            if key not in self.pending_extra and self.stores.get(key) is None:  # not written again since
                self.pending_drops.add(key)
        return False

    async def writer(self) -> None:
        """Write saves to IndexedDB in the background, retrying a failed write after a pause; play never waits."""
        if self.writing:
            return
        self.writing = True
        try:
            while self.waiting() and not self.app.elsewhere:
                if await self.write_once():
                    if self.write_failures:
                        self.write_failures = 0
                        self.note_storage()
                        self.refresh()
                    continue
                self.write_failures += 1
                self.note_storage()
                self.refresh()
                await asyncio.sleep(RETRY_SECONDS[min(self.write_failures, len(RETRY_SECONDS)) - 1])
        finally:
            self.writing = False
            self.settle_idle()

    async def save(self) -> None:
        """Save what changed: localStorage now, IndexedDB through the writer (waited for here)."""
        self.save_now()
        await self.writer()

    def keep_pad_place(self) -> None:
        """The score pad a scorekeeper is at, for a page that comes back (a phone's browser drops pages kept in
        the background): the number typed and not yet moved on from is entered, and the pad's place kept."""
        app = self.app
        if app.screen != "pad":
            quick_drop(PAD_PLACE_KEY)
            return
        field = document.activeElement
        key = field.getAttribute("data-pad") if field and field.getAttribute else None
        if key and str(field.tagName) == "INPUT" and str(field.value) != str(field.defaultValue):
            app.pad_input(str(key), str(field.value))  # stored by save_now, next
        place = app.pads.place()
        if not (place and quick_set(PAD_PLACE_KEY, place)):
            quick_drop(PAD_PLACE_KEY)

    def on_leave(self, event: Any) -> None:
        """Hidden or leaving: hand the newest save to IndexedDB at once (localStorage has it already)."""
        if event.type == "visibilitychange" and document.visibilityState != "hidden":
            return
        self.keep_pad_place()
        self.save_now()
        if not self.waiting():
            return
        started = self.hand_to_store()  # the transaction starts in this task, before the page goes
        self.spawn(self.finish_quietly(started))

    async def finish_quietly(self, started: Started) -> None:
        if not await self.finish_write(*started):
            self.spawn(self.writer())  # the page stayed (it was only hidden): try again as usual
