"""Rule sets drawn at random within a game's options' bounds, for the generic suite
(``tests/test_rule_sets.py``) and a game's own tests (``from rulesets import random_rule_sets``)."""

import random

import pytest

from plateau_lab.core import GAME_NAMES, game_spec

#: How many times an option's value is drawn before it is left at the rulebook's, and the least
#: share of the values drawn that the game must play.
TRIES, KEPT = 3, 0.5
#: How far above its lower bound a whole number is drawn when the rulebook's number is small (or
#: None): every draw stays within a few times the rulebook's game, so that a game ends soon.
WHOLE_NUMBER_SPREAD = 12


def games_with_options():
    """Every game of the registry, those without options skipped with the reason."""
    return [name if game_spec(name).options else
            pytest.param(name, marks=pytest.mark.skip(reason=f"{name} has no rule options"))
            for name in GAME_NAMES]


def random_value(option, rng):
    """A value of ``option`` drawn within its bounds (None where allowed, now and then): a whole
    number from its lower bound to twice the rulebook's number (at least WHOLE_NUMBER_SPREAD above
    the lower bound, at most its upper bound); a table of numbers within its bounds, or one of the
    values the soak plays (a table with a check of its own is seldom right at random); a text
    without choices, one of the values the soak plays."""
    if option.none and rng.random() < 0.3:
        return None
    if option.kind is bool:
        return rng.random() < 0.5
    if option.choices:
        return rng.choice(option.choices)
    if option.kind is int:
        top = max(2 * option.default if isinstance(option.default, int) else 0, option.low + WHOLE_NUMBER_SPREAD)
        return rng.randint(option.low, min(option.high, top))
    if option.kind is tuple and (option.check is None or rng.random() < 0.5):
        longest = option.longest if option.longest is not None else option.shortest + WHOLE_NUMBER_SPREAD
        return tuple(rng.randint(option.low, option.high) for _ in range(rng.randint(max(option.shortest, 1), longest)))
    return rng.choice(option.played_values())


def random_rule_sets(game, count, seed):
    """``count`` (players, variant) pairs of ``game`` drawn at random: the players, then every option
    in a random order, each value drawn within the option's bounds and kept if the game still plays
    with it and the values kept before (a value the game refuses as unplayable, with a ValueError
    naming the rule, is drawn again, at most TRIES times, then left at the rulebook's). Fails when
    fewer than KEPT of the values drawn are kept: the bounds should let most of them be played."""
    spec, rng = game_spec(game), random.Random(seed)
    drawn, kept, tried = [], 0, 0
    for _ in range(count):
        players, variant = rng.choice(spec.players), {}
        for option in rng.sample(spec.options, len(spec.options)):
            for _ in range(TRIES):
                tried += 1
                value = random_value(option, rng)
                if plays(spec, players, {**variant, option.name: value}):
                    variant[option.name] = value
                    kept += 1
                    break
        drawn.append((players, variant))
    assert kept >= KEPT * tried, (f"{game}: only {kept} of the {tried} values drawn at random are playable; the "
                                  f"options' bounds should let most of them be played")
    return drawn


def plays(spec, players, variant):
    """Whether the game plays under ``variant`` (it refuses an unplayable one with a ValueError)."""
    try:
        spec.new_game(players, seed=0, **variant)
    except ValueError:
        return False
    return True


def short_game(spec):
    """What a refusal must leave alone: the game's short game, its save and the fast path's game."""
    players, variant = spec.short
    state = spec.new_game(players, seed=11, **variant)
    record = spec.fast_module().play_fast(players, 11, list(range(players)), variant)
    return state, state.to_json(), record, spec.check_variant({})


def assert_refused_everywhere(game, players, variant, sentence, *, also=()):
    """A rule set that makes a game unplayable: the engine, the fast path and ``simulate`` (and
    each of ``also``, more ways to ask for the game) refuse it with a ValueError that starts with
    ``sentence`` (the rule and its bounds, for these players), and nothing remembered changes."""
    from plateau_lab.lab.simulate import simulate

    spec = game_spec(game)
    before = short_game(spec)
    for refuse in (lambda: spec.new_game(players, seed=2, **variant),
                   lambda: spec.fast_module().play_fast(players, 2, list(range(players)), variant),
                   lambda: simulate(game, 2, players=players, variant=variant, workers=1, progress=False),
                   *also):
        with pytest.raises(ValueError) as caught:
            refuse()
        assert str(caught.value).startswith(sentence)
    assert short_game(spec) == before
