"""Rule sets as data: one frozen ``RuleSet`` (its fields and checks in ``engine.ruleset``) and the
five presets.

Every difference between the rule sources is a field here, so game code asks
``rules.pickup`` or ``rules.wild_limit`` and never which preset it is playing.
House-rule switches are ordinary fields: ``preset("classic", pickup="whole")``.

Decisions for the gaps the sources leave open (they hold for every preset):

* Stock too short for a full draw: the player takes what is left; the round
  ends when a player must draw and the stock is empty (before that player's
  turn, so nobody earns the going-out bonus).  A red 3 that cannot be replaced
  because the stock is empty is simply not replaced.  A player it leaves in
  the foot with a single card they may not go out with ends the turn without
  a discard (``EndTurn``), and the round ends there.
* A red 3 drawn as a replacement is laid out and replaced again, until a
  non-red-3 arrives or the stock is empty.
* Picking up the pile when that rank has only closed books and no open meld
  starts a new meld of that rank.  When the rank has an open meld, the top card
  and pair go on it, so the pickup is allowed only while that meld has four
  cards or fewer (it would grow past seven otherwise).
* Answering "may I go out?": a yes allows going out this turn, a no forbids it
  for the rest of the turn; a player asks at most once a turn.  Asking is open
  only to a player in the foot.
* A player may not end a turn empty-handed unless going out: in the foot, the
  last card goes only when the player is allowed to go out.  (Sources phrase
  this as "keep one card" or "keep two cards"; both mean the same.)
* In the knee game, a player whose hand runs out before the team has finished
  a canasta picks up the knee as if the hand were a foot (meld the last card:
  at once; discard it: next turn).  A partner whose knee is due and who takes
  the pile instead of drawing picks up the knee with the pile.
* "Played from the foot" (``partner_in_foot="played"``, 001 and 003) means a
  turn ended while already in the foot: discarding the last hand card picks up
  the foot but does not count until the next turn.  "In the foot"
  (``"in_foot"``, 004's table option) counts from the moment the foot is picked up.
* Six players sit in two teams of three, seats alternating; "your partner" is
  the next teammate in turn order, and rules about "the partner in the foot"
  mean every teammate.
* Two or three players play each on their own (001: "any number of people
  playing as individuals"; 004: three players "each on their own"): every
  player has their own melds, red 3s, first-meld minimum and score, needs the
  preset's books alone, and goes out without asking (nobody is a partner, so
  the partner-in-the-foot rules have nobody to wait for).  In the knee game a
  player picks up the knee on finishing their own first book.  Decks: a lone
  player must make the books a team makes, so the stock gives each side about
  as many turns as a team has at four: 4 decks for two and 6 for three where
  four use 5, 5 and 7 in Hand, Knee and Foot (6 at four).  Measured with the
  Normal players (README): fewer decks end most rounds with the stock, nobody
  out.  The Rook game (draw one, no pile) is not played alone: a hand that
  only shrinks can't make three books from 22 cards (``validate``); its
  ``decks_two``/``decks_three`` follow 002's "4 decks per 2 players".
  The deal, the rounds and the scoring are the four-player game's.
"""

from __future__ import annotations

from typing import Any

from .ruleset import (
    ROOK_SCORE_MINIMUMS,
    ROOK_VALUES,
    ROUND_MINIMUMS,
    STANDARD_VALUES,
    DeckKind,
    GoOutDiscard,
    PartnerInFoot,
    Pickup,
    PickupBeforeOpening,
    PickupMinimum,
    RuleSet,
    WildLimit,
    WildPair,
    is_int,
)

__all__ = [
    "CLASSIC", "HKF", "PAGAT", "PRESETS", "PRESET_CODES", "ROOK", "ROOK_SCORE_MINIMUMS", "ROOK_VALUES",
    "ROUND_MINIMUMS", "STANDARD_VALUES", "THIRTEEN", "DeckKind", "GoOutDiscard", "PartnerInFoot", "Pickup",
    "PickupBeforeOpening", "PickupMinimum", "RuleSet", "WildLimit", "WildPair", "is_int", "preset",
]


CLASSIC = RuleSet(
    name="classic",
    title="Classic Hand and Foot",
    six_players=False,
    # 000: black 3s meld only as three or more, without wilds, on the turn you go out.
    black_three_meld_going_out=True,
    # 000, "Picking Up the Discard Pile": the top card, the pair "and any other melds you
    # lay down that turn" reach the minimum together, so cards taken off the pile count
    # once they are melded in the same move.
    pickup_minimum="with_pile",
)
"""Source 000: the default game.

Five standard decks, hands and feet of 11, no upcard (the pile starts empty).
Pickup takes the top seven cards with two natural cards matching the top card,
which may not be wild or a black 3; the top card and the pair are melded at
once.  Before the team's first meld, the top card, the pair and every meld laid
with the pickup count toward the minimum, and those melds may use the cards just
taken off the pile (000, "Picking Up the Discard Pile", read as written: it
names no exception for the picked-up cards, unlike 003 and 004; the pickup and
its melds are one move, so the minimum is checked before anything changes).
The 003/004 reading is the house rule ``pickup_minimum="hand_only"``.  Melds
need two naturals and no more wilds than naturals; no wild-only melds.  Black
3s block the pile and may be melded only as three or more black 3s without
wilds on the turn a player goes out.  Red 3s score 100 and cost 500 in a foot
never picked up.  To go out: one clean and one dirty book (a second clean book
counts as dirty), in the foot, with the partner's yes.  Gap decisions: see the
module docstring.
"""

PAGAT = RuleSet(
    name="pagat",
    title="Pagat partnership rules",
    hand_size=13,
    foot_size=13,
    upcard=True,
    upcard_skip_ranks=(0, 2),
    wild_limit="third",
    wild_melds=True,
    need_clean=2,
    need_dirty=2,
    need_wild=1,
    clean_counts_as_dirty=False,
    partner_in_foot="played",
)
"""Source 001: hands and feet of 13 and an upcard.

The upcard is turned from the stock; a red 3 or wild card goes under the stock
and another is turned.  A meld needs twice as many naturals as wilds; three or
more wild cards make a wild meld (a wild book scores 1500, taken from source
003 where 001 is silent).  Going out needs two clean, two dirty and one wild
book, the partner having played from the foot, and the partner's yes.  Where
001 is silent the engine follows the classic family: draw two, pickup of the
top seven, red 3 values, scoring, four rounds with 50/90/120/150.
"""

THIRTEEN = RuleSet(
    name="thirteen",
    title="Thirteen-card Hand and Foot",
    six_players=False,
    hand_size=13,
    foot_size=13,
    wild_limit="third",
    wild_melds=True,
    pickup_wild_top=True,
    red_three_unplayed=-100,
    need_clean=2,
    need_dirty=2,
    need_wild=1,
    clean_counts_as_dirty=False,
    partner_in_foot="played",
)
"""Source 003: another app's 13-card game.

No upcard (003 is silent; its pile starts with the first discard).  Black 3s
are never melded.  A wild card on top of the pile may be taken with two of the
same wild (two jokers under a joker, two 2s under a 2).  Before the first meld,
only the top card, the pair and cards from the hand count, never the cards
picked up.  Wild books 1500; a red 3 still in an unplayed foot costs 100.
"""

ROOK = RuleSet(
    name="rook",
    title="Hand and Foot with Rook cards",
    deck="rook",
    decks=8,
    decks_six=12,
    decks_two=4,
    decks_three=6,
    six_players=True,
    card_values=ROOK_VALUES,
    meld_ranks=(1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14),
    black_threes_special=False,
    black_three_left=5,
    red_three_bonus=-150,
    red_three_unplayed=-150,
    wild_melds=True,
    unfinished_wild_penalty=-1000,
    draw=1,
    pickup="none",
    first_meld_by_round=(),
    first_meld_by_score=ROOK_SCORE_MINIMUMS,
    need_clean=2,
    need_dirty=1,
    clean_counts_as_dirty=False,
    ask_partner=False,
    going_out_bonus=300,
    rounds=12,
    target_score=10000,
)
"""Source 002: Rook cards, draw one, no pile pickup, play to 10,000.

Eight Rook decks for four players (four per two players).  Only red 3s are
special: they cannot be melded, are laid out when drawn and replaced, and cost
150 each whatever happens (one still in an unplayed foot costs 150 too).  Other
3s and 1s are ordinary ranks.  Wilds may not outnumber naturals; three or more
wilds make an all-dirty meld, 1500 as a book and minus 1000 left unfinished.
The first meld minimum follows the team's score.  Going out needs two clean
books and one dirty book; no asking, and a discard may be the last card.  The
game ends after the round in which a team reaches 10,000 (the higher total
wins); so that every game ends, it also ends after twelve rounds.  The source
names no order of play other than "oldest first": the seat left of the dealer
starts, as everywhere else.
"""

HKF = RuleSet(
    name="hkf",
    title="Hand, Knee and Foot",
    decks=6,
    decks_six=7,
    decks_two=5,
    decks_three=7,
    hand_size=15,
    knee_size=13,
    foot_size=11,
    upcard=True,
    upcard_skip_ranks=(0, 2, 5, 7),
    black_three_left=100,
    red_three_seven_bonus=300,
    red_three_replace_from_knee_foot=False,
    wild_limit="two",
    no_wild_ranks=(5, 7),
    wild_melds=True,
    wild_book=2500,
    rank_books=((7, 5000), (5, 3000)),
    pickup="whole",
    pickup_wild_top=True,
    wild_top_pair="any",
    pickup_ends_turn=True,
    need_clean=1,
    need_dirty=1,
    need_wild=1,
    need_rank_books=(7, 5),
    clean_counts_as_dirty=False,
    going_out_bonus=200,
    knee_after_first_book=True,
)
"""Source 004: Hand, Knee and Foot (Triple Play).

Six decks, 15/13/11 cards.  The upcard is turned; a wild card, 5, 7 or red 3
goes under the stock and another is turned.  Melds need two naturals before a
wild and hold at most two wilds; 5s and 7s take none; wild-only melds build a
wild canasta (2500).  Clean 7s 5000, clean 5s 3000.  The pickup takes the whole
pile, is refused while the team's open meld of that rank has five cards or
more, and ends the turn without a discard.  004 ("Taking the discard pile")
sets only two conditions on the top card, not a black 3 and a pair of its
rank, and wild cards meld on their own: so a wild card on top is taken with two
wild cards, and a joker and a 2 count as the same rank here, because 004's wild
canasta mixes them ("two jokers and five 2s") and the three cards form a legal
wild meld.  Before the first meld the top card counts, the cards under it do
not.  Red 3s dealt or drawn are replaced; those
found in the knee or foot are not; seven on one team earn 300 more; one still
unplayed costs 500.  A black 3 left over costs 100.  The knee is picked up when
the team finishes its first canasta (the finisher at once, the partner after
drawing on their next turn).  Going out needs 7s, 5s, wild, clean and dirty
canastas and the partner's yes; bonus 200.

Table options of 004 ("Agree before you deal") are house rules: the top seven
(``pickup``), the pile before the first meld (``pickup_before_opening``), both
partners in their feet (``partner_in_foot="in_foot"``: the partner has picked up
the foot, which is not 001's "has played from the foot"), a final discard
(``go_out_discard``), extras on a finished canasta (``extras_on_books``: only on
a canasta the team doesn't need for its five, never on 5s, 7s or wild cards),
black 3s at 300 (``black_three_left``), the first meld from 60 or by score, no
upcard, and the club sheet's canasta values (7s and 5s 2,000, wild 1,500).
"""

PRESETS: dict[str, RuleSet] = {r.name: r for r in (CLASSIC, PAGAT, ROOK, THIRTEEN, HKF)}
PRESET_CODES = {"classic": "000", "pagat": "001", "rook": "002", "thirteen": "003", "hkf": "004"}


def preset(name: str, **options: Any) -> RuleSet:
    """A preset by name, with house-rule switches; unknown names raise ValueError."""
    try:
        base = PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown rule set: {name!r}") from None
    return base.with_options(**options) if options else base
