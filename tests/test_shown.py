"""Shown: a picture or a widget keeps its rich form and gets words for its plain-text form; and
every picture or widget committed in a notebook has words, not Python's form of the object, as its
plain text (what JupyterLab shows before the page runs or is trusted)."""

import json
import re
from pathlib import Path

import ipywidgets
import pytest
from IPython.display import SVG

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.render import Picture
from plateau_lab.ui.shown import Shown, titled
from plateau_lab.ui.widgets import StepViewer

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
SHOWN_LATE = ("image/svg+xml", "application/vnd.jupyter.widget-view+json")
PYTHON_FORM = re.compile(r"\b[A-Z]\w*\(|<[\w.]+ object( at 0x\w+)?>")


def test_a_picture_keeps_its_svg_and_reads_as_the_words():
    picture = Picture.box(30, 20)
    bundle = Shown(picture, "A box (run the page to see the picture).")._repr_mimebundle_()
    words = "A box (run the page to see the picture)."
    assert bundle == {"image/svg+xml": picture.svg(title=words), "text/plain": words}


@pytest.mark.parametrize("thing", ["<svg xmlns='http://www.w3.org/2000/svg'/>",
                                   SVG("<svg xmlns='http://www.w3.org/2000/svg'/>")])
def test_svg_text_and_ipython_svg_are_pictures(thing):
    bundle = Shown(thing, "Nothing drawn yet.")._repr_mimebundle_()
    assert bundle["text/plain"] == "Nothing drawn yet." and "<svg" in bundle["image/svg+xml"]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_game_state_is_drawn_and_its_python_form_is_left_alone(name):
    game = game_spec(name).new_game(seed=42)
    bundle = Shown(game, "The deal (run the page to see the picture).")._repr_mimebundle_()
    assert bundle["image/svg+xml"] == titled(game.to_svg(), "The deal (run the page to see the picture).")
    assert "<title>The deal (run the page to see the picture).</title>" in bundle["image/svg+xml"]
    assert repr(game).startswith("State(")      # coders still read the state's fields


def test_a_widget_keeps_its_view_and_gets_the_words_as_text_and_html():
    viewer = StepViewer.from_state(game_spec(GAME_NAMES[0]).new_game(seed=1))
    bundle = Shown(viewer, "A game <step> by step.")._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == viewer.model_id
    assert bundle["text/plain"] == "A game <step> by step."
    assert bundle["text/html"] == "<p><i>A game &lt;step&gt; by step.</i></p>"
    assert repr(Shown(viewer, "A game step by step.")) == "A game step by step."


@pytest.mark.parametrize("words", ["", "   ", None])
def test_words_are_required(words):
    with pytest.raises(ValueError, match="needs the words"):
        Shown(Picture.box(10, 10), words)


class Label:
    """Has a mimebundle without a widget view and no SVG: not something Shown can show."""

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"text/plain": "a label"}


@pytest.mark.parametrize(("thing", "name"), [(42, "int"), (Label(), "Label")])
def test_something_that_is_neither_a_picture_nor_a_widget_is_refused(thing, name):
    with pytest.raises(TypeError, match=f"not a {name}"):
        Shown(thing, "Words.")


def plain_texts_shown_late(notebook: Path):
    """(cell index, plain text) of every output whose picture or widget shows only once the page runs."""
    cells = json.loads(notebook.read_text())["cells"]
    for index, cell in enumerate(cells):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if any(kind in data for kind in SHOWN_LATE):
                yield index, "".join(data.get("text/plain", ""))


@pytest.mark.parametrize("notebook", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda path: path.name)
def test_pictures_and_widgets_in_notebooks_read_as_words(notebook):
    raw = [(index, text[:80]) for index, text in plain_texts_shown_late(notebook)
           if not text.strip() or PYTHON_FORM.search(text)]
    assert raw == [], f"{notebook.name}: wrap these in Shown(thing, words) and run the notebook again"
