"""The variant designer without a browser: one field per rule, what differs from the rulebook,
refusals in the engine's words, and the comparison played in the background with a progress bar,
Stop and partial results (plateau_lab.ui.variant_designer)."""

import html
import re

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.ui.comparison_table import _clear_words
from plateau_lab.ui.variant_designer import VariantDesigner

from widget_texts import FORBIDDEN, texts_of


def own_texts(designer) -> list[str]:
    """The designer's words apart from the games' own help lines for their rules."""
    helps = {html.unescape(re.sub(r"<[^>]+>", " ", field.children[1].value)) for field in designer.fields.values()}
    return [text for text in texts_of(designer) if text not in helps]


def test_a_difference_clear_alone_but_not_among_the_family_says_it_could_be_luck():
    row = dict(difference=0.05, low=0.01, high=0.09, clear=False)
    assert _clear_words(row, 15) == "not clear: could be luck among 15 measures"
    assert _clear_words(dict(row, clear=True), 15) == "yes: higher"


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_gets_a_designer_from_its_rules(name):
    spec = game_spec(name)
    designer = VariantDesigner(name)
    assert list(designer.fields) == list(spec.option_names)
    assert designer.variant == {} and designer.compare.disabled
    assert "nothing yet" in designer.differs.value and designer.refusal.value == ""
    assert not [text for text in own_texts(designer) if FORBIDDEN.search(text)]
    for option in spec.options:
        other = next((value for value in option.played_values() if value != option.default), None)
        if other is None:
            continue
        designer.fields[option.name].value = other
        assert option.name.replace("_", " ") in designer.differs.value or designer.refusal.value
        designer.fields[option.name].value = option.default
    assert designer.variant == {}


