"""Relative skill (van der Genugten and Borm): learning effect, chance effect, the fictive player who
sees every card, and games compared side by side."""

import math
import re
from fractions import Fraction
from statistics import fmean

import pytest

from plateau_lab.core import GAME_NAMES, game_spec, play_out
from plateau_lab.core.bots import RandomBot
from plateau_lab.core.imagining import model_for
from plateau_lab.lab.simulate import simulate
from plateau_lab.lab.relative_skill import (LADDERS_COLUMNS, RELATIVE_COLUMNS, _ratio_interval, compare_games, ladders,
                                            ladders_html, relative_skill, relative_skill_html)
from plateau_lab.lab.seeing import SEEING, SeeingBot, seeing_rung
from plateau_lab.lab.skill import EXPERT_FRACTIONS, climb_ladder, default_rungs, expert_rung, rung_words


def moves_of_a_random_game(name):
    """The moves of a random game of ``name`` at its default number of players."""
    spec = game_spec(name)
    players = spec.default_players
    return len(play_out(spec.new_game(players, seed=0), [RandomBot(seat) for seat in range(players)]).history)


#: The cheapest registered game to play with the fictive player: the one whose random game takes the
#: fewest moves (Oh Hell's one hand, today; a few seconds for dozens of deals); and another, the first
#: registered besides it.
CHEAP = min(GAME_NAMES, key=moves_of_a_random_game)
OTHER = next(name for name in GAME_NAMES if name != CHEAP)


def seated(game, deals, bot, label, seed=0):
    """``bot`` in seat ``deal % players`` among heuristic bots, one row per deal, read independently."""
    players = game_spec(game).default_players
    table = simulate(game, deals, bots=[(label, bot)] + ["heuristic"] * (players - 1), rotate_seats=True,
                     seed=seed, workers=1, progress=False).to_pandas()
    return table[table.seat == table.game_index % players].sort_values("game_index")


def test_the_effects_are_paired_means_over_the_same_deals_and_relative_skill_is_their_ratio():
    row = relative_skill(CHEAP, 12, playouts=10, seed=2, measure="win_share")
    beginner = seated(CHEAP, 12, "random", "beginner", 2).win_share.to_numpy()
    skilled = seated(CHEAP, 12, "heuristic", "skilled", 2).win_share.to_numpy()
    fictive = seated(CHEAP, 12, seeing_rung(10)[1], "fictive", 2).win_share.to_numpy()
    assert row["learning"] == pytest.approx(fmean(skilled - beginner))
    assert row["chance"] == pytest.approx(fmean(fictive - skilled))
    assert row["relative_skill"] == pytest.approx(row["learning"] / (row["learning"] + row["chance"]))
    assert row["low"] < row["relative_skill"] < row["high"] and row["width"] == pytest.approx(row["high"] - row["low"])
    assert list(row) == RELATIVE_COLUMNS and row["measure"] == "win_share"


def test_scores_are_the_measure_unless_asked_otherwise():
    row = relative_skill(CHEAP, 8, playouts=10)
    beginner = seated(CHEAP, 8, "random", "beginner").score.mean()
    assert row["measure"] == "score" and row["beginner"] == pytest.approx(beginner)


def test_the_player_who_sees_every_card_gains_over_the_skilled_player():
    row = relative_skill(CHEAP, 32, playouts=20, measure="score")
    assert row["learning_low"] > 0 and row["chance_low"] > 0
    assert 0 < row["relative_skill"] < 1


def test_the_ratio_interval_narrows_with_more_deals_and_is_exact_when_every_deal_agrees():
    ratio, low, high = _ratio_interval([1, 1, 1], [2, 2, 2], 0.95)
    assert (ratio, low, high) == (0.5, 0.5, 0.5)
    learning, whole = [1, 0, 2, 1, 0, 1], [2, 1, 3, 2, 2, 1]
    few = _ratio_interval(learning, whole, 0.95)
    many = _ratio_interval(learning * 4, whole * 4, 0.95)
    assert few[0] == many[0] == pytest.approx(sum(learning) / sum(whole))
    assert many[2] - many[1] < few[2] - few[1]
    assert math.isnan(_ratio_interval([1, -1], [1, -1], 0.95)[0])     # no gain at all: no ratio


def test_the_fictive_player_searches_the_true_deal_not_an_imagined_one(monkeypatch):
    spec = game_spec(CHEAP)
    state = spec.new_game(spec.default_players, seed=3)
    while len(state.legal_actions()) < 2:          # to the first real choice
        state = state.apply(state.legal_actions()[0])
    model = model_for(CHEAP)
    started_from = []
    original = type(model).result

    def watched(self, start, after, seat, seed):
        started_from.append(start)
        return original(self, start, after, seat, seed)

    monkeypatch.setattr(type(model), "result", watched)
    move = SeeingBot(1, playouts=8).choose(state)
    assert move in state.legal_actions() and started_from and all(start is state for start in started_from)
    assert move == SeeingBot(1, playouts=8).choose(state)


def test_games_side_by_side():
    table = compare_games([CHEAP, OTHER], 4, playouts=4, seed=1)
    assert table.index.tolist() == [CHEAP, OTHER] and table.columns.tolist() == RELATIVE_COLUMNS
    alone = relative_skill(OTHER, 4, playouts=4, seed=1)
    assert table.loc[OTHER].to_dict() == pytest.approx(alone, nan_ok=True)
    shown = relative_skill_html(table)
    assert game_spec(CHEAP).title in shown and game_spec(OTHER).title in shown


def test_misuse_says_what_is_expected():
    with pytest.raises(ValueError, match="measure"):
        relative_skill(CHEAP, 4, measure="points")
    with pytest.raises(ValueError, match="deals"):
        relative_skill(CHEAP, 1)
    with pytest.raises(ValueError, match="at least one game"):
        compare_games([], 4)
    with pytest.raises(ValueError, match="playouts"):
        SeeingBot(0, playouts=0)
    with pytest.raises(ValueError, match="no bot named"):
        relative_skill(CHEAP, 4, skilled="grandmaster")


# ---------------------------------------------------------------- every game's ladder in one table

#: The cheapest ladder for every game: the expert with 1/64 of its budget, the seeing player with 4 playouts.
TINY = dict(fractions=(Fraction(1, 64),), playouts=4)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_rungs_are_random_then_the_spec_s_styles_then_the_experts_then_the_seeing_player(game):
    rungs = list(default_rungs(game))
    styles = list(game_spec(game).bots)
    assert "heuristic" in styles and len(rungs) == 1 + len(styles) + len(EXPERT_FRACTIONS) + 1
    assert rungs == ["random", *styles, *(expert_rung(game, f)[0] for f in EXPERT_FRACTIONS), SEEING]
    assert list(default_rungs(game, (), playouts=None)) == ["random", *styles]


def test_a_style_added_to_a_game_s_spec_becomes_a_rung(monkeypatch):
    spec = game_spec(CHEAP)
    monkeypatch.setitem(spec.bots, "daring", spec.bots["heuristic"])
    rungs = list(default_rungs(CHEAP, ()))
    assert rungs[-2:] == ["daring", SEEING] and rungs[0] == "random"


@pytest.fixture(scope="module")
def every_game():
    """Every game's ladder, two deals each, the cheapest rungs (some 10 s of one core)."""
    return ladders(None, 2, **TINY)


def test_one_table_holds_every_game_and_every_rung(every_game):
    expected = [(game, rung) for game in GAME_NAMES for rung in default_rungs(game, **TINY)]
    assert every_game.index.tolist() == expected and list(every_game.index.names) == ["game", "rung"]
    assert every_game.columns.tolist() == LADDERS_COLUMNS and (every_game["games"] == 2).all()
    assert every_game.attrs == {"against": "heuristic", "measure": "score", "deals": 2, "interrupted": False}
    shown = ladders_html(every_game)
    assert [re.sub("<.*?>", "", title) for title in re.findall(r"colspan='4'[^>]*>(.*?)</th>", shown)] == [
        f"{game_spec(game).title}: relative skill {row.relative_skill:.2f} (" + (
            "the same in every game" if row.relative_low == row.relative_high
            else f"likely {row.relative_low:.2f} to {row.relative_high:.2f}".replace("-", "\N{MINUS SIGN}")) + ")"
        for game, row in every_game.xs("heuristic", level="rung").iterrows()]
    for game, rung in expected:
        assert f">{rung_words(rung)}</th>" in shown
    text = re.sub("<.*?>", " ", shown).lower()
    assert not any(word in text for word in ("heuristic", "seed", "playout", "budget"))


def test_the_reference_bot_s_rung_gains_nothing_deal_by_deal(every_game):
    reference = every_game.xs("heuristic", level="rung")
    assert (reference[["gain", "gain_low", "gain_high"]] == 0).all().all()
    the_same_bot = climb_ladder(CHEAP, 6, {"the same bot": game_spec(CHEAP).bots["heuristic"]}, workers=1,
                                progress=False).to_pandas()
    assert the_same_bot.loc["the same bot", ["gain", "gain_low", "gain_high"]].tolist() == [0, 0, 0]


def test_the_scale_s_ends_are_random_play_and_seeing_every_card(every_game):
    for end, value in (("random", 0.0), (SEEING, 1.0)):
        ends = every_game.xs(end, level="rung")
        assert (ends[["relative_skill", "relative_low", "relative_high"]] == value).all().all()


@pytest.fixture(scope="module")
def two_games():
    return ladders([CHEAP, OTHER], 12, fractions=(Fraction(1, 64),), playouts=10, seed=3)


def test_every_interval_holds_its_estimate(two_games):
    assert (two_games["low"] <= two_games["rate"]).all() and (two_games["rate"] <= two_games["high"]).all()
    assert (two_games["share_low"] <= two_games["share"]).all() and (two_games["share"] <= two_games["share_high"]).all()
    assert (two_games["gain_low"] <= two_games["gain"]).all() and (two_games["gain"] <= two_games["gain_high"]).all()
    assert (two_games["relative_low"] <= two_games["relative_skill"]).all()
    assert (two_games["relative_skill"] <= two_games["relative_high"]).all()
    random = two_games.xs("random", level="rung")
    assert (random["gain_high"] < 0).all()            # random play scores less than the heuristic bot


@pytest.mark.parametrize("game", [CHEAP, OTHER])
def test_the_heuristic_bot_s_row_is_the_game_s_relative_skill(two_games, game):
    alone = relative_skill(game, 12, playouts=10, seed=3)
    row = two_games.loc[(game, "heuristic")]
    assert (row["relative_skill"], row["relative_low"], row["relative_high"]) == pytest.approx(
        (alone["relative_skill"], alone["low"], alone["high"]))
    for rung in default_rungs(game, (Fraction(1, 64),), playouts=10):
        by_itself = climb_ladder(game, 12, dict([(rung, default_rungs(game, (Fraction(1, 64),), playouts=10)[rung])]),
                           seed=3, workers=1, progress=False).to_pandas()
        assert two_games.loc[(game, rung), "gain"] == pytest.approx(by_itself.loc[rung, "gain"])


def test_by_win_share_the_relative_skill_reads_the_games_won():
    by_wins = ladders(CHEAP, 8, fractions=(), playouts=6, measure="win_share")
    alone = relative_skill(CHEAP, 8, playouts=6, measure="win_share")
    assert by_wins.loc[(CHEAP, "heuristic"), "relative_skill"] == pytest.approx(alone["relative_skill"])
    assert by_wins.attrs["measure"] == "win_share" and "by games won" in ladders_html(by_wins)


def test_two_workers_measure_the_same_ladders_as_one():
    one = ladders(CHEAP, 6, fractions=(), playouts=4, workers=1)
    two = ladders(CHEAP, 6, fractions=(), playouts=4, workers=2)
    assert two.equals(one) and one.attrs == two.attrs


def test_an_interrupted_run_keeps_the_rungs_measured():
    def stop_in_the_third_table(game, done, in_all):
        if done > 4:
            raise KeyboardInterrupt

    with pytest.warns(UserWarning, match="interrupted"):
        table = ladders([CHEAP, OTHER], 2, fractions=(), playouts=4, callback=stop_in_the_third_table)
    assert table.index.tolist() == [(CHEAP, "random")] and table.attrs["interrupted"]


def test_ladders_misuse_says_what_is_expected():
    with pytest.raises(ValueError, match="at least one game"):
        ladders([], 4)
    with pytest.raises(ValueError, match="measure"):
        ladders(CHEAP, 4, measure="points")
    with pytest.raises(ValueError, match="deals"):
        ladders(CHEAP, 1)
    with pytest.raises(ValueError, match="no game|unknown|not a game"):
        ladders(["chess"], 4)
    with pytest.raises(ValueError, match="budget fraction"):
        ladders(CHEAP, 4, fractions=(2,))
