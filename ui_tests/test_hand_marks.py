"""Issue 29 item 6: the hand's marks follow the staging and the draw.  "Can meld" outlines are worked out
from the cards left once some are staged, and the cards just drawn stay marked until the turn ends."""

from __future__ import annotations

import re
from collections import Counter

from engine import cards as C
from ui.app import App
from ui.render import regions
from ui.settings.model import Settings


def outlined(app: App) -> list[str]:
    """The names of the hand's cards drawn with the "can meld" outline."""
    html = regions(app)["r-hand"]
    return re.findall(r'class="card[^"]*meldable[^"]*"[^>]*aria-label="([^"]+)"', html)


def one_wild_two_pairs() -> tuple[App, int, int]:
    """South after the draw, before the side's first meld, holding one wild card and two ranks with just a
    pair each: (the table, the rank staged with the wild card, the other pair's rank)."""
    for deal in range(1, 400):
        app = App(Settings())
        app.new_game(deal)
        app.handle("draw")
        hand = app.shown_hand()
        wilds = [c for c in hand if C.is_wild(c)]
        counts = Counter(C.rank(c) for c in hand if not C.is_wild(c))
        pairs = sorted(r for r, n in counts.items() if n == 2 and r != 3)
        if len(wilds) == 1 and len(pairs) >= 2 and app.minimum() > 0:
            return app, pairs[0], pairs[1]
    raise AssertionError("no such hand")


def test_staging_the_only_wild_card_clears_the_other_pairs_outline() -> None:
    app, staged, other = one_wild_two_pairs()
    others = [C.name(c) for c in app.shown_hand() if C.rank(c) == other and not C.is_wild(c)]
    assert all(any(name in label for label in outlined(app)) for name in others)  # a pair and the wild: a meld
    for i, c in reversed(list(enumerate(app.shown_hand()))):
        if C.is_wild(c) or C.rank(c) == staged:
            app.handle("card", str(i))
    app.handle("new-meld")
    assert len(app.staged) == 1
    labels = outlined(app)
    assert not any(name in label for name in others for label in labels)  # no wild card left to make it a meld


def test_the_cards_just_drawn_are_marked_until_the_turn_ends() -> None:
    app = App(Settings())
    app.new_game(42)
    before = Counter(app.view().hand)
    assert 'class="card' in regions(app)["r-hand"] and " fresh" not in regions(app)["r-hand"]
    app.handle("draw")
    drawn = Counter(app.view().hand) - before
    assert drawn.total() == app.game.rules.draw
    html = regions(app)["r-hand"]
    marked = re.findall(r'class="card[^"]* fresh"[^>]*aria-label="([^"]+)"', html)
    assert len(marked) == drawn.total()
    assert all(any(C.name(c) in label for label in marked) for c in drawn)
    assert "just drawn:" in html  # and said to a screen reader
    app.handle("card", "0")
    assert len(re.findall(r'class="card[^"]* fresh"', regions(app)["r-hand"])) == drawn.total()
    app.handle("discard")
    app.handle("discard")  # a second tap, should the first card be a risky one
    assert not app.human_to_act()
    assert " fresh" not in regions(app)["r-hand"]


def test_a_pair_of_black_3s_and_a_wild_card_is_not_outlined_where_black_3s_take_no_wild_cards() -> None:
    """Classic melds black 3s only as three or more, without wild cards, on the turn one goes out: a pair of
    them beside a wild card is no meld before the draw, nor three of them after it, before the side's first meld
    (three-player deal 77: South holds 3♣ 3♠ and two jokers, and draws a third black 3)."""
    app = App(Settings().with_change("house:players", "3"))
    app.new_game(77)
    hand = app.shown_hand()
    black_threes = [C.name(c) for c in hand if C.rank(c) == 3 and not C.is_red_three(c)]
    assert len(black_threes) == 2 and any(C.is_wild(c) for c in hand)
    for _ in range(2):
        labels = outlined(app)
        assert labels and not any(name in label for name in black_threes for label in labels)
        app.handle("draw")
