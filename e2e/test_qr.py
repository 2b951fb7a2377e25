"""QR codes in the page: a drawn code reads back as its link, the camera reads one, offline too.

The reading side is what a phone camera does: the code is taken from a screenshot of the page (what
the screen shows) and read by jsQR (the copy the site serves) or BarcodeDetector where Chromium has
it. Scanning uses Chromium's fake camera, fed a video of a QR code made by our encoder.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser import CHROMIUM, CHROMIUM_ARGS
from conftest import BOOT_TIMEOUT_MS, NOWHERE, PHONE, Watch, guarded_context, watch_page
from pages import Table, offline_after_first_visit
from playwright.sync_api import Browser, BrowserContext, Page, Playwright

from ui.qr.encode import encode
from ui_tests.qr_pages import ADD_CODE, ADD_SCAN_BUTTON, JOIN, READ_PNG


def draw_code(page: Page, text: str, label: str = "") -> None:
    page.evaluate(f"([text, label]) => ({ADD_CODE})(text, label)", [text, label])
    page.locator(".qr svg, .qr .qr-problem").first.wait_for()


def read_on_screen(page: Page) -> dict[str, str | None]:
    png = page.locator(".qr").first.screenshot()
    return page.evaluate(READ_PNG, base64.b64encode(png).decode())  # type: ignore[no-any-return]


def test_an_invitation_is_drawn_as_a_qr_code_that_reads_back(page: Page, base_url: str, watch: Watch) -> None:
    Table(page, base_url).open()
    draw_code(page, JOIN, "QR code of the invitation link")
    code = page.get_by_role("img", name="QR code of the invitation link")
    assert code.is_visible()
    read = read_on_screen(page)
    assert read["text"] == JOIN, read
    # Whole pixels per module and the code inside the 360 px screen, quiet zone included.
    box = page.locator(".qr").first
    module_px = int(box.get_attribute("data-module-px") or 0)
    side = int(code.get_attribute("data-modules") or 0)
    assert code.get_attribute("data-version") == "13" and side == 77
    assert module_px >= 4
    width = code.bounding_box()["width"]  # type: ignore[index]
    assert width == side * module_px <= 360
    assert page.evaluate("window.__qrDrawnMs") < 5000
    assert watch.external == []


def test_a_code_redrawn_by_a_render_is_drawn_again(page: Page, base_url: str) -> None:
    Table(page, base_url).open()
    draw_code(page, "https://hand-and-foot.example/#join=first")
    page.evaluate("""() => { const box = document.querySelector(".qr");
        box.outerHTML = '<div class="qr" data-qr="https://hand-and-foot.example/#join=second"></div>'; }""")
    page.wait_for_function(
        "document.querySelector('.qr').dataset.qrDrawn === 'https://hand-and-foot.example/#join=second'"
    )
    assert read_on_screen(page)["text"] == "https://hand-and-foot.example/#join=second"
    page.evaluate("document.querySelector('.qr').dataset.qr = 'https://hand-and-foot.example/#join=third'")
    page.wait_for_function("document.querySelector('.qr').dataset.qrDrawn.endsWith('third')")
    assert read_on_screen(page)["text"] == "https://hand-and-foot.example/#join=third"
    assert page.get_by_role("img", name="QR code of the link").count() == 1


def test_text_too_long_for_a_code_gets_a_sentence(page: Page, base_url: str) -> None:
    Table(page, base_url).open()
    draw_code(page, "x" * 5000)
    assert page.locator(".qr .qr-problem").inner_text() == (
        "This link is too long for a QR code: send it as a link instead."
    )


def y4m_of(text: str, path: Path, width: int = 640, height: int = 480, frames: int = 5) -> None:
    """A short greyscale video (YUV 4:2:0) of the QR code of ``text``, white around it: what a camera
    held over the host's screen would see."""
    code = encode(text)
    side = code.size + 8
    scale = min(width, height) // side
    left, top = (width - side * scale) // 2, (height - side * scale) // 2
    luma = bytearray(b"\xff" * (width * height))
    for y, row in enumerate(code.rows):
        for x, dark in enumerate(row):
            if dark:
                for dy in range(scale):
                    start = (top + (y + 4) * scale + dy) * width + left + (x + 4) * scale
                    luma[start : start + scale] = b"\x00" * scale
    chroma = b"\x80" * (width * height // 2)
    with path.open("wb") as out:
        out.write(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            out.write(b"FRAME\n" + bytes(luma) + chroma)


ANSWER = "https://hand-and-foot.example/#answer=" + "Qx9_-" * 40


@pytest.fixture
def camera_browser(playwright: Playwright, tmp_path: Path) -> Iterator[Browser]:
    video = tmp_path / "answer.y4m"
    y4m_of(ANSWER, video)
    fake = [
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *NOWHERE, *fake])
    yield browser
    browser.close()


LISTEN = "() => { window.__links = []; window.addEventListener('hf-link', (e) => window.__links.push(e.detail)); }"


def test_scanning_a_code_with_the_camera_hands_its_link_on(camera_browser: Browser, base_url: str) -> None:
    watch = Watch()
    context = guarded_context(camera_browser, watch, **PHONE, reduced_motion="reduce", permissions=["camera"])
    try:
        page = context.new_page()
        watch_page(page, watch)
        Table(page, base_url).open()
        page.evaluate(LISTEN)
        page.evaluate(ADD_SCAN_BUTTON)
        page.get_by_role("button", name="Scan the answer").click()
        dialog = page.get_by_role("dialog", name="Scan a QR code")
        assert dialog.is_visible()
        page.wait_for_function("window.__links.length > 0", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("window.__links") == [ANSWER]
        assert dialog.count() == 0  # the camera is closed on a read
        assert page.evaluate("document.activeElement.textContent") == "Scan the answer"
        assert watch.errors == [] and watch.external == []
    finally:
        context.close()


@pytest.mark.parametrize(
    ("script", "sentence"),
    [
        (
            "navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('no', 'NotAllowedError'));",
            "The camera wasn't allowed. Allow it in the browser's settings, or open the link with the phone's "
            "camera app.",
        ),
        (
            "navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('none', 'NotFoundError'));",
            "No camera was found on this device. Have the link sent as a message instead.",
        ),
        (
            "Object.defineProperty(Navigator.prototype, 'mediaDevices', { get: () => undefined });",
            "This browser can't use a camera here. Open the link with the phone's camera app instead, or have it "
            "sent as a message.",
        ),
    ],
)
def test_no_camera_gets_a_sentence_and_cancel_closes(
    page: Page, context: BrowserContext, base_url: str, script: str, sentence: str
) -> None:
    context.add_init_script(script)
    Table(page, base_url).open()
    page.evaluate(LISTEN)
    page.evaluate(ADD_SCAN_BUTTON)
    page.get_by_role("button", name="Scan the answer").click()
    dialog = page.get_by_role("dialog", name="Scan a QR code")
    assert dialog.get_by_role("status").inner_text() == sentence
    assert page.evaluate("document.getElementById('app').inert")  # the table behind takes no taps
    dialog.get_by_role("button", name="Cancel").click()
    assert dialog.count() == 0
    assert not page.evaluate("document.getElementById('app').inert")
    assert page.evaluate("window.__links") == []
    assert page.evaluate("document.body.dataset.ready") == "1"


def test_codes_draw_and_the_reader_loads_offline(page: Page, context: BrowserContext, dist: Path, watch: Watch) -> None:
    offline_after_first_visit(page, context, dist)
    draw_code(page, JOIN, "QR code of the invitation link")
    read = read_on_screen(page)  # loads vendor/jsqr/jsQR.js unless Chromium has BarcodeDetector
    assert read["text"] == JOIN
    assert page.evaluate("fetch('vendor/jsqr/jsQR.js').then((r) => r.ok)")
    assert watch.external == []
