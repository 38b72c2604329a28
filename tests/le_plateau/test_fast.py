"""Le Plateau's fast playout plays exactly the public engine's games with RandomBot: at every step
the same player to move, the same legal actions (their texts, in the same order) and the same
choice, for every player count and every combination of options."""

import itertools

import pytest

from plateau_lab.core.bots import RandomBot
from plateau_lab.core import seeded_random
from plateau_lab.games import le_plateau
from plateau_lab.games.le_plateau import SPEC, fast, fast_tricks
from plateau_lab.hexboard import CELLS, Formation, layout_text, random_layout
from plateau_lab.hexboard import fast as board
from plateau_lab.lab.simulate import simulate

from lockstep import Follower

#: Lockstep with the public engine over many games: left out of a quick run (-m 'not slow').
pytestmark = pytest.mark.slow


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
        rules = OWN_RULES[players]                     # the rulebook's numbers changed (issue 29)
        combos.append((players, rules))
        combos.append((players, {**rules, "positive_only": True, "zero_sum_multiples": None,
                                 "positive_multiples": (3, 2, 1)}))
    return combos


#: A rule set of one's own per player count: every number of the bidding table, the minimum bid,
#: the zero-sum table, the talon and (2 players) the piles.
OWN_RULES = {
    2: {"bid_values": (2, 3, 5, 7, 11, 13, 17, 19, 23, 29), "team_step": 0, "minimum_bid": "Exchange Fork",
        "zero_sum_multiples": (3,), "two_player_piles": 3, "talon_size": 4},
    3: {"bid_values": (1, 3, 5, 7, 9, 11, 13, 15, 30, 40), "minimum_bid": "No Exchange Bridge",
        "zero_sum_multiples": (4,), "talon_size": 6},
    4: {"bid_values": (1, 2, 3, 4, 5, 6, 7, 8, 20, 24), "team_step": 9, "minimum_bid": "Exchange Fork Duo",
        "zero_sum_multiples": (6, 2), "talon_size": 7},
    5: {"team_step": 2, "minimum_bid": "Exchange Y Solo", "zero_sum_multiples": (8, 3), "talon_size": 8},
    6: {"bid_values": (1, 2, 4, 8, 16, 32, 64, 70, 80, 90), "team_step": 1, "minimum_bid": "Exchange Fork Trio",
        "zero_sum_multiples": (10, 4, 1)},
}


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
    hands = simulate("le_plateau", 4, players=4, table="rounds", workers=1, progress=False).to_pandas()
    played = hands[~hands.passed_out]
    assert (played.groupby(["game_index", "round"]).declarer.sum() == 1).all()
    assert (hands.groupby(["game_index", "round"]).points.sum() == 0).all()
    players = simulate("le_plateau", 4, players=4, workers=1, progress=False).to_pandas()
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


def hand_positions(players: int, seed: int, options: dict, every: int = 5):
    """States of a seeded game inside a hand (any phase, mid-trick too), every ``every`` moves,
    and the first state of every phase. Odd seeds are played by heuristic bots: random bids climb
    to the top, a Solo, so only those games reach a partner call."""
    state = le_plateau.new_game(players, seed=seed, **options)
    bots = [le_plateau.HeuristicBot() if seed % 2 else RandomBot(seed * 31 + s) for s in range(players)]
    found, phase = [], None
    while not state.is_over:
        if state.phase in fast.STAGE and (len(state.history) % every == 0 or state.phase != phase):
            found.append(state)
        phase = state.phase
        state = state.apply(bots[state.current_player].choose(state))
    return found


def card_play_positions(players: int, seed: int, options: dict, every: int = 5):
    """The states of :func:`hand_positions` in card play."""
    return [state for state in hand_positions(players, seed, options, every) if state.phase == "play"]


def play_hand_in_lockstep(state, bot_seeds: list[int]) -> int:
    """The rest of the hand on the fast path and on the public engine, compared at every step."""
    steps = []
    record = fast.play_on(state, bot_seeds, rounds=1,
                          on_step=lambda seat, legal, index: steps.append((seat, legal, index)))
    points, moves = tuple(row["points"] for row in record.rounds), record.actions
    bots = [RandomBot(bot_seed) for bot_seed in bot_seeds]
    for number, (seat, legal, index) in enumerate(steps):
        assert state.current_player == seat, number
        assert [str(action) for action in state.legal_actions()] == legal, number
        action = bots[seat].choose(state)
        assert str(action) == legal[index], number
        state = state.apply(action)
    assert state.phase in ("hand over", "passed out") and moves == len(steps)
    assert points == (state.result.points if state.phase == "hand over" else (0,) * state.players)
    assert record.scores == state.scores
    return len(steps)


FROM_STATE_OPTIONS = [(players, {}) for players in SPEC.players] + [
    (2, {"board": "random"}), (4, {"full_deck": True, "french_excuse": True}), (5, {"full_deck": True}),
    (5, {"counter_sabotage": False, "positive_only": True}), (6, {"french_excuse": True})]


@pytest.mark.parametrize(("players", "options"), FROM_STATE_OPTIONS,
                         ids=[label(*combo) for combo in FROM_STATE_OPTIONS])
def test_the_rest_of_a_hand_from_any_position_is_the_public_engines(players, options):
    positions = [state for seed in range(3) for state in hand_positions(players, seed, options)]
    assert len(positions) >= 20 and [state for state in positions if state.trick]
    assert {"bidding", "play"} | ({"raise the objective"} if players > 2 else set()) <= {
        state.phase for state in positions}
    assert sum(play_hand_in_lockstep(state, [7 * number + seat for seat in range(players)])
               for number, state in enumerate(positions)) > len(positions)


def test_positions_in_every_phase_of_a_hand_were_tried():
    phases = {state.phase for players, options in FROM_STATE_OPTIONS for seed in range(3)
              for state in hand_positions(players, seed, options)}
    assert phases == set(fast.STAGE)


def test_playing_on_needs_a_le_plateau_state_and_a_bot_seed_per_seat():
    from plateau_lab.games import wimmuln

    with pytest.raises(ValueError, match="starts from a Le Plateau state"):
        fast.play_on(wimmuln.new_game(4, seed=1), [1, 2, 3, 4])
    with pytest.raises(ValueError, match="one bot seed per seat"):
        fast.play_on(card_play_positions(4, 1, {})[0], [1, 2])
    with pytest.raises(ValueError, match="rounds \\(the hands to play on\\) must be a whole number from 1 up"):
        fast.play_on(le_plateau.new_game(4, seed=1), [1, 2, 3, 4], rounds=0)


@pytest.mark.parametrize("players", [2, 4, 5])
def test_from_between_hands_or_mid_hand_to_the_end_of_the_game_or_of_two_hands(players):
    """Between hands the next dealer's "deal" comes first; the scores and the rows of the hands
    played are the public engine's."""
    positions = hand_positions(players, 4, {}, every=40)
    state, bots = le_plateau.new_game(players, seed=4), [RandomBot(seat) for seat in range(players)]
    while not state.is_over:
        if state.phase in ("hand over", "passed out"):
            positions.append(state)
        state = state.apply(bots[state.current_player].choose(state))
    positions.append(state)
    for number, start in enumerate(positions):
        rounds = (None, 2)[number % 2]
        bot_seeds = [number * 5 + seat for seat in range(players)]
        follow = Follower(start, bot_seeds)
        record = fast.play_on(start, bot_seeds, rounds=rounds, on_step=follow)
        end = follow.state
        assert end.is_over or (rounds == 2 and len(end.results) - len(start.results) == 2), number
        assert record.scores == end.scores and record.actions == len(end.history) - len(start.history), number
        assert record.rounds == tuple(fast.hand_rows(end.results, players))[len(start.results) * players:], number
        assert record.extras == fast.player_extras(end.results[len(start.results):], players), number


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_on_step_changes_nothing_for_any_table_of_random_bots(players):
    # random bots at 3 to 6 players play their cards on a path of their own; with on_step (as in
    # the lockstep tests) and without it, the same games
    for seed in range(12):
        bot_seeds = [seed * 5 + seat for seat in range(players)]
        assert fast.playout(players, seed, bot_seeds) == fast.playout(
            players, seed, bot_seeds, on_step=lambda seat, legal, index: None)


def test_the_boards_verdict_after_each_trick_is_the_flood_fills():
    # Verdict keeps a witness from trick to trick; its answers must be the plain flood fill's
    answers = set()
    for seed in range(400):
        rng = seeded_random(seed, "verdict")
        objective = rng.choice(list(Formation))
        verdict, declarers, opponents = fast_tricks.Verdict(objective), 0, 0
        cells = rng.sample(CELLS, len(CELLS))
        while cells:
            placed = board.mask_of(cells[:rng.randrange(1, 5)])
            del cells[:placed.bit_count()]
            old = declarers, opponents
            if rng.random() < 0.4:
                declarers |= placed
            else:
                opponents |= placed
            expected = (True if board.holds(declarers, objective) else
                        False if not board.held_group(board.BOARD & ~opponents, objective) else None)
            assert verdict(declarers, opponents, declarers != old[0], opponents != old[1]) == expected, seed
            answers.add(expected)
            if expected is not None:
                break
    assert answers == {True, False, None}
