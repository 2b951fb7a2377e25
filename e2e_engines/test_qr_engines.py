"""QR codes in WebKitGTK and Firefox ESR, which have no BarcodeDetector: a code is drawn as in
Chromium and the site's own jsQR reads it back; with no camera, the scan button says so in a
sentence and Cancel closes it.  A browser and server of their own (the lane fixture is per module)."""

from __future__ import annotations

from conftest import Lane
from engines import Browser

from ui.qr.draw import svg
from ui_tests.qr_pages import ADD_CODE, ADD_SCAN_BUTTON, JOIN, READ_DRAWN

WIDTH, HEIGHT = 390, 844
READY = "document.body && document.body.dataset.ready === '1'"
NO_CAMERA = (
    "The camera wasn't allowed. Allow it in the browser's settings, or open the link with the phone's camera app.",
    "No camera was found on this device. Have the link sent as a message instead.",
    "This browser can't use a camera here. Open the link with the phone's camera app instead, or have it "
    "sent as a message.",
    "The camera couldn't start. Try again, or open the link with the phone's camera app.",
)


def test_a_code_is_drawn_and_read_back_by_jsqr(lane: Lane, browser: Browser) -> None:
    browser.size(WIDTH, HEIGHT)
    browser.goto(lane.url)
    browser.wait(READY)
    browser.call(ADD_CODE, JOIN, "QR code of the invitation link")
    browser.wait("document.querySelector('.qr svg') !== null")
    drawn = browser.js("document.querySelector('.qr svg').outerHTML")
    expected = svg(JOIN, "QR code of the invitation link")
    assert browser.js("document.querySelector('.qr path').getAttribute('d')") in expected
    assert 'aria-label="QR code of the invitation link"' in drawn
    assert browser.js("Number(document.querySelector('.qr').dataset.modulePx)") >= 4  # 390 px / 77 modules
    assert browser.call(READ_DRAWN) == JOIN, f"{lane.engine}: jsQR didn't read the drawn code"


def test_with_no_camera_the_scan_says_so_and_cancel_closes(lane: Lane, browser: Browser) -> None:
    browser.call(ADD_SCAN_BUTTON)
    browser.click("#scan-test")
    status = browser.wait(
        "document.querySelector('.qr-scan-status') && "
        "!document.querySelector('.qr-scan-status').textContent.startsWith('Starting') && "
        "document.querySelector('.qr-scan-status').textContent"
    )
    if status == "Point the camera at the QR code.":  # this engine has a camera after all
        print(f"{lane.engine}: a camera is there: the overlay waits for a code")
    else:
        assert status in NO_CAMERA, f"{lane.engine}: {status!r}"
    browser.click(".qr-scan-cancel")
    browser.wait("document.querySelector('.qr-scan') === null")
    assert browser.js("document.getElementById('app').inert") is False
