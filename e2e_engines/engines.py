"""The two other engines behind one small interface: WebKitGTK (Selenium and WebKitWebDriver) and
Firefox ESR (puppeteer-core through WebDriver BiDi, e2e_engines/firefox.mjs).

Pages are driven the same way in both: navigate, call a JavaScript function in the page, click a
CSS selector with the driver's own (trusted) click, size the viewport. WebDriver gives no console
in WebKit, so the console is read from the page (``window.__errors``, see conftest.HOOK).
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
FIREFOX = "/usr/bin/firefox-esr"
# MiniBrowser's toolbar keeps its window at least 447 px wide; with this stylesheet 390 px fits.
GTK_CSS = "* { min-width:0; min-height:0; padding:0; margin:0; font-size:5px; }\n"
TIMEOUT_S = 120
READY_TO_CLICK = """(selector) => new Promise((done) => {
  const el = document.querySelector(selector);
  if (!el || el.disabled) return done(false);
  el.scrollIntoView({ block: "nearest", inline: "nearest" });
  const box = () => JSON.stringify(el.getBoundingClientRect());
  const before = box();
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    done(el.isConnected && box() === before && top !== null && (top === el || el.contains(top)));
  }));
})"""


class EngineError(AssertionError):
    pass


class Browser:
    """One browser window on one page."""

    name = ""

    def __init__(self) -> None:
        self.errors: list[str] = []  # console errors of the pages already left
        self.warnings: list[str] = []  # and their console warnings

    # ----- what each engine implements ------------------------------------------------------

    def _goto(self, url: str) -> None:
        raise NotImplementedError

    def _reload(self) -> None:
        raise NotImplementedError

    def call(self, fn: str, *args: Any) -> Any:
        """Call a JavaScript function (its source, may be async) in the page; its JSON-able result."""
        raise NotImplementedError

    def _click(self, selector: str) -> None:
        raise NotImplementedError

    def size(self, width: int, height: int) -> None:
        """Make the page's viewport width x height CSS pixels."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    # ----- shared ---------------------------------------------------------------------------

    def goto(self, url: str) -> None:
        self.keep_errors()
        self._goto(url)

    def reload(self) -> None:
        self.keep_errors()
        self._reload()

    def click(self, selector: str) -> None:
        """The driver's own click in the middle of the first element matching a CSS selector, once
        that element is in view, still (two frames alike) and on top there (as Playwright waits)."""
        self.wait(f"({READY_TO_CLICK})({json.dumps(selector)})")
        self._click(selector)

    def js(self, expression: str) -> Any:
        return self.call(f"() => ({expression})")

    def wait(self, expression: str, timeout: float = TIMEOUT_S, every: float = 0.1) -> Any:
        """Poll a JavaScript expression until it is truthy; its value."""
        end = time.monotonic() + timeout
        while True:
            try:
                value = self.js(expression)
            except EngineError:
                value = None  # the page is between documents
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"{self.name}: still not true after {timeout} s: {expression}")
            time.sleep(every)

    def page_errors(self) -> list[str]:
        """Console errors and uncaught exceptions of the page on screen (the injected hook's)."""
        try:
            return list(self.js("window.__errors || ['the console hook is missing']"))
        except EngineError as err:
            return [f"could not read the console: {err}"]

    def keep_errors(self) -> None:
        """Before leaving a page: keep what its console said."""
        try:
            errors, warnings = self.js("[window.__errors || [], window.__warnings || []]")
        except EngineError:
            return  # no page yet, or one that is gone
        self.errors += errors
        self.warnings += warnings

    def all_errors(self) -> list[str]:
        return self.errors + self.page_errors()


class WebKit(Browser):
    """MiniBrowser (WebKitGTK) through WebKitWebDriver, in a temporary profile; needs an X display."""

    name = "webkit"

    def __init__(self, config_home: Path) -> None:
        super().__init__()
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        (config_home / "gtk-3.0").mkdir(parents=True, exist_ok=True)
        (config_home / "gtk-3.0" / "gtk.css").write_text(GTK_CSS)
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        env = {**os.environ, "XDG_CONFIG_HOME": str(config_home)}
        service = Service(executable_path=WEBKIT_DRIVER, env=env)
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_script_timeout(TIMEOUT_S)
        self.driver.set_page_load_timeout(TIMEOUT_S)

    def _goto(self, url: str) -> None:
        self.driver.get(url)

    def _reload(self) -> None:
        self.driver.refresh()

    def call(self, fn: str, *args: Any) -> Any:
        from selenium.common.exceptions import WebDriverException

        script = (
            "const done = arguments[arguments.length - 1];"
            f"Promise.resolve().then(() => ({fn})(...arguments[0]))"
            ".then((v) => done({ok: v === undefined ? null : v}), (e) => done({error: String(e && e.stack || e)}));"
        )
        try:
            answer = self.driver.execute_async_script(script, list(args))
        except WebDriverException as err:
            raise EngineError(f"webkit: {err.msg}") from err
        if answer is None or "error" in answer:
            raise EngineError(f"webkit: {answer and answer['error']}")
        return answer["ok"]

    def _click(self, selector: str) -> None:
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.CSS_SELECTOR, selector).click()

    def size(self, width: int, height: int) -> None:
        # Under Xvfb a resize can land a moment late (a CI run once read the first size back): measure the
        # window's frame again and ask again, for up to about three seconds.
        got: Any = None
        for attempt in range(15):
            if attempt:
                time.sleep(0.2)
            self.driver.set_window_size(width + 200, height + 200)
            outer = self.driver.get_window_size()
            inner = self.js("[innerWidth, innerHeight]")
            chrome_w, chrome_h = outer["width"] - inner[0], outer["height"] - inner[1]
            self.driver.set_window_size(width + chrome_w, height + chrome_h)
            got = self.js("[innerWidth, innerHeight]")
            if got == [width, height]:
                return
        raise AssertionError(f"webkit: asked for a {width}x{height} viewport, got {got}")

    def close(self) -> None:
        self.driver.quit()


class Firefox(Browser):
    """Firefox ESR, headless, through e2e_engines/firefox.mjs; with ``profile``, a profile kept there."""

    name = "firefox"

    def __init__(self, profile: Path | None = None) -> None:
        super().__init__()
        command = ["node", str(HERE / "firefox.mjs")] + ([str(profile)] if profile else [])
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env={**os.environ, "FIREFOX": FIREFOX},
        )

    def _ask(self, op: str, **request: Any) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"op": op, **request}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise EngineError(f"firefox: the driver stopped (exit {self.process.wait()})")
        answer = json.loads(line)
        if "error" in answer:
            raise EngineError(f"firefox: {answer['error']}")
        return answer["ok"]

    def _goto(self, url: str) -> None:
        self._ask("goto", url=url)

    def _reload(self) -> None:
        self._ask("reload")

    def call(self, fn: str, *args: Any) -> Any:
        return self._ask("call", fn=fn, args=list(args))

    def _click(self, selector: str) -> None:
        self._ask("click", selector=selector)

    def size(self, width: int, height: int) -> None:
        self._ask("size", width=width, height=height)
        got = self.js("[innerWidth, innerHeight]")
        if got != [width, height]:
            raise AssertionError(f"firefox: asked for a {width}x{height} viewport, got {got}")

    def close(self) -> None:
        try:
            self._ask("close")
        except EngineError:
            pass
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Chromium(Browser):
    """Debian's Chromium through Playwright, the e2e suite's browser, behind the same interface: for a test
    that joins another engine to it (a Chromium host and a Firefox guest)."""

    name = "chromium"

    def __init__(self) -> None:
        super().__init__()
        import sys

        from playwright.sync_api import sync_playwright

        sys.path.insert(0, str(ROOT / "tools"))
        from browser import CHROMIUM, CHROMIUM_ARGS

        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        self.page = self.browser.new_page()
        self.page.set_default_timeout(TIMEOUT_S * 1000)

    def _goto(self, url: str) -> None:
        self.page.goto(url)

    def _reload(self) -> None:
        self.page.reload()

    def call(self, fn: str, *args: Any) -> Any:
        from playwright.sync_api import Error

        try:
            return self.page.evaluate(f"(args) => ({fn})(...args)", list(args))
        except Error as err:
            raise EngineError(f"chromium: {err.message}") from err

    def _click(self, selector: str) -> None:
        self.page.click(selector)

    def size(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def close(self) -> None:
        self.browser.close()
        self.playwright.stop()
