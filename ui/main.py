"""Placeholder entry point: proves the engine loads in the browser, then marks the page ready."""

import html

from pyscript import document

app = document.getElementById("app")
try:
    import engine

    status = f"Engine loaded: {html.escape(getattr(engine, '__name__', 'engine'))}."
except Exception as err:  # the engine package may still be empty; show why, do not crash
    status = f'<span class="error">Engine failed to load: {html.escape(repr(err))}</span>'

app.innerHTML = f"<h1>Hand and Foot</h1><p>{status}</p>"
document.body.dataset.ready = "1"
