"""A guided first game at the table: the game's fixed deal, the table saying what to do and why at
each step, only the move it asks for lit, and then free play.

:class:`GuidedSession` is a :class:`~plateau_lab.ui.session.TableSession` seated at a game's
guide (:meth:`plateau_lab.core.GameSpec.guide_script`, a :class:`~plateau_lab.core.guide.Guide`).
While the guide lasts, the prompt is the step's sentence, ``legal_targets()`` and ``buttons()``
offer only the move it asks for (``marked()`` makes its targets glow), any other click is answered
with a sentence and changes nothing, and the other players make the guide's written moves. After
the last step the table says so, and the session is an ordinary one: the bots choose their own
moves from there, and the learner plays on::

    >>> session = GuidedSession("oh_hell", delay=0)
    >>> session.status().startswith("Step 1 of ")
    True
    >>> session.buttons()          # a bid is a button: only the one asked for is offered
    [Bid(tricks=2)]
    >>> session.play("bid 0")      # another bid: refused with a sentence, nothing changes
    >>> session.note.text.startswith("You may bid 0 tricks in the game")
    True
    >>> session.play(session.buttons()[0])
    >>> session.step()
    1

:class:`~plateau_lab.ui.guided_table.GuidedTable` is the play table (:class:`~plateau_lab.ui.table.PlayTable`) over such a
session (``plateau_lab.ui.guided_table``, the one part that needs a widget library).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core import GAME_NAMES, GameState, IllegalAction, ParseError, game_spec
from ..core.guide import Guide, Replay
from ..lab.verdict import move_words
from .session import DEFAULT_DELAY, Note, TableSession, sentence

__all__ = ["GuidedSession", "PLAY_ON"]

#: What the table says once the guide's last step is made (with the guide's farewell): now, or
#: after Next when that step ended a round or hand and the table waits on its summary.
PLAY_ON = "play on by yourself"


class _ScriptedBot:
    """A seat's bot that makes the guide's written move while the game follows the guide, and its
    own choice once the game has left it."""

    def __init__(self, session: GuidedSession, bot: Any):
        self.session, self.bot = session, bot

    def choose(self, state: GameState) -> Any:
        written = self.session.written_move(state)
        return self.bot.choose(state) if written is None else written


class GuidedSession(TableSession):
    """A game's guided first game, played by one learner against the guide's written moves, then
    against bots (see the module docstring).

    ``game`` is a name of :data:`plateau_lab.core.GAME_NAMES` whose registry entry names a guide,
    or ``guide`` a :class:`~plateau_lab.core.guide.Guide`; ``bots`` (seat -> bot name, the
    heuristic bot by default) play the other seats once the guide is done; ``delay`` and
    ``on_change`` are the session's (:class:`~plateau_lab.ui.session.TableSession`).
    """

    def __init__(self, game: str = GAME_NAMES[0], *, guide: Guide | None = None,
                 bots: Mapping[int, str] | None = None, delay: float = DEFAULT_DELAY,
                 on_change: Callable[[], Any] | None = None):
        self.guide = game_spec(game).guide_script() if guide is None else guide
        self.replay: Replay = self.guide.replay()
        self._texts = self.replay.texts()
        #: The guide's closing words while they follow the table (see :meth:`_moved`), else None.
        self._closing: Note | None = None
        super().__init__(self.replay.start, seat=self.guide.seat, bots=bots, delay=delay, on_change=on_change)
        self.note = Note(f"A guided first game of {self.guide.title}: the table says what to do and why, and "
                         "lights only the move it asks for.")

    # ---------------------------------------------------------------- where the guide is

    @property
    def bots(self) -> dict[int, Any]:
        """The other seats' players: the guide's written moves while the game follows it, then the bots."""
        return self._bots

    @bots.setter
    def bots(self, bots: Mapping[int, Any]) -> None:
        self._bots = {seat: bot if isinstance(bot, _ScriptedBot) else _ScriptedBot(self, bot)
                      for seat, bot in bots.items()}

    def _on_script(self, state: GameState) -> bool:
        """Whether ``state`` is a position of the guide: its deal, with the guide's moves so far."""
        done = len(state.history)
        return (state.setup == self.replay.start.setup and done < len(self._texts)
                and tuple(map(str, state.history)) == self._texts[:done])

    def step(self, state: GameState | None = None) -> int | None:
        """The index of the guide's step at ``state`` (the game as it stands by default): the
        learner's next step, or None once the guide is done or the game has left it."""
        state = self.state if state is None else state
        if not self._on_script(state):
            return None
        done = len(state.history)
        return next(index for index, at in enumerate(self.replay.steps_at) if at >= done)

    def guided(self) -> bool:
        """Whether the table is still walking the learner through the guide."""
        return self.step() is not None

    def written_move(self, state: GameState) -> Any:
        """The guide's move at ``state`` for another player, or None off the guide."""
        return self.replay.moves[len(state.history)] if self._on_script(state) else None

    def asked(self) -> Any:
        """The move the guide asks the learner for now, or None."""
        step = self.step()
        return None if step is None else self.replay.moves[self.replay.steps_at[step]]

    def asked_clicks(self) -> tuple[str, ...]:
        """The targets that make the asked move, in order (none for a button, or off the guide)."""
        asked = self.asked()
        return () if asked is None else tuple(self.view.clicks(asked))

    def saying(self) -> str:
        """The sentence of the step under way: what to do now, and why."""
        step = self.step()
        return "" if step is None else self.guide.steps[step].say

    # ---------------------------------------------------------------- what the learner may do

    def legal_targets(self) -> list[str]:
        """Only the next target of the asked move while the guide lasts; every legal one after."""
        if not self.guided():
            return super().legal_targets()
        clicks = self.asked_clicks()
        depth = len(self.picked)
        if not self.my_turn() or clicks[:depth] != self.picked or len(clicks) <= depth:
            return []
        return [clicks[depth]]

    def buttons(self) -> list[Any]:
        """Only the asked move while the guide lasts, when it is a button (or its clicks are made)."""
        if not self.guided():
            return super().buttons()
        return [move for move in super().buttons() if str(move) == str(self.asked())]

    def marked(self) -> list[str]:
        """While the guide lasts, the targets picked so far and the next one the step asks for glow;
        then what glows at any table."""
        if self.guided() and self.my_turn():
            return list(self.picked) + self.hinted() or super().marked()
        return super().marked()

    def hinted(self) -> list[str]:
        """The target the table points the learner to: while the guide lasts, the next one of the
        asked move (none for a button); then the hint's first click."""
        if self.guided() and self.my_turn():
            return list(self.asked_clicks()[len(self.picked):len(self.picked) + 1])
        return list(self._hint)

    def prompt(self) -> str:
        """The step's sentence while the guide lasts, else the table's prompt."""
        return self.saying() if self.guided() else super().prompt()

    def status(self) -> str:
        """``Step N of M: what to do and why`` while it is the learner's step, else the table's status."""
        step = self.step()
        if step is None or not self.my_turn():
            return super().status()
        return f"Step {step + 1} of {len(self.guide.steps)}: {sentence(self.saying())}"

    # ---------------------------------------------------------------- the learner's moves

    def click(self, name: str) -> None:
        """The asked move's next target makes the move (or its next part); a part picked already
        is put back (as at any table); any other click is answered with a sentence and changes
        nothing."""
        if not self.guided() or not self.my_turn():
            self._then_farewell(super().click, name)
            return
        if name in self.picked:     # the picked part again puts it back, as the marks' key says
            super().click(name)
            self.note = Note(f"Put back. {sentence(self.saying())}")
            return
        if name not in self.legal_targets():
            self.note = Note(self._not_now(self._clicked_move(name)), error=True)
            return
        self._then_farewell(super().click, name)
        if self.picked:             # the first part of the asked move: say which part comes next
            self.note = Note(f"Now click {self.legal_targets()[0].partition(' ')[2] or self.legal_targets()[0]}."
                             if self.legal_targets() else "Now press the button below.")

    def play(self, action: Any) -> None:
        """Play ``action`` if it is the asked move (or the guide is done); else say why not now."""
        if not self.guided() or not self.my_turn():
            self._then_farewell(super().play, action)
            return
        if str(action) == str(self.asked()) or self._same_as_asked(action):
            self._then_farewell(super().play, self.asked())
            return
        self.note = Note(self._not_now(action), error=True)

    def hint(self) -> None:
        """While the guide lasts, the hint is the asked move; then the table's hint."""
        if not self.guided() or not self.my_turn():
            super().hint()
            return
        self.note = Note(f"Hint: {move_words(self.spec.name, self.asked())}. {sentence(self.saying())}")

    def restart(self) -> None:
        """Begin the guided game again from its deal."""
        self._closing = None
        self.start(self.replay.start, seat=self.guide.seat, bots=self.bot_names)

    # ---------------------------------------------------------------- sentences

    def _then_farewell(self, move: Callable[..., None], *args: Any) -> None:
        """Make ``move``; when it was the guide's last step, say that the learner plays on alone."""
        was_guided = self.guided()
        move(*args)
        if was_guided and not self.guided() and not (self.note is not None and self.note.error):
            self.note = self._closing = self._closing_words()

    def _closing_words(self) -> Note:
        """The guide's farewell, and what the learner does next: play on now, or, when the round or
        hand is over, read how it went and press Next."""
        farewell = self.guide.farewell
        if self.paused():
            return Note(f"{farewell} The {self.view.pause_word} is over: read how it went, then press Next and "
                        f"{PLAY_ON}.")
        return Note(f"Now {PLAY_ON}. {farewell}".strip())

    def _moved(self, after: GameState) -> None:
        """A move made: the guide's closing words, while still shown, follow the other players' moves
        up to the learner's turn, so that they say the round is over once it is (at a table whose bots
        move one by one, the last step's trick may end the hand only after it)."""
        super()._moved(after)
        if self._closing is not None and self.note is self._closing:
            self.note = self._closing = self._closing_words()
            if self.paused() or self.my_turn():
                self._closing = None

    def _to_you(self, text: str) -> str:
        """``text`` with the learner's seat said as "you", where the table's session offers that."""
        to_you = getattr(super(), "to_you", None)
        return text if to_you is None else to_you(text)

    def _same_as_asked(self, action: Any) -> bool:
        try:
            after = self.state.apply(action)
        except (IllegalAction, ParseError):
            return False
        return str(after.history[-1]) == str(self.asked())

    def _clicked_move(self, name: str) -> Any:
        """The move a click would make at an ordinary table (its text, or the target's name when it
        makes none by itself)."""
        clicks = self.picked + (name,)
        legal = self.state.legal_actions()
        for action in legal:
            if tuple(self.view.clicks(action)) == clicks:
                return action
        if any(tuple(self.view.clicks(action))[:len(clicks)] == clicks for action in legal):
            return None
        return self._attempt(clicks, legal) or name

    def _not_now(self, move: Any) -> str:
        """Why ``move`` (an action, its text, a clicked target, or None for the first part of
        another legal move) is not the move asked for, and what to do instead."""
        asked = f"This step asks you to {move_words(self.spec.name, self.asked())}. {sentence(self.saying())}"
        if move is None:
            return f"That is allowed in the game, but not now. {asked}"
        try:
            after = self.state.apply(move)
        except IllegalAction as err:
            return self._to_you(f"Not allowed ({err.rule}): {sentence(err.reason)}") + f" {asked}"
        except ParseError:
            return f"That is not a move now. {asked}"
        return f"You may {move_words(self.spec.name, after.history[-1])} in the game, but not now. {asked}"
