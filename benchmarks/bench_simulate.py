"""Random-bot actions per second for every game, fast path and public API, on one core; the
speed-up of ``simulate`` on 2 workers over 1 for every game; the time of a 1,000-game table with
a heuristic bot in every seat on 2 workers (aim: under a minute), against the same table of random
bots; and OpenSpiel's Oh Hell (4 players, 12 tricks) played by random players from Python in the
same run, as the yardstick each game is compared with. The first row is this project's own Oh Hell
(OpenSpiel's rules) with the yardstick's players and tricks, so that its fast path and public API
are compared with OpenSpiel's C++ engine on the very same game, in the same run. Then every
game of the registry (``GAME_NAMES``) has a row at its default players and one at its most
players, under its rulebook (:func:`rows`: the benchmark keeps no list of games of its own).

Run: .venv/bin/python benchmarks/bench_simulate.py [seconds per measurement, default 3] [games, default all]

Every rate counts player actions only (everything a bot chose, as ``len(state.history)`` on the
public engine; for Oh Hell the bids and card plays, not the deal's chance actions) over whole
games, seeds included: a game's seed and its bots' seeds are made as ``simulate`` makes them.

The machine is shared and its speed wanders, so each row's figures are measured taking turns: a
run of Oh Hell, a run of the game's fast path, a run of its public API, six times over (a sixth
of the time each: slow spells here last seconds), and each figure is its best run (the one least
disturbed). A ratio is thus between two figures of the same stretch of time. The load average is printed before and after.

OpenSpiel (``pip install open-spiel``, module ``pyspiel``) is optional: without it that line says
so and the ratios are left out.

A fast game plays exactly the game the public engine plays from the same seeds, so it seeds the
same Mersenne Twister generators: its deals and reshuffles, one per bot, and the game and bot seeds
``simulate`` derives. The seeding table records every seed a game's generators are given (by
wrapping ``random.Random.seed`` for the count) and times seeding them all again, alone, against
the whole games; beside it, the time a game may take to run at twice its row's Oh Hell rate.
"""

from __future__ import annotations

import importlib
import os
import random
import sys
import time
import timeit
from collections.abc import Callable

from plateau_lab.core.bots import RandomBot
from plateau_lab.core import GAME_NAMES, game_module, game_spec, play_out
from plateau_lab.lab.simulate import bot_seed, game_seed, simulate

#: The yardstick, OpenSpiel's Oh Hell: its players and tricks. This project's own game of the same
#: rules (the registry's ``oh_hell``) gets a first row with them, so that the two engines are compared
#: on the very same game.
YARDSTICK_GAME, YARDSTICK_PLAYERS, YARDSTICK_TRICKS = "oh_hell", 4, 12
AIM = 100_000
REPEATS = 6


def timed(runs: dict[str, Callable[[int], int]], seconds: float) -> dict[str, tuple[float, int]]:
    """Per name, actions per second of ``play_one(index) -> actions`` and the games played: the
    runs take turns, each playing whole games for ``seconds / REPEATS``, REPEATS times over, and
    each rate is the best of its turns."""
    best = dict.fromkeys(runs, 0.0)
    games = dict.fromkeys(runs, 0)
    for _ in range(REPEATS):
        for name, play_one in runs.items():
            start, actions = time.perf_counter(), 0
            while time.perf_counter() - start < seconds / REPEATS:
                actions += play_one(games[name])
                games[name] += 1
            best[name] = max(best[name], actions / (time.perf_counter() - start))
    return {name: (best[name], games[name]) for name in runs}


def seeds(index: int, players: int) -> tuple[int, list[int]]:
    seed = game_seed(0, index)
    return seed, [bot_seed(seed, seat) for seat in range(players)]


def rows(names: list[str]) -> list[tuple[str, int, dict]]:
    """The rows measured, ``(game, players, options)``: the yardstick's game first when it is among
    ``names`` (``YARDSTICK_GAME`` at the yardstick's players and tricks), then every game of ``names``
    at its default players and at its most players (the registry's), under its rulebook.

    >>> rows(["syndicate", "oh_hell"])[:3]
    [('oh_hell', 4, {'tricks': 12}), ('syndicate', 3, {}), ('oh_hell', 4, {})]
    """
    measured = [(YARDSTICK_GAME, YARDSTICK_PLAYERS, {"tricks": YARDSTICK_TRICKS})] if YARDSTICK_GAME in names else []
    for game in names:
        spec = game_spec(game)
        measured += [(game, players, {}) for players in sorted({spec.default_players, spec.players[-1]})]
    return measured


def fast_actions(game: str, players: int, variant: dict):
    lab = game_spec(game).fast_module()
    if lab is None:
        return None

    def play_one(index: int) -> int:
        seed, bots = seeds(index, players)
        return lab.play_fast(players, seed, bots, variant).actions
    return play_one


def public_actions(game: str, players: int, variant: dict):
    module = game_module(game)

    def play_one(index: int) -> int:
        seed, bots = seeds(index, players)
        return len(play_out(module.new_game(players, seed=seed, **variant), [RandomBot(s) for s in bots]).history)
    return play_one


def oh_hell_actions() -> Callable[[int], int] | None:
    """One game of OpenSpiel's Oh Hell, 4 players, 12 tricks, uniformly random legal actions from
    Python, as ``play_one(index) -> player actions``; None when OpenSpiel is not installed."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": YARDSTICK_PLAYERS, "num_tricks_fixed": YARDSTICK_TRICKS})
    rng = random.Random(0)

    def play_one(index: int) -> int:
        state, player_actions = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                player_actions += 1
        return player_actions
    return play_one


def seedings(play_one: Callable[[int], int], games: int = 2000) -> tuple[float, float, float, float]:
    """Per game of ``play_one``: (seconds, player actions, generators seeded, seconds of seeding
    them alone), each time the best of 3."""
    given: list = []
    original = random.Random.seed

    def recorded(generator, value=None, version=2):
        given.append(value)
        original(generator, value, version)
    random.Random.seed = recorded
    try:
        actions = sum(play_one(index) for index in range(games))
    finally:
        random.Random.seed = original

    def play_all() -> None:
        for index in range(games):
            play_one(index)

    def seed_all() -> None:             # one generator at a time, as the games hold them
        for value in given:
            random.Random(value)
    return (min(timeit.repeat(play_all, number=1, repeat=3)) / games, actions / games, len(given) / games,
            min(timeit.repeat(seed_all, number=1, repeat=3)) / games)


def speed_up(game: str, players: int, games: int) -> str:
    """``simulate`` of the same ``games`` on 1 worker (in this process) and on a pool of 2."""
    timings = {}
    for workers in (1, 2):
        start = time.perf_counter()
        simulate(game, games, players=players, workers=workers, progress=False)
        timings[workers] = time.perf_counter() - start
    return (f"{game:<12}{players:>8}{games:>8}{timings[1]:>10.2f} s{timings[2]:>10.2f} s"
            f"{timings[1] / timings[2]:>9.2f}x")


def heuristic_table(game: str, players: int, games: int = 1000) -> str:
    """``simulate`` of ``games`` games with a heuristic bot in every seat on a pool of 2 workers
    (aim: under a minute), against the same number of random-bot games in the same run."""
    timings = {}
    for bot in ("random", "heuristic"):
        start = time.perf_counter()
        simulate(game, games, players=players, bots=[bot] * players, workers=2, progress=False)
        timings[bot] = time.perf_counter() - start
    return (f"{game:<12}{players:>8}{games:>8}{timings['heuristic']:>12.1f} s{timings['random']:>10.1f} s"
            f"{timings['heuristic'] / timings['random']:>10.1f}x")


def load() -> str:
    return "load average " + ", ".join(f"{value:.2f}" for value in os.getloadavg()) + f" on {os.cpu_count()} cores"


def main(seconds: float, names: list[str]) -> None:
    print(f"{load()}; per row, best of {REPEATS} runs of {seconds / REPEATS:g} s per figure, taking turns")
    yardstick = oh_hell_actions()
    print(f"OpenSpiel Oh Hell ({YARDSTICK_PLAYERS} players, {YARDSTICK_TRICKS} tricks), random players from Python,"
          " is the yardstick of each row"
          if yardstick else "OpenSpiel Oh Hell: skipped (pyspiel is not installed: pip install open-spiel)")
    print()
    print("Random bots, one core, player actions per second (aim: 100,000 on the fast path)")
    print(f"{'game':<12}{'players':>8}{'fast path':>12}{'public API':>12}{'Oh Hell':>10}{'fast/public':>12}"
          f"{'fast/Oh Hell':>14}{'public/Oh Hell':>16}")
    games_per_second, oh_hell_rates = {}, {}
    for game, players, variant in rows(names):
        label = f"{game}*" if variant else game
        runs = {"oh hell": yardstick} if yardstick else {}
        play_fast = fast_actions(game, players, variant)
        if play_fast:
            runs["fast"] = play_fast
        runs["public"] = public_actions(game, players, variant)
        try:
            rates = timed(runs, seconds)
        except Exception as err:  # an engine still being written must not stop the benchmark
            print(f"{label:<12}{players:>8}  engine not ready: {type(err).__name__}: {err}")
            continue
        (public, public_games), (fast, fast_games) = rates["public"], rates.get("fast", (None, 0))
        oh_hell = rates["oh hell"][0] if yardstick else None
        against = (lambda rate: f"{rate / oh_hell:.2f}x") if oh_hell else (lambda rate: "-")
        shown = f"{oh_hell:>10,.0f}" if oh_hell else f"{'-':>10}"
        if fast is None:
            print(f"{label:<12}{players:>8}{'(none)':>12}{public:>12,.0f}{shown}{'':>12}{'':>14}"
                  f"{against(public):>16}  ({public_games} games)")
            continue
        games_per_second[game, players, label] = fast_games / seconds
        oh_hell_rates[game, players, label, tuple(variant.items())] = oh_hell
        below = "" if fast >= AIM else "  below the aim"
        print(f"{label:<12}{players:>8}{fast:>12,.0f}{public:>12,.0f}{shown}{fast / public:>11.1f}x"
              f"{against(fast):>14}{against(public):>16}  ({fast_games} / {public_games} games){below}")
    print(f"* with the yardstick's {YARDSTICK_TRICKS} tricks; every other row plays the rulebook")
    print()
    print("Where a fast game's time goes: the generators it seeds, seeded alone, and (with OpenSpiel)")
    print("the time a game may take at twice its row's Oh Hell rate, less that seeding: what is left for play")
    print(f"{'game':<12}{'players':>8}{'per game':>11}{'actions':>9}{'generators':>12}{'seeding':>10}"
          f"{'at 2x Oh Hell':>15}{'left':>9}{'play now':>10}")
    for (game, players, label, variant), oh_hell in oh_hell_rates.items():
        whole, actions, generators, alone = seedings(fast_actions(game, players, dict(variant)))
        line = (f"{label:<12}{players:>8}{whole * 1e6:>8.1f} us{actions:>9.1f}{generators:>12.1f}"
                f"{alone * 1e6:>7.1f} us")
        if oh_hell:
            budget = actions / (2 * oh_hell)
            line += f"{budget * 1e6:>12.1f} us{(budget - alone) * 1e6:>6.1f} us{(whole - alone) * 1e6:>7.1f} us"
        print(line)
    print()
    print("simulate() of the same games (random bots, fast path) on 1 worker in process and on 2 workers:")
    print(f"{'game':<12}{'players':>8}{'games':>8}{'1 worker':>12}{'2 workers':>12}{'speed-up':>10}")
    for (game, players, label), rate in games_per_second.items():
        if label == game:                                          # simulate plays the rulebook
            print(speed_up(game, players, max(200, int(2 * rate))))    # about 2 s on one worker
    print()
    print("A 1,000-game table with a heuristic bot in every seat, 2 workers (aim: under a minute),")
    print("against the same table of random bots:")
    print(f"{'game':<12}{'players':>8}{'games':>8}{'heuristic':>14}{'random':>12}{'ratio':>10}")
    for game in names:
        print(heuristic_table(game, game_spec(game).default_players))
    print()
    print(load())


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0,
         sys.argv[2].split(",") if len(sys.argv) > 2 else list(GAME_NAMES))
