"""The shared wording helpers: what a player reads in every message."""

from engine.wording import count, figures, join, number, plural


def test_join_reads_as_a_sentence_list() -> None:
    assert join([]) == ""
    assert join(["kings"]) == "kings"
    assert join(["kings", "9s"]) == "kings and 9s"
    assert join(["kings", "", "9s", "aces"]) == "kings, 9s and aces"
    assert join(["draw", "take the pile"], last="or") == "draw or take the pile"


def test_counts_in_words_then_figures() -> None:
    assert number(0) == "no"
    assert number(12) == "twelve"
    assert number(13) == "13"
    assert number(7, limit=5) == "7"
    assert number(1250) == "1,250"
    assert count(1, "card") == "one card"
    assert count(2, "card") == "two cards"
    assert count(0, "book") == "no books"
    assert count(3, "wild card") == "three wild cards"


def test_figures_never_say_one_cards() -> None:
    assert figures(1, "card") == "1 card"
    assert figures(2, "card") == "2 cards"
    assert figures(1250, "point") == "1,250 points"
    assert plural(1, "pile", "piles") == "pile"
