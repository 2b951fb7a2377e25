"""Import the rest of the standard library on demand (shipped as ``_handfoot_rest`` in stdlib.zip).

``tools/build.py`` splits Pyodide's own ``python_stdlib.zip`` in two: the modules that the
engine, the UI, the computer players and PyScript import, compiled to ``.pyc`` by Pyodide's
Python in ``vendor/stdlib/stdlib.zip`` (which Pyodide mounts as its standard library), and
every other module, as source, in ``vendor/stdlib/stdlib-rest.zip``.  This finder sits last on
``sys.meta_path``: the first time a module of the second zip is imported it has the page
write that zip into the file system (``hfStdlibRest``, in ``ui/boot.js``: from the service
worker's cache, synchronously, since an import can't wait), then imports from it.  A name in
neither zip raises ImportError as usual, without any download.
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
            self.fetch(ARCHIVE)
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
