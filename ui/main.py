# The page's script (index.html): the start itself is ui/browser/start.py, shipped compiled in app.zip.
from ui.browser.start import start

await start()  # type: ignore[top-level-await]  # noqa: F704 (PyScript allows it)
