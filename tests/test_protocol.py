"""Every engine keeps the same promises (plateau_lab.core): one test per promise, for all five games."""

import dataclasses
import importlib
import inspect
import json
import random

import pytest

from plateau_lab import GAME_NAMES, IllegalAction, ParseError, game_module, load_json
from plateau_lab.core.bots import RandomBot
from plateau_lab.lab.consistency import hidden_card_violations, play_checked
from plateau_lab.core import OBSERVATION_KEYS, GameSpec, GameState, game_spec
from plateau_lab.lab.bots import bot_names, make_bot
from plateau_lab.ui.walkthroughs import scoring_walkthrough


def played(name, seed, moves=None):
    players, variant = game_spec(name).short
    state = game_module(name).new_game(players, seed=seed, **variant)
    bots = [RandomBot(seed * 10 + seat) for seat in range(players)]
    while not state.is_over and (moves is None or len(state.history) < moves):
        state = state.apply(bots[state.current_player].choose(state))
    return state


@pytest.fixture(params=GAME_NAMES)
def name(request):
    return request.param


def test_same_seed_same_game_and_the_global_generator_untouched(name):
    random.seed(5)
    before = random.getstate()
    first, second = played(name, 3), played(name, 3)
    assert random.getstate() == before
    assert first.history == second.history and first.log == second.log and first.scores == second.scores


def test_states_are_immutable_and_replay_from_the_history(name):
    state = played(name, 4, moves=40)
    states = state.states()
    assert len(states) == len(state.history) + 1
    for earlier, action, later in zip(states, state.history, states[1:]):
        assert earlier.apply(action).to_json() == later.to_json()
    assert states[-1].to_json() == state.to_json()


def test_actions_read_back_from_their_text(name):
    state = played(name, 5, moves=25)
    for action in state.legal_actions():
        assert state.parse_action(str(action)) == action


def test_saved_games_load_by_replay(name):
    for moves in (0, 17, None):
        state = played(name, 6, moves=moves)
        again = load_json(state.to_json())
        assert again.to_json() == state.to_json() and again.scores == state.scores and again.log == state.log


def test_an_illegal_action_names_a_rule_lists_the_legal_ones_and_changes_nothing(name):
    state = played(name, 7, moves=12)
    legal = state.legal_actions()
    elsewhere = (action for other in played(name, 8).states() for action in other.legal_actions())
    foreign = next(action for action in elsewhere if action not in legal)
    snapshot = (state.to_json(), state.log, state.scores, state.current_player)
    with pytest.raises(IllegalAction) as caught:
        state.apply(foreign)
    assert caught.value.rule and caught.value.reason and set(caught.value.legal) == set(legal)
    assert (state.to_json(), state.log, state.scores, state.current_player) == snapshot


def test_nonsense_text_is_a_parse_error_saying_where(name):
    state = played(name, 9, moves=3)
    with pytest.raises(ParseError) as caught:
        state.apply("juggle the deck")
    assert caught.value.where and caught.value.what


def test_a_finished_game_has_no_player_no_moves_and_refuses_any_move(name):
    state = played(name, 10)
    assert state.is_over and state.current_player is None and state.legal_actions() == ()
    assert set(state.winners) <= set(range(state.players)) and state.winners
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(state.history[-1])


def test_every_seat_has_an_observation_and_a_picture(name):
    state = played(name, 11, moves=20)
    for seat in range(state.players):
        seen = state.observation(seat)
        assert isinstance(seen, dict)
        json.dumps(seen, default=str)           # plain data a learner can print
        svg = state.to_svg(seat)
        assert svg.startswith("<svg") and svg == state.to_svg(seat)
    assert state._repr_svg_() == state.to_svg()


def test_the_wrong_number_of_players_is_refused_clearly(name):
    with pytest.raises(ValueError, match="player"):
        game_module(name).new_game(game_spec(name).players.stop, seed=1)
    with pytest.raises(TypeError, match="players must be a whole number"):
        game_module(name).new_game(4.0, seed=1)


# ---------------------------------------------------------------- the registry


def test_each_game_declares_itself_once_in_the_registry(name):
    spec = game_spec(name)
    assert isinstance(spec, GameSpec) and spec.name == name and spec.title
    assert spec.default_players in spec.players and spec.players.step == 1
    assert "players" in spec.tables and set(spec.tables) <= {"players", "rounds"}
    assert "heuristic" in spec.bot_names and spec.bot_names[0] == "random"
    state = spec.new_game(seed=1)
    assert state.players == spec.default_players
    assert dict(state.setup.variant) == {option.name: option.default for option in spec.options}
    if spec.fast is not None:
        fast = spec.fast_module()
        assert callable(fast.play_fast) and callable(fast.play_public)
    assert spec.table_view().legend


def test_the_scoring_walkthrough_is_declared_in_the_registry(name):
    spec = game_spec(name)
    if spec.walkthrough is None:
        with pytest.raises(ValueError, match="has no scoring walkthrough"):
            scoring_walkthrough(name)
        return
    assert spec.walkthrough == f"plateau_lab.ui.walkthroughs.{name}"
    widget = importlib.import_module(spec.walkthrough).ScoringWalkthrough
    needed = [parameter.name for parameter in inspect.signature(widget).parameters.values()
              if parameter.default is parameter.empty]
    if needed:      # a widget that works on what it is given (Coloretto's the cards of a collection)
        with pytest.raises(TypeError, match=needed[0]):
            scoring_walkthrough(name)
    else:
        assert type(scoring_walkthrough(name)) is widget


def test_every_option_refuses_a_wrong_type_and_an_out_of_bound_value(name):
    spec = game_spec(name)
    for option in spec.options:
        wrong = "no" if option.kind is not str else 7
        with pytest.raises((TypeError, ValueError), match=option.name):
            spec.new_game(seed=1, **{option.name: wrong})
        if option.kind is int and option.high is not None:
            with pytest.raises(ValueError, match=option.name):
                spec.new_game(seed=1, **{option.name: option.high + 1})
    with pytest.raises(ValueError, match="unknown option"):
        spec.new_game(seed=1, colour="blue")


@pytest.mark.parametrize("seed", ["x", 1.5, -1, 2**64, True])
def test_a_seed_must_be_a_whole_number_a_save_can_hold(name, seed):
    with pytest.raises((TypeError, ValueError), match="seed must be a whole number"):
        game_spec(name).new_game(seed=seed)


#: Options that make a bot quick: these tests are about legality, not strength.
QUICK_BOT_OPTIONS = {"expert": {"playouts": 8}}


def test_every_registered_bot_plays_legal_moves_from_its_seed(name):
    spec = game_spec(name)
    players, variant = spec.short
    for bot_name in bot_names(name):
        state = spec.new_game(players, seed=3, **variant)
        bots = [make_bot(name, bot_name, seat, **QUICK_BOT_OPTIONS.get(bot_name, {})) for seat in range(players)]
        for _ in range(30):
            if state.is_over:
                break
            state = state.apply(bots[state.current_player].choose(state))
    with pytest.raises(ValueError, match="no bot named"):
        make_bot(name, "grandmaster")
    with pytest.raises(TypeError, match="random bot takes no options"):
        spec.bot("random", 1, playouts=8)


# ---------------------------------------------------------------- one way to make states


def test_states_are_frozen_dataclasses_with_the_protocol_s_equality(name):
    state = played(name, 12, moves=10)
    cls = type(state)
    assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen
    assert cls.__eq__ is GameState.__eq__ and cls.__hash__ is GameState.__hash__
    assert "__slots__" not in vars(cls)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.setup = None


def test_positions_are_equal_when_the_game_would_continue_identically(name):
    state = played(name, 13, moves=15)
    replayed = load_json(state.to_json())
    assert replayed == state and hash(replayed) == hash(state)
    bookkeeping = {f.name: f.default for f in dataclasses.fields(state)
                   if not f.compare and f.default is not dataclasses.MISSING}
    assert bookkeeping, "history and log are fields that do not take part in equality"
    forgetful = state.derive(**bookkeeping)
    assert forgetful == state and hash(forgetful) == hash(state)
    later = state.apply(state.legal_actions()[0])
    assert later != state
    other_seed = played(name, 14, moves=15)
    assert other_seed != state


def test_derive_is_the_one_way_to_make_a_state_and_carries_no_cache(name):
    state = played(name, 15, moves=8)
    state.legal_actions()
    twin = state.derive()
    cached = set(vars(state)) - {f.name for f in dataclasses.fields(state)}
    assert not cached & set(vars(twin))
    assert twin == state and twin is not state and twin.legal_actions() == state.legal_actions()
    with pytest.raises(TypeError, match="no field"):
        state.derive(colour="blue")


def test_the_order_of_legal_actions_depends_only_on_the_position(name):
    state = played(name, 16, moves=20)
    again = load_json(state.to_json())
    assert again.legal_actions() == state.legal_actions()
    assert [str(a) for a in state.legal_actions()] == [str(a) for a in again.legal_actions()]


# ---------------------------------------------------------------- one observation shape


def test_every_observation_has_one_shape_and_hides_what_it_must(name):
    card_type = game_module(name).Card
    for state in played(name, 17, moves=60).states()[::3]:
        for seat in range(state.players):
            seen = state.observation(seat)
            assert tuple(seen)[:len(OBSERVATION_KEYS)] == OBSERVATION_KEYS
            assert seen["game"] == name and seen["seat"] == seat and seen["scores"] == state.scores
            assert all(isinstance(card, card_type) for card in seen["hand"])
            assert len(seen["hand_sizes"]) == state.players
            assert bool(seen["legal_actions"]) == (state.current_player == seat)
        assert not hidden_card_violations(state), state.log[-1:]


def test_a_whole_game_passes_every_consistency_check_at_every_step(name):
    players, variant = game_spec(name).short
    start = game_module(name).new_game(players, seed=18, **variant)
    strangers = [action for other in played(name, 21, moves=40).states() for action in other.legal_actions()][::7]
    final, steps, problems = play_checked(start, [RandomBot(seat) for seat in range(players)], strangers=strangers)
    assert final.is_over and steps > 20 and sum(start.cards_in_game().values()) > 0
    assert problems == []


@pytest.mark.parametrize("seat", [-1, 7, 1.0, "0", None])
def test_an_unknown_seat_is_refused_with_a_sentence(name, seat):
    state = played(name, 19, moves=2)
    with pytest.raises((TypeError, ValueError), match="seat must be a whole number from 0 to"):
        state.observation(seat)


# ---------------------------------------------------------------- bad moves


def test_a_hand_built_action_with_wrong_field_types_is_illegal_and_changes_nothing(name):
    state = played(name, 20, moves=9)
    snapshot = (state.to_json(), state.log, state.scores, state.current_player)
    tried = 0
    for action in state.legal_actions()[:3]:
        if not dataclasses.is_dataclass(action):
            continue
        for field in dataclasses.fields(action):
            for wrong in (12345, "x", None, 10**5000, [1], 2.5):
                broken = object.__new__(type(action))
                for other in dataclasses.fields(action):
                    object.__setattr__(broken, other.name, getattr(action, other.name))
                object.__setattr__(broken, field.name, wrong)
                if broken in state.legal_actions():      # e.g. a lead without its face-down card
                    continue
                with pytest.raises(IllegalAction):
                    state.apply(broken)
                tried += 1
    for stranger in (None, 7, 2.5, ("play", 1), object()):
        with pytest.raises(IllegalAction, match="not a .* action"):
            state.apply(stranger)
    assert (state.to_json(), state.log, state.scores, state.current_player) == snapshot
    assert tried or not any(dataclasses.fields(a) for a in state.legal_actions() if dataclasses.is_dataclass(a))
