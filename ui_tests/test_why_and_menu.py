"""Issue 29, the reviewer's: an open Why? goes at the player's next move (a phone shows it as a compact sheet
over the dock, ``e2e/test_screen.py``), and the Menu opens over whatever screen is showing and closes back to it."""

from __future__ import annotations

import random

from ui.app import App as Controller
from ui.render import page, regions
from ui.settings.model import Settings
from ui.taps import Note


def controller(deal: int) -> Controller:
    ctrl = Controller(Settings(preset="classic"), rng=random.Random(1))
    ctrl.new_game(deal)
    return ctrl


def test_an_open_why_stays_through_the_computers_turns_and_goes_at_my_move() -> None:
    ctrl = controller(5)
    ctrl.handle("draw")
    ctrl.handle("card", "0")
    ctrl.handle("discard")
    while ctrl.bot_to_act():
        ctrl.bot_step()
        if ctrl.why is None and ctrl.lines[-1].reason:
            ctrl.handle("why", str(ctrl.lines[-1].number))
    assert ctrl.why is not None and "why-panel" in regions(ctrl)["r-why"]  # the computers left it open
    ctrl.handle("hint")  # the player turns to their own turn (a tap on the table): the reason goes
    assert ctrl.why is None and regions(ctrl)["r-why"] == ""
    ctrl.handle("why", str(ctrl.lines[-1].number))
    assert ctrl.why is not None
    ctrl.handle("draw")
    assert ctrl.why is None and regions(ctrl)["r-why"] == ""


def test_the_menu_opens_over_the_rules_and_share_shows_its_link_there() -> None:
    """Menu on the Rules screen: the Rules stay under it, Close goes back to them, and Share (which closes
    the Menu, ``ui/browser/platform.py``) shows its link on the Rules, where the player is."""
    ctrl = controller(2)
    ctrl.handle("screen", "rules")
    ctrl.handle("sheet", "menu")
    assert ctrl.screen == "rules" and 'aria-labelledby="sheet-title"' in page(ctrl) and "Rules: " in page(ctrl)
    ctrl.handle("close", "sheet")
    assert ctrl.screen == "rules" and ctrl.sheet is None and "Rules: " in page(ctrl)
    ctrl.handle("sheet", "menu")
    ctrl.sheet, ctrl.share_url = None, "https://example.org/?rules=classic&deal=2"  # what Share does
    ctrl.note = Note("Link copied: paste it to anyone, and they get the same deal with the same rules.")
    shown = page(ctrl)
    assert ctrl.screen == "rules" and 'id="share-link"' in shown and "Link copied" in shown
    ctrl.handle("screen", "stats")
    ctrl.share_url, ctrl.note = "https://example.org/?rules=classic&deal=2", Note("Link copied.")
    assert 'id="share-link"' in page(ctrl)


def test_a_refusal_on_the_table_does_not_follow_the_player_to_another_screen() -> None:
    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.new_game(42)
    ctrl.handle("draw")
    ctrl.handle("discard")  # nothing selected
    assert ctrl.note is not None and ctrl.note.kind == "error" and "Select one card" in page(ctrl)
    ctrl.handle("screen", "games")
    assert ctrl.note is None and "Select one card" not in page(ctrl)
    ctrl.handle("screen", "table")
    ctrl.note = Note("Deal 42 is back on the table.")  # what a tap on another screen told: kept
    ctrl.handle("screen", "table")
    assert ctrl.note is not None
