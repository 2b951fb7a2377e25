"""Reasons as data: the whole reason reads as before, and the public one names no hidden card."""

from __future__ import annotations

import pytest

from bench.public_reasons import leaks, scan
from engine import cards as C
from engine.actions import Discard, Draw
from engine.bots import make_bot
from engine.bots.reasons import Clause, Laid, PileTake, Reason, near_out
from engine.rules import preset
from engine.scoring import TeamTable, score
from engine.views import view_for
from tests.helpers import arrange, cards

CLASSIC = preset("classic")


def test_live_reasons_of_five_deals_per_preset_name_no_hidden_card() -> None:
    bad = [(text, found) for text, found in scan(5) if found]
    assert bad == []


def test_the_check_finds_what_whole_reasons_tell() -> None:
    # What the table showed before: 'a pair of 7s is the easiest to break up', 'I don't hold two natural 9s'.
    bad = [text for text, found in scan(1, presets=("classic",), full=True) if found]
    assert len(bad) > 20
    assert any("lone card" in t for t in bad) and any("don't hold two natural" in t for t in bad)


def test_a_discard_keeps_its_count_of_a_rank_to_itself() -> None:
    # North holds pairs only and breaks one up (no pile to feed): the whole reason says which pair
    # it held, the public one doesn't.
    rules = preset("classic", pickup="none")
    game = arrange(rules, phase="play", turn=2, hands={2: "7S 7H KD KC 9D 9C"},
                   melds={0: [(10, "10S 10H 10D")]}, opened={0: True}, stock_size=40)
    d = make_bot("normal", 2, 1).decide(view_for(game, 2))
    assert d.action == Discard(C.parse("9C"))
    assert d.reason == "Discarded the nine of clubs: a pair of 9s is the easiest to break up."
    assert d.public_reason == "Discarded the nine of clubs: it is the card we need least."
    seen = {C.rank(c) for c in cards("10S 9C")}
    assert leaks(d.reason, rules, seen, False) == ["pair of"]
    assert leaks(d.public_reason, rules, seen, False) == []


def test_a_draw_without_the_pair_does_not_say_so_while_the_round_is_live() -> None:
    game = arrange(CLASSIC, phase="draw", hands={0: "9H KS QD 4C 6D"}, pile="5C 9D",
                   melds={0: [(10, "10S 10H 10D")]}, opened={0: True})
    d = make_bot("hard", 0, 1).decide(view_for(game, 0))
    assert d.action == Draw()
    assert d.reason == "Drew two cards from the stock: I don't hold two natural 9s."
    assert d.public_reason == "Drew two cards from the stock rather than take the pile."
    # What the table itself shows stays in: the pile's top can't be taken by anyone.
    blocked = Reason("draw", (Clause("pile_blocked"),), count=2)
    assert blocked.public_text() == blocked.text() == "Drew two cards from the stock: a black 3 on top blocks the pile."


@pytest.mark.parametrize(("clause", "whole", "public"), [
    (Clause("lone"), "a lone card", "it is the card we need least"),
    (Clause("spare", rank=13, n=3), "one of three kings I can spare", "it is the card we need least"),
    (Clause("lone_few", rank=9, n=2), "a lone card with only two 9s still out of sight",
     "it is the card we need least"),
    (Clause("still_hold", n=9, points=120), "I still hold nine cards worth about 120 points",
     "I still hold nine cards"),
    (Clause("out_gains", points=340), "the books are made and going out now gains about 340 points",
     "the books are made and going out now gains more than it costs"),
    # A foot not picked up yet is counted at an average card's worth: the figure says so (it can cost far more).
    (Clause("out_gains", n=11, points=90), "the books are made and going out now gains about 90 points, counting "
     "the eleven cards our side hasn't picked up yet as average ones",
     "the books are made and going out now gains more than it costs"),
    (Clause("threw_away", rank=8, name="West"), "West threw an 8 away, so holds no pair",
     "West threw an 8 away, so holds no pair"),
    (near_out("the other team", "West", 1, 2),
     "the other team is close to going out, with one book short and two cards in West's hand",
     "the other team is close to going out, with one book short and two cards in West's hand"),
])
def test_each_clause_in_full_and_in_public(clause: Clause, whole: str, public: str) -> None:
    assert (clause.text(), clause.public_text()) == (whole, public)


def test_a_pickup_tells_what_the_pile_held_but_not_what_the_hand_does() -> None:
    r = Reason("pickup", pile=PileTake(9, True, 4, True, wilds=1, useful=2, junk=1),
               plays=(Laid(14, 3, 0, True),))
    assert r.text() == ("Took the pile: two natural 9s in hand, and the four cards under it hold one wild card, "
                        "two cards for our melds and one black 3; to open, started aces with three cards.")
    assert r.public_text() == ("Took the pile: two natural 9s in hand, and the four cards under it hold one "
                               "wild card and one black 3; to open, started aces with three cards.")
    assert r.advice() == ("you hold two natural 9s, and the four cards under it hold one wild card, two cards "
                          "for your side's melds and one black 3; with those melds the pickup opens for your side")


def test_reasons_are_values() -> None:
    a = Reason("discard", (Clause("pair", rank=7, n=2),), card=C.parse("7H"))
    b = Reason("discard", (Clause("pair", rank=7, n=2),), card=C.parse("7H"))
    assert a == b and hash(a) == hash(b) and str(a) == a.text()
    assert Reason("melded", plays=(Laid(13, 1, 0, False),), books=1).advice() == "that finishes a book"


def test_a_meld_of_several_plays_names_the_book_it_finishes() -> None:
    # Adding one 8 to three 8s and one 9 to six 9s: only the 9s become a book, and the reason says so.
    game = arrange("classic", phase="play", hands={0: "8D 9S 4C 6D JS"}, opened={0: True}, stock_size=40,
                   melds={0: [(8, "8S 8C 8H"), (9, "9C 9D 9H 9C 9D 9H")]})
    decision = make_bot("hard", 0, 1).decide(view_for(game, 0))
    assert decision.why.advice() == "that finishes the book of 9s"
    assert decision.why.text() == "Melded: added one 8 and one 9, finishing the book of 9s."
    assert "8s" not in decision.why.public_text().split("finishing")[1]


def test_a_books_score_line_names_its_kind_as_data() -> None:
    hkf = preset("hkf")
    sevens = score(hkf, TeamTable(melds=((7, tuple(cards("7S 7H 7D 7C 7S 7H 7D"))),))).lines[0]
    assert (sevens.kind, sevens.book, sevens.count) == ("books", "book of 7s", 1)
    two = score(CLASSIC, TeamTable(melds=((9, tuple(cards("9S 9H 9D 9C 9S 9H 9D"))),
                                          (10, tuple(cards("10S 10H 10D 10C 10S 10H 10D")))))).lines[0]
    assert (two.label, two.book, two.count) == ("2 clean books × 500", "clean book", 2)
