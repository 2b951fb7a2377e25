"""Phones in the room in WebKitGTK and Firefox ESR.

Where the engine has WebRTC (Firefox here), a host and a guest, each a browser of that engine, link up over
real WebRTC through the invitation and answer links alone, and the guest plays a move from its own table;
then the host's page reloads and the guest's phone comes back to its seat by itself.
Where it has none (Debian's WebKitGTK is built without it; Safari's Lockdown Mode turns it off), the room
says so and offers no invitation, and an invitation opened there says why it can't join.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Lane, open_browser
from engines import Browser, Chromium

from engine.rules import preset
from ui.remote import screen
from ui.share import build_query

WIDTH, HEIGHT = 390, 844
READY = "document.body && document.body.dataset.ready === '1'"
IDLE = READY + " && document.body.dataset.idle === '1'"
DEAL = 4417
HAS_WEBRTC = "typeof RTCPeerConnection === 'function'"
SLOW_WASM = """(() => {
  const compile = WebAssembly.compileStreaming;
  WebAssembly.compileStreaming = (source) =>
    new Promise((done) => setTimeout(done, 6000)).then(() => compile.call(WebAssembly, source));
})();"""


def open_room(browser: Browser) -> None:
    """Menu → Phones in the room, on a phone-sized screen (the menu is behind its button)."""
    browser.click("#app button.menu-toggle")
    browser.wait("document.querySelector('#r-sheet button[data-act=\"room\"]') !== null")
    browser.click('#r-sheet button[data-act="room"]')
    browser.wait("document.querySelector('.room h2#room-title') !== null")


def value(browser: Browser, selector: str) -> str:
    return str(browser.call("(s) => { const el = document.querySelector(s); return el ? el.value : ''; }", selector))


def test_phones_in_the_room_link_up_or_say_why_they_cant(lane: Lane, browser: Browser, tmp_path: Path) -> None:
    browser.size(WIDTH, HEIGHT)
    browser.goto(lane.url + build_query(preset("classic"), DEAL))
    browser.wait(IDLE + " && document.querySelector('.deal-number') !== null")
    open_room(browser)
    if not browser.js(HAS_WEBRTC):
        said = browser.js("document.querySelector('.room .note').innerText")
        assert said == screen.NO_LINKS
        assert browser.js("document.querySelectorAll('.room [data-room=\"invite\"]').length") == 0
        browser.goto(lane.url + "#join=1~abc~def")  # an invitation opened here (any will do: none can be joined)
        browser.wait(READY + " && document.querySelector('.room.guest') !== null")
        assert browser.js("document.querySelector('.room.guest p').innerText") == screen.NO_LINKS_GUEST
        browser.click(".room-away")  # the way out: this phone's own game, where it was left
        browser.wait(IDLE + " && document.querySelector('#app .deal-number') !== null")
        assert browser.js("document.querySelector('.deal-number').innerText") == str(DEAL)
        print(f"{lane.engine}: no WebRTC here; the room and an invitation say so")
        return
    guest = open_browser(lane.engine, tmp_path)
    try:
        link_and_draw(browser, guest, lane.url)
        print(f"{lane.engine}: a guest linked over WebRTC and drew from its own table")
    finally:
        guest.close()


# Firefox gives the guest's side of a way home up 5 s after it completes it (when the link drops) if no check has
# come; a reloaded Chromium host's first check comes 3.0 s after its answer (measured in every run, the page
# answering 0.1-0.3 s after its reload began): about 1.7 s to spare on this machine, which a loaded CI machine
# missed once in two runs. One more try on that failure alone (the app then shows a fresh invitation instead).
@pytest.mark.flaky(reruns=1, only_rerun=["the host's room opened to invite West again"])
def test_a_chromium_host_and_a_guest_in_this_engine(lane: Lane, browser: Browser, tmp_path: Path) -> None:
    """The family's usual table: phones of different makes.  Chromium hosts, a fresh browser of this engine
    joins (the lane's own has just hosted a table of its own)."""
    if not browser.js(HAS_WEBRTC):
        pytest.skip(f"{lane.engine} has no WebRTC here")
    host = Chromium()
    guest = open_browser(lane.engine, tmp_path)
    try:
        host.size(WIDTH, HEIGHT)
        host.goto(lane.url + build_query(preset("classic"), DEAL))
        host.wait(IDLE + " && document.querySelector('.deal-number') !== null")
        open_room(host)
        link_and_draw(host, guest, lane.url, slow_host=True)
        assert host.all_errors() == []
        print(f"chromium host, {lane.engine} guest: linked over WebRTC, the guest drew from its own table")
    finally:
        guest.close()
        host.close()


def link_and_draw(host: Browser, guest: Browser, url: str, slow_host: bool = False) -> None:
    """``host`` (its room open) invites West; ``guest`` opens the invitation, answers, and once linked draws
    from its own table when West's turn comes (South, at the host, draws and discards until then); then the
    host's page reloads (``slow_host``: on a Chromium host, its table taking longer than 5 s to start)."""
    assert host.js("document.querySelectorAll('.room [data-room=\"invite\"]').length") == 3
    host.click('.room-seat[data-seat="1"] button[data-room="invite"]')
    host.wait("document.querySelector('.room-seat[data-seat=\"1\"] .room-url') !== null")
    invitation = value(host, '.room-seat[data-seat="1"] .room-url')
    assert invitation.startswith(url) and "#join=" in invitation
    guest.size(WIDTH, HEIGHT)
    guest.goto(invitation)
    guest.wait("document.querySelector('.room.guest .room-url') !== null", timeout=60)
    answer = value(guest, ".room.guest .room-url")
    assert "#answer=" in answer
    host.call("(text) => { document.querySelector('.room-answer[data-seat=\"1\"]').value = text; }", answer)
    host.click('.room-seat[data-seat="1"] button[data-room="answer"]')
    guest.wait("document.body.dataset.guestMoves !== undefined && document.body.dataset.guestMoves !== ''",
               timeout=60)
    assert screen.AT_THE_HOST in guest.js("document.querySelector('#app header').innerText")
    assert "on their own phone" in host.js(
        "document.querySelector('.room-seat[data-seat=\"1\"] .room-state').innerText"
    )
    host.click('.room button[data-room="close"]')
    # Play to West's turn: South (the host) draws and discards; North and East are computers.
    for _ in range(6):
        to_act = guest.wait("document.body.dataset.toAct === '0' || document.body.dataset.toAct === '1'"
                            " ? document.body.dataset.toAct : false", timeout=60)
        if to_act == "1":
            break
        host.wait(IDLE + " && document.querySelector('#app .banner.mine') !== null", timeout=60)
        if host.js("document.body.dataset.toAct") == "0":
            host.click('#app button[data-act="draw"]:not([disabled])')
            host.wait(IDLE + " && document.querySelector('#app button[data-act=\"discard\"]') !== null")
            host.click('#app [aria-label="Your cards"] button')
            host.click('#app button[data-act="discard"]:not([disabled])')
            guest.wait("document.body.dataset.toAct !== '0'", timeout=60)
    else:
        pytest.fail("West never came to act")
    held = guest.js('document.querySelectorAll(\'#app [aria-label="Your cards"] button\').length')
    moves = guest.js("document.body.dataset.guestMoves")
    guest.click('#app button[data-act="draw"]:not([disabled])')  # West draws, from its own phone
    guest.wait(f"document.body.dataset.guestMoves !== '{moves}'", timeout=30)
    assert guest.js('document.querySelectorAll(\'#app [aria-label="Your cards"] button\').length') == held + 2
    assert host.js("document.body.dataset.handCounts").split(",")[1] == str(held + 2)
    assert "You drew two cards." in guest.js("document.querySelector('#app').innerText")
    assert guest.all_errors() == []
    host_reloads(host, guest, held + 2, slow_host)


def host_reloads(host: Browser, guest: Browser, held: int, slow: bool = False) -> None:
    """The host's page reloads: the guest's phone comes back to West by itself (the way home it agreed), with
    its cards, and the host's room makes no invitation for it.

    ``slow``: the host is a slow phone, its table ready more than 5 s after the reload (its WebAssembly compiled
    6 s late, as on a phone still reading and compiling it).  A Firefox guest gives its side of the way home up
    5 s after the link drops if nothing has come from the host: the page answers it with its first script,
    before the table starts (``ui/net.js``)."""
    host.wait("Object.keys(JSON.parse(localStorage.getItem('hf-home-ways') || '{}')).includes('1')", timeout=30)
    if slow:
        assert isinstance(host, Chromium)
        host.page.add_init_script(SLOW_WASM)
    host.reload()
    host.wait(IDLE + " && document.querySelector('#app .deal-number') !== null", timeout=120)
    if slow:
        assert host.js("performance.now()") > 5000, "the slow host's table was ready within 5 s"
    guest.wait("!document.querySelector('#app .note') || !document.querySelector('#app .note').innerText"
               ".includes('reconnecting')", timeout=90)
    assert host.js("document.getElementById('room').hidden"), "the host's room opened to invite West again"
    open_room(host)
    state = "document.querySelector('.room-seat[data-seat=\"1\"] .room-state').innerText"
    host.wait(f"{state}.includes('on their own phone')", timeout=60)
    assert host.js("document.querySelectorAll('.room-seat[data-seat=\"1\"] .room-url').length") == 0
    assert guest.js('document.querySelectorAll(\'#app [aria-label="Your cards"] button\').length') == held
    assert "Ask the host for a new invitation" not in guest.js("document.querySelector('#app').innerText")
    assert guest.all_errors() == []


def test_an_invitation_opened_in_a_tab_already_showing_the_app_makes_it_a_guest(lane: Lane, browser: Browser) -> None:
    """Tapping an invitation with the app open changes only the address's fragment: the tab becomes a guest's
    page (in Firefox it once stopped answering instead)."""
    browser.goto(lane.url + build_query(preset("classic"), DEAL))
    browser.wait(IDLE + " && document.querySelector('.deal-number') !== null")
    browser.call("(fragment) => { location.hash = fragment; }", "join=1~abc~def")  # as a tapped link does
    browser.wait(READY + " && document.querySelector('.room.guest p') !== null", timeout=60)
    said = browser.js("document.querySelector('.room.guest p').innerText")
    assert said == (screen.BAD_INVITATION if browser.js(HAS_WEBRTC) else screen.NO_LINKS_GUEST)
