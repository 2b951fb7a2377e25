"""Individual play on the screen: every side named, no partner, scores per player."""

from __future__ import annotations

import random
import re

from engine.rules import preset
from ui import saves
from ui.app import App as Controller
from ui.games import model as games
from ui.render import page, regions
from ui.rules.text import rules_page
from ui.settings.model import Settings, rules_for
from ui.share import ShareProblem, ShareRequest, parse_query

from .helpers import play_out_round


def three_players(name: str = "classic", deal: int = 4242) -> Controller:
    ctrl = Controller(Settings(preset=name).with_change("house:players", "3"), rng=random.Random(5))
    ctrl.new_game(deal)
    return ctrl


def text_of(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_the_table_names_each_player_and_nobody_is_a_partner() -> None:
    ctrl = three_players()
    assert ctrl.game.n == 3
    parts = regions(ctrl)
    board = text_of(parts["r-top"])
    assert all(re.search(name + r"\s+\d", board) for name in ("You", "West", "East"))
    assert "Us" not in board and "Them" not in board
    seats = parts["r-seats"]
    assert seats.count('class="role opponent"') == 2 and "partner" not in seats
    # Each opponent's melds are their own section, named for the seat.
    assert 'aria-label="West&#x27;s melds"' in parts["r-them"] and 'aria-label="East&#x27;s melds"' in parts["r-them"]
    assert 'aria-label="Your melds"' in parts["r-us"]


def test_no_question_to_go_out_and_a_score_table_per_player() -> None:
    ctrl = three_players(deal=77)
    play_out_round(ctrl, 3000, each=lambda c: (
        None if c.game.phase in ("round_over", "game_over") else _no_ask(c)
    ))
    assert ctrl.game.phase == "round_over"
    html = page(ctrl)
    captions = re.findall(r"<caption>([^<]+)</caption>", html)
    assert captions == ["You", "West", "East"]
    assert "Your team" not in html and "Opponents" not in html


def test_the_round_score_calls_the_humans_leftovers_yours() -> None:
    """The score lines of South's own cards read "Your hand", never "South's hand"."""
    for deal in range(77, 97):
        ctrl = three_players(deal=deal)
        play_out_round(ctrl, 3000)
        mine = ctrl.game.results[-1].scores[0].lines
        if any(line.kind == "leftover" for line in mine):
            break
    else:
        raise AssertionError("no round in which South was left holding cards")
    html = text_of(page(ctrl))
    assert "South's" not in html
    assert re.search(r"Your (hand|knee|foot)", html)
    assert re.search(r"(West|East)'s (hand|knee|foot)", html) or ctrl.game.results[-1].went_out in (1, 2)


def _no_ask(ctrl: Controller) -> None:
    assert 'data-act="ask"' not in page(ctrl)
    assert ctrl.game.phase != "answer"


def test_the_game_over_verdict_names_the_winner() -> None:
    ctrl = three_players(deal=78)
    play_out_round(ctrl, 3000)
    ctrl.game.phase = "game_over"
    ctrl.game.totals = [900, 2500, 1700]
    html = page(ctrl)
    assert "Game over: West wins with 2,500 (East 1,700, you 900)." in html
    heads = '<th scope="col">Round</th><th scope="col">You</th><th scope="col">West</th><th scope="col">East</th></tr>'
    assert heads in html
    ctrl.game.totals = [2500, 2500, 100]
    assert "A tie for the lead at 2,500: you and West." in page(ctrl)


def test_settings_offer_individual_play_where_the_rules_allow_it() -> None:
    ctrl = Controller(Settings(preset="classic"), rng=random.Random(1))
    ctrl.handle("screen", "settings")
    html = page(ctrl)
    assert "Two players, each on their own, a house rule" in html
    assert "Three players, each on their own, a house rule" in html
    ctrl.change_setting("preset", "hkf")
    html = page(ctrl)
    assert "Three players, each on their own</option>" in html  # 004 describes it
    ctrl.change_setting("house:players", "3")
    assert ctrl.settings.rules().players == 3
    # The Rook game (draw one, no pile) needs partners: not offered, and dropped on the way in.
    ctrl.change_setting("preset", "rook")
    assert ctrl.settings.rules().players == 4 and "each on their own" not in page(ctrl)


def test_the_rules_page_speaks_to_a_lone_player() -> None:
    for name in ("classic", "pagat", "thirteen", "hkf"):
        for n in (2, 3):
            lines = [line for head, body in rules_page(preset(name, players=n)) for line in (head, *body)]
            said = " ".join(lines).lower()
            assert "team" not in said and "partner" not in said, (name, n)
            assert "each on their own" in said
    hkf = " ".join(line for _h, body in rules_page(preset("hkf", players=3)) for line in body)
    assert "When you finish your first book, you pick up your knee" in hkf
    assert "7 standard decks" in hkf


def test_share_links_and_kept_games_carry_the_table_size() -> None:
    ctrl = three_players(deal=99)
    request = parse_query(ctrl.share_query())
    assert isinstance(request, ShareRequest) and request.deal == 99
    assert rules_for(request.preset, request.house).players == 3
    assert isinstance(parse_query("?rules=rook&deal=5&house=players.2"), ShareProblem)
    assert isinstance(parse_query("?rules=classic&deal=5&house=players.5"), ShareProblem)
    record = games.record(ctrl.game, saves.dump(ctrl.game, 0), 1_764_580_000_000)
    kept = games.read("kept-game-1", record)
    assert kept is not None and kept.players == 3 and len(kept.totals) == 3
    assert "you 0, West 0, East 0" in kept.summary()
    # Three totals from a record that doesn't say three players: refused, not misread.
    forged = record.replace('"players":3', '"players":4')
    assert games.read("kept-game-2", forged) is None


def test_pagat_played_alone_is_not_called_partnership_rules() -> None:
    """Three players on their own under Pagat's rules: no screen calls them "Pagat partnership rules"."""
    ctrl = three_players("pagat")
    shown = []
    for screen in ("settings", "games", "rules"):
        ctrl.handle("screen", screen)
        # The rule set chooser lists the presets by their own names; the rest speaks of this game.
        shown.append(text_of(re.sub(r"<select.*?</select>", "", page(ctrl), flags=re.S)))
    assert all("Pagat rules, each on their own" in text for text in shown), shown
    assert not any("partnership" in text for text in shown)
    kept = games.read("g1", games.record(ctrl.game, "{}", 0))
    assert kept is not None and kept.title == "Pagat rules, each on their own"
    # Four players keep the partnership title.
    four = Controller(Settings(preset="pagat"), rng=random.Random(5))
    four.new_game(4242)
    four.handle("screen", "settings")
    assert "Pagat partnership rules" in text_of(page(four))
