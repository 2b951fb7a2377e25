"""The score pad screen as HTML: the list of pads, and one pad's rounds, entry and totals.

Pure Python, like ``ui/render.py``: state in (``ui.pad.PadDesk``), strings out.  Buttons carry a
``data-act`` starting with ``pad-`` (the controller hands them to the desk); inputs and selects a
``data-pad`` key that ``ui/browser/input.py`` hands to ``App.pad_input`` on change.
"""

from __future__ import annotations

from engine.rules import preset
from engine.scoring import TeamScore, book_kinds
from engine.wording import join
from ui.pad.entries import counted_points
from ui.pad.model import STAGES, Pad, PadDesk, SideEntry, books_label, card_classes
from ui.rules.text import shown_title
from ui.settings.model import (
    HOUSE_CHOICES,
    PRESET_NAMES,
    PRESET_TITLES,
    Settings,
    players_label,
    players_offered,
    switch_applies,
    switch_options,
    switch_value,
)
from ui.widgets import button, esc

SCORING_SWITCHES = ("players", "first_meld", "canastas", "black_three_left", "red_three_unplayed")
"""The house rules that change a score pad (the rest change only how the cards are played)."""


def pad_screen(desk: PadDesk, settings: Settings, notes: str) -> str:
    """The list of pads, or the pad that is open."""
    pad = desk.pad()
    return pad_page(desk, pad, notes) if pad is not None else pad_list(desk, settings, notes)


# ----- the list ------------------------------------------------------------------------------


def pad_list(desk: PadDesk, settings: Settings, notes: str) -> str:
    items = []
    for pad in desk.pads:
        scores = ", ".join(f"{esc(name)} {total:,}" for name, total in zip(pad.sides, pad.totals(), strict=True))
        state = "finished" if pad.over() else f"round {len(pad.rounds)}"
        if desk.confirm == f"delete:{pad.id}":
            actions = (
                '<p class="confirm" role="alert">Delete this score pad for good?</p>'
                + button("pad-yes", "Yes, delete it") + button("pad-no", "Keep it", cls="primary")
            )
        else:
            actions = button("pad-open", "Open", arg=pad.id, cls="primary") + button("pad-delete", "Delete", arg=pad.id)
        items.append(
            f'<li class="kept"><p><b>{esc(pad.name)}</b><br><small>{esc(pad.date)} · {esc(shown_title(pad.rules))} · '
            f"{scores} · {state}</small></p>"
            f'<div class="row">{actions}</div></li>'
        )
    for bad in desk.unreadable:
        if desk.confirm == f"drop:{bad.key}":
            actions = button("pad-yes", "Yes, delete it") + button("pad-no", "Keep it", cls="primary")
        else:
            actions = button("pad-drop", "Delete", arg=bad.key)
        items.append(
            f'<li class="kept"><p>{esc(bad.problem)} It is left as it is.</p><div class="row">{actions}</div></li>'
        )
    listing = f'<ul class="kept-games pads">{"".join(items)}</ul>' if items else "<p>No score pads yet.</p>"
    return (
        '<section class="panel pad" aria-labelledby="pad-title">'
        '<h2 id="pad-title">Score pads</h2>'
        "<p>Playing with real cards? Enter each round's books, melded points, red 3s and what everyone was "
        "left holding: the pad adds it up with the rules you play by, round by round.</p>"
        + notes
        + '<div class="pad-row new">' + table_size(desk, settings)
        + button("pad-new", "New score pad", cls="primary") + "</div>"
        f'<p class="tip">A new pad uses the rules chosen in Settings: {esc(settings.rules().title)}, '
        "at the table chosen here. They can be changed on the pad until its first entry.</p>"
        f"<h3>Kept pads ({len(desk.pads)})</h3>{listing}"
        '<div class="row">' + button("screen", "Back to the table", arg="table") + "</div></section>"
    )


def table_size(desk: PadDesk, settings: Settings) -> str:
    """The table size of the next new pad: those the rules chosen in Settings can be played at."""
    base = preset(settings.preset)
    options = [(str(n), players_label(base, n)) for n in players_offered(base)]
    return select("new:players", "Players", options, str(desk.new_size(settings)))


# ----- one pad -------------------------------------------------------------------------------


def pad_page(desk: PadDesk, pad: Pad, notes: str) -> str:
    index, side = desk.round, desk.side
    over = pad.over()
    tabs = "".join(
        button("pad-round", f"Round {i + 1}", arg=str(i), cls="tab",
               extra=f' aria-pressed="{"true" if i == index else "false"}"')
        for i in range(len(pad.rounds))
    )
    add = "" if over else button("pad-add-round", "+ Round", cls="tab")
    scores = pad.round_scores(index)
    need = pad.minimums(index)
    side_tabs = "".join(
        button("pad-side", f"{esc(pad.sides[s])} <b>{scores[s].total:,}</b><small>first meld {need[s]}</small>",
               arg=str(s), cls="tab side-tab", extra=f' aria-pressed="{"true" if s == side else "false"}"')
        for s in range(len(pad.sides))
    )
    return (
        '<section class="panel pad" aria-labelledby="pad-title">'
        f'<div class="pad-head"><h2 id="pad-title">{esc(pad.name)}</h2>'
        + button("pad-list", "All pads", cls="small")
        + "</div>"
        f'<div class="tabs rounds" role="group" aria-label="Rounds">{tabs}{add}</div>'
        '<div class="pad-cols"><div class="pad-col">'
        + went_out(pad, index)
        + f'<div class="tabs sides sides-{len(pad.sides)}" role="group" aria-label="Side to enter">{side_tabs}</div>'
        + notes
        + side_entry(pad, index, side)
        + '</div><div class="pad-col">'
        + round_lines(pad, index, scores)
        + game_totals(pad)
        + "</div></div>"
        + pad_setup(desk, pad)
        + "</section>"
    )


def went_out(pad: Pad, index: int) -> str:
    options = [("", "Nobody (stock ran out)")]
    for s in range(len(pad.sides)):
        if pad.individual:  # a player alone is their side
            options.append((f"{s}.0", pad.sides[s]))
            continue
        options += [(f"{s}.{p}", f"{name} ({pad.sides[s]})") for p, name in enumerate(pad.players[s])]
    return '<div class="pad-row out">' + select("out", "Went out", options, pad.rounds[index].out) + "</div>"


def select(key: str, label: str, options: list[tuple[str, str]], current: str, disabled: bool = False) -> str:
    ident = slug(key)
    opts = "".join(
        f'<option value="{esc(v)}"{" selected" if v == current else ""}>{esc(text)}</option>' for v, text in options
    )
    off = " disabled" if disabled else ""
    return (
        f'<div class="field"><label for="{ident}">{esc(label)}</label>'
        f'<select id="{ident}" data-pad="{esc(key)}"{off}>{opts}</select></div>'
    )


def slug(key: str) -> str:
    return "pad-" + "".join(ch if ch.isalnum() else "-" for ch in key)


def number(key: str, label: str, value: int, *, stepper: bool = False, cls: str = "") -> str:
    """A numeric field (the phone's number keypad), with − and + around it for counts."""
    ident = slug(key)
    field = (
        f'<input id="{ident}" data-pad="{esc(key)}" type="text" inputmode="numeric" pattern="[0-9]*" '
        f'autocomplete="off" maxlength="7" value="{value}">'
    )
    if stepper:
        field = (
            button("pad-step", "−", arg=f"-:{key}", cls="step", extra=f' aria-label="{esc(label)}: one fewer"')
            + field
            + button("pad-step", "+", arg=f"+:{key}", cls="step", extra=f' aria-label="{esc(label)}: one more"')
        )
    return (
        f'<div class="field num{" " + cls if cls else ""}"><label for="{ident}">{esc(label)}</label>'
        f'<div class="stepper">{field}</div></div>'
    )


def side_entry(pad: Pad, index: int, side: int) -> str:
    """One side's entries for one round: books, melded cards, red 3s, then each player's leftovers."""
    rules = pad.rules
    entry = pad.rounds[index].sides[side]
    fields = [
        number(f"book:{code}", books_label(label), entry.book(code), stepper=True)
        for code, label, _ in book_kinds(rules)
    ]
    fields.append(number("reds", "Red 3s", entry.reds, stepper=True))
    if rules.unfinished_wild_penalty:
        fields.append(number("open_wild", "Unfinished wild melds", entry.open_wild, stepper=True))
    return (
        f'<div class="entry" role="group" aria-label="{esc(pad.sides[side])}, round {index + 1}">'
        + melded_entry(pad, entry, fields)
        + "".join(player_entry(pad, side, p, entry, pad.rounds[index].out) for p in range(len(entry.players)))
        + "</div>"
        + ('<div class="row">' + button("pad-mode", "Count the cards instead", arg="cards", cls="small") + "</div>"
           if entry.mode == "points" else "")
    )


def melded_entry(pad: Pad, entry: SideEntry, fields: list[str]) -> str:
    """The counts (books, red 3s) and the melded cards: their points typed, or the cards counted by class."""
    classes = card_classes(pad.rules)
    if entry.mode == "cards":
        total = counted_points(pad.rules, entry.cards)
        counts = "".join(
            number(f"cards:{i}", f"{label} ({value} each)", entry.cards[i], stepper=True)
            for i, (label, value) in enumerate(classes)
        )
        return (
            f'<div class="grid">{"".join(fields)}</div>'
            '<div class="melded"><p class="pad-row"><span>Melded cards, books included: '
            f'<b class="melded-total">{total:,} points</b></span>'
            + button("pad-mode", "Type the points", arg="points", cls="small")
            + f'</p><div class="grid">{counts}</div></div>'
        )
    fields = [*fields, number("melded", "Melded card points", entry.melded)]
    return f'<div class="grid">{"".join(fields)}</div>'


STAGE_WORDS = {"hand": "Hand", "knee": "Knee", "foot": "Foot"}


def player_entry(pad: Pad, side: int, p: int, entry: SideEntry, out_key: str) -> str:
    """A player's leftovers: the set played from and its points, then each set never picked up."""
    rules = pad.rules
    player = entry.players[p]
    name = pad.players[side][p]
    stages = [(s, STAGE_WORDS[s]) for s in STAGES if s != "knee" or rules.knee_size]
    fields = [
        select(f"stage:{p}", "Playing from", stages, player.stage),
        number(f"{p}:held", "Points held", player.held),
    ]
    if player.stage == "hand" and rules.knee_size:
        fields.append(number(f"{p}:knee", "Knee never picked up", player.knee))
        fields.append(number(f"{p}:knee_reds", "Red 3s in that knee", player.knee_reds, stepper=True))
    if player.stage != "foot":
        fields.append(number(f"{p}:foot", "Foot never picked up", player.foot))
        fields.append(number(f"{p}:foot_reds", "Red 3s in that foot", player.foot_reds, stepper=True))
    out = " · went out" if out_key == f"{side}.{p}" else ""
    return (
        f'<fieldset class="player"><legend>{esc(name)}{out}</legend>'
        f'<div class="grid">{"".join(fields)}</div></fieldset>'
    )


def round_lines(pad: Pad, index: int, scores: tuple[TeamScore, ...]) -> str:
    tables = []
    for s in range(len(pad.sides)):
        rows = "".join(
            f'<tr><th scope="row">{esc(line.label)}</th><td>{line.points:+,}</td></tr>' for line in scores[s].lines
        ) or '<tr><th scope="row">Nothing entered</th><td>0</td></tr>'
        tables.append(
            f'<table class="score pad-lines"><caption>{esc(pad.sides[s])}, round {index + 1}</caption>'
            f"<tbody>{rows}</tbody>"
            f'<tfoot><tr><th scope="row">Round total</th><td>{scores[s].total:,}</td></tr></tfoot></table>'
        )
    return f'<div class="scores">{"".join(tables)}</div>'


def verdict(pad: Pad) -> str:
    """Who won, once the game is over: 'Us win, 1,540 to 625.', 'West wins with 1,540 (South 625, East 300).'."""
    totals = pad.totals()
    best = max(totals)
    winner = pad.winner()
    if winner is None:
        if not pad.individual:
            return f"Game over: a tie at {best:,}."
        tied = [name for name, t in zip(pad.sides, totals, strict=True) if t == best]
        return f"Game over: {join(tied)} tie at {best:,}."
    if not pad.individual:
        return f"Game over: {pad.sides[winner]} win, {best:,} to {min(totals):,}."
    others = ", ".join(f"{name} {t:,}" for s, (name, t) in enumerate(zip(pad.sides, totals, strict=True))
                       if s != winner)
    return f"Game over: {pad.sides[winner]} wins with {best:,} ({others})."


def game_totals(pad: Pad) -> str:
    rows = []
    for i in range(len(pad.rounds)):
        cells = "".join(f"<td>{score.total:+,}</td>" for score in pad.round_scores(i))
        rows.append(f'<tr><th scope="row">Round {i + 1}</th>{cells}</tr>')
    totals = pad.totals()
    if pad.over():
        status = f'<p class="pad-verdict" role="status">{esc(verdict(pad))}</p>'
    else:
        nxt = len(pad.rounds)
        need = ", ".join(f"{esc(name)} {n}" for name, n in zip(pad.sides, pad.minimums(nxt), strict=True))
        status = f'<p class="pad-next">Next, round {nxt + 1}: first meld {need}.</p>'
    heads = "".join(f'<th scope="col">{esc(name)}</th>' for name in pad.sides)
    sums = "".join(f"<td>{t:,}</td>" for t in totals)
    return (
        f'<table class="score rounds sides-{len(pad.sides)}"><caption>Game totals</caption>'
        f'<thead><tr><th scope="col">Round</th>{heads}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody>"
        f'<tfoot><tr><th scope="row">Total</th>{sums}</tr></tfoot></table>'
        + status
    )


def text_field(key: str, label: str, value: str, kind: str = "text") -> str:
    ident = slug(key)
    return (
        f'<div class="field"><label for="{ident}">{esc(label)}</label>'
        f'<input id="{ident}" data-pad="{esc(key)}" type="{kind}" autocomplete="off" maxlength="30" '
        f'value="{esc(value)}"></div>'
    )


def pad_setup(desk: PadDesk, pad: Pad) -> str:
    """The pad's name, date, sides, players and rules (the rules only until the first entry)."""
    fixed = pad.has_entries()
    names = [text_field("name", "Name of the pad", pad.name), text_field("date", "Date", pad.date, "date")]
    for s in range(len(pad.sides)):
        if pad.individual:  # a player alone is their own side: one name
            names.append(text_field(f"side:{s}", f"Player {s + 1}", pad.sides[s]))
            continue
        names.append(text_field(f"side:{s}", f"Side {s + 1}", pad.sides[s]))
        names += [text_field(f"player:{s}.{p}", f"{pad.sides[s]}: player {p + 1}", n)
                  for p, n in enumerate(pad.players[s])]
    base = preset(pad.preset)
    rules = [select("rules:preset", "Rule set", [(n, PRESET_TITLES[n]) for n in PRESET_NAMES], pad.preset, fixed)]
    for key in SCORING_SWITCHES:
        if not switch_applies(base, key):
            continue  # e.g. the canastas of 7s and 5s: only the rule sets that have those books
        options, current = switch_options(base, key, pad.house.get(key, switch_value(base, key)))
        rules.append(select(f"rules:house:{key}", HOUSE_CHOICES[key][0], options, current, fixed))
    note = (
        "<p class=\"tip\">The rules are fixed now that a round has entries.</p>" if fixed
        else "<p class=\"tip\">The rules can change until the first entry.</p>"
    )
    remove = ""
    if len(pad.rounds) > 1:
        if desk.confirm == "round":
            remove = (
                f'<p class="confirm" role="alert">Remove round {len(pad.rounds)} and its entries?</p>'
                + button("pad-yes", "Yes, remove it") + button("pad-no", "Keep it", cls="primary")
            )
        else:
            remove = button("pad-remove-round", f"Remove round {len(pad.rounds)}")
    delete = (
        '<p class="confirm" role="alert">Delete this score pad for good?</p>'
        + button("pad-yes", "Yes, delete it") + button("pad-no", "Keep it", cls="primary")
        if desk.confirm == f"delete:{pad.id}" else button("pad-delete", "Delete this pad", arg=pad.id)
    )
    toggle = button("pad-setup", "Names and rules", cls="small", extra=f' aria-expanded="{str(desk.setup).lower()}"')
    if not desk.setup:
        return f'<div class="row">{toggle}{remove}{button("pad-list", "All pads")}</div>'
    return (
        f'<div class="row">{toggle}</div>'
        f'<div class="grid setup">{"".join(names)}</div>'
        f"<p>{esc(shown_title(pad.rules))}</p>{note}"
        f'<div class="grid setup">{"".join(rules)}</div>'
        f'<div class="row">{remove}{delete}{button("pad-list", "All pads")}</div>'
    )
