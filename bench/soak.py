"""Nothing lost: whole games in the real app, the page reloaded at random moments.

The harness drives the real UI through its buttons (no test hook needed): the computer players
take North, East and West; South is played by the harness tapping Draw, then a card and Discard
(or End turn, "Yes, go out", Next round / New game) whenever the page is idle
(``body[data-idle="1"]``, set after the last save).  ``reduced_motion="reduce"`` makes the
computer players move without the 0.75 s pause.  The page says which position it shows:
``data-deal`` and ``data-moves`` (the number of actions in the game history as drawn).

Reload moments, at random:
- tap-and-reload: a South move, and ``location.reload()`` as soon as the move was painted (two
  animation frames), typically before the page's save has finished;
- tap-same-task: a South move and the reload in the same JavaScript task, before the move was
  ever painted or its save started (reported apart: the player never saw that move);
- mid-play: at a random time while the computer players are moving and saving;
- mid-boot: again while the page is still starting (before it is ready), then once more.

Checks after every resume:
- the position shown when the page was left (``pagehide``: deal and moves, and the table:
  seats' card counts, stock, pile, melds, South's hand, the banner) equals the position shown
  on resume (taken when ``data-ready`` is set, before any computer move).  Moves lost: the
  moves shown minus the moves resumed (of the same deal; another deal loses every move shown,
  at least 1); a resume ahead of the screen is counted apart;
- both copies of the save (IndexedDB and localStorage) load in CPython
  (``engine.serialize.from_dict``: replay and digest) and every card of the deck is on the
  table exactly once.
"""

from __future__ import annotations

import json
import random
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, sync_playwright

from engine.deal import full_deck
from engine.errors import LoadError
from engine.lab.invariants import all_cards
from engine.serialize import from_dict

from .common import BOOT_TIMEOUT_MS, CHROMIUM, CHROMIUM_ARGS, PHONE, load_average, serve

# With faults: each IndexedDB write aborts at commit (as a full disk does) with probability FAULT_RATE;
# the page notes when each injected abort happened and when the "Saving failed" warning appeared.
FAULTS = """(() => {
  const rate = __RATE__;
  window.__benchAborts = []; window.__benchWarnings = [];
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    const request = put.apply(this, args);
    if (Math.random() < rate) {
      const tx = this.transaction;
      request.addEventListener("success", () => {
        try { tx.abort(); window.__benchAborts.push(performance.now()); } catch (e) {}
      });
    }
    return request;
  };
  new MutationObserver(() => {
    if (document.body && document.body.dataset.saveFailed === "1") window.__benchWarnings.push(performance.now());
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-save-failed"] });
  addEventListener("pagehide", () => sessionStorage.setItem("__benchFaults", JSON.stringify(
    { aborts: window.__benchAborts, warnings: window.__benchWarnings, left: performance.now() })));
})();"""
WARN_WITHIN_MS = 1500  # the warning shows in the task that sees the abort; a page left sooner may not show it

PROBE = """(() => {
  window.__benchDoc = Math.random();
  const q = (s) => [...document.querySelectorAll(s)].map((e) => e.textContent.replace(/\\s+/g, " ").trim()).join("|");
  window.__benchFingerprint = () => ["#app .seat-head", "#app .seat .counts", "#app .stock", "#app .pile", "#app .team",
    '#app button[data-act="card"]', "#app .banner"].map(q).join(" ## ");
  window.__benchPosition = () => ({ deal: document.body.dataset.deal, moves: document.body.dataset.moves });
  const mark = () => {
    if (window.__benchReady === undefined && document.body && document.body.dataset.ready === "1") {
      window.__benchReady = performance.now();
      window.__benchResumed = window.__benchFingerprint();
      window.__benchResumedAt = window.__benchPosition();
      window.__benchLast = sessionStorage.getItem("__benchLast");
    }
  };
  new MutationObserver(mark).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
  addEventListener("pagehide", () => {
    if (window.__benchReady === undefined) return;  // left while starting: nothing was shown
    const left = { fp: window.__benchFingerprint(), ...window.__benchPosition() };
    sessionStorage.setItem("__benchLast", JSON.stringify(left));
  });
})();"""

# One South move through the buttons; with reload, location.reload() once the move was painted
# (two animation frames later), or with painted=false in the same task (never painted).
SOUTH_STEP = """([reload, painted]) => {
  const app = document.getElementById("app");
  const live = (sel) => { const b = app.querySelector(sel); return b && !b.disabled ? b : null; };
  const error = () => app.querySelector(".note.error") !== null;
  let act = null, ok = false;
  for (const [name, sel] of [["answer", 'button[data-act="answer"][data-arg="yes"]'],
                             ["next-round", 'button[data-act="next-round"]'],
                             ["draw", 'button[data-act="draw"]'], ["end-turn", 'button[data-act="end-turn"]']]) {
    const b = live(sel);
    if (b) { const before = app.innerHTML; b.click(); act = name; ok = !error() && app.innerHTML !== before; break; }
  }
  if (act === null && live('button[data-act="discard"]')) {
    act = "discard";
    const n = app.querySelectorAll('button[data-act="card"]').length;
    const order = [...Array(n).keys()].sort(() => Math.random() - 0.5);
    for (const i of order) {
      const clear = live('button[data-act="clear"]');
      if (clear) clear.click();
      const card = live(`button[data-act="card"][data-arg="${i}"]`);
      if (!card) continue;
      card.click();
      const discard = live('button[data-act="discard"]');
      if (!discard) continue;
      discard.click();
      if (!error()) { ok = true; break; }
      const dismiss = live('button[data-act="dismiss"]');
      if (dismiss) dismiss.click();
    }
  }
  if (reload && ok) {
    if (!painted) {
      location.reload();  // same task: the move is in the DOM but was never painted
    } else {
      let gone = false;
      const go = () => { if (!gone) { gone = true; location.reload(); } };
      requestAnimationFrame(() => requestAnimationFrame(go));  // after the move was on screen
      setTimeout(go, 250);
    }
  }
  return { act, ok };
}"""

READ_SAVES = """async () => {
  const req = (r) => new Promise((res, rej) => { r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
  const out = [];
  for (const { name } of await indexedDB.databases()) {
    const db = await req(indexedDB.open(name));
    for (const store of db.objectStoreNames) {
      const st = db.transaction(store, "readonly").objectStore(store);
      const [keys, values] = await Promise.all([req(st.getAllKeys()), req(st.getAll())]);
      keys.forEach((k, i) => out.push({ db: name, store, key: String(k),
        value: typeof values[i] === "string" ? values[i] : JSON.stringify(values[i]) }));
    }
    db.close();
  }
  return out;
}"""


def _saves_in(value: Any, depth: int = 0) -> list[dict[str, Any]]:
    """Saved games inside a stored value: a dict, a JSON text, or lists of them (pyscript.storage
    keeps ``[type info, kind, JSON text]``)."""
    if depth > 4:
        return []
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return []
        return _saves_in(value, depth + 1)
    if isinstance(value, dict):
        return [value] if {"schema", "deal", "actions"} <= value.keys() else []
    if isinstance(value, list):
        return [s for v in value for s in _saves_in(v, depth + 1)]
    return []


QUICK_KEY = "handfoot-game"  # the localStorage copy that the page writes in the task of each move


def find_save(entries: list[dict[str, str]]) -> dict[str, Any] | None:
    """The saved game among everything in IndexedDB, preferring the key "game"."""
    found = [(e["key"] != "game", save) for e in entries for save in _saves_in(e["value"])]
    return sorted(found, key=lambda t: t[0])[0][1] if found else None


class Soak:
    def __init__(self, page: Page, seed: int, log: Any) -> None:
        self.page = page
        self.rng = random.Random(seed)
        self.log = log
        self.reloads = 0
        self.kinds: Counter[str] = Counter()
        self.south_moves = 0
        self.lost = 0
        self.ahead = 0
        self.mismatches: list[str] = []
        self.bad_saves: list[str] = []
        self.max_moves: dict[int, int] = {}
        self.finished: set[int] = set()
        self.checks = 0
        self.boot_ms: list[float] = []
        self.kind = ""
        self.unpainted_lost = 0
        self.aborts = 0  # IndexedDB writes aborted on purpose (with faults)
        self.aborts_told = 0  # ... each followed by the warning while the page stayed
        self.aborts_untold: list[str] = []
        self.aborts_unchecked = 0  # aborted on a page left too soon after to tell
        self.play_at_least = 0.1  # seconds of play before a mid-play reload (longer with faults)

    # ----- page state ---------------------------------------------------------------

    def doc(self) -> float:
        return float(self.page.evaluate("window.__benchDoc"))

    def wait_new_ready(self, old_doc: float) -> None:
        self.page.wait_for_function(
            f"window.__benchDoc !== {old_doc!r} && window.__benchReady !== undefined",
            timeout=BOOT_TIMEOUT_MS,
            polling=50,
        )

    def south(self, reload: bool, painted: bool = True) -> dict[str, Any] | None:
        """A South move if the page is idle and has one; None otherwise."""
        if self.page.evaluate("document.body.dataset.idle") != "1":
            return None
        step: dict[str, Any] = self.page.evaluate(SOUTH_STEP, [reload, painted])
        if step["ok"]:
            self.south_moves += 1
        return step

    def play(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if not self.south(False):
                time.sleep(0.03)

    # ----- reloads --------------------------------------------------------------------

    def reload_js(self) -> None:
        try:
            self.page.evaluate("location.reload()")
        except PlaywrightError:
            pass  # the navigation may tear the evaluation down

    def one(self) -> None:
        old = self.doc()
        r = self.rng.random()
        self.kind = (
            "mid-boot" if r < 0.15 else "tap-same-task" if r < 0.25 else "tap-and-reload" if r < 0.5 else "mid-play"
        )
        if r < 0.15:
            self.kinds["mid-boot"] += 1
            self.reload_js()
            self.reloads += 1
            time.sleep(self.rng.uniform(0.05, 1.2))
            self.reload_js()
        elif r < 0.5:
            self.kinds[self.kind] += 1
            end = time.monotonic() + 8.0
            done = False
            while time.monotonic() < end and not done:
                step = self.south(True, painted=self.kind == "tap-and-reload")
                done = bool(step and step["ok"])
                if not done:
                    time.sleep(0.02)
            if not done:
                self.reload_js()
        else:
            self.kinds["mid-play"] += 1
            self.play(self.rng.uniform(self.play_at_least, self.play_at_least + 1.1))
            self.reload_js()
        self.reloads += 1
        self.wait_new_ready(old)
        self.check()

    def check_faults(self) -> None:
        """Every injected abort on a page that stayed a moment longer was followed by the warning."""
        text = self.page.evaluate("sessionStorage.getItem('__benchFaults')")
        if not text:
            return
        self.page.evaluate("sessionStorage.removeItem('__benchFaults')")
        seen = json.loads(text)
        for t in seen["aborts"]:
            if seen["left"] - t < WARN_WITHIN_MS:
                self.aborts_unchecked += 1  # left before the write could be seen to fail
                continue
            self.aborts += 1
            if any(w >= t for w in seen["warnings"]):
                self.aborts_told += 1
            else:
                self.aborts_untold.append(f"reload {self.reloads}: abort at {t:.0f} ms, no warning")

    def check(self) -> None:
        self.check_faults()
        state = self.page.evaluate(
            "({ready: window.__benchReady, resumed: window.__benchResumed, at: window.__benchResumedAt,"
            " last: window.__benchLast})"
        )
        self.boot_ms.append(float(state["ready"]))
        last = json.loads(state["last"]) if state["last"] else None
        self.checks += 1
        self.check_saves()
        if last is None:
            return
        at = state["at"]
        left_deal, left_moves = int(last["deal"]), int(last["moves"])
        deal, moves = int(at["deal"]), int(at["moves"])
        lost = ahead = 0
        if deal != left_deal:
            lost = max(left_moves, 1)  # the game shown is gone
        elif moves < left_moves:
            lost = left_moves - moves
        else:
            ahead = moves - left_moves
        if lost or ahead or last["fp"] != state["resumed"]:
            left, back = last["fp"].split(" ## "), str(state["resumed"]).split(" ## ")
            diff = [f"{a!r} -> {b!r}" for a, b in zip(left, back, strict=False) if a != b]
            self.mismatches.append(
                f"reload {self.reloads} ({self.kind}): shown deal {left_deal} move {left_moves}, resumed deal {deal} "
                f"move {moves}; table left -> resumed: " + ("; ".join(diff) or "same")[:600]
            )
        self.ahead += ahead
        if self.kind == "tap-same-task":
            self.unpainted_lost += lost  # reported apart: the player never saw that move
        else:
            self.lost += lost
        self.page.evaluate("sessionStorage.removeItem('__benchLast')")

    def check_saves(self) -> None:
        """Both copies of the save load in CPython, with every card of the deck on the table once."""
        copies = {
            "IndexedDB": find_save(self.page.evaluate(READ_SAVES)),
            "localStorage": find_save(
                [{"key": "game", "value": self.page.evaluate(f"localStorage.getItem({QUICK_KEY!r}) || ''")}]
            ),
        }
        for where, save in copies.items():
            if save is None:
                self.bad_saves.append(f"reload {self.reloads}: no saved game in {where}")
                continue
            try:
                game = from_dict(save)
            except LoadError as err:
                self.bad_saves.append(f"reload {self.reloads}: {where}: {err}")
                continue
            if all_cards(game) != Counter(full_deck(game.rules)):
                self.bad_saves.append(f"reload {self.reloads}: {where}: cards not whole in deal {game.deal_number}")
            deal = game.deal_number
            self.max_moves[deal] = max(self.max_moves.get(deal, 0), len(game.history))
            if game.over:
                self.finished.add(deal)

    def result(self) -> dict[str, Any]:
        boots = sorted(self.boot_ms)
        return {
            "reloads": self.reloads,
            "reload_kinds": dict(self.kinds),
            "checks": self.checks,
            "moves_played": sum(self.max_moves.values()),
            "south_moves_tapped": self.south_moves,
            "games_seen": len(self.max_moves),
            "games_finished": len(self.finished),
            "moves_lost": self.lost,
            "unpainted_taps_lost": self.unpainted_lost,
            "resumed_ahead": self.ahead,
            "table_mismatches": self.mismatches[:20],
            "bad_saves": self.bad_saves[:20],
            "resume_ready_ms_median": boots[len(boots) // 2] if boots else None,
            "writes_aborted": self.aborts,
            "aborts_warned": self.aborts_told,
            "aborts_not_warned": self.aborts_untold[:20],
            "aborts_unchecked": self.aborts_unchecked,
        }


def measure(site: Path, reloads: int, seed: int = 5, log: Any = print, faults: float = 0.0) -> dict[str, Any]:
    """The soak; with ``faults`` > 0 that share of IndexedDB writes aborts at commit."""
    load_before = load_average()
    errors: list[str] = []
    start = time.perf_counter()
    with serve(site) as (base, _), sync_playwright() as pw, tempfile.TemporaryDirectory(prefix="hf-soak-") as prof:
        context = pw.chromium.launch_persistent_context(
            prof, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, reduced_motion="reduce", **PHONE
        )
        context.add_init_script(PROBE)
        if faults:
            context.add_init_script(FAULTS.replace("__RATE__", repr(faults)))
        page = context.pages[0] if context.pages else context.new_page()
        page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
        page.on("console", lambda m: m.type == "error" and errors.append(f"console: {m.text}"))
        page.goto(base, timeout=BOOT_TIMEOUT_MS)
        page.wait_for_function("window.__benchReady !== undefined", timeout=BOOT_TIMEOUT_MS, polling=50)
        soak = Soak(page, seed, log)
        if faults:
            soak.play_at_least = 2.0  # so that failed writes are seen on pages that stay a moment
        soak.play(1.0)
        next_log = 25
        while soak.reloads < reloads:
            soak.one()
            if soak.reloads >= next_log:
                next_log += 25
                log(f"  soak: {soak.reloads} reloads, {sum(soak.max_moves.values())} moves, {soak.lost} lost")
        context.close()
    result = soak.result()
    result["page_errors"] = errors[:20]
    result["seconds"] = round(time.perf_counter() - start, 1)
    result["load_average"] = {"before": load_before, "after": load_average()}
    result["fault_rate"] = faults
    return result
