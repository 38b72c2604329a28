"""A heuristic bot for Le Plateau: bids from hand strength, plays toward its team's formation.

Bidding: a hand's strength counts trumps (the Excuse and high trumps most) and court cards; the bot
bids the cheapest legal bid whose objective its share of the tricks (plus average partners)
should reach, and passes otherwise. Card play: it asks the board how far its team is from the
objective (``hexboard.distance``; the opponents ask about the declarers' objective, to block), and
tries to win tricks whose counters land on those cells, cheaply; otherwise it throws its weakest card.

>>> from plateau_lab.core import play_out
>>> from plateau_lab.games.le_plateau import new_game
>>> final = play_out(new_game(4, seed=2), [HeuristicBot(seat) for seat in range(4)])
>>> final.is_over, sum(final.scores)
(True, 0)
"""

from __future__ import annotations

from plateau_lab.hexboard import DECLARERS, distance

from .bidding import OBJECTIVES, TEAM_SIZE
from .cards import Card
from plateau_lab.core import Play

from .actions import ABDICATE, KEEP, PASS, MakeBid
from .rules import BIDDING, DISCARD, GIVE, PLAY, RAISE, legal_plays, trick_winner

__all__ = ["HeuristicBot", "hand_strength", "card_strength", "SHARE_NEEDED"]


#: The share of the tricks a team needs, roughly, for each objective (a bot's rule of thumb).
SHARE_NEEDED = dict(zip(OBJECTIVES, (0.45, 0.5, 0.6, 0.72, 0.85)))


def card_strength(card: Card) -> float:
    """How likely a card is to take a trick: the Excuse and high trumps most, kings and queens next."""
    if card.is_excuse:
        return 1.0
    if card.is_trump:
        return 0.35 + 0.6 * card.rank / 21
    return {14: 0.8, 13: 0.5, 12: 0.3, 11: 0.15}.get(card.rank, 0.0)


def hand_strength(cards: tuple[Card, ...], players: int) -> float:
    """The share of the tricks this hand should take (about 1/players for an average hand)."""
    tricks = max(len(cards), 1)
    return min(1.0, sum(card_strength(card) for card in cards) / tricks * (1.6 / players) * 1.6)


class HeuristicBot:
    """Bids from hand strength and plays toward its formation (see the module docstring).

    The bot is deterministic: it takes a ``seed`` like every registered bot, but uses no
    randomness, so every seed plays alike. ``boldness`` is added to its hand strength when bidding.
    """

    def __init__(self, seed: int = 0, *, boldness: float = 0.0):
        self.seed = seed
        self.boldness = boldness

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed}, boldness={self.boldness})"

    def choose(self, state):
        phase = state.phase
        if phase == BIDDING:
            return self.bid(state)
        if phase == PLAY:
            return self.play(state)
        actions = state.legal_actions()
        if phase in (DISCARD, GIVE):
            return min(actions, key=lambda a: (card_strength(a.card), a.card.rank, str(a)))
        if phase == RAISE:
            return ABDICATE if ABDICATE in actions else KEEP
        return actions[0]          # calling a partner, picking a talon group, dealing

    def bid(self, state):
        """The cheapest legal bid the hand (and average partners) should make; else pass."""
        players, seat = state.players, state.current_player
        own = hand_strength(state.playable(seat), players) + self.boldness
        for action in state.legal_actions():
            if not isinstance(action, MakeBid):
                continue
            bid = action.bid
            partners = TEAM_SIZE[bid.team] - 1 if bid.team else 0
            share = own + partners / players + (0.05 if bid.exchange else 0.0)
            if share >= SHARE_NEEDED[bid.objective]:
                return action
        return PASS

    def play(self, state):
        """Win valuable tricks cheaply; otherwise throw the weakest card."""
        seat = state.current_player
        trick_cards = tuple(card for _, card in state.trick)
        cards = legal_plays(state.playable(seat), trick_cards, french_excuse=state.rules.french_excuse)
        if len(cards) == 1:
            return Play(cards[0])
        wanted = self._wanted_tokens(state)
        number = state.tricks_played + 1
        last = len(state.trick) == state.players - 1
        my_team = state.team_of(seat)

        def wins(card: Card) -> bool:
            if not state.trick and card.is_excuse and state.rules.french_excuse:
                return False                       # the French Excuse never wins; led, nothing beats yet
            trick = state.trick + ((seat, card),)
            winner = trick_winner(trick, french_excuse=state.rules.french_excuse)
            if winner != seat:
                return state.team_of(winner) == my_team and last
            return last or card_strength(card) >= 0.75

        def worth(card: Card) -> int:
            tokens = {f"T{number}"} | {c.token for c in trick_cards + (card,) if c.token}
            return len(tokens & wanted)

        winning = [card for card in cards if wins(card)]
        if winning and max(worth(card) for card in winning) > 0:
            return Play(min(winning, key=lambda card: (-worth(card), card_strength(card), card.rank)))
        return Play(min(cards, key=lambda card: (card_strength(card) + (0.3 if card.token else 0), card.rank)))

    def _wanted_tokens(self, state) -> set[str]:
        """Tokens of the cells the declarers still need most (their "how far" answer), asked once
        per trick and shared by all the bots at the table."""
        board, objective = state.board, state.contract.objective
        if _LAST_ANSWER[0] is not board or _LAST_ANSWER[1] is not objective:
            answer = distance(board, DECLARERS, objective)
            cells = answer[1] if answer else frozenset()
            _LAST_ANSWER[:] = [board, objective, {state.rules.layout[cell] for cell in cells}]
        return _LAST_ANSWER[2]


#: The last "how far" answer: [board, objective, wanted tokens] (boards never change once made).
_LAST_ANSWER: list = [None, None, set()]
