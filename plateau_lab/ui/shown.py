"""A picture or a widget shown with words for a page that has not run yet.

A notebook stores, beside each picture (SVG) and each widget, a plain-text form. JupyterLab shows
that text instead of the picture in a notebook it does not trust yet, and instead of the widget
until the page runs; left alone, the text is Python's form of the object (``Picture(width=404,
height=484)``, ``StepViewer(children=(HBox(...``). :class:`Shown` shows the same picture or widget
with a sentence in its place, so a learner who opens a page before running it reads what the
picture is. Every notebook ends a cell that shows a picture or a widget with ``Shown(thing, words)``.

>>> from plateau_lab.core.render import Picture, element
>>> shown = Shown(Picture(element("g"), 10, 20), "An empty picture (run the page to see it).")
>>> sorted(shown._repr_mimebundle_())
['image/svg+xml', 'text/plain']
>>> shown._repr_mimebundle_()["text/plain"]
'An empty picture (run the page to see it).'
>>> Shown("<svg/>", "")
Traceback (most recent call last):
ValueError: Shown needs the words to show in the picture's place, not an empty text
"""

from __future__ import annotations

import html

__all__ = ["Shown", "titled"]

SVG = "image/svg+xml"
WIDGET = "application/vnd.jupyter.widget-view+json"


class Shown:
    """``thing`` as a page shows it, with ``words`` as its plain-text form.

    ``thing`` is an SVG text, anything that draws itself as SVG (a ``Picture``, a game state, a
    board, IPython's ``SVG``) or a widget. A widget also gets the words as HTML, which a page
    viewer without widgets (and JupyterLab, before the notebook is trusted) shows in its place.
    End ``words`` with what running the page brings, e.g. "(run the page to see the picture)".

    >>> import ipywidgets
    >>> bundle = Shown(ipywidgets.Button(description="Go"), "A button (run the page to press it).")._repr_mimebundle_()
    >>> sorted(bundle)
    ['application/vnd.jupyter.widget-view+json', 'text/html', 'text/plain']
    >>> bundle["text/html"]
    '<p><i>A button (run the page to press it).</i></p>'
    """

    def __init__(self, thing: object, words: str):
        if not isinstance(words, str) or not words.strip():
            raise ValueError("Shown needs the words to show in the picture's place, not an empty text")
        self.thing, self.words = thing, words
        self.data = rich_data(thing)

    def __repr__(self) -> str:
        return self.words

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict[str, object]:
        data = dict(self.data)
        if SVG in data:
            data[SVG] = titled(data[SVG], self.words)
        data["text/plain"] = self.words
        if WIDGET in data:
            data["text/html"] = f"<p><i>{html.escape(self.words)}</i></p>"
        return data


def rich_data(thing: object) -> dict[str, object]:
    """The picture's SVG or the widget's view, keyed by its kind of output (no plain text)."""
    if isinstance(thing, str):
        return {SVG: thing}
    bundle = thing._repr_mimebundle_() if hasattr(thing, "_repr_mimebundle_") else None
    if bundle and WIDGET in bundle:
        return {WIDGET: bundle[WIDGET]}
    if hasattr(thing, "_repr_svg_"):
        return {SVG: thing._repr_svg_()}
    raise TypeError(f"Shown shows an SVG text, a picture or a widget, not a {type(thing).__name__}")


def titled(svg: str, words: str) -> str:
    """``svg`` with ``words`` as its title, its text alternative: JupyterLab draws a picture output as
    an image, and the page (accessible.js of the Voila page and of the site) gives that image the
    picture's title as its alternative text. A picture that has a title keeps it.

    >>> titled('<svg xmlns="http://www.w3.org/2000/svg" width="9"><g/></svg>', "A <small> card")
    '<svg xmlns="http://www.w3.org/2000/svg" width="9"><title>A &lt;small&gt; card</title><g/></svg>'
    >>> titled("<svg xmlns='http://www.w3.org/2000/svg'/>", "Nothing yet")
    "<svg xmlns='http://www.w3.org/2000/svg'><title>Nothing yet</title></svg>"
    """
    start = svg.find("<svg")
    if start < 0:
        return svg
    end = svg.index(">", start) + 1
    if svg[end:].lstrip().startswith("<title"):
        return svg
    title = f"<title>{html.escape(words, quote=False)}</title>"
    if svg[end - 2] == "/":                               # <svg .../>: an empty picture
        return f"{svg[:end - 2].rstrip()}>{title}</svg>{svg[end:]}"
    return f"{svg[:end]}{title}{svg[end:]}"
