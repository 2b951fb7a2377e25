"""Expert in the page: chosen in Settings, it thinks in a worker of its own (offline, from the service
worker's copy), the table takes taps meanwhile, and its Why? says what it compared."""

from __future__ import annotations

from pathlib import Path

from conftest import Watch
from pages import Table
from playwright.sync_api import BrowserContext, Page
from serve import start_server

# Holds the Expert worker's answers back a second while ``hfHoldExpert`` is set, so a tap is sure to land
# while a computer is thinking (the page waits for the worker exactly as it does for a slow one).
HOLD_ANSWERS = """
(() => {
  const PageWorker = window.Worker;
  window.hfHoldExpert = true;
  window.Worker = class extends PageWorker {
    constructor(url, options) {
      super(url, options);
      this.expert = Boolean(options && options.name === "expert");
    }
    addEventListener(type, listener, ...rest) {
      if (!this.expert || type !== "message") return super.addEventListener(type, listener, ...rest);
      const held = (event) => (window.hfHoldExpert ? setTimeout(() => listener(event), 1000) : listener(event));
      return super.addEventListener(type, held, ...rest);
    }
  };
})();
"""


def reasons_in_moves(page: Page) -> list[str]:
    """Every computer move's Why? in the recent moves, opened one by one."""
    page.locator("#r-status").get_by_role("button", name="Moves", exact=True).click()
    sheet = page.get_by_role("dialog", name="Recent moves")
    reasons = []
    for i in range(sheet.get_by_role("button", name="Why?").count()):
        sheet.get_by_role("button", name="Why?").nth(i).click()
        reasons.append(sheet.locator(".reason").inner_text())
    sheet.get_by_role("button", name="Close").click()
    return reasons


def test_expert_thinks_in_its_worker_offline_while_the_table_takes_taps(
    page: Page, context: BrowserContext, dist: Path, watch: Watch
) -> None:
    page.add_init_script(HOLD_ANSWERS)
    server, url = start_server(dist)  # our own server, so stopping it spares the other tests
    try:
        table = Table(page, url).open_link("?rules=classic&deal=4417").wait_until_offline_ready()
    finally:
        server.shutdown()
        server.server_close()
    context.set_offline(True)  # the worker's files come from the service worker's copy
    table.open_settings().choose("Level", "Expert")
    assert page.get_by_text("Expert thinks ahead by playing out possible hands; it takes a moment.").is_visible()
    table.back_to_table()
    table.draw().select_position(0)
    discard = page.get_by_role("button", name="Discard", exact=True)
    discard.click()
    if page.locator(".note", has_text="Tap Discard again").count():
        discard.click()
    # While West thinks, the table says so and takes a tap: the menu opens.
    page.wait_for_selector("body[data-thinking]", state="attached", timeout=30_000)
    assert "is thinking" in page.locator("#thinking").inner_text()
    page.get_by_role("button", name="Menu", exact=True).click()
    page.locator("#r-sheet").get_by_role("button", name="Settings", exact=True).wait_for(timeout=900)
    assert page.locator("body[data-thinking]").count() == 1  # the tap was handled before the answer came
    page.keyboard.press("Escape")
    page.evaluate("window.hfHoldExpert = false")
    # The computers' turns came from the worker (none of them fell back to Hard), and Why? tells what
    # Expert compared when it played out its choices.
    reasons: list[str] = []
    for _ in range(4):
        table.wait_until_idle()
        reasons = reasons_in_moves(page)
        if any("playouts" in reason for reason in reasons):
            break
        table.play_my_turn_simply()
    reason = next((r for r in reasons if "playouts" in r), str(reasons))
    assert "playouts" in reason, reason
    # Hint is Expert's too, from the worker.
    table.wait_until_idle()
    asked = len(page.evaluate("document.body.dataset.expertMs").split())
    table.tap("Hint")
    page.wait_for_selector(".note:has-text('Hint: ')")
    assert len(page.evaluate("document.body.dataset.expertMs").split()) == asked + 1
    assert page.evaluate("document.body.dataset.expertFallbacks") == "0"
    assert len(page.evaluate("document.body.dataset.expertMs").split()) >= 3
    assert watch.external == []
