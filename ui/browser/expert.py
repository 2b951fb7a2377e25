"""The browser's side of Expert's thinking: the worker (``ui/expert-worker.js``, a Python of its own, from
the same files as the page's and precached with them) as a ``Port`` for ``expert_think.Thinker``, and
the "West is thinking…" line shown while it thinks.  Made by the runner the first time a game with an
Expert seat is on the table, so a start-up without one never loads it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from engine.state import seat_names
from ui.browser.expert_think import Thinker

WORKER = "ui/expert-worker.js"


class WorkerPort:
    """The Expert worker: each message it posts (JSON text) handed to ``deliver``."""

    def __init__(self, deliver: Callable[[object], None]) -> None:
        options = to_js({"type": "module", "name": "expert"}, dict_converter=window.Object.fromEntries)
        href = window.URL.new(WORKER, document.baseURI).href
        self.worker: Any = window.Worker.new(href, options)
        self.on_message = create_proxy(lambda event: deliver(event.data if isinstance(event.data, str) else None))

        def failed(event: Any) -> None:
            window.console.warn("Expert's worker failed", event)
            deliver('{"t": "failed", "id": 0, "error": "the worker failed"}')  # its Python never starts: Hard plays

        self.on_error = create_proxy(failed)
        self.worker.addEventListener("message", self.on_message)
        self.worker.addEventListener("error", self.on_error)
        window.hfExpert = self.worker  # for the bench: the worker's messages can be timed from outside

    def post(self, text: str) -> None:
        self.worker.postMessage(text)

    def close(self) -> None:
        self.worker.terminate()
        self.on_message.destroy()
        self.on_error.destroy()


class ThinkingLine:
    """"West is thinking…", beside that seat on the table (over its row's right end, where its turn's news
    goes), while an Expert seat thinks: a live region, so a screen reader hears it too;
    ``body.dataset.thinking`` holds the seat for tests.  Laid over the table rather than in it, since the
    table's regions are painted afresh after every move."""

    def __init__(self, body: Any, names: Callable[[], list[str]], place: Callable[[int], int]) -> None:
        self.body = body
        self.names = names
        self.place = place  # the seat's box on the table: its ``pos-N`` (N = seats after the one shown)
        self.el: Any = None

    def make(self) -> Any:
        el = document.createElement("p")
        el.id = "thinking"
        el.className = "thinking"
        el.setAttribute("role", "status")
        style = el.style
        for key, value in (
            ("position", "fixed"), ("margin", "0"), ("padding", "0.15rem 0.6rem"), ("borderRadius", "1rem"),
            ("zIndex", "30"), ("background", "#fff8d6"), ("color", "#1d2b22"), ("fontSize", "0.85rem"),
            ("fontWeight", "600"), ("boxShadow", "0 1px 3px rgba(0, 0, 0, 0.35)"), ("pointerEvents", "none"),
            ("whiteSpace", "nowrap"),
        ):
            setattr(style, key, value)
        self.body.appendChild(el)
        return el

    def show(self, seat: int | None) -> None:
        if self.el is None:
            self.el = self.make()
        el = self.el
        if seat is None:
            el.hidden = True
            el.textContent = ""
            self.body.removeAttribute("data-thinking")
            return
        names = self.names()
        name = names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
        el.textContent = f"{name} is thinking…"
        box = document.querySelector(f".seats .seat.pos-{self.place(seat)}")
        style = el.style
        if box:
            rect = box.getBoundingClientRect()
            tall = rect.height > 48  # a tablet's seat box: in its empty lower corner, not over its badges
            style.top = f"{rect.bottom - 8 if tall else rect.top + rect.height / 2:.0f}px"
            style.left = f"{rect.right - 10:.0f}px"
            style.transform = "translate(-100%, -100%)" if tall else "translate(-100%, -50%)"
        else:  # no box for it (a screen other than the table): at the top, in the middle
            style.top = "0.4rem"
            style.left = "50%"
            style.transform = "translateX(-50%)"
        el.hidden = False
        self.body.dataset.thinking = str(seat)


def page_thinker(app: Any, body: Any) -> Thinker:
    """The page's thinker: the worker opened on first need, the thinking line on the body."""

    def names() -> list[str]:
        try:
            return list(app.session.names())
        except Exception:
            return list(seat_names(app.session.game.n))

    def tell(thinker: Thinker) -> None:
        data = body.dataset
        data.expertMs = " ".join(f"{ms:.0f}" for ms in thinker.times[-500:])
        data.expertN = " ".join(str(n) for n in thinker.playouts[-500:])
        data.expertCut = "".join("1" if cut else "0" for cut in thinker.cuts[-500:])
        data.expertFallbacks = str(thinker.fallbacks)
        data.expertProblem = thinker.last_problem[:300]

    def place(seat: int) -> int:
        session = app.session
        return int((seat - session.seat) % session.game.n)

    line = ThinkingLine(body, names, place)
    return Thinker(WorkerPort, line.show, tell)
