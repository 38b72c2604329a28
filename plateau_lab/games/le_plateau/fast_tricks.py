"""Le Plateau's fast path: the card play of a hand, on numbers.

A card is a number, its index in ``cards.ALL_CARDS`` (the engine's display order), so sorted
numbers are sorted hands and every suit is a run of numbers: following suit cuts a run out of
the hand with ``bisect``. Every card and trick knows the board bit of its space (:class:`Tables`),
so a trick's counters are two ``|`` on the teams' bitmasks, and the board's verdict
(:class:`Verdict`: holds? still possible?) is asked only when the counters it depends on have
changed and are enough to decide. :func:`play_tricks` plays any seats' bots; with random bots
in every seat at 3 to 6 players, without the French Excuse, :func:`play_tricks_random` keeps
each hand cut into its five suits and pops a card from its suit's list. The heuristic bots ask
:func:`.heuristics.heuristic_card`, the public bot's own decision. ``tests/le_plateau/test_fast.py``
checks every move against the engine's.

>>> [CARD_TEXT[card] for card in range(3)], SUIT_RUN[0]
(['EXC', '21', '20'], (0, 22))
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from typing import Any, NamedTuple

from plateau_lab.core import seats_in_turn
from plateau_lab.core.fastrandom import WIDTHS
from plateau_lab.hexboard import fast as board_fast
from plateau_lab.hexboard.fast import BOARD as WHOLE_BOARD, group_making_from_centre, side_bits, stays_connected

from .cards import ALL_CARDS
from .heuristics import EXCUSE_NUMBER, SUIT_OF, heuristic_card, still_needed

__all__ = ["play_tricks", "play_tricks_random", "Verdict", "Tables", "CARD_TEXT", "SUIT_RUN"]

# Cards here are numbers (``heuristics.CARD_NUMBER``: a card's index in ``ALL_CARDS``, the engine's
# display order), so sorted numbers are sorted hands and every suit is a run of numbers.
#: The text of each card, as the engine writes it in actions.
CARD_TEXT = tuple(str(card) for card in ALL_CARDS)
#: SUIT_RUN[suit]: the numbers (start, stop) of a suit's cards; trumps start with the Excuse.
SUIT_RUN = tuple((SUIT_OF.index(suit), len(SUIT_OF) - SUIT_OF[::-1].index(suit)) for suit in range(5))
TRUMP_STOP = SUIT_RUN[0][1]
# With the French Excuse, trumps to follow are 21 to 1: the Excuse is listed on its own.
FRENCH_SUIT_RUN = ((EXCUSE_NUMBER + 1, TRUMP_STOP),) + SUIT_RUN[1:]


def _legal_unsorted(playable: list[int], led: int, french: bool) -> list[int]:
    """``rules.legal_plays`` on numbers in any order (2 players: the hand, then the pile tops):
    follow ``led`` (a suit, -1 when anything goes), else trump, else any; with the French Excuse
    it may always be played and is listed last."""
    if led < 0:
        return playable
    if french and EXCUSE_NUMBER in playable:
        excuse, others = [EXCUSE_NUMBER], [card for card in playable if card != EXCUSE_NUMBER]
    else:
        excuse, others = [], playable
    following = ([card for card in others if SUIT_OF[card] == led]
                 or [card for card in others if SUIT_OF[card] == 0])
    return (following or others) + excuse


def _legal_sorted(hand: list[int], led: int, french: bool) -> list[int]:
    """``rules.legal_plays`` on a sorted hand, by cutting the suit's run out with bisect."""
    if led < 0:
        return hand
    runs = FRENCH_SUIT_RUN if french else SUIT_RUN
    start, stop = runs[led]
    first = bisect_left(hand, start)
    last = bisect_left(hand, stop, first)
    if first == last and led:                       # cannot follow: trump
        start, stop = runs[0]
        first = bisect_left(hand, start)
        last = bisect_left(hand, stop, first)
    if french and hand and hand[0] == EXCUSE_NUMBER:
        return (hand[first:last] if first < last else hand[1:]) + [EXCUSE_NUMBER]
    return hand[first:last] if first < last else hand



class Tables(NamedTuple):
    """What the playout looks up, fixed by the rules: the deck as numbers, the board bit of
    each card's space and of each trick's space (0: none), and every space of the board."""
    deck: tuple[int, ...]
    deck_set: frozenset[int]
    card_bit: tuple[int, ...]
    trick_bit: tuple[int, ...]
    layout_mask: int



def play_tricks(hands: list[list[int]], piles: list[list[list[int]]], bits: list[Callable[[int], int]],
                 on_step: Callable[[int, list[str], int], Any] | None, *, tables: Tables, tricks: int, french: bool,
                 on_team: list[bool], objective, leader: int, number: int, trick: tuple[tuple[int, int], ...],
                 covered: frozenset[tuple[int, int]], declarers: int, opponents: int, smart: list[bool],
                 board_cache: dict[tuple[int, int, Any], int]) -> tuple[bool, int]:
    """The card play of a hand from trick ``number`` led by ``leader``, whose first cards
    ``trick`` (seat, card) are already played (``covered``: 2 players, the piles uncovered in it),
    with the teams' counters ``declarers`` and ``opponents`` on the board: random bots (``bits``,
    one per seat) or, in the seats marked in ``smart``, heuristic bots play until the declarers'
    team wins or loses. ``(won, cards played)``. ``board_cache`` remembers the cells the
    declarers still need (a mask) per board and objective.

    One piece on purpose: it is the fast path's hot loop, which keeps the position in local
    variables from move to move; split into functions, it would pay a call and a reload of that
    state at every move."""
    players = len(hands)
    card_bit, trick_bit = tables.card_bit, tables.trick_bit
    verdict = Verdict(objective)
    actions = 0
    checked_declarers = checked_opponents = -1
    for number in range(number, tricks + 1):
        led = -1                               # the suit to follow (-1: any)
        best_seat = best = -1                  # the card winning so far and its seat
        excuse_seat = -1                       # French Excuse: who played it
        placed = trick_bit[number]             # board bits the trick's winner places
        uncovered = set(covered)               # 2 players: piles whose top card was played
        for offset in range(players):
            seat = (leader + offset) % players
            if trick:                          # a card played before the playout began
                seat, card = trick[0]
                trick = trick[1:]
            else:
                hand = hands[seat]
                if players == 2:
                    playable = hand + [pile[-1] for index, pile in enumerate(piles[seat])
                                       if pile and (seat, index) not in uncovered]
                    legal = _legal_unsorted(playable, led, french)
                elif french:
                    legal = _legal_sorted(hand, led, french)
                elif led < 0:
                    legal = hand
                else:                                          # _legal_sorted, inlined
                    start, stop = SUIT_RUN[led]
                    first = bisect_left(hand, start)
                    last = bisect_left(hand, stop, first)
                    if first == last and led:
                        first, last = 0, bisect_left(hand, TRUMP_STOP)
                    legal = hand[first:last] if first < last else hand
                if not smart[seat]:
                    count = len(legal)                     # RandomBot's choice: choice_index, inlined
                    width, draw = WIDTHS[count], bits[seat]
                    pick = draw(width)
                    while pick >= count:
                        pick = draw(width)
                elif len(legal) == 1:
                    pick = 0
                else:
                    # the spaces of the trick so far (the Excuse's too: it counts in the trick's worth)
                    spaces = placed | card_bit[EXCUSE_NUMBER] if excuse_seat >= 0 else placed
                    pick = heuristic_card(legal, seat, offset == players - 1, on_team, best_seat, best,
                                          lambda: still_needed(declarers, opponents, objective, board_cache),
                                          spaces, card_bit, french)
                if on_step:
                    on_step(seat, [f"play {CARD_TEXT[card]}" for card in legal], pick)
                card = legal[pick]
                actions += 1
                if players != 2 or card in hand:
                    hand.remove(card)
                else:
                    index = next(i for i, pile in enumerate(piles[seat]) if pile and pile[-1] == card)
                    piles[seat][index].pop()
                    if piles[seat][index]:
                        uncovered.add((seat, index))
            if french and card == EXCUSE_NUMBER:           # never wins; places for its own team
                excuse_seat = seat
                continue
            placed |= card_bit[card]
            suit = SUIT_OF[card]
            if led < 0:
                led = suit
            if best < 0 or (suit == SUIT_OF[best] and card < best) or (suit == 0 and SUIT_OF[best]):
                best_seat, best = seat, card
        covered = frozenset()
        if on_team[best_seat]:
            declarers |= placed
        else:
            opponents |= placed
        if excuse_seat >= 0 and card_bit[EXCUSE_NUMBER]:
            if on_team[excuse_seat]:
                declarers |= card_bit[EXCUSE_NUMBER]
            else:
                opponents |= card_bit[EXCUSE_NUMBER]
        leader = best_seat
        if number == tricks:
            opponents |= tables.layout_mask & ~(declarers | opponents)
        decided = verdict(declarers, opponents, declarers != checked_declarers, opponents != checked_opponents)
        if decided is not None:
            return decided, actions
        checked_declarers, checked_opponents = declarers, opponents
    raise AssertionError("after the last trick the board decides the hand")


class Verdict:
    """The board's verdict on a hand's objective, asked after every trick.

    A team's side is asked only when its counters changed and, of the board's flood fill, only
    when it has enough counters to decide. While the declarers can still make the objective, a
    group of free cells (not the opponents') that makes it is kept: it stays a witness while the
    opponents' new counters miss it, or leave it one group (``hexboard.fast.stays_connected``)
    touching enough sides; only then is the board flood-filled again.

    >>> from plateau_lab.hexboard import Formation
    >>> line = board_fast.mask_of((0, r) for r in range(-3, 4))
    >>> verdict = Verdict(Formation.BRIDGE)
    >>> verdict(line, 0, True, True), verdict(0, line, True, True), verdict(0, 1, True, True)
    (True, False, None)
    """
    __slots__ = ("makes", "fewest_cells", "fewest_blockers", "witness")

    def __init__(self, objective) -> None:
        self.makes = board_fast.MAKES[objective]
        self.fewest_cells = board_fast.fewest_cells(objective)
        self.fewest_blockers = board_fast.FEWEST_BLOCKERS[objective]
        self.witness = 0                       # free cells, one group, that make the objective (0: none known)

    def __call__(self, declarers: int, opponents: int, declarers_changed: bool, opponents_changed: bool) -> bool | None:
        """True when the declarers hold the objective, False when they no longer can make it,
        None while it is open."""
        makes = self.makes
        if (declarers_changed and declarers.bit_count() >= self.fewest_cells
                and group_making_from_centre(declarers, makes)):
            return True
        if opponents_changed and opponents.bit_count() >= self.fewest_blockers:
            lost = self.witness & opponents
            if lost or not self.witness:
                witness = self.witness & ~opponents
                if not (self.witness and stays_connected(witness, lost) and makes[side_bits(witness)]):
                    witness = group_making_from_centre(WHOLE_BOARD & ~opponents, makes)
                    if not witness:
                        return False
                self.witness = witness
        return None


#: POWER[led][card]: how strongly ``card`` bids for a trick led in suit ``led`` (the Excuse a
#: trump): a trump above every card of the suit led, a higher card above a lower, 0 when it
#: can never win (the highest power so far wins the trick).
POWER = tuple(tuple(200 - card if SUIT_OF[card] == 0 else 100 - card if SUIT_OF[card] == led else 0
                    for card in range(len(ALL_CARDS))) for led in range(5))


_SPADES, _HEARTS, _CLUBS, _DIAMONDS = (start for start, _ in SUIT_RUN[1:])


def _suits(hand: list[int]) -> list[list[int]]:
    """A sorted hand cut into its five suits, trumps first: lists that end to end are the hand.

    >>> [[CARD_TEXT[card] for card in cards] for cards in _suits([0, 5, 21, 22, 23, 30, 40, 54])]
    [['EXC', '17', '1'], ['RS', 'DS', '6S'], ['10H'], ['10C'], []]
    """
    spades = bisect_left(hand, _SPADES)
    hearts = bisect_left(hand, _HEARTS, spades)
    clubs = bisect_left(hand, _CLUBS, hearts)
    diamonds = bisect_left(hand, _DIAMONDS, clubs)
    return [hand[:spades], hand[spades:hearts], hand[hearts:clubs], hand[clubs:diamonds], hand[diamonds:]]


def _any_card(own: list[list[int]], draw: Callable[[int], int], seat: int,
              on_step: Callable[[int, list[str], int], Any] | None) -> int:
    """A random bot's card from the whole of its hand ``own``, kept as its five suits (the lists
    end to end are the legal cards, in order), popped from its list."""
    count = len(own[0]) + len(own[1]) + len(own[2]) + len(own[3]) + len(own[4])
    width = WIDTHS[count]
    pick = draw(width)
    while pick >= count:
        pick = draw(width)
    if on_step:
        on_step(seat, [f"play {CARD_TEXT[card]}" for cards in own for card in cards], pick)
    for cards in own:
        if pick < len(cards):
            return cards.pop(pick)
        pick -= len(cards)
    raise AssertionError("a pick below the number of cards is in the hand")


def play_tricks_random(hands: list[list[int]], bits: list[Callable[[int], int]],
                        on_step: Callable[[int, list[str], int], Any] | None, *, tables: Tables, tricks: int,
                        on_team: list[bool], objective, leader: int, number: int, trick: tuple[tuple[int, int], ...],
                        declarers: int, opponents: int) -> tuple[bool, int]:
    """:func:`play_tricks` when random bots play every seat, 3 to 6 players, the Excuse a trump.
    Each hand is kept as its five suits, trumps first as in the sorted hand: a follower draws
    from the suit led (else from the trumps) and pops the card from that list; a leader, or a
    player with neither, draws from the whole hand, the five lists end to end."""
    players = len(hands)
    card_bit, trick_bit = tables.card_bit, tables.trick_bit
    verdict = Verdict(objective)
    suits = [_suits(hand) for hand in hands]
    # each leader's followers in order, with their suits and their bot's draw
    followers = [[(seat, suits[seat], bits[seat]) for seat in seats[1:]] for seats in seats_in_turn(players)]
    actions = 0
    checked_declarers = checked_opponents = -1
    for number in range(number, tricks + 1):
        placed = trick_bit[number]                     # board bits the trick's winner places
        if trick:                                      # cards played before the playout began
            (best_seat, card), *rest = trick
            led = SUIT_OF[card]
            power = POWER[led]
            best = power[card]
            placed |= card_bit[card]
            for seat, card in rest:
                placed |= card_bit[card]
                if power[card] > best:
                    best_seat, best = seat, power[card]
            to_play = followers[trick[0][0]][len(trick) - 1:]
            trick = ()
        else:
            card = _any_card(suits[leader], bits[leader], leader, on_step)
            led = SUIT_OF[card]
            power = POWER[led]
            best_seat, best = leader, power[card]
            placed |= card_bit[card]
            to_play = followers[leader]
            actions += 1
        for seat, own, draw in to_play:
            run = own[led] or own[0]                   # follow suit, else trump
            if run:
                count = len(run)
                width = WIDTHS[count]
                pick = draw(width)
                while pick >= count:
                    pick = draw(width)
                if on_step:
                    on_step(seat, [f"play {CARD_TEXT[card]}" for card in run], pick)
                card = run.pop(pick)
            else:                                      # neither: any card
                card = _any_card(own, draw, seat, on_step)
            placed |= card_bit[card]
            if power[card] > best:
                best_seat, best = seat, power[card]
        actions += len(to_play)
        if on_team[best_seat]:
            declarers |= placed
        else:
            opponents |= placed
        leader = best_seat
        if number == tricks:
            opponents |= tables.layout_mask & ~(declarers | opponents)
        decided = verdict(declarers, opponents, declarers != checked_declarers, opponents != checked_opponents)
        if decided is not None:
            return decided, actions
        checked_declarers, checked_opponents = declarers, opponents
    raise AssertionError("after the last trick the board decides the hand")
