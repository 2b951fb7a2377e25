"""Issue 29 item 2: a wild card, or a card that fits one of our melds, is not thrown away in one tap.
Discard asks once ("tap Discard again"); any other card goes in the same one tap as before."""

from __future__ import annotations

import time

from engine import cards as C
from engine.actions import Discard
from engine.moves import meld_targets
from ui.app import App
from ui.render import regions
from ui.settings.model import Settings


def at_my_play(deal: int) -> App:
    app = App(Settings())
    app.new_game(deal)
    app.handle("draw")
    assert app.game.phase == "play" and app.human_to_act()
    return app


def position_of(app: App, wanted: object) -> int:
    return next(i for i, c in enumerate(app.shown_hand()) if wanted(c))  # type: ignore[operator]


def discard_button(app: App) -> str:
    html = regions(app)["r-actions"]
    return next(part for part in html.split("<button") if 'data-act="discard"' in part)


def test_a_wild_card_takes_a_second_tap_and_says_why() -> None:
    app = at_my_play(42)
    i = position_of(app, C.is_wild)
    wild = app.shown_hand()[i]
    app.handle("card", str(i))
    assert "primary" not in discard_button(app)  # not offered as the obvious next tap
    pile = list(app.game.pile)
    app.handle("discard")
    assert app.game.pile == pile and app.human_to_act()  # nothing thrown away yet
    assert app.note is not None and f"The {C.name(wild)} is a wild card" in app.note.text
    assert "Tap Discard again" in app.note.text
    app.handle("discard")
    assert app.game.pile[-1] == wild and not app.human_to_act()


def test_an_ordinary_card_still_goes_in_one_tap_and_no_slower() -> None:
    app = at_my_play(42)
    app.handle("card", str(position_of(app, C.is_wild)))
    assert "primary" not in discard_button(app)  # the wild card beside it is not offered as the next tap
    app.handle("clear")
    i = position_of(app, lambda c: not C.is_wild(c) and not meld_targets(app.game, (c,)))
    card = app.shown_hand()[i]
    app.handle("card", str(i))
    assert "primary" in discard_button(app)
    started = time.perf_counter()
    app.handle("discard")
    took = time.perf_counter() - started
    assert app.game.pile[-1] == card and app.note is None
    assert took < 0.05  # the check adds a look at our melds, not a search


def test_a_card_that_fits_our_meld_asks_first() -> None:
    for deal in range(1, 60):
        app = App(Settings())
        app.new_game(deal)
        for _ in range(400):
            game = app.game
            if game.phase in ("round_over", "game_over"):
                break
            if app.bot_to_act():
                app.bot_step()
                continue
            if game.phase == "play" and len(game.players[0].hand) > 2:
                fits = [i for i, c in enumerate(app.shown_hand()) if not C.is_wild(c) and meld_targets(game, (c,))]
                if fits:
                    card = app.shown_hand()[fits[0]]
                    app.handle("card", str(fits[0]))
                    pile = list(game.pile)
                    app.handle("discard")
                    assert app.game.pile == pile and app.note is not None
                    assert app.note.text.startswith(f"The {C.name(card)} fits your meld of ")
                    app.handle("discard")
                    assert app.game.pile[-1] == card
                    return
            app.handle("hint")
            app.handle("play-hint")
    raise AssertionError("no position with a card that fits our melds")


def test_a_hinted_discard_played_with_play_it_is_not_asked_about() -> None:
    app = at_my_play(42)
    wild = app.shown_hand()[position_of(app, C.is_wild)]
    app.handle("card", str(position_of(app, C.is_wild)))
    app.handle("discard")
    assert app.game.pile[-1:] != [wild]  # tapped by hand, it asks first
    app.session.discard_asked = None  # as if never asked: Play it alone must let it go
    app.hint_action = Discard(wild)  # "Play it" on a hint that discards a wild card: a choice already made
    app.handle("play-hint")
    assert app.game.pile[-1] == wild


def test_melds_staged_and_not_laid_down_ask_before_a_discard_sends_them_back_to_the_hand() -> None:
    from collections import Counter

    for deal in range(1, 300):  # South holds a natural triple after the draw, before the side's first meld
        app = at_my_play(deal)
        ranks = Counter(C.rank(c) for c in app.shown_hand() if not C.is_wild(c) and C.rank(c) > 3)
        triple = next((r for r, n in ranks.items() if n >= 3), None)
        if triple is not None and app.minimum() > 0:
            break
    else:
        raise AssertionError("no such deal")
    picked = [i for i, c in enumerate(app.shown_hand()) if C.rank(c) == triple and not C.is_wild(c)][:3]
    for i in picked:
        app.handle("card", str(i))
    app.handle("new-meld")
    assert len(app.staged) == 1
    i = position_of(app, lambda c: C.rank(c) != triple and not C.is_wild(c) and not meld_targets(app.game, (c,)))
    card = app.shown_hand()[i]
    app.handle("card", str(i))
    pile = list(app.game.pile)
    app.handle("discard")
    assert app.game.pile == pile and app.human_to_act() and len(app.staged) == 1  # nothing lost yet
    assert app.note is not None and "Your staged meld is not laid down yet" in app.note.text
    assert "Tap Discard again" in app.note.text
    app.handle("discard")  # the player means it: the turn ends, the staged cards stay in the hand
    assert app.game.pile[-1] == card and not app.human_to_act()
    assert Counter(C.rank(c) for c in app.game.players[0].hand)[triple] >= 3
