"""What a picture's SVG says beside its colours, for the tests that colour is never the only cue
(tests/<game>/test_palette.py)::

    from svg_text import symbols_of, words_of
"""

import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def words_of(svg):
    """The texts a picture writes."""
    return {node.text for node in ET.fromstring(svg).iter(f"{SVG}text")}


def symbols_of(svg):
    """The symbols a picture draws (their ``data-symbol``), in drawing order."""
    return [node.get("data-symbol") for node in ET.fromstring(svg).iter() if node.get("data-symbol")]
