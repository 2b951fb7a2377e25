"""A WebKitGTK window on a saved profile, for the lane's snapshot test (WebKitWebDriver only ever
runs a temporary profile). Run by Debian's own Python, which has PyGObject (python3-gi) and
WebKit's bindings (gir1.2-webkit2-4.1), under an X display:

    /usr/bin/python3 e2e_engines/webkit_profile.py URL PROFILE_DIR WAIT_FOR_SNAPSHOT

It opens URL in a profile kept in PROFILE_DIR, waits until the table is ready (and, with
WAIT_FOR_SNAPSHOT "1", until the start-up snapshot was stored or failed), then prints one JSON
line: what the page showed and logged, and the start-up snapshot's performance marks.
"""

import json
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402

TIMEOUT_S = 150
REPORT = """JSON.stringify({
  ready: document.body && document.body.dataset.ready === "1",
  idle: document.body && document.body.dataset.idle === "1",
  deal: (document.querySelector(".deal-number") || {}).innerText || null,
  moves: document.body && document.body.dataset.moves,
  marks: Object.fromEntries(["start", "stored", "failed", "restored", "fallback"].map(
    (n) => [n, performance.getEntriesByName("hf-snapshot-" + n).map((e) => e.detail || null)])),
  errors: window.__errors || ["the console hook is missing"],
  warnings: window.__warnings || [],
})"""


def main() -> None:
    url, profile, wait_for_snapshot = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
    manager = WebKit2.WebsiteDataManager(
        base_data_directory=f"{profile}/data", base_cache_directory=f"{profile}/cache"
    )
    context = WebKit2.WebContext.new_with_website_data_manager(manager)
    view = WebKit2.WebView.new_with_context(context)
    window = Gtk.Window()
    window.set_default_size(390, 844)
    window.add(view)
    window.show_all()
    result: dict = {"timeout": True}

    def done(report: dict) -> None:
        result.clear()
        result.update(report)
        Gtk.main_quit()

    def evaluated(source: WebKit2.WebView, task: object) -> None:
        try:
            report = json.loads(source.evaluate_javascript_finish(task).to_string())
        except GLib.Error:
            return  # between documents: ask again
        settled = report["ready"] and report["idle"]
        if wait_for_snapshot:
            settled = settled and bool(report["marks"]["stored"] or report["marks"]["failed"])
        if settled:
            done(report)

    def poll() -> bool:
        view.evaluate_javascript(REPORT, -1, None, None, None, evaluated)
        return True

    def give_up() -> bool:
        view.evaluate_javascript(REPORT, -1, None, None, None, lambda s, t: done({"timeout": True, **_report(s, t)}))
        return False

    def _report(source: WebKit2.WebView, task: object) -> dict:
        try:
            return json.loads(source.evaluate_javascript_finish(task).to_string())
        except GLib.Error as err:
            return {"error": str(err)}

    view.load_uri(url)
    GLib.timeout_add(200, poll)
    GLib.timeout_add_seconds(TIMEOUT_S, give_up)
    Gtk.main()
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
