"""A fast playout of The Syndicate for random bots: the game-design lab's inner loop.

The public engine (``engine.State``) is the reference: immutable, every move checked, every
step told in the log. Here the same rules run on plain lists of card numbers (a card is its
index in ``DECK``) inside one function, with nothing checked or told. The random bots draw
their numbers exactly as :class:`plateau_lab.bots.RandomBot` does on the public engine (one
``choice`` among the legal actions, listed in the engine's order; the index is drawn by
:func:`plateau_lab.fastrandom.choice_index`, the draw ``random.choice`` makes), so a game played
here is the very game the public engine plays from the same seeds. ``on_step`` shows every step
(the legal actions' texts and the index chosen); ``tests/test_fast_syndicate.py`` checks them
against the public engine at every step over many seeds and targets.

>>> from plateau_lab.bots import RandomBot
>>> from plateau_lab.games import syndicate
>>> steps = []
>>> record = play_fast(3, 7, [1, 2, 3], {}, on_step=lambda seat, legal, index: steps.append(legal[index]))
>>> final = play_out(syndicate.new_game(3, seed=7), [RandomBot(s) for s in (1, 2, 3)])
>>> record.scores == final.scores, steps == [str(action) for action in final.history]
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from plateau_lab.core import Play, play_out, seeded_random
from plateau_lab.fastrandom import choice_index, shuffle

from .cards import DECK
from .engine import DEAL_SIZES, HAND_LIMIT, SPEC, WINNING_SCORE, Lead, shares_mark

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
#: CARD_NUMBERS[card]: a card's number here (its index in ``DECK``).
CARD_NUMBERS = {card: index for index, card in enumerate(DECK)}
#: The enforcers of each mastermind, in the order they answer.
ENFORCERS = tuple(((mastermind + 1) % 3, (mastermind + 2) % 3) for mastermind in range(3))

#: ``on_step(seat, legal, index)``: a seat is to move, ``legal`` lists the legal actions' texts in
#: the engine's order and ``index`` is the one its random bot chose.
OnStep = Callable[[int, list[str], int], Any]


def lead_texts(hand: list[int]) -> list[str]:
    """The mastermind's legal leads as text, in the engine's order: each card alone, then with
    each other card face down."""
    texts = []
    for card in hand:
        texts.append(str(Lead(DECK[card])))
        texts += [str(Lead(DECK[card], DECK[other])) for other in hand if other != card]
    return texts


def answer_texts(cards: list[int]) -> list[str]:
    """An enforcer's legal answers as text, in the engine's order (hand order)."""
    return [str(Play(DECK[card])) for card in cards]


def playout(seed: int, bot_seeds: list[int], target: int = WINNING_SCORE, *,
            on_step: OnStep | None = None) -> tuple[tuple[int, int, int], int]:
    """Play a whole game with a random bot per seat: ``(scores, actions)``. ``on_step``, when
    given, is called before every move (the texts are made only then)."""
    order = list(range(CARDS))
    shuffle(order, seeded_random(seed, "deal"))
    hands, start = [], 0
    for size in DEAL_SIZES:
        hands.append(order[start:start + size])
        start += size
    pile = order[start:][::-1]            # top card last, so that drawing is pop()
    points, actions, _ = play_on(hands, pile, [], [0, 0, 0], 0, 0, seed,
                                 [random.Random(bot_seed).getrandbits for bot_seed in bot_seeds], target,
                                 on_step=on_step)
    return points, actions


def play_on(hands: list[list[int]], pile: list[int], discards: list[int], points: list[int], mastermind: int,
            reshuffles: int, seed: int, bits: list[Callable[[int], int]], target: int = WINNING_SCORE, *,
            table: tuple[int, int, list[int]] | None = None, turns: int | None = None,
            on_step: OnStep | None = None) -> tuple[tuple[int, int, int], int, int]:
    """Play on from a position until the game is won or ``turns`` more turns have been resolved:
    ``(scores, actions, turns)``. The lists (card numbers; ``pile`` has its top card last) are
    changed in place. ``table`` is a turn under way: ``(lead, face-down card or -1, answers)``.
    ``bits[seat]`` draws the random numbers of the seat's bot (``Random.getrandbits``)."""
    actions = resolved = 0
    while True:
        if table is None:
            hand = hands[mastermind]
            size = len(hand)
            pick = choice_index(bits[mastermind], size * size)   # RandomBot's choice among the leads
            if on_step is not None:
                on_step(mastermind, lead_texts(hand), pick)
            at, second = divmod(pick, size)     # per card: no face-down card, then each other card
            lead = hand[at]
            face_down = -1
            if second:
                face_down = hand[second - 1 if second <= at else second]
                hand.remove(face_down)
            hand.remove(lead)
            answers: list[int] = []
            actions += 1
        else:
            lead, face_down, answers = table
            table = None
        shares, counts = SHARES[lead], COUNTS[lead]
        first_enforcer, second_enforcer = ENFORCERS[mastermind]
        for enforcer in (first_enforcer, second_enforcer)[len(answers):]:
            own = hands[enforcer]
            following = [card for card in own if shares[card]] or own
            pick = choice_index(bits[enforcer], len(following))
            if on_step is not None:
                on_step(enforcer, answer_texts(following), pick)
            answers.append(following[pick])
            own.remove(following[pick])
            actions += 1
        first_answer, second_answer = answers
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
        resolved += 1
        best = max(points)
        if (best >= target and points.count(best) == 1) or resolved == turns:
            return tuple(points), actions, resolved
        mastermind = first_enforcer
        hand = hands[mastermind]
        while len(hand) < HAND_LIMIT:
            if not pile:
                if not discards:
                    break
                reshuffles += 1
                shuffle(discards, seeded_random(seed, "reshuffle", reshuffles))
                pile[:] = discards[::-1]
                discards.clear()
            hand.append(pile.pop())


def play_on_from_state(state, bot_seeds: list[int], *, turns: int | None = None,
                       on_step: OnStep | None = None) -> tuple[tuple[int, int, int], int, int]:
    """Play on with random bots from any position of the public engine (``engine.State``: also
    mid-turn), the game the public engine plays from it with ``RandomBot(bot_seeds[seat])`` per
    seat: ``(scores, actions, turns)``, as :func:`play_on` says.

    >>> from plateau_lab.bots import RandomBot
    >>> from plateau_lab.games import syndicate
    >>> state = syndicate.new_game(3, seed=2)
    >>> state = state.apply(state.legal_actions()[3])
    >>> scores, actions, _ = play_on_from_state(state, [4, 5, 6])
    >>> final = play_out(state, [RandomBot(s) for s in (4, 5, 6)])
    >>> scores == final.scores, actions == len(final.history) - 1
    (True, True)
    """
    number = CARD_NUMBERS
    table = None
    if state.table is not None:
        face_down = -1 if state.table.face_down is None else number[state.table.face_down]
        table = (number[state.table.lead], face_down, [number[card] for card in state.table.answers])
    if state.is_over:
        return tuple(state.points), 0, 0
    return play_on([[number[card] for card in hand] for hand in state.hands],
                   [number[card] for card in reversed(state.draw_pile)], [number[card] for card in state.discards],
                   list(state.points), state.mastermind, state.reshuffles, state.setup.seed,
                   [random.Random(bot_seed).getrandbits for bot_seed in bot_seeds], state.target, table=table,
                   turns=turns, on_step=on_step)


def play_fast(players: int, seed: int, bot_seeds: list[int], variant: dict[str, Any], *,
              on_step: OnStep | None = None):
    """One game with random bots for ``plateau_lab.simulate``: a ``Record`` of scores and actions.
    ``variant`` may hold any of the game's options (the others take their defaults)."""
    from plateau_lab.simulate import Record

    SPEC.check_players(players)
    scores, actions = playout(seed, bot_seeds, SPEC.check_variant(variant)["target"], on_step=on_step)
    return Record(scores, actions)


def play_public(state, bots) -> Any:
    """One game on the public engine for ``plateau_lab.simulate``."""
    from plateau_lab.simulate import Record

    final = play_out(state, bots)
    return Record(tuple(final.scores), len(final.history))


__all__ = ["playout", "play_on", "play_on_from_state", "play_fast", "play_public", "lead_texts", "answer_texts", "OnStep"]
