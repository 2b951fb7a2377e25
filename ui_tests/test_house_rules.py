"""The first-meld schedule and six-player switches, and settings kept in two copies."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from engine.rules import PRESETS, ROOK_SCORE_MINIMUMS, ROUND_MINIMUMS, preset
from tests.helpers import position_where_south_is_asked
from ui.app import App as Controller
from ui.render import page
from ui.saves import storage_problem
from ui.settings.model import Settings, choose_settings, house_of, load_settings, players_label, rules_for
from ui.share import ShareProblem, ShareRequest, build_query, parse_query
from ui.sides import SOUTH as HUMAN
from ui_tests.helpers import play_out_round

# ----- the first-meld schedule ------------------------------------------------------


def test_the_schedule_switch_sets_the_rule_fields() -> None:
    s = Settings().with_change("house:first_meld", "60")
    assert s.house == {"first_meld": "round60"}
    rules = s.rules()
    assert rules.first_meld_by_round == (60, 90, 120, 150) and rules.first_meld_by_score == ()
    assert rules.first_meld_minimum(0, 0) == 60 and rules.first_meld_minimum(1, 0) == 90
    rules = Settings().with_change("house:first_meld", "score").rules()
    assert rules.first_meld_by_score == ROOK_SCORE_MINIMUMS and rules.first_meld_by_round == ()
    assert [rules.first_meld_minimum(0, t) for t in (0, 3500, 6000, 9000)] == [60, 90, 120, 150]


def test_the_schedule_the_preset_has_is_not_kept() -> None:
    assert Settings().with_change("house:first_meld", "round").house == {}
    rook = Settings().with_change("preset", "rook")
    assert rook.with_change("house:first_meld", "score").house == {}
    rules = rook.with_change("house:first_meld", "round").rules()
    assert rules.first_meld_by_round == ROUND_MINIMUMS and rules.first_meld_by_score == ()


@pytest.mark.parametrize("code", ["61", "Score", "", "round60", "by_score"])
def test_unknown_schedules_are_refused(code: str) -> None:
    with pytest.raises(ValueError):
        Settings().with_change("house:first_meld", code) if code else rules_for("classic", {"first_meld": "x"})


def test_the_schedule_goes_into_share_links_and_back() -> None:
    rules = rules_for("classic", {"first_meld": "round60"})
    query = build_query(rules, 99)
    assert query == "?rules=classic&deal=99&house=first_meld.60"
    assert parse_query(query) == ShareRequest("classic", 99, {"first_meld": "round60"})
    assert house_of(preset("classic", first_meld_by_round=(), first_meld_by_score=ROOK_SCORE_MINIMUMS)) == {
        "first_meld": "score"
    }
    assert house_of(preset("rook")) == {}


@pytest.mark.parametrize(
    "query",
    [
        "?rules=classic&deal=5&house=first_meld.61",
        "?rules=classic&deal=5&house=first_meld.",
        "?rules=classic&deal=5&house=first_meld_by_round.60",
        "?rules=classic&deal=5&house=first_meld_by_score.score",
        "?rules=classic&deal=5&house=players.5",
        "?rules=classic&deal=5&house=players.six",
        "?rules=classic&deal=5&house=players.<b>6</b>",
    ],
)
def test_bad_schedule_and_player_links_are_refused(query: str) -> None:
    result = parse_query(query)
    assert isinstance(result, ShareProblem)
    assert "<" not in result.message and "61" not in result.message


def test_stored_schedules_and_table_sizes_are_checked() -> None:
    assert load_settings('{"house": {"first_meld": "round60"}}').house == {"first_meld": "round60"}
    assert load_settings('{"house": {"players": 6}}').house == {"players": 6}
    for bad in ('{"first_meld": "sometimes"}', '{"players": 5}', '{"players": "6"}', '{"players": 6.0}'):
        assert load_settings('{"house": ' + bad + "}").house == {}, bad


def test_the_rules_page_follows_the_schedule() -> None:
    ctrl = Controller(Settings().with_change("house:first_meld", "60"), rng=random.Random(1))
    ctrl.handle("screen", "rules")
    assert "60" in page(ctrl)
    ctrl.handle("screen", "table")
    assert "First meld: 60" in page(ctrl)


# ----- six players -------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_six_players_is_offered_for_every_preset(name: str) -> None:
    s = Settings(preset=name).with_change("house:players", "6")
    assert s.rules().players == 6
    label = players_label(preset(name), 6)
    assert label.startswith("Six players (two teams of three)")
    assert label.endswith("a house rule") == (not preset(name).six_players)
    ctrl = Controller(s, rng=random.Random(1))
    ctrl.handle("screen", "settings")
    html = page(ctrl)
    assert f'<option value="6" selected>{label}</option>' in html


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_rules_page_names_the_decks_dealt_and_calls_only_a_house_rule_one(name: str) -> None:
    """Hand, Knee and Foot for six said "six decks" beside "7 standard decks", and "House rules are switched
    on" for a table size its source plays; a black 3 was "worth 5 … but costs 100" (QA)."""
    from engine.house_rules import players_offered
    from ui.rules.text import rules_page

    for players in players_offered(preset(name)):
        rules = preset(name).with_options(players=players) if players != preset(name).players else preset(name)
        text = " ".join(" ".join(lines) for _head, lines in rules_page(rules))
        decks = re.findall(r"\b(\d+|two|three|four|five|six|seven|eight) (?:standard |Rook )?decks", text)
        assert decks == [str(rules.deck_count())], (players, decks)
        house = players_label(preset(name), players).endswith("a house rule")
        assert ("House rules are switched on" in text) == house, players
        assert "worth 5 when" not in text and "but costs" not in text
        if rules.black_three_left != 5:
            assert f"A black 3 left in your hand costs {rules.black_three_left:,}." in text


def test_the_table_size_survives_a_change_of_rules_and_goes_into_links() -> None:
    s = Settings().with_change("house:players", "6").with_change("house:pickup", "whole")
    s = s.with_change("preset", "hkf")
    assert s.house == {"players": 6}
    assert Settings().with_change("house:players", "4").house == {}
    query = build_query(s.rules(), 8)
    assert query == "?rules=hkf&deal=8&house=players.6"
    assert parse_query(query) == ShareRequest("hkf", 8, {"players": 6})


def six_player_controller(deal: int = 5, name: str = "classic") -> Controller:
    ctrl = Controller(Settings(preset=name).with_change("house:players", "6"), rng=random.Random(1))
    ctrl.new_game(deal)
    return ctrl


def test_the_six_player_table_shows_five_other_seats_and_teams_of_three() -> None:
    ctrl = six_player_controller()
    assert [ctrl.bot(s).seat for s in range(1, ctrl.game.n)] == [1, 2, 3, 4, 5]
    html = page(ctrl)
    seats = re.findall(r'<div class="seat (us|them)[^"]*" role="group" aria-label="([A-Za-z]+), ([a-z]+):', html)
    assert [(name, role) for _team, name, role in seats] == [
        ("West", "opponent"),
        ("Northwest", "partner"),
        ("North", "opponent"),
        ("Northeast", "partner"),
        ("East", "opponent"),
    ]
    assert [team for team, _n, _r in seats] == ["them", "us", "them", "us", "them"]
    # Each side's melds are headed by its members, so the two teams of three are plain (marked "three": a phone
    # narrower than 420 px leaves them out, the seat rows above saying who is a partner).
    assert '<span class="who">Us</span> <small class="three">S+NW+NE</small>' in html
    assert '<span class="who">Them</span> <small class="three">W+N+E</small>' in html
    assert len(ctrl.shown_hand()) == 11


def test_a_six_player_round_plays_to_its_scores() -> None:
    ctrl = six_player_controller(7)
    play_out_round(ctrl, 3000)
    assert ctrl.game.phase in ("round_over", "game_over")
    assert ctrl.engine_problems == []
    html = page(ctrl)
    assert "Your team (South &amp; Northwest &amp; Northeast)" in html


def six_player_question() -> dict[str, Any]:
    """A saved six-player classic game stopped where Northeast asks South "May I go out?"."""
    return position_where_south_is_asked(preset("classic", players=6), range(1, 200), 4000)


def test_the_next_teammate_asks_and_the_dialog_names_them() -> None:
    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.resume(json.dumps(six_player_question()))
    assert ctrl.game.turn == 4 and ctrl.game.partner(4) == HUMAN
    html = page(ctrl)
    assert "Northeast asks: “May I go out?”" in html
    ctrl.handle("answer", "yes")
    assert ctrl.game.phase != "answer"


# ----- settings kept in two copies -----------------------------------------------------


def test_the_newer_settings_copy_wins() -> None:
    old = Settings().to_json(3)
    new = Settings(level="hard").to_json(4)
    assert choose_settings(old, new) == (Settings(level="hard"), 4)
    assert choose_settings(new, old) == (Settings(level="hard"), 4)
    # A tie goes to IndexedDB; a copy without a number (before numbering) is older than one with.
    assert choose_settings(Settings(level="easy").to_json(4), new)[0].level == "easy"
    assert choose_settings(Settings(level="easy").to_json(), new)[0].level == "hard"
    assert choose_settings(Settings(level="easy").to_json(), None) == (Settings(level="easy"), 0)


@pytest.mark.parametrize("bad", [None, "nonsense{", "[]", 5, "x" * 20_000])
def test_an_unreadable_settings_copy_gives_way_to_the_other(bad: object) -> None:
    good = Settings(four_colour=True).to_json(2)
    assert choose_settings(bad, good) == (Settings(four_colour=True), 2)
    assert choose_settings(good, bad) == (Settings(four_colour=True), 2)
    assert choose_settings(bad, bad) == (Settings(), 0)


def test_a_negative_or_odd_number_counts_as_none() -> None:
    odd = json.loads(Settings(level="hard").to_json())
    for seq in (-4, True, 2.5, "9"):
        odd["seq"] = seq
        assert choose_settings(json.dumps(odd), Settings().to_json(1))[0].level == "normal"


def test_each_settings_save_is_numbered() -> None:
    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.settings_seq = 7
    ctrl.change_setting("level", "hard")
    assert ctrl.settings_dirty
    text = ctrl.next_settings_save()
    assert not ctrl.settings_dirty and json.loads(text)["seq"] == 8
    assert choose_settings(None, text) == (Settings(level="hard"), 8)


def test_the_storage_message_does_not_overstate_the_problem() -> None:
    kept = storage_problem(local_ok=True)
    assert "still saved" in kept and "won't be kept" not in kept and "can't be stored" not in kept
    lost = storage_problem(local_ok=False)
    assert "won't be kept" in lost
