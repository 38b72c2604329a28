"""Lead changes in The Syndicate, Coloretto (issue 29) and Oh Hell (issue 40, a round per trick): asked with ``list_rounds=True``, their
fast paths list a row per player and round (a turn in The Syndicate), the rows add up to the
scores, and the standings they give are those the public engine shows round by round, read here
move by move on the engine itself. Not asked, a plain game lists no rows and is otherwise the
same record. The lab asks for the rows only when its measures need them."""

import math

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.lab.bots import make_bot
from plateau_lab.lab.design import compare_rule_sets
from plateau_lab.lab.measures import NO_LEAD
from plateau_lab.lab.shape import lead_changes, round_totals
from plateau_lab.lab.simulate import simulate

GAMES = {"syndicate": 3, "coloretto": 4}
SEEDS = range(8)


def fast_module(game):
    return game_spec(game).fast_module()


def round_ended(game, before, after):
    """Whether the move from ``before`` to ``after`` ended a round (a turn in The Syndicate: the
    table is cleared once both enforcers have answered)."""
    if game == "syndicate":
        return after.table is None
    return after.is_over or after.round_number != before.round_number


def round_of(state):
    """The number of the round (a turn in The Syndicate) under way."""
    return state.turn_number if hasattr(state, "turn_number") else state.round_number


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
    while round_of(state) < 3:
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
    variant = {"plus_colours": 2} if game == "coloretto" else {"target": 13}
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
    assert lines is not None and len(lines) > 2 - (game == "oh_hell")       # a hand may be one trick


def oh_hell_standings_by_replay(state, bots):
    """Oh Hell: zeros, then what each player would score if the hand stopped after each trick (its
    tricks won so far against its bid, under the hand's rules), read from the public engine."""
    lines = [tuple([0] * state.players)]
    while not state.is_over:
        after = state.apply(bots[state.current_player].choose(state))
        if sum(after.tricks_won) != sum(state.tricks_won):
            lines.append(tuple(after.rules.score(bid, won) for bid, won in zip(after.bids, after.tricks_won)))
        state = after
    return lines


@pytest.mark.parametrize("seed", SEEDS)
def test_oh_hell_lists_a_round_per_trick_the_standing_against_the_bids(seed):
    spec = game_spec("oh_hell")
    module = spec.fast_module()
    names = ["heuristic", "random", "bold", "heuristic"]
    bot_seeds = bot_seeds_for(seed, 4)
    record = module.play_fast(4, seed, bot_seeds, {}, bots=names, list_rounds=True)
    state = spec.new_game(4, seed=seed)
    assert len(record.rounds) == 4 * state.tricks and record.rounds[0]["round"] == 1
    replayed = oh_hell_standings_by_replay(state, [make_bot("oh_hell", name, s) for name, s in zip(names, bot_seeds)])
    assert round_totals(record.rounds, record.scores) == replayed and replayed[-1] == record.scores
    plain = module.play_fast(4, seed, bot_seeds, {}, bots=names)
    assert plain.rounds == () and (plain.scores, plain.actions, plain.extras) == \
        (record.scores, record.actions, record.extras)


def test_oh_hell_played_on_mid_hand_numbers_the_tricks_from_the_one_under_way():
    spec = game_spec("oh_hell")
    module = spec.fast_module()
    state, mover = spec.new_game(3, seed=5, tricks=5), RandomBot(5)
    while sum(state.tricks_won) < 2:
        state = state.apply(mover.choose(state))
    state = state.apply(mover.choose(state))              # the third trick under way
    bot_seeds = bot_seeds_for(5, 3)
    record = module.play_on(state, bot_seeds, list_rounds=True)
    public = module.play_public(state, [RandomBot(s) for s in bot_seeds], list_rounds=True)
    assert record == public and [row["round"] for row in record.rounds[::3]] == [3, 4, 5]
    assert round_totals(record.rounds, record.scores)[-1] == record.scores


def test_oh_hell_the_lead_changes_between_tricks_in_some_hands():
    module = fast_module("oh_hell")
    counts = [lead_changes(round_totals(record.rounds, record.scores))
              for record in (module.play_fast(4, seed, bot_seeds_for(seed, 4), {"tricks": 8},
                                              bots=["heuristic"] * 4, list_rounds=True) for seed in range(30))]
    assert max(counts) > 0 and min(counts) < max(counts)
