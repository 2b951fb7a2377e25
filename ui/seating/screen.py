"""The "Who's playing" screen: each seat a person (with a name) or a computer, for the next game."""

from __future__ import annotations

from engine import seats
from engine.rules import RuleSet
from engine.state import Game, seat_names
from ui.seating.model import MAX_NAME, SeatDraft, Seating
from ui.seating.remembered import People, fitting
from ui.settings.model import LEVELS, rules_words
from ui.widgets import button, esc

KNOWN_NAMES = "seat-names-known"
"""The id of the list of names remembered, offered by every name field."""


KINDS = (("person", "A person"), ("guest", "Own phone"), ("computer", "Computer"))
"""Who can sit in a seat: a person at this device, a guest joining from a phone of their own (``ui.remote``:
the game waits on this device, the host's, and a computer keeps the seat until their phone joins), a computer."""


def _seat_field(seat: int, players: int, name: str | None, level: str, known: bool, guest: bool = False) -> str:
    """One seat's row: who sits there (a person here or on their own phone, or a computer), the person's name
    and the computer's level."""
    names = seat_names(players)
    mates = seats.teammates(seat, players)
    side = f' <small>(with {" and ".join(names[m] for m in mates)})</small>' if mates else ""
    kind = "computer" if name is None else "guest" if guest else "person"
    options = "".join(
        f'<option value="{value}"{" selected" if value == kind else ""}>{label}</option>' for value, label in KINDS
    )
    levels = "".join(
        f'<option value="{value}"{" selected" if value == level else ""}>{label}</option>' for value, label in LEVELS
    )
    offered = f' list="{KNOWN_NAMES}"' if known else ""
    return (
        f'<fieldset class="seat-choice"><legend>{esc(names[seat])}{side}</legend>'
        f'<div class="field seat-kind"><label for="seat-kind-{seat}">Who plays</label>'
        f'<select id="seat-kind-{seat}" name="kind-{seat}">{options}</select></div>'
        f'<div class="field seat-name"><label for="seat-name-{seat}">Name</label>'
        f'<input id="seat-name-{seat}" name="name-{seat}" value="{esc(name or "")}" maxlength="{MAX_NAME}" '
        f'autocomplete="off" spellcheck="false"{offered}></div>'
        f'<div class="field seat-level"><label for="seat-level-{seat}">Level</label>'
        f'<select id="seat-level-{seat}" name="level-{seat}">{levels}</select></div></fieldset>'
    )


def _deal_field(table: Game, rules: RuleSet, same: bool) -> str:
    """The choice between the deal on the table (its own rules) and a new one (Settings' rules)."""
    options = (("new", "A new deal"), ("same", f"Deal {table.deal_number:,} again"))
    chosen = "same" if same else "new"
    return (
        '<div class="field seat-deal"><label for="seat-deal">Cards</label><select id="seat-deal" name="deal">'
        + "".join(
            f'<option value="{value}"{" selected" if value == chosen else ""}>{esc(label)}</option>'
            for value, label in options
        )
        + "</select></div>"
        f'<p class="tip">Deal {table.deal_number:,} again: the cards on the table now, under their own rules '
        f"({esc(rules_words(table.rules))}). A new deal: {esc(rules_words(rules))}.</p>"
    )


def players_screen(
    seating: Seating,
    playing: int,
    rules: RuleSet,
    remembered: People = (),
    level: str = "normal",
    draft: SeatDraft | None = None,
    table: Game | None = None,
) -> str:
    """The seat chooser for a new game under ``rules``: the people seated now filled in (when the table on
    screen, of ``playing`` seats, is the same size and played together), else the names remembered from
    last time where they fit; each computer at its level in this game, else ``level`` (the one in Settings).
    A ``draft`` (the chooser as filled in when it was refused) is shown as it was, its problem by the button.
    ``table``: the game on the table, when its deal may be played again (``App.deal_to_share``): the
    chooser offers its cards beside a new deal (chosen unless the draft chose the table's: the person who
    opened the table has seen one of its hands)."""
    players = rules.players
    same = playing == players
    last = fitting(remembered, players)
    if (same and seating.together) or not last:
        named = dict(seating.people) if same else {}
    else:
        named = dict(last)
    chosen = dict(seating.levels) if same else {}
    guests = set(seating.guests) if same else set()
    problem = ""
    if draft is not None:
        named, chosen, guests = dict(draft.people), dict(draft.levels), set(draft.guests)
        problem = f'<p class="note error" role="alert">{esc(draft.problem)}</p>'
    known = sorted({name for _seat, name in remembered}, key=str.casefold)
    rows = "".join(
        _seat_field(s, players, named.get(s), chosen.get(s, level), bool(known), s in guests) for s in range(players)
    )
    offered = (
        f'<datalist id="{KNOWN_NAMES}">' + "".join(f'<option value="{esc(n)}"></option>' for n in known) + "</datalist>"
        if known else ""
    )
    which = (
        _deal_field(table, rules, draft is not None and draft.same_deal)
        if table is not None
        else f'<p class="tip">The game: {esc(rules_words(rules))}.</p>'
    )
    return (
        '<section class="panel settings players" aria-labelledby="players-title">'
        '<h2 id="players-title">Who\'s playing</h2>'
        "<p>Play together on this device: make each seat a person or a computer. When the turn passes "
        "from one person to another, the app hides every hand until the next person takes the device. "
        "Someone with a phone of their own can play on it instead (Who plays: Own phone), on this Wi-Fi: "
        "this device then shows their invitation (Menu → Phones in the room).</p>"
        '<form class="new-game" data-form="seating">'
        + rows
        + offered
        + which
        + problem
        + '<button type="submit" class="primary">Start a game with these players</button>'
        + "<p class=\"tip\">Settings chooses the rules of a new deal, the table size and the computers' usual "
        "level. A name is up to "
        f"{MAX_NAME} characters; two people can't share one. The names are remembered on this device for "
        "next time.</p></form>"
        '<div class="row">'
        + button("screen", "Back to the table", arg="table")
        + "</div></section>"
    )
