"""What a learner sees in a committed notebook is sentences, labelled tables and pictures, never raw
Python: no dict, list, tuple or set written the way Python prints it, no bare True/False/None, no
object repr, no traceback, no "1 points", no number with a long tail of decimals.

Outputs are read as committed (execute a notebook with tools/execute_notebooks.py first). A plain
text form shown next to a richer one (HTML, SVG, an image, a widget) is not read: the learner sees
the rich one. HTML tables are read too, cell by cell, and so are the paragraphs of
``plateau_lab.ui.prose.say``.
"""

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from plateau_lab.core import GAME_NAMES
from plateau_lab.ui.prose import paragraphs_html

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
RICH = ("text/html", "image/svg+xml", "image/png", "application/vnd.jupyter.widget-view+json")
WIDGET = "application/vnd.jupyter.widget-view+json"

#: Each way raw Python shows itself, with a name for the failure message.
RAW_PYTHON = {
    "a dict": re.compile(r"\{\s*(['\"]|-?\d+\s*:|\w+\s*:\s)"),
    "a list": re.compile(r"\[\s*(['\"(\[]|-?\d+\s*,|-?\d+\s*\])"),
    # Python writes ", " between items: "(3,-3)" is a board coordinate, "(3, -3)" a tuple.
    "a tuple": re.compile(r"\(\s*(['\"]|-?\d+,( -?\d+,)* -?\d+\)|-?\d+,\)|\()|\(\s*\)"),
    "a set or frozenset": re.compile(r"\b(frozenset|set)\("),
    "a bare True, False or None": re.compile(r"\b(True|False|None)\b"),
    "an object repr": re.compile(r"<[\w.]+ object at 0x|\b[A-Z]\w*\((\w+=|['\"])"),
    "a traceback": re.compile(r"Traceback \(most recent call last\)|^\w+(Error|Exception): "),
    # "player 1 wins", "round 1 moves on": a name with the number 1, not a count
    "a singular written as a plural": re.compile(r"(?<![\d.,])(?<!\d )(?<!layer )(?<!seat )(?<!ound )(?<!row )"
                                                 r"\b1 (points|tricks|cards|spaces|games|rounds|"
                                                 r"hands|counters|players|seats|colours|wins|moves|turns)\b"),
    "a long tail of decimals": re.compile(r"\d\.\d{4,}"),
}


class _TableText(HTMLParser):
    """The text of every cell of the HTML tables in an output (pandas tables, our own tables) and
    of every paragraph that ``say`` wrote."""

    def __init__(self):
        super().__init__()
        self.depth = 0
        self.prose = False
        self.cells: list[str] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.depth += 1
        elif tag == "div" and "plateau-prose" in (dict(attrs).get("class") or ""):
            self.prose = True
        elif tag in ("td", "th") and self.depth or tag == "p" and self.prose:
            self._cell = []

    def handle_endtag(self, tag):
        if tag == "table":
            self.depth -= 1
        elif tag == "div":
            self.prose = False
        elif tag in ("td", "th", "p") and self._cell is not None:
            self.cells.append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def shown_text(output: dict) -> list[str]:
    """The lines of text a learner reads in one output (rich outputs: only their tables)."""
    kind = output["output_type"]
    if kind == "stream":
        return "".join(output["text"]).splitlines()
    if kind == "error":
        return ["Traceback (most recent call last)", f"{output.get('ename')}: {output.get('evalue')}"]
    data = output.get("data", {})
    if "text/html" in data:
        parser = _TableText()
        parser.feed("".join(data["text/html"]))
        return parser.cells
    if any(kind in data for kind in RICH):
        return []
    return "".join(data.get("text/plain", "")).splitlines()


def raw_lines(notebook: Path) -> list[str]:
    """Every line of a notebook's outputs that shows raw Python: ``'cell N: what: the line'``."""
    found = []
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    for index, cell in enumerate(cells):
        for output in cell.get("outputs", []) if cell["cell_type"] == "code" else []:
            for line in shown_text(output):
                for name, pattern in RAW_PYTHON.items():
                    if pattern.search(line):
                        found.append(f"cell {index}: {name}: {line.strip()[:120]}")
                        break
    return found


# ---------------------------------------------------------------- the checker, on made-up outputs


def stream(text: str) -> dict:
    return {"output_type": "stream", "name": "stdout", "text": text}


@pytest.mark.parametrize("text", [
    "{'colour': 63, '+2': 10}", "{0: 1, 1: 0}", "['draw', 'take row 1']", "winners: (2,)", "(4, -4, 4, -4)",
    "seat 1 sees: {'top': Card('2 blue')}", "face-down card: False", "frozenset({1})", "set()",
    f"<plateau_lab.games.{GAME_NAMES[0]}.engine.State object at 0x7f>", "Card('B1')", "you win 1 points",
    "player 2 won 1 tricks", "rate 0.666667", "ValueError: bad", "Bridge still possible: True", "value: None",
    "trick: ((1, Card('B14')),)", "[(1, 2)]", "()", "[3, 4]", f"Setup(game={GAME_NAMES[0]!r})", "cell (1, -3)",
])
def test_the_checker_finds_raw_python(text, tmp_path):
    notebook = tmp_path / "raw.ipynb"
    notebook.write_text(json.dumps({"cells": [{"cell_type": "code", "source": "", "outputs": [stream(text)]}]}))
    assert raw_lines(notebook), f"not found: {text!r}"


@pytest.mark.parametrize("text", [
    "Player 1 may play the Merchant or the Author.", "Scores: 9, 9 and 12; player 2 wins.",
    "1 point for the mastermind", "21 points", "11 tricks", "the heuristic bot wins 75% (55% to 88%)",
    "rate 0.67", "(a face-down card was played)", "Rule: follow the mark", "lay 2 blue over 4 green",
    "Totals: mastermind 10, enforcers 9.", "2 × 3 = 6 [a note]", "the corner (3,-3) touches sides 1 and 2",
])
def test_the_checker_lets_sentences_through(text, tmp_path):
    notebook = tmp_path / "fine.ipynb"
    notebook.write_text(json.dumps({"cells": [{"cell_type": "code", "source": "", "outputs": [stream(text)]}]}))
    assert raw_lines(notebook) == []


def test_the_checker_reads_tables_not_pictures_or_widget_reprs(tmp_path):
    widget = {"output_type": "execute_result", "data": {WIDGET: {}, "text/plain": "StepViewer(children=(…"}}
    picture = {"output_type": "display_data", "data": {"image/svg+xml": "<svg/>", "text/plain": "Picture(width=1)"}}
    table = {"output_type": "execute_result",
             "data": {"text/html": "<table><tr><th>rate</th><td>0.666667</td></tr></table><p>{'x': 1}</p>",
                      "text/plain": "rate 0.666667"}}
    said = {"output_type": "display_data",
            "data": {"text/html": paragraphs_html("Player 1 wins.\nwinners: (2,)"), "text/plain": "<HTML>"}}
    notebook = tmp_path / "mixed.ipynb"
    cell = {"cell_type": "code", "source": "", "outputs": [widget, picture, table, said]}
    notebook.write_text(json.dumps({"cells": [cell]}))
    assert raw_lines(notebook) == ["cell 0: a long tail of decimals: 0.666667", "cell 0: a tuple: winners: (2,)"]


# ---------------------------------------------------------------- the committed notebooks

@pytest.mark.parametrize("notebook", sorted(path.name for path in NOTEBOOKS.glob("*.ipynb")))
def test_committed_notebook_shows_no_raw_python(notebook):
    found = raw_lines(NOTEBOOKS / notebook)
    assert not found, f"{notebook} shows raw Python to learners:\n" + "\n".join(found)
