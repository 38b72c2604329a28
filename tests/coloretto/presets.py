"""What the generic tests read of this game beyond its registry entry (tests/test_score_sheets.py, test_guided.py,
test_palette.py, test_lead_changes.py, test_learner_words.py)."""

import random

from plateau_lab.core import game_spec
from plateau_lab.games.coloretto.cards import PAINT

#: Words of the game's scoring that its score sheet must say (in the title, the notes or the items).
SHEET_WORDS = ("colours score plus", "card")

#: Rule options that change the scoring, played besides the short game's.
SCORING_VARIANTS = ({"scoring": "grey"},)

#: Whether cards stay hidden from some seat when the table pauses to show the score sheet (the
#: test then checks that it names none of them, and that it met some).
CARDS_HIDDEN_AT_PAUSES = False

#: The game's word for the cards' kinds in its rules: "colour" or "suit" (its texts never say the other).
SUIT_WORD = "colour"


def pause_options(players: int) -> dict:
    """Options of the games the score sheet test plays at each player count."""
    return {}


def walkthrough_options() -> dict:
    """What the scoring walkthrough is made with in tests/test_learner_words.py: the cards one player
    took in a real game (the one with the most jokers) and the colours in play."""
    state, rng = game_spec("coloretto").new_game(3, seed=4), random.Random(4)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    cards = max(state.collections, key=lambda taken: sum(card.is_joker for card in taken))
    return {"cards": cards, "colours_in_play": state.colours}


#: The players the lead-change tests play at, and a variant they compare with the rulebook.
LEAD_CHANGE_PLAYERS = 4
LEAD_CHANGE_VARIANT = {"plus_colours": 2}


def round_ended(before, after) -> bool:
    """Whether the move from ``before`` to ``after`` ended a round (tests/test_lead_changes.py)."""
    return after.is_over or after.round_number != before.round_number


def round_of(state) -> int:
    """The number of the round under way."""
    return state.round_number


#: The colours the game tells its cards apart by (tests/test_palette.py: apart for colour-blind eyes).
PALETTES = {"Coloretto's seven colours": PAINT}
