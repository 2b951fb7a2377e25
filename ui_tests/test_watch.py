"""Watch any game (issue 12, part 3): forward, back, rounds, every hand once over, the computers' reasons."""

from __future__ import annotations

import random
import re

from engine.actions import from_text
from engine.lab.botgame import make_bots, play_bots
from engine.rules import preset
from engine.state import Game
from ui import saves
from ui.app import App as Controller
from ui.games import model as games
from ui.render import page
from ui.settings.model import Settings
from ui.watch.model import CHECKPOINT, Watch


def finished(deal: int = 55, players: int = 4, level: str = "normal") -> Game:
    game = Game(preset("classic", players=players), deal)
    return play_bots(game, make_bots(level, game.rules, deal))


def test_every_position_is_the_engines_own_and_stepping_back_agrees() -> None:
    game = finished()
    watch = Watch(game, "t")
    assert watch.position() == Game(game.rules, game.deal_number)
    watch.step("end")
    assert watch.position() == game and not watch.playing
    # Back from the end, one move at a time past a checkpoint, equals replaying from the deal.
    for _ in range(CHECKPOINT + 3):
        watch.step("back")
    replayed = Game(game.rules, game.deal_number)
    for text in game.history[: watch.at]:
        replayed.apply(from_text(text))
    assert watch.position() == replayed
    assert game.history and watch.game is game  # the kept game itself never moved


def test_rounds_and_reasons() -> None:
    game = finished()
    watch = Watch(game, "t", level="normal")
    watch.step("round-next")
    assert watch.position().round_index == 1 and watch.game.history[watch.at - 1] == "next"
    watch.step("round-back")
    assert watch.at == 0
    # The computers' reasons are found again, exactly as they were given.
    seen = 0
    for _ in range(60):
        watch.step("next")
        seat, _action = watch.last_move()
        if seat not in (None, 0):
            assert watch.reason() and watch.reason()[0].isupper()
            seen += 1
        elif seat == 0:
            assert watch.reason() == ""
    assert seen > 20


def test_a_level_that_did_not_play_is_not_made_up() -> None:
    game = finished(level="easy")
    watch = Watch(game, "t", level="hard")
    reasons = []
    for _ in range(40):
        watch.step("next")
        if watch.last_move()[0] not in (None, 0):
            reasons.append(watch.reason())
    assert reasons and all("reason isn't known" not in r for r in reasons)  # easy is tried after hard


def test_the_screen_shows_every_hand_only_once_the_game_is_over() -> None:
    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.new_game(3)
    ctrl.handle("draw")
    ctrl.handle("watch", "table")
    assert ctrl.screen == "watch"
    html = page(ctrl)
    assert "only your own hand is shown" in html and "Foot:" not in html
    assert re.search(r"<h3>West <small>[^<]*</small></h3><p>\d+ cards</p>", html)
    ctrl.handle("watch-step", "end")
    assert "Round 1 · move 1 of 1" in page(ctrl)
    ctrl.handle("watch-close")
    assert ctrl.screen == "table"
    over = finished()
    ctrl.open_watch(over, "deal 55")
    ctrl.handle("watch-step", "next")
    html = page(ctrl)
    assert "only your own hand" not in html and html.count("Foot:") == 4  # nobody has picked up a foot yet
    ctrl.handle("watch-step", "play")
    assert ctrl.watch is not None and ctrl.watch.playing and ctrl.watch.at == 2
    ctrl.handle("watch-step", "play")
    assert not ctrl.watch.playing


def test_a_round_already_over_is_watched_with_every_hand_and_the_round_being_played_with_south_s_only() -> None:
    from ui_tests.helpers import simple_turn

    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.new_game(3)
    while ctrl.game.phase != "round_over":
        ctrl.bot_step() if ctrl.bot_to_act() else simple_turn(ctrl)
    watch = Watch(ctrl.game.copy(), "t")  # round 1 just ended: all of it may be shown, as its end showed
    for where in ("next", "end"):
        watch.step(where)
        assert watch.revealed and "only your own hand" not in page_of(ctrl, watch)
    ctrl.handle("next-round")
    for _ in range(12):
        ctrl.bot_step() if ctrl.bot_to_act() else simple_turn(ctrl)
    assert ctrl.game.round_index == 1 and not ctrl.game.over
    watch = Watch(ctrl.game.copy(), "t")
    watch.step("next")
    html = page_of(ctrl, watch)
    assert watch.revealed and "only your own hand" not in html and html.count("Foot:") == 4  # round 1's hands
    watch.step("round-next")  # the deal of round 2, still being played: South's own hand only
    html = page_of(ctrl, watch)
    assert not watch.revealed and "This round isn't over, so only your own hand is shown." in html
    assert "Foot:" not in html and re.search(r"<h3>West <small>[^<]*</small></h3><p>\d+ cards</p>", html)
    watch.step("end")
    assert not watch.revealed


def page_of(ctrl: Controller, watch: Watch) -> str:
    ctrl.watch, ctrl.screen = watch, "watch"
    return page(ctrl)


def test_kept_games_can_be_watched() -> None:
    ctrl = Controller(Settings(), rng=random.Random(1))
    game = finished(deal=56, players=3)
    record = games.record(game, saves.dump(game, 0), 1_764_580_000_000)
    kept = games.read("kept-game-1", record)
    assert kept is not None
    ctrl.kept = [kept]
    ctrl.handle("screen", "games")
    assert 'data-act="watch" data-arg="kept-game-1"' in page(ctrl)
    ctrl.handle("watch", "kept-game-1")
    assert ctrl.screen == "watch" and ctrl.watch is not None and ctrl.watch.game == game
    ctrl.handle("watch-step", "end")
    html = page(ctrl)
    assert "West" in html and "East" in html and "Game over" not in html
    ctrl.handle("watch", "kept-game-404")  # an unknown key: nothing happens
    assert ctrl.watch.game == game


def test_the_header_names_the_watched_game_not_the_one_on_the_table() -> None:
    ctrl = Controller(Settings(), random.Random(1))
    ctrl.new_game(7)
    game = finished(deal=55)
    ctrl.open_watch(game, "deal 55")
    ctrl.handle("watch-step", "end")
    html = page(ctrl)
    meta = re.search(r'<p class="meta">(.*?)</p>', html)
    assert meta is not None and '<b class="deal-number">55</b>' in meta.group(1)
    board = re.search(r'<p class="scoreboard"[^>]*>(.*?)</p>', html)
    assert board is not None
    shown = [int(x.replace(",", "")) for x in re.findall(r"<b>(-?[\d,]+)</b>", board.group(1))]
    assert sorted(shown) == sorted(game.totals) and any(shown)
    ctrl.handle("watch-close")
    assert '<b class="deal-number">7</b>' in page(ctrl)  # back on the table's own game


def test_a_hidden_hand_of_one_card_says_one_card() -> None:
    from ui.watch.screen import _seat_block

    game = Game(preset("classic"), 55)
    game.players[1].hand = game.players[1].hand[:1]  # a computer down to its last card, mid-game
    html = _seat_block(game, 1, revealed=False)
    assert "<p>1 card</p>" in html


def test_an_expert_reason_worked_out_again_says_its_playouts_may_differ_from_the_games() -> None:
    game = Game(preset("classic"), 7)
    play_bots(game, make_bots("expert", game.rules, 7), 400, until=lambda g: len(g.history) >= 120)
    watch = Watch(game, "t", level="expert")
    told = []
    for _ in range(len(game.history)):
        watch.step("next")
        seat, _action = watch.last_move()
        if seat not in (None, 0):
            told.append(watch.reason())
    searched = [r for r in told if "playout" in r]
    assert searched, "no searched decision in the first 120 moves"
    assert all(r.endswith("(Played out again for Watch: the counts may differ from the game's.)") for r in searched)
    assert not any("Played out again" in r for r in told if "playout" not in r)  # Hard's own reasons as they were
