"""The table in words: what a player sees at the table, said in sentences, for a screen reader.

Every picture of a table has a text alternative made from the player's observation
(:meth:`plateau_lab.core.GameState.observation`), never from the state itself, so it cannot say a
card the player may not see: whose turn it is, the player's hand, how many cards the others hold,
what lies on the table (the trick, the rows, the stacks, the board's counters by place) and the
scores. :func:`table_words` reads one observation, in every game of the registry: a game says what
is its own through its table view's ``words`` (:class:`plateau_lab.core.tableview.TableView`, in
its ``view.py``), built from the sentences every game shares here (:class:`Speaker`); a game
without one gets those shared sentences alone.

>>> from plateau_lab.core import game_spec
>>> state = game_spec("oh_hell").new_game(4, seed=1)
>>> for line in table_words(state.observation(0)):
...     print(line)
You are player 0 of 4. Player 1 is to bid.
Your hand, 9 cards: 3 of clubs, 7 of clubs, 8 of clubs, jack of clubs, 10 of diamonds, king of diamonds, ace of spades, 5 of hearts, jack of hearts.
Cards in the other hands: player 1 holds 9, player 2 holds 9, player 3 holds 9.
Hand of 9 tricks; you dealt. Trumps: hearts (the turned card is the queen of hearts).
No bids yet.
Scores: you 0, player 1 0, player 2 0, player 3 0.

At a shared table the players have names, and the words use them:

>>> table_words(state.observation(0), names={0: "Ann", 1: "Bob"})[:3]
('You are Ann, player 0 of 4. Bob is to bid.', 'Your hand, 9 cards: 3 of clubs, 7 of clubs, 8 of clubs, jack of clubs, 10 of diamonds, king of diamonds, ace of spades, 5 of hearts, jack of hearts.', 'Cards in the other hands: Bob holds 9, player 2 holds 9, player 3 holds 9.')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import count_of
from .registry import game_spec

__all__ = ["HIDDEN", "ONLOOKER", "Speaker", "card_words", "cards_words", "onlooker_words", "rows_sentences",
           "said_with_cards", "seen_by_all", "table_words", "target_labels"]

#: The words of a card no player may see, where the observation has it face down.
HIDDEN = "hidden"

#: The seat of an onlooker in the words: nobody at the table, who sees every hand face down.
ONLOOKER = -1


def card_words(card: Any) -> str:
    """One card in words: its game's own description (``7 of clubs``; Le Plateau's ``trump 15``; a
    Syndicate card with its suits), else its name (``blue 2``), else its text (``7 red``); a card
    seen face down is ``a face-down card``.

    >>> from plateau_lab.games.oh_hell.cards import parse_card
    >>> card_words(parse_card("QH")), card_words(HIDDEN)
    ('queen of hearts', 'a face-down card')
    """
    if card is None or card == HIDDEN:
        return "a face-down card"
    describe = getattr(card, "describe", None)
    if callable(describe):
        return describe().removeprefix("the ")
    name = getattr(card, "name", None)
    return name if isinstance(name, str) else str(card)


def cards_words(cards: Iterable[Any]) -> str:
    """Cards in words, separated by commas; ``none`` for no card.

    >>> cards_words([]), cards_words(["blue 2", HIDDEN])
    ('none', 'blue 2, a face-down card')
    """
    cards = list(cards)
    return ", ".join(card_words(card) for card in cards) if cards else "none"


@dataclass(frozen=True)
class Speaker:
    """The sentences every game's words share, said to the player in seat ``you``: the others by the
    names the table shows (``names``, by seat; ``player 2`` for a seat with none).

    >>> say = Speaker(0, {1: "Bob"})
    >>> say.who(0), say.who(1), say.who(2), say.Who(2), say.does(0, "lead"), say.does(1, "lead")
    ('you', 'Bob', 'player 2', 'Player 2', 'you lead', 'Bob leads')
    """
    you: int
    names: Mapping[int, str] = field(default_factory=dict)

    def who(self, seat: int) -> str:
        return "you" if seat == self.you else self.names.get(seat, f"player {seat}")

    def Who(self, seat: int) -> str:
        said = self.who(seat)
        return said[:1].upper() + said[1:]

    def does(self, seat: int, verb: str) -> str:
        """The player and a verb that agrees with him: ``you lead``, ``Bob leads``."""
        return f"{self.who(seat)} {verb if seat == self.you else verb + 's'}"

    def played(self, pairs: Iterable[tuple[int, Any]]) -> str:
        """Cards played to a trick, in order: ``player 1: 4 of clubs, you: 9 of hearts``."""
        return ", ".join(f"{self.who(seat)}: {card_words(card)}" for seat, card in pairs)

    def scores(self, seen: Mapping[str, Any], word: str = "Scores") -> str:
        return f"{word}: " + ", ".join(f"{self.who(seat)} {score}" for seat, score in enumerate(seen["scores"])) + "."

    def turn(self, seen: Mapping[str, Any], doing: str = "play") -> str:
        you, now = seen["seat"], seen["current_player"]
        name = self.names.get(you)
        head = (f"You are watching a table of {seen['players']}; every hand is face down to you. "
                if you == ONLOOKER else f"You are {name + ', ' if name else ''}player {you} of {seen['players']}. ")
        if seen["is_over"]:
            return head + "The game is over."
        return head + ("It is your turn" if now == you else f"{self.Who(now)} is") + f" to {doing}."

    def hands(self, seen: Mapping[str, Any]) -> list[str]:
        if self.you == ONLOOKER:
            sizes = ", ".join(f"{self.who(seat)} holds {size}" for seat, size in enumerate(seen["hand_sizes"]))
            return [f"Cards in the hands: {sizes}."]
        hand = seen["hand"]
        others = [f"{self.who(seat)} holds {size}" for seat, size in enumerate(seen["hand_sizes"]) if seat != self.you]
        return [f"Your hand, {count_of(len(hand), 'card')}: {cards_words(hand)}.",
                "Cards in the other hands: " + ", ".join(others) + "."]


def rows_sentences(seen: Mapping[str, Any], say: Speaker) -> list[str]:
    """The words of a game of rows (Coloretto's, or one described with the kit's ``RowGame``): the
    round and the supply, the drawn card, each row, each player's collection, the scores."""
    rows = []
    for number, (row, room) in enumerate(zip(seen["rows"], seen["capacities"]), start=1):
        rows.append(f"row {number} taken" if row is None else
                    f"row {number} ({len(row)} of {room}): {cards_words(row)}")
    lines = [say.turn(seen, "draw or take a row"),
             f"Round {seen['round']}" + (", the last round" if seen["last_round"] else "") +
             f"; {count_of(seen['supply_count'], 'card')} left to draw."
             + (f" Drawn card to place: {card_words(seen['drawn'])}." if seen["drawn"] is not None else ""),
             "Rows: " + "; ".join(rows) + "."]
    for seat, (collected, out) in enumerate(zip(seen["collections"], seen["sat_out"])):
        lines.append(f"{say.Who(seat)} collected {cards_words(collected)}"
                     + (" and sat out this round" if out else "") + ".")
    return lines + [say.scores(seen)]


def seen_by_all(state: Any) -> dict[str, Any]:
    """What every seat of ``state`` sees alike: the observations of all seats, kept where they agree.
    Where they differ, what the seat that knows least sees: a card face down (``HIDDEN``) where any
    seat has it face down, a count where any seat sees only how many; else face down. The onlooker's
    seat is ``ONLOOKER``, with no hand of its own.

    >>> from plateau_lab.core import game_spec
    >>> seen = seen_by_all(game_spec("oh_hell").new_game(3, seed=1))
    >>> seen["seat"], seen["hand"], seen["hand_sizes"], str(seen["trump_card"])
    (-1, [], (13, 13, 13), '10H')
    """
    seen = _alike([state.observation(seat) for seat in range(state.players)])
    return {**seen, "seat": ONLOOKER, "hand": [], "legal_actions": []}


def _alike(values: list[Any]) -> Any:
    first = values[0]
    if all(value == first for value in values[1:]):
        return first
    if any(isinstance(value, str) and value == HIDDEN for value in values):
        return HIDDEN
    counts = [value for value in values if isinstance(value, int) and not isinstance(value, bool)]
    if counts and len(counts) < len(values):
        return counts[0]
    if all(isinstance(value, dict) and value.keys() == first.keys() for value in values):
        return {key: _alike([value[key] for value in values]) for key in first}
    if all(type(value) in (list, tuple) and len(value) == len(first) for value in values):
        return type(first)(_alike(list(parts)) for parts in zip(*values))
    return HIDDEN


def onlooker_words(state: Any, names: Mapping[int, str] | None = None) -> tuple[str, ...]:
    """What an onlooker of a table sees, who sees every hand face down: the table's words
    (:func:`table_words`) from what every seat sees alike (:func:`seen_by_all`), the players by
    ``names``.

    >>> from plateau_lab.core import game_spec
    >>> for line in onlooker_words(game_spec("oh_hell").new_game(3, seed=1), {1: "Bob"}):
    ...     print(line)
    You are watching a table of 3; every hand is face down to you. Player 0 is to bid.
    Cards in the hands: player 0 holds 13, Bob holds 13, player 2 holds 13.
    Hand of 13 tricks; player 2 dealt. Trumps: hearts (the turned card is the 10 of hearts).
    No bids yet.
    Scores: player 0 0, Bob 0, player 2 0.
    """
    return table_words(seen_by_all(state), names)


def table_words(seen: Mapping[str, Any], names: Mapping[int, str] | None = None) -> tuple[str, ...]:
    """What the player whose observation ``seen`` is sees at the table, one sentence a line (see
    the module docstring), the other players called by ``names`` (by seat) where given. A game's own
    words come from its table view; a game with none gets the words every game shares.

    >>> from plateau_lab.core import game_spec
    >>> table_words(game_spec("coloretto").new_game(2, seed=3).observation(1))[0]
    'You are player 1 of 2. It is your turn to draw or take a row.'
    """
    say = Speaker(seen["seat"], dict(names or {}))
    view = game_spec(seen["game"]).table_view()
    if view is not None and view.words is not None:
        return tuple(view.words(seen, say))
    return (say.turn(seen), *say.hands(seen), say.scores(seen))


def said_with_cards(words: str, hand: Iterable[Any]) -> str:
    """A move's words with each card of ``hand`` in words, as a screen reader says it best.

    >>> from plateau_lab.games.oh_hell.cards import parse_card
    >>> said_with_cards("play 9D", [parse_card("9D"), parse_card("10D")])
    'play 9 of diamonds'
    """
    for card in sorted(hand, key=lambda card: -len(str(card))):
        words = re.sub(rf"(?<![\w+-]){re.escape(str(card))}(?![\w+-])", card_words(card), words)
    return words


def target_labels(legal: Sequence[Any], clicks_of: Callable[[Any], Sequence[str]], wording: Callable[[Any], str],
                  hand: Iterable[Any], picked: tuple[str, ...] = ()) -> dict[str, str]:
    """What a screen reader says for each target of a picture: each card of ``hand`` in words, and a
    target whose click makes one of the ``legal`` moves (``picked`` clicked before it) by the move's
    words (``wording``, cards in words); a first click of a longer move keeps its card's words, else
    its own name.

    >>> from plateau_lab.core import game_spec
    >>> from plateau_lab.core.tableview import card_clicks
    >>> state = game_spec("oh_hell").new_game(3, seed=1).apply("bid 0").apply("bid 0").apply("bid 0")
    >>> hand = state.observation(state.current_player)["hand"]
    >>> labels = target_labels(state.legal_actions(), card_clicks, str, hand)
    >>> sorted(labels.items())[0]
    ('card 3C', 'play 3 of clubs')
    """
    hand = tuple(hand)
    labels = {f"card {card}": card_words(card) for card in hand}
    depth = len(picked)
    for action in legal:
        clicks = tuple(clicks_of(action))
        if len(clicks) <= depth or clicks[:depth] != picked:
            continue
        if len(clicks) == depth + 1:
            labels[clicks[depth]] = said_with_cards(wording(action), hand)
        else:
            labels.setdefault(clicks[depth], clicks[depth])
    return labels
