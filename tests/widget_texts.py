"""Every word a widget shows, and the words a learner or a teacher never reads in the design lab's
widgets: shared by the designer's tests, generic (tests/test_variant_designer.py) and of one game
(tests/<game>/test_variant_designer.py).

>>> import ipywidgets as widgets
>>> found = texts_of(widgets.VBox([widgets.HTML("<b>two</b> seeds"), widgets.Button(description="Compare")]))
>>> "Compare" in found, any(text.split() == ["two", "seeds"] for text in found)
(True, True)
>>> bool(FORBIDDEN.search("two seeds"))
True
"""

import html
import re

import ipywidgets as widgets

__all__ = ["FORBIDDEN", "texts_of"]

#: Words a learner or a teacher never reads in the designer.
FORBIDDEN = re.compile(r"\b(seeds?|playouts?|heuristics?)\b", re.IGNORECASE)


def texts_of(widget) -> list[str]:
    """Every word a widget and its children show: labels, descriptions, values, choices, tooltips."""
    found = []
    for name in ("description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            found.append(value)
    if isinstance(widget, (widgets.HTML, widgets.Label)):
        found.append(html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", widget.value)))
    if isinstance(widget, widgets.Dropdown):
        found += [str(label) for label in widget.options] if not widget._options_labels else list(widget._options_labels)
    for child in getattr(widget, "children", ()):
        found += texts_of(child)
    return found
