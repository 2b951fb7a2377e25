"""The game on the table: a session for any set of people's seats, shown from one of them.

Pure Python.  A ``Session`` holds the game, the computer players of the other seats, the seats
people play (``humans``) and the seat shown (``seat``: whose hand, selection and taps these are), the
selection and the staged first melds, the recent moves and the computers' fresh marks, this turn's
start (for Undo), and the save.  It knows nothing of screens, settings or stored records: the app
holds it and hands it to the table's view (``ui/table/board.py``, ``dock.py``, ``sheets.py``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine import cards as C
from engine.actions import Action, Answer, Discard, Draw, EndTurn, PickUp
from engine.checks import pile_under
from engine.errors import LoadError, RuleViolation
from engine.events import Discarded, Melded
from engine.melds import meld_value
from engine.moves import legal_actions, meld_targets, outline_cards, pickup_blocked
from engine.seats import next_seat
from engine.serialize import parse_json, to_dict
from engine.state import Game
from engine.takeback import take_back, takeback_problem
from engine.views import View, view_for
from ui import saves
from ui.seating.model import ALONE, Seating
from ui.sides import SOUTH
from ui.table.moves import MAX_LINES, MAX_LINES_TEXT, Line
from ui.table.narrate import describe_entry, going_out_turn, short_entry, turn_brief, went_out_text, who
from ui.table.order import arranged, moved, moved_positions, own_order_data, read_own_order
from ui.table.recent import Recent
from ui.table.staging import Staged, read_staged, staged_data

if TYPE_CHECKING:
    from engine.bots import Bot


ROUND_OVER = ("round_over", "game_over")
ENDING_SECONDS = {"relaxed": 6.0, "normal": 4.0, "quick": 2.5}
"""How long the play that went out stays on the table before the scores open, by Settings → Speed
(a tap opens them sooner; the same with Reduced motion, which only stills the highlight)."""


def _nothing() -> None:
    """The default ``on_move``: a session on its own has nobody to tell."""


def stand_in(text: str, name: str) -> str:
    """A move told as a computer's made for ``name`` while their phone is away ("Dee (a computer for now)
    drew two cards."), so nobody takes it for theirs."""
    return f"{name} (a computer for now){text[len(name):]}" if text.startswith(name + " ") else text


class Session:
    """One game on the table, for the people in ``humans``, shown from ``seat``."""

    remote = False
    """True on a guest's phone, whose moves go to the host's game (``ui.remote.shadow.GuestSession``)."""

    def __init__(
        self,
        game: Game,
        level: Callable[[], str],
        *,
        humans: frozenset[int] = frozenset({SOUTH}),
        seat: int = SOUTH,
        on_move: Callable[[], None] = _nothing,
        seating: Seating | None = None,
        order: Callable[[], str] = lambda: "rank",
    ) -> None:
        seating = seating or Seating(tuple((s, "") for s in sorted(humans)))
        if seat not in seating.humans:
            raise ValueError(f"the seat shown ({seat}) must be one of the people's seats {sorted(seating.humans)}")
        self.seating = seating  # who sits where: the people (with their names); computers take the other seats
        self.humans = seating.humans  # the seats people play
        self.before = seating  # who sat where in the game this one replaced (``seating_for``)
        self.seat = seat  # the seat the table is shown from (whose hand, selection and taps these are)
        self.passing: int | None = None  # the person the device is to be passed to: until they take it, no hand shows
        self.hidden = False  # a device passed round while a guest plays on their own phone: no hand shows here
        self.taken_in: int | None = None  # the round in which the device was last taken from a pass screen
        self.level = level  # the computer players' level in this game (asked when a bot is made)
        self.order = order  # the hand order chosen in Settings (ui/table/order.py)
        self.own_order: list[int] | None = None  # the player's own order after a drag, until they sort again
        self.on_move = on_move  # called after every move applied (the app counts finished games there)
        self.game = game
        self.bots: dict[int, Bot] = {}
        self.selected: list[int] = []
        self.staged: list[Staged] = []
        self.pile_selected: list[int] = []  # positions in pile_preview() selected for a staged meld
        self.recent = Recent()  # the recent moves in words, the open "Why?", the computers' fresh marks
        self.expanded: set[int] = set()  # the teams whose melds are shown card by card
        self.question_closed = False  # the partner's question was put aside with Escape
        self.hint_action: Action | None = None  # the hinted move, for "Play it"
        self.discard_asked: int | None = None  # the risky card whose discard was asked about this turn
        self.drawn: Counter[int] = Counter()  # the cards the shown seat drew or took from the pile this turn
        self.turn_start: Game | None = None  # the game right after the shown seat's draw this turn (for Undo)
        self.undo_known: tuple[int, int, bool] | None = None  # (round, moves, can undo) last worked out
        self.dirty = False  # the game changed since it was last saved
        self.save_seq = 0  # the number of the last save (see ui.saves)
        self.engine_problems: list[str] = []
        self.ending = False  # the play that went out is on the table before the round's scores open
        # Whether a round's end holds the table on that play: the browser's runner, which ends the hold,
        # turns it on; without it (the UI-logic tests) the scores open at once.
        self.hold_ending = False
        self.away: set[int] = set()  # guests' seats a computer plays until they are back (``ui.remote``)

    # ----- the game ------------------------------------------------------------------

    def set_game(self, game: Game) -> None:
        """Put ``game`` on the table with nothing selected, staged or highlighted."""
        self.before = self.seating
        self.game = game
        if any(seat >= game.n for seat in self.humans):  # a smaller table: one person again, at South
            self.seating, self.humans, self.seat = ALONE, ALONE.humans, SOUTH
        self.away &= set(self.seating.guests)
        self.forget_bots()
        self.selected = []
        self.staged = []
        self.pile_selected = []
        self.own_order = None
        self.recent.clear()
        self.expanded = set()
        self.question_closed = False
        self.hint_action = None
        self.discard_asked = None
        self.drawn = Counter()
        self.turn_start = None
        self.undo_known = None
        self.passing = None
        self.hidden = False
        self.taken_in = None
        self.ending = False
        self.check_pass(fresh=True)

    def seat_people(self, seating: Seating, shown: int | None = None) -> None:
        """Seat these people (the game on the table goes on); the table is shown from ``shown``, else
        from the first of them, and in a game played together the device goes to whoever is to act."""
        self.before = self.seating
        same = [s for s in self.bots if s not in seating.humans and seating.level(s) == self.seating.level(s)]
        kept = {s: self.bots[s] for s in same}  # a computer that keeps its seat and level keeps its player
        self.seating, self.humans = seating, seating.humans
        self.seat = shown if shown in seating.humans else seating.people[0][0]
        self.bots = kept
        self.away &= set(seating.guests)
        self.passing, self.hidden = None, False
        self.check_pass(fresh=True)

    # ----- passing the device (several people at one table) -----------------------------

    def names(self) -> list[str]:
        """Every seat's name: its person's, else its compass name."""
        return [self.seating.name(s, self.game.n) for s in range(self.game.n)]

    def check_pass(self, fresh: bool = False) -> None:
        """In a game played together, ask for the device to go to the person now to act when it is not the
        one shown (``fresh``: a game just put on the table goes to its first person even then), and to the
        first person to play in a round even when the device was last theirs: between rounds it lay open
        at the scores. While computers play, it is asked for at once by the person who plays here next
        (``upcoming_person``), so no hand stays on screen once its person's turn is over.

        While a guest plays on a phone of their own, this device shows no hand (``hidden``: it may lie on
        the table for a while), and it is passed again to whoever plays on it next, even to the person
        it showed before."""
        seat = self.game.to_act
        if not self.seating.passed or seat is None:
            self.hidden = False
            self.passing = None  # the round is over: the play that went out, then the scores, for everyone
            return
        if seat not in self.humans:
            # A computer plays. When the device is to go to someone else next, it asks for that at once: the
            # person who just played hands it on straight after their discard, while the computers play.
            upcoming = self.upcoming_person()
            if upcoming is not None and self._asked_for(upcoming, fresh):
                self.passing = upcoming
            return
        if seat in self.seating.guests:
            self.hidden = True  # a guest plays on a device of their own: this one is not passed to them
            return
        if self.hidden or self._asked_for(seat, fresh):
            self.passing = seat
        self.hidden = False

    def _asked_for(self, person: int, fresh: bool) -> bool:
        """Whether the device is to be asked for by ``person``: it shows someone else, or a game was just put on the
        table (``fresh``), or nobody has taken it yet this round."""
        return person != self.seat or fresh or self.taken_in != self.game.round_index

    def upcoming_person(self) -> int | None:
        """The person at this device who plays next while a computer is to act: the one whose question a computer
        answers, else the first person after the seat whose turn it is, in turn order (a guest plays on a phone
        of their own and is skipped); None when nobody plays here."""
        game = self.game
        here = self.seating.here
        if game.turn in here and game.to_act != game.turn:
            return game.turn  # a computer answers a person's "May I go out?": the answer comes back to them
        seat = game.turn
        for _ in range(game.n):
            seat = next_seat(seat, game.n)
            if seat in here:
                return seat
        return None

    def take_device(self) -> None:
        """The person the device was passed to has it: the table is shown from their seat."""
        if self.passing is None:
            return
        same = self.passing == self.seat  # back to the one it showed (a reload mid-turn): their staged melds stay
        self.seat, self.passing = self.passing, None
        self.taken_in = self.game.round_index
        if not same:
            self.drawn = Counter()
            self.selected, self.staged, self.pile_selected = [], [], []
        self.hint_action, self.recent.why, self.question_closed = None, None, False

    def narrator(self) -> tuple[int, list[str] | None]:
        """(the seat told as 'You', the seats' names) for the moves in words: in a game passed round this device
        nobody is 'You' (the device changes hands); wherever several people play, they go by their names."""
        if self.seating.passed:
            return -1, self.names()
        return self.seat, self.names() if self.seating.together else None

    def tellings(self, say: Callable[[int, list[str]], str]) -> tuple[str, ...]:
        """A line as each seat's own table tells it (``say(seat told as 'You', names)``), while people play on
        their own devices; () otherwise."""
        if not self.seating.guests:
            return ()
        names = self.names()
        return tuple(say(seat, names) for seat in range(self.game.n))

    def resumed(self, seq: int = 0) -> None:
        """A saved game was just put back on the table: lines count from one, saves after ``seq``."""
        self.recent.restart()
        self.save_seq = max(self.save_seq, seq)

    def retell(self) -> None:
        """A game put back without its recent moves (a kept game): this round's moves told again from the game's
        own log, one line each (a computer's reasons were not kept with it, so they have no "Why?")."""
        self.recent.clear()
        me, names = self.narrator()
        for entry in self.game.log[-MAX_LINES:]:
            text = describe_entry(self.game, entry, me, names)
            if text:
                short = short_entry(self.game, entry) if entry.seat is not None else None
                self.recent.add_line(entry.seat, text, short=short or "")

    def forget_bots(self) -> None:
        """Forget the computer players: each is made when its seat first acts (``bot``)."""
        self.bots = {}

    def bot(self, seat: int) -> Bot:
        """The computer player in ``seat``, made on first use from its level (the one chosen for the seat, else
        the game's) and the deal number.

        Made late, so the computer players' code is imported only when the table is already up
        (``ui/browser/start.py`` calls ``load_players`` once the page is ready); a bot made late decides
        exactly as one made at the deal, since it is seeded from (deal, seat, level) alone.
        """
        if seat not in self.bots:
            from engine.bots import make_bot

            self.bots[seat] = make_bot(self.seating.level(seat) or self.level(), seat, self.game.deal_number)
        return self.bots[seat]

    def save_data(self) -> str:
        """The saved game as JSON text."""
        return json.dumps(to_dict(self.game), separators=(",", ":"))

    def next_save(self) -> str:
        """Take the save of the game as it is now (numbered one after the last) and clear ``dirty``."""
        self.save_seq += 1
        self.dirty = False
        shown = self.passing if self.passing is not None else self.seat
        return saves.dump(self.game, self.save_seq, self.seating, shown)

    def seating_for(self, game: Game) -> Seating:
        """Who sat where in ``game``: the game on the table, or the one it just replaced."""
        return self.seating if game is self.game else self.before

    # ----- what the table shows ------------------------------------------------------

    def view(self) -> View:
        """What the seat shown may see now."""
        return view_for(self.game, self.seat, self.names())

    def shown_hand(self) -> list[int]:
        """The shown seat's hand without the staged cards, in the hand's order (``ui/table/order.py``)."""
        left = arranged(self.view().hand, self.order(), self.own_order)
        for staged in self.staged:
            for c in staged.hand_cards():
                left.remove(c)
        return left

    def move_card(self, source: int, target: int) -> bool:
        """Put the card at ``source`` of the shown hand at ``target`` (a drag within the hand): the hand
        keeps this order, newly drawn cards after it, until the player sorts again; the selected cards
        stay selected.  False when either position is not in the hand."""
        hand = self.shown_hand()
        if not (0 <= source < len(hand) and 0 <= target < len(hand)) or source == target:
            return False
        staged = [c for s in self.staged for c in s.hand_cards()]
        self.own_order = moved(hand, source, target) + staged
        self.selected = moved_positions(self.selected, source, target)
        self.dirty = True  # saved, with the recent moves beside it, so the order outlives a reload
        return True

    def sort_hand(self) -> None:
        """Back to the order chosen in Settings (the selection follows its cards)."""
        chosen = self.selected_cards()
        self.dirty = self.dirty or self.own_order is not None  # the order kept beside the save goes too
        self.own_order = None
        self.selected = self.positions(tuple(chosen))

    def pile_preview(self) -> list[int]:
        """The cards under the pile's top that the shown seat could meld with a pickup now, toward the first meld.

        Empty unless the rules count them (000, ``pickup_minimum="with_pile"``), that seat is to draw, the
        side has not melded and it holds what takes the pile (``engine.checks.pile_under``)."""
        game = self.game
        if not self.human_to_act() or game.phase != "draw" or game.rules.pickup == "none" or self.pickup_problem():
            return []
        return pile_under(game.rules, game.pile, game.teams[game.team_of(self.seat)].opened)

    def pile_free(self) -> list[int]:
        """Positions in ``pile_preview()`` not yet in a staged meld."""
        used = {i for s in self.staged for i in s.pile}
        return [i for i in range(len(self.pile_preview())) if i not in used]

    def selected_cards(self) -> list[int]:
        hand = self.shown_hand()
        return [hand[i] for i in self.selected if 0 <= i < len(hand)]

    def positions(self, cards: tuple[int, ...]) -> list[int]:
        """The positions in the shown hand of these cards (for selecting a hint's cards)."""
        need = Counter(cards)
        out = []
        for i, c in enumerate(self.shown_hand()):
            if need[c] > 0:
                need[c] -= 1
                out.append(i)
        return out

    def human_to_act(self) -> bool:
        return self.game.to_act == self.seat and self.passing is None

    def cut_off(self) -> str:
        """Why this table can't play now though it is its turn ('' when it can): a guest's link to the host is
        down (``ui.remote.shadow``)."""
        return ""

    def stood_in(self) -> frozenset[int]:
        """The guests' seats a computer plays for now, their phones being away (their rows say so)."""
        return frozenset(self.away)

    def bot_to_act(self) -> bool:
        """True when a computer player has a decision to make."""
        seat = self.game.to_act
        return seat is not None and (seat not in self.humans or seat in self.away)

    def by_computer(self, line: Line) -> bool:
        """True when ``line`` tells a computer player's move (its "Why?" may be asked)."""
        return line.seat is not None and line.seat not in self.humans

    def meldable(self) -> set[int]:
        """Cards of the shown seat's hand that some meld could use now, or after the draw (for outlining),
        worked out from the cards left once the staged ones are set aside: a pair whose only wild card is
        staged is no meld any more; a card of a staged meld's rank still is (it can join that meld)."""
        if not self.human_to_act():
            return set()
        if not self.staged:
            return outline_cards(self.game, self.seat)
        game = self.game.copy()
        hand = game.players[self.seat].hand
        for staged in self.staged:
            for c in staged.hand_cards():
                hand.remove(c)
        out = outline_cards(game, self.seat)
        ranks = {s.rank for s in self.staged if s.rank != C.WILD_RANK}
        return out | {c for c in hand if not C.is_wild(c) and C.rank(c) in ranks}

    def new_cards(self) -> Counter[int]:
        """The cards the shown seat drew or took from the pile this turn, still in the hand (marked there
        until the turn ends)."""
        if not self.human_to_act() or self.game.phase != "play":
            return Counter()
        return self.drawn & Counter(self.shown_hand())

    def pickup_problem(self) -> str:
        """Why the shown seat can't take the pile this turn (the pile itself, or no pair for it), or ''."""
        if not self.human_to_act() or self.game.phase != "draw":
            return ""
        err = pickup_blocked(self.game)
        return str(err) if err is not None else ""

    def targets(self) -> set[int]:
        """Indices of the team's melds the selected cards could go on now."""
        cards = tuple(self.selected_cards())
        if not cards or not self.human_to_act() or self.game.phase != "play":
            return set()
        return set(meld_targets(self.game, cards))

    def discard_risk(self, card: int) -> str:
        """Why discarding ``card`` may be a slip worth a second tap ('' when it is not): a wild card, or a card
        one of our melds could take now.  A last card, the one that goes out, is never asked about."""
        game = self.game
        if not self.human_to_act() or game.phase != "play" or len(game.players[self.seat].hand) <= 1:
            return ""
        if C.is_wild(card):
            return f"The {C.name(card)} is a wild card"
        targets = meld_targets(game, (card,))
        if not targets:
            return ""
        rank = game.teams[game.team_of(self.seat)].melds[targets[0]].rank
        return f"The {C.name(card)} fits your meld of {C.rank_name(rank, game.rules.deck == 'rook', plural=True)}"

    def discard_waits(self) -> bool:
        """True when the one card selected is a risky discard not yet asked about (Discard isn't the obvious
        next tap then)."""
        cards = self.selected_cards()
        return len(cards) == 1 and cards[0] != self.discard_asked and bool(self.discard_risk(cards[0]))

    def can_end_turn(self) -> bool:
        """True when the shown seat may end the turn without a discard (after some pickups, or stranded)."""
        return self.human_to_act() and self.game.is_legal(EndTurn())

    def can_undo(self) -> bool:
        """True when the shown seat may take back this turn's melds now (``engine.takeback``; worked out once a
        move)."""
        if not self.human_to_act() or self.game.phase != "play":
            return False
        key = (self.game.round_index, len(self.game.history))
        if self.undo_known is None or self.undo_known[:2] != key:
            self.undo_known = (*key, takeback_problem(self.game, self.turn_start) is None)
        return self.undo_known[2]

    def staged_total(self) -> int:
        return meld_value(self.game.rules, [c for s in self.staged for c in s.cards])

    def value(self, cards: tuple[int, ...]) -> int:
        """The cards' points under the game's rules."""
        return meld_value(self.game.rules, cards)

    def minimum(self) -> int:
        return self.game.minimum(self.game.team_of(self.seat))

    def waiting_text(self) -> str:
        seat = self.game.to_act
        if seat is None:
            return "The round is over."
        me, names = self.narrator()
        return f"Wait for your turn: {who(seat, me, self.game.n, names)} is playing."

    # ----- moves ---------------------------------------------------------------------

    def play(self, action: Action) -> str:
        """Apply the shown seat's action: '' once done, else the sentence saying why not (nothing changed)."""
        if self.passing is not None:
            return f"Pass the device to {self.names()[self.passing]} first."
        if not self.human_to_act():
            return self.waiting_text()
        held = Counter(self.game.players[self.seat].hand)
        try:
            self.apply_action(action, self.seat)
        except RuleViolation as err:
            return str(err)
        if isinstance(action, (Draw, PickUp)):
            self.turn_start = self.game.copy()
            hand = self.game.players[self.seat].hand
            new = Counter(hand) - held
            # A foot or knee taken up is a whole new hand: nothing in it stands out as just drawn.
            self.drawn = new if new.total() < len(hand) else Counter()
        elif not self.human_to_act() or self.game.phase != "play":
            self.drawn = Counter()
        self.discard_asked = None
        self.selected = []
        self.staged = []
        self.pile_selected = []
        self.hint_action = None
        self.question_closed = False
        return ""

    def take_back_melds(self, seat: int, start: Game | None = None) -> str:
        """Take back ``seat``'s melds of this turn (``engine.takeback``): '' once done, else the sentence saying why
        not (nothing changed).  ``start``: the game right after that seat's draw, if kept (the shown seat's is)."""
        if seat == self.seat:
            start = self.turn_start
        try:
            game = take_back(self.game, start)
        except RuleViolation as err:
            return str(err)
        self.game = game
        if seat == self.seat:
            self.turn_start = game.copy()
            self.selected, self.staged, self.pile_selected, self.hint_action = [], [], [], None
        self.undo_known = None
        self.dirty = True
        me, names = self.narrator()
        text = f"{who(seat, me, game.n, names)} took back this turn's melds."
        told = self.tellings(lambda you, people: f"{who(seat, you, game.n, people)} took back this turn's melds.")
        self.recent.add_line(seat, text, "", "took back melds", told=told)
        return ""

    def bot_step(self) -> Line | None:
        """Let the computer player whose turn it is make one decision."""
        seat = self.game.to_act
        if seat is None or (seat in self.humans and seat not in self.away):
            return None
        view = view_for(self.game, seat, self.names())
        bot = self.bot(seat)
        decision = bot.answer(view) if self.game.phase == "answer" else bot.decide(view)
        action, reason, full = decision.action, decision.public_reason, decision.reason
        if self.game.check(action) is not None:
            # A computer player chose an illegal move (an engine bug): fall back to a legal one.
            err = self.game.check(action)
            self.engine_problems.append(f"{bot.level} bot seat {seat}: {action!r}: {err}")
            action = self._fallback()
            reason = full = "It played a safe move."
        return self.apply_action(action, seat, reason, full)

    def _fallback(self) -> Action:
        actions = legal_actions(self.game)
        for kind in (Answer, Draw, Discard, EndTurn):
            for action in actions:
                if isinstance(action, kind):
                    return action
        return actions[0]

    def apply_action(self, action: Action, seat: int, reason: str = "", full: str = "") -> Line | None:
        """Apply a move; a computer's carries its reason (``reason`` the public one, ``full`` the whole)."""
        before_round = self.game.round_index
        was_live = self.game.phase not in ROUND_OVER
        before = len(self.game.log)
        sizes = [[len(m.cards) for m in t.melds] for t in self.game.teams]
        reds = [len(t.red_threes) for t in self.game.teams]
        pile = len(self.game.pile)
        self.game.apply(action)
        self.dirty = True
        self.on_move()
        self.check_pass(fresh=self.game.round_index != before_round)
        self.ending = False
        if self.game.round_index != before_round:
            return None
        if seat not in self.humans or seat in self.away:
            self.recent.mark_fresh(self.game, sizes, reds, pile, isinstance(action, Discard))
        if was_live and self.game.went_out is not None and self.hold_ending:
            self.show_going_out()
        entries = self.game.log[before:]
        me, names = self.narrator()
        texts = [t for t in (describe_entry(self.game, e, me, names) for e in entries) if t]
        if not texts:
            return None
        shorts = [t for t in (short_entry(self.game, e) for e in entries if e.seat == seat) if t]
        away = seat in self.away
        if away:  # a guest's phone is away: the move is a computer's, not theirs
            texts = [stand_in(t, self.names()[seat]) for t in texts]

        def telling(you: int, people: list[str]) -> str:
            said = " ".join(t for t in (describe_entry(self.game, e, you, people) for e in entries) if t)
            if away and you == seat and said.startswith("You "):  # its phone was away: not a move of theirs
                return "A computer played for you: y" + said[1:]
            return stand_in(said, people[seat]) if away else said

        told = self.tellings(telling)
        return self.recent.add_line(seat, " ".join(texts), reason, " · ".join(shorts), full, told)

    def turn_text(self, seat: int, limit: int = 72) -> str:
        """``seat``'s whole turn so far for the status line: its moves' sentences (the draw left out once more
        follows) when they fit in ``limit`` characters, else the turn in brief ('West took the pile (8 cards)
        · melded 9s, 7s · discarded 4♣')."""
        lines: list[Line] = []
        for line in reversed(self.recent.lines):
            if line.seat != seat:
                break
            lines.insert(0, line)
            if line.short.startswith(("drew", "took pile")):
                break
        if len(lines) > 1 and lines[0].short.startswith("drew"):
            del lines[0]
        said = " ".join(line.text for line in lines)
        if len(said) <= limit:
            return said
        me, names = self.narrator()
        brief = turn_brief(self.game, seat, me, names)
        if brief:
            return brief
        # A guest's table has no log: the turn in brief from its moves' few words ('East melded 4 cards ·
        # discarded K♣').
        parts = [text for text, _minor in self.recent.seat_turn_parts(seat)]
        return f"{who(seat, me, self.game.n, names)} {' · '.join(parts)}" if parts else lines[-1].text

    # ----- the round's end: the play that went out, on the table -------------------------

    def show_going_out(self) -> None:
        """Hold the table on the play that went out (its melds highlighted, the pile's new top) before the
        round's scores open: until the player taps on, or ``ENDING_SECONDS`` pass in the browser."""
        self.ending = True
        self.selected, self.staged, self.pile_selected, self.hint_action = [], [], [], None
        self.recent.clear_fresh()
        entries = going_out_turn(self.game)
        started: set[int] = set()  # the melds this turn started: each new one is the newest of its rank left
        for entry in entries:
            if isinstance(entry, Discarded):
                self.recent.landed = True
            if not isinstance(entry, Melded):
                continue
            team = self.game.team_of(entry.seat)
            melds = self.game.teams[team].melds
            index = entry.meld
            if index is None:
                found = [i for i, m in enumerate(melds) if m.rank == entry.rank and i not in started]
                index = found[-1] if found else None
                if index is not None:
                    started.add(index)
            if index is not None and index < len(melds):
                added = self.recent.fresh.get((team, index), 0) + len(entry.cards)
                self.recent.fresh[(team, index)] = min(added, len(melds[index].cards))

    def going_out_text(self) -> str:
        """The play that went out, in one line ('' when nobody went out)."""
        me, names = self.narrator()
        return went_out_text(self.game, me, names)

    def see_scores(self) -> None:
        """Leave the play that went out for the round's scores."""
        self.ending = False
        self.recent.clear_fresh()

    # ----- the recent moves ----------------------------------------------------------

    def why_text(self, line: Line) -> str:
        """A line's "Why?" as the table may show it now: naming no hidden card while the round is live."""
        return line.why(self.game.phase not in ("round_over", "game_over"))

    def lines_data(self) -> str:
        """The recent moves as JSON text, tied to this game's deal and move count (kept with the save), with
        the player's own hand order when they dragged cards."""
        kept = own_order_data(self.own_order, self.seat) or {}
        staged = staged_data(self.staged)
        if staged:
            kept = {**kept, "staged": staged, "staged_seat": self.seat}
        return self.recent.data(self.game, kept)

    def restore_lines(self, text: str | None) -> bool:
        """Bring back the recent moves saved with ``lines_data`` if they belong to the game on screen, and
        the player's own hand order with them (a damaged order is left out: the hand shows sorted)."""
        if not self.recent.restore(text, self.game):
            return False
        try:
            data = parse_json(text or "", "recent moves", MAX_LINES_TEXT)
        except LoadError:
            return True
        self.own_order = read_own_order(data, self.seat)
        if isinstance(data, dict) and type(data.get("staged_seat")) is int and data["staged_seat"] == self.seat:
            self.staged = read_staged(data.get("staged"), self.game, self.seat, self.pile_preview())
        return True
