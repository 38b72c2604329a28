"""A heuristic bot for Le Plateau: bids what its hand should make, plays toward its team's formation.

Bidding: the bot weighs every bid it may make. For each it estimates the chance that its team makes
the objective (:func:`~.heuristics.make_chance`: its hand's share of the cards' strength, what
partners add, the objective's difficulty, the exchange), and what the result is worth to it under
the game's scoring, positive-only or zero-sum (:func:`~.heuristics.result_worth`). It bids the bid
worth most on average, or passes when none is worth more than nothing. Card play: it asks the board
how far its team is from the objective (the opponents ask about the declarers' objective, to
block), and tries to win tricks whose counters land on those cells, cheaply; otherwise it throws
its weakest card. The decisions are :mod:`.heuristics`' (which the fast path asks too): a bot here
writes the position as the decisions read it and plays the move they choose.

>>> from plateau_lab.core import play_out
>>> from plateau_lab.games.le_plateau import new_game
>>> final = play_out(new_game(4, seed=2), [HeuristicBot(seat) for seat in range(4)])
>>> final.is_over, sum(final.scores)
(True, 0)
"""

from __future__ import annotations

from plateau_lab.core import Play
from plateau_lab.hexboard import DECLARERS
from plateau_lab.hexboard.fast import BIT

from .actions import ABDICATE, KEEP, PASS, MakeBid
from .cards import ALL_CARDS
from .heuristics import (BOLDNESS, CARD_NUMBER, CHANCE_MODEL, HEURISTIC_STYLES, RIVALRY, ChanceCurve, best_bid,
                         best_raise, bid_worth, card_strength, deck_strength, hand_share, hand_strength, heuristic_card,
                         make_chance, result_worth, still_needed, team_share, throw_key, token_bits)
from .rules import BIDDING, DISCARD, GIVE, PLAY, RAISE, legal_plays, trick_winner

# The bidding's functions are the heuristics', named here too: the bots' own words for them.
__all__ = ["BOLDNESS", "BoldBot", "HeuristicBot", "best_raise", "card_strength", "hand_strength", "deck_strength",
           "hand_share", "team_share", "make_chance", "result_worth", "bid_worth", "best_bid", "ChanceCurve",
           "CHANCE_MODEL", "RIVALRY"]

#: The cells the declarers still need, per (declarers' cells, opponents' cells, objective), as the
#: bots at every table found them (emptied when it grows past ``NEEDED_REMEMBERED``).
_NEEDED: dict = {}
NEEDED_REMEMBERED = 4096


class HeuristicBot:
    """Bids what its hand should make and plays toward its formation (see the module docstring).

    The bot is deterministic: it takes a ``seed`` like every registered bot, but uses no
    randomness, so every seed plays alike. ``boldness`` is added to its hand's share of the
    cards' strength when bidding (0.05: a bolder player). With ``raises``, when it may raise the
    objective it raises to the one worth most to its hand (:func:`best_raise`); otherwise it keeps.
    """

    def __init__(self, seed: int = 0, *, boldness: float = 0.0, raises: bool = False):
        self.seed = seed
        self.boldness = boldness
        self.raises = raises

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed}, boldness={self.boldness}, raises={self.raises})"

    def choose(self, state):
        phase = state.phase
        if phase == BIDDING:
            return self.bid(state)
        if phase == PLAY:
            return self.play(state)
        actions = state.legal_actions()
        if phase in (DISCARD, GIVE):
            return actions[min(range(len(actions)),
                               key=lambda index: throw_key(CARD_NUMBER[actions[index].card], str(actions[index])))]
        if phase == RAISE:
            if ABDICATE in actions or not self.raises:
                return ABDICATE if ABDICATE in actions else KEEP
            return actions[best_raise(state.playable(state.current_player), state.rules, state.contract,
                                      self.boldness)]
        return actions[0]          # calling a partner, picking a talon group, dealing

    def bid(self, state):
        """The bid worth most to this hand (:func:`best_bid`); pass when none is worth anything."""
        seat = state.current_player
        actions = [action for action in state.legal_actions() if isinstance(action, MakeBid)]
        index = best_bid(state.playable(seat), state.rules, tuple(action.bid for action in actions), self.boldness)
        return PASS if index is None else actions[index]

    def play(self, state):
        """Win valuable tricks cheaply; otherwise throw the weakest card (:func:`.heuristics.heuristic_card`)."""
        seat, rules, trick = state.current_player, state.rules, state.trick
        french = rules.french_excuse
        cards = legal_plays(state.playable(seat), tuple(card for _, card in trick), french_excuse=french)
        if len(cards) == 1:
            return Play(cards[0])
        bits = token_bits(rules)
        best_seat = best = -1                   # the card winning so far: none while only the French Excuse lies
        if any(not (french and card.is_excuse) for _, card in trick):
            best_seat = trick_winner(trick, french_excuse=french)
            best = CARD_NUMBER[dict(trick)[best_seat]]
        spaces = bits.get(f"T{state.tricks_played + 1}", 0)
        for _, card in trick:
            spaces |= bits.get(card.token, 0)
        declarers = opponents = 0
        for cell, team in state.board.counters.items():
            if team == DECLARERS:
                declarers |= BIT[cell]
            else:
                opponents |= BIT[cell]
        objective = state.contract.objective

        def wanted() -> int:
            if len(_NEEDED) > NEEDED_REMEMBERED:
                _NEEDED.clear()
            return still_needed(declarers, opponents, objective, _NEEDED)

        pick = heuristic_card([CARD_NUMBER[card] for card in cards], seat, len(trick) == state.players - 1,
                              [state.team_of(player) for player in range(state.players)], best_seat, best, wanted,
                              spaces, tuple(bits.get(card.token, 0) for card in ALL_CARDS), french)
        return Play(cards[pick])


class BoldBot(HeuristicBot):
    """The heuristic bot's bolder style: it bids as if its hand were a little stronger
    (``BOLDNESS``), so it declares more often and aims higher, and when it may raise the objective
    it does so if this game's table pays enough for it (:func:`best_raise`); it plays its cards alike.

    >>> from plateau_lab.games.le_plateau import parse_cards
    >>> from plateau_lab.games.le_plateau.rules import rules_of
    >>> rules = rules_of(4, {})
    >>> middling = parse_cards("21 17 12 8 4 RS 9S DH 8H 10C 7C VD 8D")
    >>> best_bid(middling, rules, rules.legal_bids(None)) is None     # the careful style passes
    True
    >>> str(rules.legal_bids(None)[best_bid(middling, rules, rules.legal_bids(None), BOLDNESS)])
    'Exchange Five sides Duo'
    """

    def __init__(self, seed: int = 0):
        boldness, raises = HEURISTIC_STYLES["bold"]
        super().__init__(seed, boldness=boldness, raises=raises)

    def __repr__(self) -> str:
        return f"BoldBot(seed={self.seed})"
