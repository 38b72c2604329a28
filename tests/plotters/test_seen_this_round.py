"""The Plotters model reads a review's later decisions of a round from the observations since the
last one (issue 28's speed): the cards seen are the same as from every observation of the round."""

from plateau_lab.core.bots import RandomBot
from plateau_lab.core.imagining import cards_seen_this_round
from plateau_lab.games import plotters
from plateau_lab.games.plotters.cards import Card
from plateau_lab.games.plotters.expert_model import SEEN_KEYS, PlottersModel


def test_the_cards_seen_read_decision_after_decision_match_those_read_at_once():
    game = plotters.new_game(4, seed=7)
    states = [game]
    while not states[-1].is_over:
        states.append(states[-1].apply(RandomBot(len(states)).choose(states[-1])))
    observed = [state.observation(0) for state in states]
    model = PlottersModel()
    extended = 0
    for index, state in enumerate(states[:-1]):
        if state.current_player != 0:
            continue
        seen = observed[:index + 1]
        before = model._last_seen
        found = model._seen_this_round(seen, Card)
        extended += before is not None and before[3]["round"] == seen[-1]["round"]
        assert found == cards_seen_this_round(seen, "round", SEEN_KEYS, Card), index
    assert extended > 10                        # the shortcut was taken, within rounds
