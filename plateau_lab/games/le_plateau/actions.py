"""Le Plateau's moves: one frozen dataclass per move, whose text reads back with
:func:`parse_action`, and :func:`describe`, a move in the learner's words.

>>> str(parse_action("  BID exchange y duo ")), str(Give(parse_action("call RH").card, 2))
('bid Exchange Y Duo', 'give RH to 2')
"""

from __future__ import annotations

from dataclasses import dataclass

from plateau_lab.core import DEAL, Deal, ParseError, Play, parse_play, parse_seat, parse_whole
from plateau_lab.hexboard import Formation

from .bidding import Bid, parse_bid, parse_objective
from .cards import Card, parse_card

__all__ = ["Action", "MakeBid", "Pass", "PickGroup", "Discard", "Give", "Call", "Raise", "Keep", "Abdicate",
           "PASS", "KEEP", "ABDICATE", "parse_action", "describe"]

# ------------------------------------------------------------------ actions
# ``play CARD`` is core's Play (with 2 players the card may lie face up on a pile: the engine
# finds it) and ``deal`` is core's Deal.


@dataclass(frozen=True, slots=True)
class MakeBid:
    """"Make a bid that has a higher value than all previous bids"."""

    bid: Bid

    def __str__(self) -> str:
        return f"bid {self.bid}"


@dataclass(frozen=True, slots=True)
class Pass:
    """"Once a player passes, that player can't bid again.\""""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class PickGroup:
    """4 players with the full deck: the declarer picks talon group 1 or 2 to exchange with."""

    group: int

    def __post_init__(self):
        if type(self.group) is not int:
            raise TypeError(f"PickGroup(group) takes the group number 1 or 2, not {self.group!r:.40}")

    def __str__(self) -> str:
        return f"pick group {self.group}"


@dataclass(frozen=True, slots=True)
class Discard:
    """The declarer discards one card face down (3 in all; 2 with 2 players)."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Give:
    """6 players, Exchange: the declarer "gives 1 card, face down, to 2 different players"."""

    card: Card
    to: int

    def __post_init__(self):
        if type(self.to) is not int:
            raise TypeError(f"Give(card, to) takes a seat number as to, not {self.to!r:.40}")

    def __str__(self) -> str:
        return f"give {self.card} to {self.to}"


@dataclass(frozen=True, slots=True)
class Call:
    """The declarer announces a card to find a partner: the holder joins the declarer's team."""

    card: Card

    def __str__(self) -> str:
        return f"call {self.card}"


@dataclass(frozen=True, slots=True)
class Raise:
    """Increase the objective characteristic of the winning bid (once per player)."""

    objective: Formation

    def __str__(self) -> str:
        return f"raise to {self.objective}"


@dataclass(frozen=True, slots=True)
class Keep:
    """Decline the chance to increase the objective."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Abdicate:
    """5 players: after the partner raised, the declarer hands the role of declarer to the partner."""

    def __str__(self) -> str:
        return "abdicate"


Action = MakeBid | Pass | PickGroup | Discard | Give | Call | Raise | Keep | Abdicate | Play | Deal
PASS, KEEP, ABDICATE = Pass(), Keep(), Abdicate()

_ACTION_FORMS = ("pass", "keep", "abdicate", "deal", "bid <bid>", "pick group 1|2", "discard <card>",
                 "give <card> to <seat>", "call <card>", "raise to <objective>", "play <card>")
_SIMPLE = {"pass": PASS, "keep": KEEP, "abdicate": ABDICATE, "deal": DEAL}


def parse_action(text: str, *, players: int | None = None, where: str = "action") -> Action:
    """Read an action's text back (case and spacing ignored): ``"bid Exchange Y Duo"``, ``"pass"``,
    ``"pick group 2"``, ``"discard 7H"``, ``"give RS to 3"``, ``"call RH"``, ``"raise to Fork"``,
    ``"keep"``, ``"abdicate"``, ``"play 21"``, ``"deal"``. With ``players``, a seat is checked to be
    one of theirs.

    >>> parse_action("  GIVE rs TO 3 ")
    Give(card=Card('RS'), to=3)
    >>> parse_action("give RS to ²")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: action: the seat must be written in digits 0-9, got '²'
    """
    if not isinstance(text, str):
        raise TypeError(f"an action is read from text, not from a {type(text).__name__}")
    words = text.split()
    verb = words[0].casefold() if words else ""
    if len(words) == 1 and verb in _SIMPLE:
        return _SIMPLE[verb]
    second = words[1].casefold() if len(words) > 1 else ""
    if verb == "bid" and len(words) > 1:
        return MakeBid(parse_bid(" ".join(words[1:]), where=where))
    if verb == "pick" and second == "group" and len(words) == 3:
        return PickGroup(parse_whole(words[2], where=where, low=1, high=2, name="the talon group"))
    if verb == "give" and len(words) == 4 and words[2].casefold() == "to":
        seat = (parse_whole(words[3], where=where, name="the seat") if players is None
                else parse_seat(words[3], players, where=where))
        return Give(parse_card(words[1], where=where), seat)
    if verb == "raise" and second == "to" and len(words) > 2:
        return Raise(parse_objective(" ".join(words[2:]), where=where))
    if verb in ("discard", "call") and len(words) == 2:
        return (Discard if verb == "discard" else Call)(parse_card(words[1], where=where))
    if verb == "play" and len(words) == 2:
        return parse_play(" ".join(words), parse_card, where=where)
    shown = " ".join(words[:4])[:40] + (" …" if len(words) > 4 or len(" ".join(words[:4])) > 40 else "")
    raise ParseError(f"cannot read {shown!r}: expected one of {', '.join(_ACTION_FORMS)}", where=where)


def describe(action) -> str:
    """A move in the learner's words: its text, a call with the card's name, a keep and a deal in
    words.

    >>> describe(parse_action("call RH")), describe(parse_action("keep")), describe(parse_action("play 10H"))
    ('call the king of hearts (RH)', 'keep the objective', 'play 10H')
    """
    if isinstance(action, Call):
        return f"call the {action.card.describe()} ({action.card})"
    if isinstance(action, Keep):
        return "keep the objective"
    return "deal the next hand" if isinstance(action, Deal) else str(action)
