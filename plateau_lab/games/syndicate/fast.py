"""A fast playout of The Syndicate for random bots: the game-design lab's inner loop.

The public engine (``engine.State``) is the reference: immutable, every move checked, every
step told in the log. Here the same rules run on plain lists of card numbers (a card is its
index in ``DECK``) inside one function, with nothing checked or told. The random bots draw
their numbers exactly as :class:`plateau_lab.bots.RandomBot` does on the public engine (one
``choice`` among the legal actions, listed in the engine's order; ``choice`` draws an index
below ``n`` by ``Random._randbelow``, which is inlined here: ``getrandbits(n.bit_length())``
until the number is below ``n``), so a game played here is the very game the public engine
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

from .cards import DECK, Card
from .engine import DEAL_SIZES, HAND_LIMIT, WINNING_SCORE, Lead, Play, shares_mark

HAS_ROUNDS = False
CARDS = len(DECK)
RANK = tuple(card.rank for card in DECK)
IS_ACE = tuple(card.is_ace for card in DECK)
#: SHARES[lead][card]: whether ``card`` counts for or against the scheme of ``lead``.
SHARES = tuple(tuple(shares_mark(card, lead) for card in DECK) for lead in DECK)
#: For an Ace: the number of the Crown of its suit (which makes the led Ace count eleven).
CROWN_FOR_ACE = {index: DECK.index(next(c for c in DECK if c.is_crown and c.suits == card.suits))
                 for index, card in enumerate(DECK) if card.is_ace}


def playout(seed: int, bot_seeds: list[int], target: int = WINNING_SCORE, *, trace: bool = False):
    """Play a whole game with a random bot per seat: ``(scores, actions, moves)``; ``moves`` (None
    without ``trace``) lists ``(card, face_down or -1)`` for a lead, a card number for an answer."""
    bits = [random.Random(bot_seed).getrandbits for bot_seed in bot_seeds]
    order = list(range(CARDS))
    seeded_random(seed, "deal").shuffle(order)
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
        count = size * size                 # the leads Lead(card, face_down), in the engine's order
        getrandbits, width = bits[mastermind], count.bit_length()
        pick = getrandbits(width)           # RandomBot's choice: Random._randbelow, inlined
        while pick >= count:
            pick = getrandbits(width)
        lead = hand[pick // size]
        second = pick % size
        face_down = -1
        if second:
            others = [card for card in hand if card != lead]
            face_down = others[second - 1]
            hand.remove(face_down)
        hand.remove(lead)
        shares = SHARES[lead]
        answers = []
        for enforcer in ((mastermind + 1) % 3, (mastermind + 2) % 3):
            own = hands[enforcer]
            following = [card for card in own if shares[card]] or own
            count = len(following)
            getrandbits, width = bits[enforcer], count.bit_length()
            pick = getrandbits(width)
            while pick >= count:
                pick = getrandbits(width)
            answer = following[pick]
            own.remove(answer)
            answers.append(answer)
        actions += 3
        if trace:
            moves += [(lead, face_down), answers[0], answers[1]]
        played = [lead, face_down, *answers] if face_down >= 0 else [lead, *answers]
        lead_value = RANK[lead]
        if IS_ACE[lead]:
            lead_value = 11 if CROWN_FOR_ACE[lead] in played else 1
        mine = lead_value + (RANK[face_down] if face_down >= 0 and shares[face_down] else 0)
        theirs = sum(RANK[card] for card in answers if shares[card])
        if theirs > mine:
            points = [score + 1 for score in points]
            points[mastermind] -= 1
        elif mine > theirs:
            points[mastermind] += 1 if face_down >= 0 else 2
        discards += played
        best = max(points)
        if best >= target and points.count(best) == 1:
            return tuple(points), actions, moves
        mastermind = (mastermind + 1) % 3
        hand = hands[mastermind]
        while len(hand) < HAND_LIMIT:
            if not pile:
                if not discards:
                    break
                reshuffles += 1
                seeded_random(seed, "reshuffle", reshuffles).shuffle(discards)
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
