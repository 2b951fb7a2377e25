"""A terminal game: the human at South against the computer players (1 to 5 of them).

Commands: ``draw``, ``pickup``, ``meld 9:9S,9H,9D | @2:KH``, ``discard QH``,
``ask``, ``yes``/``no`` (answering the partner), ``end``, ``hint``, ``why``,
``table``, ``quit``.  Reads commands from any text stream, so it can be driven
by piping stdin.
"""

from __future__ import annotations

from typing import TextIO

from .. import cards as C
from ..actions import Action, Answer, NextRound, from_text, to_text
from ..bots import hint, make_bot
from ..bots.base import Decision
from ..errors import RuleViolation
from ..rules import RuleSet
from ..seats import individual, team_seats
from ..state import Game, seat_names
from ..views import View, view_for

HUMAN = 0
HELP = ("commands: draw | pickup | meld 9:9S,9H,9D | @0:KH | discard QH | ask | yes | no | end"
        " | hint | why | table | quit")


def _cards(cards: tuple[int, ...] | list[int]) -> str:
    return " ".join(C.code(c) for c in C.sorted_hand(cards)) or "(none)"


def _side(players: int, team: int, mine: int) -> str:
    """'us'/'them', or 'you' and a seat name when everyone plays on their own."""
    if individual(players):
        return "you" if team == mine else seat_names(players)[team_seats(team, players)[0]]
    return "us" if team == mine else "them"


def render(view: View) -> str:
    """The table as text: melds, pile top, counts and the human's hand."""
    rules = view.rules
    names = seat_names(rules.players)
    lines = [f"-- round {view.round_index + 1}, stock {view.stock_count}, "
             f"pile {len(view.pile)} (top {C.code(view.pile_top) if view.pile_top is not None else '-'}"
             f"{', blocked' if view.pile_blocked else ''})"]
    for t in view.teams:
        who = _side(rules.players, t.team, view.my_team)
        melds = "  ".join(
            f"@{m.index} {'W' if m.rank == 0 else m.rank}:{_cards(m.cards)}{' [book]' if m.is_book else ''}"
            for m in t.melds
        ) or "(no melds)"
        need = f", needs {t.minimum} to open" if not t.opened else ""
        lines.append(f"   {who} ({t.total} pts, {len(t.red_threes)} red 3s{need}): {melds}")
    for s in view.seats:
        if s.seat != view.seat:
            lines.append(f"   {names[s.seat]}: {s.hand_count} cards, playing from {s.stage}")
    lines.append(f"   your {view.me.stage} ({len(view.hand)}): {_cards(view.hand)}")
    return "\n".join(lines)


def _parse(text: str) -> Action:
    word = text.strip().lower()
    if word in ("yes", "no"):
        return Answer(word == "yes")
    return from_text(text.strip())


def play(rules: RuleSet, deal_number: int, level: str, inp: TextIO, out: TextIO) -> int:
    """Run a game at the terminal; returns 0 when it ends or the human quits."""
    game = Game(rules, deal_number)
    names = seat_names(rules.players)
    bots = {s: make_bot(level, s, deal_number) for s in range(rules.players) if s != HUMAN}
    last: dict[int, Decision] = {}
    out.write(f"{rules.title}, deal {deal_number}: you are South, {level} computer players.\n{HELP}\n")
    shown = -1
    mine = game.team_of(HUMAN)
    while not game.over:
        if game.phase == "round_over":
            res = game.results[-1]
            scores = ", ".join(f"{_side(game.n, t, mine)} {res.scores[t].total}" for t in range(game.sides))
            totals = " to ".join(str(total) for total in game.totals)
            out.write(f"== round {res.round_index + 1} over: {scores}; totals {totals}\n")
            game.apply(NextRound())
            continue
        seat = game.to_act
        assert seat is not None
        if seat != HUMAN:
            d = bots[seat].decide(view_for(game, seat))
            last[seat] = d
            out.write(f"{names[seat]}: {to_text(d.action)} — {d.reason}\n")
            game.apply(d.action)
            continue
        view = view_for(game, HUMAN)
        if shown != len(view.log):
            out.write(render(view) + "\n")
            shown = len(view.log)
        prompt = "partner asks to go out (yes/no)" if game.phase == "answer" else game.phase
        out.write(f"{prompt}> ")
        out.flush()
        line = inp.readline()
        if not line:
            out.write("\n(end of input)\n")
            return 0
        cmd = line.strip()
        if not cmd:
            continue
        if cmd == "quit":
            return 0
        if cmd == "help":
            out.write(HELP + "\n")
            continue
        if cmd == "table":
            out.write(render(view) + "\n")
            continue
        if cmd == "hint":
            h = hint(view)
            out.write(f"hint: {to_text(h.action)} — {h.reason}\n")
            continue
        if cmd.startswith("why"):
            for s, d in last.items():
                out.write(f"  {names[s]}: {to_text(d.action)} — {d.reason}\n")
            if not last:
                out.write("  nobody has played yet\n")
            continue
        try:
            game.apply(_parse(cmd))
        except RuleViolation as err:
            out.write(f"not allowed: {err}\n")
        except ValueError as err:
            out.write(f"not understood: {err}. {HELP}\n")
    totals = ", ".join(f"{_side(game.n, t, mine)} {game.totals[t]}" for t in range(game.sides))
    out.write(f"== game over: {totals}\n")
    return 0
