"""Bad input never escapes as anything but a clear error: saved games (``load_json``) for every registered game.

Each game's own scenario and action texts are fuzzed in ``tests/<game>/test_bad_input.py``; here
the save file, shared by every game, is tampered with at every key with any JSON value, nested
thousands deep, given numbers of thousands of digits, Unicode digits and 100 kB of punctuation.
Every input must load or raise ParseError in bounded processor time (``tests/guard.py``).
"""

import json

import pytest
from guard import guarded
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plateau_lab import GAME_NAMES, ParseError, load_json
from plateau_lab.core.bots import RandomBot
from plateau_lab.core import game_spec, play_out



def a_save(name, moves=12):
    spec = game_spec(name)
    players, variant = spec.short
    state = spec.new_game(players, seed=5, **variant)
    bots = [RandomBot(seat) for seat in range(state.players)]
    for _ in range(moves):
        state = state.apply(bots[state.current_player].choose(state))
    assert not state.is_over, f"{name}: pick a longer game for the save"
    return json.loads(state.to_json())


SAVES = {name: a_save(name) for name in GAME_NAMES}
#: The keys of a save, which every game's save shares.
SAVE_KEYS = sorted({key for save in SAVES.values() for key in save})
#: Every true-or-false option of every game, as (game, option).
TRUE_OR_FALSE = [(name, option.name) for name in GAME_NAMES for option in game_spec(name).options if option.kind is bool]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def loads_or_parse_error(text):
    try:
        return guarded(load_json, text)
    except ParseError as err:
        assert err.where and err.what
        return None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(GAME_NAMES), key=st.sampled_from(SAVE_KEYS), value=json_values)
def test_any_json_value_at_any_key_loads_or_is_a_parse_error(name, key, value):
    save = dict(SAVES[name], **{key: value})
    loads_or_parse_error(json.dumps(save))


@settings(max_examples=100, deadline=None)
@given(name=st.sampled_from(GAME_NAMES), index=st.integers(0, 11), value=json_values)
def test_any_json_value_as_an_action_or_an_option_is_a_parse_error(name, index, value):
    save = dict(SAVES[name])
    save["actions"] = list(save["actions"])
    save["actions"][index] = value
    if not isinstance(value, str):
        with pytest.raises(ParseError) as caught:
            guarded(load_json, json.dumps(save))
        assert caught.value.where in (f"actions[{index}]", "a number")
    else:
        loads_or_parse_error(json.dumps(save))
    for option in game_spec(name).options:
        loads_or_parse_error(json.dumps(dict(SAVES[name], variant={option.name: value})))


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=300))
def test_any_text_is_a_save_or_a_parse_error(text):
    loads_or_parse_error(text)


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("scenario", [7, 2.5, True, [], ["hand 0: x"], {}, {"hand 0": "x"}])
def test_a_scenario_that_is_not_text_is_a_parse_error(name, scenario):
    with pytest.raises(ParseError, match="expected the text of a scenario") as caught:
        guarded(load_json, json.dumps(dict(SAVES[name], scenario=scenario)))
    assert caught.value.where == "scenario"


@pytest.mark.parametrize("opening, closing", [("[", "]"), ('{"a":', "}")])
def test_json_nested_thousands_deep_is_a_parse_error(opening, closing):
    for depth in (1_000, 100_000):
        with pytest.raises(ParseError, match="nested too deeply|expected a JSON object"):
            guarded(load_json, opening * depth + "1" + closing * depth)


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("key", ["players", "seed", "format"])
def test_numbers_of_thousands_of_digits_are_a_parse_error(name, key):
    text = json.dumps(SAVES[name]).replace(f'"{key}": {SAVES[name][key]}', f'"{key}": {"9" * 5000}')
    assert text != json.dumps(SAVES[name])
    with pytest.raises(ParseError, match="5000 digits"):
        guarded(load_json, text)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_thousands_of_digits_unicode_digits_and_100_kb_of_punctuation_in_actions(name):
    for action in ("play " + "9" * 5000, "take row ²", "play ١٢", " " * 100_000 + "play", "," * 100_000,
                   "lead " + " " * 100_000 + "x", "+" * 100_000, "\u00a0" * 50_000 + "deal"):
        save = dict(SAVES[name], actions=SAVES[name]["actions"] + [action])
        with pytest.raises(ParseError, match=r"actions\[12\]"):
            guarded(load_json, json.dumps(save))


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("players", [1.0, "4", None, True, 99, -1])
def test_a_wrong_player_count_is_a_parse_error(name, players):
    with pytest.raises(ParseError) as caught:
        guarded(load_json, json.dumps(dict(SAVES[name], players=players)))
    assert caught.value.where == "players"


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("seed", ["x", 1.5, -3, 2**64, None, False])
def test_a_wrong_seed_is_a_parse_error(name, seed):
    with pytest.raises(ParseError) as caught:
        guarded(load_json, json.dumps(dict(SAVES[name], seed=seed)))
    assert caught.value.where == "seed"


@pytest.mark.parametrize("name, option", TRUE_OR_FALSE)
def test_a_truthy_word_does_not_turn_a_variant_on(name, option):
    save = dict(SAVES[name], variant={option: "no"})
    with pytest.raises(ParseError, match="true or false") as caught:
        load_json(json.dumps(save))
    assert caught.value.where == f"variant.{option}"


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_save_is_text_or_bytes(name):
    assert load_json(json.dumps(SAVES[name]).encode()).players == SAVES[name]["players"]
    with pytest.raises(ParseError, match="not UTF-8"):
        load_json(b"\xff\xfe{")
    with pytest.raises(TypeError, match="reads the text of a save"):
        load_json(SAVES[name])


def test_a_whole_game_still_round_trips():
    for name in GAME_NAMES:
        players, variant = game_spec(name).short
        final = play_out(game_spec(name).new_game(players, seed=9, **variant),
                         [RandomBot(seat) for seat in range(players)])
        assert load_json(final.to_json()) == final
