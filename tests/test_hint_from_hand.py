"""A hint names only cards the player holds, also where the pile's cards count toward the first meld."""

from __future__ import annotations

from collections import Counter

from engine.actions import PickUp
from engine.bots import hint
from engine.bots.hard import HardBot
from engine.views import view_for
from tests.helpers import arrange


def test_hint_never_stages_cards_still_in_the_pile() -> None:
    # 000: the aces under the king would open (K K K + A A A = 90 >= 50), and Hard takes them.
    g = arrange("classic", phase="draw", hands={0: "KS KD 5C 9H 6D"}, pile="8C AS AH AD KH")
    view = view_for(g, 0)
    own = HardBot(0, g.deal_number).decide(view).action
    assert isinstance(own, PickUp) and own.melds and g.is_legal(own)
    suggested = hint(view).action
    assert g.is_legal(suggested)
    if isinstance(suggested, PickUp):
        need = Counter(c for play in suggested.melds for c in play.cards)
        assert all(Counter(view.hand)[c] >= n for c, n in need.items())
