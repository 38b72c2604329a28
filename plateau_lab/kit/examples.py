"""Games of the package written again with the kit: the proof that a description plays exactly the
games of a hand-written engine (``tests/kit`` compares them move by move).

:data:`OH_HELL` is Oh Hell as ``plateau_lab.games.oh_hell`` plays it by the standard rules: the
cards dealt drawn from the seed (1 to the most the deck allows), the next card turned up for trumps,
bids with the hook rule, a point a trick and 10 more for the exact bid.

>>> state = OH_HELL.new_game(4, seed=11)
>>> state.phase, state.current_player == (state.dealer + 1) % 4
('bid', True)
"""

from __future__ import annotations

__all__ = ["OH_HELL", "OH_HELL_DESCRIPTION"]

from .description import Bidding, Scoring, TrickGame
from .game import define

OH_HELL_DESCRIPTION = TrickGame(
    name="kit_oh_hell",
    title="Oh Hell (with the kit)",
    players=range(3, 8),
    suits="CDSH",
    ranks="2 3 4 5 6 7 8 9 10 J Q K A",
    hand_size=lambda players, most, rng: rng.randint(1, most),
    trumps="turned up",
    bidding=Bidding(hook_rule=True),
    scoring=Scoring(per_trick=1, exact_bid_bonus=10),
    rules={"hand_size": "Each player is dealt from 1 card to as many as the deck allows, drawn at random."},
)

#: Oh Hell, described with the kit and registered as ``kit_oh_hell``.
OH_HELL = define(OH_HELL_DESCRIPTION)
