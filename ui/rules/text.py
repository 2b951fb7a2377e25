"""The in-app rules page, written from the rule set's own fields.

Every sentence is ours (never copied from a source), and every number comes
from the ``RuleSet`` in play, so house-rule switches show up on the page.
Pure Python: no browser objects here.
"""

from __future__ import annotations

from engine import cards as C
from engine.checks import must_ask
from engine.house_rules import house_overrides
from engine.rules import RuleSet
from engine.seats import individual
from engine.wording import join

Section = tuple[str, list[str]]

_PRESET_INTROS = {
    "classic": "Our default table: eleven cards in the hand and eleven in the foot, a "
    "pile that starts empty, and one clean plus one dirty book to go out.",
    "pagat": "The partnership game from the card-game reference books: thirteen cards "
    "each in the hand and foot, an upcard to start the pile, and five books to go out.",
    "thirteen": "Thirteen cards each in the hand and foot, wild books worth 1500, and "
    "five books to go out. The pile starts with the first discard.",
    "rook": "Played with Rook cards: numbers 1 to 14 in four colours plus the Rook bird. "
    "You draw one card a turn, never take the pile, and play until a team reaches "
    "10,000.",
    "hkf": "Hand, Knee and Foot (also called Triple Play): three sets of cards each (a hand, a knee "
    "and a foot), and five special books, including sevens and fives, before anyone goes out.",
}


def _n(value: int) -> str:
    return f"{value:,}"


def _rank_list(rules: RuleSet) -> str:
    rook = rules.deck == "rook"
    names = [C.rank_name(r, rook) for r in rules.meld_ranks]
    return join(names)


def _values(rules: RuleSet) -> list[str]:
    v = rules.card_values
    if rules.deck == "rook":
        return [
            f"The Rook bird is worth {v[0]}, a 2 {v[2]}, a 14 {v[14]}.",
            f"8 to 13 are worth {v[8]} each; 1 and 3 to 7 are worth {v[4]} each.",
        ]
    return [
        f"A joker is worth {v[0]}, a 2 or an ace {v[14]}.",
        f"Kings down to 8s are worth {v[13]} each; 7s down to 4s {v[4]} each.",
        "A black 3 is worth 5." if rules.black_three_left == 5
        else f"A black 3 left in your hand costs {_n(rules.black_three_left)}.",
    ]


def _deal(rules: RuleSet) -> list[str]:
    deck = "Rook decks" if rules.deck == "rook" else "standard decks with two jokers each"
    sets = f"a hand of {rules.hand_size}"
    if rules.knee_size:
        sets += f", a knee of {rules.knee_size}"
    sets += f" and a foot of {rules.foot_size}"
    if individual(rules.players):
        table = (
            f"{'Two' if rules.players == 2 else 'Three'} players, each on their own: everyone has their own melds "
            "and score, and play goes round the table to the left."
        )
    else:
        table = (
            f"{rules.players} players in two teams; partners sit opposite each other "
            "and play goes round the table to the left."
        )
    out = [
        table,
        f"{rules.deck_count()} {deck} are shuffled together. Each player gets {sets}. "
        "Only the hand is picked up; the rest waits face down.",
    ]
    if rules.upcard:
        out.append(
            "One card from the stock is turned face up to start the discard pile; "
            "a card that can't start it goes to the bottom of the stock and the next is turned."
        )
    else:
        out.append("The discard pile starts empty.")
    return out


def _turn(rules: RuleSet) -> list[str]:
    draw = "one card" if rules.draw == 1 else f"{rules.draw} cards"
    out = [f"Draw {draw} from the stock" + ("." if rules.pickup == "none" else ", or take the discard pile.")]
    out.append("Lay down new melds or add to your team's melds, if you like.")
    out.append("Discard one card to end your turn.")
    return out


def _melds(rules: RuleSet) -> list[str]:
    limit = {
        "half": "at least two natural cards, and never more wild cards than natural ones",
        "third": "at least twice as many natural cards as wild ones",
        "two": "two natural cards before any wild card, and at most two wild cards",
    }[rules.wild_limit]
    out = [
        f"A meld is three to seven cards of one rank: {_rank_list(rules)}. "
        + (
            "Each player has their own melds: you add only to yours."
            if individual(rules.players)
            else "Melds belong to the team, so either partner may add to them."
        ),
        f"Wild cards ({'the Rook bird and 2s' if rules.deck == 'rook' else 'jokers and 2s'}) "
        f"fill in for a rank. A meld needs {limit}.",
    ]
    if rules.no_wild_ranks:
        ranks = join(C.rank_name(r, plural=True) for r in rules.no_wild_ranks)
        out.append(f"Melds of {ranks} take no wild cards at all.")
    if rules.wild_melds:
        out.append("Three or more wild cards may make a meld of their own, growing into a wild book.")
    if rules.one_open_meld_per_rank:
        out.append("Your team keeps one unfinished meld of each rank; finish it before starting another.")
    book = "At seven cards a meld becomes a book and is squared up: clean without wild cards, dirty with them."
    if rules.extras_on_books:
        never = "wild books"
        special = sorted({r for r, _ in rules.rank_books} | set(rules.no_wild_ranks) | set(rules.need_rank_books))
        if special:
            never = join(C.rank_name(r, plural=True) for r in special) + " or " + never
        book += (" Extra cards may go onto a finished book your team doesn't need for going out "
                 f"(a house rule that is switched on), never onto {never}.")
    out.append(book)
    return out


def _first_meld(rules: RuleSet) -> list[str]:
    if rules.first_meld_by_score:
        steps = "; ".join(
            f"from {_n(t)} points: {m}" for t, m in rules.first_meld_by_score
        )
        rule = f"The minimum depends on your team's score so far ({steps})."
    else:
        steps = ", ".join(str(m) for m in rules.first_meld_by_round)
        rule = f"The minimum rises each round: {steps}."
    out = [
        "Each round, the first cards your team puts down must add up to a minimum, "
        "counting the card values. Several melds laid down together count together.",
        rule,
    ]
    if not individual(rules.players):
        out.append("Once either partner has made it, both meld freely for the rest of the round.")
    return out


def _pile(rules: RuleSet) -> list[str]:
    if rules.pickup == "none":
        return ["In this game the discard pile is never picked up."]
    take = "the whole pile" if rules.pickup == "whole" else "the top seven cards (fewer if the pile is smaller)"
    out = [
        "To take the pile you need two natural cards of the same rank as the top card, "
        f"and you meld them with it at once. You then take {take}.",
    ]
    if rules.black_threes_special:
        out.append("A black 3 on top blocks the pile for the next player.")
    if rules.pickup_wild_top and rules.wild_melds and rules.wild_top_pair == "same":
        out.append("With a wild card on top you need two of that same wild card: jokers under a joker, 2s under a 2.")
    elif rules.pickup_wild_top and rules.wild_melds:
        out.append("With a wild card on top you need two wild cards, jokers and 2s alike, "
                   "and the three start or join your wild meld.")
    else:
        out.append("The pile can't be taken while a wild card is on top.")
    out.append("If your team's open meld of that rank has more than four cards, the pile can't be taken.")
    if rules.pickup_ends_turn:
        out.append("Taking the pile ends your turn without a discard once you have melded what you wish.")
    counted = ("any other melds you lay down with it, even ones made from the cards you take"
               if rules.pickup_minimum == "with_pile"
               else "any other melds from your hand, but not the cards under the top")
    opening = {
        "full": f"Before your team has melded, the top card and your pair count toward the minimum, with {counted}.",
        "top_only": "Before your team has melded, you take only the top card.",
        "never": "Before your team has melded, the pile can't be taken.",
    }[rules.pickup_before_opening]
    out.append(opening)
    return out


def _threes(rules: RuleSet) -> list[str]:
    if rules.red_three_bonus < 0:
        red = (f"Red 3s are bad luck: each one you get is laid out, replaced from the stock, "
               f"and costs {-rules.red_three_bonus}. One left in an unplayed foot costs the same.")
    else:
        red = f"Red 3s are laid out as soon as you get them and score {rules.red_three_bonus} each."
        red += (" They are replaced from the stock." if rules.red_three_replace_from_knee_foot
                else " Ones from the hand or stock are replaced; ones found in the knee or foot are not.")
        red += f" One still in a foot you never picked up costs {-rules.red_three_unplayed}."
        if rules.red_three_seven_bonus:
            red += f" Seven on one team earn {rules.red_three_seven_bonus} more."
    out = [red]
    if rules.black_threes_special:
        black = "Black 3s can't be melded"
        if rules.black_three_meld_going_out:
            black += ", except as three or more black 3s with no wild cards on the turn you go out"
        out.append(black + f". One left in your hand costs {rules.black_three_left}.")
    else:
        out.append("Other 3s are ordinary cards.")
    return out


def _foot(rules: RuleSet) -> list[str]:
    out = []
    if rules.knee_size and individual(rules.players):
        out.append(
            "When you finish your first book, you pick up your knee at once and play on. "
            "If your hand runs out before that, your knee becomes your hand."
        )
    elif rules.knee_size:
        out.append(
            "When your team finishes its first book, the player who finished it picks up "
            "their knee at once; the partner picks up theirs after drawing on their next "
            "turn. If your hand runs out before that, your knee becomes your hand."
        )
    out.append(
        "When your hand is empty, your foot becomes your hand. If you melded your last "
        "card you play straight on; if you discarded it, you start on your next turn."
    )
    out.append("While in your foot, keep a card to discard until you are allowed to go out.")
    return out


def _books_needed(rules: RuleSet) -> str:
    parts = [f"a clean book of {C.rank_name(r, plural=True)}" for r in rules.need_rank_books]
    if rules.need_wild:
        parts.append("a wild book")
    parts.append(f"{rules.need_clean} clean book" + ("s" if rules.need_clean > 1 else ""))
    parts.append(f"{rules.need_dirty} dirty book" + ("s" if rules.need_dirty > 1 else ""))
    text = join(parts)
    if rules.clean_counts_as_dirty:
        text += " (an extra clean book can stand in for the dirty one)"
    return text


def _going_out(rules: RuleSet) -> list[str]:
    out = [f"Your team needs {_books_needed(rules)} before you can go out, and you must be in your foot."]
    if individual(rules.players):
        out.append("Playing on your own, you go out without asking anyone.")
    elif rules.partner_in_foot == "played":
        out.append("Your partner must also have played a turn from their foot.")
    elif rules.partner_in_foot == "in_foot":
        out.append("Your partner must also have picked up their foot.")
    if must_ask(rules):
        out.append('Ask your partner "May I go out?" first. Once a turn; a no holds for that turn.')
    how = {
        "optional": "Go out by melding every card, or all but one and discarding it.",
        "required": "Go out by melding all but one card and discarding the last.",
        "forbidden": "Go out by melding every card you hold.",
    }[rules.go_out_discard]
    out.append(how + f" Going out earns {rules.going_out_bonus}.")
    out.append("If the stock runs out, the round ends and nobody gets that bonus.")
    return out


def _scoring(rules: RuleSet) -> list[str]:
    books = [f"clean book {_n(rules.clean_book)}", f"dirty book {_n(rules.dirty_book)}"]
    if rules.wild_melds:
        books.append(f"wild book {_n(rules.wild_book)}")
    for r, bonus in rules.rank_books:
        books.append(f"clean book of {C.rank_name(r, plural=True)} {_n(bonus)}")
    out = [
        "Books: " + ", ".join(books) + ".",
        "Add the value of every card your team melded; subtract every card left in "
        + ("hands, knees and feet." if rules.knee_size else "hands and feet."),
    ]
    if rules.unfinished_wild_penalty:
        out.append(f"An unfinished wild meld costs {_n(-rules.unfinished_wild_penalty)}.")
    if rules.target_score:
        out.append(
            f"The first team to reach {_n(rules.target_score)} after a round wins "
            f"(the game stops after {rules.rounds} rounds at most)."
        )
    elif individual(rules.players):
        out.append(f"After {rules.rounds} rounds, the highest total wins.")
    else:
        out.append(f"After {rules.rounds} rounds, the higher total wins.")
    return out


ALONE: tuple[tuple[str, str], ...] = (
    ("Your team needs", "You need"),
    ("Your team keeps", "You keep"),
    ("Your team's", "Your"),
    ("your team's", "your"),
    ("the first cards your team puts down", "the first cards you put down"),
    ("Before your team has melded", "Before you have melded"),
    ("a finished book your team doesn't need", "a finished book you don't need"),
    ("every card your team melded", "every card you melded"),
    ("Seven on one team earn", "Seven for one player earn"),
    ("until a team reaches", "until a player reaches"),
    ("The first team to reach", "The first player to reach"),
    ("The partnership game", "The game"),
    ("Pagat partnership rules", "Pagat rules, each on their own"),
)
"""How the team's sentences read when everyone plays on their own (two or three players)."""


def _together(rules: RuleSet) -> list[str]:
    """How several people share one phone or tablet (ui/seating, the pass screen)."""
    lines = [
        "Several people can play on one phone or tablet: Menu, then Play together, makes each seat a person "
        "with a name or a computer at its own level, and starts a new game under these rules. The names are "
        "remembered on this device and offered next time.",
        "When the turn passes from one person to another, a screen says whose turn it is and hides every "
        "hand until that person taps to see theirs; it lists what happened since their last turn. Computers "
        "play their turns in between on their own.",
    ]
    if must_ask(rules):
        lines.append(
            "Asking “May I go out?” when your partner is a person passes the device to them with the question, "
            "then back to you with the answer."
        )
    lines.append(
        "Hint, Why? and Undo work for whoever holds the device, and a hint only ever uses that person's own "
        "cards. The game is saved after every move; a reload opens at the screen for whoever is to play."
    )
    return lines


def _alone(text: str) -> str:
    for team, player in ALONE:
        text = text.replace(team, player)
    return text


def shown_title(rules: RuleSet) -> str:
    """The rules' title as the app shows it: "Pagat rules, each on their own" for two or three players on their own."""
    return _alone(rules.title) if individual(rules.players) else rules.title


def rules_page(rules: RuleSet) -> list[Section]:
    """Headed sections of plain sentences describing exactly these rules."""
    sections = _sections(rules)
    if not individual(rules.players):
        return sections
    return [(_alone(head), [_alone(line) for line in lines]) for head, lines in sections]


def _sections(rules: RuleSet) -> list[Section]:
    intro = _PRESET_INTROS.get(rules.name, rules.title)
    if house_overrides(rules):
        intro += " House rules are switched on; this page shows them."
    return [
        (rules.title, [intro]),
        ("Players and the deal", _deal(rules)),
        ("Card values", _values(rules)),
        ("Your turn", _turn(rules)),
        ("Melds and books", _melds(rules)),
        ("Your team's first meld", _first_meld(rules)),
        ("Taking the discard pile", _pile(rules)),
        ("Threes", _threes(rules)),
        ("Hand, knee and foot" if rules.knee_size else "Hand and foot", _foot(rules)),
        ("Going out", _going_out(rules)),
        ("Scoring", _scoring(rules)),
        ("Playing together on one device", _together(rules)),
    ]
