"""The heuristic players' decisions for Wimmüln, written once on card numbers: the public bots
(:mod:`.bots`) and the fast path (:mod:`.fast`) both ask them, so both choose the same moves.

A card is the number ``10 * colour + number`` (:func:`code`; colours in ``COLOURS`` order), so
sorting numbers sorts cards as the engine does and the two identical 1s or 7s of a colour are
equal numbers. A player estimates from its hand (:func:`heuristic_cross`: each card's rough chance
to win a trick, :func:`winning_chance`, summed, and the cross with the best expected bonus when the
tricks won spread around that sum as a bell curve of the player's width, :data:`SPREAD` or
:data:`CAUTIOUS_SPREAD`), opens with its lowest number when it names the face-up card
(:func:`heuristic_open`), then plays to hit its estimate (:func:`wants_trick`,
:func:`heuristic_card`). No decision draws a random number.

>>> from .cards import card
>>> from .rules import rules_of
>>> hand = tuple(sorted(map(code, [card(9, "red"), card(8, "blue"), card(0, "green"), card(3, "blue")])))
>>> heuristic_cross(hand, 4, COLOURS.index("blue"), 3, rules_of(4, {}).bonuses)    # 3 blue over 0 green
(5, 13, 20)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from .cards import COLOURS, Card
from .engine import bonus
from .scoring import Bonuses

__all__ = ["CAUTIOUS_SPREAD", "MOST_TRICKS", "SPREAD", "bonus_table", "code", "held_twice", "heuristic_card",
           "heuristic_cross", "heuristic_open", "trick_weights", "wants_trick", "winning_chance", "winning_chances"]


#: How far the steady player expects its tricks to come out from its reckoning (a bell curve's width).
SPREAD = 1.2
#: The cautious player's.
CAUTIOUS_SPREAD = 2.0


# How likely a card is to win a trick, by number: a trump, and a card of another colour.
_TRUMP_CHANCE = (0.3, 0.3, 0.3, 0.3, 0.35, 0.45, 0.55, 0.7, 0.85, 0.95)
_PLAIN_CHANCE = (0.0, 0.0, 0.02, 0.03, 0.04, 0.06, 0.15, 0.35, 0.55, 0.75)


def winning_chance(card: Card, trump: str | None, players: int) -> float:
    """A rough chance that ``card`` wins a trick: high cards and trumps win; the more players,
    the more likely someone holds a higher one."""
    table = _TRUMP_CHANCE if card.colour == trump else _PLAIN_CHANCE
    return table[card.number] * min(1.0, 4 / players)


#: The most tricks a round can have: the largest hand (the whole deck shared by the fewest
#: players) but the two cards of the cross.
MOST_TRICKS = len(COLOURS) * 12 // 3 - 2


def code(card: Card) -> int:
    """The number of a card here.

    >>> from .cards import card
    >>> code(card(7, "blue"))
    17
    """
    return 10 * card.colour_index + card.number


@lru_cache(maxsize=None)
def bonus_table(bonuses: Bonuses) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``table[face_up][face_down][tricks]``: the engine's ``bonus`` under the bonus table
    ``bonuses`` (the rule set's), as a table.

    >>> from .rules import rules_of
    >>> bonus_table(rules_of(4, {}).bonuses)[3][5][3], bonus_table(rules_of(4, {"lower_bonus": 7,
    ...                                                                   "face_up_times": 3}).bonuses)[3][5][3]
    (10, 21)
    """
    return tuple(tuple(tuple(bonus(up, down, won, bonuses) for won in range(MOST_TRICKS + 1)) for down in range(10))
                 for up in range(10))


def held_twice(hand: Sequence[int]) -> set[int]:
    """The cards a sorted hand holds twice.

    >>> sorted(held_twice([1, 1, 4, 17, 17, 23]))
    [1, 17]
    """
    return {card for card, after in zip(hand, hand[1:]) if card == after}


@lru_cache(maxsize=None)
def winning_chances(players: int, trump: int) -> tuple[float, ...]:
    """:func:`winning_chance` of the card numbered ``code``, at index ``code`` (``trump``: a
    colour's index or -1)."""
    trump_colour = COLOURS[trump] if trump >= 0 else None
    return tuple(winning_chance(Card(code // 10, code % 10), trump_colour, players) for code in range(50))


@lru_cache(maxsize=1 << 14)
def trick_weights(expected: float, tricks: int, spread: float) -> tuple[tuple[float, ...], float]:
    """How likely a player who expects ``expected`` tricks finds winning 0, 1, … ``tricks`` tricks:
    a bell curve of width ``spread`` (not summing to 1), and its sum."""
    weights = tuple(math.exp(-((won - expected) ** 2) / (2 * spread ** 2)) for won in range(tricks + 1))
    return weights, sum(weights)


@lru_cache(maxsize=1 << 12)
def heuristic_cross(hand: tuple[int, ...], players: int, trump: int, tricks: int, bonuses: Bonuses,
                    spread: float = SPREAD) -> tuple[int, int, int]:
    """The cross a player of width ``spread`` lays from a sorted ``hand`` (``trump``: a colour's
    index or -1; ``tricks``: the round's) under the bonus table ``bonuses`` (the rule set's):
    ``(index among the crosses in the engine's order, top, bottom)``. Its tricks are expected to be
    the hand's winning chances summed, less the two cards laid (they take no tricks); a cross is
    worth the bonus it earns on average over the tricks weighed by :func:`trick_weights`; the first
    cross of the highest worth is laid. Remembered: the expert's playouts ask again for the same hands.

    >>> from .cards import card
    >>> from .rules import rules_of
    >>> hand = tuple(sorted(map(code, [card(9, "red"), card(8, "blue"), card(0, "green")] + [card(3, "blue")] * 2)))
    >>> heuristic_cross(hand, 4, COLOURS.index("blue"), 3, rules_of(4, {}).bonuses)    # 3 blue over 0 green
    (6, 13, 20)
    >>> heuristic_cross(hand, 4, COLOURS.index("blue"), 3, rules_of(4, {"pair_bonus": 99}).bonuses)  # over 3 blue
    (4, 13, 13)
    """
    table = bonus_table(bonuses)
    chances = winning_chances(players, trump)
    expected = sum(chances[card] for card in hand)
    distinct = list(dict.fromkeys(hand))
    twice = held_twice(hand)
    best = None
    index = 0
    for top in distinct:
        after_top = expected - chances[top]
        up = top % 10
        for bottom in distinct:
            if top == bottom and top not in twice:
                continue
            weights, total = trick_weights(after_top - chances[bottom], tricks, spread)
            down = bottom % 10
            low, high = (up, down) if up <= down else (down, up)
            bonuses = table[up][down]
            # a cross's bonus is 0 but at its two numbers
            value = 0
            if low <= tricks:
                value += weights[low] * bonuses[low]
            if high != low and high <= tricks:
                value += weights[high] * bonuses[high]
            value /= total
            if best is None or value > best:
                best, chosen = value, (index, top, bottom)
            index += 1
    return chosen


def heuristic_card(choices: list[int], best: int, trump: int, wanted: bool) -> int:
    """The card a player plays among the legal ``choices`` (distinct, in hand order: by colour,
    then number), ``best`` the card winning the trick so far (-1 when leading): when leading, its
    strongest card (a trump first, then by number) if it ``wanted`` the trick, else its weakest;
    when following, its lowest winning card if wanted (else its lowest), or its highest losing card
    if not (else its highest). Ties between equal numbers go as the bot's stable sorts leave them:
    the lowest colour, or the highest one for the card a sort puts last.

    >>> red, blue, yellow = (COLOURS.index(name) * 10 for name in ("red", "blue", "yellow"))
    >>> hand = [red + 2, red + 9, blue + 9, yellow + 1]       # sorted, as hands are
    >>> [heuristic_card(hand, -1, -1, wanted) for wanted in (True, False)] == [blue + 9, yellow + 1]
    True
    >>> [heuristic_card(hand, red + 5, blue // 10, wanted) for wanted in (True, False)] == [red + 9, red + 2]
    True
    """
    if best < 0:
        if wanted:
            trumps = [card for card in choices if card // 10 == trump]
            if trumps:
                return trumps[-1]
            return _last_highest(choices)
        plain = [card for card in choices if card // 10 != trump] if trump >= 0 else choices
        return _first_lowest(plain or choices)
    colour = best // 10
    winning = [card for card in choices if (card > best if card // 10 == colour else card // 10 == trump)]
    losing = [card for card in choices if card not in winning] if winning else choices
    if wanted:
        return _first_lowest(winning or losing)
    return _last_highest(losing or winning)


def _first_lowest(cards: list[int]) -> int:
    """The first card of the lowest number."""
    low = cards[0]
    for card in cards:
        if card % 10 < low % 10:
            low = card
    return low


def _last_highest(cards: list[int]) -> int:
    """The last card of the highest number."""
    high = cards[0]
    for card in cards:
        if card % 10 >= high % 10:
            high = card
    return high


def wants_trick(won: int, cross: tuple[int, int]) -> bool:
    """Whether a player who has ``won`` tricks and laid ``cross`` (its face-up and face-down
    numbers) wants the trick: short of the face-up number (or, past it, of the face-down one),
    win; past both, win the triangles anyway."""
    face_up, face_down = cross
    if face_up >= won:
        return won < face_up
    return won < face_down if face_down >= won else True


def heuristic_open(choices: list[int]) -> int:
    """The face-up card a dealer names in a round without trumps, among the legal ``choices``
    (distinct, in hand order): the first of its lowest number, the card least likely to win a trick.

    >>> heuristic_open([3, 11, 21, 45])
    11
    """
    return _first_lowest(choices)
