"""Heuristic bots for Plotters Inc. that read only what their seat may see, and the game's rules.

The ``HeuristicBot`` values an outcome by how much it would raise its round score now (``a × b //
r`` with its open stacks and discard pile), so it favours the colours it already collects and
dodges cards that would only swell the divisor:

- playing while players are still to play to the trick, it plays its highest card that would
  make it High now (High chooses its cards); with none, the card that gives away least of what
  it collects, a card that cannot leave it Low going first;
- playing last, it tries every legal card: if the card would make it High it counts its pick of
  the cards on the table, if it would make it Low it counts the cards High would leave it (High
  picking as this bot would), and otherwise nothing;
- as High it takes the cards that raise its lead over the others' average most: its own score,
  less what the rest gives Low (one at a time, as the rules offer);
- holding all four colours, it keeps the pair that scores most.

It reads every number from the game's rules (``state.rules``): the cards High picks, how many
colours score, when colours must be kept, which cards a trick allows. The ``BoldBot`` weighs the
same values but counts an outcome in full while players are still to come, and a loss of points
at half, playing to be High or Low at once. The decisions are :mod:`.heuristics`' (which the fast
path asks too): a bot here writes its seat's observation as card numbers and plays the legal
action they choose.

>>> from plateau_lab.games import plotters
>>> from plateau_lab.core import play_out
>>> play_out(plotters.new_game(4, seed=2), [HeuristicBot(s) for s in range(4)]).is_over
True
"""

from __future__ import annotations

from .cards import COLOURS, PLAYERS, Card
from .engine import KEEP_PHASE, PLAY_PHASE, TAKE_PHASE, State, low_play
from .heuristics import (BOLD, BOLD_DREAD, DREAD, UNCERTAIN, code, heuristic_keep, heuristic_play, heuristic_take,
                         score_after, scores_for)
from .rules import Rules, rules_of

__all__ = ["score_with", "BoldBot", "HeuristicBot"]


def score_with(sizes: tuple[int, ...], discarded: int, kept: tuple[str, ...] | None,
               cards: tuple[Card, ...], rules: Rules | None = None) -> int:
    """The round score after taking ``cards`` (keeping the best two colours if all four are then held),
    under ``rules`` (the rulebook's when None): how many colours score and when they are kept; the
    bots' :func:`.heuristics.score_after` on cards and colour names.

    >>> from .cards import parse_card
    >>> score_with((3, 2, 0, 0), 0, None, (parse_card("G5"), parse_card("R1")))    # 3 × 3 // 1
    9
    """
    rules = rules_of(min(PLAYERS), {}) if rules is None else rules
    collection = [list(sizes), discarded, None if kept is None else tuple(map(COLOURS.index, kept))]
    return score_after(collection, [code(card) for card in cards], scores_for(rules))


class HeuristicBot:
    """Plays to be High, takes the cards that raise its lead most, and plays last to be High or Low
    when that pays.

    It reads only its observation and the legal actions. It needs no randomness: equal values go
    to the first option in a fixed order, so the same position always gets the same move. The
    ``seed`` is taken, as every registered bot takes one, and ignored.
    """

    #: How much an outcome counts while players are still to play to the trick.
    uncertain = UNCERTAIN
    #: How much a loss of points counts against a gain.
    dread = DREAD

    def __init__(self, seed: int = 0):
        self.seed = seed

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def choose(self, state: State):
        seat = state.current_player
        seen = state.observation(seat)
        legal, rules, phase = seen["legal_actions"], state.rules, seen["phase"]
        if phase not in (PLAY_PHASE, TAKE_PHASE, KEEP_PHASE):
            return legal[0]  # deal the next round
        scores = scores_for(rules)
        collections = [[[len(stack) for stack in stacks], discarded, None if kept is None else
                        tuple(map(COLOURS.index, kept))]
                       for stacks, discarded, kept in zip(seen["stacks"], seen["discard_sizes"], seen["kept"])]
        if phase == PLAY_PHASE:
            return legal[heuristic_play([code(action.card) for action in legal],
                                        [(player, code(card)) for player, card in seen["trick"]], seat, collections,
                                        seen["players"], rules.high_takes, scores, (self.uncertain, self.dread))]
        if phase == TAKE_PHASE:
            picked = [code(seen["trick"][index][1]) for index in seen["picked"]]
            low = low_play(seen["trick"])
            return legal[heuristic_take([code(action.card) for action in legal], picked, collections, seat,
                                        None if low is None else low[0], rules.high_takes, scores)]
        return legal[heuristic_keep(collections[seat], scores)]


class BoldBot(HeuristicBot):
    """The heuristic bot's values, counted in full even while players are still to play to the
    trick, and a loss of points counting half: it goes for High or Low at once, where the
    ``HeuristicBot`` waits to be sure, and risks being left the rest of a trick.

    >>> from plateau_lab.games import plotters
    >>> from plateau_lab.core import play_out
    >>> play_out(plotters.new_game(4, seed=2), [BoldBot(s) for s in range(4)]).is_over
    True
    """

    uncertain = BOLD
    dread = BOLD_DREAD
