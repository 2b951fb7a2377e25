"""The page's entry point: the only module that touches browser objects.

It draws ``ui.render.page(controller)`` into #app, turns taps into
``controller.handle(act, arg)`` through one delegated listener, saves the game
to IndexedDB (``pyscript.storage``) after every move, and paces the computer
players with asyncio so the browser stays responsive between their moves.
"""

import asyncio
import json
import time

from pyodide.ffi import create_proxy, to_js
from pyscript import document, storage, window

from engine.errors import LoadError
from ui.controller import Controller, Note
from ui.render import body_classes, page
from ui.settings import load_settings
from ui.share import ShareProblem, ShareRequest, parse_query

PACE_SECONDS = 0.75
GAME_KEY = "game"
SETTINGS_KEY = "settings"

app = document.getElementById("app")
body = document.body
reduced_query = window.matchMedia("(prefers-reduced-motion: reduce)")


async def open_store():
    """The IndexedDB store; a plain dict (nothing saved) if the browser refuses it."""
    try:
        return await storage("handfoot"), None
    except Exception as err:  # a damaged database must not stop the game
        window.console.warn("Saved data could not be opened:", str(err))
        return {}, "Saved games can't be stored in this browser right now, so this game won't be kept."


store, store_problem = await open_store()  # noqa: F704 (PyScript runs top-level await)
ctrl = Controller(load_settings(store.get(SETTINGS_KEY)))
running = False
tasks: set = set()  # keep references so pending tasks are not garbage-collected


def pace() -> float:
    if ctrl.settings.reduced_motion or reduced_query.matches:
        return 0
    return PACE_SECONDS


def refresh() -> None:
    """Redraw the app, keeping keyboard focus on the same control."""
    started = time.perf_counter()
    focused = document.activeElement
    key = None
    if focused and focused.closest and focused.closest("#app"):
        act = focused.getAttribute("data-act") if focused.getAttribute else None
        if act:
            key = (act, focused.getAttribute("data-arg") or "")
    body.className = body_classes(ctrl, bool(reduced_query.matches))
    app.innerHTML = page(ctrl)
    if key is not None:
        selector = f'[data-act="{key[0]}"]' + (f'[data-arg="{key[1]}"]' if key[1] else "")
        target = app.querySelector(selector)
        if target and not target.disabled:
            target.focus()
    dialog_button = app.querySelector('[role="dialog"] button')
    if dialog_button and not document.activeElement.closest('[role="dialog"]'):
        dialog_button.focus()  # the partner's question takes the focus until it is answered
    body.dataset.renderMs = f"{(time.perf_counter() - started) * 1000:.1f}"


async def save() -> None:
    """Save the game and the settings; the page then says how many moves are saved."""
    if ctrl.dirty:
        ctrl.dirty = False
        store[GAME_KEY] = ctrl.save_data()
    if ctrl.settings_dirty:
        ctrl.settings_dirty = False
        store[SETTINGS_KEY] = ctrl.settings.to_json()
    if hasattr(store, "sync"):
        await store.sync()
    body.dataset.saved = str(len(ctrl.game.history))


async def pump() -> None:
    """Save what changed, then let the computer players move one at a time, paced."""
    global running
    if running:
        return
    running = True
    try:
        while True:
            if ctrl.dirty or ctrl.settings_dirty:
                await save()
                continue
            if not ctrl.bot_to_act():
                break
            await asyncio.sleep(pace())
            if ctrl.bot_to_act():  # the game may have changed while we waited
                ctrl.bot_step()
                refresh()
    finally:
        running = False
        body.dataset.idle = "1" if not ctrl.bot_to_act() else "0"


def spawn(coro) -> None:
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


def on_click(event) -> None:
    el = event.target.closest("[data-act]")
    if not el or el.disabled:
        return
    act, arg = el.getAttribute("data-act") or "", el.getAttribute("data-arg") or ""
    started = time.perf_counter()
    if act == "share":
        spawn(share())
        return
    if act == "apply-update":
        spawn(apply_update())
        return
    try:
        ctrl.handle(act, arg)
    except Exception as err:  # a bug, not a rule: say so plainly and keep the game
        window.console.error("handle failed:", act, arg, repr(err))
        ctrl.note = Note("Something went wrong with that tap; the game is unchanged.", "error")
    refresh()
    body.dataset.tapMs = f"{(time.perf_counter() - started) * 1000:.1f}"
    if act in ("screen", "rules-tab"):
        window.scrollTo(0, 0)
    kick()


def on_change(event) -> None:
    el = event.target
    key = el.getAttribute("data-setting") if el.getAttribute else None
    if not key:
        return
    value = bool(el.checked) if el.type == "checkbox" else str(el.value)
    ctrl.change_setting(key, value)
    refresh()
    kick()


def on_submit(event) -> None:
    form = event.target
    if form.getAttribute("data-form") != "new-game":
        return
    event.preventDefault()
    field = form.querySelector("input[name=deal]")
    ctrl.handle("new-game", str(field.value) if field else "")
    refresh()
    window.scrollTo(0, 0)
    kick()


def on_update(event=None) -> None:
    ctrl.update_available = True
    refresh()


def boot() -> None:
    """Resume the saved game (or keep a bad save aside), then follow a share link if there is one."""
    notes = []
    problem = False
    raw = store.get(GAME_KEY)
    if raw is not None:
        try:
            ctrl.resume(raw)
        except (LoadError, ValueError, TypeError) as err:
            aside = f"kept-aside-{int(time.time() * 1000)}"
            store[aside] = raw if isinstance(raw, str) else json.dumps(raw, default=str)
            del store[GAME_KEY]
            reason = str(err) if isinstance(err, LoadError) else "The saved game can't be read."
            notes.append(f"{reason} It has been kept aside, and a new game has started.")
            problem = True
            ctrl.dirty = True
    else:
        ctrl.dirty = True
    link = parse_query(str(window.location.search))
    if isinstance(link, ShareRequest):
        ctrl.start_shared(link)
        notes.append(ctrl.note.text if ctrl.note else "")
    elif isinstance(link, ShareProblem):
        notes.append(link.message)
        problem = True
    if link is not None:
        window.history.replaceState(None, "", window.location.pathname)
    if store_problem:
        notes.append(store_problem)
    notes = [n for n in notes if n]
    if notes:
        ctrl.note = Note(" ".join(notes), "error" if problem else "info")


boot_started = time.perf_counter()
boot()
refresh()
app.addEventListener("click", create_proxy(on_click))
app.addEventListener("change", create_proxy(on_change))
app.addEventListener("submit", create_proxy(on_submit))
document.addEventListener("hf-update-available", create_proxy(on_update))
if body.getAttribute("data-update-available") == "1":
    on_update()
body.dataset.bootMs = f"{(time.perf_counter() - boot_started) * 1000:.1f}"
body.dataset.ready = "1"
kick()
