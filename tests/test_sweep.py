"""Sweeps (issue 29): one rule varied over a range, every measure at each value on the same deals,
the paired difference against the rulebook's value; the panel that runs them in the background.

Generic: the registry's games and options, no game named; the sweeps of one game's rules (Coloretto's,
the design lab's worked example) are in tests/<game>/test_sweep.py."""

from __future__ import annotations


import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.lab.sweep import default_values, setting_words, sweep
from plateau_lab.ui.sweep_panel import sweepable


# ---------------------------------------------------------------- the sweep


def playable_values(spec, option) -> list:
    """The values of a rule the game plays with the rulebook's other rules (whole numbers: the
    first 200 within the bounds), each tried on the engine."""
    if option.kind is bool:
        candidates = [False, True]
    elif option.choices:
        candidates = list(option.choices)
    else:
        candidates = list(range(option.low, min(option.high, option.low + 199) + 1))
    found = []
    for value in candidates:
        try:
            spec.new_game(spec.default_players, seed=0, **{option.name: value})
        except ValueError:
            continue
        found.append(value)
    return found


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_rule_of_every_game_has_a_range_to_try(game):
    spec = game_spec(game)
    for option in spec.options:
        if not sweepable(option):
            with pytest.raises(ValueError, match="give the"):
                default_values(game, option.name)
            continue
        try:
            values = default_values(game, option.name)
        except ValueError as refusal:           # the rule needs another one changed too: only when true
            assert "can be played with the other rules" in str(refusal)
            assert len(playable_values(spec, option)) < 2, (option.name, str(refusal))
            continue
        assert 2 <= len(values) <= 5, (option.name, values)
        assert len(set(values)) == len(values)
        for value in values:
            assert option.validate(value) == value
            spec.new_game(spec.default_players, seed=0, **{option.name: value})
        if option.kind is int and not option.choices:
            assert list(values) == sorted(values)
            if option.default is not None:
                assert option.default in values, (option.name, values)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_game_sweeps_its_first_rule(game):
    spec = game_spec(game)
    option = next((option for option in spec.options if sweepable(option)), None)
    if option is None:
        pytest.skip(f"{spec.title} has no rule the panel sweeps")
    values = default_values(game, option.name)[:2]
    spec_players = spec.short_game[0] if spec.short_game else spec.default_players
    result = sweep(game, option.name, values, 2, players=spec_players)
    table = result.figures().to_pandas()
    assert len(table) == 2 * len(result.measure_names)
    assert all(tuple(rows["setting"]) == tuple(values) for _, rows in table.groupby("measure", sort=False))


def test_setting_words():
    assert [setting_words(value) for value in (False, True, None, 3, (1, 2), "grey")] == \
        ["no", "yes", "as the rulebook", "3", "1 2", "grey"]
