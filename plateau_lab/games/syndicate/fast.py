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
(``tests/syndicate/test_fast_heuristic.py``, in lockstep), and so does the cautious bot
(:class:`~plateau_lab.games.syndicate.bots.CautiousBot`, ``"cautious"``). :func:`play_on` plays on
from any position (a round of the fast path's protocol, ``plateau_lab.core.fastpath``, is a turn
here), and the expert's playouts run there.

Every number of the game comes from its rule set (``rules.rules_of``, ``State.rules``), turned
once per rule set into the tables a playout reads (:func:`tables_for`); ``tests/syndicate/
test_rule_sets.py`` plays rule sets drawn at random in lockstep with the public engine.

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
>>> bots = [syndicate.CautiousBot(s) for s in (1, 2, 3)]
>>> record = play_fast(3, 7, [1, 2, 3], {"foil_points": 2}, bots=["cautious"] * 3)
>>> record.scores == play_out(syndicate.new_game(3, seed=7, foil_points=2), bots).scores
True
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from plateau_lab.core import Play, check_whole, game_spec, play_out, seeded_random
from plateau_lab.core.fastrandom import WIDTHS, shuffle
from plateau_lab.core.fastpath import LegalTexts, Record, play_out_by_rounds, round_rows

from .bots import FACE_DOWN_COST, MAX_SAMPLES, SAMPLES, strength
from .cards import DECK
from .engine import Lead, shares_mark
from .rules import Rules, rules_of

__all__ = ["CARD_NUMBERS", "FAST_BOTS", "HEURISTIC_STYLES", "OnStep", "Tables", "answer_texts", "heuristic_answer",
           "heuristic_lead", "heuristic_seats", "lead_texts", "play_fast", "play_from_arrays", "play_on",
           "play_public", "playout", "tables_for", "turn_under_way"]


#: The heuristic bots this fast path plays (``bots.HeuristicBot`` and ``bots.CautiousBot``).
HEURISTIC_STYLES = frozenset({"heuristic", "cautious"})
#: The registered bots this fast path plays, choosing exactly their moves (see ``plateau_lab.lab.simulate``).
FAST_BOTS = frozenset({"random"}) | HEURISTIC_STYLES
#: The seat of the game's first mastermind, who makes its first move (as ``engine.new_game`` deals it).
FIRST_MASTERMIND = 0

CARDS = len(DECK)
IS_ACE = tuple(card.is_ace for card in DECK)
#: SHARES[lead][card]: whether ``card`` counts for or against the scheme of ``lead``.
SHARES = tuple(tuple(shares_mark(card, lead) for card in DECK) for lead in DECK)
#: For an Ace: the number of the Crown of its suit (which makes the led Ace count its crowned points); -2 otherwise.
CROWN_FOR_ACE = tuple(DECK.index(next(c for c in DECK if c.is_crown and c.suits == card.suits)) if card.is_ace
                      else -2 for card in DECK)


@dataclass(frozen=True)
class Tables:
    """A rule set's numbers as a playout reads them, by card number (see :func:`tables_for`).

    ``points[card]``: what a card counts when it shares the lead's mark (an Ace: led alone);
    ``counts[lead][card]``: what ``card`` adds to a side's total after ``lead`` (its points if it
    shares a mark, else 0); ``strength[card]``: the card's place among all cards in the order in
    which the heuristic bots find a card stronger than another (``bots.strength``);
    ``strength_bit[card]``: its bit in a hand written as a bitmask ordered by strength;
    ``sharing_bits[lead]``: the bitmask (by strength) of the cards that count for or against
    ``lead``'s scheme; ``counts_by_strength[lead][place]``: ``counts[lead]`` of the card at that place;
    ``highest``: the most a card counts (``rules.highest_card_points``).
    """

    rules: Rules
    points: tuple[int, ...]
    counts: tuple[tuple[int, ...], ...]
    strength: tuple[int, ...]
    strength_bit: tuple[int, ...]
    sharing_bits: tuple[int, ...]
    counts_by_strength: tuple[tuple[int, ...], ...]
    highest: int


@lru_cache(maxsize=64)
def tables_for(rules: Rules) -> Tables:
    """The tables of ``rules``, made once per rule set.

    >>> from .rules import rules_of
    >>> tables = tables_for(rules_of(3, {"card_points": (1, 1, 1, 1, 1, 1, 1, 1, 1)}))
    >>> tables.points[CARD_NUMBERS[DECK[-1]]], tables.counts[CARD_NUMBERS[DECK[-1]]][CARD_NUMBERS[DECK[-2]]]
    (1, 1)
    """
    points = tuple(rules.points_of(card) for card in DECK)
    counts = tuple(tuple(points[card] if SHARES[lead][card] else 0 for card in range(CARDS)) for lead in range(CARDS))
    order = sorted(range(CARDS), key=lambda card: strength(DECK[card], rules))
    place = tuple(order.index(card) for card in range(CARDS))
    bit = tuple(1 << at for at in place)
    sharing = tuple(sum(bit[card] for card in range(CARDS) if SHARES[lead][card]) for lead in range(CARDS))
    by_strength = tuple(tuple(counts[lead][order[at]] for at in range(CARDS)) for lead in range(CARDS))
    return Tables(rules, points, counts, place, bit, sharing, by_strength, rules.highest_card_points)


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
                   tables: Tables, samples: int = SAMPLES, *, cautious: bool = False) -> int:
    """The lead :class:`~plateau_lab.games.syndicate.bots.HeuristicBot` chooses (or, ``cautious``,
    :class:`~plateau_lab.games.syndicate.bots.CautiousBot`), as its index among the leads of ``hand``
    in the engine's order (see :func:`lead_texts`). ``sizes``: the hands of the enforcers, in the
    order they answer; ``generator``: the bot's own; ``tables``: the rule set's (:func:`tables_for`).

    Like the bot, it deals the cards it does not see (neither in ``hand`` nor in the discards) to
    the enforcers ``samples`` times, shuffling them with the same draws, and scores every lead by
    the points it would win if each enforcer answered with their strongest legal card (the
    cautious bot: less the points each enforcer would win), a face-down card costing
    :data:`~plateau_lab.games.syndicate.bots.FACE_DOWN_COST`. Here an imagined hand is a bitmask
    with a bit per card at the card's place in ``tables.strength``, so a strongest answer is a
    highest bit; the answers depend on the face-up card only, so they are found once per card and
    deal, and the plots that succeed (and fail) are counted by bisecting the sorted totals.

    >>> from plateau_lab.games import syndicate
    >>> state = syndicate.new_game(3, seed=5)
    >>> hand = [CARD_NUMBERS[card] for card in state.hands[0]]
    >>> chosen = heuristic_lead(hand, [], (4, 3), random.Random(9), tables_for(state.rules))
    >>> lead_texts(hand)[chosen] == str(syndicate.HeuristicBot(9).choose(state))
    True
    """
    rules = tables.rules
    strength_bit, sharing_bits, points = tables.strength_bit, tables.sharing_bits, tables.points
    counts_by_strength, counts_after, places = tables.counts_by_strength, tables.counts, tables.strength
    plot, plot_face_down = rules.plot_points, rules.plot_face_down_points
    caution = rules.foil_points if cautious else 0
    excluded = set(hand).union(discards)
    unseen = [card for card in range(CARDS) if card not in excluded]
    first_size, both = sizes[0], sizes[0] + sizes[1]
    deals = []
    for _ in range(samples):
        shuffle(unseen, generator)
        first = second = 0
        for card in unseen[:first_size]:
            first |= strength_bit[card]
        for card in unseen[first_size:both]:
            second |= strength_bit[card]
        deals.append((first, second))
    size = len(hand)
    best, best_value = 0, float("-inf")
    for at, lead in enumerate(hand):
        sharing, counts, adds = sharing_bits[lead], counts_by_strength[lead], counts_after[lead]
        face_down_cards = hand[:at] + hand[at + 1:]
        if IS_ACE[lead]:
            crown = CROWN_FOR_ACE[lead]
            crown_place = places[crown]
            crowned, plain = [], []     # the enforcers' totals, with and without the Ace's Crown among the answers
            for first, second in deals:
                one = (first & sharing or first).bit_length() - 1        # the strongest legal answer's place
                two = (second & sharing or second).bit_length() - 1
                (crowned if crown_place in (one, two) else plain).append(counts[one] + counts[two])
            crowned.sort()
            plain.sort()
            # the led Ace counts its crowned points beside its Crown (answered or face down), else its own
            mine = [(rules.crowned_ace_points, rules.ace_points)]
            mine += [(rules.crowned_ace_points + adds[card],
                      (rules.crowned_ace_points if card == crown else rules.ace_points) + adds[card])
                     for card in face_down_cards]
            succeeded = [bisect_left(crowned, with_crown) + bisect_left(plain, without) for with_crown, without in mine]
            if caution:
                foiled = [len(crowned) - bisect_right(crowned, with_crown) + len(plain) - bisect_right(plain, without)
                          for with_crown, without in mine]
        else:
            totals = sorted([counts[(first & sharing or first).bit_length() - 1]
                             + counts[(second & sharing or second).bit_length() - 1] for first, second in deals])
            alone = points[lead]
            succeeded = [bisect_left(totals, alone)]
            succeeded += [bisect_left(totals, alone + adds[card]) for card in face_down_cards]
            if caution:
                foiled = [samples - bisect_right(totals, total)
                          for total in (alone, *(alone + adds[card] for card in face_down_cards))]
        # a lead's points summed over the deals (the plain bot's: its plots that succeed, times their
        # points); the bot keeps the first lead of the highest value
        if caution:
            gains = [plot * succeeded[0] - caution * foiled[0]]
            gains += [plot_face_down * won - caution * lost for won, lost in zip(succeeded[1:], foiled[1:])]
            alone_weight = face_down_weight = 1
        else:
            gains, alone_weight, face_down_weight = succeeded, plot, plot_face_down
        value = alone_weight * gains[0] / samples
        if value > best_value:
            best, best_value = at * size, value
        if size > 1:
            most = max(gains[1:])
            value = face_down_weight * most / samples - FACE_DOWN_COST
            if value > best_value:      # among equal values, the first face-down card
                best, best_value = at * size + (gains.index(most, 1) if face_down_weight else 1), value
    return best


def heuristic_answer(options: list[int], lead: int, face_down_played: bool, answers: list[int],
                     tables: Tables) -> int:
    """The answer :class:`~plateau_lab.games.syndicate.bots.HeuristicBot` chooses, as its index among
    ``options`` (the legal answers, in hand order): the strongest card sharing the lead's mark
    unless the enforcers' total already beats the mastermind's face-up card (and the most a card
    counts, for a face-down card), otherwise the weakest.

    >>> from .rules import rules_of
    >>> cards = [CARD_NUMBERS[card] for card in DECK if card.name in ("Author", "Lunatic", "Huntress")]
    >>> lead, tables = CARD_NUMBERS[DECK[24]], tables_for(rules_of(3, {}))          # Diplomat, a personality
    >>> lunatic = CARD_NUMBERS[DECK[29]]
    >>> heuristic_answer(cards, lead, False, [], tables), heuristic_answer(cards, lead, False, [lunatic], tables)
    (2, 0)
    """
    counts, place = tables.counts[lead], tables.strength
    threat = tables.points[lead] + (tables.highest if face_down_played else 0)
    if SHARES[lead][options[0]] and sum(counts[card] for card in answers) <= threat:
        chosen = max(options, key=place.__getitem__)
    else:
        chosen = min(options, key=place.__getitem__)
    return options.index(chosen)


def heuristic_seats(bots: Sequence[str] | None) -> tuple[str | None, ...] | None:
    """Per seat, the style of heuristic bot it holds (``"heuristic"`` or ``"cautious"``) or None for
    a random bot, from a name of ``FAST_BOTS`` per seat (None: random bots everywhere, and None
    back, as when no seat holds a heuristic bot)."""
    if bots is None:
        return None
    names = list(bots)
    if len(names) != 3 or any(name not in FAST_BOTS for name in names):
        raise ValueError(f"the fast path plays one of {', '.join(sorted(FAST_BOTS))} in each of the 3 seats, "
                         f"not {names!r}")
    styles = tuple(name if name in HEURISTIC_STYLES else None for name in names)
    return styles if any(styles) else None


def playout(seed: int, bot_seeds: list[int], rules: Rules, *, heuristic: Sequence[str | None] | None = None,
            on_step: OnStep | None = None, standings: list[tuple[int, ...]] | None = None
            ) -> tuple[tuple[int, int, int], int]:
    """Play a whole game under ``rules``, a random bot in each seat or, where ``heuristic`` names a
    style, that heuristic bot: ``(scores, actions)``. ``on_step``, when given, is called before
    every move (the texts are made only then); ``standings``, when given, gets the points after
    every turn (see :func:`play_from_arrays`)."""
    order = list(range(CARDS))
    shuffle(order, seeded_random(seed, "deal"))
    hands, start = [], 0
    for size in rules.deal:
        hands.append(order[start:start + size])
        start += size
    pile = order[start:][::-1]            # top card last, so that drawing is pop()
    points, actions, _ = play_from_arrays(hands, pile, [], [0, 0, 0], FIRST_MASTERMIND, 0, seed,
                                          [random.Random(bot_seed) for bot_seed in bot_seeds], rules,
                                          heuristic=heuristic, on_step=on_step, standings=standings)
    return points, actions


def play_from_arrays(hands: list[list[int]], pile: list[int], discards: list[int], points: list[int],
                     mastermind: int, reshuffles: int, seed: int, generators: list[random.Random], rules: Rules, *,
                     heuristic: Sequence[str | None] | None = None, samples: int = SAMPLES,
                     table: tuple[int, int, list[int]] | None = None, turns: int | None = None,
                     on_step: OnStep | None = None, standings: list[tuple[int, ...]] | None = None
                     ) -> tuple[tuple[int, int, int], int, int]:
    """Play on from a position under ``rules`` until the game is won or ``turns`` more turns have
    been resolved: ``(scores, actions, turns)``. The lists (card numbers; ``pile`` has its top card
    last) are changed in place. ``table`` is a turn under way: ``(lead, face-down card or -1,
    answers)``. ``generators[seat]`` is the generator of the seat's bot: a random bot, or the
    heuristic bot of the style ``heuristic[seat]`` names (imagining ``samples`` deals before it leads).
    ``standings``, when given, gets the three players' points after every turn resolved."""
    tables = tables_for(rules)
    counts_after, points_of = tables.counts, tables.points
    target, hand_size = rules.target, rules.hand_size
    foil, plot, plot_face_down = rules.foil_points, rules.plot_points, rules.plot_face_down_points
    ace_alone, ace_crowned = rules.ace_points, rules.crowned_ace_points
    bits = [generator.getrandbits for generator in generators]
    actions = resolved = 0
    while True:
        first_enforcer, second_enforcer = ENFORCERS[mastermind]
        if table is None:
            hand = hands[mastermind]
            size = len(hand)
            if heuristic and heuristic[mastermind]:
                pick = heuristic_lead(hand, discards, (len(hands[first_enforcer]), len(hands[second_enforcer])),
                                      generators[mastermind], tables, samples,
                                      cautious=heuristic[mastermind] == "cautious")
            else:               # RandomBot's choice among the leads
                count = size * size
                draw, width = bits[mastermind], WIDTHS[count]
                pick = draw(width)
                while pick >= count:
                    pick = draw(width)
            if on_step is not None:
                on_step(mastermind, LegalTexts(size * size, partial(lead_texts, hand[:])), pick)
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
        shares, counts = SHARES[lead], counts_after[lead]
        for enforcer in ENFORCERS[mastermind][len(answers):]:
            own = hands[enforcer]
            following = [card for card in own if shares[card]] or own
            count = len(following)
            if heuristic and heuristic[enforcer]:
                pick = heuristic_answer(following, lead, face_down >= 0, answers, tables)
            else:               # RandomBot's choice among the answers
                draw, width = bits[enforcer], WIDTHS[count]
                pick = draw(width)
                while pick >= count:
                    pick = draw(width)
            if on_step is not None:
                on_step(enforcer, LegalTexts(count, partial(answer_texts, following[:])), pick)
            card = following[pick]
            answers.append(card)
            own.remove(card)
            actions += 1
        first_answer, second_answer = answers
        if IS_ACE[lead]:
            mine = ace_crowned if CROWN_FOR_ACE[lead] in (face_down, first_answer, second_answer) else ace_alone
        else:
            mine = points_of[lead]
        theirs = counts[first_answer] + counts[second_answer]
        if face_down >= 0:
            mine += counts[face_down]
            discards += (lead, face_down, first_answer, second_answer)
        else:
            discards += (lead, first_answer, second_answer)
        scored = 0              # the highest score of a player who scored this turn
        if theirs > mine:
            points[first_enforcer] += foil
            points[second_enforcer] += foil
            scored = max(points[first_enforcer], points[second_enforcer])
        elif mine > theirs:
            points[mastermind] += plot_face_down if face_down >= 0 else plot
            scored = points[mastermind]
        resolved += 1
        if standings is not None:
            standings.append(tuple(points))
        if (scored >= target and points.count(max(points)) == 1) or resolved == turns:
            return tuple(points), actions, resolved
        mastermind = first_enforcer
        hand = hands[mastermind]
        missing = hand_size - len(hand)
        if missing <= len(pile):            # the top cards, in the order pop() would draw them
            hand += pile[:-missing - 1:-1]
            del pile[len(pile) - missing:]
            continue
        while len(hand) < hand_size:        # the pile runs out on the way
            if not pile:
                if not discards:
                    break
                reshuffles += 1
                shuffle(discards, seeded_random(seed, "reshuffle", reshuffles))
                pile[:] = discards[::-1]
                discards.clear()
            hand.append(pile.pop())


def play_on(state, bot_seeds: Sequence[int], *, bots: Sequence[str] | None = None, rounds: int | None = None,
            on_step: OnStep | None = None, list_rounds: bool = False, samples: int = SAMPLES) -> Record:
    """Play on from any position of the public engine (``engine.State``: also mid-turn), under its
    rules (``state.rules``), the game the public engine plays from it with
    ``RandomBot(bot_seeds[seat])`` per seat or, where ``bots`` (a name of ``FAST_BOTS`` per seat)
    says ``"heuristic"`` (``"cautious"``), ``HeuristicBot(bot_seeds[seat], samples=samples)``
    (``CautiousBot``); to the end of the game or once ``rounds`` turns have been resolved (the turn
    under way counts as one). A :class:`Record` of the scores then (``state.scores``: the points)
    and the moves made; no extras. With ``list_rounds``, one row per player and turn resolved,
    numbered from the turn under way (:func:`plateau_lab.core.fastpath.round_rows`: the points
    the player scored that turn, his first row also holding the points he had before); none
    otherwise.

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
    >>> turns = play_on(state, [4, 5, 6], rounds=2, list_rounds=True).rounds
    >>> [(row["seat"], row["round"]) for row in turns]
    [(0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2)]
    """
    heuristic = heuristic_seats(bots)
    check_whole(samples, name="samples (the deals a heuristic bot imagines before it leads)", low=1,
                high=MAX_SAMPLES)
    if rounds is not None:
        check_whole(rounds, name="rounds (the turns to play on)", low=1)
    if state.is_over:
        return Record(tuple(state.points), 0)
    number = CARD_NUMBERS
    standings: list[tuple[int, ...]] | None = [] if list_rounds else None
    table = None
    if state.table is not None:
        face_down = -1 if state.table.face_down is None else number[state.table.face_down]
        table = (number[state.table.lead], face_down, [number[card] for card in state.table.answers])
    scores, actions, _ = play_from_arrays(
        [[number[card] for card in hand] for hand in state.hands],
        [number[card] for card in reversed(state.draw_pile)], [number[card] for card in state.discards],
        list(state.points), state.mastermind, state.reshuffles, state.setup.seed,
        [random.Random(bot_seed) for bot_seed in bot_seeds], state.rules, heuristic=heuristic,
        samples=samples, table=table, turns=rounds, on_step=on_step, standings=standings)
    return Record(scores, actions, rounds=() if standings is None else round_rows(standings, state.turn_number))


def play_fast(players: int, seed: int, bot_seeds: Sequence[int], variant: Mapping[str, Any], *,
              bots: Sequence[str] | None = None, on_step: OnStep | None = None, list_rounds: bool = False) -> Record:
    """One game for ``plateau_lab.lab.simulate``: a ``Record`` of scores and actions and, with
    ``list_rounds``, one row per player and turn (the points the player scored that turn, under
    ``"points"``: :func:`plateau_lab.core.fastpath.round_rows`). ``bots`` names
    the bot of each seat (one of ``FAST_BOTS``: ``"random"``, ``"heuristic"`` or ``"cautious"``);
    None: random bots. ``variant`` may hold any of the game's options (the others take their
    defaults): the game is played under ``rules.rules_of(players, variant)``, as the public engine
    plays it."""
    game_spec("syndicate").check_players(players)
    if len(bot_seeds) != players:
        raise ValueError(f"give one bot seed per seat: {players} players, {len(bot_seeds)} seeds")
    rules = rules_of(players, variant)          # checked (and remembered) the first time it is seen
    standings: list[tuple[int, ...]] | None = [] if list_rounds else None
    scores, actions = playout(seed, bot_seeds, rules, heuristic=heuristic_seats(bots), on_step=on_step,
                              standings=standings)
    rows = () if standings is None else round_rows(standings, 1)
    return Record(scores, actions, rounds=rows, starter=FIRST_MASTERMIND)      # the first mastermind leads first


def play_public(state, bots: Sequence[Any], *, list_rounds: bool = False) -> Record:
    """One game on the public engine for ``plateau_lab.lab.simulate``; with ``list_rounds``, the
    players' points read after every turn, the rows :func:`play_fast` lists.

    >>> from plateau_lab.core.bots import RandomBot
    >>> from plateau_lab.games import syndicate
    >>> state, bots = syndicate.new_game(3, seed=4), [RandomBot(s) for s in (1, 2, 3)]
    >>> play_public(state, bots, list_rounds=True) == play_fast(3, 4, [1, 2, 3], {}, list_rounds=True)
    True
    """
    if not list_rounds:
        final = play_out(state, bots)
        return Record(tuple(final.scores), len(final.history))
    final, standings = play_out_by_rounds(state, bots, turn_under_way)
    return Record(tuple(final.scores), len(final.history), rounds=round_rows(standings, state.turn_number))


def turn_under_way(state) -> int:
    """The number of the turn under way in a state of the public engine (a round of the fast path)."""
    return state.turn_number
