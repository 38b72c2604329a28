"""Wimmüln: pictures, the bonus widget, the heuristic bot and the estimating exercise."""

import re

import pytest

from plateau_lab.core.bots import RandomBot
from plateau_lab.core import play_out
from plateau_lab.games import wimmuln
from plateau_lab.games.wimmuln import card
from plateau_lab.games.wimmuln.render import card_picture, cross_picture, state_picture
from plateau_lab.ui.walkthroughs.wimmuln import ScoringWalkthrough, bonus_row_html
from plateau_lab.ui.widgets import StepViewer

from .test_rules import TRUMPS, estimated, full_round


# --- pictures --------------------------------------------------------------------------------

@pytest.mark.parametrize("number, triangles", [(0, 1), (1, 0), (6, 2), (7, 2), (9, 0)])
def test_cards_show_their_number_and_triangles(number, triangles):
    svg = card_picture(card(number, "blue")).svg()
    assert svg.count("<polygon") == triangles and f">{number}</text>" in svg


def test_a_cross_hides_the_face_down_card_unless_revealed():
    cross = wimmuln.Estimate(card(3, "red"), card(7, "blue"))
    hidden = cross_picture(cross, show_top=False, show_bottom=False).svg()
    assert ">3<" not in hidden and ">7<" not in hidden
    revealed = cross_picture(cross, show_top=True, show_bottom=False).svg()
    assert ">3<" in revealed and ">7<" not in revealed and "rotate(90)" in revealed
    owner = cross_picture(cross, show_top=True, show_bottom=True).svg()
    assert ">7<" in owner and "stroke-dasharray" in owner


def test_the_table_as_each_player_sees_it():
    state = wimmuln.scenario(TRUMPS, seed=1).apply("lay 2 blue over 4 green")
    mine, theirs = state.to_svg(1), state.to_svg(2)
    assert "estimates 2 up, 4 down" in mine
    assert "estimates ?" in theirs and "2 up" not in theirs
    state = estimated(state.setup.first_state())
    seen = state.to_svg(2)
    assert "estimates 2 up, ? down" in seen and "estimates 3 up, 5 down" in seen
    assert "trumps: blue" in seen and "player 0" in seen


def test_the_table_shows_tricks_won_against_the_estimates():
    state = estimated(wimmuln.scenario(TRUMPS, seed=1)).apply("play 1 red").apply("play 0 red")
    svg = state.to_svg()
    assert "1 trick · estimates 0 up, 2 down" in svg and "last trick: player 0 won it" in svg
    final = full_round(wimmuln.scenario(TRUMPS, seed=1, rounds=1))
    assert "2 tricks · estimates 0 up, 2 down" in final.to_svg(1)


def test_pictures_are_deterministic_and_well_formed():
    state = wimmuln.new_game(6, seed=4)
    assert state.to_svg() == state.to_svg()
    assert state_picture(state, 0).svg().startswith("<svg")
    assert re.search(r'width="\d+', state._repr_svg_())


# --- the scoring walkthrough -----------------------------------------------------------------

def test_scoring_walkthrough_driven_from_python():
    calculator = ScoringWalkthrough()
    assert calculator.bonus == 10 and "face-up card, the lower one" in calculator.verdict.value
    for (up, down, tricks), points in [((6, 3, 3), 5), ((3, 6, 6), 10), ((6, 3, 6), 20), ((4, 4, 4), 25),
                                       ((4, 4, 2), 0)]:
        calculator.face_up.value, calculator.face_down.value, calculator.tricks.value = up, down, tricks
        assert calculator.bonus == points
        assert f"Bonus: {points} points" in calculator.verdict.value
    assert "background:#ffe28a;font-weight:bold'>2</td>" in calculator.table.value


def test_bonus_row_lists_every_number_of_tricks():
    row = bonus_row_html(2, 5, 8)
    assert re.findall(r"<td[^>]*>(\d+)</td>", row) == ["0", "1", "2", "3", "4", "5", "6", "7", "8",
                                                  "0", "0", "10", "0", "0", "10", "0", "0", "0"]


# --- the bots and the library widgets --------------------------------------------------------

def test_heuristic_bot_estimates_from_its_hand():
    strong = [card(9, "blue"), card(8, "blue"), card(7, "blue"), card(9, "red"), card(0, "green"), card(1, "green")]
    weak = [card(0, "red"), card(1, "red"), card(2, "green"), card(3, "green"), card(1, "yellow"), card(0, "yellow")]
    assert wimmuln.estimate_tricks(strong, "blue", 4) > 3 > wimmuln.estimate_tricks(weak, "blue", 4)
    high = wimmuln.best_cross(strong, "blue", 4, 4)
    low = wimmuln.best_cross(weak, "blue", 4, 4)
    assert low.top.number == 0 or low.bottom.number == 0
    assert max(high.top.number, high.bottom.number) >= 2


def test_heuristic_bots_hit_their_estimates_more_often_than_random_ones():
    def bonuses(make_bot):
        total = 0
        for seed in range(15):
            final = play_out(wimmuln.new_game(4, seed=seed, rounds=1), [make_bot(s) for s in range(4)])
            total += sum(final.round_results[0].bonuses)
        return total

    assert bonuses(lambda s: wimmuln.HeuristicBot()) > 2 * bonuses(RandomBot)


def test_heuristic_bot_plays_whole_games_legally():
    final = play_out(wimmuln.new_game(5, seed=12), [wimmuln.HeuristicBot() for _ in range(5)])
    assert final.is_over and max(final.scores) >= 200


def test_step_viewer_steps_through_a_round():
    final = play_out(wimmuln.scenario(TRUMPS, seed=1, rounds=1), [RandomBot(s) for s in range(3)])
    viewer = StepViewer.from_state(final)
    assert len(viewer.frames) == len(final.history) + 1
    viewer.forward.click()
    assert viewer.slider.value == 1 and "lay" in viewer.caption.value


# --- the exercise ----------------------------------------------------------------------------

def test_redealt_keeps_what_the_player_sees():
    state = wimmuln.new_game(4, seed=1)
    for seat in (1, 0):
        imagined = wimmuln.redealt(state, seat, seed=3, trial=0)
        assert imagined.hands[seat] == state.hands[seat]
        assert imagined.trick == state.trick and imagined.shown == state.shown and imagined.trump == state.trump
        assert sorted(c for h in imagined.hands for c in h) == sorted(c for h in state.hands for c in h)
    assert wimmuln.redealt(state, 1, seed=3, trial=1).hands != wimmuln.redealt(state, 1, seed=3, trial=0).hands


def test_evaluate_cross_scores_the_rounds_the_heuristic_bots_play_on_the_public_engine():
    state = wimmuln.new_game(4, seed=5)
    cross = state.legal_actions()[3]
    bot, bonuses = wimmuln.HeuristicBot(), []
    for trial in range(6):
        imagined = wimmuln.redealt(state, 1, 2, trial)
        while not imagined.is_over:
            chosen = cross if imagined.current_player == 1 and imagined.phase == "estimate" else bot.choose(imagined)
            imagined = imagined.apply(chosen)
        bonuses.append(imagined.round_results[0].bonuses[1])
    report = wimmuln.evaluate_cross(state, 1, cross, trials=6, seed=2)
    assert (report.mean_bonus, report.hits) == (sum(bonuses) / 6, sum(points > 0 for points in bonuses))


def test_evaluate_cross_plays_imagined_rounds():
    state = wimmuln.new_game(4, seed=1)
    report = wimmuln.evaluate_cross(state, 1, str(state.legal_actions()[0]), trials=4, seed=1)
    assert report.trials == 4 and 0 <= report.hits <= 4 and "playouts" in str(report)
    with pytest.raises(ValueError, match="cannot lay"):
        wimmuln.evaluate_cross(state, 1, "lay 9 blue over 9 blue", trials=1)
    with pytest.raises(ValueError, match="not begun"):
        wimmuln.evaluate_cross(state.apply(state.legal_actions()[0]), 2, state.legal_actions()[0], trials=1)
