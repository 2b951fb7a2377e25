"""Expert's pace in the worker: each answer within its time of the request's arrival, whatever the
search costs on this machine.  Pure Python (the clock is handed in), so the UI-logic tests drive it
with a clock of their own.

Expert itself (``engine.bots.expert``) stops sampling once a time budget has passed, which can overrun
by a whole sample, and counts from the start of its search, not from the request's arrival (the
game's rebuild comes first).  Here ``PacedExpert`` runs Expert's own search, but:

- the time is counted from the request's arrival (``Pacer.begin``): ``budget`` seconds for the
  searches that look a few turns ahead, ``OUT_SECONDS`` for those that play to the round's end (asking
  and answering "May I go out?": each of their playouts costs many times more, and they come once or
  twice a round);
- the pacer learns how long one playout takes on this machine (for each horizon: a few turns, or to
  the round's end), and a sample is begun only when all its playouts should end in time;
- a search whose ``MIN_SAMPLES`` samples would not fit in the time left is not begun: Hard's choice
  stands, as it does when Expert's own search gets too few samples.

``Pacer.playouts`` and ``Pacer.cut`` say what the request's searches did (the answer carries them as
``n`` and ``cut``, for the bench).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine.actions import Action, Draw
from engine.bots.context import Ctx
from engine.bots.expert import HORIZON, MIN_SAMPLES, ExpertBot, Outcome, Playout, Z
from engine.cards import Card
from engine.rules import RuleSet, preset
from engine.state import Game

OUT_SECONDS = 0.9
"""How long after its arrival a request may be answered when its search plays to the round's end."""
RESERVE = 0.02
"""Seconds kept for what follows the search: the rest of the decision and the answer's writing."""
LEARN = 0.3
"""Weight of the newest playout's time in the running estimate of a playout's time."""
SAFETY = 1.2
"""The estimate of a sample's time is stretched by this much before it is weighed against the time left."""
FORGET = 0.85
"""A skipped search plays nothing to learn from, so each skip shrinks its horizon's estimate by this
much: a cost learned in a slow moment (the machine busy, a first playout's imports) is tried again a
few searches later instead of skipping every search from then on."""

WARM_PLAYOUTS = 3
"""Playouts played when the worker starts, the first one's time not learned (see ``warm_up``)."""


class OutOfTime(Exception):
    """Raised between samples, inside Expert's search, when the next sample would end too late."""


class Pacer:
    """The time a request's searches have, and what one playout costs here (kept between requests)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.per_playout: dict[int | None, float] = {}  # by horizon (None: to the round's end), seconds
        self.arrived = 0.0
        self.budget = 0.0
        self.playouts = 0
        self.cut = False
        self.skipped = 0

    def begin(self, arrived: float, budget: float) -> None:
        """A new request, arrived at ``arrived`` (the clock's time), to be answered ``budget`` s later."""
        self.arrived, self.budget = arrived, budget
        self.playouts, self.cut, self.skipped = 0, False, 0

    def end(self, horizon: int | None) -> float:
        """When a search with this horizon must have finished (the clock's time)."""
        window = self.budget if horizon is not None else max(self.budget, OUT_SECONDS)
        return self.arrived + window - RESERVE

    def fits(self, horizon: int | None, playouts: int) -> bool:
        """True when ``playouts`` more playouts with this horizon should end in time (while the cost is
        not known yet: when any time is left)."""
        now = self.clock()
        each = self.per_playout.get(horizon)
        if each is None:
            return now < self.end(horizon)
        return now + playouts * each * SAFETY <= self.end(horizon)

    def learn(self, horizon: int | None, seconds: float) -> None:
        """One playout with this horizon took ``seconds``."""
        old = self.per_playout.get(horizon)
        self.per_playout[horizon] = seconds if old is None else (1 - LEARN) * old + LEARN * seconds

    def searched(self, playouts: int, cut: bool) -> None:
        """A search of the current request ended (``playouts`` done; ``cut``: time stopped it)."""
        self.playouts += playouts
        self.cut = self.cut or cut
        if cut and playouts == 0:
            self.skipped += 1

    def skip(self, horizon: int | None) -> None:
        """A search with this horizon was not begun (too little time for its samples)."""
        self.searched(0, cut=True)
        if horizon in self.per_playout:
            self.per_playout[horizon] *= FORGET


class PacedExpert(ExpertBot):
    """Expert, its searches paced by ``pacer`` (the same search, the same playouts, only stopped sooner)."""

    def __init__(self, seat: int, deal_number: int, pacer: Pacer) -> None:
        super().__init__(seat, deal_number)
        self.pacer = pacer
        self._horizon: int | None = None
        self._values: list[list[float]] = []

    def search(self, ctx: Ctx, actions: list[Action], horizon: int | None, steps: int | None = None,
               z: float | None = None) -> Outcome:
        """Expert's search, begun only when ``MIN_SAMPLES`` samples fit in the time left, and stopped
        before a sample that would end too late."""
        pacer = self.pacer
        if not pacer.fits(horizon, MIN_SAMPLES * len(actions)):
            pacer.skip(horizon)
            return Outcome(0, tuple(() for _ in actions))  # too few samples: Hard's choice stands
        self._horizon = horizon
        self._values = [[] for _ in actions]
        try:
            outcome = super().search(ctx, actions, horizon, steps, z)
        except OutOfTime:
            values = self._values
            samples = min(len(v) for v in values)
            kept = [v[:samples] for v in values]
            outcome = Outcome(self.pick(kept, Z if z is None else z), tuple(tuple(v) for v in kept))
            pacer.searched(samples * len(actions), cut=True)
            return outcome
        pacer.searched(outcome.samples * len(actions), cut=False)
        return outcome

    def playout(self, game: Game, action: Action, horizon: int | None, known: dict[int, Counter[Card]],
                upto: int) -> tuple[float, int]:
        """Expert's playout, timed; before a sample's first playout, the sample must fit in the time left."""
        values = self._values
        pacer = self.pacer
        done = sum(len(v) for v in values)
        if done and done % len(values) == 0 and not pacer.fits(horizon, len(values)):
            raise OutOfTime
        started = pacer.clock()
        result = super().playout(game, action, horizon, known, upto)
        pacer.learn(horizon, pacer.clock() - started)
        values[done % len(values)].append(result[0])
        return result


def warm_up(pacer: Pacer, rules: RuleSet | None = None) -> None:
    """Play a few of Expert's playouts when the worker starts, while the person plays, on a deal of the
    worker's own under the game's rules (a playout of a three-deck rule set costs more than one of
    classic): the first search then pays for no first calls (imports, caches, and in WebKit the
    WebAssembly tiers of a Python not yet run), and the pacer knows a playout's cost before it is
    asked.  The first playout, which pays for all that, is not learned from."""
    game = Game(rules or preset("classic"), 1)
    seat = game.to_act
    if seat is None:
        return
    bot = ExpertBot(seat, game.deal_number)
    record = Playout.start(game)
    for i in range(WARM_PLAYOUTS):
        started = pacer.clock()
        bot.playout(game.copy(), Draw(), HORIZON, record.known, record.upto)
        if i:
            pacer.learn(HORIZON, pacer.clock() - started)
