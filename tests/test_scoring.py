"""Round scores: the worked examples of sources 000 and 004, item by item."""

from __future__ import annotations

import pytest

from engine import Answer, AskGoOut, Discard, Meld
from engine.rules import PRESETS, preset
from engine.scoring import Leftover, TeamTable, score
from tests.helpers import arrange, cards, play


def meld(rank: int, text: str) -> tuple[int, tuple[int, ...]]:
    return (rank, tuple(cards(text)))


CLASSIC = PRESETS["classic"]
HKF = PRESETS["hkf"]


def test_source_000_winning_team_scores_1180() -> None:
    # You went out: clean book of kings, dirty book of five 7s and two 2s, an open
    # pile Q-Q-Jk, one red 3; your partner is stuck in the foot with an ace and a 5.
    table = TeamTable(
        melds=(
            meld(13, "KS KH KD KC KS KH KD"),
            meld(7, "7S 7H 7D 7C 7S 2C 2D"),
            meld(12, "QS QH JK"),
        ),
        red_threes=1,
        leftovers=(
            Leftover("South", "foot", ()),
            Leftover("North", "foot", tuple(cards("AS 5H"))),
        ),
        went_out=True,
    )
    s = score(CLASSIC, table)
    assert s.by_kind("books") == 500 + 300
    assert s.by_kind("melded") == 70 + 65 + 70
    assert s.by_kind("red_threes") == 100
    assert s.by_kind("going_out") == 100
    assert s.by_kind("leftover") == -25
    assert s.total == 1180


def test_source_000_other_team_scores_250() -> None:
    # One dirty book of 10s (six 10s and a joker), three 8s; West holds 55 in
    # cards; East never reached the foot: 40 in the hand, 95 in the foot.
    table = TeamTable(
        melds=(meld(10, "10S 10H 10D 10C 10S 10H JK"), meld(8, "8S 8H 8D")),
        leftovers=(
            Leftover("West", "foot", tuple(cards("AS AH 10D 5C"))),
            Leftover("East", "hand", tuple(cards("KS QH JD 10C"))),
            Leftover("East", "foot", tuple(cards("KS KH QD QC JS JH 9D 8C 3C 4H 6S")),
                     unplayed=True),
        ),
    )
    s = score(CLASSIC, table, team=1)
    assert s.team == 1
    assert [line.points for line in s.lines] == [300, 110 + 30, -55, -40, -95]
    assert s.by_kind("going_out") == 0
    assert s.total == 250


def test_source_004_round_scores_12245() -> None:
    # Partner went out; 7s, 5s, wild (two jokers and five 2s), kings, and a dirty
    # book of five queens, a 2 and a joker; three red 3s; you hold a 9 and a 4.
    table = TeamTable(
        melds=(
            meld(7, "7S 7H 7D 7C 7S 7H 7D"),
            meld(5, "5S 5H 5D 5C 5S 5H 5D"),
            meld(0, "JK JK 2C 2D 2H 2S 2C"),
            meld(13, "KS KH KD KC KS KH KD"),
            meld(12, "QS QH QD QC QS 2D JK"),
        ),
        red_threes=3,
        leftovers=(Leftover("South", "foot", tuple(cards("9S 4H"))), Leftover("North", "foot", ())),
        went_out=True,
    )
    s = score(HKF, table)
    assert s.by_kind("books") == 5000 + 3000 + 2500 + 500 + 300 == 11300
    assert s.by_kind("going_out") == 200
    assert s.by_kind("red_threes") == 300
    assert s.by_kind("melded") == 35 + 35 + 200 + 70 + 120 == 460
    assert s.by_kind("leftover") == -15
    assert s.total == 12245


def test_hkf_second_book_of_sevens_scores_another_5000() -> None:
    table = TeamTable(melds=(meld(7, "7S 7H 7D 7C 7S 7H 7D"), meld(7, "7S 7H 7D 7C 7S 7H 7D")))
    assert score(HKF, table).by_kind("books") == 10000


def test_hkf_dirty_sevens_are_only_a_dirty_book() -> None:
    # 5s and 7s take no wild cards in play; a described table still scores sensibly.
    table = TeamTable(melds=(meld(9, "9S 9H 9D 9C 9S JK 2C"),))
    assert score(HKF, table).by_kind("books") == 300


@pytest.mark.parametrize(("name", "bonus"), [
    ("classic", 100), ("pagat", 100), ("thirteen", 100), ("rook", 300), ("hkf", 200),
])
def test_going_out_bonus_per_preset(name: str, bonus: int) -> None:
    assert score(PRESETS[name], TeamTable(went_out=True)).total == bonus
    assert score(PRESETS[name], TeamTable(went_out=False)).total == 0


@pytest.mark.parametrize(("name", "cost"), [
    ("classic", 500), ("pagat", 500), ("thirteen", 100), ("rook", 150), ("hkf", 500),
])
def test_red_three_in_an_unplayed_foot(name: str, cost: int) -> None:
    red = "R3" if name == "rook" else "3H"
    nine = "B9" if name == "rook" else "9S"
    table = TeamTable(leftovers=(Leftover("East", "foot", tuple(cards(f"{red} {nine}")), True),))
    assert score(PRESETS[name], table).total == -(cost + 10)


def test_rook_red_threes_cost_150_even_when_laid_out() -> None:
    assert score(PRESETS["rook"], TeamTable(red_threes=2)).total == -300


def test_rook_unfinished_all_dirty_meld_costs_1000_plus_face_values() -> None:
    table = TeamTable(melds=(meld(0, "ROOK B2 R2"),))
    s = score(PRESETS["rook"], table)
    assert s.by_kind("melded") == 50 + 25 + 25
    assert s.by_kind("penalty") == -1000
    finished = TeamTable(melds=(meld(0, "ROOK ROOK B2 R2 Y2 G2 B2"),))
    assert score(PRESETS["rook"], finished).by_kind("books") == 1500
    assert score(PRESETS["rook"], finished).by_kind("penalty") == 0


def test_hkf_seven_red_threes_earn_300_more() -> None:
    assert score(HKF, TeamTable(red_threes=7)).total == 1000
    assert score(HKF, TeamTable(red_threes=6)).total == 600
    assert score(CLASSIC, TeamTable(red_threes=7)).total == 700


@pytest.mark.parametrize(("rules", "cost"), [
    (PRESETS["classic"], 5), (PRESETS["thirteen"], 5), (PRESETS["hkf"], 100),
    (preset("hkf", black_three_left=300), 300),
])
def test_black_three_left_over(rules: object, cost: int) -> None:
    table = TeamTable(leftovers=(Leftover("West", "hand", tuple(cards("3C 3S"))),))
    assert score(rules, table).total == -2 * cost  # type: ignore[arg-type]


def test_wild_books_per_preset() -> None:
    wild_book = TeamTable(melds=(meld(0, "JK JK 2C 2D 2H 2S 2C"),))
    assert score(PRESETS["pagat"], wild_book).by_kind("books") == 1500
    assert score(PRESETS["thirteen"], wild_book).by_kind("books") == 1500
    assert score(HKF, wild_book).by_kind("books") == 2500


def test_round_score_of_a_scripted_classic_round() -> None:
    # South is in the foot holding 9S 9H 9D 4C; the team has a clean and a dirty
    # book; South asks, North says yes, South melds the 9s and discards the 4.
    g = arrange(
        "classic",
        hands={0: "9S 9H 9D 4C", 1: "AS KH", 2: "5H 6H", 3: "QS"},
        feet={3: "KS QS JS 10S 9S 8S 4S 5S 6S 7S 9H"},
        stage={0: "foot", 1: "foot", 2: "foot"},
        melds={0: [(13, "KS KH KD KC KS KH KD"), (8, "8S 8H 8D 8C 8S 2C 2D")],
               1: [(10, "10S 10H 10D")]},
        red_threes={0: "3D", 1: ""},
    )
    g.apply(AskGoOut())
    g.apply(Answer(True))
    g.apply(Meld((play(9, "9S 9H 9D"),)))
    g.apply(Discard(cards("4C")[0]))
    assert g.phase == "round_over"
    assert g.went_out == 0
    us, them = g.results[-1].scores
    assert us.by_kind("books") == 800
    assert us.by_kind("melded") == 70 + (50 + 40) + 30
    assert us.by_kind("red_threes") == 100
    assert us.by_kind("going_out") == 100
    assert us.by_kind("leftover") == -(5 + 5)  # North's 5 and 6 of hearts
    assert us.total == 800 + 190 + 100 + 100 - 10
    # West holds 30 in the foot; East 10 in the hand and 90 in a foot never picked up.
    assert them.by_kind("melded") == 30
    assert [ln.points for ln in them.lines if ln.kind == "leftover"] == [-30, -10, -90]
    assert them.total == 30 - 130
    assert g.totals == [us.total, them.total]
    assert g.round_score(0, 0) == us


def test_round_score_is_available_mid_round_and_changes_nothing() -> None:
    g = arrange("classic", hands={0: "5S 6S"}, melds={0: [(9, "9S 9H 9D")]})
    before = g.snapshot()["history"][:]
    s = g.round_score(0, None)
    assert s.by_kind("melded") == 30
    assert s.by_kind("going_out") == 0
    assert g.snapshot()["history"] == before
    assert g.phase == "play"



def test_a_red_three_in_a_foot_never_picked_up_is_a_line_of_its_own() -> None:
    """The penalty for a red 3 left in an unpicked foot shows as its own line, not inside the foot's total."""
    rules = preset("classic")
    foot = Leftover("North", "foot", tuple(cards("3H KS 9D")), unplayed=True)
    lines = score(rules, TeamTable(leftovers=(foot,))).lines
    labels = {ln.label: ln.points for ln in lines}
    assert labels["North's foot (never picked up)"] == -(10 + 10)
    assert labels["1 red 3 in North's foot (never picked up)"] == rules.red_three_unplayed
    assert sum(ln.points for ln in lines if ln.kind == "leftover") == -20 + rules.red_three_unplayed


def test_book_lines_come_in_one_order_whatever_order_the_books_were_laid() -> None:
    # The breakdown lists books as the score pad does: special ranks, wild, clean, dirty.
    dirty = meld(9, "9S 9H 9D 9C 9S JK 2C")
    clean = meld(10, "10S 10H 10D 10C 10S 10H 10D")
    sevens = meld(7, "7S 7H 7D 7C 7S 7H 7D")
    for melds in ((dirty, clean, sevens), (clean, sevens, dirty), (sevens, dirty, clean)):
        labels = [line.label for line in score(HKF, TeamTable(melds=melds)).lines if line.kind == "books"]
        assert labels == ["1 book of 7s", "1 clean book", "1 dirty book"], melds
    two_dirty_first = score(CLASSIC, TeamTable(melds=(dirty, dirty, clean))).lines
    assert [line.label for line in two_dirty_first if line.kind == "books"] == ["1 clean book", "2 dirty books × 300"]
