"""The expert's model of Le Plateau: what it cannot see, how far it looks ahead, what it
weighs (see :mod:`plateau_lab.lab.expert`); the reason it gives for a move is :mod:`.reasons`."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from plateau_lab.core import NotReplayable, Play
from plateau_lab.core.imagining import GameModel, cards_seen_this_round, imagined, in_order, past_of, trick_stands

from .actions import Discard, Give, PickGroup
from .bots import HeuristicBot
from .cards import TRUMP, Card, sorted_cards
from .fast import play_on
from .reasons import reasons, trick_leader
from .rules import BIDDING, GIVE, HAND_OVER, PASSED_OUT, PICK, PLAY, SUIT_CARDS_OF_RANK, led_suit, legal_plays
from .scenario import scenario_text

__all__ = ["LePlateauModel", "voids_seen", "places_known", "picked_group",
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


MODEL = LePlateauModel()
