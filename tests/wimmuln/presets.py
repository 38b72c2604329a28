"""What the generic tests read of this game beyond its registry entry (tests/test_score_sheets.py, test_guided.py,
test_palette.py)."""

from plateau_lab.games.wimmuln.render import INKS, TINTS

#: Words of the game's scoring that its score sheet must say (in the title, the notes or the items).
SHEET_WORDS = ("cross", "face up", "face down", "triangle", "bonus", "trick")

#: Rule options that change the scoring, played besides the short game's.
SCORING_VARIANTS = ()

#: Whether cards stay hidden from some seat when the table pauses to show the score sheet (the
#: test then checks that it names none of them, and that it met some).
CARDS_HIDDEN_AT_PAUSES = False

#: The game's word for the cards' kinds in its rules: "colour" or "suit" (its texts never say the other).
SUIT_WORD = "colour"


def pause_options(players: int) -> dict:
    """Options of the games the score sheet test plays at each player count."""
    return {"rounds": 2}


#: The colours the game tells its cards apart by (tests/test_palette.py: apart for colour-blind eyes).
PALETTES = {"Wimmuln's colours": INKS}
#: The marks that tell cards apart, each ink with its ground (a colour for all, or None: each pair's own).
MARKS = [("Wimmuln's triangles on their card", [(ink, TINTS[colour]) for colour, ink in INKS.items()], None)]
