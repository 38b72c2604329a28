"""The table of a comparison of two rule sets, as a teacher reads it (the variant designer's results):
every measure's figure under the rulebook and under the variant, the difference with its 95 %
interval, whether it is clear among the table's family of measures, the tables with a player who
searches beside the bots' where they were played; and how many deals a study would need
(:func:`study_words`).

>>> from plateau_lab.lab.design import compare_rule_sets
>>> page = results_html(compare_rule_sets("coloretto", {"plus_colours": 2}, 4))
>>> page.startswith(RESULTS_STYLE) and "<th>difference (95 % interval)</th>" in page
True
"""

from __future__ import annotations

__all__ = ["RESULTS_STYLE", "results_html", "study_words", "table_measures"]

import html
import math
from collections.abc import Mapping
from typing import Any

from ..lab.design import MAY_PLAY_BADLY, Comparison
from ..lab.figures import FAMILY
from ..lab.measures import Measure, all_measures

#: Styles of the results table, which it carries: a page may show it on its own, where JupyterLab's
#: own table rules (right-aligned cells, ``:not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon td``)
#: would otherwise win; the class written twice makes these rules the stronger ones.
_RESULTS = "table.plateau-design-results.plateau-design-results"
RESULTS_STYLE = (f"<style>{_RESULTS}{{border-collapse:collapse;margin-top:6px;font-size:13px}}"
                 f"{_RESULTS} th,{_RESULTS} td{{border-bottom:1px solid #ddd;padding:3px 8px;text-align:left;"
                 "vertical-align:top;line-height:1.35}"
                 f"{_RESULTS} td.figure{{white-space:nowrap}}"
                 f"{_RESULTS} .small{{color:#666;font-size:11px;line-height:1.3}}"
                 f"{_RESULTS} .clear{{font-weight:bold}}</style>")


def _number(value: float, share: bool) -> str:
    """A figure as a person writes it: a share as a percentage, a mean with two decimals at most."""
    if value is None or (isinstance(value, float) and (math.isnan(value) or math.isinf(value))):
        return "–"
    if share:
        return f"{value * 100:.0f}%".replace("-", "−")
    return (f"{value:.2f}" if abs(value) < 10 else f"{value:.1f}").replace("-", "−")


def _signed(value: float, share: bool, unit: str = "") -> str:
    """A difference with its sign: a share's in percentage points, then ``unit`` when given.

    >>> _signed(0.111, True, "percentage points"), _signed(-0.05, True), _signed(-1.5, False, "points")
    ('+11.1 percentage points', '−5.0', '−1.50 points')
    >>> _signed(0.0, False)
    '±0.00'
    """
    if math.isnan(value) or math.isinf(value):
        return "–"
    figure = f"{abs(value) * 100:.1f}" if share else _number(abs(value), False)
    return ("+" if value > 0 else "−" if value < 0 else "±") + figure + (f" {unit}" if unit else "")


def _clear_words(row: Mapping[str, Any], family: int) -> str:
    """Whether a difference is clear among the ``family`` measures of its table, in words: none at
    all, not clear, or clearly higher or lower (a dash for a measure these games give no figure
    for: its definition says why). A difference whose own interval leaves out 0 but that is not
    clear among the family says so: it may be luck among so many measures."""
    if math.isnan(row["difference"]):
        return "–"
    if row["difference"] == 0 and row["low"] == row["high"]:
        return "no difference"
    if not row["clear"]:
        if row["low"] > 0 or row["high"] < 0:
            return f"not clear: could be luck among {family} measures"
        return "not clear (could be chance)"
    return "yes: higher" if row["difference"] > 0 else "yes: lower"


def table_measures(players: int) -> dict[str, Measure]:
    """Every measure a table of ``players`` players may show, by name (those of a player who searches too).

    >>> list(table_measures(2))[:2]
    ['seat 0 wins', 'the player who starts wins']
    """
    return {measure.name: measure for measure in all_measures(players, drama=True)}


def study_words(comparison: Comparison, measure: str, size: float) -> str:
    """How many deals a study needs for a change of ``size`` (in the measure's unit: percentage
    points for a share) in ``measure`` to show as clear (4 times in 5), and how long they would
    take here, from ``comparison`` as the pilot (:func:`~plateau_lab.lab.design.plan_study`).

    >>> from plateau_lab.lab.design import compare_rule_sets
    >>> pilot = compare_rule_sets("coloretto", {"plus_colours": 2}, 12, players=3, bots=["heuristic"] * 3)
    >>> words = study_words(pilot, "margin", 1.0)
    >>> words.startswith("To see a change of 1 point in <i>margin</i> as clear") and "deals" in words
    True
    """
    kind = table_measures(comparison.players)[measure]
    share = kind.kind == "share"
    plan = comparison.plan_study(measure, size / 100 if share else size)
    unit = kind.difference_unit
    amount = f"{size:g} {unit[:-1] if size == 1 and unit.endswith('s') else unit}".strip()
    took = ""
    if plan["seconds"] is not None:
        took = f": about {_duration(plan['seconds'])} here, at the pace of the {plan['pilot']} deals just played"
    return (f"To see a change of {html.escape(amount)} in <i>{html.escape(measure)}</i> as clear (4 times in 5, "
            f"among the {plan['tests']} measures of the table), play about <b>{plan['deals']:,} deals</b>{took}. "
            f"<span class='small'>From the spread of the {plan['pilot']} deals just played, itself rough on a "
            "short pilot; half the change takes four times the deals.</span>")


def _duration(seconds: float) -> str:
    """A time as a person says it: 40 seconds, 3 minutes, 2.5 hours.

    >>> _duration(40), _duration(200), _duration(9000), _duration(0.4)
    ('40 seconds', '3 minutes', '2.5 hours', '1 second')
    """
    if seconds < 90:
        whole = max(1, round(seconds))
        return f"{whole} second{'s' if whole != 1 else ''}"
    if seconds < 5400:
        return f"{round(seconds / 60)} minutes"
    return f"{seconds / 3600:.1f} hours"


def results_html(comparison: Comparison, so_far: bool = False) -> str:
    """Every measure of ``comparison`` as a table a teacher reads: the rulebook, the variant (each
    with its interval in small print), the difference with its 95 % interval, and whether it is clear
    (read from :meth:`Comparison.figures`: no pandas needed).

    >>> from plateau_lab.lab.design import compare_rule_sets
    >>> page = results_html(compare_rule_sets("coloretto", {"jokers": 2}, 4))
    >>> "the player who starts wins" in page and "Ludii: Balance" in page
    True
    """
    figures = comparison.figures()
    kinds = table_measures(comparison.players)
    family = sum(not math.isnan(row["p"]) for row in figures.values())
    searching = comparison.searching_figures() if comparison.searching else {}
    disagree = set(comparison.disagreements()) if searching else set()
    starter = comparison.starter
    head = (f"<p><b>{html.escape(comparison.variant_name)}</b> against the rulebook, on the same "
            f"{comparison.deals} deal{'s' if comparison.deals != 1 else ''}"
            f"{' so far' if so_far else ''}. {html.escape(FAMILY)} A difference of two shares is in percentage "
            "points, of two scores in points."
            + (f" Seat {starter} made the first move in every game, so who wins by turn order is who wins by "
               "seat: the seats' rows say it once." if starter is not None else "")
            + "</p>")
    if disagree:
        head += (f"<p><b>The tables with a player who searches and the bots' disagree on "
                 f"{html.escape(', '.join(sorted(disagree)))}: {MAY_PLAY_BADLY}.</b> Where they differ, the player "
                 "who searches reads your rules itself.</p>")
    lead = comparison.searching_lead() if comparison.searching else None
    if lead is not None:
        head += f"<p>{html.escape(_lead_words(lead))}</p>"
    header = ("<tr><th>measure</th><th>rulebook</th><th>your rules</th><th>difference (95 % interval)</th>"
              "<th>clear?</th>" + ("<th>with a player who searches: difference, clear?</th>" if searching else "")
              + "</tr>")
    rows = [header]
    for name, row in figures.items():
        kind = kinds.get(name)
        share = kind is not None and kind.kind == "share"
        unit = kind.difference_unit if kind is not None else ""
        own = [f"{_number(row[side], share)} <div class='small'>{_number(row[side + '_low'], share)} to "
               f"{_number(row[side + '_high'], share)}</div>" for side in ("rulebook", "variant")]
        difference = f"{_signed(row['difference'], share, unit)} <div class='small'>{_interval(row, share)}</div>"
        cells = "".join(f"<td class='figure'>{figure}</td>" for figure in (*own, difference))
        cells += f"<td class='{'clear' if row['clear'] else ''}'>{_clear_words(row, family)}</td>"
        if searching:
            theirs = searching.get(name)
            cells += "<td>" + (_searching_cell(theirs, share, unit, family, name in disagree)
                               if theirs is not None else "–") + "</td>"
        rows.append(f"<tr><td>{html.escape(str(name))}<div class='small'>{html.escape(row['definition'])}</div></td>"
                    f"{cells}</tr>")
    return RESULTS_STYLE + head + f"<table class='plateau-design-results'>{''.join(rows)}</table>"


def _lead_words(lead: Mapping[str, Any]) -> str:
    """How often the player who searches won under each rule set and what that says, for the page
    (``lead``: :meth:`~plateau_lab.lab.design.Comparison.searching_lead`).

    >>> print(_lead_words(dict(rulebook=0.25, variant=0.31, difference=0.06, low=0.02, high=0.10, gains=True)))
    The player who searches won 25 % of its games under the rulebook and 31 % under your rules (+6.0 percentage \
points, likely +2.0 to +10.0). It wins more often against the same bots under your rules, so the bots may be playing \
this variant badly (their rules of thumb were made for the rulebook).
    """
    said = (f"The player who searches won {lead['rulebook'] * 100:.0f} % of its games under the rulebook and "
            f"{lead['variant'] * 100:.0f} % under your rules "
            f"({_signed(lead['difference'], True, 'percentage points')}, "
            f"likely {_signed(lead['low'], True)} to {_signed(lead['high'], True)}).")
    if lead["gains"]:
        return f"{said} It wins more often against the same bots under your rules, so {MAY_PLAY_BADLY}."
    if lead["high"] < 0:
        return f"{said} It wins clearly less often against the same bots under your rules."
    return f"{said} No clear change in how often it wins."


def _interval(row: Mapping[str, Any], share: bool) -> str:
    """A difference's interval in small print (no unit: the figure above names it)."""
    if row["low"] == row["high"]:
        return "the same on every deal"
    return f"{_signed(row['low'], share)} to {_signed(row['high'], share)}"


def _searching_cell(row: Mapping[str, Any], share: bool, unit: str, family: int, disagrees: bool) -> str:
    """The tables with a player who searches: their difference, its interval and whether it is
    clear; a disagreement with the bots' named."""
    figure = f"{_signed(row['difference'], share, unit)} <div class='small'>{_interval(row, share)}</div>"
    verdict = _clear_words(row, family)
    warning = f"<div class='clear'>disagrees: {MAY_PLAY_BADLY}</div>" if disagrees else ""
    return f"{figure}<div>{verdict}</div>{warning}"
