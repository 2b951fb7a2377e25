"""Issue 29 item 1: the round ends on the table.  The play that went out stays on screen (its melds
highlighted, the status line saying what was played) before the round's scores open, and the scores
repeat it in a line of their own."""

from __future__ import annotations

from ui.app import App
from ui.render import page, regions, screen_key
from ui.settings.model import Settings
from ui_tests.helpers import play_out_round


def held(deal: int) -> App:
    """A table whose round's end is held on the play that went out, as the browser's runner does."""
    app = App(Settings())
    app.new_game(deal)
    app.session.hold_ending = True
    return app


def hint_round(app: App) -> None:
    """Play the round out, South taking every hint."""
    for _ in range(3000):
        if app.game.phase in ("round_over", "game_over"):
            return
        if app.bot_to_act():
            app.bot_step()
        else:
            app.handle("hint")
            app.handle("play-hint")


def test_a_computer_going_out_is_shown_on_the_table_before_the_scores() -> None:
    app = held(7)
    play_out_round(app, 3000)
    assert app.game.phase == "round_over" and app.game.went_out == 2
    assert screen_key(app) == "table"  # not yet the scores
    shown = regions(app)
    said = "North went out: laid queens, jacks, discarded 10♥."
    assert said in shown["r-status"]
    assert 'data-act="see-scores"' in shown["r-prompt"]
    assert "Round 1 is over." in shown["r-prompt"]
    # The melds that went down in that turn are the highlighted ones, and only those.
    assert shown["r-us"].count("c-fresh") == 2 and "c-fresh" not in shown["r-them"]
    queens_and_jacks = {i for i, m in enumerate(app.game.teams[0].melds) if m.rank in (11, 12)}
    assert {i for (_t, i) in app.recent.fresh} <= queens_and_jacks and app.recent.fresh
    assert "round-over" not in page(app)
    app.handle("see-scores")
    assert screen_key(app) == "page" and not app.recent.fresh
    scores = page(app)
    assert "round-over" in scores and said in scores  # the recap line on the scores


def test_any_tap_on_the_table_opens_the_scores_and_plays_nothing() -> None:
    app = held(7)
    play_out_round(app, 3000)
    history = list(app.game.history)
    app.handle("next-round")  # N on the keyboard: first the scores, not the next deal
    assert screen_key(app) == "page" and app.game.history == history and app.game.phase == "round_over"
    app.handle("next-round")
    assert app.game.round_index == 1 and screen_key(app) == "table"


def test_the_player_going_out_sees_their_own_play() -> None:
    app = held(2)
    hint_round(app)
    assert app.game.went_out == 0
    shown = regions(app)
    assert "You went out: laid 5s, discarded J♥." in shown["r-status"]
    assert "fresh" in shown["r-us"] and shown["r-center"].count("landed") == 1
    app.handle("see-scores")
    assert "You went out: laid 5s, discarded J♥." in page(app)


def test_the_scores_recap_the_going_out_play_and_offer_the_moves() -> None:
    app = App(Settings())
    app.new_game(42)
    play_out_round(app, 3000)
    assert screen_key(app) == "page"  # nothing holds the round's end without the browser
    scores = page(app)
    assert "West went out: laid 7s, kings, 5s, 9s, 10s, 4s, discarded 6♣." in scores
    assert 'data-act="sheet" data-arg="moves"' in scores
    app.handle("sheet", "moves")
    assert "Recent moves" in regions(app)["r-sheet"] and "West went out!" in regions(app)["r-sheet"]


def test_a_new_game_or_reload_never_lands_in_the_hold() -> None:
    app = held(7)
    play_out_round(app, 3000)
    saved = app.save_data()
    again = App(Settings())
    again.session.hold_ending = True
    again.resume(saved)
    assert again.game.phase == "round_over" and screen_key(again) == "page"
    app.new_game(8)
    assert not app.session.ending
