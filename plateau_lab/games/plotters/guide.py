"""Plotters Inc.'s guided first game: a fixed deal for four players, the learner in seat 1.

The table walks the learner through the first eleven tricks of round 1: leading sets the trump
colour, nobody has to follow, High (the highest trump) picks half the trick one card at a time,
Low (the lowest card of another colour) takes the rest and leads, the open stacks, and a trick's
limit of three colours; then the learner plays the round on (``plateau_lab.ui.guided``).

>>> GUIDE.title, len(GUIDE.steps), str(GUIDE.replay().end.history[-1])
('Plotters Inc.', 11, 'play R12')
"""

from __future__ import annotations

from ...core.guide import Guide, GuideStep

__all__ = ["GUIDE"]

GUIDE = Guide(
    game="plotters", players=4, seat=1, seed=5,
    steps=(
        GuideStep("play B14", "You sit left of the dealer, so you lead the first trick. Lead any card: its colour "
                              "is trump for this trick, and whoever plays the highest trump is High, who picks half "
                              "the trick. Lead the blue 14, the highest blue there is."),
        GuideStep("take B14", "Nobody has to follow colour. Your blue 14 is the highest blue, so you are High: you "
                              "pick 2 of the 4 cards, one at a time. Player 0's yellow 7, the lowest card that is "
                              "not blue, is Low: he takes the other 2 and leads next. Cards you take go to your "
                              "open stacks, one per colour. Click your blue 14 in the trick.",
                  before=("play Y13", "play R14", "play Y7")),
        GuideStep("take Y13", "Pick a second card: the yellow 13. At the end of the round your two largest open "
                              "stacks are multiplied together, so a second colour is worth having."),
        GuideStep("play Y1", "Player 0, Low of the last trick, leads the red 13: red is trump. Low is the lowest "
                             "card of another colour than trump: play your yellow 1 to be Low, take the cards High "
                             "leaves and lead next.",
                  before=("play R13",)),
        GuideStep("play G13", "You were Low: you took the 2 cards High left (green 11 and yellow 14), and you "
                              "lead. Lead the green 13: green is trump for this trick.",
                  before=("play G11", "play Y14", "take R13", "take Y1")),
        GuideStep("play G8", "Red is trump, and the trick holds red and yellow. A trick may hold at most three "
                             "colours, so green, a third, is allowed. Play the green 8: it is lower than the yellow "
                             "9, so you are Low and lead next.",
                  before=("play Y11", "play Y12", "play G14", "take Y11", "take Y12", "play R10", "play Y9",
                          "play R11")),
        GuideStep("play G6", "Player 0 was High and picked both reds, so you took the yellow 9 and your green 8. "
                             "Lead again: the green 6 makes green trump.",
                  before=("take R10", "take R11")),
        GuideStep("play B11", "Yellow is trump. Play the blue 11: it is lower than player 0's blue 13, so it is "
                              "Low unless a lower card of another colour than yellow comes.",
                  before=("play G10", "play R8", "play G12", "take R8", "take G6", "play Y8", "play B13")),
        GuideStep("play B9", "You were Low and took both blues. Lead the blue 9: blue is trump for this trick.",
                  before=("play Y10", "take Y8", "take Y10")),
        GuideStep("play Y4", "Green is trump and the trick holds green and blue. Play the yellow 4: a third "
                             "colour is still allowed.",
                  before=("play R9", "play R7", "play B12", "take R9", "take R7", "play G4", "play B10")),
        GuideStep("play R12", "The trick already holds three colours: green, red and yellow. A fourth colour is "
                              "not allowed, so your blue 2 cannot be played. Play the red 12.",
                  before=("play B1", "take G4", "take B10", "play G3", "play R6", "play Y5")),
    ),
    farewell="Whoever holds all four colours in his open stacks keeps two; the other two go face down to his "
             "discard pile. At the end of the round you score your two largest open stacks multiplied, divided "
             "by all the other cards you collected.",
)
