"""The score pad: its model, strict loading, round trips, and totals from the engine (sources 000 and 004)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from ui.pad import model as P
from ui.pad.model import Pad, PadDesk, PadError
from ui.settings.model import Settings


def desk_with(settings: Settings) -> tuple[PadDesk, Pad]:
    desk = PadDesk(clock=lambda: 1_764_580_000.0)
    desk.today = "2026-12-01"
    assert desk.handle("new", "", settings) is None
    pad = desk.pad()
    assert pad is not None
    return desk, pad


def enter(desk: PadDesk, side: int, values: dict[str, str]) -> None:
    """Type each value into the open pad, on one side of the round shown, as the screen does."""
    desk.handle("side", str(side), Settings())
    for key, raw in values.items():
        message = desk.input(key, raw)
        assert message is None, message


def lines(pad: Pad, index: int, side: int) -> list[tuple[str, int]]:
    return [(ln.label, ln.points) for ln in pad.round_scores(index)[side].lines]


def source_000(desk: PadDesk) -> Pad:
    """000's worked example: we went out (South) with 1,180; they scored 250."""
    enter(desk, 0, {"out": "0.0", "book:clean": "1", "book:dirty": "1", "melded": "205", "reds": "1",
                    "stage:1": "foot", "1:held": "25"})
    enter(desk, 1, {"book:dirty": "1", "melded": "140", "stage:0": "foot", "0:held": "55",
                    "stage:1": "hand", "1:held": "40", "1:foot": "95"})
    pad = desk.pad()
    assert pad is not None
    return pad


def test_source_000_worked_example_scores_1180_and_250_line_by_line() -> None:
    desk, _ = desk_with(Settings())
    pad = source_000(desk)
    assert lines(pad, 0, 0) == [
        ("1 clean book", 500), ("1 dirty book", 300), ("Melded cards", 205), ("1 red 3", 100),
        ("Going out", 100), ("North's foot", -25),
    ]
    assert lines(pad, 0, 1) == [
        ("1 dirty book", 300), ("Melded cards", 140), ("West's foot", -55), ("East's hand", -40),
        ("East's foot (never picked up)", -95),
    ]
    assert pad.totals() == (1180, 250)
    assert not pad.over() and pad.winner() is None
    assert pad.minimums(1) == (90, 90)


def test_source_004_worked_example_scores_12245_with_cards_counted() -> None:
    desk, pad = desk_with(Settings(preset="hkf"))
    assert pad.players == (("South", "North"), ("West", "East"))
    desk.handle("mode", "cards", Settings())
    # 7s (35), 5s (35), two jokers and five 2s (200), kings (70), five queens, a 2 and a joker (120).
    enter(desk, 0, {"out": "0.1", "book:rank:7": "1", "book:rank:5": "1", "book:wild": "1", "book:clean": "1",
                    "book:dirty": "1", "cards:0": "3", "cards:1": "6", "cards:2": "14", "cards:3": "12",
                    "reds": "3", "stage:0": "foot", "0:held": "15"})
    pad = desk.pad()
    assert pad is not None
    assert lines(pad, 0, 0) == [
        ("1 book of 7s", 5000), ("1 book of 5s", 3000), ("1 wild book", 2500), ("1 clean book", 500),
        ("1 dirty book", 300), ("Melded cards", 460), ("3 red 3s", 300), ("Going out", 200), ("South's foot", -15),
    ]
    assert pad.round_scores(0)[0].total == 12245


def test_a_knee_never_picked_up_and_its_red_threes() -> None:
    desk, _ = desk_with(Settings(preset="hkf"))
    enter(desk, 1, {"stage:0": "hand", "0:held": "30", "0:knee": "60", "0:knee_reds": "1", "0:foot": "40"})
    pad = desk.pad()
    assert pad is not None
    assert lines(pad, 0, 1) == [
        ("West's hand", -30), ("West's knee (never picked up)", -60),
        ("1 red 3 in West's knee (never picked up)", -500), ("West's foot (never picked up)", -40),
    ]


def test_four_rounds_end_the_classic_game_with_a_winner() -> None:
    desk, _ = desk_with(Settings())
    source_000(desk)
    assert desk.pad().minimums(0) == (50, 50)  # type: ignore[union-attr]
    for minimum in (90, 120, 150):
        desk.handle("add-round", "", Settings())
        pad = desk.pad()
        assert pad is not None and pad.minimums(desk.round) == (minimum, minimum)
        enter(desk, 1, {"melded": "10"})
    pad = desk.pad()
    assert pad is not None and pad.over() and pad.winner() == 0
    assert pad.totals() == (1180, 280)
    assert desk.handle("add-round", "", Settings()) == ("The game is over: start a new pad for the next game.", "error")


def test_rook_minimum_goes_by_score_and_the_game_by_target() -> None:
    desk, pad = desk_with(Settings(preset="rook"))
    assert pad.minimums(0) == (60, 60)
    enter(desk, 0, {"book:clean": "7", "melded": "200"})  # 3,700
    pad = desk.pad()
    assert pad is not None
    assert pad.minimums(1) == (90, 60)
    desk.handle("add-round", "", Settings())
    enter(desk, 0, {"book:clean": "12", "melded": "400"})  # 6,400 more: 10,100
    pad = desk.pad()
    assert pad is not None and pad.totals() == (10100, 0)
    assert pad.over() and pad.winner() == 0


def test_first_meld_by_score_as_a_house_rule() -> None:
    _, pad = desk_with(Settings(house={"first_meld": "score"}))
    assert pad.minimums(0) == (60, 60)
    _, pad = desk_with(Settings(house={"first_meld": "round60"}))
    assert pad.minimums(0) == (60, 60) and pad.minimums(3) == (150, 150)


def test_bad_input_says_why_and_changes_nothing() -> None:
    desk, _ = desk_with(Settings())
    source_000(desk)
    desk.handle("side", "0", Settings())
    before = desk.pad()
    cases = {
        ("melded", "-5"): "Melded card points: a count can't be negative.",
        ("melded", "abc"): "Melded card points: type a whole number, digits only.",
        ("melded", "99999999"): "Melded card points: at most 20,000.",
        ("reds", "1e3"): "Red 3s: type a whole number, digits only.",
        ("book:clean", "61"): "Clean books: at most 60.",
        ("book:rank:7", "1"): "That entry isn't on this pad.",
        ("0:held", "5"): "South went out, so holds no cards.",
        ("1:foot", "5"): "North picked up the foot: count its cards as the cards held.",
        ("stage:0", "hand"): "South went out, so was playing from the foot.",
        ("stage:1", "knee"): "Choose the hand, the knee or the foot.",
        ("name", "<script>"): "A name is at most 30 letters, digits, spaces and simple punctuation.",
        ("date", "2026-02-30"): "The date is a day of the calendar, such as 2026-12-24.",
        ("out", "1.7"): "Choose who went out, or nobody.",
        ("rules:preset", "hkf"): "The rules are fixed once a round has entries: start a new pad for other rules.",
    }
    for (key, raw), message in cases.items():
        assert desk.input(key, raw) == (message, "error"), key
        assert desk.pad() == before
    desk.handle("side", "1", Settings())
    assert desk.handle("step", "-:reds", Settings()) == ("Red 3s: a count can't be negative.", "error")
    assert desk.pad() == before
    assert desk.handle("step", "+:nonsense", Settings()) == ("That entry isn't on this pad.", "error")
    assert desk.handle("round", "99", Settings()) is None and desk.round == 0


def test_steppers_count_up_and_down() -> None:
    desk, _ = desk_with(Settings())
    for _ in range(3):
        desk.handle("step", "+:book:clean", Settings())
    desk.handle("step", "-:book:clean", Settings())
    pad = desk.pad()
    assert pad is not None and pad.rounds[0].sides[0].book("clean") == 2
    assert lines(pad, 0, 0) == [("2 clean books × 500", 1000), ("Melded cards", 0)]


def test_round_trip_and_names() -> None:
    desk, _ = desk_with(Settings(preset="hkf", house={"canastas": "club"}))
    enter(desk, 0, {"name": "  Christmas   at Gran's ", "side:0": "Gran & me", "player:1.1": "Zoë",
                    "date": "2026-12-24", "book:rank:7": "2",
                    "stage:1": "knee", "1:held": "20", "1:foot": "35", "1:foot_reds": "1"})
    pad = desk.pad()
    assert pad is not None
    shown = (pad.name, pad.sides[0], pad.players[1][1], pad.date)
    assert shown == ("Christmas at Gran's", "Gran & me", "Zoë", "2026-12-24")
    again = P.load(P.dump(pad))
    assert again == pad
    assert again.round_scores(0) == pad.round_scores(0)
    assert pad.round_scores(0)[0].lines[0].label == "2 books of 7s × 2,000"


def test_the_rules_change_only_before_any_entry() -> None:
    desk, _ = desk_with(Settings())
    assert desk.input("rules:preset", "hkf") is None
    pad = desk.pad()
    assert pad is not None and pad.rules.name == "hkf"
    assert [c for c, _ in pad.rounds[0].sides[0].books] == ["rank:7", "rank:5", "wild", "clean", "dirty"]
    assert desk.input("rules:house:players", "6") is None
    pad = desk.pad()
    assert pad is not None and pad.players == (("South", "Northwest", "Northeast"), ("West", "North", "East"))
    assert len(pad.rounds[0].sides[1].players) == 3
    assert desk.input("rules:house:canastas", "nope") is not None


def good_record() -> dict[str, Any]:
    desk, _ = desk_with(Settings())
    pad = source_000(desk)
    return json.loads(P.dump(pad))  # type: ignore[no-any-return]


def tamper(path: list[Any], value: Any, record: Callable[[], Any] = good_record) -> str:
    """A saved pad record with one field replaced (the four-player pad, or ``record``'s)."""
    data = record()
    here = data
    for step in path[:-1]:
        here = here[step]
    here[path[-1]] = value
    return json.dumps(data)


@pytest.mark.parametrize(("text", "problem"), [
    ("[" * 5000 + "]" * 5000, "nested far deeper"),
    ("x" * 300_000, "far longer"),
    ("{}", "not a score pad of this app"),
    (tamper(["rules", "preset"], "poker"), "rule set"),
    (tamper(["rules", "house"], {"black_three_left": 7}), "house rule"),
    (tamper(["rules", "house"], {"canastas": "club"}), "don't fit"),
    (tamper(["rounds", 0, "sides", 0, "books", "clean"], -1), "book count"),
    (tamper(["rounds", 0, "sides", 0, "books", "clean"], True), "book count"),
    (tamper(["rounds", 0, "sides", 0, "melded"], 10**9), "melded points"),
    (tamper(["rounds", 0, "sides", 0, "books"], {"clean": 1}), "kinds"),
    (tamper(["rounds", 0, "sides", 0, "players", 0], ["foot", 5, 0, 0, 0, 0]), "went out still holds"),
    (tamper(["rounds", 0, "sides", 1, "players", 0], ["foot", 5, 0, 0, 9, 0]), "foot picked up"),
    (tamper(["rounds", 0, "sides", 1, "players", 0], ["knee", 5, 0, 0, 0, 0]), "hand, knee or foot"),
    (tamper(["rounds", 0, "out"], "2.0"), "went out"),
    (tamper(["rounds"], []), "no rounds"),
    (tamper(["rounds"], [{}] * 21), "no rounds or more"),
    (tamper(["name"], "<img src=x onerror=alert(1)>"), "name"),
    (tamper(["name"], ""), "name"),
    (tamper(["date"], "yesterday"), "date"),
    (tamper(["id"], "../game"), "id"),
    (tamper(["extra"], 1), "unknown fields"),
    (tamper(["players", 0], ["South"]), "players"),
])
def test_hostile_records_are_refused_with_a_reason(text: str, problem: str) -> None:
    with pytest.raises(PadError, match="score pad can't be read") as err:
        P.load(text)
    assert problem in str(err.value)


def test_choose_takes_the_newer_copy_and_lists_the_unreadable() -> None:
    record = good_record()
    older = json.dumps({**record, "seq": 3})
    newer = json.dumps({**record, "seq": 9})
    key = P.PREFIX + record["id"]
    quick = "handfoot-pad-"
    pads, bad, writes = P.choose({key: older, "pad-x": "{", "game": "1"}, {quick + record["id"]: newer}, quick)
    assert [p.seq for p in pads] == [9]
    assert writes == {key: P.dump(pads[0])}
    assert [b.key for b in bad] == ["pad-x"]
    pads, bad, writes = P.choose({key: newer}, {quick + record["id"]: older}, quick)
    assert [p.seq for p in pads] == [9] and writes == {} and bad == []
    # A copy stored under another pad's key is not that pad.
    pads, bad, _ = P.choose({"pad-other": newer}, {}, quick)
    assert pads == [] and "another pad" in bad[0].problem


def test_delete_asks_first_and_changes_are_handed_to_storage() -> None:
    desk, pad = desk_with(Settings())
    writes, deleted = desk.take_changes()
    assert list(writes) == [P.PREFIX + pad.id] and deleted == set()
    desk.handle("step", "+:reds", Settings())
    writes, _ = desk.take_changes()
    assert json.loads(writes[P.PREFIX + pad.id])["seq"] == 1
    assert desk.take_changes() == ({}, set())
    desk.handle("delete", pad.id, Settings())
    assert desk.confirm == f"delete:{pad.id}" and desk.pads
    desk.handle("no", "", Settings())
    assert desk.pads and not desk.confirm
    desk.handle("delete", pad.id, Settings())
    assert desk.handle("yes", "", Settings()) == ("That score pad is deleted.", "info")
    assert desk.pads == [] and desk.open == ""
    assert desk.take_changes() == ({}, {P.PREFIX + pad.id})


def test_card_classes_follow_the_rules() -> None:
    from engine.rules import PRESETS

    assert P.card_classes(PRESETS["classic"]) == (
        ("Jokers", 50), ("2s", 20), ("4–7", 5), ("8–K", 10), ("Aces", 20), ("Black 3s", 5),
    )
    assert P.card_classes(PRESETS["rook"])[2:] == (("1, 3–7", 5), ("8–13", 10), ("14s", 20))


def test_the_controller_and_the_page_show_the_pad_and_escape_its_names() -> None:
    from ui.app import App as Controller
    from ui.render import page, screen_key

    ctrl = Controller(Settings())
    ctrl.handle("screen", "pad")
    assert screen_key(ctrl) == "page" and "Score pads" in page(ctrl)
    ctrl.handle("pad-new", "")
    pad = ctrl.pads.pad()
    assert pad is not None
    ctrl.pad_input("melded", "x")
    assert ctrl.note is not None and ctrl.note.kind == "error"
    html = page(ctrl)
    assert 'role="alert"' in html and "digits only" in html
    ctrl.pad_input("name", "Tom & Jerry's")
    assert ctrl.note is None
    html = page(ctrl)
    assert "Tom &amp; Jerry&#x27;s" in html and 'inputmode="numeric"' in html
    ctrl.handle("pad-step", "+:book:clean")
    assert "1 clean book" in page(ctrl)
    # Untrusted arguments are no-ops or refusals, never exceptions.
    for act, arg in (("pad-round", "-1"), ("pad-side", "9"), ("pad-step", "*:melded"), ("pad-open", "nope"),
                     ("pad-nothing", ""), ("pad-step", "+:" + "9" * 30)):
        ctrl.handle(act, arg)
    ctrl.pad_input("stage:7", "hand")
    assert ctrl.note is not None
    ctrl.pad_input("9" * 50, "1")  # a key longer than any the page writes: ignored


# ----- players each on their own ---------------------------------------------------------------

THREE = Settings(house={"players": 3})


def three_player_round(desk: PadDesk) -> Pad:
    """A round of three players alone: South goes out; West is caught in the foot, East in the hand."""
    enter(desk, 0, {"out": "0.0", "book:clean": "1", "book:dirty": "1", "melded": "205", "reds": "1"})
    enter(desk, 1, {"book:dirty": "1", "melded": "140", "stage:0": "foot", "0:held": "55"})
    enter(desk, 2, {"melded": "60", "stage:0": "hand", "0:held": "40", "0:foot": "95"})
    pad = desk.pad()
    assert pad is not None
    return pad


def test_a_three_player_pad_has_a_side_per_player_scored_line_by_line_by_the_engine() -> None:
    from engine.scoring import LeftoverCount, TeamCounts, score_counts

    desk, pad = desk_with(THREE)
    assert pad.individual and pad.rules.players == 3
    assert pad.sides == ("South", "West", "East") and pad.players == (("South",), ("West",), ("East",))
    assert [len(s.players) for s in pad.rounds[0].sides] == [1, 1, 1]
    pad = three_player_round(desk)
    assert lines(pad, 0, 0) == [
        ("1 clean book", 500), ("1 dirty book", 300), ("Melded cards", 205), ("1 red 3", 100), ("Going out", 100),
    ]
    assert lines(pad, 0, 1) == [("1 dirty book", 300), ("Melded cards", 140), ("West's foot", -55)]
    assert lines(pad, 0, 2) == [("Melded cards", 60), ("East's hand", -40), ("East's foot (never picked up)", -95)]
    assert pad.totals() == (1205, 385, -75)
    # Exactly what the engine scores for East's counts, side number and all.
    east = TeamCounts(books=(("clean", 0), ("dirty", 0)), melded=60, leftovers=(
        LeftoverCount("East", "hand", 40), LeftoverCount("East", "foot", 95, unplayed=True)))
    assert pad.counts(0, 2) == east
    assert pad.round_scores(0)[2] == score_counts(pad.rules, east, 2)
    assert pad.minimums(1) == (90, 90, 90)
    assert not pad.over() and pad.winner() is None
    assert P.load(P.dump(pad)) == pad


def test_the_winner_among_three_and_a_tie_at_the_top() -> None:
    desk, _ = desk_with(THREE)
    three_player_round(desk)  # 1,205, 385, -75
    for melded in (300, 300, 300):
        desk.handle("add-round", "", Settings())
        enter(desk, 2, {"book:clean": "1", "melded": str(melded)})  # East: 800 a round
    pad = desk.pad()
    assert pad is not None and pad.over()
    assert pad.totals() == (1205, 385, 2325) and pad.winner() == 2
    from ui.pad.screen import verdict

    assert verdict(pad) == "Game over: East wins with 2,325 (South 1,205, West 385)."
    # South catches up in the last round: a tie at the top has no winner.
    enter(desk, 0, {"book:clean": "2", "melded": "120"})
    pad = desk.pad()
    assert pad is not None and pad.totals() == (2325, 385, 2325) and pad.winner() is None
    assert verdict(pad) == "Game over: South and East tie at 2,325."


def test_the_first_meld_by_score_is_each_players_own() -> None:
    desk, pad = desk_with(Settings(preset="classic", house={"players": 3, "first_meld": "score"}))
    assert pad.minimums(0) == (60, 60, 60)
    enter(desk, 0, {"book:clean": "7", "melded": "200"})  # 3,700
    enter(desk, 1, {"book:clean": "11", "melded": "100"})  # 5,600
    enter(desk, 2, {"melded": "50"})
    pad = desk.pad()
    assert pad is not None and pad.totals() == (3700, 5600, 50)
    assert pad.minimums(1) == (90, 120, 60)
    desk.handle("add-round", "", Settings())
    enter(desk, 2, {"book:clean": "15", "melded": "0"})  # 50 + 7,500
    pad = desk.pad()
    assert pad is not None and pad.minimums(2) == (90, 120, 150)
    assert pad.minimums(1) == (90, 120, 60)  # a round's minimum counts only the rounds before it


def test_a_two_player_pad_and_who_went_out() -> None:
    desk, pad = desk_with(Settings(house={"players": 2}))
    assert pad.sides == ("South", "Opponent") and pad.individual
    assert desk.input("out", "1.0") is None
    assert desk.input("out", "2.0") == ("Choose who went out, or nobody.", "error")
    assert desk.input("out", "1.1") == ("Choose who went out, or nobody.", "error")
    assert desk.handle("side", "2", Settings()) is None and desk.side == 0
    pad = desk.pad()
    assert pad is not None and pad.counts(0, 1).went_out and not pad.counts(0, 0).went_out


def test_the_table_size_is_chosen_when_the_pad_is_made() -> None:
    from ui.pad.screen import pad_list

    desk = PadDesk(clock=lambda: 1_764_580_000.0)
    html = pad_list(desk, Settings(), "")
    assert 'data-pad="new:players"' in html and '<option value="4" selected>' in html
    assert "Three players, each on their own, a house rule" in html
    for raw in ("5", "", "3; drop", "1" * 300):
        assert desk.input("new:players", raw) is None and desk.table == 0
    assert desk.input("new:players", "3") is None
    desk.handle("new", "", Settings())
    pad = desk.pad()
    assert pad is not None and pad.individual and pad.house == {"players": 3} and len(pad.sides) == 3
    assert '<option value="3" selected>' in pad_list(desk, Settings(), "")
    # The Rook game needs partners: not offered, and a pad made anyway is at Settings' table.
    html = pad_list(desk, Settings(preset="rook"), "")
    assert '<option value="3"' not in html and '<option value="4" selected>' in html
    desk.handle("new", "", Settings(preset="rook"))
    pad = desk.pad()
    assert pad is not None and pad.rules.players == 4 and not pad.individual and pad.sides == ("Us", "Them")
    # A table size chosen in Settings is the list's first choice.
    assert '<option value="2" selected>' in pad_list(PadDesk(), Settings(house={"players": 2}), "")


def test_names_of_players_alone_are_their_sides() -> None:
    desk, _ = desk_with(THREE)
    assert desk.input("side:1", " Gran ") is None
    assert desk.input("player:2.0", "Zoë") is None
    pad = desk.pad()
    assert pad is not None
    assert pad.sides == ("South", "Gran", "Zoë") and pad.players == (("South",), ("Gran",), ("Zoë",))
    assert desk.input("player:1.1", "Tom") == ("That entry isn't on this pad.", "error")
    assert desk.input("side:3", "Tom") == ("That entry isn't on this pad.", "error")
    enter(desk, 1, {"stage:0": "foot", "0:held": "30"})
    pad = desk.pad()
    assert pad is not None and lines(pad, 0, 1) == [("Gran's foot", -30)]
    assert desk.input("side:1", "   ") is None
    pad = desk.pad()
    assert pad is not None and pad.sides[1] == "West" and pad.players[1] == ("West",)
    assert P.load(P.dump(pad)) == pad


def test_the_table_size_changes_on_the_pad_until_the_first_entry() -> None:
    desk, _ = desk_with(Settings())
    assert desk.input("rules:house:players", "3") is None
    pad = desk.pad()
    assert pad is not None and pad.individual and pad.sides == ("South", "West", "East")
    assert len(pad.rounds[0].sides) == 3
    assert desk.input("rules:house:players", "") is None  # back to the rule set's four: two teams
    pad = desk.pad()
    assert pad is not None and not pad.individual and pad.sides == ("Us", "Them")
    assert pad.players == (("South", "North"), ("West", "East"))
    desk.input("rules:preset", "rook")
    message = desk.input("rules:house:players", "3")
    assert message is not None and "these rules need partners" in message[0]


OLD_RECORD = (
    '{"date":"2026-12-01","id":"1764580000000","name":"Game of 2026-12-01","players":[["South","North"],'
    '["West","East"]],"rounds":[{"out":"0.0","sides":[{"books":{"clean":1,"dirty":1},"cards":[0,0,0,0,0,0],'
    '"melded":205,"mode":"points","open_wild":0,"players":[["foot",0,0,0,0,0],["foot",25,0,0,0,0]],"reds":1},'
    '{"books":{"clean":0,"dirty":1},"cards":[0,0,0,0,0,0],"melded":140,"mode":"points","open_wild":0,'
    '"players":[["foot",55,0,0,0,0],["hand",40,0,0,95,0]],"reds":0}]}],"rules":{"house":{},"preset":"classic"},'
    '"seq":14,"sides":["Us","Them"],"v":1}'
)
"""A two-team pad as the app stored it before individual pads (source 000's round), character for character."""


def test_a_pad_kept_before_individual_pads_still_loads_as_two_teams() -> None:
    pad = P.load(OLD_RECORD)
    assert not pad.individual and pad.sides == ("Us", "Them") and pad.seq == 14
    assert pad.totals() == (1180, 250) and pad.minimums(1) == (90, 90)
    assert lines(pad, 0, 1)[-1] == ("East's foot (never picked up)", -95)
    desk, _ = desk_with(Settings())
    assert pad == replace(source_000(desk), seq=14)
    again = json.loads(P.dump(pad))
    assert again.pop("individual") is False and again == json.loads(OLD_RECORD)
    # A two-player pad of then: two sides of one player, as it was.
    old_two = json.loads(OLD_RECORD)
    old_two |= {"rules": {"house": {"players": 2}, "preset": "classic"}, "players": [["South"], ["North"]]}
    for side in old_two["rounds"][0]["sides"]:
        side["players"] = side["players"][:1]
    two = P.load(json.dumps(old_two))
    assert not two.individual and two.sides == ("Us", "Them") and two.totals() == (1205, 385)


def three_record() -> dict[str, Any]:
    desk, _ = desk_with(THREE)
    return json.loads(P.dump(three_player_round(desk)))  # type: ignore[no-any-return]


def tamper_three(path: list[Any], value: Any) -> str:
    return tamper(path, value, three_record)


@pytest.mark.parametrize(("text", "problem"), [
    (tamper_three(["individual"], "yes"), "yes or no"),
    (tamper_three(["individual"], 1), "yes or no"),
    (tamper_three(["individual"], None), "yes or no"),
    (tamper_three(["individual"], False), "not each on their own"),
    (tamper_three(["rules", "house"], {}), "play alone at a table of teams"),
    (tamper_three(["rules", "house"], {"players": 2}), "2 sides"),
    (tamper_three(["sides"], ["South", "West"]), "3 sides"),
    (tamper_three(["players"], [["South"], ["West"]]), "players of 3 sides"),
    (tamper_three(["players", 1], ["West", "North"]), "wrong number of players"),
    (tamper_three(["players", 1], ["Gran"]), "named as their side"),
    (tamper_three(["rounds", 0, "sides"], three_record()["rounds"][0]["sides"][:2]), "3 sides"),
    (tamper_three(["rounds", 0, "sides", 2, "players"], [["foot", 0, 0, 0, 0, 0]] * 2), "wrong number"),
    (tamper_three(["rounds", 0, "out"], "3.0"), "went out"),
    (tamper_three(["rounds", 0, "out"], "1.1"), "went out"),
    (tamper_three(["rounds", 0, "out"], "2.0"), "went out still holds"),
    (tamper_three(["sides", 2], "<b>East</b>"), "name"),
])
def test_hostile_individual_records_are_refused_with_a_reason(text: str, problem: str) -> None:
    with pytest.raises(PadError, match="score pad can't be read") as err:
        P.load(text)
    assert problem in str(err.value)


def test_the_page_of_a_three_player_pad() -> None:
    from ui.app import App as Controller
    from ui.render import page

    ctrl = Controller(Settings(house={"players": 3}))
    ctrl.handle("screen", "pad")
    ctrl.handle("pad-new", "")
    ctrl.pad_input("side:2", "Tom & Jerry's")
    ctrl.handle("pad-side", "2")
    ctrl.pad_input("melded", "75")
    html = page(ctrl)
    assert html.count('class="tab side-tab"') == 3
    assert '<option value="2.0">Tom &amp; Jerry&#x27;s</option>' in html
    assert "<caption>Tom &amp; Jerry&#x27;s, round 1</caption>" in html
    assert '<th scope="col">South</th><th scope="col">West</th><th scope="col">Tom &amp; Jerry&#x27;s</th>' in html
    assert "<td>0</td><td>0</td><td>75</td>" in html
    assert "Next, round 2: first meld South 90, West 90, Tom &amp; Jerry&#x27;s 90." in html
    ctrl.handle("pad-setup", "")
    html = page(ctrl)
    assert 'aria-label="Player 3"' not in html and '<label for="pad-side-2">Player 3</label>' in html
    assert "pad-player-" not in html


def test_the_place_kept_while_the_page_is_away_brings_back_the_pad_or_changes_nothing() -> None:
    desk, pad = desk_with(Settings())
    desk.handle("add-round", "", Settings())
    desk.handle("round", "0", Settings())
    desk.handle("side", "1", Settings())
    kept = desk.place()
    back = PadDesk()
    back.pads = desk.pads
    assert back.return_to(kept) and (back.open, back.round, back.side) == (pad.id, 0, 1)
    # Hostile or stale places: nothing opens, nothing changes.
    for text in (None, "", "{", "[]", "x" * 500, json.dumps({"open": "nope", "round": 0, "side": 0}),
                 json.dumps({"open": pad.id, "round": "0", "side": 0}), json.dumps({"open": pad.id, "round": True,
                 "side": 0}), json.dumps({"open": [pad.id], "round": 0, "side": 0})):
        other = PadDesk()
        other.pads = desk.pads
        assert not other.return_to(text) and other.open == "", text
    far = PadDesk()
    far.pads = desk.pads
    assert far.return_to(json.dumps({"open": pad.id, "round": 99, "side": -3}))
    assert (far.round, far.side) == (len(desk.pads[0].rounds) - 1, 0)  # kept within the pad
    desk.handle("list", "", Settings())
    assert desk.place() == ""  # at the list: no place to come back to
