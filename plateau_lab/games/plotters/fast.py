"""A fast playout of Plotters Inc. for random bots: the game-design lab's inner loop.

The public engine (``engine.State``) is the reference. Here the same rules run on mutable lists
inside one function: a card is the number ``32 * colour + number`` (colours in ``COLOURS``
order), so sorting numbers sorts cards as the engine does. The random bots draw their numbers
exactly as :class:`plateau_lab.bots.RandomBot` does on the public engine: one ``choice`` among
the legal actions in the engine's order (also the lone "deal" between rounds), the index drawn by
:func:`plateau_lab.fastrandom.choice_index`, the draw ``random.choice`` makes.
``tests/test_fast_plotters.py`` checks, at every step of many games for 4, 5 and 6 players, that
both offer the same legal actions in the same order and that the bots choose the same one.

``on_step(seat, legal, index)``, if given, is called before every move with the legal actions'
texts in the engine's order and the index chosen:

>>> from plateau_lab.bots import RandomBot
>>> from plateau_lab.core import play_out
>>> from plateau_lab.games import plotters
>>> moves = []
>>> record = play_fast(4, 7, [1, 2, 3, 4], {}, on_step=lambda seat, legal, index: moves.append(legal[index]))
>>> final = play_out(plotters.new_game(4, seed=7), [RandomBot(s) for s in (1, 2, 3, 4)])
>>> record.scores == final.scores, moves == [str(action) for action in final.history], len(record.rounds)
(True, True, 16)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from itertools import combinations
from typing import Any

from plateau_lab.core import seeded_random
from plateau_lab.fastrandom import choice_index, shuffle

from . import SPEC
from .cards import CARDS_PER_PLAYER, COLOURS, DEAL, KEEP, Card, deck_for
from .engine import GAME_OVER, MAX_COLOURS_IN_TRICK, ROUND_OVER, high_share, score_round

KEEP_PAIRS = tuple(combinations(range(len(COLOURS)), 2))     # the engine's order of Keep actions
KEEP_TEXTS = tuple(str(KEEP[COLOURS[first], COLOURS[second]]) for first, second in KEEP_PAIRS)


def code(played: Card) -> int:
    """The number of a card here."""
    return 32 * COLOURS.index(played.colour) + played.number


CARD_TEXT = {code(card): str(card) for card in deck_for(6)}
"""A card's text (``R14``) by its number here: every card of the 6-player deck."""


def playout(players: int, seed: int, bot_seeds: list[int], *,
            on_step: Callable[[int, list[str], int], None] | None = None):
    """A whole game with a random bot per seat: ``(scores, actions, rounds)``.

    ``rounds`` holds one dict per round and seat (see :func:`round_row`); ``on_step`` is
    described in the module's docstring.
    """
    deck = [code(c) for c in deck_for(players)]
    bits = [random.Random(bot_seed).getrandbits for bot_seed in bot_seeds]
    share = high_share(players)
    totals = [0] * players
    rounds: list[dict[str, Any]] = []
    actions = 0
    for round_number in range(players):
        dealer = round_number % players
        if round_number:                   # the next dealer's "deal", the only legal action
            index = choice_index(bits[dealer], 1)
            actions += 1
            if on_step is not None:
                on_step(dealer, [str(DEAL)], index)
        cards = deck[:]
        shuffle(cards, seeded_random(seed, "deal", round_number))
        hands = [sorted(cards[seat * CARDS_PER_PLAYER:(seat + 1) * CARDS_PER_PLAYER]) for seat in range(players)]
        stacks = [[0, 0, 0, 0] for _ in range(players)]       # open cards per colour
        discarded = [0] * players
        kept: list[tuple[int, int] | None] = [None] * players
        leader = (dealer + 1) % players
        playing = True
        while playing:
            trick: list[tuple[int, int]] = []
            colours: set[int] = set()
            for offset in range(players):
                seat = (leader + offset) % players
                hand = hands[seat]
                if len(colours) < MAX_COLOURS_IN_TRICK:
                    choices = hand
                else:
                    choices = [c for c in hand if c >> 5 in colours]
                    if not choices:        # only the fourth colour: the round ends at once
                        playing = False
                        break
                index = choice_index(bits[seat], len(choices))
                if on_step is not None:
                    on_step(seat, ["play " + CARD_TEXT[c] for c in choices], index)
                chosen = choices[index]
                hand.remove(chosen)
                trick.append((seat, chosen))
                colours.add(chosen >> 5)
                actions += 1
            if not playing:
                break
            trump = trick[0][1] >> 5
            high_seat = max((c & 31, s) for s, c in trick if c >> 5 == trump)[1]
            low = None
            for s, c in trick:
                if c >> 5 != trump and (low is None or c & 31 < low[1] & 31):
                    low = (s, c)
            left = [c for _, c in trick]
            picked = []
            for _ in range(share):
                index = choice_index(bits[high_seat], len(left))
                if on_step is not None:
                    on_step(high_seat, ["take " + CARD_TEXT[c] for c in left], index)
                picked.append(left.pop(index))
                actions += 1
            gains = [(high_seat, picked)]
            if low is not None:
                gains.append((low[0], left))
                leader = low[0]
            else:
                leader = high_seat
            choosers = []
            for seat, taken in gains:
                own, pair = stacks[seat], kept[seat]
                for c in taken:
                    if pair is not None and c >> 5 not in pair:
                        discarded[seat] += 1
                    else:
                        own[c >> 5] += 1
                if pair is None and all(own):
                    choosers.append(seat)
            for seat in choosers:
                index = choice_index(bits[seat], len(KEEP_PAIRS))
                if on_step is not None:
                    on_step(seat, list(KEEP_TEXTS), index)
                pair = KEEP_PAIRS[index]
                own = stacks[seat]
                for colour in range(4):
                    if colour not in pair:
                        discarded[seat] += own[colour]
                        own[colour] = 0
                kept[seat] = pair
                actions += 1
            if not any(hands):
                playing = False
        for seat in range(players):
            score = score_round(tuple(stacks[seat]), discarded[seat])
            totals[seat] += score
            rounds.append(round_row(round_number, seat, stacks[seat], discarded[seat], kept[seat] is not None, score))
    return tuple(totals), actions, rounds


def round_row(round_number: int, seat: int, open_stacks, discarded: int, kept: bool, score: int) -> dict[str, Any]:
    """One row of the lab's table of rounds: what a player collected in a round and scored.

    ``open_colours`` counts the colours of the open stacks; ``largest`` and ``second`` are the
    two stacks the score multiplies and ``rest`` the cards that divide it (a third open colour
    and the discard pile); ``kept_two`` says the player had to keep two colours.
    """
    sizes = sorted((size for size in open_stacks if size), reverse=True) + [0, 0]
    return {"seat": seat, "round": round_number + 1, "open_colours": sum(1 for size in open_stacks if size),
            "largest": sizes[0], "second": sizes[1], "rest": sum(sizes[2:]) + discarded, "kept_two": kept,
            "round_score": score}


def play_fast(players: int, seed: int, bot_seeds: list[int], variant: Mapping[str, Any], *,
              on_step: Callable[[int, list[str], int], None] | None = None):
    """One game with random bots for ``plateau_lab.simulate`` (Plotters Inc. has no options, so
    ``variant`` is empty); ``on_step`` is described in the module's docstring."""
    from plateau_lab.simulate import Record

    SPEC.check_variant(variant)
    scores, actions, rounds = playout(players, seed, bot_seeds, on_step=on_step)
    return Record(scores, actions, _extras(rounds, players), tuple(rounds))


def play_public(state, bots):
    """One game on the public engine for ``plateau_lab.simulate``, noting every round's end."""
    from plateau_lab.simulate import Record

    rounds = []
    while not state.is_over:
        state = state.apply(bots[state.current_player].choose(state))
        if state.phase in (ROUND_OVER, GAME_OVER):      # only the move that ends a round gets here
            for seat in range(state.players):
                rounds.append(round_row(len(state.round_scores) - 1, seat, state.open_sizes(seat),
                                        len(state.discards[seat]), state.kept[seat] is not None,
                                        state.round_scores[-1][seat]))
    return Record(tuple(state.scores), len(state.history), _extras(rounds, state.players), tuple(rounds))


def _extras(rounds: list[dict[str, Any]], players: int) -> tuple[dict[str, Any], ...]:
    """Per seat over the game: rounds ended with exactly two open colours, and rounds scoring 0."""
    return tuple({"two_colour_rounds": sum(1 for row in rounds if row["seat"] == seat and row["open_colours"] == 2),
                  "zero_rounds": sum(1 for row in rounds if row["seat"] == seat and row["round_score"] == 0)}
                 for seat in range(players))


__all__ = ["playout", "play_fast", "play_public", "round_row", "code", "CARD_TEXT", "KEEP_PAIRS", "KEEP_TEXTS"]
