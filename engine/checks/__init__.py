"""Legality: checking an action against the rules before ``Game`` carries it out, by topic.

Every function here only reads the game (through the read-only ``engine.position.Position``
protocol, so this package never imports ``engine.state``).  It either raises ``RuleViolation``
(with the reason code and the sentence the player sees) or returns a plan: what the action would
do, worked out so that ``Game`` can then change the table without checking anything again.
``Game.apply`` plans first and changes state only afterwards, which is how an illegal action
leaves the game untouched; ``Game.check`` and ``Game.is_legal`` run the same plans and stop there.

Topics: ``shape`` (any action's fields, and ``validate``), ``phase`` (whose move it is),
``pile`` (picking up the discard pile), ``melding``, ``going_out`` (discarding, ending the turn,
going out), ``asking`` ("May I go out?") and ``rounds``.
"""

from .asking import must_ask, plan_ask
from .going_out import go_out_problem, last_discard_allowed, partners_block, plan_discard, plan_end_turn
from .melding import extras_allowed, plan_meld, plan_plays
from .phase import need_phase
from .pile import PickupPlan, pairs_with, pile_pair, pile_take, pile_under, plan_pickup, wild_top_takeable
from .rounds import plan_next_round
from .shape import check_shape, validate

__all__ = [
    "PickupPlan", "check_shape", "extras_allowed", "go_out_problem", "last_discard_allowed", "must_ask",
    "need_phase", "pairs_with", "partners_block", "pile_pair", "pile_take", "pile_under", "plan_ask",
    "plan_discard", "plan_end_turn", "plan_meld", "plan_next_round", "plan_pickup", "plan_plays", "validate",
    "wild_top_takeable",
]
