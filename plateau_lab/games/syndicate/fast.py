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
``bots=``) plays here too: both ask the same decisions (:mod:`.heuristics`:
``heuristic_lead`` imagines the deals of the unseen cards from the draws of the bot's generator
and weighs every lead, ``heuristic_answer`` answers), so it chooses exactly the public bot's moves
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
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from plateau_lab.core import Play, check_whole, game_spec, play_out, seeded_random
from plateau_lab.core.fastrandom import WIDTHS, shuffle
from plateau_lab.core.fastpath import LegalTexts, Record, play_out_by_rounds, round_rows

from .cards import DECK
from .engine import Lead
from .heuristics import (CARD_NUMBERS, CARDS, CROWN_FOR_ACE, IS_ACE, MAX_SAMPLES, SAMPLES, SHARES, heuristic_answer,
                         heuristic_lead, tables_for)
from .rules import Rules, rules_of

__all__ = ["FAST_BOTS", "HEURISTIC_STYLES", "OnStep", "answer_texts", "heuristic_seats", "lead_texts", "play_fast",
           "play_from_arrays", "play_on", "play_public", "playout", "turn_under_way"]


#: The heuristic bots this fast path plays (``bots.HeuristicBot`` and ``bots.CautiousBot``).
HEURISTIC_STYLES = frozenset({"heuristic", "cautious"})
#: The registered bots this fast path plays, choosing exactly their moves (see ``plateau_lab.lab.simulate``).
FAST_BOTS = frozenset({"random"}) | HEURISTIC_STYLES
#: The seat of the game's first mastermind, who makes its first move (as ``engine.new_game`` deals it).
FIRST_MASTERMIND = 0
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
    ``standings``, when given, gets the three players' points after every turn resolved.

    One piece on purpose: it is the fast path's hot loop, which keeps the position in local
    variables from move to move; split into functions, it would pay a call and a reload of that
    state at every move."""
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
