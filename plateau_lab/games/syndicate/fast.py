"""A fast playout of The Syndicate for random and heuristic bots: the game-design lab's inner loop.

The public engine (``engine.State``) is the reference: immutable, every move checked, every
step told in the log. Here the same rules run on plain lists of card numbers (a card is its
index in ``DECK``) inside one function, with nothing checked or told. The random bots draw
their numbers exactly as :class:`plateau_lab.core.bots.RandomBot` does on the public engine (one
``choice`` among the legal actions, listed in the engine's order; the index is drawn as
:func:`plateau_lab.core.fastrandom.choice_index` draws it, written out in
:func:`play_from_arrays`'s loop), so a game played here is the very game the public engine plays
from the same seeds. ``on_step`` shows every step (the legal actions' texts and the index
chosen); ``tests/syndicate/test_fast.py`` checks them against the public engine at every step
over many seeds and targets.

The heuristic bot (:class:`~plateau_lab.games.syndicate.bots.HeuristicBot`, ``"heuristic"`` in
``bots=``) plays here too: :func:`heuristic_lead` imagines the same deals of the unseen cards
from the same draws of the bot's generator and weighs every lead as the bot does, and
:func:`heuristic_answer` answers as it does, so it chooses exactly the public bot's moves
(``tests/syndicate/test_fast_heuristic.py``, in lockstep). :func:`play_on` plays on from any
position (a round of the fast path's protocol, ``plateau_lab.core.fastpath``, is a turn here),
and the expert's playouts run there.

>>> from plateau_lab.core.bots import RandomBot
>>> from plateau_lab.games import syndicate
>>> steps = []
>>> record = play_fast(3, 7, [1, 2, 3], {}, on_step=lambda seat, legal, index: steps.append(legal[index]))
>>> final = play_out(syndicate.new_game(3, seed=7), [RandomBot(s) for s in (1, 2, 3)])
>>> record.scores == final.scores, steps == [str(action) for action in final.history]
(True, True)
>>> bots = [syndicate.HeuristicBot(s) for s in (1, 2, 3)]
>>> record = play_fast(3, 7, [1, 2, 3], {}, bots=["heuristic"] * 3)
>>> record.scores == play_out(syndicate.new_game(3, seed=7), bots).scores
True
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from plateau_lab.core import Play, check_whole, game_spec, play_out, seeded_random
from plateau_lab.core.fastrandom import WIDTHS, shuffle
from plateau_lab.core.fastpath import Record

from .bots import FACE_DOWN_COST, MAX_SAMPLES, SAMPLES
from .cards import DECK
from .engine import DEAL_SIZES, HAND_LIMIT, WINNING_SCORE, Lead, shares_mark

__all__ = ["CARD_NUMBERS", "FAST_BOTS", "OnStep", "STRENGTH", "answer_texts", "heuristic_answer", "heuristic_lead",
           "heuristic_seats", "lead_texts", "play_fast", "play_from_arrays", "play_on", "play_public", "playout"]


#: The registered bots this fast path plays, choosing exactly their moves (see ``plateau_lab.lab.simulate``).
FAST_BOTS = frozenset({"random", "heuristic"})
#: The seat of the game's first mastermind, who makes its first move (as ``engine.new_game`` deals it).
FIRST_MASTERMIND = 0

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
#: STRENGTH[card]: the card's place among all cards ordered by rank, then name: the order in which
#: the heuristic bot finds a card stronger than another.
STRENGTH = tuple(sorted(range(CARDS), key=lambda card: (RANK[card], DECK[card].name)).index(card)
                 for card in range(CARDS))
#: STRENGTH_BIT[card]: the bit of a card in a hand written as a bitmask ordered by strength.
STRENGTH_BIT = tuple(1 << place for place in STRENGTH)
#: SHARING_BITS[lead]: the bitmask (by strength) of the cards that count for or against ``lead``'s scheme.
SHARING_BITS = tuple(sum(STRENGTH_BIT[card] for card in range(CARDS) if SHARES[lead][card]) for lead in range(CARDS))
#: COUNTS_BY_STRENGTH[lead][place]: ``COUNTS[lead]`` of the card at that place in ``STRENGTH``.
COUNTS_BY_STRENGTH = tuple(tuple(COUNTS[lead][STRENGTH.index(place)] for place in range(CARDS))
                           for lead in range(CARDS))
#: CARD_NUMBERS[card]: a card's number here (its index in ``DECK``).
CARD_NUMBERS = {card: index for index, card in enumerate(DECK)}
#: The enforcers of each mastermind, in the order they answer.
ENFORCERS = tuple(((mastermind + 1) % 3, (mastermind + 2) % 3) for mastermind in range(3))

#: ``on_step(seat, legal, index)``: a seat is to move, ``legal`` lists the legal actions' texts in
#: the engine's order and ``index`` is the one its bot chose.
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


def heuristic_lead(hand: list[int], discards: list[int], sizes: tuple[int, int], generator: random.Random,
                   samples: int = SAMPLES) -> int:
    """The lead :class:`~plateau_lab.games.syndicate.bots.HeuristicBot` chooses, as its index among
    the leads of ``hand`` in the engine's order (see :func:`lead_texts`). ``sizes``: the hands of
    the enforcers, in the order they answer; ``generator``: the bot's own.

    Like the bot, it deals the cards it does not see (neither in ``hand`` nor in the discards) to
    the enforcers ``samples`` times, shuffling them with the same draws, and scores every lead by
    the points it would win if each enforcer answered with their strongest legal card, a
    face-down card costing :data:`~plateau_lab.games.syndicate.bots.FACE_DOWN_COST`. Here an
    imagined hand is a bitmask with a bit per card at the card's place in ``STRENGTH``, so a
    strongest answer is a highest bit; the answers depend on the face-up card only, so they are
    found once per card and deal, and the plots that succeed are counted by bisecting the sorted
    totals.

    >>> from plateau_lab.games import syndicate
    >>> state = syndicate.new_game(3, seed=5)
    >>> hand = [CARD_NUMBERS[card] for card in state.hands[0]]
    >>> chosen = heuristic_lead(hand, [], (4, 3), random.Random(9))
    >>> lead_texts(hand)[chosen] == str(syndicate.HeuristicBot(9).choose(state))
    True
    """
    excluded = set(hand).union(discards)
    unseen = [card for card in range(CARDS) if card not in excluded]
    first_size, both = sizes[0], sizes[0] + sizes[1]
    deals = []
    for _ in range(samples):
        shuffle(unseen, generator)
        first = second = 0
        for card in unseen[:first_size]:
            first |= STRENGTH_BIT[card]
        for card in unseen[first_size:both]:
            second |= STRENGTH_BIT[card]
        deals.append((first, second))
    size = len(hand)
    best, best_value = 0, float("-inf")
    for at, lead in enumerate(hand):
        sharing, counts, adds = SHARING_BITS[lead], COUNTS_BY_STRENGTH[lead], COUNTS[lead]
        face_down_cards = hand[:at] + hand[at + 1:]
        if IS_ACE[lead]:
            crown, crown_place = CROWN_FOR_ACE[lead], STRENGTH[CROWN_FOR_ACE[lead]]
            crowned, plain = [], []     # the enforcers' totals, with and without the Ace's Crown among the answers
            for first, second in deals:
                one = (first & sharing or first).bit_length() - 1        # the strongest legal answer's place
                two = (second & sharing or second).bit_length() - 1
                (crowned if crown_place in (one, two) else plain).append(counts[one] + counts[two])
            crowned.sort()
            plain.sort()
            # the led Ace counts 11 beside its Crown (answered or face down), 1 otherwise
            succeeded = [bisect_left(crowned, 11) + bisect_left(plain, 1)]
            succeeded += [bisect_left(crowned, 11 + adds[card])
                          + bisect_left(plain, (11 if card == crown else 1) + adds[card]) for card in face_down_cards]
        else:
            totals = sorted([counts[(first & sharing or first).bit_length() - 1]
                             + counts[(second & sharing or second).bit_length() - 1] for first, second in deals])
            rank = RANK[lead]
            succeeded = [bisect_left(totals, rank)]
            succeeded += [bisect_left(totals, rank + adds[card]) for card in face_down_cards]
        # the bot keeps the first lead of the highest value; among the face-down cards of one face-up
        # card, the first that succeeds most often is the first of the highest value
        value = 2 * succeeded[0] / samples
        if value > best_value:
            best, best_value = at * size, value
        if size > 1:
            most = max(succeeded[1:])
            value = most / samples - FACE_DOWN_COST
            if value > best_value:
                best, best_value = at * size + succeeded.index(most, 1), value
    return best


def heuristic_answer(options: list[int], lead: int, face_down_played: bool, answers: list[int]) -> int:
    """The answer :class:`~plateau_lab.games.syndicate.bots.HeuristicBot` chooses, as its index among
    ``options`` (the legal answers, in hand order): the strongest card sharing the lead's mark
    unless the enforcers' total already beats the mastermind's face-up card (and ten for a
    face-down card), otherwise the weakest.

    >>> cards = [CARD_NUMBERS[card] for card in DECK if card.name in ("Author", "Lunatic", "Huntress")]
    >>> lead = CARD_NUMBERS[DECK[24]]                           # Diplomat, a personality
    >>> heuristic_answer(cards, lead, False, []), heuristic_answer(cards, lead, False, [CARD_NUMBERS[DECK[29]]])
    (2, 0)
    """
    counts = COUNTS[lead]
    threat = (1 if IS_ACE[lead] else RANK[lead]) + (10 if face_down_played else 0)
    if SHARES[lead][options[0]] and sum(counts[card] for card in answers) <= threat:
        chosen = max(options, key=STRENGTH.__getitem__)
    else:
        chosen = min(options, key=STRENGTH.__getitem__)
    return options.index(chosen)


def heuristic_seats(bots: Sequence[str] | None) -> tuple[bool, ...] | None:
    """Per seat, whether it holds the heuristic bot, from a name of ``FAST_BOTS`` per seat (None:
    random bots everywhere, and None back, as when no seat holds the heuristic bot)."""
    if bots is None:
        return None
    names = list(bots)
    if len(names) != 3 or any(name not in FAST_BOTS for name in names):
        raise ValueError(f"the fast path plays one of {', '.join(sorted(FAST_BOTS))} in each of the 3 seats, "
                         f"not {names!r}")
    heuristic = tuple(name == "heuristic" for name in names)
    return heuristic if any(heuristic) else None


def playout(seed: int, bot_seeds: list[int], target: int = WINNING_SCORE, *,
            heuristic: Sequence[bool] | None = None, on_step: OnStep | None = None) -> tuple[tuple[int, int, int], int]:
    """Play a whole game, a random bot in each seat or, where ``heuristic`` says so, the heuristic
    bot: ``(scores, actions)``. ``on_step``, when given, is called before every move (the texts
    are made only then)."""
    order = list(range(CARDS))
    shuffle(order, seeded_random(seed, "deal"))
    hands, start = [], 0
    for size in DEAL_SIZES:
        hands.append(order[start:start + size])
        start += size
    pile = order[start:][::-1]            # top card last, so that drawing is pop()
    points, actions, _ = play_from_arrays(hands, pile, [], [0, 0, 0], FIRST_MASTERMIND, 0, seed,
                                          [random.Random(bot_seed) for bot_seed in bot_seeds], target,
                                          heuristic=heuristic, on_step=on_step)
    return points, actions


def play_from_arrays(hands: list[list[int]], pile: list[int], discards: list[int], points: list[int],
                     mastermind: int, reshuffles: int, seed: int, generators: list[random.Random],
                     target: int = WINNING_SCORE, *, heuristic: Sequence[bool] | None = None, samples: int = SAMPLES,
                     table: tuple[int, int, list[int]] | None = None, turns: int | None = None,
                     on_step: OnStep | None = None) -> tuple[tuple[int, int, int], int, int]:
    """Play on from a position until the game is won or ``turns`` more turns have been resolved:
    ``(scores, actions, turns)``. The lists (card numbers; ``pile`` has its top card last) are
    changed in place. ``table`` is a turn under way: ``(lead, face-down card or -1, answers)``.
    ``generators[seat]`` is the generator of the seat's bot: a random bot, or the heuristic bot
    where ``heuristic[seat]`` is true (imagining ``samples`` deals before it leads)."""
    bits = [generator.getrandbits for generator in generators]
    actions = resolved = 0
    while True:
        first_enforcer, second_enforcer = ENFORCERS[mastermind]
        if table is None:
            hand = hands[mastermind]
            size = len(hand)
            if heuristic and heuristic[mastermind]:
                pick = heuristic_lead(hand, discards, (len(hands[first_enforcer]), len(hands[second_enforcer])),
                                      generators[mastermind], samples)
            else:               # RandomBot's choice among the leads
                count = size * size
                draw, width = bits[mastermind], WIDTHS[count]
                pick = draw(width)
                while pick >= count:
                    pick = draw(width)
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
        for enforcer in ENFORCERS[mastermind][len(answers):]:
            own = hands[enforcer]
            following = [card for card in own if shares[card]] or own
            count = len(following)
            if heuristic and heuristic[enforcer]:
                pick = heuristic_answer(following, lead, face_down >= 0, answers)
            else:               # RandomBot's choice among the answers
                draw, width = bits[enforcer], WIDTHS[count]
                pick = draw(width)
                while pick >= count:
                    pick = draw(width)
            if on_step is not None:
                on_step(enforcer, answer_texts(following), pick)
            card = following[pick]
            answers.append(card)
            own.remove(card)
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
        scored = 0              # the highest score of a player who scored this turn
        if theirs > mine:
            points[first_enforcer] += 1
            points[second_enforcer] += 1
            scored = max(points[first_enforcer], points[second_enforcer])
        elif mine > theirs:
            points[mastermind] += 1 if face_down >= 0 else 2
            scored = points[mastermind]
        resolved += 1
        if (scored >= target and points.count(max(points)) == 1) or resolved == turns:
            return tuple(points), actions, resolved
        mastermind = first_enforcer
        hand = hands[mastermind]
        missing = HAND_LIMIT - len(hand)
        if missing <= len(pile):            # the top cards, in the order pop() would draw them
            hand += pile[:-missing - 1:-1]
            del pile[len(pile) - missing:]
            continue
        while len(hand) < HAND_LIMIT:       # the pile runs out on the way
            if not pile:
                if not discards:
                    break
                reshuffles += 1
                shuffle(discards, seeded_random(seed, "reshuffle", reshuffles))
                pile[:] = discards[::-1]
                discards.clear()
            hand.append(pile.pop())


def play_on(state, bot_seeds: Sequence[int], *, bots: Sequence[str] | None = None, rounds: int | None = None,
            on_step: OnStep | None = None, samples: int = SAMPLES) -> Record:
    """Play on from any position of the public engine (``engine.State``: also mid-turn), the game
    the public engine plays from it with ``RandomBot(bot_seeds[seat])`` per seat or, where
    ``bots`` (a name of ``FAST_BOTS`` per seat) says ``"heuristic"``,
    ``HeuristicBot(bot_seeds[seat], samples=samples)``; to the end of the game or once ``rounds``
    turns have been resolved (the turn under way counts as one). A :class:`Record` of the scores
    then (``state.scores``: the points) and the moves made; no extras nor rows.

    >>> from plateau_lab.core.bots import RandomBot
    >>> from plateau_lab.games import syndicate
    >>> state = syndicate.new_game(3, seed=2)
    >>> state = state.apply(state.legal_actions()[3])
    >>> record = play_on(state, [4, 5, 6])
    >>> final = play_out(state, [RandomBot(s) for s in (4, 5, 6)])
    >>> record.scores == final.scores, record.actions == len(final.history) - 1
    (True, True)
    >>> record = play_on(state, [4, 5, 6], bots=["heuristic", "random", "heuristic"])
    >>> record.scores == play_out(state, [syndicate.HeuristicBot(4), RandomBot(5), syndicate.HeuristicBot(6)]).scores
    True
    """
    heuristic = heuristic_seats(bots)
    check_whole(samples, name="samples (the deals a heuristic bot imagines before it leads)", low=1,
                high=MAX_SAMPLES)
    if rounds is not None:
        check_whole(rounds, name="rounds (the turns to play on)", low=1)
    if state.is_over:
        return Record(tuple(state.points), 0)
    number = CARD_NUMBERS
    table = None
    if state.table is not None:
        face_down = -1 if state.table.face_down is None else number[state.table.face_down]
        table = (number[state.table.lead], face_down, [number[card] for card in state.table.answers])
    scores, actions, _ = play_from_arrays(
        [[number[card] for card in hand] for hand in state.hands],
        [number[card] for card in reversed(state.draw_pile)], [number[card] for card in state.discards],
        list(state.points), state.mastermind, state.reshuffles, state.setup.seed,
        [random.Random(bot_seed) for bot_seed in bot_seeds], state.target, heuristic=heuristic,
        samples=samples, table=table, turns=rounds, on_step=on_step)
    return Record(scores, actions)


def play_fast(players: int, seed: int, bot_seeds: Sequence[int], variant: Mapping[str, Any], *,
              bots: Sequence[str] | None = None, on_step: OnStep | None = None) -> Record:
    """One game for ``plateau_lab.lab.simulate``: a ``Record`` of scores and actions. ``bots`` names
    the bot of each seat (one of ``FAST_BOTS``: ``"random"`` or ``"heuristic"``); None: random
    bots. ``variant`` may hold any of the game's options (the others take their defaults)."""
    game_spec("syndicate").check_players(players)
    if len(bot_seeds) != players:
        raise ValueError(f"give one bot seed per seat: {players} players, {len(bot_seeds)} seeds")
    target = game_spec("syndicate").check_variant(variant)["target"] if variant else WINNING_SCORE
    scores, actions = playout(seed, bot_seeds, target, heuristic=heuristic_seats(bots), on_step=on_step)
    return Record(scores, actions, starter=FIRST_MASTERMIND)      # the first mastermind leads first


def play_public(state, bots: Sequence[Any]) -> Record:
    """One game on the public engine for ``plateau_lab.lab.simulate``."""
    final = play_out(state, bots)
    return Record(tuple(final.scores), len(final.history))
