"""Issue 32: challenges that can't be forged or spoiled.

A result is verified from the link alone (deal, rules, level, every computer move re-decided,
take-backs counted from the taken-back moves, totals and check); a record is found by a digest
of the whole link, never by a value the sender chose; a received challenge is watched only once
played here, or given up on after a warning.
"""

from __future__ import annotations

import base64
import json
import random
import zlib
from functools import cache
from typing import Any

import pytest

from engine.actions import Discard, Draw, Meld, NextRound
from engine.bots import make_bot
from engine.errors import RuleViolation
from engine.moves import legal_actions
from engine.rules import preset
from engine.serialize import digest, from_dict, to_dict
from engine.state import Game
from engine.stored_rules import rules_to_dict
from engine.takeback import take_back
from engine.views import view_for
from ui.app import App as Controller
from ui.challenge import model as challenge
from ui.render import page
from ui.settings.model import Settings, rules_for, rules_words


def _play(deal: int, level: str, south: str = "hard", undo: int = 0, computers: str = "") -> Game:
    """A finished classic game: South plays as a ``south`` bot, the others at ``level`` (or, with
    ``computers="draw-discard"``, only draw and discard); South takes back its melds ``undo`` times."""
    game = Game(preset("classic"), deal)
    bots = {s: make_bot(south if s == 0 else level, s, deal) for s in range(4)}
    for _ in range(20_000):
        if game.over:
            return game
        if game.phase == "round_over":
            game.apply(NextRound())
            continue
        seat = game.to_act
        assert seat is not None
        view = view_for(game, seat)
        if seat and computers == "draw-discard" and game.phase in ("draw", "play"):
            game.apply(Draw() if game.phase == "draw" else Discard(game.players[seat].hand[0]))
            continue
        action = (bots[seat].answer(view) if game.phase == "answer" else bots[seat].decide(view)).action
        if seat == 0 and undo and game.phase == "play" and game.history[-1] == "draw":
            meld = next((a for a in legal_actions(game) if isinstance(a, Meld)), None)
            if meld is not None:
                trial = game.copy()
                trial.apply(meld)
                try:
                    game = take_back(trial, game)
                    undo -= 1
                except RuleViolation:
                    pass
                continue
        game.apply(action)
    raise AssertionError("the game did not end")


@cache
def alice() -> Game:
    return _play(62, "easy")


@cache
def with_undo() -> Game:
    game = _play(63, "normal", undo=2)
    assert game.takebacks == 2 and len(game.undone) == 2
    return game


def packed(data: object) -> str:
    raw = zlib.compress(json.dumps(data).encode())
    return "#challenge=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def link_data(game: Game, level: str) -> dict[str, Any]:
    return challenge.from_game(game, level, name="Alice").to_dict()


def opened(data: dict[str, Any]) -> challenge.Challenge:
    received = challenge.parse_fragment(packed(data))
    assert isinstance(received, challenge.Challenge), received
    return received


def test_an_honest_link_with_take_backs_is_verified_and_counts_them_from_the_moves() -> None:
    game = with_undo()
    saved = from_dict(json.loads(json.dumps(to_dict(game))))  # the taken-back moves survive a reload
    assert saved.undone == game.undone and saved.takebacks == 2
    received = opened(link_data(saved, "normal"))
    assert received.theirs.undone == game.undone
    back = challenge.verify(received)
    assert back is not None and back.takebacks == 2 and back == game
    honest = challenge.verify(opened(link_data(alice(), "easy")))
    assert honest is not None and honest.totals == alice().totals


def _forgeries() -> dict[str, dict[str, Any]]:
    """The issue's nine forgeries, each made from a real link."""
    real = link_data(alice(), "easy")
    undo = link_data(with_undo(), "normal")
    out: dict[str, dict[str, Any]] = {}
    swapped = json.loads(json.dumps(real))  # another deal, its totals, no moves, Alice's check
    swapped.update(deal=777)
    swapped["result"].update(totals=[99_990, -5_000], moves=[])
    out["deal swapped with a known check"] = swapped
    totals = json.loads(json.dumps(real))
    totals["result"]["totals"] = [totals["result"]["totals"][0] + 5_000, totals["result"]["totals"][1]]
    out["totals edited"] = totals
    for claim in (0, 7, 20_000):
        claimed = json.loads(json.dumps(undo))
        claimed["result"]["takebacks"] = claim
        out[f"take-backs claimed {claim:,}"] = claimed
    raised = json.loads(json.dumps(real))
    raised["level"] = "hard"
    out["level raised"] = raised
    lazy = _play(64, "hard", computers="draw-discard")  # legal moves, real totals and check
    out["computers that only draw and discard"] = dict(link_data(lazy, "hard"))
    bonus = json.loads(json.dumps(real))
    bonus["rules"] = rules_to_dict(preset("classic").with_options(going_out_bonus=10_000, need_clean=0))
    out["Classic with a 10,000 going-out bonus and no clean book needed"] = bonus
    books = json.loads(json.dumps(real))
    books["rules"] = rules_to_dict(preset("classic").with_options(need_clean=0, need_dirty=0))
    out["Classic with no books needed"] = books
    return out


FORGERIES = list(_forgeries())


def _kept(ctrl: Controller) -> dict[str, str]:
    return {key: record.to_json() for key, record in ctrl.challenges.items()}


@pytest.mark.parametrize("name", FORGERIES)
def test_each_forgery_reads_unverified_and_leaves_every_kept_record_as_it_was(name: str) -> None:
    data = _forgeries()[name]
    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.start_challenge(opened(link_data(alice(), "easy")), 10)  # Alice's real challenge, played here
    real_key = ctrl.active_challenge
    ctrl.game = alice().copy()
    ctrl._finish_challenge()
    assert challenge.checked(ctrl.challenges[real_key])
    ctrl.make_challenge(20)  # and one sent from here
    kept = _kept(ctrl)
    received = challenge.parse_fragment(packed(data))
    if isinstance(received, challenge.Problem):  # rules no screen offers: refused outright
        assert "rules" in received.message
        forged = challenge.Challenge(
            preset("classic").with_options(going_out_bonus=10_000), data["deal"], data["level"],
            challenge.result_from_dict(data["result"], 4))
        assert challenge.verify(forged) is None
        assert _kept(ctrl) == kept
        return
    assert challenge.verify(received) is None
    ctrl.start_challenge(received, 30)
    assert ctrl.active_challenge not in kept
    record = ctrl.challenges[ctrl.active_challenge]
    assert not challenge.checked(record) and "unverified" in challenge.check_words(record)
    assert {k: v for k, v in _kept(ctrl).items() if k in kept} == kept  # nothing kept was touched
    ctrl.game = Game(received.rules, received.deal)  # when the forged game ends, its result is its own
    ctrl._finish_challenge()
    assert {k: v for k, v in _kept(ctrl).items() if k in kept} == kept


def test_a_deal_swapped_link_says_unverified_when_opened_and_files_under_its_own_record() -> None:
    data = _forgeries()["deal swapped with a known check"]
    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.start_challenge(opened(link_data(alice(), "easy")), 10)
    real = ctrl.active_challenge
    before = ctrl.challenges[real].to_json()
    ctrl.start_challenge(opened(data), 20)
    assert ctrl.note is not None and "unverified" in ctrl.note.text and "99,990" in ctrl.note.text
    assert ctrl.active_challenge != real and ctrl.challenges[real].to_json() == before


def test_a_received_challenge_is_watched_only_after_playing_it_or_giving_up() -> None:
    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.start_challenge(opened(link_data(alice(), "easy")), 10)
    key = ctrl.active_challenge
    ctrl.screen = "games"
    html = page(ctrl)
    assert "not played yet" in html
    ctrl.handle("watch-challenge", key)  # not yet: a warning that watching spoils it
    assert ctrl.screen == "games" and ctrl.watch is None and ctrl.confirm_spoil == key
    html = page(ctrl)
    assert "spoils this challenge" in html and "Play it first" in html
    ctrl.handle("keep-challenge", key)
    assert ctrl.confirm_spoil == "" and ctrl.watch is None
    ctrl.handle("give-up-challenge", key)  # without the warning first: nothing
    assert ctrl.watch is None and not ctrl.challenges[key].gave_up
    ctrl.handle("watch-challenge", key)
    ctrl.handle("give-up-challenge", key)
    assert ctrl.screen == "watch" and ctrl.watch is not None and ctrl.challenges[key].gave_up
    assert ctrl.active_challenge == ""  # finishing the deal now files no result under it
    ctrl.game = alice().copy()
    ctrl.active_challenge = key
    ctrl._finish_challenge()
    assert ctrl.challenges[key].mine is None
    back = challenge.read(key, ctrl.challenges[key].to_json())
    assert back is not None and back.gave_up and back.watchable


def test_a_played_challenge_is_watched_at_once() -> None:
    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.start_challenge(opened(link_data(alice(), "easy")), 10)
    key = ctrl.active_challenge
    ctrl.game = alice().copy()
    ctrl._finish_challenge()
    ctrl.screen = "games"
    ctrl.handle("watch-challenge", key)
    assert ctrl.screen == "watch" and ctrl.watch is not None and ctrl.watch.at == 0


def test_a_link_with_house_rules_names_each_one() -> None:
    rules = rules_for("classic", {"upcard": True})
    game = Game(rules, 5)
    words = rules_words(rules)
    assert words.startswith("Classic Hand and Foot; house rules: ") and "Turn up a card" in words
    assert rules_words(preset("classic")) == "Classic Hand and Foot"
    data = {"v": 1, "rules": rules_to_dict(rules), "deal": 5, "level": "easy", "name": "",
            "result": {"totals": [0, 0], "moves": [], "check": digest(game)}}
    received = opened(data)
    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.start_challenge(received, 1)
    assert ctrl.note is not None and "Turn up a card to start the pile: Yes" in ctrl.note.text


def test_a_record_kept_before_is_read_under_its_new_key_and_checked_again() -> None:
    made = challenge.from_game(alice(), "easy")
    old = json.dumps({"v": 1, "challenge": made.to_dict(), "verified": True, "sent": False, "mine": None,
                      "played": 5})
    record = challenge.read(challenge.PREFIX + made.theirs.check, old)  # stored under the sender's check
    assert record is not None and record.key == made.key and record.key != made.legacy_key
    assert record.verified is None and record.changed  # its "verified" covered less: checked again, re-stored
    assert challenge.read(challenge.PREFIX + "someone-else", old) is None
    assert challenge.checked(record) and challenge.read(record.key, record.to_json()) == record


def test_the_games_list_marks_a_tampered_unplayed_challenge_and_offers_no_watch() -> None:
    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.start_challenge(opened(_forgeries()["totals edited"]), 10)
    ctrl.screen = "games"
    html = page(ctrl)
    assert "(unverified)" in html and "not played yet" in html and "Watch their game" not in html
