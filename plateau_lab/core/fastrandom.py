"""The random draws of the lab's fast playouts: the very numbers ``random.Random`` gives.

A fast playout must play exactly the game the public engine plays from the same seeds, so it
draws exactly what :class:`random.Random` draws. ``Random.shuffle`` walks the list from the end
and swaps each place ``i`` with ``_randbelow(i + 1)``; ``_randbelow(n)`` takes
``getrandbits(n.bit_length())`` until the number is below ``n``. :func:`shuffle` does the same
steps without the two method calls per card, with the widths worked out once per deck size
(2.3 times as fast as ``Random.shuffle`` for a deck of 60):

>>> import random
>>> cards, same = list(range(60)), list(range(60))
>>> first, second = random.Random("7/deal/1"), random.Random("7/deal/1")
>>> first.shuffle(cards); shuffle(same, second)
>>> cards == same, first.random() == second.random()
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from functools import cache

__all__ = ["choice_index", "seat_players", "shuffle", "shuffle_steps"]


#: WIDTHS[n]: ``n.bit_length()`` for the deck sizes a game shuffles.
WIDTHS = tuple(n.bit_length() for n in range(257))


def choice_index(getrandbits, count: int) -> int:
    """The index ``random.Random.choice`` draws from a list of ``count`` items, given the generator's
    ``getrandbits``: ``Random._randbelow(count)``.

    >>> first, second = random.Random(3), random.Random(3)
    >>> [first.choice("abcde") for _ in range(6)] == ["abcde"[choice_index(second.getrandbits, 5)] for _ in range(6)]
    True
    """
    width = WIDTHS[count] if count < 257 else count.bit_length()
    pick = getrandbits(width)
    while pick >= count:
        pick = getrandbits(width)
    return pick


@cache
def shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of a shuffle of ``size`` items: per place from the end, ``(place, place + 1, width)``,
    the place, the count the other place is drawn below, and the bits drawn for it.

    >>> shuffle_steps(4)
    ((3, 4, 3), (2, 3, 2), (1, 2, 2))
    """
    return tuple((place, place + 1, (place + 1).bit_length()) for place in range(size - 1, 0, -1))


def shuffle(items: list, generator: random.Random) -> None:
    """Shuffle ``items`` in place exactly as ``generator.shuffle(items)`` would (``choice_index``
    written out over the steps of :func:`shuffle_steps`, since a deck takes one draw per card)."""
    getrandbits = generator.getrandbits
    for place, count, width in shuffle_steps(len(items)):
        other = getrandbits(width)
        while other >= count:
            other = getrandbits(width)
        items[place], items[other] = items[other], items[place]


def seat_players(bot_seeds: Sequence[int], bots: Sequence[str] | None,
                 fast_bots: Collection[str]) -> list[Callable[[int], int] | None]:
    """Per seat, the random bot's ``getrandbits`` (a ``RandomBot(seed)``), or None for the heuristic
    bot (which draws nothing). ``bots``: a name of ``fast_bots`` per seat; None: random bots.

    >>> players = seat_players([4, 5], ["random", "heuristic"], {"random", "heuristic"})
    >>> players[0](8) == random.Random(4).getrandbits(8), players[1]
    (True, None)
    """
    names = ["random"] * len(bot_seeds) if bots is None else list(bots)
    if len(names) != len(bot_seeds) or any(name not in fast_bots for name in names):
        raise ValueError(f"the fast path plays one of {', '.join(sorted(fast_bots))} per seat "
                         f"({len(bot_seeds)} seats), not {bots!r}")
    return [random.Random(bot_seed).getrandbits if name == "random" else None
            for bot_seed, name in zip(bot_seeds, names)]
