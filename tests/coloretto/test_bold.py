"""Coloretto's bold bot (``BoldBot``, ``"bold"``): a second style, that waits for full rows and
places drawn cards for itself alone; the fast path plays it exactly as the public engine does.

The bots' habits are counted on the public engine: a ``Watcher`` wraps a bot and writes down, for
every row it takes, how many cards the row held and whether drawing was possible then.
"""

import random
import statistics

import pytest

from plateau_lab.core import play_out
from plateau_lab.core.bots import RandomBot
from plateau_lab.games import coloretto
from plateau_lab.games.coloretto import fast
from plateau_lab.games.coloretto.bots import TAKE_AT, BoldBot, HeuristicBot, gain, is_full
from plateau_lab.games.coloretto.engine import DRAW, TAKE

import lockstep

OPTIONS = [{"scoring": scoring, "golden_joker": golden} for scoring in ("brown", "grey") for golden in (False, True)]


class Watcher:
    """A bot that plays as ``bot`` and writes down each row it takes: ``(cards in the row, whether
    it could have drawn instead)``."""

    def __init__(self, bot):
        self.bot = bot
        self.taken = []

    def choose(self, state):
        action = self.bot.choose(state)
        if action.kind == TAKE:
            could_draw = any(legal.kind == DRAW for legal in state.legal_actions())
            self.taken.append((len(state.rows[action.row]), could_draw))
        return action


def watched_games(make_bot, games, players=3, **options):
    """The rows taken by watched bots of ``make_bot(seed)`` in every seat over ``games`` games."""
    taken = []
    for seed in range(games):
        watchers = [Watcher(make_bot(seed * players + seat)) for seat in range(players)]
        assert play_out(coloretto.new_game(players, seed=seed, **options), watchers).is_over
        taken += [row for watcher in watchers for row in watcher.taken]
    return taken


def mean_cards(taken):
    return statistics.mean(cards for cards, _ in taken)


def test_the_bold_bot_is_registered_by_name_and_played_on_the_fast_path():
    bot = coloretto.SPEC.bot("bold", 3)
    assert type(bot) is BoldBot and isinstance(bot, HeuristicBot)
    assert repr(bot) == "BoldBot(seed=3, take_at=3)" and repr(HeuristicBot(3)) == "HeuristicBot(seed=3, take_at=3)"
    assert set(coloretto.SPEC.bots) == {"heuristic", "bold"}
    assert fast.FAST_BOTS == {"random", "heuristic", "bold"}
    assert fast.heuristic_seats(["random", "bold", "heuristic"], 3) == [None, "bold", "heuristic"]


def test_over_200_games_the_bold_bot_takes_rows_holding_more_cards():
    bold = watched_games(BoldBot, 200)
    steady = watched_games(HeuristicBot, 200)
    assert mean_cards(bold) >= mean_cards(steady) + 0.3, (mean_cards(bold), mean_cards(steady))
    # while it could still draw, it took full rows only (3 cards under the rulebook with 3 players)
    assert all(cards == 3 for cards, could_draw in bold if could_draw)
    assert any(cards < 3 for cards, could_draw in steady if could_draw)


def test_with_rows_of_4_cards_the_bold_bot_waits_for_4_card_rows():
    """The rule is read, not copied: with room for 4 cards in a row it waits for 4, and so takes
    rows holding more cards than under the rulebook's 3."""
    roomy = watched_games(BoldBot, 60, row_capacity=4)
    rulebook = watched_games(BoldBot, 60)
    assert {cards for cards, could_draw in roomy if could_draw} == {4}
    assert {cards for cards, could_draw in rulebook if could_draw} == {3}
    assert mean_cards(roomy) >= mean_cards(rulebook) + 0.4, (mean_cards(roomy), mean_cards(rulebook))


def positions(games, players=3, **options):
    """The positions of random games, every one that is not over."""
    for seed in range(games):
        rng = random.Random(seed)
        state = coloretto.new_game(players, seed=seed, **options)
        while not state.is_over:
            yield state
            state = state.apply(rng.choice(state.legal_actions()))


def test_the_bold_bot_draws_where_the_heuristic_bot_takes_a_row_that_could_still_grow():
    waited = 0
    for state in positions(20):
        if state.drawn is not None or not any(action.kind == DRAW for action in state.legal_actions()):
            continue
        steady, bold = HeuristicBot(1).choose(state), BoldBot(1).choose(state)
        if bold.kind == TAKE:
            assert is_full(state, bold.row) and gain(state, state.current_player, state.rows[bold.row]) >= TAKE_AT
        if steady.kind == TAKE and not is_full(state, steady.row):
            assert bold.kind == DRAW or is_full(state, bold.row)
            waited += bold.kind == DRAW
    assert waited >= 20, waited


def test_the_bold_bot_places_a_drawn_card_where_it_adds_most_for_itself():
    """It ignores what a card gives the others; the heuristic bot sometimes gives up points of its
    own to keep them from the others."""
    differ = 0
    for state in positions(20, golden_joker=True):
        if state.drawn is None:
            continue
        me = state.current_player

        def own(action):
            row = state.rows[action.row]
            return gain(state, me, row + (state.drawn,)) - gain(state, me, row)

        best = max(own(action) for action in state.legal_actions())
        assert own(BoldBot(2).choose(state)) == best
        differ += own(HeuristicBot(2).choose(state)) < best
    assert differ >= 10, differ


def public_bots(names, bot_seeds):
    return [RandomBot(bot_seed) if name == "random" else coloretto.SPEC.bot(name, bot_seed)
            for name, bot_seed in zip(names, bot_seeds)]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: "-".join(map(str, options.values())))
def test_bold_bots_play_the_engine_s_games_move_by_move(players, options):
    for seed in range(15):
        names = [("bold", "bold", "heuristic", "random")[(seed + seat) % 4] for seat in range(players)]
        bot_seeds = [seed * 13 + seat for seat in range(players)]
        follow = lockstep.Follower(coloretto.new_game(players, seed=seed, **options),
                                   bots=public_bots(names, bot_seeds))
        record = fast.play_fast(players, seed, bot_seeds, options, on_step=follow, bots=names)
        assert follow.state.is_over and record.scores == follow.state.scores
        assert record.actions == len(follow.state.history)


@pytest.mark.slow
def test_play_on_from_any_position_plays_the_bold_bot_s_moves():
    for seed in range(120):
        rng = random.Random(seed)
        players = rng.choice([2, 3, 4, 5])
        variant = dict(rng.choice(OPTIONS), row_capacity=rng.choice([None, 2, 4]))
        state = coloretto.new_game(players, seed=seed, **variant)
        for _ in range(rng.randrange(0, 120)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        names = [rng.choice(["bold", "heuristic", "random"]) for _ in range(players)]
        bot_seeds = [seed * 11 + seat for seat in range(players)]
        follow = lockstep.Follower(state, bots=public_bots(names, bot_seeds))
        record = fast.play_on(state, bot_seeds, bots=names, rounds=rng.choice([1, None]), on_step=follow)
        assert record.scores == follow.state.scores, seed
        assert record.actions == len(follow.state.history) - len(state.history), seed
