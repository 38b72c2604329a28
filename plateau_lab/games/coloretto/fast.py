"""A fast playout of Coloretto for random, heuristic and bold bots: the game-design lab's inner loop.

The public engine (``engine.State``) is the reference. Here the same rules run on mutable lists
inside one function: a card is a small number (0-6 the colours in ``COLOURS`` order, then "+2",
joker, golden joker and "last round"), which shuffles exactly like the engine's cards since
cards of one kind are alike. A collection is kept as counts, scored with the engine's own
best-choice search (``scoring.best_colour_points``, remembered per shape).

The random bots draw their numbers exactly as :class:`plateau_lab.core.bots.RandomBot` does on the
public engine: one ``choice`` among the legal actions in the engine's order (see
``State.legal_actions``: draw first, then rows in order), the index drawn by
:func:`plateau_lab.core.fastrandom.choice_index` (written out in :func:`play_from_arrays`'s loop), the draw
``random.choice`` makes. The loop keeps the rows with room and the rows holding a card up to date
move by move rather than searching for them at every step.
``tests/coloretto/test_fast.py`` checks, at every step, that the legal actions are the engine's,
for every player count and both options, and ``tests/test_rule_sets.py`` on rule sets drawn at
random: the game's rules are one value (``rules.Rules``), read here as the engine reads it.

The heuristic bot (:class:`~plateau_lab.games.coloretto.bots.HeuristicBot`, ``"heuristic"`` in
``bots=``) plays here too: it asks the decisions the public bot asks (:mod:`.heuristics`:
``heuristic_turn``, ``heuristic_place``), on the same collections, its ties broken by the same
draw from its generator, so it chooses exactly the public bot's moves
(``tests/coloretto/test_fast_heuristic.py``, in lockstep). So does the bold bot
(:class:`~plateau_lab.games.coloretto.bots.BoldBot`, ``"bold"``: ``bold_turn``, ``bold_place``). :func:`play_on` plays on from any position (the fast path's protocol,
``plateau_lab.core.fastpath``; a round is a round of the game), and the expert's playouts run
there.

>>> from plateau_lab.core.bots import RandomBot
>>> from plateau_lab.core import play_out
>>> from plateau_lab.games import coloretto
>>> record = play_fast(3, 7, [1, 2, 3], {})
>>> final = play_out(coloretto.new_game(3, seed=7), [RandomBot(s) for s in (1, 2, 3)])
>>> record.scores == final.scores, record.actions == len(final.history)
(True, True)
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache, partial
from typing import Any

from plateau_lab.core import check_seed, check_whole, game_spec, play_out, seeded_random
from plateau_lab.core.fastrandom import WIDTHS, shuffle
from plateau_lab.core.fastpath import LegalTexts, Record, play_out_by_rounds, round_rows

from .cards import COLOURS, deck
from .engine import DRAW
from .heuristics import (CARD_CODES, DRAWING, GOLDEN, LAST_ROUND, PLUS_TWO, bold_place, bold_turn, collection_numbers,
                         heuristic_place, heuristic_turn)
from .rules import Rules, rules_of
from .scoring import Scoring, as_scoring, best_colour_points, scoring_number

__all__ = ["FAST_BOTS", "choice_texts", "deck_codes", "extras", "heuristic_seats", "next_open_seat", "play_fast",
           "play_from_arrays", "play_on", "play_public", "place_texts", "playout", "round_under_way"]


#: The registered bots this fast path plays (see ``plateau_lab.lab.simulate``).
FAST_BOTS = frozenset({"random", "heuristic", "bold"})
#: ``on_step(seat, legal, index)``: called before every move with the legal actions' texts.
StepHook = Callable[[int, list[str], int], Any]


@lru_cache(maxsize=1024)
def deck_codes(colours: tuple[int, ...], rules: Rules) -> tuple[int, ...]:
    """The numbers of ``cards.deck``'s cards, in its order, for the colours (indices) in play and the
    deck of the ``rules``."""
    return tuple(CARD_CODES[card] for card in deck([COLOURS[colour] for colour in colours],
                                                   golden_joker=rules.golden_joker, per_colour=rules.cards_per_colour,
                                                   plus_twos=rules.plus_two_cards, jokers=rules.jokers))


def choice_texts(choices: Sequence[int]) -> list[str]:
    """The engine's texts for the draw-or-take choices (``DRAWING`` or a row index)."""
    return [DRAW if choice == DRAWING else f"take row {choice + 1}" for choice in choices]


def place_texts(roomy: Sequence[int]) -> list[str]:
    """The engine's texts for placing a drawn card in one of the rows with room (``roomy``)."""
    return [f"place row {index + 1}" for index in roomy]


def playout(players: int, seed: int, bot_seeds: Sequence[int], rules: Rules, *, on_step: StepHook | None = None,
            heuristic: Sequence[str | None] | None = None, standings: list[tuple[int, ...]] | None = None):
    """A whole game under ``rules`` (``rules.rules_of``) with a random bot per seat (or the
    bot of style ``heuristic[seat]``, ``"heuristic"`` or ``"bold"``, where it is not None):
    ``(scores, actions, collections, starter)``, where
    ``collections`` holds per player ``(counts per colour, jokers, +2 cards)`` and ``starter`` is
    the seat drawn to move first.

    ``on_step(seat, legal, index)`` (optional) is called before every move, as ``play_fast`` says;
    ``standings`` (optional) gets the scores at the end of each round (:func:`play_from_arrays`).
    """
    removed = seeded_random(seed, "colours removed").sample(COLOURS, rules.colours_removed)
    colours = [index for index, colour in enumerate(COLOURS) if colour not in removed]
    each = rules.start_cards_each
    start = seeded_random(seed, "start cards").sample([COLOURS[c] for c in colours], players * each)
    counts = [[0] * 7 for _ in range(players)]
    jokers, plus_twos = [0] * players, [0] * players
    cards = list(deck_codes(tuple(colours), rules))
    for seat in range(players):
        for colour in start[seat * each:(seat + 1) * each]:
            counts[seat][COLOURS.index(colour)] += 1
            cards.remove(COLOURS.index(colour))
    shuffle(cards, seeded_random(seed, "shuffle"))
    split = max(len(cards) - rules.cards_below_last_round, 0)
    supply = cards[:split] + [LAST_ROUND] + cards[split:]
    turn = seeded_random(seed, "first player").randrange(players)
    capacities = rules.capacities
    scores, actions, collections = play_from_arrays(
        colours, supply, [[] for _ in capacities], capacities, counts, jokers, plus_twos, [False] * players, turn,
        False, [random.Random(bot_seed).getrandbits for bot_seed in bot_seeds],
        scoring=rules.scoring, on_step=on_step, heuristic=heuristic, standings=standings)
    return scores, actions, collections, turn


def play_from_arrays(colours: Sequence[int], supply: list[int], rows: list[list[int] | None],
                     capacities: Sequence[int], counts: list[list[int]], jokers: list[int], plus_twos: list[int],
                     sat_out: list[bool], turn: int, last_round: bool, bits: Sequence[Callable[[int], int]], *,
                     drawn: int | None = None, scoring: Scoring | str = "brown", rounds: int | None = None,
                     on_step: StepHook | None = None, heuristic: Sequence[str | None] | None = None,
                     standings: list[tuple[int, ...]] | None = None):
    """Play on from a position with a random bot per seat (the bot of style ``heuristic[seat]``,
    ``"heuristic"`` or ``"bold"``, where it is not None) until the game ends or ``rounds`` more
    rounds have ended: ``(scores,
    actions, collections)`` as :func:`playout` says (the scores of the collections then).
    ``supply`` has its top card first; ``rows[i]`` is None once taken; ``drawn`` is a card drawn
    and not yet placed; ``bits[seat]`` draws the seat's random numbers (``Random.getrandbits``),
    for a heuristic bot its ties. ``scoring`` is the rule set's (``Rules.scoring``; a side's name
    reads the rulebook's). The lists are changed in place. ``standings``, when given, gets every
    player's score (as ``State.scores`` has it) at the end of each round.

    One piece on purpose: it is the fast path's hot loop, which keeps the position in local
    variables from move to move; split into functions, it would pay a call and a reload of that
    state at every move."""
    plus_two = as_scoring(scoring).plus_two
    scoring = scoring_number(scoring)       # the remembered searches are keyed by this number
    players = len(counts)
    colours = tuple(colours)
    top, size = 0, len(supply)
    room = [0 if row is None else capacity - len(row) for row, capacity in zip(rows, capacities)]
    row_numbers = range(len(capacities))
    # the open rows with room, and those holding a card, in order: kept up to date move by move
    roomy = [index for index in row_numbers if room[index]]
    holding = [index for index in row_numbers if rows[index]]
    open_seats = sat_out.count(False)
    actions = ended = 0
    while True:
        style = None if heuristic is None else heuristic[turn]
        smart = style is not None
        if drawn is None:
            # -- draw or take (a draw needs a card besides "last round" in the supply and room in a row)
            can_draw = 1 if roomy and (size - top > 1 or (size - top == 1 and supply[top] != LAST_ROUND)) else 0
            takeable = holding if can_draw or holding else [index for index in row_numbers if rows[index] is not None]
            if smart or on_step is not None:
                choices = [DRAWING] + takeable if can_draw else takeable[:]
            if style == "bold":
                pick = bold_turn(choices, rows, capacities, counts[turn], jokers[turn], plus_twos[turn], colours,
                                 scoring, bits[turn])
            elif smart:
                pick = heuristic_turn(choices, rows, counts[turn], jokers[turn], plus_twos[turn], colours, scoring,
                                      bits[turn])
            else:
                count = len(takeable) + can_draw
                width, getrandbits = WIDTHS[count], bits[turn]
                pick = getrandbits(width)
                while pick >= count:
                    pick = getrandbits(width)
            if on_step is not None:
                on_step(turn, LegalTexts(len(choices), partial(choice_texts, choices)), pick)
            actions += 1
            if not can_draw or pick:
                # -- take a row
                chosen = takeable[pick - can_draw]
                taken = rows[chosen]
                rows[chosen] = None
                if taken:
                    holding.remove(chosen)
                if room[chosen]:
                    roomy.remove(chosen)
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
                    following = turn + 1 if turn + 1 < players else 0
                    turn = following if not sat_out[following] else next_open_seat(turn, sat_out)
                    continue
                ended += 1
                can_draw = size - top > 1 or (size - top == 1 and supply[top] != LAST_ROUND)
                over = last_round or not can_draw or ended == rounds
                if over or standings is not None:
                    scores = tuple([best_colour_points(tuple(sorted([own[c] for c in colours], reverse=True)),
                                                       jokers[seat], scoring) + plus_two * plus_twos[seat]
                                    for seat, own in enumerate(counts)])
                    if standings is not None:
                        standings.append(scores)
                    if over:
                        return scores, actions, [(counts[seat], jokers[seat], plus_twos[seat])
                                                 for seat in range(players)]
                rows[:] = [[] for _ in capacities]
                room = list(capacities)
                roomy, holding = list(row_numbers), []
                sat_out[:] = [False] * players
                open_seats = players
                last_round = announced
                continue
            # -- draw, then place the card at once (below)
            if supply[top] == LAST_ROUND:
                top += 1
                last_round = True
            drawn = supply[top]
            top += 1
        # -- place the drawn card
        if style == "bold":
            pick = bold_place(roomy, rows, drawn, counts[turn], jokers[turn], plus_twos[turn], colours, scoring,
                              bits[turn])
        elif smart:
            pick = heuristic_place(roomy, rows, drawn, turn, counts, jokers, plus_twos, sat_out, colours, scoring,
                                   bits[turn])
        else:
            count = len(roomy)
            width, getrandbits = WIDTHS[count], bits[turn]
            pick = getrandbits(width)
            while pick >= count:
                pick = getrandbits(width)
        if on_step is not None:
            on_step(turn, LegalTexts(len(roomy), partial(place_texts, tuple(roomy))), pick)
        row = roomy[pick]
        cards = rows[row]
        if not cards:
            insort(holding, row)
        cards.append(drawn)
        room[row] -= 1
        if not room[row]:
            roomy.remove(row)
        drawn = None
        actions += 1
        following = turn + 1 if turn + 1 < players else 0
        turn = following if not sat_out[following] else next_open_seat(turn, sat_out)


def heuristic_seats(bots: Sequence[str] | None, players: int) -> list[str | None] | None:
    """Per seat, the style of the bot with rules of thumb it holds (``"heuristic"`` or ``"bold"``;
    None for a random bot), from a name of ``FAST_BOTS`` per seat (None: random bots everywhere,
    and None back).

    >>> heuristic_seats(["bold", "random", "heuristic"], 3)
    ['bold', None, 'heuristic']
    """
    if bots is None:
        return None
    names = list(bots)
    if len(names) != players or any(name not in FAST_BOTS for name in names):
        raise ValueError(f"the fast path plays one of {', '.join(sorted(FAST_BOTS))} per seat "
                         f"({players} seats), not {names!r}")
    return [None if name == "random" else name for name in names]


def next_open_seat(after: int, sat_out: list[bool]) -> int:
    """The next seat to the left that has not taken a row this round (``after`` itself when all
    others have)."""
    players = len(sat_out)
    for step in range(1, players + 1):
        if not sat_out[(after + step) % players]:
            return (after + step) % players
    return after


def play_on(state, bot_seeds: Sequence[int], *, bots: Sequence[str] | None = None, rounds: int | None = None,
            on_step: StepHook | None = None, list_rounds: bool = False) -> Record:
    """Play on from any position of the public engine: the game the engine plays from it with
    ``RandomBot(bot_seeds[seat])`` per seat, or, where ``bots`` (a name of ``FAST_BOTS`` per seat)
    says ``"heuristic"`` or ``"bold"``, ``HeuristicBot(bot_seeds[seat])`` or
    ``BoldBot(bot_seeds[seat])``; to the end of the game or once
    ``rounds`` rounds have ended (the round under way counts as one). A :class:`Record`: the
    scores then (the engine's ``state.scores``: every collection's best total), the moves made,
    and per seat the extras of :func:`play_fast` (see :func:`extras`) for the collection then;
    with ``list_rounds``, one row per round ended and player, numbered from the round under way
    (:func:`plateau_lab.core.fastpath.round_rows`: how much the player's score changed in the
    round, his first row counting from nothing), none otherwise.

    >>> from plateau_lab.core.bots import RandomBot
    >>> from plateau_lab.games import coloretto
    >>> state = coloretto.new_game(3, seed=5).apply("draw")
    >>> record = play_on(state, [4, 5, 6])
    >>> final = play_out(state, [RandomBot(s) for s in (4, 5, 6)])
    >>> record.scores == final.scores, record.actions == len(final.history) - 1
    (True, True)
    >>> record = play_on(state, [4, 5, 6], bots=["heuristic", "random", "heuristic"])
    >>> record.scores == play_out(state, [coloretto.HeuristicBot(4), RandomBot(5), coloretto.HeuristicBot(6)]).scores
    True
    >>> rows = play_on(state, [4, 5, 6], rounds=1, list_rounds=True).rounds
    >>> [(row["seat"], row["round"]) for row in rows], sum(row["points"] for row in rows) > 0
    ([(0, 1), (1, 1), (2, 1)], True)
    """
    heuristic = heuristic_seats(bots, state.players)
    if rounds is not None:
        check_whole(rounds, name="rounds (to play on)", low=1)
    colours = [COLOURS.index(colour) for colour in state.colours]
    counts, jokers, plus_twos = (list(column) for column in zip(*map(collection_numbers, state.collections)))
    if state.is_over:
        return Record(tuple(state.scores), 0, tuple(map(extras, counts, jokers, plus_twos)))
    rows = [None if row is None else [CARD_CODES[card] for card in row] for row in state.rows]
    standings: list[tuple[int, ...]] | None = [] if list_rounds else None
    scores, actions, collections = play_from_arrays(
        colours, [CARD_CODES[card] for card in state.supply], rows, state.capacities, counts, jokers, plus_twos,
        list(state.sat_out), state.turn, state.last_round,
        [random.Random(bot_seed).getrandbits for bot_seed in bot_seeds], drawn=None if state.drawn is None else CARD_CODES[state.drawn], scoring=state.rules.scoring,
        rounds=rounds, on_step=on_step, heuristic=heuristic, standings=standings)
    return Record(scores, actions, tuple(extras(*collection) for collection in collections),
                  () if standings is None else round_rows(standings, state.round_number))


def extras(counts: list[int], jokers: int, plus_twos: int) -> dict[str, int]:
    """The lab's extra columns: colours held (jokers not counted), cards taken, jokers, "+2" cards."""
    return {"colours": sum(1 for count in counts if count), "cards": sum(counts) + jokers + plus_twos,
            "jokers": jokers, "plus_twos": plus_twos}


def play_fast(players: int, seed: int, bot_seeds: Sequence[int], variant: Mapping[str, Any], *,
              bots: Sequence[str] | None = None, on_step: StepHook | None = None, list_rounds: bool = False) -> Record:
    """One game for ``plateau_lab.lab.simulate``: scores, actions and extras. ``bots`` names the bot
    of each seat (one of ``FAST_BOTS``: ``"random"``, ``"heuristic"`` or ``"bold"``); None: random bots.
    ``list_rounds`` adds one row per round and player: how much the player's score changed in the
    round (``"points"``, :func:`plateau_lab.core.fastpath.round_rows`; the start cards count in
    the first round), so that a player's rows add up to the score at the end.

    ``variant`` holds any of the options (``SPEC.options``; missing ones take their default): the
    game is played under ``rules.rules_of(players, variant)``, as the public engine plays it.
    ``on_step(seat, legal, index)``, when given, is called before every move with the texts of
    the legal actions in the engine's order and the index of the one the bot chooses.
    """
    players = game_spec("coloretto").check_players(players)
    if len(bot_seeds) != players:
        raise ValueError(f"give one bot seed per seat: {players} players, {len(bot_seeds)} seeds")
    rules = rules_of(players, variant)          # checked (and remembered) the first time it is seen
    standings: list[tuple[int, ...]] | None = [] if list_rounds else None
    scores, actions, collections, starter = playout(players, check_seed(seed), bot_seeds, rules, on_step=on_step,
                                                    heuristic=heuristic_seats(bots, players), standings=standings)
    return Record(scores, actions, tuple(extras(*collection) for collection in collections),
                  () if standings is None else round_rows(standings, 1), starter=starter)


def play_public(state, bots: Sequence[Any], *, list_rounds: bool = False) -> Record:
    """One game on the public engine for ``plateau_lab.lab.simulate``; with ``list_rounds``, the
    scores read at the end of every round, the rows :func:`play_fast` lists.

    >>> from plateau_lab.core.bots import RandomBot
    >>> from plateau_lab.games import coloretto
    >>> state, bots = coloretto.new_game(4, seed=3), [RandomBot(s) for s in (1, 2, 3, 4)]
    >>> play_public(state, bots, list_rounds=True) == play_fast(4, 3, [1, 2, 3, 4], {}, list_rounds=True)
    True
    """
    if list_rounds:
        final, standings = play_out_by_rounds(state, bots, round_under_way)
        rows = round_rows(standings, state.round_number)
    else:
        final, rows = play_out(state, bots), ()
    collected = []
    for cards in final.collections:
        counts = [0] * 7
        for card in cards:
            if card.kind == "colour":
                counts[COLOURS.index(card.colour)] += 1
        collected.append(extras(counts, sum(card.is_joker for card in cards),
                                sum(card.is_plus_two for card in cards)))
    return Record(tuple(final.scores), len(final.history), tuple(collected), rows)


def round_under_way(state) -> int:
    """The number of the round under way in a state of the public engine."""
    return state.round_number
