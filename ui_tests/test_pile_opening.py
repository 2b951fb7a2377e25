"""000's first meld with the pickup: cards under the top can be staged, by hand or by the hint."""

from __future__ import annotations

import json
import random

from engine.actions import Draw, PickUp
from tests.helpers import arrange, cards, codes
from ui.app import App as Controller
from ui.render import regions
from ui.settings.model import Settings


def at_the_pile(rules: str = "classic") -> Controller:
    # K K in hand and a K on top: the pair takes the pile; the aces under it open with it (K K K + A A A = 90).
    game = arrange(rules, phase="draw", hands={0: "KS KD 5C 9H 6D"}, pile="8C AS AH AD KH")
    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.resume_game(game)
    return ctrl


def test_staging_the_aces_from_the_pile_and_opening_with_them() -> None:
    ctrl = at_the_pile()
    assert codes(ctrl.pile_preview()) == codes(cards("8C AS AH AD"))
    staging = regions(ctrl)["r-staging"]
    assert 'aria-label="Cards under the top of the pile"' in staging and staging.count('data-act="pile-card"') == 4
    aces = [i for i, c in enumerate(ctrl.pile_preview()) if codes([c])[0].startswith("A")]
    for i in aces:
        ctrl.handle("pile-card", str(i))
    ctrl.handle("new-meld")
    assert ctrl.note is None or ctrl.note.kind != "error", ctrl.note
    assert len(ctrl.staged) == 1 and codes(ctrl.staged[0].cards) == codes(cards("AS AH AD"))
    assert len(ctrl.shown_hand()) == 5  # nothing left the hand
    assert regions(ctrl)["r-staging"].count('data-act="pile-card"') == 1  # the 8 is still to choose
    ctrl.handle("lay-down")  # not before the pickup
    assert ctrl.note is not None and ctrl.note.kind == "error"
    ctrl.handle("pickup")
    assert ctrl.note is None or ctrl.note.kind != "error", ctrl.note
    melds = sorted(codes(m.cards) for m in ctrl.game.teams[0].melds)
    assert melds == sorted([codes(cards("AS AH AD")), codes(cards("KS KD KH"))])
    assert codes(ctrl.game.players[0].hand) == codes(cards("5C 9H 6D 8C"))


def test_the_hint_stages_the_pile_cards_and_play_it_opens() -> None:
    ctrl = at_the_pile()
    ctrl.handle("hint")
    assert isinstance(ctrl.hint_action, PickUp)
    assert [codes(s.pile_cards) for s in ctrl.staged] == [codes(cards("AS AH AD"))]
    ctrl.handle("play-hint")
    assert ctrl.game.teams[0].opened and ctrl.game.phase == "play"


def test_drawing_takes_back_melds_staged_from_the_pile() -> None:
    ctrl = at_the_pile()
    for i in range(1, 4):
        ctrl.handle("pile-card", str(i))
    ctrl.handle("new-meld")
    assert ctrl.staged
    ctrl.handle("draw")
    assert not ctrl.staged and ctrl.pile_preview() == [] and ctrl.note is not None
    assert "taken back" in ctrl.note.text


def test_other_rules_show_no_pile_row() -> None:
    ctrl = at_the_pile("thirteen")  # 003: the cards under the top never count
    assert ctrl.pile_preview() == [] and 'data-act="pile-card"' not in regions(ctrl)["r-staging"]
    ctrl.handle("pile-card", "0")  # an untrusted tap: a quiet no-op
    assert ctrl.pile_selected == []


def test_melds_staged_with_pile_cards_come_back_after_the_page_is_dropped_and_still_open() -> None:
    ctrl = at_the_pile()
    aces = [i for i, c in enumerate(ctrl.pile_preview()) if codes([c])[0].startswith("A")]
    for i in aces:
        ctrl.handle("pile-card", str(i))
    ctrl.handle("new-meld")
    assert len(ctrl.staged) == 1 and ctrl.dirty
    kept = ctrl.lines_data()
    again = Controller(Settings(), rng=random.Random(1))
    again.resume_game(ctrl.game.copy(), lines=kept)
    assert again.staged == ctrl.staged
    assert regions(again)["r-staging"].count('data-act="pile-card"') == 1  # the aces are staged, the 8 free
    again.handle("pickup")
    assert again.game.teams[0].opened and again.game.phase == "play"
    assert sorted(codes(m.cards) for m in again.game.teams[0].melds) == sorted(
        [codes(cards("AS AH AD")), codes(cards("KS KD KH"))]
    )
    # A kept record whose pile positions can't be this pile's now brings nothing back and changes nothing.
    data = json.loads(kept)
    meld = data["staged"][0]
    for pile in ([9, 1, 2], [1, 1, 2], [0, 1, 2], [1, 2], "x", [True, 1, 2], [-1, 1, 2]):
        fresh = Controller(Settings(), rng=random.Random(1))
        fresh.resume_game(ctrl.game.copy(), lines=json.dumps({**data, "staged": [{**meld, "pile": pile}]}))
        assert fresh.staged == [] and fresh.game.phase == "draw", pile
    two = [{**meld, "pile": [1, 2]}, {"cards": meld["cards"], "rank": meld["rank"], "pile": [2, 3]}]
    fresh = Controller(Settings(), rng=random.Random(1))
    fresh.resume_game(ctrl.game.copy(), lines=json.dumps({**data, "staged": two}))  # one pile card twice
    assert fresh.staged == []
    # Once the pile is taken (or a card drawn) the kept pile positions are stale: left out.
    drawn = ctrl.game.copy()
    drawn.apply(Draw())
    fresh = Controller(Settings(), rng=random.Random(1))
    fresh.resume_game(drawn, lines=kept)
    assert fresh.staged == []
