"""Issue 32, finding 4: every stored-record reader is total.

Whatever JSON a record holds (arbitrary values, or a real record with hostile field values),
each reader gives a record or its refusal (None, the defaults, or for a score pad ``PadError``),
never another exception: one hostile statistics summary (``preset`` a list) used to stop the
app from starting on every visit, and a kept game played at 10**20 broke the Games screen.
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.lab.botgame import make_bots, play_bots
from engine.rules import preset
from engine.serialize import to_dict
from engine.state import Game
from ui.app import App as Controller
from ui.challenge import model as challenge
from ui.games import model as games
from ui.pad import model as pad
from ui.settings.model import Settings, choose_settings, load_settings
from ui.stats import model as stats
from ui.table.moves import Line

EXAMPLES = settings(max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck))

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.sampled_from([10**20, -(10**20), 2**63, 1.5, -0.0, 1e308]),
    st.text(max_size=6),
    st.sampled_from(["classic", "pagat", "hkf", "easy", "hard", "", "challenge-", "kept-game-1", "partner"]),
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)),
    max_leaves=8,
)


@cache
def finished() -> Game:
    game = Game(preset("classic"), 9)
    return play_bots(game, make_bots("easy", game.rules, 9))


@cache
def real_challenge() -> challenge.Challenge:
    return challenge.from_game(finished(), "easy", name="Jo")


@cache
def real() -> dict[str, dict[str, Any]]:
    """One real record of each kind, as the app stores it (parsed)."""
    game = finished()
    made = real_challenge()
    record = challenge.Record(made, True, played=1_700_000_000_000)
    line = Line(3, 1, "West discarded the 9 of clubs", "It keeps its pairs.", "discarded 9♣")
    return {
        "summary": stats.summarize(game, "easy", 1_700_000_000_000).to_dict(),
        "kept": json.loads(games.record(game, json.dumps(to_dict(game)), 1_700_000_000_000)),
        "pad": pad.to_dict(pad.new_pad("p1", "2026-12-03", Settings())),
        "challenge": json.loads(record.to_json()),
        "settings": json.loads(Settings(house={"upcard": True}).to_json(4)),
        "line": line.to_dict(),
        "lines": {"deal": 9, "moves": 0, "lines": [line.to_dict()], "fresh": [[1, 0, 3]], "reds": [[0, 1]],
                  "landed": True},
    }


def hostile(kind: str) -> st.SearchStrategy[dict[str, Any]]:
    """A real record with some of its fields (top level, or inside its first list item) given any JSON."""
    base = real()[kind]

    def spoil(changes: dict[str, Any], inner: dict[str, Any], drop: list[str]) -> dict[str, Any]:
        out = {k: v for k, v in base.items() if k not in drop} | changes
        for key, value in base.items():
            if isinstance(value, list) and value and isinstance(value[0], dict) and inner:
                out[key] = [value[0] | inner, *value[1:]]
                break
            if isinstance(value, dict) and inner and key in ("result", "challenge", "rules"):
                out[key] = value | inner
                break
        return out

    keys = st.sampled_from(sorted(base))
    inner_keys = st.sampled_from(["s", "b", "o", "totals", "moves", "takebacks", "check", "undone", "deal",
                                  "rules", "level", "preset", "options", "out", "sides", "n", "seat", "text"])
    return st.builds(spoil, st.dictionaries(keys, JSON, max_size=3), st.dictionaries(inner_keys, JSON, max_size=2),
                     st.lists(keys, max_size=2))


def values(kind: str) -> st.SearchStrategy[Any]:
    return st.one_of(JSON, hostile(kind))


def texts(kind: str) -> st.SearchStrategy[Any]:
    """Stored text: JSON text of any value or of a spoiled record, or not text at all."""
    return st.one_of(values(kind).map(json.dumps), JSON, st.text(max_size=12))


def test_the_issue_cases_are_refused() -> None:
    summary = real()["summary"] | {"preset": ["classic"]}
    assert stats.read_summary(summary) is None
    assert stats.load(json.dumps({"v": stats.SCHEMA, "games": [summary, real()["summary"]]})) != []
    kept = games.read("kept-game-1", json.dumps(real()["kept"] | {"played": 10**20}))
    assert kept is None or isinstance(kept.when(), str)


@EXAMPLES
@given(texts("summary"), values("summary"))
def test_statistics_summaries(text: Any, data: Any) -> None:
    stats.compute(stats.load(text))
    stats.compute(stats.load(json.dumps({"v": stats.SCHEMA, "games": [data]})))
    found = stats.read_summary(data)
    if found is not None:
        stats.compute([found])


@EXAMPLES
@given(texts("kept"), JSON)
def test_kept_games(text: Any, key: Any) -> None:
    for k in ("kept-game-1", key):
        kept = games.read(k, text)
        if kept is not None:
            kept.when()
            kept.summary()
    games.kept_games({"kept-game-2": text, "other": text})


@EXAMPLES
@given(texts("pad"))
def test_score_pads(text: Any) -> None:
    try:
        pad.load(text)
    except pad.PadError:
        pass
    pad.choose({"pad-p1": text}, {"handfoot-pad-p1": text}, "handfoot-pad-")


@EXAMPLES
@given(texts("challenge"), JSON)
def test_challenges(text: Any, key: Any) -> None:
    for k in (key, challenge.PREFIX + "1", real_challenge().key):  # the real key: hostile bodies under it
        record = challenge.read(k, text)
        if record is not None:
            challenge.check_words(record)
    for found in challenge.records({challenge.PREFIX + "a": text, 5: text}):
        found.to_json()


@EXAMPLES
@given(texts("settings"), texts("settings"))
def test_settings(primary: Any, quick: Any) -> None:
    load_settings(primary)
    chosen, _seq = choose_settings(primary, quick)
    chosen.to_json(1)


@EXAMPLES
@given(values("line"), JSON)
def test_recent_moves(data: Any, players: Any) -> None:
    Line.from_dict(data, 4)
    if type(players) is int:
        Line.from_dict(data, players)


@EXAMPLES
@given(texts("lines"))
def test_restore_lines(text: Any) -> None:
    ctrl = _table()
    ctrl.restore_lines(text)
    ctrl.lines_data()


@cache
def _table_game() -> Game:
    return Game(preset("classic"), 9)


def _table() -> Controller:
    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.game = _table_game().copy()
    return ctrl
