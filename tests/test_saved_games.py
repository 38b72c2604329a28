"""Saved games read like simulated ones (plateau_lab.lab.saved_games): the same games give the same
rows as simulate's, column for column; a class's finished games at the shared tables, downloaded by
the teacher, answer the first-player question; what cannot be read is refused with its place."""

from __future__ import annotations

import json

import pytest

from plateau_lab.classroom.store import Store
from plateau_lab.classroom.tables import SharedTables
from plateau_lab.classroom.teacher import finished_games
from plateau_lab.core import GAME_NAMES, game_spec, play_out
from plateau_lab.core.bots import RandomBot
from plateau_lab.lab.saved_games import SAVED_GAME, saved_game_rows, saved_games
from plateau_lab.lab.simulate import simulate
from plateau_lab.lab.stats import first_player_advantage

SAME = ["game", "players", "variant", "rules", "game_index", "seed", "seat", "score", "rank", "winner", "actions",
        "win_share", "starter", "margin", "moves", "decisions", "lead_changes"]


def short(game):
    """The game's short game: its players and rules."""
    return game_spec(game).short


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_same_games_give_simulates_rows(game):
    players, variant = short(game)
    table = simulate(game, 6, players=players, variant=variant, seed=5, workers=1, progress=False, fast=False,
                     shape="replay").to_pandas()
    saves = []
    for index in range(6):
        rows = table[table.game_index == index].sort_values("seat")
        state = game_spec(game).new_game(players, seed=int(rows.seed.iloc[0]), **variant)
        saves.append(play_out(state, [RandomBot(int(seed)) for seed in rows.bot_seed]).to_json())
    read = saved_games(json.dumps([json.loads(save) for save in saves]))
    assert read[SAME].to_dict("records") == table[SAME].to_dict("records")
    assert set(read.bot) == {SAVED_GAME} and read.bot_seed.isna().all()
    assert list(read.columns) == [column for column in table.columns if column in read.columns]


def test_a_class_s_finished_games_answer_the_first_player_question():
    game = GAME_NAMES[0]
    players, variant = short(game)
    tables = SharedTables(Store(":memory:"))
    for seed in range(8):
        seating = tables.open_table(game, players, variant, f"Learner {seed}", seed=seed)
        tables.free_seat(seating.code, 0)
        tables.play_bots(seating.code)
    unfinished = tables.open_table(game, players, {}, "Ann", seed=99)       # still in play: not in the download
    table = saved_games(finished_games(tables))
    assert table.game_index.nunique() == 8 and unfinished.code
    rates = first_player_advantage(table)
    assert rates["games"].sum() == 8 * players and rates["wins"].sum() == pytest.approx(8)


def test_what_cannot_be_read_is_refused_with_its_place():
    game = GAME_NAMES[0]
    players, variant = short(game)
    finished = play_out(game_spec(game).new_game(players, seed=1, **variant),
                        [RandomBot(seat) for seat in range(players)])
    begun = game_spec(game).new_game(players, seed=2)
    with pytest.raises(ValueError, match=r"saved game 1 \(counting from 0\) cannot be read: the game is not over"):
        saved_game_rows([finished.to_json(), begun.to_json()])
    tampered = json.loads(finished.to_json())
    tampered["actions"][1] = "no such move"
    with pytest.raises(ValueError, match="saved game 0 .* cannot be read"):
        saved_game_rows([tampered])
    with pytest.raises(ValueError, match="a JSON list of saves; line 1"):
        saved_game_rows("[{")
    with pytest.raises(TypeError, match="a JSON list of saves"):
        saved_game_rows(7)
