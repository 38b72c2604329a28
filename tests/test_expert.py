"""The expert: it reads only what its seat sees, returns legal moves, analyses with intervals that
shrink as it thinks longer, reviews games, gives odds, and beats the heuristic bots."""

import random
from collections import Counter

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.imagining import GameModel, model_for, playout, remembered_observations
from plateau_lab.lab.expert import ExpertBot, analyse, odds, review


def position(name, seed, moves, seat_to_move=True):
    """A game after ``moves`` random moves, then on to the next state where the mover has a choice."""
    rng = random.Random(seed)
    state = game_spec(name).new_game(seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    while seat_to_move and not state.is_over and len(state.legal_actions()) < 2:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


#: Moves into a game at which positions are taken: bidding, early and late play.
DEPTHS = (0, 3, 9, 20, 40)


def swapped_hidden_cards(state, seat):
    """The same position but for two cards ``seat`` cannot see, swapped between two hidden places;
    None when no two different hidden cards can be swapped."""
    if state.setup.game == "coloretto":
        supply = list(state.supply)
        for first in range(len(supply)):
            for second in range(first + 1, len(supply)):
                if supply[first] != supply[second] and "last" not in (str(supply[first]) + str(supply[second])).lower():
                    supply[first], supply[second] = supply[second], supply[first]
                    return state.derive(supply=tuple(supply))
        return None
    others = [other for other in range(state.players) if other != seat and state.hands[other]]
    for first in others:
        for second in others:
            if first < second and state.hands[first][0] != state.hands[second][0]:
                hands = list(state.hands)
                a, b = hands[first][0], hands[second][0]
                hands[first] = (b,) + hands[first][1:]
                hands[second] = (a,) + hands[second][1:]
                return state.derive(hands=tuple(hands))
    return None


@pytest.mark.parametrize("name", GAME_NAMES)
def test_swapping_cards_the_expert_cannot_see_never_changes_its_choice(name):
    checked = 0
    for seed, depth in enumerate(DEPTHS):
        state = position(name, seed, depth)
        if state.is_over:
            continue
        seat = state.current_player
        other = swapped_hidden_cards(state, seat)
        if other is None:
            continue
        assert other != state and other.observation(seat) == state.observation(seat)
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


ROUND_KEY = {"plotters": "round", "wimmuln": "round", "le_plateau": "hand_number"}


@pytest.mark.parametrize("name", sorted(ROUND_KEY))
def test_cards_already_played_this_round_are_never_dealt_to_a_hand(name):
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
            if observation[ROUND_KEY[name]] == seen[-1][ROUND_KEY[name]]:
                for key in ("trick", "last_trick"):
                    played |= Counter(card for _, card in observation.get(key, ()))
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


def test_the_same_seed_gives_the_same_choice_and_a_time_limit_is_kept():
    state = position("coloretto", 3, 5)
    assert ExpertBot(seed=4, playouts=30).choose(state) == ExpertBot(seed=4, playouts=30).choose(state)
    import time

    start = time.perf_counter()
    ExpertBot(seed=4, seconds=0.3).choose(state)
    assert time.perf_counter() - start < 3


def analysed_at_two_budgets(state):
    """Analyse ``state`` for its player at 10 and 90 playouts a move; check that the intervals
    shrink and every legal move is there; return the larger analysis."""
    seat = state.current_player
    small = analyse(state, seat, 10 * len(state.legal_actions()), seed=1)
    large = analyse(state, seat, 90 * len(state.legal_actions()), seed=1)
    width = lambda analysis: sum(move.high - move.low for move in analysis.moves)  # noqa: E731
    assert width(large) < width(small) * 0.6
    assert {str(move.action) for move in large.moves} == {str(action) for action in state.legal_actions()}
    return large


@pytest.mark.parametrize("name", ["syndicate", "coloretto", "wimmuln"])
def test_analyse_intervals_shrink_with_the_budget(name):
    state = position(name, 7, 20)
    large = analysed_at_two_budgets(state)
    assert all(move.low <= move.mean <= move.high for move in large.moves)
    for move in large.moves:
        assert move.reason.startswith(str(move.action)) and "{" not in move.reason and "(" in move.reason


def test_analyse_says_plainly_when_the_seat_is_not_to_move():
    state = position("syndicate", 1, 3)
    waiting = (state.current_player + 1) % state.players
    with pytest.raises(ValueError, match=f"player {waiting} is not to move"):
        analyse(state, waiting, 20)
    with pytest.raises(ValueError, match="playouts must be a whole number"):
        analyse(state, state.current_player, 0)
    with pytest.raises(TypeError, match="reads a game state"):
        analyse("a game", 0, 10)


def test_review_marks_each_decision_and_lists_the_three_costliest():
    rng = random.Random(5)
    state = game_spec("coloretto").new_game(2, seed=5)
    while len(state.history) < 16:
        state = state.apply(rng.choice(state.legal_actions()))
    result = review(state, 0, 30)
    mine = [before for before in state.states()[:-1] if before.current_player == 0 and len(before.legal_actions()) > 1]
    assert len(result.decisions) == len(mine)
    assert all(decision.loss >= 0 for decision in result.decisions)
    costly = sorted((decision.loss for decision in result.decisions), reverse=True)[:3]
    assert [decision.loss for decision in result.mistakes] == [loss for loss in costly if loss > 0]
    assert str(result).startswith("Player 0")
    worst = result.mistakes[0]
    assert f"Move {worst.move_number}: {worst.played} cost about" in worst.sentence


def test_odds_answer_each_game_s_question():
    bar = odds(position("syndicate", 2, 6), playouts=20)
    assert bar.question == "wins the game" and len(bar.chances) == 3
    wimmuln = position("wimmuln", 2, 0)
    assert odds(wimmuln, playouts=5) is None          # before the crosses are laid: nothing to hit yet
    playing = position("wimmuln", 2, 12)
    assert playing.phase == "play"
    bar = odds(playing, seat=playing.current_player, playouts=20)
    assert bar.question == "hits the estimate" and len(bar.labels) == 4
    assert "hits the estimate" in str(bar) and "%" in str(bar)
    plateau = position("le_plateau", 4, 60)
    bar = odds(plateau, playouts=20)
    if plateau.contract is not None and plateau.phase == "play":
        assert bar.question == "the declarers make the contract" and bar.labels == ("declarers",)
        assert str(bar).startswith("The declarers: ")


def duplicate_gain(name, deals, playouts, players=None):
    spec = game_spec(name)
    players = players or spec.default_players
    gains = []
    for deal in range(deals):
        def play(expert_seat):
            state = spec.new_game(players, seed=deal)
            bots = [spec.bot("heuristic", seat) for seat in range(players)]
            if expert_seat is not None:
                bots[expert_seat] = ExpertBot(seed=deal, playouts=playouts)
            while not state.is_over:
                state = state.apply(bots[state.current_player].choose(state))
            return state.scores
        base = play(None)
        for seat in range(players):
            gains.append(play(seat)[seat] - base[seat])
    return sum(gains) / len(gains)


@pytest.mark.parametrize("name, deals, playouts, players", [("coloretto", 2, 40, 2)])
def test_a_small_seeded_duplicate_match_is_won_by_the_expert(name, deals, playouts, players):
    assert duplicate_gain(name, deals, playouts, players) > 0


def test_the_expert_s_settings_are_checked_with_a_sentence():
    with pytest.raises(ValueError, match="playouts must be a whole number from 1"):
        ExpertBot(playouts=0)
    with pytest.raises(TypeError, match="guided must be true, false or None"):
        ExpertBot(guided="yes")
    with pytest.raises(ValueError, match="seconds must be a number of seconds"):
        ExpertBot(seconds=-1).choose(position("coloretto", 1, 2))
    over = position("syndicate", 1, 400, seat_to_move=False)
    assert over.is_over
    with pytest.raises(ValueError, match="the game is over"):
        ExpertBot().choose(over)


def test_wimmuln_deals_agree_with_the_colours_a_player_did_not_follow_and_the_dealer_s_shown_card():
    from plateau_lab.games import wimmuln
    from plateau_lab.games.wimmuln.expert_model import colours_lacking, dealers_known_cards

    model, rng, checked = model_for("wimmuln"), random.Random(3), 0
    for seed in range(40):
        state = wimmuln.new_game(4, seed=seed)
        bots = [wimmuln.HeuristicBot() for _ in range(4)]
        while state.phase != "play" or len(state.finished_tricks) < 4 or state.current_player == state.dealer:
            state = state.apply(bots[state.current_player].choose(state))
        lacking, known = colours_lacking(state), dealers_known_cards(state)
        if not any(lacking) or not known:
            continue
        seat = state.current_player
        seen = remembered_observations(state, seat)
        for _ in range(20):
            world = model.redeal(state, seat, seen, rng)
            assert world.observation(seat) == state.observation(seat)
            assert world.cards_in_game() == state.cards_in_game()
            for other in range(4):
                assert not {card.colour_index for card in world.hands[other]} & lacking[other], (seed, other)
            dealer = state.dealer
            held = Counter(world.hands[dealer]) + Counter([world.estimates[dealer].bottom])
            assert not known - held, seed
        checked += 1
    assert checked >= 5


def test_wimmuln_expert_beats_the_heuristic_bots_in_a_small_seeded_duplicate_match():
    from plateau_lab.games import wimmuln

    gains = []
    for seed in range(6):
        def play(expert_seat):
            state = wimmuln.new_game(4, seed=seed, rounds=1)
            bots = [wimmuln.HeuristicBot() for _ in range(4)]
            if expert_seat is not None:
                bots[expert_seat] = ExpertBot(seed=seed, playouts=60)
            while not state.is_over:
                state = state.apply(bots[state.current_player].choose(state))
            return state.scores
        base = play(None)
        gains += [play(seat)[seat] - base[seat] for seat in range(4)]
    assert sum(gains) > 0


def test_le_plateau_imagined_deals_give_no_player_a_suit_he_failed_to_follow():
    from plateau_lab.games.le_plateau.expert_model import voids_seen

    model, rng, checked = model_for("le_plateau"), random.Random(3), 0
    for seed in range(12):
        state = position("le_plateau", seed, 45)
        if state.is_over or state.phase != "play":
            continue
        seat = state.current_player
        seen = remembered_observations(state, seat)
        voids = voids_seen(seen, state.rules.french_excuse)
        for player, suits in voids.items():
            assert not [card for card in state.hands[player] if card.suit in suits], (seed, player)
        checked += sum(1 for player in voids if player != seat)
        for _ in range(10):
            world = model.redeal(state, seat, seen, rng)
            for player, suits in voids.items():
                assert not [card for card in world.hands[player] if card.suit in suits], (seed, player)
    assert checked >= 5


def test_le_plateau_playouts_from_imagined_deals_are_the_engine_s_games():
    """An imagined deal keeps every hand in the engine's order, so a playout from it on the fast path
    is, seed for seed, the game the public engine plays with random bots from that deal."""
    from plateau_lab.core.bots import RandomBot
    from plateau_lab.games.le_plateau.cards import sorted_cards
    from plateau_lab.games.le_plateau.fast import play_on

    model, rng, checked = model_for("le_plateau"), random.Random(5), 0
    for seed in range(8):
        state = position("le_plateau", seed, 25 + 3 * seed)
        if state.is_over or state.phase != "play":
            continue
        seat = state.current_player
        seen = remembered_observations(state, seat)
        for _ in range(6):
            world = model.redeal(state, seat, seen, rng)
            assert all(tuple(hand) == sorted_cards(hand) for hand in world.hands)
            seeds = [rng.getrandbits(32) for _ in range(world.players)]
            record = play_on(world, seeds, rounds=1)
            points, moves = tuple(row["points"] for row in record.rounds), record.actions
            engine, bots = world, [RandomBot(bot_seed) for bot_seed in seeds]
            while engine.phase == "play":
                engine = engine.apply(bots[engine.current_player].choose(engine))
            assert (points, moves) == (tuple(engine.result.points), len(engine.history) - len(world.history))
            checked += 1
    assert checked >= 24


def test_le_plateau_analysis_intervals_shrink_with_the_budget_in_bidding_and_in_card_play():
    from plateau_lab.games import le_plateau

    state = le_plateau.new_game(4, seed=7)
    bidding = state
    while state.phase != "play":
        state = state.apply(le_plateau.HeuristicBot().choose(state))
    for position_ in (bidding, state.apply(state.legal_actions()[0])):
        analysed_at_two_budgets(position_)


def test_plotters_playouts_end_with_the_round_and_weigh_the_round_score_against_the_others():
    from plateau_lab.games.plotters.engine import GAME_OVER, ROUND_OVER

    model = model_for("plotters")
    checked = 0
    for seed in range(12):
        start = position("plotters", seed, 3 + 7 * seed % 30)
        if start.is_over or start.phase == ROUND_OVER:
            continue
        after = start.apply(start.legal_actions()[0])
        end = playout(after, random.Random(seed), lambda now: model.done(start, now), model.playout_bots(start, seed))
        assert end.phase in (ROUND_OVER, GAME_OVER) and len(end.round_scores) == len(start.round_scores) + 1, seed
        values = [model.value(start, end, seat) for seat in range(start.players)]
        assert sum(values) == pytest.approx(0), seed
        scores = end.round_scores[-1]
        assert values[0] == pytest.approx(scores[0] - sum(scores[1:]) / (start.players - 1)), seed
        checked += 1
    assert checked >= 8


def test_coloretto_playouts_on_the_fast_path_end_as_the_public_engine_s_with_the_heuristic_bots():
    """The model's outcome (a fast playout to the end of the round) is, move for move and seed for
    seed, the outcome of the public engine played by its ``playout_bots``, from positions with a
    card drawn, rows taken and the moves that end a round or the game."""

    model = model_for("coloretto")
    checked = round_ends = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = game_spec("coloretto").new_game(rng.choice([2, 3, 4, 5]), seed=seed, golden_joker=seed % 2 == 1)
        for _ in range(rng.randrange(0, 150)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        seat = state.current_player
        for action in state.legal_actions():
            after, playout_seed = state.apply(action), rng.getrandbits(64)
            fast = model.outcome(state, after, seat, playout_seed)
            assert fast == GameModel.outcome(model, state, after, seat, playout_seed), (seed, str(action))
            checked += 1
            round_ends += model.done(state, after)
    assert checked >= 80 and round_ends >= 5, (checked, round_ends)


def test_plotters_playouts_on_the_fast_path_end_as_the_public_engine_s_with_the_heuristic_bots():
    """The model's outcome (a fast playout to the end of the round) is, move for move and seed for
    seed, the outcome of the public engine played by its ``playout_bots``: from positions in the
    middle of a trick, with High picking, with a player keeping two colours, and moves that end a
    round or the game."""

    model = model_for("plotters")
    from plateau_lab.games.plotters.engine import high_share

    def reached(state, wanted):
        if wanted == "the last take":     # High's last pick of the round's last trick
            return state.phase == "take" and not any(state.hands) and len(state.picked) == high_share(state.players) - 1
        return state.phase == wanted

    wanted = ("play", "take", "keep", "the last take")
    phases, round_ends = Counter(), 0
    for seed in range(40):
        rng = random.Random(seed)
        state = game_spec("plotters").new_game(rng.choice([4, 5, 6]), seed=seed)
        phase, skip = wanted[seed % len(wanted)], rng.randrange(0, 80 * state.players)
        while not state.is_over and (len(state.history) < skip or not reached(state, phase)):
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        seat = state.current_player
        for action in state.legal_actions()[:4]:
            after, playout_seed = state.apply(action), rng.getrandbits(64)
            fast = model.outcome(state, after, seat, playout_seed)
            assert fast == GameModel.outcome(model, state, after, seat, playout_seed), (seed, str(action))
            round_ends += model.done(state, after)
        phases[state.phase] += 1
    assert min(phases[phase] for phase in ("play", "take", "keep")) >= 8 and round_ends >= 5, (phases, round_ends)


def test_syndicate_playouts_on_the_fast_path_end_as_the_public_engine_s_with_the_heuristic_bots():
    """The model's outcome (six turns on the fast path, heuristic bots in every seat) is, move for
    move and seed for seed, the outcome of the public engine played by its ``playout_bots``: from
    new turns and turns under way, and playouts that end the game."""

    model = model_for("syndicate")
    where, game_ends = Counter(), 0
    for seed in range(50):
        rng = random.Random(seed)
        state = game_spec("syndicate").new_game(seed=seed, target=rng.choice([3, 6, 12]))
        for _ in range(rng.randrange(0, 30)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        seat = state.current_player
        for action in rng.sample(state.legal_actions(), min(3, len(state.legal_actions()))):
            after, playout_seed = state.apply(action), rng.getrandbits(64)
            end = playout(after, random.Random(playout_seed), lambda now: model.done(state, now),
                          model.playout_bots(state, playout_seed))
            assert model.outcome(state, after, seat, playout_seed) == model.value(state, end, seat), (seed, str(action))
            game_ends += end.is_over
        where["lead" if state.table is None else "answer"] += 1
    assert min(where.values()) >= 10 and game_ends >= 10, (where, game_ends)


def test_syndicate_outcome_is_the_points_ahead_of_the_others_and_a_game_won_counts_more():
    from plateau_lab.games.syndicate import scenario

    model = model_for("syndicate")
    start = scenario("scores: 10 3 4\nhand 0: Sea, Bard, Castle, Cave, Pact\nhand 1: Author, Desert\n"
                     "hand 2: Journey, Battle, Savage", seed=0)
    won = start.derive(points=(12, 3, 4))
    foiled = start.derive(points=(10, 4, 5))
    assert model.value(start, won, 0) == 2 + model.WIN
    assert model.value(start, won, 1) == -1 - model.WIN / 2
    assert model.value(start, foiled, 0) == -1 and model.value(start, foiled, 2) == 0.5


def test_syndicate_imagined_deals_give_no_player_a_card_sharing_a_lead_he_could_not_follow():
    """A player who answered a lead without sharing its mark holds no such card until he draws;
    that is true of the real hands, and the expert deals every imagined hand so."""
    from plateau_lab.games.syndicate import HeuristicBot
    from plateau_lab.games.syndicate.engine import shares_mark
    from plateau_lab.games.syndicate.expert_model import leads_not_followed

    model, rng, constrained = model_for("syndicate"), random.Random(2), 0
    for seed in range(30):
        state = game_spec("syndicate").new_game(seed=seed, target=20)
        bots = [HeuristicBot(seed + seat) for seat in range(3)]
        while not state.is_over:
            if rng.random() < 0.2:
                seat = rng.randrange(3)
                seen = remembered_observations(state, seat)
                refused = leads_not_followed(seen)
                world = model.redeal(state, seat, seen, rng)
                assert world.observation(seat) == state.observation(seat)
                for player in range(3):
                    for lead in refused[player]:
                        assert not [card for card in state.hands[player] if shares_mark(card, lead)], (seed, player)
                        assert not [card for card in world.hands[player] if shares_mark(card, lead)], (seed, player)
                        constrained += player != seat
            state = state.apply(bots[state.current_player].choose(state))
    assert constrained >= 30, constrained


def test_plotters_analysis_intervals_shrink_with_the_budget_while_playing_and_taking():
    from plateau_lab.games import plotters

    state = plotters.new_game(4, seed=5)
    while state.phase != "take" or len(state.round_scores) < 1:
        state = state.apply(plotters.HeuristicBot().choose(state))
    taking = state
    playing = state.apply(state.legal_actions()[0])
    while playing.phase != "play" or len(playing.legal_actions()) < 2:
        playing = playing.apply(plotters.HeuristicBot().choose(playing))
    for position_ in (taking, playing):
        large = analysed_at_two_budgets(position_)
        assert all(move.low <= move.mean <= move.high for move in large.moves)


def test_plotters_expert_beats_the_heuristic_bots_over_a_round_in_a_small_seeded_duplicate_match():
    from plateau_lab.games import plotters

    gains = []
    for seed in range(2):
        def first_round(expert_seat):
            state = plotters.new_game(4, seed=seed)
            bots = [plotters.HeuristicBot() for _ in range(4)]
            if expert_seat is not None:
                bots[expert_seat] = ExpertBot(seed=seed, playouts=24)
            while not state.round_scores:
                state = state.apply(bots[state.current_player].choose(state))
            return state.round_scores[0]
        base = first_round(None)
        gains += [first_round(seat)[seat] - base[seat] for seat in range(4)]
    assert sum(gains) > 0, gains
