"""The hint is Hard's own choice, also where the pile's cards count toward the first meld (000)."""

from __future__ import annotations

from engine.actions import PickUp
from engine.bots import hint
from engine.bots.hard import HardBot
from engine.checks import pile_under
from engine.views import view_for
from tests.helpers import arrange, cards, codes


def test_the_hint_opens_with_the_aces_under_the_king() -> None:
    # 000: the aces under the king open (K K K + A A A = 90 >= 50); the table can stage them now.
    g = arrange("classic", phase="draw", hands={0: "KS KD 5C 9H 6D"}, pile="8C AS AH AD KH")
    view = view_for(g, 0)
    own = HardBot(0, g.deal_number).decide(view).action
    suggested = hint(view).action
    assert suggested == own and isinstance(suggested, PickUp) and g.is_legal(suggested)
    assert codes(c for play in suggested.melds for c in play.cards) == codes(cards("AS AH AD"))


def test_cards_under_the_top_count_only_before_the_first_meld_and_only_in_000() -> None:
    g = arrange("classic", phase="draw", hands={0: "KS KD 5C 9H 6D"}, pile="8C AS AH AD KH")
    assert codes(pile_under(g.rules, g.pile, opened=False)) == codes(cards("8C AS AH AD"))
    assert pile_under(g.rules, g.pile, opened=True) == []
    hand_only = g.rules.with_options(pickup_minimum="hand_only")
    assert pile_under(hand_only, g.pile, opened=False) == []
