"""The chance Hard's discard reason states: will the next opponent take the pile?

Hard's play weight (``hard.take_chance``) was tuned for strength, not truth; this module
turns the decision's public information into a calibrated prediction for the words
(``stated_chance``).  It reads the seat's ``View`` only, keys everything by rule fields
(never the preset's name), and is a small logistic form whose constants were fitted by
``python -m bench.fit_safety`` on ``python -m bench.discard_safety --dump`` rows of deals
from 600,000,001 to 690,000,240 (never on the deals from 700,000,001 that the bench reports on).
Deterministic; about 0.03 ms a call.
"""

from __future__ import annotations

import math

from .. import cards as C
from ..cards import Card
from ..checks import pile_take, wild_top_takeable
from ..events import Discarded, TookPile
from ..views import View

Features = dict[str, float]


def threw_rank(view: View, seat: int, r: int) -> bool:
    """True when ``seat`` discarded a card of rank ``r`` since it last took the pile this
    round (``knowledge.discarded_ranks``, read from the end of the log)."""
    for event in reversed(view.log):
        if isinstance(event, Discarded):
            if event.seat == seat and C.rank(event.card) == r:
                return True
        elif isinstance(event, TookPile) and event.seat == seat:
            return False
    return False


def features(view: View, opp: int, card: Card, pair: float) -> Features:
    """What the prediction looks at, for a discard of ``card`` with ``opp`` next to play.

    ``pair`` is the tracked chance that ``opp`` holds a natural pair of the card's rank
    (``hard.Tracker.pair_chance``; ignored for wild cards and black 3s).
    """
    rules = view.rules
    seat = view.seats[opp]
    team = view.teams[seat.team]
    r = C.rank(card)
    open_len = 0
    book = 0.0
    for m in team.melds:
        if m.rank == r:
            if m.is_book:
                book = 1.0
            elif len(m.cards) > open_len:
                open_len = len(m.cards)
    size = len(view.pile) + 1
    take = pile_take(rules, size, team.opened)
    under = view.pile[len(view.pile) - (take - 1):] if take > 1 else ()
    wilds = sum(1 for c in under if C.is_wild(c))
    blocks = sum(1 for c in under if C.is_black_three(c) and rules.black_threes_special)
    kind = 0.0  # a natural card
    if C.is_wild(card):
        kind = 1.0
    elif C.is_black_three(card) and rules.black_threes_special:
        kind = 2.0
    elif open_len and open_len + 3 > 7 and rules.one_open_meld_per_rank:
        kind = 3.0  # their meld of that rank is too full to take the pile
    return {
        "kind": kind,
        "pair": pair,
        "opened": 1.0 if team.opened else 0.0,
        "minimum": float(team.minimum),
        "disc": 1.0 if threw_rank(view, opp, r) else 0.0,
        "open_len": float(open_len),
        "book": book,
        "pile": float(size),
        "take": float(take),
        "wilds": float(wilds),
        "blocks": float(blocks),
        "stock": float(view.stock_count),
        "hand": float(seat.hand_count),
        "in_foot": 1.0 if seat.played_foot or seat.stage == "foot" else 0.0,
        "my_hand": float(len(view.hand)),
        "round": float(view.round_index),
        "value": float(rules.value(r)) if kind == 0.0 else 0.0,
        "whole": 1.0 if rules.pickup == "whole" else 0.0,
        "ends_turn": 1.0 if rules.pickup_ends_turn else 0.0,
        "with_pile": 1.0 if rules.pickup_minimum == "with_pile" else 0.0,
        "wild_top": 1.0 if wild_top_takeable(rules) else 0.0,
        "wild_melds": 1.0 if rules.wild_melds else 0.0,
    }


FIELDS = ("with_pile", "wild_melds", "wild_top", "whole", "ends_turn")
"""Rule fields (as ``features`` names them) whose presence adjusts each core term's weight."""
CORE = ("1", "lp", "un", "disc", "open", "ltake", "unmin", "foot")
"""Terms whose weight has a part for every rule field in ``FIELDS``."""
SHARED = ("book", "wilds", "stock", "lo2", "blocks", "my")
"""Terms with one weight for every rule set."""


def _logit(p: float) -> float:
    """Log-odds of a pair chance, held within 0.3-99% (a pair known to be held counts as 99%:
    with its own term the fit said such pairs were taken less often than likely ones, which
    would make the statement fall as the pair chance rises)."""
    p = min(0.99, max(0.003, p))
    return math.log(p / (1.0 - p))


def base_terms(f: Features) -> dict[str, float]:
    """The logistic form's terms for a natural card's discard (``CORE`` then ``SHARED``); ``foot``
    is the taker playing from its foot (public: everyone sees a foot picked up); in the training
    deals such takers took fewer piles than the other terms said."""
    lp = _logit(f["pair"])
    un = 1.0 - f["opened"]
    base = {
        "1": 1.0, "lp": lp, "un": un,
        "disc": f["disc"], "open": 1.0 if f["open_len"] else 0.0, "ltake": math.log(f["take"]),
        "unmin": un * f["minimum"] / 100.0, "foot": f["in_foot"],
        "book": f["book"], "wilds": min(3.0, f["wilds"]), "stock": f["stock"] / 100.0,
        "lo2": min(0.0, lp) ** 2 / 10.0, "blocks": f["blocks"], "my": f["my_hand"] / 10.0,
    }
    return base


def active_fields(f: Features) -> tuple[str, ...]:
    """The rule fields of ``FIELDS`` that are on."""
    return tuple(field for field in FIELDS if f[field])


def terms(f: Features) -> dict[str, float]:
    """Every term with its value, the field parts named ``field:term`` (as in ``COEF``)."""
    base = base_terms(f)
    out = dict(base)
    for field in active_fields(f):
        for k in CORE:
            out[f"{field}:{k}"] = base[k]
    return out


COEF: dict[str, float] = {
    "1": 0.0996, "lp": 0.3838, "un": 0.144, "disc": -1.0014,
    "open": -0.8399, "ltake": 0.7884, "unmin": -1.0472, "foot": 0.0074,
    "book": -1.1466, "wilds": 0.0427, "stock": -0.8345, "lo2": -0.4964,
    "blocks": -0.3754, "my": -0.2265, "with_pile:1": -0.1772, "with_pile:lp": 0.253,
    "with_pile:un": -0.3584, "with_pile:disc": -0.7284, "with_pile:open": -0.3906, "with_pile:ltake": 0.5854,
    "with_pile:unmin": 0.0649, "with_pile:foot": -0.1564, "wild_melds:1": 0.2768, "wild_melds:lp": 0.1308,
    "wild_melds:un": 0.5024, "wild_melds:disc": -0.273, "wild_melds:open": -0.4493, "wild_melds:ltake": 0.203,
    "wild_melds:unmin": -1.1121, "wild_melds:foot": 0.1638, "wild_top:1": -0.4787, "wild_top:lp": -0.0496,
    "wild_top:un": -0.9528, "wild_top:disc": 0.0758, "wild_top:open": 0.0243, "wild_top:ltake": 0.1693,
    "wild_top:unmin": 0.5536, "wild_top:foot": -0.0535, "whole:1": -1.1388, "whole:lp": -0.0346,
    "whole:un": -0.5244, "whole:disc": 0.0672, "whole:open": 0.0163, "whole:ltake": 0.4377,
    "whole:unmin": 0.3937, "whole:foot": -0.2384, "ends_turn:1": -1.1388, "ends_turn:lp": -0.0346,
    "ends_turn:un": -0.5244, "ends_turn:disc": 0.0672, "ends_turn:open": 0.0163, "ends_turn:ltake": 0.4377,
    "ends_turn:unmin": 0.3937, "ends_turn:foot": -0.2384,
}
"""Weights of ``terms`` (missing names weigh nothing): ``python -m bench.fit_safety`` (ridge 2) on
Hard's discards in 240 deals each of classic, pagat, thirteen and hkf from 600,000,001 and 1,680
more of hkf (240 each from 610, 620, 630, 650, 660, 680 and 690 million and one), Hard vs Normal,
both seatings; refitted on Hard's play after its high-card and unseen-copies changes."""
KNEES = (math.log(0.3 / 0.7), math.log(0.7 / 0.3))
"""Where the fitted log-odds bend (chances of 30% and 70%), see ``RECAL``."""
RECAL: tuple[float, ...] = (0.1436, 1.0499, -0.4369, 0.5609)
"""(a, b, c1, c2): the stated log-odds are a + b z + c1 max(0, z - knee1) + c2 max(0, z - knee2)
of the fitted z (``recalibrate``), from predictions on training deals the fit had not seen: the
fit alone states chances from 30% too high, and a known pair's (70% and up) too low."""
KNEES_WHOLE = (math.log(0.2 / 0.8), math.log(0.4 / 0.6))
"""Where ``RECAL_WHOLE`` bends (chances of 20% and 40%)."""
RECAL_WHOLE: tuple[float, ...] = (-0.1522, 0.9566, 0.4535, -0.7801)
"""``RECAL`` where a pickup takes the whole pile (``rules.pickup == "whole"``), fitted apart
and bent twice, at ``KNEES_WHOLE``: with the shared form, Hand, Knee and Foot's 30-49%
statements came true 5-11 points more often than they said (the fit is too flat between
20% and 40%)."""
WILD_COEF: dict[str, float] = {"1": -3.1066}
"""Fitted weights for a wild card's discard where a wild top card can be taken."""


def stated_chance(view: View, opp: int, card: Card, pair: float) -> float:
    """The calibrated chance that ``opp`` takes the pile after this discard (see module doc)."""
    if view.rules.pickup == "none":
        return 0.0
    return predict(features(view, opp, card, pair))


_WEIGHTS: dict[tuple[str, ...], tuple[float, ...]] = {}
"""Each base term's weight under a pattern of rule fields (built from ``COEF`` when first needed)."""


def set_coef(coef: dict[str, float]) -> None:
    """Replace ``COEF`` (for the fitter) and forget the weights built from it."""
    COEF.clear()
    COEF.update(coef)
    _WEIGHTS.clear()


def _weights(fields: tuple[str, ...]) -> tuple[float, ...]:
    w = _WEIGHTS.get(fields)
    if w is None:
        w = tuple(COEF.get(k, 0.0) + (sum(COEF.get(f"{fl}:{k}", 0.0) for fl in fields) if k in CORE else 0.0)
                  for k in (*CORE, *SHARED))
        _WEIGHTS[fields] = w
    return w


def log_odds(f: Features) -> float:
    """The fitted log-odds of a natural card's discard, before ``RECAL``."""
    w = _weights(active_fields(f))
    b = base_terms(f)
    return sum(wi * b[k] for wi, k in zip(w, (*CORE, *SHARED), strict=True))


def recalibrate(z: float, coef: tuple[float, ...], knees: tuple[float, ...]) -> float:
    """The stated log-odds of fitted log-odds ``z``: a line with a bend at each knee."""
    return coef[0] + coef[1] * z + sum(c * max(0.0, z - k) for c, k in zip(coef[2:], knees, strict=True))


def predict(f: Features) -> float:
    """The fitted form: no chance for a black 3, a meld too full or a rank with no pair
    possible (never taken in the bench); a wild card's from ``WILD_COEF``; a natural
    card's from ``COEF`` and ``RECAL``."""
    if f["kind"] >= 2.0 or (f["kind"] == 0.0 and f["pair"] <= 0.0):
        return 0.0  # never taken in the bench; pair 0: that hand can't hold two of the rank
    if f["kind"] == 1.0:
        if not f["wild_top"]:
            return 0.0
        z = WILD_COEF.get("1", 0.0)
    else:
        z = recalibrate(log_odds(f), *((RECAL_WHOLE, KNEES_WHOLE) if f["whole"] else (RECAL, KNEES)))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
