"""The variant designer: change any rule of a game, see what differs from the rulebook, and compare.

:class:`VariantDesigner` shows one field per rule of the game (``GameSpec.options``): a number
field within the rule's bounds, a tick box, a list of choices, or a table as a row of number
fields with buttons to add and remove a number; where a rule may be left to the rulebook ("as the
rulebook"), a tick box says so. A line under the rules says what differs from the rulebook, and
a rule set the game cannot play is refused in the engine's own words. *Compare with the rulebook*
plays both rule sets on the same deals (:func:`plateau_lab.lab.design.compare_rule_sets`) in the
background, one worker process at most, with a progress bar and a Stop button, and fills in a
table of every measure: the rulebook's figure, the variant's, the difference with its 95 %
interval and whether the difference is clear: the measures of the table are one family, and a
difference is clear when it stands out among all of them (Holm's method,
:data:`~plateau_lab.lab.figures.FAMILY`), so a table calls anything clear by luck alone at most
once in twenty comparisons. A share's difference is in percentage points, a score's in points
(the table: :mod:`plateau_lab.ui.comparison_table`).

*Also with a player who searches these rules* plays the same deals again with one player who
searches (the expert at a small budget) beside the bots, in a different seat each deal: it reads
the variant's own rules, where the bots' rules of thumb were made for the rulebook; where the
tables with it and the bots' tables disagree the table says so ("the bots may be playing this
variant badly": their rules of thumb were made for the rulebook), and so does a line above the
table when it wins clearly more often under the variant than under the rulebook. Once a comparison
is in, *Plan a study* says how many deals would make a given difference of a measure clear, and how
long they would take here, from the deals just played as a pilot
(:func:`~plateau_lab.lab.design.plan_study`).

It works when driven from Python (without an event loop *Compare* plays every deal at once)::

    >>> designer = VariantDesigner("coloretto", deals=10, step=5)
    >>> designer.differs.value
    'Differs from the rulebook: nothing yet (these are the rulebook’s rules).'
    >>> designer.fields["plus_colours"].value = 2
    >>> designer.differs.value
    'Differs from the rulebook: plus colours 2.'
    >>> designer.compare.click()
    >>> designer.status.value
    'Compared on 10 deals: the same deals under both rule sets.'
    >>> "moves per game" in designer.result.value
    True
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from ..core import RULES_NAME, Option, check_rules_name, check_whole, game_spec, rule_set_name
from ..core.bots import bot_words
from ..lab.design import Comparison, ComparisonRun, changed_rules, play_deals
from ..lab.measured_play import DRAMA_COST
from .background import DealsInBackground
from .comparison_table import results_html, study_words, table_measures
from .widgets import fits_label

__all__ = ["VariantDesigner", "OptionField", "TableField", "results_html", "rule_words", "rules_in_words",
           "bot_choices", "DEAL_COUNTS", "study_words", "SEARCHING_COST"]

#: The deals a comparison may play (each under both rule sets).
DEAL_COUNTS = (10, 20, 50, 100, 200, 500, 1000)
#: Styles of the designer (small grey help lines).
STYLE = "<style>.plateau-variant-designer .rule-help{color:#555;font-size:12px;line-height:1.3;margin:0 0 6px 4px}</style>"
#: What a player who searches costs, in words for the page (``benchmarks/bench_searching.py``).
SEARCHING_COST = ("A player who searches (the expert, at a small effort) sits beside the bots, at another place "
                  "at the table each deal, and reads your rules itself: where the tables with it and the bots' "
                  "disagree, the change may come from bots that play your rules badly rather than from the rules. "
                  "It makes a deal slower: from a hundredth of a second (Oh Hell) to about half a second "
                  "(Plotters Inc.; a third in Wimmüln and Le Plateau), measured on a shared two-core machine.")
#: The most times the table is worked out again during a comparison (a long one plays more deals per update).
UPDATES = 40
#: The width of a rule's name beside its field.
LABEL_WIDTH = "190px"
RULEBOOK_WIDTH = "150px"


def bot_choices(game: str) -> tuple[tuple[str, str], ...]:
    """The bots a comparison of ``game`` may seat (every seat the same bot), in a learner's words:
    random play and each of the game's own styles.

    >>> bot_choices("syndicate")                                    # doctest: +NORMALIZE_WHITESPACE
    (('beginners (random moves)', 'random'), ('steady players (rules of thumb)', 'heuristic'),
     ('cautious players (play safe)', 'cautious'))
    """
    return tuple((bot_words(name, many=True), name) for name in game_spec(game).bot_names)


def help_words(doc: str) -> str:
    """A rule's help line as the designer shows it, where a rule left to the rulebook is the box "as
    the rulebook", not Python's ``None``.

    >>> help_words("how many row cards; None: the rulebook's, one per player (3 with 2 players)")
    'how many row cards; as the rulebook: one per player (3 with 2 players)'
    >>> help_words("hands in the game (None: one deal per player)")
    'hands in the game (as the rulebook: one deal per player)'
    >>> help_words("the bids before (None: the rulebook's 1 to 10)")
    'the bids before (as the rulebook: 1 to 10)'
    >>> help_words("the talon's size (None: the rulebook's)")
    "the talon's size (as the rulebook)"
    >>> help_words("colours removed; None: the rulebook's (2 with 2 players, else 1)")
    'colours removed; as the rulebook (2 with 2 players, else 1)'
    >>> help_words("multiples (None: the rulebook's table)")
    "multiples (as the rulebook's table)"
    """
    doc = doc.replace("None: the rulebook's)", "as the rulebook)")
    doc = doc.replace("None: the rulebook's (", "as the rulebook (")
    doc = re.sub(r"None: the rulebook's(, | (?=\d))", "None: ", doc)
    doc = re.sub(r"None: the rulebook's (?=[a-z])", "as the rulebook's ", doc)
    return doc.replace("None: ", "as the rulebook: ")


def rule_words(name: str) -> str:
    """A rule's name as a learner reads it: ``plus_colours`` → ``Plus colours``."""
    words = name.replace("_", " ")
    return words[:1].upper() + words[1:]


def rules_in_words(sentence: str, names) -> str:
    """The engine's ``sentence`` with each of the rules' ``names`` as a learner reads it, in one
    pass, longest names first, so that no name is cut inside another or read twice.

    >>> rules_in_words("plus_colours must be below 5", ["plus_colours", "colours"])
    'Plus colours must be below 5'
    """
    names = sorted(names, key=len, reverse=True)
    if not names:
        return sentence
    pattern = rf"\b({'|'.join(map(re.escape, names))})\b"
    return re.sub(pattern, lambda found: rule_words(found.group(1)), sentence)


class TableField(widgets.HBox):
    """A table of whole numbers as a row of number fields, with − and + to remove or add a number
    (between ``shortest`` and ``longest`` numbers, each within ``low`` and ``high``).

    >>> table = TableField((1, 3, 6), low=0, high=99, shortest=1, longest=4)
    >>> table.add.click(); table.value
    (1, 3, 6, 6)
    >>> table.add.disabled, table.remove.disabled
    (True, False)
    """

    value = property(lambda self: tuple(int(box.value) for box in self.numbers))

    def __init__(self, numbers, *, low: int | None, high: int | None, shortest: int = 0,
                 longest: int | None = None, on_change: Callable[[], None] | None = None):
        self.low, self.high = low, high
        self.shortest, self.longest = max(1, shortest), longest
        self.on_change = on_change
        self.numbers: list[widgets.BoundedIntText] = []
        self.add = widgets.Button(description="+", tooltip="add a number", layout=widgets.Layout(width="34px"))
        self.remove = widgets.Button(description="−", tooltip="remove the last number",
                                     layout=widgets.Layout(width="34px"))
        self.add.on_click(lambda _: self._add())
        self.remove.on_click(lambda _: self._remove())
        super().__init__(layout=widgets.Layout(flex_flow="row wrap"))
        self.set(numbers)

    def set(self, numbers) -> None:
        """Show ``numbers`` (a table the rule allows)."""
        self.numbers = [self._box(number) for number in numbers]
        self._lay_out()

    def _box(self, number: int) -> widgets.BoundedIntText:
        box = widgets.BoundedIntText(value=number, min=self.low if self.low is not None else -10**9,
                                     max=self.high if self.high is not None else 10**9,
                                     layout=widgets.Layout(width="58px"))
        box.observe(lambda _: self._changed(), names="value")
        return box

    def _add(self) -> None:
        if self.longest is None or len(self.numbers) < self.longest:
            self.numbers.append(self._box(self.numbers[-1].value if self.numbers else (self.low or 0)))
            self._lay_out()
            self._changed()

    def _remove(self) -> None:
        if len(self.numbers) > self.shortest:
            self.numbers.pop()
            self._lay_out()
            self._changed()

    def _lay_out(self) -> None:
        self.children = [*self.numbers, self.remove, self.add]
        self.add.disabled = self.longest is not None and len(self.numbers) >= self.longest
        self.remove.disabled = len(self.numbers) <= self.shortest

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    @property
    def disabled(self) -> bool:
        return self.add.disabled and self.remove.disabled and all(box.disabled for box in self.numbers)

    @disabled.setter
    def disabled(self, value: bool) -> None:
        for box in self.numbers:
            box.disabled = value
        if value:
            self.add.disabled = self.remove.disabled = True
        else:
            self._lay_out()


class OptionField(widgets.VBox):
    """One rule: its name, a field for its value (by its kind), "as the rulebook" where the rule may
    be left to the rulebook, and its help text below. ``value`` reads and sets the rule's value
    (None: as the rulebook).

    >>> from plateau_lab.core import game_spec
    >>> field = OptionField(game_spec("coloretto").options[6])      # row_capacity: None allowed
    >>> field.value is None, field.control.disabled
    (True, True)
    >>> field.value = 2
    >>> field.value, field.rulebook.value
    (2, False)
    """

    def __init__(self, option: Option, on_change: Callable[[], None] | None = None):
        self.option = option
        self.on_change = on_change
        self.control = self._control(option)
        self.rulebook = (widgets.Checkbox(value=option.default is None, description="as the rulebook", indent=False,
                                          layout=widgets.Layout(width=RULEBOOK_WIDTH)) if option.none else None)
        label = widgets.Label(rule_words(option.name), layout=widgets.Layout(width=LABEL_WIDTH))
        if self.rulebook is not None:
            self.rulebook.observe(lambda _: self._toggled(), names="value")
            self._show_control()
        left_to_rulebook = self.rulebook or widgets.Box(layout=widgets.Layout(width=RULEBOOK_WIDTH))
        help_text = widgets.HTML(f"<div class='rule-help'>{html.escape(help_words(option.doc))}</div>")
        super().__init__([widgets.HBox([label, left_to_rulebook, self.control]), help_text])
        self.add_class("plateau-rule")
        self.add_class(f"plateau-rule-{option.name}")

    def _control(self, option: Option):
        """The field for the rule's kind, showing its rulebook value (or a first value to edit)."""
        start = option.default if option.default is not None else self._first_value(option)
        if option.kind is tuple:
            return TableField(start, low=option.low, high=option.high, shortest=option.shortest,
                              longest=option.longest, on_change=self._changed)
        if option.kind is bool:
            control = widgets.Checkbox(value=bool(start), description="yes", indent=False,
                                       layout=widgets.Layout(width="80px"))
        elif option.choices:
            control = widgets.Dropdown(options=list(option.choices), value=start, layout=widgets.Layout(width="160px"))
        elif option.kind is int:
            control = widgets.BoundedIntText(value=start, min=option.low if option.low is not None else -10**9,
                                             max=option.high if option.high is not None else 10**9,
                                             layout=widgets.Layout(width="90px"))
        else:
            control = widgets.Text(value=str(start or ""), layout=widgets.Layout(width="220px"))
        control.observe(lambda _: self._changed(), names="value")
        return control

    @staticmethod
    def _first_value(option: Option):
        """A value to start from when the rulebook's is None: the first the soak plays, else the lowest."""
        for value in option.played_values():
            if value is not None:
                return value
        if option.kind is tuple:
            return (option.low or 0,) * max(1, option.shortest)
        if option.kind is int:
            return option.low or 0
        if option.kind is bool:
            return False
        return option.choices[0] if option.choices else ""

    @property
    def value(self) -> Any:
        if self.rulebook is not None and self.rulebook.value:
            return None
        return self.control.value

    @value.setter
    def value(self, value: Any) -> None:
        if value is None:
            if self.rulebook is None:
                raise ValueError(f"{self.option.name} cannot be left to the rulebook: give a value")
            self.rulebook.value = True
            return
        value = self.option.validate(value)
        if isinstance(self.control, TableField):
            self.control.set(value)
        else:
            self.control.value = value
        if self.rulebook is not None:
            self.rulebook.value = False
        self._changed()

    def _toggled(self) -> None:
        self._show_control()
        self._changed()

    def _show_control(self) -> None:
        """The field is hidden (and disabled) while the rule is left to the rulebook: a number there
        would not be the rulebook's, which depends on the other rules and the players."""
        self.control.disabled = self.rulebook.value
        self.control.layout.visibility = "hidden" if self.rulebook.value else "visible"

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()


class VariantDesigner(DealsInBackground, widgets.VBox):
    """Design a variant of ``game`` and compare it with the rulebook (see the module docstring).

    ``deals`` is the number of deals first chosen (one of :data:`DEAL_COUNTS`), ``step`` the deals
    played between two updates of the table. The comparison runs in **one** worker process
    (``workers=1``, the default: a learner's lab work takes at most one core of a machine the class
    shares) or, with ``workers=0``, in the kernel's own process between its other work; the page
    never waits. Without an event loop (a script, a test) *Compare* plays every deal at once.
    ``variant`` opens the designer on a change of the rules (:meth:`propose`), ``name`` names it and
    ``bots`` seats the bots first chosen (one of :func:`bot_choices`).
    """

    def __init__(self, game: str, *, players: int | None = None, deals: int = 100, workers: int = 1,
                 step: int = 5, seed: int = 0, variant: Mapping[str, Any] | None = None, name: str = "",
                 bots: str = "random"):
        self.spec = game_spec(game)
        choices = bot_choices(game)
        if bots not in dict(choices).values():
            raise ValueError(f"bots is one of {', '.join(repr(bot) for _, bot in choices)}, not {bots!r}")
        if deals not in DEAL_COUNTS:
            raise ValueError(f"deals is one of {', '.join(map(str, DEAL_COUNTS))}, not {deals!r}")
        if workers not in (0, 1):
            raise ValueError(f"a page compares with one worker process (workers=1) or in its own (workers=0), "
                             f"not {workers!r}: a learner's lab work takes at most one core")
        self.workers, self.seed = workers, seed
        self.step_deals = check_whole(step, name="step", low=1)
        players = self.spec.default_players if players is None else self.spec.check_players(players)
        self.run_: ComparisonRun | None = None
        self.comparison: Comparison | None = None
        self.task = None
        self._stopping = False
        self._problem: str | None = None
        self.title = widgets.HTML(f"{STYLE}<h4 style='margin:4px 0'>Design a variant of "
                                  f"{html.escape(self.spec.title)}</h4>")
        self.players = widgets.Dropdown(options=list(self.spec.players), value=players, description="Players",
                                        layout=widgets.Layout(width="160px"))
        self.name = widgets.Text(value=name, placeholder="e.g. two plus colours", description="Name of your rules",
                                 style={"description_width": "initial"}, layout=widgets.Layout(width="360px"))
        self.fields = {option.name: OptionField(option, self._changed) for option in self.spec.options}
        self.differs = widgets.HTML()
        self.refusal = widgets.HTML()
        self.deals = widgets.Dropdown(options=DEAL_COUNTS, value=deals, description="Deals",
                                      layout=widgets.Layout(width="160px"))
        self.bots = widgets.Dropdown(options=choices, value=bots, description="Bots",
                                     layout=widgets.Layout(width="330px"))
        self.drama = widgets.Checkbox(value=False, description="also measure drama and decisiveness (slower)",
                                      indent=False, layout=widgets.Layout(width="auto"))
        self.searching = widgets.Checkbox(value=False, description="also with a player who searches these rules "
                                          "(the expert at a small effort, beside the bots; slower)",
                                          indent=False, layout=widgets.Layout(width="auto"))
        self.plan_measure = widgets.Dropdown(options=[], description="Plan a study: a change of",
                                             style={"description_width": "initial"},
                                             layout=widgets.Layout(width="380px"))
        self.plan_size = widgets.BoundedFloatText(value=3.0, min=0.01, max=1e6, step=0.5, description="by",
                                                  layout=widgets.Layout(width="150px"))
        self.plan_unit = widgets.Label("")
        self.plan_button = widgets.Button(description="How many deals?", icon="calculator", layout=fits_label())
        self.plan = widgets.HTML()
        self.planning = widgets.VBox([widgets.HBox([self.plan_measure, self.plan_size, self.plan_unit,
                                                    self.plan_button]), self.plan],
                                     layout=widgets.Layout(display="none"))
        self.plan_measure.observe(lambda _: self._plan_unit(), names="value")
        self.plan_button.on_click(lambda _: self.plan_study())
        self.compare = widgets.Button(description="Compare with the rulebook", button_style="primary", icon="play",
                                      layout=fits_label())
        self.stop = widgets.Button(description="Stop", icon="stop", disabled=True,
                                   tooltip="stop now; keep the deals played")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="300px"))
        self.status = widgets.Label("", layout=widgets.Layout(width="auto"))
        self.result = widgets.HTML()
        for control in (self.players, self.name):
            control.observe(lambda _: self._changed(), names="value")
        self.compare.on_click(lambda _: self.run())
        self.stop.on_click(lambda _: self.stop_running())
        rules = list(self.fields.values()) or [widgets.HTML("<i>This game has no rule to change yet.</i>")]
        drama_help = widgets.HTML(f"<div class='rule-help'>{html.escape(DRAMA_COST)}</div>")
        searching_help = widgets.HTML(f"<div class='rule-help'>{html.escape(SEARCHING_COST)}</div>")
        super().__init__([self.title, widgets.HBox([self.players, self.name]), *rules, self.differs, self.refusal,
                          widgets.HBox([self.deals, self.bots]), self.drama, drama_help, self.searching,
                          searching_help, widgets.HBox([self.compare, self.stop]), self.progress, self.status,
                          self.result, self.planning])
        self.add_class("plateau-variant-designer")
        for widget, name in ((self.differs, "differs"), (self.refusal, "refusal"), (self.status, "status"),
                             (self.result, "result"), (self.deals, "deals")):
            widget.add_class(f"plateau-design-{name}")
        self.propose(variant or {})

    # ---------------------------------------------------------------- the rules

    def propose(self, variant: Mapping[str, Any]) -> None:
        """Set the rules named in ``variant`` (the others as the rulebook has them), as a learner
        typing them in the fields would: a page opens the designer on the change it discusses.

        >>> designer = VariantDesigner("coloretto", variant={"plus_colours": 2}, name="two plus colours")
        >>> designer.differs.value, designer.compare.disabled
        ('Differs from the rulebook: plus colours 2.', False)
        >>> designer.propose({"plus_colour": 2})      # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ValueError: Coloretto has no rule named 'plus_colour'; its rules are scoring, golden_joker, ...
        """
        unknown = [rule for rule in variant if rule not in self.fields]
        if unknown:
            raise ValueError(f"{self.spec.title} has no rule named {unknown[0]!r}; its rules are "
                             f"{', '.join(self.fields)}")
        for rule, field in self.fields.items():
            field.value = variant.get(rule, field.option.default)
        self._changed()

    @property
    def rules(self) -> dict[str, Any]:
        """Every rule as the fields show it (None: as the rulebook)."""
        return {name: field.value for name, field in self.fields.items()}

    @property
    def variant(self) -> dict[str, Any]:
        """The rules that differ from the rulebook (a ValueError or TypeError when one is refused)."""
        return changed_rules(self.spec.name, self.rules)

    def _changed(self) -> None:
        """After every change: what differs, whether the game can be played so, and the button."""
        self._problem = None
        try:
            changes = self.variant
            check_rules_name(self.name.value.strip() or None)
            self.spec.new_game(self.players.value, seed=0, **changes)
        except (TypeError, ValueError) as error:
            self._problem = str(error)
            changes = None
        if changes is None:
            self.differs.value = ""
            self.refusal.value = (f"<div style='color:#a00'><b>These rules cannot be played:</b> "
                                  f"{html.escape(rules_in_words(self._problem, self.fields))}</div>")
        else:
            self.refusal.value = ""
            words = rule_set_name(self.spec, changes) if changes else None
            self.differs.value = (f"Differs from the rulebook: {html.escape(words)}." if words else
                                  "Differs from the rulebook: nothing yet (these are the rulebook’s rules).")
        if not self.running:
            self.compare.disabled = changes is None or not changes
            if self.run_ is None:
                self.status.value = ("Change the rules above so that the game can be played." if changes is None
                                     else "Change a rule, then press Compare with the rulebook." if not changes
                                     else "Press Compare with the rulebook to play both on the same deals.")

    # ---------------------------------------------------------------- the comparison, in the background

    work = "comparison"
    each_deal = "each under both rule sets"
    play_chunk = staticmethod(play_deals)

    @property
    def start_button(self) -> widgets.Button:
        return self.compare

    def new_run(self) -> ComparisonRun:
        """The comparison of the rules shown with the rulebook, on the deals asked for."""
        variant = dict(self.variant)
        if self.name.value.strip():
            variant[RULES_NAME] = self.name.value
        step = max(self.step_deals, self.deals.value // UPDATES)
        return ComparisonRun(self.spec.name, variant, self.deals.value, players=self.players.value,
                             bots=[self.bots.value] * self.players.value, seed=self.seed,
                             drama=self.drama.value, step=1 if self.searching.value else step,
                             searching=self.searching.value)

    def clear_results(self) -> None:
        self.comparison = None
        self.result.value = ""
        self.plan.value = ""
        self.planning.layout.display = "none"

    # ---------------------------------------------------------------- planning a study

    def _offer_plan(self) -> None:
        """Once a comparison is in: the measures a study can be planned for (those with a spread)."""
        figures = self.comparison.figures() if self.comparison is not None else {}
        names = [name for name, row in figures.items() if not math.isnan(row["spread"])]
        self.plan.value = ""
        if not names:
            self.planning.layout.display = "none"
            return
        self.plan_measure.options = names
        self.plan_measure.value = "margin" if "margin" in names else names[0]
        self.planning.layout.display = None
        self._plan_unit()

    def _plan_unit(self) -> None:
        measure = table_measures(self.players.value).get(self.plan_measure.value)
        self.plan_unit.value = measure.difference_unit if measure is not None else ""

    def plan_study(self) -> None:
        """*How many deals?*: the study that would make the chosen change clear (:func:`study_words`)."""
        if self.comparison is None or self.plan_measure.value is None:
            return
        self.plan.value = study_words(self.comparison, self.plan_measure.value, self.plan_size.value)

    def show_so_far(self, result: Comparison) -> None:
        self.result.value = results_html(result, so_far=True)

    def _finish(self) -> None:
        run = self.run_
        self.stop.disabled = True
        self.compare.disabled = self._problem is not None or not self.variant
        if run.finished:
            self.comparison = run.result()
            self.result.value = results_html(self.comparison)
            self.status.value = f"Compared on {run.deals} deals: the same deals under both rule sets."
            self._offer_plan()
            return
        run.stopped = True
        self.comparison = run.result() if run.deals_done else None
        self.result.value = results_html(self.comparison, so_far=True) if self.comparison else ""
        self._offer_plan()
        self.status.value = (f"Stopped after {run.deals_done} of {run.deals} deals: the table shows those deals."
                             if run.deals_done else f"Stopped after 0 of {run.deals} deals: nothing measured yet.")
