"""The Syndicate's guided first game: a fixed deal, the learner the first mastermind.

The table walks the learner through eight turns: leading with a face-down card, answering a
lead's mark as an enforcer, answering anything when holding no card of that mark, leading an Ace
(its suit counts instead of a mark), and how a plot is scored; then the learner plays on to 12
points (``plateau_lab.ui.guided``).

>>> GUIDE.title, len(GUIDE.steps), GUIDE.replay().end.scores
('The Syndicate', 8, (8, 2, 4))
"""

from __future__ import annotations

from ...core.guide import Guide, GuideStep

__all__ = ["GUIDE"]

GUIDE = Guide(
    game="syndicate", players=3, seat=0, seed=7,
    steps=(
        GuideStep("lead Sailor + face down Savage",
                  "You are the mastermind: you lead one card face up and may add a second face down. Only cards "
                  "that share the lead's mark (P, L or E in the corner) count. Click the Sailor (4, a "
                  "personality) to lead it, then the Savage (3, a personality too) to add it face down: 7 "
                  "together."),
        GuideStep("play Desert",
                  "Your plot won, 7 against 6, and scored 1 point: a plot won with a face-down card scores 1, "
                  "without one 2. Now player 1 is the mastermind and leads the Darkness, a location. An enforcer "
                  "must answer with a card sharing the lead's mark if he holds one: the Desert is your only "
                  "location, so play it.",
                  before=("play Penitent", "play Ace of Moons", "lead Darkness", "play Mill")),
        GuideStep("play Ace of Leaves",
                  "The enforcers' 10 beat the mastermind's 9, so each enforcer, you too, scored 1 point. Player "
                  "2 leads the Forest, a location, and you hold none: you may answer with any card, and it will "
                  "not count. Give away the Ace of Leaves.",
                  before=("lead Forest",)),
        GuideStep("lead Ace of Wyrms",
                  "You are the mastermind again, and drew back up to 5 cards. An Ace has no mark: after an Ace, "
                  "the cards of its suit count, and the enforcers must answer with one if they can. Click the Ace "
                  "of Wyrms, then press lead Ace of Wyrms with no face-down card.",
                  before=("play Cave",)),
        GuideStep("play Mountain",
                  "Neither enforcer held a Wyrms card, so your 1 beat their 0, and a plot won with no face-down "
                  "card scores 2. Player 1 leads the Sea, a location: answer with your only location, the "
                  "Mountain.",
                  before=("play Origin", "play Lunatic", "lead Sea", "play End")),
        GuideStep("play Battle",
                  "The mastermind passes to the left each turn: player 2 leads the Castle, a location. You hold "
                  "none, so any card may go: play the Battle.",
                  before=("lead Castle",)),
        GuideStep("lead Ace of Waves",
                  "Your turn as mastermind. Click the Ace of Waves and press lead Ace of Waves with no face-down "
                  "card: the enforcers must answer with a Waves card if they hold one.",
                  before=("play Discovery",)),
        GuideStep("play Merchant",
                  "No Waves card came, so your plot scored 2 again. Player 1 leads the Ace of Knots with a card "
                  "face down. After an Ace you must play a card of its suit: the Merchant, the Betrayal and the "
                  "Author all carry Knots. Play the Merchant: it is the highest, 9, and both answers count "
                  "against the mastermind.",
                  before=("play Diplomat", "play Soldier", "lead Ace of Knots + face down Windfall", "play Market")),
    ),
    farewell="An Ace led counts 11 when the Crown of its suit is played in the same turn, even face down. The "
             "first player to reach 12 points wins.",
)
