"""Le Plateau's guided first game: the first hand of a fixed four-player deal, the learner forehand.

The table walks the learner through bidding (a bid names the shape to make, the exchange and the
team; a pass is final), the declarer's exchange and called partner, following suit and trumps,
and the counters a won trick puts on the board, to the end of the hand; then the learner plays
the next hands (``plateau_lab.ui.guided``).

>>> GUIDE.title, len(GUIDE.steps), str(GUIDE.replay().end.history[-1])
('Le Plateau', 10, 'play 9C')
"""

from __future__ import annotations

from ...core.guide import Guide, GuideStep

__all__ = ["GUIDE"]

GUIDE = Guide(
    game="le_plateau", players=4, seat=0, seed=1,
    steps=(
        GuideStep("bid Exchange Y Duo",
                  "You sit left of the dealer (forehand), so you bid first. A bid names the shape your team's "
                  "counters must make on the board (a Y joins three alternate sides), whether you take the "
                  "talon (Exchange), and the team (Duo: you call one partner). Each bid must be worth more than "
                  "the last. Click Exchange Y Duo in the bidding table: the lowest bid, worth 3."),
        GuideStep("pass",
                  "Players 1 and 2 bid higher: Exchange Fork Duo is worth 5 (a Fork is a Y that also joins two "
                  "opposite sides). Let player 2 have it: press pass. A pass is final: you bid no more this "
                  "hand.",
                  before=("bid No Exchange Y Duo", "bid Exchange Fork Duo", "pass")),
        GuideStep("play 7C",
                  "Player 2 is the declarer: he took the talon, discarded as many cards face down, and called "
                  "the king of spades, so its holder, player 1, is his partner. You and player 3 are the "
                  "opponents: you win the hand if their counters can no longer make a Fork. As forehand you "
                  "lead the first trick, any card: lead the 7 of clubs.",
                  before=("pass", "discard 7H", "discard 9H", "discard 10C", "call RS", "keep", "keep")),
        GuideStep("play VS",
                  "Player 1 won the first trick for the declarers. The winner puts his team's counters on the "
                  "trick's own space (the one marked 1 trick) and on the space of every trump and court card in it "
                  "(the king and the knight of clubs, RC and CC). Spades are led now: you must follow suit. "
                  "Play the jack of spades (VS).",
                  before=("play RC", "play CC", "play 8C", "play RS", "play 16", "play 6S")),
        GuideStep("play 7",
                  "Player 2 leads the Excuse, the highest trump. When trumps are led you must play a trump. "
                  "Nothing beats the Excuse, so play your lowest, trump 7.",
                  before=("play EXC", "play 9")),
        GuideStep("play 8",
                  "Trumps again: play a trump. The 20 is winning, so play your lowest, trump 8.",
                  before=("play 2", "play 20", "play 18")),
        GuideStep("play 8H",
                  "Hearts are led: follow suit. Your partner player 3's queen of hearts beats the 10, so far. "
                  "Play the 8 of hearts.",
                  before=("play 4", "play 10H", "play DH")),
        GuideStep("play DS",
                  "Player 3 won for your team: your counters went on trick 5 and on the queen and the knight of "
                  "hearts (DH, CH), and each one blocks the "
                  "declarers' shape. Spades are led and the queen is your only spade: play it.",
                  before=("play CH", "play 7S")),
        GuideStep("play RD",
                  "Diamonds are led and the king is your only diamond: play it. It wins unless a trump comes.",
                  before=("play CS", "play 3", "play 10D", "play 7D")),
        GuideStep("play 9C",
                  "Your king won: your team's counters go on trick 7 and on the king of diamonds (RD). The winner "
                  "leads: lead the 9 of clubs.",
                  before=("play 8D",)),
    ),
    farewell="A hand ends as soon as the declarers' counters make their shape (they win) or can no longer make "
             "it (they lose). Each opponent then wins or loses the bid's value, and the declarers the other "
             "way. Then the deal passes to the left.",
)
