"""The click machine makes every legal move of every game, and nothing else, from its view's clicks."""

import random

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.clicks import Clicks

POSITIONS_PER_GAME = 40


def positions(name: str, count: int = POSITIONS_PER_GAME):
    """Positions of random games of ``name``, a learner's turn in each (bounded by a count)."""
    spec, rng = game_spec(name), random.Random(name)
    found, seed = [], 0
    while len(found) < count:
        state = spec.new_game(seed=seed)
        while not state.is_over and len(found) < count:
            found.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
        seed += 1
    return found[::2] + found[1::2][:count // 4]


def made_by_clicking(clicks: Clicks, made: tuple[str, ...]):
    """The move the clicks ``made`` lead to, pressing the button the picked parts leave when a longer
    move keeps the last click from completing it."""
    for target in made:
        assert target in clicks.targets()
        step = clicks.click(target)
        if step.kind == "move":
            return step.move
        assert step.kind == "picked" and step.picked[-1] == target
        clicks = Clicks(clicks.moves, step.picked)
    return clicks.buttons()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_legal_move_is_made_by_its_clicks_and_no_other_move(name):
    view = game_spec(name).table_view()
    for state in positions(name):
        legal = state.legal_actions()
        clicks = Clicks.of(legal, view.clicks)
        for move, made in clicks.moves:
            reached = made_by_clicking(clicks, made)
            if isinstance(reached, list):
                assert move in reached, (str(state), move)
            else:
                assert reached == move


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_click_off_the_targets_makes_no_move_and_a_picked_part_is_put_back(name):
    view = game_spec(name).table_view()
    for state in positions(name, 10):
        clicks = Clicks.of(state.legal_actions(), view.clicks)
        assert clicks.click("no such part").kind == "no move"
        for target in clicks.targets():
            step = clicks.click(target)
            if step.kind == "picked":
                again = Clicks(clicks.moves, step.picked).click(target)
                twice = any(made[:2] == (target, target) for _, made in clicks.moves)
                assert again.kind == ("picked" if twice else "put back") or twice and again.kind == "move"
                assert clicks.click("no such part").tried == ("no such part",)


def test_a_position_with_no_moves_offers_nothing():
    empty = Clicks.of((), lambda move: ())
    assert empty.targets() == [] and empty.buttons() == [] and empty.click("card 7H").kind == "no move"


