"""A fast playout of Coloretto for random bots: the game-design lab's inner loop.

The public engine (``engine.State``) is the reference. Here the same rules run on mutable lists
inside one function: a card is a small number (0-6 the colours in ``COLOURS`` order, then "+2",
joker, golden joker and "last round"), which shuffles exactly like the engine's cards since
cards of one kind are alike. A collection is kept as counts, scored with the engine's own
best-choice search (``scoring.best_colour_points``, remembered per shape).

The random bots draw their numbers exactly as :class:`plateau_lab.bots.RandomBot` does on the
public engine: one ``choice`` among the legal actions in the engine's order (see
``State.legal_actions``: draw first, then rows in order), the index drawn by
:func:`plateau_lab.fastrandom.choice_index`, the draw ``random.choice`` makes.
``tests/test_fast_coloretto.py`` checks, at every step, that the legal actions are the engine's,
for every player count and both options.

>>> from plateau_lab.bots import RandomBot
>>> from plateau_lab.core import play_out
>>> from plateau_lab.games import coloretto
>>> record = play_fast(3, 7, [1, 2, 3], {})
>>> final = play_out(coloretto.new_game(3, seed=7), [RandomBot(s) for s in (1, 2, 3)])
>>> record.scores == final.scores, record.actions == len(final.history)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from plateau_lab.core import check_seed, play_out, seeded_random
from plateau_lab.fastrandom import choice_index, shuffle
from plateau_lab.simulate import Record

from . import SPEC
from .cards import COLOURS, deck
from .engine import CARDS_BELOW_LAST_ROUND, DRAW, colours_removed, row_capacities, start_cards_each
from .scoring import PLUS_TWO_POINTS, best_colour_points

PLUS_TWO, JOKER, GOLDEN, LAST_ROUND = 7, 8, 9, 10
#: The fast playout's number for each card that is not a colour card.
CODES = {"+2": PLUS_TWO, "joker": JOKER, "golden joker": GOLDEN, "last round": LAST_ROUND}
DRAWING = -1
#: ``on_step(seat, legal, index)``: called before every move with the legal actions' texts.
StepHook = Callable[[int, list[str], int], Any]


def card_code(card) -> int:
    """The number of a card here: its colour's index, or one of the special numbers."""
    return COLOURS.index(card.colour) if card.kind == "colour" else CODES[card.kind]


def choice_texts(choices: Sequence[int]) -> list[str]:
    """The engine's texts for the draw-or-take choices (``DRAWING`` or a row index)."""
    return [DRAW if choice == DRAWING else f"take row {choice + 1}" for choice in choices]


def playout(players: int, seed: int, bot_seeds: Sequence[int], *, scoring: str = "brown",
            golden_joker: bool = False, on_step: StepHook | None = None):
    """A whole game with a random bot per seat: ``(scores, actions, collections)``, where
    ``collections`` holds per player ``(counts per colour, jokers, +2 cards)``.

    ``on_step(seat, legal, index)`` (optional) is called before every move, as ``play_fast`` says.
    """
    removed = seeded_random(seed, "colours removed").sample(COLOURS, colours_removed(players))
    colours = [index for index, colour in enumerate(COLOURS) if colour not in removed]
    each = start_cards_each(players)
    start = seeded_random(seed, "start cards").sample([COLOURS[c] for c in colours], players * each)
    counts = [[0] * 7 for _ in range(players)]
    jokers, plus_twos = [0] * players, [0] * players
    cards = [card_code(card) for card in deck([COLOURS[c] for c in colours], golden_joker=golden_joker)]
    for seat in range(players):
        for colour in start[seat * each:(seat + 1) * each]:
            counts[seat][COLOURS.index(colour)] += 1
            cards.remove(COLOURS.index(colour))
    shuffle(cards, seeded_random(seed, "shuffle"))
    split = max(len(cards) - CARDS_BELOW_LAST_ROUND, 0)
    supply = cards[:split] + [LAST_ROUND] + cards[split:]
    turn = seeded_random(seed, "first player").randrange(players)
    capacities = row_capacities(players)
    return play_on(colours, supply, [[] for _ in capacities], capacities, counts, jokers, plus_twos,
                   [False] * players, turn, False, [random.Random(bot_seed).getrandbits for bot_seed in bot_seeds],
                   scoring=scoring, on_step=on_step)


def play_on(colours: Sequence[int], supply: list[int], rows: list[list[int] | None], capacities: Sequence[int],
            counts: list[list[int]], jokers: list[int], plus_twos: list[int], sat_out: list[bool], turn: int,
            last_round: bool, bits: Sequence[Callable[[int], int]], *, drawn: int | None = None,
            scoring: str = "brown", rounds: int | None = None, on_step: StepHook | None = None):
    """Play on from a position with a random bot per seat until the game ends or ``rounds`` more
    rounds have ended: ``(scores, actions, collections)`` as :func:`playout` says (the scores of
    the collections then). ``supply`` has its top card first; ``rows[i]`` is None once taken;
    ``drawn`` is a card drawn and not yet placed; ``bits[seat]`` draws the seat's random numbers
    (``Random.getrandbits``). The lists are changed in place."""
    players = len(counts)
    top, size = 0, len(supply)
    room = [0 if row is None else capacity - len(row) for row, capacity in zip(rows, capacities)]
    row_numbers = range(len(capacities))
    open_seats = sat_out.count(False)
    actions = ended = 0
    while True:
        if drawn is None:
            # -- draw or take (a draw needs a card besides "last round" in the supply and room in a row)
            can_draw = size - top > 1 or (size - top == 1 and supply[top] != LAST_ROUND)
            choices = [DRAWING] if can_draw and any(room) else []
            takeable = [index for index in row_numbers if rows[index]]
            if not choices and not takeable:
                takeable = [index for index in row_numbers if rows[index] is not None]
            choices += takeable
            pick = choice_index(bits[turn], len(choices))
            if on_step is not None:
                on_step(turn, choice_texts(choices), pick)
            chosen = choices[pick]
            actions += 1
            if chosen == DRAWING:
                if supply[top] == LAST_ROUND:
                    top += 1
                    last_round = True
                drawn = supply[top]
                top += 1
                continue
            # -- take a row
            taken = rows[chosen]
            rows[chosen] = None
            room[chosen] = 0
            sat_out[turn] = True
            open_seats -= 1
            announced = False
            if GOLDEN in taken and top < size:
                if supply[top] == LAST_ROUND:
                    top += 1
                    announced = True
                if top < size:
                    taken = taken + [supply[top]]
                    top += 1
            own = counts[turn]
            for card in taken:
                if card < 7:
                    own[card] += 1
                elif card == PLUS_TWO:
                    plus_twos[turn] += 1
                else:
                    jokers[turn] += 1
            if open_seats:
                last_round = last_round or announced
                turn = next_open_seat(turn, sat_out)
                continue
            ended += 1
            can_draw = size - top > 1 or (size - top == 1 and supply[top] != LAST_ROUND)
            if last_round or not can_draw or ended == rounds:
                scores = tuple(best_colour_points(tuple(sorted((counts[seat][c] for c in colours), reverse=True)),
                                                  jokers[seat], scoring) + PLUS_TWO_POINTS * plus_twos[seat]
                               for seat in range(players))
                return scores, actions, [(counts[seat], jokers[seat], plus_twos[seat]) for seat in range(players)]
            rows[:] = [[] for _ in capacities]
            room = list(capacities)
            sat_out[:] = [False] * players
            open_seats = players
            last_round = announced
            continue
        # -- place the drawn card
        places = [index for index in row_numbers if room[index]]
        pick = choice_index(bits[turn], len(places))
        if on_step is not None:
            on_step(turn, [f"place row {index + 1}" for index in places], pick)
        row = places[pick]
        rows[row].append(drawn)
        room[row] -= 1
        drawn = None
        actions += 1
        turn = next_open_seat(turn, sat_out)


def next_open_seat(after: int, sat_out: list[bool]) -> int:
    """The next seat to the left that has not taken a row this round (``after`` itself when all
    others have)."""
    players = len(sat_out)
    for step in range(1, players + 1):
        if not sat_out[(after + step) % players]:
            return (after + step) % players
    return after


def play_on_from_state(state, bot_seeds: Sequence[int], *, rounds: int | None = None,
                       on_step: StepHook | None = None):
    """Play on with random bots from any position of the public engine: the game the engine
    plays from it with ``RandomBot(bot_seeds[seat])`` per seat, as :func:`play_on` says.

    >>> from plateau_lab.bots import RandomBot
    >>> from plateau_lab.games import coloretto
    >>> state = coloretto.new_game(3, seed=5).apply("draw")
    >>> scores, actions, _ = play_on_from_state(state, [4, 5, 6])
    >>> final = play_out(state, [RandomBot(s) for s in (4, 5, 6)])
    >>> scores == final.scores, actions == len(final.history) - 1
    (True, True)
    """
    colours = [COLOURS.index(colour) for colour in state.colours]
    counts, jokers, plus_twos = [], [], []
    for cards in state.collections:
        own = [0] * 7
        for card in cards:
            if card.kind == "colour":
                own[COLOURS.index(card.colour)] += 1
        counts.append(own)
        jokers.append(sum(card.is_joker for card in cards))
        plus_twos.append(sum(card.is_plus_two for card in cards))
    if state.is_over:
        return tuple(state.scores), 0, [(counts[seat], jokers[seat], plus_twos[seat]) for seat in range(state.players)]
    rows = [None if row is None else [card_code(card) for card in row] for row in state.rows]
    return play_on(colours, [card_code(card) for card in state.supply], rows, state.capacities, counts, jokers,
                   plus_twos, list(state.sat_out), state.turn, state.last_round,
                   [random.Random(bot_seed).getrandbits for bot_seed in bot_seeds],
                   drawn=None if state.drawn is None else card_code(state.drawn),
                   scoring=state.setup.variant["scoring"], rounds=rounds, on_step=on_step)


def extras(counts: list[int], jokers: int, plus_twos: int) -> dict[str, int]:
    """The lab's extra columns: colours held (jokers not counted), cards taken, jokers, "+2" cards."""
    return {"colours": sum(1 for count in counts if count), "cards": sum(counts) + jokers + plus_twos,
            "jokers": jokers, "plus_twos": plus_twos}


def play_fast(players: int, seed: int, bot_seeds: Sequence[int], variant: Mapping[str, Any], *,
              on_step: StepHook | None = None) -> Record:
    """One game with random bots for ``plateau_lab.simulate``: scores, actions and extras.

    ``variant`` holds any of the options (``SPEC.options``; missing ones take their default).
    ``on_step(seat, legal, index)``, when given, is called before every move with the texts of
    the legal actions in the engine's order and the index of the one the bot chooses.
    """
    players = SPEC.check_players(players)
    if len(bot_seeds) != players:
        raise ValueError(f"give one bot seed per seat: {players} players, {len(bot_seeds)} seeds")
    scores, actions, collections = playout(players, check_seed(seed), bot_seeds, on_step=on_step,
                                           **SPEC.check_variant(variant))
    return Record(scores, actions, tuple(extras(*collection) for collection in collections))


def play_public(state, bots) -> Record:
    """One game on the public engine for ``plateau_lab.simulate``."""
    final = play_out(state, bots)
    collected = []
    for cards in final.collections:
        counts = [0] * 7
        for card in cards:
            if card.kind == "colour":
                counts[COLOURS.index(card.colour)] += 1
        collected.append(extras(counts, sum(card.is_joker for card in cards),
                                sum(card.is_plus_two for card in cards)))
    return Record(tuple(final.scores), len(final.history), tuple(collected))


__all__ = ["CODES", "DRAWING", "card_code", "choice_texts", "extras", "next_open_seat", "play_fast", "play_on",
           "play_on_from_state", "play_public", "playout"]
