"""What a described game's hooks see and how the kit calls them: the table as every hook sees it
(:class:`Table`), a player's hand at its end for the ``score`` hook (:class:`Result`), a hook's
failure reported in words (:func:`call_hook`, :class:`HookError`), and the two rules of play a hook
may replace: which cards may be played (:func:`playable_cards`) and who wins a trick
(:func:`trick_winners`).

A hook is the class's own code: whatever it raises, or any answer the kit cannot play, stops the
game with a :class:`HookError` naming the hook and the position:

>>> call_hook("score", lambda result: 1 // 0, lambda: "the end of the hand", None)
Traceback (most recent call last):
plateau_lab.kit.hooks.HookError: the description's function score failed at the end of the hand: it raised ZeroDivisionError: integer division or modulo by zero
"""

from __future__ import annotations

__all__ = ["HookError", "Result", "Table", "Trick", "call_hook", "playable_cards", "trick_points", "trick_winners"]

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from plateau_lab.core import quoted
from plateau_lab.core.tricks import trick_taker

from .description import Card, TrickGame

#: A trick as played: each player's seat and card, from its leader on.
Trick = tuple[tuple[int, Card], ...]


@dataclass(frozen=True)
class Table:
    """What a hook sees: everything on the table, face up, and no hidden card. ``seat`` is the
    player the hook is asked about (to play, to bid, to score); ``led`` the suit led (None before
    the first card of a trick); ``trumps`` the trump suit (None: no trumps); ``bids`` as the
    player asked about sees them (a card laid face down that he may not see is ``"hidden"``);
    ``face_down`` the card the leader laid face down with the trick's lead (None: none;
    ``"hidden"`` while the player asked about may not see it; the card once the trick is full)."""

    players: int
    seat: int | None
    dealer: int
    hand_size: int
    trumps: str | None
    trick: Trick
    bids: tuple[int | None, ...]
    tricks_won: tuple[int, ...]
    finished_tricks: tuple[tuple[tuple[int, ...], Trick], ...]
    face_down: Card | str | None = None

    @property
    def led(self) -> str | None:
        return self.trick[0][1].suit if self.trick else None


@dataclass(frozen=True)
class Result:
    """A player's hand at its end, for the ``score`` hook: his ``bid`` (None: no bidding; the cards
    he laid, in order, when players lay cards as bids), the
    ``tricks`` he won, the ``cards`` of those tricks and their ``points`` (:class:`Scoring`'s
    ``card_points``)."""

    seat: int
    bid: int | None
    tricks: int
    cards: tuple[Card, ...]
    points: int


class HookError(ValueError):
    """A hook of the description failed or answered something the kit cannot play: says which hook,
    where in the game, and what went wrong.

    >>> print(HookError("trick_winner", "trick 2, after 3 moves", "it raised ZeroDivisionError: division by zero"))
    the description's function trick_winner failed at trick 2, after 3 moves: it raised ZeroDivisionError: division by zero
    """

    def __init__(self, hook: str, position: str, what: str):
        self.hook, self.position, self.what = hook, position, what
        super().__init__(f"the description's function {hook} failed at {position}: {what}")


def call_hook(name: str, hook: Callable[..., Any], position: Callable[[], str], *args: Any) -> Any:
    """``hook(*args)``, or :class:`HookError` naming it and the position when it raises."""
    try:
        return hook(*args)
    except Exception as err:          # the class's own code: whatever it raises is reported, in words
        raise HookError(name, position(), f"it raised {type(err).__name__}: {err}") from err



def playable_cards(game: TrickGame, hand: tuple[Card, ...], table: Table, where: Callable[[], str]) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played at ``table`` (``where()`` words the position for a
    hook's failure), in hand order, equal cards once: the description's ``may_play``, else follow
    the suit led if you can."""
    hand = tuple(dict.fromkeys(hand))
    hook = game.may_play
    if hook is None:
        return tuple(card for card in hand if card.suit == table.led) or hand
    chosen = call_hook("may_play", hook, where, hand, table)
    try:
        chosen = set(chosen)
    except TypeError:
        raise HookError("may_play", where(), f"it gave {quoted(chosen)}, not a collection of cards") from None
    strange = [card for card in chosen if card not in hand]
    if strange:
        raise HookError("may_play", where(), f"it gave {quoted(strange[0])}, which is not a card of player "
                                             f"{table.seat}'s hand")
    if not chosen:
        raise HookError("may_play", where(), f"it left player {table.seat} no card to play "
                                             f"(hand: {' '.join(map(str, hand))})")
    return tuple(card for card in hand if card in chosen)


def trick_winners(game: TrickGame, table: Table, where: Callable[[], str], *, nobody: bool = False
                  ) -> tuple[int, ...]:
    """The seats that win the full trick on ``table``, in the order they played: the description's
    ``trick_winner``, else the highest trump, else the highest card of the suit led (of equal
    cards, the first played). With ``nobody`` the hook may name nobody (None or no player)."""
    trick, hook = table.trick, game.trick_winner
    if hook is None:
        return (trick_taker(trick, table.trumps, _strength),)
    answer = call_hook("trick_winner", hook, where, trick, table)
    if nobody and (answer is None or answer == () or answer == [] or answer == set()):
        return ()
    named = (answer,) if isinstance(answer, int) and not isinstance(answer, bool) else answer
    seats = [seat for seat, _ in trick]
    try:
        named = set(named)
    except TypeError:
        named = None
    if not named or not all(isinstance(seat, int) and not isinstance(seat, bool) and seat in seats
                            for seat in named):
        raise HookError("trick_winner", where() + f", trick {' '.join(str(card) for _, card in trick)}",
                        f"it gave {quoted(answer)}; a trick's winner is a player who played to it (one of "
                        f"{', '.join(map(str, seats))}), or several" + (", or nobody (None)" if nobody else ""))
    return tuple(seat for seat in seats if seat in named)


def trick_points(game: TrickGame, winners: tuple[int, ...], table: Table, where: Callable[[], str]
                 ) -> tuple[int, ...]:
    """What each player scores for the full trick on ``table`` won by ``winners``: the description's
    ``trick_points`` to each winner, else its ``per_trick``."""
    hook, each = game.scoring.trick_points, game.scoring.per_trick
    if hook is not None and winners:
        each = call_hook("trick_points", hook, where, winners, table)
        if isinstance(each, bool) or not isinstance(each, int) or abs(each) > 1000:
            raise HookError("trick_points", where(), f"it gave {quoted(each)} for the trick "
                                                     f"{' '.join(str(card) for _, card in table.trick)}, not a whole "
                                                     "number from -1000 to 1000")
    return tuple(each if seat in winners else 0 for seat in range(table.players))


def _strength(card: Card) -> int:
    return card.strength
