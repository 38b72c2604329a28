"""Coloretto's guided first game: a fixed deal for four players, the learner in seat 0.

The table walks the learner through two rounds: drawing a card and placing it next to a row,
a row's room for three cards, taking a row and sitting out the rest of the round, the joker and
the "+2" card, and a new round starting; then the learner plays on (``plateau_lab.ui.guided``).

>>> GUIDE.title, len(GUIDE.steps), GUIDE.replay().end.observation(0)["collections"][0]
('Coloretto', 10, (Card('yellow'), Card('joker'), Card('grey'), Card('+2'), Card('blue')))
"""

from __future__ import annotations

from ...core.guide import Guide, GuideStep

__all__ = ["GUIDE"]

GUIDE = Guide(
    game="coloretto", players=4, seat=0, seed=3,
    steps=(
        GuideStep("draw", "On your turn you do one of two things: draw the top card of the supply and place it "
                          "next to a row, or take a row with all its cards. Rows 1 and 2 are still empty: click "
                          "the supply to draw a card.",
                  before=("draw", "place row 3", "draw", "place row 4")),
        GuideStep("place row 2", "You drew a blue card, and now you must place it next to a row with room: a row "
                                 "holds at most 3 cards. Click row 2 to lay it there."),
        GuideStep("draw", "Player 2 took row 2, your blue card with it: whoever takes a row keeps all its cards "
                          "and sits out the rest of the round. Draw again: click the supply.",
                  before=("draw", "place row 2", "take row 2", "draw", "place row 1")),
        GuideStep("place row 1", "A yellow card, the colour you started with. Place it next to row 1, with the "
                                 "\"+2\": a \"+2\" card scores 2 points at the end, whatever colours you "
                                 "collect."),
        GuideStep("take row 3", "Player 1 took the row you built: anyone may take a row that holds a card. Now "
                                "take row 3 instead: click it. The joker in it counts as any colour you like at "
                                "the end, and the grey card comes with it. Then you sit out until the round ends.",
                  before=("take row 1", "draw", "place row 3")),
        GuideStep("draw", "Everyone took a row, so the round is over: player 3, who took the last row, starts the "
                          "next one, and the rows are empty again. Draw a card: click the supply.",
                  before=("draw", "place row 4", "take row 4", "draw", "place row 1")),
        GuideStep("place row 2", "A \"+2\" card. Place it next to row 2: click the row."),
        GuideStep("draw", "Player 3 took row 3 holding a single orange card: a row may be taken as soon as it "
                          "holds one card. Draw again: click the supply.",
                  before=("draw", "place row 3", "draw", "place row 1", "take row 3")),
        GuideStep("place row 1", "Yellow again. Place it next to row 1, with the blue and the green: that row is "
                                 "then full, so nobody can add a card to it."),
        GuideStep("take row 2", "Player 2 took the full row 1. Row 2 holds your \"+2\" and a blue card: take it "
                                "now, before someone else does. Click row 2.",
                  before=("draw", "place row 2", "take row 1")),
    ),
    farewell="The others finish the round, and a new one starts. The game ends after the round in which the "
             "card announcing the last round is drawn. Then three colours of your choice score plus (1, 3, 6, 10, 15, 21 "
             "points for 1 to 6 cards) and every other colour minus; each joker takes any colour.",
)
