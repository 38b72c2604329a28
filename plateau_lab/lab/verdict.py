"""The coach's one wording of how two moves compare: every hint, review, puzzle and analysis-board
sentence that sets one move beside another says it here, from the numbers of the one analysis.

A move is called better or worse only when the gap is clear of the noise of the imagined deals:
in points when their 95 % interval lies above 0, in the chance to win by a sign test
(:class:`~plateau_lab.lab.expert.Gap`). Otherwise the two moves are "about as good", and
neither is named the better. Chances read "about 3 times in 10", points as whole numbers.

>>> from types import SimpleNamespace as Gap
>>> clear = Gap(points=2.4, points_noise=1.0, chance=0.3, chance_clear=True, points_clear=True)
>>> comparison(clear, 0.3, 0.6, "take row 2", "you lead at the end of this round")
'worse than take row 2: you lead at the end of this round about 3 times in 10 after it, 6 in 10 after take row 2; about 2 points fewer'
>>> noise = Gap(points=0.4, points_noise=1.0, chance=0.1, chance_clear=False, points_clear=False)
>>> comparison(noise, 0.5, 0.6, "pass", "you win the hand")
'about as good as pass, as far as the imagined deals can tell: you win the hand about 5 times in 10 after it, 6 in 10 after pass'
"""

from __future__ import annotations

import re
from typing import Any

from ..core import game_spec
from ..core.imagining import chance_words

__all__ = ["CARD_CODE", "comparison", "is_clear", "lead_over", "move_words", "points_words"]

#: A card's code, which a learner reads only after the card's words: "KS", "10H", "21".
CARD_CODE = re.compile(r"[0-9A-Z]{1,3}")


def move_words(game: str, action: Any) -> str:
    """A move as the coach names it: the game's words for it, each card it names in words with its
    code in brackets after (as the games' logs name them).

    >>> from plateau_lab.games import oh_hell
    >>> state = oh_hell.new_game(4, seed=1)
    >>> move_words("oh_hell", state.legal_actions()[1])
    'bid 1 trick'
    >>> move_words("oh_hell", oh_hell.parse_action("play KS"))
    'play the king of spades (KS)'
    """
    said = game_spec(game).words(action)
    cards = [getattr(action, "card", None), *(getattr(action, "cards", None) or ())]
    for card in cards:
        if card is None or not callable(getattr(card, "describe", None)) or not CARD_CODE.fullmatch(str(card)):
            continue                    # not a card, or one the game names in words already
        named = card.describe()
        named = named if named.startswith("the ") else f"the {named}"
        if named not in said:
            said = re.sub(rf"(?<![\w(]){re.escape(str(card))}(?![\w)])", f"{named} ({card})", said, count=1)
    return said


def points_words(gap: float, than: str, noise: float = 0.0) -> str:
    """A difference of points in whole numbers: "about 2 points more than take row 1", "less than 1
    point fewer than …", and "about as many points as …" within the ``noise``.

    >>> points_words(1.94, "play Pact"), points_words(-0.4, "play Pact"), points_words(0.2, "x", 0.5)
    ('about 2 points more than play Pact', 'less than 1 point fewer than play Pact', 'about as many points as x')
    """
    if abs(gap) <= noise or gap == 0:
        return f"about as many points as {than}"
    whole = round(abs(gap))
    amount = "less than 1 point" if whole == 0 else f"about {whole} point{'' if whole == 1 else 's'}"
    return f"{amount} {'more' if gap > 0 else 'fewer'} than {than}"


def is_clear(gap: Any) -> bool:
    """Whether the better move of ``gap`` is clearly better: in points, or in the chance to win."""
    return bool(gap.points_clear or gap.chance_clear and gap.chance > 0)


def comparison(gap: Any, mine: float, theirs: float, named: str, winning: str) -> str:
    """How a move compares with the move ``named``, ``gap`` being how much better ``named`` did
    (a :class:`~plateau_lab.lab.expert.Gap`), ``mine`` and ``theirs`` the chances to win after
    each: worse only when the gap is clear of the noise, else about as good."""
    chances = f"{winning} {chance_words(mine)} after it, {chance_words(theirs, short=True)} after {named}"
    if gap.points_clear and gap.points > 0:
        points = points_words(-gap.points, named).removesuffix(f" than {named}")
        if chance_words(mine) == chance_words(theirs):        # the chances name no move: the points do
            return f"it scores {points} than {named}; {winning} {chance_words(mine)} after either"
        if mine >= theirs:                # worse by its points alone: never "worse" beside better chances unsaid
            return f"it scores {points}, though {chances}"
        return f"worse than {named}: {chances}; {points}"
    if gap.chance_clear and gap.chance > 0:
        return f"about as many points as {named}, but {winning} less often: {chance_words(mine)} after it, " \
               f"{chance_words(theirs, short=True)} after {named}"
    return f"about as good as {named}, as far as the imagined deals can tell: {chances}"


def lead_over(gap: Any, mine: float, theirs: float, named: str, winning: str) -> str:
    """How the expert's choice compares with the next best move, ``named`` (``gap``: how much
    better the choice did): ahead only when the gap is clear of the noise.

    >>> from types import SimpleNamespace as Gap
    >>> lead_over(Gap(points=0.3, points_noise=2.0, chance=0.0, chance_clear=False, points_clear=False),
    ...           0.4, 0.4, "bid 1 trick", "you win the hand")
    'about as good as bid 1 trick, as far as the imagined deals can tell: you win the hand about 4 times in 10 after either'
    >>> lead_over(Gap(points=4.2, points_noise=2.0, chance=0.0, chance_clear=False, points_clear=True),
    ...           0.0, 0.0, "draw", "you lead at the end of this round")
    'you lead at the end of this round in none of the imagined deals after either; it scores about 4 points more than draw'
    """
    either = chance_words(mine) == chance_words(theirs)
    if either:
        chances = f"{winning} {chance_words(mine)} after either"
    else:
        chances = f"{winning} {chance_words(mine)} after it, {chance_words(theirs, short=True)} after {named}"
    if gap.points_clear and gap.points > 0:          # "more" than the move the chances name, else named here
        points = points_words(gap.points, named)
        return f"{chances}; it scores {points if either else points.removesuffix(f' than {named}')}"
    if gap.chance_clear and gap.chance > 0:
        return f"about as many points as {named}, but {winning} more often: {chances.removeprefix(winning + ' ')}"
    return f"about as good as {named}, as far as the imagined deals can tell: {chances}"
