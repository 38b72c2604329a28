"""The expert over every registered game: it reads only what its seat sees, returns legal moves,
analyses with intervals that shrink as it thinks longer, keeps its budget, reviews games and gives
odds. What is true of one game's model (its deals, its playouts, its odds bar's question, its
strength against the heuristic bots) is tested in that game's ``tests/<game>/test_expert_model.py``."""

import dataclasses
import random
from collections import Counter
from types import SimpleNamespace

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.imagining import model_for, remembered_observations
from plateau_lab.lab import expert
from plateau_lab.lab.expert import ExpertBot, analyse, odds
from plateau_lab.lab.review import review
from plateau_lab.lab.verdict import move_words

from positions import analysed_at_two_budgets, position


#: Moves into a game at which positions are taken: bidding, early and late play.
DEPTHS = (0, 3, 9, 20, 40)


def a_deal_it_cannot_tell_apart(state, seat, rng):
    """The same position but for the cards ``seat`` cannot see, dealt anew by the game's model: the
    same cards in the game, and all ``seat`` saw so far the same (replayed from the same start);
    None when no draw of a few gives such a position."""
    seen = remembered_observations(state, seat)
    for _ in range(20):
        world = model_for(state.setup.game).redeal(state, seat, seen, rng)
        bookkeeping = {field.name: getattr(state, field.name) for field in dataclasses.fields(state) if not field.compare}
        other = world.derive(setup=state.setup, **bookkeeping)       # the same start and moves so far
        if other != state and remembered_observations(other, seat) == seen:
            return other
    return None


@pytest.mark.parametrize("name", GAME_NAMES)
def test_dealing_the_cards_the_expert_cannot_see_anew_never_changes_its_choice(name):
    checked, rng = 0, random.Random(0)
    for seed, depth in enumerate(DEPTHS):
        state = position(name, seed, depth)
        if state.is_over:
            continue
        seat = state.current_player
        other = a_deal_it_cannot_tell_apart(state, seat, rng)
        if other is None:
            continue
        assert other != state and other.observation(seat) == state.observation(seat)
        assert other.cards_in_game() == state.cards_in_game()
        mine = ExpertBot(seed=seed, playouts=24)
        assert ExpertBot(seed=seed, playouts=24).choose(other) == mine.choose(state)
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_imagined_deals_look_the_same_from_the_seat_and_hold_the_same_cards(name):
    model = model_for(name)
    rng = random.Random(1)
    for seed in range(6):
        for depth in DEPTHS:
            state = position(name, seed, depth)
            if state.is_over:
                continue
            seat = state.current_player
            seen = remembered_observations(state, seat)
            world = model.redeal(state, seat, seen, rng)
            assert world.observation(seat) == state.observation(seat), (seed, depth)
            assert world.cards_in_game() == state.cards_in_game(), (seed, depth)
            assert world.setup.seed != state.setup.seed


#: The games whose model names the deal in play (``GameModel.round_key``): cards played in it are out of every hand.
DEALT_IN_ROUNDS = [name for name in GAME_NAMES if model_for(name).round_key is not None]


@pytest.mark.parametrize("name", DEALT_IN_ROUNDS)
def test_cards_already_played_this_round_are_never_dealt_to_a_hand(name):
    key = model_for(name).round_key
    rng = random.Random(2)
    checked = 0
    for seed in range(6):
        state = position(name, seed, 30)
        if state.is_over:
            continue
        seat = state.current_player
        seen = remembered_observations(state, seat)
        played = Counter()
        for observation in seen:
            if observation[key] == seen[-1][key]:
                for trick in ("trick", "last_trick"):
                    played |= Counter(card for _, card in observation.get(trick, ()))
        checked += bool(played)
        for _ in range(5):
            world = model_for(name).redeal(state, seat, seen, rng)
            held = Counter(card for hand in world.hands for card in hand)
            assert not held + played - state.cards_in_game(), (seed, held + played - state.cards_in_game())
    assert checked >= 3


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_move_the_expert_returns_is_legal(name):
    for seed, depth in enumerate(DEPTHS):
        state = position(name, seed + 10, depth)
        bot = ExpertBot(seed=seed, playouts=12)
        for _ in range(4):
            if state.is_over:
                break
            move = bot.choose(state)
            assert move in state.legal_actions()
            state = state.apply(move)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_same_seed_gives_the_same_choice_and_a_time_limit_is_kept(name, monkeypatch):
    """The time limit is read from the expert's clock, here one that moves 10 ms at each reading:
    the search stops at the limit, whatever the machine's speed."""
    state = position(name, 3, 5)
    assert ExpertBot(seed=4, playouts=30).choose(state) == ExpertBot(seed=4, playouts=30).choose(state)
    clock = SimpleNamespace(now=0.0, readings=0)

    def perf_counter():
        clock.now, clock.readings = clock.now + 0.01, clock.readings + 1
        return clock.now

    monkeypatch.setattr(expert, "time", SimpleNamespace(perf_counter=perf_counter))
    assert ExpertBot(seed=4, seconds=0.3).choose(state) in state.legal_actions()
    assert clock.readings >= 10 and clock.now <= 0.3 + 0.02, (clock.readings, clock.now)


def undecided(name):
    """The first position from seed 7 on, 20 random moves in (3 if the game is over by then), whose
    outcome is not already decided: at 10 playouts a move, not every move scores the same every time."""
    for seed in range(7, 27):
        state = position(name, seed, 20)
        state = state if not state.is_over else position(name, seed, 3)
        small = analyse(state, state.current_player, 10 * len(state.legal_actions()), seed=1)
        if any(move.high > move.low for move in small.moves):
            return state
    raise AssertionError(f"{name}: every position tried was decided")


@pytest.mark.parametrize("name", GAME_NAMES)
def test_analyse_intervals_shrink_with_the_budget(name):
    large = analysed_at_two_budgets(undecided(name))
    assert all(move.low <= move.mean <= move.high for move in large.moves)
    for move in large.moves:
        assert move.reason == f"{move_words(name, move.action)}: {move.why}" and "{" not in move.reason
        assert 0 <= move.chance_low <= move.chance <= move.chance_high <= 1
        assert large.measure not in move.reason                    # the engine's measure is not a learner's sentence


@pytest.mark.parametrize("name", GAME_NAMES)
def test_analyse_says_plainly_when_the_seat_is_not_to_move(name):
    state = position(name, 1, 3)
    waiting = (state.current_player + 1) % state.players
    with pytest.raises(ValueError, match=f"player {waiting} is not to move"):
        analyse(state, waiting, 20)
    with pytest.raises(ValueError, match="playouts must be a whole number"):
        analyse(state, state.current_player, 0)
    with pytest.raises(TypeError, match="reads a game state"):
        analyse("a game", 0, 10)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_review_numbers_the_seat_s_own_decisions_and_lists_the_three_costliest_marked(name):
    rng = random.Random(5)
    players, variant = game_spec(name).short
    state = game_spec(name).new_game(players, seed=5, **variant)
    while len(state.history) < 16:
        state = state.apply(rng.choice(state.legal_actions()))
    result = review(state, 0, 30)
    mine = [before for before in state.states()[:-1] if before.current_player == 0 and len(before.legal_actions()) > 1]
    assert len(result.decisions) == len(mine)
    assert [decision.number for decision in result.decisions] == list(range(1, len(mine) + 1))
    assert all(decision.of == len(mine) and decision.sentence.startswith(f"Decision {decision.number} of {len(mine)} (")
               for decision in result.decisions)
    assert all(decision.loss >= 0 and 0 <= decision.accuracy <= 100 for decision in result.decisions)
    marked = sorted((decision for decision in result.decisions if decision.mark), key=lambda decision: -decision.drop)
    assert [decision.drop for decision in result.mistakes] == [decision.drop for decision in marked[:3]]
    assert str(result).startswith("You: ") and ("accuracy" in str(result) or result.accuracy is None)
@pytest.mark.parametrize("name", GAME_NAMES)
def test_odds_answer_the_game_s_question_for_every_label_with_an_interval(name):
    """The question itself is the game's: see each game's ``test_expert_model.py``."""
    asked = 0
    for seed, depth in enumerate(DEPTHS):
        state = position(name, seed, depth)
        for seat in (None, state.current_player):
            bar = odds(state, seat=seat, playouts=10)
            if bar is None:             # no question yet (no estimate laid, no contract)
                continue
            assert bar.question and len(bar.labels) == len(bar.chances) == len(bar.lows) == len(bar.highs) >= 1
            assert all(0 <= low <= chance <= high <= 1 for chance, low, high in zip(bar.chances, bar.lows, bar.highs))
            assert bar.playouts == 10 and "%" in str(bar) and str(bar).count("\n") == len(bar.labels) - 1
            asked += 1
    assert asked >= 2


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_expert_s_settings_are_checked_with_a_sentence(name):
    with pytest.raises(ValueError, match="playouts must be a whole number from 1"):
        ExpertBot(playouts=0)
    with pytest.raises(TypeError, match="guided must be true, false or None"):
        ExpertBot(guided="yes")
    with pytest.raises(ValueError, match="seconds must be a number of seconds"):
        ExpertBot(seconds=-1).choose(position(name, 1, 2))
    over = position(name, 1, 100_000, seat_to_move=False)
    assert over.is_over
    with pytest.raises(ValueError, match="the game is over"):
        ExpertBot().choose(over)
