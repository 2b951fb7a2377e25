"""Import the rest of the standard library on demand (shipped as ``_handfoot_rest`` in stdlib.zip).

``tools/build.py`` splits Pyodide's own ``python_stdlib.zip`` in two: the modules that the
engine, the UI, the computer players and PyScript import, compiled to ``.pyc`` by Pyodide's
Python in ``vendor/stdlib/stdlib.zip`` (which Pyodide mounts as its standard library), and
every other module, as source, in ``vendor/stdlib/stdlib-rest.zip``.  This finder sits last on
``sys.meta_path``: it imports the modules of the second zip from ``ARCHIVE``.  ``ui/boot.js``
writes that file before Python starts when the service worker controls the page (from its
cache), and in the background after the table is up; if a module of it is imported before that
(on a first visit), the finder has the page fetch it synchronously (``restSync``), since an
import can't wait.  A name in neither zip raises ImportError as usual, without any download.
"""

from __future__ import annotations

import os
import sys
import zipimport
from collections.abc import Callable, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

REST_MODULES: frozenset[str] = frozenset()  # the build writes the second zip's module names here
ARCHIVE = "/lib/stdlib-rest.zip"


class RestFinder:
    """Finds the modules of the second zip, writing the zip first when it isn't there yet."""

    def __init__(self, fetch: Callable[[str], object]) -> None:
        self.fetch = fetch
        self.loaded: list[str] = []  # the modules imported from the second zip, in order

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in REST_MODULES:
            return None
        if not os.path.exists(ARCHIVE):
            try:
                self.fetch(ARCHIVE)
            except Exception as err:  # offline before the service worker had it, for instance
                problem = f"{fullname}: the rest of the standard library is unavailable ({err})"
                raise ModuleNotFoundError(problem) from err
        parent = fullname.rpartition(".")[0]
        where = ARCHIVE + ("/" + parent.replace(".", "/") if parent else "")
        spec = zipimport.zipimporter(where).find_spec(fullname)
        if spec is not None:
            self.loaded.append(fullname)
        return spec


def install(fetch: Callable[[str], object]) -> RestFinder:
    """Put the finder last on ``sys.meta_path`` (once) and return it."""
    for finder in sys.meta_path:
        if isinstance(finder, RestFinder):
            return finder
    finder = RestFinder(fetch)
    sys.meta_path.append(finder)
    return finder
