"""Expert in WebKitGTK and Firefox ESR: a link with ``level=expert`` opens a table whose three computers
think in Expert's worker (``ui/expert-worker.js``, a Pyodide of its own); after South's turn each of them
is shown thinking on its seat, every one of their turns is the worker's answer (none played by Hard
instead), and each answer says what its searches played (``n``, ``cut``).  A browser and server of their
own (the lane fixture is per module)."""

from __future__ import annotations

import time

from conftest import Lane
from engines import Browser

WIDTH, HEIGHT = 390, 844
DEAL = 700_000_001
READY = "document.body && document.body.dataset.ready === '1'"
IDLE = READY + " && document.body.dataset.idle === '1'"
MY_TURN = IDLE + " && document.querySelector('#app .banner.mine') !== null"
# The seats shown thinking from now on (``body[data-thinking]``, set by ui/browser/expert.py).
WATCH_THINKING = """() => {
  window.__thinking = [];
  new MutationObserver(() => {
    const seat = document.body.dataset.thinking;
    if (seat !== undefined) window.__thinking.push(Number(seat));
  }).observe(document.body, { attributes: true, attributeFilter: ["data-thinking"] });
}"""
FIGURES = """() => { const d = document.body.dataset; return { ms: d.expertMs || "", n: d.expertN || "",
  cut: d.expertCut || "", fallbacks: d.expertFallbacks || "", problem: d.expertProblem || "" }; }"""
AGAIN = "[...document.querySelectorAll('.note')].some((n) => n.innerText.includes('Tap Discard again'))"


def moves(browser: Browser) -> int:
    return int(browser.js("document.body.dataset.moves"))


def south_draws_and_discards(browser: Browser) -> None:
    """South draws and discards its first card; the three computers play before South's turn is back."""
    before = moves(browser)
    browser.click('#app button[data-act="draw"]:not([disabled])')
    browser.wait(f"Number(document.body.dataset.moves) > {before}")
    browser.click('#app [aria-label="Your cards"] button')
    browser.click('#app button[data-act="discard"]:not([disabled])')
    browser.wait(f"Number(document.body.dataset.moves) > {before + 1} || ({AGAIN})")
    if browser.js(AGAIN):
        browser.click('#app button[data-act="discard"]:not([disabled])')
    browser.wait(f"{MY_TURN} && Number(document.body.dataset.moves) >= {before + 8}", timeout=90)


def test_expert_computers_think_in_their_worker_each_shown_thinking(lane: Lane, browser: Browser) -> None:
    browser.size(WIDTH, HEIGHT)
    started = time.monotonic()
    browser.goto(f"{lane.url}?rules=classic&deal={DEAL}&level=expert")
    browser.wait(MY_TURN, timeout=90)
    browser.call(WATCH_THINKING)
    south_draws_and_discards(browser)
    figures = browser.call(FIGURES)
    thinking = browser.js("window.__thinking")
    print(f"{lane.engine}: Expert's lap in {time.monotonic() - started:.1f} s; waits {figures['ms']} ms, "
          f"playouts {figures['n']}, cut {figures['cut']}")
    assert figures["fallbacks"] == "0", figures["problem"]
    times = [float(t) for t in figures["ms"].split()]
    assert len(times) >= 6  # West, North and East each drew and discarded: the worker's answers
    assert len(figures["n"].split()) == len(figures["cut"]) == len(times)
    assert all(0 <= int(n) <= 1_000 for n in figures["n"].split()) and set(figures["cut"]) <= {"0", "1"}
    assert sorted(set(thinking)) == [1, 2, 3], thinking  # each computer's seat was shown thinking
    assert browser.js("document.body.dataset.thinking === undefined")  # and nobody thinks now
