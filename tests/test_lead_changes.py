"""Lead changes (issues 29 and 40): asked with ``list_rounds=True``, every fast path lists a row per player
and round, and its three functions agree. In the games whose records list their rounds only when
asked (their ``tests/<game>/presets.py`` says how a round ends there: ``round_ended`` and ``round_of``),
the rows add up to the scores, and the standings they give are those the public engine shows round by
round, read here move by move on the engine itself; not asked, a plain game lists no rows and is
otherwise the same record. The lab asks for the rows only when its measures need them. A game whose
rounds are its tricks (Oh Hell) is checked in its own ``tests/<game>/test_lead_changes.py``."""

import importlib
import math

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.lab.bots import make_bot
from plateau_lab.lab.design import compare_rule_sets
from plateau_lab.lab.measures import NO_LEAD
from plateau_lab.lab.shape import lead_changes, round_totals
from plateau_lab.lab.simulate import simulate

def presets(game):
    """What this test reads of ``game`` beyond its registry entry: ``tests/<game>/presets.py``."""
    return importlib.import_module(f"{game}.presets")


#: The games whose rounds the presets describe, with the players they are played at.
GAMES = {name: presets(name).LEAD_CHANGE_PLAYERS for name in GAME_NAMES if hasattr(presets(name), "round_ended")}
SEEDS = range(8)


def fast_module(game):
    return game_spec(game).fast_module()


def round_ended(game, before, after):
    """Whether the move from ``before`` to ``after`` ended a round of ``game``."""
    return presets(game).round_ended(before, after)


def round_of(game, state):
    """The number of the round of ``game`` under way."""
    return presets(game).round_of(state)


def standings_by_replay(game, state, bots):
    """Every player's score at the start (zeros) and after every round, read from the public engine
    move by move, independently of the fast paths' helpers."""
    lines = [tuple([0] * state.players)]
    for _ in range(10_000):
        if state.is_over:
            return lines
        after = state.apply(bots[state.current_player].choose(state))
        if round_ended(game, state, after):
            lines.append(tuple(after.scores))
        state = after
    raise AssertionError("the game did not end within 10,000 moves")


def bot_seeds_for(seed, players):
    return [seed * 10 + seat for seat in range(players)]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_asked_the_rows_add_up_to_the_scores_one_row_per_player_and_round(game, seed):
    players = GAMES[game]
    record = fast_module(game).play_fast(players, seed, bot_seeds_for(seed, players), {}, list_rounds=True)
    assert record.rounds and len(record.rounds) % players == 0
    for at, row in enumerate(record.rounds):
        assert row["seat"] == at % players and row["round"] == 1 + at // players
    for seat in range(players):
        assert sum(row["points"] for row in record.rounds if row["seat"] == seat) == record.scores[seat]
    lines = round_totals(record.rounds, record.scores)
    assert lines is not None and lines[-1] == record.scores


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_not_asked_a_plain_game_lists_no_rows_and_is_otherwise_the_same_record(game, seed):
    players = GAMES[game]
    module = fast_module(game)
    plain = module.play_fast(players, seed, bot_seeds_for(seed, players), {})
    listed = module.play_fast(players, seed, bot_seeds_for(seed, players), {}, list_rounds=True)
    assert plain.rounds == () and listed.rounds
    assert (plain.scores, plain.actions, plain.extras, plain.starter) == \
        (listed.scores, listed.actions, listed.extras, listed.starter)
    state = game_spec(game).new_game(players, seed=seed)
    assert module.play_on(state, bot_seeds_for(seed, players)).rounds == ()
    assert module.play_public(state, [RandomBot(s) for s in bot_seeds_for(seed, players)]).rounds == ()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_the_lead_changes_are_those_of_the_public_engine_round_by_round(game, seed):
    spec = game_spec(game)
    players = GAMES[game]
    bot_seeds = bot_seeds_for(seed, players)
    record = spec.fast_module().play_fast(players, seed, bot_seeds, {}, list_rounds=True)
    replayed = standings_by_replay(game, spec.new_game(players, seed=seed), [RandomBot(s) for s in bot_seeds])
    assert round_totals(record.rounds, record.scores) == replayed
    assert lead_changes(round_totals(record.rounds, record.scores)) == lead_changes(replayed)


@pytest.mark.parametrize("game", GAMES)
def test_the_lead_changes_hands_in_some_games_and_not_in_others(game):
    players = GAMES[game]
    module = fast_module(game)
    counts = [lead_changes(round_totals(record.rounds, record.scores))
              for record in (module.play_fast(players, seed, bot_seeds_for(seed, players), {}, list_rounds=True)
                             for seed in range(30))]
    assert max(counts) > 0 and min(counts) < max(counts)


@pytest.mark.parametrize("game", GAMES)
def test_the_three_functions_give_equal_records_when_asked_the_same(game):
    spec = game_spec(game)
    module = spec.fast_module()
    players = GAMES[game]
    bot_seeds = bot_seeds_for(3, players)
    names = ["heuristic", "random"] * 2
    names = names[:players]
    fast = module.play_fast(players, 3, bot_seeds, {}, bots=names, list_rounds=True)
    on = module.play_on(spec.new_game(players, seed=3), bot_seeds, bots=names, list_rounds=True)
    bots = [make_bot(game, name, bot_seed) for name, bot_seed in zip(names, bot_seeds)]
    public = module.play_public(spec.new_game(players, seed=3), bots, list_rounds=True)
    assert fast == on == public and fast.rounds
    assert round_totals(fast.rounds, fast.scores) == standings_by_replay(
        game, spec.new_game(players, seed=3), [make_bot(game, name, s) for name, s in zip(names, bot_seeds)])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(3))
def test_played_on_from_a_later_round_the_rows_start_there_and_still_add_up(game, seed):
    spec = game_spec(game)
    module = spec.fast_module()
    players = GAMES[game]
    state, mover = spec.new_game(players, seed=seed), RandomBot(seed)
    while round_of(game, state) < 3:
        state = state.apply(mover.choose(state))
    state = state.apply(mover.choose(state))             # a move into the third round
    bot_seeds = bot_seeds_for(seed, players)
    record = module.play_on(state, bot_seeds, list_rounds=True)
    public = module.play_public(state, [RandomBot(s) for s in bot_seeds], list_rounds=True)
    assert record.rounds == public.rounds and record.rounds[0]["round"] == 3
    lines = round_totals(record.rounds, record.scores)
    assert lines is not None
    assert lines[1:] == standings_by_replay(game, state, [RandomBot(s) for s in bot_seeds])[1:]
    stretch = module.play_on(state, bot_seeds, rounds=1, list_rounds=True)
    assert {row["round"] for row in stretch.rounds} == {3}
    assert round_totals(stretch.rounds, stretch.scores) == [tuple([0] * players), stretch.scores]


@pytest.mark.parametrize("game", GAMES)
def test_simulate_asks_for_the_rows_only_for_the_shape(game, monkeypatch):
    module = fast_module(game)
    asked = []
    original = module.play_fast

    def watched(*arguments, **options):
        asked.append(options.get("list_rounds", False))
        return original(*arguments, **options)

    monkeypatch.setattr(module, "play_fast", watched)
    plain = simulate(game, 3, players=GAMES[game], workers=1, progress=False).to_pandas()
    assert asked == [False] * 3 and "lead_changes" not in plain.columns
    asked.clear()
    shaped = simulate(game, 3, players=GAMES[game], shape=True, workers=1, progress=False).to_pandas()
    assert asked == [True] * 3 and shaped.lead_changes.notna().all()
    assert shaped.drop(columns=["moves", "decisions", "lead_changes"]).equals(plain)


@pytest.mark.parametrize("game", GAMES)
def test_a_comparison_counts_the_lead_changes_with_an_interval(game):
    players = GAMES[game]
    variant = presets(game).LEAD_CHANGE_VARIANT
    comparison = compare_rule_sets(game, variant, 6, players=players, bots=["heuristic"] * players)
    row = comparison.figures().to_pandas().loc["lead changes"]
    assert row["definition"] != NO_LEAD
    for side in ("rulebook", "variant"):
        assert not math.isnan(row[side]) and row[f"{side}_low"] <= row[side] <= row[f"{side}_high"]
    games = comparison.rows.to_pandas().groupby(["label", "game_index"]).first()
    assert (games.lead_changes >= 0).all()


@pytest.mark.parametrize("game", [name for name in GAME_NAMES if game_spec(name).fast])
def test_every_fast_path_takes_list_rounds_and_its_three_functions_agree(game):
    """Every game's fast path takes ``list_rounds`` (``core.fastpath.FastPath``); asked, its three
    functions give equal records, whose rows (where the game has rounds) add up to the scores."""
    spec = game_spec(game)
    module = spec.fast_module()
    players = spec.default_players
    bot_seeds = bot_seeds_for(2, players)
    fast = module.play_fast(players, 2, bot_seeds, {}, list_rounds=True)
    on = module.play_on(spec.new_game(players, seed=2), bot_seeds, list_rounds=True)
    public = module.play_public(spec.new_game(players, seed=2), [RandomBot(s) for s in bot_seeds], list_rounds=True)
    assert fast == on == public
    assert fast.scores == module.play_fast(players, 2, bot_seeds, {}).scores
    lines = round_totals(fast.rounds, fast.scores)
    assert lines is not None and len(lines) >= 2          # the zeros, then a round at least (a hand may be one trick)
