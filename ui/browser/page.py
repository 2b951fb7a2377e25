"""Drawing into #app: the whole layout when the screen changes, then only the regions whose HTML
changed, so focus, scroll and open panels survive a computer's move."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from ui.browser.storage import quick_drop, quick_get, quick_set
from ui.render import assemble, body_classes, regions, screen_key, start_picture
from ui.settings.model import STORAGE_KEPT_KEY, storage_kept_note

if TYPE_CHECKING:
    from ui.app import App
    from ui.browser.saving import Saver

PAINT_KEY = "handfoot-paint"  # the last table painted, which index.html shows before Python starts
SCROLL_BOXES = ".team > .melds, .staging > ul, .note, .why-panel"
"""Boxes that scroll inside a region: their scroll survives the region's redraw."""


def reveal_highlights(region: Any) -> None:
    """A side's melds redrawn in a box that scrolls: bring the melds just played, or the ones the
    selected cards can go on, into view when none of them is (the box alone scrolls, never the page).
    While the round's end holds the play that went out on the table, every meld of it is to be seen:
    the first one out of view is brought into view."""
    for box in region.querySelectorAll(".team > .melds"):
        # The marks first: reading a box's height lays the page out, which a paint with none needn't do.
        marked = list(box.querySelectorAll(".chip.target")) or list(box.querySelectorAll(".chip.fresh"))
        if not marked or box.scrollHeight <= box.clientHeight:
            continue
        top, bottom = box.scrollTop, box.scrollTop + box.clientHeight
        spots = [(m.offsetTop, m.offsetTop + m.offsetHeight) for m in marked]  # the box is their offsetParent
        hidden = [(start, end) for start, end in spots if not (start >= top - 1 and end <= bottom + 1)]
        ending = bool(box.closest(".team.ending"))  # JavaScript null is falsy, never None
        if not hidden or (len(hidden) < len(spots) and not ending):
            continue
        start, end = hidden[0]
        if len(hidden) == len(spots) or start < top:
            box.scrollTop = max(0, start - 4)
        else:  # below the edge, under melds of the same play in view: just far enough to show it too
            box.scrollTop = end - box.clientHeight + 4


def land_once(region: Any, played: str) -> str:
    """The pile's landing plays once for a discard: a repaint of the row (a fold of the melds, a panel closed)
    drew the same discard with its animation again, as if another card had just been thrown. Returns the
    discard whose landing is on screen now (``played`` when there is none)."""
    pile = region.querySelector(".pile.landed")
    if not pile:
        return played
    key = str(pile.getAttribute("data-land") or "")
    if key == played:
        pile.classList.remove("landed")  # in the same task as the paint: the animation never starts
    return key


def reveal_our_side(root: Any) -> None:
    """Our side's row brought into view on the board (which scrolls by itself when the table outgrows the
    screen): the cards being put together are for our melds, and a tall dock (a lesson's step, the staged
    melds) left the row below the board's edge (seen at 390x844 in a lesson)."""
    board = root.querySelector(".board")  # (a missing element is JavaScript's null: falsy, never None)
    us = board.querySelector(".team.us") if board else None
    if not us or board.scrollHeight <= board.clientHeight + 1:
        return
    room, row = board.getBoundingClientRect(), us.getBoundingClientRect()
    if row.top < room.top:
        board.scrollTop = max(0, board.scrollTop - (room.top - row.top) - 4)
    elif row.bottom > room.bottom:  # down just far enough to show it, its top never above the board's
        board.scrollTop = board.scrollTop + min(row.bottom - room.bottom + 4, row.top - room.top)


class Page:
    """#app and what is painted in it."""

    def __init__(self, app: App, root: Any, body: Any, reduced_query: Any, saver: Saver) -> None:
        self.app = app
        self.root = root  # the #app element
        self.body = body
        self.reduced_query = reduced_query
        self.saver = saver
        self.painted_key = ""  # the layout on screen ('' before the first paint)
        self.painted: dict[str, str] = {}  # the HTML of each region on screen
        self.painted_copy = ""  # the last table handed to localStorage for the next start's first paint
        self.sheet_shown: str | None = None
        self.our_side_wanted = ""  # what last called for our side's row in view (staged cards, targets)
        self.landed = ""  # the discard whose landing on the pile was played (``land_once``)

    def paint(self) -> str:
        """Bring #app up to date: the whole layout if the screen changed, else only the regions that changed."""
        key = screen_key(self.app)
        parts = regions(self.app)
        if key != self.painted_key:
            html = assemble(key, parts)
            self.root.innerHTML = html
            self.painted_key, self.painted = key, parts
            reveal_highlights(self.root)  # e.g. a computer's going out, from the pass screen to the table
            self.landed = land_once(self.root, self.landed)
            self.keep_our_side_in_view()
            return html
        for rid, html in parts.items():
            if self.painted.get(rid) != html:
                el = document.getElementById(rid)
                if el:
                    tops = [box.scrollTop for box in el.querySelectorAll(SCROLL_BOXES)]
                    if "data-pad=" in html and el.querySelector("[data-pad]") and hasattr(window, "hfMorph"):
                        window.hfMorph(el, html)  # the score pad: its fields kept, the one tapped takes the focus
                    else:
                        el.innerHTML = html
                    for box, top in zip(el.querySelectorAll(SCROLL_BOXES), tops, strict=False):
                        box.scrollTop = top  # a redrawn box stays where the player scrolled it
                    reveal_highlights(el)
                    self.landed = land_once(el, self.landed)
        self.painted = parts
        self.keep_our_side_in_view()
        return ""

    def keep_our_side_in_view(self) -> None:
        """When cards are first staged for melds, or selected cards first can go on our melds, or the board
        changes height while they are, bring our side's row into view; not on every tap (the player may
        have scrolled the board)."""
        staged = bool(self.root.querySelector("#r-staging .staging"))
        targets = self.root.querySelectorAll(".team.us .chip.target").length
        if not (staged or targets):
            self.our_side_wanted = ""  # and no layout read on a paint that doesn't need one (a computer's move)
            return
        board = self.root.querySelector(".board")
        wanted = f"{staged}:{targets}:{board.clientHeight if board else 0}"
        if wanted != self.our_side_wanted:
            reveal_our_side(self.root)
        self.our_side_wanted = wanted

    def take_over(self) -> None:
        """The first paint by Python: the saved copy that index.html painted becomes the live table."""
        boot_ui = document.getElementById("boot")
        if boot_ui:
            boot_ui.remove()
        self.root.removeAttribute("inert")

    def keep_paint(self) -> None:
        """Keep the table as painted, so the next start shows it before Python is up (index.html)."""
        app = self.app
        if app.screen != "table" or app.elsewhere:
            return  # only the table (or the scores at its end): the screen a start comes back to
        html = start_picture(app, self.painted_key, self.painted)
        if html == self.painted_copy:
            return
        self.painted_copy = html
        cls = str(self.body.className)
        if html.startswith('<div class="screen screen-pass"'):
            cls = cls.replace("on-table", "on-pass")
        text = json.dumps({"v": 1, "html": html, "cls": cls, "moves": len(app.game.history)})
        if not quick_set(PAINT_KEY, text):
            quick_drop(PAINT_KEY)  # never let the picture take the room the save needs

    def focus_after(self) -> None:
        """Move the keyboard focus where the next action is, or back to the control that had it."""
        app, root = self.app, self.root
        wanted = app.focus
        app.focus = ""
        target = None
        if app.sheet is not None and app.sheet != self.sheet_shown:
            target = root.querySelector("#r-sheet button")
        elif wanted == "hand":
            target = root.querySelector('#r-hand [aria-pressed="true"]') or root.querySelector("#r-hand button")
        elif wanted == "status":
            target = root.querySelector("#live")
        self.sheet_shown = app.sheet
        handing = root.querySelector('[data-act="take-device"]')
        if handing and not target and not document.activeElement.closest("#app"):
            target = handing  # the device is being passed: the one button on the screen takes the focus
        dialog_button = root.querySelector('#r-dialog [role="dialog"] button')
        if dialog_button and not document.activeElement.closest('[role="dialog"]'):
            target = dialog_button  # the partner's question takes the focus until it is answered
        if target:
            target.focus()

    def refresh(self) -> None:
        """Save what changed (synchronously), then redraw what changed, keeping keyboard focus on the same control."""
        self.saver.save_now()
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
        if self.app.screen == "settings":
            self.app.storage_kept = storage_kept_note(quick_get(STORAGE_KEPT_KEY))
        body = self.body
        body.className = body_classes(self.app, bool(self.reduced_query.matches))
        self.paint()
        if key is not None and not document.activeElement.closest("#app"):
            selector = f'[data-act="{key[0]}"]' + (f'[data-arg="{key[1]}"]' if key[1] else "")
            if not key[0]:
                selector = f'[data-pad="{key[1]}"]'
            target = self.root.querySelector(selector)
            if target and not target.disabled:
                target.focus()
        self.focus_after()
        body.dataset.moves = str(len(self.app.game.history))  # the position painted, for tests and the soak
        body.dataset.deal = str(self.app.game.deal_number)
        body.dataset.renderMs = f"{(time.perf_counter() - started) * 1000:.1f}"
        self.keep_paint()
