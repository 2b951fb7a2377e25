"""The command line: ``python -m engine deal|simulate --json`` prints what the engine computes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import cards as C
from engine.deal import deal
from engine.rules import PRESETS

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True, text=True,
        timeout=120, check=False,
    )


@pytest.mark.parametrize(("name", "number", "rnd"), [
    ("classic", 1, 1), ("pagat", 12345, 2), ("thirteen", 999999999, 1), ("rook", 7, 3),
    ("hkf", 42, 4),
])
def test_deal_json_matches_the_engine(name: str, number: int, rnd: int) -> None:
    out = run("deal", "--rules", name, "--deal", str(number), "--round", str(rnd), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    d = deal(PRESETS[name], number, rnd - 1)
    assert (data["rules"], data["deal"], data["round"]) == (name, number, rnd)
    assert len(data["seats"]) == 4
    for i, seat in enumerate(data["seats"]):
        assert seat["hand"] == [C.code(c) for c in d.hands[i]]
        assert seat["knee"] == [C.code(c) for c in d.knees[i]]
        assert seat["foot"] == [C.code(c) for c in d.feet[i]]
    assert data["stock"] == [C.code(c) for c in d.stock]


def test_deal_text_output_names_the_seats() -> None:
    out = run("deal", "--rules", "classic", "--deal", "5")
    assert out.returncode == 0
    assert "South hand:" in out.stdout and "East hand:" in out.stdout


def test_bad_deal_number_is_an_error_message_not_a_traceback() -> None:
    out = run("deal", "--deal", "0")
    assert out.returncode == 2
    assert out.stderr.startswith("error:") and "Traceback" not in out.stderr


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_simulate_json(name: str) -> None:
    out = run("simulate", "--rules", name, "--games", "2", "--json")
    assert out.returncode == 0, out.stdout + out.stderr
    data = json.loads(out.stdout)
    assert set(data) >= {"games", "rounds", "actions", "invariant_failures", "errors", "seconds"}
    assert data["games"] == 2
    assert data["invariant_failures"] == 0 and data["errors"] == 0
    assert data["rounds"] >= 2 * (1 if name == "rook" else 4)
    assert data["actions"] > data["rounds"]
    assert data["seconds"] >= 0
