"""What the generic tests read of this game beyond its registry entry (tests/test_score_sheets.py, test_guided.py,
test_palette.py, test_lead_changes.py)."""

from plateau_lab.core.render import PAPER
from plateau_lab.games.syndicate.render import SUIT_COLOURS

#: Words of the game's scoring that its score sheet must say (in the title, the notes or the items).
SHEET_WORDS = ("mastermind", "turn")

#: Rule options that change the scoring, played besides the short game's.
SCORING_VARIANTS = ()

#: Whether cards stay hidden from some seat when the table pauses to show the score sheet (the
#: test then checks that it names none of them, and that it met some).
CARDS_HIDDEN_AT_PAUSES = True

#: The game's word for the cards' kinds in its rules: "colour" or "suit" (its texts never say the other).
SUIT_WORD = "suit"


def pause_options(players: int) -> dict:
    """Options of the games the score sheet test plays at each player count."""
    return {}


#: The players the lead-change tests play at, and a variant they compare with the rulebook.
LEAD_CHANGE_PLAYERS = 3
LEAD_CHANGE_VARIANT = {"target": 13}


def round_ended(before, after) -> bool:
    """Whether the move from ``before`` to ``after`` ended a round, a turn here: the table is cleared
    once both enforcers have answered (tests/test_lead_changes.py)."""
    return after.table is None


def round_of(state) -> int:
    """The number of the round (the turn) under way."""
    return state.turn_number


#: The colours the game tells its cards apart by (tests/test_palette.py: apart for colour-blind eyes).
PALETTES = {"The Syndicate's suits": SUIT_COLOURS}
#: The marks that tell cards apart, each ink with its ground (a colour for all, or None: each pair's own).
MARKS = [("The Syndicate's suit symbols on a card", list(SUIT_COLOURS.values()), PAPER)]
