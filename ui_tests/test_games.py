"""Every game kept: records of games put aside, read strictly, listed newest first, capped oldest-finished first."""

from __future__ import annotations

import json
import random

from engine.actions import Draw
from engine.rules import preset
from engine.state import Game
from ui import saves
from ui.app import App as Controller
from ui.games import model as games
from ui.lesson.plans import PLANS
from ui.render import page
from ui.settings.model import Settings

from .helpers import each_step_with_hints


def a_game(deal: int, moves: int = 1) -> Game:
    game = Game(preset("classic"), deal)
    if moves:
        game.apply(Draw())
    return game


def test_a_record_reads_back_with_what_the_games_screen_shows() -> None:
    game = a_game(4417)
    text = games.record(game, saves.dump(game, 0), 1_764_580_000_000)
    kept = games.read("kept-game-1", text)
    assert kept is not None
    assert kept.deal == 4417 and kept.round_index == 0 and not kept.over
    assert kept.summary().startswith("Deal 4,417 · ") and kept.summary().endswith("in progress")
    resumed = saves.read(saves.PRIMARY, kept.save).game
    assert resumed is not None and resumed.history == game.history
    assert "players" not in kept.summary()
    six = Game(preset("classic", players=6), 4417)  # "us, them" alone reads as four players
    kept = games.read("kept-game-2", games.record(six, saves.dump(six, 0), 1_764_580_000_000))
    assert kept is not None and " · six players · round 1 · " in kept.summary()


def test_a_game_put_aside_between_rounds_says_its_round_was_scored() -> None:
    ctrl = Controller(Settings(), random.Random(3))
    for _ in each_step_with_hints(ctrl):
        pass
    game = ctrl.game
    assert game.phase == "round_over" and game.round_index == 0 and any(game.totals)
    kept = games.read("kept-game-1", games.record(game, saves.dump(game, 0), 5))
    assert kept is not None and kept.between
    assert " · round 1 scored · " in kept.summary() and kept.summary().endswith("in progress")
    ctrl.handle("screen", "games")
    assert "On the table: deal " in page(ctrl) and " · round 1 scored · " in page(ctrl)
    playing = games.read("kept-game-2", games.record(a_game(9), saves.dump(a_game(9), 0), 5))
    assert playing is not None and not playing.between and " · round 1 · " in playing.summary()
    damaged = json.loads(games.record(game, saves.dump(game, 0), 5))
    damaged["between"] = "yes"
    assert games.read("kept-game-3", json.dumps(damaged)) is None


def test_hostile_records_are_left_out_never_raised() -> None:
    good = games.record(a_game(1), saves.dump(a_game(1), 0), 5)
    hostile = {
        "kept-game-1": "[" * 6000 + "]" * 6000,
        "kept-game-2": json.dumps({"v": 1, "title": "x", "deal": "7", "round": 0, "totals": [0, 0], "over": False,
                                   "played": 1, "save": ""}),
        "kept-game-3": json.dumps({"v": 1, "title": "x" * 500}),
        "kept-game-4": 12,
        "kept-game-5": good,
        "game": good,  # not a kept game
    }
    assert [g.key for g in games.kept_games(hostile)] == ["kept-game-5"]


def test_past_the_cap_the_oldest_finished_games_go_first() -> None:
    def kept(key: str, played: int, over: bool) -> games.KeptGame:
        return games.KeptGame(key, "t", 1, 0, (0, 0), over, played, "")

    listed = [kept("a", 1, False), kept("b", 2, True), kept("c", 3, True), kept("d", 4, False)]
    assert games.over_cap(listed, limit=4) == []
    assert games.over_cap(listed, limit=2) == ["b", "c"]
    assert games.over_cap(listed, limit=1) == ["b", "c", "a"]


def test_keys_never_collide() -> None:
    stored = {"kept-game-9": "x", "kept-game-9-1": "y"}
    assert games.new_key(stored, 9) == "kept-game-9-2"


def test_the_games_screen_lists_them_and_asks_before_deleting() -> None:
    ctrl = Controller(Settings(), rng=random.Random(1))
    game = a_game(31)
    ctrl.kept = [games.KeptGame("kept-game-7", game.rules.title, 31, 0, (0, 0), False, 7, saves.dump(game, 0))]
    ctrl.handle("screen", "games")
    html = page(ctrl)
    assert "Deal 31 · " in html and 'data-act="resume-game" data-arg="kept-game-7"' in html
    ctrl.handle("delete-game", "kept-game-7")
    assert "Delete this game for good?" in page(ctrl)
    ctrl.handle("keep-game", "kept-game-7")
    assert "Delete this game for good?" not in page(ctrl)
    ctrl.handle("delete-game", "no-such-key")
    assert ctrl.confirm_delete == ""


def test_a_taken_back_turn_is_the_same_game_and_a_replay_or_new_deal_is_not() -> None:
    """Undo hands the table a new Game object: it is still the game on the table (one entry under
    Games), while a replayed round or a new deal is another game to put aside."""
    from engine.actions import Meld
    from engine.moves import legal_actions
    from tests.helpers import position_where
    from ui_tests.test_undo import opened_and_drawn, tap_meld

    saved = position_where(preset("classic"), range(1, 60), 4000, opened_and_drawn)
    ctrl = Controller(Settings(), rng=random.Random(2))
    ctrl.resume(saved)
    tap_meld(ctrl, next(a for a in legal_actions(ctrl.game) if isinstance(a, Meld)))
    old = ctrl.game
    ctrl.handle("undo")
    assert ctrl.game is not old and ctrl.game.takebacks == 1
    assert games.same_game(old, ctrl.game)
    # A second take-back later in the same game is the same game too.
    assert not games.same_game(ctrl.game, old)  # never backwards: the taken-back moves aren't undone
    fresh = Game(old.rules, old.deal_number)
    assert not games.same_game(old, fresh)  # the same deal dealt again
    ctrl.new_game(old.deal_number, old.rules)
    assert not games.same_game(old, ctrl.game)
    other = Game(preset("pagat"), old.deal_number)
    assert not games.same_game(old, other)


def test_a_lesson_game_put_aside_is_listed_as_a_lesson() -> None:
    plan = PLANS["classic"]
    lesson = Game(preset(plan.preset), plan.deal)
    lesson.apply(Draw())
    other = a_game(plan.deal + 1)
    stored = {
        "kept-game-1": games.record(lesson, saves.dump(lesson, 0), 1),
        "kept-game-2": games.record(other, saves.dump(other, 0), 2),
    }
    listed = {g.key: g for g in games.kept_games(stored)}
    assert listed["kept-game-1"].lesson and " · lesson · round 1 · " in listed["kept-game-1"].summary()
    assert not listed["kept-game-2"].lesson and "lesson" not in listed["kept-game-2"].summary()
    # an older record (no mark) reads as a game like any other; a mark of the wrong type is a damaged record
    old = json.loads(stored["kept-game-2"])
    assert "lesson" not in old
    damaged = json.loads(stored["kept-game-1"]) | {"lesson": "yes"}
    assert games.kept_games({"kept-game-3": json.dumps(damaged)}) == []
