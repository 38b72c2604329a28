"""The heuristic bots' decisions for Plotters Inc., written once on card numbers: the public bots
(:mod:`.bots`) and the fast path (:mod:`.fast`) both ask them, so both choose the same moves.

A card is the number ``32 * colour + number`` (colours in ``COLOURS`` order: :func:`code`), so
sorting numbers sorts cards as the engine does, and a player's collection is ``[open counts per
colour, discarded, the colours kept (indices) or None]``. A bot values an outcome by how much it
would raise its round score now (:func:`score_after`, remembered per rule set in :class:`Scores`):

- playing (:func:`heuristic_play`) while players are still to play to the trick, the
  ``HeuristicBot`` plays the highest card that would make it High now (High chooses its cards, and
  a high card is likelier to stay High); with none, the card that gives away least of what it
  collects, a card that cannot leave it Low (:data:`LOW_RISK`) going first, then the higher card;
- playing last, it tries every legal card: if the card would make it High it counts its pick of
  the cards on the table, if it would make it Low it counts the cards High would leave it (High
  picking as this bot would), and otherwise nothing (its style, :data:`STYLES`: the ``BoldBot``
  counts these values in full before the last seat too);
- as High (:func:`heuristic_take`) it takes, one at a time, the cards that raise its lead over
  the others' average most: its own score, less what the rest gives Low (:func:`high_pick`);
- holding all four colours (:func:`heuristic_keep`), it keeps the pair that scores most.

Equal values go to the first option in the engine's order: no decision draws a random number.
Leading, it plays its highest card; after a red 5, it plays its highest red that beats it, and
with none, a red rather than a card of another colour that could leave it Low:

>>> from plateau_lab.games import plotters
>>> from .cards import parse_card
>>> state = plotters.new_game(4, seed=7)
>>> hand = [code(card) for card in state.hands[state.current_player]]
>>> collections = [[[0, 0, 0, 0], 0, None] for _ in range(4)]
>>> chosen = heuristic_play(hand, [], state.current_player, collections, 4, 2, scores_for(state.rules))
>>> str(state.legal_actions()[chosen])
'play B14'
>>> def plays(cards):
...     hand = [code(parse_card(card)) for card in cards]
...     return cards[heuristic_play(hand, [(0, code(parse_card("R5")))], 1, collections, 4, 2, scores_for(state.rules))]
>>> plays(["G2", "R9", "R12"]), plays(["B10", "G2", "R3"])
('R12', 'R3')
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from .cards import COLOURS, MOST_NUMBER, Card
from .engine import score_round
from .rules import Rules

__all__ = ["BOLD", "BOLD_DREAD", "DREAD", "LOW_RISK", "STYLES", "UNCERTAIN", "Scores", "code",
           "heuristic_keep", "heuristic_play", "heuristic_take", "high_pick", "score_after", "scores_for"]


#: How much an outcome counts while players are still to play to the trick (the ``HeuristicBot``'s:
#: not at all; it plays to stay High and not to be Low instead).
UNCERTAIN = 0.0
#: How much it counts for the ``BoldBot``: in full.
BOLD = 1.0
#: How much a loss of points counts against a gain (the ``HeuristicBot``'s: as much).
DREAD = 1.0
#: How much a loss counts for the ``BoldBot``: half, so it risks taking the rest of a trick as Low.
BOLD_DREAD = 0.5
#: What the risk of being left the rest of a trick as Low costs a card while players are still to
#: play to it, weighed as an outcome is not (so nothing for the ``BoldBot``): a tie-break among the
#: cards that give away as much of what the seat collects.
LOW_RISK = 0.002
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


def high_pick(high: list, low: list | None, cards: list[int], share: int, scores: Scores, others: int,
              taken: tuple[int, ...] = ()):
    """The ``share`` cards of ``cards`` High (collection ``high``, having ``taken`` some of the trick
    already) picks, Low (``low``, None if there is none) being left the rest: the pick that raises
    High's lead over the others' average most (its own score, less the rest's score for Low shared
    among the ``others`` players; the first such pick in the order of ``combinations``), or all of
    them if there are fewer.

    High keeps blue and green, so any two of red 1, red 2, yellow 1 and yellow 2 score it the same;
    it leaves Low, who collects red, the reds: a single colour scores Low nothing.

    >>> from .rules import rules_of
    >>> scores = scores_for(rules_of(4, {}))
    >>> high, low = [[3, 3, 0, 0], 0, (0, 1)], [[0, 0, 2, 0], 0, None]
    >>> high_pick(high, low, [64 + 1, 64 + 2, 96 + 1, 96 + 2], 2, scores, 3)
    (97, 98)
    >>> high_pick(high, None, [64 + 1, 64 + 2, 96 + 1, 96 + 2], 2, scores, 3)     # no Low: the first pick
    (65, 66)
    """
    if len(cards) <= share:
        return cards

    def lead(pick):
        rest = [card for card in cards if card not in pick]
        denied = 0 if low is None else score_after(low, rest, scores) / others
        return score_after(high, taken + pick, scores) - denied
    return max(combinations(cards, share), key=lead)


def heuristic_play(choices: list[int], trick: list[tuple[int, int]], seat: int, collections: list[list],
                   players: int, share: int, scores: Scores, style: tuple[float, float] = (UNCERTAIN, DREAD)
                   ) -> int:
    """The index in ``choices`` (the legal cards, in the engine's order) of the card the bot of
    ``style`` (:data:`STYLES`) plays to ``trick`` (``(seat, card)`` in order) as ``seat``, ``share``
    being the cards High takes: the card worth most, as High, as Low or neither (see the module).
    While players are still to play, an outcome counts at the style's weight and the rest of the
    weight goes to the card's height if it would make the seat High, against :data:`LOW_RISK` if
    it could leave it Low; ties go to the card that gives away less of what the seat collects,
    then to the higher card.

    A card's value depends on whether it makes the seat High or Low, and then only on the colours
    of the trick's cards (a score counts colours): so each colour's values are worked out once.
    """
    own = collections[seat]
    base = score_after(own, (), scores)
    uncertain, dread = style
    weight = 1.0 if len(trick) + 1 == players else uncertain
    played = [card for _, card in trick]
    # High so far: the highest card of the led colour; Low so far: the first of the lowest other cards
    trump, high_seat, high_number, low_seat, low_number = -1, seat, 0, None, 99
    for other, card in trick:
        if trump < 0 or card >> 5 == trump:
            trump = card >> 5
            if card & 31 > high_number:
                high_seat, high_number = other, card & 31
        elif card & 31 < low_number:
            low_seat, low_number = other, card & 31
    others = players - 1
    as_high: dict[int, int] = {}
    as_low: dict[int, int] = {}
    giving: dict[int, int] = {}
    best, best_value = 0, None
    for index, card in enumerate(choices):
        colour, number = card >> 5, card & 31
        if trump < 0 or (colour == trump and number > high_number):
            value = (1 - weight) * number / MOST_NUMBER
            if weight:
                gain = as_high.get(colour)
                if gain is None:
                    low = None if low_seat is None else collections[low_seat]
                    pick = high_pick(own, low, played + [card], share, scores, others)
                    gain = as_high[colour] = score_after(own, pick, scores) - base
                value += weight * (gain if gain >= 0 else gain * dread)
        elif colour != trump and number < low_number:
            value = -(1 - weight) * LOW_RISK
            if weight:
                gain = as_low.get(colour)
                if gain is None:
                    cards = played + [card]
                    taken = high_pick(collections[high_seat], own, cards, share, scores, others)
                    gain = as_low[colour] = score_after(own, [c for c in cards if c not in taken], scores) - base
                value += weight * (gain if gain >= 0 else gain * dread)
        else:
            value = 0.0
        penalty = giving.get(colour)
        if penalty is None:
            penalty = giving[colour] = score_after(own, (card,), scores) - base
        value += 0.01 * (0 - penalty) + number / 10_000
        if best_value is None or value > best_value:
            best, best_value = index, value
    return best


def heuristic_take(left: list[int], picked: list[int], collections: list[list], seat: int, low_seat: int | None,
                   share: int, scores: Scores) -> int:
    """The index in ``left`` (the trick's cards not taken yet) of the card the bot takes as High
    (``seat``; Low is ``low_seat``, None if there is none), having taken ``picked``: the card
    worth most to it of what it still picks (:func:`high_pick`)."""
    done = tuple(picked)
    low = None if low_seat is None else collections[low_seat]
    own = collections[seat]
    pick = high_pick(own, low, left, share - len(done), scores, len(collections) - 1, done)
    return left.index(max(pick, key=lambda card: score_after(own, done + (card,), scores)))


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
