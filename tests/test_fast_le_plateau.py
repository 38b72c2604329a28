"""Le Plateau's fast playout plays exactly the public engine's games with RandomBot: at every step
the same player to move, the same legal actions (their texts, in the same order) and the same
choice, for every player count and every combination of options."""

import itertools

import pytest

from plateau_lab.bots import RandomBot
from plateau_lab.games import le_plateau
from plateau_lab.games.le_plateau import SPEC, fast
from plateau_lab.hexboard import layout_text, random_layout
from plateau_lab.simulate import simulate


def custom_board(players: int, full_deck: bool) -> str:
    """A layout text with the trick spaces this game needs (the random layout of another seed)."""
    tricks = le_plateau.new_game(players, seed=0, full_deck=full_deck, board="random").rules.tricks
    return layout_text(random_layout(seed=99, tricks=tricks))


def valid_combinations():
    """Every player count with every combination of options the game allows (and a longer game)."""
    combos = []
    for players in SPEC.players:
        for full_deck, french, positive, sabotage, board in itertools.product(
                (False, True), (False, True), (False, True), (None, True, False), ("default", "random", "custom")):
            if full_deck and players not in (3, 4, 5):
                continue
            if french and not (players == 6 or (full_deck and players in (4, 5))):
                continue
            if sabotage is not None and players != 5:
                continue
            options = {"full_deck": full_deck, "french_excuse": french, "positive_only": positive,
                       "counter_sabotage": sabotage}
            if board != "default":
                options["board"] = board if board == "random" else custom_board(players, full_deck)
            combos.append((players, options))
        combos.append((players, {"hands": 2 * players}))
    return combos


COMBINATIONS = valid_combinations()


def label(players, options):
    shown = [f"{name}={'custom' if name == 'board' and len(value) > 10 else value}"
             for name, value in options.items() if value not in (False, None)]
    return f"{players}p-" + ("-".join(shown) or "standard")


def play_in_lockstep(players: int, seed: int, options: dict) -> int:
    """Play the fast playout, then the public engine with RandomBots, comparing every step; the steps."""
    bot_seeds = [seed * 17 + seat for seat in range(players)]
    steps = []
    scores, actions, _ = fast.playout(players, seed, bot_seeds, options,
                                      on_step=lambda seat, legal, index: steps.append((seat, legal, index)))
    state = le_plateau.new_game(players, seed=seed, **options)
    bots = [RandomBot(bot_seed) for bot_seed in bot_seeds]
    for number, (seat, legal, index) in enumerate(steps):
        assert state.current_player == seat, (seed, number)
        assert [str(action) for action in state.legal_actions()] == legal, (seed, number, state.log[-1])
        action = bots[seat].choose(state)
        assert str(action) == legal[index], (seed, number)
        state = state.apply(action)
    assert state.is_over and state.scores == scores and len(state.history) == actions == len(steps), seed
    return len(steps)


def test_every_combination_of_options_is_tried():
    assert len(COMBINATIONS) > 100
    names = {name for _, options in COMBINATIONS for name, value in options.items() if value not in (False, None)}
    assert names == set(SPEC.option_names)


@pytest.mark.parametrize(("players", "options"), COMBINATIONS, ids=[label(*combo) for combo in COMBINATIONS])
def test_same_legal_actions_at_every_step_as_the_public_engine(players, options):
    assert sum(play_in_lockstep(players, seed, options) for seed in range(3)) > 0


@pytest.mark.parametrize("players", SPEC.players)
def test_same_legal_actions_at_every_step_over_many_seeds(players):
    for seed in range(2, 30):
        play_in_lockstep(players, seed, {})


def test_on_step_is_called_only_when_given_and_changes_nothing():
    bot_seeds = [1, 2, 3, 4]
    quiet = fast.play_fast(4, 5, bot_seeds, {})
    assert fast.play_fast(4, 5, bot_seeds, {}, on_step=lambda seat, legal, index: None) == quiet


@pytest.mark.parametrize("players", [2, 5])
def test_hands_and_extras_agree_with_the_public_engine(players):
    for seed in range(4):
        bot_seeds = list(range(players))
        assert fast.play_fast(players, seed, bot_seeds, {}) == fast.play_public(
            le_plateau.new_game(players, seed=seed), [RandomBot(s) for s in bot_seeds])


def test_every_option_with_its_default_is_accepted():
    defaults = {option.name: option.default for option in SPEC.options}
    assert fast.play_fast(4, 3, [1, 2, 3, 4], defaults) == fast.play_fast(4, 3, [1, 2, 3, 4], {})


def test_the_table_of_hands_is_zero_sum_and_has_one_declarer_per_hand():
    hands = simulate("le_plateau", 4, players=4, table="rounds", workers=1, progress=False)
    played = hands[~hands.passed_out]
    assert (played.groupby(["game_index", "round"]).declarer.sum() == 1).all()
    assert (hands.groupby(["game_index", "round"]).points.sum() == 0).all()
    players = simulate("le_plateau", 4, players=4, workers=1, progress=False)
    assert players.declared.sum() == len(played) / 4
    assert (players.made <= players.declared).all() and (players.declared <= players.on_team).all()


def test_unknown_and_wrong_options_are_refused_like_new_game():
    with pytest.raises(ValueError, match="unknown option"):
        fast.play_fast(4, 1, [1, 2, 3, 4], {"speed": 1})
    with pytest.raises(TypeError, match="positive_only must be true or false"):
        fast.play_fast(4, 1, [1, 2, 3, 4], {"positive_only": "no"})
    with pytest.raises(ValueError, match="multiple of 4"):
        fast.play_fast(4, 1, [1, 2, 3, 4], {"hands": 6})


def test_the_fast_playout_imports_no_private_name():
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(fast))
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names]
    modules = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
               and node.module != "__future__"]
    assert imported and not [name for name in imported if name.startswith("_")]
    assert not [module for module in modules if any(part.startswith("_") for part in module.split("."))]
