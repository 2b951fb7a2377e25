"""Hard as South's partner: what a player sitting with it would notice, counted.

    python -m bench.north_study --rules hkf [--games 20] [--first-deal 800000001] [--north hard]

Plays whole games with ``--north`` (Hard) in North's seat and Normal in the other three
(South stands for the human), deals ``first-deal`` onward, and counts over every round:

* black 3s North still holds when the round ends (hand, and knee or foot not yet picked up);
* the cards North feeds the next opponent (East) through the pile: every pile East takes
  right after North's discard, and how many cards it held;
* the piles North takes, their cards and their black 3s;
* the side's totals (North and South against East and West).

Issue 14 reported, for hkf over deals 800,000,001-020 before its part 1: 65 black 3s held at
the end of 80 rounds, and 599 cards fed to East in 34 pickups.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict, dataclass

from engine import cards as C
from engine.actions import Discard, PickUp
from engine.bots import Decision, make_bot
from engine.lab.botgame import MAX_DECISIONS, play_bots
from engine.rules import PRESETS
from engine.state import Game

NORTH, EAST = 2, 3


@dataclass
class Study:
    """Counts over the games played."""

    games: int = 0
    rounds: int = 0
    black3_held: int = 0
    fed_pickups: int = 0
    fed_cards: int = 0
    north_pickups: int = 0
    north_pickup_cards: int = 0
    north_pickup_black3: int = 0
    side_wins: float = 0.0
    side_diff: int = 0


def held_black_threes(game: Game, seat: int) -> int:
    """Black 3s in ``seat``'s hand and in the sets it hasn't picked up."""
    p = game.players[seat]
    cards = list(p.hand)
    if not p.knee_taken:
        cards += p.knee
    if not p.foot_taken:
        cards += p.foot
    return sum(1 for c in cards if C.is_black_three(c))


def play(rules_name: str, deal: int, north: str, study: Study) -> None:
    """Play one whole game and add its counts to ``study``."""
    rules = PRESETS[rules_name]
    game = Game(rules, deal)
    bots = [make_bot(north if s == NORTH else "normal", s, deal) for s in range(rules.players)]
    last_discarder: int | None = None
    phase = game.phase
    before = 0
    taken: list[int] = []

    def look(game: Game, _seat: int, d: Decision) -> None:
        nonlocal phase, before, taken
        phase = game.phase
        if isinstance(d.action, PickUp):
            before = len(game.pile)
            taken = list(game.pile)

    def count(game: Game, seat: int, d: Decision) -> None:
        nonlocal last_discarder
        action = d.action
        if isinstance(action, PickUp):
            took = before - len(game.pile)
            if seat == EAST and last_discarder == NORTH:
                study.fed_pickups += 1
                study.fed_cards += took
            if seat == NORTH:
                study.north_pickups += 1
                study.north_pickup_cards += took
                study.north_pickup_black3 += sum(1 for c in taken[len(taken) - took:] if C.is_black_three(c))
        if isinstance(action, Discard):
            last_discarder = seat
        if phase in ("draw", "play", "answer") and game.phase in ("round_over", "game_over"):
            study.rounds += 1
            study.black3_held += held_black_threes(game, NORTH)
            last_discarder = None

    play_bots(game, bots, MAX_DECISIONS, before=look, after=count)
    study.games += 1
    ours, theirs = game.totals[0], game.totals[1]
    study.side_wins += 1.0 if ours > theirs else 0.5 if ours == theirs else 0.0
    study.side_diff += ours - theirs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.north_study", description=__doc__)
    parser.add_argument("--rules", default="hkf", choices=sorted(PRESETS))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first-deal", type=int, default=800_000_001)
    parser.add_argument("--north", default="hard")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    study = Study()
    for deal in range(args.first_deal, args.first_deal + args.games):
        play(args.rules, deal, args.north, study)
    if args.json:
        print(json.dumps({"rules": args.rules, "first_deal": args.first_deal, "north": args.north,
                          **asdict(study)}))
        return
    print(f"{args.rules}, {args.games} games from deal {args.first_deal}, {args.north} as North, normal elsewhere")
    print(f"  rounds {study.rounds}; black 3s North held at round ends {study.black3_held}")
    print(f"  cards fed to East through the pile {study.fed_cards} in {study.fed_pickups} pickups")
    print(f"  North took {study.north_pickups} piles, {study.north_pickup_cards} cards, "
          f"{study.north_pickup_black3} black 3s")
    mean = study.side_diff / max(1, study.games)
    print(f"  North-South won {study.side_wins:g} of {study.games}, mean diff {mean:+.0f}")


if __name__ == "__main__":
    main()
