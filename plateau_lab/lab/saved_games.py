"""Saved games read like simulated ones: a class's games at the shared tables in the lab's table.

The teacher's view downloads the class's finished games as a JSON list of saves (each as
``to_json`` writes it: ``/teacher/games.json``). :func:`saved_game_rows` replays each save through
the game's engine (every move checked, as ``load_json`` does) and gives the rows
:func:`~plateau_lab.lab.simulate.simulate` gives for one game and player, with its columns: the
setup (``game, players, variant, rules, game_index, seed, seat``), the result (``score, rank,
winner, win_share, actions, margin``), ``starter`` (the seat that made the first move) and the
shape's measures (``moves, decisions, lead_changes``, read after every move). ``bot`` says
``"a saved game"`` (a save does not say who played) and ``bot_seed`` is empty. So the lab's
questions are asked of the class's own games, e.g. "does the first player win more often?" with
:func:`plateau_lab.lab.stats.first_player_advantage`::

    >>> from plateau_lab.core import game_spec, play_out
    >>> from plateau_lab.core.bots import RandomBot
    >>> games = [play_out(game_spec("syndicate").new_game(3, seed=seed, target=2), [RandomBot(seat) for seat in range(3)])
    ...          for seed in range(4)]
    >>> saves = "[" + ",".join(game.to_json() for game in games) + "]"
    >>> rows = saved_game_rows(saves)
    >>> len(rows), rows[0]["rules"], sorted(rows[0])[:6]
    (12, 'target 2', ['actions', 'bot', 'bot_seed', 'decisions', 'game', 'game_index'])
    >>> [sum(row["win_share"] for row in rows if row["game_index"] == index) for index in range(4)]
    [1.0, 1.0, 1.0, 1.0]

A save that cannot be read, or a game not over (it has no final scores to compare), is refused
with a ValueError naming the game's place in the list and what is wrong; nothing is skipped
silently. :func:`saved_games` gives the same rows as a pandas table (where pandas is installed).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from ..core import GameState, ParseError, game_spec, load_json
from .shape import MoveCounter, Shape, lead_changes, margin
from .simulate import ranks

__all__ = ["SAVED_GAME", "saved_game_rows", "saved_games"]

#: The ``bot`` column of a saved game's rows: a save does not say who played each seat.
SAVED_GAME = "a saved game"


def saved_game_rows(saves: str | bytes | Sequence[str | dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per saved game and player, with :func:`~plateau_lab.lab.simulate.simulate`'s columns
    (see the module docstring). ``saves`` is the JSON text of a list of saves (the teacher's
    download), or a list of saves (each its JSON text or object)."""
    rows: list[dict[str, Any]] = []
    for index, save in enumerate(_listed(saves)):
        try:
            first, actions = _first_state_and_moves(save)
            rows.extend(_rows_of(index, first, actions))
        except (ParseError, ValueError, TypeError) as err:
            raise ValueError(f"saved game {index} (counting from 0) cannot be read: {err}") from None
    return rows


def saved_games(saves: str | bytes | Sequence[str | dict[str, Any]]):
    """:func:`saved_game_rows` as a pandas table (the columns in :func:`simulate`'s order)."""
    import pandas as pd

    return pd.DataFrame(saved_game_rows(saves))


def _listed(saves: Any) -> list[Any]:
    if isinstance(saves, bytes | bytearray):
        saves = bytes(saves).decode("utf-8")
    if isinstance(saves, str):
        try:
            saves = json.loads(saves)
        except json.JSONDecodeError as err:
            raise ValueError(f"the saved games are a JSON list of saves; line {err.lineno}, column {err.colno}: "
                             f"{err.msg}") from None
        if isinstance(saves, dict):
            saves = [saves]
    if not isinstance(saves, Iterable) or isinstance(saves, dict):
        raise TypeError(f"the saved games are a JSON list of saves, or a list of saves, not a {type(saves).__name__}")
    return list(saves)


def _first_state_and_moves(save: Any) -> tuple[GameState, list[str]]:
    """The saved game's first state and its moves' texts (each checked when replayed)."""
    data = json.loads(save) if isinstance(save, str | bytes | bytearray) else save
    if not isinstance(data, dict) or not isinstance(data.get("actions"), list):
        raise ParseError("expected a save (a JSON object with its actions)", where="top level")
    first = load_json(json.dumps({**data, "actions": []}))
    return first, data["actions"]


def _rows_of(index: int, first: GameState, actions: list[str]) -> list[dict[str, Any]]:
    state, counter, scores = first, MoveCounter(first.players), [tuple(first.scores)]
    for action in actions:
        if not isinstance(action, str):
            raise ParseError(f"expected the text of an action, got {action!r}", where=f"actions[{counter.moves}]")
        counter(state.current_player, state.legal_actions(), len(state.history))
        state = state.apply(action)
        scores.append(tuple(state.scores))
    if not state.is_over:
        raise ValueError(f"the game is not over ({len(actions)} moves): only finished games have a result")
    setup, spec = state.setup, game_spec(state.setup.game)
    rulebook = spec.check_variant({})
    changed = {name: value for name, value in setup.variant.items() if rulebook.get(name) != value}
    shape = Shape(tuple(counter.moves), tuple(counter.decisions), lead_changes(scores))
    final = list(state.scores)
    best, ahead = max(final), margin(final)
    tied = final.count(best)
    base = {"game": setup.game, "players": setup.players,
            "variant": ", ".join(f"{name}={value!r}" for name, value in changed.items()) or "standard",
            "rules": spec.rule_set_name(changed), "game_index": index, "seed": setup.seed}
    return [dict(base, seat=seat, bot=SAVED_GAME, bot_seed=None, score=score, rank=rank, winner=score == best,
                 actions=len(actions), win_share=1 / tied if score == best else 0.0, starter=counter.starter,
                 margin=ahead, **shape.row(seat))
            for seat, (score, rank) in enumerate(zip(final, ranks(final)))]
