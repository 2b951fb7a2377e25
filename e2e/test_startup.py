"""Start-up: the saved table painted before Python, the first-visit screen, refused early taps,
and the standard library's on-demand part."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from conftest import Watch
from pages import Table
from playwright.sync_api import Page, Route

PAINT_KEY = "handfoot-paint"  # ui/main.py saves the painted table here after every paint

# What the page looked like when its parsing was done (the inline script has run; Python can't
# be ready yet): recorded before any page script, on every navigation.
AT_PARSE = """(() => {
  document.addEventListener("DOMContentLoaded", () => {
    const app = document.getElementById("app"), boot = document.getElementById("boot");
    window.__atParse = {
      html: app.innerHTML, inert: app.hasAttribute("inert"), cls: document.body.className,
      boot: boot ? boot.className : null, bootText: boot ? boot.textContent : null,
      progress: !!(boot && boot.querySelector("progress")), ready: document.body.dataset.ready || null,
      ms: performance.now(),
    };
  });
})();"""

RUN_PYTHON = """(code) => import("./ui/boot.js").then((m) => m.loadPyodide()).then((py) => py.runPython(code))"""


def painted(table: Table) -> dict[str, object]:
    """The saved paint the contract describes, made from the table as it is on screen now."""
    return table.page.evaluate(
        """() => ({v: 1, html: document.getElementById("app").innerHTML, cls: document.body.className,
                   moves: Number(document.body.dataset.moves)})"""
    )


def save_paint(page: Page, value: object) -> None:
    text = value if isinstance(value, str) else json.dumps(value)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [PAINT_KEY, text])


def at_parse(page: Page) -> dict[str, object]:
    page.wait_for_function("window.__atParse !== undefined")
    return page.evaluate("window.__atParse")


def test_saved_table_is_painted_before_python(page: Page, base_url: str) -> None:
    page.add_init_script(AT_PARSE)
    table = Table(page, base_url).open().wait_until_idle()
    saved = painted(table)
    saved["html"] = str(saved["html"]) + '<p id="saved-probe">the saved table</p>'
    saved["cls"] = str(saved["cls"]) + " probe-class"
    save_paint(page, saved)
    table.reload()
    seen = at_parse(page)
    assert seen["ready"] is None  # Python had not started the table yet
    assert 'id="saved-probe"' in str(seen["html"])
    assert seen["inert"] is True
    assert {"probe-class", "prepaint"} <= set(str(seen["cls"]).split())
    assert seen["boot"] == "saved" and "starting" in str(seen["bootText"])


def test_python_takes_over_the_saved_table(page: Page, base_url: str) -> None:
    """Once ready, the saved paint is gone: #boot removed, #app live, body classes set afresh.

    ui/boot.js does this when data-ready appears; ui/main.py does it itself once the lead's side
    of the contract lands.  Either way the table must then take taps."""
    table = Table(page, base_url).open().wait_until_idle()
    saved = painted(table)
    saved["cls"] = str(saved["cls"]) + " probe-class"
    save_paint(page, saved)
    table.reload().wait_until_idle()
    assert page.locator("#boot").count() == 0
    assert page.evaluate("document.getElementById('app').hasAttribute('inert')") is False
    classes = page.evaluate("document.body.className").split()
    assert "prepaint" not in classes and "probe-class" not in classes
    before = len(table.hand())
    table.draw()
    assert len(table.hand()) == before + 2


@pytest.mark.parametrize(
    "stored",
    [
        "not json",
        json.dumps({"v": 1, "html": 42, "cls": ""}),
        json.dumps({"v": 2, "html": "<p>old format</p>", "cls": ""}),
        json.dumps({"v": 1, "html": "x" * 1_000_001, "cls": ""}),
    ],
    ids=["unparsable", "wrong-type", "wrong-version", "too-long"],
)
def test_a_bad_saved_paint_shows_the_first_visit_screen(page: Page, base_url: str, stored: str) -> None:
    page.add_init_script(AT_PARSE)
    table = Table(page, base_url).open()
    save_paint(page, stored)
    table.reload()
    seen = at_parse(page)
    assert seen["html"] == "" and seen["inert"] is False
    assert seen["boot"] == "first" and seen["progress"] is True
    assert "Hand and Foot" in str(seen["bootText"])


def test_first_visit_shows_the_felt_and_real_progress(page: Page, base_url: str) -> None:
    page.add_init_script(AT_PARSE)
    labels: list[str] = []
    page.expose_function("__bootLabel", lambda text: labels.append(text))
    page.add_init_script(
        """new MutationObserver(() => {
             const label = document.querySelector("#boot .boot-label");
             if (label && window.__bootLabel) window.__bootLabel(label.textContent);
           }).observe(document, {subtree: true, childList: true, characterData: true});"""
    )
    Table(page, base_url).open()
    seen = at_parse(page)
    assert seen["boot"] == "first" and seen["progress"] is True
    downloads = [t for t in labels if t.startswith("Downloading ")]
    assert downloads, labels
    assert any(t.startswith("Starting Python") for t in labels)
    total = {t.rsplit(" of ", 1)[1] for t in downloads}
    assert len(total) == 1  # one total, known from the build
    assert page.locator("#boot").count() == 0


def test_a_tap_before_ready_is_refused_visibly(new_page: Callable[..., Page], base_url: str) -> None:
    page = new_page(service_workers="block")  # so the held download below is the page's own
    table = Table(page, base_url).open().wait_until_idle()
    save_paint(page, painted(table))
    before, hand = table.moves(), table.hand()
    held: list[Route] = []
    page.route("**/vendor/stdlib/stdlib.zip", lambda route: held.append(route))
    page.reload(wait_until="commit")
    draw = page.get_by_role("button", name="Draw", exact=True)
    draw.wait_for(state="attached")
    box = draw.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    refused = page.locator("#boot").get_by_text("One moment: the table is starting.")
    refused.wait_for()
    assert page.evaluate("document.body.dataset.ready") is None
    page.wait_for_timeout(200)
    for route in held:
        route.continue_()
    page.unroute("**/vendor/stdlib/stdlib.zip")
    table.wait_until_ready().wait_until_idle()
    assert table.moves() == before  # the tap was not queued: nothing applied, now or later
    assert table.hand() == hand


def test_a_module_outside_the_compiled_set_imports_on_demand(page: Page, base_url: str) -> None:
    Table(page, base_url).open()
    origin = page.evaluate(RUN_PYTHON, "import argparse; argparse.__spec__.origin")
    assert origin == "/lib/stdlib-rest.zip/argparse.py"
    compiled = page.evaluate(RUN_PYTHON, "import json; json.__spec__.origin")
    assert compiled.startswith("/lib/python") and compiled.endswith(".zip/json/__init__.pyc")
    # the app's own start-up took nothing from the on-demand part
    finder = "[f for f in sys.meta_path if isinstance(f, r.RestFinder)][0]"
    loaded = page.evaluate(RUN_PYTHON, f"import json, sys, _handfoot_rest as r; json.dumps({finder}.loaded)")
    assert json.loads(loaded)[:1] == ["argparse"]


# The device has no memory for Python's WebAssembly on the next load only (as Safari on an iPhone
# after a few reloads): every way Pyodide gets its memory and instance throws, as iOS does.
OUT_OF_MEMORY_ONCE = """(() => {
  if (sessionStorage.getItem("test-out-of-memory") !== "1") return;
  sessionStorage.removeItem("test-out-of-memory");
  const fail = () => Promise.reject(new RangeError("Out of memory"));
  WebAssembly.instantiate = fail;
  WebAssembly.instantiateStreaming = fail;
  WebAssembly.Memory = function () { throw new RangeError("WebAssembly.Memory(): could not allocate memory"); };
})();"""


def test_out_of_memory_at_start_says_so_offers_a_retry_and_keeps_the_game(
    new_page: Callable[..., Page], base_url: str, watch: Watch
) -> None:
    page = new_page()
    table = Table(page, base_url).open_link("?rules=classic&deal=5")
    table.draw().wait_until_saved()
    save, shown = table.quick_save(), table.snapshot()
    page.add_init_script(OUT_OF_MEMORY_ONCE)
    page.evaluate("sessionStorage.setItem('test-out-of-memory', '1')")
    page.reload()
    retry = page.get_by_role("button", name="Retry")
    retry.wait_for()
    assert "ran out of memory" in page.get_by_role("alert").inner_text()
    assert "Your game is saved" in page.get_by_role("alert").inner_text()
    assert page.evaluate("document.body.dataset.ready") is None
    assert table.quick_save() == save  # nothing stored was touched
    assert any("Python could not start" in e for e in watch.errors), watch.errors
    watch.errors.clear()  # the failed start's (Pyodide's and PyScript's own as well); none after the retry
    retry.click()
    table.wait_until_ready().wait_until_idle()
    assert table.snapshot() == shown and table.quick_save() == save
    # The failed start's own WebAssembly.Memory error may surface after the Retry note (the early
    # compile in ui/boot.js changed the order under load); the retried start itself must log nothing.
    watch.errors[:] = [e for e in watch.errors if "could not allocate memory" not in e]


# navigator.storage.persist() answered yes, and every request counted.
PERSIST_COUNTED = """(() => {
  window.__persistAsked = 0;
  StorageManager.prototype.persist = async function () { window.__persistAsked += 1; return true; };
  StorageManager.prototype.persisted = async function () {
    return window.__persistAsked > 0 || localStorage.getItem("handfoot-storage-kept") !== null;
  };
})();"""


def test_persistent_storage_is_asked_once_a_game_is_worth_keeping_and_shown_in_settings(
    new_page: Callable[..., Page], base_url: str
) -> None:
    page = new_page()
    page.add_init_script(PERSIST_COUNTED)
    table = Table(page, base_url).open_link("?rules=classic&deal=40")
    page.wait_for_timeout(1000)
    assert page.evaluate("window.__persistAsked") == 0  # never at start-up
    table.open_settings()
    assert page.locator(".storage-kept").count() == 0  # not asked yet: nothing to say
    table.back_to_table()
    while int(page.evaluate("document.body.dataset.saved") or 0) < 12:
        table.play_my_turn_simply()
        table.wait_until_saved()
    page.wait_for_function("window.__persistAsked === 1")
    stored = json.loads(page.evaluate("localStorage.getItem('handfoot-storage-kept')"))
    assert stored["persisted"] is True and stored["v"] == 1
    table.open_settings()
    assert "keeps your games" in page.locator(".storage-kept").inner_text()
    table.back_to_table()
    # Asked once per device: never again, on this visit or the next.
    table.play_my_turn_simply()
    table.reload().wait_until_idle()
    table.play_my_turn_simply()
    table.wait_until_saved()
    page.wait_for_timeout(500)
    assert page.evaluate("window.__persistAsked") == 0
