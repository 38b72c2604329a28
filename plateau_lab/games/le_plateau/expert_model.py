"""The expert's model of Le Plateau: what it cannot see, how far it looks ahead, what it
weighs (see :mod:`plateau_lab.lab.expert`)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from plateau_lab.core import Deal, NotReplayable, Play, count_of
from plateau_lab.core.imagining import (GameModel, cards_seen_this_round, chance_words, count_words, imagined, in_order,
                                        past_of, trick_reason, trick_stands)
from plateau_lab.hexboard import DECLARERS, OPPONENTS, distance

from .bots import HeuristicBot
from .bidding import SOLO
from .cards import SUIT_NAMES, TRUMP, Card, sorted_cards
from .fast import play_on
from .actions import Abdicate, Call, Discard, Give, Keep, MakeBid, Pass, PickGroup, Raise
from .rules import (BIDDING, GIVE, HAND_OVER, PASSED_OUT, PICK, PLAY, SUIT_CARDS_OF_RANK, led_suit, legal_plays,
                    trick_winner)
from .scenario import scenario_text
from .scoring import points_of

__all__ = ["LePlateauModel", "reasons", "trick_leader", "voids_seen", "places_known", "picked_group",
           "deal_around_voids", "deal_by_suits", "DEAL_TRIES", "OUT_OF_HANDS", "DISCARDED", "MODEL"]


class LePlateauModel(GameModel):
    """Le Plateau: hidden are the other hands, face-down pile cards (2 players), the talon and
    the discards (unless the seat may see them) and the won tricks before the last one. The cards
    a seat saw played this hand are out of play (in the won tricks, kept as they lie); what the
    partner calls and the 4-player talon pick told the table stays true (:func:`places_known`:
    a called partner keeps the called card until it is played, a card nobody held stays out of
    the hands, …); a declarer knows the cards he gave; a player who did not follow the suit led
    this hand holds none of it (nor trumps, if he did not trump either). Each imagined deal has a
    past of its own (:meth:`imagined_past`).

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
        return self._played_out(start, after, seat, seed)[:2]

    def judge(self, start, after, seat, seed):
        """:meth:`result`, and the facts a move's reason reads (:func:`reasons`): :meth:`tally`'s,
        then, from the same playout once the bidding, the exchange, the calls and the raises are
        done: whether the seat is the declarer, and whether the player the move gave a card to (6
        players, Exchange) plays on the seat's side."""
        points, won, settled = self._played_out(start, after, seat, seed)
        declares = settled.declarer == seat
        gift = after.gifts[-1][1] if start.phase == GIVE and after.gifts else None
        with_you = gift is not None and settled.declarer is not None and settled.team_of(gift) == settled.team_of(seat)
        return points, won, (*self.tally(start, after, seat), declares, with_you)

    def _played_out(self, start, after, seat, seed):
        """One playout (:meth:`result`): the seat's points, whether its side won, and the state once
        the hand's card play begins (or the hand was passed out)."""
        bots = [HeuristicBot(seed + other) for other in range(after.players)]
        state = after
        while state.phase not in (PLAY, HAND_OVER, PASSED_OUT):
            state = state.apply(bots[state.current_player].choose(state))
        end = state if state.phase != PLAY else play_on(state, [seed + other for other in range(state.players)],
                                                        rounds=1)
        return end.scores[seat] - start.scores[seat], self.won(start, end, seat), state

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
        voids = voids_seen(seen, state.rules.french_excuse)
        out_of_hands, discarded = [], []
        for card, place in places_known(state, seat, seen, voids):
            if card in pool:
                pool.remove(card)
                if place == OUT_OF_HANDS:
                    out_of_hands.append(card)
                elif place == DISCARDED or len(fixed[place]) == len(state.hands[place]):
                    discarded.append(card)          # a picked card his hand has no room for: discarded
                else:
                    fixed[place].append(card)
        hands = list(state.hands)
        needs = {other: len(hands[other]) - len(fixed[other]) for other in range(state.players) if other != seat}
        french = state.rules.french_excuse
        dealt_hands, pool = deal_around_voids(pool, needs, voids, rng, french_excuse=french)
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
        pool = out_of_hands + pool
        if isinstance(observation["talon"], int):
            talon, pool = tuple(pool[:len(talon)]), pool[len(talon):]
        if isinstance(observation["discards"], int):
            pool = discarded + pool
            discards, pool = tuple(pool[:len(discards)]), pool[len(discards):]
        gifts = imagined_gifts(state, seat, seen, hands)
        return imagined(state, seat, rng, hands=tuple(hands), piles=tuple(piles), talon=talon, discards=discards,
                        gifts=gifts)

    def imagined_past(self, origin, world, seat):
        """The current hand as dealt with the imagined cards, as a scenario (with the earlier hands'
        results and a random board's layout), and the moves since. Each other hand is dealt what it
        holds now and the cards it played since, less what the exchange gave it: the declarer's
        talon, a 6-player gift or talon card (an imagined past takes these from the cards the
        player holds now or played, unless the seat saw them); a declarer who discarded unseen is
        taken to have taken the cards he discarded, the discard moves naming the imagined ones.
        Not written (NotReplayable): a game set up past the hand's deal (a scenario in the middle of
        the hand, or with its bid), whose imagined start the scenario cannot write."""
        everything, (_, all_moves) = origin.states(), past_of(origin)
        start = next(index for index, state in enumerate(everything) if state.hand_number == world.hand_number)
        first, moves, past = everything[start], all_moves[start:], everything[start:]
        if first.phase != BIDDING or first.auction:
            raise NotReplayable("this le_plateau position was imagined in a game set up past its hand's deal (a "
                                "scenario in the middle of the hand, or with its bid), whose start with the "
                                "imagined cards a scenario cannot write: it has no past or save of its own")
        own = list(moves)
        cards = [list(hand) for hand in world.hands]    # each hand with the cards it played since, for now
        for index, move in enumerate(moves):
            player = past[index].current_player
            if isinstance(move, Play) and move.card in past[index].hands[player]:
                cards[player].append(move.card)         # played from the hand, not from a 2-player pile
        if world.players == 6:
            talon = _six_player_exchange(first, world, seat, moves, own, cards)
        else:
            talon = _talon_taken(first, world, seat, moves, own, cards)
        hands = tuple(first.hands[other] if other == seat else sorted_cards(tuple(cards[other]))
                      for other in range(world.players))
        piles = tuple(tuple(now + dealt[len(now):] for now, dealt in zip(seat_now, seat_dealt))
                      for seat_now, seat_dealt in zip(world.piles, first.piles))
        return scenario_text(first.derive(hands=hands, piles=piles, talon=talon)), own

    def tally(self, start, after, seat):
        """Whether the seat's card, just played, leads the trick and no one still to play to it can
        beat it in this imagined deal (:func:`~plateau_lab.core.imagining.trick_stands`; not
        counted with 2 players, whose piles play too)."""
        if after.phase != PLAY or after.players == 2:
            return (False,)
        french = after.rules.french_excuse
        return (trick_stands(after.trick, after.players, after.hands,
                             lambda hand, trick: legal_plays(hand, tuple(card for _, card in trick), french_excuse=french),
                             lambda trick: trick_leader(trick, french)),)

    def reason(self, state, seat, action, shares):
        return reasons(state, seat, action, shares)

    def odds(self, state, end):
        if state.contract is None or end.result is None or end.result.number != state.hand_number:
            return None
        return ("the declarers make the contract", ("declarers",), (end.result.won,))

    def odds_done(self, start, state):
        return self.done(start, state)


def _talon_taken(first, world, seat: int, moves, own: list, cards: list[list[Card]]) -> tuple[Card, ...]:
    """2 to 5 players: the imagined talon as dealt, taking the declarer's cards (``cards``, those he
    holds now and played) back to his hand as dealt and naming his imagined discards in ``own``.
    The talon the seat saw (its own, or the 4-player groups picked face up) is the real one; one
    taken unseen is taken to be the cards he discarded."""
    discarder = world.declarer if world.ex_declarer is None else world.ex_declarer
    imagined_discards = isinstance(world.observation(seat)["discards"], int) and bool(world.discards)
    discarded, picked = 0, None
    for index, move in enumerate(moves):
        if isinstance(move, Discard) and imagined_discards:
            own[index] = Discard(world.discards[discarded])
            discarded += 1
        elif isinstance(move, PickGroup):
            picked = first.talon[:3] if move.group == 1 else first.talon[3:]
    talon = world.talon
    if world.contract is not None and world.contract.exchange and first.talon and not world.talon:
        talon = first.talon                             # the talon was taken: the seat's own, or groups seen
        if discarder != seat:
            cards[discarder] += world.discards
            if picked is None:                          # taken unseen: say it was the cards he discarded
                talon = tuple([*world.discards, *sorted_cards(world.hands[discarder])][:len(first.talon)])
            for card in talon if picked is None else picked:
                cards[discarder].remove(card)
    return talon


def _six_player_exchange(first, world, seat: int, moves, own: list, cards: list[list[Card]]) -> tuple[Card, ...]:
    """6 players: the imagined talon as dealt, once the exchange has handed it out, taking each
    card it gave back from the hand (``cards``) of the player who got it, and naming the
    declarer's imagined gifts in ``own``. With No Exchange "the dealer deals the talon" one card
    each from forehand on; with Exchange the declarer takes 3, gives 1 card to 2 players and deals
    the other 3 to the players still holding 12 cards. What the seat saw (its own talon card or
    gift; the declarer his 3 cards and his gifts) is the real card; any other is taken to be the
    lowest card of the player's hand as dealt (the exchange gave each one card, which nobody else
    saw), the declarer's 3 the cards he gave and his lowest."""
    if world.contract is None:
        return world.talon                              # not handed out yet (or a passed hand): as it lies
    declarer = world.declarer

    def take(player: int, card: Card | None = None) -> Card:
        """The talon card or gift ``player`` got, taken from his hand as dealt: ``card`` (the seat's
        own, or a gift), else his lowest."""
        if player == seat:
            return card
        card = sorted_cards(tuple(cards[player]))[-1] if card is None else card
        cards[player].remove(card)
        return card

    if not world.contract.exchange:
        order = [(first.dealer + step) % 6 for step in range(1, 7)]
        return tuple(take(player, first.talon[index] if player == seat else None)
                     for index, player in enumerate(order))
    talon, gifts, receivers = [*first.talon[:3], *world.talon], [], []
    for index, move in enumerate(moves):
        if isinstance(move, Give):                      # the gift as the imagined deal has it
            card, receiver = world.gifts[len(gifts)]
            gifts.append(take(receiver, card))
            receivers.append(receiver)
            own[index] = Give(card, receiver)
    if len(gifts) == 2:                                 # the rest of the talon dealt
        short = [(declarer + step) % 6 for step in range(1, 6) if (declarer + step) % 6 not in receivers]
        talon[3:] = [take(player, first.talon[3 + index] if player == seat else None)
                     for index, player in enumerate(short)]
    if declarer != seat:
        held = sorted_cards(tuple(cards[declarer]))
        talon[:3] = [*gifts, *reversed(held)][:3]
        for card in talon[:3]:
            if card in cards[declarer]:
                cards[declarer].remove(card)
    return tuple(talon)


def imagined_gifts(state, seat: int, seen: Sequence[dict[str, Any]], hands) -> tuple[tuple[Card, int], ...]:
    """6 players, Exchange: the declarer's gifts in a deal ``seat`` imagined with ``hands``. The
    seat saw the cards it gave (the declarer) or got; any other gift is taken to be the lowest card
    its receiver holds in ``hands`` or played this hand (he got one card, which nobody else saw).

    >>> from plateau_lab.games.le_plateau import new_game
    >>> state = new_game(6, seed=1)
    >>> imagined_gifts(state, 0, [state.observation(0)], state.hands)      # nobody gave anything yet
    ()
    """
    if seat == state.declarer or not state.gifts:
        return state.gifts
    by_whom = _played_this_hand(seen)
    played = {player: [card for card, by in by_whom.items() if by == player] for _, player in state.gifts}
    return tuple((card, to) if to == seat else (sorted_cards(tuple(hands[to]) + tuple(played[to]))[-1], to)
                 for card, to in state.gifts)


def _played_this_hand(seen: Sequence[dict[str, Any]]) -> dict[Card, int]:
    """Each card seen played this hand and who played it."""
    current, played = seen[-1]["hand_number"], {}
    for observation in reversed(seen):
        if observation["hand_number"] != current:
            break
        for trick in (observation["trick"], observation["last_trick"]):
            played.update((card, player) for player, card in trick)
    return played


#: Where :func:`places_known` puts a card: in no hand (the talon or the discards) …
OUT_OF_HANDS = "out of the hands"
#: … or among the declarer's discards.
DISCARDED = "discarded"


def places_known(state, seat: int, seen: Sequence[dict[str, Any]], voids: dict[int, set[str]]
                 ) -> Iterator[tuple[Card, int | str]]:
    """Where the cards the partner calls and the 4-player talon pick placed lie, as everyone at the
    table knows: (card, place), the place a seat, :data:`OUT_OF_HANDS` or :data:`DISCARDED`.

    - A called card is held by the player who joined the declarer's team with it (or who already
      was a partner); one that "nobody holds" lies in the talon or the discards.
    - The declarer (the one who called: after an abdication, the ex-declarer) "announces the
      highest non-trump card he does not hold", so he held every card ranked above each card he
      called (but those called before it), and holds it still unless he played it.
    - 4 players, full deck: the talon group the declarer picked face up went to his hand; a card
      of a suit he has since shown to lack was among his discards (the redeal discards too a
      picked card his hand, as it is now, has no room for beside the cards named before).

    A card may be named twice (the first place counts); the cards played or seen are named too
    (the redeal skips them). The places hold in ``state``, so an imagined deal that keeps them
    replays the calls (legal, and the same partners) and the pick.

    >>> from plateau_lab.games.le_plateau import scenario
    >>> state = scenario("players: 4\\nbid: 0 No Exchange Y Duo", seed=3)
    >>> state = state.apply(state.legal_actions()[0])       # the declarer calls a king
    >>> [(str(card), place) for card, place in places_known(state, 1, [state.observation(1)], {})][:1] == [
    ...     (str(state.calls[0]), state.partners[0] if state.partners else OUT_OF_HANDS)]
    True
    """
    caller = state.declarer if state.ex_declarer is None else state.ex_declarer
    for card in state.calls:
        yield card, next((holder for holder, hand in enumerate(state.hands) if card in hand), OUT_OF_HANDS)
    for index, card in enumerate(state.calls):
        for higher in range(card.rank + 1, 15):
            for held in SUIT_CARDS_OF_RANK[higher]:
                if held in state.rules.deck_set and held not in state.calls[:index]:
                    yield held, caller
    for card in picked_group(seen):
        yield card, DISCARDED if card.suit in voids.get(caller, ()) else caller


def picked_group(seen: Sequence[dict[str, Any]]) -> tuple[Card, ...]:
    """4 players, full deck: the talon group the declarer picked this hand (both lay face up while
    he chose; the other is set aside), or () if none was picked.

    >>> from plateau_lab.games.le_plateau import parse_cards
    >>> talon = parse_cards("1 2 3 4 5 6")
    >>> picked_group([{"hand_number": 1, "phase": "pick a talon group", "talon": talon, "set_aside": ()},
    ...               {"hand_number": 1, "phase": "discard", "talon": 0, "set_aside": talon[3:]}])
    (Card('1'), Card('2'), Card('3'))
    """
    current = seen[-1]
    if not current["set_aside"]:
        return ()
    shown = next(observation["talon"] for observation in reversed(seen)
                 if observation["hand_number"] == current["hand_number"] and observation["phase"] == PICK)
    return tuple(card for card in shown if card not in current["set_aside"])


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
    the cards left over. When no such deal turns up in a few shuffles (rare: a suit that only one
    player may hold), :func:`deal_by_suits` finds how many cards of each suit each player gets.

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
    return deal_by_suits(pool, needs, voids, french_excuse=french_excuse)


def deal_by_suits(pool: list[Any], needs: dict[int, int], voids: dict[int, set[str]], *,
                  french_excuse: bool = False) -> tuple[dict[int, list[Any]], list[Any]]:
    """The deal of :func:`deal_around_voids` worked out instead of drawn: how many cards of each
    suit each player gets (the most the suits allow, by augmenting paths from suits to players),
    then those cards in the pool's order; and the cards left over. A deal the voids allow is
    always found when there is one (the real deal is one); otherwise the cards that fit nobody
    are dealt as they come.

    >>> from plateau_lab.games.le_plateau import parse_cards
    >>> pool = list(parse_cards("2C 3C 5 RH DH 4C"))
    >>> dealt, rest = deal_by_suits(pool, {1: 3, 2: 3}, {2: {"C"}})
    >>> [" ".join(map(str, dealt[player])) for player in (1, 2)], rest
    (['2C 3C 4C', '5 RH DH'], [])
    """
    kind_of = {card: "excuse" if french_excuse and card.is_excuse else card.suit for card in pool}
    supply = {kind: sum(1 for card in pool if kind_of[card] == kind) for kind in dict.fromkeys(kind_of.values())}
    given = {(kind, player): 0 for kind in supply for player in needs}

    def fits(kind: str, player: int) -> bool:
        return kind == "excuse" or kind not in voids.get(player, ())

    def one_more(player: int, tried: set[int]) -> bool:
        """Give ``player`` one more card: a free one of a suit he may hold, or one taken from
        another player who gets one more of another suit instead (an augmenting path)."""
        tried.add(player)
        for kind in supply:
            if fits(kind, player) and supply[kind] > sum(given[kind, other] for other in needs):
                given[kind, player] += 1
                return True
        for kind in supply:
            if not fits(kind, player):
                continue
            for other in needs:
                if other not in tried and given[kind, other] and one_more(other, tried):
                    given[kind, other] -= 1
                    given[kind, player] += 1
                    return True
        return False

    for player in needs:
        for _ in range(needs[player]):
            one_more(player, set())
    rest, dealt = list(pool), {}
    for player in needs:
        dealt[player] = []
        for kind in supply:
            dealt[player] += [card for card in rest if kind_of[card] == kind][:given[kind, player]]
        taken = set(dealt[player])
        rest = [card for card in rest if card not in taken]
    for player in needs:                    # no deal the voids allow (never with a real game's deal)
        short = needs[player] - len(dealt[player])
        dealt[player], rest = dealt[player] + rest[:short], rest[short:]
    return dealt, rest


#: How many shuffles :func:`deal_around_voids` tries before it deals as the cards come.
DEAL_TRIES = 20

#: The last board and objective asked about, and the answer (a search): the moves of one decision share it.
_NEEDED: list[Any] = [None, None, None]


def _needed(state):
    """The fewest free spaces the declarers' objective still needs on the board (public), and one
    such set of spaces; None when it can no longer be made."""
    board, objective = state.board, state.contract.objective
    if _NEEDED[0] is not board or _NEEDED[1] is not objective:
        _NEEDED[:] = [board, objective, distance(board, DECLARERS, objective)]
    return _NEEDED[2]


@lru_cache(maxsize=512)
def _spaces_needed(board, objective, lost: frozenset = frozenset()) -> int | None:
    """How many free spaces the declarers' ``objective`` needs at least on ``board`` once the
    opponents hold the spaces ``lost`` too (a discarded card's, a talon group's set aside); None
    when it can no longer be made."""
    for cell in lost:
        if cell not in board.counters:
            board = board.place(cell, OPPONENTS)
    found = distance(board, DECLARERS, objective)
    return None if found is None else found[0]


def reasons(state, seat, action, shares=()) -> str:
    """What a move of Le Plateau does, in the game's words, from what ``seat`` sees (its hand, its
    own discards and gifts, the board, the bids and the cards face up), never naming a card it
    cannot see. Players are named by seat, never as partners (a called partner may not be known
    yet).

    - a bid or a pass: the trumps in the seat's hand; a bid, how often the seat ends up the declarer
      (from ``shares``: :meth:`LePlateauModel.judge`); a pass, what it leaves of the bidding;
    - a talon group picked (4 players, full deck): what the group brings to the hand, and the
      spaces of the group set aside, which the opponents take now;
    - a discard, or a card given (6 players): the suit it shortens or empties (an empty suit may be
      trumped), whether it gives up a card no other card of its kind can beat, and its space on
      the board (a discarded card never comes up in a trick: the opponents take its space after
      the last trick); a card given, whether its receiver may be called as the partner and how
      often he ends up on the seat's side (from ``shares``);
    - a call: who becomes the partner, or why nobody will;
    - keeping or raising the objective, abdicating: what the contract is then worth to the seat;
    - a card played: what it does to the trick (how often no one after it could beat it, from
      ``shares``: :meth:`LePlateauModel.tally`), whether it brings a space the declarers'
      formation needs, and how many spaces it still needs;
    - dealing: which hand starts and who bids first.

    >>> from plateau_lab.games import le_plateau
    >>> state = le_plateau.new_game(4, seed=3)
    >>> reasons(state, state.current_player, state.legal_actions()[0])           # doctest: +ELLIPSIS
    'passes, with ... in your hand: you cannot bid again this hand'
    >>> state = le_plateau.scenario("players: 3\\nhand 0: 21 20 3 2 RS DS 10S RH DH CH VH RC 10D\\n"
    ...                             "talon: 19 VS 10H\\nbid: 0 Exchange Y")
    >>> reasons(state, 0, le_plateau.parse_action("discard 10D"))
    'discards the 10 of diamonds face down: leaves you no diamonds, so you can trump when diamonds are led'
    """
    for kind, say in _SAYERS:
        if isinstance(action, kind):
            return say(state, seat, action, shares)
    return ""


def _bid_or_pass(state, seat, action, shares) -> str:
    """The trumps in the seat's hand and, for a bid, how often the seat ends up the declarer in the
    imagined deals (the others bidding on as the steady bot would: :meth:`LePlateauModel.judge`)."""
    trumps = sum(card.suit == TRUMP for card in state.hands[seat])
    verb = "passes" if isinstance(action, Pass) else f"bids to make a {action.bid.objective}"
    said = f"{verb}, with {count_words(trumps, 'trump')} in your hand"
    if isinstance(action, MakeBid):
        return said + (f": you end up the declarer {chance_words(shares[1])}" if len(shares) > 1 else "")
    high, others_passed = state.high_bid, len(state.passed)
    if high is None and others_passed == state.players - 1:
        return f"{said}: nobody has bid, so the hand is passed out"
    if high is not None and others_passed == state.players - 2:
        return f"{said}: player {high[0]} then declares {high[1]}"
    return f"{said}: you cannot bid again this hand"


def _pick(state, seat, action, shares) -> str:
    """4 players, full deck: both talon groups lie face up; the one picked joins the hand, the
    other is set aside and the opponents take its cards' spaces."""
    picked, other = (state.talon[:3], state.talon[3:]) if action.group == 1 else (state.talon[3:], state.talon[:3])
    trumps = sum(card.suit == TRUMP for card in state.hands[seat] + picked)
    said = (f"takes {_card_list(picked)} into your hand ({_strength(picked)}): you then hold "
            f"{count_words(trumps, 'trump')}")
    cells = _cells_of(state, other)
    if not cells:
        return f"{said}; no card of group {3 - action.group}, set aside, has a space on the board"
    spaces = " and ".join(state.rules.layout[cell] for cell in cells)
    said += f"; the opponents take the {'space' if len(cells) == 1 else 'spaces'} {spaces} of group {3 - action.group}"
    return f"{said}, {_objective_then(state, cells)}"


def _discard(state, seat, action, shares) -> str:
    card = action.card
    said = [f"discards {_the(card)} face down: {_what_it_leaves(state, seat, card)}"]
    if _unbeatable(state, seat, card):
        said.append(f"it gives up {_unbeatable_words(card)}")
    cells = _cells_of(state, (card,))
    if cells:
        said.append(f"its space {state.rules.layout[cells[0]]} never comes up in a trick: the opponents take it "
                    f"after the last trick, {_objective_then(state, cells)}")
    return "; ".join(said)


def _give(state, seat, action, shares) -> str:
    """6 players, Exchange: the card goes face down to a player whose side is not known yet."""
    card, to = action.card, action.to
    said = [f"gives {_the(card)} face down to player {to}: {_what_it_leaves(state, seat, card)}"]
    if _unbeatable(state, seat, card, mine_too=False):
        said.append(f"player {to} gets {_unbeatable_words(card)}, and may turn out to play against you")
    if state.contract.team != SOLO and card.rank == 14 and card.suit != TRUMP:     # a king given is always callable
        said.append(f"you may then call it, and player {to} becomes your partner")
    if len(shares) > 2:
        said.append(f"player {to} ends up on your side {chance_words(shares[2])}")
    cells = _cells_of(state, (card,))
    if cells:
        said.append(f"its space {state.rules.layout[cells[0]]} goes to the side that wins the trick it is played to")
    return "; ".join(said)


def _call(state, seat, action, shares) -> str:
    """Who plays on the seat's side once the card is called, as far as the seat knows: the card may
    lie where nobody holds it (its own discards, the group set aside, the talon face down)."""
    card, discarder = action.card, state.declarer if state.ex_declarer is None else state.ex_declarer
    name = SUIT_NAMES[card.suit]
    held = sum(other.suit == card.suit for other in state.hands[seat])
    yours = f"you hold {count_words(held, name[:-1], name)}"
    if seat == discarder and card in state.discards:
        return f"you discarded the {card.describe()}: nobody holds it, so you call again; {yours}"
    if card in state.set_aside:
        return f"the {card.describe()} lies set aside: nobody holds it, so you call again; {yours}"
    given = next((to for given, to in state.gifts if given == card and card in state.hands[to]), None)
    if seat == state.declarer and given is not None:
        return f"player {given}, to whom you gave the {card.describe()}, plays on your side; {yours}"
    said = f"whoever holds the {card.describe()} plays on your side"
    if state.talon and not state.contract.exchange:
        said += " (if it lies in the talon, nobody does and you call again)"
    return f"{said}; {yours}"


def _raise(state, seat, action, shares) -> str:
    contract = state.contract.raised_to(action.objective)
    was, now = state.rules.value(state.contract), state.rules.value(contract)
    return (f"raises the declarers' objective to a {action.objective}: the bid is worth {now} instead of {was}; "
            f"{_stakes(state, seat, contract, state.declarer, state.partners)}; "
            f"{_fewest_spaces(state, action.objective)}")


def _keep(state, seat, action, shares) -> str:
    objective = state.contract.objective
    return (f"keeps the declarers' objective at a {objective}, worth {state.rules.value(state.contract)}; "
            f"{_stakes(state, seat, state.contract, state.declarer, state.partners)}; "
            f"{_fewest_spaces(state, objective)}")


def _abdicate(state, seat, action, shares) -> str:
    """5 players, counter-sabotage: the partner who raised becomes the declarer."""
    new = state.partners[0]
    return (f"hands the declarer's role to player {new}, who raised, and you play on as the partner: "
            f"{_stakes(state, seat, state.contract, new, (seat,))}; "
            f"{_stakes(state, seat, state.contract, new, (seat,), player=new)}")


def _play(state, seat, action, shares) -> str:
    if state.phase != PLAY:
        return ""
    french = state.rules.french_excuse
    trick = (*state.trick, (seat, action.card))
    if trick_leader(trick, french) is None:
        said = "leads the Excuse, which takes no trick: the next card played sets the suit to follow"
    else:
        said = trick_reason(trick, seat, state.players, lambda cards: trick_leader(cards, french),
                            shares[0] if shares and state.players != 2 else None)
    if french and action.card.is_excuse and len(trick) > 1:
        said += "; the Excuse takes no trick"
    needed = _needed(state)
    objective = state.contract.objective
    if needed is None:
        return f"{said}; the declarers can no longer make their {objective}"
    count, cells = needed
    token = getattr(action.card, "token", None)
    if token and state.rules.cell_of_token.get(token) in cells:
        said += f"; it brings a space the declarers' {objective} needs to the trick"
    return f"{said}; the declarers' {objective} still needs {count_words(count, 'space')}"


def trick_leader(trick, french_excuse: bool) -> int | None:
    """The seat ahead in ``trick`` so far ((seat, card) pairs), or None when no card in it can take
    it: with the French Excuse, the Excuse led alone ("You can never win a trick by playing the
    excuse").

    >>> from plateau_lab.games.le_plateau import parse_card
    >>> excuse, king = parse_card("EXC"), parse_card("RS")
    >>> trick_leader(((2, excuse),), True), trick_leader(((2, excuse), (3, king)), True)
    (None, 3)
    >>> trick_leader(((2, excuse),), False)                 # the rulebook's Excuse: the highest trump
    2
    """
    if french_excuse and all(card.is_excuse for _, card in trick):
        return None
    return trick_winner(trick, french_excuse=french_excuse)


def _deal(state, seat, action, shares) -> str:
    dealer = (state.dealer + 1) % state.players
    return (f"deals hand {state.hand_number + 1} of {state.rules.hands_in_game}: player "
            f"{(dealer + 1) % state.players} bids first")


_SAYERS = ((MakeBid, _bid_or_pass), (Pass, _bid_or_pass), (PickGroup, _pick), (Discard, _discard), (Give, _give),
           (Call, _call), (Raise, _raise), (Keep, _keep), (Abdicate, _abdicate), (Play, _play), (Deal, _deal))


def _card_list(cards) -> str:
    """Cards by their text, "21, RS and 7H"."""
    names = [str(card) for card in cards]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _strength(cards) -> str:
    """What a few cards bring to take tricks: "two trumps and one king", "no trump and no king"."""
    trumps = sum(card.suit == TRUMP for card in cards)
    kings = sum(card.suit != TRUMP and card.rank == 14 for card in cards)
    return f"{count_words(trumps, 'trump')} and {count_words(kings, 'king')}"


def _what_it_leaves(state, seat: int, card: Card) -> str:
    """The suit ``card`` leaves the seat's cards (its hand; with 2 players the face-up pile cards
    too, which it plays like its hand) with, once it is gone."""
    rest = [held for held in state.playable(seat) if held != card]
    if card.suit == TRUMP:
        left = sum(held.suit == TRUMP for held in rest)
        return f"you keep {count_words(left, 'trump')}"
    name = SUIT_NAMES[card.suit]
    left = sum(held.suit == card.suit for held in rest)
    if left:
        return f"leaves you {count_words(left, name[:-1], name)}"
    later = " (unless a pile turns one up)" if state.players == 2 else ""
    return f"leaves you no {name}, so you can trump when {name} are led{later}"


def _unbeatable(state, seat: int, card: Card, *, mine_too: bool = True) -> bool:
    """Whether no other player can beat ``card`` with a card of its suit (a trump: with any card):
    every card of the deck above it is out of play as the seat knows (among its own discards, or
    set aside face up) or, with ``mine_too``, the seat's own (in its hand or face up on its
    piles). The Excuse of the French tarot variant takes no trick."""
    if state.rules.french_excuse and card.is_excuse:
        return False
    discarder = state.declarer if state.ex_declarer is None else state.ex_declarer
    known = set(state.set_aside) | (set(state.discards) if seat == discarder else set())
    if mine_too:
        known |= set(state.playable(seat))
    top = 14 if card.suit != TRUMP else (21 if state.rules.french_excuse else 22)
    above = (Card(card.suit, rank) for rank in range(card.rank + 1, top + 1))
    return all(higher in known or higher not in state.rules.deck_set for higher in above)


def _unbeatable_words(card: Card) -> str:
    if card.is_excuse:
        return "the Excuse, which no card can beat"
    if card.suit == TRUMP:
        return "a trump no other player's card can beat"
    kind = SUIT_NAMES[card.suit][:-1]
    return f"a {kind} no other player's {kind} can beat"


def _cells_of(state, cards) -> list:
    """The free spaces of the board that ``cards`` have (trumps, the Excuse and court cards on
    this board's layout), in the cards' order."""
    cells = [state.rules.cell_of_token.get(card.token) for card in cards if card.token]
    return [cell for cell in cells if cell is not None and cell not in state.board.counters]


def _objective_then(state, cells) -> str:
    """What the opponents taking the spaces ``cells`` does to the declarers' objective."""
    objective = state.contract.objective
    before = _spaces_needed(state.board, objective)
    after = _spaces_needed(state.board, objective, frozenset(cells))
    whose = f"the declarers' {objective}"
    if after is None:
        return f"and {whose} can no longer be made"
    if before is not None and after > before:
        return (f"and {whose} then needs at least {count_words(after, 'space')} instead of "
                f"{count_words(before, 'space')}")
    return f"and {whose} still needs at least {count_words(after, 'space')}, as before"


def _fewest_spaces(state, objective) -> str:
    """The fewest spaces ``objective`` needs on the board as it lies."""
    needed = _spaces_needed(state.board, objective)
    if needed is None:
        return f"a {objective} can no longer be made on this board"
    return f"a {objective} needs at least {count_words(needed, 'space')} of this board"


def _stakes(state, seat: int, contract, declarer: int, partners: tuple[int, ...], player: int | None = None) -> str:
    """What ``contract`` is worth to ``player`` (default: the seat, "you") when the declarers make
    it and when they do not.

    >>> from plateau_lab.games import le_plateau
    >>> state = le_plateau.scenario("players: 4\\nbid: 0 No Exchange Y Solo", seed=1)
    >>> state.value, _stakes(state, 0, state.contract, 0, ())         # Solo, 4 players: 3 × the value
    (9, 'if your side makes it you win 27 points, if not you lose 27 points')
    >>> _stakes(state, 0, state.contract, 0, (), player=1)
    'if your side makes it player 1 loses 9 points, if not player 1 wins 9 points'
    """
    player = seat if player is None else player
    who, ending = ("you", "") if player == seat else (f"player {player}", "s")
    value = state.rules.value(contract)

    def said(won: bool) -> str:
        points = points_of(state.rules, declarer=declarer, partners=partners, value=value, won=won)[player]
        if not points:
            return f"{who} score{ending} nothing"
        return f"{who} {'win' if points > 0 else 'lose'}{ending} {count_of(abs(points), 'point')}"

    return f"if your side makes it {said(True)}, if not {said(False)}"


def _the(card: Card) -> str:
    """The card in words with its article: "the king of spades", "the Excuse"."""
    said = card.describe()
    return said if said.startswith("the ") else f"the {said}"


MODEL = LePlateauModel()
