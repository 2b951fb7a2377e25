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
    """A small line over the table, "West is thinking…", while an Expert seat thinks (a live region, so a
    screen reader hears it too); ``body.dataset.thinking`` holds the seat for tests."""

    def __init__(self, body: Any, names: Callable[[], list[str]]) -> None:
        self.body = body
        self.names = names
        self.el: Any = None

    def show(self, seat: int | None) -> None:
        if self.el is None:
            self.el = document.createElement("p")
            self.el.id = "thinking"
            self.el.className = "thinking"
            self.el.setAttribute("role", "status")
            style = self.el.style
            for key, value in (
                ("position", "fixed"), ("top", "0.4rem"), ("left", "50%"), ("transform", "translateX(-50%)"),
                ("margin", "0"), ("padding", "0.2rem 0.7rem"), ("borderRadius", "1rem"), ("zIndex", "30"),
                ("background", "rgba(20, 40, 30, 0.88)"), ("color", "#fff"), ("fontSize", "0.85rem"),
                ("pointerEvents", "none"),
            ):
                setattr(style, key, value)
            self.body.appendChild(self.el)
        if seat is None:
            self.el.hidden = True
            self.el.textContent = ""
            self.body.removeAttribute("data-thinking")
            return
        names = self.names()
        name = names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
        self.el.textContent = f"{name} is thinking…"
        self.el.hidden = False
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
        data.expertFallbacks = str(thinker.fallbacks)
        data.expertProblem = thinker.last_problem[:300]

    line = ThinkingLine(body, names)
    return Thinker(WorkerPort, line.show, tell)
