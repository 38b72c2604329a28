"""The Syndicate's scoring walkthrough, driven as the page drives it: pick the cards, see what counts."""

import pytest

from plateau_lab.core import ParseError
from plateau_lab.ui.walkthroughs.syndicate import NO_CARD, ScoringWalkthrough


def test_walkthrough_scores_the_rulebooks_first_example():
    widget = ScoringWalkthrough("Diplomat", "Author", ("Merchant", "Cave"))
    assert widget.totals == (10, 9) and widget.points == (1, 0)
    assert "scores 1 point (he played a face-down card)" in widget.result.value
    assert "Cave (7, Waves+Wyrms, location) shares no mark with the lead: it does not count." in widget.result.value


def test_walkthrough_without_the_face_down_card_is_foiled():
    widget = ScoringWalkthrough("Diplomat", None, ("Merchant", "Cave"))
    assert widget.face_down_picker.value == NO_CARD
    assert widget.totals == (8, 9) and widget.points == (0, 1) and "foiled" in widget.result.value


def test_walkthrough_counts_a_led_ace_eleven_with_its_crown():
    widget = ScoringWalkthrough("Ace of Waves", "Sea", ("Sailor", "Journey"))
    assert widget.totals == (21, 7) and widget.points == (1, 0)
    assert "the Crown of its suit (Sea) was played: it counts 11" in widget.result.value
    widget.face_down_picker.value = NO_CARD
    assert widget.totals == (1, 7) and widget.points == (0, 1)


def test_walkthrough_ties_score_nothing():
    widget = ScoringWalkthrough("Castle", None, ("Cave", "Ace of Suns"))
    assert widget.totals == (7, 7) and widget.points == (0, 0) and "nobody scores" in widget.result.value


def test_walkthrough_refuses_a_card_chosen_twice():
    widget = ScoringWalkthrough()
    widget.answer_pickers[0].value = "Diplomat"
    assert widget.problem == "Diplomat is chosen twice; every card is in the deck once."
    assert widget.totals is None and "chosen twice" in widget.result.value
    widget.answer_pickers[0].value = "Pact"
    assert widget.problem is None and widget.totals == (10, 0)


def test_walkthrough_refuses_unknown_cards_with_a_parse_error():
    with pytest.raises(ParseError, match="answer 2: no card named 'Dragon'"):
        ScoringWalkthrough("Diplomat", None, ("Merchant", "Dragon"))
    with pytest.raises(ValueError, match="two answers"):
        ScoringWalkthrough("Diplomat", None, ("Merchant",))
