"""The command line: ``python -m engine deal|simulate|arena --json`` prints what the engine computes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import cards as C
from engine.deal import deal
from engine.lab.arena import run_arena
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


@pytest.mark.slow
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


@pytest.mark.slow
def test_arena_first_deal_plays_fresh_deals() -> None:
    out = run("arena", "--rules", "classic", "--a", "easy", "--b", "normal", "--deals", "2",
              "--first-deal", "700000001", "--workers", "1", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert (data["first_deal"], data["last_deal"], data["deals"], data["games"]) == (700000001, 700000002, 2, 4)
    again = run_arena(PRESETS["classic"], "easy", "normal", 2, first_deal=700000001).as_dict()
    assert (again["a_win_rate"], again["mean_score_diff"]) == (data["a_win_rate"], data["mean_score_diff"])
    text = run("arena", "--a", "easy", "--b", "easy", "--deals", "1", "--first-deal", "700000001",
               "--workers", "1")
    assert "deals 700,000,001 to 700,000,001" in text.stdout


@pytest.mark.parametrize(("first", "deals", "words"), [
    ("0", "1", "between 1 and 999,999,999"),
    ("999999999", "2", "run past 999,999,999"),
    ("1", "0", "at least one deal"),
])
def test_arena_refuses_deal_numbers_out_of_range(first: str, deals: str, words: str) -> None:
    out = run("arena", "--a", "easy", "--b", "easy", "--deals", deals, "--first-deal", first)
    assert out.returncode == 2
    assert out.stderr.startswith("error:") and words in out.stderr and "Traceback" not in out.stderr
