"""Debian's Chromium and the flags it needs on these machines (shared by e2e/ and bench/)."""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    # Without these, Chromium keeps trying hosts that this machine's closed network refuses.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
