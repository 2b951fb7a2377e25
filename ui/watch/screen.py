"""The "Watch" screen: a kept game move by move, every hand once its round is over, the computers' reasons."""

from __future__ import annotations

from engine import cards as C
from engine.seats import seat_names, team_seats
from engine.state import Game
from engine.wording import join
from ui import sides
from ui.table.narrate import describe_entry
from ui.watch.model import Watch
from ui.widgets import button, card_row, esc

STAGE_WORDS = {"hand": "in hand", "knee": "in knee", "foot": "in foot"}


def _move_text(before: Game | None, after: Game, names: list[str] | None = None) -> str:
    """The move shown, in the table's own words ("West discarded the nine of clubs."); with ``names`` (a game
    played together) nobody is 'You' and the people go by their names."""
    if before is None:
        return "The cards are dealt."
    if after.round_index != before.round_index:
        return f"Round {after.round_index + 1} is dealt."
    entries = after.log[len(before.log) :]
    me = -1 if names is not None else 0
    texts = [t for t in (describe_entry(after, e, me, names) for e in entries) if t]
    return " ".join(texts) or "A move."


def _seat_block(game: Game, seat: int, revealed: bool, names: list[str] | None = None) -> str:
    """One seat: its cards (South's own, or everyone's once the round is over; with ``names``, a game played
    together, nobody's until then) and what it plays from."""
    p = game.players[seat]
    who = names[seat] if names is not None else "You" if seat == 0 else seat_names(game.n)[seat]
    shown = revealed or (seat == 0 and names is None)
    hand = card_row(tuple(C.sorted_hand(p.hand))) if shown else f"{len(p.hand)} card{'' if len(p.hand) == 1 else 's'}"
    extra = []  # the sets still face down: nobody saw them, so only once the round is over
    if revealed and game.rules.knee_size and not p.knee_taken and not p.foot_taken:
        extra.append(f"<p>Knee: {card_row(tuple(C.sorted_hand(p.knee)))}</p>")
    if revealed and not p.foot_taken:
        extra.append(f"<p>Foot: {card_row(tuple(C.sorted_hand(p.foot)))}</p>")
    turn = " now" if game.to_act == seat else ""
    return (
        f'<div class="watch-seat{" active" if turn else ""}"><h3>{esc(who)} '
        f"<small>{esc(STAGE_WORDS[p.stage])}{turn and ' · to play'}</small></h3>"
        f"<p>{hand}</p>{''.join(extra)}</div>"
    )


def _people(game: Game, team: int, names: list[str]) -> str:
    """A side by its seats' names ('Anna and Bob')."""
    return join([names[s] for s in team_seats(team, game.n)])


def _side_block(game: Game, team: int, names: list[str] | None = None) -> str:
    t = game.teams[team]
    melds = sorted(t.melds, key=lambda m: (m.rank == C.WILD_RANK, m.rank))
    items = "".join(
        f"<li>{'Book' if m.is_book else 'Meld'} of {esc(C.rank_name(m.rank, game.rules.deck == 'rook', plural=True))}: "
        f"{card_row(tuple(m.cards))}</li>"
        for m in melds
    )
    reds = f"<p>Red 3s: {card_row(tuple(t.red_threes))}</p>" if t.red_threes else ""
    body = f'<ul class="watch-melds">{items}</ul>' if items else '<p class="none">No melds yet.</p>'
    label = f"Melds of {_people(game, team, names)}" if names else f"{sides.possessive(game.n, team)} melds"
    heading = _people(game, team, names) if names else sides.title(game.n, team)
    return (
        f'<section class="watch-side" aria-label="{esc(label)}">'
        f"<h3>{esc(heading)} · {game.totals[team]:,}</h3>{reds}{body}</section>"
    )


def watch_screen(watch: Watch, note: str = "") -> str:
    """The viewer: where it stands, the controls, the move and its reason, then the table."""
    game = watch.position()
    names = watch.names() if watch.together else None
    move = _move_text(watch.before(), game, names)
    reason = watch.reason()
    why = f'<p class="why-text"><b>Why?</b> {esc(reason)}</p>' if reason else ""
    person = watch.person_move()
    if person:
        why = f'<p class="why-text">{esc(person)} made this move: a person\'s moves have no reason to show.</p>'
    last = watch.at >= watch.moves
    controls = (
        button("watch-step", "« Start", arg="start", disabled=watch.at == 0)
        + button("watch-step", "◀ Round", arg="round-back", disabled=watch.at == 0)
        + button("watch-step", "◀ Back", arg="back", disabled=watch.at == 0)
        + button("watch-step", "Pause" if watch.playing else "▶ Play", arg="play", cls="primary", disabled=last)
        + button("watch-step", "Next ▶", arg="next", disabled=last)
        + button("watch-step", "Round ▶", arg="round-next", disabled=last)
        + button("watch-step", "End »", arg="end", disabled=last)
    )
    round_note = ""
    if game.phase in ("round_over", "game_over") and game.results:
        res = game.results[-1]
        round_note = (
            f'<p class="round-result">Round {res.round_index + 1}: '
            + esc(", ".join(
                f"{_people(game, t, names) if names else sides.short(game.n, t)} {res.scores[t].total:+,}"
                for t in sides.order(game.n)
            ))
            + "</p>"
        )
    hidden = "" if watch.revealed else (
        "<p class=\"tip\">This round isn't over and was played together on this device, so no hand is shown.</p>"
        if watch.together else "<p class=\"tip\">This round isn't over, so only your own hand is shown.</p>"
    )
    seats_html = "".join(_seat_block(game, s, watch.revealed, names) for s in range(game.n))
    sides_html = "".join(_side_block(game, t, names) for t in sides.order(game.n))
    return (
        note
        + '<section class="panel watch" aria-labelledby="watch-title">'
        f'<h2 id="watch-title">Watching: {esc(watch.title)}</h2>'
        f'<p class="watch-where" aria-live="polite">{esc(watch.round_label())}</p>'
        f'<div class="watch-controls" role="toolbar" aria-label="Watch controls">{controls}</div>'
        f'<div class="watch-move"><p>{esc(move)}</p>{why}{round_note}</div>'
        f"{hidden}"
        f'<div class="watch-table"><div class="watch-seats">{seats_html}</div>{sides_html}</div>'
        '<div class="row">' + button("watch-close", "Close", cls="primary") + "</div></section>"
    )
