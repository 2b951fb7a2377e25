"""Start-up snapshots (ui/snapshot.js): a return visit restores Python's heap as this device stored
it, plays and resumes exactly as a page started the usual way, and anything wrong with the stored
snapshot falls back to the usual start, with a warning, the save untouched and the snapshot made again."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import BOOT_TIMEOUT_MS, ROOT, Watch
from pages import Table
from playwright.sync_api import Page
from pyodide_check import compare
from serve import start_server

SNAPSHOT_WAIT_MS = 120_000
RUN_PYTHON = """(code) => import("./ui/boot.js").then((m) => m.loadPyodide()).then((py) => py.runPython(code))"""
MARK = "(name) => performance.getEntriesByName('hf-snapshot-' + name).map((e) => e.detail)"
TRIAL_KEY = "handfoot-snapshot-trial"

# The stored entry as the page sees it: its URL, its description (a response header) and its body.
READ_ENTRY = """async () => {
  const cache = await caches.open("hf-snapshot");
  const keys = await cache.keys();
  const out = [];
  for (const request of keys) {
    const response = await cache.match(request);
    out.push({url: request.url, meta: JSON.parse(response.headers.get("X-Handfoot-Snapshot")),
              size: (await response.arrayBuffer()).byteLength});
  }
  return out;
}"""

# Rewrite the stored entry.  `change` gets its body as stored and a helper `sealed` (the body of
# map and pages -> the stored form for an encoding, and the description to go with it) and returns
# [body, meta]; with `rename`, the entry moves under the URL of its (new) key.
REWRITE_ENTRY = """async ([change, rename]) => {
  const cache = await caches.open("hf-snapshot");
  const [request] = await cache.keys();
  const response = await cache.match(request);
  const meta = JSON.parse(response.headers.get("X-Handfoot-Snapshot"));
  const stored = new Uint8Array(await response.arrayBuffer());
  const stream = (b, t) => new Response(new Blob([b]).stream().pipeThrough(t)).arrayBuffer();
  const hex = (d) => Array.from(new Uint8Array(d), (x) => x.toString(16).padStart(2, "0")).join("");
  const plain = meta.encoding === "gzip"
    ? new Uint8Array(await stream(stored, new DecompressionStream("gzip"))) : stored;
  const sealed = async (body, encoding) => encoding === "gzip"
    ? [new Uint8Array(await stream(body, new CompressionStream("gzip"))), {...meta, encoding, sha256: null}]
    : [body, {...meta, encoding, sha256: hex(await crypto.subtle.digest("SHA-256", body))}];
  const [body, described] = await (eval(change))(stored, meta, plain, sealed);
  await cache.delete(request);
  const url = rename ? request.url.replace(/[^/]+$/, described.key) : request.url;
  await cache.put(url, new Response(body, {headers: {
    "X-Handfoot-Snapshot": JSON.stringify(described), "Content-Type": "application/octet-stream"}}));
  return described;
}"""

CHANGES = {
    # one byte flipped in the middle, the description as it was: its SHA-256 (or gzip's CRC-32) refuses it
    "damaged": ("(b, meta) => { b[b.length >> 1] ^= 0x5a; return [b, meta]; }", False),
    # the first half only
    "truncated": ("(b, meta) => [b.subarray(0, b.length >> 1), meta]", False),
    # well stored, but the heap of another Pyodide build (its build id in the snapshot's header
    # changed, the checksum made again): read fine, and Pyodide itself refuses it when restoring
    "another Pyodide": (
        """(b, meta, plain, sealed) => {
             plain[Math.ceil(meta.length / 4096) + 16] ^= 0xff;  // the first stored page: the header
             return sealed(plain, meta.encoding);
           }""",
        False,
    ),
    # stored by another build of the app: under its own key, which this build never asks for
    "another build": ("(b, meta) => [b, {...meta, key: '0123456789abcdef'}]", True),
}
GZIPPED = "(b, meta, plain, sealed) => sealed(plain, 'gzip')"


def made(page: Page) -> dict[str, object]:
    """Wait until this page has stored its snapshot; what the worker reported."""
    page.wait_for_function(
        "performance.getEntriesByName('hf-snapshot-stored').length"
        " || performance.getEntriesByName('hf-snapshot-failed').length",
        timeout=SNAPSHOT_WAIT_MS,
    )
    assert page.evaluate(MARK, "failed") == []
    [figures] = page.evaluate(MARK, "stored")
    return figures


def skipped(page: Page) -> str:
    """Wait until this page has decided to make no snapshot (none stored, none wanted); why."""
    page.wait_for_function("performance.getEntriesByName('hf-snapshot-skipped').length", timeout=BOOT_TIMEOUT_MS)
    [detail] = page.evaluate(MARK, "skipped")
    return str(detail["reason"])


def restored(page: Page) -> bool:
    return bool(page.evaluate(MARK, "restored"))


def python(page: Page, code: str) -> str:
    return str(page.evaluate(RUN_PYTHON, code))


def play(table: Table, turns: int) -> list[dict[str, object]]:
    """My turns, played the same simple way (draw, then discard the first card), and each position."""
    seen = []
    for _ in range(turns):
        table.play_my_turn_simply()
        seen.append(table.snapshot())
    return seen


def test_a_return_visit_starts_from_the_snapshot_and_plays_as_a_usual_start(
    new_page: Callable[..., Page], base_url: str
) -> None:
    link = "?rules=classic&deal=3141"
    snap = Table(new_page(), base_url).open_link(link).wait_until_offline_ready()
    figures = made(snap.page)
    assert int(figures["storedBytes"]) < int(figures["rawBytes"]) / 2  # its zero pages left out
    snap.watch_resumes().reload().wait_until_idle()
    assert restored(snap.page), snap.page.evaluate(MARK, "fallback")
    # The same deal on another device that starts the usual way (its first visit): same moves, same table.
    usual = Table(new_page(), base_url).open_link(link)
    assert not restored(usual.page)
    assert snap.snapshot() == usual.snapshot()
    assert play(snap, 6) == play(usual, 6)
    assert snap.recent_moves() == usual.recent_moves()  # the computer players' moves and their reasons
    # The interpreter is the one a usual start gives: the same modules, the same sys.path.
    state = "import json, sys; json.dumps([sorted(sys.modules), sys.path])"
    assert json.loads(python(snap.page, state)) == json.loads(python(usual.page, state))
    # Resuming from the save: left and resumed alike, from the snapshot again.
    snap.wait_until_saved()
    snap.reload().wait_until_idle()
    assert restored(snap.page)
    assert snap.resumed() == snap.left()
    # Every start draws its own random numbers (the snapshot's generator is seeded again).
    draw = "import random; repr(random.random())"
    first = python(snap.page, draw)
    snap.reload()
    assert restored(snap.page)
    assert python(snap.page, draw) != first


def test_the_engine_in_a_restored_interpreter_deals_and_plays_as_cpython(dist: Path, tmp_path: Path) -> None:
    """Golden deals and whole random games inside a snapshot restored under Node (tools/snapshot_check.mjs)."""
    report = tmp_path / "report.json"
    with report.open("w") as out:
        subprocess.run(["node", str(ROOT / "tools" / "snapshot_check.mjs")], stdout=out, check=True, timeout=600)
    assert compare(str(report)) == 0


def test_a_snapshot_start_works_offline(new_page: Callable[..., Page], dist: Path, watch: Watch) -> None:
    server, url = start_server(dist)  # our own server, so stopping it spares the other tests
    try:
        page = new_page()
        table = Table(page, url).open_link("?rules=hkf&deal=77").wait_until_offline_ready()
        made(page)
    finally:
        server.shutdown()
        server.server_close()
    page.context.set_offline(True)
    table.reload().wait_until_idle()
    assert restored(page)
    before = len(table.hand())
    table.draw()
    assert len(table.hand()) > before
    assert watch.external == []


@pytest.mark.parametrize("change", list(CHANGES), ids=list(CHANGES))
def test_a_bad_snapshot_falls_back_to_the_usual_start(
    new_page: Callable[..., Page], base_url: str, change: str
) -> None:
    page = new_page()
    warnings: list[str] = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    table = Table(page, base_url).open_link("?rules=pagat&deal=2718").wait_until_offline_ready()
    key = made(page)["key"]
    table.draw().wait_until_saved()
    save, shown = table.quick_save(), table.snapshot()
    changed_key = page.evaluate(REWRITE_ENTRY, list(CHANGES[change]))["key"]
    table.reload().wait_until_idle()
    assert not restored(page)
    assert table.snapshot() == shown and table.quick_save() == save  # the game, as it was left
    if change == "another build":  # not this build's: no warning, simply not there
        assert changed_key != key and page.evaluate(MARK, "fallback") == []
    else:
        assert [f["reason"] for f in page.evaluate(MARK, "fallback")] == ["restoring it failed"]
        assert any("Start-up snapshot not used" in w for w in warnings), warnings
    # Made again for this build (and only that one kept), then used by the next start.
    assert made(page)["key"] == key
    assert [e["meta"]["key"] for e in page.evaluate(READ_ENTRY)] == [key]
    table.reload().wait_until_idle()
    assert restored(page) and table.snapshot() == shown


def test_a_gzipped_snapshot_restores_too(new_page: Callable[..., Page], base_url: str) -> None:
    """The stored form the build can choose instead (tools/build.py SNAPSHOT_ENCODING)."""
    page = new_page()
    table = Table(page, base_url).open_link("?rules=rook&deal=31").wait_until_offline_ready()
    figures = made(page)
    shown = table.snapshot()
    meta = page.evaluate(REWRITE_ENTRY, [GZIPPED, False])
    assert meta["encoding"] == "gzip" and page.evaluate(READ_ENTRY)[0]["size"] < int(figures["storedBytes"]) / 2
    table.reload().wait_until_idle()
    assert restored(page) and table.snapshot() == shown


def test_starts_from_a_snapshot_that_never_got_ready_give_it_up(new_page: Callable[..., Page], base_url: str) -> None:
    page = new_page()
    table = Table(page, base_url).open_link("?rules=classic&deal=99").wait_until_offline_ready()
    key = made(page)["key"]
    shown = table.snapshot()
    # Two starts from it in a row that never got the table ready (whatever stopped them): the
    # third start is the usual one, and the snapshot is made again.
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [TRIAL_KEY, f"{key} 2"])
    table.reload().wait_until_idle()
    assert not restored(page)
    assert [f["reason"] for f in page.evaluate(MARK, "fallback")] == [
        "2 starts from it in a row never got the table ready"
    ]
    assert table.snapshot() == shown
    made(page)
    table.reload().wait_until_idle()
    assert restored(page)
    assert page.evaluate("(k) => localStorage.getItem(k)", TRIAL_KEY) is None  # ready: the count starts again


# The heap's pages from the middle on scrambled, the checksum made again: every check before the
# restore passes, and the restored Python crashes or hangs before the table is ready. (One page in
# the middle was enough for one build's heap and harmless in another's: where Python keeps what
# depends on the modules it imported.)
SCRAMBLED = """(b, meta, plain, sealed) => {
  const at = Math.ceil(meta.length / 4096) + (meta.pages >> 1) * 4096;
  for (let i = at; i < plain.length; i += 1) plain[i] = (plain[i] * 167 + 89) & 0xff;
  return sealed(plain, meta.encoding);
}"""


def test_a_snapshot_that_crashes_python_is_given_up_after_one_failed_start(
    new_page: Callable[..., Page], base_url: str, watch: Watch
) -> None:
    page = new_page()
    table = Table(page, base_url).open_link("?rules=classic&deal=77").wait_until_offline_ready()
    made(page)
    table.draw().wait_until_saved()
    save, shown = table.quick_save(), table.snapshot()
    page.evaluate(REWRITE_ENTRY, [SCRAMBLED, False])
    # The first start from it fails: Pyodide refuses the heap at once (that start falls back by
    # itself), or the restored Python crashes or hangs and the table never gets ready.
    page.reload(wait_until="commit")
    page.wait_for_timeout(8000)
    watch.errors.clear()  # what the crashed interpreter logged
    if page.evaluate("document.body.dataset.ready") == "1":
        assert not restored(page) and page.evaluate(MARK, "fallback")
        assert table.snapshot() == shown and table.quick_save() == save
        return
    # The next start is already the usual one: the table as it was left, the snapshot dropped.
    page.reload(wait_until="commit")
    table.wait_until_ready().wait_until_idle()
    assert not restored(page)
    assert [f["reason"] for f in page.evaluate(MARK, "fallback")] == ["a start from it never got the table ready"]
    assert table.snapshot() == shown and table.quick_save() == save
    assert made(page)["key"]  # and made again


def test_one_start_from_a_snapshot_that_never_got_ready_gives_it_up(
    new_page: Callable[..., Page], base_url: str
) -> None:
    """Whatever stopped it (a crash, a hang, a tab taken down): the next start is the usual one."""
    page = new_page()
    table = Table(page, base_url).open_link("?rules=classic&deal=98").wait_until_offline_ready()
    key = made(page)["key"]
    shown = table.snapshot()
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [TRIAL_KEY, f"{key} 1"])
    table.reload().wait_until_idle()
    assert not restored(page)
    assert [f["reason"] for f in page.evaluate(MARK, "fallback")] == ["a start from it never got the table ready"]
    assert table.snapshot() == shown
    assert made(page)["key"] == key  # made again


def test_a_snapshot_that_cannot_be_made_is_tried_twice_then_left_alone(
    new_page: Callable[..., Page], base_url: str
) -> None:
    page = new_page()
    # every snapshot worker fails (as one would whose Python holds something it can't keep)
    page.add_init_script(
        "window.Worker = class { postMessage() { setTimeout(() => this.onmessage({data: {ok: false, "
        "error: 'made to fail'}}), 10); } terminate() {} };"
    )
    table = Table(page, base_url).open_link("?rules=classic&deal=8").wait_until_offline_ready()
    for attempt in (1, 2):
        if attempt == 2:
            table.reload()
        page.wait_for_function("performance.getEntriesByName('hf-snapshot-failed').length", timeout=BOOT_TIMEOUT_MS)
        assert "made to fail" in page.evaluate(MARK, "failed")[0]["reason"]
    table.reload().wait_until_idle()
    assert skipped(page) == "given up for this build after 2 attempts"
    assert page.evaluate(MARK, "start") == [] and page.evaluate(MARK, "failed") == []
    assert not restored(page)


def test_a_browser_that_keeps_no_snapshot_makes_one_per_build_and_says_so_once(
    new_page: Callable[..., Page], base_url: str
) -> None:
    """As in a WebKit temporary profile: what is put in Cache Storage is never found again."""
    page = new_page()
    page.add_init_script("Cache.prototype.put = async function () {};")  # the page's, not the service worker's
    warnings: list[str] = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    table = Table(page, base_url).open_link("?rules=classic&deal=12").wait_until_offline_ready()
    page.wait_for_function("performance.getEntriesByName('hf-snapshot-failed').length", timeout=SNAPSHOT_WAIT_MS)
    assert "does not keep it" in page.evaluate(MARK, "failed")[0]["reason"]
    told = [w for w in warnings if "does not keep it" in w]
    assert len(told) == 1, warnings
    for _ in range(2):
        warnings.clear()
        table.reload().wait_until_idle()
        assert skipped(page) == "given up for this build after 2 attempts"
        assert page.evaluate(MARK, "start") == [] and page.evaluate(MARK, "failed") == []
        assert not [w for w in warnings if "snapshot" in w.lower()], warnings


def test_an_attempt_the_page_never_saw_end_counts_too(new_page: Callable[..., Page], base_url: str) -> None:
    """A tab taken down while its worker makes the snapshot (out of memory, say) counts as a failed
    attempt: after two, the app stops trying for this build instead of risking every visit."""
    page = new_page()
    page.add_init_script("window.Worker = class { postMessage() {} terminate() {} };")  # never answers
    table = Table(page, base_url).open_link("?rules=classic&deal=8").wait_until_offline_ready()
    for attempt in (1, 2):
        if attempt == 2:
            table.reload()
        page.wait_for_function("performance.getEntriesByName('hf-snapshot-start').length", timeout=BOOT_TIMEOUT_MS)
    table.reload().wait_until_idle()
    assert skipped(page) == "given up for this build after 2 attempts"
    assert page.evaluate(MARK, "start") == []
    assert not restored(page)


def test_a_device_with_little_memory_makes_no_snapshot(new_page: Callable[..., Page], base_url: str) -> None:
    page = new_page()
    page.add_init_script("Object.defineProperty(navigator, 'deviceMemory', {value: 1, configurable: true})")
    table = Table(page, base_url).open_link("?rules=classic&deal=9").wait_until_offline_ready()
    table.draw()
    assert skipped(page) == "little memory"
    assert page.evaluate(MARK, "start") == []
    table.reload().wait_until_idle()
    assert not restored(page)


def test_without_cache_storage_the_page_starts_as_usual(new_page: Callable[..., Page], base_url: str) -> None:
    page = new_page(service_workers="block")
    page.add_init_script("Object.defineProperty(window, 'caches', {value: undefined, configurable: true})")
    warnings: list[str] = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    table = Table(page, base_url).open_link("?rules=classic&deal=5")
    assert not restored(page)
    assert any("keeps no snapshot here" in w for w in warnings), warnings
    table.draw()
    assert skipped(page) == "nowhere to keep one"
    assert page.evaluate(MARK, "start") == []


def test_too_little_storage_makes_no_snapshot(new_page: Callable[..., Page], base_url: str) -> None:
    page = new_page()
    page.add_init_script(
        "navigator.storage.estimate = async () => ({usage: 990e6, quota: 1e9});"  # 10 MB free
    )
    table = Table(page, base_url).open_link("?rules=classic&deal=6").wait_until_offline_ready()
    page.wait_for_function("performance.getEntriesByName('hf-snapshot-failed').length", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate(MARK, "failed") == [{"reason": "storage"}]
    assert page.evaluate("caches.has('hf-snapshot')") is False
    table.reload().wait_until_idle()
    assert not restored(page)


def publish_a_build_with_another_snapshot_key(site: Path) -> str:
    """A rebuild that changed what a snapshot depends on: a new key in ui/boot.js and the worker."""
    boot, worker = site / "ui" / "boot.js", site / "service-worker.js"
    old = re.search(r'"key": "(\w+)"', boot.read_text())
    assert old is not None
    new = "feedc0defeedc0de"
    boot.write_text(boot.read_text().replace(old.group(1), new))
    text = worker.read_text().replace(f'"{old.group(1)}"', f'"{new}"')
    text = re.sub(r'const VERSION = "\w+"', 'const VERSION = "next"', text)
    worker.write_text(re.sub(r'\["\./ui/boot\.js", "\w+"\]', '["./ui/boot.js", "next"]', text))
    for stale in (boot, worker):
        for suffix in (".gz", ".br"):
            stale.with_name(stale.name + suffix).unlink()
    return new


def test_an_update_never_restores_the_old_snapshot(page: Page, dist: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    server, url = start_server(site)
    try:
        table = Table(page, url).open_link("?rules=thirteen&deal=404").wait_until_offline_ready()
        old = made(page)["key"]
        table.draw().wait_until_saved()
        shown = table.snapshot()
        new = publish_a_build_with_another_snapshot_key(site)
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_selector('body[data-update-available="1"]', state="attached")
        with page.expect_navigation():
            page.get_by_role("button", name="Save and update").click()
        table.wait_until_ready().wait_until_idle()
        assert not restored(page) and page.evaluate(MARK, "fallback") == []
        assert table.snapshot() == shown
        assert old not in [e["meta"]["key"] for e in page.evaluate(READ_ENTRY)]  # the new worker freed it
        assert made(page)["key"] == new
        table.reload().wait_until_idle()
        assert restored(page) and table.snapshot() == shown
    finally:
        server.shutdown()
        server.server_close()
