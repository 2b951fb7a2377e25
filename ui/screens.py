"""Screens besides the live table: settings, rules, the end of a round and of the game, all hands."""

from __future__ import annotations

from engine import cards as C
from engine import seats
from engine.rules import preset
from engine.scoring import TeamScore
from engine.state import Game, seat_names
from ui import sides
from ui.app import App as Controller
from ui.rules.text import rules_page
from ui.settings.model import (
    HOUSE_CHOICES,
    LEVELS,
    PRESET_NAMES,
    PRESET_TITLES,
    SPEEDS,
    switch_applies,
    switch_options,
    switch_value,
)
from ui.widgets import button, card_row, esc


def _select(key: str, label: str, options: list[tuple[str, str]], current: str) -> str:
    ident = "set-" + key.replace(":", "-").replace("_", "-")
    opts = "".join(
        f'<option value="{esc(v)}"{" selected" if v == current else ""}>{esc(text)}</option>' for v, text in options
    )
    return (
        f'<div class="field"><label for="{esc(ident)}">{esc(label)}</label>'
        f'<select id="{esc(ident)}" data-setting="{esc(key)}">{opts}</select></div>'
    )


def _check(key: str, label: str, on: bool) -> str:
    ident = "set-" + key.replace("_", "-")
    return (
        f'<div class="field check"><input type="checkbox" id="{esc(ident)}" data-setting="{esc(key)}"'
        f'{" checked" if on else ""}><label for="{esc(ident)}">{esc(label)}</label></div>'
    )


def settings_screen(ctrl: Controller) -> str:
    s = ctrl.settings
    base = preset(s.preset)
    house = []
    table = ""
    for key, (label, _choices) in HOUSE_CHOICES.items():
        if not switch_applies(base, key):
            continue  # a switch that changes nothing under these rules
        options, current = switch_options(base, key, s.house.get(key, switch_value(base, key)))
        select = _select("house:" + key, label, options, current)
        if key == "players":
            table = select  # the table size goes outside the folded house rules
        else:
            house.append(select)
    presets = [(name, PRESET_TITLES[name]) for name in PRESET_NAMES]
    return (
        '<section class="panel settings" aria-labelledby="settings-title">'
        '<h2 id="settings-title">Settings</h2>'
        '<form class="new-game" data-form="new-game">'
        "<h3>New game</h3>"
        '<div class="field"><label for="deal-input">Deal number (empty for a random deal)</label>'
        '<input id="deal-input" name="deal" inputmode="numeric" autocomplete="off" maxlength="12"></div>'
        '<button type="submit" class="primary">Start new game</button>'
        f'<p class="tip">New games use the rules below. This game: deal {ctrl.game.deal_number:,}, '
        f"{esc(ctrl.game.rules.title)}.</p></form>"
        "<h3>Rules</h3>"
        + _select("preset", "Rule set", presets, s.preset)
        + table
        + f'<details class="house" data-details="house"{" open" if ctrl.house_open else ""}>'
        + "<summary>House rules</summary>"
        + "".join(house)
        + "</details>"
        "<h3>Computer players</h3>"
        + _select("level", "Level", list(LEVELS), s.level)
        + _select("speed", "Speed", list(SPEEDS), s.speed)
        + "<h3>Cards and motion</h3>"
        + _check("four_colour", "Four-colour cards (diamonds blue, clubs green)", s.four_colour)
        + _check("reduced_motion", "Reduced motion (computer moves without pauses)", s.reduced_motion)
        + _check("larger_cards", "Larger cards", s.larger_cards)
        + '<div class="row">'
        + button("screen", "Back to the table", arg="table", cls="primary")
        + "</div></section>"
    )


def rules_screen(ctrl: Controller) -> str:
    tab = ctrl.rules_tab
    rules = ctrl.game.rules if tab == ctrl.game.rules.name else preset(tab)
    tabs = "".join(
        button(
            "rules-tab", esc(name), arg=name, cls="tab", extra=f' aria-pressed="{"true" if name == tab else "false"}"'
        )
        for name in PRESET_NAMES
    )
    sections = "".join(
        f"<h3>{esc(title)}</h3>" + "".join(f"<p>{esc(text)}</p>" for text in sentences)
        for title, sentences in rules_page(rules)
    )
    note = " (the game you are playing)" if tab == ctrl.game.rules.name else ""
    return (
        '<section class="panel rules" aria-labelledby="rules-title">'
        f'<h2 id="rules-title">Rules: {esc(rules.title)}{esc(note)}</h2>'
        f'<div class="tabs" role="group" aria-label="Rule sets">{tabs}</div>'
        f"{sections}"
        '<div class="row">' + button("screen", "Back to the table", arg="table", cls="primary") + "</div></section>"
    )


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _score_table(title: str, team: TeamScore, total: int, name: str) -> str:
    rows = "".join(
        f'<tr><th scope="row">{esc(sides.score_label(line.label, name))}</th><td>{line.points:+,}</td></tr>'
        for line in team.lines
    )
    return (
        f'<table class="score"><caption>{esc(title)}</caption><tbody>{rows}</tbody>'
        f'<tfoot><tr><th scope="row">Round total</th><td>{team.total:,}</td></tr>'
        f'<tr><th scope="row">Game total</th><td>{total:,}</td></tr></tfoot></table>'
    )


def _round_summary(ctrl: Controller) -> str:
    game = ctrl.game
    result = game.results[-1]
    names = seat_names(game.n)
    if result.went_out is None:
        how = "The stock ran out, so nobody went out."
    elif result.went_out == ctrl.seat:
        how = "You went out."
    else:
        how = f"{names[result.went_out]} went out."
    me = ctrl.seat
    shown = sides.order(game.n, me)
    tables = "".join(
        _score_table(sides.title(game.n, t, me), result.scores[t], game.totals[t], names[me]) for t in shown
    )
    # The round at a glance, before each side's breakdown: "This round: Us +815 · Them +2,720".
    glance = " · ".join(f"<b>{esc(sides.short(game.n, t, me))} {result.scores[t].total:+,}</b>" for t in shown)
    return f'<p>{esc(how)}</p><p class="glance">This round: {glance}</p><div class="scores">{tables}</div>'


def round_over_panel(ctrl: Controller) -> str:
    game = ctrl.game
    return (
        '<section class="panel round-over" aria-labelledby="round-title">'
        f'<h2 id="round-title">Round {game.round_index + 1} is over</h2>'
        + _round_summary(ctrl)
        + '<div class="row stay">'
        + button("next-round", "Next round", cls="primary")
        + button("show-hands", "Show all hands")
        + button("replay", "Replay this deal")
        + "</div></section>"
    )


def _verdict(game: Game, me: int) -> str:
    """Who won the game, and by what, in words, to the player in seat ``me``."""
    shown = sides.order(game.n, me)
    mine = shown[0]
    totals = game.totals
    winner = game.winner()
    if winner is None:
        best = max(totals)
        tied = [t for t in shown if totals[t] == best]
        if len(tied) == len(shown):
            return f"A tie at {best:,}."
        names = [("you" if t == mine else sides.short(game.n, t, me)) for t in tied]
        return f"A tie for the lead at {best:,}: {_and(names)}."
    others = " to ".join(f"{totals[t]:,}" for t in shown if t != winner)
    if seats.individual(game.n):
        who = "You win" if winner == mine else f"{sides.short(game.n, winner, me)} wins"
        rest = sorted((t for t in shown if t != winner), key=lambda t: -totals[t])
        behind = ", ".join(f"{'you' if t == mine else sides.short(game.n, t, me)} {totals[t]:,}" for t in rest)
        return f"{who} with {totals[winner]:,} ({behind})" + ("!" if winner == mine else ".")
    if winner == mine:
        mates = [m for m in sides.members(game.n, mine) if m != seat_names(game.n)[me]]
        return f"{_and(['You', *mates])} win, {totals[winner]:,} to {others}!"
    return f"{_and(sides.members(game.n, winner))} win, {totals[winner]:,} to {others}."


def game_over_panel(ctrl: Controller) -> str:
    game = ctrl.game
    verdict = _verdict(game, ctrl.seat)
    shown = sides.order(game.n, ctrl.seat)
    rows = []
    run = [0] * game.sides
    for result in game.results:
        run = [run[t] + result.scores[t].total for t in range(game.sides)]
        cells = "".join(
            f'<td>{result.scores[t].total:+,}<small><span class="sr">, total </span>{run[t]:,}</small></td>'
            for t in shown
        )
        rows.append(f'<tr><th scope="row"><span class="sr">Round </span>{result.round_index + 1}</th>{cells}</tr>')
    heads = "".join(f'<th scope="col">{esc(sides.short(game.n, t, ctrl.seat))}</th>' for t in shown)
    return (
        '<section class="panel game-over" aria-labelledby="over-title">'
        f'<h2 id="over-title">Game over: {esc(verdict)}</h2>'
        '<table class="score rounds"><caption>Totals per round (the running total under each)</caption>'
        f'<thead><tr><th scope="col">Round</th>{heads}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
        + challenge_section(ctrl)
        + "<h3>Last round</h3>"
        + _round_summary(ctrl)
        + '<div class="row stay">'
        + button("next-round", "New game", cls="primary")
        + button("challenge", "Challenge")
        + '</div><div class="row">'
        + button("show-hands", "Show all hands")
        + button("watch", "Watch the game", arg="table")
        + button("replay", "Replay this deal")
        + button("screen", "Statistics", arg="stats")
        + "</div></section>"
    )


HELD_FROM = {"hand": "Hand", "knee": "In hand, from the knee", "foot": "In hand, from the foot"}
"""What a seat held when the round ended, by the set it was playing from."""


def hands_screen(ctrl: Controller) -> str:
    """Every hand, knee, foot and the rest of the stock: only once the round is over."""
    game = ctrl.game
    if game.phase not in ("round_over", "game_over"):
        return '<p class="note error">Hands are shown only after the round.</p>'
    names = seat_names(game.n)
    blocks = []
    for seat, player in enumerate(game.players):
        parts = [f"<h3>{esc(names[seat])}{' (you)' if seat == ctrl.seat else ''}</h3>"]
        if seat == game.went_out:
            parts.append("<p>Went out.</p>")
        else:
            held = card_row(C.sorted_hand(player.hand)) if player.hand else '<span class="none">no cards</span>'
            parts.append(f"<p>{HELD_FROM[player.stage]}: {held}</p>")
        if game.rules.knee_size and not player.knee_taken and not player.foot_taken:
            parts.append(f"<p>Knee (never picked up): {card_row(C.sorted_hand(player.knee))}</p>")
        if not player.foot_taken:
            parts.append(f"<p>Foot (never picked up): {card_row(C.sorted_hand(player.foot))}</p>")
        blocks.append('<div class="revealed">' + "".join(parts) + "</div>")
    stock = list(reversed(game.stock))
    return (
        '<section class="panel hands" aria-labelledby="hands-title">'
        '<h2 id="hands-title">All hands</h2>'
        + "".join(blocks)
        + f'<div class="revealed"><h3>The rest of the stock ({len(stock)} cards, next card first)</h3>'
        f"<p>{card_row(stock)}</p></div>"
        '<div class="row">' + button("screen", "Back to the scores", arg="table", cls="primary") + "</div></section>"
    )


def games_screen(ctrl: Controller) -> str:
    """Every game kept: the one on the table, and the ones put aside, each to resume or delete."""
    game = ctrl.game
    state = "finished" if game.phase == "game_over" else "in progress"
    current = (
        f"<p>On the table: deal {game.deal_number:,} · {esc(game.rules.title)} · round {game.round_index + 1} · "
        f"{esc(sides.totals_words(game.n, game.totals))} · {state}.</p>"
        + ('<div class="row">' + button("watch", "Watch this game", arg="table") + "</div>" if game.history else "")
    )
    items = []
    for kept in ctrl.kept:
        if ctrl.confirm_delete == kept.key:
            actions = (
                '<p class="confirm" role="alert">Delete this game for good?</p>'
                + button("confirm-delete", "Yes, delete it", arg=kept.key)
                + button("keep-game", "Keep it", arg=kept.key, cls="primary")
            )
        else:
            actions = (
                button("resume-game", "Resume", arg=kept.key, cls="primary")
                + button("watch", "Watch", arg=kept.key)
                + button("delete-game", "Delete", arg=kept.key)
            )
        items.append(
            f'<li class="kept"><p><b>{esc(kept.summary())}</b><br><small>put aside {esc(kept.when())}</small></p>'
            f'<div class="row">{actions}</div></li>'
        )
    listing = f'<ul class="kept-games">{"".join(items)}</ul>' if items else "<p>No other games are kept yet.</p>"
    return (
        '<section class="panel games" aria-labelledby="games-title">'
        '<h2 id="games-title">Games</h2>'
        f"{current}"
        "<p>A game is never dropped: when another one starts (a shared link, a new game), the one on the "
        "table is kept here, finished or not (up to 30: past that the oldest finished games go first).</p>"
        f"<h3>Kept games ({len(ctrl.kept)})</h3>{listing}"
        + challenges_list(ctrl)
        + kept_copies_section(ctrl)
        + "<h3>Played with real cards?</h3><p>Keep its score on a score pad, round by round.</p>"
        + '<div class="row">' + button("screen", "Score pads", arg="pad") + "</div>"
        + '<div class="row">' + button("screen", "Statistics", arg="stats")
        + button("screen", "Back to the table", arg="table", cls="primary") + "</div></section>"
    )


def _result_words(players: int, totals: tuple[int, ...]) -> str:
    return sides.totals_words(players, totals)


def challenge_section(ctrl: Controller) -> str:
    """At the end of a challenge's game: their result and ours side by side, and their game to watch."""
    record = ctrl.current_challenge()
    if record is None or record.mine is None:
        return ""
    c = record.challenge
    n = c.rules.players
    theirs, mine = c.theirs.totals, record.mine.totals
    who = c.name or "Them"
    rows = "".join(
        f'<tr><th scope="row">{esc(sides.short(n, t))}</th><td>{theirs[t]:,}</td><td>{mine[t]:,}</td></tr>'
        for t in sides.order(n)
    )
    status = "verified: their moves lead to it" if record.verified else "unverified: it doesn't follow from their moves"
    undo = []
    if c.theirs.takebacks:
        undo.append(f"{who} used Undo {c.theirs.takebacks} time{'s' if c.theirs.takebacks != 1 else ''}.")
    if record.mine.takebacks:
        undo.append(f"You used Undo {record.mine.takebacks} time{'s' if record.mine.takebacks != 1 else ''}.")
    mine_margin = mine[0] - max(mine[1:]) if len(mine) > 1 else 0
    their_margin = theirs[0] - max(theirs[1:]) if len(theirs) > 1 else 0
    verdict = (
        "You did better with the same cards!" if mine_margin > their_margin
        else "They did better with the same cards." if mine_margin < their_margin else "The same margin: a draw."
    )
    watch = button("watch-challenge", "Watch their game", arg=record.key) if record.verified else ""
    return (
        '<section class="challenge-result" aria-labelledby="challenge-title">'
        f'<h3 id="challenge-title">Challenge, deal {c.deal:,}: {esc(verdict)}</h3>'
        f'<table class="score"><caption>Their result ({esc(status)}) and yours</caption>'
        f'<thead><tr><th scope="col">Side</th><th scope="col">{esc(who)}</th><th scope="col">You</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
        + "".join(f"<p>{esc(u)}</p>" for u in undo)
        + (f'<div class="row">{watch}</div>' if watch else "")
        + "</section>"
    )


def challenges_list(ctrl: Controller) -> str:
    """Every challenge this device made or opened, with both results where known."""
    if not ctrl.challenges:
        return ""
    items = []
    for record in sorted(ctrl.challenges.values(), key=lambda r: r.played, reverse=True):
        c = record.challenge
        n = c.rules.players
        who = "You sent" if record.sent else (f"From {c.name}" if c.name else "Received")
        theirs = _result_words(n, c.theirs.totals)
        mark = "" if record.verified else " (unverified)"
        mine = f" · yours: {_result_words(n, record.mine.totals)}" if record.mine else (
            "" if record.sent else " · not played yet")
        buttons = button("watch-challenge", "Watch their game" if not record.sent else "Watch", arg=record.key) \
            if record.verified else ""
        items.append(
            f'<li class="kept"><p><b>{esc(who)}: deal {c.deal:,}</b> · {esc(c.rules.title)} · {esc(c.level)}<br>'
            f"<small>{'your game' if record.sent else 'their game'}: {esc(theirs)}{esc(mark)}{esc(mine)}</small></p>"
            + (f'<div class="row">{buttons}</div>' if buttons else "")
            + "</li>"
        )
    return f"<h3>Challenges ({len(ctrl.challenges)})</h3>" + f'<ul class="kept-games">{"".join(items)}</ul>'


def kept_copies_section(ctrl: Controller) -> str:
    """Saved copies that could not be resumed, kept aside rather than dropped: restore (if it loads) or delete."""
    if not ctrl.kept_copies:
        return ""
    items = []
    for kept in ctrl.kept_copies:
        restore = "" if kept.truncated else button("restore-copy", "Restore", arg=kept.key)
        items.append(
            f'<li class="kept"><p>{esc(kept.description)}</p>'
            f'<div class="row">{restore}{button("delete-copy", "Delete", arg=kept.key)}</div></li>'
        )
    return (
        f"<h3>Copies kept aside ({len(ctrl.kept_copies)})</h3>"
        "<p>Saves that could not be read when the app started. Restore tries one again; "
        "Delete removes it.</p>"
        f'<ul class="kept-games">{"".join(items)}</ul>'
    )
