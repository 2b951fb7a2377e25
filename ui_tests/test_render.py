"""Rendering: real buttons with card names, the turn shown in words, nothing unescaped."""

from __future__ import annotations

import html
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import cards as C
from ui.app import App as Controller
from ui.app import Note
from ui.render import page
from ui.settings.model import Settings
from ui.widgets import card_label, esc


def test_cards_are_named_buttons() -> None:
    ctrl = Controller(Settings(), rng=random.Random(3))
    ctrl.new_game(314)
    html = page(ctrl)
    cards = re.findall(
        r'<button type="button" class="card[^"]*" data-act="card" data-arg="\d+" '
        r'aria-pressed="(?:true|false)" aria-label="([^"]+)">(.*?)</button>',
        html,
    )
    assert len(cards) == 11
    for name, inner in cards:
        printed = "".join(re.findall(r">([^<]+)<", inner))
        # The name starts with what is printed on the card, then says it in words.
        assert name.startswith(printed + ", "), (name, printed)
        assert " of " in name or name.endswith("joker")
    assert "Your turn: draw two cards.</p>" in html  # classic's pile starts empty: nothing to pick up


def test_rook_cards_name_their_colour_and_the_bird() -> None:
    assert card_label(C.ROOK_BIRD) == "Rook bird, the Rook"
    green_14 = next(c for c in C.rook_deck() if C.rank(c) == 14 and C.COLOUR_NAMES[C.suit(c)] == "green")
    assert card_label(green_14) == "14 green, green 14"
    assert card_label(C.JOKER) == "Jk★, joker"


def test_notes_are_escaped() -> None:
    ctrl = Controller(Settings(), rng=random.Random(3))
    ctrl.note = Note('<script>alert("x")</script>', "error")
    ctrl.share_url = 'http://127.0.0.1/?"><img src=x onerror=alert(1)>'
    html = page(ctrl)
    assert "<script>" not in html and "<img" not in html
    assert "&lt;script&gt;" in html


def test_every_screen_renders_under_every_preset() -> None:
    for name in ("classic", "pagat", "thirteen", "rook", "hkf"):
        ctrl = Controller(Settings(preset=name), rng=random.Random(3))
        for screen in ("table", "settings", "rules"):
            ctrl.handle("screen", screen)
            assert "<h1>Hand and Foot</h1>" in page(ctrl)


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from(list("<>&\"'a é&amp;;#x27")), max_size=30))
def test_escaping_matches_the_standard_library(text: str) -> None:
    assert esc(text) == html.escape(text, quote=True)


def test_melds_show_in_rank_order_and_red_threes_stay_red() -> None:
    from engine.views import MeldView
    from ui.table.board import rank_order
    from ui.widgets import mini_card

    melds = [MeldView(i, r, (), False, "clean") for i, r in enumerate((12, 5, C.WILD_RANK, 14, 9))]
    assert [m.rank for m in sorted(melds, key=rank_order)] == [5, 9, 12, 14, C.WILD_RANK]
    red_diamond_three = C.make(3, C.SUIT_NAMES.index("diamonds"))
    assert "red3" in mini_card(red_diamond_three)  # four-colour mode turns diamonds blue, but not red 3s
    assert "red3" not in mini_card(C.make(4, C.SUIT_NAMES.index("diamonds")))


def test_the_rules_screens_tabs_name_each_rule_set_in_words() -> None:
    import re

    from engine.rules import preset
    from ui.rules.screen import rules_screen

    html = rules_screen("hkf", preset("classic"))
    tabs = re.findall(r'data-act="rules-tab"[^>]*>([^<]+)<', html)
    assert tabs == ["Classic", "Pagat", "Thirteen cards", "Rook cards", "Hand, Knee and Foot"]
    assert "Rules: Hand, Knee and Foot" in html


def test_the_rules_screen_explains_every_book_mark_on_the_table() -> None:
    """The meld chips mark books with ★, ◐ and ✦: the Rules screen says what each one is."""
    import re

    from engine.rules import preset
    from ui.rules.screen import rules_screen
    from ui.table.board import BOOK_MARKS

    html = rules_screen("classic", preset("classic"))
    legend = re.search(r'<dl class="marks"[^>]*>(.*?)</dl>', html)
    assert legend is not None
    for kind, mark in BOOK_MARKS.items():
        assert re.search(rf"<dt>[^/]*{mark}.*?</dt><dd>[^<]*{kind}[^<]*book", legend.group(1)), kind
    assert "wild" in legend.group(1) and "just added" in legend.group(1)


def test_more_than_two_red_threes_show_as_one_card_and_a_count() -> None:
    """Four red 3s card by card wrapped a side's heading on a 360 px phone: past two, the last one laid out and
    how many ('3♥ ×4'), read out in full, and marked just laid out when one was."""
    from ui.table.board import red_threes

    hearts, diamonds = C.make(3, C.SUIT_NAMES.index("hearts")), C.make(3, C.SUIT_NAMES.index("diamonds"))
    two = red_threes((hearts, diamonds))
    assert two.count('class="mini ') == 2 and "×" not in two
    four = red_threes((hearts, diamonds, diamonds, hearts), fresh=2)
    assert four.count('class="mini ') == 1 and ">×4<" in four
    assert "mini s-hearts red3 fresh" in four  # the last laid out, marked as just laid out
    assert ">4 red 3s: three of hearts, three of diamonds, three of diamonds, three of hearts<" in four
    assert "fresh" not in red_threes((hearts, diamonds, hearts))
