"""Playing together on one device (issue 27): people in any seats, the device passed between them."""

from __future__ import annotations

import json
import random
import re
from itertools import pairwise

from engine.actions import AskGoOut
from engine.bots import make_bot
from engine.rules import preset
from engine.state import Game
from engine.views import view_for
from ui import saves
from ui.app import App
from ui.render import page, start_picture
from ui.seating.model import ALONE, MAX_NAME, Seating, clean_name, make, read
from ui.settings.model import Settings
from ui.share import ShareRequest, rules_for
from ui.taps import Note

from .helpers import play_until_asking
from .helpers import simple_turn as play_person


def seated(people: list[tuple[int, str]], preset: str = "classic", seed: int = 7, **house: str) -> App:
    settings = Settings().with_change("preset", preset)
    for key, value in house.items():
        settings = settings.with_change("house:" + key, value)
    app = App(settings, random.Random(seed))
    assert app.sit_down(people), app.note
    return app


def hidden_everywhere(app: App, html: str) -> None:
    """The pass screen: no hand, knee, foot or staged meld of anyone in the page."""
    assert 'class="screen screen-pass"' in html
    assert 'data-act="card"' not in html
    assert 'id="r-hand"' not in html and "Your cards" not in html and 'id="r-staging"' not in html
    assert 'data-act="take-device"' in html


def run(app: App, steps: int, on_pass: list[int]) -> None:
    """Play ``steps`` decisions: computers by themselves, people after taking the device."""
    for _ in range(steps):
        if app.game.phase in ("round_over", "game_over"):
            return
        if app.passing is not None:
            hidden_everywhere(app, page(app))
            on_pass.append(app.passing)
            app.handle("take-device")
            assert app.passing is None and app.seat == on_pass[-1]
        elif app.bot_to_act():
            app.bot_step()
        else:
            assert app.game.to_act == app.seat
            play_person(app)


def test_two_partners_at_south_and_north_get_the_device_in_turn() -> None:
    app = seated([(0, "Anna"), (2, "Bob")])
    assert app.humans == frozenset({0, 2})
    passes: list[int] = []
    run(app, 200, passes)
    assert passes[:4] in ([0, 2, 0, 2], [2, 0, 2, 0])
    assert all(a != b for a, b in pairwise(passes))  # never passed to the one holding it
    assert not any(line.text.startswith("You ") for line in app.lines)  # the people go by their names
    assert any(line.text.startswith(("Anna ", "Bob ")) for line in app.lines)


def test_two_people_on_opposite_sides_pass_after_every_turn_and_see_only_their_own_hand() -> None:
    app = seated([(0, "Anna"), (1, "Bob")], seed=11)
    passes: list[int] = []
    for _ in range(60):
        if app.passing is not None:
            seat = app.passing
            app.handle("take-device")
            passes.append(seat)
            shown = app.view()
            assert sorted(shown.hand) == sorted(app.game.players[seat].hand)
            html = page(app)
            assert "Your cards" in html
        elif app.bot_to_act():
            app.bot_step()
        else:
            play_person(app)
        if app.game.phase in ("round_over", "game_over"):
            break
    assert {0, 1} <= set(passes)
    assert all(a != b for a, b in pairwise(passes))


def test_the_pass_screen_says_what_happened_since_the_persons_last_turn() -> None:
    app = seated([(0, "Anna"), (2, "Bob")], seed=3)
    screens: list[str] = []  # each "Pass to Bob" screen, in turn
    while len(screens) < 2:
        if app.passing is not None:
            if app.passing == 2:
                screens.append(page(app))
            app.handle("take-device")
        elif app.bot_to_act():
            app.bot_step()
        else:
            play_person(app)
    first, html = screens
    assert "Pass to Bob" in first and "So far this round" in first and "Since your last turn" not in first
    assert "Pass to Bob" in html and "Since your last turn" in html
    since = re.findall(r"<li><p>([^<]*)</p></li>", html)
    assert any(text.startswith("Anna ") for text in since)  # Anna's turn is among them
    assert not any(text.startswith("Bob ") for text in since)  # nothing of Bob's own


def test_no_taps_play_while_the_device_is_passed() -> None:
    app = seated([(0, "Anna"), (3, "Cleo")])
    while app.passing is None:
        if app.bot_to_act():
            app.bot_step()
        else:
            play_person(app)
    moves = len(app.game.history)
    for act, arg in (("draw", ""), ("card", "0"), ("hint", ""), ("pickup", ""), ("discard", "")):
        app.handle(act, arg)
    assert len(app.game.history) == moves and app.hint_action is None and not app.selected


def test_a_hint_uses_only_the_cards_of_the_person_holding_the_device() -> None:
    app = seated([(0, "Anna"), (2, "Bob")], seed=5)
    hinted = 0
    for _ in range(150):
        if app.game.phase in ("round_over", "game_over"):
            break
        if app.passing is not None:
            app.handle("take-device")
        elif app.bot_to_act():
            app.bot_step()
        else:
            own = list(app.game.players[app.seat].hand)
            app.handle("hint")
            assert app.note is not None and app.note.kind == "hint"
            for staged in app.staged:
                for c in staged.hand_cards():
                    own.remove(c)  # each staged card is one of the holder's own
            picked = app.selected_cards()
            assert all(c in app.game.players[app.seat].hand for c in picked)
            hinted += 1
            play_person(app)
    assert hinted >= 4


def test_may_i_go_out_passes_to_the_partner_and_back_with_the_answer() -> None:
    for seed in range(40):
        app = seated([(0, "Anna"), (2, "Bob")], seed=seed)
        if not play_until_asking(app, 2000):
            continue
        asker = app.seat
        app.handle("ask")
        partner = 2 - asker
        assert app.passing == partner and app.game.phase == "answer"
        html = page(app)
        hidden_everywhere(app, html)
        assert f"{'Anna' if asker == 0 else 'Bob'} asks you: “May I go out?”" in html
        app.handle("take-device")
        assert app.seat == partner and 'role="dialog"' in page(app)
        app.handle("answer", "no")
        assert app.passing == asker and app.game.to_act == asker
        html = page(app)
        hidden_everywhere(app, html)
        assert "said no" in html or "answered no" in html
        return
    raise AssertionError("nobody got to ask in 40 deals")


def step(app: App) -> None:
    """One step of a game played together: the device taken, a computer's move, or the person's turn."""
    if app.passing is not None:
        app.handle("take-device")
    elif app.bot_to_act():
        app.bot_step()
    else:
        play_person(app)


def test_a_reload_resumes_at_the_pass_screen_of_whoever_is_to_act() -> None:
    app = seated([(0, "Anna"), (2, "Bob")], seed=9)
    while app.passing is not None or app.bot_to_act() or app.game.phase != "play":
        step(app)
    holder = app.seat
    text = app.next_save()  # mid-turn, Anna or Bob holding the device with a hand showing
    choice = saves.choose(text, text)
    assert choice.chosen is not None and choice.chosen.seating == app.seating
    again = App(Settings())
    again.resume_game(choice.chosen.game, choice.seq, choice.chosen.seating, choice.chosen.shown)
    assert again.humans == frozenset({0, 2}) and again.passing == holder
    html = page(again)
    hidden_everywhere(again, html)
    assert f"Pass to {'Anna' if holder == 0 else 'Bob'}" in html
    # and the picture kept for the next start's first paint is that pass screen, not the hand
    picture = start_picture(app, "table", {"r-hand": "HAND"})
    assert "HAND" not in picture and "screen-pass" in picture


def test_an_old_save_loads_as_one_person_and_computers() -> None:
    app = App(Settings(), random.Random(1))
    app.handle("draw")
    text = app.next_save()
    assert "seating" not in json.loads(text)
    copy = saves.read(saves.PRIMARY, text)
    assert copy.ok and copy.seating == ALONE and copy.shown == 0
    again = seated([(0, "Anna"), (2, "Bob")])
    again.resume_game(copy.game, 0, copy.seating, copy.shown)  # type: ignore[arg-type]
    assert again.humans == frozenset({0}) and again.passing is None and "Your cards" in page(again)


def test_a_damaged_seating_is_a_damaged_save_never_a_crash() -> None:
    app = seated([(0, "Anna"), (2, "Bob")])
    good = json.loads(app.next_save())
    for seating in ([[0, "Anna"]], {"people": [[0, "Anna"], [0, "Bob"]]}, {"people": [[0, "Anna"], [9, "Bob"]]},
                    {"people": [[0, "<b>"], [2, "Bob"]], "x": 1}, {"people": [[0, "A\u202e"], [2, "Bob"]]},
                    {"people": [[2, "Bob"], [0, "Anna"]]}, {"people": [[True, "Anna"], [2, "Bob"]]},
                    {"people": [[0, "Anna"], [2, "anna"]]}, {"people": "x" * 100}, None):
        data = dict(good, seating=seating)
        copy = saves.read(saves.PRIMARY, json.dumps(data))
        assert not copy.ok and copy.problem == saves.DAMAGED_SEATING, seating
    for shown in (1, "0", None, 2.0):
        copy = saves.read(saves.PRIMARY, json.dumps(dict(good, shown=shown)))
        assert not copy.ok, shown


def test_names_are_trimmed_cut_and_made_harmless() -> None:
    assert clean_name("  Anna   Maria ") == "Anna Maria"
    assert clean_name("Ann\u200ba\u202e\u2066") == "Anna"  # zero-width and bidi controls out
    assert clean_name("Bob\n\tSmith\x00") == "Bob Smith"
    assert len(clean_name("x" * 60)) == MAX_NAME
    assert clean_name(None) == "" and clean_name(["Anna"]) == ""
    assert clean_name("Zoë 李") == "Zoë 李"


def test_hostile_names_show_as_text_and_empty_or_shared_names_get_a_sentence() -> None:
    app = App(Settings(), random.Random(2))
    assert not app.sit_down([(0, "Anna"), (2, "   \u200b")])
    assert app.note is not None and app.note.kind == "error" and "name" in app.note.text
    assert not app.sit_down([(0, "Anna"), (2, " anna ")])
    assert app.note is not None and "same name" in app.note.text
    assert app.humans == frozenset({0})  # nothing changed
    assert app.sit_down([(0, '<img src=x onerror="alert(1)">'), (2, "\u202eBob")])
    html = page(app)
    assert "<img" not in html and "&lt;img" in html and "\u202e" not in html
    assert isinstance(make([(0, "x")], 4), Seating)
    assert read({"people": [[0, "Anna"], [2, "Bob"]]}, 4) == Seating(((0, "Anna"), (2, "Bob")))


def test_a_refused_seat_chooser_comes_back_as_it_was_filled_in_with_the_problem_by_its_button() -> None:
    app = App(Settings(), random.Random(2))
    app.handle("together")
    assert not app.sit_down([(0, "Anna"), (1, "Wes"), (2, "anna")], {3: "hard"}, frozenset({1}))
    html = page(app)
    form = html.split('data-form="seating"', 1)[1]
    for seat, name, kind in ((0, "Anna", "person"), (1, "Wes", "guest"), (2, "anna", "person")):
        assert f'name="name-{seat}" value="{name}"' in form
        assert re.search(rf'name="kind-{seat}">.*?<option value="{kind}" selected>', form)
    assert re.search(r'name="level-3">.*?<option value="hard" selected>', form)
    problem = form.index("same name")
    assert problem < form.index("Start a game with these players")  # told just above the button, in view
    assert html.count("same name") == 1  # not a second time at the top of the page, scrolled away
    assert app.humans == frozenset({0})  # nothing changed
    app.handle("screen", "table")
    app.handle("together")  # opened again: filled in afresh
    assert "same name" not in page(app) and app.seat_draft is None
    assert app.sit_down([(0, "Anna"), (2, "Bob")]) and app.seat_draft is None


def test_one_person_and_computers_stays_as_before() -> None:
    app = App(Settings(), random.Random(4))
    assert app.seating == ALONE and app.passing is None
    assert app.sit_down([(0, "")])  # one person needs no name
    assert app.passing is None and "Your cards" in page(app)
    assert app.lines == [] or all(not line.text.startswith("South ") for line in app.lines)


def test_three_people_each_on_their_own_in_hand_knee_and_foot() -> None:
    app = seated([(0, "Anna"), (1, "Bob"), (2, "Cleo")], preset="hkf", players="3")
    assert app.game.n == 3 and app.bot_to_act() is False
    passes: list[int] = []
    run(app, 120, passes)
    assert set(passes) == {0, 1, 2}


def test_a_game_played_together_is_kept_under_games_with_the_names() -> None:
    from ui.games import model as games

    app = seated([(0, "Anna"), (2, "Bob")])
    text = games.record(app.game, app.next_save(), 1_000, ("Anna", "Bob"))
    kept = games.read("kept-game-1", text)
    assert kept is not None and kept.people == ("Anna", "Bob")
    assert kept.summary().endswith("in progress · Anna and Bob")
    resumed = saves.read(saves.PRIMARY, kept.save)
    assert resumed.seating == app.seating
    for people in (["<b>x</b>\u202e"], ["Anna", ""], "Anna", [1], ["a"] * 5):
        assert games.read("kept-game-1", json.dumps(dict(json.loads(text), people=people))) is None
    assert games.read("kept-game-2", games.record(app.game, app.next_save(), 1_000)).people == ()  # type: ignore[union-attr]


def test_statistics_count_each_named_player() -> None:
    from ui.stats import model as stats
    from ui.stats.screen import stats_screen
    from ui_tests.test_stats import finished

    game = finished("classic", 11).game  # a whole game, South and North partners against West and East
    people = [(0, "Anna"), (1, "Bob"), (2, "Cleo")]
    summary = stats.summarize(game, "easy", 1_000, 0, people)
    mine, theirs = game.totals[game.team_of(0)], game.totals[game.team_of(1)]
    won = "won" if mine > theirs else "lost" if mine < theirs else "tie"
    assert summary.people == (("Anna", won, mine), ("Bob", stats._result([theirs, mine]), theirs), ("Cleo", won, mine))
    again = stats.load(stats.dump([summary]))
    assert again == [summary]
    counted = stats.compute(again).people
    assert [p.name for p in counted] == ["Anna", "Bob", "Cleo"]
    assert counted[0].played == 1 and counted[0].won == (won == "won")
    assert counted[0].average_round == round(mine / len(game.results))
    html = stats_screen(again)
    assert "Players together on this device" in html and "Cleo" in html
    for bad in ([["Anna", "won"]], [["A\u200bB", "won", 1]], [["Anna", "won", 1], ["anna", "won", 1]], "Anna",
                [["Anna", "maybe", 1]], [["Anna", "won", 1.5]]):
        data = json.loads(stats.dump([summary]))
        data["games"][0]["people"] = bad
        assert stats.load(json.dumps(data)) == [], bad
    assert stats.summarize(game, "easy", 1_000).people == ()  # one person and computers: as before
    # Who went out: any of the people here on the counted side is "you" (Cleo at North, Anna's partner); alone,
    # North is a partner. Bob went out for the other side.
    alone = stats.summarize(game, "easy", 1_000, 0)
    for result, together, solo in zip(game.results, summary.rounds, alone.rounds, strict=True):
        expected = {None: "none", 0: "you", 2: "you", 1: "other", 3: "other"}[result.went_out]
        assert together.out == expected
        assert solo.out == ("partner" if result.went_out == 2 else expected)
    assert "people" not in stats.summarize(game, "easy", 1_000).to_dict()


def test_the_round_and_game_over_screens_name_the_people() -> None:
    from ui.table.scores import game_over_panel, round_over_panel
    from ui_tests.test_stats import finished

    game = finished("classic", 11).game
    names = ["Anna", "West", "Bob", "East"]
    over = game_over_panel(game, 0, None, names)
    assert "Anna and Bob" in over and "West and East" in over
    assert "You" not in over.split("</h2>")[0]  # the verdict names the winners, nobody is 'you'
    assert "Anna and Bob" in round_over_panel(game, 2, names)
    assert "Anna and Bob" not in game_over_panel(game, 0, None)  # one person and computers: as before


def test_a_smaller_table_or_a_challenge_seats_one_person_again() -> None:
    app = seated([(0, "Anna"), (3, "Dan")])
    app.change_setting("house:players", "3")
    app.handle("new-game", "")
    assert app.game.n == 3 and app.seating == ALONE and app.seat == 0 and "Your cards" in page(app)
    together = seated([(0, "Anna"), (2, "Bob")])
    try:
        together.make_challenge(1)
    except ValueError as err:
        assert "Share the deal" in str(err)
    else:
        raise AssertionError("a game played together made a challenge")


def _watch_html(app: App) -> str:
    html = page(app)
    start = html.index('class="panel watch"')
    return html[start : html.index("</section>", html.index('class="watch-table"'))]


def test_watching_a_game_played_together_shows_no_hand_mid_game_and_no_reason_for_a_persons_move() -> None:
    from ui.games import model as games

    app = seated([(0, "Anna"), (2, "Bob")], seed=12)
    run(app, 40, [])
    assert app.game.history and not app.game.over
    kept = games.read("kept-game-1", games.record(app.game, app.next_save(), 1_000, ("Anna", "Bob")))
    assert kept is not None
    for where in ("kept-game-1", "table"):
        app.kept = [kept]
        app.screen = "games"
        app.handle("watch", where)
        assert app.screen == "watch" and app.watch is not None
        people: set[str] = set()
        for _ in range(30):
            app.handle("watch-step", "next")
            html = _watch_html(app)
            seats_html = html.split('class="watch-seats"')[1].split('class="watch-side"')[0]
            assert 'class="card' not in seats_html  # nobody's hand: not South's either
            assert ">You" not in html and "You " not in html and "Your" not in html  # nobody watching is 'you'
            assert "only your own hand" not in html and "no hand is shown" in html
            seat, _action = app.watch.last_move()
            if seat in (0, 2):
                name = "Anna" if seat == 0 else "Bob"
                assert f"{name} made this move: a person's moves have no reason to show." in html
                assert "<b>Why?</b>" not in html and "reason isn't known" not in html
                people.add(name)
            elif seat in (1, 3):
                assert "<b>Why?</b>" in html
        assert people == {"Anna", "Bob"}
        app.handle("watch-close")


def test_watching_a_finished_game_played_together_names_the_people() -> None:
    from engine.lab.botgame import make_bots, play_bots
    from engine.rules import preset
    from engine.state import Game

    game = play_bots(Game(preset("classic"), 55), make_bots("normal", preset("classic"), 55))
    app = App(Settings(), random.Random(1))
    app.open_watch(game, "deal 55", seating=Seating(((0, "Anna"), (2, "Bob"))))
    app.handle("watch-step", "next")
    html = _watch_html(app)
    assert "<h3>Anna <small>" in html and "<h3>Bob <small>" in html and "<h3>You" not in html
    assert "<h3>Anna and Bob · 0</h3>" in html
    assert html.count("Foot:") == 4  # the game is over: every hand is shown
    assert "Anna made this move" in html and "<b>Why?</b>" not in html
    while app.watch is not None and app.watch.last_move()[0] != 1:
        app.handle("watch-step", "next")
    assert "<b>Why?</b>" in _watch_html(app)  # a computer's move keeps its reason


def test_the_names_are_remembered_for_next_time_and_the_chooser_offers_them() -> None:
    from ui.seating import remembered

    app = seated([(0, "Anna"), (2, " Bob\u200b ")])
    assert app.remembered == ((0, "Anna"), (2, "Bob")) and app.remembered_dirty
    text = app.next_names_save()
    assert not app.remembered_dirty
    app.sit_down([(0, "")])  # one person without a name: the family's names stay remembered
    assert app.remembered == ((0, "Anna"), (2, "Bob")) and not app.remembered_dirty
    later = App(Settings(), random.Random(3))  # the next visit: the record read back as the app starts
    later.remembered, later.remembered_seq = remembered.choose(text, None)
    later.handle("together")
    html = page(later)
    assert 'id="seat-name-0" name="name-0" value="Anna"' in html and 'name="name-2" value="Bob"' in html
    kinds = re.findall(r'<select id="seat-kind-(\d)"[^>]*>.*?<option value="person"( selected)?', html)
    assert [seat for seat, person in kinds if person] == ["0", "2"]  # both seated as people again
    assert '<datalist id="seat-names-known"><option value="Anna"></option><option value="Bob"></option>' in html
    # a newer localStorage copy wins over an older IndexedDB one
    newer = remembered.dump(((1, "Cleo"),), 5)
    assert remembered.choose(text, newer) == (((1, "Cleo"),), 5)
    # on a table too small for them, the names are still offered but nobody is seated
    small = App(Settings().with_change("house:players", "2"), random.Random(3))
    small.remembered = ((0, "Anna"), (3, "Dan"))
    small.handle("together")
    html = page(small)
    assert 'value="Dan"' not in html.split("<datalist")[0] and '<option value="Dan">' in html


def test_a_damaged_or_hostile_names_record_gives_the_defaults_and_never_raises() -> None:
    from ui.seating import remembered

    good = json.loads(remembered.dump(((0, "Anna"), (2, "Bob")), 3))
    hostile: list[object] = [
        None, 7, "", "not json", "[" * 5000, "{" * 3000, "x" * 10_000, json.dumps([good]),
        json.dumps(dict(good, v=2)), json.dumps(dict(good, seq=-1)), json.dumps(dict(good, seq=True)),
        json.dumps(dict(good, people="Anna")), json.dumps(dict(good, people=[[0, "Anna"]] * 7)),
        json.dumps(dict(good, people=[[0, "Anna"], [0, "Bob"]])), json.dumps(dict(good, people=[[9, "Anna"]])),
        json.dumps(dict(good, people=[[True, "Anna"]])), json.dumps(dict(good, people=[[0, "\u200b\u202e"]])),
        json.dumps(dict(good, people=[[0, "Anna"], [2, " anna"]])), json.dumps(dict(good, people=[[0, 5]])),
        json.dumps(dict(good, people=[[0, "A" * 201]])), json.dumps(dict(good, people=[])),
        json.dumps(dict(good, people=[[0]])), json.dumps(dict(good, people=[[0, "Anna", 1]])),
    ]
    for raw in hostile:
        assert remembered.read(raw) == ((), -1), raw
        assert remembered.choose(raw, raw) == ((), -1)
    # the same cleaning as typed names: controls, zero-width and bidi characters out, cut to the limit
    raw = json.dumps(dict(good, people=[[2, "Bob\u202e\u200b"], [0, "  Anna\nMaria  "], [1, "x" * 60]]))
    people, seq = remembered.read(raw)
    assert people == ((0, "Anna Maria"), (1, "x" * MAX_NAME), (2, "Bob")) and seq == 3
    app = App(Settings(), random.Random(1))
    app.remembered = ((0, '<img src=x onerror="alert(1)">'), (2, "Bob"))
    app.handle("together")
    html = page(app)
    assert "<img" not in html and "&lt;img" in html


def test_each_computer_seat_gets_its_own_level_saved_with_the_seating() -> None:
    settings = Settings().with_change("level", "hard")
    app = App(settings, random.Random(5))
    app.handle("together")
    html = page(app)
    for seat in range(4):  # every seat offers a level, the one in Settings chosen
        field = re.search(rf'<select id="seat-level-{seat}" name="level-{seat}">(.*?)</select>', html)
        assert field is not None and '<option value="hard" selected>' in field.group(1)
    assert app.sit_down([(0, "Anna"), (2, "Bob")], {1: "easy", 3: "normal"})
    assert app.seating.levels == ((1, "easy"), (3, "normal"))
    assert app.bot(1).level == "easy" and app.bot(3).level == "normal"
    run(app, 30, [])
    text = app.next_save()
    assert json.loads(text)["seating"]["levels"] == [[1, "easy"], [3, "normal"]]
    copy = saves.read(saves.PRIMARY, text)
    again = App(Settings(), random.Random(6))  # Settings at Normal now: the saved levels still hold
    again.resume_game(copy.game, 0, copy.seating, copy.shown)  # type: ignore[arg-type]
    assert again.bot(1).level == "easy" and again.bot(3).level == "normal"
    again.handle("together")
    assert re.search(r'id="seat-level-1" name="level-1">[^/]*<option value="easy" selected>', page(again))
    # the levels are read strictly: anything off is a damaged save
    good = json.loads(text)
    for levels in ([[0, "easy"]], [[3, "easy"], [1, "hard"]], [[1, "easy"], [1, "hard"]],
                   [[True, "easy"]], "hard", [], [[1]], [[9, "easy"]], None):
        data = dict(good, seating=dict(good["seating"], levels=levels))
        assert saves.read(saves.PRIMARY, json.dumps(data)).problem == saves.DAMAGED_SEATING, levels


def test_levels_left_at_the_settings_level_change_nothing_and_old_saves_keep_the_settings_level() -> None:
    app = App(Settings().with_change("level", "easy"), random.Random(5))
    assert app.sit_down([(0, "")], {1: "easy", 2: "easy", 3: "easy"})
    assert app.seating == ALONE and "seating" not in json.loads(app.next_save())  # saved exactly as before
    assert app.bot(1).level == "easy"
    app.change_setting("level", "hard")
    assert app.bot(1).level == "hard"  # an old save's computers follow Settings, as before
    assert app.sit_down([(0, "")], {1: "hard", 2: "normal", 3: "nonsense"})  # an unknown level is Settings'
    assert app.seating.levels == ((1, "hard"), (2, "normal"), (3, "hard"))
    try:  # one person against computers at several levels: not a challenge, which has one level
        app.make_challenge(1)
    except ValueError as err:
        assert "one level" in str(err)
    else:
        raise AssertionError("a game with levels per seat made a challenge")
    assert read({"people": [[0, "Anna"], [2, "Bob"]]}, 4) == Seating(((0, "Anna"), (2, "Bob")))


# ----- every seat layout plays a whole round (issue 27's "Done when") ---------------------------------

def take_a_turn(app: App) -> None:
    """The person holding the device plays Hint's move when it plays, else draws and discards."""
    if app.game.phase == "play" and app.game.to_act == app.seat:
        moves = len(app.game.history)
        app.handle("hint")
        if app.hint_action is not None and not isinstance(app.hint_action, AskGoOut):
            app.handle("play-hint")
        if len(app.game.history) != moves:
            return
    play_person(app)


def whole_round(app: App) -> list[int]:
    """Play the round on the table to its end through the App's taps; at every pass screen check that the page
    holds nobody's cards and that the device goes to the person now to act, or while the computers play, to
    the person who plays next (who then plays before it is passed again). Returns the seats passed to."""
    passes: list[int] = []
    holder = app.seat
    round_number = len(app.game.results)
    played = True  # the person the device was last passed to has played since
    for _ in range(3000):
        if app.game.phase in ("round_over", "game_over"):
            break
        if app.passing is not None:
            html = page(app)
            hidden_everywhere(app, html)
            seat = app.passing
            assert seat in app.humans and (seat == app.game.to_act or app.game.to_act not in app.humans)
            assert seat != holder or not passes  # the game's first pass screen may be for the seat shown
            assert played or not passes, "passed on before the person it went to played"
            played = False
            name = app.seating.name(seat, app.game.n)
            assert f"Pass to {name}</h2>" in html
            passes.append(seat)
            app.handle("take-device")
            holder = app.seat
            assert app.passing is None and holder == seat and "Your cards" in page(app)
        elif app.bot_to_act():
            assert app.game.to_act not in app.humans
            app.bot_step()
        else:
            assert app.game.to_act == app.seat in app.humans
            take_a_turn(app)
            played = True
    else:
        raise AssertionError("the round did not end")
    assert len(app.game.results) == round_number + 1  # the round ends with a score
    html = page(app)
    assert f"Round {round_number + 1} is over" in html and 'data-act="next-round"' in html
    for score in app.game.results[-1].scores:  # each side's round score shows
        assert f"{abs(score.total):,}" in html, score.team
    return passes


LAYOUTS = [
    ("2 alone, both people", "2", [(0, "Anna"), (1, "Bob")]),
    ("2 alone, a person and a computer", "2", [(1, "Bob")]),
    ("3 alone, all people", "3", [(0, "Anna"), (1, "Bob"), (2, "Cleo")]),
    ("3 alone, two people", "3", [(1, "Bob"), (2, "Cleo")]),
    ("4 in teams, all people", "4", [(0, "Anna"), (1, "Bob"), (2, "Cleo"), (3, "Dan")]),
    ("4 in teams, people only on one side", "4", [(1, "Bob"), (3, "Dan")]),
    ("4 in teams, a person on each side", "4", [(2, "Cleo"), (3, "Dan")]),
    ("4 in teams, a lone person at seat 3", "4", [(3, "Dan")]),
    ("6 in teams, all people", "6", [(s, n) for s, n in enumerate(["Anna", "Bob", "Cleo", "Dan", "Eve", "Finn"])]),
    ("6 in teams, people only on one side", "6", [(0, "Anna"), (2, "Cleo"), (4, "Eve")]),
    ("6 in teams, two people at seats 1 and 4", "6", [(1, "Bob"), (4, "Eve")]),
]


def test_every_seat_layout_plays_a_whole_round_passing_the_device_to_whoever_is_to_act() -> None:
    for label, players, people in LAYOUTS:
        settings = Settings().with_change("house:players", players).with_change("level", "easy")
        app = App(settings, random.Random(21))
        assert app.sit_down(people), (label, app.note)
        seats = {s for s, _ in people}
        assert app.game.n == int(players) and app.humans == frozenset(seats), label
        passes = whole_round(app)
        if len(seats) > 1:
            assert set(passes) == seats, label  # everyone got the device
            assert all(a != b for a, b in pairwise(passes)), label  # never passed to the one holding it
        else:
            assert passes == [] and app.seat == next(iter(seats)), label  # one person: no pass screen


def _ask_between_people(people: list[tuple[int, str]], answer: str, **house: str) -> None:
    """Play until a person asks "May I go out?" of a partner who is a person; check the device goes to the partner
    with the question and back to the asker with ``answer``."""
    names = dict(people)
    for seed in range(60):
        app = seated(people, seed=seed, **house)
        if not play_until_asking(app, 2000):
            continue
        asker = app.seat
        partners = [s for s in app.humans if s != asker and app.game.team_of(s) == app.game.team_of(asker)]
        app.handle("ask")
        partner = app.game.to_act
        assert partner in partners and app.passing == partner and app.game.phase == "answer"
        html = page(app)
        hidden_everywhere(app, html)
        assert f"Pass to {names[partner]}</h2>" in html
        assert f"{names[asker]} asks you: “May I go out?”" in html
        app.handle("take-device")
        assert app.seat == partner and 'role="dialog"' in page(app)
        app.handle("answer", answer)
        assert app.passing == asker and app.game.to_act == asker and app.game.phase == "play"
        html = page(app)
        hidden_everywhere(app, html)
        assert f"Pass to {names[asker]}</h2>" in html
        assert f"{names[partner]} answered {answer}." in html
        app.handle("take-device")
        assert app.seat == asker
        assert f"{names[partner]} said {answer}" in page(app)
        return
    raise AssertionError("nobody asked in 60 deals")


def test_the_partner_question_between_two_people_in_both_answers() -> None:
    for answer in ("yes", "no"):
        _ask_between_people([(1, "Bob"), (3, "Dan")], answer)  # West and East, computers at South and North
        _ask_between_people([(0, "Anna"), (2, "Cleo"), (4, "Eve")], answer, players="6")  # three partners


def test_a_device_passed_round_shows_no_hand_while_a_guest_plays_and_is_passed_on_after() -> None:
    """Ana and Ben share this device, Wes (West) plays on his own phone: while Wes plays, the device may lie
    on the table, so no hand shows; then it is passed to whoever plays here next, even to the one shown."""
    app = App(Settings(), random.Random(7))
    assert app.sit_down([(0, "Ana"), (1, "Wes"), (2, "Ben")], guests=frozenset({1})), app.note
    app.session.away.clear()  # Wes's phone has joined
    guest = make_bot("normal", 1, app.game.deal_number)
    covered = passes_after_wes = 0
    for _ in range(400):
        if app.game.phase in ("round_over", "game_over"):
            break
        seat = app.game.to_act
        if seat == 1:
            html = page(app)
            assert app.session.hidden and "Wes is playing on their own phone." in html
            assert 'data-act="card"' not in html and "Your cards" not in html and 'data-act="take-device"' not in html
            app.handle("draw")  # a tap on this device changes nothing while Wes plays
            assert app.game.to_act == 1 and app.session.hidden
            view = view_for(app.game, 1)
            decision = guest.answer(view) if app.game.phase == "answer" else guest.decide(view)
            app.session.apply_action(decision.action, 1)  # as the host applies the move Wes sent
            covered += 1
            if app.game.to_act in (0, 2):
                assert app.passing == app.game.to_act and not app.session.hidden
                hidden_everywhere(app, page(app))
                passes_after_wes += 1
        else:
            step(app)
    assert covered > 5 and passes_after_wes > 5


def test_the_pass_screens_totals_are_told_from_the_seat_the_device_goes_to() -> None:
    """Anna (South) and Cleo (West) on their own in a three-player game: "Pass to Cleo" shows the totals as
    Cleo's table will ("You" is Cleo), so they don't switch sides the moment she takes the device."""
    app = seated([(0, "Anna"), (1, "Cleo")], players="3")
    for _ in range(200):
        if app.passing == 1:
            break
        step(app)
    assert app.passing == 1
    board = re.findall(r'<span class="(?:us|them)">([^<]+?) <b>', page(app).split('class="scoreboard"', 1)[1])
    assert board == ["You", "East", "South"]  # West's own order, as after she takes it
    app.handle("take-device")
    assert re.findall(r'<span class="(?:us|them)">([^<]+?) <b>', page(app).split('class="scoreboard"', 1)[1]) == board


def test_hints_name_the_people_at_the_table_not_their_compass_seats() -> None:
    """Anna (South) and Cleo (West) share a device: Anna's hints say what Cleo, not "West", would do."""
    app = seated([(0, "Anna"), (1, "Cleo")], seed=5)
    hints: dict[str, list[str]] = {"Anna": [], "Cleo": []}
    while app.game.phase not in ("round_over", "game_over") and len(app.game.history) < 400:
        if app.passing is not None:
            app.handle("take-device")
        elif app.bot_to_act():
            app.bot_step()
        else:
            app.handle("hint")
            assert app.note is not None and app.note.kind == "hint"
            hints[app.session.names()[app.seat]].append(app.note.text)
            app.handle("play-hint")
    assert any("Cleo will" in text or "Cleo would" in text or "Cleo can" in text for text in hints["Anna"])
    assert not any("West" in text for text in hints["Anna"] + hints["Cleo"])


def test_play_together_from_a_deal_link_deals_the_links_cards_again_with_its_rules() -> None:
    app = App(Settings(), random.Random(2))
    app.start_shared(ShareRequest("pagat", 4417, {"pickup": "whole"}))
    linked = app.game
    app.handle("together")
    html = page(app)
    assert '<option value="same">Deal 4,417 again</option>' in html  # offered, not chosen: South's hand was seen
    assert '<option value="new" selected>A new deal</option>' in html
    assert "under their own rules (Pagat" in html and "A new deal: Classic" in html
    people = [(0, "Anna"), (2, "Bob")]
    assert app.sit_down(people, same_deal=True)
    game = app.game
    assert game is not linked and game.deal_number == 4417 and game.rules == rules_for("pagat", {"pickup": "whole"})
    fresh = Game(game.rules, 4417)
    assert [sorted(p.hand) for p in game.players] == [sorted(p.hand) for p in fresh.players]  # the same cards
    assert app.session.names()[2] == "Bob"
    # A new deal instead: Settings' rules, another number.
    other = App(Settings(), random.Random(2))
    other.start_shared(ShareRequest("pagat", 4417, {}))
    assert other.sit_down(people, same_deal=False)
    assert other.game.rules == preset("classic") and other.game.deal_number != 4417


def test_the_deal_on_the_table_is_offered_only_before_anyones_turn_and_a_refusal_keeps_the_choice() -> None:
    app = App(Settings(), random.Random(2))
    app.start_shared(ShareRequest("classic", 4417, {}))
    app.handle("together")
    assert not app.sit_down([(0, "Anna"), (2, "anna")], same_deal=True)  # two people, one name: refused
    assert '<option value="same" selected>Deal 4,417 again</option>' in page(app)
    while app.bot_to_act():
        app.bot_step()
    play_person(app)  # Anna's first turn: this deal is under way
    app.handle("together")
    assert app.deal_to_share() is None and 'name="deal"' not in page(app)
    assert "The game: Classic" in page(app)
    assert app.sit_down([(0, "Anna"), (2, "Bob")], same_deal=True)
    assert app.game.deal_number != 4417  # nothing to share: a new deal


def test_the_scoreboard_at_a_rounds_end_together_names_each_sides_people_not_us_and_them() -> None:
    from ui.render import header

    app = seated([(0, "Anna"), (1, "Bartholomew")])  # on opposite sides: "Us" would be one of them only
    run(app, 4000, [])
    assert app.game.phase in ("round_over", "game_over")
    board = header(app).split('class="scoreboard"')[1].split("</p>")[0]
    assert "Anna &amp; North" in board and "Bartholomew &amp; East" in board
    assert ">Us " not in board and ">Them " not in board
    assert 'title="Bartholomew &amp; East"' in board  # cut short on a phone, whole for a pointer
    # While the game is played the holder of the device reads the totals as theirs, as before.
    app.handle("next-round")
    run(app, 40, [])
    assert app.game.phase == "play" or app.passing is not None
    board = header(app).split('class="scoreboard"')[1].split("</p>")[0]
    assert "Us " in board and "Them " in board and "Anna" not in board


def test_the_first_person_to_play_a_new_round_is_passed_the_device_even_if_they_held_it_last() -> None:
    """Between rounds the device lies open at the scores for everyone: whoever plays first in the next
    round is asked for by name before their hand shows, even when the computers played first and the
    device was last theirs (the same screen a reload there opens at)."""
    for seed in range(7, 40):
        app = seated([(0, "Anna"), (2, "Bob")], seed=seed)
        run(app, 4000, [])
        if app.game.phase != "round_over":
            continue
        holder = app.seat
        app.handle("next-round")
        while app.bot_to_act():  # the device is asked for at once; the computers that play first play meanwhile
            hidden_everywhere(app, page(app))
            app.bot_step()
        if app.game.to_act == holder:  # the case that showed a hand at once: the holder plays first
            break
    else:
        raise AssertionError("no round whose next one the last holder of the device plays first")
    assert app.passing == holder
    hidden_everywhere(app, page(app))
    app.handle("take-device")
    assert app.passing is None and app.seat == holder and 'data-act="card"' in page(app)


def test_the_pass_screen_says_when_it_leaves_out_earlier_moves() -> None:
    """Since-your-last-turn lists the latest moves; when there were more, it says how many it left out."""
    from ui.table.passing import MAX_SINCE, since_last_turn

    app = seated([(0, "Anna"), (1, "Bob")], players="6")  # four computers' turns between Bob's and Anna's
    seen_long = seen_short = False
    for _ in range(600):
        if app.game.phase in ("round_over", "game_over"):
            break
        if app.passing is not None:
            html = page(app)
            count = len(since_last_turn(app.game, app.passing, app.session.names()))
            listed = re.findall(r"<li><p>([^<]*)</p></li>", html)
            assert len(listed) == min(count, MAX_SINCE)
            if count > MAX_SINCE:
                seen_long = True
                left = count - MAX_SINCE
                assert f"The latest {MAX_SINCE}; {left} earlier {'ones' if left > 1 else 'one'} not shown" in html
            else:
                seen_short = seen_short or count > 0
                assert "earlier" not in html
            app.handle("take-device")
        elif app.bot_to_act():
            app.bot_step()
        else:
            play_person(app)
    assert seen_long and seen_short


def test_melds_staged_before_a_reload_come_back_to_their_person_after_the_pass_screen() -> None:
    """A reload mid-turn opens at "Pass to Anna"; once Anna takes the device her staged melds are still there
    (they went back to the hand before), and nobody else's pass screen or table shows them."""
    from engine.actions import Meld

    app = seated([(0, "Anna"), (2, "Bob")], seed=9)
    while True:
        if app.passing is not None or app.bot_to_act() or app.game.phase != "draw":
            step(app)
            continue
        app.handle("draw")
        app.handle("hint")
        if isinstance(app.hint_action, Meld) and app.staged:
            break
        play_person(app)
        assert app.game.phase not in ("round_over", "game_over"), "no opening hint staged melds"
    holder, staged = app.seat, list(app.staged)
    text, lines = app.next_save(), app.lines_data()
    choice = saves.choose(text, text)
    assert choice.chosen is not None
    again = App(Settings())
    again.resume_game(choice.chosen.game, choice.seq, choice.chosen.seating, choice.chosen.shown, lines=lines)
    assert again.passing == holder
    hidden_everywhere(again, page(again))
    again.handle("take-device")
    assert again.seat == holder and again.staged == staged and "Take all back" in page(again)


def _until_persons_turn(app: App, seat: int) -> None:
    """Play on (people take the device and play simple turns) until ``seat`` holds the device on their turn."""
    for _ in range(400):
        if app.passing is not None:
            app.handle("take-device")
        elif app.bot_to_act():
            app.bot_step()
        elif app.seat == seat and app.game.to_act == seat and app.game.phase == "play":
            return
        else:
            play_person(app)
    raise AssertionError(f"seat {seat} never got its turn")


def test_a_persons_hand_leaves_the_page_as_soon_as_their_turn_ends_while_the_computers_play() -> None:
    """Anna (South) and Bob (North), computers West and East: Anna's discard asks for Bob at once, before
    West plays, so nobody sees her hand while the phone changes hands; the computers play on behind the
    pass screen, and Bob's turn opens with no second pass screen, whether he took the phone early or not."""
    for early in (False, True):
        app = seated([(0, "Anna"), (2, "Bob")], seed=5)
        _until_persons_turn(app, 0)
        play_person(app)
        assert app.game.to_act == 1 and app.bot_to_act()  # West, a computer, is to play
        assert app.passing == 2
        html = page(app)
        hidden_everywhere(app, html)
        assert "Pass to Bob</h2>" in html and "Anna discarded" in html and "West is playing now" in html
        if early:
            app.handle("take-device")  # Bob takes it while West still plays: his own hand, West's moves on it
            assert app.seat == 2 and "Your cards" in page(app)
        while app.bot_to_act():
            app.bot_step()
            if not early:
                hidden_everywhere(app, page(app))
        assert app.game.to_act == 2
        if not early:
            assert app.passing == 2
            app.handle("take-device")
        assert app.passing is None and app.seat == 2 and app.human_to_act() and "Your cards" in page(app)
        assert "Bob, your turn: draw two cards" in page(app)  # the person holding it is named: a mix-up shows


def test_a_computer_answering_a_persons_question_leaves_the_device_with_the_person() -> None:
    """Cleo (North) asks her computer partner (South) "May I go out?": the device stays in her hands for the
    answer (no pass screen to herself), and Dan (East) is asked for only once her turn is over."""
    for seed in range(60):
        app = seated([(2, "Cleo"), (3, "Dan")], seed=seed)
        if not play_until_asking(app, 2000) or app.seat != 2:
            continue
        app.handle("ask")
        assert app.game.phase == "answer" and app.game.to_act == 0 and app.bot_to_act()
        assert app.passing is None and "Your cards" in page(app)
        app.bot_step()
        assert app.game.to_act == 2 and app.passing is None and app.human_to_act()
        return
    raise AssertionError("Cleo never asked in 60 deals")


def test_the_pass_screen_tells_a_round_dealt_again_and_a_failed_save_but_no_note_of_a_persons_turn() -> None:
    """Replay this deal at a round's end opens a pass screen: its note ("dealt again") is told there, as a
    storage warning is; once a person has played, a note from their turn (a hint names their cards) is not."""
    app = seated([(0, "Anna"), (2, "Bob")], seed=3)
    for _ in range(3000):
        if app.game.phase == "round_over":
            break
        run(app, 1, [])
    assert app.game.phase == "round_over"
    app.handle("see-scores")
    app.handle("replay")
    assert app.passing is not None
    html = page(app)
    hidden_everywhere(app, html)
    assert "Round 1 dealt again: the same cards as before." in html
    app.storage_warning = "Your game could not be saved."
    assert "Your game could not be saved." in page(app)
    app.handle("take-device")
    person = app.seat
    _until_persons_turn(app, person)
    play_person(app)  # a turn of theirs: drawn and discarded
    while app.passing is None and app.bot_to_act():
        app.bot_step()
    assert app.passing is not None and app.passing != person
    app.note = Note("Hint: meld your three 7s.", "hint")  # a note left from the turn before, naming cards
    html = page(app)
    hidden_everywhere(app, html)
    assert "three 7s" not in html and "Your game could not be saved." in html


def test_people_who_sit_down_together_on_a_first_visit_are_not_offered_the_one_person_lesson() -> None:
    """A family's first visit: they go from the welcome straight to Play together. Anna's first turn shows her
    table, not "New to Hand and Foot?" and a lesson that would put a one-person game in place of theirs."""
    from ui.render import regions

    app = App(Settings(), random.Random(5))
    app.lesson_offer = True
    app.note = Note("Welcome!")
    app.handle("together")
    assert app.sit_down([(0, "Anna"), (2, "Bob")])
    while app.passing is not None or app.bot_to_act():
        if app.passing is not None:
            app.handle("take-device")
        else:
            app.bot_step()
    assert app.game.to_act == app.seat == 0
    prompt = regions(app)["r-prompt"]
    assert 'data-act="lesson"' not in prompt and 'aria-label="Lesson"' not in prompt
