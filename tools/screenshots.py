"""Screenshots of the table as a player sees it, at phone and tablet sizes (the README's pictures).

``python3 tools/screenshots.py [--out docs] [--deal N] [--rules R] [--turns N]`` builds nothing: it
serves the existing dist/, plays South's first decisions of a deal through the page's own buttons
(Hint, then Play it) and saves a PNG for each size.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import start_server  # noqa: E402

SIZES = {"phone": (360, 740), "phone-tall": (390, 844), "phone-landscape": (844, 390),
         "tablet": (768, 1024), "tablet-landscape": (1024, 768)}


def ready(page: Page) -> None:
    page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
    page.wait_for_selector('body[data-idle="1"]', state="attached", timeout=60_000)


def play_turns(page: Page, turns: int) -> None:
    """Play ``turns`` of South's decisions the way a player taking the hints does: Hint, then Play it."""
    for _ in range(turns):
        ready(page)
        if page.locator(".round-over, .game-over").count():
            return
        if page.get_by_role("dialog").count():
            page.get_by_role("button", name="Yes, go out").click()
            continue
        page.get_by_role("button", name="Hint", exact=True).click()
        ready(page)
        page.get_by_role("button", name="Play it", exact=True).click()
    ready(page)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--deal", type=int, default=4417)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--turns", type=int, default=9)
    parser.add_argument("--players", type=int, default=0)
    parser.add_argument("--sizes", default=",".join(SIZES))
    parser.add_argument("--prefix", default="table")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    server, url = start_server(ROOT / "dist")
    query = f"?rules={args.rules}&deal={args.deal}" + (f"&players={args.players}" if args.players else "")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name in args.sizes.split(","):
            w, h = SIZES[name]
            context = browser.new_context(viewport={"width": w, "height": h}, has_touch=True,
                                          is_mobile=w < 1000, reduced_motion="reduce")
            page = context.new_page()
            page.on("console", lambda m: m.type == "error" and print("console:", m.text))
            page.goto(url + query)
            play_turns(page, args.turns)
            shot = args.out / f"{args.prefix}-{name}-{w}x{h}.png"
            page.screenshot(path=str(shot))
            print(shot)
            context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
