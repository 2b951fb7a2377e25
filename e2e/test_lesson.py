"""Learn to play in the browser (issue 30): the welcome offers the lesson, and it is played to its end by
tapping what it points at, with a wrong tap refused at each step, axe-core finding nothing, and a reload in
the middle that comes back at the same step."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Watch
from pages import Table, offline_after_first_visit
from playwright.sync_api import BrowserContext, Page
from test_accessibility import audited, violations

from ui.lesson.plans import PLANS

LESSON = "section.lesson"
POINTED = '[data-lesson="point"]'
MAX_TAPS = 400


IN_VIEW = """() => {
  const out = [], vw = innerWidth, vh = innerHeight;
  const box = document.querySelector('section.lesson-on');
  if (!box) return ['no lesson box'];
  if (box.scrollHeight > box.clientHeight + 1) out.push('the lesson box scrolls');
  const shown = (el, what) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return out.push(what + ' not shown');
    if (r.top < -1 || r.left < -1 || r.bottom > vh + 1 || r.right > vw + 1) return out.push(what + ' off the screen');
    const x = Math.min(r.left + 6, r.right - 1);  // the left edge: a fanned card is overlapped on its right
    for (const y of [r.top + 9, (r.top + r.bottom) / 2, r.bottom - 9]) {  // a raised selected card overlaps 7px
      const hit = document.elementFromPoint(x, y);
      const under = hit ? hit.className : '-';
      if (!hit || !(hit === el || el.contains(hit))) return out.push(what + ' hidden under ' + under);
    }
  };
  shown(box.querySelector('.lesson-text'), 'the step');
  box.querySelectorAll('.lesson-buttons button').forEach(b => shown(b, b.innerText));
  document.querySelectorAll('[data-lesson="point"]').forEach(p => shown(p, 'the pointed ' + p.dataset.act));
  document.querySelectorAll('#r-hand button[data-act="card"]').forEach(c => shown(c, 'card ' + c.dataset.arg));
  return out;
}"""
"""What hides the lesson's step, its buttons, a card of the hand or what the step points at (none: [])."""


OUR_SIDE_SEEN = """() => {
  if (!document.querySelector('#r-staging .staging')) return true;
  const board = document.querySelector('.board').getBoundingClientRect();
  const us = document.querySelector('.team.us').getBoundingClientRect();
  return us.top >= board.top - 1 && us.top + 20 <= board.bottom;
}"""
"""With cards staged for melds, our side's row (its name and first line) is in view on the board."""


# On screen and on top at its middle: a tap there reaches it.
ON_TOP = """(el) => {
  const r = el.getBoundingClientRect(), t = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && t !== null && (t === el || el.contains(t));
}"""


def check_in_view(page: Page, sizes: tuple[tuple[int, int], ...], text: str) -> None:
    """At each screen size: the step and its buttons in view without scrolling the box, and the hand and
    what the step points at not hidden (the page's own size is put back after)."""
    own = page.viewport_size
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        problems = page.evaluate(IN_VIEW)
        assert problems == [], f"{width}x{height}: {text}"
    if own is not None and sizes:
        page.set_viewport_size(own)


def step_text(page: Page) -> str:
    return page.locator(f"{LESSON} #lesson-step").inner_text()


def said(page: Page) -> str:
    """What the lesson's polite live region says now."""
    region = page.locator('#r-said[role="status"][aria-live="polite"]')
    return region.inner_text() if region.count() else ""


def wrong_tap(page: Page) -> None:
    """The other answer to the partner's question, a card the step doesn't use, or Hint: the lesson refuses
    each while it asks for something else."""
    other = page.locator(f'#r-dialog button[data-act="answer"]:not({POINTED})')
    spare = page.locator(f'#r-hand button[data-act="card"][aria-pressed="false"]:not({POINTED})')
    if other.count():
        other.first.click()
    elif spare.count():
        spare.first.click()
    else:
        page.locator('#r-actions button[data-act="hint"]').click()


def play_lesson(
    page: Page, table: Table, *, reload_at: int | None = None, audit: bool = True,
    sizes: tuple[tuple[int, int], ...] = (),
) -> int:
    """Tap what the lesson points at until it is done; each new step: said in the lesson's live region, in
    view at each of ``sizes``, a wrong tap refused (nothing changes) and no axe violations.  Reloads once
    after ``reload_at`` moves.  The number of steps met."""
    seen: set[tuple[str, str]] = set()
    reloaded = reload_at is None
    for _ in range(MAX_TAPS):
        table.wait_until_idle()
        box = page.locator(LESSON)
        if "Lesson done" in box.inner_text():
            return len(seen)
        moves = str(page.evaluate("document.body.dataset.moves || '0'"))
        text = step_text(page)
        if not reloaded and int(moves) >= (reload_at or 0) and page.locator(POINTED).count():
            table.wait_until_saved().reload().wait_until_idle()
            assert step_text(page) == text, "the lesson came back at another step"
            reloaded = True
        if (moves, text) not in seen and page.locator(POINTED).count():
            seen.add((moves, text))
            assert text in said(page), (text, said(page))  # the new step is said (politely)
            assert page.evaluate(OUR_SIDE_SEEN), f"our side's row is off the board: {text}"
            check_in_view(page, sizes, text)
            pressed = page.locator('#r-hand [aria-pressed="true"]').count()
            wrong_tap(page)
            table.wait_until_idle()
            assert table.message().startswith("Not that one yet; nothing has changed."), text
            assert str(page.evaluate("document.body.dataset.moves || '0'")) == moves
            assert page.locator('#r-hand [aria-pressed="true"]').count() == pressed
            if audit:
                assert violations(page) == [], text
        page.locator(POINTED).first.click()
    raise AssertionError("the lesson didn't end")


def open_lesson_from_welcome(page: Page, table: Table) -> None:
    table.open().wait_until_idle()
    offer = page.locator(".note")  # beside the welcome the lesson is offered in the note itself
    assert offer.inner_text().startswith("Welcome!")
    offer.get_by_role("button", name="Learn to play", exact=True).click()
    table.wait_until_idle()
    assert page.locator(f"{LESSON} .lesson-title").inner_text().startswith("Lesson:")


@pytest.mark.parametrize("size", [(360, 740), (390, 844), (1024, 768)], ids=["phone", "tall-phone", "tablet-landscape"])
def test_the_classic_lesson_from_the_welcome_to_its_end(
    new_page: Callable[..., Page], base_url: str, size: tuple[int, int]
) -> None:
    width, height = size
    page = audited(lambda **o: new_page(viewport={"width": width, "height": height}, **o))
    table = Table(page, base_url)
    open_lesson_from_welcome(page, table)
    assert table.deal_number().replace(",", "").endswith(str(PLANS["classic"].deal))
    # The phone's lesson also checked in landscape, the tablet's on its side and upright, at each step (the tall
    # phone's only at its own size: the phone's run checks the landscape ones).
    sizes = ((width, height), (844, 390), (740, 360)) if width < 700 else ((1024, 768), (768, 1024))
    if (width, height) == (390, 844):
        sizes = ((width, height),)
    steps = play_lesson(page, table, reload_at=12 if width < 700 else None, audit=width != 390, sizes=sizes)
    assert steps > 5
    assert "you went out" in page.locator(LESSON).inner_text()
    assert not table.scrolls_sideways()


def test_the_menu_starts_a_lesson_and_it_can_be_left(new_page: Callable[..., Page], base_url: str) -> None:
    page = new_page()
    table = Table(page, base_url).open_link("?rules=classic&deal=4417")
    table.menu("Learn to play")
    assert page.locator(LESSON).count() == 1
    page.locator(LESSON).get_by_role("button", name="Leave the lesson", exact=True).click()
    table.wait_until_idle()
    assert page.locator(LESSON).count() == 0
    assert "Lesson closed" in table.message()


@pytest.mark.parametrize("name", [n for n in PLANS if n != "classic"])
def test_each_presets_lesson_from_a_shared_links_first_visit(
    new_page: Callable[..., Page], base_url: str, name: str
) -> None:
    page = audited(new_page)
    table = Table(page, base_url).open_link(f"?rules={name}&deal=4417")
    offer = page.locator(".note")  # the link's welcome note offers the lessons
    assert "from your link" in offer.inner_text()
    offer.get_by_role("button", name=PLANS[name].title, exact=True).click()
    table.wait_until_idle()
    assert PLANS[name].title in page.locator(f"{LESSON} .lesson-title").inner_text()
    assert play_lesson(page, table, sizes=((360, 740), (844, 390))) >= len(PLANS[name].teaches)
    assert "Lesson done" in page.locator(LESSON).inner_text()
    assert not table.scrolls_sideways()
    # The way out is in view on a phone, above the round's scores (it was below the box's edge).
    page.set_viewport_size({"width": 360, "height": 740})
    close = page.locator(LESSON).get_by_role("button", name="Close the lesson", exact=True)
    assert close.evaluate(ON_TOP), "Close the lesson is out of view"
    close.click()
    table.wait_until_idle()
    assert page.locator(LESSON).count() == 0


def tab_to(page: Page, selector: str, presses: int = 80) -> str:
    """Press Tab until the focus is on an element matching ``selector``; its data-act."""
    for _ in range(presses):
        if page.evaluate(f"!!document.activeElement && document.activeElement.matches({selector!r})"):
            return str(page.evaluate("document.activeElement.dataset.act || ''"))
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_the_classic_lesson_by_keyboard_alone_each_new_step_said_politely(
    new_page: Callable[..., Page], base_url: str
) -> None:
    page = new_page()
    table = Table(page, base_url).open().wait_until_idle()
    tab_to(page, '.note button[data-act="lesson"]')  # the welcome's Learn to play
    page.keyboard.press("Enter")
    table.wait_until_idle()
    page.evaluate("document.getElementById('r-said').kept = true")  # the same live region all along
    said_steps: list[str] = []
    refused = False
    for _ in range(14):
        table.wait_until_idle()
        now = said(page)
        if now and (not said_steps or said_steps[-1] != now):
            said_steps.append(now)
        if "Start another meld" in now:
            break
        if not refused and "Select cards for a meld" in now:  # a card the step doesn't use, by the keyboard: refused
            tab_to(page, f'#r-hand button[data-act="card"]:not({POINTED})')
            page.keyboard.press("Space")
            table.wait_until_idle()
            assert page.get_by_role("alert").inner_text().startswith("Not that one yet; nothing has changed.")
            assert page.locator('#r-hand [aria-pressed="true"]').count() == 0
            refused = True
        act = tab_to(page, POINTED)
        page.keyboard.press("Space" if act == "card" else "Enter")
    names = [s.split(":")[0] for s in said_steps]
    assert names[:3] == [
        "Lesson, Draw from the stock", "Lesson, Select cards for a meld", "Lesson, Lay down a first meld"
    ]
    assert "Lesson, Start another meld" in names and refused
    assert int(page.evaluate("document.body.dataset.moves")) > 1
    assert page.evaluate("document.getElementById('r-said').kept === true")


def test_a_lesson_starts_and_plays_offline_after_the_first_visit(
    page: Page, context: BrowserContext, dist: Path, watch: Watch
) -> None:
    table = offline_after_first_visit(page, context, dist).wait_until_idle()
    table.menu("Learn to play")
    table.wait_until_idle()
    assert page.locator(f"{LESSON} .lesson-title").inner_text().startswith("Lesson:")
    texts = []
    for _ in range(3):  # draw, then the first cards of the first meld: the computers' code loads offline too
        table.wait_until_idle()
        texts.append(said(page))
        page.locator(POINTED).first.click()
    table.wait_until_idle()
    assert texts[0].startswith("Lesson, Draw from the stock") and "Select cards for a meld" in texts[1]
    assert int(page.evaluate("document.body.dataset.moves")) >= 1
    assert watch.external == []
