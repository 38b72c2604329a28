"""The expert's model of Le Plateau: what it cannot see, how far it looks ahead, what it
weighs (see :mod:`plateau_lab.lab.expert`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from plateau_lab.core import NotReplayable, Play
from plateau_lab.core.imagining import GameModel, cards_seen_this_round, imagined, in_order, past_of

from .bots import HeuristicBot
from .cards import TRUMP, Card, sorted_cards
from .fast import play_on
from .actions import Discard, PickGroup
from .rules import BIDDING, HAND_OVER, PASSED_OUT, PLAY, led_suit, make_rules
from .scenario import scenario_text

__all__ = ["LePlateauModel", "voids_seen", "deal_around_voids", "DEAL_TRIES", "MODEL"]


class LePlateauModel(GameModel):
    """Le Plateau: hidden are the other hands, face-down pile cards (2 players), the talon and
    the discards (unless the seat may see them) and the won tricks before the last one. The cards
    a seat saw played this hand are out of play (in the won tricks, kept as they lie); a called
    partner keeps the called card until it is played; a declarer knows the cards he gave; a
    player who did not follow the suit led this hand holds none of it (nor trumps, if he did not
    trump either).

    Playouts (:meth:`outcome`) run the card play on the fast path, so the search is not guided:
    600 playouts take a few tenths of a second."""

    measure = "points this hand"
    playouts = 600
    #: The playouts run on the fast path: enough of them to trust the search over the heuristic bot.
    guided = False
    round_key = "hand_number"

    def done(self, start, state):

        return state.phase in (HAND_OVER, PASSED_OUT)

    def outcome(self, start, after, seat, seed):
        return self.result(start, after, seat, seed)[0]

    def result(self, start, after, seat, seed):
        """The bidding, exchange, partner call and raise by heuristic bots on the public engine (a
        few moves, whose random versions would bid absurdly), then the card play by random bots
        seeded from ``seed`` on the fast path (``le_plateau.fast.play_on``, one hand): the seat's
        points this hand, and whether its side won the hand (:meth:`won`)."""

        bots = [HeuristicBot(seed + other) for other in range(after.players)]
        state = after
        while state.phase not in (PLAY, HAND_OVER, PASSED_OUT):
            state = state.apply(bots[state.current_player].choose(state))
        end = state if state.phase != PLAY else play_on(state, [seed + other for other in range(state.players)],
                                                        rounds=1)
        return end.scores[seat] - start.scores[seat], self.won(start, end, seat)

    winning = "your side wins the hand"

    def won(self, start, end, seat):
        """Winning a hand of Le Plateau is being on the side that wins it: the declarer and his
        partners when they make the contract, the others when it fails. A hand passed out is won
        by the players then ahead of or level with everyone in the scores (the default). ``end``:
        the state at the hand's end, or the fast path's record (its last rows are this hand's)."""
        if hasattr(end, "rounds"):
            row = end.rounds[len(end.rounds) - start.players + seat] if end.rounds else None
            if row is None or row["passed_out"]:
                return super().won(start, end, seat)
            return row["made"] == (row["declarer"] or row["partner"])
        result = end.result
        if end.phase == PASSED_OUT or result is None:
            return super().won(start, end, seat)
        return result.won == (seat == result.declarer or seat in result.partners)

    def redeal(self, state, seat, seen, rng):

        observation = seen[-1]
        hidden = state.cards_hidden_from(seat)
        played = cards_seen_this_round(seen, "hand_number", ("trick", "last_trick"), Card) & hidden
        pool = in_order(hidden - played)
        rng.shuffle(pool)
        fixed: dict[int, list[Any]] = {other: [] for other in range(state.players)}
        for card, receiver in observation["gifts"]:
            if card != "hidden":
                fixed[receiver].append(card)
        if len(state.calls) == len(state.partners):
            for card, partner in zip(state.calls, state.partners):
                if card in pool and partner != seat:
                    pool.remove(card)
                    fixed[partner].append(card)
        hands = list(state.hands)
        needs = {other: len(hands[other]) - len(fixed[other]) for other in range(state.players) if other != seat}
        french = state.rules.french_excuse
        dealt_hands, pool = deal_around_voids(pool, needs, voids_seen(seen, french), rng, french_excuse=french)
        for other, cards in dealt_hands.items():
            # In the engine's order of a hand, so that the playouts are exactly the engine's games.
            hands[other] = sorted_cards(tuple(fixed[other]) + tuple(cards))
        piles = []
        for seat_piles, seen_piles in zip(state.piles, observation["piles"]):
            dealt = []
            for pile, as_seen in zip(seat_piles, seen_piles):
                faces = list(as_seen)
                for index, face in enumerate(faces):
                    if face == "hidden":
                        faces[index], pool = pool[0], pool[1:]
                dealt.append(tuple(faces))
            piles.append(tuple(dealt))
        talon, discards = state.talon, state.discards
        if isinstance(observation["talon"], int):
            talon, pool = tuple(pool[:len(talon)]), pool[len(talon):]
        if isinstance(observation["discards"], int):
            discards, pool = tuple(pool[:len(discards)]), pool[len(discards):]
        return imagined(state, seat, rng, hands=tuple(hands), piles=tuple(piles), talon=talon, discards=discards)

    def imagined_past(self, origin, world, seat):
        """The game's first hand as dealt with the imagined cards (each other hand with the cards it
        played since; the declarer's with his imagined discards, less the talon he took, which an
        imagined past takes to be the cards he discarded), as a scenario, and the moves since, the
        declarer's discards the imagined ones. Not yet written (NotReplayable): a later hand, whose
        scenario would need the earlier hands' results; a board laid out at random from the seed;
        6 players once the talon is handed out."""
        first, moves = past_of(origin)
        game = "this le_plateau position was imagined"
        if world.hand_number != 1 or first.phase != BIDDING or first.auction:
            raise NotReplayable(f"{game} in a later hand or a game set up past its deal: a scenario cannot yet "
                                "write the earlier hands' results, so it has no past or save of its own")
        if make_rules(world.setup).layout != world.rules.layout:
            raise NotReplayable(f"{game} on a board laid out at random from the seed, which the imagined deal's "
                                "new seed would lay out otherwise: it has no past or save of its own")
        if world.players == 6 and world.phase != BIDDING:
            raise NotReplayable(f"{game} after the 6-player talon was handed out, which a scenario cannot yet "
                                "write: it has no past or save of its own")
        past = origin.states()
        discarder = world.declarer if world.ex_declarer is None else world.ex_declarer
        imagined_discards = isinstance(world.observation(seat)["discards"], int) and bool(world.discards)
        own, discarded, picked = list(moves), 0, None
        cards = [list(hand) for hand in world.hands]
        for index, move in enumerate(moves):
            player = past[index].current_player
            if isinstance(move, Play) and move.card in past[index].hands[player]:
                cards[player].append(move.card)         # played from the hand, not from a 2-player pile
            elif isinstance(move, Discard) and imagined_discards:
                own[index] = Discard(world.discards[discarded])
                discarded += 1
            elif isinstance(move, PickGroup):
                picked = first.talon[:3] if move.group == 1 else first.talon[3:]
        talon = world.talon
        if world.contract is not None and world.contract.exchange and first.talon and not world.talon:
            talon = first.talon                         # the talon was taken: the seat's own, or groups seen
            if discarder != seat:
                cards[discarder] += world.discards
                if picked is None:                      # taken unseen: say it was the cards he discarded
                    talon = tuple([*world.discards, *sorted_cards(world.hands[discarder])][:len(first.talon)])
                for card in talon if picked is None else picked:
                    cards[discarder].remove(card)
        hands = tuple(first.hands[other] if other == seat else sorted_cards(tuple(cards[other]))
                      for other in range(world.players))
        piles = tuple(tuple(now + dealt[len(now):] for now, dealt in zip(seat_now, seat_dealt))
                      for seat_now, seat_dealt in zip(world.piles, first.piles))
        return scenario_text(first.derive(hands=hands, piles=piles, talon=talon)), own

    def odds(self, state, end):
        if state.contract is None or end.result is None or end.result.number != state.hand_number:
            return None
        return ("the declarers make the contract", ("declarers",), (end.result.won,))

    def odds_done(self, start, state):
        return self.done(start, state)


def voids_seen(seen: Sequence[dict[str, Any]], french_excuse: bool) -> dict[int, set[str]]:
    """The suits each player has shown to hold no more of this hand: a player who did not follow
    the suit led holds none of it, and none of the trumps either if he did not trump (the French
    Excuse may always be played: it shows nothing).

    >>> from plateau_lab.games.le_plateau import parse_card
    >>> trick = ((1, parse_card("RS")), (2, parse_card("5")), (3, parse_card("2H")))
    >>> voids = voids_seen([{"hand_number": 1, "trick": trick, "last_trick": ()}], False)
    >>> sorted(voids[2]), sorted(voids[3])
    (['S'], ['S', 'T'])
    """

    current = seen[-1]["hand_number"]
    voids: dict[int, set[str]] = {}
    for observation in reversed(seen):
        if observation["hand_number"] != current:
            break
        for trick in (observation["trick"], observation["last_trick"]):
            led = led_suit(tuple(card for _, card in trick), french_excuse=french_excuse)
            for player, card in trick:
                if led is None or card.suit == led or (french_excuse and card.is_excuse):
                    continue
                voids.setdefault(player, set()).add(led)
                if card.suit != TRUMP:
                    voids[player].add(TRUMP)
    return voids


def deal_around_voids(pool: list[Any], needs: dict[int, int], voids: dict[int, set[str]],
                      rng: random.Random, *, french_excuse: bool = False) -> tuple[dict[int, list[Any]], list[Any]]:
    """``needs[player]`` cards of the shuffled ``pool`` for each player, none of a suit he is void
    in (``voids``; the French Excuse fits anyone), the most constrained player served first; and
    the cards left over. When no such deal turns up in a few tries (very rare), the cards are
    dealt as they come.

    >>> from plateau_lab.games.le_plateau import parse_cards
    >>> dealt, rest = deal_around_voids(list(parse_cards("RS DS 5 2H")), {1: 2, 2: 1}, {1: {"S"}},
    ...                                 random.Random(1))
    >>> sorted(map(str, dealt[1])), len(dealt[2]) + len(rest)
    (['2H', '5'], 2)
    """
    order = sorted(needs, key=lambda player: (-len(voids.get(player, ())), player))
    for _ in range(DEAL_TRIES):
        rest, dealt = list(pool), {}
        for player in order:
            barred = voids.get(player, ())
            fits = [card for card in rest if card.suit not in barred or (french_excuse and card.is_excuse)]
            if len(fits) < needs[player]:
                break
            dealt[player] = fits[:needs[player]]
            taken = set(dealt[player])
            rest = [card for card in rest if card not in taken]
        else:
            return dealt, rest
        pool = list(pool)
        rng.shuffle(pool)
    rest, dealt = list(pool), {}
    for player in order:
        dealt[player], rest = rest[:needs[player]], rest[needs[player]:]
    return dealt, rest


#: How many shuffles :func:`deal_around_voids` tries before it deals as the cards come.
DEAL_TRIES = 20

MODEL = LePlateauModel()
