"""The rule set's shape: one frozen ``RuleSet`` with every switch, its value types and its checks.

The presets and the decisions they share for the gaps the rule sources leave open are in
``engine.rules`` (import ``RuleSet`` from there: it is the rules' public face).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal

from .cards import WILD_RANK
from .seats import PLAYER_COUNTS

DeckKind = Literal["standard", "rook"]
WildLimit = Literal["half", "third", "two"]
Pickup = Literal["top7", "whole", "none"]
PickupBeforeOpening = Literal["full", "top_only", "never"]
GoOutDiscard = Literal["optional", "required", "forbidden"]
WildPair = Literal["same", "any"]
PartnerInFoot = Literal["no", "played", "in_foot"]
PickupMinimum = Literal["with_pile", "hand_only"]

STANDARD_VALUES: tuple[int, ...] = (50, 0, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20)
"""Card values by rank for the standard deck: joker 50, 2 20, 3-7 5, 8-K 10, A 20."""
ROOK_VALUES: tuple[int, ...] = (50, 5, 25, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20)
"""Card values by rank for the Rook deck: bird 50, 1 5, 2 25, 3-7 5, 8-13 10, 14 20."""

ROUND_MINIMUMS = (50, 90, 120, 150)
ROOK_SCORE_MINIMUMS = ((0, 60), (3500, 90), (5500, 120), (7500, 150))


@dataclass(frozen=True)
class RuleSet:
    """Everything that differs between tables, as plain data."""

    name: str
    title: str
    # Table and deal
    deck: DeckKind = "standard"
    decks: int = 5
    decks_six: int = 7
    decks_two: int = 4
    """Decks for two players on their own (see ``engine.rules``: as many turns per side
    as a team has at four)."""
    decks_three: int = 6
    players: int = 4
    """2 or 3 play each on their own; 4 or 6 play in two teams (``engine.seats``)."""
    six_players: bool = True
    hand_size: int = 11
    knee_size: int = 0
    foot_size: int = 11
    upcard: bool = False
    upcard_skip_ranks: tuple[int, ...] = (0, 2)
    """Ranks (0 = wild) that cannot start the pile: they go under the stock.

    Wild cards by default, so that a house-rule upcard never starts a frozen pile."""
    upcard_skip_red_three: bool = True
    rounds: int = 4
    target_score: int = 0
    """When above zero, the game ends after the round in which a team reaches it."""
    # Cards
    card_values: tuple[int, ...] = STANDARD_VALUES
    meld_ranks: tuple[int, ...] = (4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14)
    black_threes_special: bool = True
    black_three_meld_going_out: bool = False
    black_three_left: int = 5
    red_three_bonus: int = 100
    red_three_seven_bonus: int = 0
    red_three_unplayed: int = -500
    red_three_replace_from_knee_foot: bool = True
    # Melds and books
    wild_limit: WildLimit = "half"
    no_wild_ranks: tuple[int, ...] = ()
    wild_melds: bool = False
    one_open_meld_per_rank: bool = True
    clean_book: int = 500
    dirty_book: int = 300
    wild_book: int = 1500
    rank_books: tuple[tuple[int, int], ...] = ()
    """Bonus for a clean book of a special rank, e.g. ((7, 5000), (5, 3000))."""
    unfinished_wild_penalty: int = 0
    extras_on_books: bool = False
    # Turn
    draw: int = 2
    pickup: Pickup = "top7"
    pickup_wild_top: bool = False
    """A wild card on top of the pile may be taken (where wild cards meld on their own)."""
    wild_top_pair: WildPair = "same"
    """The pair under a wild top card: two of the same wild (jokers under a joker, 2s
    under a 2), or any two wild cards."""
    pickup_ends_turn: bool = False
    pickup_before_opening: PickupBeforeOpening = "full"
    pickup_minimum: PickupMinimum = "hand_only"
    """Before the team's first meld, what counts toward the minimum with a pickup: the top
    card, the pair and melds from the hand (``hand_only``), or also melds laid in the
    same move from the cards taken off the pile (``with_pile``)."""
    first_meld_by_round: tuple[int, ...] = ROUND_MINIMUMS
    first_meld_by_score: tuple[tuple[int, int], ...] = ()
    # Going out and scoring
    need_clean: int = 1
    need_dirty: int = 1
    need_wild: int = 0
    need_rank_books: tuple[int, ...] = ()
    clean_counts_as_dirty: bool = True
    partner_in_foot: PartnerInFoot = "no"
    """Before going out: no condition on the partner, the partner "has played a turn from
    the foot" (``played``), or the partner has picked up the foot (``in_foot``)."""
    ask_partner: bool = True
    go_out_discard: GoOutDiscard = "optional"
    going_out_bonus: int = 100
    knee_after_first_book: bool = False
    overrides: tuple[str, ...] = field(default=(), compare=False)

    def value(self, card_rank: int) -> int:
        """Points a card of this rank is worth melded (and costs if left over)."""
        return self.card_values[card_rank]

    def first_meld_minimum(self, round_index: int, team_score: int) -> int:
        """The opening minimum for a team in round ``round_index`` (0-based)."""
        if self.first_meld_by_score:
            need = self.first_meld_by_score[0][1]
            for threshold, minimum in self.first_meld_by_score:
                if team_score >= threshold:
                    need = minimum
            return need
        schedule = self.first_meld_by_round
        return schedule[min(round_index, len(schedule) - 1)]

    def book_bonus(self, book_rank: int, wilds: int, size: int) -> int:
        """The bonus of a finished book (seven cards or more)."""
        if book_rank == WILD_RANK:
            return self.wild_book
        if wilds == 0:
            for r, bonus in self.rank_books:
                if r == book_rank:
                    return bonus
            return self.clean_book
        return self.dirty_book

    def deck_count(self) -> int:
        """Decks shuffled together for this table size."""
        return {2: self.decks_two, 3: self.decks_three, 6: self.decks_six}.get(self.players, self.decks)

    def with_options(self, **changes: Any) -> RuleSet:
        """A copy with house-rule switches applied; unknown names raise ValueError."""
        known = {f.name for f in fields(self)}
        for key in changes:
            if key not in known or key in ("name", "overrides"):
                raise ValueError(f"unknown rule option: {key}")
        merged = tuple(sorted(set(self.overrides) | set(changes)))
        rules = replace(self, **changes, overrides=merged)
        rules.validate()
        return rules

    def validate(self) -> None:
        """Raise ValueError when the switches contradict each other."""
        if self.players not in PLAYER_COUNTS:
            raise ValueError("Hand and Foot is played by two, three, four or six players.")
        if self.draw not in (1, 2, 3):
            raise ValueError("A turn draws one, two or three cards.")
        if self.players < 4 and self.draw == 1 and self.pickup == "none":
            # Drawing one and discarding one, a hand only shrinks: a lone player melds at most
            # the cards dealt (22 in the Rook game, for 21 in its three books). Measured: no
            # round of 96 with the Normal players ended with anyone going out.
            raise ValueError(
                "With one card drawn a turn and no pile to take, these rules need partners: "
                "play them with four or six players."
            )
        if self.pickup not in ("top7", "whole", "none"):
            raise ValueError(f"unknown pile pickup rule: {self.pickup}")
        if self.wild_limit not in ("half", "third", "two"):
            raise ValueError(f"unknown wild-card limit: {self.wild_limit}")
        if self.go_out_discard not in ("optional", "required", "forbidden"):
            raise ValueError(f"unknown going-out rule: {self.go_out_discard}")
        if self.pickup_before_opening not in ("full", "top_only", "never"):
            raise ValueError(f"unknown pickup rule: {self.pickup_before_opening}")
        if self.pickup_minimum not in ("with_pile", "hand_only"):
            raise ValueError(f"unknown first-meld pickup rule: {self.pickup_minimum}")
        if self.wild_top_pair not in ("same", "any"):
            raise ValueError(f"unknown wild-top pair: {self.wild_top_pair}")
        if self.partner_in_foot not in ("no", "played", "in_foot"):
            raise ValueError(f"unknown partner rule: {self.partner_in_foot}")
        if self.deck not in ("standard", "rook"):
            raise ValueError(f"unknown deck: {self.deck}")
        if len(self.card_values) != 15:
            raise ValueError("card_values needs fifteen entries, one per rank")
        self._validate_shapes()
        per_player = self.hand_size + self.knee_size + self.foot_size
        deck_size = 57 if self.deck == "rook" else 54
        if per_player * self.players + 20 > deck_size * self.deck_count():
            raise ValueError("Not enough cards for that deal.")
        if not self.first_meld_by_round and not self.first_meld_by_score:
            raise ValueError("A first-meld schedule is needed.")

    def _validate_shapes(self) -> None:
        """Options loaded from a save must have the shapes the game code assumes."""
        if min(self.hand_size, self.foot_size, self.decks, self.decks_six, self.decks_two, self.decks_three) < 1 or (
            self.knee_size < 0
        ):
            raise ValueError("Hands, feet and decks need at least one card.")
        if min(self.rounds, self.target_score, self.need_clean, self.need_dirty, self.need_wild) < 0:
            raise ValueError("Rounds, targets and book counts can't be negative.")
        if self.rounds == 0 and self.target_score == 0:
            raise ValueError("A game needs a number of rounds or a target score.")
        for key in ("meld_ranks", "upcard_skip_ranks", "no_wild_ranks", "need_rank_books"):
            if not all(is_int(r) and 0 <= r <= 14 for r in getattr(self, key)):
                raise ValueError(f"{key} must list ranks from 0 to 14")
        for key in ("card_values", "first_meld_by_round"):
            if not all(is_int(v) for v in getattr(self, key)):
                raise ValueError(f"{key} must list whole numbers")
        for key in ("rank_books", "first_meld_by_score"):
            for pair in getattr(self, key):
                if not (isinstance(pair, tuple) and len(pair) == 2 and all(is_int(v) for v in pair)):
                    raise ValueError(f"{key} must list pairs of whole numbers")

def is_int(value: object) -> bool:
    """True for a whole number that is not a bool (a rule read back from JSON must be one)."""
    return isinstance(value, int) and not isinstance(value, bool)
