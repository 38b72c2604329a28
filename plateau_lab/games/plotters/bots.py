"""Heuristic bots for Plotters Inc. that read only what their seat may see, and the game's rules.

The ``HeuristicBot`` values every outcome by how much it would raise its own round score now
(``a × b // r`` with its open stacks and discard pile), so it favours the colours it already
collects and dodges cards that would only swell the divisor:

- playing, it tries every legal card: if the card would make it High it counts the best pick
  of the cards on the table, if it would make it Low it counts the cards High would leave it
  (High taking what suits High best), and otherwise nothing; as long as players are still to
  come, these values are less certain and count for less;
- as High it takes the cards that raise its score most (one at a time, as the rules offer);
- holding all four colours, it keeps the pair that scores most.

It reads every number from the game's rules (``state.rules``): the cards High picks, how many
colours score, when colours must be kept, which cards a trick allows. The ``BoldBot`` weighs the
same values but counts an outcome in full while players are still to come, and a loss of points
at half, playing to be High or Low at once.

>>> from plateau_lab.games import plotters
>>> from plateau_lab.core import play_out
>>> play_out(plotters.new_game(4, seed=2), [HeuristicBot(s) for s in range(4)]).is_over
True
"""

from __future__ import annotations

from itertools import combinations

from .cards import COLOURS, MOST_NUMBER, PLAYERS, TAKE, Card, Keep, Play, Take
from .engine import KEEP_PHASE, PLAY_PHASE, TAKE_PHASE, State, high_play, low_play, score_round
from .rules import Rules, rules_of

__all__ = ["BOLD", "BOLD_DREAD", "DREAD", "UNCERTAIN", "counted", "score_with", "BoldBot", "HeuristicBot"]


UNCERTAIN = 0.5
"""How much an outcome counts while players are still to play to the trick."""
BOLD = 1.0
"""How much it counts for the ``BoldBot``: in full."""
DREAD = 1.0
"""How much a loss of points counts against a gain (the ``HeuristicBot``'s: as much)."""
BOLD_DREAD = 0.5
"""How much a loss counts for the ``BoldBot``: half, so it risks taking the rest of a trick as Low."""


def counted(gain: int, weight: float, dread: float) -> float:
    """What a gain of points is worth to a bot: ``weight`` times it, a loss ``dread`` times more.

    >>> counted(4, 0.5, 0.5), counted(-4, 0.5, 0.5), counted(-4, 1.0, 1.0)
    (2.0, -1.0, -4.0)
    """
    return weight * (gain if gain >= 0 else gain * dread)


def score_with(sizes: tuple[int, ...], discarded: int, kept: tuple[str, ...] | None,
               cards: tuple[Card, ...], rules: Rules | None = None) -> int:
    """The round score after taking ``cards`` (keeping the best two colours if all four are then held),
    under ``rules`` (the rulebook's when None): how many colours score and when they are kept."""
    rules = rules_of(min(PLAYERS), {}) if rules is None else rules
    counts = list(sizes)
    for card in cards:
        if kept is not None and card.colour not in kept:
            discarded += 1
        else:
            counts[COLOURS.index(card.colour)] += 1
    scoring = rules.scoring_colours
    if kept is None and sum(1 for count in counts if count) >= rules.choose_at:
        total = discarded + sum(counts)
        best = None
        for keep in rules.keep_choices:
            kept_sizes = tuple(counts[COLOURS.index(colour)] for colour in keep.colours)
            score = score_round(kept_sizes, total - sum(kept_sizes), scoring)
            best = score if best is None or score > best else best
        return best
    return score_round(tuple(counts), discarded, scoring)


class HeuristicBot:
    """Takes the cards that raise its score most and plays to be High or Low when that pays.

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
        rules = state.rules
        if seen["phase"] == PLAY_PHASE:
            return self._play(seen, seat, rules)
        if seen["phase"] == TAKE_PHASE:
            return self._take(seen, seat, rules)
        if seen["phase"] == KEEP_PHASE:
            return self._keep(seen, seat, rules)
        return seen["legal_actions"][0]  # deal the next round

    @staticmethod
    def _collection(seen: dict, seat: int) -> tuple[tuple[int, ...], int, tuple[str, str] | None]:
        return tuple(len(stack) for stack in seen["stacks"][seat]), seen["discard_sizes"][seat], seen["kept"][seat]

    def _gain(self, seen: dict, seat: int, cards: tuple[Card, ...], rules: Rules) -> int:
        sizes, discarded, kept = self._collection(seen, seat)
        return score_with(sizes, discarded, kept, cards, rules) - score_with(sizes, discarded, kept, (), rules)

    def _best_pick(self, seen: dict, seat: int, cards: tuple[Card, ...], share: int, rules: Rules
                   ) -> tuple[Card, ...]:
        """The ``share`` cards of ``cards`` worth most to ``seat`` (all of them if fewer)."""
        if len(cards) <= share:
            return cards
        return max(combinations(cards, share), key=lambda pick: self._gain(seen, seat, pick, rules))

    def _play(self, seen: dict, seat: int, rules: Rules) -> Play:
        players = seen["players"]
        share = rules.high_takes
        best, best_value = None, None
        for action in seen["legal_actions"]:
            card = action.card
            trick = seen["trick"] + ((seat, card),)
            cards = tuple(c for _, c in trick)
            high_seat, high_card = high_play(trick)
            low = low_play(trick)
            weight = 1.0 if len(trick) == players else self.uncertain
            if high_seat == seat:
                value = counted(self._gain(seen, seat, self._best_pick(seen, seat, cards, share, rules), rules),
                                weight, self.dread)
                value += (1 - weight) * card.number / MOST_NUMBER  # a high lead is likelier to stay High
            elif low is not None and low[0] == seat:
                taken_by_high = self._best_pick(seen, high_seat, cards, share, rules)
                value = counted(self._gain(seen, seat, tuple(c for c in cards if c not in taken_by_high), rules),
                                weight, self.dread)
            else:
                value = 0.0
            # ties: give away cards of colours it does not collect, then the higher card
            value += (0.01 * (self._gain(seen, seat, (), rules) - self._gain(seen, seat, (card,), rules))
                      + card.number / 10_000)
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best

    def _take(self, seen: dict, seat: int, rules: Rules) -> Take:
        share = rules.high_takes
        picked = tuple(seen["trick"][index][1] for index in seen["picked"])
        options = [action.card for action in seen["legal_actions"]]
        still = share - len(picked)
        best = max(combinations(options, still), key=lambda pick: self._gain(seen, seat, picked + pick, rules))
        return TAKE[max(best, key=lambda card: self._gain(seen, seat, picked + (card,), rules))]

    def _keep(self, seen: dict, seat: int, rules: Rules) -> Keep:
        sizes, discarded, _ = self._collection(seen, seat)
        total = sum(sizes)

        def score(keep: Keep) -> int:
            kept_sizes = [sizes[COLOURS.index(colour)] for colour in keep.colours]
            return score_round(tuple(kept_sizes), discarded + total - sum(kept_sizes), rules.scoring_colours)

        return max(seen["legal_actions"], key=score)


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
