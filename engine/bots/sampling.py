"""Games rebuilt from a view: the hidden cards dealt out again ("determinization").

A computer player never sees the real game.  To ask the engine whether an
action is legal, or to look ahead, it builds its own ``Game`` from its
``View``: every visible card where the view shows it, and the cards it cannot
see (full deck minus its hand, the melds, the red 3s and the pile) dealt to the
hidden zones with the right counts.  Cards a player is known to hold because
they came off the pile in a public pickup go back to that player's hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from .. import cards as C
from ..cards import Card
from ..checks import pairs_with
from ..deal import SplitMix64, full_deck
from ..events import Discarded, Event, Melded, PickedUpSet, TookPile
from ..melds import TableMeld
from ..rules import RuleSet
from ..state import Game, Player, Team
from ..views import View


def visible_cards(view: View) -> Counter[Card]:
    """Every card this seat can see: its hand, all melds, red 3s and the pile."""
    seen: Counter[Card] = Counter(view.hand)
    seen.update(view.pile)
    for team in view.teams:
        seen.update(team.red_threes)
        for meld in team.melds:
            seen.update(meld.cards)
    return seen


def unseen_cards(view: View) -> Counter[Card]:
    """The cards this seat cannot see (other hands, every knee and foot, the stock)."""
    unseen = Counter(full_deck(view.rules))
    unseen.subtract(visible_cards(view))
    return +unseen


def known_holdings(view: View) -> dict[int, Counter[Card]]:
    """Cards each other seat is known to hold: taken from the pile and not played since.

    Melds laid with a pickup come from the hand, but the log does not say which
    melds belong to the pickup, so every later meld counts against the known
    cards: the estimate may forget a card, never invent one.
    """
    known: dict[int, Counter[Card]] = {s.seat: Counter() for s in view.seats}
    update_known(view.rules, known, view.log, [s.hand_count for s in view.seats])
    known.pop(view.seat, None)
    for seat, held in known.items():
        if sum(held.values()) > view.seats[seat].hand_count:
            known[seat] = Counter()  # inconsistent with the counts: forget it
    return known


def update_known(rules: RuleSet, known: dict[int, Counter[Card]], events: Iterable[Event],
                 hand_counts: Sequence[int]) -> None:
    """Add ``events`` (public, in order) to ``known``: the cards each seat is known to hold from its
    pickups, for every seat, the viewer's own too (``known_holdings`` drops it); a playout keeps one
    of these for every seat and adds each step's events (``hand_counts``: each seat's cards now)."""
    for event in events:
        seat = event.seat
        if seat is None or seat not in known:
            continue
        held = known[seat]
        match event:
            case TookPile(top=top, taken=taken):
                # The pair as the engine picks it (``checks.pile_pair``), as far as it is known.
                pair = sorted((c for c in held.elements() if pairs_with(rules, top, c)),
                              key=lambda c: (C.rank(c) != C.rank(top), c))[:2]
                held.subtract(pair)
                held.update(taken)
            case Melded(cards=cards):
                held.subtract(cards)
            case Discarded(card=card):
                held.subtract([card])
            case PickedUpSet(which="foot"):
                held.clear()
            case PickedUpSet(which="knee") if hand_counts[seat] == 0:
                held.clear()
        known[seat] = +held


def _slots(view: View) -> list[tuple[int, str, int]]:
    """(seat, zone, count) of every hidden zone; seat -1 is the stock."""
    out: list[tuple[int, str, int]] = []
    for s in view.seats:
        if s.seat != view.seat:
            out.append((s.seat, "hand", s.hand_count))
        out.append((s.seat, "knee", s.knee_count))
        out.append((s.seat, "foot", s.foot_count))
    out.append((-1, "stock", view.stock_count))
    return out


def build_game(view: View, zones: dict[tuple[int, str], list[Card]]) -> Game:
    """A full ``Game`` matching the view, with the hidden zones given by ``zones``."""
    rules = view.rules
    g = Game.__new__(Game)
    g.rules = rules
    g.deal_number = view.deal_number
    g.n = rules.players
    g.round_index = view.round_index
    g.totals = [t.total for t in view.teams]
    g.results = list(view.results)
    g.history = []
    g.dealer = view.dealer
    players = []
    for s in view.seats:
        hand = list(view.hand) if s.seat == view.seat else zones[(s.seat, "hand")]
        players.append(Player(
            hand=hand,
            knee=zones[(s.seat, "knee")],
            foot=zones[(s.seat, "foot")],
            knee_taken=rules.knee_size > 0 and s.stage in ("knee", "foot"),
            foot_taken=s.stage == "foot",
            knee_due=s.knee_due,
            played_foot=s.played_foot,
        ))
    g.players = players
    g.teams = [
        Team([TableMeld(m.rank, list(m.cards)) for m in t.melds], list(t.red_threes), t.opened)
        for t in view.teams
    ]
    g.stock = zones[(-1, "stock")]
    g.pile = list(view.pile)
    g.log = list(view.log)
    g.went_out = view.went_out
    g.turn = view.turn
    g.phase = view.phase
    g.asked = view.asked
    g.permission = view.permission
    g.picked_up = view.picked_up
    return g


def _fill(view: View, cards: list[Card], known: dict[int, Counter[Card]]) -> dict[tuple[int, str], list[Card]]:
    """Deal ``cards`` (already in the wanted order) into the hidden zones."""
    zones: dict[tuple[int, str], list[Card]] = {}
    pool = Counter(cards)
    fixed: dict[int, list[Card]] = {}
    for seat, held in known.items():
        take = [c for c, n in sorted(held.items()) for _ in range(min(n, pool[c]))]
        pool.subtract(take)
        fixed[seat] = take
    # Red 3s are laid out at once, so a hidden hand never holds one.
    order: list[Card] = []
    for c in cards:
        if pool[c] > 0:
            pool[c] -= 1
            order.append(c)
    # Hands first, from the other cards; the rest (red 3s among them, in the same random
    # order) go to the knees, feet and stock, so a red 3 is in a face-down set only as
    # often as its share of those cards says.
    rest = [c for c in order if not C.is_red_three(c)]
    dealt: Counter[Card] = Counter()
    for seat, zone, count in _slots(view):
        if zone == "hand":
            got = list(fixed.get(seat, []))
            need = max(0, count - len(got))
            got.extend(rest[:need])
            zones[(seat, zone)] = got
            dealt.update(rest[:need])
            del rest[:need]
    left = Counter(order)
    left.subtract(dealt)
    after: list[Card] = []
    for c in order:
        if left[c] > 0:
            left[c] -= 1
            after.append(c)
    for seat, zone, count in _slots(view):
        if zone != "hand":
            zones[(seat, zone)] = after[:count]
            del after[:count]
    zones[(-1, "stock")].extend(after)
    return zones


def shadow_game(view: View) -> Game:
    """A game for legality checks: hidden cards in canonical order (they don't matter)."""
    cards = sorted(unseen_cards(view).elements())
    return build_game(view, _fill(view, cards, {}))


def sample_game(view: View, rng: SplitMix64, known: dict[int, Counter[Card]] | None = None) -> Game:
    """A game consistent with everything the view shows, hidden cards dealt at random."""
    cards = sorted(unseen_cards(view).elements())
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return build_game(view, _fill(view, cards, known_holdings(view) if known is None else known))
