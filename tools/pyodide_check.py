"""Checks run inside Pyodide by tools/pyodide_tests.mjs; prints a JSON report, exits 1 on failure.

The interpreter players get (Python 3.14 in Pyodide) must deal exactly the golden
vectors frozen in tests/golden_deals.json, score the worked examples the same,
and play a short random game without breaking an invariant.
"""

from __future__ import annotations

import json
import sys
import traceback
from pathlib import Path


def check_golden(report: dict[str, object]) -> list[str]:
    from engine import cards as C
    from engine.deal import deal
    from engine.rules import preset

    data = json.loads(Path("tests/golden_deals.json").read_text())
    failures: list[str] = []
    for vec in data["vectors"]:
        d = deal(preset(vec["rules"]), vec["deal"], vec["round"] - 1)
        got = {
            "hand0": [C.code(c) for c in d.hands[0][: len(vec["hand0"])]],
            "foot3": [C.code(c) for c in d.feet[3][: len(vec["foot3"])]],
            "stock": [C.code(c) for c in d.stock[: len(vec["stock"])]],
        }
        for key, cards in got.items():
            if cards != vec[key]:
                failures.append(f"{vec['rules']} deal {vec['deal']} round {vec['round']} {key}")
    report["golden_vectors"] = len(data["vectors"])
    return failures


def check_playout(report: dict[str, object]) -> list[str]:
    """One random game per preset; its final-position digest must match CPython's."""
    from engine.lab.simulate import play_random_game
    from engine.rules import PRESETS
    from engine.serialize import digest

    failures: list[str] = []
    digests: dict[str, str] = {}
    for name, rules in PRESETS.items():
        game, broken, messages = play_random_game(rules, 4242, seed=7)
        digests[name] = f"{len(game.history)}:{digest(game)}"
        if broken:
            failures.append(f"playout {name}: {messages[:2]}")
    report["playout_digests"] = digests
    return failures


def compare(path: str) -> int:
    """Run here (CPython) and compare with a report printed by the Pyodide run."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    theirs = json.loads(Path(path).read_text())
    ours: dict[str, object] = {}
    check_playout(ours)
    if theirs.get("failures") or ours["playout_digests"] != theirs.get("playout_digests"):
        print("Pyodide and CPython disagree:", theirs.get("playout_digests"), ours["playout_digests"])
        return 1
    print(
        f"Pyodide ({theirs['python'].split()[0]}) and CPython agree on "
        f"{theirs.get('golden_vectors')} golden deals and {len(ours['playout_digests'])} playouts"
    )
    return 0


def main() -> int:
    report: dict[str, object] = {"python": sys.version}
    failures: list[str] = []
    try:
        import engine

        report["engine"] = list(engine.__path__)
        failures += check_golden(report)
        failures += check_playout(report)
    except Exception:
        failures.append(traceback.format_exc())
    report["failures"] = failures
    print(json.dumps(report, indent=1))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(compare(sys.argv[2]) if sys.argv[1:2] == ["--compare"] else main())
