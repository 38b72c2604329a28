"""Le Plateau's hand step by step and the board explorer count in words a person writes (moved from
tests/test_learner_words.py)."""

import random

from learner_words import html_words, wrong_words


def test_le_plateaus_hand_step_by_step_and_the_board_explorer_count_in_words():
    from plateau_lab.core import seeded_random
    from plateau_lab.games import le_plateau
    from plateau_lab.ui.walkthroughs.le_plateau import hand_frames
    from plateau_lab.hexboard import CELLS, DECLARERS, OPPONENTS, Board, Formation
    from plateau_lab.ui.board_explorer import BoardExplorer

    texts = []
    for players in (2, 4, 6):
        state, rng = le_plateau.new_game(players, seed=players), random.Random(players)
        while state.phase not in ("hand over", "passed out"):
            state = state.apply(rng.choice(state.legal_actions()))
        texts += [html_words(caption) for _, caption in hand_frames(state)]
    explorer = BoardExplorer(Board.official(4))
    rng = seeded_random(1, "explorer")
    for cell in rng.sample(CELLS, 30):                   # a board filling up, the verdicts after each click
        explorer.mode.value = rng.choice((DECLARERS, OPPONENTS))
        explorer.click(cell)
        texts += [explorer.summary(team, formation) for team in (DECLARERS, OPPONENTS) for formation in Formation]
    assert any("impossible" in text for text in texts)
    assert wrong_words(texts) == []
