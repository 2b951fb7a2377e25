"""The taps of a turn at the table: select, draw or take the pile, meld, stage, discard, hint, undo,
and between rounds."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine import cards as C
from engine.actions import Action, Answer, AskGoOut, Discard, Draw, EndTurn, Meld, MeldPlay, NextRound, PickUp
from engine.errors import RuleViolation
from engine.serialize import replay
from engine.stored_rules import rules_to_dict
from ui.table.board import meld_words
from ui.table.narrate import advice, describe_action, labels
from ui.table.staging import Staged, restage, selected_from_pile, stage, staged_pickup
from ui.taps import Note, Taps, index_arg

if TYPE_CHECKING:
    from ui.app import App


def on_card(app: App, arg: str) -> None:
    i = index_arg(arg, len(app.shown_hand()))
    if i is None:
        return
    if app.hint_action is not None and app.selected and i not in app.selected:
        # A card the hint didn't pick: the player goes their own way, so the hint and the cards it selected
        # are let go (they stayed selected, and a meld of the player's own then mixed in the hint's card).
        app.selected, app.hint_action = [], None
        if app.note is not None and app.note.kind == "hint":
            app.note = None
    if i in app.selected:
        app.selected.remove(i)
    else:
        app.selected.append(i)
    if app.note and app.note.kind == "error":
        app.note = None


def on_clear(app: App, arg: str) -> None:
    app.selected = []
    app.pile_selected = []


def on_pile_card(app: App, arg: str) -> None:
    """Select (or not) a card under the pile's top, to stage it in a first meld with the pickup."""
    i = index_arg(arg, len(app.pile_preview()))
    if i is None or i not in app.pile_free():
        return
    if i in app.pile_selected:
        app.pile_selected.remove(i)
    else:
        app.pile_selected.append(i)


def on_draw(app: App, arg: str) -> None:
    with_pile = [s for s in app.staged if s.pile]
    if app.play(Draw()):
        app.focus = "hand"
        if with_pile:
            app.note = Note("You drew instead: the melds staged with cards from the pile were taken back.")


def on_pickup(app: App, arg: str) -> None:
    plays = tuple(MeldPlay(s.cards, rank=s.rank) for s in app.staged)
    if app.play(PickUp(plays)):
        app.focus = "hand"


def on_discard(app: App, arg: str) -> None:
    """Discard the selected card; a wild card or one our melds could take, or melds staged and not laid
    down (which the discard would send back to the hand), ask for a second tap first."""
    cards = app.selected_cards()
    if len(cards) != 1:
        app.note = Note(
            "Select one card to discard." if not cards else "Select just one card to discard.", "error"
        )
        return
    warnings = []
    staged = len(app.session.staged)
    if staged:  # discarding ends the turn: melds staged and not laid down go back to the hand
        melds = "Your staged meld is" if staged == 1 else f"Your {staged} staged melds are"
        warnings.append(f"{melds} not laid down yet (Lay down puts {'it' if staged == 1 else 'them'} on the table)")
    risk = app.session.discard_risk(cards[0])
    if risk:
        warnings.append(risk)
    if warnings and app.session.discard_asked != cards[0]:
        app.session.discard_asked = cards[0]  # asked once this turn: the next Discard of it goes through
        app.note = Note(". ".join(warnings) + ". Tap Discard again to discard it anyway.", "error")
        return
    if app.play(Discard(cards[0])):
        app.focus = "status"


def on_new_meld(app: App, arg: str) -> None:
    positions, from_pile = selected_from_pile(app)
    cards = tuple(app.selected_cards()) + from_pile
    if not cards:
        app.note = Note("Select the cards for the new meld first.", "error")
        return
    naturals = {C.rank(c) for c in cards if not C.is_wild(c)}
    if len(naturals) > 1:
        app.note = Note("A meld is all one rank: select cards of one rank (wild cards can join).", "error")
        return
    rank = naturals.pop() if naturals else C.WILD_RANK
    team = app.game.teams[app.game.team_of(app.seat)]
    if app.minimum() > 0 and not team.opened:
        stage(app, Staged(cards, rank, positions, from_pile))
        return
    if from_pile:
        app.note = Note("Cards from the pile count only in a first meld made with the pickup.", "error")
        return
    open_meld = team.open_meld(rank) if app.game.rules.one_open_meld_per_rank else None
    play = MeldPlay(cards, meld=open_meld) if open_meld is not None else MeldPlay(cards, rank=rank)
    if app.play(Meld((play,))):
        app.focus = "hand"


def on_meld(app: App, arg: str) -> None:
    """Add the selected cards to one of the team's melds."""
    i = index_arg(arg, len(app.game.teams[app.game.team_of(app.seat)].melds))
    if i is None:
        return
    cards = tuple(app.selected_cards())
    if not cards:  # a tap on a chip with nothing selected reads it out: what "8 3 1w" means
        view = app.view()
        meld = next((m for m in view.teams[view.my_team].melds if m.index == i), None)
        if meld is None:
            return
        _short, words = meld_words(view, meld)
        app.note = Note(f"Your {words} ({labels(meld.cards)}). To add to it, select cards, then tap it.")
        return
    if app.play(Meld((MeldPlay(cards, meld=i),))):
        app.focus = "hand"


def on_staged(app: App, arg: str) -> None:
    """Add the selected cards to a staged meld."""
    i = index_arg(arg, len(app.staged))
    if i is None:
        return
    positions, from_pile = selected_from_pile(app)
    cards = tuple(app.selected_cards()) + from_pile
    if not cards:
        app.note = Note("Select cards first, then tap the staged meld to add them.", "error")
        return
    plays = list(app.staged)
    old = plays[i]
    plays[i] = replace(
        old, cards=old.cards + cards, pile=old.pile + positions, pile_cards=old.pile_cards + from_pile
    )
    restage(app, plays)


def on_unstage(app: App, arg: str) -> None:
    i = index_arg(arg, len(app.staged))
    if i is not None:
        del app.staged[i]
    elif not arg:
        app.staged = []
        app.pile_selected = []
    app.selected = []
    app.pile_selected = []
    app.note = None


def on_lay_down(app: App, arg: str) -> None:
    if not app.staged:
        app.note = Note("Stage a meld first: select cards and press New meld.", "error")
        return
    if app.game.phase == "draw" and app.human_to_act():
        app.note = Note("Draw first, or press Pick up pile to open with the pile.", "error")
        return
    if any(s.pile for s in app.staged):
        app.note = Note("Melds with cards from the pile go down with Pick up pile.", "error")
        return
    if app.play(Meld(tuple(MeldPlay(s.cards, rank=s.rank) for s in app.staged))):
        app.focus = "hand"


ASKED_TO_UNDO = "Asked the host to take back your melds of this turn."


def on_undo(app: App, arg: str) -> None:
    """Take back this turn's melds: the cards go back to the hand, what was drawn stays drawn (on a guest's phone,
    the host is asked to, and its next view shows it)."""
    if not app.human_to_act():
        app.note = Note(app.waiting_text(), "error")
        return
    problem = app.session.take_back_melds(app.seat)
    if problem:
        app.note = Note(problem, "error")
        return
    if app.session.remote:
        app.note = Note(ASKED_TO_UNDO)
        return
    # The moves' line says it ("You took back this turn's melds."): a note saying it again took three lines of a
    # phone's table and covered our melds just as the player looks at them again.
    app.note = None
    app.focus = "hand"


def on_ask(app: App, arg: str) -> None:
    app.play(AskGoOut())


def on_answer(app: App, arg: str) -> None:
    app.play(Answer(arg == "yes"))


def on_end_turn(app: App, arg: str) -> None:
    if app.play(EndTurn()):
        app.focus = "status"


def on_hint(app: App, arg: str) -> None:
    if not app.human_to_act():
        app.note = Note(app.waiting_text(), "error")
        return
    from engine.bots import hint

    decision = hint(app.view())
    show_hint(app, decision.action, advice(decision.why))


def show_hint(app: App, action: Action, why: str) -> None:
    """Say the hinted move and why, and select (or stage) its cards for Play it (Hard's hint, or Expert's
    from its worker: ``ui/browser/input.py``)."""
    text = describe_action(app.game, action, app.seat, app.seat).rstrip(".")
    app.note = Note(f"Hint: {text}" + (f": {why}." if why else "."), "hint")
    app.hint_action = action
    app.staged = []
    app.pile_selected = []
    app.selected = []
    match action:
        case Meld(plays=plays) if plays and app.minimum() > 0:
            app.staged = [Staged(p.cards, p.rank if p.rank is not None else C.WILD_RANK) for p in plays]
        case Meld(plays=plays) if plays:
            app.selected = app._positions(plays[0].cards)
        case PickUp(melds=plays) if plays:
            app.staged = staged_pickup(app, plays)
        case Discard(card=card):
            app.selected = app._positions((card,))
        case _:
            pass


def on_play_hint(app: App, arg: str) -> None:
    """Play the hinted move as it was suggested (if the position is still the same)."""
    action = app.hint_action
    if action is None or not app.human_to_act():
        return
    if app.game.check(action) is not None:
        app.hint_action = None
        app.note = Note("That hint no longer fits the table: ask for a new one.", "error")
        return
    if app.play(action):
        app.focus = "status" if isinstance(action, (Discard, EndTurn)) else "hand"


def on_next_round(app: App, arg: str) -> None:
    if app.game.phase == "game_over":
        app.new_game()
        return
    try:
        app.apply_action(NextRound(), app.seat)
    except RuleViolation as err:
        app.note = Note(str(err), "error")
        return
    app.screen = "table"
    app.note = None
    app.lines = []
    app.why = None
    app.expanded = set()


def on_see_scores(app: App, arg: str) -> None:
    """Leave the play that went out, on the table, for the round's scores."""
    app.session.see_scores()


def on_replay(app: App, arg: str) -> None:
    """Deal the round just played again: the same cards, from its start."""
    history = app.game.history
    starts = [i for i, text in enumerate(history) if text == "next"]
    keep = history[: starts[-1] + 1] if starts else []
    game = replay(rules_to_dict(app.game.rules), app.game.deal_number, keep)
    app.set_game(game)
    app.dirty = True
    app.note = Note(f"Round {game.round_index + 1} dealt again: the same cards as before.")


def on_show_hands(app: App, arg: str) -> None:
    if app.game.phase in ("round_over", "game_over"):
        app.screen = "hands"


def register(taps: Taps[App]) -> None:
    """This feature's taps."""
    taps.add("card", on_card)
    taps.add("clear", on_clear)
    taps.add("pile-card", on_pile_card)
    taps.add("draw", on_draw)
    taps.add("pickup", on_pickup)
    taps.add("discard", on_discard)
    taps.add("new-meld", on_new_meld)
    taps.add("meld", on_meld)
    taps.add("staged", on_staged)
    taps.add("unstage", on_unstage)
    taps.add("lay-down", on_lay_down)
    taps.add("undo", on_undo)
    taps.add("ask", on_ask)
    taps.add("answer", on_answer)
    taps.add("end-turn", on_end_turn)
    taps.add("hint", on_hint)
    taps.add("play-hint", on_play_hint)
    taps.add("next-round", on_next_round)
    taps.add("see-scores", on_see_scores)
    taps.add("replay", on_replay)
    taps.add("show-hands", on_show_hands)


def acts() -> frozenset[str]:
    """Every act this feature registers."""
    table: Taps[App] = Taps()
    register(table)
    return table.acts()
