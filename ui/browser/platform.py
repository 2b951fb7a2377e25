"""What goes through the browser itself: the share sheet or the clipboard, and the update waiting in
the service worker."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from pyodide.ffi import to_js
from pyscript import window

from ui.taps import Note

if TYPE_CHECKING:
    from ui.app import App
    from ui.browser.page import Page
    from ui.browser.saving import Saver


def page_address() -> str:
    """This page's address without its query or fragment."""
    return str(window.location.origin + window.location.pathname)


async def share_sheet(data: dict[str, str]) -> bool:
    """Open the device's share sheet; False when there is none, or it was cancelled or refused."""
    if not (hasattr(window.navigator, "share") and window.navigator.share):
        return False
    try:
        await window.navigator.share(to_js(data, dict_converter=window.Object.fromEntries))
        return True
    except Exception:
        return False  # cancelled or refused: fall back to copying


async def copy_text(text: str) -> bool:
    try:
        await window.navigator.clipboard.writeText(text)
        return True
    except Exception:
        return False


class Platform:
    """Sharing a deal or a challenge, and applying an update."""

    def __init__(self, app: App, saver: Saver, page: Page) -> None:
        self.app = app
        self.saver = saver
        self.page = page

    async def share(self) -> None:
        app = self.app
        url = page_address() + app.share_query()
        app.share_url = url
        self.page.refresh()  # the link shows at once, whatever the share sheet does
        if await share_sheet({"title": "Hand and Foot", "url": url}):
            app.note = Note("Link shared.")
        elif await copy_text(url):
            app.note = Note("Link copied: paste it to anyone, and they get the same deal with the same rules.")
        else:
            app.note = Note("Copy this link to share the deal:")
        self.page.refresh()

    async def send_challenge(self) -> None:
        """Make the challenge link of the finished game and share it (or copy it)."""
        app = self.app
        try:
            url = page_address() + app.make_challenge(int(time.time() * 1000))
        except ValueError as err:
            app.note = Note(str(err), "error")
            self.page.refresh()
            return
        app.share_url = url
        self.saver.save_challenges()
        self.page.refresh()
        text = "Play the same cards as me and compare: a Hand and Foot challenge."
        if await share_sheet({"title": "Hand and Foot challenge", "text": text, "url": url}):
            app.note = Note("Challenge sent. It is kept under Games.")
        elif await copy_text(url):
            app.note = Note("Challenge link copied: send it to family. The whole game travels in the link, "
                            "which no server sees. It is kept under Games.")
        else:
            app.note = Note("Copy this challenge link and send it:")
        self.page.refresh()

    async def apply_update(self) -> None:
        await self.saver.save()
        if not window.hfApplyUpdate():
            self.app.note = Note("The update isn't ready yet: try again in a moment.")
            self.page.refresh()

    def on_update(self, event: Any = None) -> None:
        self.app.update_available = True
        self.page.refresh()
