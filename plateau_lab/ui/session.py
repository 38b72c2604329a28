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

Several learners may share the screen (hot-seat): ``humans`` names their seats. When the turn
comes to a human other than the one whose cards the screen shows, the session waits, every hand
face down, until that player presses Show my cards (:meth:`TableSession.show`)::

    >>> session = TableSession(game_spec("syndicate").new_game(3, seed=7), humans={0, 1}, delay=0)
    >>> session.click("card Battle")
    >>> session.play(session.buttons()[0])
    >>> session.passing(), session.status()
    (1, 'Pass the screen to player 1, then press Show my cards.')
    >>> session.legal_targets(), session.seat
    ([], 0)
    >>> session.show()
    >>> session.seat, session.status().startswith("Player 1, your turn: ")
    (1, True)
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import Deal, GameState, IllegalAction, ParseError, check_seat, count_of, game_spec, load_json
from ..core.clicks import Clicks
from ..core.render import Picture
from ..core.scoresheet import ScoreSheet
from ..lab.bots import bot_names, make_bot
from ..lab.coach import Coach, review_playouts
from ..lab.review import Review, review
from ..core.table_words import card_words, onlooker_words, said_with_cards, table_words, target_labels
from ..lab.verdict import move_words
from .reports import decisions_in, review_page
from .second_person import in_second_person

__all__ = ["DEFAULT_DELAY", "HINT_BOTS", "REVIEW_PLAYOUTS", "Note", "Summary", "TableSession", "in_second_person",
           "sentence"]

#: The bot a hint asks, in order of preference among the bots a game registers.
HINT_BOTS = ("expert", "heuristic")
#: The pause, in seconds, before each bot move.
DEFAULT_DELAY = 0.6
#: The fewest playouts per decision of the review at the game's end (a short game's decisions get
#: more: :func:`plateau_lab.lab.coach.review_playouts`).
REVIEW_PLAYOUTS = 40


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop.

    >>> sentence("the round is over")
    'The round is over.'
    """
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?", "…")) else ".")


def _plain(text: str) -> str:
    """Typed words as compared: lower case, single spaces, no "the" and no full stop.

    >>> _plain("  Play the 9 of Diamonds. ")
    'play 9 of diamonds'
    """
    words = text.lower().strip().rstrip(".").split()
    return " ".join(word for word in words if word != "the")


@dataclass(frozen=True)
class Note:
    """What the table says to the learner after a click: a sentence, and whether it is a refusal."""

    text: str
    error: bool = False


@dataclass(frozen=True)
class Summary:
    """The pause at the end of a round or hand, or of the game: a headline, what just happened, the
    scores, what the Next button does, and where the points came from (the game's score sheet, as the
    learner whose view the screen shows may see it; None for a game without one)."""

    head: str
    lines: tuple[str, ...]
    scores: tuple[int, ...]
    next_label: str
    sheet: ScoreSheet | None = None


class TableSession:
    """A game played by one learner, or several at one screen, against bots (see the module docstring).

    ``state`` is the game to sit down at; ``humans`` the learners' seats (by default just ``seat``;
    every seat may be one); ``seat`` the learner whose view the screen shows first (the first of
    ``humans`` by default); ``bots`` maps the other seats to bot names
    (:func:`plateau_lab.lab.bots.bot_names`; the heuristic bot by default; a seat cannot be both);
    ``delay`` the pause in seconds before each bot move (0: at once; bots also move at once where
    no event loop runs); ``on_change()`` is called after every change a bot's move makes on its own.

    ``seat`` is always the learner whose view the screen shows: the human to act, or, while bots
    act, at a pause or while the screen is passed on (:meth:`passing`), the last one who did.
    """

    def __init__(self, state: GameState, *, seat: int | None = None, bots: Mapping[int, str] | None = None,
                 delay: float = DEFAULT_DELAY, on_change: Callable[[], Any] | None = None,
                 humans: Collection[int] | None = None):
        if isinstance(delay, bool) or not isinstance(delay, int | float) or not 0 <= delay <= 10:
            raise ValueError(f"delay is a number of seconds from 0 to 10, not {delay!r}")
        self.delay = delay
        self.on_change = on_change
        self._timer: asyncio.TimerHandle | None = None
        self.seat = 0
        self.humans: frozenset[int] = frozenset()
        self.start(state, seat=seat, bots=bots, humans=frozenset({0}) if humans is None and seat is None else humans)

    # ---------------------------------------------------------------- starting a game

    def start(self, state: GameState, *, seat: int | None = None, bots: Mapping[int, str] | None = None,
                  humans: Collection[int] | None = None) -> None:
        """Sit down at ``state`` with the learners in ``humans`` and ``bots`` (seat -> bot name) in the
        other seats; the screen shows ``seat`` first. With no ``humans``: just ``seat``, or the same
        learners as before when ``seat`` is one of them (or not given) and they all fit the table."""
        spec = game_spec(state.setup.game)
        if humans is None:
            kept = self.humans if seat is None or seat in self.humans else frozenset()
            humans = kept if kept and max(kept) < state.players else {self.seat if seat is None else seat}
        humans = frozenset(check_seat(human, state.players) for human in humans)
        if not humans:
            raise ValueError("at least one seat is a human's")
        if seat is None:
            seat = self.seat if self.seat in humans else min(humans)
        seat = check_seat(seat, state.players)
        if seat not in humans:
            raise ValueError(f"the screen shows a human's seat first, one of {sorted(humans)}, not {seat}")
        others = set(range(state.players)) - humans
        chosen = {other: "heuristic" for other in others}
        chosen.update(bots or {})
        names = bot_names(spec.name)
        unknown = {other: name for other, name in chosen.items() if name not in names}
        if unknown or set(chosen) != others:
            raise ValueError(f"bots are named per seat other than the humans' {sorted(humans)} (seats 0 to "
                             f"{state.players - 1}; a seat cannot be both), among {', '.join(names)}; "
                             f"got {dict(bots or {})}")
        self._cancel_timer()
        self.spec, self.view, self.seat, self.humans = spec, spec.table_view(), seat, humans
        self.bot_names = chosen
        self.bots = {other: make_bot(spec.name, name, state.setup.seed + other) for other, name in chosen.items()}
        self.state: GameState = state
        #: The state before the last move (for the marks of the last move), or None.
        self.before: GameState | None = None
        #: The state before each of the learners' decisions, the last one last: what take-back returns to
        #: (the seat that decided is its ``current_player``).
        self.decisions: list[GameState] = []
        # The state before each decision's state, so that a take-back shows the same marks again.
        self._marks_at: dict[int, GameState | None] = {}
        #: The targets clicked so far of a move that takes several clicks (a Wimmüln cross).
        self.picked: tuple[str, ...] = ()
        self._acknowledged: GameState | None = None
        self._hint: tuple[str, ...] = ()
        self.note: Note | None = None
        # The game whose reviews are kept (:meth:`review`), and each reviewed seat's.
        self._reviews: tuple[GameState | None, dict[int, Review]] = (None, {})
        #: The expert's analyses of this table's positions, each made once: a hint, the review and
        #: the analysis board of the table's game read the same one.
        self.coach = Coach()
        self._continue(at_once=True)

    def new_game(self, players: int | None = None, *, seat: int | None = None, bots: Mapping[int, str] | None = None,
                  seed: int | None = None, humans: Collection[int] | None = None) -> None:
        """Start a new game of the same kind and options (a fresh seed unless ``seed`` is given), with
        the same learners and bots unless told otherwise."""
        players = self.state.players if players is None else players
        state = self.spec.new_game(players, seed=seed, **self.state.setup.variant)
        if humans is None:
            humans = self.humans if seat is None or seat in self.humans else {seat}
        humans = frozenset(humans)
        if seat is None:
            seat = self.seat if self.seat in humans else min(humans, default=0)
        if bots is None and players == self.state.players and humans == self.humans:
            bots = self.bot_names
        self.start(state, seat=seat, bots=bots, humans=humans)

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
            self.note = Note(self.to_you(f"Not allowed ({err.rule}): {sentence(err.reason)}"), error=True)
            self.picked = ()
            return
        except ParseError as err:
            self.note = Note(sentence(str(err)), error=True)
            return
        self.decisions.append(state)
        self._marks_at[len(self.decisions)] = self.before
        self.note = None
        self.picked = ()          # the move is made: no card stays picked (nor its put-back button)
        self._moved(after)
        self._continue()

    def click(self, name: str) -> None:
        """A click on the target ``name`` of the picture: a move once its clicks are complete, the
        next step of a move that takes several clicks, or a sentence saying why not."""
        if not self.my_turn():
            self.note = Note(self.waiting_text())
            return
        legal = self.state.legal_actions()
        step = Clicks.of(legal, self.view.clicks, self.picked).click(name)
        if step.kind == "picked":
            self.picked = step.picked
            self.note = Note(sentence("now " + self.prompt()))
            return
        self.picked = ()
        if step.kind == "move":
            self.play(step.move)
        elif step.kind == "no move":
            attempt = self._attempt(step.tried, legal)
            if attempt is None:
                self.note = Note(f"That is not a move now: {self.prompt()}", error=True)
            else:
                self.play(attempt)

    def type_move(self, text: str) -> None:
        """A move typed by the learner: the move's text as the engine reads it (``play 9D``), its
        words as the buttons and hints say it (``bid 2 tricks``), or with a card in words (``play the 9
        of diamonds``; the card alone when it makes one move); anything else is read by the engine,
        whose refusal (a rule, or what it could not read) the note says.

        >>> session = TableSession(game_spec("oh_hell").new_game(4, seed=1), seat=1, delay=0)
        >>> session.type_move("play the 2 of clubs")
        >>> session.note.text
        'Not allowed (bidding before play): Every player bids before the first card is played; you bid now.'
        >>> session.type_move("Bid 2 tricks.")
        >>> str(session.state.history[0])
        'bid 2'
        >>> session.type_move("play the 2 of clubs")         # the bots have bid: you lead
        >>> str(session.state.history[4])
        'play 2C'
        """
        if not self.my_turn():
            self.note = Note(self.waiting_text())
            return
        wanted = _plain(text)
        if not wanted:
            self.note = Note(f"Type a move first, such as “{self.typed_example()}”.", error=True)
            return
        legal = self.state.legal_actions()
        for action in legal:
            if wanted in (_plain(str(action)), _plain(self.spec.words(action)), _plain(self._said(action))):
                self.play(action)
                return
        by_card = [action for action in legal if [self._card_words(name) for name in self.view.clicks(action)]
                   == [wanted]]
        if len(by_card) == 1:
            self.play(by_card[0])
            return
        self.play(self._with_card_texts(wanted))

    def target_labels(self) -> dict[str, str]:
        """What a screen reader says for each target of the picture the learner may click now, and
        for each card of his hand: the card in words, and for a click that makes a move, the move's
        verb first (``play 9 of diamonds``); other targets by the words of the move they make.

        >>> session = TableSession(game_spec("oh_hell").new_game(4, seed=1), seat=1, delay=0)
        >>> session.target_labels()["card 8D"]
        '8 of diamonds'
        >>> session.type_move("bid 2")
        >>> session.target_labels()["card 8D"]
        'play 8 of diamonds'
        """
        legal = self.state.legal_actions() if self.my_turn() else ()
        return target_labels(legal, self.view.clicks, self.spec.words, self._hand(), self.picked)

    def words(self) -> tuple[str, ...]:
        """The picture in words for a screen reader (:func:`plateau_lab.core.table_words.table_words`):
        what the learner whose cards the screen shows sees; while the screen is passed on, that
        every hand is face down, then what an onlooker sees (:func:`~plateau_lab.core.table_words.onlooker_words`)."""
        passing = self.passing()
        if passing is not None:
            return (f"Every hand is face down while the screen goes to player {passing}.",
                    *onlooker_words(self.state)[1:])
        return table_words(self.state.observation(self.seat))

    def _hand(self) -> tuple[Any, ...]:
        return () if self.passing() is not None else tuple(self.state.observation(self.seat)["hand"])

    def _card_words(self, name: str) -> str:
        """A target in plain words: a card of the hand as :func:`card_words` says it, else its name."""
        cards = {f"card {card}": card for card in self._hand()}
        return _plain(card_words(cards[name])) if name in cards else _plain(name)

    def _said(self, action: Any) -> str:
        """The move's words with each card of the learner's hand in words (``play 9 of diamonds``)."""
        return said_with_cards(self.spec.words(action), self._hand())

    def _with_card_texts(self, wanted: str) -> str:
        """Typed words with each card of the hand said in words written as the engine writes it."""
        for card in sorted(self._hand(), key=lambda card: -len(card_words(card))):
            wanted = wanted.replace(_plain(card_words(card)), str(card))
        return wanted

    def typed_example(self) -> str:
        """A move the learner could type now, in words (the last legal one), else "a move".

        >>> TableSession(game_spec("oh_hell").new_game(4, seed=1), seat=1, delay=0).typed_example()
        'bid 9 tricks'
        """
        legal = self.state.legal_actions() if self.my_turn() else ()
        return self._said(legal[-1]) if legal else "a move"

    def put_back(self) -> None:
        """Put back the targets picked so far of a move that takes several clicks."""
        self.picked = ()

    def undo(self) -> None:
        """Take back: return to the state before the last decision any learner made, whoever made it
        (with one learner, his own previous decision; with several, the last human move, even if
        another learner made it), undoing the bots' moves since. When that decision was another
        learner's than the one whose cards the screen shows, the screen is passed back to him
        (:meth:`passing`) before his cards show again."""
        if not self.decisions:
            return
        self._cancel_timer()
        self.before = self._marks_at.pop(len(self.decisions), None)
        self.state = self.decisions.pop()
        self._acknowledged = None
        self._hint = ()
        self.note = Note("Taken back: it is " + ("your" if self.solo() else f"player {self.state.current_player}'s")
                         + " move again.")
        self.picked = ()

    def show(self) -> None:
        """Show my cards: the learner the screen was passed to (:meth:`passing`) sees his hand."""
        passing = self.passing()
        if passing is None:
            return
        self.seat, self.note, self.picked, self._hint = passing, None, (), ()

    def hint(self) -> None:
        """What the best bot the game registers would play for the learner now, and why."""
        state = self.state
        if not self.my_turn():
            self.note = Note(self.waiting_text())
            return
        name = next(name for name in (*HINT_BOTS, "random") if name in bot_names(self.spec.name))
        if name == "expert":
            best = self.coach.analysis(state, self.seat).best
            action, reason = best.action, best.why.removeprefix("the expert's choice: ")
        else:
            action = make_bot(self.spec.name, name, state.setup.seed + len(state.history)).choose(state)
            after = state.apply(action)
            # The engine's words for the move, unless they would show a card the learner may not see yet.
            said = after.log[len(state.log):] if after.cards_hidden_from(self.seat) == \
                state.cards_hidden_from(self.seat) else ()
            reason = said[0] if said else "it is one of the legal moves"
        self._hint = tuple(self.view.clicks(action))   # every part of the move: a lead and its face-down card
        who = {"expert": "the expert", "heuristic": "a steady player"}.get(name, "a beginner")
        self.note = Note(f"Hint: {who} would {move_words(self.spec.name, action)}. {sentence(reason)}")

    def next(self) -> None:
        """Leave the summary: deal the next round or hand (whoever deals), or start a new game."""
        state = self.state
        if state.is_over:
            self.new_game()
            return
        if not self.paused():
            return
        deal = next(action for action in state.legal_actions() if isinstance(action, Deal))
        if state.current_player in self.humans:
            self.decisions.append(state)
            self._marks_at[len(self.decisions)] = self.before
            self._moved(state.apply(deal))
        else:
            self._acknowledged = state
        self._continue()

    def review_html(self, progress: Callable[[int, int], Any] | None = None) -> str:
        """Once the game is over: the expert's review of the learners' decisions as HTML, one
        learner after another in seat order, each naming its player (see
        :func:`plateau_lab.ui.reports.review_html`: each decision analysed once, with
        ``REVIEW_PLAYOUTS`` playouts); before, a ValueError saying so. ``progress(done, of)``, when
        given, counts the decisions of all the learners together: once before any is analysed
        (``done`` 0), then after each (a review already made counts as done at once)."""
        if not self.state.is_over:
            raise ValueError("the review comes once the game is over")
        states = self.state.states()
        humans = sorted(self.humans)
        counts = [decisions_in(states, human) for human in humans]
        report = progress or (lambda done, of: None)
        report(0, sum(counts))
        parts = []
        for human, before in zip(humans, [sum(counts[:place]) for place in range(len(humans))]):
            def advanced(done: int, of: int, before: int = before) -> None:
                if done:                       # the "0 of" of each learner's review was said once, above
                    report(before + done, sum(counts))
            parts.append(review_page(self.review(human, advanced, states),
                                     "you" if len(humans) == 1 else f"player {human}"))
        return "".join(parts)

    def review(self, seat: int, progress: Callable[[int, int], Any] | None = None,
               states: Sequence[GameState] | None = None) -> Review:
        """Once the game is over: the expert's review of ``seat``'s decisions (``REVIEW_PLAYOUTS``
        playouts each, the game's seed), made once per game and kept: Review my game and the
        analysis board of the table's game show the same one (:meth:`reviewed`, :meth:`keep_review`).
        ``progress(done, of)`` as :func:`plateau_lab.lab.review.review`'s; a review already made
        reports all its decisions done at once."""
        if not self.state.is_over:
            raise ValueError("the review comes once the game is over")
        seat = check_seat(seat, self.state.players)
        kept = self.reviewed(seat)
        if kept is None:
            states = list(states or self.state.states())
            kept = review(states, seat, review_playouts(states, seat, REVIEW_PLAYOUTS), seed=self.state.setup.seed,
                          progress=progress, coach=self.coach)
            self.keep_review(kept, self.state)
        elif progress is not None:
            progress(len(kept.decisions), len(kept.decisions))
        return kept

    def reviewed(self, seat: int) -> Review | None:
        """The review of ``seat``'s decisions in the game at the table, if one was made (None before)."""
        game, reviews = self._reviews
        return reviews.get(seat) if game is self.state else None

    def keep_review(self, made: Review, game: GameState) -> None:
        """Keep ``made``, a review of the finished ``game`` with ``REVIEW_PLAYOUTS`` playouts per
        decision and the game's seed (the analysis board's, say), for Review my game; a review of
        another game than the table's is not kept."""
        if game is not self.state:
            return
        if self._reviews[0] is not game:
            self._reviews = (game, {})
        self._reviews[1][made.seat] = made

    # ---------------------------------------------------------------- saving and loading

    def save_name(self) -> str:
        """The file name of a save of the game as it stands."""
        state = self.state
        return f"{state.setup.game}-deal{state.setup.seed}-move{len(state.history)}.json"

    def load(self, text: str | bytes) -> str:
        """Continue a saved game (the text of ``to_json``), with the same learners in the seats the game
        has (else the last seat); a sentence saying what was loaded. A save that cannot be read
        raises ParseError."""
        state = load_json(text)
        humans = {human for human in self.humans if human < state.players} or {min(self.seat, state.players - 1)}
        self.start(state, seat=self.seat if self.seat in humans else min(humans), humans=humans)
        return f"Loaded: {self.spec.title}, {count_of(len(state.history), 'move')} played."

    # ---------------------------------------------------------------- what the table shows

    def to_you(self, text: str) -> str:
        """``text`` as the table says it to a learner sitting alone: his seat is "you"
        (:func:`in_second_person`); with several learners at the screen, it names them."""
        return in_second_person(text, self.seat) if self.solo() else text

    def solo(self) -> bool:
        """Whether one learner sits at the table (the table then says "you"; with several, it names them)."""
        return len(self.humans) == 1

    def passing(self) -> int | None:
        """The learner the screen is being passed to, or None: a human other than the one whose cards
        the screen shows is to act (not at a pause); the table shows every hand face down until he
        presses Show my cards (:meth:`show`). Bots never need the screen."""
        state = self.state
        if self.paused() or state.current_player not in self.humans or state.current_player == self.seat:
            return None
        return state.current_player

    def picture(self) -> Picture:
        """What the screen shows: the table as ``seat`` sees it, or, while the screen is passed on,
        as an onlooker sees it, no hand face up (:meth:`plateau_lab.core.tableview.TableView.covered`)."""
        if self.passing() is not None:
            return self.view.covered(self.state, self.before)
        return self.view.picture(self.state, self.seat, self.before)

    def my_turn(self) -> bool:
        """Whether the learner whose cards the screen shows is to move now (not at a pause)."""
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
        return self._clicks().targets()

    def marked(self) -> list[str]:
        """Every part marked now, whatever the mark means: the targets picked so far, else the hint's,
        else the last move's (the table draws each meaning its own way: :meth:`marks`)."""
        return list(self.picked or self._hint or self._last_marks())

    def hinted(self) -> list[str]:
        """The targets of the move the table points the learner to: every click of the hint's move."""
        return list(self._hint)

    def marks(self) -> dict[str, list[str]]:
        """The parts marked on the picture, by meaning, each drawn its own way
        (:data:`plateau_lab.ui.clickable.MARK_LOOKS`): ``marked``, the targets picked so far of a move
        of several clicks; ``hinted``, the hint's (:meth:`hinted`) and any other part :meth:`marked`
        names (a guided game's asked move); ``last``, the last move's.

        >>> session = TableSession(game_spec("syndicate").new_game(3, seed=7), delay=0)
        >>> session.click("card Battle")
        >>> session.marks()
        {'marked': ['card Battle'], 'hinted': [], 'last': []}
        """
        picked, last = list(self.picked), self._last_marks()
        hinted = self.hinted()
        # A part another kind of table marks of its own (a guided game's asked move, through marked())
        # points the learner to a move, as a hint does.
        hinted += [name for name in self.marked() if name not in picked + last + hinted]
        return {"marked": picked, "hinted": hinted, "last": last}

    def buttons(self) -> list[Any]:
        """The moves made with a button now: those whose clicks are exactly the targets picked so far."""
        return self._clicks().buttons()

    def _clicks(self) -> Clicks:
        """The click machine of the position (no move while someone else is to act)."""
        return Clicks.of(self.state.legal_actions() if self.my_turn() else (), self.view.clicks, self.picked)

    def prompt(self) -> str:
        """What the learner may do now, in words: what to click for the decision at hand (the game's
        view words each click: :meth:`plateau_lab.core.tableview.TableView.click_prompts`), or a
        button; once a card is picked, what to click next.

        >>> session = TableSession(game_spec("syndicate").new_game(3, seed=7), delay=0)
        >>> session.prompt()
        'click a card in your hand to lead it face up.'
        >>> session.click("card Battle")
        >>> session.prompt()
        'click a second card to lay face down with it (or the picked card again to put it back), or press a button below.'
        """
        depth = len(self.picked)
        moves = [self.view.click_prompts(action) for action in self.state.legal_actions()
                 if self.view.clicks(action)[:depth] == self.picked]
        asks = list(dict.fromkeys(words[depth] for words in moves if len(words) > depth))
        buttons = any(len(words) == depth for words in moves)
        if not asks:
            return "press a button below."
        again = set(self.picked) & set(self.legal_targets())     # two equal cards: the same part clicked twice
        back = " (or the picked card again to put it back)" if self.picked and not again else ""
        return "click " + " or ".join(asks) + back + (", or press a button below." if buttons else ".")

    def status(self) -> str:
        """The table's status line: whose turn it is, a pause, or the game's end."""
        state = self.state
        passing = self.passing()
        turn = "your turn: " if self.solo() else f"player {self.seat}, your turn: "
        return sentence("game over" if state.is_over else self._pass_text(passing) if passing is not None else
                        turn + self.prompt() if self.my_turn() else
                        f"{self.view.pause_word} over" if self.paused() else
                        f"player {state.current_player} is thinking…")

    def waiting_text(self) -> str:
        """Why the learner cannot move now."""
        state = self.state
        if state.is_over:
            return "The game is over: press Next for a new game."
        if self.paused():
            return f"The {self.view.pause_word} is over: press Next to go on."
        passing = self.passing()
        if passing is not None:
            return self._pass_text(passing)
        return f"Wait: it is player {state.current_player}'s turn."

    @staticmethod
    def _pass_text(seat: int) -> str:
        return f"Pass the screen to player {seat}, then press Show my cards."

    def recent_log(self, most: int = 12) -> tuple[str, ...]:
        """What happened since the last move of the learner whose cards the screen shows (the last
        ``most`` lines); nothing while the screen is passed on."""
        if self.passing() is not None:
            return ()
        mine = [decision for decision in self.decisions if decision.current_player == self.seat]
        return tuple(self.to_you(line) for line in self.state.log[len(mine[-1].log) if mine else 0:][-most:])

    def summary(self) -> Summary | None:
        """The pause's summary, or None when the table does not wait on one."""
        state = self.state
        if not self.paused():
            return None
        ended = [self.to_you(line) for line in
                 (state.log[len(self.before.log):] if self.before is not None else state.log[-3:])]
        if not state.is_over:
            return Summary(f"The {self.view.pause_word} is over.", tuple(ended), tuple(state.scores), "Next",
                           self.view.score_sheet(state, self.seat))
        winners = state.winners
        solo = self.solo()
        head = ("You win!" if solo and winners == (self.seat,) else
                "You share the win." if solo and self.seat in winners else
                f"Player {winners[0]} wins." if len(winners) == 1 else
                "Players " + " and ".join(map(str, winners)) + " share the win.")
        return Summary(head, tuple(ended), tuple(state.scores), "Next: a new game",
                       self.view.score_sheet(state, self.seat))

    # ---------------------------------------------------------------- bots and pace

    def _moved(self, after: GameState) -> None:
        self.before, self.state = self.state, after
        self._hint = ()

    def _continue(self, *, at_once: bool = False) -> None:
        """Let the bots move up to the learner's turn or a pause: one move every ``delay`` seconds,
        or ``at_once`` (a game sat down at: the table opens at the learner's turn, the bots' opening
        moves in its log, and no timer is left running while a notebook page is still being made)."""
        self._cancel_timer()
        while not self.paused() and self.state.current_player not in self.humans:
            if self.delay and not at_once:
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
        try:
            self._bot_move()
        except Exception as error:     # in a timer an error would be lost and the table wait for ever
            self.note = Note(f"A bot could not move ({error}). Take your move back or start a new game.",
                             error=True)
        else:
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
