"""Page objects named after what a player does."""

from __future__ import annotations

from playwright.sync_api import Page

BOOT_TIMEOUT_MS = 60_000


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
