"""Checks run inside Pyodide by tools/pyodide_tests.mjs; prints a JSON report, exits 1 on failure.

Extend with golden-deal comparisons: same deal number ⇒ same cards as on CPython.
"""

from __future__ import annotations

import json
import sys
import traceback


def main() -> int:
    report: dict[str, object] = {"python": sys.version}
    try:
        import engine

        report["engine"] = getattr(engine, "__file__", None) or list(engine.__path__)
    except Exception:
        report["error"] = traceback.format_exc()
    print(json.dumps(report))
    return 1 if "error" in report else 0


if __name__ == "__main__":
    sys.exit(main())
