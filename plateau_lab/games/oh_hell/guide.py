"""Oh Hell's guided first game: one fixed hand of nine cards for four players, the learner dealing.

The table walks the learner through the bid (the dealer's hook) and seven cards: following suit,
a trump beating the suit led, playing any card when void, the winner leading, and what a made
bid is worth; the last two tricks are the learner's own (``plateau_lab.ui.guided``).

>>> GUIDE.title, len(GUIDE.steps), str(GUIDE.replay().end.history[-1])
('Oh Hell', 8, 'play 4S')
"""

from __future__ import annotations

from ...core.guide import Guide, GuideStep

__all__ = ["GUIDE"]

GUIDE = Guide(
    game="oh_hell", players=4, seat=0, seed=0, variant={"tricks": 9},
    steps=(
        GuideStep("bid 2", "You dealt, so you bid last: say how many of the 9 tricks you will win. Winning exactly "
                           "that many earns 10 points more. The others bid 2, 1 and 1, so you may not bid 5: the "
                           "dealer may never make the bids add up to the tricks. Diamonds are trumps (the card "
                           "turned up) and you hold the king, so press bid 2 tricks.",
                  before=("bid 2", "bid 1", "bid 1")),
        GuideStep("play 5H", "Player 1, left of the dealer, led the ace of hearts. You must follow suit: you hold "
                             "hearts, so play a heart. Nobody has trumped, so the ace wins: play your lowest "
                             "heart, the 5.",
                  before=("play AH", "play 2H", "play 4H")),
        GuideStep("play 9D", "The winner of a trick leads the next: player 1 led a diamond, a trump. Follow suit "
                             "with a diamond. Player 2's ace is the highest trump and wins, so keep your king and "
                             "play the 9 of diamonds.",
                  before=("play JD", "play AD", "play 3D")),
        GuideStep("play 10H", "Player 2 won and leads a heart. Follow suit: your 10 of hearts beats the 9 played "
                              "so far, so play it.",
                  before=("play 3H", "play 9H")),
        GuideStep("play JC", "Player 1 held no heart and played the 2 of diamonds: any trump beats every card of "
                             "the suit led, so he took that trick. Now clubs are led and the jack is your only "
                             "club: you must play it.",
                  before=("play 2D", "play 3C", "play KC", "play 5C")),
        GuideStep("play KD", "Clubs are led again and you hold none, so you may play any card. A trump wins a "
                             "trick of another suit: play the king of diamonds to win your first trick.",
                  before=("play 6C", "play 10C")),
        GuideStep("play KH", "You won the trick, so you lead the next, any card you like. The ace of hearts is "
                             "gone, so only a trump can beat the king of hearts: lead it.",
                  before=("play 8C",)),
        GuideStep("play 4S", "That makes 2 tricks, the number you bid. Every trick you win from now on costs "
                             "you the 10 points more, so lead your lowest card, the 4 of spades, and let "
                             "someone else win.",
                  before=("play 8S", "play 7H", "play QH")),
    ),
    farewell="Two tricks are left: try to lose both, to win exactly the 2 you bid. Each trick won scores 1 "
             "point, and winning exactly your bid 10 more.",
)
