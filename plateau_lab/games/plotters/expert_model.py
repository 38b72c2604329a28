"""The expert's model of Plotters Inc.: what it cannot see, how far it looks ahead, what it
weighs (see :mod:`plateau_lab.lab.expert`).

A playout goes to the end of the round, with the heuristic bots playing every seat on the fast
path (``fast.play_on``: the very moves ``HeuristicBot`` makes on the public engine).
The outcome is the seat's round score ahead of the others' average, since every card one player
takes is a card another does not get.

Why the whole round: a move's worth shows in the colours a player can still collect, not in the
trick it is played to. Playouts that stopped at the end of the trick (as the expert's first
version did) valued the moves almost without noise, so a few playouts already found their best,
and more thinking changed nothing; but that best was the best over the round in fewer than half
of the positions measured. Over the round the outcome is noisy (a whole round of imagined cards),
so thinking longer pays.
"""

from __future__ import annotations

from collections import Counter

from plateau_lab.core import NotReplayable
from plateau_lab.core.imagining import (GameModel, cards_seen_this_round, chance_words, count_words, imagined,
                                        in_order, past_of, split_into)

from .bots import HeuristicBot
from .cards import Card, Deal, Keep, Play, Take
from .engine import GAME_OVER, PLAY_PHASE, ROUND_OVER, is_blocked, trick_colours
from .fast import play_on
from .scenario import scenario, scenario_text

__all__ = ["PlottersModel", "ahead", "reasons", "stays_high", "MODEL"]


#: How many shuffles may be tried to deal the player to move (not the seat) a card he may play.
DEAL_ATTEMPTS = 50


#: Where an observation shows cards face up (or in the seat's hand) this round.
SEEN_KEYS = ("trick", "stacks", "hand")


def _extends(seen, last, count) -> bool:
    """Whether the observations ``seen`` continue, in the same round, ones whose ``count``-th and
    last was ``last`` (as a review's next decision does): then only the new ones need reading."""
    return len(seen) > count and seen[count - 1] is last and seen[-1]["round"] == last["round"]


class PlottersModel(GameModel):
    """Plotters Inc.: hidden are the other hands and the face-down piles (discards, worthless
    cards). The cards a seat saw in the tricks and stacks of this round that are no longer on the
    table lie in those piles; the rest of the unseen cards are dealt to the other hands.

    >>> from plateau_lab.games import plotters
    >>> from plateau_lab.lab.expert import ExpertBot
    >>> state = plotters.new_game(4, seed=3)
    >>> state.apply(ExpertBot(seed=1, playouts=20).choose(state)).phase
    'play'
    """

    measure = "score at the end of this round, ahead of the others' average"
    playouts = 200
    guided = False
    round_key = "round"
    _last_seen = None

    def done(self, start, state):

        return state.phase in (ROUND_OVER, GAME_OVER)

    def value(self, start, end, seat):
        return ahead(end.round_scores[-1], seat)

    def outcome(self, start, after, seat, seed):
        return self.result(start, after, seat, seed)[0]

    #: Winning here (:meth:`won`, by default): a score ahead of or level with every other player's.
    winning = "you lead at the end of this round"

    def result(self, start, after, seat, seed):

        if self.done(start, after):
            return self.value(start, after, seat), self.won(start, after, seat)
        record = play_on(after, [seed + other for other in range(after.players)], bots=["heuristic"] * after.players,
                         rounds=1)
        return ahead([row["round_score"] for row in record.rounds], seat), self.won(start, record, seat)

    def tally(self, start, after, seat):
        """Whether the seat's card, just played, is High and no one still to play to the trick holds
        a higher card of the led colour in this imagined deal (:func:`stays_high`)."""
        return (stays_high(after.trick, after.players, after.hands, seat),)

    def reason(self, state, seat, action, shares):
        return reasons(state, seat, action, shares)

    def playout_bots(self, state, seed):

        return [HeuristicBot(seed + seat) for seat in range(state.players)]

    def _seen_this_round(self, seen, card_type):
        """The cards that lay face up in this round's tricks and stacks, or in the seat's hand (its
        last cards, worthless at the round's end), worked out once for the observations ``seen``
        (a search redeals from the same ones many times; a review's next decision in the round reads
        only the observations since)."""
        last = self._last_seen
        if last is not None and last[0] is seen and last[1] == len(seen):
            return last[2]
        if last is not None and _extends(seen, last[3], last[1]):  # a later decision of the same round
            found = last[2] | cards_seen_this_round(seen[last[1]:], "round", SEEN_KEYS, card_type)
        else:
            found = cards_seen_this_round(seen, "round", SEEN_KEYS, card_type)
        self._last_seen = (seen, len(seen), found, seen[-1])
        return found

    def redeal(self, state, seat, seen, rng):
        """The unseen cards dealt anew to the other hands (and to any pile slot a scenario filled
        unseen); the cards seen this round lie in the face-down piles where the moves put them.
        (The seen cards are shuffled all the same, as the deals were first drawn: only the piles'
        sizes count for the play, and the deals stay the same draw for draw.)"""
        hidden = state.cards_hidden_from(seat)
        gone = self._seen_this_round(seen, Card) & hidden
        if state.phase in (ROUND_OVER, GAME_OVER) and state.history and isinstance(state.history[-1], Play):
            gone |= Counter([state.history[-1].card]) & hidden     # the card that ended the round, seen played
        unknown = in_order(hidden - gone)
        rng.shuffle(unknown)
        dead = in_order(gone)
        rng.shuffle(dead)
        pool = dead + unknown
        piles = [len(pile) for pile in state.discards] + [len(state.worthless), len(state.left_out)]
        extras = iter(split_into(pool, [len(dead), sum(piles) - len(dead)])[1])   # unseen cards in the piles

        def lay(pile):
            return tuple(card if card in gone else next(extras) for card in pile)

        discards, worthless = tuple(lay(pile) for pile in state.discards), lay(state.worthless)
        if state.phase in (ROUND_OVER, GAME_OVER) and len(seen) > 1:
            worthless = _hands_last_in_order(worthless, seen[-2], state.history[-1])
        left_out = tuple(sorted(lay(state.left_out), key=state.rules.deck.index)) if state.left_out else ()
        unseen = pool[sum(piles):]
        mover = state.current_player if state.phase == PLAY_PHASE else seat
        for _ in range(DEAL_ATTEMPTS):      # the player to move (when not the seat) holds a card he may play
            rest = list(unseen)
            rng.shuffle(rest)
            hands = list(state.hands)
            for other in range(state.players):
                if other != seat:
                    hands[other], rest = tuple(sorted(rest[:len(hands[other])])), rest[len(hands[other]):]
            if mover == seat or not is_blocked(hands[mover], state.trick, state.rules.colours_in_trick):
                break
        else:       # a rule set where few hands can play to the trick: the mover gets a card he may play
            left_out = _give_a_playable_card(hands, mover, seat, trick_colours(state.trick), left_out,
                                             state.rules.deck.index)
        return imagined(state, seat, rng, hands=tuple(hands), discards=discards, worthless=worthless,
                        left_out=left_out, links=None)

    def imagined_past(self, origin, world, seat):
        """The imagined position at the start of the round (or of a scenario begun within it): each
        other hand with the cards it played since, the piles without them, as a scenario with each
        finished round's scores; and the round's moves."""
        first, moves = past_of(origin)
        start = max((index + 1 for index, move in enumerate(moves) if isinstance(move, Deal)), default=0)
        past = origin.states()
        played: dict[int, list[Card]] = {other: [] for other in range(world.players)}
        for index in range(start, len(moves)):
            if isinstance(moves[index], Play):
                played[past[index].current_player].append(moves[index].card)
        since = {card for cards in played.values() for card in cards}
        if world.phase in (ROUND_OVER, GAME_OVER):    # the cards left in hand ended among the worthless, unseen
            ending, last = past[-2], moves[-1]
            left = [len(hand) - (isinstance(last, Play) and other == ending.current_player)
                    for other, hand in enumerate(ending.hands)]
            tail = list(world.worthless[len(world.worthless) - sum(left):])
            for other, count in enumerate(left):
                played[other] += tail[:count]
                tail = tail[count:]
        hands = tuple(past[start].hands[other] if other == seat else tuple(sorted(world.hands[other] + tuple(played[other])))
                      for other in range(world.players))
        discards = tuple(tuple(card for card in pile if card not in since) for pile in world.discards)
        text = scenario_text(past[start].derive(hands=hands, discards=discards, left_out=world.left_out))
        if world.phase in (ROUND_OVER, GAME_OVER) and not _ends_the_round(text, moves[start:], world):
            raise NotReplayable("this plotters position was imagined at the end of a round, which ended when a "
                                "player could not play to the trick; the imagined last cards would let him, so the "
                                "deal has no past or save of its own (the expert imagines none there: its only "
                                "move is to deal)")
        return text, moves[start:]


def _give_a_playable_card(hands: list, mover: int, seat: int, colours: set[str], left_out: tuple, order
                          ) -> tuple:
    """Swap the mover's first card for a card of ``colours`` from another hand than the seat's or
    from the cards left out of the round (the real mover holds one, unseen by the seat, so the
    imagined deal put it in one of those): the cards left out then, in the deck's ``order``."""
    given = hands[mover][0]
    for other, hand in enumerate(hands):
        card = next((card for card in hand if card.colour in colours), None) if other not in (seat, mover) else None
        if card is not None:
            hands[other] = tuple(sorted([c for c in hand if c != card] + [given]))
            hands[mover] = tuple(sorted([card, *hands[mover][1:]]))
            return left_out
    card = next(card for card in left_out if card.colour in colours)
    hands[mover] = tuple(sorted([card, *hands[mover][1:]]))
    return tuple(sorted([c for c in left_out if c != card] + [given], key=order))


def _ends_the_round(text, moves, world) -> bool:
    """Whether ``moves`` played from the scenario ``text`` end the round where ``world`` stands."""
    state = scenario(text, seed=world.setup.seed, **world.setup.variant)
    for move in moves:
        state = state.apply(move)
    return state == world


def _hands_last_in_order(worthless, before, last):
    """The worthless cards of a round just ended with the cards left in each hand last, in seat
    order and each hand's in order, as the round's end lays them (``before``: the observation
    before the move ``last`` that ended it; only the cards' number counts in play)."""
    left = [size - (isinstance(last, Play) and seat == before["current_player"])
            for seat, size in enumerate(before["hand_sizes"])]
    start = len(worthless) - sum(left)
    ordered = list(worthless[:start])
    for count in left:
        ordered += sorted(worthless[start:start + count])
        start += count
    return tuple(ordered)


def ahead(scores, seat: int) -> float:
    """How far ``seat``'s score is ahead of the others' average.

    >>> ahead([10, 4, 0, 8], 0)
    6.0
    """
    others = [score for other, score in enumerate(scores) if other != seat]
    return scores[seat] - sum(others) / len(others)


def _high_and_low(trick):
    """The seats of High (the highest card of the led colour) and Low (the first of the lowest
    cards of another colour, None when there is none) of a trick so far."""
    led = trick[0][1].colour
    high = max(((seat, card) for seat, card in trick if card.colour == led), key=lambda play: play[1].number)[0]
    others = [(seat, card) for seat, card in trick if card.colour != led]
    low = min(others, key=lambda play: play[1].number)[0] if others else None
    return high, low


def stays_high(trick, players, hands, seat) -> bool:
    """Whether ``seat`` played last to the unfinished ``trick``, is High, and no one still to play
    to it holds a higher card of the led colour (which he could always play: the led colour is
    always one of the trick's colours).

    >>> from .cards import parse_card
    >>> trick = ((3, parse_card("R5")), (0, parse_card("R9")))
    >>> hands = ((), (parse_card("R7"),), (parse_card("B20"),), ())
    >>> stays_high(trick, 4, hands, 0), stays_high(trick, 4, ((), (parse_card("R10"),), (), ()), 0)
    (True, False)
    """
    if not trick or len(trick) >= players or trick[-1][0] != seat or _high_and_low(trick)[0] != seat:
        return False
    led, mine = trick[0][1].colour, trick[-1][1].number
    later = [(seat + step) % players for step in range(1, players - len(trick) + 1)]
    return not any(card.colour == led and card.number > mine for other in later for card in hands[other])


def _held(state, seat, colour) -> int:
    """How many cards of ``colour`` lie in ``seat``'s open stacks."""
    return sum(card.colour == colour for stack in state.stacks[seat] for card in stack)


def reasons(state, seat, action, shares=()) -> str:
    """What a move of Plotters Inc. does, in the game's words, from what ``seat`` sees: a card,
    whether it makes the seat High or Low in the trick (and, from ``shares``, how often no one
    after could play over it: :meth:`PlottersModel.tally`); a pick, which stack it goes to; the two
    colours kept, what they hold and what is turned down.

    >>> from plateau_lab.games import plotters
    >>> state = plotters.new_game(4, seed=1)
    >>> reasons(state, state.current_player, state.legal_actions()[0], (0.3,))    # doctest: +ELLIPSIS
    'is High for now (the highest ...): it stays the highest ... card about 3 times in 10'
    """
    if isinstance(action, Play):
        trick = (*state.trick, (seat, action.card))
        led = trick[0][1].colour
        high, low = _high_and_low(trick)
        if len(trick) >= state.players:
            if high == seat:
                return "makes you High: you pick first from the trick's cards for your stacks"
            if low == seat:
                return f"makes you Low: you take the cards High (player {high}) leaves"
            return (f"leaves you out of this trick: player {high} is High"
                    + (f" and player {low} Low" if low is not None else ""))
        if high == seat:
            said = f"is High for now (the highest {led})"
            return said + (f": it stays the highest {led} card {chance_words(shares[0])}" if shares else "")
        if low == seat:
            return f"is Low for now (the lowest card of another colour than {led}): Low takes what High leaves"
        return f"is neither High nor Low for now: player {high} is High"
    if isinstance(action, Take):
        colour = action.card.colour
        kept = state.kept[seat] if state.kept else None
        if kept is not None and colour not in kept:
            return f"puts the {colour} {action.card.number} on your discard pile ({colour} is not one of the colours you keep)"
        return f"adds the {colour} {action.card.number} to your {colour} stack, which goes to {_held(state, seat, colour) + 1}"
    if isinstance(action, Keep):
        kept = " and ".join(f"{colour} ({_held(state, seat, colour)})" for colour in action.colours)
        dropped = sum(card.colour not in action.colours for stack in state.stacks[seat] for card in stack)
        return f"keeps {kept} open and turns down {count_words(dropped, 'other card')} (counted against you)"
    return ""


MODEL = PlottersModel()
