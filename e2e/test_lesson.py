"""Learn to play in the browser (issue 30): the welcome offers the lesson, and it is played to its end by
tapping what it points at, with a wrong tap refused at each step, axe-core finding nothing, and a reload in
the middle that comes back at the same step."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pages import Table
from playwright.sync_api import Page
from test_accessibility import audited, violations

from ui.lesson.plans import PLANS

LESSON = "section.lesson"
POINTED = '[data-lesson="point"]'
MAX_TAPS = 400


def step_text(page: Page) -> str:
    return page.locator(f"{LESSON} #lesson-step").inner_text()


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


def play_lesson(page: Page, table: Table, *, reload_at: int | None = None, audit: bool = True) -> int:
    """Tap what the lesson points at until it is done; each new step: a wrong tap refused (nothing changes)
    and no axe violations.  Reloads once after ``reload_at`` moves.  The number of steps met."""
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


@pytest.mark.parametrize("size", [(360, 740), (1024, 768)], ids=["phone", "tablet-landscape"])
def test_the_classic_lesson_from_the_welcome_to_its_end(
    new_page: Callable[..., Page], base_url: str, size: tuple[int, int]
) -> None:
    width, height = size
    page = audited(lambda **o: new_page(viewport={"width": width, "height": height}, **o))
    table = Table(page, base_url)
    open_lesson_from_welcome(page, table)
    assert table.deal_number().replace(",", "").endswith(str(PLANS["classic"].deal))
    steps = play_lesson(page, table, reload_at=12 if width == 360 else None, audit=True)
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
    assert play_lesson(page, table) >= len(PLANS[name].teaches)
    assert "Lesson done" in page.locator(LESSON).inner_text()
    assert not table.scrolls_sideways()
