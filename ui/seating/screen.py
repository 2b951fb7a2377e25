"""The "Who's playing" screen: each seat a person (with a name) or a computer, for the next game."""

from __future__ import annotations

from engine import seats
from engine.rules import RuleSet
from engine.state import seat_names
from ui.seating.model import MAX_NAME, Seating
from ui.settings.model import rules_words
from ui.widgets import button, esc


def _seat_field(seat: int, players: int, name: str | None) -> str:
    """One seat's row: who sits there (a person or a computer) and the person's name."""
    names = seat_names(players)
    mates = seats.teammates(seat, players)
    side = f' <small>(with {" and ".join(names[m] for m in mates)})</small>' if mates else ""
    person = name is not None
    options = "".join(
        f'<option value="{value}"{" selected" if chosen else ""}>{label}</option>'
        for value, label, chosen in (("person", "A person", person), ("computer", "Computer", not person))
    )
    return (
        f'<fieldset class="seat-choice"><legend>{esc(names[seat])}{side}</legend>'
        f'<div class="field"><label for="seat-kind-{seat}">Who plays</label>'
        f'<select id="seat-kind-{seat}" name="kind-{seat}">{options}</select></div>'
        f'<div class="field"><label for="seat-name-{seat}">Name (for a person)</label>'
        f'<input id="seat-name-{seat}" name="name-{seat}" value="{esc(name or "")}" maxlength="{MAX_NAME}" '
        'autocomplete="off" spellcheck="false"></div></fieldset>'
    )


def players_screen(seating: Seating, playing: int, rules: RuleSet) -> str:
    """The seat chooser for a new game under ``rules``: the people seated now filled in (when the table on
    screen, of ``playing`` seats, is the same size)."""
    players = rules.players
    named = dict(seating.people) if playing == players else {}
    rows = "".join(_seat_field(s, players, named.get(s)) for s in range(players))
    return (
        '<section class="panel settings players" aria-labelledby="players-title">'
        '<h2 id="players-title">Who\'s playing</h2>'
        "<p>Play together on this device: make each seat a person or a computer. When the turn passes "
        "from one person to another, the app hides every hand until the next person takes the device.</p>"
        '<form class="new-game" data-form="seating">'
        + rows
        + '<button type="submit" class="primary">Start a game with these players</button>'
        f'<p class="tip">The game: {esc(rules_words(rules))}, computers at the level in Settings '
        "(where the rules and the table size are chosen). A name is up to "
        f"{MAX_NAME} characters; two people can't share one.</p></form>"
        '<div class="row">'
        + button("screen", "Back to the table", arg="table")
        + "</div></section>"
    )
