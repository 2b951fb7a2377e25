"""Share links: built from a game, parsed strictly, never echoing what they were given."""

from __future__ import annotations

import random
from urllib.parse import parse_qs, urlencode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rules import preset
from ui.app import App as Controller
from ui.render import page
from ui.settings.model import Settings, rules_for
from ui.share import (
    ShareProblem,
    ShareRequest,
    build_query,
    decode_query,
    encode_query,
    parse_deal_number,
    parse_query,
)


def test_a_link_round_trips() -> None:
    rules = rules_for("pagat", {"pickup": "whole", "upcard": False})
    query = build_query(rules, 123456)
    assert query == "?rules=pagat&deal=123456&house=pickup.whole~upcard.no"
    assert parse_query(query) == ShareRequest("pagat", 123456, {"pickup": "whole", "upcard": False})


def test_a_plain_preset_link_has_no_house_part() -> None:
    assert build_query(preset("classic"), 7) == "?rules=classic&deal=7"


def test_no_link_is_not_a_problem() -> None:
    assert parse_query("") is None
    assert parse_query("?utm=x") is None


@pytest.mark.parametrize(
    "query",
    [
        "?deal=<script>alert(1)</script>",
        "?deal=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
        "?rules=nope&deal=5",
        "?rules=<b>classic</b>&deal=5",
        "?deal=99999999999999999999",
        "?deal=0",
        "?deal=-4",
        "?deal=1e6",
        "?deal=١٢٣",
        "?deal=5&deal=6",
        "?rules=classic",
        "?deal=5&house=pickup.<i>",
        "?deal=5&house=colour.red",
        "?deal=" + "9" * 700,
    ],
)
def test_hostile_links_get_a_sentence_without_their_text(query: str) -> None:
    result = parse_query(query)
    assert isinstance(result, ShareProblem)
    assert result.message.startswith("That link")
    assert "<" not in result.message and "alert" not in result.message and "999999999999" not in result.message


def test_typed_deal_numbers() -> None:
    assert parse_deal_number(" 42 ") == 42
    assert parse_deal_number("999999999") == 999_999_999
    for bad in ("", "0", "1000000000", "4.2", "x1", "²", "99999999999999999999"):
        assert parse_deal_number(bad) is None


def test_a_deal_number_copied_as_the_app_prints_it() -> None:
    """The app prints "deal 517,553,274"; typed back with its commas (or spaces), it is the same deal."""
    for typed in ("517,553,274", " 517 553 274 ", f"{517_553_274:,}"):
        assert parse_deal_number(typed) == 517_553_274
    assert parse_deal_number("1,234") == 1234
    for bad in ("1,23", "12,3456", ",123", "1,,234", "1, 234", "1,234 567", "1.234", "1,000,000,000", "1,2a4"):
        assert parse_deal_number(bad) is None, bad


def test_a_new_game_from_a_deal_number_with_commas() -> None:
    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.new_game(1)
    ctrl.handle("new-game", "4,417")
    assert ctrl.game.deal_number == 4417
    assert ctrl.note is not None and ctrl.note.text.startswith("New game: deal 4,417")
    ctrl.handle("new-game", "44,17")
    assert ctrl.game.deal_number == 4417  # refused with a sentence; the game on the table stays
    assert ctrl.note is not None and ctrl.note.kind == "error"
    assert ctrl.note.text == "No new game: “44,17” is not a deal number. Nothing has changed."
    ctrl.handle("screen", "settings")
    html = page(ctrl)  # the refused number stays in its box to be put right, marked, with the rule beside it
    assert 'id="deal-input"' in html and 'value="44,17" aria-invalid="true" aria-describedby="deal-error"' in html
    assert '<p class="tip field-error" id="deal-error">A deal number is a whole number from 1 to' in html
    assert html.count("whole number from 1 to") == 1  # the rule said once, under the box (was in the note too)
    ctrl.handle("new-game", '<b>"9')
    assert 'value="&lt;b&gt;&quot;9"' in page(ctrl)  # typed text is only ever shown escaped
    ctrl.handle("new-game", "")
    assert "aria-invalid" not in page(ctrl) and ctrl.game.deal_number != 4417  # a new random deal; the box empty


# The query helpers stand in for urllib.parse (too slow to import at start-up in Pyodide): they must
# read and write exactly as it does, for anything a pasted or tampered link can hold.
QUERY_TEXT = st.text(alphabet=st.sampled_from(list("ab=&%+~.-_ 2AFgz;é€\x80/?#")), max_size=40)


@settings(max_examples=400)
@given(QUERY_TEXT)
def test_reading_a_query_matches_urllib(query: str) -> None:
    assert decode_query(query) == parse_qs(query, keep_blank_values=True)


@settings(max_examples=200)
@given(st.dictionaries(st.text(max_size=8), st.text(max_size=12), max_size=4))
def test_writing_a_query_matches_urllib_and_reads_back(params: dict[str, str]) -> None:
    text = encode_query(params)
    assert text == urlencode(params, safe="~.")
    assert decode_query(text) == {k: [v] for k, v in params.items()}


def test_a_link_carries_the_computer_level_and_reads_it_back() -> None:
    from ui.share import arrival_note

    rules = rules_for("classic", {})
    query = build_query(rules, 4417, "hard")
    assert "level=hard" in query
    request = parse_query(query)
    assert request == ShareRequest("classic", 4417, {}, "hard")
    assert isinstance(request, ShareRequest)
    # The receiver plays the sender's opponents, whatever their own Settings say.
    assert "Hard computer players" in arrival_note(request, first_visit=False, own_level="easy")
    with pytest.raises(ValueError):
        build_query(rules, 4417, "random")  # the engine's random mover is no level a player picks


def test_an_unknown_level_is_refused_with_a_plain_note_never_echoed() -> None:
    for level in ("nightmare", "Hard", "", "random", "<b>x</b>"):
        problem = parse_query(f"?rules=classic&deal=4417&level={level}")
        assert isinstance(problem, ShareProblem), level
        assert "computer level" in problem.message
        assert (level or "§") not in problem.message.replace("Hard", "")  # the levels are named, the link isn't
    assert isinstance(parse_query("?rules=classic&deal=4417&level=easy&level=hard"), ShareProblem)


def test_an_old_link_without_a_level_opens_at_the_receivers_level() -> None:
    from ui.share import arrival_note

    request = parse_query("?rules=classic&deal=4417")
    assert request == ShareRequest("classic", 4417, {}) and isinstance(request, ShareRequest)
    assert request.level is None
    assert "Easy computer players" in arrival_note(request, first_visit=False, own_level="easy")


def test_a_shared_links_first_visit_is_welcomed_and_told_it_is_the_links_deal() -> None:
    from ui.share import arrival_note

    request = parse_query("?rules=pagat&deal=4417&level=normal")
    assert isinstance(request, ShareRequest)
    first = arrival_note(request, first_visit=True, own_level="normal")
    assert first.startswith("Welcome!")
    assert "the deal from your link" in first and "Pagat" in first and "Normal computer players" in first
    assert "You sit South, partnered with North." in first
    assert first.endswith("Hint suggests a move.")  # kept short: on a phone it left our side off the board
    later = arrival_note(request, first_visit=False, own_level="normal")
    assert not later.startswith("Welcome") and "4,417" in later
    alone = parse_query("?rules=classic&deal=9&house=players.2")
    assert isinstance(alone, ShareRequest)  # two players on their own: no partner to name
    assert "You sit South, each on your own." in arrival_note(alone, first_visit=True, own_level="normal")



def test_a_links_note_says_house_rules_only_for_a_house_rule_and_reads_as_a_sentence() -> None:
    """"Pagat rules, played alone and their house rules" for three players, a table size Pagat's source plays
    (QA): now the title reads as it should and a size the source plays is no house rule."""
    from ui.share import arrival_note

    three = parse_query("?rules=pagat&deal=5&house=players.3")
    assert isinstance(three, ShareRequest)
    assert arrival_note(three, first_visit=False, own_level="normal") == (
        "From a shared link: deal 5, Pagat rules, each on their own, Normal computer players."
    )
    whole = parse_query("?rules=classic&deal=5&house=pickup.whole")
    assert isinstance(whole, ShareRequest)
    said = arrival_note(whole, first_visit=False, own_level="normal")
    assert "deal 5, Classic Hand and Foot, with house rules, Normal computer players." in said


def test_opening_a_link_plays_its_deal_against_its_level_and_welcomes_a_new_device() -> None:
    from ui.share import open_link

    ctrl = Controller(Settings(level="easy"), random.Random(3))
    first = ctrl.first_visit()
    request = parse_query("?rules=pagat&deal=4417&level=hard")
    assert isinstance(request, ShareRequest)
    open_link(ctrl, request, first)
    assert ctrl.game.deal_number == 4417 and ctrl.game.rules.name == "pagat"
    assert ctrl.level() == "hard" and ctrl.settings.level == "hard" and ctrl.settings_dirty
    assert ctrl.bot(1).level == "hard"
    assert ctrl.note is not None and ctrl.note.text.startswith("Welcome!") and "link" in ctrl.note.text
    # An old link on a device that knows the app: its own level, a short note.
    old = parse_query("?rules=classic&deal=77")
    assert isinstance(old, ShareRequest)
    ctrl.settings_dirty = False
    open_link(ctrl, old, first_visit=False)
    assert ctrl.level() == "hard" and not ctrl.settings_dirty
    assert ctrl.note is not None and ctrl.note.text == (
        "From a shared link: deal 77, Classic Hand and Foot, Hard computer players."
    )


def test_a_link_whose_house_rules_clash_says_what_would_fit_and_one_with_a_rule_its_rules_lack_says_so() -> None:
    clash = parse_query("?rules=rook&deal=5&house=players.2")
    assert isinstance(clash, ShareProblem)
    assert clash.message.startswith("That link's house rules don't fit together")
    assert "four or six players" in clash.message  # what would fit, in the engine's own words
    lacking = parse_query("?rules=classic&deal=5&house=canastas.club")
    assert isinstance(lacking, ShareProblem)
    assert lacking.message == "That link sets a house rule these rules don't have, so it can't open that deal."
