"""Page objects named after what a player does."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

BOOT_TIMEOUT_MS = 60_000

OPEN_DB = """
  const info = (await indexedDB.databases()).find(d => d.name.endsWith('handfoot'));
  const db = await new Promise((ok, ko) => {
    const r = indexedDB.open(info.name);
    r.onsuccess = () => ok(r.result);
    r.onerror = ko;
  });
  const name = db.objectStoreNames[0];
"""
WRITE_SAVE = (
    "async (value) => {"
    + OPEN_DB
    + """
  await new Promise((ok, ko) => {
    const tx = db.transaction(name, 'readwrite');
    tx.objectStore(name).put(value, 'game');
    tx.oncomplete = ok; tx.onerror = ko;
  });
  db.close();
}"""
)
SAVED_KEYS = (
    "async () => {"
    + OPEN_DB
    + """
  const keys = await new Promise((ok) => {
    const r = db.transaction(name).objectStore(name).getAllKeys();
    r.onsuccess = () => ok(r.result);
  });
  db.close();
  return keys;
}"""
)
QUICK_KEY = "handfoot-game"  # the synchronous copy of the save, in localStorage
QUICK_SETTINGS_KEY = "handfoot-settings"  # the synchronous copy of the settings

# What the page shows, for comparing the position left with the position resumed.
SNAPSHOT = """() => {
  const text = (s) => [...document.querySelectorAll(s)].map((e) => e.innerText).join("\\n");
  const hand = document.querySelector('#app [aria-label="Your cards"]');
  return {
    moves: document.body.dataset.moves, deal: document.body.dataset.deal,
    hand: hand ? [...hand.querySelectorAll("button")].map((b) => b.getAttribute("aria-label")) : [],
    table: text("#app .scoreboard, #app .seats, #app .center, #app .team.them, #app .team.us"),
    banner: text("#app .banner"),
  };
}"""

# Installed before the page's own scripts: the position shown when the page is left (pagehide,
# kept in sessionStorage) and the position shown when the next page is ready (before any move).
WATCH = (
    "(() => { const snap = "
    + SNAPSHOT
    + """;
  window.__snap = snap;
  const mark = () => {
    if (window.__resumed === undefined && document.body && document.body.dataset.ready === "1") {
      window.__resumed = snap();
    }
  };
  new MutationObserver(mark).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
  addEventListener("pagehide", () => {
    if (document.body && document.body.dataset.ready === "1") sessionStorage.setItem("__left", JSON.stringify(snap()));
  });
})();"""
)

# Tap a button, then reload: in the same task (never painted) or two animation frames later.
TAP_AND_RELOAD = """([act, painted]) => {
  window.__resumed = undefined;
  sessionStorage.removeItem("__left");
  document.querySelector(`#app button[data-act="${act}"]`).click();
  sessionStorage.setItem("__shown", JSON.stringify(window.__snap()));
  if (painted) requestAnimationFrame(() => requestAnimationFrame(() => location.reload()));
  else location.reload();
}"""

# Tap a button that hands the turn on, then reload as soon as a computer player's move is drawn:
# in that same task (frames 0, never painted), or some animation frames later.
RELOAD_ON_COMPUTER_MOVE = """([act, frames]) => new Promise((done) => {
  window.__resumed = undefined;
  sessionStorage.removeItem("__left");
  document.querySelector(`#app button[data-act="${act}"]`).click();
  const after = Number(document.body.dataset.moves);
  sessionStorage.setItem("__shown", JSON.stringify(window.__snap()));
  const reload = () => {
    if (frames === 0) { location.reload(); done(); return; }
    let n = frames;
    const tick = () => { if (--n <= 0) { location.reload(); done(); } else requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  };
  const seen = new MutationObserver(() => {
    if (Number(document.body.dataset.moves) > after) {
      seen.disconnect();
      reload();
    }
  });
  seen.observe(document.body, { attributes: true, attributeFilter: ["data-moves"] });
})"""


class Table:
    """The card table as a player sees it."""

    def __init__(self, page: Page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url

    def open(self) -> Table:
        """Open the app and wait until the Python UI says it is ready."""
        self.page.goto(self.base_url)
        return self.wait_until_ready()

    def reload(self) -> Table:
        self.page.reload()
        return self.wait_until_ready()

    def wait_until_ready(self) -> Table:
        self.page.wait_for_selector('body[data-ready="1"]', timeout=BOOT_TIMEOUT_MS)
        return self

    def wait_until_offline_ready(self) -> Table:
        """Wait until the service worker controls the page (every asset is cached)."""
        self.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
        return self

    def heading(self) -> str:
        return self.page.get_by_role("heading", level=1).inner_text()

    def scrolls_sideways(self) -> bool:
        return bool(self.page.evaluate("document.documentElement.scrollWidth > window.innerWidth"))

    # ----- opening games --------------------------------------------------------

    def open_link(self, query: str) -> Table:
        """Open the app through a share link such as ``?rules=pagat&deal=7``."""
        self.page.goto(self.base_url + query)
        return self.wait_until_ready().wait_until_idle()

    def wait_until_idle(self) -> Table:
        """Wait until the game is saved and no computer player has a move to make."""
        self.page.wait_for_selector('body[data-idle="1"]', state="attached")
        return self

    def wait_until_saved(self) -> Table:
        """Wait until the save on disk holds every move made so far."""
        self.page.wait_for_function("document.body.dataset.saved !== undefined && document.body.dataset.idle === '1'")
        return self

    # ----- what a player sees ---------------------------------------------------

    def deal_number(self) -> str:
        return self.page.locator(".deal-number").inner_text()

    def hand(self) -> list[str]:
        """The cards in my hand in words ("four of hearts"), in order (each button's name ends so)."""
        return (
            self.page.get_by_role("group", name="Your cards")
            .get_by_role("button")
            .evaluate_all("els => els.map(e => e.getAttribute('aria-label').split(', ').pop())")
        )

    def banner(self) -> str:
        return self.page.locator(".banner").inner_text()

    def recent_moves(self) -> list[str]:
        """Open the recent moves (newest first), read them, and close the panel."""
        self.page.locator("#r-status").get_by_role("button", name="Moves", exact=True).click()
        sheet = self.page.get_by_role("dialog", name="Recent moves")
        texts = sheet.locator(".moves li > p").all_inner_texts()
        sheet.get_by_role("button", name="Close").click()
        return texts

    def status(self) -> str:
        """The status line: the latest move, as a screen reader announces it."""
        return self.page.locator("#live").inner_text()

    def message(self) -> str:
        return self.page.locator(".note").first.inner_text()

    def table_text(self) -> str:
        """Everything public on the table: scores, seats, pile, melds (not the moves list)."""
        parts = [".scoreboard", ".seats", ".center", ".team.them", ".team.us"]
        return "\n".join(self.page.locator(p).inner_text() for p in parts)

    def round_is_over(self) -> bool:
        return self.page.locator(".round-over, .game-over").count() > 0

    def partner_asks(self) -> bool:
        return self.page.get_by_role("dialog").count() > 0

    # ----- what a player does ---------------------------------------------------

    def tap(self, name: str) -> Table:
        """Press a button by its visible name, then wait for the table to settle."""
        self.page.get_by_role("button", name=name, exact=True).click()
        return self.wait_until_idle()

    def draw(self) -> Table:
        return self.tap("Draw")

    def discard(self) -> Table:
        return self.tap("Discard")

    def new_meld(self) -> Table:
        return self.tap("New meld")

    def lay_down(self) -> Table:
        return self.tap("Lay down melds")

    def select(self, card_name: str) -> Table:
        """Tap the first unselected card of my hand with this name."""
        hand = self.page.get_by_role("group", name="Your cards")
        hand.locator(f'button[aria-label$=", {card_name}"][aria-pressed="false"]').first.click()
        return self

    def select_position(self, index: int) -> Table:
        self.page.get_by_role("group", name="Your cards").get_by_role("button").nth(index).click()
        return self

    def answer_partner(self, yes: bool = True) -> Table:
        return self.tap("Yes, go out" if yes else "No, not yet")

    def menu(self, name: str) -> Table:
        """Press a menu item (Settings, Rules, Share…): in the header, or behind Menu on a small screen."""
        item = self.page.get_by_role("button", name=name, exact=True)
        if not item.first.is_visible():
            self.page.get_by_role("button", name="Menu", exact=True).click()
            self.page.locator("#r-sheet").get_by_role("button", name=name, exact=True).wait_for()
        self.page.get_by_role("button", name=name, exact=True).locator("visible=true").click()
        return self.wait_until_idle()

    def open_settings(self) -> Table:
        return self.menu("Settings")

    def open_rules(self) -> Table:
        return self.menu("Rules")

    def back_to_table(self) -> Table:
        return self.tap("Back to the table")

    def choose(self, setting: str, option: str) -> Table:
        """On the Settings screen, pick an option (by its visible text) for a setting (by its label)."""
        house = self.page.locator("details.house")
        if house.count() and house.get_attribute("open") is None:
            self.page.locator("details.house summary").click()
        self.page.get_by_label(setting, exact=True).select_option(label=option)
        return self.wait_until_idle()

    def start_new_game(self, deal: int | None = None) -> Table:
        """On the Settings screen, start a new game (with a typed deal number)."""
        self.page.get_by_label("Deal number").fill("" if deal is None else str(deal))
        self.page.get_by_role("button", name="Start new game").click()
        return self.wait_until_idle()

    def other_seats(self) -> list[str]:
        """The names of the other seats shown, in turn order."""
        return self.page.locator(".seats .seat strong > span").all_text_contents()

    def share_link(self) -> str:
        """Press Share and read the link it shows."""
        self.menu("Share")
        return self.page.locator("#share-link").input_value()

    def first_meld_badges(self) -> list[str]:
        """The first-meld minimum badges (opponents first, then my team)."""
        return self.page.locator(".team .need").all_inner_texts()

    def play_my_turn_simply(self) -> None:
        """Draw, then discard my first card (or answer my partner)."""
        if self.partner_asks():
            self.answer_partner(True)
        elif self.page.get_by_role("button", name="Draw", exact=True).is_enabled():
            self.draw()
        else:
            self.select_position(0).discard()
            if self.page.locator(".note", has_text="Tap Discard again").count():
                self.discard()  # a wild card, or one that fits our melds, asks once before it goes

    # ----- layout ---------------------------------------------------------------

    def small_controls(self) -> list[str]:
        """Visible controls smaller than 44 x 44 CSS pixels (checkboxes count their label)."""
        return self.page.evaluate(
            """() => {
              const small = [];
              for (const el of document.querySelectorAll('button, select, input, summary, a[href]')) {
                const box = el.getBoundingClientRect();
                if (box.width === 0 && box.height === 0) continue;
                if (getComputedStyle(el).visibility === 'hidden') continue;
                let w = box.width, h = box.height;
                if (el.type === 'checkbox' && el.labels && el.labels[0]) {
                  const l = el.labels[0].getBoundingClientRect();
                  h = Math.max(h, l.height); w = Math.max(w, l.width);
                }
                const name = (el.innerText || el.getAttribute('aria-label') || el.id || '').slice(0, 30);
                if (w < 43.5 || h < 43.5) small.push(`${el.tagName} "${name}" ${Math.round(w)}x${Math.round(h)}`);
              }
              return small;
            }"""
        )

    # ----- the save on disk -----------------------------------------------------

    def replace_save(self, text: str) -> Table:
        """Overwrite the saved game in IndexedDB, as pyscript.storage stores it (flatted JSON)."""
        self.page.evaluate(WRITE_SAVE, json.dumps([["1", "2"], "generic", text]))
        return self

    def quick_save(self) -> str | None:
        """The copy of the saved game that the page writes synchronously (localStorage)."""
        return self.page.evaluate("(key) => localStorage.getItem(key)", QUICK_KEY)

    def quick_settings(self) -> str | None:
        """The copy of the settings that the page writes synchronously (localStorage)."""
        return self.page.evaluate("(key) => localStorage.getItem(key)", QUICK_SETTINGS_KEY)

    def replace_quick_settings(self, text: str) -> Table:
        self.page.evaluate("([key, text]) => localStorage.setItem(key, text)", [QUICK_SETTINGS_KEY, text])
        return self

    def replace_quick_save(self, text: str) -> Table:
        self.page.evaluate("([key, text]) => localStorage.setItem(key, text)", [QUICK_KEY, text])
        return self

    def moves(self) -> int:
        """The number of moves in the game on screen (``data-moves``)."""
        return int(self.page.evaluate("document.body.dataset.moves"))

    # ----- leaving and resuming -------------------------------------------------

    def watch_resumes(self) -> Table:
        """From the next page load on, note the position left (pagehide) and the position resumed."""
        self.page.add_init_script(WATCH)
        return self

    def snapshot(self) -> dict:
        return self.page.evaluate(SNAPSHOT)

    def tap_and_reload(self, act: str, painted: bool) -> dict:
        """Tap a button and reload (same task, or once the tap was painted); the position the tap showed."""
        try:
            self.page.evaluate(TAP_AND_RELOAD, [act, painted])
        except PlaywrightError:
            pass  # the navigation may tear the evaluation down
        self.wait_until_resumed()
        return json.loads(self.page.evaluate("sessionStorage.getItem('__shown')"))

    def tap_and_reload_mid_computer_turn(self, act: str, frames: int) -> dict:
        """Tap a button that hands the turn on, and reload as soon as a computer player's move is drawn
        (``frames`` animation frames later); returns the position the tap showed."""
        try:
            self.page.evaluate(RELOAD_ON_COMPUTER_MOVE, [act, frames])
        except PlaywrightError:
            pass
        self.wait_until_resumed()
        return json.loads(self.page.evaluate("sessionStorage.getItem('__shown')"))

    def wait_until_resumed(self) -> Table:
        self.page.wait_for_function("window.__resumed !== undefined", timeout=BOOT_TIMEOUT_MS)
        return self

    def left(self) -> dict:
        """The position on screen when the last page was left."""
        return json.loads(self.page.evaluate("sessionStorage.getItem('__left')"))

    def resumed(self) -> dict:
        """The position on screen when this page was ready, before any move."""
        return self.page.evaluate("window.__resumed")

    def saved_keys(self) -> list[str]:
        return self.page.evaluate(SAVED_KEYS)


def offline_after_first_visit(page: Page, context: BrowserContext, dist: Path) -> Table:
    """A first visit from a server of the test's own (stopping it spares the other tests), then the
    network cut and the page reloaded: the table as a player with no network finds it (not yet idle)."""
    from serve import start_server

    server, url = start_server(dist)
    try:
        table = Table(page, url).open().wait_until_offline_ready()
    finally:
        server.shutdown()
        server.server_close()
    context.set_offline(True)
    return table.reload()
