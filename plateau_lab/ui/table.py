"""The play table: one widget to play any game of the registry against bots, by clicking the cards.

The learner clicks the thing itself (a card in hand, a Coloretto row, a bid in Le Plateau's
bidding table, a talon group, two cards for a Wimmüln cross, a Plotters card to take: what each
game's view declares, ``GameSpec.view``); what is legal is highlighted, the rest dimmed, and a
click on something illegal says which rule forbids it. Moves that are not a thing on the table (pass, keep two colours, raise, deal) are buttons
worded like the log. Bots move one at a time (``delay`` seconds apart), the table pauses on a
summary at the end of every round or hand and of the game, and the learner can take a move
back, ask for a hint, start a new game (players, seat, bots, seed), save or load the game and,
once it is over, have the expert review it.

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
"""

from __future__ import annotations

import asyncio
import base64
import html
from collections.abc import Mapping, Sequence

import ipywidgets as widgets

from .clickable import ClickablePicture
from ..core import (SEED_LIMIT, Deal, GameState, IllegalAction, ParseError, check_seat, game_spec, load_json,
                   parse_whole)
from ..lab.bots import bot_names, make_bot
from ..lab.expert import analyse
from .widgets import fits_label, review_html

#: The bot a hint asks, in order of preference among the bots a game registers.
HINT_BOTS = ("expert", "heuristic")
DEFAULT_DELAY = 0.6
#: The playouts per decision of the review at the game's end: a quick review of a whole game.
REVIEW_PLAYOUTS = 40


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?", "…")) else ".")


def _lines_html(lines: Sequence[str]) -> str:
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return f"<ul style='margin:0.2em 0;padding-left:1.2em'>{items}</ul>" if items else ""


class PlayTable(widgets.VBox):
    """Play one seat of a game against bots, by clicking (see the module docstring).

    ``game`` is a name of :data:`plateau_lab.core.GAME_NAMES`; ``players`` (the game's default
    when None), ``seed`` (a fresh one when None; it is shown so the game can be replayed) and
    ``variant`` (the game's options) make the first game, or ``state`` is a game to continue.
    ``seat`` is the learner's; ``bots`` maps the other seats to bot names of the registry
    (:func:`plateau_lab.lab.bots.bot_names`; the heuristic bot by default). ``delay`` is the pause in
    seconds before each bot move (0 plays them at once).
    """

    def __init__(self, game: str = "syndicate", *, seat: int = 0, players: int | None = None,
                 bots: Mapping[int, str] | None = None, seed: int | None = None, delay: float = DEFAULT_DELAY,
                 variant: Mapping[str, object] | None = None, state: GameState | None = None):
        if isinstance(delay, bool) or not isinstance(delay, int | float) or not 0 <= delay <= 10:
            raise ValueError(f"delay is a number of seconds from 0 to 10, not {delay!r}")
        spec = game_spec(state.setup.game if state is not None else game)
        if state is None:
            state = spec.new_game(players, seed=seed, **dict(variant or {}))
        self.delay = delay
        self._timer: asyncio.TimerHandle | None = None
        self.picture = ClickablePicture()
        self.picture.on_click(self._clicked)
        self.headline = widgets.HTML()
        self.message = widgets.HTML()
        self.moves = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.summary = widgets.HTML()
        self.next_button = widgets.Button(description="Next", button_style="primary", icon="forward")
        self.next_button.on_click(lambda _: self._next())
        self.pause_box = widgets.VBox([self.summary, self.next_button],
                                      layout=widgets.Layout(border="1px solid #d99a00", padding="4px 10px"))
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
        self.news = widgets.HTML()
        self._setup_panel()
        self._save_load_panel()
        self.legend = widgets.HTML()
        self.extras = widgets.Accordion([self.setup_box, self.save_box, self.legend])
        for index, title in enumerate(("New game", "Save or load", "Card names")):
            self.extras.set_title(index, title)
        self.extras.selected_index = None
        super().__init__([self.headline, self.picture, self.message, self.moves, self.pause_box,
                          widgets.HBox([self.take_back, self.hint_button, self.review_button]), self.review_report,
                          self.news, self.extras])
        self.add_class("plateau-play-table")
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
        self.state, self._before = state, None
        self.decisions: list[GameState] = []
        # The state before each decision's state, so that a take-back shows the same marks again.
        self._marks_at: dict[int, GameState | None] = {}
        self._picked: tuple[str, ...] = ()
        self._acknowledged: GameState | None = None
        self._hint: tuple[str, ...] = ()
        self.legend.value = self.view.legend
        self.message.value = self.review_report.value = ""
        self._fill_setup()
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

    def play(self, action) -> None:
        """Play ``action`` (an action or its text) for the learner; an illegal one is explained."""
        state = self.state
        if state.is_over or state.current_player != self.seat or self._paused():
            self.message.value = self._note(self._waiting_text())
            return
        try:
            after = state.apply(action)
        except IllegalAction as err:
            self.message.value = self._note(f"Not allowed ({err.rule}): {_sentence(err.reason)}", error=True)
            self._picked = ()
            self._show()
            return
        except ParseError as err:
            self.message.value = self._note(_sentence(str(err)), error=True)
            return
        self.decisions.append(state)
        self._marks_at[len(self.decisions)] = self._before
        self.message.value = ""
        self._moved(after)
        self._continue()

    def undo(self) -> None:
        """Take back: return to the learner's previous decision (the bots' moves since are undone too)."""
        if not self.decisions:
            return
        self._cancel_timer()
        self._before = self._marks_at.pop(len(self.decisions), None)
        self.state = self.decisions.pop()
        self._acknowledged = None
        self.message.value = self._note("Taken back: it is your move again.")
        self._picked = ()
        self._show()

    def hint(self) -> None:
        """Show what the best bot the game registers would play for the learner now, and why."""
        state = self.state
        if state.is_over or state.current_player != self.seat or self._paused():
            self.message.value = self._note(self._waiting_text())
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
        self.message.value = self._note(f"Hint: the {name} bot would {self.spec.words(action)}. "
                                        f"{_sentence(reason)}")
        self._show()

    def review(self) -> None:
        """Once the game is over: the expert's review of the learner's decisions, the three
        costliest first, then the biggest mistake's position (see :func:`plateau_lab.ui.widgets.review_html`)."""
        if not self.state.is_over:
            self.message.value = self._note("The review comes once the game is over.")
            return
        self.review_report.value = self._note("The expert is reviewing your decisions…")
        self.review_report.value = review_html(self.state.states(), self.seat, REVIEW_PLAYOUTS,
                                               seed=self.state.setup.seed)

    def _clicked(self, name: str) -> None:
        state = self.state
        if state.is_over or state.current_player != self.seat or self._paused():
            self.message.value = self._note(self._waiting_text())
            return
        if name in self._picked:
            self._picked = ()
            self._show()
            return
        clicks = self._picked + (name,)
        legal = state.legal_actions()
        complete = [action for action in legal if self.view.clicks(action) == clicks]
        longer = [action for action in legal if self.view.clicks(action)[:len(clicks)] == clicks
                  and len(self.view.clicks(action)) > len(clicks)]
        if longer:
            self._picked = clicks
            self.message.value = self._note("Now click " + self._click_choices() + ".")
            self._show()
        elif complete:
            self._picked = ()
            self.play(complete[0])
        else:
            attempt = self._attempt(clicks, legal)
            self._picked = ()
            if attempt is None:
                self.message.value = self._note(f"That is not a move now: {self._prompt()}", error=True)
                self._show()
            else:
                self.play(attempt)

    def _attempt(self, clicks: tuple[str, ...], legal: Sequence[object]) -> str | None:
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

    # ---------------------------------------------------------------- bots, pauses and the round's end

    def _moved(self, after: GameState) -> None:
        self._before, self.state = self.state, after
        self._hint = ()

    def _paused(self) -> bool:
        """Whether the table waits on a summary: the end of a round or hand (a deal is next), or of the game."""
        state = self.state
        if state.is_over:
            return True
        return state is not self._acknowledged and any(isinstance(action, Deal) for action in state.legal_actions())

    def _continue(self) -> None:
        """Let the bots move up to the learner's turn or a pause: one move every ``delay`` seconds."""
        self._cancel_timer()
        while not self._paused() and self.state.current_player != self.seat:
            if self.delay:
                try:
                    loop = asyncio.get_running_loop()
                except RuntimeError:        # no event loop (a plain script): the bots move at once
                    loop = None
                if loop is not None:
                    self._timer = loop.call_later(self.delay, self._bot_step)
                    break
            self._bot_move()
        self._show()

    def _bot_step(self) -> None:
        self._timer = None
        self._bot_move()
        self._continue()

    def _bot_move(self) -> None:
        state = self.state
        self._moved(state.apply(self.bots[state.current_player].choose(state)))

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _next(self) -> None:
        """Leave the summary: deal the next round or hand (whoever deals), or start a new game."""
        state = self.state
        if state.is_over:
            self.new_game()
            return
        if not self._paused():
            return
        deal = next(action for action in state.legal_actions() if isinstance(action, Deal))
        if state.current_player == self.seat:
            self.decisions.append(state)
            self._marks_at[len(self.decisions)] = self._before
            self._moved(state.apply(deal))
        else:
            self._acknowledged = state
        self._continue()

    # ---------------------------------------------------------------- what the learner sees

    def _prompt(self) -> str:
        things = sorted({self.view.clicks(action)[0].split(" ", 1)[0]
                         for action in self.state.legal_actions() if self.view.clicks(action)})
        buttons = any(not self.view.clicks(action) for action in self.state.legal_actions())
        if not things:
            return "press a button below."
        return "click " + " or ".join(self.view.words_for(thing) for thing in things) + (
            ", or press a button below." if buttons else ".")

    def _click_choices(self) -> str:
        nexts = {self.view.clicks(action)[len(self._picked)].split(" ", 1)[0]
                 for action in self.state.legal_actions()
                 if self.view.clicks(action)[:len(self._picked)] == self._picked
                 and len(self.view.clicks(action)) > len(self._picked)}
        words = " or ".join(self.view.words_for(thing) for thing in sorted(nexts))
        return words + (" (or the picked card again to put it back)")

    def _waiting_text(self) -> str:
        state = self.state
        if state.is_over:
            return "The game is over: press Next for a new game."
        if self._paused():
            return "The round is over: press Next to go on."
        return f"Wait: it is player {state.current_player}'s turn."

    @staticmethod
    def _note(text: str, *, error: bool = False) -> str:
        colour = "#b00020" if error else "#1d3d6b"
        return f"<div class='plateau-table-message' style='color:{colour}'>{html.escape(text)}</div>"

    def _show(self) -> None:
        state, seat = self.state, self.seat
        self.picture.svg = self.view.picture(state, seat, self._before).svg()
        mine = not state.is_over and state.current_player == seat and not self._paused()
        legal = state.legal_actions() if mine else ()
        depth = len(self._picked)
        self.picture.legal = sorted({self.view.clicks(action)[depth] for action in legal
                                     if self.view.clicks(action)[:depth] == self._picked
                                     and len(self.view.clicks(action)) > depth})
        self.picture.marked = list(self._picked or self._hint or self._last_marks())
        buttons = [action for action in legal if self.view.clicks(action) == self._picked]
        self.moves.children = [self._move_button(action) for action in buttons] + (
            [self._cancel_button()] if self._picked else [])
        self.take_back.disabled = not self.decisions
        self.hint_button.disabled = not mine
        self.review_button.disabled = not state.is_over
        self._show_pause()
        title = self.spec.title
        bots = ", ".join(f"player {other}: {name}" for other, name in sorted(self.bot_names.items()))
        status = ("game over" if state.is_over else "your turn: " + self._prompt() if mine else
                  "round over" if self._paused() else f"player {state.current_player} is thinking…")
        self.headline.value = (f"<div><b>{html.escape(title)}</b> · {state.players} players · you are player {seat} "
                               f"· seed <code>{state.setup.seed}</code> (enter it under New game to replay this deal)"
                               f"<br><span style='color:#555'>bots: {html.escape(bots)}</span>"
                               f"<br><b>{html.escape(_sentence(status))}</b></div>")
        recent = state.log[len(self.decisions[-1].log) if self.decisions else 0:][-12:]
        self.news.value = ("<div class='plateau-table-log'><b>Since your last move</b>" + _lines_html(recent) + "</div>"
                          if recent else "")
        self._update_save_link()

    def _last_marks(self) -> list[str]:
        before, state = self._before, self.state
        if before is None or not state.history:
            return []
        return self.view.last_marks(before, state)

    def _move_button(self, action) -> widgets.Button:
        button = widgets.Button(description=self.spec.words(action), tooltip=str(action),
                                layout=widgets.Layout(width="auto"))
        button.on_click(lambda _: self.play(action))
        return button

    def _cancel_button(self) -> widgets.Button:
        button = widgets.Button(description="put the card back", layout=widgets.Layout(width="auto"))
        button.on_click(lambda _: self._clicked(self._picked[0]))
        return button

    def _show_pause(self) -> None:
        state = self.state
        if not self._paused():
            self.pause_box.layout.display = "none"
            return
        self.pause_box.layout.display = None
        ended = state.log[len(self._before.log):] if self._before is not None else state.log[-3:]
        scores = "".join(f"<tr><td>player {seat}{' (you)' if seat == self.seat else ''}</td>"
                         f"<td style='text-align:right'>{score}</td></tr>" for seat, score in enumerate(state.scores))
        if state.is_over:
            winners = state.winners
            head = ("You win!" if winners == (self.seat,) else
                    "You share the win." if self.seat in winners else
                    f"Player {winners[0]} wins." if len(winners) == 1 else
                    "Players " + " and ".join(map(str, winners)) + " share the win.")
            self.next_button.description = "Next: a new game"
        else:
            head = "The round is over."
            self.next_button.description = "Next"
        self.summary.value = (f"<div class='plateau-table-summary'><b>{html.escape(head)}</b>{_lines_html(ended)}"
                              f"<table><tr><th>player</th><th>score</th></tr>{scores}</table></div>")

    # ---------------------------------------------------------------- new game, save and load

    def _setup_panel(self) -> None:
        style = {"description_width": "initial"}
        self.players_choice = widgets.Dropdown(description="players", style=style, layout=widgets.Layout(width="140px"))
        self.seat_choice = widgets.Dropdown(description="your seat", style=style, layout=widgets.Layout(width="160px"))
        self.seed_text = widgets.Text(description="seed", placeholder="empty: a fresh random seed", style=style)
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
            choice.value = self.bot_names.get(other, choice.value)

    def _fill_seats(self) -> None:
        players = self.players_choice.value or self.spec.default_players
        self.seat_choice.options = [(f"player {seat}", seat) for seat in range(players)]
        self._fill_bots()

    def _fill_bots(self) -> None:
        players = self.players_choice.value or self.spec.default_players
        seat = self.seat_choice.value if self.seat_choice.value is not None else 0
        self._bot_dropdowns = {other: widgets.Dropdown(options=list(bot_names(self.spec.name)), value="heuristic",
                                                        description=f"player {other}",
                                                        layout=widgets.Layout(width="220px"))
                               for other in range(players) if other != seat}
        self.bot_choices.children = [widgets.HTML("Bots:"), *self._bot_dropdowns.values()]

    def _start_from_panel(self) -> None:
        text = self.seed_text.value.strip()
        try:
            seed = parse_whole(text, where="seed", high=SEED_LIMIT - 1, name="a seed") if text else None
        except ParseError as err:
            self.setup_note.value = self._note(_sentence(str(err)), error=True)
            return
        self.setup_note.value = ""
        self.new_game(self.players_choice.value, seat=self.seat_choice.value, seed=seed,
                      bots={other: choice.value for other, choice in self._bot_dropdowns.items()})

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
        state = self.state
        data = base64.b64encode(state.to_json().encode()).decode()
        name = f"{state.setup.game}-seed{state.setup.seed}-move{len(state.history)}.json"
        self.save_link.value = (f"<a download='{name}' href='data:application/json;base64,{data}' "
                                f"class='plateau-save'>⬇ Save this game ({name})</a>")

    def load(self, text: str | bytes) -> None:
        """Continue a saved game (the text of ``to_json``); a save that cannot be read is explained."""
        try:
            state = load_json(text)
        except ParseError as err:
            self.load_note.value = self._note(f"This save cannot be read: {_sentence(str(err))}", error=True)
            return
        self.load_note.value = self._note(f"Loaded: {game_spec(state.setup.game).title}, "
                                          f"{len(state.history)} moves played.")
        self.start(state, seat=min(self.seat, state.players - 1))

    def _load_from_panel(self) -> None:
        if self.paste.value.strip():
            self.load(self.paste.value)
        elif self.upload.value:
            self.load(bytes(self.upload.value[0]["content"]))
        else:
            self.load_note.value = self._note("Paste a saved game or choose a file first.", error=True)
