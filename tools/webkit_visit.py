#!/usr/bin/python3
"""One visit to a page in WebKitGTK, as a browser a player opens and closes: for the start-up bench.

Run by Debian's ``/usr/bin/python3`` (PyGObject, ``gir1.2-webkit2-4.1``) under ``xvfb-run``, never
the project's venv: WebKitWebDriver's automation runs in a temporary profile only, and the
start-up snapshot needs a saved one to be measured as Safari keeps it.

    xvfb-run -a -s "-screen 0 1280x1024x24" /usr/bin/python3 tools/webkit_visit.py URL \
        --profile DIR [--probe FILE] [--collect JS] [--settle-js JS] [--timeout S]

``--profile DIR`` keeps the website data (Cache Storage, localStorage, IndexedDB, the service
worker, the HTTP cache) in DIR, so the next visit with the same DIR is a return visit;
``--profile ephemeral`` is a temporary profile, as automation and private browsing have.
The window is 390x844.  ``--probe`` is a script run at document start in every page (the
bench's READY_PROBE); the visit ends once ``window.__benchReady`` is set and ``--settle-js``
(an expression) is true, or at the timeout; ``--collect`` (an expression giving JSON-able data)
is then printed as the last line on stdout (JSON), with the console lines the page wrote; the lines
before it are WebKit's own console messages (CONSOLE ... lines), a preload warning among them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402

CONSOLE_HOOK = """(() => {
  window.__benchConsole = [];
  for (const level of ["log", "info", "warn", "error"]) {
    const original = console[level].bind(console);
    console[level] = (...args) => {
      try { window.__benchConsole.push(level + ": " + args.map(String).join(" ").slice(0, 500)); } catch (e) {}
      original(...args);
    };
  }
  addEventListener("error", (e) => window.__benchConsole.push("pageerror: " + e.message));
  addEventListener("unhandledrejection", (e) => window.__benchConsole.push("rejection: " + String(e.reason)));
})();"""


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("--profile", required=True)
    parser.add_argument("--probe", default="")
    parser.add_argument("--collect", default="({})")
    parser.add_argument("--settle-js", default="true")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--reload", action="store_true",
                        help="then reload once in the same browser (a temporary profile's return visit); "
                             "the second visit's data goes under 'reloaded'")
    parser.add_argument("--reload-settle-js", default="true", help="--settle-js for the reloaded visit")
    args = parser.parse_args()

    if args.profile == "ephemeral":
        manager = WebKit2.WebsiteDataManager.new_ephemeral()
    else:
        manager = WebKit2.WebsiteDataManager(base_data_directory=f"{args.profile}/data",
                                             base_cache_directory=f"{args.profile}/cache")
    context = WebKit2.WebContext.new_with_website_data_manager(manager)
    content = WebKit2.UserContentManager()
    probe = open(args.probe).read() if args.probe else ""
    content.add_script(WebKit2.UserScript.new(
        CONSOLE_HOOK + "\n" + probe, WebKit2.UserContentInjectedFrames.TOP_FRAME,
        WebKit2.UserScriptInjectionTime.START, None, None))
    view = WebKit2.WebView(web_context=context, user_content_manager=content)
    settings = view.get_settings()
    settings.set_enable_developer_extras(True)
    # WebKit's own console messages too (a preload it never used, say): on stdout, before the JSON.
    settings.set_enable_write_console_messages_to_stdout(True)
    window = Gtk.Window()
    window.set_default_size(390, 844)
    window.add(view)
    window.show_all()

    started = time.monotonic()
    result: dict[str, object] = {"ok": False}
    loop = GLib.MainLoop()

    def evaluate(script: str, done) -> None:  # type: ignore[no-untyped-def]
        def finished(view, task) -> None:  # type: ignore[no-untyped-def]
            try:
                value = view.evaluate_javascript_finish(task)
                done(json.loads(value.to_json(0) or "null"))
            except GLib.Error as err:
                done({"__error": err.message})

        view.evaluate_javascript(script, -1, None, None, None, finished)

    def finish(data: object) -> None:
        nonlocal started
        if args.reload and "first" not in result:
            result["first"] = data
            started = time.monotonic()
            args.settle_js = args.reload_settle_js

            def reload(_done: object) -> None:
                view.reload()
                GLib.timeout_add(50, poll)

            evaluate("window.__benchOld = true", reload)  # the old page, until the new one replaces it
            return
        result["ok"] = True
        if args.reload:
            result["data"], result["reloaded"] = result.pop("first"), data
        else:
            result["data"] = data
        loop.quit()

    def poll() -> bool:
        if time.monotonic() - started > args.timeout:
            def timed_out(data: object) -> None:
                result["timeout"] = True
                result["data"] = data
                loop.quit()
            collect = f"(() => {{ try {{ return {args.collect}; }} catch (e) {{ return String(e); }} }})()"
            evaluate(f"JSON.stringify({{collected: {collect}, console: window.__benchConsole || []}})",
                     lambda raw: timed_out(json.loads(raw) if isinstance(raw, str) else raw))
            return False

        def checked(ready: object) -> None:
            if ready is True:
                evaluate(f"JSON.stringify({{collected: {args.collect}, console: window.__benchConsole || []}})",
                         lambda raw: finish(json.loads(raw) if isinstance(raw, str) else raw))
            else:
                GLib.timeout_add(50, poll)

        evaluate(f"!window.__benchOld && window.__benchReady !== undefined && !!({args.settle_js})", checked)
        return False

    view.load_uri(args.url)
    GLib.timeout_add(50, poll)
    loop.run()
    result["wallS"] = time.monotonic() - started
    print(json.dumps(result))
    sys.stdout.flush()
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
