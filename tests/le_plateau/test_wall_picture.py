"""Le Plateau's lost hand: the picture outlines the whole wall of the opponents' counters that blocks
the objective, not just the one counter whose removal would open it (issue 28: a single corner
space was crossed out)."""

import xml.etree.ElementTree as ET

from plateau_lab.games import le_plateau as lp
from plateau_lab.games.le_plateau.bots import HeuristicBot
from plateau_lab.games.le_plateau.render import board_picture
from plateau_lab.hexboard import DECLARERS, OPPONENTS, blockers, blocking_wall
from plateau_lab.hexboard.formations import groups
from plateau_lab.hexboard.render import HIGHLIGHT


def hand_played_out(seed: int):
    """A 4-player hand the heuristic bots play to its end."""
    state = lp.new_game(4, seed=seed)
    bots = [HeuristicBot() for _ in range(4)]
    while state.phase not in ("hand over", "passed out"):
        state = state.apply(bots[state.current_player].choose(state))
    return state


def lost_behind_a_wall():
    """The first hand the declarers lose where the opponents' wall is longer than the fewest counters
    whose removal would open it (notebook 06's example, seed 33, was one)."""
    for seed in range(33, 133):
        state = hand_played_out(seed)
        if state.phase == "hand over" and not state.result.won:
            result = state.result
            fewest = blockers(result.board, DECLARERS, result.bid.objective)
            if len(blocking_wall(result.board, DECLARERS, result.bid.objective)) > len(fewest):
                return state, fewest
    raise AssertionError("no lost hand with a wall longer than its fewest blockers in 100 deals")


def outlined(svg: str) -> int:
    return sum(1 for polygon in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}polygon")
               if polygon.get("stroke") == HIGHLIGHT and polygon.get("fill") == "none")


def test_a_lost_hand_outlines_the_whole_wall_of_opponents_counters():
    state, fewest = lost_behind_a_wall()
    result = state.result
    wall = blocking_wall(result.board, DECLARERS, result.bid.objective)
    assert fewest < wall and all(result.board.counters[cell] == OPPONENTS for cell in wall)
    assert all(group & fewest for group in groups(wall))             # each line of counters holds a blocker
    svg = board_picture(state).svg()
    assert outlined(svg) == len(wall)
    assert "the counters that block it" in svg
