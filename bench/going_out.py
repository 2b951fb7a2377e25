"""Going out, measured: is each going-out reason true of its position, and does waiting pay?

    python -m bench.going_out --rules classic --deals 100 [--first-deal 700000001] [--wait]

Plays duplicate games of two levels (Hard vs Normal by default) as the arena does.  At each
decision whose reason makes a checkable claim, the claim is checked against the real game
(which the bots never see):

* "the other team is close to going out": some opponent plays from the foot with at most
  ``FEW`` cards in hand, its side has every book it needs or is one short, and the partner
  rule does not stop it;
* "gains about N points": going out now is worth more than nothing, counted from the real
  cards (the bonus, plus what the other side holds, less what ours holds); counted again with
  the red 3s that lie in face-down sets left aside, since nobody can see those;
* "I haven't played from my foot yet", "the stock is nearly gone": the seat's state.

It also counts how many answers to "May I go out?" say yes.

With ``--wait`` every "yes" (asking to go out, answering yes, going out where nobody is asked)
is also played the other way, from a copy of the game: said no (or played on without asking),
then the rest of the round with the same bots.  The round's score difference of each branch
gives what waiting one turn would have paid, reported by what the position looked like.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine import cards as C
from engine import seats
from engine.actions import Action, Answer, AskGoOut
from engine.bots import make_bot
from engine.bots.base import Bot, Decision
from engine.bots.context import Ctx
from engine.bots.normal import NormalBot
from engine.checks import partners_block
from engine.lab.botgame import MAX_DECISIONS, play_bots
from engine.melds import book_needs
from engine.rules import PRESETS, RuleSet
from engine.scoring import TeamScore, card_cost
from engine.state import Game
from engine.views import view_for

FEW = 5
"""Cards in an opponent's foot hand that count as 'few' when checking the claim."""


def side_short(game: Game, seat: int) -> int:
    """How many books ``seat``'s side still lacks to go out (the engine's count)."""
    needs = book_needs(game.rules, game.teams[game.team_of(seat)].melds)
    return needs.clean + needs.dirty + needs.wild + len(needs.ranks)


def close_is_true(game: Game, seat: int) -> bool:
    """True when, in the real game, an opponent of ``seat`` is close to going out."""
    for opp in seats.opponents(seat, game.n):
        p = game.players[opp]
        if game.next_set(opp) is not None or len(p.hand) > FEW:
            continue
        if side_short(game, opp) > 1:
            continue
        if partners_block(game.rules, [game.players[m] for m in game.teammates(opp)]):
            continue
        return True
    return False


def leftover_cost(score: TeamScore) -> int:
    """Points a team loses for cards still held (or never played) at the end of a round."""
    return -sum(line.points for line in score.lines if line.kind in ("leftover", "penalty"))


def hidden_red_threes(game: Game, team: int) -> int:
    """What the red 3s lying in a team's face-down sets (never seen by anyone) cost it."""
    n = 0
    for seat in seats.team_seats(team, game.n):
        p = game.players[seat]
        sets = [] if p.foot_taken else [p.foot] + ([p.knee] if game.rules.knee_size and not p.knee_taken else [])
        n += sum(1 for zone in sets for c in zone if C.is_red_three(c))
    return -game.rules.red_three_unplayed * n


def out_gain(game: Game, goer: int, seen: bool = False) -> int:
    """What the goer's side gains over the other side by going out now, from the real cards.

    With ``seen``, red 3s lying in face-down sets (which nobody can see) are left out: a claim
    can be true only of what its maker could know, and its estimate prices them on average.
    """
    team = game.team_of(goer)
    ours = game.round_score(team, goer)
    gain = ours.by_kind("going_out") - leftover_cost(ours) + (hidden_red_threes(game, team) if seen else 0)
    for other in {game.team_of(s) for s in seats.opponents(goer, game.n)}:
        gain += leftover_cost(game.round_score(other, goer)) - (hidden_red_threes(game, other) if seen else 0)
    return gain


@dataclass
class Tally:
    """How often each claim was true, by level."""

    given: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    true: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    false_examples: list[str] = field(default_factory=list)

    def add(self, key: str, ok: bool, example: str) -> None:
        self.given[key] += 1
        self.true[key] += ok
        if not ok and example and len(self.false_examples) < 12:
            self.false_examples.append(example)

    def as_dict(self) -> dict[str, Any]:
        return {k: {"given": n, "true": self.true[k], "share": round(self.true[k] / n, 4)}
                for k, n in sorted(self.given.items())}


def goer_of(game: Game, action: Action) -> int:
    """The seat whose going out the decision is about (the asker, when answering)."""
    return game.turn


def is_yes(game: Game, d: Decision) -> bool:
    """True when the decision asks to go out, says yes, or goes out."""
    if isinstance(d.action, AskGoOut):
        return True
    if isinstance(d.action, Answer):
        return d.action.yes
    return d.why.kind == "went_out"


class _Waiting:
    """Builds a bot of the same level and seat that won't go out (or ask) on this decision."""

    @staticmethod
    def make(bot: Bot) -> Bot:
        assert isinstance(bot, NormalBot)
        cls = type(bot)

        class Waiter(cls):  # type: ignore[valid-type,misc]
            def try_going_out(self, ctx: Ctx) -> Decision | None:
                return None

        w = Waiter.__new__(Waiter)
        w.__dict__.update(bot.__dict__)
        return w


def finish_round(game: Game, bots: list[Bot]) -> int:
    """Play on to the round's end; the round's score difference, team 0 minus team 1."""
    start = game.round_index

    def over(game: Game) -> bool:
        return game.phase in ("round_over", "game_over") or game.round_index != start

    play_bots(game, bots, MAX_DECISIONS, until=over)
    res = game.results[-1]
    return res.scores[0].total - res.scores[1].total


@dataclass
class WaitRecord:
    """One 'yes' played both ways."""

    level: str
    kind: str
    features: dict[str, int]
    out_diff: int
    """The round's score difference (deciding side minus the other) after going out / yes."""
    wait_diff: int
    """The same after saying no once."""
    opp_went_out: bool
    """In the waiting branch, the other side went out first."""


def features(game: Game, seat: int, goer: int) -> dict[str, int]:
    """What the position looked like, for grouping the waiting measurements."""
    opps = seats.opponents(seat, game.n)
    foot_hands = [len(game.players[o].hand) for o in opps if game.next_set(o) is None]
    mates = [s for s in seats.team_seats(game.team_of(seat), game.n) if s != goer]
    return {
        "stock": len(game.stock),
        "opp_short": min(side_short(game, o) for o in opps),
        "opp_foot_min": min(foot_hands) if foot_hands else 99,
        "mates_hand": sum(len(game.players[m].hand) for m in mates),
        "mates_unplayed": sum(1 for m in mates if game.next_set(m) is not None),
        "mates_points": sum(card_cost(game.rules, c) for m in mates for c in game.players[m].hand),
        "close": int(close_is_true(game, seat)),
    }


def play_game(rules: RuleSet, deal: int, levels: tuple[str, str], tally: Tally, wait: bool,
              records: list[WaitRecord]) -> None:
    """One whole game, checking claims (and, with ``wait``, playing every yes both ways)."""
    game = Game(rules, deal)
    bots = [make_bot(levels[seats.team_of(s, rules.players)], s, deal) for s in range(rules.players)]

    def check(game: Game, seat: int, d: Decision) -> None:
        level = bots[seat].level
        said = {c.kind for c in d.why.why}
        if "close_to_out" in said:
            tally.add(f"{level}: close to going out", close_is_true(game, seat),
                      f"{rules.name} deal {deal} round {game.round_index + 1}: {d.reason}")
        if "out_gains" in said:
            goer = goer_of(game, d.action)
            real, seen = out_gain(game, goer), out_gain(game, goer, seen=True)
            tally.add(f"{level}: gains", real > 0,
                      f"{rules.name} deal {deal}: {d.reason} (real gain {real}, {seen} without hidden red 3s)")
            tally.add(f"{level}: gains, hidden red 3s aside", seen > 0,
                      f"{rules.name} deal {deal}: {d.reason} ({seen} without hidden red 3s)")
        if "fresh_foot" in said:
            p = game.players[seat]
            tally.add(f"{level}: foot not played yet", p.foot_taken and not p.played_foot, d.reason)
        if "stock_low" in said:
            tally.add(f"{level}: stock nearly gone", len(game.stock) <= rules.players * rules.draw * 3, d.reason)
        if isinstance(d.action, Answer):
            tally.add(f"{level}: answers that say yes", d.action.yes, "")
        if wait and level != "random" and game.phase != "round_over" and is_yes(game, d):
            records.append(play_both_ways(game, bots, seat, d))

    play_bots(game, bots, MAX_DECISIONS, before=check)
    if not game.over:
        raise RuntimeError(f"deal {deal}: the game did not end")


def play_both_ways(game: Game, bots: list[Bot], seat: int, d: Decision) -> WaitRecord:
    """Go out (or say yes) as decided, and wait once instead; each to the round's end."""
    sign = 1 if game.team_of(seat) == 0 else -1
    goer = game.turn
    feats = features(game, seat, goer)
    out = game.copy()
    out.apply(d.action)
    out_diff = sign * finish_round(out, bots)
    waiting = game.copy()
    if isinstance(d.action, Answer):
        kind = "answer"
        waiting.apply(Answer(False))
    else:
        kind = "ask" if isinstance(d.action, AskGoOut) else "out"
        alt = list(bots)
        alt[seat] = _Waiting.make(bots[seat])
        waiting.apply(alt[seat].decide(view_for(waiting, seat)).action)
    wait_diff = sign * finish_round(waiting, bots)
    last = waiting.results[-1]
    opp_out = last.went_out is not None and waiting.team_of(last.went_out) != waiting.team_of(seat)
    return WaitRecord(bots[seat].level, kind, feats, out_diff, wait_diff, opp_out)


def summarize(records: list[WaitRecord], key: Callable[[WaitRecord], str]) -> dict[str, Any]:
    """Mean gain of waiting (wait - out) by group."""
    groups: dict[str, list[WaitRecord]] = defaultdict(list)
    for r in records:
        groups[key(r)].append(r)
    out: dict[str, Any] = {}
    for k in sorted(groups):
        rs = groups[k]
        gains = [r.wait_diff - r.out_diff for r in rs]
        mean = sum(gains) / len(gains)
        var = sum((g - mean) ** 2 for g in gains) / max(1, len(gains) - 1)
        out[k] = {"n": len(rs), "wait_minus_out": round(mean, 1), "se": round((var / len(gains)) ** 0.5, 1),
                  "wait_better": round(sum(g > 0 for g in gains) / len(gains), 3),
                  "opp_out_first": round(sum(r.opp_went_out for r in rs) / len(rs), 3)}
    return out


def bucket(v: int, edges: tuple[int, ...]) -> str:
    for e in edges:
        if v <= e:
            return f"<={e}"
    return f">{edges[-1]}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.going_out", description=__doc__.split("\n")[0])
    p.add_argument("--rules", choices=sorted(PRESETS), default="classic")
    p.add_argument("--a", default="hard")
    p.add_argument("--b", default="normal")
    p.add_argument("--deals", type=int, default=50)
    p.add_argument("--first-deal", type=int, default=700_000_001)
    p.add_argument("--wait", action="store_true", help="also play every yes the other way")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    rules = PRESETS[args.rules]
    tally = Tally()
    records: list[WaitRecord] = []
    for deal in range(args.first_deal, args.first_deal + args.deals):
        for levels in ((args.a, args.b), (args.b, args.a)):
            play_game(rules, deal, levels, tally, args.wait, records)
    report: dict[str, Any] = {"rules": rules.name, "deals": args.deals, "first_deal": args.first_deal,
                              "claims": tally.as_dict(), "false_examples": tally.false_examples}
    if args.wait:
        report["waiting"] = {
            "by_level_kind": summarize(records, lambda r: f"{r.level} {r.kind}"),
            "by_close": summarize(records, lambda r: f"{r.level} close={r.features['close']}"),
            "by_opp_short": summarize(records, lambda r: f"{r.level} opp_short={r.features['opp_short']}"),
            "by_mates_hand": summarize(
                records, lambda r: f"{r.level} {r.kind} mates_hand{bucket(r.features['mates_hand'], (2, 5, 9))}"),
            "answers": summarize(
                [r for r in records if r.kind == "answer"],
                lambda r: (f"{r.level} hand{bucket(r.features['mates_hand'], (4, 7, 9, 11, 14))}"
                           f" unplayed={r.features['mates_unplayed']} close={r.features['close']}")),
            "answers_by_points": summarize(
                [r for r in records if r.kind == "answer"],
                lambda r: (f"{r.level} points{bucket(r.features['mates_points'], (25, 50, 100, 150, 250))}"
                           f" close={r.features['close']}")),
            "by_stock": summarize(records, lambda r: f"{r.level} stock{bucket(r.features['stock'], (10, 20, 40))}"),
        }
    if args.json:
        print(json.dumps(report))
    else:
        print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
