"""Taps, keys, form changes and other tabs, turned into the app's taps (``App.handle``) through
delegated listeners.  A few taps need the browser itself (the stores, the share sheet, the update):
they are registered here, in ``BrowserTaps``, and the rest go to the app's table of taps."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyscript import document, window
from pyscript.ffi import is_none

from ui.browser.expert_think import wants_expert_hint
from ui.browser.platform import copy_text
from ui.browser.storage import quick_set
from ui.render import SHORTCUTS
from ui.table.report import report_text
from ui.table.turn import show_hint
from ui.taps import Note, Taps

if TYPE_CHECKING:
    from ui.app import App
    from ui.browser.page import Page
    from ui.browser.platform import Platform
    from ui.browser.records import Records
    from ui.browser.runner import Runner
    from ui.browser.saving import Saver

OPEN_IN_KEY = "handfoot-open-in"  # which tab has the game: the newest one to open it
SHORTCUT_ACTS = {key.lower(): act for key, act, _ in SHORTCUTS}
SCROLL_TOP_ACTS = frozenset(
    {"screen", "rules-tab", "pad-open", "pad-new", "pad-list", "watch", "watch-close", "together"}
)
"""Taps that open another screen or page: it starts at its top."""
DRAG_ACTS = frozenset({"move-card", "drop"})
"""What a drag may ask for (``ui/drag.js``); anything else in its event is ignored."""


def shows_what_is_kept(el: Any) -> None:
    """After a change was taken or refused: a field the repaint left in place (its region's page was the same,
    as when the same note refuses a second entry) shows what the page holds, not what was typed."""
    if not el.isConnected:
        return  # painted anew: it holds the kept value already
    if str(el.tagName) == "SELECT":
        for option in el.options:
            option.selected = bool(option.defaultSelected)
    elif str(el.type) == "checkbox":
        el.checked = bool(el.defaultChecked)
    elif str(el.value) != str(el.defaultValue):
        el.value = el.defaultValue


class Input:
    """The page's listeners, and the taps that need the browser."""

    def __init__(
        self, app: App, root: Any, saver: Saver, page: Page, runner: Runner, records: Records, platform: Platform
    ) -> None:
        self.app = app
        self.root = root
        self.saver = saver
        self.page = page
        self.runner = runner
        self.records = records
        self.platform = platform
        self.tab = os.urandom(8).hex()  # this tab (crypto.randomUUID would need a secure context)
        self.taps: Taps[Input] = Taps()
        for act, handler in self.browser_taps().items():
            self.taps.add(act, handler)

    @staticmethod
    def browser_taps() -> dict[str, Callable[[Input, str], None]]:
        return {
            "resume-game": Input.on_resume_game,
            "restore-copy": Input.on_restore_copy,
            "delete-copy": Input.on_delete_copy,
            "confirm-delete": Input.on_confirm_delete,
            "share": Input.on_share,
            "apply-update": Input.on_apply_update,
            "challenge": Input.on_challenge,
            "report": Input.on_report,
            "hint": Input.on_hint,
        }

    # ----- the taps that need the browser ------------------------------------------------------

    def on_resume_game(self, arg: str) -> None:
        self.records.resume_kept(arg)
        self.page.refresh()
        self.runner.kick()

    def on_restore_copy(self, arg: str) -> None:
        self.records.restore_copy(arg)
        self.page.refresh()
        self.runner.kick()

    def on_delete_copy(self, arg: str) -> None:
        self.records.drop_kept(arg)
        self.records.refresh_kept()
        self.app.note = Note("That copy is deleted.")
        self.page.refresh()

    def on_confirm_delete(self, arg: str) -> None:
        self.records.drop_kept(arg)
        self.records.refresh_kept()
        self.app.confirm_delete = ""
        self.app.note = Note("That game is deleted.")
        self.page.refresh()

    def on_share(self, arg: str) -> None:
        self.app.sheet = None  # the link shows in the prompt, which the menu would cover
        self.runner.spawn(self.platform.share())

    def on_apply_update(self, arg: str) -> None:
        self.runner.spawn(self.platform.apply_update())

    def on_challenge(self, arg: str) -> None:
        self.runner.spawn(self.platform.send_challenge())

    def on_report(self, arg: str) -> None:
        self.runner.spawn(self.copy_report())

    def on_hint(self, arg: str) -> None:
        """Hint: Expert's, from its worker, when the computers play Expert (the table goes on meanwhile);
        else Hard's, at once, as every other tap."""
        if not wants_expert_hint(self.app):
            self.app_tap("hint", arg, time.perf_counter())
            return
        self.app.note = Note("Expert is thinking about your hand…", "info")
        self.page.refresh()
        self.runner.spawn(self.expert_hint())

    async def expert_hint(self) -> None:
        app = self.app
        session = app.session
        game, seat, moves = session.game, session.seat, len(session.game.history)
        thought = await self.runner.expert().ask("hint", session, seat)
        if app.session is not session or session.game is not game or len(game.history) != moves:
            return  # the table moved on: this hint is for a position that has gone
        if not app.human_to_act():
            return
        if thought is None:
            self.app_tap("hint", "", time.perf_counter())  # Hard's hint, on the page
            return
        show_hint(app, thought.action, thought.advice)
        self.page.refresh()

    async def copy_report(self) -> None:
        """Copy the report of the hand; the sheet shows it either way (to select and copy by hand when refused)."""
        copied = await copy_text(report_text(self.app.session))
        self.app.sheet = "report-copied" if copied else "report"
        self.page.refresh()

    # ----- listeners ---------------------------------------------------------------------------

    def on_drag(self, event: Any) -> None:
        """A card dragged (``ui/drag.js``): within the hand (``move-card``) or dropped to be played (``drop``)."""
        detail = event.detail
        act = str(getattr(detail, "act", "") or "")
        arg = str(getattr(detail, "arg", "") or "")
        if act not in DRAG_ACTS:
            return
        self.dispatch(act, arg)

    def on_click(self, event: Any) -> None:
        el = event.target.closest("[data-act]")
        if not el or el.disabled:
            return
        self.dispatch(el.getAttribute("data-act") or "", el.getAttribute("data-arg") or "")

    def dispatch(self, act: str, arg: str) -> None:
        """Do a tap (a click's, or a drag's): the browser's own taps here, the rest through the app."""
        app = self.app
        if app.elsewhere:
            if act == "play-here":  # start again from the newest save, and take the game from the other tab
                window.location.reload()
            return
        started = time.perf_counter()
        own = self.taps.find(act)
        if own is not None:
            own.handler(self, arg)
            return
        self.app_tap(act, arg, started)

    def app_tap(self, act: str, arg: str, started: float) -> None:
        """A tap the app itself handles (``App.handle``), then the page painted and the computers kicked."""
        app = self.app
        old = app.game
        try:
            app.handle(act, arg)
        except Exception as err:  # a bug, not a rule: say so plainly and keep the game
            window.console.error("handle failed:", act, arg, repr(err))
            app.note = Note("Something went wrong with that tap; the game is unchanged.", "error")
        self.records.with_kept_note(old)  # a new game or a replay: the one it replaced is kept
        self.page.refresh()
        self.page.body.dataset.tapMs = f"{(time.perf_counter() - started) * 1000:.1f}"
        if act in SCROLL_TOP_ACTS:
            window.scrollTo(0, 0)
        if act == "watch-step" and app.watch is not None and app.watch.playing:
            self.runner.spawn(self.runner.watch_play())
        self.runner.kick()

    def on_change(self, event: Any) -> None:
        app = self.app
        if app.elsewhere:
            return
        el = event.target
        field = el.getAttribute("data-pad") if el.getAttribute else None
        if field:
            app.pad_input(str(field), str(el.value))
            self.page.refresh()
            shows_what_is_kept(el)
            return
        key = el.getAttribute("data-setting") if el.getAttribute else None
        if not key:
            return
        value = bool(el.checked) if el.type == "checkbox" else str(el.value)
        app.change_setting(key, value)
        self.page.refresh()
        shows_what_is_kept(el)
        self.runner.kick()

    def on_submit(self, event: Any) -> None:
        app = self.app
        if app.elsewhere:
            event.preventDefault()
            return
        form = event.target
        if form.getAttribute("data-form") == "seating":
            event.preventDefault()
            self.sit_down(form)
            return
        if form.getAttribute("data-form") != "new-game":
            return
        event.preventDefault()
        field = form.querySelector("input[name=deal]")
        old = app.game
        app.handle("new-game", str(field.value) if field else "")
        self.records.with_kept_note(old)
        self.page.refresh()
        window.scrollTo(0, 0)
        self.runner.kick()

    def sit_down(self, form: Any) -> None:
        """The seat chooser's form: each seat's kind and name (typed text, checked by ``App.sit_down``)."""
        app = self.app
        people = []
        levels: dict[int, str] = {}
        guests: set[int] = set()
        for seat in range(6):
            kind = form.querySelector(f"[name=kind-{seat}]")
            if kind and str(kind.value) in ("person", "guest"):
                name = form.querySelector(f"[name=name-{seat}]")
                people.append((seat, str(name.value) if name else ""))
                if str(kind.value) == "guest":
                    guests.add(seat)
            elif kind:
                level = form.querySelector(f"[name=level-{seat}]")
                levels[seat] = str(level.value) if level else ""
        deal = form.querySelector("[name=deal]")
        same = bool(deal) and str(deal.value) == "same"
        old = app.game
        if app.sit_down(people, levels, frozenset(guests), same):
            self.records.with_kept_note(old)
            window.scrollTo(0, 0)
        self.page.refresh()
        self.runner.kick()

    def on_key(self, event: Any) -> None:
        """Shortcut keys, arrows between cards, Escape, and the focus kept inside the partner's question."""
        if self.app.elsewhere or event.ctrlKey or event.metaKey or event.altKey:
            return
        key = str(event.key)
        target = event.target
        tag = str(target.tagName).lower() if target and getattr(target, "tagName", None) else ""
        if tag in ("input", "select", "textarea"):
            return
        root = self.root
        dialog = root.querySelector('[role="dialog"][aria-modal="true"]')
        if key == "Tab" and dialog:
            trap_focus(event, dialog)
            return
        if key == "Escape":
            event.preventDefault()
            self.app.handle("escape")
            self.page.refresh()
            return
        if dialog:
            return
        if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown") and tag == "button":
            if target.getAttribute("data-act") == "card":
                step = -1 if key in ("ArrowLeft", "ArrowUp") else 1
                cards = root.querySelectorAll('#r-hand button[data-act="card"]')
                here = int(target.getAttribute("data-arg") or 0)
                there = min(max(here + step, 0), cards.length - 1)
                cards.item(there).focus()
                event.preventDefault()
            return
        if key == "?":
            self.app.handle("sheet", "help")
            self.page.refresh()
            return
        act = SHORTCUT_ACTS.get(key.lower()) if len(key) == 1 else None
        if act:
            control = root.querySelector(f'#app [data-act="{act}"]')
            if control and not control.disabled:
                event.preventDefault()
                control.click()

    def on_toggle(self, event: Any) -> None:
        """A <details> the app keeps open across redraws was opened or closed by the player."""
        el = event.target
        which = el.getAttribute("data-details") if getattr(el, "getAttribute", None) else None
        if which == "house":
            self.app.handle("house", "open" if el.open else "closed")

    # ----- one game, one tab ---------------------------------------------------------------------

    def claim(self) -> None:
        """Say in localStorage that this tab has the game: any other tab open on it gives way (``on_storage``)."""
        quick_set(OPEN_IN_KEY, f"{self.tab} {time.time()}")

    def on_storage(self, event: Any) -> None:
        """Another tab wrote localStorage: if it took the game, stop here, so the two can't overwrite each other.

        This tab's moves are already in localStorage (each is saved in the task that shows it), so the
        other tab started from them; what this tab had not yet handed to IndexedDB is dropped, being older.
        """
        if str(event.key) != OPEN_IN_KEY or self.app.elsewhere:
            return
        value = event.newValue
        if is_none(value) or str(value).startswith(self.tab):
            return
        self.saver.drop_pending()
        self.app.elsewhere = True
        self.page.refresh()


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
