"""The benches that measure Expert: one seat with a partner, and what its departures are worth."""

from __future__ import annotations

from bench.expert_arena import partner_deal
from bench.expert_departures import calibration, kind
from engine.actions import Answer, Discard, Draw, PickUp
from engine.rules import preset


def test_partner_mode_puts_a_in_one_seat_only() -> None:
    # Two games of one deal, A on each side in turn, in that side's first seat with a B partner.
    records = partner_deal(preset("classic"), 5, "normal", "easy")
    assert len(records) == 2
    for r in records:
        a, b = len(r.times["normal"]), len(r.times["easy"])
        assert 0 < a and 2 * a < b  # one seat of four plays A: about a quarter of the decisions


def test_the_departure_report_groups_by_kind_and_scores_each_switching_rule() -> None:
    assert {kind(PickUp()), kind(Draw()), kind(Discard(20)), kind(Answer(True))} == {
        "take_or_draw", "discard", "answer"}
    checks = [{"kind": "discard", "est": e, "se": 10.0, "true": t}
              for e, t in ((-50.0, -40.0), (30.0, 25.0), (120.0, 90.0), (5.0, -10.0))]
    out = calibration(checks)
    assert out["n"] == 4 and out["corr"] > 0.9
    # Switching where the estimate is over 20 points and one error: the two that truly gained.
    rule = out["rules"]["m20_z1"]
    assert (rule["switches"], rule["total_gain"]) == (2, 115)
    assert out["rules"]["m100_z3"]["switches"] == 1


def test_hard_variants_an_empty_variant_plays_hards_own_games_and_a_change_plays_others() -> None:
    from bench.hard_variants import run

    same = run("classic", 2, 900_000_001, {}, workers=1)
    assert (same["win_rate"], same["mean_score_diff"]) == (0.5, 0.0)
    # No wild card held back (Hard keeps one): other games.
    changed = run("classic", 2, 900_000_001, {"style.wild_reserve": 0}, workers=1)
    assert changed["mean_score_diff"] != 0.0


def test_meld_or_hold_pairs_hards_melds_with_holding_and_reports_the_real_gain() -> None:
    from bench.meld_or_hold import hold_action, report
    from engine.actions import EndTurn, Meld
    from engine.bots import ExpertBot, make_bot
    from engine.state import Game
    from engine.views import view_for

    game = Game(preset("classic"), 900_000_001)
    bots = [make_bot("hard", s, 900_000_001) for s in range(4)]
    pairs = 0
    for _ in range(400):
        seat = game.to_act
        if seat is None or game.phase not in ("draw", "play", "answer"):
            break
        action = bots[seat].decide(view_for(game, seat)).action
        if game.phase == "play":
            pair = hold_action(ExpertBot(seat, 900_000_001), game, seat)
            if isinstance(action, Meld):
                assert pair is not None and pair[0] == action  # Hard's very melds
                assert isinstance(pair[1], (Discard, EndTurn)) and game.check(pair[1]) is None  # holding is legal
                pairs += 1
            else:
                assert pair is None  # nothing to compare where Hard lays nothing down
        game.apply(action)
    assert pairs >= 5
    checks = [{"kind": k, "est": e, "se": 10.0, "n": 12, "cards": 3, "true": t}
              for k, e, t in [("open", 50.0, 200.0), ("meld", -80.0, -300.0), ("meld", 30.0, -40.0),
                              ("meld", 120.0, 150.0)]]
    out = report([{"deal": 1, "checks": checks}])
    assert out["points"] == 4 and "open" not in out  # one opening: no spread to report
    assert out["meld"] == {"n": 3, "hold_gain_mean": round((-300 - 40 + 150) / 3, 1), "se": out["meld"]["se"],
                           "sd": out["meld"]["sd"], "hold_better": 1, "hold_better_by_100": 1}
    assert out["search"]["corr"] > 0.8  # the estimates rank these as the real gains do
