"""Expert's playouts: the cheaper playout player sees what Hard would see and plays Hard's moves."""

from __future__ import annotations

import pytest

from engine.bots import make_bot
from engine.bots.expert import Playout, PlayoutBot, hidden_counts, playout_view
from engine.bots.knowledge import hidden_rank_counts
from engine.bots.sampling import known_holdings
from engine.lab.botgame import make_bots, play_bots
from engine.rules import RuleSet, preset
from engine.state import Game
from engine.views import MeldView, view_for

RULES = [preset("classic"), preset("hkf"), preset("pagat", players=3)]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.name}-{r.players}")
def test_a_playout_sees_what_the_seat_would_see(rules: RuleSet) -> None:
    # Through a whole round of Hard players: the playout's view of every seat is the seat's own view,
    # its card counts and the cards each other seat is known to hold from its pickups are what Hard
    # works out from that view.
    game = Game(rules, 41)
    run = Playout.start(game)
    melds: dict[tuple[int, int, tuple[int, ...]], MeldView] = {}
    pickups = 0
    for _ in range(300):
        if game.phase not in ("draw", "play", "answer"):
            break
        for seat in range(rules.players):
            view = view_for(game, seat)
            assert playout_view(game, seat, melds) == view
            counts, unseen = hidden_rank_counts(view)
            mine, mine_unseen = hidden_counts(view)
            assert +mine == counts and mine_unseen == unseen
            assert run.known_for(seat) == known_holdings(view)
        actor = game.to_act
        assert actor is not None
        d = make_bot("hard", actor, 41).decide(view_for(game, actor))
        pickups += type(d.action).__name__ == "PickUp"
        game.apply(d.action)
    assert pickups >= 1  # the pickup record was exercised


@pytest.mark.parametrize("rules", RULES[:2], ids=lambda r: r.name)
def test_the_playout_player_plays_hards_moves(rules: RuleSet) -> None:
    game = Game(rules, 43)
    run = Playout.start(game)
    players = [PlayoutBot(s, 43) for s in range(rules.players)]
    for p in players:
        p.run = run
    hard = make_bots("hard", rules, 43)
    checked = 0

    def same(g: Game, seat: int, _d: object) -> None:
        nonlocal checked
        if g.phase in ("draw", "play", "answer"):
            view = view_for(g, seat)
            assert players[seat].decide(view).action == hard[seat].decide(view).action
            checked += 1

    play_bots(game, hard, 400, before=same, until=lambda g: g.phase in ("round_over", "game_over"))
    assert checked > 50
