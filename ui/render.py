"""The table as HTML: the controller's state in, one string out.

Pure Python. Every piece of dynamic text goes through ``esc`` (html.escape);
every control is a real ``<button>`` with a ``data-act`` the entry module
dispatches on. Cards are buttons named as a screen reader says them.
"""

from __future__ import annotations

from engine import cards as C
from engine.state import seat_names
from engine.views import MeldView, SeatView, TeamView, View

from .controller import HUMAN, Controller, Line
from .narrate import count
from .screens import game_over_panel, hands_screen, round_over_panel, rules_screen, settings_screen
from .widgets import button, card_button, card_row, esc, mini_card

STAGES = {"hand": "in hand", "knee": "in knee", "foot": "in foot"}


# ----- seats, pile and melds -----------------------------------------------------


def partner_of(view: View, seat: int) -> int:
    """The teammate who answers ``seat``'s "May I go out?": the next one in turn order."""
    return (seat + 2) % view.rules.players


def team_names(view: View, team: int, short: bool = False) -> list[str]:
    """The seat names of a team in turn order ('S', 'NW', ... when short)."""
    names = seat_names(view.rules.players)
    out = [names[s] for s in range(team, view.rules.players, 2)]
    if short:
        out = [name[0] + ("W" if name.endswith("west") else "E" if name.endswith("east") else "") for name in out]
    return out


def joined(names: list[str]) -> str:
    """'South & North', 'South, Northwest & Northeast'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " & " + names[-1]


def seat_role(view: View, seat: int) -> str:
    if seat == HUMAN:
        return "you"
    if seat == partner_of(view, HUMAN):
        return "partner"
    if seat % 2 == HUMAN % 2:
        return "teammate"
    return "opponent" if view.rules.players > 4 else ""


def seat_box(view: View, seat: SeatView) -> str:
    turn = view.to_act == seat.seat
    role = f" ({seat_role(view, seat.seat)})" if seat_role(view, seat.seat) else ""
    waiting = []
    if seat.knee_count:
        waiting.append(f"knee {seat.knee_count}")
    if seat.foot_count:
        waiting.append(f"foot {seat.foot_count}")
    rest = (" · " + ", ".join(waiting) + " waiting") if waiting else ""
    marker = '<span class="turn-mark">▶ Playing</span>' if turn else ""
    label = f"{seat.name}{role}: {seat.hand_count} cards {STAGES[seat.stage]}{rest}" + (", playing now" if turn else "")
    team = "us" if seat.team == HUMAN % 2 else "them"
    if view.rules.players > 4:  # compact: the sets still waiting on a line of their own
        counts = f'<span class="counts"><b>{seat.hand_count}</b> {esc(STAGES[seat.stage])}</span>' + (
            f'<span class="waiting">+ {esc(", ".join(waiting))}</span>' if waiting else ""
        )
    else:
        counts = f'<span class="counts"><b>{seat.hand_count}</b> {esc(STAGES[seat.stage])}{esc(rest)}</span>'
    return (
        f'<div class="seat {team}{" active" if turn else ""}" aria-label="{esc(label)}" role="group">'
        f"<strong>{esc(seat.name)}</strong>"
        + (f'<span class="role">{esc(role.strip(" ()"))}</span>' if role else "")
        + marker
        + counts
        + "</div>"
    )


def pile_box(view: View) -> str:
    top = view.pile_top
    rules = view.rules
    if rules.pickup == "none":
        note = "never taken in these rules"
    elif view.pile_blocked:
        note = "blocked: a black 3 is on top"
    else:
        note = f"{len(view.pile)} card{'s' if len(view.pile) != 1 else ''}"
    face = mini_card(top) if top is not None else '<span class="mini empty">empty</span>'
    blocked = ' <span class="badge block" aria-hidden="true">✕ blocked</span>' if view.pile_blocked else ""
    return (
        '<div class="center">'
        f'<div class="stock" aria-label="Stock: {view.stock_count} cards"><span class="back" aria-hidden="true">'
        f"</span><span>Stock <b>{view.stock_count}</b></span></div>"
        f'<div class="pile" aria-label="Discard pile: {esc(C.name(top) if top is not None else "empty")}, {esc(note)}">'
        f"{face}<span>Pile: {esc(note)}</span>{blocked}</div></div>"
    )


def meld_text(view: View, meld: MeldView) -> tuple[str, str]:
    """(short title, spoken description) of a meld or book."""
    rook = view.rules.deck == "rook"
    wilds = sum(1 for c in meld.cards if C.is_wild(c))
    rank = "Wild" if meld.rank == C.WILD_RANK else C.rank_name(meld.rank, rook, plural=True).capitalize()
    if meld.is_book:
        special = [r for r, _ in view.rules.rank_books]
        kind = f"{rank}" if (meld.rank in special and meld.kind == "clean") else meld.kind
        return f"{rank} book · {kind}", f"{kind} book of {rank.lower()}, {len(meld.cards)} cards"
    extra = f", {wilds} wild" if wilds and meld.rank != C.WILD_RANK else ""
    return rank, f"meld of {rank.lower()}, {len(meld.cards)} cards{extra}"


def meld_item(view: View, meld: MeldView, *, mine: bool, playable: bool, target: bool) -> str:
    title, spoken = meld_text(view, meld)
    wilds = sum(1 for c in meld.cards if C.is_wild(c))
    body = (
        f'<span class="m-title">{esc(title)}</span>'
        f'<span class="m-count">{len(meld.cards)}{"" if not wilds or meld.rank == 0 else f" ({wilds}w)"}</span>'
        f"{card_row(meld.cards) if not meld.is_book else ''}"
    )
    cls = "meld" + (f" book {meld.kind}" if meld.is_book else "") + (" target" if target else "")
    if mine and playable and not meld.is_book:
        return button("meld", body, arg=str(meld.index), cls=cls, extra=f' aria-label="Add to the {esc(spoken)}"')
    return f'<div class="{cls}" role="group" aria-label="{esc(spoken)}">{body}</div>'


def team_area(view: View, team: TeamView, ctrl: Controller, playable: bool, targets: set[int]) -> str:
    mine = team.team == view.my_team
    who = "Your team" if mine else "Opponents"
    members = joined(team_names(view, team.team))
    melds = "".join(meld_item(view, m, mine=mine, playable=playable, target=m.index in targets) for m in team.melds)
    reds = ""
    if team.red_threes:
        reds = f'<div class="reds">Red 3s: {card_row(team.red_threes)}</div>'
    need = ""
    if team.minimum:
        need = f'<span class="need">First meld: {team.minimum} points</span>'
    empty = '<p class="none">No melds yet.</p>' if not team.melds else ""
    return (
        f'<section class="team {"us" if mine else "them"}" aria-label="{esc(who)} melds">'
        f"<h2>{esc(who)} <small>({esc(members)})</small> {need}</h2>"
        f'<div class="melds">{melds}</div>{empty}{reds}</section>'
    )


# ----- the player's area ---------------------------------------------------------


def banner(view: View, ctrl: Controller) -> str:
    rules = view.rules
    if view.phase in ("round_over", "game_over"):
        text, cls = f"Round {view.round_index + 1} is over.", "over"
    elif view.to_act == HUMAN and view.phase == "answer":
        text, cls = f"{view.seats[view.turn].name} asks: “May I go out?”", "mine"
    elif view.to_act == HUMAN and view.phase == "draw":
        draw = "draw a card" if rules.draw == 1 else f"draw {count(rules.draw, 'card')}"
        text = f"Your turn: {draw}" + ("" if rules.pickup == "none" else " or pick up the pile")
        cls = "mine"
    elif view.to_act == HUMAN:
        if view.picked_up and rules.pickup_ends_turn:
            text = "Your turn: meld if you like, then press End turn"
        else:
            text = "Your turn: meld if you can, then discard one card"
        cls = "mine"
    else:
        seat = view.seats[view.to_act or 0]
        doing = "is deciding whether you may go out" if view.phase == "answer" else "is playing"
        text, cls = f"{seat.name} {doing}…", "theirs"
    arrow = "▶ " if cls == "mine" else ""
    return f'<p class="banner {cls}" role="status"><span aria-hidden="true">{arrow}</span>{esc(text)}</p>'


def note_box(ctrl: Controller) -> str:
    note = ctrl.note
    parts = []
    if note is not None:
        role = "alert" if note.kind == "error" else "status"
        parts.append(
            f'<div class="note {esc(note.kind)}" role="{role}"><p>{esc(note.text)}</p>'
            + button("dismiss", "OK", cls="small")
            + "</div>"
        )
    if ctrl.share_url:
        parts.append(
            '<div class="note share"><label for="share-link">Link to this deal</label>'
            f'<input id="share-link" readonly value="{esc(ctrl.share_url)}">'
            + button("dismiss", "Done", cls="small")
            + "</div>"
        )
    return "".join(parts)


def staging_area(view: View, ctrl: Controller) -> str:
    minimum = ctrl.minimum()
    if not ctrl.staged and not (minimum and view.to_act == HUMAN and view.phase == "play"):
        return ""
    total = ctrl.staged_total()
    items = "".join(
        '<li class="staged">'
        + button(
            "staged",
            card_row(s.cards) + f' <span class="pts">{ctrl_value(ctrl, s.cards)} pts</span>',
            arg=str(i),
            cls="staged-meld",
            extra=f' aria-label="Staged meld {i + 1}: {esc(names(s.cards))}; add selected cards"',
        )
        + button("unstage", "Take back", arg=str(i), cls="small")
        + "</li>"
        for i, s in enumerate(ctrl.staged)
    )
    enough = total >= minimum
    status = "enough" if enough else "short"
    pile_note = ""
    if view.phase == "draw" and view.rules.pickup != "none":
        pile_note = (
            '<p class="tip">Before drawing, you can open with the pile: the top card and your pair count too.</p>'
        )
    controls = ""
    if ctrl.staged:
        controls = (
            '<div class="row">'
            + button("lay-down", "Lay down melds", cls="primary" if enough else "", disabled=view.phase != "play")
            + button("unstage", "Take all back")
            + "</div>"
        )
    return (
        '<section class="staging" aria-label="Your first meld">'
        f'<h2>First meld: <span class="total {status}">{total} of {minimum} points</span>'
        f'<span class="sr"> {"enough" if enough else "not enough yet"}</span></h2>'
        f'<p class="tip">Select cards and press New meld to stage them; lay them down together.</p>'
        f"{pile_note}<ul>{items}</ul>{controls}</section>"
    )


def names(cards: tuple[int, ...]) -> str:
    return ", ".join(C.name(c) for c in cards)


def ctrl_value(ctrl: Controller, cards: tuple[int, ...]) -> int:
    values = ctrl.game.rules.card_values
    return sum(values[C.rank(c)] for c in cards)


def hand_area(view: View, ctrl: Controller) -> str:
    hand = ctrl.shown_hand()
    meldable = ctrl.meldable()
    cards = "".join(card_button(c, i, pressed=i in ctrl.selected, meldable=c in meldable) for i, c in enumerate(hand))
    me = view.me
    waiting = []
    if me.knee_count:
        waiting.append(f"knee {me.knee_count}")
    if me.foot_count:
        waiting.append(f"foot {me.foot_count}")
    where = STAGES[me.stage] + (" · " + ", ".join(waiting) + " waiting" if waiting else "")
    chosen = len(ctrl.selected)
    picked = f" · {chosen} selected" if chosen else ""
    active = " active" if view.to_act == HUMAN else ""
    marker = '<span class="turn-mark">▶ Your turn</span>' if view.to_act == HUMAN else ""
    outline = (
        '<span class="legend"><span class="dot" aria-hidden="true"></span> dashed = can meld</span>' if meldable else ""
    )
    return (
        f'<section class="you{active}" aria-label="Your hand">'
        f"<h2>Your hand ({len(hand)}, {esc(where)}){esc(picked)} {marker}</h2>{outline}"
        f'<div class="hand" role="group" aria-label="Your cards">{cards}</div></section>'
    )


def actions_bar(view: View, ctrl: Controller) -> str:
    mine = view.to_act == HUMAN and view.phase in ("draw", "play")
    draw_phase = mine and view.phase == "draw"
    play_phase = mine and view.phase == "play"
    rules = view.rules
    buttons = [
        button("draw", "Draw", cls="primary" if draw_phase else "", disabled=not draw_phase),
    ]
    if rules.pickup != "none":
        buttons.append(button("pickup", "Pick up pile", disabled=not draw_phase or not view.pile))
    buttons += [
        button("new-meld", "New meld", disabled=not mine or not ctrl.selected),
        button(
            "discard",
            "Discard",
            cls="primary" if play_phase and len(ctrl.selected) == 1 else "",
            disabled=not play_phase,
        ),
    ]
    if rules.ask_partner and view.me.stage == "foot":
        buttons.append(button("ask", "May I go out?", disabled=not play_phase or view.asked))
    if play_phase and ctrl.can_end_turn():
        buttons.append(button("end-turn", "End turn", cls="primary"))
    buttons.append(button("hint", "Hint", disabled=not mine))
    if ctrl.selected:
        buttons.append(button("clear", "Clear selection"))
    return f'<div class="actions" role="toolbar" aria-label="Your moves">{"".join(buttons)}</div>'


def answer_dialog(view: View) -> str:
    if not (view.to_act == HUMAN and view.phase == "answer"):
        return ""
    partner = view.seats[view.turn].name
    return (
        '<div class="dialog-backdrop"><div class="dialog" role="dialog" aria-modal="true" '
        'aria-labelledby="ask-title">'
        f'<h2 id="ask-title">{esc(partner)} asks: “May I go out?”</h2>'
        "<p>If you say yes, your partner may go out this turn and the round ends. "
        "If you say no, they can't go out this turn.</p>"
        '<div class="row">'
        + button("answer", "Yes, go out", arg="yes", cls="primary")
        + button("answer", "No, not yet", arg="no")
        + "</div></div></div>"
    )


def moves_list(lines: list[Line]) -> str:
    if not lines:
        return ""
    items = []
    for line in reversed(lines):
        why = ""
        if line.reason:
            why = f"<details><summary>Why?</summary><p>{esc(line.reason)}</p></details>"
        items.append(f"<li><p>{esc(line.text)}</p>{why}</li>")
    return f'<section class="moves" aria-label="Recent moves"><h2>Recent moves</h2><ol>{"".join(items)}</ol></section>'


# ----- screens ---------------------------------------------------------------------


def header(ctrl: Controller) -> str:
    view = ctrl.view()
    rules = view.rules
    rounds = f" of {rules.rounds}" if rules.rounds and not rules.target_score else ""
    update = ""
    if ctrl.update_available:
        update = (
            '<div class="update" role="status"><span>Update available.</span>'
            + button("apply-update", "Save and update", cls="primary")
            + "</div>"
        )
    return (
        '<header class="top"><div class="title-row"><h1>Hand and Foot</h1>'
        f'<p class="meta">Deal <b class="deal-number">{view.deal_number}</b> · Round {view.round_index + 1}{rounds}'
        f" · {esc(rules.name)}</p></div>"
        '<nav class="menu" aria-label="Menu">'
        + button("screen", "Table", arg="table", extra=' aria-current="page"' if ctrl.screen == "table" else "")
        + button(
            "screen", "Settings", arg="settings", extra=' aria-current="page"' if ctrl.screen == "settings" else ""
        )
        + button("screen", "Rules", arg="rules", extra=' aria-current="page"' if ctrl.screen == "rules" else "")
        + button("share", "Share")
        + f"</nav>{update}</header>"
    )


def scoreboard(view: View) -> str:
    us, them = view.teams[view.my_team], view.teams[1 - view.my_team]
    return (
        '<div class="scoreboard" role="group" aria-label="Game totals">'
        f'<span class="us">Us ({"+".join(team_names(view, us.team, short=True))}) <b>{us.total:,}</b></span>'
        f'<span class="them">Them ({"+".join(team_names(view, them.team, short=True))}) <b>{them.total:,}</b></span>'
        "</div>"
    )


def table_screen(ctrl: Controller) -> str:
    view = ctrl.view()
    if view.phase in ("round_over", "game_over"):
        panel = game_over_panel(ctrl) if view.phase == "game_over" else round_over_panel(ctrl)
        return scoreboard(view) + note_box(ctrl) + panel
    playable = view.to_act == HUMAN and view.phase == "play"
    targets = ctrl.targets()
    seats = "".join(seat_box(view, view.seats[s]) for s in range(1, view.rules.players))
    size = "" if view.rules.players == 4 else f" seats-{view.rules.players}"
    return (
        scoreboard(view)
        + f'<section class="seats{size}" aria-label="Other players">{seats}</section>'
        + pile_box(view)
        + team_area(view, view.teams[1 - view.my_team], ctrl, False, set())
        + team_area(view, view.teams[view.my_team], ctrl, playable, targets)
        + banner(view, ctrl)
        + note_box(ctrl)
        + staging_area(view, ctrl)
        + hand_area(view, ctrl)
        + actions_bar(view, ctrl)
        + moves_list(ctrl.lines)
        + answer_dialog(view)
    )


def elsewhere_panel() -> str:
    """What a tab shows once the game is opened in another tab: nothing to tap but "Play here"."""
    return (
        '<header class="top"><div class="title-row"><h1>Hand and Foot</h1></div></header>'
        '<section class="elsewhere" role="alert"><h2>Open in another tab</h2>'
        "<p>This game is now open in another tab or window, so this one has stopped to keep the two "
        "from overwriting each other. Nothing is lost: every move is saved.</p>"
        + button("play-here", "Play here instead", cls="primary")
        + "<p>That picks the game up at its latest move and stops the other tab.</p></section>"
    )


def page(ctrl: Controller) -> str:
    """The whole app for the current screen."""
    if ctrl.elsewhere:
        return elsewhere_panel()
    if ctrl.screen == "settings":
        body = note_box(ctrl) + settings_screen(ctrl)
    elif ctrl.screen == "rules":
        body = rules_screen(ctrl)
    elif ctrl.screen == "hands":
        body = hands_screen(ctrl)
    else:
        body = table_screen(ctrl)
    return header(ctrl) + body


def body_classes(ctrl: Controller, prefers_reduced: bool = False) -> str:
    s = ctrl.settings
    classes = []
    if s.four_colour:
        classes.append("four-colour")
    if s.larger_cards:
        classes.append("larger-cards")
    if s.reduced_motion or prefers_reduced:
        classes.append("reduced-motion")
    return " ".join(classes)
