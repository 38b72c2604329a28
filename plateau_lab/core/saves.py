"""Saved games: a game saves as JSON (its parameters, seed and moves) and :func:`load_json` reads
it back by replaying and checking every move."""

from __future__ import annotations

import json
from typing import Any

from .checks import MAX_DIGITS, check_seed
from .errors import IllegalAction, ParseError, short_text
from .registry import GameSpec, Setup, check_rules_name, game_names, game_spec, rule_set_name
from .state import SAVE_FORMAT, GameState

__all__ = ["load_json"]


_SAVE_KEYS = {"format", "game", "players", "seed", "variant", "rules", "scenario", "actions"}


class _NumberTooLong(ValueError):
    pass


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _NumberTooLong(f"a number of {len(text.lstrip('-'))} digits; a save holds numbers of at most "
                             f"{MAX_DIGITS} digits")
    return int(text)


def load_json(text: str | bytes) -> GameState:
    """Rebuild a game saved with ``to_json`` by replaying its moves, checking every one.

    Anything malformed or tampered with raises ParseError saying where and what.

    >>> load_json('{"format": 1, "game": "syndicate", "players": 3, "seed": 1, "actions": [7]}')
    Traceback (most recent call last):
    plateau_lab.core.ParseError: actions[0]: expected the text of an action, got 7
    """
    data = _save_object(text)
    spec = _checked_save(data)
    return _replayed(_first_state(data, spec), data["actions"])


def _save_object(text: Any) -> dict[str, Any]:
    """The save's JSON object, its keys checked: neither unknown nor missing ones."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as err:
            raise ParseError(f"not UTF-8 text ({err.reason})", where=f"byte {err.start}") from None
    if not isinstance(text, str):
        raise TypeError(f"load_json reads the text of a save, not {short_text(text)} (a {type(text).__name__})")
    try:
        data = json.loads(text, parse_int=_bounded_int)
    except json.JSONDecodeError as err:
        raise ParseError(err.msg, where=f"line {err.lineno}, column {err.colno}") from None
    except _NumberTooLong as err:
        raise ParseError(str(err), where="a number") from None
    except RecursionError:
        raise ParseError("arrays or objects nested too deeply", where="top level") from None
    if not isinstance(data, dict):
        raise ParseError(f"expected a JSON object, got {_json_kind(data)}", where="top level")
    unknown = sorted(set(data) - _SAVE_KEYS)
    missing = sorted(_SAVE_KEYS - {"variant", "rules", "scenario"} - set(data))
    if unknown:
        raise ParseError(f"unknown {'key' if len(unknown) == 1 else 'keys'} {', '.join(map(short_text, unknown))}", where="top level")
    if missing:
        raise ParseError(f"missing {'key' if len(missing) == 1 else 'keys'} {', '.join(missing)}", where="top level")
    return data


def _checked_save(data: dict[str, Any]) -> GameSpec:
    """The saved game's registry entry, once every field of the save has the right kind and bounds."""
    if data["format"] != SAVE_FORMAT or isinstance(data["format"], bool):
        raise ParseError(f"unsupported save format {short_text(data['format'])}; this version reads {SAVE_FORMAT}",
                         where="format")
    if not isinstance(data["game"], str) or data["game"] not in game_names():
        raise ParseError(f"no game named {short_text(data['game'])}; the games are {', '.join(game_names())}", where="game")
    spec = game_spec(data["game"])
    variant = data.get("variant") or {}
    scenario = data.get("scenario")
    if not isinstance(variant, dict):
        raise ParseError(f"expected an object of options, got {_json_kind(variant)}", where="variant")
    if scenario is not None and not isinstance(scenario, str):
        raise ParseError(f"expected the text of a scenario or null, got {_json_kind(scenario)}", where="scenario")
    if not isinstance(data["actions"], list):
        raise ParseError(f"expected a list of actions, got {_json_kind(data['actions'])}", where="actions")
    for key, check in (("players", spec.check_players), ("seed", check_seed)):
        if data[key] is None:
            raise ParseError("expected a whole number, got null", where=key)
        try:
            check(data[key])
        except (TypeError, ValueError) as err:
            raise ParseError(str(err), where=key) from None
    for option in spec.options:
        if option.name in variant:
            try:
                option.validate(variant[option.name])
            except (TypeError, ValueError) as err:
                raise ParseError(str(err), where=f"variant.{option.name}") from None
    return spec


def _first_state(data: dict[str, Any], spec: GameSpec) -> GameState:
    """The saved game's first state: its rules, seed and scenario, before any move."""
    variant, scenario = data.get("variant") or {}, data.get("scenario")
    try:
        full_variant = spec.check_variant(variant)
    except (TypeError, ValueError) as err:
        raise ParseError(str(err), where="variant") from None
    rules = data.get("rules")
    try:                # the derived name, however long, or a name of the caller's own
        named = None if rules is None or rules == rule_set_name(spec, full_variant) else check_rules_name(rules)
    except (TypeError, ValueError) as err:
        raise ParseError(str(err), where="rules") from None
    try:
        setup = Setup(data["game"], data["players"], data["seed"], full_variant, scenario, rules_name=named)
        state = setup.first_state()
    except ParseError as err:
        raise ParseError(err.what, where=f"scenario: {err.where}" if scenario is not None else err.where) from None
    except (TypeError, ValueError) as err:
        raise ParseError(str(err), where="scenario" if scenario is not None else "variant") from None
    if state.players != data["players"]:
        raise ParseError(f"the scenario has {state.players} players, not {data['players']}", where="players")
    return state


def _replayed(state: GameState, actions: list[Any]) -> GameState:
    """``state`` after the saved moves, each checked: a refusal names the move's place in the save."""
    for index, text_action in enumerate(actions):
        where = f"actions[{index}]"
        if not isinstance(text_action, str):
            raise ParseError(f"expected the text of an action, got {_json_kind(text_action)}", where=where)
        try:
            state = state.apply(text_action)
        except ParseError as err:
            raise ParseError(err.what, where=f"{where}: {err.where}") from None
        except IllegalAction as err:
            raise ParseError(str(err), where=where) from None
    return state


def _json_kind(value: Any) -> str:
    """A JSON value in a message: short, with its kind (``7``, ``a list``, ``an object``)."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return "null" if value is None else json.dumps(value)[:60] if not isinstance(value, float) else repr(value)
