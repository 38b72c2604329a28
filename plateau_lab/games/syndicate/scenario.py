"""The Syndicate's scenarios: :func:`scenario` reads a position written as text (for "what should
the mastermind lead here?" exercises), with the helpers that read its lines and check its hands;
``EXAMPLE_SCENARIO`` is a position play reaches, the examples' starting point.
"""

from __future__ import annotations

from typing import Any

from plateau_lab.core import (ParseError, allows, count_of, game_spec, parse_cards, parse_seat, parse_whole,
                              scenario_fields, seeded_random)

from .cards import DECK, Card, parse_card
from .engine import GAME, HAND_LIMIT, PLAYERS, State, enforcers_of, game_winner

__all__ = ["SCENARIO_KEYS", "SCENARIO_EXCEPTIONS", "PLAYED_HAND_SIZES", "FEWEST_CARDS", "EXAMPLE_SCENARIO", "scenario"]


SCENARIO_KEYS = ("mastermind", "scores", "hand 0", "hand 1", "hand 2", "draw", "discards", "turn")
#: What a scenario may set up against the rules, when an ``allow:`` line names it.
SCENARIO_EXCEPTIONS = ("hand sizes", "game over")
#: The hand sizes (mastermind, enforcer on his left, other enforcer) that play leaves at the start
#: of a turn, after the mastermind has drawn: 5, 4, 3 on the first turn; later the left enforcer
#: led two turns ago and has answered once since, the other led last turn.
PLAYED_HAND_SIZES = frozenset({(5, 4, 3), (5, 2, 3), (5, 2, 4), (5, 3, 3), (5, 3, 4)})
#: The fewest cards (mastermind, left enforcer, other enforcer) with which nobody can ever be left
#: to answer with an empty hand: the mastermind may lead two cards and then answers on the next two
#: turns; the other enforcer answers now and on the next turn; the left one answers now, then draws.
FEWEST_CARDS = (4, 1, 2)
EXAMPLE_SCENARIO = """\
    mastermind: 0
    scores: 3 5 2
    hand 0: Diplomat, Author, Castle, Ace of Moons, Huntress
    hand 1: Merchant, Desert
    hand 2: Origin, Pact, Savage
    draw: Bard
    discards: Sea, Journey
"""


def scenario(text: str, *, seed: int | None = None, **variant) -> State:
    """A position written as text, for "what should the mastermind lead here?" exercises.

    One ``key: value`` per line (``#`` starts a comment); the keys are ``hand 0``, ``hand 1``,
    ``hand 2`` (required), ``mastermind`` (default 0), ``scores`` (three, default ``0 0 0``),
    ``draw`` (the top cards of the draw pile, top first), ``discards``, ``turn`` (its number, for
    the log; default 2) and ``allow``. Cards are named as :func:`~.cards.parse_card` reads them,
    separated by commas, each at most once in the whole position; the cards named nowhere go,
    shuffled by the seed, under the named ``draw`` cards. The position is at the start of the
    mastermind's turn, after he has drawn:

    >>> print(EXAMPLE_SCENARIO)
        mastermind: 0
        scores: 3 5 2
        hand 0: Diplomat, Author, Castle, Ace of Moons, Huntress
        hand 1: Merchant, Desert
        hand 2: Origin, Pact, Savage
        draw: Bard
        discards: Sea, Journey
    <BLANKLINE>
    >>> game = scenario(EXAMPLE_SCENARIO, seed=0)
    >>> game.current_player, game.scores, len(game.draw_pile)
    (0, (3, 5, 2), 24)

    The hands must have sizes that play leaves at the start of a turn: five cards for the
    mastermind, two or three for the enforcer on his left and three or four for the other (four
    and three on the game's first turn). Two exceptions may be set up, each only when a line
    ``allow: NAME`` names it:

    - ``hand sizes``: other sizes, as long as no hand holds more than five and nobody can ever be
      left to answer with no card: the mastermind holds at least four (he may lead two, then
      answers on the next two turns), the enforcer on his left at least one and the other
      enforcer at least two (he answers on this turn and the next before he draws).
    - ``game over``: scores that have already ended the game (a finished position to look at:
      nobody moves; the hands may then hold anything up to five cards).

    >>> scenario("hand 0: Sea, Bard\\nhand 1: Cave, Mill\\nhand 2: Pact, Mill", seed=0)
    Traceback (most recent call last):
    plateau_lab.core.ParseError: line 3 (hand 2): Mill is written twice (also in line 2 (hand 1))
    """
    setup = game_spec(GAME).setup(PLAYERS, seed, variant, scenario=text)
    fields = scenario_fields(text, known=SCENARIO_KEYS.__contains__,
                             expected=f"a key among {', '.join(SCENARIO_KEYS)}", exceptions=SCENARIO_EXCEPTIONS)
    for seat in range(PLAYERS):
        if f"hand {seat}" not in fields:
            raise ParseError(f"the scenario must give 'hand {seat}: ...'", where="scenario")
    seen: dict[Any, list[str]] = {}
    hands = tuple(_scenario_cards(fields, f"hand {seat}", seen) for seat in range(PLAYERS))
    named_draw, discards = _scenario_cards(fields, "draw", seen), _scenario_cards(fields, "discards", seen)
    mastermind = parse_seat(fields["mastermind"][1], PLAYERS, where=_line(fields, "mastermind")) \
        if "mastermind" in fields else 0
    turn_number = parse_whole(fields["turn"][1], where=_line(fields, "turn"), low=1, high=10_000, name="the turn") \
        if "turn" in fields else 2
    scores = _scenario_scores(fields)
    winner = game_winner(scores, setup.variant["target"])
    if winner is not None and not allows(fields, "game over"):
        raise ParseError(f"the scores {' '.join(map(str, scores))} already end the game (player {winner} has reached "
                         f"{setup.variant['target']}, the untied highest); write 'allow: game over' to show a "
                         "finished game", where=_line(fields, "scores"))
    _check_hand_sizes(fields, hands, mastermind, finished=winner is not None)
    rest = [card for card in DECK if card not in seen]
    seeded_random(setup.seed, "scenario").shuffle(rest)
    opening = (f"Scenario: the game is over; player {winner} wins with {count_of(scores[winner], 'point')}." if winner is not None
               else f"Scenario: turn {turn_number}, player {mastermind} is the mastermind.")
    return State(setup, hands, named_draw + tuple(rest), discards, scores, mastermind, turn_number, log=(opening,))


def _line(fields: dict[str, tuple[int, str]], key: str) -> str:
    """Where a scenario's ``key`` is written, for a ParseError: ``'line 3 (hand 2)'``."""
    return f"line {fields[key][0]} ({key})"


def _scenario_cards(fields: dict[str, tuple[int, str]], key: str, seen: dict[Any, list[str]]) -> tuple[Card, ...]:
    """The cards of a scenario's line ``key`` (none when it is missing), each card at most once in all."""
    if key not in fields:
        return ()
    return parse_cards(fields[key][1], parse_card, where=_line(fields, key), seen=seen)


def _scenario_scores(fields: dict[str, tuple[int, str]]) -> tuple[int, int, int]:
    """A scenario's ``scores``: three whole numbers, separated by spaces or commas."""
    if "scores" not in fields:
        return (0, 0, 0)
    where = _line(fields, "scores")
    parts = fields["scores"][1].replace(",", " ").split()
    if len(parts) != PLAYERS:
        raise ParseError(f"expected {PLAYERS} scores, one per player, got {len(parts)}", where=where)
    return tuple(parse_whole(part, where=where, name="a score") for part in parts)


def _check_hand_sizes(fields: dict[str, tuple[int, str]], hands: tuple[tuple[Card, ...], ...], mastermind: int,
                      *, finished: bool) -> None:
    """Refuse hands that no play leaves (unless ``allow: hand sizes``) and, always, hands of more
    than five cards or hands so short that someone could be left to answer with no card."""
    for seat, hand in enumerate(hands):
        if len(hand) > HAND_LIMIT:
            raise ParseError(f"player {seat} holds {len(hand)} cards; nobody ever holds more than {HAND_LIMIT}",
                             where=_line(fields, f"hand {seat}"))
    if finished:
        return
    seats = (mastermind, *enforcers_of(mastermind))
    roles = ("the mastermind", "the enforcer on the mastermind's left", "the other enforcer")
    sizes = tuple(len(hands[seat]) for seat in seats)
    for seat, role, size, fewest in zip(seats, roles, sizes, FEWEST_CARDS):
        if size < fewest:
            raise ParseError(f"{role} (player {seat}) holds {count_of(size, 'card')}; with fewer than "
                             f"{fewest} he could be left to answer with no card, which no scenario may set up",
                             where=_line(fields, f"hand {seat}"))
    if sizes not in PLAYED_HAND_SIZES and not allows(fields, "hand sizes"):
        raise ParseError(f"play never leaves hands of {sizes[0]}, {sizes[1]} and {sizes[2]} cards (mastermind, "
                         "enforcer on his left, other enforcer): the mastermind holds 5 after drawing, the enforcer on "
                         "his left 2 or 3 and the other 3 or 4 (4 and 3 on the first turn); write 'allow: hand sizes' "
                         "to set up other sizes", where=_line(fields, f"hand {mastermind}"))
