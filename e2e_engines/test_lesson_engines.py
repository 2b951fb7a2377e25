"""Learn to play in WebKitGTK and Firefox ESR: a first visit's welcome starts the classic lesson, its box
shows the step and its buttons without scrolling at 390x844, and its first three steps are tapped (each new
step said in the lesson's live region).  A browser and server of their own (the lane fixture is per module)."""

from __future__ import annotations

import time

from conftest import Lane
from engines import Browser

WIDTH, HEIGHT = 390, 844
READY = "document.body && document.body.dataset.ready === '1'"
IDLE = READY + " && document.body.dataset.idle === '1'"
POINTED = '#app [data-lesson="point"]'
SAID = "(document.querySelector('#r-said[aria-live=\"polite\"]') || {}).innerText || ''"
PRESSED = "document.querySelectorAll('#app [aria-label=\"Your cards\"] [aria-pressed=\"true\"]').length"
STATE = f"(document.body.dataset.moves + ':' + {PRESSED})"
BOX_PROBLEMS = """() => {
  const box = document.querySelector('section.lesson-on');
  if (!box) return ['no lesson box'];
  const out = box.scrollHeight > box.clientHeight + 1 ? ['the box scrolls'] : [];
  for (const el of [box.querySelector('#lesson-step'), ...box.querySelectorAll('.lesson-buttons button')]) {
    const r = el.getBoundingClientRect();
    if (r.height < 1 || r.top < 0 || r.bottom > innerHeight || r.bottom > box.getBoundingClientRect().bottom + 1)
      out.push('out of view: ' + el.innerText.slice(0, 30));
  }
  return out;
}"""


def test_the_classic_lesson_from_the_welcome_its_first_three_steps(lane: Lane, browser: Browser) -> None:
    browser.size(WIDTH, HEIGHT)
    started = time.monotonic()
    browser.goto(lane.url)  # a temporary profile: the first visit's welcome offers the lesson
    browser.wait(IDLE)
    browser.click('#app .note button[data-act="lesson"][data-arg="classic"]')
    browser.wait(IDLE + " && document.querySelector('section.lesson-on') !== null")
    said: list[str] = []
    for _ in range(3):  # draw, then the first two cards of the first meld
        browser.wait(IDLE + f" && document.querySelector('{POINTED}') !== null", timeout=60)
        assert browser.call(BOX_PROBLEMS) == [], browser.js("document.querySelector('#lesson-step').innerText")
        said.append(str(browser.js(SAID)))
        before = browser.js(STATE)
        browser.click(POINTED)
        browser.wait(f"{IDLE} && {STATE} !== {before!r}")  # the move made, or the card selected
    browser.wait(IDLE + " && (document.querySelector('#r-said').innerText || '').includes('first meld')")
    print(f"{lane.engine}: the lesson's first three steps in {time.monotonic() - started:.1f} s")
    assert said[0].startswith("Lesson, Draw from the stock: Tap Draw.")
    assert all(text.startswith("Lesson, Select cards for a meld:") for text in said[1:3])
    assert browser.js(PRESSED) == 2
    assert browser.js("document.body.dataset.moves") != "0"
