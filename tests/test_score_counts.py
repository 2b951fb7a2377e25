"""Scoring a round from counts (the score pad) reads line for line like scoring the cards themselves."""

from __future__ import annotations

import pytest

from engine.rules import PRESETS, preset
from engine.scoring import (
    Leftover,
    LeftoverCount,
    TeamCounts,
    TeamTable,
    book_kinds,
    game_over,
    score,
    score_counts,
)
from tests.helpers import cards


def meld(rank: int, text: str) -> tuple[int, tuple[int, ...]]:
    return (rank, tuple(cards(text)))


def test_source_000_both_sides_match_the_cards_line_by_line() -> None:
    rules = PRESETS["classic"]
    cards_us = TeamTable(
        melds=(meld(13, "KS KH KD KC KS KH KD"), meld(7, "7S 7H 7D 7C 7S 2C 2D"), meld(12, "QS QH JK")),
        red_threes=1,
        leftovers=(Leftover("South", "foot", ()), Leftover("North", "foot", tuple(cards("AS 5H")))),
        went_out=True,
    )
    counted_us = TeamCounts(
        books=(("clean", 1), ("dirty", 1)), melded=205, red_threes=1, went_out=True,
        leftovers=(LeftoverCount("South", "foot", 0), LeftoverCount("North", "foot", 25)),
    )
    assert score_counts(rules, counted_us) == score(rules, cards_us)
    assert score_counts(rules, counted_us).total == 1180
    cards_them = TeamTable(
        melds=(meld(10, "10S 10H 10D 10C 10S 10H JK"), meld(8, "8S 8H 8D")),
        leftovers=(
            Leftover("West", "foot", tuple(cards("AS AH 10D 5C"))),
            Leftover("East", "hand", tuple(cards("KS QH JD 10C"))),
            Leftover("East", "foot", tuple(cards("KS KH QD QC JS JH 9D 8C 3C 4H 6S")), unplayed=True),
        ),
    )
    counted_them = TeamCounts(
        books=(("dirty", 1),), melded=140,
        leftovers=(
            LeftoverCount("West", "foot", 55), LeftoverCount("East", "hand", 40),
            LeftoverCount("East", "foot", 95, unplayed=True),
        ),
    )
    assert score_counts(rules, counted_them, 1) == score(rules, cards_them, 1)
    assert score_counts(rules, counted_them, 1).total == 250


def test_source_004_matches_the_cards_line_by_line() -> None:
    rules = PRESETS["hkf"]
    table = TeamTable(
        melds=(
            meld(7, "7S 7H 7D 7C 7S 7H 7D"), meld(5, "5S 5H 5D 5C 5S 5H 5D"), meld(0, "JK JK 2C 2D 2H 2S 2C"),
            meld(13, "KS KH KD KC KS KH KD"), meld(12, "QS QH QD QC QS 2D JK"),
        ),
        red_threes=3,
        leftovers=(Leftover("South", "foot", tuple(cards("9S 4H"))), Leftover("North", "foot", ())),
        went_out=True,
    )
    counted = TeamCounts(
        books=(("rank:7", 1), ("rank:5", 1), ("wild", 1), ("clean", 1), ("dirty", 1)),
        melded=460, red_threes=3, went_out=True,
        leftovers=(LeftoverCount("South", "foot", 15), LeftoverCount("North", "foot", 0)),
    )
    assert score_counts(rules, counted) == score(rules, table)
    assert score_counts(rules, counted).total == 12245


def test_red_threes_in_a_foot_never_picked_up_and_repeated_books() -> None:
    rules = preset("classic")
    foot = Leftover("North", "foot", tuple(cards("3H 3D KS 9D")), unplayed=True)
    books = TeamTable(melds=(meld(9, "9S 9H 9D 9C 9S 9H 9D"), meld(8, "8S 8H 8D 8C 8S 8H 8D")), leftovers=(foot,))
    counted = TeamCounts(
        books=(("clean", 2),), melded=140, leftovers=(LeftoverCount("North", "foot", 20, 2, unplayed=True),)
    )
    assert score_counts(rules, counted) == score(rules, books)
    assert score_counts(rules, counted).lines[0].label == "2 clean books × 500"


def test_rook_unfinished_wild_meld_and_red_threes() -> None:
    rules = PRESETS["rook"]
    table = TeamTable(melds=(meld(0, "ROOK B2 R2"),), red_threes=2)
    counted = TeamCounts(melded=100, open_wild=1, red_threes=2)
    assert score_counts(rules, counted) == score(rules, table)


@pytest.mark.parametrize("counts", [
    TeamCounts(books=(("clean", -1),)),
    TeamCounts(melded=-5),
    TeamCounts(books=(("rank:7", 1),)),  # classic has no books of 7s
    TeamCounts(leftovers=(LeftoverCount("A", "hand", 5, red_threes=1),)),  # red 3s only in a set never picked up
    TeamCounts(red_threes=True),  # type: ignore[arg-type]
])
def test_bad_counts_are_refused(counts: TeamCounts) -> None:
    with pytest.raises(ValueError):
        score_counts(PRESETS["classic"], counts)


def test_book_kinds_follow_the_rules() -> None:
    assert [code for code, _, _ in book_kinds(PRESETS["classic"])] == ["clean", "dirty"]
    assert [code for code, _, _ in book_kinds(PRESETS["hkf"])] == ["rank:7", "rank:5", "wild", "clean", "dirty"]
    club = preset("hkf", rank_books=((7, 2000), (5, 2000)), wild_book=1500)
    assert [bonus for _, _, bonus in book_kinds(club)] == [2000, 2000, 1500, 500, 300]


def test_game_over_by_rounds_or_target() -> None:
    assert not game_over(PRESETS["classic"], 3, [9000, 0])
    assert game_over(PRESETS["classic"], 4, [0, 0])
    assert not game_over(PRESETS["rook"], 5, [9990, 100])
    assert game_over(PRESETS["rook"], 5, [100, 10000])
    assert game_over(PRESETS["rook"], 12, [0, 0])
