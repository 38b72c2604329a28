"""Le Plateau's chance in the review (moved from tests/test_review.py): a player wins when his side
(the declarer and his partners, or the opponents) wins the hand, read the same from the public engine
and from the fast path's record."""

from plateau_lab.core.imagining import model_for
from plateau_lab.games import le_plateau
from plateau_lab.games.le_plateau.fast import play_on


def test_in_le_plateau_winning_is_being_on_the_side_that_wins_the_hand():
    model = model_for("le_plateau")
    sides = set()
    for seed in range(7, 15):                 # heuristic bots: both made and failed contracts
        state = le_plateau.new_game(4, seed=seed)
        record = play_on(state, [10, 11, 12, 13], bots=["heuristic"] * 4, rounds=1)
        engine, bots = state, [le_plateau.HeuristicBot(seed) for seed in (10, 11, 12, 13)]
        while engine.phase not in ("hand over", "passed out"):
            engine = engine.apply(bots[engine.current_player].choose(engine))
        for seat in range(4):
            assert model.won(state, engine, seat) == model.won(state, record, seat)
            if engine.result is not None:
                team = {engine.result.declarer, *engine.result.partners}
                assert model.won(state, engine, seat) == (engine.result.won == (seat in team))
                sides.add((seat in team, engine.result.won))
    assert len(sides) == 4
