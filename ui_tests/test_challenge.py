"""Family challenges (issue 12, part 2): a link with the whole game, played again, compared, verified."""

from __future__ import annotations

import base64
import json
import random
import zlib

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.lab.botgame import make_bots, play_bots
from engine.rules import preset
from engine.state import Game
from engine.stored_rules import rules_to_dict
from ui.app import App as Controller
from ui.challenge import model as challenge
from ui.render import page
from ui.settings.model import Settings

from .helpers import play_out_round


def finished(deal: int = 61, level: str = "hard") -> Game:
    game = Game(preset("classic"), deal)
    return play_bots(game, make_bots(level, game.rules, deal))


def packed(data: object) -> str:
    raw = zlib.compress(json.dumps(data).encode())
    return "#challenge=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_a_finished_game_travels_whole_and_checks_out() -> None:
    game = finished()
    made = challenge.from_game(game, "hard", name="Grandma Jo")
    frag = challenge.fragment(made)
    assert frag.startswith("#challenge=") and len(frag) < 8000  # a whole game in a texted link
    back = challenge.parse_fragment(frag)
    assert back == made and back.name == "Grandma Jo"
    assert challenge.verify(back) == game
    record = challenge.new_record(back, 5, sent=False)
    assert record.verified and challenge.read(record.key, record.to_json()) == record


def test_a_tampered_result_is_unverified_and_cannot_be_watched() -> None:
    game = finished()
    data = challenge.from_game(game, "hard").to_dict()
    data["result"]["totals"] = [data["result"]["totals"][0] + 5000, data["result"]["totals"][1]]
    forged = challenge.parse_fragment(packed(data))
    assert isinstance(forged, challenge.Challenge) and challenge.verify(forged) is None
    record = challenge.new_record(forged, 1, sent=False)
    assert not record.verified
    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.challenges[record.key] = record
    ctrl.handle("watch-challenge", record.key)
    assert ctrl.screen != "watch" and ctrl.note is not None and "can't be watched" in ctrl.note.text
    # Moves that don't replay at all: unverified too, never an exception.
    data["result"]["moves"] = ["discard 9S"] * 3
    assert challenge.verify(challenge.parse_fragment(packed(data))) is None  # type: ignore[arg-type]


def test_hostile_links_get_a_sentence_and_change_nothing() -> None:
    good = challenge.from_game(finished(), "normal").to_dict()
    bomb = "#challenge=" + base64.urlsafe_b64encode(zlib.compress(b"[" * 5_000_000)).decode()
    cases = [
        "#challenge=!!!not base64!!!",
        "#challenge=" + challenge.fragment(challenge.from_game(finished(), "easy"))[11:200],  # cut short
        bomb,
        packed("[" * 3000 + "]" * 3000),
        packed({**good, "v": 2}),
        packed({**good, "level": "genius"}),
        packed({**good, "deal": "7"}),
        packed({**good, "rules": {"preset": "rook", "options": {"players": 2}}}),
        packed({**good, "result": {**good["result"], "totals": [1, 2, 3]}}),
        packed({**good, "result": {**good["result"], "moves": [1, 2]}}),
        packed({**good, "name": "x" * 500}),
        "#challenge=" + "A" * (challenge.MAX_FRAGMENT + 10),
    ]
    for text in cases:
        got = challenge.parse_fragment(text)
        assert isinstance(got, challenge.Problem), text[:60]
        assert got.message.endswith(".") and "challenge link" in got.message
    assert challenge.parse_fragment("") is None and challenge.parse_fragment("#other=1") is None


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_fragment_is_read_without_raising(text: str) -> None:
    got = challenge.parse_fragment("#challenge=" + text)
    assert got is None or isinstance(got, (challenge.Problem, challenge.Challenge))


def test_playing_a_challenge_to_the_end_shows_both_results_and_their_game() -> None:
    theirs = finished(deal=62, level="easy")
    made = challenge.from_game(theirs, "easy", name="Sam")
    ctrl = Controller(Settings(level="hard"), rng=random.Random(1))
    ctrl.start_challenge(challenge.parse_fragment(challenge.fragment(made)), 10)  # type: ignore[arg-type]
    assert ctrl.game.deal_number == 62 and ctrl.level() == "easy" and ctrl.bot(1).level == "easy"
    assert ctrl.note is not None and "A challenge from Sam" in ctrl.note.text
    assert "their moves lead to it" in ctrl.note.text
    us, them = theirs.totals  # the sender's result in plain words, their side first, the level by its name
    assert f"They scored {us:,} to {them:,}" in ctrl.note.text and "Easy computer players" in ctrl.note.text
    assert "us " not in ctrl.note.text and "them " not in ctrl.note.text
    assert list(ctrl.take_challenge_changes()) == [made.key] and ctrl.take_challenge_changes() == {}
    for _ in range(4):
        play_out_round(ctrl, 5000)
        if ctrl.game.phase == "round_over":
            ctrl.handle("next-round")
    assert ctrl.game.over
    record = ctrl.current_challenge()
    assert record is not None and record.mine is not None and record.mine.totals == tuple(ctrl.game.totals)
    html = page(ctrl)
    assert "Challenge, deal 62:" in html and "Their result (verified" in html
    assert f"<td>{theirs.totals[0]:,}</td><td>{ctrl.game.totals[0]:,}</td>" in html
    # Columns are the two games, rows the sides: "Them" is only ever the other side.
    assert '<th scope="col">Sam&#x27;s game</th><th scope="col">Your game</th>' in html
    again_list = Controller(Settings(level="hard"), rng=random.Random(1))
    again_list.challenges = {record.key: record}
    again_list.handle("screen", "games")
    assert "Easy computer players" in page(again_list) and "· easy" not in page(again_list)
    ctrl.handle("watch-challenge", record.key)
    assert ctrl.screen == "watch" and ctrl.watch is not None and ctrl.watch.game == theirs
    assert ctrl.watch.level == "easy"
    # The record keeps both results; after a reload it attaches to the same game again.
    again = Controller(Settings(level="hard"), rng=random.Random(1))
    again.challenges = {record.key: challenge.read(record.key, record.to_json())}  # type: ignore[dict-item]
    again.resume_game(ctrl.game)
    again.attach_challenge()
    assert again.active_challenge == record.key and again.level() == "easy"
    again.handle("screen", "games")
    assert "From Sam: deal 62" in page(again)


def test_sending_a_challenge_keeps_it_here_and_only_for_a_finished_game() -> None:
    ctrl = Controller(Settings(level="normal"), rng=random.Random(1))
    ctrl.new_game(5)
    try:
        ctrl.make_challenge(1)
        raise AssertionError("a game in progress was sent")
    except ValueError as err:
        assert "finished" in str(err)
    ctrl.resume_game(finished(deal=63))
    frag = ctrl.make_challenge(2)
    made = challenge.parse_fragment(frag)
    assert isinstance(made, challenge.Challenge) and made.level == "normal"
    assert ctrl.challenges[made.key].sent and ctrl.challenges[made.key].verified
    assert rules_to_dict(made.rules) == rules_to_dict(ctrl.game.rules)


def test_at_most_fifty_challenges_are_kept_the_oldest_go_first() -> None:
    from dataclasses import replace

    made = challenge.from_game(finished(deal=64), "normal")
    ctrl = Controller(Settings(), rng=random.Random(1))
    oldest = replace(made, theirs=replace(made.theirs, check="c000"))  # keys are digests of the link (issue 32)
    for i in range(challenge.MAX_RECORDS):
        one = replace(made, theirs=replace(made.theirs, check=f"c{i:03d}"))
        ctrl.challenges[one.key] = challenge.Record(one, False, played=100 + i)
    ctrl.start_challenge(made, 10_000)
    assert len(ctrl.challenges) == challenge.MAX_RECORDS and made.key in ctrl.challenges
    assert ctrl.challenge_drops == [oldest.key]


def test_the_challenge_links_note_and_box_stay_on_the_screen_it_was_sent_from() -> None:
    from ui.taps import Note

    ctrl = Controller(Settings(level="normal"), rng=random.Random(1))
    ctrl.resume_game(finished(deal=63))
    # What ui/browser/platform.py's send_challenge leaves after copying the link.
    ctrl.share_url = "https://example.org/" + ctrl.make_challenge(2)
    ctrl.note = Note("Challenge link copied: send it to family. The whole game travels in the link, "
                     "which no server sees. It is kept under Games.")
    shown = page(ctrl)
    assert 'for="share-link">Challenge link' in shown and "Link to this deal" not in shown
    for screen in ("pad", "settings", "games", "stats"):
        ctrl.handle("screen", screen)
        elsewhere = page(ctrl)
        assert 'id="share-link"' not in elsewhere, screen
        assert "Challenge link copied" not in elsewhere, screen
