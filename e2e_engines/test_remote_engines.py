"""Phones in the room in WebKitGTK and Firefox ESR.

Where the engine has WebRTC (Firefox here), a host and a guest, each a browser of that engine, link up over
real WebRTC through the invitation and answer links alone, and the guest plays a move from its own table.
Where it has none (Debian's WebKitGTK is built without it; Safari's Lockdown Mode turns it off), the room
says so and offers no invitation, and an invitation opened there says why it can't join.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Lane, open_browser
from engines import Browser

from engine.rules import preset
from ui.remote import screen
from ui.share import build_query

WIDTH, HEIGHT = 390, 844
READY = "document.body && document.body.dataset.ready === '1'"
IDLE = READY + " && document.body.dataset.idle === '1'"
DEAL = 4417
HAS_WEBRTC = "typeof RTCPeerConnection === 'function'"


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
    # The host invites West; a second browser of the same engine opens the invitation and answers.
    assert browser.js("document.querySelectorAll('.room [data-room=\"invite\"]').length") == 3
    browser.click('.room-seat[data-seat="1"] button[data-room="invite"]')
    browser.wait("document.querySelector('.room-seat[data-seat=\"1\"] .room-url') !== null")
    invitation = value(browser, '.room-seat[data-seat="1"] .room-url')
    assert invitation.startswith(lane.url) and "#join=" in invitation
    guest = open_browser(lane.engine, tmp_path)
    try:
        guest.size(WIDTH, HEIGHT)
        guest.goto(invitation)
        guest.wait("document.querySelector('.room.guest .room-url') !== null", timeout=60)
        answer = value(guest, ".room.guest .room-url")
        assert "#answer=" in answer
        browser.call(
            "(text) => { document.querySelector('.room-answer[data-seat=\"1\"]').value = text; }", answer
        )
        browser.click('.room-seat[data-seat="1"] button[data-room="answer"]')
        guest.wait("document.body.dataset.guestMoves !== undefined && document.body.dataset.guestMoves !== ''",
                   timeout=60)
        assert screen.AT_THE_HOST in guest.js("document.querySelector('#app header').innerText")
        assert "on their own phone" in browser.js(
            "document.querySelector('.room-seat[data-seat=\"1\"] .room-state').innerText"
        )
        browser.click('.room button[data-room="close"]')
        # Play to West's turn: South (this host) draws and discards; North and East are computers.
        for _ in range(6):
            to_act = guest.wait("document.body.dataset.toAct === '0' || document.body.dataset.toAct === '1'"
                                " ? document.body.dataset.toAct : false", timeout=60)
            if to_act == "1":
                break
            browser.wait(IDLE + " && document.querySelector('#app .banner.mine') !== null", timeout=60)
            if browser.js("document.body.dataset.toAct") == "0":
                browser.click('#app button[data-act="draw"]:not([disabled])')
                browser.wait(IDLE + " && document.querySelector('#app button[data-act=\"discard\"]') !== null")
                browser.click('#app [aria-label="Your cards"] button')
                browser.click('#app button[data-act="discard"]:not([disabled])')
                guest.wait("document.body.dataset.toAct !== '0'", timeout=60)
        else:
            pytest.fail("West never came to act")
        held = guest.js('document.querySelectorAll(\'#app [aria-label="Your cards"] button\').length')
        moves = guest.js("document.body.dataset.guestMoves")
        guest.click('#app button[data-act="draw"]:not([disabled])')  # West draws, from its own phone
        guest.wait(f"document.body.dataset.guestMoves !== '{moves}'", timeout=30)
        assert guest.js('document.querySelectorAll(\'#app [aria-label="Your cards"] button\').length') == held + 2
        assert browser.js("document.body.dataset.handCounts").split(",")[1] == str(held + 2)
        assert "You drew two cards." in guest.js("document.querySelector('#app').innerText")
        assert guest.all_errors() == []
        print(f"{lane.engine}: a guest linked over WebRTC, drew from its own table ({held} → {held + 2} cards)")
    finally:
        guest.close()
