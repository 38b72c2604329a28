"""Where the game's points came from in The Syndicate: every turn counted, as mastermind and as enforcer.

"If the enforcers' total is higher ... Each enforcer scores one point." "If the mastermind's total
is higher ... If the mastermind played two cards ... he scores one point. If the mastermind did
not play a face down card, then he scores two points." (:func:`~.engine.turn_points`)::

    >>> from plateau_lab.games.syndicate.engine import ResolvedTurn, Turn
    >>> from plateau_lab.games.syndicate.cards import parse_card
    >>> won = ResolvedTurn(Turn(0, parse_card("Sea"), None), 9, 4, (2, 0, 0))
    >>> foiled = ResolvedTurn(Turn(1, parse_card("Sea"), None), 3, 8, (1, 0, 1))
    >>> print("; ".join(map(str, turn_items((won, foiled), 0))))
    mastermind 1 time; 1 plot led with no face-down card succeeded, 2 points each +2; 1 plot foiled as an enforcer, 1 point each +1
"""

from __future__ import annotations

from collections.abc import Iterable

from plateau_lab.core import NotReplayable, count_of
from plateau_lab.core.scoresheet import ScoreSheet, SheetItem, SheetRow


__all__ = ["resolved_turns", "score_sheet", "turn_items"]


def turn_items(turns: Iterable, seat: int, *, before: int = 0) -> tuple[SheetItem, ...]:
    """``seat``'s points in parts, from the resolved ``turns`` (the engine's ``ResolvedTurn``): the
    plots it led that succeeded (the rulebook's 2 points with no face-down card, 1 with one) and the
    plots it foiled as an enforcer (1 point each), each as the game's rule set scored it;
    ``before``, points held when the replayed game began (a written position)."""
    turns = tuple(turns)
    led = [turn for turn in turns if turn.turn.mastermind == seat]
    succeeded = [turn for turn in led if turn.mastermind_total > turn.enforcers_total]
    alone = [turn for turn in succeeded if turn.turn.face_down is None]
    with_face_down = [turn for turn in succeeded if turn.turn.face_down is not None]
    foiled = [turn for turn in turns if turn.turn.mastermind != seat and turn.enforcers_total > turn.mastermind_total]
    items = [SheetItem(f"mastermind {count_of(len(led), 'time')}")]
    if before:
        items.append(SheetItem("points at the start of the position played", before))
    for group, what in ((alone, "led with no face-down card succeeded"),
                        (with_face_down, "led with a face-down card succeeded"),
                        (foiled, "foiled as an enforcer")):
        if group:                   # one rule set per game: every turn of a group scored alike
            each = group[0].points[seat]
            items.append(SheetItem(f"{count_of(len(group), 'plot')} {what}, {count_of(each, 'point')} each",
                                   sum(turn.points[seat] for turn in group)))
    return tuple(items)


def resolved_turns(state) -> tuple[tuple, tuple[int, ...]]:
    """(every turn resolved in the game up to ``state``, in order; the points when the replayed game
    began). A position with no past to replay gives its last turn only, the rest counted as before."""
    try:
        states = state.states()
    except NotReplayable:
        turns = (state.last_turn,) if state.last_turn else ()
        return turns, tuple(points - sum(turn.points[seat] for turn in turns) for seat, points in enumerate(state.points))
    turns, seen = [], None
    for position in states:
        if position.last_turn is not None and position.last_turn is not seen:
            seen = position.last_turn
            turns.append(seen)
    return tuple(turns), tuple(states[0].points)


def score_sheet(state, seat: int) -> ScoreSheet | None:
    """The game's sheet once it is over (every turn's cards were turned face up as it resolved); None before."""
    if not state.is_over:
        return None
    turns, before = resolved_turns(state)
    rows = tuple(SheetRow(player, turn_items(turns, player, before=before[player]), total=state.points[player])
                 for player in range(state.players))
    return ScoreSheet(f"The game, {count_of(len(turns), 'turn')} counted: the first to {count_of(state.target, 'point')} "
                      "with the untied highest score wins", rows)
