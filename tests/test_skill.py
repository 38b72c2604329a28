"""The skill ladder: duplicate pairing, win shares, the skill scale, progress and interruption."""

import asyncio
import multiprocessing
import subprocess
import sys
from fractions import Fraction

import matplotlib
import pandas as pd
import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.imagining import model_for
from plateau_lab.lab.expert import ExpertBot
from plateau_lab.lab.simulate import simulate
from plateau_lab.lab.skill import (LADDER_COLUMNS, Ladder, LadderRun, climb_ladder, default_rungs, expert_rung, ladder_html,
                                   measured, plot_ladder)
from plateau_lab.lab.stats import mean_interval, share_interval, wilson_interval
from plateau_lab.ui.widgets import LadderPanel

matplotlib.use("Agg")

#: The game the ladder's mechanics are tried on: the registry's first (any game would do).
GAME = GAME_NAMES[0]


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_rung_s_gain_is_its_score_minus_the_reference_bot_s_in_the_same_seat_of_the_same_deal(game):
    players = game_spec(game).default_players
    table = climb_ladder(game, 8, {"random": "random"}, workers=1, progress=False, seed=5).to_pandas()
    rung = simulate(game, 8, bots=["random"] + ["heuristic"] * (players - 1), rotate_seats=True, seed=5, workers=1,
                    progress=False).to_pandas()
    reference = simulate(game, 8, bots=["heuristic"] * players, seed=5, workers=1, progress=False).to_pandas()
    seated = rung[rung.seat == rung.game_index % players]
    assert (seated.bot == "random").all() and sorted(seated.seat) == sorted(index % players for index in range(8))
    gains = [row.score - reference[(reference.game_index == row.game_index)
                                   & (reference.seat == row.seat)].score.item() for row in seated.itertuples()]
    row = table.loc["random"]
    assert row["gain"] == pytest.approx(sum(gains) / 8)
    assert (row["games"], row["wins"]) == (8, pytest.approx(seated.win_share.sum()))
    assert (row["low"], row["high"]) == pytest.approx(share_interval(row["wins"], (seated.win_share ** 2).sum(), 8))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_random_play_is_clearly_below_the_heuristic_bot_and_the_reference_gains_nothing(game):
    table = climb_ladder(game, 12, {"random": "random", "heuristic": "heuristic"}, progress=False,
                         seed=1).to_pandas()
    assert table.loc["random", "gain_high"] < 0
    assert table.loc["heuristic", ["gain", "gain_low", "gain_high"]].tolist() == [0, 0, 0]
    assert table.attrs == {"game": game, "against": "heuristic", "interrupted": False}


def games_of(**columns):
    """A rung's games as rows, from columns (``score=[5, 6], winner=[True, True]``)."""
    return [dict(zip(columns, values)) for values in zip(*columns.values())]


def test_the_skill_scale_is_zero_at_a_fair_share_and_one_when_always_winning():
    always = measured(games_of(score=[5, 6], winner=[True, True]), [5, 6], 4)
    fair = measured(games_of(score=[5, 6, 1, 1], winner=[True, False, False, False]), [5, 6, 1, 1], 4)
    assert (always["share"], always["fair"], always["gain"]) == (1.0, 0.25, 0.0)
    assert fair["share"] == 0.0 and fair["share_low"] < 0 < fair["share_high"]


def test_a_tie_counts_one_kth_of_a_win_for_each_tied_seat():
    scores, winners, shares = [7, 7, 9, 3], [True, True, True, False], [0.5, 1 / 3, 1.0, 0.0]
    row = measured(games_of(score=scores, winner=winners, win_share=shares), scores, 4)
    assert row["wins"] == pytest.approx(0.5 + 1 / 3 + 1.0)
    assert row["rate"] == pytest.approx(row["wins"] / 4) and row["low"] < row["rate"] < row["high"]
    assert (row["low"], row["high"]) == pytest.approx(share_interval(row["wins"], 0.25 + 1 / 9 + 1, 4))
    whole = measured(games_of(score=scores, winner=winners), scores, 4)
    assert whole["wins"] == 3 and (whole["low"], whole["high"]) == pytest.approx(wilson_interval(3, 4))
    assert "1.8 of 4 (46%" in ladder_html(Ladder(GAME, "heuristic", False, {"heuristic": row}))


def test_a_rung_is_measured_against_one_reference_score_per_game():
    with pytest.raises(ValueError, match="one reference score per game: 2 games, 1 scores"):
        measured(games_of(score=[5, 6], winner=[True, False]), [5], 4)
    with pytest.raises(ValueError, match="at least one game"):
        measured([], [], 4)


# ---------------------------------------------------------------- in plain Python (the browser has no pandas)


def ladder_by_pandas(game, games, rungs, *, seed):
    """The ladder as pandas computed it before :func:`climb_ladder`: from simulate's tables, indexed by
    ``(game_index, seat)``, the sums and differences taken by pandas."""
    players = game_spec(game).default_players
    options = dict(seed=seed, workers=1, progress=False)
    reference = simulate(game, games, bots=["heuristic"] * players, **options).to_pandas()
    reference = reference.set_index(["game_index", "seat"])
    rows = {}
    for label, bot in rungs.items():
        table = simulate(game, games, bots=[(label, bot)] + ["heuristic"] * (players - 1), rotate_seats=True,
                         **options).to_pandas()
        mine = table[table.seat == table.game_index % players].set_index(["game_index", "seat"])
        shares = mine.win_share.astype(float)
        low, high = share_interval(float(shares.sum()), float((shares * shares).sum()), games)
        gain = mean_interval((mine.score - reference.score.loc[mine.index]).tolist())
        fair = 1 / players
        scaled = [(rate - fair) / (1 - fair) for rate in (shares.sum() / games, low, high)]
        rows[label] = [games, shares.sum(), shares.sum() / games, low, high, fair, *scaled, *gain]
    return pd.DataFrame.from_dict(rows, orient="index", columns=LADDER_COLUMNS)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_plain_ladder_s_table_holds_what_pandas_computed(game):
    rungs = {"random": "random", "heuristic": "heuristic", **dict([expert_rung(game, Fraction(1, 64))])}
    climb = climb_ladder(game, 6, rungs, seed=2, workers=1, progress=False)
    table = climb.to_pandas()
    assert table.index.name == "rung" and table.attrs == {"game": game, "against": "heuristic", "interrupted": False}
    assert list(climb.rungs) == list(rungs) and all(list(row) == LADDER_COLUMNS for row in climb.rungs.values())
    # the same figures; a tie's shares (1/3, …) are summed exactly rounded, so a win may differ in its last bit
    pd.testing.assert_frame_equal(table, ladder_by_pandas(game, 6, rungs, seed=2), check_names=False, rtol=1e-12)


def test_the_notebook_s_ladder_and_the_panel_run_without_pandas():
    """The static site's Python has neither pandas nor numpy: the design lab's ladder, its table and the
    panel's whole run must not need them."""
    script = f"""if True:
        import sys; sys.modules['pandas'] = sys.modules['numpy'] = None
        from fractions import Fraction
        from plateau_lab.lab.skill import climb_ladder, expert_rung, ladder_html
        from plateau_lab.ui.widgets import LadderPanel

        label, expert = expert_rung({GAME!r}, Fraction(1, 16))
        climb = climb_ladder({GAME!r}, 4, {{"random": "random", label: expert}}, seed=9, progress=False, workers=1)
        shown = ladder_html(climb)
        thinker = climb.rungs[label]
        print(thinker["games"], thinker["gain_low"] <= thinker["gain"] <= thinker["gain_high"], "+" in shown)
        panel = LadderPanel({GAME!r}, games=8, rungs={{"random": "random", "heuristic": "heuristic"}}, step_games=4)
        panel.start()
        while panel.step():
            pass
        print(panel.status.value.startswith("Measured: 8 games per bot"), "<svg" in panel.result.value)
    """
    finished = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr[-2000:]
    assert finished.stdout.split() == ["4", "True", "True", "True", "True"]


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_seat_of_pure_luck_wins_exactly_a_fair_share_of_the_ladder(game):
    table = climb_ladder(game, 8, {"heuristic": "heuristic"}, workers=1, progress=False, seed=3).to_pandas()
    # the reference bot in every seat: the games' shares add up to 1, so its rate is 1/players, ties or not
    reference = simulate(game, 8, bots=["heuristic"] * game_spec(game).default_players, seed=3, workers=1,
                         progress=False).to_pandas()
    assert reference.groupby("game_index").win_share.sum().tolist() == pytest.approx([1.0] * 8)
    seated = reference[reference.seat == reference.game_index % game_spec(game).default_players]
    assert table.loc["heuristic", "wins"] == pytest.approx(seated.win_share.sum())


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_expert_rungs_take_a_fraction_of_the_game_s_budget(game):
    label, factory = expert_rung(game, Fraction(1, 4))
    assert label == "expert (1/4 budget)"
    assert isinstance(factory(3), ExpertBot) and factory(3).playouts == model_for(game).playouts // 4
    assert expert_rung(game, 1)[0] == "expert"
    assert list(default_rungs(game))[:2] == ["random", "heuristic"]
    for fraction in (0, -1, 2):
        with pytest.raises(ValueError, match="budget fraction"):
            expert_rung(game, fraction)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_an_expert_rung_plays_a_ladder_against_random_bots(game):
    climb = climb_ladder(game, 2, dict([expert_rung(game, Fraction(1, 64))]), against="random", workers=1,
                         progress=False)
    table = climb.to_pandas()
    assert table.index.tolist() == ["expert (1/64 budget)"] and table.attrs["against"] == "random"
    shown = ladder_html(climb)
    assert "points per game over the beginner (random moves)" in shown and ">player in the seat<" in shown
    assert ">expert (thinks ahead, with 1/64 of its usual effort)</th>" in shown and "budget" not in shown


def test_progress_counts_every_game_and_an_interruption_keeps_the_rungs_measured():
    seen = []
    climb_ladder(GAME, 3, {"random": "random"}, workers=1, progress=False, callback=lambda *done: seen.append(done))
    assert seen[-1] == (6, 6) and [done for done, _ in seen] == sorted(done for done, _ in seen)

    def stop_in_the_third_table(done, in_all):
        if done > 6:
            raise KeyboardInterrupt

    with pytest.warns(UserWarning, match="interrupted"):
        table = climb_ladder(GAME, 3, {"random": "random", "heuristic": "heuristic"}, workers=1, progress=False,
                             callback=stop_in_the_third_table).to_pandas()
    assert table.index.tolist() == ["random"] and table.attrs["interrupted"]


def test_misuse_says_what_is_expected():
    with pytest.raises(ValueError, match="at least one rung"):
        climb_ladder(GAME, 3, {}, progress=False)
    with pytest.raises(ValueError, match="games"):
        climb_ladder(GAME, 0, progress=False)
    with pytest.raises(ValueError, match="no bot named"):
        climb_ladder(GAME, 3, {"x": "grandmaster"}, progress=False)


def test_the_ladder_picture_names_every_rung_and_every_game():
    one = pd.DataFrame({"rate": [0.1, 0.5], "low": [0.0, 0.3], "high": [0.3, 0.7], "fair": [0.25, 0.25]},
                       index=pd.Index(["random", "expert"], name="rung"))
    ax = plot_ladder(one, title=game_spec(GAME).title)
    assert [label.get_text() for label in ax.get_yticklabels()] == ["random", "expert"]
    both = pd.concat({name: one for name in GAME_NAMES[:2]}, names=["game"])
    ax = plot_ladder(both)
    assert [text.get_text() for text in ax.get_legend().get_texts()] == [game_spec(name).title for name in GAME_NAMES[:2]]


# ---------------------------------------------------------------- a step at a time, and the page's panel


@pytest.mark.parametrize("game", GAME_NAMES[:2])
def test_a_ladder_measured_step_by_step_ends_as_the_whole_ladder(game):
    run = LadderRun(game, 5, {"random": "random", "heuristic": "heuristic"}, seed=4, step_games=2)
    sizes = []
    while run.step():
        sizes.append([row["games"] for row in run.result().rungs.values()])
    assert sizes == [[2, 2], [4, 4]] and run.games_done == run.games_in_all == 15
    whole = climb_ladder(game, 5, {"random": "random", "heuristic": "heuristic"}, seed=4, workers=1, progress=False)
    assert run.result() == whole and run.result().to_pandas().equals(whole.to_pandas())
    assert not run.result().interrupted and run.chunks() == []


def test_a_step_s_rows_come_for_every_table_and_the_same_deals():
    run = LadderRun(GAME, 4, {"random": "random"}, step_games=2)
    (_, job, start, stop), _ = run.chunks()
    with pytest.raises(ValueError, match="every rung together"):
        run.record({None: []})
    with pytest.raises(ValueError, match="games 0 to 1"):
        run.record({key: [] for key, *_ in run.chunks()})
    with pytest.raises(ValueError, match="step_games"):
        LadderRun(GAME, 4, step_games=0)
    with pytest.raises(ValueError, match="no bot named"):
        LadderRun(GAME, 4, {"x": "grandmaster"})


def rung_games(panel):
    """The games per rung in the panel's table, read from its text ('3 of 4 (…')."""
    import re

    return [int(count) for count in re.findall(r"<td>[\d.]+ of (\d+) \(", panel.result.value)]


def test_stop_after_k_steps_keeps_a_table_of_k_steps_games():
    panel = LadderPanel(GAME, games=16, rungs={"random": "random", "heuristic": "heuristic"}, step_games=3)
    assert panel.start() is None                      # no event loop: the steps are ours to play
    assert panel.running and not panel.stop.disabled and panel.measure.disabled
    for k in (1, 2):
        assert panel.step()
        assert rung_games(panel) == [3 * k, 3 * k] and panel.progress.value == 3 * 3 * k
        assert "plateau-ladder-so-far" in panel.result.value and "<svg" not in panel.result.value
    panel.stop.click()
    assert panel.status.value.startswith("Stopped after 18 of 48 games: 6 games per bot")
    assert rung_games(panel) == [6, 6] and "<svg" in panel.result.value
    assert not panel.running and not panel.measure.disabled and panel.stop.disabled
    assert not panel.step() and rung_games(panel) == [6, 6]        # stopped: no step is played after


def test_a_stop_before_any_step_measures_nothing_and_a_new_measure_starts_afresh():
    panel = LadderPanel(GAME, games=8, rungs={"random": "random"}, step_games=4)
    panel.start()
    panel.stop.click()
    assert panel.status.value == "Stopped after 0 of 16 games: nothing measured yet." and panel.result.value == ""
    panel.measure.click()                             # no event loop: every step at once
    assert panel.status.value.startswith("Measured: 8 games per bot") and rung_games(panel) == [8]
    assert "class='plateau-ladder'" in panel.result.value


def test_in_an_event_loop_the_page_plays_in_one_worker_and_shows_each_step(monkeypatch):
    import plateau_lab.ui.background as page

    asked, workers_alive, original = [], [], page.worker_pool

    def counted_pool(processes=1):
        asked.append(processes)
        return original(processes)

    monkeypatch.setattr(page, "worker_pool", counted_pool)
    panel = LadderPanel(GAME, games=8, rungs={"random": "random"}, step_games=2)
    shown = []
    panel.result.observe(lambda change: shown.append(rung_games(panel)), names="value")
    panel.progress.observe(lambda change: workers_alive.append(len(multiprocessing.active_children())),
                           names="value")

    async def measure():
        panel.measure.click()
        assert panel.task is not None and panel.running     # the click returned before any game
        await panel.task

    asyncio.run(measure())
    assert asked == [1] and workers_alive and max(workers_alive) <= 1
    assert multiprocessing.active_children() == []           # the worker ends with the run
    assert [games for games in shown if games] == [[2], [4], [6], [8]]
    assert panel.status.value.startswith("Measured: 8 games per bot")


def test_stop_ends_a_worker_s_step_at_once_keeping_the_steps_before():
    panel = LadderPanel(GAME, games=16, rungs={"random": "random"}, step_games=2)

    def stop_in_the_third_step(change):
        if change["new"] == 2 * 2 * 2:
            asyncio.get_running_loop().call_soon(panel.stop.click)   # while the worker plays step 3

    panel.progress.observe(stop_in_the_third_step, names="value")

    async def measure():
        panel.measure.click()
        await panel.task

    asyncio.run(measure())
    assert panel.status.value.startswith("Stopped after 8 of 32 games: 4 games per bot")
    assert rung_games(panel) == [4] and multiprocessing.active_children() == []


def test_in_an_event_loop_stop_ends_within_a_step_and_keeps_the_steps_played(monkeypatch):
    panel = LadderPanel(GAME, games=16, rungs={"random": "random"}, step_games=2, workers=0)

    def stop_after_the_second_step(change):
        if change["new"] == 2 * 2 * 2:
            panel.stop.click()

    panel.progress.observe(stop_after_the_second_step, names="value")

    async def measure():
        panel.measure.click()
        await panel.task

    asyncio.run(measure())
    assert panel.status.value.startswith("Stopped after 8 of 32 games: 4 games per bot")
    assert rung_games(panel) == [4]


def test_a_page_uses_one_worker_at_most():
    assert LadderPanel(GAME).workers == 1
    for workers in (2, 4, -1):
        with pytest.raises(ValueError, match="at most one core"):
            LadderPanel(GAME, workers=workers)
