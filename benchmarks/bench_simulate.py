"""Random-bot actions per second for every game, fast path and public API, on one core; the
speed-up of ``simulate`` on 2 workers; and OpenSpiel's Oh Hell driven from Python as a yardstick.

Run: .venv/bin/python benchmarks/bench_simulate.py [seconds per measurement, default 3]

OpenSpiel (``pip install open-spiel``, module ``pyspiel``) is optional: without it that line
says so and the rest runs.
"""

from __future__ import annotations

import importlib
import random
import sys
import time

from plateau_lab.bots import RandomBot
from plateau_lab.core import GAME_NAMES, game_module, play_out
from plateau_lab.simulate import bot_seed, game_seed, lab_module, simulate

PLAYERS = {"syndicate": (3,), "plotters": (4, 6), "coloretto": (3, 5), "wimmuln": (4,), "le_plateau": (4,)}


def timed(play_one, seconds: float) -> tuple[float, int]:
    """Actions per second of ``play_one(index) -> actions``, over at least ``seconds``."""
    start, actions, index = time.perf_counter(), 0, 0
    while time.perf_counter() - start < seconds:
        actions += play_one(index)
        index += 1
    return actions / (time.perf_counter() - start), index


def seeds(index: int, players: int) -> tuple[int, list[int]]:
    seed = game_seed(0, index)
    return seed, [bot_seed(seed, seat) for seat in range(players)]


def fast_actions(game: str, players: int):
    lab = lab_module(game)
    if not hasattr(lab, "play_fast"):
        return None

    def play_one(index: int) -> int:
        seed, bots = seeds(index, players)
        return lab.play_fast(players, seed, bots, {}).actions
    return play_one


def public_actions(game: str, players: int):
    module = game_module(game)

    def play_one(index: int) -> int:
        seed, bots = seeds(index, players)
        return len(play_out(module.new_game(players, seed=seed), [RandomBot(s) for s in bots]).history)
    return play_one


def oh_hell(seconds: float) -> str:
    """OpenSpiel's Oh Hell, 4 players, 12 tricks, uniformly random legal actions from Python."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return "OpenSpiel Oh Hell: skipped (pyspiel is not installed: pip install open-spiel)"
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 12})
    rng = random.Random(0)
    start, player_actions, chance_actions, games = time.perf_counter(), 0, 0, 0
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                chance_actions += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                player_actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return (f"OpenSpiel Oh Hell (4 players, 12 tricks): {player_actions / elapsed:10,.0f} player actions/s "
            f"({(player_actions + chance_actions) / elapsed:,.0f} with the deal's chance actions; {games} games)")


def speed_up(game: str, players: int, games: int) -> str:
    timings = {}
    for workers in (1, 2):
        start = time.perf_counter()
        simulate(game, games, players=players, workers=workers, progress=False)
        timings[workers] = time.perf_counter() - start
    return (f"simulate('{game}', {games}): 1 worker {timings[1]:.2f} s, 2 workers {timings[2]:.2f} s, "
            f"speed-up {timings[1] / timings[2]:.2f}x")


def main(seconds: float) -> None:
    print(f"Random bots, one core, at least {seconds:g} s per line (actions/s; games played)")
    print(f"{'game':<12}{'players':>8}{'fast path':>14}{'public API':>14}{'ratio':>8}")
    for game in GAME_NAMES:
        for players in PLAYERS[game]:
            try:
                public, public_games = timed(public_actions(game, players), seconds)
            except Exception as err:  # an engine still being written must not stop the benchmark
                print(f"{game:<12}{players:>8}  engine not ready: {type(err).__name__}: {err}")
                continue
            play_fast = fast_actions(game, players)
            if play_fast is None:
                print(f"{game:<12}{players:>8}{'(none)':>14}{public:>14,.0f}{'':>8}  ({public_games} games)")
                continue
            fast, fast_games = timed(play_fast, seconds)
            print(f"{game:<12}{players:>8}{fast:>14,.0f}{public:>14,.0f}{fast / public:>7.1f}x"
                  f"  ({fast_games} / {public_games} games)")
    print()
    print(oh_hell(seconds))
    print()
    print("Speed-up of simulate() on 2 workers (process pool) over 1 worker (in process):")
    print(speed_up("syndicate", 3, 6000))
    print(speed_up("plotters", 4, 1500))


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0)
