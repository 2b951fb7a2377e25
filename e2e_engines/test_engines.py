"""What needs another engine, in WebKitGTK and Firefox ESR: one browser per engine plays through these
tests in order, in a temporary profile, at 390x844, on a server of its own that the last test stops.

The full suite stays in Chromium (e2e/); its page scripts are reused here.
"""

from __future__ import annotations

import time
from collections import Counter

from conftest import Lane
from engines import Browser
from pages import SNAPSHOT
from test_screen import SCREEN_PROBLEMS
from test_storage_faults import WARNING

from engine import cards as C
from engine.lab.botgame import make_bots, play_bots
from engine.rules import preset
from engine.state import Game
from engine.views import view_for
from ui.challenge import model as challenge
from ui.share import build_query

WIDTH, HEIGHT = 390, 844
READY = "document.body && document.body.dataset.ready === '1'"
IDLE = READY + " && document.body.dataset.idle === '1'"
SAVED = IDLE + " && document.body.dataset.saved === document.body.dataset.moves"
MY_TURN = IDLE + " && document.querySelector('#app .banner.mine') !== null"
MARKS = "(name) => performance.getEntriesByName('hf-snapshot-' + name).map((e) => e.detail || null)"
SNAPSHOT_WARNING = "Start-up snapshot"
CHALLENGE_DEAL = 7104


def opening_deal() -> tuple[int, list[str], list[str]]:
    """A classic deal where South holds two natural triples that make the first meld together
    (e2e/test_table.py's, which can't be imported here: its module reads the e2e conftest)."""
    rules = preset("classic")
    for deal in range(1, 2000):
        hand = view_for(Game(rules, deal), 0).hand
        groups = Counter(C.rank(c) for c in hand if not C.is_wild(c) and C.rank(c) >= 4)
        triples = sorted(r for r, n in groups.items() if n >= 3)
        for a in triples:
            for b in triples:
                if a < b and 3 * (rules.value(a) + rules.value(b)) >= 50:
                    names = [[C.name(c) for c in hand if C.rank(c) == r and not C.is_wild(c)][:3] for r in (a, b)]
                    return deal, names[0], names[1]
    raise AssertionError("no deal with an opening of two triples")


def challenge_link(url: str) -> str:
    """A challenge of a finished classic game, every seat played by Easy (as e2e/test_challenge.py's)."""
    game = Game(preset("classic"), CHALLENGE_DEAL)
    play_bots(game, make_bots("easy", game.rules, CHALLENGE_DEAL))
    return url + challenge.fragment(challenge.from_game(game, "easy"))


# ----- the page, through either engine ------------------------------------------------------------


def moves(browser: Browser) -> int:
    return int(browser.js("document.body.dataset.moves"))


def hand(browser: Browser) -> list[str]:
    return browser.js("""[...document.querySelectorAll('#app [aria-label="Your cards"] button')]
                         .map((b) => b.getAttribute('aria-label').split(', ').pop())""")


def tap(browser: Browser, act: str) -> None:
    """Tap a button by its data-act, then wait until the table has settled."""
    browser.click(f'#app button[data-act="{act}"]:not([disabled])')
    browser.wait(IDLE)


def select(browser: Browser, card: str) -> None:
    """Tap the first unselected card of my hand with this name."""
    named = f'#app [aria-label="Your cards"] button[aria-label$=", {card}"]'
    browser.click(named + '[aria-pressed="false"]')
    browser.wait(f"""document.querySelector('{named}[aria-pressed="true"]') !== null""")


def alerts(browser: Browser) -> list[str]:
    return browser.js("[...document.querySelectorAll('[role=alert]')].map((e) => e.innerText.trim())")


def draw_and_discard(browser: Browser) -> None:
    """South draws and discards the first card; the three computers play before South's turn is back
    (no waiting for the save: it may be failing)."""
    before = moves(browser)
    browser.click('#app button[data-act="draw"]:not([disabled])')
    browser.wait(f"Number(document.body.dataset.moves) > {before}")
    browser.click('#app [aria-label="Your cards"] button')
    browser.click('#app button[data-act="discard"]:not([disabled])')
    browser.wait(
        f"Number(document.body.dataset.moves) >= {before + 8} && document.querySelector('#app .banner.mine') !== null",
        timeout=60,
    )


def marks(browser: Browser, name: str) -> list[object]:
    return browser.call(MARKS, name)


def snapshot_settled(browser: Browser) -> None:
    """Wait until this page's start-up snapshot was stored or failed, or it said why there is none."""
    browser.wait(
        "performance.getEntriesByName('hf-snapshot-stored').length"
        " || performance.getEntriesByName('hf-snapshot-failed').length"
        f" || window.__warnings.some((w) => w.includes('{SNAPSHOT_WARNING}'))",
        timeout=150,
    )


# ----- one browser per engine, through these tests in order ---------------------------------------

DEAL, FIRST, SECOND = opening_deal()


def test_a_cold_first_visit_is_a_tappable_table_in_view_at_390x844(lane: Lane, browser: Browser) -> None:
    browser.size(WIDTH, HEIGHT)
    link = lane.url + build_query(preset("classic"), DEAL)  # a share link
    started = time.monotonic()
    browser.goto(link)
    browser.wait(IDLE)
    print(f"{lane.engine}: cold first visit ready in {time.monotonic() - started:.1f} s")
    assert browser.js("document.querySelector('h1').innerText") == "Hand and Foot"
    assert browser.js("document.querySelector('.deal-number').innerText") == str(DEAL)
    assert "Classic" in browser.js("document.querySelector('.meta').innerText")  # the rule set, in words
    assert not browser.js("document.querySelector('#app').inert || document.querySelector('#boot') !== null")
    assert browser.call(SCREEN_PROBLEMS) == []  # the hand and Draw and Discard on screen, no scrolling
    assert browser.js("[innerWidth, innerHeight]") == [WIDTH, HEIGHT]


def test_a_whole_south_turn_and_a_computer_lap(browser: Browser) -> None:
    start = hand(browser)
    tap(browser, "draw")
    drawn = hand(browser)
    assert len(drawn) == len(start) + 2
    for triple in (FIRST, SECOND):
        for card in triple:
            select(browser, card)
        tap(browser, "new-meld")
    tap(browser, "lay-down")
    assert browser.js("document.querySelectorAll('#app .team.us button.chip').length") == 2
    assert len(hand(browser)) == len(drawn) - 6
    before = moves(browser)
    browser.click('#app [aria-label="Your cards"] button')
    tap(browser, "discard")
    # North, East and West each draw and discard (at least); then it is my turn again, in view.
    browser.wait(f"{MY_TURN} && Number(document.body.dataset.moves) >= {before + 7}", timeout=60)
    assert len(hand(browser)) == len(drawn) - 7
    assert browser.call(SCREEN_PROBLEMS) == []


def test_a_refused_storage_write_is_told_and_the_game_goes_on(browser: Browser) -> None:
    browser.js("window.__faults.throw = true")  # IndexedDB refuses every write, as a full disk does
    draw_and_discard(browser)
    browser.wait("document.body.dataset.saveFailed === '1'", timeout=60)
    assert WARNING in alerts(browser)
    browser.js("window.__faults.throw = false")
    draw_and_discard(browser)
    browser.wait("document.body.dataset.saveFailed === '0'", timeout=60)
    assert WARNING not in alerts(browser)


def test_a_reload_resumes_the_same_position(browser: Browser) -> None:
    browser.wait(SAVED, timeout=60)
    snapshot_settled(browser)  # the first visit's start-up snapshot, before it is left
    left = browser.call(SNAPSHOT)
    browser.reload()
    browser.wait(IDLE)
    assert browser.call(SNAPSHOT) == left


def test_the_temporary_profile_restores_its_snapshot_or_says_why_not_and_makes_none(
    lane: Lane, browser: Browser
) -> None:
    """The reload above is a return visit: it starts from the first visit's snapshot, or it warns and
    does not make another one (about 100 MB more memory each time)."""
    # restored, or none made: the page marks why once its table is up (given up in a profile that keeps none)
    browser.wait(
        "performance.getEntriesByName('hf-snapshot-restored').length"
        " || performance.getEntriesByName('hf-snapshot-skipped').length",
        timeout=60,
    )
    if not marks(browser, "restored"):
        warned = [w for w in browser.warnings + browser.js("window.__warnings") if SNAPSHOT_WARNING in w]
        assert warned, f"{lane.engine}: the snapshot was not used, and nothing said so"
    assert marks(browser, "start") == [], f"{lane.engine}: a new snapshot is made on every visit"


def test_settings_with_the_house_rules_open_fit_the_phone(lane: Lane, browser: Browser) -> None:
    """The house rules' longest choices ("Allowed (the meld counts toward the minimum)") are cut by their
    selects: WebKit counted the cut text as page width, and the whole page moved sideways (QA, 417 px of 390)."""
    browser.click('#app button[data-act="sheet"][data-arg="menu"]')
    browser.click('#r-sheet button[data-act="screen"][data-arg="settings"]')
    browser.wait("document.querySelector('#app details.house') !== null")
    browser.click("#app details.house > summary")
    browser.wait("document.querySelector('#app details.house').open")
    assert browser.js("document.querySelectorAll('#app details.house select').length") >= 8
    assert browser.js("document.documentElement.scrollWidth") <= WIDTH, lane.engine
    # Each unticked box is a light square on the felt: WebKit drew its own near-black, hardly seen as a control.
    unticked = browser.js(
        "[...document.querySelectorAll('#app .check input:not(:checked)')]"
        ".map(e => getComputedStyle(e).backgroundColor.match(/\\d+/g).slice(0, 3).map(Number))"
    )
    assert len(unticked) >= 4 and all(min(rgb) >= 200 for rgb in unticked), (lane.engine, unticked)


def test_a_challenge_link_opens_its_deal(lane: Lane, browser: Browser) -> None:
    browser.goto(challenge_link(lane.url))
    # Under load the page can be idle a moment on the table it resumed (its own deal number), or between the
    # two tables (none): wait for the link's deal number (it never comes if the link is not opened).
    browser.wait(IDLE + f" && (document.querySelector('.deal-number') || {{}}).innerText === '{CHALLENGE_DEAL}'")
    assert "their moves lead to it" in browser.js("document.querySelector('.note').innerText")
    assert "#" not in browser.js("location.href")  # the fragment is cleared once read
    assert browser.call(SCREEN_PROBLEMS) == []


def test_an_offline_reload_starts_and_plays(lane: Lane, browser: Browser) -> None:
    """The server stops (Firefox's offline switch would let the service worker's update check through)."""
    browser.wait("navigator.serviceWorker.controller !== null && " + SAVED, timeout=60)
    shown = browser.call(SNAPSHOT)
    lane.stop_server()
    browser.reload()
    browser.wait(IDLE)
    assert browser.call(SNAPSHOT) == shown
    before = len(hand(browser))
    tap(browser, "draw")
    assert len(hand(browser)) == before + 2


PASS_TITLE = "(document.querySelector('#pass-title') || {}).innerText || ''"
PASS_PROBLEMS = """() => {
  const out = [];
  if (document.querySelectorAll('#app [data-act="card"], #app .hand, #r-hand, #r-staging').length)
    out.push('cards on the pass screen');
  if (document.querySelector('#app [aria-label="Your cards"]')) out.push('a hand on the pass screen');
  if (document.documentElement.scrollWidth > innerWidth) out.push('the page scrolls sideways');
  const take = document.querySelector('#app button[data-act="take-device"]');
  const r = take ? take.getBoundingClientRect() : null;
  if (!r || r.height < 1 || r.top < 0 || r.bottom > innerHeight) out.push('no "show my hand" button in view');
  return out;
}"""
SEAT = """(seat, name) => {
  const kind = document.querySelector('#seat-kind-' + seat), field = document.querySelector('#seat-name-' + seat);
  kind.value = 'person';
  kind.dispatchEvent(new Event('change', { bubbles: true }));
  field.value = name;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  return [kind.value, field.value];
}"""


def take_turn_and_pass(browser: Browser, person: str) -> str:
    """``person`` takes the device from the pass screen, draws two and discards one; the next pass screen's name
    (the computers between have played)."""
    assert browser.js(PASS_TITLE) == f"Pass to {person}"
    assert browser.call(PASS_PROBLEMS) == []
    tap(browser, "take-device")
    browser.wait(MY_TURN)
    start = hand(browser)
    assert len(start) >= 11
    assert browser.call(SCREEN_PROBLEMS) == []
    tap(browser, "draw")
    assert len(hand(browser)) == len(start) + 2
    browser.click('#app [aria-label="Your cards"] button')
    browser.click('#app button[data-act="discard"]:not([disabled])')
    return str(browser.wait(f"{IDLE} && ({PASS_TITLE}).replace('Pass to ', '')", timeout=60))


def test_two_people_pass_the_device_with_no_network(lane: Lane, browser: Browser) -> None:
    """A family's tablet (the server stopped above): Play together seats Anna (South) and Bob (North) with two
    computers; the pass screen hides every hand and shows its button in view; each plays a turn and it comes back."""
    browser.click('#app button[data-act="sheet"][data-arg="menu"]')
    browser.click('#r-sheet button[data-act="together"]')
    browser.wait("document.querySelector('#players-title') !== null")
    assert browser.call(SEAT, 0, "Anna") == ["person", "Anna"]
    assert browser.call(SEAT, 2, "Bob") == ["person", "Bob"]
    assert browser.js("document.documentElement.scrollWidth") <= WIDTH, lane.engine
    browser.click('#app form[data-form="seating"] button[type="submit"]')
    first = str(browser.wait(f"{IDLE} && ({PASS_TITLE}).replace('Pass to ', '')"))
    assert first in ("Anna", "Bob")
    other = "Bob" if first == "Anna" else "Anna"
    assert take_turn_and_pass(browser, first) == other
    said = browser.js("[...document.querySelectorAll('#app .pass .moves li')].map((li) => li.innerText)")
    assert any(line.startswith(f"{first} discarded") for line in said), said
    assert take_turn_and_pass(browser, other) == first
