"""004's "Agree before you deal" list and the classic pickup reading, as Settings offers them."""

from __future__ import annotations

import pytest

from engine import cards as C
from engine.rules import PRESETS, preset
from engine.scoring import TeamTable, score
from engine.stored_rules import rules_from_dict
from ui.app import App as Controller
from ui.render import settings_page as settings_screen
from ui.rules.text import rules_page
from ui.settings.model import HOUSE_CHOICES, Settings, house_of, load_settings, rules_for
from ui.share import ShareProblem, ShareRequest, build_query, parse_query


def page_text(rules: object) -> str:
    return " ".join(line for _title, lines in rules_page(rules) for line in lines)  # type: ignore[arg-type]


def test_every_table_option_of_004_is_a_switch() -> None:
    """004, "Agree before you deal": each item is offered, with 004's value and the other ones."""
    offered = {key: {value for value, _c, _l in choices} for key, (_t, choices) in HOUSE_CHOICES.items()}
    assert {"whole", "top7"} <= offered["pickup"]
    assert {"full", "top_only", "never"} <= offered["pickup_before_opening"]
    assert {"no", "in_foot"} <= offered["partner_in_foot"]
    assert {"optional", "required"} <= offered["go_out_discard"]
    assert {False, True} <= offered["extras_on_books"]
    assert {100, 300} <= offered["black_three_left"]
    assert {"round", "round60", "score"} <= offered["first_meld"]
    assert {True, False} <= offered["upcard"]
    assert {"written", "club"} <= offered["canastas"]


def test_club_sheet_canasta_values() -> None:
    """004, "Scoring a round": one club sheet scores 7s and 5s 2,000 each and wild 1,500."""
    settings = Settings(preset="hkf").with_change("house:canastas", "club")
    assert settings.house == {"canastas": "club", "first_meld": "round60"}  # the sheet's first meld from 60
    rules = settings.rules()
    assert rules.rank_books == ((7, 2000), (5, 2000)) and rules.wild_book == 1500
    assert rules.first_meld_minimum(0, 0) == 60
    sevens = tuple(C.parse(c) for c in "7S 7H 7D 7C 7S 7H 7D".split())
    wilds = tuple(C.parse(c) for c in "JK JK 2S 2C 2D 2H 2S".split())
    table = TeamTable(melds=((7, sevens), (C.WILD_RANK, wilds)))
    assert score(rules, table).by_kind("books") == 3500
    assert score(PRESETS["hkf"], table).by_kind("books") == 7500
    assert "2,000" in page_text(rules)
    assert house_of(rules) == {"canastas": "club", "first_meld": "round60"}
    query = build_query(rules, 12)
    assert "canastas.club" in query and "first_meld.60" in query
    assert parse_query(query).house == {"canastas": "club", "first_meld": "round60"}
    # The first meld stays a switch of its own: the club's canastas with 50 in round 1.
    fifty = settings.with_change("house:first_meld", "round")
    assert fifty.house == {"canastas": "club"} and fifty.rules().first_meld_minimum(0, 0) == 50
    assert rules_for("hkf", {"canastas": "club"}).wild_book == 1500


@pytest.mark.parametrize("name", ["classic", "pagat", "thirteen", "rook"])
def test_canasta_values_fit_only_the_knee_game(name: str) -> None:
    with pytest.raises(ValueError):
        Settings(preset=name).with_change("house:canastas", "club")
    with pytest.raises(ValueError):
        rules_for(name, {"canastas": "written"})


def test_black_threes_at_300() -> None:
    """004, "Agree before you deal": black threes left unplayed cost 100 or 300."""
    rules = Settings(preset="hkf").with_change("house:black_three_left", "300").rules()
    assert rules.black_three_left == 300
    assert "costs 300" in page_text(rules)


@pytest.mark.parametrize(("code", "value", "words"), [
    ("no", "no", None),
    ("yes", "played", "played a turn from their foot"),
    ("foot", "in_foot", "picked up their foot"),
])
def test_partner_in_foot_values(code: str, value: str, words: str | None) -> None:
    """001/003: the partner has played from the foot; 004: both partners are in their feet."""
    rules = Settings(preset="classic").with_change("house:partner_in_foot", code).rules()
    assert rules.partner_in_foot == value
    text = page_text(rules)
    if words is None:
        assert "Your partner must also" not in text
    else:
        assert words in text


def test_partner_in_foot_defaults_per_preset() -> None:
    assert {name: r.partner_in_foot for name, r in PRESETS.items()} == {
        "classic": "no", "pagat": "played", "rook": "no", "thirteen": "played", "hkf": "no"}


def test_old_yes_no_partner_rule_in_a_save_reads_as_played() -> None:
    rules = rules_from_dict({"preset": "classic", "options": {"partner_in_foot": True}})
    assert rules.partner_in_foot == "played"
    assert rules_from_dict({"preset": "pagat", "options": {"partner_in_foot": False}}).partner_in_foot == "no"


def test_stored_settings_with_the_old_yes_no_partner_rule() -> None:
    assert load_settings('{"house": {"partner_in_foot": true}}').house == {"partner_in_foot": "played"}
    assert load_settings('{"preset": "pagat", "house": {"partner_in_foot": false}}').house == {"partner_in_foot": "no"}
    assert parse_query("?rules=classic&deal=5&house=partner_in_foot.yes").house == {"partner_in_foot": "played"}


def test_classic_pickup_minimum_reading_and_its_house_rule() -> None:
    """000, "Picking Up the Discard Pile": melds from the taken cards count; 003/004 as a house rule."""
    assert PRESETS["classic"].pickup_minimum == "with_pile"
    assert all(PRESETS[n].pickup_minimum == "hand_only" for n in ("pagat", "thirteen", "hkf"))
    assert "even ones made from the cards you take" in page_text(PRESETS["classic"])
    rules = Settings().with_change("house:pickup_minimum", "hand").rules()
    assert rules.pickup_minimum == "hand_only"
    assert "not the cards under the top" in page_text(rules)
    assert Settings(preset="hkf").with_change("house:pickup_minimum", "pile").rules().pickup_minimum == "with_pile"


def test_wild_top_and_extras_on_the_rules_page() -> None:
    assert "two wild cards, jokers and 2s alike" in page_text(PRESETS["hkf"])
    assert "two of that same wild card" in page_text(PRESETS["thirteen"])
    assert "can't be taken while a wild card is on top" in page_text(PRESETS["classic"])
    text = page_text(preset("hkf", extras_on_books=True))
    assert "doesn't need for going out" in text and "never onto 5s and 7s or wild books" in text


def test_the_wild_top_pair_is_a_switch_where_a_wild_top_can_be_taken() -> None:
    """Sources 003 and 004 differ: two of the same wild card under a wild top, or any two."""
    thirteen = Settings(preset="thirteen").with_change("house:wild_top_pair", "any")
    assert thirteen.rules().wild_top_pair == "any" and house_of(thirteen.rules()) == {"wild_top_pair": "any"}
    words = page_text(thirteen.rules())
    assert "two wild cards, jokers and 2s alike" in words and "two of that same wild card" not in words
    hkf = Settings(preset="hkf").with_change("house:wild_top_pair", "same")
    assert hkf.rules().wild_top_pair == "same"
    assert "two of that same wild card" in page_text(hkf.rules())
    # Where a wild card on top can never be taken the switch would change nothing: refused, and not offered.
    for name in ("classic", "pagat", "rook"):
        with pytest.raises(ValueError):
            Settings(preset=name).with_change("house:wild_top_pair", "any")
        ctrl = Controller(Settings(preset=name))
        assert 'data-setting="house:wild_top_pair"' not in settings_screen(ctrl)
    ctrl = Controller(thirteen)
    assert 'data-setting="house:wild_top_pair"' in settings_screen(ctrl)
    # A shared link carries it, and a link that sets it where it means nothing is refused.
    query = build_query(thirteen.rules(), 12)
    opened = parse_query(query)
    assert "wild_top_pair.any" in query and isinstance(opened, ShareRequest)
    assert opened.house == {"wild_top_pair": "any"}
    assert isinstance(parse_query(query.replace("thirteen", "classic")), ShareProblem)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_top_bar_names_the_rule_set_in_words_not_its_link_code(name: str) -> None:
    from ui.render import regions
    from ui.settings.model import PRESET_SHORT, PRESET_TABS

    ctrl = Controller(Settings().with_change("preset", name))
    top = regions(ctrl)["r-top"]
    said = PRESET_SHORT[name]
    assert f'<span class="rules-name">{said}</span>' in top
    assert said != name and len(said) <= len("Thirteen") + 1  # a word or two: it shares a phone's top bar
    assert set(PRESET_SHORT) == set(PRESET_TABS) == set(PRESETS)


@pytest.mark.parametrize("extras", [True, False])
def test_a_player_adds_an_extra_card_to_a_spare_book_by_tapping_it_where_the_house_allows(extras: bool) -> None:
    """004's extra cards on finished books: two clean books where one is needed, so either may take more.
    The book the selected 8♣ may go on is outlined and takes the tap (it was a plain chip, so only the
    computers could use the house rule); without the rule it is neither outlined nor a button."""
    import random
    import re

    from tests.helpers import arrange, cards
    from ui.render import regions

    settings = Settings().with_change("house:extras_on_books", "yes" if extras else "no")
    game = arrange(
        settings.rules(), hands={0: "8C 4S 5D 6H"}, opened={0: True}, stage={0: "foot"},
        melds={0: [(8, "8S 8H 8D 8C 8S 8H 8D"), (9, "9S 9H 9D 9C 9S 9H 9D"), (10, "10S 10H 10D 10C 10S 10H 2C")]},
    )
    ctrl = Controller(settings, random.Random(1))
    ctrl.set_game(game)
    ctrl.handle("card", str(ctrl.shown_hand().index(cards("8C")[0])))
    ours = regions(ctrl)["r-us"]
    book = re.search(r'<button[^>]*data-act="meld" data-arg="0"[^>]*>', ours)
    assert (book is not None) == extras and ("target" in book.group(0) if book else True)
    assert 'data-act="meld"' not in ours.replace(book.group(0) if book else "@", "")  # the other books: chips
    if extras:
        ctrl.handle("meld", "0")
        assert len(ctrl.game.teams[0].melds[0].cards) == 8 and ctrl.note is None


def test_the_rules_name_knees_only_where_there_are_knees_and_the_melds_button_by_its_name() -> None:
    from ui.rules.screen import marks_legend

    assert "left in hands and feet." in page_text(PRESETS["classic"]) and "knee" not in page_text(PRESETS["classic"])
    assert "left in hands, knees and feet." in page_text(PRESETS["hkf"])
    assert "Show melds beside the pile" in marks_legend() and "Cards, beside" not in marks_legend()
