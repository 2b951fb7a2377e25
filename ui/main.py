"""The page's entry point: the only module that touches browser objects.

It draws ``ui.render`` regions into #app (the whole layout when the screen changes, then only
the regions whose HTML changed, so focus, scroll and open panels survive a computer's move),
turns taps and shortcut keys into ``controller.handle(act, arg)`` through delegated listeners,
and paces the computer players with asyncio so the browser stays responsive between their moves.

Saving never lags the screen: ``refresh()`` first writes any changed game to
``localStorage`` (synchronous, the same JavaScript task as the move), then paints
it, so every move on screen (a tap's or a computer player's) is already saved,
and nothing is saved that is not on screen.  IndexedDB (``pyscript.storage``), the
durable primary copy, is written asynchronously right after, and again when the
page is hidden or left.  On boot ``ui.saves.choose`` picks the newer of the two.
Settings are kept the same way: localStorage at once, IndexedDB after, the newer
copy (``ui.settings.choose_settings``) on boot.

One game, one tab: a tab that opens the game says so in localStorage (``claim``), and any
other tab open on it stops (``on_storage``) and offers "Play here instead", so two tabs never
write over each other's saves.
"""

import asyncio
import json
import os
import sys
import time
from collections.abc import Coroutine
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import Storage, document, storage, window
from pyscript.ffi import is_none
from pyscript.storage import _convert_from_idb as from_idb  # pyscript's own format for an entry
from pyscript.storage import _convert_to_idb as to_idb

# The engine and UI modules arrive as one zip (tools/build.py writes it, pyscript.json copies it
# next to this script); zipimport reads them from it in place.
sys.path.insert(0, os.path.abspath("app.zip"))

from engine.errors import LoadError
from engine.state import Game
from ui import saves
from ui.app import WELCOME, Note
from ui.app import App as Controller
from ui.challenge import model as challenge
from ui.games import model as games
from ui.pad import model as pad
from ui.render import SHORTCUTS, assemble, body_classes, regions, screen_key
from ui.settings.model import PACE_SECONDS, choose_settings
from ui.share import ShareProblem, ShareRequest, parse_query
from ui.stats import model as stats
from ui.watch.model import PLAY_SECONDS

STORE_TIMEOUT_SECONDS = 10
WRITE_TIMEOUT_SECONDS = 8  # an IndexedDB write that hasn't settled by then has failed
RETRY_SECONDS = (1, 3, 10, 30)  # waits before trying a failed write again (the last one repeats)
SAVE_FAILED = "Saving on this device failed: free some space. This game is still kept in this tab."
GAME_KEY = "game"
SETTINGS_KEY = "settings"
QUICK_GAME_KEY = "handfoot-game"  # the localStorage copy
QUICK_SETTINGS_KEY = "handfoot-settings"
OPEN_IN_KEY = "handfoot-open-in"  # which tab has the game: the newest one to open it
LINES_KEY = "handfoot-lines"  # the recent moves and their reasons, kept beside the save
STATS_KEY = "stats"  # the finished games counted in the statistics (ui.stats), one record
QUICK_STATS_KEY = "handfoot-stats"  # its newest games, in localStorage
PAINT_KEY = "handfoot-paint"  # the last table painted, which index.html shows before Python starts
SHORTCUT_ACTS = {key.lower(): act for key, act, _ in SHORTCUTS}
TAB = os.urandom(8).hex()  # this tab (crypto.randomUUID would need a secure context)

app = document.getElementById("app")
body = document.body
reduced_query = window.matchMedia("(prefers-reduced-motion: reduce)")


def local_storage_works() -> bool:
    """True when localStorage takes a write and gives it back."""
    probe = "handfoot-probe"
    try:
        window.localStorage.setItem(probe, "1")
        ok = str(window.localStorage.getItem(probe)) == "1"
        window.localStorage.removeItem(probe)
        return ok
    except Exception:
        return False


async def idb_opens(name: str) -> bool:
    """True when IndexedDB opens the database ``name`` (asked through the request's own events).

    A refused IndexedDB makes ``pyscript.storage`` reject with an ``Event``, which Pyodide can't
    raise as an exception (the ``await`` would never end), so the database is tried first here.
    """
    done = asyncio.get_running_loop().create_future()

    def settle(ok: bool, new: bool = False) -> Any:
        def handler(event: Any = None) -> None:
            if new:  # no such database yet: leave creating it (and its object store) to pyscript.storage
                request.transaction.abort()
            elif ok:
                request.result.close()
            if not done.done():
                done.set_result(ok)

        return create_proxy(handler)

    events = ("onsuccess", "onupgradeneeded", "onerror", "onblocked")
    handlers = [settle(True), settle(True, new=True), settle(False), settle(False)]
    request: Any = None
    try:
        request = window.indexedDB.open(name)
        for event, handler in zip(events, handlers, strict=True):
            setattr(request, event, handler)
        return bool(await done)
    except Exception as err:  # no IndexedDB at all, or open() threw
        window.console.warn("Saved data could not be opened:", repr(err))
        return False
    finally:
        if request is not None:  # later events (the error after an abort) find no handler
            for event in events:
                setattr(request, event, None)
        for handler in handlers:
            handler.destroy()


def entry_parses(raw: Any) -> bool:
    """True when pyscript can read a stored entry (a value written by anything else must not stop it)."""
    try:
        from_idb(raw)
        return True
    except Exception:
        return False


class CheckedStorage(Storage):  # type: ignore[misc]  # pyscript's classes are untyped
    """pyscript's IndexedDB dict, less the entries nested too deep for its parser (they stay in IndexedDB).

    pyscript parses every stored entry as it opens the store, before the app sees any: one entry
    nested thousands deep would end Pyodide on every start, so those are left out unread.
    """

    def __init__(self, backend: Any) -> None:
        entries = saves.CheckedEntries(backend, parses=entry_parses)
        super().__init__(entries)
        self._store = backend  # writes and deletes still go to IndexedDB itself
        self.skipped = entries.skipped


async def open_store() -> tuple[Any, tuple[str, bool] | None]:
    """The IndexedDB store, or a plain dict if the browser refuses it; and what to tell the player."""
    try:
        if await asyncio.wait_for(idb_opens("IDBMap/@pyscript/handfoot"), STORE_TIMEOUT_SECONDS):
            opened = storage("handfoot", storage_class=CheckedStorage)
            return await asyncio.wait_for(opened, STORE_TIMEOUT_SECONDS), None
        window.console.warn("Saved data could not be opened: IndexedDB refused the database")
    except Exception as err:  # a damaged database, or one that never answers, must not stop the game
        window.console.warn("Saved data could not be opened:", repr(err))
    local_ok = local_storage_works()
    return {}, (saves.storage_problem(local_ok), not local_ok)


store, store_problem = await open_store()  # type: ignore[top-level-await]  # noqa: F704 (PyScript allows it)
IDB_NAME = "IDBMap/@pyscript/handfoot"  # the database pyscript.storage("handfoot") keeps its entries in


async def open_writer_db() -> Any:
    """Our own handle on pyscript's database, so each write is a transaction whose end we see; or None."""
    if store_problem is not None:
        return None
    done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    request: Any = None

    def settle(ok: bool) -> Any:
        def handler(event: Any = None) -> None:
            if not done.done():
                done.set_result(request.result if ok else None)

        return create_proxy(handler)

    handlers = [settle(True), settle(False), settle(False)]
    try:
        request = window.indexedDB.open(IDB_NAME)
        request.onsuccess, request.onerror, request.onblocked = handlers
        return await asyncio.wait_for(done, STORE_TIMEOUT_SECONDS)
    except Exception as err:
        window.console.warn("Saved data could not be opened for writing:", repr(err))
        return None
    finally:
        if request is not None:
            request.onsuccess = request.onerror = request.onblocked = None
        for handler in handlers:
            handler.destroy()


writer_db = await open_writer_db()  # type: ignore[top-level-await]  # noqa: F704


def start_put(entries: dict[str, str]) -> asyncio.Future[bool]:
    """Start writing ``entries`` (key -> text) in one IndexedDB transaction, now, in this task.

    The future says True once the transaction completes, False if it errs or aborts (a full disk
    aborts at commit) or if it can't even start. It never raises and never hangs on its own events;
    callers bound the wait with a timeout.
    """
    done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
    if writer_db is None:
        # No IndexedDB (the player was told at the start): the in-memory copy is all there is, so
        # the write is as done as it can be. An IndexedDB that opened but not for us: try again.
        done.set_result(store_problem is not None or not entries)
        return done
    proxies: list[Any] = []

    def settle(ok: bool) -> Any:
        def handler(event: Any = None) -> None:
            if not done.done():
                done.set_result(ok)
            for proxy in proxies:
                proxy.destroy()

        proxy = create_proxy(handler)
        proxies.append(proxy)
        return proxy

    try:
        name = writer_db.objectStoreNames.item(0)
        tx = writer_db.transaction(name, "readwrite")
        tx.oncomplete, tx.onerror, tx.onabort = settle(True), settle(False), settle(False)
        objects = tx.objectStore(name)
        for key, text in entries.items():
            objects.put(to_idb(text), key)
    except Exception as err:  # put() or transaction() threw: the disk is full, or the database closed
        window.console.warn("Saving to IndexedDB failed:", repr(err))
        if not done.done():
            done.set_result(False)
    return done
running = False
watching = False  # the watched game is stepping on its own (watch_play)
tasks: set[asyncio.Future[None]] = set()  # keep references so pending tasks are not garbage-collected
pending: tuple[str, int] | None = None  # the newest save (text, moves) not yet handed to IndexedDB
pending_settings: str | None = None  # the newest settings not yet handed to IndexedDB
pending_extra: dict[str, str] = {}  # other records (games put aside) not yet written to IndexedDB
writing = False  # the writer is handing saves to IndexedDB
write_failures = 0  # failed IndexedDB writes in a row
quick_failed = False  # localStorage refused the newest save


def quick_get(key: str) -> str | None:
    """A localStorage value, or None (absent, or storage refused)."""
    try:
        value = window.localStorage.getItem(key)
    except Exception as err:
        window.console.warn("localStorage could not be read:", str(err))
        return None
    return None if is_none(value) else str(value)  # getItem gives JavaScript null (jsnull) when absent


def quick_set(key: str, text: str) -> bool:
    """Write a localStorage value; False when the browser refused it (full, or storage off)."""
    try:
        window.localStorage.setItem(key, text)
        return True
    except Exception as err:  # full or refused: IndexedDB still gets the save
        window.console.warn("localStorage could not be written:", str(err))
        return False


def quick_drop(key: str) -> None:
    try:
        window.localStorage.removeItem(key)
    except Exception:
        pass  # unreadable storage: nothing to remove


def load_settings_copies() -> Controller:
    """A controller with the newer of the two stored copies of the settings (both brought in step)."""
    primary, quick = store.get(SETTINGS_KEY), quick_get(QUICK_SETTINGS_KEY)
    settings, seq = choose_settings(primary, quick)
    made = Controller(settings)
    made.settings_seq = seq
    made.settings_dirty = (primary is not None or quick is not None) and primary != quick
    return made


ctrl = load_settings_copies()


def save_now() -> None:
    """Save a changed game or settings to localStorage now, in this task; IndexedDB follows (``pending``)."""
    global pending, pending_settings
    if ctrl.elsewhere:
        return  # another tab has the game now: never write over its saves
    if ctrl.dirty:
        text = ctrl.next_save()
        quick_ok = quick_set(QUICK_GAME_KEY, text)
        pending = (text, len(ctrl.game.history))
        note_storage(quick=quick_ok)
        if not quick_set(LINES_KEY, ctrl.lines_data()):
            quick_drop(LINES_KEY)  # never leave moves of an older position behind
    if ctrl.settings_dirty:
        pending_settings = ctrl.next_settings_save()
        quick_set(QUICK_SETTINGS_KEY, pending_settings)
    if ctrl.finished_dirty:
        keep_history()
    save_pads()
    save_challenges()


CHALLENGE_LOCAL_PREFIX = "handfoot-" + challenge.PREFIX  # a challenge's localStorage copy


def save_challenges() -> None:
    """Store the challenge records that changed: localStorage now, IndexedDB through the writer."""
    writes = ctrl.take_challenge_changes()
    for key, text in writes.items():
        dict.__setitem__(store, key, text)
        pending_extra[key] = text
        note_storage(quick=quick_set("handfoot-" + key, text))
    drops, ctrl.challenge_drops = ctrl.challenge_drops, []
    for key in drops:
        pending_extra.pop(key, None)
        quick_drop("handfoot-" + key)
        try:
            if key in store:
                del store[key]
        except Exception as err:  # it stays on the disk and is listed again at the next start
            window.console.warn("A challenge could not be deleted:", repr(err))
    if writes:
        spawn(writer())


def load_challenges() -> None:
    """Every challenge kept here: IndexedDB's records, and localStorage's where IndexedDB has none or less."""
    found = {r.key: r for r in challenge.records(dict(store.items()))}
    local = {k[len("handfoot-") :]: v for k, v in local_items(CHALLENGE_LOCAL_PREFIX).items()}
    for record in challenge.records(local):
        mine = found.get(record.key)
        if mine is None or (mine.mine is None and record.mine is not None):
            found[record.key] = record
            record.changed = True  # bring IndexedDB up to date
    ctrl.challenges = found


async def send_challenge() -> None:
    """Make the challenge link of the finished game and share it (or copy it)."""
    try:
        url = window.location.origin + window.location.pathname + ctrl.make_challenge(int(time.time() * 1000))
    except ValueError as err:
        ctrl.note = Note(str(err), "error")
        refresh()
        return
    ctrl.share_url = url
    save_challenges()
    refresh()
    text = "Play the same cards as me and compare: a Hand and Foot challenge."
    if hasattr(window.navigator, "share") and window.navigator.share:
        try:
            await window.navigator.share(
                to_js({"title": "Hand and Foot challenge", "text": text, "url": url},
                      dict_converter=window.Object.fromEntries)
            )
            ctrl.note = Note("Challenge sent. It is kept under Games.")
            refresh()
            return
        except Exception:
            pass
    try:
        await window.navigator.clipboard.writeText(url)
        ctrl.note = Note("Challenge link copied: send it to family. The whole game travels in the link, "
                         "which no server sees. It is kept under Games.")
    except Exception:
        ctrl.note = Note("Copy this challenge link and send it:")
    refresh()


PAD_LOCAL_PREFIX = "handfoot-" + pad.PREFIX  # a score pad's localStorage copy: handfoot-pad-<id>


def save_pads() -> None:
    """Store the score pads changed or deleted: localStorage now (this task), IndexedDB through the writer."""
    writes, deleted = ctrl.pads.take_changes()
    for key, text in writes.items():
        dict.__setitem__(store, key, text)
        pending_extra[key] = text
        note_storage(quick=quick_set("handfoot-" + key, text))
    for key in deleted:
        pending_extra.pop(key, None)
        if key.startswith(PAD_LOCAL_PREFIX):  # an unreadable copy found only in localStorage
            quick_drop(key)
            continue
        quick_drop("handfoot-" + key)
        try:
            if key in store:
                del store[key]
        except Exception as err:  # the record stays on the disk: it is listed again at the next start
            window.console.warn("A score pad could not be deleted:", repr(err))
    if writes or deleted:
        spawn(writer())


def load_pads() -> None:
    """The score pads: the newer of each pad's two copies; a newer localStorage copy goes back to IndexedDB."""
    pads, bad, writes = pad.choose(store, local_items(PAD_LOCAL_PREFIX), PAD_LOCAL_PREFIX)
    ctrl.pads.pads, ctrl.pads.unreadable = pads, bad
    today = window.Date.new()  # the player's own calendar day, for a new pad's date
    ctrl.pads.today = f"{int(today.getFullYear()):04d}-{int(today.getMonth()) + 1:02d}-{int(today.getDate()):02d}"
    for key, text in writes.items():
        dict.__setitem__(store, key, text)
        pending_extra[key] = text


def keep_history() -> None:
    """Hand the statistics' history to IndexedDB (with the other records), and its newest games to localStorage."""
    ctrl.finished_dirty = False
    pending_extra[STATS_KEY] = stats.dump(ctrl.finished)
    if not quick_set(QUICK_STATS_KEY, stats.dump(ctrl.finished[-stats.QUICK_GAMES :])):
        quick_drop(QUICK_STATS_KEY)  # the save needs the room more; IndexedDB has the history


def load_history() -> None:
    """The finished games counted, from both stored copies (each game once; unreadable ones left out)."""
    primary = stats.load(store.get(STATS_KEY))
    ctrl.finished = stats.merge(primary, stats.load(quick_get(QUICK_STATS_KEY)))
    ctrl.finished_dirty = {s.key for s in ctrl.finished} != {s.key for s in primary}  # bring IndexedDB in step


def note_storage(*, quick: bool | None = None, primary: bool | None = None) -> None:
    """Tell the player, on the table, while either store is refusing saves; clear it once both take them."""
    global quick_failed
    if quick is not None:
        quick_failed = not quick
    failing = quick_failed or write_failures > 0
    ctrl.storage_warning = SAVE_FAILED if failing else ""
    body.dataset.saveFailed = "1" if failing else "0"


Started = tuple[asyncio.Future[bool], tuple[str, int] | None, str | None, dict[str, str]]


def hand_to_store() -> Started:
    """Start writing the newest save and changed settings to IndexedDB, now; (the write, what it holds).

    The in-memory copy (``store``) takes them at once; IndexedDB gets them in a transaction of our
    own (``start_put``), whose end the writer awaits.
    """
    global pending, pending_settings, pending_extra
    game_save, settings_save, extra = pending, pending_settings, pending_extra
    pending, pending_settings, pending_extra = None, None, {}
    entries: dict[str, str] = dict(extra)
    if game_save is not None:
        entries[GAME_KEY] = game_save[0]
    if settings_save is not None:
        entries[SETTINGS_KEY] = settings_save
    for key, text in entries.items():
        dict.__setitem__(store, key, text)  # what store.get() reads; the disk write is ours, below
    return start_put(entries), game_save, settings_save, extra


def pace() -> float:
    if ctrl.settings.reduced_motion or reduced_query.matches:
        return 0
    return PACE_SECONDS.get(ctrl.settings.speed, PACE_SECONDS["normal"])


painted_key = ""  # the layout on screen ('' before the first paint)
painted: dict[str, str] = {}  # the HTML of each region on screen
painted_copy = ""  # the last table handed to localStorage for the next start's first paint
sheet_shown: str | None = None


def paint() -> str:
    """Bring #app up to date: the whole layout if the screen changed, else only the regions that changed."""
    global painted_key, painted
    key = screen_key(ctrl)
    parts = regions(ctrl)
    if key != painted_key:
        html = assemble(key, parts)
        app.innerHTML = html
        painted_key, painted = key, parts
        return html
    for rid, html in parts.items():
        if painted.get(rid) != html:
            el = document.getElementById(rid)
            if el:
                tops = [box.scrollTop for box in el.querySelectorAll(SCROLL_BOXES)]
                el.innerHTML = html
                for box, top in zip(el.querySelectorAll(SCROLL_BOXES), tops, strict=False):
                    box.scrollTop = top  # a redrawn box stays where the player scrolled it
                reveal_highlights(el)
    painted = parts
    return ""


SCROLL_BOXES = ".team > .melds, .staging > ul, .note, .why-panel"
"""Boxes that scroll inside a region: their scroll survives the region's redraw."""


def reveal_highlights(region: Any) -> None:
    """A side's melds redrawn in a box that scrolls: bring the melds just played, or the ones the
    selected cards can go on, into view when none of them is (the box alone scrolls, never the page)."""
    for box in region.querySelectorAll(".team > .melds"):
        if box.scrollHeight <= box.clientHeight:
            continue
        marked = list(box.querySelectorAll(".chip.target")) or list(box.querySelectorAll(".chip.fresh"))
        if not marked:
            continue
        top, bottom = box.scrollTop, box.scrollTop + box.clientHeight
        spots = [(m.offsetTop, m.offsetTop + m.offsetHeight) for m in marked]  # the box is their offsetParent
        if any(start >= top - 1 and end <= bottom + 1 for start, end in spots):
            continue
        box.scrollTop = max(0, spots[0][0] - 4)


def take_over() -> None:
    """The first paint by Python: the saved copy that index.html painted becomes the live table."""
    boot_ui = document.getElementById("boot")
    if boot_ui:
        boot_ui.remove()
    app.removeAttribute("inert")


def keep_paint() -> None:
    """Keep the table as painted, so the next start shows it before Python is up (index.html)."""
    global painted_copy
    if ctrl.screen != "table" or ctrl.elsewhere:
        return  # only the table (or the scores at its end): the screen a start comes back to
    html = assemble(painted_key, painted)
    if html == painted_copy:
        return
    painted_copy = html
    text = json.dumps({"v": 1, "html": html, "cls": body.className, "moves": len(ctrl.game.history)})
    if not quick_set(PAINT_KEY, text):
        quick_drop(PAINT_KEY)  # never let the picture take the room the save needs


def focus_after() -> None:
    """Move the keyboard focus where the next action is, or back to the control that had it."""
    global sheet_shown
    wanted = ctrl.focus
    ctrl.focus = ""
    target = None
    if ctrl.sheet is not None and ctrl.sheet != sheet_shown:
        target = app.querySelector("#r-sheet button")
    elif wanted == "hand":
        target = app.querySelector('#r-hand [aria-pressed="true"]') or app.querySelector("#r-hand button")
    elif wanted == "status":
        target = app.querySelector("#live")
    sheet_shown = ctrl.sheet
    dialog_button = app.querySelector('#r-dialog [role="dialog"] button')
    if dialog_button and not document.activeElement.closest('[role="dialog"]'):
        target = dialog_button  # the partner's question takes the focus until it is answered
    if target:
        target.focus()


def refresh() -> None:
    """Save what changed (synchronously), then redraw what changed, keeping keyboard focus on the same control."""
    save_now()
    started = time.perf_counter()
    focused = document.activeElement
    key = None
    if focused and focused.closest and focused.closest("#app"):
        act = focused.getAttribute("data-act") if focused.getAttribute else None
        field = focused.getAttribute("data-pad") if focused.getAttribute else None
        if act:
            key = (act, focused.getAttribute("data-arg") or "")
        elif field:  # a score pad's field: the same field again once redrawn
            key = ("", str(field))
    body.className = body_classes(ctrl, bool(reduced_query.matches))
    paint()
    if key is not None and not document.activeElement.closest("#app"):
        selector = f'[data-act="{key[0]}"]' + (f'[data-arg="{key[1]}"]' if key[1] else "")
        if not key[0]:
            selector = f'[data-pad="{key[1]}"]'
        target = app.querySelector(selector)
        if target and not target.disabled:
            target.focus()
    focus_after()
    body.dataset.moves = str(len(ctrl.game.history))  # the position painted, for tests and the soak
    body.dataset.deal = str(ctrl.game.deal_number)
    body.dataset.renderMs = f"{(time.perf_counter() - started) * 1000:.1f}"
    keep_paint()


async def write_once() -> bool:
    """Hand what is pending to IndexedDB and wait for it; False if the browser refused or never answered."""
    return await finish_write(*hand_to_store())


async def finish_write(
    write: asyncio.Future[bool], game_save: tuple[str, int] | None, settings_save: str | None, extra: dict[str, str]
) -> bool:
    """Wait for a write started by ``hand_to_store``; put what it held back in line if it failed."""
    global pending, pending_settings
    try:
        ok = await asyncio.wait_for(write, WRITE_TIMEOUT_SECONDS)
    except Exception:  # no answer in time
        ok = False
    if ok:
        if game_save is not None:
            body.dataset.saved = str(game_save[1])
        return True
    window.console.warn("Saving to IndexedDB failed: the write was refused or never finished")
    pending = pending or game_save  # try again, unless something newer came meanwhile
    pending_settings = pending_settings or settings_save
    for key, text in extra.items():
        pending_extra.setdefault(key, text)
    return False


async def writer() -> None:
    """Write saves to IndexedDB in the background, retrying a failed write after a pause; play never waits."""
    global writing, write_failures
    if writing:
        return
    writing = True
    try:
        while (pending is not None or pending_settings is not None or pending_extra) and not ctrl.elsewhere:
            if await write_once():
                if write_failures:
                    write_failures = 0
                    note_storage()
                    refresh()
                continue
            write_failures += 1
            note_storage()
            refresh()
            await asyncio.sleep(RETRY_SECONDS[min(write_failures, len(RETRY_SECONDS)) - 1])
    finally:
        writing = False
        settle_idle()


def settle_idle() -> None:
    """``data-idle`` is 1 once no computer has a move to make and IndexedDB has every save."""
    busy = running or writing or pending is not None or pending_settings is not None or bool(pending_extra)
    busy = busy or ctrl.bot_to_act()
    body.dataset.idle = "0" if busy else "1"


async def save() -> None:
    """Save what changed: localStorage now, IndexedDB through the writer (waited for here)."""
    save_now()
    await writer()


def on_leave(event: Any) -> None:
    """Hidden or leaving: hand the newest save to IndexedDB at once (localStorage has it already)."""
    if event.type == "visibilitychange" and document.visibilityState != "hidden":
        return
    save_now()
    if pending is None and pending_settings is None and not pending_extra:
        return
    started = hand_to_store()  # the transaction starts in this task, before the page goes
    spawn(finish_quietly(started))


async def finish_quietly(started: Started) -> None:
    if not await finish_write(*started):
        spawn(writer())  # the page stayed (it was only hidden): try again as usual


async def pump() -> None:
    """Save what changed, then let the computer players move one at a time, paced."""
    global running
    if running:
        return
    running = True
    try:
        while not ctrl.elsewhere:  # a tab that gave way neither saves nor plays
            save_now()
            if pending is not None or pending_settings is not None or pending_extra:
                spawn(writer())  # in the background: a slow or failing store never holds the game up
            if not ctrl.bot_to_act():
                break
            await asyncio.sleep(pace())
            if ctrl.bot_to_act():  # the game may have changed while we waited
                ctrl.bot_step()
                refresh()  # saved to localStorage and painted in this one task
    finally:
        running = False
        settle_idle()


def spawn(coro: Coroutine[Any, Any, None]) -> None:
    task = asyncio.ensure_future(coro)
    tasks.add(task)
    task.add_done_callback(tasks.discard)


def kick() -> None:
    body.dataset.idle = "0"
    spawn(pump())


async def share() -> None:
    url = window.location.origin + window.location.pathname + ctrl.share_query()
    ctrl.share_url = url
    refresh()  # the link shows at once, whatever the share sheet does
    if hasattr(window.navigator, "share") and window.navigator.share:
        try:
            await window.navigator.share(
                to_js({"title": "Hand and Foot", "url": url}, dict_converter=window.Object.fromEntries)
            )
            ctrl.note = Note("Link shared.")
            refresh()
            return
        except Exception:
            pass  # cancelled or refused: fall back to copying
    try:
        await window.navigator.clipboard.writeText(url)
        ctrl.note = Note("Link copied: paste it to anyone, and they get the same deal with the same rules.")
    except Exception:
        ctrl.note = Note("Copy this link to share the deal:")
    refresh()


async def apply_update() -> None:
    await save()
    if not window.hfApplyUpdate():
        ctrl.note = Note("The update isn't ready yet: try again in a moment.")
        refresh()


def on_click(event: Any) -> None:
    el = event.target.closest("[data-act]")
    if not el or el.disabled:
        return
    act, arg = el.getAttribute("data-act") or "", el.getAttribute("data-arg") or ""
    if ctrl.elsewhere:
        if act == "play-here":  # start again from the newest save, and take the game from the other tab
            window.location.reload()
        return
    started = time.perf_counter()
    if act == "resume-game":
        resume_kept(arg)
        refresh()
        kick()
        return
    if act == "restore-copy":
        restore_copy(arg)
        refresh()
        kick()
        return
    if act == "delete-copy":
        drop_kept(arg)
        refresh_kept()
        ctrl.note = Note("That copy is deleted.")
        refresh()
        return
    if act == "confirm-delete":
        drop_kept(arg)
        refresh_kept()
        ctrl.confirm_delete = ""
        ctrl.note = Note("That game is deleted.")
        refresh()
        return
    if act == "share":
        ctrl.sheet = None  # the link shows in the prompt, which the menu would cover
        spawn(share())
        return
    if act == "apply-update":
        spawn(apply_update())
        return
    if act == "challenge":
        spawn(send_challenge())
        return
    old = ctrl.game
    try:
        ctrl.handle(act, arg)
    except Exception as err:  # a bug, not a rule: say so plainly and keep the game
        window.console.error("handle failed:", act, arg, repr(err))
        ctrl.note = Note("Something went wrong with that tap; the game is unchanged.", "error")
    kept = keep_replaced(old)  # a new game or a replay: the one it replaced is kept
    if kept:
        ctrl.note = Note(f"{ctrl.note.text} {kept}" if ctrl.note else kept)
    refresh()
    body.dataset.tapMs = f"{(time.perf_counter() - started) * 1000:.1f}"
    if act in ("screen", "rules-tab", "pad-open", "pad-new", "pad-list", "watch", "watch-close"):
        window.scrollTo(0, 0)
    if act == "watch-step" and ctrl.watch is not None and ctrl.watch.playing:
        spawn(watch_play())
    kick()


async def watch_play() -> None:
    """Step the watched game on its own, a move every ``PLAY_SECONDS``, until paused, closed or at the end."""
    global watching
    if watching:
        return
    watching = True
    try:
        while True:
            await asyncio.sleep(PLAY_SECONDS)
            watch = ctrl.watch
            if watch is None or not watch.playing or ctrl.screen != "watch" or ctrl.elsewhere:
                return
            watch.step("next")
            refresh()
    finally:
        watching = False


def on_change(event: Any) -> None:
    if ctrl.elsewhere:
        return
    el = event.target
    field = el.getAttribute("data-pad") if el.getAttribute else None
    if field:
        ctrl.pad_input(str(field), str(el.value))
        refresh()
        return
    key = el.getAttribute("data-setting") if el.getAttribute else None
    if not key:
        return
    value = bool(el.checked) if el.type == "checkbox" else str(el.value)
    ctrl.change_setting(key, value)
    refresh()
    kick()


def on_submit(event: Any) -> None:
    if ctrl.elsewhere:
        event.preventDefault()
        return
    form = event.target
    if form.getAttribute("data-form") != "new-game":
        return
    event.preventDefault()
    field = form.querySelector("input[name=deal]")
    old = ctrl.game
    ctrl.handle("new-game", str(field.value) if field else "")
    kept = keep_replaced(old)
    if kept:
        ctrl.note = Note(f"{ctrl.note.text} {kept}" if ctrl.note else kept)
    refresh()
    window.scrollTo(0, 0)
    kick()


def on_key(event: Any) -> None:
    """Shortcut keys, arrows between cards, Escape, and the focus kept inside the partner's question."""
    if ctrl.elsewhere or event.ctrlKey or event.metaKey or event.altKey:
        return
    key = str(event.key)
    target = event.target
    tag = str(target.tagName).lower() if target and getattr(target, "tagName", None) else ""
    if tag in ("input", "select", "textarea"):
        return
    dialog = app.querySelector('[role="dialog"][aria-modal="true"]')
    if key == "Tab" and dialog:
        trap_focus(event, dialog)
        return
    if key == "Escape":
        event.preventDefault()
        ctrl.handle("escape")
        refresh()
        return
    if dialog:
        return
    if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown") and tag == "button":
        if target.getAttribute("data-act") == "card":
            step = -1 if key in ("ArrowLeft", "ArrowUp") else 1
            cards = app.querySelectorAll('#r-hand button[data-act="card"]')
            here = int(target.getAttribute("data-arg") or 0)
            there = min(max(here + step, 0), cards.length - 1)
            cards.item(there).focus()
            event.preventDefault()
        return
    if key == "?":
        ctrl.handle("sheet", "help")
        refresh()
        return
    act = SHORTCUT_ACTS.get(key.lower()) if len(key) == 1 else None
    if act:
        control = app.querySelector(f'#app [data-act="{act}"]')
        if control and not control.disabled:
            event.preventDefault()
            control.click()


def trap_focus(event: Any, dialog: Any) -> None:
    """Tab and Shift+Tab go round the dialog's buttons and never out of it."""
    buttons = dialog.querySelectorAll("button:not([disabled])")
    if buttons.length == 0:
        return
    first, last = buttons.item(0), buttons.item(buttons.length - 1)
    inside = dialog.contains(document.activeElement)
    if event.shiftKey and (not inside or document.activeElement == first):
        last.focus()
        event.preventDefault()
    elif not event.shiftKey and (not inside or document.activeElement == last):
        first.focus()
        event.preventDefault()


def on_toggle(event: Any) -> None:
    """A <details> the controller keeps open across redraws was opened or closed by the player."""
    el = event.target
    which = el.getAttribute("data-details") if getattr(el, "getAttribute", None) else None
    if which == "house":
        ctrl.handle("house", "open" if el.open else "closed")


def on_update(event: Any = None) -> None:
    ctrl.update_available = True
    refresh()


KEPT_LOCAL_PREFIX = "handfoot-" + saves.KEPT_PREFIX
KEPT_LOCAL_LIMIT = 2  # localStorage is small and also holds the quick copy


def local_items(prefix: str) -> dict[str, str | None]:
    """The localStorage entries whose keys start with ``prefix``."""
    items: dict[str, str | None] = {}
    try:
        for i in range(int(window.localStorage.length)):
            key = window.localStorage.key(i)
            if not is_none(key) and str(key).startswith(prefix):
                items[str(key)] = quick_get(str(key))
    except Exception as err:
        window.console.warn("localStorage could not be listed:", str(err))
    return items


def keep_aside(copies: tuple[saves.Copy, ...]) -> None:
    """Keep each bad copy aside (capped in size, a few at most, the oldest dropped), and clear where it was.

    In IndexedDB when it opened; else in localStorage, since the stand-in dict dies with the page.
    (pyscript's Storage is a dict subclass, so which one this is can't be told by its type.)
    """
    if not copies:
        return
    stamp = int(time.time() * 1000)
    if store_problem is None:
        plan = saves.keep_aside(store, copies, stamp)
        for key, text in plan.writes.items():
            store[key] = text
        for key in plan.drops:
            del store[key]
    else:
        plan = saves.keep_aside(local_items(KEPT_LOCAL_PREFIX), copies, stamp, KEPT_LOCAL_PREFIX, KEPT_LOCAL_LIMIT)
        for key, text in plan.writes.items():
            quick_set(key, text)
        for key in plan.drops:
            quick_drop(key)
    for copy in copies:
        if copy.source == saves.PRIMARY:
            # Out of the in-memory copy only: the save that boot writes next (in a transaction
            # of ours) replaces it on the disk, and a delete sent now could land after that save.
            if GAME_KEY in store:
                dict.__delitem__(store, GAME_KEY)
        else:
            quick_drop(QUICK_GAME_KEY)


def refresh_kept() -> None:
    """The Games screen's lists, from the store: games put aside, and damaged copies kept aside."""
    ctrl.kept = games.kept_games(store)
    ctrl.kept_copies = saves.kept_copies(store) if store_problem is None else saves.kept_copies(
        local_items(KEPT_LOCAL_PREFIX), KEPT_LOCAL_PREFIX
    )


def restore_copy(key: str) -> None:
    """Bring a copy kept aside back to the table, if it loads; the game there is put aside."""
    kept = next((k for k in ctrl.kept_copies if k.key == key), None)
    if kept is None:
        return
    try:
        game = saves.restore(kept)
    except LoadError as err:
        ctrl.note = Note(str(err), "error")
        return
    old = ctrl.game
    ctrl.resume_game(game, ctrl.save_seq)
    ctrl.dirty = True
    kept_note = keep_replaced(old)
    refresh_kept()
    ctrl.note = Note(f"The copy kept aside is back on the table (deal {game.deal_number:,}). {kept_note}".strip())


def keep_replaced(old: Game) -> str:
    """Put ``old`` aside among the kept games if another game took its place; a note saying so, or ''."""
    if ctrl.game is old or not old.history:
        return ""
    played = int(time.time() * 1000)
    key = games.new_key(store, played)
    text = games.record(old, saves.dump(old, 0), played)
    dict.__setitem__(store, key, text)
    pending_extra[key] = text
    for stale in games.over_cap(games.kept_games(store)):
        drop_kept(stale)
    refresh_kept()
    spawn(writer())
    return f"Your game of deal {old.deal_number:,} is kept under Games."


def drop_kept(key: str) -> None:
    pending_extra.pop(key, None)
    if key.startswith(KEPT_LOCAL_PREFIX):
        quick_drop(key)
        return
    try:
        if key in store:
            del store[key]
    except Exception as err:  # the record stays on the disk: it is listed again at the next start
        window.console.warn("A kept game could not be deleted:", repr(err))


def resume_kept(key: str) -> None:
    """Bring a kept game back to the table, putting the one there aside."""
    found = ctrl.read_kept(key)
    if found is None:
        return
    _kept, copy = found
    if copy.game is None:
        ctrl.note = Note(f"That game can't be resumed: {copy.problem or saves.UNREADABLE}", "error")
        return
    old = ctrl.game
    ctrl.resume_game(copy.game, ctrl.save_seq)
    ctrl.dirty = True
    drop_kept(key)
    kept_note = keep_replaced(old)
    refresh_kept()
    ctrl.note = Note(f"Deal {copy.game.deal_number:,} is back on the table. {kept_note}".strip())


def claim() -> None:
    """Say in localStorage that this tab has the game: any other tab open on it gives way (``on_storage``)."""
    quick_set(OPEN_IN_KEY, f"{TAB} {time.time()}")


def on_storage(event: Any) -> None:
    """Another tab wrote localStorage: if it took the game, stop here, so the two can't overwrite each other.

    This tab's moves are already in localStorage (each is saved in the task that shows it), so the
    other tab started from them; what this tab had not yet handed to IndexedDB is dropped, being older.
    """
    global pending, pending_settings
    if str(event.key) != OPEN_IN_KEY or ctrl.elsewhere:
        return
    value = event.newValue
    if is_none(value) or str(value).startswith(TAB):
        return
    pending = pending_settings = None
    ctrl.elsewhere = True
    refresh()


def boot() -> None:
    """Resume the newer good copy of the save (keeping bad ones aside), then follow a share link if any."""
    claim()  # first, so another tab on this game stops before the saves are read
    notes = []
    choice = saves.choose(store.get(GAME_KEY), quick_get(QUICK_GAME_KEY))
    keep_aside(choice.bad)
    if choice.chosen is not None and choice.chosen.game is not None:
        ctrl.resume_game(choice.chosen.game, choice.seq)
        ctrl.restore_lines(quick_get(LINES_KEY))
    ctrl.dirty = not choice.in_step  # a new game, or copies to bring in step: save at the first draw
    if choice.in_step:
        body.dataset.saved = str(len(ctrl.game.history))
    load_history()
    ctrl.record_finished()  # a game that ended just before the page closed, if its count wasn't stored
    text, problem = choice.note()
    notes.append(text)
    refresh_kept()
    load_pads()
    load_challenges()
    ctrl.attach_challenge()
    dare = challenge.parse_fragment(str(window.location.hash))
    if isinstance(dare, challenge.Challenge):
        old = ctrl.game
        ctrl.start_challenge(dare, int(time.time() * 1000))
        notes.append(ctrl.note.text if ctrl.note else "")
        notes.append(keep_replaced(old))
    elif isinstance(dare, challenge.Problem):
        notes.append(dare.message)
        problem = True
    link = parse_query(str(window.location.search)) if dare is None else None
    if isinstance(link, ShareRequest):
        old = ctrl.game
        ctrl.start_shared(link)
        notes.append(ctrl.note.text if ctrl.note else "")
        notes.append(keep_replaced(old))  # the game in progress is kept, never replaced
    elif isinstance(link, ShareProblem):
        notes.append(link.message)
        problem = True
    if link is not None or dare is not None:
        # The whole address without its query: a bare path starting "//" would read as another host.
        window.history.replaceState(None, "", window.location.origin + window.location.pathname)
    if store_problem:
        notes.append(store_problem[0])
        problem = problem or store_problem[1]
    notes = [n for n in notes if n]
    if notes:
        ctrl.note = Note(" ".join(notes), "error" if problem else "info")
    elif link is None and dare is None and quick_get(PAINT_KEY) is None and ctrl.first_visit():
        ctrl.note = Note(WELCOME)  # no table was ever painted here: a new player


boot_started = time.perf_counter()
boot()
take_over()  # first: a control in an inert table can't take the focus
refresh()
app.addEventListener("click", create_proxy(on_click))
document.addEventListener("keydown", create_proxy(on_key))
app.addEventListener("toggle", create_proxy(on_toggle), True)  # toggle doesn't bubble: listen while it descends
app.addEventListener("change", create_proxy(on_change))
app.addEventListener("submit", create_proxy(on_submit))
document.addEventListener("hf-update-available", create_proxy(on_update))
window.addEventListener("pagehide", create_proxy(on_leave))
window.addEventListener("storage", create_proxy(on_storage))
# A challenge link opened in a tab already showing the app changes only the fragment: read it afresh.
window.addEventListener(
    "hashchange",
    create_proxy(lambda _e: window.location.reload() if str(window.location.hash).startswith("#challenge=") else None),
)
document.addEventListener("visibilitychange", create_proxy(on_leave))
if body.getAttribute("data-update-available") == "1":
    on_update()
body.dataset.bootMs = f"{(time.perf_counter() - boot_started) * 1000:.1f}"
body.dataset.ready = "1"
kick()
# The computer players' code loads just after the table is up (a later task, so the page paints
# first); a computer turn that comes sooner loads it itself.
asyncio.get_running_loop().call_later(0.05, ctrl.load_players)
