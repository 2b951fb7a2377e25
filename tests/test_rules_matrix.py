"""One scripted scenario per cell of RULES-MATRIX.md that differs between presets.

Each test builds a position with ``tests.helpers.arrange`` (exact hands, pile
and melds, cards taken from the stock so every card stays accounted for),
applies actions, and asserts what a player at the table would see: the new
position, or the reason the action is refused (and that a refusal changed
nothing).
"""

from __future__ import annotations

import pytest

from engine import cards as C
from engine.actions import Answer, AskGoOut, Discard, Draw, EndTurn, Meld, NextRound, PickUp
from engine.errors import RuleViolation
from engine.melds import TableMeld, check_meld, missing_books
from engine.moves import legal_actions
from engine.rules import PRESETS, ROOK_SCORE_MINIMUMS, preset
from engine.state import Game
from tests.helpers import arrange, cards, codes, onto, play, reason

BOOKS_CLASSIC = [(13, "KS KH KD KC KS KH KD"), (8, "8S 8H 8D 8C 8S 2C 2D")]
BOOKS_PAGAT = [
    (13, "KS KH KD KC KS KH KD"), (12, "QS QH QD QC QS QH QD"),
    (11, "JS JH JD JC JS 2C 2D"), (10, "10S 10H 10D 10C 10S JK 2H"),
    ("W", "JK JK 2S 2C 2D 2H 2S"),
]
BOOKS_ROOK = [(13, "B13 R13 Y13 G13 B13 R13 Y13"), (12, "B12 R12 Y12 G12 B12 R12 Y12"),
              (11, "B11 R11 Y11 G11 B11 B2 ROOK")]
BOOKS_HKF = [
    (7, "7S 7H 7D 7C 7S 7H 7D"), (5, "5S 5H 5D 5C 5S 5H 5D"),
    ("W", "JK JK 2S 2C 2D 2H 2S"), (13, "KS KH KD KC KS KH KD"),
    (12, "QS QH QD QC QS 2D JK"),
]
BOOKS = {"classic": BOOKS_CLASSIC, "pagat": BOOKS_PAGAT, "thirteen": BOOKS_PAGAT,
         "rook": BOOKS_ROOK, "hkf": BOOKS_HKF}


def card(code: str) -> int:
    return C.parse(code)


# ----- taking the pile ---------------------------------------------------------


@pytest.mark.parametrize("name", ["classic", "pagat", "thirteen", "hkf"])
def test_pickup_needs_a_natural_pair(name: str) -> None:
    g = arrange(name, phase="draw", hands={0: "9S 2C 5H 6H"}, pile="4C 9H", opened={0: True})
    assert reason(g, PickUp()) == "need_pair"
    g = arrange(name, phase="draw", hands={0: "9S 9D 5H 6H"}, pile="4C 9H", opened={0: True})
    g.apply(PickUp())
    assert g.phase == "play" and g.picked_up
    assert [(m.rank, codes(m.cards)) for m in g.teams[0].melds] == [(9, ["9D", "9H", "9S"])]
    assert codes(g.players[0].hand) == codes(cards("5H 6H 4C"))
    assert g.pile == []


@pytest.mark.parametrize("name", ["classic", "pagat", "thirteen", "hkf"])
def test_black_three_on_top_blocks_the_pile(name: str) -> None:
    g = arrange(name, phase="draw", hands={0: "3S 3C 9S 9D"}, pile="9H 3C", opened={0: True})
    assert g.pile_blocked()
    assert reason(g, PickUp()) == "pile_blocked"
    assert PickUp() not in legal_actions(g)


def test_hkf_same_wild_house_reading() -> None:
    # The 003 reading on the knee game's table: a joker and a 2 are no pair under a 2.
    rules = preset("hkf", wild_top_pair="same")
    g = arrange(rules, phase="draw", hands={0: "JK 2D 5S 9C"}, pile="8H 9H 2C", opened={0: True})
    assert reason(g, PickUp()) == "need_pair"


def test_hkf_takes_a_wild_top_with_any_two_wild_cards() -> None:
    """004, "Taking the discard pile": only "not a black three" and "two cards of the same
    rank"; wild cards meld on their own, and jokers and 2s share the wild canasta, so a
    joker and a 2 are a pair under any wild card."""
    g = arrange("hkf", phase="draw", hands={0: "JK 5S 9C"}, pile="9H 2C", opened={0: True})
    assert reason(g, PickUp()) == "need_pair"
    g = arrange("hkf", phase="draw", hands={0: "JK 2D 5S 9C"}, pile="8H 9H 2C", opened={0: True})
    g.apply(PickUp())
    assert [(m.rank, codes(m.cards)) for m in g.teams[0].melds] == [(0, ["2C", "2D", "JK"])]
    assert codes(g.players[0].hand) == ["5S", "8H", "9C", "9H"]
    g = arrange("hkf", phase="draw", hands={0: "2D 2H JK 5S"}, pile="9H JK", opened={0: True})
    g.apply(PickUp())  # the top card's own rank first: a joker under a joker, then 2s
    assert codes(g.teams[0].melds[0].cards) == ["2D", "JK", "JK"]
    # The team's open wild meld takes the three, while it has room (004: five or more refuse).
    g = arrange("hkf", phase="draw", hands={0: "2D 2H 5S"}, pile="9H JK", opened={0: True},
                melds={0: [("W", "2S 2C JK JK")]})
    g.apply(PickUp())
    assert len(g.teams[0].melds[0].cards) == 7 and g.teams[0].melds[0].is_book
    g = arrange("hkf", phase="draw", hands={0: "2D 2H 5S"}, pile="9H JK", opened={0: True},
                melds={0: [("W", "2S 2C JK JK 2S")]})
    assert reason(g, PickUp()) == "pile_meld_full"
    refusal = g.check(PickUp())  # the player is told which meld and why, not "that rank is too big"
    assert refusal is not None and str(refusal) == (
        "The pile can't go on your meld of wild cards: it has 5 cards, and the top card with a pair would make 8, "
        "more than a book's 7."
    )


def test_classic_wild_on_top_blocks_the_pile() -> None:
    """000, "Picking Up the Discard Pile": the top card can't be a wild card (``pickup_wild_top`` off)."""
    g = arrange("classic", phase="draw", hands={0: "JK JK 9S 9D"}, pile="9H JK", opened={0: True})
    assert reason(g, PickUp()) == "wild_on_top"


def test_thirteen_takes_a_wild_top_with_two_of_the_same_wild() -> None:
    """003, "Taking the pile": with a wild card on top, two of the same wild (``wild_top_pair="same"``)."""
    g = arrange("thirteen", phase="draw", hands={0: "JK 2C 5S"}, pile="9H JK", opened={0: True})
    assert reason(g, PickUp()) == "need_pair"
    g = arrange("thirteen", phase="draw", hands={0: "JK JK 5S"}, pile="9H JK", opened={0: True})
    g.apply(PickUp())
    assert [(m.rank, codes(m.cards)) for m in g.teams[0].melds] == [(0, ["JK", "JK", "JK"])]
    assert codes(g.players[0].hand) == ["5S", "9H"]
    g = arrange("thirteen", phase="draw", hands={0: "2D 2H 5S"}, pile="9H 2C", opened={0: True})
    g.apply(PickUp())
    assert g.teams[0].melds[0].rank == C.WILD_RANK


PILE10 = "4C 4D 4H 5C 5D 5H 6C 6D 6H 9H"


@pytest.mark.parametrize(("rules", "left", "gained"), [
    (PRESETS["classic"], 3, 6),
    (preset("classic", pickup="whole"), 0, 9),
    (PRESETS["thirteen"], 3, 6),
    (PRESETS["hkf"], 0, 9),
    (preset("hkf", pickup="top7"), 3, 6),
])
def test_top_seven_or_whole_pile(rules: object, left: int, gained: int) -> None:
    g = arrange(rules, phase="draw", hands={0: "9S 9D 8C"}, pile=PILE10,  # type: ignore[arg-type]
                opened={0: True})
    g.apply(PickUp())
    assert len(g.pile) == left
    assert codes(g.pile) == codes(cards(PILE10)[:left])  # the deepest cards stay
    assert len(g.players[0].hand) == 1 + gained


def test_hkf_no_pickup_when_the_open_meld_has_five_or_more() -> None:
    five = {0: [(9, "9S 9H 9D 9C 9S")]}
    g = arrange("hkf", phase="draw", hands={0: "9H 9D 4C"}, pile="8C 9C", melds=five)
    assert reason(g, PickUp()) == "pile_meld_full"
    four = {0: [(9, "9S 9H 9D 9C")]}
    g = arrange("hkf", phase="draw", hands={0: "9H 9D 4C"}, pile="8C 9C", melds=four)
    g.apply(PickUp())
    assert len(g.teams[0].melds[0].cards) == 7 and g.teams[0].melds[0].is_book


def test_pickup_onto_a_closed_book_rank_starts_a_new_meld() -> None:
    # Gap decision: only a closed book of that rank, no open meld -> a new meld.
    g = arrange("classic", phase="draw", hands={0: "9H 9D 4C"}, pile="8C 9C",
                melds={0: [(9, "9S 9H 9D 9C 9S 9H 9D")]})
    g.apply(PickUp())
    assert [len(m.cards) for m in g.teams[0].melds] == [7, 3]


def test_hkf_pickup_ends_the_turn_without_a_discard() -> None:
    g = arrange("hkf", phase="draw", hands={0: "9H 9D 4C 6C"}, pile="8C 9C", opened={0: True})
    g.apply(PickUp())
    assert reason(g, Discard(card("4C"))) == "no_discard_after_pickup"
    assert Discard(card("4C")) not in legal_actions(g)
    assert EndTurn() in legal_actions(g)
    g.apply(EndTurn())
    assert (g.turn, g.phase) == (1, "draw")
    assert codes(g.players[0].hand) == ["4C", "6C", "8C"]


def test_classic_pickup_still_ends_with_a_discard() -> None:
    g = arrange("classic", phase="draw", hands={0: "9H 9D 4C 6C"}, pile="8C 9C", opened={0: True})
    g.apply(PickUp())
    assert reason(g, EndTurn()) == "must_discard"
    g.apply(Discard(card("4C")))
    assert g.turn == 1


@pytest.mark.parametrize("rules", [PRESETS["thirteen"], PRESETS["hkf"], PRESETS["pagat"],
                                   preset("classic", pickup_minimum="hand_only")])
def test_pickup_before_opening_counts_top_pair_and_hand_melds_only(rules: object) -> None:
    """003 ("Taking the pile": not the cards picked up), 004 ("Taking the discard pile":
    the cards underneath don't count), and classic's house rule ``hand_only``."""
    # Round 1: 50 needed.  The pile's aces (80 points) are under the top king.
    hand = {0: "KS KD QS QH QD 5C"}
    g = arrange(rules, phase="draw", hands=hand, pile="AS AH AD AC KH")  # type: ignore[arg-type]
    assert g.minimum(0) == 50
    assert reason(g, PickUp()) == "below_minimum"  # K K K = 30
    assert reason(g, PickUp((play(14, "AS AH AD"),))) == "card_not_in_hand"
    g.apply(PickUp((play(12, "QS QH QD"),)))  # 30 + 30 = 60
    assert g.teams[0].opened
    assert sorted(m.rank for m in g.teams[0].melds) == [12, 13]
    assert codes(g.players[0].hand) == ["5C", "AC", "AD", "AH", "AS"]
    assert g.minimum(0) == 0


def test_classic_pickup_before_opening_counts_melds_from_the_taken_cards() -> None:
    """000, "Picking Up the Discard Pile": the top card, the pair "and any other melds you lay
    down that turn" must reach the minimum; the pile's cards count once melded."""
    # Round 1: 50 needed.  K K K = 30; the aces under the king make A A A = 60 more.
    g = arrange("classic", phase="draw", hands={0: "KS KD 5C 9H"}, pile="8C AS AH AD KH")
    assert reason(g, PickUp()) == "below_minimum"
    assert reason(g, PickUp((play(14, "AS AH AD AC"),))) == "card_not_in_hand"  # one ace too many
    g.apply(PickUp((play(14, "AS AH AD"),)))
    assert g.teams[0].opened and g.minimum(0) == 0
    assert [(m.rank, codes(m.cards)) for m in g.teams[0].melds] == [
        (13, ["KD", "KH", "KS"]), (14, ["AD", "AH", "AS"])]
    assert codes(g.players[0].hand) == ["5C", "8C", "9H"]
    assert g.pile == []


def test_classic_pickup_taken_cards_mix_with_the_hand_and_join_the_pile_meld() -> None:
    # 000: a queen from the hand and two from the pile make a meld; a king from the pile
    # joins the pile's meld.  K K K K = 40, Q Q Q = 30: 70 >= 50.
    g = arrange("classic", phase="draw", hands={0: "KS KD QS 5C 9H"}, pile="QH KC QD KH")
    g.apply(PickUp((play(13, "KC"), play(12, "QS QH QD"))))
    assert [(m.rank, len(m.cards)) for m in g.teams[0].melds] == [(13, 4), (12, 3)]
    assert codes(g.players[0].hand) == ["5C", "9H"]
    # The cards under the top seven stay in the pile and can't be melded.
    pile = "AS AH AD 8C 4C 4D 4H 6C 6D 6H KH"
    g = arrange("classic", phase="draw", hands={0: "KS KD 5C"}, pile=pile)
    assert reason(g, PickUp((play(14, "AS AH AD"),))) == "card_not_in_hand"
    g.apply(PickUp((play(4, "4C 4D 4H"), play(6, "6C 6D 6H"))))  # 30 + 15 + 15 = 60
    assert codes(g.pile) == ["8C", "AD", "AH", "AS"] and codes(g.players[0].hand) == ["5C"]


def test_classic_pickup_with_pile_cards_keeps_the_foot_rule() -> None:
    # 000: in the foot, a player keeps a card to discard; cards from the pile count as hand cards.
    g = arrange("classic", phase="draw", hands={0: "KS KD"}, pile="AS AH AD KH", stage={0: "foot"})
    assert reason(g, PickUp((play(14, "AS AH AD"),))) in ("need_books", "keep_two")


def test_a_third_natural_laid_with_the_pickup_joins_the_pile_meld() -> None:
    # Top K, pair K K, a third K from the hand and 5-5-5: 40 + 15 = 55 >= 50.
    hand = {0: "KS KD KC 5S 5H 5D 8C"}
    g = arrange("classic", phase="draw", hands=hand, pile="AS KH")
    assert reason(g, PickUp((play(5, "5S 5H 5D"),))) == "below_minimum"  # 30 + 15
    assert reason(g, PickUp((play(13, "KC KC"), play(5, "5S 5H 5D")))) == "card_not_in_hand"
    g.apply(PickUp((play(13, "KC"), play(5, "5S 5H 5D"))))
    assert [(m.rank, len(m.cards)) for m in g.teams[0].melds] == [(13, 4), (5, 3)]
    assert codes(g.players[0].hand) == ["8C", "AS"]


def test_pickup_before_opening_house_switches() -> None:
    never = preset("classic", pickup_before_opening="never")
    g = arrange(never, phase="draw", hands={0: "KS KD QS QH QD 5C"}, pile="AS AH AD AC KH")
    assert reason(g, PickUp((play(12, "QS QH QD"),))) == "pickup_before_opening"
    g = arrange(never, phase="draw", hands={0: "KS KD 5C"}, pile="AS KH", opened={0: True})
    g.apply(PickUp())  # once the team has melded, the pile is open again
    top_only = preset("hkf", pickup_before_opening="top_only")
    g = arrange(top_only, phase="draw", hands={0: "KS KD QS QH QD 6C"}, pile="AS AH AD AC KH")
    g.apply(PickUp((play(12, "QS QH QD"),)))
    assert codes(g.pile) == ["AC", "AD", "AH", "AS"]  # only the top card was taken
    assert codes(g.players[0].hand) == ["6C"]


def test_rook_has_no_pickup_and_draws_one() -> None:
    g = arrange("rook", phase="draw", hands={0: "B9 R9 Y5"}, pile="G9", stock_top="B7 B8")
    assert reason(g, PickUp()) == "no_pickup"
    assert all(not isinstance(a, PickUp) for a in legal_actions(g))
    g.apply(Draw())
    assert codes(g.players[0].hand) == codes(cards("B9 R9 Y5 B7"))
    assert C.code(g.stock[-1]) == "B8"


@pytest.mark.parametrize("name", ["classic", "pagat", "thirteen", "hkf"])
def test_draw_two_from_the_stock(name: str) -> None:
    g = arrange(name, phase="draw", hands={0: "9S"}, stock_top="4C 4D 4H")
    g.apply(Draw())
    assert codes(g.players[0].hand) == codes(cards("9S 4C 4D"))
    assert reason(g, Draw()) == "already_drew"


# ----- melds ---------------------------------------------------------------------


@pytest.mark.parametrize(("name", "rank", "text", "why"), [
    ("classic", 9, "9S 9H JK", None),
    ("classic", 9, "9S JK 2C", "too_few_naturals"),
    ("classic", 9, "9S 9H 9D 2C 2D 2H", None),
    ("classic", 9, "9S 9H 2C 2D 2H", "too_many_wilds"),
    ("pagat", 9, "9S 9H JK", None),
    ("pagat", 9, "9S 9H 9D JK 2C", "too_many_wilds"),
    ("pagat", 9, "9S 9H 9D 9C JK 2C", None),
    ("thirteen", 9, "9S 9H 9D 9C 9S JK 2C", None),
    ("thirteen", 9, "9S 9H 9D 9C 2S JK 2C", "too_many_wilds"),
    ("rook", 9, "B9 R9 ROOK", None),
    ("rook", 9, "B9 ROOK B2", "too_few_naturals"),
    ("rook", 9, "B9 R9 Y9 ROOK B2 R2", None),
    ("hkf", 9, "9S 9H JK 2C", None),
    ("hkf", 9, "9S 9H 9D 9C JK 2C 2D", "too_many_wilds"),
    ("hkf", 9, "9S JK 2C", "too_few_naturals"),
    ("hkf", 5, "5S 5H JK", "no_wilds_allowed"),
    ("hkf", 7, "7S 7H 7D 2C", "no_wilds_allowed"),
    ("hkf", 7, "7S 7H 7D", None),
    ("classic", 9, "9S 9H 8D", "wrong_rank"),
    ("classic", 9, "9S 9H", "meld_too_small"),
    ("classic", 3, "3H 3D 3H", "red_three_meld"),
    ("rook", 3, "B3 Y3 G3", None),  # only red Rook 3s are special
    ("rook", 1, "B1 Y1 G1", None),
])
def test_wild_limits_and_meld_shapes(name: str, rank: int, text: str, why: str | None) -> None:
    filler = "B5 B6" if name == "rook" else "4C 6C"
    if rank == 3 and name == "classic":  # red 3s never reach a hand: check the meld alone
        with pytest.raises(RuleViolation) as err:
            check_meld(PRESETS[name], rank, cards(text), going_out=True)
        assert err.value.reason == why
        return
    g = arrange(name, hands={0: f"{text} {filler}"}, opened={0: True})
    action = Meld((play(rank, text),))
    if why is None:
        g.apply(action)
        assert codes(g.teams[0].melds[-1].cards) == codes(cards(text))
    else:
        assert reason(g, action) == why


@pytest.mark.parametrize(("name", "why"), [
    ("classic", "no_wild_melds"), ("pagat", None), ("thirteen", None), ("hkf", None),
])
def test_wild_only_melds(name: str, why: str | None) -> None:
    g = arrange(name, hands={0: "JK JK 2C 4C 6C"}, opened={0: True})
    action = Meld((play("W", "JK JK 2C"),))
    if why:
        assert reason(g, action) == why
    else:
        g.apply(action)
        assert g.teams[0].melds[0].kind() == "wild"
    if name == "pagat":
        g = arrange(name, hands={0: "JK JK 9C 4C 6C"}, opened={0: True})
        assert reason(g, Meld((play("W", "JK JK 9C"),))) == "wild_meld_natural"


def test_rook_all_dirty_meld() -> None:
    g = arrange("rook", hands={0: "ROOK B2 R2 B5 B6"}, opened={0: True})
    g.apply(Meld((play("W", "ROOK B2 R2"),)))
    assert g.teams[0].melds[0].kind() == "wild"


def test_one_open_meld_per_rank() -> None:
    g = arrange("classic", hands={0: "9D 9C 9S 9H 4C 6C"}, melds={0: [(9, "9S 9H 9D")]})
    assert reason(g, Meld((play(9, "9D 9C 9S"),))) == "meld_exists"
    g2 = arrange("classic", hands={0: "9D 9C 9S 9H 9D 9C 4C"}, opened={0: True})
    assert reason(g2, Meld((play(9, "9D 9C 9S"), play(9, "9H 9D 9C")))) == "meld_exists"
    g.apply(Meld((onto(0, "9D 9C"),)))
    assert len(g.teams[0].melds[0].cards) == 5


def test_book_closes_at_seven_then_a_new_meld_of_that_rank_may_start() -> None:
    g = arrange("classic", hands={0: "9D 9C 9S 9H 4C 6C"},
                melds={0: [(9, "9S 9H 9D 9C 9S 9H 9D")]})
    assert reason(g, Meld((onto(0, "9D"),))) == "book_closed"
    g.apply(Meld((play(9, "9D 9C 9S"),)))
    assert [len(m.cards) for m in g.teams[0].melds] == [7, 3]
    g = arrange("classic", hands={0: "9D 9C 9S 4C 6C"}, melds={0: [(9, "9S 9H 9D 9C 9S")]})
    assert reason(g, Meld((onto(0, "9D 9C 9S"),))) == "meld_too_big"


def test_hkf_extras_on_books_house_rule() -> None:
    """004, "Agree before you deal", "Extra cards on a finished canasta": only on a canasta
    that isn't one of the five needed, never on 5s, 7s or wild cards; off by default."""
    assert reason(arrange("hkf", hands={0: "KS 4C 6C"}, melds={0: [(13, "KS KH KD KC KS KH KD")]}),
                  Meld((onto(0, "KS"),))) == "book_closed"
    rules = preset("hkf", extras_on_books=True)
    melds = {0: [(13, "KS KH KD KC KS KH KD"), (7, "7S 7H 7D 7C 7S 7H 7D"),
                 ("W", "JK JK 2S 2C 2D 2H 2S"), (5, "5S 5H 5D 5C 5S 5H 5D")]}
    g = arrange(rules, hands={0: "KS 7C 5C JK 4C 6C"}, melds=melds)
    assert reason(g, Meld((onto(1, "7C"),))) == "book_closed"
    assert reason(g, Meld((onto(2, "JK"),))) == "book_closed"
    assert reason(g, Meld((onto(3, "5C"),))) == "book_closed"
    # The only clean canasta is one of the five: nothing goes on it.
    assert reason(g, Meld((onto(0, "KS"),))) == "book_closed"
    # A second clean canasta is spare: extras go on it (and on the first, now that one is spare).
    melds[0].append((12, "QS QH QD QC QS QH QD"))
    g = arrange(rules, hands={0: "KS QC 4C 6C"}, melds=melds)
    g.apply(Meld((onto(4, "QC"),)))
    g.apply(Meld((onto(0, "KS"),)))
    assert [len(m.cards) for m in g.teams[0].melds] == [8, 7, 7, 7, 8]


def test_extras_on_books_in_classic_only_on_a_book_not_needed() -> None:
    # The same switch in the classic game: one clean and one dirty book are needed, and a
    # second clean book stands for the dirty one, so only a third book is spare.
    rules = preset("classic", extras_on_books=True)
    two = [(13, "KS KH KD KC KS KH KD"), (12, "QS QH QD QC QS QH QD")]
    g = arrange(rules, hands={0: "KS QC 4C 6C"}, melds={0: two})
    assert reason(g, Meld((onto(0, "KS"),))) == "book_closed"
    g = arrange(rules, hands={0: "KS QC 4C 6C"}, melds={0: [*two, (11, "JS JH JD JC JS JH JD")]})
    g.apply(Meld((onto(0, "KS"),)))
    assert len(g.teams[0].melds[0].cards) == 8


# ----- the first meld ------------------------------------------------------------


@pytest.mark.parametrize("name", ["classic", "pagat", "thirteen", "hkf"])
def test_first_meld_minimum_by_round(name: str) -> None:
    for index, need in enumerate((50, 90, 120, 150)):
        assert arrange(name, round_index=index).minimum(0) == need
    g = arrange(name, round_index=1, hands={0: "AS AH AD KS KH KD 4C"})
    assert reason(g, Meld((play(14, "AS AH AD"),))) == "below_minimum"
    g.apply(Meld((play(14, "AS AH AD"), play(13, "KS KH KD"))))  # 60 + 30 = 90
    assert g.teams[0].opened and g.minimum(0) == 0


@pytest.mark.parametrize(("total", "need"), [
    (0, 60), (3499, 60), (3500, 90), (5499, 90), (5500, 120), (7499, 120), (7500, 150),
    (-400, 60),
])
def test_rook_first_meld_minimum_by_team_score(total: int, need: int) -> None:
    g = arrange("rook", totals=(total, 4000))
    assert g.minimum(0) == need
    assert g.minimum(1) == 90


def test_rook_first_meld_refused_below_the_score_minimum() -> None:
    g = arrange("rook", totals=(3500, 0), hands={0: "B14 R14 Y14 B13 R13 Y13 B5"})
    assert reason(g, Meld((play(14, "B14 R14 Y14"),))) == "below_minimum"  # 60 < 90
    g.apply(Meld((play(14, "B14 R14 Y14"), play(13, "B13 R13 Y13"))))


def test_first_meld_house_switches() -> None:
    sixty = preset("hkf", first_meld_by_round=(60, 90, 120, 150))
    assert arrange(sixty).minimum(0) == 60
    by_score = preset("hkf", first_meld_by_round=(), first_meld_by_score=ROOK_SCORE_MINIMUMS)
    assert arrange(by_score, totals=(6000, 0), round_index=0).minimum(0) == 120


def test_source_000_first_meld_example() -> None:
    # Round 1: three queens (30) and 7-7-2 (30) make 60 >= 50; queens alone refused.
    g = arrange("classic", hands={0: "QS QH QD 7S 7H 2C 5C 6C"})
    queens = play(12, "QS QH QD")
    err = g.check(Meld((queens,)))
    assert err is not None and err.reason == "below_minimum" and "this is 30" in str(err)
    g.apply(Meld((queens, play(7, "7S 7H 2C"))))
    assert [m.rank for m in g.teams[0].melds] == [12, 7]


def test_source_004_round_three_first_meld_example() -> None:
    # Round 3: K K K (30) + A A Jk (90) = 120, exactly enough; without the kings, 90.
    g = arrange("hkf", round_index=2, hands={0: "KS KH KD AS AH JK 9C 8C"})
    assert g.minimum(0) == 120
    assert reason(g, Meld((play(14, "AS AH JK"),))) == "below_minimum"
    g.apply(Meld((play(13, "KS KH KD"), play(14, "AS AH JK"))))
    assert g.teams[0].opened


# ----- threes --------------------------------------------------------------------


@pytest.mark.parametrize("name", ["classic", "pagat", "thirteen", "hkf"])
def test_red_three_drawn_is_laid_out_and_replaced_again_and_again(name: str) -> None:
    g = arrange(name, phase="draw", hands={0: "5C"}, red_threes={0: ""},
                stock_top="3H 9C 3D 8S 4C")
    g.apply(Draw())
    assert codes(g.teams[0].red_threes) == ["3D", "3H"]
    assert codes(g.players[0].hand) == ["5C", "8S", "9C"]
    assert C.code(g.stock[-1]) == "4C"


def test_rook_red_three_drawn_is_laid_out_and_replaced() -> None:
    g = arrange("rook", phase="draw", hands={0: "B5"}, red_threes={0: ""}, stock_top="R3 B9")
    g.apply(Draw())
    assert codes(g.teams[0].red_threes) == ["R3"]
    assert codes(g.players[0].hand) == ["B5", "B9"]


FOOT_WITH_RED3 = "3H 4C 4D 4H 4S 6C 6D 6H 6S 8C 8D"


@pytest.mark.parametrize(("name", "size"), [("classic", 11), ("hkf", 10)])
def test_red_three_in_the_foot_replaced_except_in_hkf(name: str, size: int) -> None:
    stage = {0: "knee"} if name == "hkf" else {}
    g = arrange(name, hands={0: "9S 9H 9D"}, feet={0: FOOT_WITH_RED3}, stage=stage,
                red_threes={0: ""}, opened={0: True})
    stock = len(g.stock)
    g.apply(Meld((play(9, "9S 9H 9D"),)))
    p = g.players[0]
    assert p.foot_taken and g.phase == "play" and g.turn == 0
    assert codes(g.teams[0].red_threes) == ["3H"]
    assert len(p.hand) == size
    assert len(g.stock) == stock - (size - 10)  # one replacement card, or none


def test_no_hand_holds_a_red_three_after_the_deal() -> None:
    for name, rules in PRESETS.items():
        for number in (1, 2, 3, 4, 5):
            g = Game(rules, number)
            for p in g.players:
                assert not any(C.is_red_three(c) for c in p.hand), (name, number)


def test_classic_black_threes_meld_only_when_going_out() -> None:
    books = {0: BOOKS_CLASSIC}
    g = arrange("classic", hands={0: "3C 3S 3C 9H 9D"}, melds=books, stage={0: "foot"},
                permission=True, asked=True)
    assert reason(g, Meld((play(3, "3C 3S 3C"),))) == "black_three_not_out"
    g = arrange("classic", hands={0: "3C 3S JK 9H"}, melds=books, stage={0: "foot"},
                permission=True, asked=True)
    assert reason(g, Meld((play(3, "3C 3S JK"),))) == "black_three_wild"
    g = arrange("classic", hands={0: "3C 3S 3C"}, melds=books, stage={0: "foot"},
                permission=True, asked=True)
    g.apply(Meld((play(3, "3C 3S 3C"),)))
    assert g.went_out == 0 and g.phase == "round_over"
    assert g.results[-1].scores[0].by_kind("going_out") == 100


@pytest.mark.parametrize("name", ["thirteen", "hkf", "pagat"])
def test_black_threes_never_meld_elsewhere(name: str) -> None:
    g = arrange(name, hands={0: "3C 3S 3C"}, melds={0: BOOKS[name]}, stage={0: "foot"},
                played_foot=[2], permission=True, asked=True)
    assert reason(g, Meld((play(3, "3C 3S 3C"),))) == "black_three_meld"


# ----- hand, knee and foot ---------------------------------------------------------


def test_meld_the_last_hand_card_and_play_the_foot_at_once() -> None:
    g = arrange("classic", hands={0: "9S 9H 9D"}, feet={0: "4C 4D 4H 5C 5D 5H 6C 6D 6H 8C 8D"},
                opened={0: True})
    g.apply(Meld((play(9, "9S 9H 9D"),)))
    p = g.players[0]
    assert p.stage == "foot" and g.turn == 0 and g.phase == "play"
    assert len(p.hand) == 11
    g.apply(Meld((play(4, "4C 4D 4H"),)))  # playing from the foot in the same turn
    g.apply(Discard(card("8C")))
    assert p.played_foot


def test_discard_the_last_hand_card_and_play_the_foot_next_turn() -> None:
    g = arrange("pagat", hands={0: "5C"}, feet={0: "4C 4D 4H 5C 5D 5H 6C 6D 6H 8C 8D 9C 9D"})
    g.apply(Discard(card("5C")))
    p = g.players[0]
    assert g.turn == 1
    assert p.stage == "foot" and len(p.hand) == 13
    # Picked up but not yet played from: it doesn't count as playing from the foot.
    assert not p.played_foot


def test_partner_who_only_discarded_into_the_foot_has_not_played_from_it() -> None:
    # Pagat: North discards the last hand card (picks up the foot, plays it next turn);
    # South, in the foot with every book and a yes, still may not go out.
    g = arrange("pagat", turn=2, hands={2: "5C", 0: "4C"}, melds={0: BOOKS_PAGAT},
                stage={0: "foot"}, played_foot=[0])
    g.apply(Discard(card("5C")))
    assert g.players[2].stage == "foot" and not g.players[2].played_foot
    g.turn, g.phase, g.permission, g.asked = 0, "play", True, True  # South's next turn
    assert reason(g, Discard(card("4C"))) == "partner_not_in_foot"


@pytest.mark.parametrize(("name", "keep"), [("classic", 2), ("thirteen", 2), ("pagat", 2)])
def test_keep_cards_in_the_foot_until_allowed_out(name: str, keep: int) -> None:
    g = arrange(name, hands={0: "9S 9H 9D 4C"}, stage={0: "foot"}, opened={0: True})
    assert reason(g, Meld((play(9, "9S 9H 9D"),))) == "keep_two"
    g = arrange(name, hands={0: "9S 9H 9D 4C 5C"}, stage={0: "foot"}, opened={0: True})
    g.apply(Meld((play(9, "9S 9H 9D"),)))
    assert len(g.players[0].hand) == keep
    g.apply(Discard(card("4C")))  # a discard may leave one card
    g = arrange(name, hands={0: "4C"}, stage={0: "foot"}, opened={0: True})
    assert reason(g, Discard(card("4C"))) == "need_books"


# ----- going out -------------------------------------------------------------------


def books(specs: list[tuple[int | str, int]]) -> list[TableMeld]:
    out = []
    for rank, wilds in specs:
        r = C.WILD_RANK if rank == "W" else int(rank)
        cs = [C.JOKER] * 7 if r == C.WILD_RANK else [C.make(r, 0)] * (7 - wilds) + [C.JOKER] * wilds
        out.append(TableMeld(r, cs))
    return out


@pytest.mark.parametrize(("name", "specs", "ok"), [
    ("classic", [(13, 0), (12, 1)], True),
    ("classic", [(13, 0), (12, 0)], True),  # a second clean book stands for the dirty one
    ("classic", [(13, 0)], False),
    ("classic", [(13, 1), (12, 1)], False),
    ("pagat", [(13, 0), (12, 0), (11, 1), (10, 1), ("W", 0)], True),
    ("pagat", [(13, 0), (12, 0), (11, 0), (10, 1), ("W", 0)], False),
    ("pagat", [(13, 0), (12, 0), (11, 1), (10, 1)], False),
    ("thirteen", [(13, 0), (12, 0), (11, 1), (10, 1), ("W", 0)], True),
    ("thirteen", [(13, 0), (11, 1), (10, 1), (9, 1), ("W", 0)], False),
    ("rook", [(13, 0), (12, 0), (11, 1)], True),
    ("rook", [(13, 0), (12, 0), (11, 0)], False),
    ("rook", [(13, 0), (12, 1), (11, 1)], False),
    ("hkf", [(7, 0), (5, 0), ("W", 0), (13, 0), (12, 1)], True),
    ("hkf", [(7, 0), (5, 0), ("W", 0), (12, 1), (11, 1)], False),  # 7s aren't the clean one
    ("hkf", [(7, 0), (5, 0), ("W", 0), (13, 0), (12, 0)], False),
    ("hkf", [(7, 0), ("W", 0), (13, 0), (12, 1)], False),
])
def test_books_needed_to_go_out(name: str, specs: list[tuple[int | str, int]], ok: bool) -> None:
    assert (missing_books(PRESETS[name], books(specs)) == []) is ok


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_going_out_by_discard_in_every_preset(name: str) -> None:
    last = "B9" if name == "rook" else "9S"
    asked = PRESETS[name].ask_partner
    g = arrange(name, hands={0: last}, melds={0: BOOKS[name]}, stage={0: "foot", 2: "foot"},
                played_foot=[2], permission=True if asked else None, asked=asked)
    g.apply(Discard(card(last)))
    assert g.went_out == 0 and g.phase == "round_over"
    bonus = g.results[-1].scores[0].by_kind("going_out")
    assert bonus == {"classic": 100, "pagat": 100, "thirteen": 100, "rook": 300, "hkf": 200}[name]


def test_cannot_go_out_without_the_books_or_outside_the_foot() -> None:
    g = arrange("classic", hands={0: "4C"}, melds={0: BOOKS_CLASSIC[:1]}, stage={0: "foot"},
                permission=True, asked=True)
    assert reason(g, Discard(card("4C"))) == "need_books"
    g = arrange("hkf", hands={0: "4C 5C"}, melds={0: BOOKS_HKF}, stage={0: "knee"})
    assert reason(g, AskGoOut()) == "not_in_foot"


@pytest.mark.parametrize(("rules", "needs_partner"), [
    (PRESETS["pagat"], "played"), (PRESETS["thirteen"], "played"), (PRESETS["classic"], "no"),
    (preset("classic", partner_in_foot="played"), "played"), (PRESETS["hkf"], "no"),
    (preset("hkf", partner_in_foot="played"), "played"),
    (preset("hkf", partner_in_foot="in_foot"), "in_foot"),
    (preset("classic", partner_in_foot="in_foot"), "in_foot"),
    (preset("pagat", partner_in_foot="no"), "no"),
])
def test_partner_in_the_foot_each_reading(rules: object, needs_partner: str) -> None:
    """001 ("partner must have played from their foot"), 003 ("Going out"): a turn played
    from the foot; 004 ("Agree before you deal", "Your partner in their foot"): both
    partners are in their feet, picked up being enough; "no": nothing asked of the partner."""
    name = rules.name  # type: ignore[attr-defined]
    # North is in the foot but has not yet played a turn from it.
    g = arrange(rules, hands={0: "4C"}, melds={0: BOOKS[name]},  # type: ignore[arg-type]
                stage={0: "foot", 2: "foot"}, permission=True, asked=True)
    if needs_partner == "played":
        assert reason(g, Discard(card("4C"))) == "partner_not_in_foot"
        g.players[2].played_foot = True
    g.apply(Discard(card("4C")))
    assert g.went_out == 0
    # North still plays from the hand: only the "no" reading lets South go out.
    g = arrange(rules, hands={0: "4C"}, melds={0: BOOKS[name]},  # type: ignore[arg-type]
                stage={0: "foot"}, permission=True, asked=True)
    if needs_partner == "no":
        g.apply(Discard(card("4C")))
        assert g.went_out == 0
    else:
        assert reason(g, Discard(card("4C"))) == "partner_not_in_foot"


def test_in_foot_counts_from_the_moment_the_foot_is_picked_up() -> None:
    # 004, "Agree before you deal": North discards the last hand card, so is in the foot
    # (to be played next turn); under "in_foot" South may then go out, under "played" not.
    for value, out in (("in_foot", True), ("played", False)):
        g = arrange(preset("hkf", partner_in_foot=value), turn=2, hands={2: "6C", 0: "4C"},
                    melds={0: BOOKS_HKF}, stage={0: "foot", 2: "knee"}, played_foot=[0])
        g.apply(Discard(card("6C")))
        assert g.players[2].stage == "foot" and not g.players[2].played_foot
        g.turn, g.phase, g.permission, g.asked = 0, "play", True, True
        assert (g.check(Discard(card("4C"))) is None) is out


def test_ask_partner_once_a_turn_and_a_no_is_binding() -> None:
    g = arrange("classic", hands={0: "9S 4C 5C"}, melds={0: BOOKS_CLASSIC}, stage={0: "foot"})
    assert reason(g, Answer(True)) == "no_question"
    g.apply(AskGoOut())
    assert g.phase == "answer" and g.to_act == 2
    assert reason(g, Discard(card("4C"))) == "awaiting_answer"
    g.apply(Answer(False))
    assert g.phase == "play" and g.to_act == 0
    assert reason(g, AskGoOut()) == "asked_already"
    g.apply(Discard(card("9S")))
    g.turn, g.phase = 0, "play"  # South's next turn (others' turns skipped)
    g.players[0].hand = cards("4C")
    g.stock.append(card("5C"))
    assert reason(g, Discard(card("4C"))) == "ask_first"
    g.apply(AskGoOut())
    g.apply(Answer(True))
    g.apply(Discard(card("4C")))
    assert g.went_out == 0


def test_a_no_forbids_going_out_for_the_rest_of_the_turn() -> None:
    g = arrange("classic", hands={0: "9S 9H 9D"}, melds={0: BOOKS_CLASSIC}, stage={0: "foot"})
    g.apply(AskGoOut())
    g.apply(Answer(False))
    assert reason(g, Meld((play(9, "9S 9H 9D"),))) == "partner_said_no"


def test_asking_only_from_the_foot() -> None:
    g = arrange("classic", hands={0: "9S 4C 5C"}, melds={0: BOOKS_CLASSIC})
    assert reason(g, AskGoOut()) == "not_in_foot"


def test_rook_never_asks() -> None:
    g = arrange("rook", hands={0: "B9 B5"}, melds={0: BOOKS_ROOK}, stage={0: "foot"})
    assert reason(g, AskGoOut()) == "no_asking"
    assert AskGoOut() not in legal_actions(g)


def test_go_out_by_discard_required() -> None:
    rules = preset("classic", go_out_discard="required")
    g = arrange(rules, hands={0: "9S 9H 9D"}, melds={0: BOOKS_CLASSIC}, stage={0: "foot"},
                permission=True, asked=True)
    assert reason(g, Meld((play(9, "9S 9H 9D"),))) == "keep_discard"
    g = arrange(rules, hands={0: "9S 9H 9D 4C"}, melds={0: BOOKS_CLASSIC}, stage={0: "foot"},
                permission=True, asked=True)
    g.apply(Meld((play(9, "9S 9H 9D"),)))
    g.apply(Discard(card("4C")))
    assert g.went_out == 0


def test_go_out_by_discard_forbidden() -> None:
    rules = preset("classic", go_out_discard="forbidden")
    g = arrange(rules, hands={0: "4C"}, melds={0: BOOKS_CLASSIC}, stage={0: "foot"},
                permission=True, asked=True)
    assert reason(g, Discard(card("4C"))) == "no_discard_out"
    g = arrange(rules, hands={0: "9S 9H 9D 4C"}, melds={0: BOOKS_CLASSIC}, stage={0: "foot"},
                permission=True, asked=True)
    assert reason(g, Meld((play(9, "9S 9H 9D"),))) == "keep_two"
    g = arrange(rules, hands={0: "9S 9H 9D"}, melds={0: BOOKS_CLASSIC}, stage={0: "foot"},
                permission=True, asked=True)
    g.apply(Meld((play(9, "9S 9H 9D"),)))
    assert g.went_out == 0


# ----- the stock running out -------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_stock_running_out_ends_the_round_without_a_bonus(name: str) -> None:
    hand = "B5 B6 B7" if name == "rook" else "5C 6C 8C"
    top = "B4" if name == "rook" else "4S"
    g = arrange(name, phase="draw", hands={0: hand}, stock_top=top, stock_size=1,
                melds={0: BOOKS[name]})
    g.apply(Draw())
    assert len(g.players[0].hand) == 4 and g.stock == []  # took what was there
    assert g.phase == "play"
    g.apply(Discard(cards(hand)[0]))
    assert g.phase in ("round_over", "game_over") and g.went_out is None
    assert g.results[-1].went_out is None
    assert all(s.by_kind("going_out") == 0 for s in g.results[-1].scores)
    assert g.results[-1].scores[0].by_kind("books") > 0


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_stock_emptied_by_an_unreplaced_red_three_does_not_trap_the_player(name: str) -> None:
    # In the foot with one card, the last stock card is a red 3 and cannot be
    # replaced: the player may end the turn without a discard, and the round
    # ends because the stock is empty.
    last, red = ("B9", "R3") if name == "rook" else ("9S", "3H")
    g = arrange(name, phase="draw", hands={0: last}, stage={0: "foot"}, opened={0: True},
                stock_top=red, stock_size=1, red_threes={0: ""})
    g.apply(Draw())
    assert codes(g.players[0].hand) == [last]
    assert legal_actions(g) == [EndTurn()] or EndTurn() in legal_actions(g)
    g.apply(EndTurn())
    assert g.phase in ("round_over", "game_over") and g.went_out is None


# ----- the knee ------------------------------------------------------------------------

KNEE0 = "4C 4D 4H 4S 6C 6D 6H 6S 8C 8D 8H 8S 9C"
KNEE2 = "10C 10D 10H 10S JC JD JH JS QC QD QH QS KC"


def test_hkf_finishing_the_first_book_opens_the_knees() -> None:
    g = arrange("hkf", hands={0: "9S 4C 5C", 1: "5D 6D 8D", 2: "AS AH"},
                knees={0: KNEE0, 2: KNEE2}, melds={0: [(9, "9S 9H 9D 9C 9S 9H")]},
                stock_top="5S 5H 6S 6H")
    g.apply(Meld((onto(0, "9S"),)))
    south, north = g.players[0], g.players[2]
    assert south.knee_taken and south.knee == []
    assert codes(south.hand) == codes(cards("4C 5C " + KNEE0))
    assert north.knee_due and not north.knee_taken
    g.apply(Discard(card("4C")))
    g.apply(Draw())  # West
    g.apply(Discard(card("5D")))
    assert not north.knee_taken  # not before North draws
    g.apply(Draw())
    assert north.knee_taken and not north.knee_due
    assert codes(north.hand) == codes(cards("AS AH 6S 6H " + KNEE2))


def test_hkf_partner_taking_the_pile_also_picks_up_the_due_knee() -> None:
    # The pile is taken instead of drawing, so the knee comes with it.
    g = arrange("hkf", turn=2, phase="draw", hands={2: "AS AH 4C"}, knees={2: KNEE2},
                pile="5D AC", opened={0: True})
    g.players[2].knee_due = True
    g.apply(PickUp())
    assert g.players[2].knee_taken
    assert codes(g.players[2].hand) == codes(cards("4C 5D " + KNEE2))


def test_hkf_hand_emptied_before_any_book_takes_the_knee() -> None:
    # Gap decision: the knee is picked up as if the hand were a foot.
    g = arrange("hkf", hands={0: "9S 9H 9D"}, knees={0: KNEE0}, opened={0: True})
    g.apply(Meld((play(9, "9S 9H 9D"),)))
    p = g.players[0]
    assert p.stage == "knee" and g.turn == 0 and len(p.hand) == 13
    g = arrange("hkf", hands={0: "4C"}, knees={0: KNEE0}, opened={0: True})
    g.apply(Discard(card("4C")))
    assert g.players[0].stage == "knee" and g.turn == 1


def test_hkf_red_three_in_the_knee_is_not_replaced() -> None:
    knee = "3H " + " ".join(KNEE0.split()[1:])
    g = arrange("hkf", hands={0: "9S 4C 5C"}, knees={0: knee}, red_threes={0: ""},
                melds={0: [(9, "9S 9H 9D 9C 9S 9H")]})
    g.apply(Meld((onto(0, "9S"),)))
    assert codes(g.teams[0].red_threes) == ["3H"]
    assert len(g.players[0].hand) == 2 + 12


# ----- rounds, dealer and the upcard -----------------------------------------------


def end_round(g: Game) -> None:
    """End the round by running the stock out (cards move to the pile's bottom)."""
    g.pile[:0] = g.stock
    g.stock = []
    g.phase = "play"
    g.apply(Discard(g.players[g.turn].hand[0]))


@pytest.mark.parametrize("name", ["classic", "pagat", "thirteen", "hkf"])
def test_four_rounds_then_the_game_is_over(name: str) -> None:
    g = Game(PRESETS[name], 31)
    starters = []
    for r in range(4):
        starters.append((g.dealer, g.turn))
        assert g.round_index == r
        end_round(g)
        if r < 3:
            assert g.phase == "round_over"
            assert reason(g, Draw()) == "round_over"
            g.apply(NextRound())
    assert g.phase == "game_over" and g.over
    assert reason(g, NextRound()) == "game_over"
    assert starters == [(3, 0), (0, 1), (1, 2), (2, 3)]  # dealer rotates, left of dealer starts
    assert len(g.results) == 4
    assert g.totals == [sum(r.scores[t].total for r in g.results) for t in (0, 1)]
    assert g.winner() == (None if g.totals[0] == g.totals[1] else int(g.totals[1] > g.totals[0]))


def test_next_round_only_between_rounds() -> None:
    g = Game(PRESETS["classic"], 3)
    assert reason(g, NextRound()) == "round_not_over"


def test_rook_ends_after_the_round_a_team_reaches_10000() -> None:
    g = arrange("rook", totals=(9000, 0), phase="play")
    end_round(g)
    assert g.phase == "round_over"  # leftovers keep team 0 below 10,000
    g = arrange("rook", totals=(20000, 0), phase="play")
    end_round(g)
    assert g.phase == "game_over" and g.winner() == 0


def test_rook_game_is_capped_at_twelve_rounds() -> None:
    g = arrange("rook", round_index=10)
    end_round(g)
    assert g.phase == "round_over"
    g = arrange("rook", round_index=11)
    end_round(g)
    assert g.phase == "game_over"


@pytest.mark.parametrize(("rules", "has_upcard"), [
    (PRESETS["classic"], False), (PRESETS["thirteen"], False), (PRESETS["rook"], False),
    (PRESETS["pagat"], True), (PRESETS["hkf"], True), (preset("hkf", upcard=False), False),
    (preset("classic", upcard=True), True),
])
def test_upcard_per_preset(rules: object, has_upcard: bool) -> None:
    for number in range(1, 30):
        g = Game(rules, number)  # type: ignore[arg-type]
        assert len(g.pile) == int(has_upcard)
        if has_upcard:
            up = g.pile[0]
            assert not C.is_wild(up) and not C.is_red_three(up)
            assert C.rank(up) not in g.rules.upcard_skip_ranks


@pytest.mark.parametrize("name", ["pagat", "hkf"])
def test_skipped_upcards_are_buried_under_the_stock(name: str) -> None:
    rules = PRESETS[name]
    found = 0
    for number in range(1, 400):
        plain = Game(preset(name, upcard=False), number)
        first = plain.stock[-1]  # the card that would be turned first
        if not (C.rank(first) in rules.upcard_skip_ranks or C.is_red_three(first)):
            continue
        g = Game(rules, number)
        turned = [c for c in reversed(plain.stock)]
        skipped = []
        for c in turned:
            if C.rank(c) in rules.upcard_skip_ranks or C.is_red_three(c):
                skipped.append(c)
            else:
                break
        assert g.pile == [turned[len(skipped)]]
        assert g.stock[:len(skipped)] == list(reversed(skipped))  # at the bottom
        found += 1
        if found == 3:
            break
    assert found == 3
