"""Oh Hell's heuristic bot: legal moves only (the hook rule included), the same game for the same
seed, nothing read but its seat's observation, and its bid made far more often than by chance."""

import random

from plateau_lab.core import play_out
from plateau_lab.games.oh_hell import Bid, HeuristicBot, expected_tricks, new_game, parse_card, scenario


class OnlyTheObservation:
    """A state as a bot may read it: whose turn it is, the hand's rules (known to every seat) and
    that seat's observation, nothing else."""

    def __init__(self, state):
        self.current_player = state.current_player
        self.rules = state.rules
        self._seen = state.observation(state.current_player)

    def observation(self, seat):
        assert seat == self.current_player, "a bot reads its own seat's observation only"
        return self._seen


def bot_game(seed, players, bots):
    state = new_game(players, seed=seed)
    while not state.is_over:
        state = state.apply(bots[state.current_player].choose(OnlyTheObservation(state)))
    return state


def test_the_bot_reads_only_its_seat_s_observation_and_plays_legal_moves():
    for seed in range(150):
        players = 3 + seed % 5
        assert bot_game(seed, players, [HeuristicBot(seat) for seat in range(players)]).is_over


def test_the_same_seed_plays_the_same_game():
    first = play_out(new_game(5, seed=4), [HeuristicBot(seat) for seat in range(5)])
    again = play_out(new_game(5, seed=4), [HeuristicBot(seat) for seat in range(5)])
    assert first.history == again.history and first.scores == again.scores


def test_the_bot_bids_the_tricks_its_cards_should_win():
    state = scenario("dealer: 2\ntrump: 2H\nhand 0: AH, KH, AS, 3C\nhand 1: 4H, 5S, 6C, 7D\n"
                     "hand 2: 8S, 9C, 10D, JD", seed=1)
    assert expected_tricks(state.hands[0], "H") == 2.75
    assert HeuristicBot(0).choose(state) == Bid(3)
    assert HeuristicBot(0).choose(state.apply("bid 3")) == Bid(0)


def test_the_dealer_s_bot_respects_the_hook_rule():
    state = scenario("dealer: 2\ntrump: 2H\nhand 0: 3C\nhand 1: 4D\nhand 2: AH\nbids: 0 0 -", seed=1)
    assert Bid(1) not in state.legal_actions()
    assert HeuristicBot(0).choose(state) == Bid(0)


def test_a_bot_that_has_made_its_bid_ducks_and_one_that_needs_tricks_wins_them():
    text = "dealer: 2\ntrump: 2H\nhand 0: 4S\nhand 1: KS, 3S\nhand 2: 5D, 6D\nbids: {} 1 0\ntrick: QS\nleader: 0"
    needs = scenario(text.format(0).replace("hand 0: 4S", "hand 0: 4S, 5S").replace("trick: QS\nleader: 0", ""), seed=1)
    needs = needs.apply("play 5S")
    assert HeuristicBot(1).choose(needs).card == parse_card("KS")
    ducking = scenario("dealer: 2\ntrump: 2H\nhand 0: 4S, 5S\nhand 1: KS, 3S\nhand 2: 5D, 6D\nbids: 0 1 0\n"
                       "tricks won: 0 1 0\nleader: 1\nplayed: 7C, 8C, 9C", seed=1).apply("play KS")
    assert ducking.current_player == 2
    ducking = ducking.apply("play 5D").apply("play 5S")
    assert ducking.current_player == 1 and HeuristicBot(1).choose(ducking).card == parse_card("3S")


def exact_bids(bots_for, games=200):
    made = 0
    for seed in range(games):
        players = 3 + seed % 5
        final = play_out(new_game(players, seed=seed), bots_for(players))
        made += sum(bid == won for bid, won in zip(final.bids, final.tricks_won))
    return made


class RandomMoves:
    def __init__(self, seed):
        self.random = random.Random(seed)

    def choose(self, state):
        return self.random.choice(state.legal_actions())


def test_the_bot_makes_its_bid_far_more_often_than_random_play():
    heuristic = exact_bids(lambda players: [HeuristicBot(seat) for seat in range(players)])
    chance = exact_bids(lambda players: [RandomMoves(seat) for seat in range(players)])
    assert heuristic > 1.5 * chance
