"""Wimmüln's chance in the review (moved from tests/test_review.py): a player wins a round when his
estimate is hit (a bonus), read the same from the public engine and from the fast path's record."""

from plateau_lab.core.imagining import model_for
from plateau_lab.games import wimmuln
from plateau_lab.games.wimmuln.fast import play_on


def test_in_wimmuln_winning_is_hitting_the_estimate_on_the_engine_and_on_the_fast_path():
    model = model_for("wimmuln")
    hits = set()
    for seed in range(3, 9):
        state = wimmuln.new_game(4, seed=seed)
        state = state.apply(state.legal_actions()[0])
        engine, bots = state, [wimmuln.HeuristicBot() for _ in range(4)]
        while engine.phase != "round over":
            engine = engine.apply(bots[engine.current_player].choose(engine))
        record = play_on(state, [0] * 4, bots=["heuristic"] * 4, rounds=1)
        for seat in range(4):
            hit = engine.round_results[-1].bonuses[seat] > 0
            assert model.won(state, engine, seat) == model.won(state, record, seat) == hit
            hits.add(hit)
    assert hits == {True, False}
