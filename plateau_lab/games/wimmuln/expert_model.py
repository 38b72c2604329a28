"""The expert's model of Wimmüln: what it cannot see, how far it looks ahead, what it
weighs (see :mod:`plateau_lab.lab.expert`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import networkx as nx

from plateau_lab.core import Deal, Play, count_of
from plateau_lab.core.imagining import GameModel, imagined, in_order, past_of, trick_reason, trick_stands

from .cards import COLOURS, Card
from .engine import ESTIMATE, OPEN, OVER, PLAY, ROUND_OVER, Estimate, Open, beats, legal_plays, trick_winner
from .fast import code, heuristic_cross, play_on
from .scenario import scenario_text
from .scoring import bonus

__all__ = ["WimmulnModel", "reasons", "heuristic_cross_of", "played_this_round", "colours_lacking",
           "dealers_known_cards", "deal_into", "card_may_go", "MODEL"]


class WimmulnModel(GameModel):
    """Wimmüln: hidden are the other hands, the others' cross cards not yet turned over and the
    cards a short deal set aside. Played tricks are out of play, so never dealt again.

    A playout is the rest of the round on the fast path (``wimmuln.fast.play_on``, one round)
    with every seat played by the heuristic bot: the crosses not yet laid, then the tricks, each
    player aiming at his cross. Random tricks would say nothing about how many tricks a hand
    takes, which is what a cross bets on.

    The deals a seat imagines agree with all it has seen this round: a player who did not follow
    the colour led holds none of it, and the dealer's card shown and taken back is in his hand (or
    his cross) until he plays it. A cross laid but not yet turned over is the one the heuristic bot
    would lay from that player's imagined cards: the others are taken to estimate sensibly.
    """

    measure = "points this round"
    playouts = 600
    guided = False
    round_key = "round"

    def done(self, start, state):

        return state.phase in (ROUND_OVER, OVER)

    def outcome(self, start, after, seat, seed):
        return self.result(start, after, seat, seed)[0]

    def result(self, start, after, seat, seed):
        """The round's points for ``seat`` (triangles won plus the bonus) and whether it hit its
        estimate (:meth:`won`)."""

        if after.phase not in (OPEN, ESTIMATE, PLAY):
            return after.round_results[-1].points[seat], self.won(start, after, seat)
        record = play_on(after, [seed] * after.players, bots=["heuristic"] * after.players, rounds=1)
        return record.scores[seat] - after.scores[seat], self.won(start, record, seat)

    winning = "you hit your estimate"

    def won(self, start, end, seat):
        """Winning a round of Wimmüln is hitting the estimate (the bonus): the round's aim, as the
        odds bar's question. ``end``: the state at the round's end, or the fast path's record of
        it (its last rows are this round's, in seat order)."""
        if hasattr(end, "round_results"):
            return end.round_results[-1].bonuses[seat] > 0
        return end.rounds[len(end.rounds) - start.players + seat]["bonus"] > 0

    def redeal(self, state, seat, seen, rng):
        hidden = state.cards_hidden_from(seat)
        known = dealers_known_cards(state) & hidden if seat != state.dealer else Counter()
        voids = colours_lacking(state)
        pool = in_order(hidden - known)
        rng.shuffle(pool)
        observed = seen[-1]["estimates"]
        # the places a hidden card may go: (seat, "hand" or "top" or "bottom", room, colours it cannot be)
        places = [(other, "hand", len(state.hands[other]), voids[other]) for other in range(state.players)
                  if other != seat]
        for other, cross in enumerate(observed):
            if other != seat and cross is not None:
                places += [(other, part, 1, frozenset()) for part in ("top", "bottom") if cross[part] == "hidden"]
        places.append((None, "aside", len(state.aside), frozenset()))
        dealt = deal_into(in_order(known) + pool, places, state.dealer, sum(known.values()), rng)
        hands, estimates = list(state.hands), list(state.estimates)
        for other in range(state.players):
            if other == seat:
                continue
            hands[other] = tuple(sorted(dealt[(other, "hand")]))
            cross = observed[other]
            if cross is None:
                continue
            if cross["top"] == "hidden":     # laid, not turned over: the cross a heuristic player lays
                hands[other], estimates[other] = heuristic_cross_of(
                    hands[other] + tuple(dealt[(other, "top")] + dealt[(other, "bottom")]), state)
            else:
                bottom = dealt[(other, "bottom")][0] if cross["bottom"] == "hidden" else cross["bottom"]
                estimates[other] = replace(estimates[other], top=cross["top"], bottom=bottom)
        return imagined(state, seat, rng, hands=tuple(hands), estimates=tuple(estimates),
                        aside=tuple(sorted(dealt[(None, "aside")])))

    def imagined_past(self, origin, world, seat):
        """The imagined round just dealt (each other player's cards of the round: hand, cross and
        cards played) as a scenario with the finished rounds' results, and the round's moves, each
        other player's cross the imagined one."""
        first, moves = past_of(origin)
        start = max((index + 1 for index, move in enumerate(moves) if isinstance(move, Deal)), default=0)
        past = origin.states()
        dealt = past[start]
        own = list(moves[start:])
        for index in range(start, len(moves)):
            player = past[index].current_player
            if isinstance(moves[index], Estimate) and player != seat:
                own[index - start] = world.estimates[player]
        cards = [list(hand) for hand in world.hands]
        for player, card in played_this_round(world):
            cards[player].append(card)
        for player, cross in enumerate(world.estimates):
            if cross is not None:
                cards[player] += [cross.top, cross.bottom]
        for player, card in dealt.trick:          # the face-up card shown by the dealer starts the first trick
            cards[player].remove(card)
        hands = tuple(dealt.hands[other] if other == seat else tuple(sorted(cards[other]))
                      for other in range(world.players))
        return scenario_text(dealt.derive(hands=hands, aside=world.aside)), own

    def tally(self, start, after, seat):
        """Whether the seat's card, just played, leads the trick and no one still to play to it can
        beat it in this imagined deal (:func:`~plateau_lab.core.imagining.trick_stands`)."""
        if start.phase != PLAY:
            return (False,)
        trump = after.trump
        return (trick_stands(after.trick, after.players, after.hands, legal_plays,
                             lambda trick: trick_winner(trick, trump), lambda card, best: beats(card, best, trump)),)

    def reason(self, state, seat, action, shares):
        return reasons(state, seat, action, shares)

    def odds(self, state, end):

        if state.phase in (OPEN, ESTIMATE) or not end.round_results:
            return None
        bonuses = end.round_results[-1].bonuses
        return ("hits the estimate", tuple(f"player {seat}" for seat in range(state.players)),
                tuple(bonus > 0 for bonus in bonuses))

    def odds_done(self, start, state):
        return self.done(start, state)

    def fast_odds(self, state, playouts, rng):
        """The odds bar's answer from the cards as they lie, on the fast path: ``playouts`` random
        continuations of ``state`` to the round's end, as :meth:`odds` counts them after random play
        on the public engine, several times faster. ``(question, labels, how many times each came
        true)``, or None outside the card play (where the public engine's answer costs nothing).

        >>> from plateau_lab.games import wimmuln
        >>> import random
        >>> state = wimmuln.new_game(3, seed=2)
        >>> MODEL.fast_odds(state, 5, random.Random(1)) is None
        True
        >>> while state.phase != PLAY:
        ...     state = state.apply(state.legal_actions()[0])
        >>> question, labels, counts = MODEL.fast_odds(state, 5, random.Random(1))
        >>> question, labels, all(0 <= count <= 5 for count in counts)
        ('hits the estimate', ('player 0', 'player 1', 'player 2'), True)
        """
        if state.phase != PLAY:
            return None
        counts = [0] * state.players
        for _ in range(playouts):
            record = play_on(state, [rng.getrandbits(32) for _ in range(state.players)], rounds=1)
            for row in record.rounds[-state.players:]:
                counts[row["seat"]] += row["bonus"] > 0
        return "hits the estimate", tuple(f"player {seat}" for seat in range(state.players)), tuple(counts)


def heuristic_cross_of(cards, state):
    """``(hand, cross)``: the cross the heuristic bot lays from ``cards`` in this round, and the rest."""

    trump = -1 if state.trump is None else COLOURS.index(state.trump)
    _, top, bottom = heuristic_cross(tuple(sorted(map(code, cards))), state.players, trump, state.tricks_per_round,
                                     state.rules.bonuses)
    top, bottom = Card(top // 10, top % 10), Card(bottom // 10, bottom % 10)
    return tuple(sorted((Counter(cards) - Counter([top, bottom])).elements())), Estimate(top, bottom)


def played_this_round(state):
    """The (seat, card) pairs played to the tricks of this round so far, the current trick last."""
    return [pair for _, trick in state.finished_tricks for pair in trick] + list(state.trick)


def colours_lacking(state) -> list[frozenset]:
    """Per seat, the colours (indices) it has shown it holds none of this round: it did not follow
    when one was led.

    >>> from plateau_lab.games import wimmuln
    >>> state = wimmuln.scenario('''dealer: 0
    ... colours: red blue green
    ... shown: 5 red, 1 blue
    ... hand 0: 0 red, 1 red, 2 red
    ... hand 1: 3 red, 0 blue, 2 blue, 3 blue, 4 blue
    ... hand 2: 0 green, 1 green, 2 green, 3 green, 4 green
    ... allow: short deal''')
    >>> state = state.apply("lay 3 red over 0 blue").apply("lay 0 green over 1 green")
    >>> state = state.apply("lay 0 red over 1 red").apply("play 2 blue").apply("play 2 green")
    >>> [sorted(colours) for colours in colours_lacking(state)]
    [[], [0], [0]]
    """
    lacking = [set() for _ in range(state.players)]
    for _, trick in state.finished_tricks:
        _note_lacking(trick, lacking)
    _note_lacking(state.trick, lacking)
    return [frozenset(colours) for colours in lacking]


def _note_lacking(trick, lacking) -> None:
    if trick:
        led = trick[0][1].colour_index
        for seat, card in trick[1:]:
            if card.colour_index != led:
                lacking[seat].add(led)


def dealers_known_cards(state) -> Counter:
    """The cards everyone knows the dealer holds: of the two he showed, the one not left face up
    (with trumps the lower goes back to the hand; without, the one he did not open with), until he
    plays it or it turns up in his cross. Before he opens, both."""
    known = Counter(state.shown)
    known -= Counter(card for seat, card in played_this_round(state) if seat == state.dealer)
    cross = state.estimates[state.dealer]
    if cross is not None:          # the dealer lays last: his top card is turned over at once
        known -= Counter([cross.top])
    return known


def deal_into(cards, places, dealer, known, rng) -> dict:
    """``cards`` dealt into ``places`` ((seat, part, room, colours it cannot hold) each; every card
    goes somewhere), the first ``known`` of them to the dealer's places. A card goes to a place
    that may hold it, chosen with a chance in proportion to its room left, the most restricted
    cards first; when that leaves a card nowhere to go (rare), the deal starts again, and after 20
    tries one is worked out (:func:`deal_by_colours`): the real deal shows that one exists.
    """
    for _ in range(20):
        room = {(seat, part): size for seat, part, size, _ in places}
        dealt = {(seat, part): [] for seat, part, _, _ in places}
        order = sorted(range(len(cards)), key=lambda at: (at >= known, sum(card_may_go(cards[at], place)
                                                                           for place in places)))
        for at in order:
            card = cards[at]
            fits = [place for place in places if room[place[:2]] and card_may_go(card, place)
                    and (at >= known or place[0] == dealer)]
            if not fits:
                break
            weights = [room[place[:2]] for place in fits]
            chosen = rng.choices(fits, weights)[0][:2]
            room[chosen] -= 1
            dealt[chosen].append(card)
        else:
            return dealt
    return deal_by_colours(cards, places, dealer, known, rng)


def deal_by_colours(cards, places, dealer, known, rng) -> dict:
    """A deal of ``cards`` into ``places`` as :func:`deal_into` asks, worked out as a flow: so many
    cards of each colour (the dealer's known ones apart) to each place that may hold that colour,
    within its room (a maximum flow; the places taken in a random order), then the cards of a
    colour shared out among its places at random.

    >>> import random
    >>> cards = [Card(0, 7), Card(0, 8), Card(1, 7)]                   # 7 red, 8 red, 7 blue
    >>> places = [(1, "hand", 1, frozenset({COLOURS.index("red")})), (2, "hand", 2, frozenset())]
    >>> dealt = deal_by_colours(cards, places, 0, 0, random.Random(1))
    >>> dealt[(1, "hand")], sorted(map(str, dealt[(2, "hand")]))
    ([Card('7 blue')], ['7 red', '8 red'])
    """
    groups: dict[tuple, list[int]] = {}
    for at, card in enumerate(cards):
        groups.setdefault((at < known, card.colour_index), []).append(at)
    shuffled = list(places)
    rng.shuffle(shuffled)
    flow = nx.DiGraph()
    for group, ats in groups.items():
        flow.add_edge("cards", ("colour", group), capacity=len(ats))
        for place in shuffled:
            if card_may_go(cards[ats[0]], place) and (not group[0] or place[0] == dealer):
                flow.add_edge(("colour", group), ("place", place[:2]), capacity=len(ats))
    for seat, part, size, _ in shuffled:
        flow.add_edge(("place", (seat, part)), "places", capacity=size)
    found, routes = nx.maximum_flow(flow, "cards", "places")
    if found < len(cards):
        raise RuntimeError("the hidden cards do not fit the places they may be in")
    dealt = {(seat, part): [] for seat, part, _, _ in places}
    for group, ats in groups.items():
        ats = list(ats)
        rng.shuffle(ats)
        for (_, place), count in routes[("colour", group)].items():
            dealt[place] += [cards[at] for at in ats[:count]]
            del ats[:count]
    return dealt


def card_may_go(card, place) -> bool:
    return card.colour_index not in place[3]


def _bonus(state, face_up, face_down, tricks) -> int:
    """The bonus a cross scores for ``tricks`` under the game's bonus table (its rule set's, where
    the rules carry one)."""
    table = getattr(getattr(state, "rules", None), "bonuses", None)
    return bonus(face_up, face_down, tricks) if table is None else bonus(face_up, face_down, tricks, table)


def reasons(state, seat, action, shares=()) -> str:
    """What a Wimmüln move does, in the game's words, from what ``seat`` sees: a cross, the tricks
    it aims at and the bonus each would score; a card, what it does to the trick (how often no one
    after it could beat it, from ``shares``: :meth:`WimmulnModel.tally`) and the tricks the seat
    has taken against its cross.

    >>> from plateau_lab.games import wimmuln
    >>> state = wimmuln.new_game(3, seed=2)
    >>> while state.phase != ESTIMATE:
    ...     state = state.apply(state.legal_actions()[0])
    >>> cross = Estimate(state.hands[state.current_player][0], state.hands[state.current_player][-1])
    >>> reasons(state, state.current_player, cross)                          # doctest: +ELLIPSIS
    'aims at ... (face up, a bonus of ...) or ... (a bonus of ...)'
    """
    if isinstance(action, Estimate):
        up, down = action.top.number, action.bottom.number
        if up == down:
            return f"aims at exactly {count_of(up, 'trick')}, for a bonus of {_bonus(state, up, down, up)}"
        return (f"aims at {count_of(up, 'trick')} (face up, a bonus of {_bonus(state, up, down, up)}) or "
                f"{count_of(down, 'trick')} (a bonus of {_bonus(state, up, down, down)})")
    if isinstance(action, Open):
        return f"starts the first trick with the {action.card}"
    if not isinstance(action, Play):
        return ""
    trick = (*state.trick, (seat, action.card))
    said = trick_reason(trick, seat, state.players, lambda cards: trick_winner(cards, state.trump),
                        shares[0] if shares else None)
    cross = state.estimates[seat]
    if cross is not None:
        aims = sorted({cross.top.number, cross.bottom.number})
        said += (f"; you have taken {count_of(state.tricks_won[seat], 'trick')}, your cross aims at "
                 f"{' or '.join(map(str, aims))}")
    return said


MODEL = WimmulnModel()
