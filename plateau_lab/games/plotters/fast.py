"""Plotters Inc. in the game-design lab: a fast playout for random and heuristic bots, from any position.

The public engine (``engine.State``) is the reference. Here the same rules run on mutable lists
inside a few functions, with nothing checked or told: a card is the number ``32 * colour + number``
(colours in ``COLOURS`` order), so sorting numbers sorts cards as the engine does, and a player's
collection is four open counts, a discard count and the two colours kept (or None). The game's
rules are one value (``rules.Rules``), read here as the engine reads it (:class:`FastRules`: the
same numbers, with the deck as numbers here), so the fast path plays any rule set exactly.

The random bots draw their numbers exactly as :class:`plateau_lab.core.bots.RandomBot` does on the
public engine: one ``choice`` among the legal actions in the engine's order (also the lone "deal"
between rounds), the index drawn by :func:`plateau_lab.core.fastrandom.choice_index`, the draw
``random.choice`` makes. The heuristic bot (:class:`~plateau_lab.games.plotters.bots.HeuristicBot`,
``"heuristic"`` in ``bots=``, and the :class:`~plateau_lab.games.plotters.bots.BoldBot`, ``"bold"``)
asks the same decisions as the public bots (:mod:`.heuristics`: ``heuristic_play``,
``heuristic_take`` and ``heuristic_keep``), so it picks the same moves (it draws no random numbers). ``tests/plotters/test_fast.py`` and
``tests/plotters/test_fast_heuristic.py`` play the public engine in lockstep and check, at every
step, the seat to move, the legal actions in order and the move chosen.

:func:`play_on` plays on from any position of the public engine (mid-trick, High picking, a
player keeping two colours, between rounds), a round at a time if asked: the expert's playouts.
All three functions of the fast path's protocol (``plateau_lab.core.fastpath``) are here.

``on_step(seat, legal, index)``, if given, is called before every move with the legal actions'
texts in the engine's order and the index chosen:

>>> from plateau_lab.core.bots import RandomBot
>>> from plateau_lab.core import play_out
>>> from plateau_lab.games import plotters
>>> moves = []
>>> record = play_fast(4, 7, [1, 2, 3, 4], {}, on_step=lambda seat, legal, index: moves.append(legal[index]))
>>> final = play_out(plotters.new_game(4, seed=7), [RandomBot(s) for s in (1, 2, 3, 4)])
>>> record.scores == final.scores, moves == [str(action) for action in final.history], len(record.rounds)
(True, True, 16)
>>> heuristic = play_fast(4, 7, [1, 2, 3, 4], {}, bots=["heuristic"] * 4)
>>> heuristic.scores == play_out(plotters.new_game(4, seed=7), [plotters.HeuristicBot(s) for s in range(4)]).scores
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from plateau_lab.core import check_whole, seats_in_turn, seeded_random
from plateau_lab.core.fastpath import Record
from plateau_lab.core.fastrandom import choice_index, seat_players, shuffle

from .cards import COLOURS, DEAL, MOST_NUMBER, deck_of
from .engine import GAME_OVER, KEEP_PHASE, ROUND_OVER, TAKE_PHASE, first_leader, score_round
from .heuristics import STYLES, code, heuristic_keep, heuristic_play, heuristic_take, scores_for
from .rules import MOST_CARDS_PER_PLAYER, Rules, rules_of

__all__ = ["CARD_TEXT", "FAST_BOTS", "FastRules", "Round", "fast_rules", "play_fast", "play_from_round", "play_on",
           "play_public", "play_round", "playout", "round_row"]


#: The registered bots this fast path plays, choosing exactly their moves (see ``plateau_lab.lab.simulate``).
FAST_BOTS = frozenset({"random", "heuristic", "bold"})

OnStep = Callable[[int, list[str], int], Any]
#: WIDTHS[n]: ``n.bit_length()``, the bits ``choice_index`` draws for a choice among ``n`` cards in hand.
WIDTHS = tuple(count.bit_length() for count in range(MOST_CARDS_PER_PLAYER + 1))
#: A card's text (``R14``) by its number here (:func:`.heuristics.code`): every card there is.
CARD_TEXT = {code(card): str(card) for card in deck_of((MOST_NUMBER,) * len(COLOURS))}


# ---------------------------------------------------------------- the rules, as numbers here


class FastRules:
    """A game's :class:`~plateau_lab.games.plotters.rules.Rules` as the fast path reads them: the
    deck as numbers here, the cards dealt to each player, High's share, the colours a trick may
    hold, the colours kept (as indices, and as the texts of their moves), the rounds, and the
    heuristic bots' remembered scores."""

    __slots__ = ("deck", "each", "share", "most_colours", "free_zeros", "keeps", "keep_texts", "scores",
                 "scoring", "rounds")

    def __init__(self, rules: Rules):
        self.deck = tuple(map(code, rules.deck))
        self.each = rules.cards_per_player
        self.share = rules.high_takes
        self.most_colours = rules.colours_in_trick
        self.free_zeros = len(COLOURS) - rules.choose_at   # colours not yet collected when a player must choose
        self.scores = scores_for(rules)
        self.keeps = self.scores.keeps
        self.keep_texts = tuple(str(keep) for keep in rules.keep_choices)
        self.scoring = rules.scoring_colours
        self.rounds = rules.rounds


@lru_cache(maxsize=256)
def fast_rules(rules: Rules) -> FastRules:
    """The fast path's reading of ``rules`` (one per rule set, remembered with its scores)."""
    return FastRules(rules)


# ---------------------------------------------------------------- a round, from any point of it


class Round:
    """A round in progress on mutable lists: ``hands`` (sorted card numbers), ``collections`` (per
    seat ``[open counts per colour, discarded, kept colours or None]``), ``leader``, ``trick``
    ((seat, card) in order), ``picked`` (High's picks so far) and ``choosers`` (the seats that
    must keep two colours now, the trick already shared out)."""
    __slots__ = ("hands", "collections", "leader", "trick", "picked", "choosers")

    def __init__(self, hands, collections, leader, trick=(), picked=(), choosers=()):
        self.hands = hands
        self.collections = collections
        self.leader = leader
        self.trick = list(trick)
        self.picked = list(picked)
        self.choosers = list(choosers)

    @classmethod
    def dealt(cls, players: int, seed: int, round_number: int, leader: int, rules: FastRules) -> Round:
        """A round's first position: the engine's shuffle of the rules' deck, their cards to each player, sorted."""
        cards = list(rules.deck)
        shuffle(cards, seeded_random(seed, "deal", round_number))
        each = rules.each
        hands = [sorted(cards[seat * each:(seat + 1) * each]) for seat in range(players)]
        return cls(hands, [[[0, 0, 0, 0], 0, None] for _ in range(players)], leader)

    def scores(self, scoring: int) -> list[int]:
        """Every seat's round score as its collection stands (``scoring``: how many colours score)."""
        return [score_round(tuple(counts), discarded, scoring) for counts, discarded, _ in self.collections]


def play_round(table: Round, bits: list, on_step: OnStep | None, rules: FastRules,
               styles: Sequence[tuple[float, float]] = ()) -> int:
    """Play ``table`` to the end of its round (its last trick, or a player who cannot play) under
    ``rules`` with a random bot (its ``getrandbits``) or a heuristic bot (None; ``styles`` its
    style, the heuristic bot's by default) per seat: the moves made. The round is played on
    ``table``'s lists: its hands and collections are left as the round ends.

    One piece on purpose: it is the fast path's hot loop, which keeps the position in local
    variables from move to move; split into functions, it would pay a call and a reload of that
    state at every move."""
    hands, collections = table.hands, table.collections
    players = len(hands)
    styles = styles or (STYLES["heuristic"],) * players
    share, most_colours, free_zeros, scores = rules.share, rules.most_colours, rules.free_zeros, rules.scores
    leader, trick, picked, choosers = table.leader, table.trick, table.picked, table.choosers
    orders = seats_in_turn(players)
    moves = 0
    while True:
        if not choosers:
            # the cards to the trick: a player holding only the fourth colour ends the round at once
            colours = {card >> 5 for _, card in trick}
            for seat in orders[leader][len(trick):]:
                hand = hands[seat]
                if len(colours) < most_colours:
                    choices = hand
                else:
                    choices = [c for c in hand if c >> 5 in colours]
                    if not choices:
                        return moves
                draw = bits[seat]
                if draw is None:
                    index = heuristic_play(choices, trick, seat, collections, players, share, scores, styles[seat])
                else:               # choice_index written out: the playout's most frequent draw
                    count = len(choices)
                    width = WIDTHS[count]
                    index = draw(width)
                    while index >= count:
                        index = draw(width)
                if on_step is not None:
                    on_step(seat, ["play " + CARD_TEXT[c] for c in choices], index)
                chosen = choices[index]
                if choices is hand:
                    del hand[index]
                else:
                    hand.remove(chosen)
                trick.append((seat, chosen))
                colours.add(chosen >> 5)
                moves += 1
            # High picks his share, one card at a time; Low takes the rest
            trump = trick[0][1] >> 5
            highest = 0             # (number, seat) of the highest trump, as number << 3 | seat
            low = None
            for s, c in trick:
                if c >> 5 == trump:
                    highest = max(highest, (c & 31) << 3 | s)
                elif low is None or c & 31 < low[1] & 31:
                    low = (s, c)
            high_seat, low_seat = highest & 7, None if low is None else low[0]
            left = [c for _, c in trick if c not in picked] if picked else [c for _, c in trick]
            draw = bits[high_seat]
            while len(picked) < share:
                if draw is None:
                    index = heuristic_take(left, picked, collections, high_seat, low_seat, share, scores)
                else:
                    index = choice_index(draw, len(left))
                if on_step is not None:
                    on_step(high_seat, ["take " + CARD_TEXT[c] for c in left], index)
                picked.append(left.pop(index))
                moves += 1
            if low is not None:
                gains = ((high_seat, picked), (low[0], left))
                leader = low[0]
            else:
                gains = ((high_seat, picked),)
                leader = high_seat
            for seat, taken in gains:
                collection = collections[seat]
                counts, kept = collection[0], collection[2]
                for c in taken:
                    if kept is not None and c >> 5 not in kept:
                        collection[1] += 1
                    else:
                        counts[c >> 5] += 1
                if kept is None and counts.count(0) <= free_zeros:
                    choosers.append(seat)
            trick, picked = [], []
        # whoever now holds all four colours keeps two, High first
        for seat in choosers:
            draw = bits[seat]
            collection = collections[seat]
            index = heuristic_keep(collection, scores) if draw is None else choice_index(draw, len(rules.keeps))
            if on_step is not None:
                on_step(seat, list(rules.keep_texts), index)
            pair = rules.keeps[index]
            counts = collection[0]
            for colour in range(len(COLOURS)):
                if colour not in pair:
                    collection[1] += counts[colour]
                    counts[colour] = 0
            collection[2] = pair
            moves += 1
        choosers = []
        if not any(hands):
            return moves


# ---------------------------------------------------------------- rounds and games


def play_from_round(players: int, seed: int, round_number: int, dealer: int, table: Round | None,
                    totals: Sequence[int], bits: list, rules: FastRules, styles: Sequence[tuple[float, float]] = (), *,
                    rounds: int | None = None, on_step: OnStep | None = None):
    """Play on from round ``round_number`` dealt by ``dealer`` under ``rules``: from ``table`` (the
    round in progress) or, with None, from the end of that round (the next dealer deals). ``totals``:
    the scores of the finished rounds. Stops after ``rounds`` rounds have ended (None: at the end of
    the game, after as many rounds as players, or the rules' rounds). ``(scores, moves, rows)``, with
    a row per round and seat (see :func:`round_row`)."""
    totals = list(totals)
    rows: list[dict[str, Any]] = []
    moves = ended = 0
    while True:
        if table is None:
            round_number, dealer = round_number + 1, (dealer + 1) % players
            draw = bits[dealer]
            index = 0 if draw is None else choice_index(draw, 1)
            if on_step is not None:
                on_step(dealer, [str(DEAL)], index)
            moves += 1
            table = Round.dealt(players, seed, round_number, first_leader(dealer, players), rules)
        moves += play_round(table, bits, on_step, rules, styles)
        for seat, ((counts, discarded, kept), score) in enumerate(zip(table.collections,
                                                                     table.scores(rules.scoring))):
            totals[seat] += score
            rows.append(round_row(round_number, seat, counts, discarded, kept is not None, score))
        ended += 1
        if round_number >= rules.rounds - 1 or ended == rounds:
            return tuple(totals), moves, rows
        table = None


def play_on(state, bot_seeds: Sequence[int], *, bots: Sequence[str] | None = None, rounds: int | None = None,
            on_step: OnStep | None = None, list_rounds: bool = False) -> Record:
    """Play on from any position of the public engine: the game the engine plays from it with
    ``RandomBot(bot_seeds[seat])`` per seat, or, where ``bots`` (a name of ``FAST_BOTS`` per seat)
    says ``"heuristic"``, ``HeuristicBot``; to the end of the game, or once ``rounds`` rounds have
    ended (the round in progress counts as one). A :class:`Record`: the scores then (the engine's
    ``state.scores``, the totals of the finished rounds), the moves made, and for the rounds that
    ended on the way their rows (``rounds``: one per round and seat, see :func:`round_row`; a
    round's scores are their ``round_score``) and the extras :func:`play_fast` gives, counted over
    those rounds.

    >>> from plateau_lab.core import play_out
    >>> from plateau_lab.games import plotters
    >>> state = plotters.new_game(5, seed=4)
    >>> for _ in range(7):                      # a trick and a half
    ...     state = state.apply(state.legal_actions()[-1])
    >>> record = play_on(state, [0] * 5, bots=["heuristic"] * 5)
    >>> final = play_out(state, [plotters.HeuristicBot() for _ in range(5)])
    >>> record.scores == final.scores, record.actions == len(final.history) - len(state.history)
    (True, True)
    >>> [row["round"] for row in play_on(state, [1, 2, 3, 4, 5], rounds=1).rounds]
    [1, 1, 1, 1, 1]
    """
    players = state.players
    bits = seat_players(bot_seeds, bots, FAST_BOTS)
    if rounds is not None:
        check_whole(rounds, name="rounds (to play on)", low=1)
    if state.is_over:
        return Record(tuple(state.scores), 0, _extras([], players))
    table = None if state.phase == ROUND_OVER else _round_of(state)
    scores, moves, rows = play_from_round(players, state.setup.seed, state.round_number, state.dealer, table,
                                          state.scores, bits, fast_rules(state.rules), _styles(bots, players),
                                          rounds=rounds, on_step=on_step)
    return Record(scores, moves, _extras(rows, players), tuple(rows))


def _round_of(state) -> Round:
    """The round in progress of a public ``State``, as the fast path keeps it."""
    players = state.players
    collections = [[[len(stack) for stack in state.stacks[seat]], len(state.discards[seat]),
                    None if state.kept[seat] is None else tuple(COLOURS.index(c) for c in state.kept[seat])]
                   for seat in range(players)]
    return Round([sorted(map(code, hand)) for hand in state.hands], collections, state.leader,
                 [(seat, code(card)) for seat, card in state.trick],
                 [code(card) for card in state.picked] if state.phase == TAKE_PHASE else (),
                 state.choosers if state.phase == KEEP_PHASE else ())


def _styles(bots: Sequence[str] | None, players: int) -> tuple[tuple[float, float], ...]:
    """Per seat, its heuristic style (``STYLES``; a random seat's is not used)."""
    plain = STYLES["heuristic"]
    return (plain,) * players if bots is None else tuple(STYLES.get(name, plain) for name in bots)


def playout(players: int, seed: int, bot_seeds: Sequence[int], rules: Rules, *, bots: Sequence[str] | None = None,
            on_step: OnStep | None = None):
    """A whole game under ``rules`` with a random bot per seat (or the bots named in ``bots``):
    ``(scores, actions, rounds)``, ``rounds`` holding one dict per round and seat (see :func:`round_row`)."""
    bits = seat_players(bot_seeds, bots, FAST_BOTS)
    reading = fast_rules(rules)
    table = Round.dealt(players, seed, 0, first_leader(0, players), reading)
    return play_from_round(players, seed, 0, 0, table, [0] * players, bits, reading, _styles(bots, players),
                           on_step=on_step)


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


def play_fast(players: int, seed: int, bot_seeds: Sequence[int], variant: Mapping[str, Any], *,
              bots: Sequence[str] | None = None, on_step: OnStep | None = None, list_rounds: bool = False) -> Record:
    """One game for ``plateau_lab.lab.simulate``: the game ``new_game(players, seed=seed, **variant)``
    with ``RandomBot(bot_seeds[seat])`` in each seat would play, or with the bots ``bots`` names (one
    of ``FAST_BOTS`` per seat), under ``rules.rules_of(players, variant)``. ``on_step`` is described
    in the module's docstring."""
    rules = rules_of(players, variant)          # checked (and remembered) the first time it is seen
    scores, actions, rounds = playout(players, seed, bot_seeds, rules, bots=bots, on_step=on_step)
    return Record(scores, actions, _extras(rounds, players), tuple(rounds), starter=first_leader(0, players))


def play_public(state, bots: Sequence[Any], *, list_rounds: bool = False) -> Record:
    """One game on the public engine for ``plateau_lab.lab.simulate``, noting every round's end."""
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
