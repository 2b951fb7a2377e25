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
