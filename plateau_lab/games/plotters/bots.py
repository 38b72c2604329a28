"""A heuristic bot for Plotters Inc. that reads only what its seat may see.

The ``HeuristicBot`` values every outcome by how much it would raise its own round score now
(``a × b // r`` with its open stacks and discard pile), so it favours the colours it already
collects and dodges cards that would only swell the divisor:

- playing, it tries every legal card: if the card would make it High it counts the best pick
  of the cards on the table, if it would make it Low it counts the cards High would leave it
  (High taking what suits High best), and otherwise nothing; as long as players are still to
  come, these values are less certain and count for less;
- as High it takes the cards that raise its score most (one at a time, as the rules offer);
- holding all four colours, it keeps the pair that scores most.

>>> from plateau_lab.games import plotters
>>> from plateau_lab.core import play_out
>>> play_out(plotters.new_game(4, seed=2), [HeuristicBot(s) for s in range(4)]).is_over
True
"""

from __future__ import annotations

from itertools import combinations

from .cards import COLOURS, KEEP, TAKE, Card, Keep, Play, Take
from .engine import KEEP_PHASE, PLAY_PHASE, TAKE_PHASE, State, high_play, high_share, low_play, score_round

__all__ = ["UNCERTAIN", "score_with", "HeuristicBot"]


UNCERTAIN = 0.5
"""How much an outcome counts while players are still to play to the trick."""


def score_with(sizes: tuple[int, ...], discarded: int, kept: tuple[str, str] | None,
               cards: tuple[Card, ...]) -> int:
    """The round score after taking ``cards`` (keeping the best two colours if all four are then held)."""
    counts = list(sizes)
    for card in cards:
        if kept is not None and card.colour not in kept:
            discarded += 1
        else:
            counts[COLOURS.index(card.colour)] += 1
    if kept is None and all(counts):
        return max(score_round((counts[i], counts[j]), discarded + sum(counts) - counts[i] - counts[j])
                   for i, j in combinations(range(len(COLOURS)), 2))
    return score_round(tuple(counts), discarded)


class HeuristicBot:
    """Takes the cards that raise its score most and plays to be High or Low when that pays.

    It reads only its observation and the legal actions. It needs no randomness: equal values go
    to the first option in a fixed order, so the same position always gets the same move. The
    ``seed`` is taken, as every registered bot takes one, and ignored.
    """

    def __init__(self, seed: int = 0):
        self.seed = seed

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed})"

    def choose(self, state: State):
        seat = state.current_player
        seen = state.observation(seat)
        if seen["phase"] == PLAY_PHASE:
            return self._play(seen, seat)
        if seen["phase"] == TAKE_PHASE:
            return self._take(seen, seat)
        if seen["phase"] == KEEP_PHASE:
            return self._keep(seen, seat)
        return seen["legal_actions"][0]  # deal the next round

    @staticmethod
    def _collection(seen: dict, seat: int) -> tuple[tuple[int, ...], int, tuple[str, str] | None]:
        return tuple(len(stack) for stack in seen["stacks"][seat]), seen["discard_sizes"][seat], seen["kept"][seat]

    def _gain(self, seen: dict, seat: int, cards: tuple[Card, ...]) -> int:
        sizes, discarded, kept = self._collection(seen, seat)
        return score_with(sizes, discarded, kept, cards) - score_with(sizes, discarded, kept, ())

    def _best_pick(self, seen: dict, seat: int, cards: tuple[Card, ...], share: int) -> tuple[Card, ...]:
        """The ``share`` cards of ``cards`` worth most to ``seat`` (all of them if fewer)."""
        if len(cards) <= share:
            return cards
        return max(combinations(cards, share), key=lambda pick: self._gain(seen, seat, pick))

    def _play(self, seen: dict, seat: int) -> Play:
        players = seen["players"]
        share = high_share(players)
        best, best_value = None, None
        for action in seen["legal_actions"]:
            card = action.card
            trick = seen["trick"] + ((seat, card),)
            cards = tuple(c for _, c in trick)
            high_seat, high_card = high_play(trick)
            low = low_play(trick)
            weight = 1.0 if len(trick) == players else UNCERTAIN
            if high_seat == seat:
                value = weight * self._gain(seen, seat, self._best_pick(seen, seat, cards, share))
                value += (1 - weight) * card.number / 21  # a high lead is likelier to stay High
            elif low is not None and low[0] == seat:
                taken_by_high = self._best_pick(seen, high_seat, cards, share)
                value = weight * self._gain(seen, seat, tuple(c for c in cards if c not in taken_by_high))
            else:
                value = 0.0
            # ties: give away cards of colours it does not collect, then the higher card
            value += 0.01 * (self._gain(seen, seat, ()) - self._gain(seen, seat, (card,))) + card.number / 10_000
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best

    def _take(self, seen: dict, seat: int) -> Take:
        share = high_share(seen["players"])
        picked = tuple(seen["trick"][index][1] for index in seen["picked"])
        options = [action.card for action in seen["legal_actions"]]
        still = share - len(picked)
        best = max(combinations(options, still), key=lambda pick: self._gain(seen, seat, picked + pick))
        return TAKE[max(best, key=lambda card: self._gain(seen, seat, picked + (card,)))]

    def _keep(self, seen: dict, seat: int) -> Keep:
        sizes, discarded, _ = self._collection(seen, seat)
        total = sum(sizes)

        def score(pair: tuple[str, str]) -> int:
            kept_sizes = [sizes[COLOURS.index(colour)] for colour in pair]
            return score_round(tuple(kept_sizes), discarded + total - sum(kept_sizes))

        return KEEP[max(KEEP, key=score)]
