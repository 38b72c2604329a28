"""Plotters Inc. (Klaus Palesch, Gameology 2021; first published as *Mit List und Tücke*, 1999).

A trick-taking game where nobody wins a trick alone: **High** (the highest card of the led
colour) picks half the trick, rounded up, and **Low** (the lowest card of another colour) must
take the rest. Every player wants many cards in two colours and few in the others: a round
scores ``a × b // r`` (the two largest open stacks, divided by all other collected cards).

>>> game = new_game(5, seed=1)
>>> game.current_player, [len(hand) for hand in game.hands]
(1, [14, 14, 14, 14, 14])
>>> game = game.apply(game.legal_actions()[0])
>>> game.current_player
2

The rulebook's examples of scoring (players A to E):

>>> [score_round(open_stacks, discarded) for open_stacks, discarded in
...  [((5, 6, 3), 0), ((5, 4, 3), 0), ((7, 8), 4), ((7, 1, 1), 0), ((3, 5), 0)]]
[10, 6, 14, 7, 15]

Where the rulebook is silent or ambiguous the engine follows the rulings in docs/rulings.md,
Plotters Inc.; each function that applies one says so.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from ...core import GameState, Setup, cached, check_seat, count_of, game_spec, seeded_random
from .cards import COLOURS, DEAL, PLAY, TAKE, Action, Card, Deal, Keep, Play, Take, parse_action
from .rules import MAX_COLOURS_IN_TRICK, Rules, high_share, rules_of
from .scoring import score_formula, score_round

__all__ = ["State", "new_game", "deal", "first_leader", "legal_plays", "is_blocked", "trump_colour",
           "high_play", "low_play", "high_share", "collect", "must_choose_colours", "keep_colours", "score_round",
           "max_round_score", "score_formula", "trick_colours", "PLAY_PHASE", "TAKE_PHASE", "KEEP_PHASE",
           "ROUND_OVER", "GAME_OVER", "MAX_COLOURS_IN_TRICK"]


GAME = "plotters"
PLAY_PHASE, TAKE_PHASE, KEEP_PHASE, ROUND_OVER, GAME_OVER = "play", "take", "keep", "round over", "game over"
NUMBER_WORDS = ("no", "one", "two", "three", "four")
ORDINALS = ("", "first", "second", "third", "fourth", "fifth")


# ---------------------------------------------------------------- the rules, one function each


def first_leader(dealer: int, players: int) -> int:
    """The player left of the dealer leads the first trick of a round: the rulebook's vote for
    "who looks like they have the most to hide" only picks the first dealer (docs/rulings.md,
    Plotters Inc.)."""
    return (dealer + 1) % players


def deal(players: int, seed: int, round_number: int, rules: Rules | None = None) -> tuple[tuple[Card, ...], ...]:
    """Shuffle the deck for this player count and give every player 14 cards (sorted): the
    rulebook's deal is lost with a picture, and 14 each uses the whole deck (docs/rulings.md,
    Plotters Inc.). Each round has its own shuffle, drawn from the game's seed and the round's number.
    ``rules`` (the rulebook's when None) give the deck and the cards each player is dealt; the
    cards no player is dealt stay out of the round.
    """
    rules = rules_of(players, {}) if rules is None else rules
    cards = list(rules.deck)
    seeded_random(seed, "deal", round_number).shuffle(cards)
    each = rules.cards_per_player
    return tuple(tuple(sorted(cards[seat * each:(seat + 1) * each])) for seat in range(players))


def trick_colours(trick: tuple[tuple[int, Card], ...]) -> set[str]:
    """The colours already in a trick."""
    return {card.colour for _, card in trick}


def legal_plays(hand: tuple[Card, ...], trick: tuple[tuple[int, Card], ...],
                most_colours: int = MAX_COLOURS_IN_TRICK) -> tuple[Card, ...]:
    """The cards a player may play to the trick (``most_colours``: the rule set's colours a trick
    may hold).

    Rulebook: "Players are not required to follow suit with the trump card, but a trick cannot
    have cards in more than 3 colors, ie: if there are already cards on the table in 3 different
    colors when your turn comes, then you must play a card in one of these colors."
    """
    if len(trick) < most_colours:
        return hand
    colours = trick_colours(trick)
    if len(colours) < most_colours:
        return hand
    return tuple(card for card in hand if card.colour in colours)


def is_blocked(hand: tuple[Card, ...], trick: tuple[tuple[int, Card], ...],
               most_colours: int = MAX_COLOURS_IN_TRICK) -> bool:
    """Whether a player cannot play at all, which ends the round at once.

    Rulebook: "If a player only has cards in the fourth color, he cannot play and the trick, as
    well as the round, immediately ends." It ends right after the card that blocks him
    (docs/rulings.md, Plotters Inc.).
    """
    return bool(hand) and not legal_plays(hand, trick, most_colours)


def trump_colour(trick: tuple[tuple[int, Card], ...]) -> str:
    """Rulebook: "This card will be the opening lead in the trump suit. Every other color in
    this trick will be a non-trump suit." The led colour is the trick's trump."""
    return trick[0][1].colour


def high_play(trick: tuple[tuple[int, Card], ...]) -> tuple[int, Card]:
    """(seat, card) of High: "The player who played the highest trump card (the largest
    numbered card of the led suit) must take his pick from the cards played in the current
    trick". Each colour has each number once, so High is never tied."""
    trump = trump_colour(trick)
    return max(((seat, card) for seat, card in trick if card.colour == trump), key=lambda play: play[1].number)


def low_play(trick: tuple[tuple[int, Card], ...]) -> tuple[int, Card] | None:
    """(seat, card) of Low, or None when every card is of the led colour.

    Rulebook: "The player who played the lowest non-trump card receives the remaining cards
    from the trick (which he must take)" and "If more than one player has played a non-led
    card of the same lowest value the player who played the first of the lowest cards will be
    the one who wins the second part of the trick."
    """
    trump = trump_colour(trick)
    others = [(seat, card) for seat, card in trick if card.colour != trump]
    if not others:
        return None
    return min(others, key=lambda play: play[1].number)  # min keeps the first of equals


def collect(stacks: tuple[tuple[Card, ...], ...], discard: tuple[Card, ...], kept: tuple[str, str] | None,
            cards: tuple[Card, ...]) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """(open stacks by colour, discard pile) after a player takes ``cards``.

    Rulebook: "The two winners of a trick place the cards in open stacks sorted by colors" and,
    once two colours are kept, "Any cards “collected” in the two wrong colors are placed in the
    players personal “discard”-pile."
    """
    piles = list(stacks)
    for card in cards:
        if kept is not None and card.colour not in kept:
            discard = discard + (card,)
        else:
            index = COLOURS.index(card.colour)
            piles[index] = piles[index] + (card,)
    return tuple(piles), discard


def must_choose_colours(stacks: tuple[tuple[Card, ...], ...], kept: tuple[str, ...] | None,
                        choose_at: int | None = None) -> bool:
    """Rulebook: "As soon as a player has collected cards in all 4 colors, he must decide which
    two colors he will count towards his score and which two colors he will disregard." He
    decides as soon as a trick's cards land in his stacks (docs/rulings.md, Plotters Inc.).
    ``choose_at``: the rule set's number of colours that makes him choose (None: all of them)."""
    if kept is not None:
        return False
    colours_held = sum(map(bool, stacks))
    return colours_held == len(stacks) if choose_at is None else colours_held >= choose_at


def keep_colours(stacks: tuple[tuple[Card, ...], ...], discard: tuple[Card, ...], kept: tuple[str, str]
                 ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """(open stacks, discard pile) after choosing the two colours to keep.

    Rulebook: "He simply turns the two disregarded stacks over and places them in a single pile
    with the backside up. The two chosen colors remain revealed." Any two of the four may be kept
    (docs/rulings.md, Plotters Inc.).
    """
    dropped = tuple(card for colour, stack in zip(COLOURS, stacks) if colour not in kept for card in stack)
    return tuple(stack if colour in kept else () for colour, stack in zip(COLOURS, stacks)), discard + dropped


def max_round_score(players: int, variant: dict[str, Any] | None = None) -> int:
    """The most a round could score: a player takes at most High's share of each of the 14 tricks,
    and two equal stacks of those cards multiply best. Scenarios refuse totals above it
    (``Rules.most_round_score``, under the rule set ``variant``).

    >>> max_round_score(4), max_round_score(6), max_round_score(4, {"cards_per_player": 10})
    (196, 441, 100)
    """
    return rules_of(players, variant or {}).most_round_score


# ---------------------------------------------------------------- the state


@dataclass(frozen=True, eq=False)
class State(GameState):
    """A position of Plotters Inc.: hands, the trick, every player's open stacks and discard pile.

    ``phase`` says what happens next: ``play`` (a card to the trick), ``take`` (High picks
    one card of the full trick), ``keep`` (a player holding all four colours keeps two),
    ``round over`` (the next dealer deals) or ``game over``.
    """

    GAME = GAME
    setup: Setup
    round_number: int                               # 0 for the first round
    dealer: int
    phase: str
    hands: tuple[tuple[Card, ...], ...]
    leader: int                                     # who leads the trick on the table (or the next one)
    trick: tuple[tuple[int, Card], ...] = ()        # (seat, card) in the order played
    picked: tuple[Card, ...] = ()                   # High's picks so far from the full trick
    stacks: tuple[tuple[tuple[Card, ...], ...], ...] = ()   # per seat, per colour (COLOURS order)
    kept: tuple[tuple[str, str] | None, ...] = ()
    discards: tuple[tuple[Card, ...], ...] = ()
    worthless: tuple[Card, ...] = ()                # cards that count for nobody this round
    choosers: tuple[int, ...] = ()                  # seats that must now keep two colours
    tricks_done: int = 0
    round_scores: tuple[tuple[int, ...], ...] = ()  # one tuple per finished round
    left_out: tuple[Card, ...] = field(default=(), repr=False)   # cards of the deck a scenario does not place
    # The moves and the log grow by one link per step: (earlier links, the action or None, its log
    # lines). Copying whole tuples at every move would make a game quadratic; ``_history`` (what
    # ``history`` reads: see GameState.history) and
    # ``log`` build the tuples when asked. They are not part of the position.
    links: tuple | None = field(default=None, compare=False, repr=False)

    @cached
    def _history(self) -> tuple[Action, ...]:
        """Every action applied since the game's first state (see ``GameState.history``)."""
        return tuple(action for action, _ in _unlink(self.links) if action is not None)

    @cached
    def log(self) -> tuple[str, ...]:
        """What happened so far, in words."""
        return tuple(line for _, lines in _unlink(self.links) for line in lines)

    # -- protocol
    @property
    def scores(self) -> tuple[int, ...]:
        """Every player's total over the finished rounds."""
        return tuple(sum(column) for column in zip(*self.round_scores)) if self.round_scores \
            else (0,) * self.players

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def rules(self) -> Rules:
        """The game's rules, every number decided for its players (``rules.rules_of`` its options).
        Looked up by the game's set-up, which every state of a game shares, rather than kept on each
        state: a state is made at every move."""
        return rules_of.for_setup(self.setup)

    @property
    def rounds(self) -> int:
        """A game has as many rounds as players: "The game ends after a number of rounds equal to
        the number of players." (or the rule set's ``rounds``)"""
        return self.rules.rounds

    @property
    def current_player(self) -> int | None:
        """Who acts: the next player to the trick, High picking, the first player who must keep two
        colours, the next dealer between rounds; None once the game is over."""
        return self._current_player

    @property
    def high(self) -> tuple[int, Card] | None:
        """High's (seat, card) once the trick is full, else None."""
        return high_play(self.trick) if len(self.trick) == self.players else None

    @property
    def low(self) -> tuple[int, Card] | None:
        """Low's (seat, card) once the trick is full (None also when all cards share a colour)."""
        return low_play(self.trick) if len(self.trick) == self.players else None

    def open_sizes(self, seat: int) -> tuple[int, ...]:
        """The sizes of a player's open stacks, in COLOURS order."""
        return tuple(len(stack) for stack in self.stacks[seat])

    def round_score(self, seat: int) -> int:
        """What the player's collection would score if the round ended now."""
        return score_round(self.open_sizes(seat), len(self.discards[seat]), self.rules.scoring_colours)

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions, in this order (part of the protocol):

        - a card to the trick: ``play`` for each card the player may play, in hand order (hands
          are sorted by colour, in COLOURS order, then by number);
        - High picking: ``take`` for each card of the trick not taken yet, in the order played;
        - keeping two colours: the six pairs of :data:`~.cards.KEEP`, ``keep blue+green``,
          ``blue+red``, ``blue+yellow``, ``green+red``, ``green+yellow``, ``red+yellow`` (under
          another rule set, its ``keep_choices``);
        - between rounds: ``deal``; once the game is over: nothing.
        """
        return self._legal_actions

    @cached
    def _current_player(self) -> int | None:
        phase = self.phase
        if phase == PLAY_PHASE:
            return (self.leader + len(self.trick)) % self.players
        if phase == TAKE_PHASE:
            return high_play(self.trick)[0]
        if phase == KEEP_PHASE:
            return self.choosers[0]
        if phase == ROUND_OVER:
            return (self.dealer + 1) % self.players
        return None

    @cached
    def _legal_actions(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase == PLAY_PHASE:
            return tuple(map(PLAY.__getitem__, legal_plays(self.hands[self.current_player], self.trick,
                                                           self.rules.colours_in_trick)))
        if phase == TAKE_PHASE:
            return tuple(TAKE[card] for _, card in self.trick if card not in self.picked)
        if phase == KEEP_PHASE:
            return self.rules.keep_choices
        if phase == ROUND_OVER:
            return (DEAL,)
        return ()

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def _why_illegal(self, action: Any) -> tuple[str, str]:
        player = self.current_player
        wanted = {PLAY_PHASE: Play, TAKE_PHASE: Take, KEEP_PHASE: Keep, ROUND_OVER: Deal}[self.phase]
        if not isinstance(action, wanted):
            doing = {PLAY_PHASE: f"player {player} must play a card to the trick",
                     TAKE_PHASE: f"the trick is full; player {player} (High) must take a card from it",
                     KEEP_PHASE: f"player {player} {self._must_keep()}",
                     ROUND_OVER: f"the round is over; player {player} deals the next one"}[self.phase]
            return "turn order", doing
        if isinstance(action, Play):
            if action.card not in self.hands[player]:
                return "cards in hand", f"player {player} does not hold {action.card.name}"
            colours = ", ".join(sorted(trick_colours(self.trick), key=COLOURS.index))
            most = self.rules.colours_in_trick
            return (f"at most {most} colour{'s' if most > 1 else ''} in a trick",
                    f"the trick already holds {colours}; {action.card.colour} would be a {ORDINALS[most + 1]} colour")
        if isinstance(action, Keep):
            return "the colours kept", f"player {player} {self._must_keep()}"
        if action.card in self.picked:  # a Take: every Deal is legal in its own phase
            return "High's pick", f"player {player} has already taken {action.card.name}"
        return "High's pick", f"{action.card.name} is not in the trick"

    def _must_keep(self) -> str:
        """What a player choosing must do, in words: ``holds all four colours and must keep two``."""
        rules = self.rules
        held = (f"all {NUMBER_WORDS[len(rules.colours)]}" if rules.choose_at == len(rules.colours)
                else NUMBER_WORDS[rules.choose_at])
        return f"holds {held} colours and must keep {NUMBER_WORDS[rules.scoring_colours]}"

    def _observe(self, seat: int) -> dict[str, Any]:
        """The seat's own hand and the table, each card once: ``picked`` gives the positions in
        ``trick`` of the cards High has taken so far.

        The rulebook keeps the stacks open "so that all players can see which colors a player is
        collecting, but not necessarily how many cards there are": we show them in full, since
        every taken card was seen in its trick (docs/rulings.md, Plotters Inc.). Discard piles lie
        face down and the worthless cards are out of the round: they are only counted.
        """
        played = [card for _, card in self.trick]
        return {
            "hand": self.hands[seat],
            "hand_sizes": tuple(len(hand) for hand in self.hands),
            "round": self.round_number + 1,
            "dealer": self.dealer,
            "phase": self.phase,
            "trick": self.trick,
            "picked": tuple(played.index(card) for card in self.picked),
            "stacks": self.stacks,
            "kept": self.kept,
            "discard_sizes": tuple(len(pile) for pile in self.discards),
            "worthless": len(self.worthless),
            "round_scores": self.round_scores,
        }

    def cards_in_game(self) -> Counter:
        """Every card of the deck for this many players, wherever it lies: in a hand, the trick, an
        open stack, a discard pile, among the worthless cards or left out by a scenario."""
        return Counter(chain(chain.from_iterable(self.hands), self._table_cards(), self._face_down_cards()))

    def cards_hidden_from(self, seat: int) -> Counter:
        """The other players' hands, every discard pile (face down, its owner's too: docs/rulings.md,
        Plotters Inc.), the worthless cards and those a scenario leaves out."""
        check_seat(seat, self.players)
        others = (hand for other, hand in enumerate(self.hands) if other != seat)
        return Counter(chain(chain.from_iterable(others), self._face_down_cards()))

    def _table_cards(self):
        """The face-up cards: the trick's and the open stacks'."""
        return chain((card for _, card in self.trick), (card for stacks in self.stacks for stack in stacks
                                                           for card in stack))

    def _face_down_cards(self):
        return chain(chain.from_iterable(self.discards), self.worthless, self.left_out)

    # -- moves
    def _after(self, action: Action) -> State:
        # The game goes on with its own action objects: an equal action built by hand may hold,
        # say, a (colour, number) tuple for its card.
        if type(action) is Play:
            return self._play(PLAY.get(action.card) or self._legal_twin(action))
        if type(action) is Take:
            return self._take(TAKE.get(action.card) or self._legal_twin(action))
        if type(action) is Keep:
            return self._keep(self._legal_twin(action))
        return self._deal_next_round()

    def _legal_twin(self, action: Action) -> Action:
        """The legal action equal to ``action``."""
        return next(legal for legal in self.legal_actions() if legal == action)

    def _play(self, action: Play) -> State:
        player = self.current_player
        card = action.card
        hands = list(self.hands)
        hand = hands[player]
        at = hand.index(card)
        hands[player] = hand[:at] + hand[at + 1:]
        trick = self.trick + ((player, card),)
        if len(trick) == 1:
            lines = (f"Player {player} leads {card.name}: {card.colour} is trump for this trick.",)
        else:
            lines = (f"Player {player} plays {card.name}.",)
        n = self.players
        rules = self.rules
        if len(trick) == n:
            high_seat, high_card = high_play(trick)
            low = low_play(trick)
            share = rules.high_takes
            if low is None:
                lines += (f"Every card is {high_card.colour}: High, player {high_seat} ({high_card.name}), "
                          f"picks {share}; the other {n - share} are discarded from the game and "
                          f"player {high_seat} leads next.",)
            else:
                lines += (f"High is player {high_seat} ({high_card.name}, the highest {high_card.colour}) and "
                          f"picks {share} cards; Low is player {low[0]} ({low[1].name}, the lowest card not "
                          f"{high_card.colour}) and takes the other {n - share} and leads next.",)
            return self.derive(links=(self.links, action, lines), phase=TAKE_PHASE, hands=tuple(hands), trick=trick)
        state = self.derive(links=(self.links, action, lines), hands=tuple(hands), trick=trick)
        next_player = (self.leader + len(trick)) % n
        if is_blocked(hands[next_player], trick, rules.colours_in_trick):
            colours = ", ".join(sorted(trick_colours(trick), key=COLOURS.index))
            held = sorted({card.colour for card in hands[next_player]}, key=COLOURS.index)
            which = (f"the {ORDINALS[len(rules.colours)]} colour" if len(rules.colours) == rules.colours_in_trick + 1
                     else "not a colour of the trick")
            return state._end_round(
                f"Player {next_player} holds only {_and(held)} cards, {which}, "
                f"and cannot play to a trick of {colours}: the round ends at once. The trick and "
                f"all cards still in hand are worthless.")
        return state

    def _take(self, action: Take) -> State:
        """High takes one card. Once High has his share, both winners place their cards (the rest
        leaves the game if every card had the led colour), and whoever now holds all four colours
        chooses two: High first, then Low (docs/rulings.md, Plotters Inc.; the two choices do not
        affect each other)."""
        player = self.current_player
        picked = self.picked + (action.card,)
        lines = (f"Player {player} (High) takes {action.card.name}.",)
        rules = self.rules
        if len(picked) < rules.high_takes:
            return self.derive(links=(self.links, action, lines), picked=picked)
        low = low_play(self.trick)
        rest = tuple(card for _, card in self.trick if card not in picked)
        stacks, discards, worthless = list(self.stacks), list(self.discards), self.worthless
        gains = [(player, picked)]
        if low is None:
            worthless = worthless + rest
            lines += (f"The other {len(rest)} ({_names(rest)}) leave the game.",)
            leader = player
        else:
            gains.append((low[0], rest))
            lines += (f"Player {low[0]} (Low) takes {_names(rest)}.",)
            leader = low[0]
        choosers = []
        for seat, cards in gains:
            stacks[seat], discards[seat] = collect(stacks[seat], discards[seat], self.kept[seat], cards)
            dropped = [card for card in cards if self.kept[seat] is not None and card.colour not in self.kept[seat]]
            if dropped:
                lines += (f"{_names(dropped).capitalize()} go{'es' if len(dropped) == 1 else ''} to player {seat}'s "
                          f"discard pile: not a kept colour.",)
            if must_choose_colours(stacks[seat], self.kept[seat], rules.choose_at):
                choosers.append(seat)
                lines += (f"Player {seat} now {self._must_keep()} of them.",)
        state = self.derive(links=(self.links, action, lines), picked=(), trick=(), leader=leader, stacks=tuple(stacks),
                            discards=tuple(discards), worthless=worthless, choosers=tuple(choosers),
                            phase=KEEP_PHASE if choosers else PLAY_PHASE, tricks_done=self.tricks_done + 1)
        return state if choosers else state._after_trick()

    def _keep(self, action: Keep) -> State:
        player = self.current_player
        stacks, discards = list(self.stacks), list(self.discards)
        stacks[player], discards[player] = keep_colours(stacks[player], discards[player], action.colours)
        kept = list(self.kept)
        kept[player] = action.colours
        dropped = [colour for colour, stack in zip(COLOURS, self.stacks[player]) if stack and colour not in action.colours]
        count = len(discards[player]) - len(self.discards[player])
        lines = (f"Player {player} keeps {_and(action.colours)}; the {_and(dropped)} "
                 f"stack{'s' if len(dropped) > 1 else ''} ({count_of(count, 'card')}) go"
                 f"{'' if len(dropped) > 1 else 'es'} face down to the discard pile.",)
        choosers = self.choosers[1:]
        state = self.derive(links=(self.links, action, lines), stacks=tuple(stacks), discards=tuple(discards),
                            kept=tuple(kept), choosers=choosers, phase=KEEP_PHASE if choosers else PLAY_PHASE)
        return state if choosers else state._after_trick()

    def _after_trick(self) -> State:
        """After the last trick (every hand is empty) the round ends; otherwise the leader leads."""
        if not any(self.hands):
            return self._end_round("Every hand is empty: the round ends after its last trick.")
        return self

    def _end_round(self, why: str) -> State:
        """Rulebook: "A round ends after the 14th trick" or when a player cannot play; then "the
        current trick and any remaining cards in the players’ hands are discarded without counting
        towards the score; they are worthless." Then every player scores; a tie for the most
        points after the last round shares the win (docs/rulings.md, Plotters Inc.)."""
        worthless = self.worthless + tuple(card for _, card in self.trick) + tuple(c for h in self.hands for c in h)
        scoring = self.rules.scoring_colours
        scores = tuple(score_round(self.open_sizes(seat), len(self.discards[seat]), scoring)
                       for seat in range(self.players))
        lines = [why] + [f"Player {seat} scores {score_formula(self.open_sizes(seat), len(self.discards[seat]), scoring)}."
                         for seat in range(self.players)]
        round_scores = self.round_scores + (scores,)
        over = len(round_scores) == self.rounds
        if over:
            totals = tuple(sum(column) for column in zip(*round_scores))
            best = max(totals)
            winners = [seat for seat, total in enumerate(totals) if total == best]
            lines.append(f"After {count_of(self.rounds, 'round')} the totals are {', '.join(map(str, totals))}: "
                         + (f"player {winners[0]} wins." if len(winners) == 1 else
                            f"players {', '.join(map(str, winners))} share the win."))
        else:
            lines.append(f"Player {(self.dealer + 1) % self.players}, left of the dealer, deals round "
                         f"{self.round_number + 2}.")
        return self.derive(phase=GAME_OVER if over else ROUND_OVER, trick=(), picked=(), worthless=worthless,
                           hands=((),) * self.players, round_scores=round_scores,
                           links=(self.links, None, tuple(lines)))

    def _deal_next_round(self) -> State:
        """"The new dealer is the player to the left of the previous dealer." """
        start, line = _round_start(self.setup, self.round_number + 1, (self.dealer + 1) % self.players)
        return self.derive(**start, links=(self.links, DEAL, (line,)))


def _unlink(links: tuple | None) -> list[tuple[Action | None, tuple[str, ...]]]:
    """The (action or None, log lines) of a chain of links, oldest first."""
    steps = []
    while links is not None:
        links, action, lines = links
        steps.append((action, lines))
    steps.reverse()
    return steps


def _names(cards) -> str:
    return _and([card.name for card in cards])


def _and(names) -> str:
    """``blue``, ``blue and red``, ``blue, green and red``."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _empty_collections(players: int) -> dict[str, tuple]:
    return {"stacks": (((),) * len(COLOURS),) * players, "kept": (None,) * players,
            "discards": ((),) * players}


def _round_start(setup: Setup, round_number: int, dealer: int) -> tuple[dict[str, Any], str]:
    """The fields of a round's first state (fresh hands from the seed, nothing on the table, nothing
    collected) and the round's first log line."""
    players = setup.players
    rules = rules_of.for_setup(setup)
    leader = first_leader(dealer, players)
    hands = deal(players, setup.seed, round_number, rules)
    dealt = set().union(*hands)
    fields_ = dict(round_number=round_number, dealer=dealer, phase=PLAY_PHASE, leader=leader,
                   hands=hands, trick=(), picked=(), worthless=(), choosers=(), tricks_done=0,
                   left_out=tuple(card for card in rules.deck if card not in dealt), **_empty_collections(players))
    line = (f"Round {round_number + 1} of {rules.rounds}: player {dealer} deals {rules.cards_per_player} cards to "
            f"everybody; player {leader}, left of the dealer, leads.")
    return fields_, line


# ---------------------------------------------------------------- making games


def new_game(players: int, *, seed: int | None = None, **variant) -> State:
    """A new game for 4 to 6 players: player 0 deals the first round, in place of the rulebook's
    vote (docs/rulings.md, Plotters Inc.), and player 1 leads.

    The options (``plotters.SPEC.options``, :mod:`.rules`) change the rulebook's numbers;
    ``rules_name`` names the rule set. Rules that would make a game unplayable are refused naming
    the rule and its bounds.

    >>> new_game(4, seed=1, cards_per_player=5, rules_name="short hands").setup.rules
    'short hands'
    >>> new_game(4, seed=1, colours=3, cards_per_player=11)
    Traceback (most recent call last):
    ValueError: cards_per_player must be from 1 to 10 with 4 players (the deck holds 42 cards), not 11

    >>> new_game(7, seed=1)
    Traceback (most recent call last):
    ValueError: Plotters Inc. players must be a whole number from 4 to 6, not 7
    """
    setup = game_spec(GAME).setup(players, seed, variant)
    start, line = _round_start(setup, 0, 0)
    return State(setup=setup, **start, links=(None, None, (line,)))
