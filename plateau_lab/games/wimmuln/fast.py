"""Wimmüln in the game-design lab: a fast playout for random and heuristic bots, and the lab's tables.

The public engine (``engine.State``) is the reference: immutable, every move checked, every step
told in the log. Here the same rules run on plain lists inside one function, with nothing
checked or told. A card is the number ``10 * colour + number`` (colours in ``COLOURS`` order), so
sorting numbers sorts cards as the engine does (by colour, then number) and the two identical 1s
or 7s of a colour are equal numbers, as they are equal cards there. The deal shuffles the same
deck in the same order, so the same cards land in the same hands.

The random bots draw their numbers exactly as :class:`plateau_lab.core.bots.RandomBot` does on the
public engine: one ``choice`` among the legal actions in the engine's order (see
``State.legal_actions``), the index drawn by :func:`plateau_lab.core.fastrandom.choice_index`, the draw
``random.choice`` makes. ``on_step`` sees every choice: the seat, the legal actions' texts and the
index chosen. ``tests/wimmuln/test_fast.py`` plays the public engine in lockstep and checks that
the legal actions agree at every step, for 3 to 6 players, single rounds and whole games.

The heuristic bots (:class:`~plateau_lab.games.wimmuln.bots.HeuristicBot`, ``"heuristic"`` in
``bots=``, and :class:`~plateau_lab.games.wimmuln.bots.CautiousBot`, ``"cautious"``) are played
here too: they ask the decisions the public bots ask (:mod:`.heuristics`: ``heuristic_cross``,
``heuristic_open``, ``wants_trick`` and ``heuristic_card``), draw no random numbers and choose
exactly the public bots' moves
(``tests/wimmuln/test_fast_heuristic.py``, in lockstep).

The game's rules are one value (:class:`~plateau_lab.games.wimmuln.rules.Rules`, ``rules_of`` the
game's options), read here as the engine reads it: the colours removed, the hand size (the
shuffled deck's last cards are dealt to nobody when it is smaller than a share of the deck), the
card naming trumps, the bonus table, the target and the rounds
(``tests/wimmuln/test_rule_sets.py`` plays rule sets drawn at random in lockstep). :func:`play_on` plays on from any
position of the public engine, to the end of the game or of a number of rounds (the fast path's
protocol, ``plateau_lab.core.fastpath``): the expert's playouts, and the analysis's.

>>> from plateau_lab.core.bots import RandomBot
>>> from plateau_lab.core import play_out
>>> from plateau_lab.games import wimmuln
>>> chosen = []
>>> record = play_fast(4, 7, [1, 2, 3, 4], {}, on_step=lambda seat, legal, index: chosen.append(legal[index]))
>>> final = play_out(wimmuln.new_game(4, seed=7), [RandomBot(s) for s in (1, 2, 3, 4)])
>>> record.scores == final.scores, chosen == [str(action) for action in final.history]
(True, True)
>>> len(record.rounds) == 4 * len(final.round_results)
True

Per round and player (``table="rounds"``): the cross laid (``face_up``, ``face_down``), the
``tricks`` and ``triangles`` won, the ``bonus`` and the round's ``points``; ``hit_face_up`` and
``hit_face_down`` say whether the tricks equal the number of that card, ``trumps`` whether the
round had a trump colour. Per player (``table="players"``): ``rounds``, and over the game the
``tricks``, ``triangles``, ``bonus`` points and ``hits`` (rounds with a bonus).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache, partial
from typing import Any

from plateau_lab.core import check_whole, play_out, seats_in_turn, seeded_random
from plateau_lab.core.fastpath import LegalTexts, Record
from plateau_lab.core.fastrandom import WIDTHS, choice_index, seat_players, shuffle

from .cards import COLOURS, deck
from .engine import OVER, ROUND_OVER, colours_in_play, game_ends
from .heuristics import (CAUTIOUS_SPREAD, SPREAD, bonus_table, code, held_twice, heuristic_card, heuristic_cross,
                         heuristic_open, wants_trick)
from .rules import Rules, rules_of
from .scoring import Bonuses

__all__ = ["FAST_BOTS", "play_on", "play_round", "play_rounds", "play_tricks", "playout", "play_fast", "play_public",
           "round_row", "player_extras", "first_mover"]


#: The registered bots this fast path plays, choosing exactly their moves (see ``plateau_lab.lab.simulate``).
FAST_BOTS = frozenset({"random", "heuristic", "cautious"})


@lru_cache(maxsize=None)
def triangle_codes(triangles: tuple[int, ...]) -> tuple[int, ...]:
    """The triangles the card numbered ``code`` (``10 * colour + number``) scores, at index ``code``,
    under the rule set's ``triangles`` (per card number).

    >>> threes = rules_of(4, {"triangles": (3,) * 10}).triangles
    >>> triangle_codes(rules_of(4, {}).triangles)[17], triangle_codes(threes)[17]
    (2, 3)
    """
    return tuple(triangles[code % 10] for code in range(50))


#: The text of the card numbered ``code``, as the engine writes it.
TEXTS = tuple(f"{code % 10} {COLOURS[code // 10]}" for code in range(50))
#: STRENGTHS[trump + 1][led colour][card]: how strongly a card bids for the trick (the highest
#: wins, the first of equals): a trump above the colour led, a higher number above a lower, -1 for
#: a card that cannot win. ``trump`` is -1 in a round without trumps.
STRENGTHS = tuple(tuple(tuple(100 + code % 10 if code // 10 == trump else code % 10 if code // 10 == led else -1
                              for code in range(50)) for led in range(5)) for trump in range(-1, 5))

OnStep = Callable[[int, list[str], int], Any]


@lru_cache(maxsize=None)
def deck_codes(colours: tuple[str, ...], numbers: tuple[int, ...]) -> tuple[int, ...]:
    """The numbers of the cards of ``colours`` (each colour's cards numbered ``numbers``, the rule
    set's), in the order the deal's shuffle starts from.

    >>> deck_codes(("red", "blue", "green"), rules_of(3, {}).numbers)[:13]
    (0, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9, 10)
    """
    return tuple(code(card) for card in deck(colours, numbers))


def _remove(hand: list[int], card: int) -> bool:
    """Take one ``card`` out of a sorted hand; True if it held two (so one copy is left)."""
    at = bisect_left(hand, card)
    twice = at + 1 < len(hand) and hand[at + 1] == card
    del hand[at]
    return twice


def _cross_texts(distinct: list[int], single: list[int]) -> list[str]:
    """The engine's estimates, as texts: each ``top`` over each ``bottom``, a card over itself if held twice."""
    singles = set(single)
    return [f"lay {TEXTS[top]} over {TEXTS[bottom]}" for top in distinct for bottom in distinct
            if top != bottom or top not in singles]


def _cross_choices(distinct: list[int], single: list[int]) -> LegalTexts:
    """The estimates of a hand for ``on_step``: their number at once, their texts when read (a
    hand of 12 has 144)."""
    return LegalTexts(len(distinct) ** 2 - len(single), partial(_cross_texts, distinct[:], single[:]))


def _play_texts(choices: list[int]) -> list[str]:
    """The engine's texts for playing each of ``choices``."""
    return [f"play {TEXTS[card]}" for card in choices]


def playout(players: int, seed: int, bot_seeds: list[int], rules: Rules, *, on_step: OnStep | None = None,
            bots: Sequence[str] | None = None) -> tuple[tuple[int, ...], int, list[dict[str, Any]]]:
    """A whole game under ``rules`` (``rules.rules_of``) with a random bot per seat (or the bots
    named in ``bots``): ``(scores, actions, rows)``.

    ``rows`` holds one dict per round and seat (see :func:`round_row`); ``on_step`` (see
    :func:`play_fast`) is told every choice. Each hand is a sorted list; ``doubles[seat]`` counts
    the cards it holds twice, and while it is 0 the hand is its own list of distinct cards (the
    engine's choices) with no copy made.
    """
    return play_rounds(players, seed, seat_players(bot_seeds, bots, FAST_BOTS), [0] * players, 0, 1,
                       rules=rules, spreads=seat_spreads(bots, players), on_step=on_step)


def seat_spreads(bots: Sequence[str] | None, players: int) -> list[float]:
    """Per seat, how far its heuristic bot expects its tricks to come out from its reckoning (see
    :mod:`.bots`): the cautious bot's spread, or the steady one's (also for a random bot, unread).

    >>> seat_spreads(["random", "cautious", "heuristic"], 3) == [SPREAD, CAUTIOUS_SPREAD, SPREAD]
    True
    """
    names = ["random"] * players if bots is None else bots
    return [CAUTIOUS_SPREAD if name == "cautious" else SPREAD for name in names]


def play_rounds(players: int, seed: int, bits: list[Callable[[int], int] | None], totals: Sequence[int],
                dealer: int, round_number: int, table: tuple | None = None, *, rules: Rules, spreads: list[float],
                stop: int | None = None,
                on_step: OnStep | None = None) -> tuple[tuple[int, ...], int, list[dict[str, Any]]]:
    """Play on from round ``round_number`` dealt by ``dealer``, the finished rounds having scored
    ``totals``: from ``table``, the round under way as ``(hands, doubles, trump, leader, crosses,
    won, triangles, trick, tricks)`` (see :func:`play_round`), or, with None, from its deal (the
    dealer's "deal" comes first after round 1). On to the end of the game (the ``rules``' target
    and rounds, as ``engine.game_ends`` says) or of ``stop`` rounds: ``(scores, actions, rows)`` as
    :func:`playout` says. ``bits``: per seat a random bot's ``getrandbits``, or None for a heuristic
    bot, whose ``spreads[seat]`` tells which (:func:`seat_spreads`)."""
    codes = deck_codes(colours_in_play(players, seed, rules.colours_removed), rules.numbers)
    dealt, tricks, bonuses = rules.hand_size * players, rules.tricks, rules.bonuses
    scores, worth = bonus_table(bonuses), triangle_codes(rules.triangles)
    trump_card, target, cap = rules.trump_card, rules.target, rules.rounds
    totals = list(totals)
    rows: list[dict[str, Any]] = []
    actions = ended = 0
    while True:
        if table is None:
            if round_number > 1:                 # the next dealer's "deal", the only legal action
                if bits[dealer] is not None:
                    choice_index(bits[dealer], 1)
                actions += 1
                if on_step:
                    on_step(dealer, ["deal"], 0)
            cards = list(codes)
            shuffle(cards, seeded_random(seed, "deal", round_number))
            # one card at a time from the dealer's left: seat s gets every players-th card of those dealt
            hands = [cards[(seat - dealer - 1) % players:dealt:players] for seat in range(players)]
            first, second = hands[dealer][-2:]
            for hand in hands:
                hand.sort()
            doubles = [len(hand) - len(set(hand)) for hand in hands]
            trick = []
            if first // 10 == second // 10 or first % 10 == second % 10 or trump_card == "none":
                trump = -1                       # no trumps: the dealer picks
            else:                                # the card naming trumps goes back, the other stays up
                lower, higher = (first, second) if first % 10 < second % 10 else (second, first)
                named, up = (lower, higher) if trump_card == "lower" else (higher, lower)
                trump = named // 10
                doubles[dealer] -= _remove(hands[dealer], up)
                trick = [(dealer, up)]
            crosses: list[tuple[int, int] | None] = [None] * players
            won = [0] * players
            triangles = [0] * players
            leader = dealer
            round_tricks = tricks
        else:                                    # the round under way
            hands, doubles, trump, leader, crosses, won, triangles, trick, round_tricks = table
            table = None
        actions += play_round(hands, doubles, trump, round_tricks, dealer, leader, crosses, won, triangles, trick,
                              bits, on_step, bonuses, spreads, worth)
        # -- the score
        for seat in range(players):
            up_number, down_number = crosses[seat]
            gained = scores[up_number][down_number][won[seat]]
            totals[seat] += triangles[seat] + gained
            rows.append(round_row(round_number, seat, trump >= 0, up_number, down_number, won[seat],
                                  triangles[seat], gained))
        ended += 1
        if game_ends(totals, target, round_number, cap) or ended == stop:
            return tuple(totals), actions, rows
        dealer = (dealer + 1) % players
        round_number += 1


def play_round(hands: list[list[int]], doubles: list[int], trump: int, tricks: int, dealer: int, leader: int,
               crosses: list[tuple[int, int] | None], won: list[int], triangles: list[int],
               trick: list[tuple[int, int]], bits: list[Callable[[int], int] | None],
               on_step: OnStep | None, bonuses: Bonuses, spreads: Sequence[float], worth: Sequence[int]) -> int:
    """The rest of a round from any position: the dealer's face-up card if it is still to choose
    (no trumps, ``trick`` empty, no cross laid), the crosses not laid yet (``crosses[seat]``: the
    numbers (face up, face down), or None), then the tricks (see :func:`play_tricks`). ``bits``:
    per seat a random bot's ``getrandbits``, or None for a heuristic bot (``spreads[seat]``: which
    one, see :func:`seat_spreads`), which lays its cross under the
    bonus table ``bonuses``. ``tricks``: the tricks the round has; ``worth``: the triangles of each card
    (:func:`triangle_codes`). Returns the number of moves made."""
    players = len(hands)
    actions = 0
    if not trick and None in crosses:         # no trumps: the dealer picks the face-up card
        own = hands[dealer]
        distinct = list(dict.fromkeys(own)) if doubles[dealer] else own
        if bits[dealer] is None:
            pick = distinct.index(heuristic_open(distinct))
        else:
            pick = choice_index(bits[dealer], len(distinct))
        if on_step:
            on_step(dealer, [f"open {TEXTS[card]}" for card in distinct], pick)
        up = distinct[pick]
        doubles[dealer] -= _remove(own, up)
        trick.append((dealer, up))
        actions += 1
    # -- estimates, from the dealer's left round to the dealer
    for offset in range(1, players + 1):
        seat = (dealer + offset) % players
        if crosses[seat] is not None:
            continue
        hand = hands[seat]
        if doubles[seat]:
            distinct = list(dict.fromkeys(hand))
            twice = held_twice(hand)
            single = [card for card in distinct if card not in twice]
        else:
            distinct = single = hand
        if bits[seat] is None:
            pick, top, bottom = heuristic_cross(tuple(hand), players, trump, tricks, bonuses, spreads[seat])
            if on_step:
                on_step(seat, _cross_choices(distinct, single), pick)
        else:
            size = len(distinct)
            pick = choice_index(bits[seat], size * size - len(single))
            if on_step:
                on_step(seat, _cross_choices(distinct, single), pick)
            if not doubles[seat]:             # rows of size - 1: `top` over every other card
                at, pick = divmod(pick, size - 1)
                top, bottom = hand[at], hand[pick + 1 if pick >= at else pick]
            else:
                for at, top in enumerate(distinct):   # a row of the engine's list: `top` over each card
                    row = size - 1 if top in single else size
                    if pick < row:
                        break
                    pick -= row
                bottom = distinct[pick + 1 if top in single and pick >= at else pick]
        doubles[seat] -= _remove(hand, top)
        doubles[seat] -= _remove(hand, bottom)
        crosses[seat] = (top % 10, bottom % 10)
        actions += 1
    # -- the tricks: the face-up card starts the first one
    return actions + play_tricks(hands, doubles, trump, won, triangles, leader, trick, bits, on_step, crosses, worth)


def play_tricks(hands: list[list[int]], doubles: list[int], trump: int, won: list[int], triangles: list[int],
                leader: int, trick: list[tuple[int, int]], bits: list[Callable[[int], int] | None],
                on_step: OnStep | None, crosses: list[tuple[int, int]] | None, worth: Sequence[int]) -> int:
    """Play the tricks of a round to its end, from a trick under way (``trick``: its (seat, card)
    pairs so far, led by ``leader``); ``won`` and ``triangles`` are counted on, the hands emptied
    (sorted lists; ``doubles[seat]``: the cards held twice). ``trump`` is a colour's index or -1.
    ``bits``: per seat a random bot's ``getrandbits``, or None for the heuristic bot, which aims at
    its cross (``crosses[seat]``: the numbers face up and face down). ``worth``: the triangles each card
    scores (:func:`triangle_codes`). Returns the number of moves made."""
    players = len(hands)
    actions = 0
    played, best, gained = len(trick), -1, 0
    best_seat = led = best_power = 0
    strengths = STRENGTHS[trump + 1]
    for seat, card in trick:
        if best < 0:
            best_seat, best, led = seat, card, card // 10 * 10
            power = strengths[card // 10]
            best_power = power[card]
        elif power[card] > best_power:
            best_seat, best, best_power = seat, card, power[card]
        gained += worth[card]
    orders = seats_in_turn(players)
    while True:
        for seat in orders[leader][played:]:
            hand = hands[seat]
            choices, start = hand, 0      # the legal cards: hand[start:start + len(choices)] unless held twice
            if best >= 0:                 # follow the led colour if possible
                first = bisect_left(hand, led)
                stop = bisect_left(hand, led + 10, first)
                if stop > first:
                    choices, start = hand[first:stop], first
            doubled = doubles[seat]
            if doubled:
                choices = list(dict.fromkeys(choices))
            draw = bits[seat]
            if draw is None:
                card = heuristic_card(choices, best, trump, wants_trick(won[seat], crosses[seat]))
                pick = choices.index(card)
            else:                         # choice_index, written out: one draw per card played
                count = len(choices)
                width = WIDTHS[count]
                pick = draw(width)
                while pick >= count:
                    pick = draw(width)
                card = choices[pick]
            if on_step:
                on_step(seat, LegalTexts(len(choices), partial(_play_texts, choices[:])), pick)
            if doubled:
                doubles[seat] -= _remove(hand, card)
            else:
                del hand[start + pick]
            if best < 0:
                best_seat, best, led = seat, card, card // 10 * 10
                power = strengths[card // 10]
                best_power = power[card]
            elif power[card] > best_power:
                best_seat, best, best_power = seat, card, power[card]
            gained += worth[card]
        actions += players - played
        won[best_seat] += 1
        triangles[best_seat] += gained
        if not hands[best_seat]:
            return actions
        leader, played, best, gained = best_seat, 0, -1, 0


def play_on(state, bot_seeds: Sequence[int], *, bots: Sequence[str] | None = None, rounds: int | None = None,
            on_step: OnStep | None = None, list_rounds: bool = False) -> Record:
    """From any position of the public engine (the dealer's choice of the face-up card, the
    estimates, the tricks, also mid-trick, or between rounds), the game as the engine plays it on
    with the bots named in ``bots`` (``"random"``: ``RandomBot(bot_seeds[seat])``,
    ``"heuristic"``: ``HeuristicBot``, ``"cautious"``: ``CautiousBot``; None: random bots), under
    the game's rules (``state.rules``), to its end or to the end of ``rounds``
    rounds (the round under way counts as one). A :class:`Record`: the scores then (the engine's
    ``state.scores``, the totals of the finished rounds), the moves made, and for the rounds that
    ended on the way one row per round and seat in ``rounds`` (in seat order; see
    :func:`round_row`: the cross, the ``tricks`` won, the ``triangles``, the ``bonus`` and the
    round's ``points``) with the extras of :func:`play_fast` over them (see :func:`player_extras`).

    >>> from plateau_lab.games import wimmuln
    >>> state = wimmuln.new_game(4, seed=3)
    >>> state = state.apply(state.legal_actions()[0])          # seat 1 lays a cross
    >>> bots = [wimmuln.HeuristicBot() for _ in range(4)]
    >>> engine = state
    >>> while engine.phase != "round over":
    ...     engine = engine.apply(bots[engine.current_player].choose(engine))
    >>> record = play_on(state, [0, 0, 0, 0], bots=["heuristic"] * 4, rounds=1)
    >>> record.scores == engine.scores, record.actions == len(engine.history) - len(state.history)
    (True, True)
    >>> [row["tricks"] for row in record.rounds] == list(engine.round_results[-1].tricks)
    True
    """
    bits = seat_players(bot_seeds, bots, FAST_BOTS)
    if rounds is not None:
        check_whole(rounds, name="rounds (to play on)", low=1)
    players, rules = state.players, state.rules
    if state.phase == OVER:
        return Record(tuple(state.scores), 0, player_extras([], players))
    if state.phase == ROUND_OVER:
        dealer, round_number, table = (state.dealer + 1) % players, state.round_number + 1, None
    else:
        hands = [sorted(code(card) for card in hand) for hand in state.hands]
        dealer, round_number = state.dealer, state.round_number
        table = (hands, [len(hand) - len(set(hand)) for hand in hands],
                 -1 if state.trump is None else COLOURS.index(state.trump), state.leader,
                 [None if cross is None else (cross.top.number, cross.bottom.number) for cross in state.estimates],
                 list(state.tricks_won), list(state.triangles_won), [(seat, code(card)) for seat, card in state.trick],
                 state.tricks_per_round)
    scores, actions, rows = play_rounds(players, state.setup.seed, bits, state.scores, dealer, round_number, table,
                                        rules=rules, spreads=seat_spreads(bots, players), stop=rounds,
                                        on_step=on_step)
    return Record(scores, actions, player_extras(rows, players), tuple(rows))


def round_row(round_number: int, seat: int, trumps: bool, face_up: int, face_down: int, tricks: int,
              triangles: int, gained: int) -> dict[str, Any]:
    """One row of the lab's table of rounds: a player's cross, tricks, triangles and points."""
    return {"seat": seat, "round": round_number, "trumps": trumps, "face_up": face_up, "face_down": face_down,
            "tricks": tricks, "hit_face_up": tricks == face_up, "hit_face_down": tricks == face_down,
            "triangles": triangles, "bonus": gained, "points": triangles + gained}


def first_mover(trumps: bool, dealer: int, players: int) -> int:
    """The seat that makes a round's first move: with no trumps the dealer chooses the face-up
    card; with trumps the face-up card is turned over and the dealer's left lays the first cross.

    >>> first_mover(False, 2, 4), first_mover(True, 2, 4), first_mover(True, 3, 4)
    (2, 3, 0)
    """
    return (dealer + 1) % players if trumps else dealer


def play_fast(players: int, seed: int, bot_seeds: Sequence[int], variant: Mapping[str, Any], *,
              bots: Sequence[str] | None = None, on_step: OnStep | None = None, list_rounds: bool = False) -> Record:
    """One game for ``plateau_lab.lab.simulate``: the game ``new_game(players, seed=seed, **variant)``
    with ``RandomBot(bot_seeds[seat])`` in each seat would play, or with the bots ``bots`` names
    (one of ``FAST_BOTS`` per seat: ``"random"``, ``"heuristic"`` or ``"cautious"``).

    ``variant`` holds any of the options (the others take their defaults); the game is played under
    ``rules.rules_of(players, variant)``, as the public engine plays it. ``on_step``, when given,
    is called before every move as ``on_step(seat, legal, index)``: ``legal`` the texts of the legal
    actions in the engine's order, ``index`` the one chosen.
    """
    rules = rules_of(players, variant)          # checked (and remembered) the first time it is seen
    scores, actions, rows = playout(players, seed, bot_seeds, rules, on_step=on_step, bots=bots)
    return Record(scores, actions, player_extras(rows, players), tuple(rows),
                  starter=first_mover(rows[0]["trumps"], 0, players))        # the first round's dealer is seat 0


def play_public(state, bots: Sequence[Any], *, list_rounds: bool = False) -> Record:
    """One game on the public engine for ``plateau_lab.lab.simulate``."""
    final = play_out(state, bots)
    rows = [round_row(result.round_number, seat, result.trump is not None, cross.top.number, cross.bottom.number,
                      result.tricks[seat], result.triangles[seat], result.bonuses[seat])
            for result in final.round_results for seat, cross in enumerate(result.estimates)]
    return Record(tuple(final.scores), len(final.history), player_extras(rows, final.players), tuple(rows))


def player_extras(rows: list[dict[str, Any]], players: int) -> tuple[dict[str, int], ...]:
    """Per seat over the game: rounds played, tricks, triangles, bonus points and rounds with a bonus."""
    extras = [{"rounds": 0, "tricks": 0, "triangles": 0, "bonus": 0, "hits": 0} for _ in range(players)]
    for row in rows:
        seat = extras[row["seat"]]
        seat["rounds"] += 1
        seat["tricks"] += row["tricks"]
        seat["triangles"] += row["triangles"]
        seat["bonus"] += row["bonus"]
        seat["hits"] += row["bonus"] > 0
    return tuple(extras)
