"""A game at the table, in plain Python: the learner's seat, the bots and their pace, the clicks that
make a move, take-back, hints, the review, saving and loading.

The play table (:class:`plateau_lab.ui.table.PlayTable`) is a view over a session: it draws what
the session says and passes the learner's clicks on. The session imports no widget library, so
everything a learner can do at the table is tested here without one, and any other front end (a
shared table on a server, a hot-seat screen) can sit on the same session::

    >>> session = TableSession(game_spec("syndicate").new_game(3, seed=7), delay=0)
    >>> session.legal_targets()[:2]
    ['card Ace of Leaves', 'card Battle']
    >>> session.click("card Battle")              # a lead may take a face-down card too
    >>> [session.spec.words(action) for action in session.buttons()]
    ['lead Battle with no face-down card']
    >>> session.play(session.buttons()[0])
    >>> str(session.state.history[0]), session.note
    ('lead Battle', None)
    >>> session.undo()
    >>> len(session.state.history), session.note.text
    (0, 'Taken back: it is your move again.')
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import Deal, GameState, IllegalAction, ParseError, check_seat, game_spec, load_json
from ..lab.bots import bot_names, make_bot
from ..lab.expert import analyse
from .reports import review_html

__all__ = ["DEFAULT_DELAY", "HINT_BOTS", "REVIEW_PLAYOUTS", "Note", "Summary", "TableSession", "sentence"]

#: The bot a hint asks, in order of preference among the bots a game registers.
HINT_BOTS = ("expert", "heuristic")
#: The pause, in seconds, before each bot move.
DEFAULT_DELAY = 0.6
#: The playouts per decision of the review at the game's end: a quick review of a whole game.
REVIEW_PLAYOUTS = 40


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop.

    >>> sentence("the round is over")
    'The round is over.'
    """
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?", "…")) else ".")


@dataclass(frozen=True)
class Note:
    """What the table says to the learner after a click: a sentence, and whether it is a refusal."""

    text: str
    error: bool = False


@dataclass(frozen=True)
class Summary:
    """The pause at the end of a round or hand, or of the game: a headline, what just happened, the
    scores, and what the Next button does."""

    head: str
    lines: tuple[str, ...]
    scores: tuple[int, ...]
    next_label: str


class TableSession:
    """One seat of a game played against bots (see the module docstring).

    ``state`` is the game to sit down at; ``seat`` the learner's; ``bots`` maps the other seats to
    bot names (:func:`plateau_lab.lab.bots.bot_names`; the heuristic bot by default); ``delay``
    the pause in seconds before each bot move (0: at once; bots also move at once where no event
    loop runs); ``on_change()`` is called after every change a bot's move makes on its own.
    """

    def __init__(self, state: GameState, *, seat: int = 0, bots: Mapping[int, str] | None = None,
                 delay: float = DEFAULT_DELAY, on_change: Callable[[], Any] | None = None):
        if isinstance(delay, bool) or not isinstance(delay, int | float) or not 0 <= delay <= 10:
            raise ValueError(f"delay is a number of seconds from 0 to 10, not {delay!r}")
        self.delay = delay
        self.on_change = on_change
        self._timer: asyncio.TimerHandle | None = None
        self.seat = seat
        self.start(state, seat=seat, bots=bots)

    # ---------------------------------------------------------------- starting a game

    def start(self, state: GameState, *, seat: int | None = None, bots: Mapping[int, str] | None = None) -> None:
        """Sit down at ``state`` in ``seat`` (the same seat by default) with ``bots`` (seat -> bot name)."""
        spec = game_spec(state.setup.game)
        seat = check_seat(self.seat if seat is None else seat, state.players)
        chosen = {other: "heuristic" for other in range(state.players) if other != seat}
        chosen.update(bots or {})
        names = bot_names(spec.name)
        unknown = {other: name for other, name in chosen.items() if name not in names}
        if unknown or set(chosen) != set(range(state.players)) - {seat}:
            raise ValueError(f"bots are named per seat other than {seat} (seats 0 to {state.players - 1}), among "
                             f"{', '.join(names)}; got {dict(bots or {})}")
        self._cancel_timer()
        self.spec, self.view, self.seat = spec, spec.table_view(), seat
        self.bot_names = chosen
        self.bots = {other: make_bot(spec.name, name, state.setup.seed + other) for other, name in chosen.items()}
        self.state: GameState = state
        #: The state before the last move (for the marks of the last move), or None.
        self.before: GameState | None = None
        #: The state before each of the learner's decisions, the last one last: what take-back returns to.
        self.decisions: list[GameState] = []
        # The state before each decision's state, so that a take-back shows the same marks again.
        self._marks_at: dict[int, GameState | None] = {}
        #: The targets clicked so far of a move that takes several clicks (a Wimmüln cross).
        self.picked: tuple[str, ...] = ()
        self._acknowledged: GameState | None = None
        self._hint: tuple[str, ...] = ()
        self.note: Note | None = None
        self._continue()

    def new_game(self, players: int | None = None, *, seat: int | None = None, bots: Mapping[int, str] | None = None,
                 seed: int | None = None) -> None:
        """Start a new game of the same kind and options (a fresh seed unless ``seed`` is given)."""
        players = self.state.players if players is None else players
        state = self.spec.new_game(players, seed=seed, **self.state.setup.variant)
        seat = self.seat if seat is None else seat
        if bots is None and players == self.state.players and seat == self.seat:
            bots = self.bot_names
        self.start(state, seat=seat, bots=bots)

    # ---------------------------------------------------------------- the learner's moves

    def play(self, action: Any) -> None:
        """Play ``action`` (an action or its text) for the learner; an illegal one is explained."""
        state = self.state
        if not self.my_turn():
            self.note = Note(self.waiting_text())
            return
        try:
            after = state.apply(action)
        except IllegalAction as err:
            self.note = Note(f"Not allowed ({err.rule}): {sentence(err.reason)}", error=True)
            self.picked = ()
            return
        except ParseError as err:
            self.note = Note(sentence(str(err)), error=True)
            return
        self.decisions.append(state)
        self._marks_at[len(self.decisions)] = self.before
        self.note = None
        self._moved(after)
        self._continue()

    def click(self, name: str) -> None:
        """A click on the target ``name`` of the picture: a move once its clicks are complete, the
        next step of a move that takes several clicks, or a sentence saying why not."""
        if not self.my_turn():
            self.note = Note(self.waiting_text())
            return
        if name in self.picked:
            self.picked = ()
            return
        clicks = self.picked + (name,)
        legal = self.state.legal_actions()
        complete = [action for action in legal if self.view.clicks(action) == clicks]
        longer = [action for action in legal if self.view.clicks(action)[:len(clicks)] == clicks
                  and len(self.view.clicks(action)) > len(clicks)]
        if longer:
            self.picked = clicks
            self.note = Note("Now click " + self._click_choices() + ".")
        elif complete:
            self.picked = ()
            self.play(complete[0])
        else:
            attempt = self._attempt(clicks, legal)
            self.picked = ()
            if attempt is None:
                self.note = Note(f"That is not a move now: {self.prompt()}", error=True)
            else:
                self.play(attempt)

    def put_back(self) -> None:
        """Put back the targets picked so far of a move that takes several clicks."""
        self.picked = ()

    def undo(self) -> None:
        """Take back: return to the learner's previous decision (the bots' moves since are undone too)."""
        if not self.decisions:
            return
        self._cancel_timer()
        self.before = self._marks_at.pop(len(self.decisions), None)
        self.state = self.decisions.pop()
        self._acknowledged = None
        self.note = Note("Taken back: it is your move again.")
        self.picked = ()

    def hint(self) -> None:
        """What the best bot the game registers would play for the learner now, and why."""
        state = self.state
        if not self.my_turn():
            self.note = Note(self.waiting_text())
            return
        name = next(name for name in (*HINT_BOTS, "random") if name in bot_names(self.spec.name))
        if name == "expert":
            best = analyse(state, self.seat, seed=state.setup.seed).best
            action, reason = best.action, best.reason
        else:
            action = make_bot(self.spec.name, name, state.setup.seed + len(state.history)).choose(state)
            after = state.apply(action)
            # The engine's words for the move, unless they would show a card the learner may not see yet.
            said = after.log[len(state.log):] if after.cards_hidden_from(self.seat) == \
                state.cards_hidden_from(self.seat) else ()
            reason = said[0] if said else "it is one of the legal moves"
        self._hint = self.view.clicks(action)[:1]
        self.note = Note(f"Hint: the {name} bot would {self.spec.words(action)}. {sentence(reason)}")

    def next(self) -> None:
        """Leave the summary: deal the next round or hand (whoever deals), or start a new game."""
        state = self.state
        if state.is_over:
            self.new_game()
            return
        if not self.paused():
            return
        deal = next(action for action in state.legal_actions() if isinstance(action, Deal))
        if state.current_player == self.seat:
            self.decisions.append(state)
            self._marks_at[len(self.decisions)] = self.before
            self._moved(state.apply(deal))
        else:
            self._acknowledged = state
        self._continue()

    def review_html(self) -> str:
        """Once the game is over: the expert's review of the learner's decisions as HTML (see
        :func:`plateau_lab.ui.reports.review_html`); before, a ValueError saying so."""
        if not self.state.is_over:
            raise ValueError("the review comes once the game is over")
        return review_html(self.state.states(), self.seat, REVIEW_PLAYOUTS, seed=self.state.setup.seed)

    # ---------------------------------------------------------------- saving and loading

    def save_name(self) -> str:
        """The file name of a save of the game as it stands."""
        state = self.state
        return f"{state.setup.game}-seed{state.setup.seed}-move{len(state.history)}.json"

    def load(self, text: str | bytes) -> str:
        """Continue a saved game (the text of ``to_json``), in the same seat where the game has it;
        a sentence saying what was loaded. A save that cannot be read raises ParseError."""
        state = load_json(text)
        self.start(state, seat=min(self.seat, state.players - 1))
        return f"Loaded: {self.spec.title}, {len(state.history)} moves played."

    # ---------------------------------------------------------------- what the table shows

    def my_turn(self) -> bool:
        """Whether the learner is to move now (not at a pause)."""
        state = self.state
        return not state.is_over and state.current_player == self.seat and not self.paused()

    def paused(self) -> bool:
        """Whether the table waits on a summary: the end of a round or hand (a deal is next), or of the game."""
        state = self.state
        if state.is_over:
            return True
        return state is not self._acknowledged and any(isinstance(action, Deal) for action in state.legal_actions())

    def legal_targets(self) -> list[str]:
        """The targets the learner may click next (none while someone else is to act)."""
        depth = len(self.picked)
        legal = self.state.legal_actions() if self.my_turn() else ()
        return sorted({self.view.clicks(action)[depth] for action in legal
                       if self.view.clicks(action)[:depth] == self.picked and len(self.view.clicks(action)) > depth})

    def marked(self) -> list[str]:
        """The parts that glow: the targets picked so far, else the hint's, else the last move's."""
        return list(self.picked or self._hint or self._last_marks())

    def buttons(self) -> list[Any]:
        """The moves made with a button now: those whose clicks are exactly the targets picked so far."""
        legal = self.state.legal_actions() if self.my_turn() else ()
        return [action for action in legal if self.view.clicks(action) == self.picked]

    def prompt(self) -> str:
        """What the learner may do now, in words: which things to click, or a button."""
        legal = self.state.legal_actions()
        things = sorted({self.view.clicks(action)[0].split(" ", 1)[0] for action in legal if self.view.clicks(action)})
        buttons = any(not self.view.clicks(action) for action in legal)
        if not things:
            return "press a button below."
        return "click " + " or ".join(self.view.words_for(thing) for thing in things) + (
            ", or press a button below." if buttons else ".")

    def status(self) -> str:
        """The table's status line: whose turn it is, a pause, or the game's end."""
        state = self.state
        return sentence("game over" if state.is_over else "your turn: " + self.prompt() if self.my_turn() else
                        "round over" if self.paused() else f"player {state.current_player} is thinking…")

    def waiting_text(self) -> str:
        """Why the learner cannot move now."""
        state = self.state
        if state.is_over:
            return "The game is over: press Next for a new game."
        if self.paused():
            return "The round is over: press Next to go on."
        return f"Wait: it is player {state.current_player}'s turn."

    def recent_log(self, most: int = 12) -> tuple[str, ...]:
        """What happened since the learner's last move (the last ``most`` lines)."""
        state = self.state
        return state.log[len(self.decisions[-1].log) if self.decisions else 0:][-most:]

    def summary(self) -> Summary | None:
        """The pause's summary, or None when the table does not wait on one."""
        state = self.state
        if not self.paused():
            return None
        ended = state.log[len(self.before.log):] if self.before is not None else state.log[-3:]
        if not state.is_over:
            return Summary("The round is over.", tuple(ended), tuple(state.scores), "Next")
        winners = state.winners
        head = ("You win!" if winners == (self.seat,) else
                "You share the win." if self.seat in winners else
                f"Player {winners[0]} wins." if len(winners) == 1 else
                "Players " + " and ".join(map(str, winners)) + " share the win.")
        return Summary(head, tuple(ended), tuple(state.scores), "Next: a new game")

    # ---------------------------------------------------------------- bots and pace

    def _moved(self, after: GameState) -> None:
        self.before, self.state = self.state, after
        self._hint = ()

    def _continue(self) -> None:
        """Let the bots move up to the learner's turn or a pause: one move every ``delay`` seconds."""
        self._cancel_timer()
        while not self.paused() and self.state.current_player != self.seat:
            if self.delay:
                try:
                    loop = asyncio.get_running_loop()
                except RuntimeError:        # no event loop (a plain script): the bots move at once
                    loop = None
                if loop is not None:
                    self._timer = loop.call_later(self.delay, self._bot_step)
                    break
            self._bot_move()

    def _bot_step(self) -> None:
        self._timer = None
        self._bot_move()
        self._continue()
        if self.on_change is not None:
            self.on_change()

    def _bot_move(self) -> None:
        state = self.state
        self._moved(state.apply(self.bots[state.current_player].choose(state)))

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # ---------------------------------------------------------------- clicks

    def _click_choices(self) -> str:
        nexts = {self.view.clicks(action)[len(self.picked)].split(" ", 1)[0]
                 for action in self.state.legal_actions()
                 if self.view.clicks(action)[:len(self.picked)] == self.picked
                 and len(self.view.clicks(action)) > len(self.picked)}
        words = " or ".join(self.view.words_for(thing) for thing in sorted(nexts))
        return words + " (or the picked card again to put it back)"

    def _attempt(self, clicks: tuple[str, ...], legal: Sequence[Any]) -> str | None:
        """The text of the move these clicks would make (to learn why it is illegal), written like
        a legal move clicked on the same kinds of things, else playing the card clicked; None when
        no move is made that way."""
        kinds = tuple(click.split(" ", 1)[0] for click in clicks)
        for action in legal:
            model = self.view.clicks(action)
            if tuple(click.split(" ", 1)[0] for click in model) != kinds:
                continue
            text, start, parts = str(action), 0, []
            for old, new in zip(model, clicks):
                old_part, new_part = old.partition(" ")[2] or old, new.partition(" ")[2] or new
                at = text.find(old_part, start)
                if at < 0:
                    return None
                parts += [text[start:at], new_part]
                start = at + len(old_part)
            return "".join(parts) + text[start:]
        return f"play {clicks[0].removeprefix('card ')}" if kinds == ("card",) else None

    def _last_marks(self) -> list[str]:
        before, state = self.before, self.state
        if before is None or not state.history:
            return []
        return self.view.last_marks(before, state)
