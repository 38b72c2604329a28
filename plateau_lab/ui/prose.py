"""Sentences in a notebook: :func:`say` shows text the way a page shows prose.

``print`` puts text in a preformatted block, which Voilà breaks in the middle of a word at the
edge of a narrow page; :func:`say` takes the same arguments and shows each line as a paragraph
that wraps between words.

>>> paragraphs_html("Player 1 plays 7 red.\\nPlayer 2 wins <the trick>.")
"<div class='plateau-prose'><p>Player 1 plays 7 red.</p><p>Player 2 wins &lt;the trick&gt;.</p></div>"
"""

from __future__ import annotations

import html

__all__ = ["STYLE", "paragraphs_html", "say"]


STYLE = "<style>.plateau-prose p{margin:0.15em 0;overflow-wrap:normal;word-break:normal}</style>"


def paragraphs_html(text: str) -> str:
    """``text`` as HTML, one paragraph per line (blank lines dropped), every character escaped."""
    paragraphs = "".join(f"<p>{html.escape(line)}</p>" for line in text.splitlines() if line.strip())
    return f"<div class='plateau-prose'>{paragraphs}</div>"


def say(*parts: object, sep: str = " ") -> None:
    """Show ``parts`` as ``print`` would join them (``str`` of each, ``sep`` between), as paragraphs."""
    from IPython.display import HTML, display

    display(HTML(STYLE + paragraphs_html(sep.join(map(str, parts)))))
