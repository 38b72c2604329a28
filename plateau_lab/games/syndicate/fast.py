"""A fast playout of The Syndicate for random bots: the game-design lab's inner loop.

The public engine (``engine.State``) is the reference: immutable, every move checked, every
step told in the log. Here the same rules run on plain lists of card numbers (a card is its
index in ``DECK``) inside one function, with nothing checked or told. The random bots draw
their numbers exactly as :class:`plateau_lab.bots.RandomBot` does on the public engine (one
``choice`` among the legal actions, listed in the engine's order; the index is drawn by
:func:`plateau_lab.fastrandom.choice_index`, the draw ``random.choice`` makes), so a game played here is the very game the public engine
plays from the same seeds; ``tests/test_fast_syndicate.py`` checks actions and scores over
many seeds.

>>> from plateau_lab.bots import RandomBot
>>> from plateau_lab.core import play_out
>>> from plateau_lab.games import syndicate
>>> scores, actions, moves = playout(7, [1, 2, 3], trace=True)
>>> final = play_out(syndicate.new_game(3, seed=7), [RandomBot(s) for s in (1, 2, 3)])
>>> scores == final.scores, public_actions(moves) == list(final.history)
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

from plateau_lab.core import play_out, seeded_random
from plateau_lab.fastrandom import choice_index, shuffle

from .cards import DECK, Card
from .engine import DEAL_SIZES, HAND_LIMIT, WINNING_SCORE, Lead, Play, shares_mark

HAS_ROUNDS = False
CARDS = len(DECK)
RANK = tuple(card.rank for card in DECK)
IS_ACE = tuple(card.is_ace for card in DECK)
#: SHARES[lead][card]: whether ``card`` counts for or against the scheme of ``lead``.
SHARES = tuple(tuple(shares_mark(card, lead) for card in DECK) for lead in DECK)
#: COUNTS[lead][card]: what ``card`` adds to a side's total after ``lead`` (its rank if it shares a mark).
COUNTS = tuple(tuple(RANK[card] if SHARES[lead][card] else 0 for card in range(CARDS)) for lead in range(CARDS))
#: For an Ace: the number of the Crown of its suit (which makes the led Ace count eleven); -2 otherwise.
CROWN_FOR_ACE = tuple(DECK.index(next(c for c in DECK if c.is_crown and c.suits == card.suits)) if card.is_ace
                      else -2 for card in DECK)
#: The enforcers of each mastermind, in the order they answer.
ENFORCERS = tuple(((mastermind + 1) % 3, (mastermind + 2) % 3) for mastermind in range(3))


def playout(seed: int, bot_seeds: list[int], target: int = WINNING_SCORE, *, trace: bool = False):
    """Play a whole game with a random bot per seat: ``(scores, actions, moves)``; ``moves`` (None
    without ``trace``) lists ``(card, face_down or -1)`` for a lead, a card number for an answer."""
    bits = [random.Random(bot_seed).getrandbits for bot_seed in bot_seeds]
    order = list(range(CARDS))
    shuffle(order, seeded_random(seed, "deal"))
    hands, start = [], 0
    for size in DEAL_SIZES:
        hands.append(order[start:start + size])
        start += size
    pile = order[start:][::-1]            # top card last, so that drawing is pop()
    discards: list[int] = []
    points = [0, 0, 0]
    mastermind, reshuffles, actions = 0, 0, 0
    moves: list[Any] | None = [] if trace else None
    while True:
        hand = hands[mastermind]
        size = len(hand)
        count = size * size                 # the leads Lead(card, face_down), in the engine's order:
        pick = choice_index(bits[mastermind], count)           # RandomBot's choice
        at, second = divmod(pick, size)     # per card: no face-down card, then each other card
        lead = hand[at]
        face_down = -1
        if second:
            face_down = hand[second - 1 if second <= at else second]
            hand.remove(face_down)
        hand.remove(lead)
        shares, counts = SHARES[lead], COUNTS[lead]
        first_enforcer, second_enforcer = ENFORCERS[mastermind]
        own = hands[first_enforcer]
        following = [card for card in own if shares[card]] or own
        count = len(following)
        pick = choice_index(bits[first_enforcer], count)
        first_answer = following[pick]
        own.remove(first_answer)
        own = hands[second_enforcer]
        following = [card for card in own if shares[card]] or own
        count = len(following)
        pick = choice_index(bits[second_enforcer], count)
        second_answer = following[pick]
        own.remove(second_answer)
        actions += 3
        if trace:
            moves += [(lead, face_down), first_answer, second_answer]
        mine = RANK[lead]
        if IS_ACE[lead]:
            crown = CROWN_FOR_ACE[lead]
            mine = 11 if crown in (face_down, first_answer, second_answer) else 1
        theirs = counts[first_answer] + counts[second_answer]
        if face_down >= 0:
            mine += counts[face_down]
            discards += (lead, face_down, first_answer, second_answer)
        else:
            discards += (lead, first_answer, second_answer)
        if theirs > mine:
            points[first_enforcer] += 1
            points[second_enforcer] += 1
        elif mine > theirs:
            points[mastermind] += 1 if face_down >= 0 else 2
        best = max(points)
        if best >= target and points.count(best) == 1:
            return tuple(points), actions, moves
        mastermind = first_enforcer
        hand = hands[mastermind]
        while len(hand) < HAND_LIMIT:
            if not pile:
                if not discards:
                    break
                reshuffles += 1
                shuffle(discards, seeded_random(seed, "reshuffle", reshuffles))
                pile, discards = discards[::-1], []
            hand.append(pile.pop())


def public_actions(moves: list[Any]) -> list[Lead | Play]:
    """The public engine's actions for the moves of a traced playout."""
    actions: list[Lead | Play] = []
    for move in moves:
        if isinstance(move, tuple):
            card, face_down = move
            actions.append(Lead(DECK[card], DECK[face_down] if face_down >= 0 else None))
        else:
            actions.append(Play(DECK[move]))
    return actions


def play_fast(players: int, seed: int, bot_seeds: list[int], variant: dict[str, Any]):
    """One game with random bots for ``plateau_lab.simulate``."""
    from plateau_lab.simulate import Record

    unknown = set(variant) - {"target"}
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(sorted(unknown))}; The Syndicate has: target")
    scores, actions, _ = playout(seed, bot_seeds, variant.get("target", WINNING_SCORE))
    return Record(scores, actions)


def play_public(state, bots) -> Any:
    """One game on the public engine for ``plateau_lab.simulate``."""
    from plateau_lab.simulate import Record

    final = play_out(state, bots)
    return Record(tuple(final.scores), len(final.history))


__all__ = ["playout", "public_actions", "play_fast", "play_public", "Card"]
