"""Wimmüln's evaluation graph: its card play's chances on the fast path are the public engine's (moved
from tests/test_graph_positions.py)."""

import random

from plateau_lab.core import game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.games.wimmuln.engine import PLAY
from plateau_lab.games.wimmuln.expert_model import MODEL as WIMMULN
from plateau_lab.lab.expert import odds
from plateau_lab.lab.game_analysis import _chances


def test_wimmulns_card_play_chances_on_the_fast_path_match_the_public_engines():
    states = [game_spec("wimmuln").new_game(seed=5)]
    while not states[-1].is_over:
        states.append(states[-1].apply(RandomBot(len(states)).choose(states[-1])))
    state = next(state for state in states[40:] if state.phase == PLAY)
    fast = _chances(state, WIMMULN, None, 400, random.Random(1))
    public = odds(state, None, 400, seed=1)
    assert fast.question == public.question and fast.labels == public.labels
    assert all(abs(a - b) < 0.15 for a, b in zip(fast.chances, public.chances))
