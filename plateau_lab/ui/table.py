"""The play table: one widget to play any game of the registry against bots, by clicking the cards.

The learner clicks the thing itself (a card in hand, a Coloretto row, a bid in Le Plateau's
bidding table, a talon group, two cards for a Wimmüln cross, a Plotters card to take: what each
game's view declares, ``GameSpec.view``); what is legal is highlighted, the rest dimmed, and a
click on something illegal says which rule forbids it. Moves that are not a thing on the table
(pass, keep two colours, raise, deal) are buttons worded like the log. Bots move one at a time (``delay`` seconds apart), the table pauses on a
summary at the end of every round or hand and of the game, and the learner can take a move
back, ask for a hint, start a new game (players, seat, bots, seed), save or load the game and,
once it is over, have the expert review it or open its analysis board (Analyse this game:
:class:`plateau_lab.ui.analysis_board.AnalysisBoard`). All of that is the game's session
(:class:`plateau_lab.ui.session.TableSession`, plain Python); this module lays it out in widgets.

Everything works when driven from Python, the way the tests drive it::

    >>> table = PlayTable("syndicate", seat=0, seed=7, delay=0)
    >>> table.state.current_player
    0
    >>> table.picture.legal[:2]
    ['card Ace of Leaves', 'card Battle']
    >>> table.picture.click("card Battle")      # the message the page sends for a click
    >>> [button.description for button in table.moves.children]     # a face-down card may follow
    ['lead Battle with no face-down card', 'put the card back']
    >>> table.moves.children[0].click()
    >>> str(table.state.history[0])
    'lead Battle'
    >>> table.take_back.click()
    >>> len(table.state.history)
    0

Several learners may share the screen (``humans``): between their turns the hands are hidden
until the next one presses Show my cards::

    >>> table = PlayTable("syndicate", humans={0, 1}, seed=7, delay=0)
    >>> table.picture.click("card Battle")
    >>> table.moves.children[0].click()
    >>> table.show_button.layout.display, table.session.status()
    ('', 'Pass the screen to player 1, then press Show my cards.')
    >>> table.show_button.click()
    >>> table.session.status().startswith("Player 1, your turn")
    True
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Collection, Mapping

import ipywidgets as widgets

from ..core import (GAME_NAMES, SEED_LIMIT, STANDARD, GameState, ParseError, count_of, game_spec, parse_whole,
                    rule_set_name)
from ..core.bots import bot_words
from ..lab.bots import bot_names
from .analysis_board import AnalysisBoard
from .clickable import ClickablePicture, marks_key_html, words_checkbox
from .reports import lines_html
from .score_sheet import pause_html
from .session import DEFAULT_DELAY, Note, TableSession, sentence
from .widgets import fits_label

__all__ = ["HUMAN", "PlayTable"]

#: The new-game panel's choice for a seat played by another learner at the same screen.
HUMAN = "human"
#: A layout's ``display`` that shows a widget again as it would be by default. Not None: the static
#: site's Python (Pyodide) turns None into JavaScript's undefined, which the state message then
#: leaves out, so the widget would stay hidden.
SHOWN = ""


def _note(text: str, *, error: bool = False) -> str:
    colour = "#b00020" if error else "#1d3d6b"
    return f"<div class='plateau-table-message' style='color:{colour}'>{html.escape(text)}</div>"


def _note_html(note: Note | None) -> str:
    return "" if note is None else _note(note.text, error=note.error)


class PlayTable(widgets.VBox):
    """Play one seat of a game against bots, by clicking (see the module docstring).

    ``game`` is a name of :data:`plateau_lab.core.GAME_NAMES`; ``players`` (the game's default
    when None), ``seed`` (a fresh one when None; it is shown so the game can be replayed) and
    ``variant`` (the game's options) make the first game, or ``state`` is a game to continue.
    ``seat`` is the learner's; ``humans`` the seats of several learners sharing the screen (by
    default just ``seat``; see :class:`~plateau_lab.ui.session.TableSession`); ``bots`` maps the
    other seats to bot names of the registry (:func:`plateau_lab.lab.bots.bot_names`; the
    heuristic bot by default). ``delay`` is the pause in
    seconds before each bot move (0 plays them at once). ``session`` is the game being played.
    """

    def __init__(self, game: str = GAME_NAMES[0], *, seat: int | None = None, players: int | None = None,
                 bots: Mapping[int, str] | None = None, seed: int | None = None, delay: float = DEFAULT_DELAY,
                 variant: Mapping[str, object] | None = None, state: GameState | None = None,
                 humans: Collection[int] | None = None):
        spec = game_spec(state.setup.game if state is not None else game)
        if state is None:
            state = spec.new_game(players, seed=seed, **dict(variant or {}))
        self.picture = ClickablePicture()
        self.picture.on_click(lambda name: self._then_show(self.session.click, name))
        self.headline = widgets.HTML()
        #: The key to the marks drawn on the picture now (a ring for the last move, the hint, a picked card).
        self.marks_key = widgets.HTML()
        self.message = widgets.HTML()
        self.moves = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.moves.add_class("plateau-table-moves")
        #: A move typed in words or as the engine writes it (:meth:`TableSession.type_move`): Enter plays it.
        self.typed = widgets.Text(description="Type a move",
                                  continuous_update=False, style={"description_width": "initial"},
                                  layout=widgets.Layout(width="420px"))
        self.typed.observe(lambda change: self._play_typed(change["new"]), names="value")
        self.typed_button = widgets.Button(description="Play the typed move", layout=fits_label())
        self.typed_button.on_click(lambda _: self._play_typed(self.typed.value, pressed=True))
        #: Shows the picture's text alternative on the page too (a screen reader reads it either way).
        self.words_box = words_checkbox(self.picture)
        self.show_button = widgets.Button(description="Show my cards", button_style="warning", icon="eye",
                                          tooltip="only once the player named above has the screen",
                                          layout=widgets.Layout(width="auto", min_width="148px",
                                                                align_self="flex-start"))
        self.show_button.on_click(lambda _: self._then_show(self.session.show))
        self.summary = widgets.HTML()
        self.next_button = widgets.Button(description="Next", button_style="primary", icon="forward")
        self.next_button.on_click(lambda _: self._pressed(self._next))
        self.pause_box = widgets.VBox([self.summary, self.next_button],
                                      layout=widgets.Layout(border="1px solid #d99a00", padding="4px 10px"))
        self.pause_box.add_class("plateau-table-pause")
        self.take_back = widgets.Button(description="Take back", icon="undo",
                                        tooltip="back to your previous decision", layout=fits_label())
        self.take_back.on_click(lambda _: self.undo())
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o", tooltip="what a bot would do",
                                          layout=fits_label())
        self.hint_button.on_click(lambda _: self.hint())
        self.review_button = widgets.Button(description="Review my game", icon="search",
                                            tooltip="the expert marks your costliest decisions", layout=fits_label())
        self.review_button.on_click(lambda _: self.review())
        self.review_report = widgets.HTML()
        self.analyse_button = widgets.Button(description="Analyse this game", icon="line-chart", layout=fits_label(),
                                             tooltip="step through your game: the chances move by move, your "
                                                     "decisions marked, your mistakes to try again")
        self.analyse_button.on_click(lambda _: self.analyse())
        #: The analysis board of the game, once asked for (:class:`~plateau_lab.ui.analysis_board.AnalysisBoard`).
        self.analysis_box = widgets.VBox()
        self.news = widgets.HTML()
        self._setup_panel()
        self._save_load_panel()
        self.legend = widgets.HTML()
        self.extras = widgets.Accordion([self.setup_box, self.save_box, self.legend])
        for index, title in enumerate(("New game", "Save or load", "Card names")):
            self.extras.set_title(index, title)
        self.extras.selected_index = None
        super().__init__([self.headline, self.show_button, self.picture, self.marks_key, self.message, self.moves,
                          widgets.HBox([self.typed, self.typed_button, self.words_box],
                                       layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
                          self.pause_box,
                          widgets.HBox([self.take_back, self.hint_button, self.review_button, self.analyse_button]),
                          self.review_report, self.analysis_box,
                          self.news, self.extras])
        self.add_class("plateau-play-table")
        self.session = TableSession(state, seat=seat, bots=bots, delay=delay, on_change=self._show, humans=humans)
        self._started()

    # ---------------------------------------------------------------- the session's game

    @property
    def state(self) -> GameState:
        """The game as it stands."""
        return self.session.state

    @property
    def seat(self) -> int:
        """The learner's seat."""
        return self.session.seat

    @property
    def humans(self) -> frozenset[int]:
        """The learners' seats."""
        return self.session.humans

    @property
    def spec(self):
        """The game's registry entry."""
        return self.session.spec

    @property
    def bot_names(self) -> dict[int, str]:
        """The bot in each other seat, by name."""
        return self.session.bot_names

    @property
    def decisions(self) -> list[GameState]:
        """The state before each of the learner's decisions (what take-back returns to)."""
        return self.session.decisions

    def start(self, state: GameState, *, seat: int | None = None, bots: Mapping[int, str] | None = None,
              humans: Collection[int] | None = None) -> None:
        """Sit down at ``state`` in ``seat`` (the same seat by default) with ``bots`` (seat -> bot name)
        and the learners ``humans`` (see :meth:`TableSession.start`)."""
        self.session.start(state, seat=seat, bots=bots, humans=humans)
        self._started()

    def new_game(self, players: int | None = None, *, seat: int | None = None, bots: Mapping[int, str] | None = None,
                 seed: int | None = None, humans: Collection[int] | None = None) -> None:
        """Start a new game of the same kind and options (a fresh seed unless ``seed`` is given)."""
        self.session.new_game(players, seat=seat, bots=bots, seed=seed, humans=humans)
        self._started()

    def play(self, action) -> None:
        """Play ``action`` (an action or its text) for the learner; an illegal one is explained."""
        self._then_show(self.session.play, action)

    def type_move(self, text: str) -> None:
        """Play a move typed by the learner (see :meth:`TableSession.type_move`); a refusal is said."""
        self._then_show(self.session.type_move, text)

    def undo(self) -> None:
        """Take back: return to the learner's previous decision (the bots' moves since are undone too)."""
        self._then_show(self.session.undo)

    def hint(self) -> None:
        """Show what the best bot the game registers would play for the learner now, and why."""
        self._then_show(self.session.hint)

    def review(self) -> None:
        """Once the game is over: the expert's review of the learner's decisions, the three
        costliest first, then the biggest mistake's position (see :func:`plateau_lab.ui.reports.review_html`)."""
        if not self.state.is_over:
            self.message.value = _note("The review comes once the game is over.")
            return
        self.review_report.value = _note("The expert is reviewing your decisions…")
        self.review_report.value = self.session.review_html(progress=lambda done, of: setattr(
            self.review_report, "value", _note(f"The expert is reviewing your decisions: {done} of {of} done…")))
        self.picture.say("The expert's review is ready, under the table's buttons.")

    def analyse(self) -> None:
        """Once the game is over: the analysis board of the learner's game, under the table."""
        if not self.state.is_over:
            self.message.value = _note("The analysis comes once the game is over.")
            return
        self.analysis_box.children = [AnalysisBoard.from_table(self)]
        self.picture.say("The analysis board is open, under the table's buttons.")

    def load(self, text: str | bytes) -> None:
        """Continue a saved game (the text of ``to_json``); a save that cannot be read is explained."""
        try:
            loaded = self.session.load(text)
        except ParseError as err:
            self.load_note.value = _note(f"This save cannot be read: {sentence(str(err))}", error=True)
            return
        self.load_note.value = _note(loaded)
        self._started()

    # ---------------------------------------------------------------- what the learner sees

    def _next(self) -> None:
        """Leave the summary: the next round, or a new game once this one is over."""
        game_over = self.state.is_over
        self.session.next()
        if game_over:
            self._started()
        else:
            self._show()

    def _play_typed(self, text: str, *, pressed: bool = False) -> None:
        """A move typed in the box: played (or refused) once typed; an empty box says what to type
        when its button is pressed (the box emptied after a move is no new move)."""
        if not text.strip() and not pressed:
            return
        self.type_move(text)
        self.typed.value = ""

    def _pressed(self, step, *args) -> None:
        """A button that goes away once pressed (a move, Next) was pressed: after ``step``, the keyboard's
        focus goes where the learner acts next (the picture's target, the first move's button, Next)
        rather than back to the top of the page."""
        step(*args)
        session = self.session
        if session.my_turn() and self.picture.legal:
            self.picture.focus()
        elif session.my_turn() and self.moves.children:
            self.moves.children[0].focus()
        elif session.paused():
            self.next_button.focus()
        else:
            self.picture.focus()

    def _then_show(self, step, *args) -> None:
        step(*args)
        self._show()

    def _started(self) -> None:
        self.legend.value = self.session.view.legend
        self.review_report.value = ""
        self.analysis_box.children = ()
        self._fill_setup()
        self._show()

    def _show(self) -> None:
        session, state = self.session, self.session.state
        self.picture.svg = session.picture().svg()
        self.picture.labels = session.target_labels()
        self.typed.placeholder = f"such as: {session.typed_example()}" if session.my_turn() else ""
        self.picture.words = list(session.words())
        self.picture.title = (f"The table as player {self.seat} sees it" if not session.solo() else
                              "The table as you see it")
        self.show_button.layout.display = SHOWN if session.passing() is not None else "none"
        self.picture.legal = session.legal_targets()
        self._show_marks()
        self.message.value = _note_html(session.note)
        self.moves.children = [self._move_button(action) for action in session.buttons()] + (
            [self._put_back_button()] if session.picked and session.my_turn() else [])
        self.take_back.disabled = not session.decisions
        self.hint_button.disabled = not session.my_turn()
        self.review_button.disabled = self.analyse_button.disabled = not state.is_over
        self._show_pause()
        bots = ", ".join(f"player {other}: {bot_words(name)}"
                         for other, name in sorted(session.bot_names.items())) or "none"
        humans = [str(human) for human in sorted(session.humans)]
        others = len(session.bot_names)
        who = (f"you and {count_of(others, 'bot')}" if session.solo() else
               f"players {', '.join(humans[:-1])} and {humans[-1]} share this screen")
        rules = rule_set_name(session.spec, state.setup.variant)
        changed = "" if rules == STANDARD else f" · rules changed from the rulebook: {html.escape(rules)}"
        self.headline.value = (f"<div><b>{html.escape(session.spec.title)}</b> · {state.players} players{changed} · "
                               f"{who} · deal number <code>{state.setup.seed}</code> (enter it "
                               f"under New game to play this deal again)<br><span style='color:#555'>bots: "
                               f"{html.escape(bots)}</span><br><b class='plateau-table-status'>"
                               f"{html.escape(session.status())}</b></div>")
        recent = session.recent_log()
        self.news.value = ("<div class='plateau-table-log'><b>Since your last move</b>" + lines_html(recent) + "</div>"
                           if recent else "")
        self._update_save_link()
        self._announce()

    def _announce(self) -> None:
        """Say through the picture's live region what happened since the last time: the moves (the
        log's new lines), the table's note (a refusal, a hint, a take-back) and, when the learner is to
        act, that it is his turn."""
        session, state = self.session, self.session.state
        said, self._said = getattr(self, "_said", (None, 0, None)), (state, len(state.log), session.note)
        if said[0] is state and said[2] == session.note:
            return
        news = [session.to_you(line) for line in state.log[said[1]:]] if said[1] <= len(state.log) else []
        if session.passing() is not None:
            news = []
        lines = news + ([session.note.text] if session.note is not None and session.note != said[2] else [])
        if session.my_turn() and (said[0] is not state):
            lines.append(session.status())
        if lines:
            self.picture.say(" ".join(lines))

    def _show_marks(self) -> None:
        """Mark the picture, each meaning its own way, and say in the key what is marked now: only
        the marks drawn (a part the picture has) and, while the learner is to click, the faded parts."""
        drawn = {html.unescape(name) for name in re.findall(r'data-(?:target|name)="([^"]*)"', self.picture.svg)}
        marks = {kind: [name for name in names if name in drawn] for kind, names in self.session.marks().items()}
        self.picture.marked, self.picture.hinted, self.picture.last = marks["marked"], marks["hinted"], marks["last"]
        faded = any("pl-dimmed" in classes.split() for classes in self.picture.classes.values())
        self.marks_key.value = marks_key_html([kind for kind, names in marks.items() if names], faded=faded)

    def _move_button(self, action) -> widgets.Button:
        button = widgets.Button(description=self.spec.words(action), tooltip=str(action),
                                layout=widgets.Layout(width="auto"))
        button.on_click(lambda _: self._pressed(self.play, action))
        return button

    def _put_back_button(self) -> widgets.Button:
        button = widgets.Button(description="put the card back", layout=widgets.Layout(width="auto"))
        button.on_click(lambda _: self._pressed(self._then_show, self.session.put_back))
        return button

    def _show_pause(self) -> None:
        summary = self.session.summary()
        if summary is None:
            self.pause_box.layout.display = "none"
            return
        self.pause_box.layout.display = SHOWN
        self.next_button.description = summary.next_label
        you = self.session.humans if self.session.solo() else ()
        self.summary.value = pause_html(summary, you=you, pause_word=self.session.view.pause_word,
                                        say=self.session.to_you)

    # ---------------------------------------------------------------- new game, save and load

    def _setup_panel(self) -> None:
        style = {"description_width": "initial"}
        self.players_choice = widgets.Dropdown(description="players", style=style, layout=widgets.Layout(width="140px"))
        self.seat_choice = widgets.Dropdown(description="you play as", style=style,
                                            layout=widgets.Layout(width="180px"))
        self.seed_text = widgets.Text(description="deal number", placeholder="empty: a new deal", style=style)
        #: The other seats' dropdowns: a bot's name, or "human" for another learner at this screen.
        self.bot_choices = widgets.VBox()
        self.start_button = widgets.Button(description="Start the new game", button_style="success",
                                           layout=fits_label())
        self.start_button.on_click(lambda _: self._start_from_panel())
        self.setup_note = widgets.HTML()
        self.players_choice.observe(lambda _: self._fill_seats(), names="value")
        self.seat_choice.observe(lambda _: self._fill_bots(), names="value")
        self.setup_box = widgets.VBox([widgets.HBox([self.players_choice, self.seat_choice, self.seed_text]),
                                       self.bot_choices, self.start_button, self.setup_note])

    def _fill_setup(self) -> None:
        self.players_choice.options = list(self.spec.players)
        self.players_choice.value = self.state.players
        self._fill_seats()
        self.seat_choice.value = self.seat
        self._fill_bots()
        for other, choice in self._bot_dropdowns.items():
            choice.value = "human" if other in self.humans else self.bot_names.get(other, choice.value)

    def _fill_seats(self) -> None:
        players = self.players_choice.value or self.spec.default_players
        self.seat_choice.options = [(f"player {seat}", seat) for seat in range(players)]
        self._fill_bots()

    def _fill_bots(self) -> None:
        players = self.players_choice.value or self.spec.default_players
        seat = self.seat_choice.value if self.seat_choice.value is not None else 0
        choices = [(bot_words(name), name) for name in bot_names(self.spec.name)] + [(HUMAN, HUMAN)]
        self._bot_dropdowns = {other: widgets.Dropdown(options=choices, value="heuristic", description=f"player {other}",
                                                        layout=widgets.Layout(width="340px"))
                               for other in range(players) if other != seat}
        self.bot_choices.children = [widgets.HTML("The other players: a bot, or human for another learner at this "
                                                  "screen (the cards are hidden between turns):"),
                                     *self._bot_dropdowns.values()]

    def _start_from_panel(self) -> None:
        text = self.seed_text.value.strip()
        try:
            seed = parse_whole(text, where="deal number", high=SEED_LIMIT - 1, name="a deal number") if text else None
        except ParseError as err:
            self.setup_note.value = _note(sentence(str(err)), error=True)
            return
        self.setup_note.value = ""
        humans = {self.seat_choice.value} | {other for other, choice in self._bot_dropdowns.items()
                                             if choice.value == HUMAN}
        self.new_game(self.players_choice.value, seat=self.seat_choice.value, seed=seed, humans=humans,
                      bots={other: choice.value for other, choice in self._bot_dropdowns.items()
                            if choice.value != HUMAN})

    def _save_load_panel(self) -> None:
        self.save_link = widgets.HTML()
        self.paste = widgets.Textarea(placeholder="paste a saved game (JSON) here, or choose a file",
                                      layout=widgets.Layout(width="100%", height="6em"))
        self.upload = widgets.FileUpload(accept=".json", multiple=False, description="Choose a file")
        self.load_button = widgets.Button(description="Load", button_style="info")
        self.load_button.on_click(lambda _: self._load_from_panel())
        self.load_note = widgets.HTML()
        self.save_box = widgets.VBox([self.save_link, self.paste, widgets.HBox([self.upload, self.load_button]),
                                      self.load_note])

    def _update_save_link(self) -> None:
        data = base64.b64encode(self.state.to_json().encode()).decode()
        name = self.session.save_name()
        self.save_link.value = (f"<a download='{name}' href='data:application/json;base64,{data}' "
                                f"class='plateau-save'>⬇ Save this game ({name})</a>")

    def _load_from_panel(self) -> None:
        if self.paste.value.strip():
            self.load(self.paste.value)
        elif self.upload.value:
            self.load(bytes(self.upload.value[0]["content"]))
        else:
            self.load_note.value = _note("Paste a saved game or choose a file first.", error=True)
