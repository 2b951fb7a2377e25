"""History and statistics: summaries of whole games played to the end, read back strictly, counted once."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from engine.seats import other_sides, team_of
from engine.serialize import from_dict, to_dict
from ui.app import App as Controller
from ui.render import page
from ui.settings.model import Settings
from ui.stats import model as stats
from ui.stats.model import RoundLine, Summary
from ui_tests.helpers import play_out_round

DAY = 86_400_000


def play_well(ctrl: Controller) -> None:
    """South takes every hint (a good player); the computers play as themselves."""
    for _ in range(20_000):
        if ctrl.game.phase in ("round_over", "game_over"):
            return
        if ctrl.bot_to_act():
            ctrl.bot_step()
        elif ctrl.game.phase == "answer":
            ctrl.handle("answer", "yes")
        else:
            moves = len(ctrl.game.history)
            ctrl.handle("hint")
            ctrl.handle("play-hint")
            if len(ctrl.game.history) == moves:  # a hint that can't be played as given: play simply
                play_out_round(ctrl, 1)


def play_game(preset: str, deal: int, level: str = "easy", players: int | None = None, good: bool = True) -> Controller:
    """A whole game to its end on a controller, South playing well (hints) or simply (draw, discard)."""
    house: dict[str, Any] = {"players": players} if players else {}
    ctrl = Controller(Settings(preset=preset, house=house, level=level), random.Random(deal))
    ctrl.new_game(deal)
    while ctrl.game.phase != "game_over":
        if good:
            play_well(ctrl)
        else:
            play_out_round(ctrl, 20_000)
        if ctrl.game.phase == "round_over":
            ctrl.handle("next-round")
    return ctrl


@cache
def finished(preset: str, deal: int, level: str = "easy", players: int | None = None, good: bool = True) -> Controller:
    return play_game(preset, deal, level, players, good)


def books_in_lines(ctrl: Controller, round_index: int) -> int:
    """The books the human's side made in a round, read from the engine's own score lines ('3 dirty books × 300')."""
    result = ctrl.game.results[round_index]
    mine = ctrl.game.team_of(0)
    return sum(int(line.label.split()[0]) for line in result.scores[mine].lines if line.kind == "books")


# ----- summaries of real games -----------------------------------------------------------------


@pytest.mark.parametrize(("preset", "deal", "players"), [("classic", 11, None), ("pagat", 5, None), ("hkf", 8, 2),
                                                         ("classic", 21, 3), ("thirteen", 3, 6)])
def test_a_finished_game_is_summarized_from_its_results(preset: str, deal: int, players: int | None) -> None:
    ctrl = finished(preset, deal, players=players)
    game = ctrl.game
    assert len(ctrl.finished) == 1
    s = ctrl.finished[0]
    mine = team_of(0, game.n)
    others = other_sides(mine, game.n)
    assert (s.preset, s.players, s.level, s.deal, s.house) == (preset, game.n, "easy", deal, False)
    assert s.totals == (game.totals[mine], *(game.totals[t] for t in other_sides(mine, game.n)))
    assert len(s.rounds) == len(game.results)
    for i, (line, result) in enumerate(zip(s.rounds, game.results, strict=True)):
        assert line.mine == result.scores[mine].total
        assert line.best_other == max(result.scores[t].total for t in others)
        assert sum(n for _kind, n in line.books) == books_in_lines(ctrl, i)
        went = result.went_out
        expected = "none" if went is None else "you" if went == 0 else (
            "partner" if team_of(went, game.n) == mine else "other"
        )
        assert line.out == expected
    winner = game.winner()
    assert s.result == ("won" if winner == mine else "lost" if winner is not None else s.result)
    assert (s.result == "tie") == (winner is None and s.totals[0] == max(s.totals))
    assert "actions" not in json.dumps(s.to_dict())  # no moves: the kept game has the save


def test_book_kinds_are_the_engines_names() -> None:
    kinds = {kind for g in (finished("hkf", 8, players=2), finished("pagat", 5)) for r in g.finished[0].rounds
             for kind, _ in r.books}
    assert kinds <= {"clean book", "dirty book", "wild book", "book of 7s", "book of 5s"}
    assert "clean book" in kinds and "dirty book" in kinds


def test_house_rules_are_noted() -> None:
    ctrl = Controller(Settings(preset="classic", house={"pickup": "whole"}, level="easy"), random.Random(1))
    ctrl.new_game(4)
    while ctrl.game.phase != "game_over":
        play_out_round(ctrl, 20_000)
        if ctrl.game.phase == "round_over":
            ctrl.handle("next-round")
    assert ctrl.finished[0].house is True
    assert ctrl.finished[0].rules_label() == "Classic, 4 players, house rules"


def test_a_game_counts_once_through_reloads_resumes_and_a_replayed_last_round() -> None:
    ctrl = play_game("classic", 11, good=False)
    assert len(ctrl.finished) == 1
    key = ctrl.finished[0].key
    ctrl.finished_dirty = False  # stored
    ctrl.record_finished()
    assert len(ctrl.finished) == 1 and not ctrl.finished_dirty
    # A reload: a new controller with the stored history resumes the finished game's save.
    reloaded = Controller(Settings(level="easy"))
    reloaded.finished = stats.load(stats.dump(ctrl.finished))
    reloaded.resume(json.dumps(to_dict(ctrl.game)))
    reloaded.record_finished()
    assert [s.key for s in reloaded.finished] == [key] and not reloaded.finished_dirty
    # The last round dealt again and finished another way: still the same game.
    reloaded.handle("replay")
    assert reloaded.game.phase != "game_over"
    play_out_round(reloaded, 20_000)
    assert reloaded.game.phase == "game_over"
    assert [s.key for s in reloaded.finished] == [key]
    # A page that closed before the count was stored: the game on the table is counted at the start.
    fresh = Controller(Settings(level="easy"))
    fresh.resume(json.dumps(to_dict(ctrl.game)))
    fresh.record_finished()
    assert [s.key for s in fresh.finished] == [key] and fresh.finished_dirty


def test_different_games_have_different_keys() -> None:
    keys = {finished("classic", 11).finished[0].key, finished("classic", 11, good=False).finished[0].key,
            finished("pagat", 5).finished[0].key}
    assert len(keys) == 3


def test_a_game_in_progress_is_not_counted() -> None:
    ctrl = Controller(Settings(level="easy"))
    ctrl.new_game(3)
    play_out_round(ctrl, 20_000)
    assert ctrl.game.phase == "round_over" and ctrl.finished == []
    with pytest.raises(ValueError):
        stats.summarize(ctrl.game, "easy", 0)


# ----- stored and read back -------------------------------------------------------------------


def real_history() -> list[Summary]:
    return [
        *finished("classic", 11).finished, *finished("pagat", 5).finished, *finished("hkf", 8, players=2).finished
    ]


def test_the_history_reads_back_as_it_was_written() -> None:
    history = stats.capped(real_history())
    assert stats.load(stats.dump(history)) == history


def valid() -> dict[str, Any]:
    return finished("classic", 11).finished[0].to_dict()


def with_change(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(valid()))
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("v",), 2), (("key",), "ABC"), (("key",), "g" * 16), (("key",), 5), (("at",), -1), (("at",), 1.5),
        (("at",), True), (("preset",), "poker"), (("house",), 1), (("players",), 5), (("players",), 3),
        (("level",), "grandmaster"), (("deal",), 0), (("deal",), 10**10), (("deal",), "7"), (("rounds",), []),
        (("rounds",), [{}] * 21), (("rounds", 0, "s"), [1]), (("rounds", 0, "s", 0), 10**9),
        (("rounds", 0, "s", 0), 1), (("rounds", 0, "o"), "me"), (("rounds", 0, "b"), {"clean book": 0}),
        (("rounds", 0, "b"), {"x" * 41: 1}), (("rounds", 0, "b"), {"clean book": 1.0}), (("rounds", 0, "b"), []),
        (("rounds", 0, "extra"), 1), (("totals",), [0]), (("totals", 0), 1), (("totals", 1), "0"),
        (("result",), "won" if valid()["result"] != "won" else "lost"), (("result",), None),
    ],
)
def test_a_damaged_game_is_left_out_and_the_others_kept(path: tuple[Any, ...], value: Any) -> None:
    good = finished("pagat", 5).finished[0].to_dict()
    text = json.dumps({"v": 1, "games": [with_change(path, value), good]})
    assert [s.key for s in stats.load(text)] == [good["key"]]


def test_partner_in_a_game_without_partners_is_refused() -> None:
    data = finished("hkf", 8, players=2).finished[0].to_dict()
    assert stats.read_summary(data) is not None
    data["rounds"][0]["o"] = "partner"
    assert stats.read_summary(data) is None


@pytest.mark.parametrize(
    "raw",
    [None, 12, b"{}", "", "not json", "[" * 6000 + "]" * 6000, "{" * 100, '{"v":1}', '{"v":2,"games":[]}',
     '{"v":1,"games":{}}', '{"v":1,"games":[1,"x",null,[]]}', "9" * 5000, '{"v":1,"games":[' + "1," * 10 + "1]}",
     "x" * (stats.MAX_HISTORY_CHARS + 1), '{"v":1,"games":[{"v":1,"key":"' + "a" * 16 + '"}]}'],
)
def test_hostile_records_give_no_games_and_never_raise(raw: Any) -> None:
    assert stats.load(raw) == []


def test_random_damage_never_raises() -> None:
    rng = random.Random(7)
    text = stats.dump(real_history())
    for _ in range(300):
        chars = list(text)
        for _ in range(rng.randint(1, 6)):
            chars[rng.randrange(len(chars))] = rng.choice('{}[]",:0123456789-abctrue ')
        loaded = stats.load("".join(chars))
        assert all(isinstance(s, Summary) for s in loaded)


def test_the_history_is_capped_to_the_newest_games() -> None:
    base = finished("classic", 11).finished[0]
    many = [replace(base, key=f"{i:016x}", played=i * 1000) for i in range(stats.MAX_GAMES + 100)]
    kept = stats.capped(many)
    assert len(kept) == stats.MAX_GAMES and kept[0].played == 100_000 and kept[-1] is many[-1]
    assert len(stats.load(stats.dump(many))) == stats.MAX_GAMES


def test_the_two_copies_merge_each_game_once() -> None:
    a, b, c = real_history()
    merged = stats.merge([a, b], [b, c], [a])
    assert [s.key for s in merged] == [s.key for s in sorted([a, b, c], key=lambda s: s.played)]


# ----- the statistics --------------------------------------------------------------------------


def summary(key: int, day: int, result: str, rounds: list[tuple[int, int, dict[str, int], str]],
            preset: str = "classic", level: str = "normal", house: bool = False, players: int = 4) -> Summary:
    lines = tuple(RoundLine(m, o, tuple(sorted(b.items())), out) for m, o, b, out in rounds)
    mine = sum(r.mine for r in lines)
    other = {"won": mine - 100, "lost": mine + 100, "tie": mine}[result]
    totals = (mine, other) if players >= 4 else (mine, other, other - 1)
    return Summary(f"{key:016x}", day * DAY, preset, house, players, level, 7, lines, totals, result)


KNOWN = [
    summary(1, 1, "won", [(500, 200, {"clean book": 1}, "you"), (1500, 900, {"dirty book": 2}, "partner")]),
    summary(2, 2, "won", [(800, 100, {"clean book": 2, "wild book": 1}, "you")]),
    summary(3, 3, "lost", [(-200, 700, {}, "other"), (300, 400, {"dirty book": 1}, "none")]),
    summary(4, 4, "won", [(1000, 50, {"clean book": 1}, "you")], level="hard"),
    summary(5, 5, "won", [(900, 300, {"dirty book": 1}, "partner")], preset="pagat", house=True),
    summary(6, 6, "won", [(700, 0, {}, "you")], players=3),
    summary(7, 7, "tie", [(100, 100, {}, "none")]),
    summary(8, 8, "won", [(400, 100, {"clean book": 1}, "you")]),
]


def test_counts_streaks_and_averages_of_known_games() -> None:
    s = stats.compute(list(reversed(KNOWN)))  # the order stored doesn't matter: the date does
    assert (s.played, s.won, s.lost, s.tied) == (8, 6, 1, 1)
    assert (s.current_streak, s.longest_streak) == (1, 3)  # won 4, 5, 6 in a row; the tie ended it
    assert s.rounds == 10
    assert s.average_round == round((500 + 1500 + 800 - 200 + 300 + 1000 + 900 + 700 + 100 + 400) / 10)
    assert s.best_round == 1500
    assert dict(s.books) == {"clean book": 5, "dirty book": 4, "wild book": 1} and s.books_total == 10
    assert s.books[0] == ("clean book", 5)
    assert (s.went_out_you, s.went_out_side) == (5, 7)
    assert s.biggest_win == 100  # every game won here by 100
    groups = {(g.rules, g.level): (g.played, g.won) for g in s.groups}
    assert groups == {
        ("Classic, 4 players", "normal"): (5, 3),
        ("Classic, 4 players", "hard"): (1, 1),
        ("Pagat, 4 players, house rules", "normal"): (1, 1),
        ("Classic, 3 players", "normal"): (1, 1),
    }
    assert [g.key for g in s.recent] == [g.key for g in KNOWN]
    assert KNOWN[2].margin == -100 and KNOWN[6].margin == 0


def test_streaks() -> None:
    assert stats.streaks([]) == (0, 0)
    assert stats.streaks(["won", "won", "lost", "won"]) == (1, 2)
    assert stats.streaks(["lost", "won", "won", "won"]) == (3, 3)
    assert stats.streaks(["won", "tie"]) == (0, 1)


def test_an_empty_history() -> None:
    s = stats.compute([])
    assert (s.played, s.rounds, s.average_round, s.best_round, s.books, s.recent) == (0, 0, None, None, (), ())
    assert s.biggest_win is None and (s.current_streak, s.longest_streak) == (0, 0)


def test_the_chart_shows_the_last_twenty_games() -> None:
    many = [summary(i, i, "won" if i % 3 else "lost", [(100 * i, 50, {}, "you")]) for i in range(1, 31)]
    s = stats.compute(many)
    assert [g.key for g in s.recent] == [g.key for g in many[-20:]]


# ----- the screen ----------------------------------------------------------------------------------


def test_the_screen_shows_the_counts_and_a_chart_with_a_text_alternative() -> None:
    ctrl = Controller(Settings())
    ctrl.finished = list(KNOWN)
    ctrl.handle("screen", "stats")
    html = page(ctrl)
    assert 'id="stats-title">Statistics</h2>' in html
    assert "6 of 8" in html and "<b>1</b><small>now · longest 3</small>" in html
    assert "5 of 10" in html and "7 of 10" in html and "1,500" in html
    assert "<title id=\"chart-title\">Final margins of the last 8 games</title>" in html
    assert 'role="img" aria-labelledby="chart-title chart-desc"' in html and "<desc" in html
    assert html.count("<rect ") == 8 and html.count('class="won"') == 6
    assert "last 500 finished games" in html
    ctrl.finished = list(KNOWN[:1])
    ctrl.handle("screen", "stats")
    html = page(ctrl)  # one game: no "last game" as if there were others, no "oldest first"
    assert "<title id=\"chart-title\">Final margin of your one game so far</title>" in html
    assert "of your one game so far: above the line" in html and "last game" not in html


def test_the_screen_before_any_game_and_how_to_reach_it() -> None:
    ctrl = Controller(Settings())
    assert 'data-arg="stats"' in page(ctrl)  # in the menu
    ctrl.handle("screen", "games")
    assert 'data-act="screen" data-arg="stats"' in page(ctrl)  # and on the Games screen
    over = finished("classic", 11)
    assert '<div class="row stay"><button type="button" data-act="next-round"' in page(over)
    assert page(over).count('data-arg="stats"') == 2  # the header's and the game-over panel's
    ctrl.handle("screen", "stats")
    html = page(ctrl)
    assert "No finished games yet" in html and "<svg" not in html


def test_a_loaded_finished_game_counts_the_same_as_one_played() -> None:
    ctrl = finished("pagat", 5)
    other = Controller(Settings(level="easy"))
    other.resume_game(from_dict(to_dict(ctrl.game)))
    other.record_finished()
    a, b = ctrl.finished[0], other.finished[0]
    assert (a.key, a.rounds, a.totals, a.result) == (b.key, b.rounds, b.totals, b.result)
