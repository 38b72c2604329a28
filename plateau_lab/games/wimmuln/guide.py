"""Wimmüln's guided first game: a fixed deal for four players, the learner left of the dealer.

The table walks the learner through the cross (two guesses of the tricks he will win), the
dealer's trump colour, following the colour led, a trump beating the colour led, leading after a
won trick, and the bonus for hitting a guess; then the learner plays the round on
(``plateau_lab.ui.guided``).

>>> GUIDE.title, len(GUIDE.steps), GUIDE.replay().end.observation(1)["tricks_won"][1]
('Wimmüln', 8, 5)
"""

from __future__ import annotations

from ...core.guide import Guide, GuideStep

__all__ = ["GUIDE"]

GUIDE = Guide(
    game="wimmuln", players=4, seat=1, seed=2,
    steps=(
        GuideStep("lay 5 blue over 5 green",
                  "Yellow is trumps: the dealer showed his last two cards, and the lower one's colour is trumps. "
                  "Before the first trick everyone lays two cards as a cross, one face up on top and one face "
                  "down beneath: their numbers are two guesses of how many tricks you will win, and hitting one "
                  "earns a bonus. Click the 5 blue (on top), then the 5 green (beneath): both guess 5 tricks."),
        GuideStep("play 6 red",
                  "All the crosses are turned up. The dealer's 4 red opens the first trick. You must follow the "
                  "colour led: you hold red, so play a red card. The 6 red beats the 4.",
                  before=("lay 2 blue over 2 green", "lay 5 black over 3 blue", "lay 3 green over 3 yellow")),
        GuideStep("play 8 yellow",
                  "Player 3 held no red and played the 0 yellow: any trump beats every card of another colour, so "
                  "he won the trick, and the winner leads the next. Yellow is led: follow with yellow. The 8 "
                  "yellow beats the 7.",
                  before=("play 0 red", "play 0 yellow", "play 7 yellow", "play 1 yellow")),
        GuideStep("play 9 yellow",
                  "Your 8 won, so you lead, any card you like. Lead the 9 yellow: it is the highest trump, so it "
                  "wins whatever comes.",
                  before=("play 1 yellow",)),
        GuideStep("play 6 yellow",
                  "Two tricks are yours. Lead the 6 yellow: the others must follow yellow if they can.",
                  before=("play 4 yellow", "play 7 yellow", "play 1 red")),
        GuideStep("play 2 yellow",
                  "Three tricks. Players 3 and 0 had no yellow left. Lead the 2 yellow.",
                  before=("play 5 yellow", "play 0 black", "play 1 red")),
        GuideStep("play 9 red",
                  "Four tricks. Lead the 9 red: the highest card of the colour led wins when no trump is played.",
                  before=("play 0 blue", "play 1 green", "play 1 blue")),
        GuideStep("play 1 blue",
                  "Five tricks: the number on both cards of your cross. Winning exactly 5 now earns the bonus, "
                  "so lose every trick from here on. Lead the 1 blue, a low card.",
                  before=("play 3 red", "play 1 green", "play 2 red")),
    ),
    farewell="Keep losing tricks to stay at 5. At the end of the round each triangle on the cards in your "
             "tricks is a point, and tricks equal to a card of your cross earn a bonus: lower face-down 5, higher "
             "face-down 10, lower face-up 10, higher face-up 20, both cards equal 25.",
)
