"""Le Plateau's table in words (issue 43, clause 2; moved from tests/test_table_words.py, whose
checks run in every game): the board's counters said by place, each team's line the same for every
player."""

import random
import re

from plateau_lab.core import game_spec
from plateau_lab.hexboard.cells import describe_token
from plateau_lab.core.table_words import table_words


def test_the_boards_counters_are_said_by_place_the_same_for_every_player():
    state, rng = game_spec("le_plateau").new_game(4, seed=5), random.Random(5)
    while len(state.board.counters) < 3:
        state = state.apply(rng.choice(state.legal_actions()))
    lines = [[line for line in table_words(state.observation(seat)) if line.startswith("The board")]
             for seat in range(4)]
    assert all(said == lines[0] for said in lines) and len(lines[0]) == 2
    declarers, defenders = lines[0]
    counted = 0
    for line, team in ((declarers, 0), (defenders, 1)):
        tokens = [state.board.layout[cell] for cell, owner in state.board.counters.items() if owner == team]
        assert line.endswith("no counters.") if not tokens else f": {len(tokens)} counter" in line, line
        for token in tokens:
            place = describe_token(token) if token[0] not in "TA" or not token[1:].isdigit() else token[1:]
            assert re.search(rf"(?<![\w]){re.escape(place)}(?![\w])", line), (token, line)
        counted += len(tokens)
    assert counted >= 3
