"""Every rule a parameter (issue 29), for every game of the registry with rule options: rule sets
drawn at random within the options' bounds play the same games on the fast path as on the engine,
with every bot of the game; a value out of an option's bounds is refused naming the rule and its
bounds; a rule set and its name survive a save, and a position under a rule set reads back from its
scenario text. What is true of one game's rules only (its sentences, its bots' reactions) is in
``tests/<game>/test_rule_sets.py``.

A quick run plays a few rule sets of each game; the long run (``-m slow``) many more."""

import functools
import importlib
import json
import random

import pytest

from lockstep import Follower
from rulesets import games_with_options, plays, random_rule_sets, short_game

from plateau_lab.core import ParseError, game_spec, load_json, play_out, rule_set_name
from plateau_lab.core.bots import RandomBot

#: Rule sets of each game drawn at random, and how many of them a quick run plays.
DRAWN, QUICK = 24, 3


@functools.cache
def rule_sets(game):
    """The game's DRAWN rule sets drawn at random (drawn when a test first asks)."""
    return random_rule_sets(game, DRAWN, seed=29)


def rule_set_params(count):
    """(game, number) for the first ``count`` rule sets of every game, all but QUICK of each slow."""
    params = []
    for game in games_with_options():
        if not isinstance(game, str):
            params.append(pytest.param(game.values[0], 0, marks=game.marks, id=f"{game.values[0]}"))
            continue
        for number in range(count):
            marks = () if number < QUICK else (pytest.mark.slow,)
            params.append(pytest.param(game, number, marks=marks, id=f"{game}-{number}"))
    return params


def rule_set(game, number):
    players, variant = rule_sets(game)[number]
    return game_spec(game), players, dict(variant)


def seated_bots(spec, players, first):
    """Every bot of the game in turn round the table, starting from bot ``first``: names and seeds."""
    names = spec.bot_names
    return [names[(first + seat) % len(names)] for seat in range(players)], [first * 11 + seat for seat in range(players)]


# ---------------------------------------------------------------- the fast path is exact on any rule set


@pytest.mark.parametrize("game, number", rule_set_params(DRAWN))
def test_the_fast_path_plays_the_engine_s_game_move_by_move_under_any_rule_set(game, number):
    spec, players, variant = rule_set(game, number)
    fast = spec.fast_module()
    for seed in range(2):
        bot_seeds = [seed * 13 + seat for seat in range(players)]
        follow = Follower(spec.new_game(players, seed=seed, **variant), bot_seeds)
        record = fast.play_fast(players, seed, bot_seeds, variant, on_step=follow)
        assert follow.state.is_over and record.scores == follow.state.scores
        assert record.actions == len(follow.state.history)
        assert record == fast.play_public(spec.new_game(players, seed=seed, **variant),
                                          [RandomBot(s) for s in bot_seeds])


@pytest.mark.parametrize("game, number", rule_set_params(DRAWN // 2))
def test_every_bot_of_the_game_chooses_the_same_moves_on_both_paths_under_any_rule_set(game, number):
    spec, players, variant = rule_set(game, number)
    fast = spec.fast_module()
    for first in range(1, len(spec.bot_names)):
        names, bot_seeds = seated_bots(spec, players, first)
        bots = [spec.bot(name, seed) for name, seed in zip(names, bot_seeds)]
        follow = Follower(spec.new_game(players, seed=first, **variant), bots=bots)
        record = fast.play_fast(players, first, bot_seeds, variant, bots=names, on_step=follow)
        assert follow.state.is_over and record.scores == follow.state.scores, names


@pytest.mark.parametrize("game, number", rule_set_params(DRAWN // 2))
def test_play_on_from_a_position_under_way_follows_the_rule_set(game, number):
    spec, players, variant = rule_set(game, number)
    fast, rng = spec.fast_module(), random.Random(number)
    state = spec.new_game(players, seed=5, **variant)
    for _ in range(rng.randrange(0, 40)):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    bot_seeds = [1 + seat for seat in range(players)]
    follow = Follower(state, bot_seeds)
    record = fast.play_on(state, bot_seeds, on_step=follow)
    assert follow.state.is_over and record.scores == follow.state.scores
    names, bot_seeds = seated_bots(spec, players, 1)
    follow = Follower(state, bots=[spec.bot(name, seed) for name, seed in zip(names, bot_seeds)])
    record = fast.play_on(state, bot_seeds, bots=names, on_step=follow)
    assert follow.state.is_over and record.scores == follow.state.scores, names


@pytest.mark.parametrize("game", games_with_options())
def test_rule_sets_drawn_at_random_change_the_game(game):
    """Not copies of the rulebook: the draws have names of their own and change the games played
    (the same deal number and bots under the rulebook play another game)."""
    spec, fast = game_spec(game), game_spec(game).fast_module()
    names = {rule_set_name(game, variant) for _, variant in rule_sets(game)}
    assert len(names) == len(rule_sets(game)) and "standard" not in names
    changed = 0
    for players, variant in rule_sets(game)[:8]:
        bot_seeds = list(range(players))
        under_rule_set = fast.play_fast(players, 1, bot_seeds, variant)
        under_rulebook = fast.play_fast(players, 1, bot_seeds, {})
        changed += (under_rule_set.scores, under_rule_set.actions) != (under_rulebook.scores, under_rulebook.actions)
    assert changed >= 6


@pytest.mark.parametrize("game", games_with_options())
def test_every_option_is_documented_and_bounded_and_the_soak_s_values_play(game):
    """Every whole number and table bounded (so that every game ends), every option said in words,
    and every value the soak plays playable with at least one number of players."""
    spec = game_spec(game)
    for option in spec.options:
        assert option.doc and option.name.islower() and " " not in option.name, option.name
        if option.kind is int:
            assert option.low is not None and option.high is not None, option.name
        if option.kind is tuple:
            assert option.longest is not None and option.low is not None and option.high is not None, option.name
        for value in option.played_values():
            assert any(plays(spec, players, {option.name: value}) for players in spec.players), (option.name, value)


# ---------------------------------------------------------------- a value out of its bounds is refused


def out_of_bounds(option):
    """Values just outside ``option``'s bounds: (value, error, the start of the refusal)."""
    name = option.name
    if option.kind is bool:
        return [(1, TypeError, f"{name} must be true or false")]
    if option.choices:
        return [("none of these", ValueError, f"{name} must be one of {', '.join(map(repr, option.choices))}")]
    if option.kind is int:
        bounds = f"{name} must be a whole number from {option.low} to {option.high}"
        return [(option.low - 1, ValueError, f"{bounds}, not {option.low - 1}"),
                (option.high + 1, ValueError, f"{bounds}, not {option.high + 1}"),
                (float(option.low), TypeError, f"{bounds}, not {float(option.low)}")]
    if option.kind is tuple:
        fits = max(option.shortest, 1)
        sizes = (f"{option.shortest} to {option.longest}" if option.longest is not None
                 else f"at least {option.shortest}")
        cases = [((option.high + 1,) * fits, ValueError,
                  f"{name} must be a table of whole numbers from {option.low} to {option.high}: its number 1 is "
                  f"{option.high + 1}")]
        if option.longest is not None:
            cases.append(((option.low,) * (option.longest + 1), ValueError,
                          f"{name} must be a table of {sizes} whole numbers"))
        return cases
    return [(5, TypeError, f"{name} must be a {option.kind.__name__}, not 5")]


def out_of_bounds_params():
    params = []
    for game in games_with_options():
        if not isinstance(game, str):
            params.append(pytest.param(game.values[0], None, None, None, None, marks=game.marks, id=game.values[0]))
            continue
        for option in game_spec(game).options:
            for value, error, sentence in out_of_bounds(option):
                params.append(pytest.param(game, option.name, value, error, sentence, id=f"{game}-{option.name}-{value}"))
    return params


def scenario_text_of(game):
    """The game's ``scenario_text(state)``: a position written as the scenario text that reads it back."""
    return importlib.import_module(f"plateau_lab.games.{game}.scenario").scenario_text


@pytest.mark.parametrize("game, name, value, error, sentence", out_of_bounds_params())
def test_a_value_out_of_its_bounds_is_refused_naming_the_rule_and_its_bounds(game, name, value, error, sentence):
    spec = game_spec(game)
    players, variant = spec.short
    before = short_game(spec)
    variant[name] = value
    with pytest.raises(error) as caught:
        spec.new_game(players, seed=11, **variant)
    assert str(caught.value).startswith(sentence)
    with pytest.raises(error, match=name):
        spec.fast_module().play_fast(players, 11, list(range(players)), variant)
    with pytest.raises(error, match=name):
        spec.module.scenario(scenario_text_of(game)(before[0]), seed=1, **variant)
    save = json.loads(before[1])
    save["variant"][name] = list(value) if isinstance(value, tuple) else value
    with pytest.raises(ParseError) as caught:
        load_json(json.dumps(save))
    assert caught.value.where == f"variant.{name}" and caught.value.what.startswith(sentence)
    assert short_game(spec) == before                      # nothing changed


def another_kind(spec, option):
    """A value of ``option`` the short game plays and one equal to it in Python but of another kind
    (``True`` and ``1``, ``2`` and ``2.0``), with the start of the refusal; None for an option of
    text, or one whose values the soak plays do not fit the short game."""
    players, short = spec.short
    allowed = next((value for value in option.played_values()
                    if value is not None and plays(spec, players, {**short, option.name: value})), None)
    if allowed is None:
        return None
    if option.kind is bool:
        return allowed, int(allowed), f"{option.name} must be true or false"
    if option.kind is int and allowed is not None:
        return allowed, float(allowed), f"{option.name} must be a whole number"
    if option.kind is tuple and allowed:
        return allowed, (float(allowed[0]), *allowed[1:]), f"{option.name} must be a table of whole numbers"
    return None


@pytest.mark.parametrize("game", games_with_options())
def test_a_rule_remembered_once_checked_is_no_door_for_an_equal_value_of_another_kind(game):
    """``1 == True`` and ``2 == 2.0`` in Python: a rule set played before must not let them through,
    nor a number of players written as ``4.0``."""
    spec, fast = game_spec(game), game_spec(game).fast_module()
    rules_of = importlib.import_module(f"plateau_lab.games.{game}.rules").rules_of
    players, short = spec.short
    seats = list(range(players))
    for option in spec.options:
        pair = another_kind(spec, option)
        if pair is None:
            continue
        allowed, equal, refusal = pair
        fast.play_fast(players, 1, seats, {**short, option.name: allowed})
        with pytest.raises(TypeError, match=refusal):
            fast.play_fast(players, 1, seats, {**short, option.name: equal})
        with pytest.raises(TypeError, match=refusal):
            rules_of(players, {**short, option.name: equal})


@pytest.mark.parametrize("game", games_with_options())
def test_a_number_of_players_of_another_kind_is_refused_after_the_same_game_was_played(game):
    """``4 == 4.0`` in Python: the fast path, having played a game of 4, refuses one of 4.0."""
    spec = game_spec(game)
    players, short = spec.short
    fast = spec.fast_module()
    fast.play_fast(players, 1, list(range(players)), short)
    with pytest.raises(TypeError, match=f"{spec.title} players must be a whole number"):
        fast.play_fast(float(players), 1, list(range(players)), short)


# ---------------------------------------------------------------- a rule set, its name and its positions survive


def game_under_way(game, number, moves):
    """A game under the rule set ``number`` of ``game``, ``moves`` random moves in (fewer if it ends)."""
    spec, players, variant = rule_set(game, number)
    state, rng = spec.new_game(players, seed=number, **variant), random.Random(number)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", games_with_options())
def test_a_save_carries_the_rule_set_and_its_name_and_loading_restores_them(game):
    for number in range(QUICK):
        spec, players, variant = rule_set(game, number)
        named = spec.new_game(players, seed=6, **variant, rules_name="  our class's rules ")
        state = play_out(named, [RandomBot(seed) for seed in range(players)])
        save = json.loads(state.to_json())
        assert save["rules"] == "our class's rules" and load_json(state.to_json()).setup.rules == "our class's rules"
        again = load_json(state.to_json())
        assert again == state and again.scores == state.scores and again.setup.variant == state.setup.variant
        assert again.setup.variant == spec.check_variant(variant)
        unnamed = game_under_way(game, number, moves=3)
        assert load_json(unnamed.to_json()).setup.rules == rule_set_name(game, variant) == unnamed.setup.rules


@pytest.mark.parametrize("game", games_with_options())
def test_an_old_save_without_a_rule_set_name_or_the_rulebook_s_options_loads_as_before(game):
    """A save written before rule sets had names, or before an option left at the rulebook's value
    existed, loads the same game, named by its rule set."""
    spec = game_spec(game)
    state = game_under_way(game, 0, moves=4)
    old = json.loads(state.to_json())
    del old["rules"]
    again = load_json(json.dumps(old))
    assert again == state and again.setup.rules == rule_set_name(game, rule_sets(game)[0][1])
    rulebook = json.loads(json.dumps(spec.check_variant({})))
    old["variant"] = {name: value for name, value in old["variant"].items() if value != rulebook[name]}
    assert len(old["variant"]) < len(spec.options)
    assert load_json(json.dumps(old)) == state
    old["rules"] = 5
    with pytest.raises(ParseError, match="rules: a rule set's name is a text"):
        load_json(json.dumps(old))


@pytest.mark.parametrize("game", games_with_options())
def test_a_scenario_under_a_rule_set_reads_back_under_it(game):
    """A random game's first position reads back from its scenario text under its rule set, and so
    does every later one under way that the game writes as a scenario (each game writes some: a
    turn, a round or a hand as it starts, or, for a position within it, its start: a position of
    the same game)."""
    spec, scenario_text = game_spec(game), scenario_text_of(game)
    for number in range(QUICK):
        state = game_under_way(game, number, moves=0)
        first = spec.module.scenario(scenario_text(state), seed=state.setup.seed, **state.setup.variant)
        assert first == state and first.legal_actions() == state.legal_actions()
        rng, played = random.Random(number), [state]
        while len(state.history) < 60:
            state = state.apply(rng.choice(state.legal_actions()))
            played.append(state)
            if state.is_over:               # a game over is its own test (its final scores): not here
                break
            try:
                text = scenario_text(state)
            except ValueError:              # a position the game does not write as a scenario
                continue
            again = spec.module.scenario(text, seed=state.setup.seed, **state.setup.variant)
            assert again in played, text
