"""The page's start: open the stores, build the app, attach the listeners, start.

The page's script (``ui/main.py``, one line) runs ``start()``.  This module ships compiled in
``app.zip`` like the others, so a start compiles no Python source of the app's.

Only ``ui/browser/`` touches browser objects; the rest of ``ui/`` is plain Python.
``ui.browser.page`` draws ``ui.render`` regions into #app, ``ui.browser.input`` turns taps and keys
into ``App.handle(act, arg)``, ``ui.browser.runner`` paces the computer players with asyncio.

Saving never lags the screen: every refresh first writes any changed game to ``localStorage``
(synchronous, the same JavaScript task as the move), then paints it, so every move on screen (a
tap's or a computer player's) is already saved, and nothing is saved that is not on screen.
IndexedDB (``pyscript.storage``), the durable primary copy, is written asynchronously right after,
and again when the page is hidden or left (``ui.browser.saving``).  On boot ``ui.saves.choose``
picks the newer of the two.  Settings are kept the same way: localStorage at once, IndexedDB
after, the newer copy (``ui.settings.model.choose_settings``) on boot.

One game, one tab: a tab that opens the game says so in localStorage (``Input.claim``), and any
other tab open on it stops (``Input.on_storage``) and offers "Play here instead", so two tabs never
write over each other's saves.
"""

import asyncio
import time
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from ui.app import WELCOME, App
from ui.browser.feel import Feel
from ui.browser.input import Input
from ui.browser.page import PAINT_KEY, Page
from ui.browser.platform import Platform
from ui.browser.qr import install as install_qr
from ui.browser.records import Records, app_with_settings
from ui.browser.remote import RoomLink
from ui.browser.runner import Runner
from ui.browser.saving import GAME_KEY, LESSON_KEY, LINES_KEY, PAD_PLACE_KEY, QUICK_GAME_KEY, Saver
from ui.browser.storage import Stores, quick_get
from ui.challenge import model as challenge
from ui.lesson.model import resume_lesson
from ui.saves import choose
from ui.share import ShareProblem, ShareRequest, parse_query
from ui.table import report
from ui.taps import Note


def boot(app: App, stores: Stores, records: Records, listeners: Input, body: Any) -> None:
    """Resume the newer good copy of the save (keeping bad ones aside), then follow a share link if any."""
    listeners.claim()  # first, so another tab on this game stops before the saves are read
    notes = []
    choice = choose(stores.get(GAME_KEY), quick_get(QUICK_GAME_KEY))
    records.keep_aside(choice.bad)
    chosen = choice.chosen
    if chosen is not None and chosen.game is not None:
        app.resume_game(chosen.game, choice.seq, chosen.seating, chosen.shown, quick_get(LINES_KEY))
    app.dirty = not choice.in_step  # a new game, or copies to bring in step: save at the first draw
    if choice.in_step:
        body.dataset.saved = str(len(app.game.history))
    records.load_history()
    app.record_finished()  # a game that ended just before the page closed, if its count wasn't stored
    text, problem = choice.note()
    notes.append(text)
    records.refresh_kept()
    records.load_pads()
    records.load_challenges()
    app.attach_challenge()
    dare = challenge.parse_fragment(str(window.location.hash))
    if isinstance(dare, challenge.Challenge):
        old = app.game
        app.start_challenge(dare, int(time.time() * 1000))
        notes.append(app.note.text if app.note else "")
        notes.append(records.keep_replaced(old))
    elif isinstance(dare, challenge.Problem):
        notes.append(dare.message)
        problem = True
    link = parse_query(str(window.location.search)) if dare is None else None
    if isinstance(link, ShareRequest):
        old = app.game
        app.start_shared(link, quick_get(PAINT_KEY) is None and app.first_visit())
        notes.append(app.note.text if app.note else "")
        notes.append(records.keep_replaced(old))  # the game in progress is kept, never replaced
    elif isinstance(link, ShareProblem):
        notes.append(link.message)
        problem = True
    if link is not None or dare is not None:
        # The whole address without its query: a bare path starting "//" would read as another host.
        window.history.replaceState(None, "", window.location.origin + window.location.pathname)
    if stores.problem:
        notes.append(stores.problem[0])
        problem = problem or stores.problem[1]
    notes = [n for n in notes if n]
    if notes:
        app.note = Note(" ".join(notes), "error" if problem else "info")
    elif link is None and dare is None and quick_get(PAINT_KEY) is None and app.first_visit():
        app.note = Note(WELCOME)  # no table was ever painted here: a new player
        app.lesson_offer = True
    resume_lesson(app, quick_get(LESSON_KEY))
    if link is None and dare is None and app.pads.return_to(quick_get(PAD_PLACE_KEY)):
        app.screen = "pad"  # the page went away at the score pad: back there, at the same round and side


async def start() -> None:
    if window.hfAnswerTab:  # an answer link, handed to the table in another tab (ui/net.js): nothing to start
        return
    fragment = str(window.location.hash)
    if fragment.startswith("#join="):  # an invitation: this page is a guest at another device's table
        from ui.browser.remote import start_guest

        await start_guest(fragment[len("#join=") :])
        return
    stores = await Stores.open()
    root, body = document.getElementById("app"), document.body
    reduced_query = window.matchMedia("(prefers-reduced-motion: reduce)")
    app = app_with_settings(stores)
    saver = Saver(app, stores, body)
    page = Page(app, root, body, reduced_query, saver)
    runner = Runner(app, saver, page, body, reduced_query)
    room = RoomLink(app, page, runner)
    room.attach()  # the phones in the room, if any join (before page.refresh is handed out)
    saver.refresh, saver.spawn, saver.settle_idle = page.refresh, runner.spawn, runner.settle_idle
    records = Records(app, stores, saver)
    platform = Platform(app, saver, page)
    listeners = Input(app, root, saver, page, runner, records, platform)
    feel = Feel(app)
    moved = app.session.on_move

    def on_move() -> None:  # after each move: what the app does, then its cue
        moved()
        feel.after_move()

    app.session.on_move = on_move
    version = document.querySelector('meta[name="app-version"]')
    report.set_version(str(version.getAttribute("content")) if version else "")

    boot_started = time.perf_counter()
    boot(app, stores, records, listeners, body)
    room.resumed()
    page.take_over()  # first: a control in an inert table can't take the focus
    page.refresh()
    root.addEventListener("click", create_proxy(listeners.on_click))
    document.addEventListener("keydown", create_proxy(listeners.on_key))
    root.addEventListener("toggle", create_proxy(listeners.on_toggle), True)  # toggle doesn't bubble
    root.addEventListener("change", create_proxy(listeners.on_change))
    root.addEventListener("submit", create_proxy(listeners.on_submit))
    document.addEventListener("hf-update-available", create_proxy(platform.on_update))
    window.addEventListener("pagehide", create_proxy(saver.on_leave))
    window.addEventListener("storage", create_proxy(listeners.on_storage))
    # A challenge link opened in a tab already showing the app changes only the fragment: read it afresh.
    window.addEventListener(
        "hashchange",
        create_proxy(
            lambda _e: window.location.reload() if str(window.location.hash).startswith("#challenge=") else None
        ),
    )
    document.addEventListener("visibilitychange", create_proxy(saver.on_leave))
    document.addEventListener("visibilitychange", create_proxy(feel.on_visibility))
    root.addEventListener("hf-drag", create_proxy(listeners.on_drag))  # ui/drag.js
    feel.keep_awake()
    if body.getAttribute("data-update-available") == "1":
        platform.on_update()
    install_qr()  # ui/qr.js draws <div class="qr" data-qr> with ui.qr from now on
    body.dataset.bootMs = f"{(time.perf_counter() - boot_started) * 1000:.1f}"
    body.dataset.ready = "1"
    runner.kick()
    # The computer players' code loads just after the table is up (a later task, so the page paints
    # first); a computer turn that comes sooner loads it itself.
    asyncio.get_running_loop().call_later(0.05, app.load_players)
