"""A game registered while the program runs (core.registry.register) is known by its name to the
registry, set-ups and saves; the package's games are untouched."""

import importlib
from types import SimpleNamespace

import pytest

from plateau_lab.core import GAME_NAMES, ParseError, game_module, game_spec, load_json
from plateau_lab.core.registry import game_names, register
from plateau_lab.kit import TrickGame, define


def test_the_package_s_games_are_what_they_were():
    for name in GAME_NAMES:
        assert game_module(name) is importlib.import_module(f"plateau_lab.games.{name}")
        assert game_spec(name).module is game_module(name)
    assert GAME_NAMES == ("syndicate", "plotters", "coloretto", "wimmuln", "le_plateau", "oh_hell")


def test_a_registered_game_is_known_by_its_name_to_the_registry_setups_and_saves():
    game = define(TrickGame("kit_registered", "Registered", players=3, suits="CD", ranks="1 2 3 4", hand_size=2))
    assert game_names()[:len(GAME_NAMES)] == GAME_NAMES and "kit_registered" in game_names()
    assert game_module("kit_registered") is game and game_spec("kit_registered") is game.SPEC
    state = game_spec("kit_registered").new_game(seed=3)
    assert state.setup.first_state() == state
    assert load_json(state.apply(state.legal_actions()[0]).to_json()).history == state.legal_actions()[:1]


def test_defining_a_name_again_replaces_the_game():
    define(TrickGame("kit_again", "First", players=3, suits="CD", ranks="1 2 3 4", hand_size=2))
    again = define(TrickGame("kit_again", "Second", players=3, suits="CD", ranks="1 2 3 4", hand_size=1))
    assert game_spec("kit_again").title == "Second" and game_module("kit_again") is again


def test_register_refuses_a_package_game_s_name_and_an_object_without_a_spec():
    with pytest.raises(ValueError, match="is a game of the package"):
        register(SimpleNamespace(SPEC=game_spec("syndicate")))
    with pytest.raises(TypeError, match="has a SPEC"):
        register(SimpleNamespace())


def test_an_unknown_game_is_refused_naming_every_game():
    with pytest.raises(ValueError, match="no game named 'chess'; the games are syndicate, plotters"):
        game_module("chess")
    with pytest.raises(ParseError, match="no game named chess"):
        load_json('{"format": 1, "game": "chess", "players": 3, "seed": 1, "actions": []}')
