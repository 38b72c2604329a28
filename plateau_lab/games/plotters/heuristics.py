"""The heuristic bots' decisions for Plotters Inc., written once on card numbers: the public bots
(:mod:`.bots`) and the fast path (:mod:`.fast`) both ask them, so both choose the same moves.

A card is the number ``32 * colour + number`` (colours in ``COLOURS`` order: :func:`code`), so
sorting numbers sorts cards as the engine does, and a player's collection is ``[open counts per
colour, discarded, the colours kept (indices) or None]``. A bot values every outcome by how much it
would raise its own round score now (:func:`score_after`, remembered per rule set in
:class:`Scores`):

- playing (:func:`heuristic_play`), it tries every legal card: if the card would make it High it
  counts the best pick of the cards on the table, if it would make it Low it counts the cards High
  would leave it (High taking what suits High best), and otherwise nothing; as long as players are
  still to come, these values are less certain and count for less (its style: :data:`STYLES`);
- as High (:func:`heuristic_take`) it takes the cards that raise its score most, one at a time;
- holding all four colours (:func:`heuristic_keep`), it keeps the pair that scores most.

Equal values go to the first option in the engine's order: no decision draws a random number.

>>> from plateau_lab.games import plotters
>>> state = plotters.new_game(4, seed=7)
>>> hand = [code(card) for card in state.hands[state.current_player]]
>>> collections = [[[0, 0, 0, 0], 0, None] for _ in range(4)]
>>> chosen = heuristic_play(hand, [], state.current_player, collections, 4, 2, scores_for(state.rules))
>>> str(state.legal_actions()[chosen])
'play B14'
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from .cards import COLOURS, MOST_NUMBER, Card
from .engine import score_round
from .rules import Rules

__all__ = ["BOLD", "BOLD_DREAD", "DREAD", "STYLES", "UNCERTAIN", "Scores", "best_pick", "code", "heuristic_keep",
           "heuristic_play", "heuristic_take", "score_after", "scores_for"]


#: How much an outcome counts while players are still to play to the trick.
UNCERTAIN = 0.5
#: How much it counts for the ``BoldBot``: in full.
BOLD = 1.0
#: How much a loss of points counts against a gain (the ``HeuristicBot``'s: as much).
DREAD = 1.0
#: How much a loss counts for the ``BoldBot``: half, so it risks taking the rest of a trick as Low.
BOLD_DREAD = 0.5
#: Each heuristic style: how much it counts an outcome while players are still to play to the
#: trick, and how much a loss of points counts against a gain.
STYLES = {"heuristic": (UNCERTAIN, DREAD), "bold": (BOLD, BOLD_DREAD)}


def code(played: Card) -> int:
    """The number of a card here.

    >>> from .cards import parse_card
    >>> code(parse_card("G5"))
    37
    """
    return 32 * COLOURS.index(played.colour) + played.number


class Scores(dict):
    """score_after's values by (open counts, discarded, no colours kept yet) under one rule set
    (at most the few thousand collections a round can make), and what working one out needs:
    how many colours score, after how many colours a player keeps some, and which he may keep."""

    __slots__ = ("scoring", "choose_at", "keeps")

    def __init__(self, scoring: int, choose_at: int, keeps: tuple[tuple[int, ...], ...]):
        super().__init__()
        self.scoring, self.choose_at, self.keeps = scoring, choose_at, keeps

    def work_out(self, sizes: tuple[int, ...], discarded: int, free: bool) -> int:
        """The score of a collection, keeping the best colours if it must now choose."""
        if free and sum(1 for size in sizes if size) >= self.choose_at:
            total = discarded + sum(sizes)
            best = None
            for keep in self.keeps:
                kept = tuple(sizes[colour] for colour in keep)
                score = score_round(kept, total - sum(kept), self.scoring)
                best = score if best is None or score > best else best
            return best
        return score_round(sizes, discarded, self.scoring)


@lru_cache(maxsize=256)
def scores_for(rules: Rules) -> Scores:
    """The remembered scores of ``rules`` (one per rule set): how many colours score, after how many
    colours a player keeps some, and which he may keep (colour indices, as ``rules.keep_choices``)."""
    return Scores(rules.scoring_colours, rules.choose_at,
                  tuple(tuple(COLOURS.index(colour) for colour in keep.colours) for keep in rules.keep_choices))


def score_after(collection: list, cards, scores: Scores) -> int:
    """The round score of ``collection`` (``[counts, discarded,
    kept]``) after taking ``cards``, keeping the best two colours if all four are then held (under
    the rules of ``scores``).

    >>> from .rules import rules_of
    >>> scores = scores_for(rules_of(4, {}))
    >>> score_after([[3, 2, 0, 0], 0, None], [32 + 5, 64 + 1], scores)   # a green and a red card: 3 × 3 // 1
    9
    """
    counts, discarded, kept = collection
    blue, green, red, yellow = counts
    for card in cards:
        colour = card >> 5
        if kept is not None and colour not in kept:
            discarded += 1
        elif colour == 0:
            blue += 1
        elif colour == 1:
            green += 1
        elif colour == 2:
            red += 1
        else:
            yellow += 1
    key = (blue, green, red, yellow, discarded, kept is None)
    score = scores.get(key)
    if score is None:
        score = scores[key] = scores.work_out((blue, green, red, yellow), discarded, kept is None)
    return score


def best_pick(collection: list, cards: list[int], share: int, scores: Scores):
    """The ``share`` cards of ``cards`` that score most for ``collection``
    (the first such pick in the order of ``combinations``), or all of them if there are fewer."""
    if len(cards) <= share:
        return cards
    return max(combinations(cards, share), key=lambda pick: score_after(collection, pick, scores))


def heuristic_play(choices: list[int], trick: list[tuple[int, int]], seat: int, collections: list[list],
                   players: int, share: int, scores: Scores, style: tuple[float, float] = (UNCERTAIN, DREAD)
                   ) -> int:
    """The index in ``choices`` (the legal cards, in the engine's order) of the card the bot of
    ``style`` (:data:`STYLES`) plays to ``trick`` (``(seat, card)`` in order) as ``seat``, ``share``
    being the cards High takes: the card worth most, as High, as Low or neither (see the module),
    ties going to the card that gives away less of what the seat collects, then the higher card.

    A card's value depends on whether it makes the seat High or Low, and then only on the colours
    of the trick's cards (a score counts colours): so each colour's values are worked out once.
    """
    own = collections[seat]
    base = score_after(own, (), scores)
    uncertain, dread = style
    weight = 1.0 if len(trick) + 1 == players else uncertain
    played = [card for _, card in trick]
    # High so far: the highest card of the led colour; Low so far: the first of the lowest other cards
    trump, high_seat, high_number, low_number = -1, seat, 0, 99
    for other, card in trick:
        if trump < 0 or card >> 5 == trump:
            trump = card >> 5
            if card & 31 > high_number:
                high_seat, high_number = other, card & 31
        elif card & 31 < low_number:
            low_number = card & 31
    as_high: dict[int, int] = {}
    as_low: dict[int, int] = {}
    giving: dict[int, int] = {}
    best, best_value = 0, None
    for index, card in enumerate(choices):
        colour, number = card >> 5, card & 31
        if trump < 0 or (colour == trump and number > high_number):
            gain = as_high.get(colour)
            if gain is None:
                gain = as_high[colour] = score_after(own, best_pick(own, played + [card], share, scores), scores) - base
            value = weight * (gain if gain >= 0 else gain * dread)
            value += (1 - weight) * number / MOST_NUMBER
        elif colour != trump and number < low_number:
            gain = as_low.get(colour)
            if gain is None:
                cards = played + [card]
                taken = best_pick(collections[high_seat], cards, share, scores)
                gain = as_low[colour] = score_after(own, [c for c in cards if c not in taken], scores) - base
            value = weight * (gain if gain >= 0 else gain * dread)
        else:
            value = 0.0
        penalty = giving.get(colour)
        if penalty is None:
            penalty = giving[colour] = score_after(own, (card,), scores) - base
        value += 0.01 * (0 - penalty) + number / 10_000
        if best_value is None or value > best_value:
            best, best_value = index, value
    return best


def heuristic_take(left: list[int], picked: list[int], collection: list, share: int, scores: Scores) -> int:
    """The index in ``left`` (the trick's cards not taken yet) of the card the bot takes as High,
    having taken ``picked``: the card worth most of the best pick of what it may still take."""
    done = tuple(picked)
    pick = max(combinations(left, share - len(done)), key=lambda more: score_after(collection, done + more, scores))
    return left.index(max(pick, key=lambda card: score_after(collection, done + (card,), scores)))


def heuristic_keep(collection: list, scores: Scores) -> int:
    """The index in ``scores.keeps`` (the rule set's ``keep_choices``) of the colours the bot keeps:
    the first pair that scores most."""
    counts, discarded, _ = collection
    total = discarded + sum(counts)
    kept_scores = []
    for keep in scores.keeps:
        kept = tuple(counts[colour] for colour in keep)
        kept_scores.append(score_round(kept, total - sum(kept), scores.scoring))
    return kept_scores.index(max(kept_scores))
