"""Soak: many seeded random games of every engine, every player count and every option, checked.

Run: .venv/bin/python benchmarks/soak.py [--games 100000] [--sample 60] [--imagined 10000] [--workers 2] [--seed 0]

Three parts, per game:

1. **Fast path**: ``--games`` seeded games with random bots on the game's fast playout, spread
   evenly over every player count and every combination of option values the game accepts (bool
   options both ways, every choice, whole-number options at their default and their lowest bound;
   combinations the game refuses are counted and skipped; where there are more than
   ``MOST_COMBINATIONS``, the rulebook's rules, each single change of them and a seeded draw of the rest). Each game must end with one whole-number
   score per seat; one game in 100 is replayed on the public engine and must give the same record.
2. **Public API**: ``--sample`` games per engine (same spread) on the public engine, every step
   checked by :func:`plateau_lab.lab.consistency.play_checked` (move legal, an illegal move refused
   without change, old state unchanged, cards conserved, JSON round trip, scores consistent, no hidden
   card in another seat's observation).
3. **Imagined deals**: ``--imagined`` deals imagined by the game's expert model (``redeal``) at
   random positions of seeded games (same spread; several positions per game, for a seat chosen at
   random): random games, and one game in two played by the game's heuristic bots (when it has
   them), which reach what random moves rarely do (Le Plateau's partner calls: random bids end on
   a Solo), each checked by :func:`plateau_lab.lab.consistency.imagined_violations` (the
   seat sees the same, only hidden cards move, the deal replays from its setup to itself, its save
   loads as it, the seat saw the same at every step of its past, and so for a move played on).
   A deal that says it cannot be replayed (NotReplayable, for its past and save alike) is counted
   apart, not as a violation.

It prints the games run and the violations (which must be 0) per engine, and exits 1 if any.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import random

from plateau_lab.core.bots import RandomBot
from plateau_lab.core.imagining import model_for, remembered_observations
from plateau_lab.lab.consistency import imagined_violations, play_checked
from plateau_lab.core import GAME_NAMES, NotReplayable, game_spec
from plateau_lab.lab.simulate import bot_seed, game_seed


def option_values(option) -> list:
    """The values of one option the soak plays: both ways, every choice, default and lowest bound."""
    return option.played_values()


#: The most combinations of option values tried per player count; beyond it (Coloretto's thirteen
#: rules make 32,768), the rulebook's own, each single change of it and a seeded draw of the others.
MOST_COMBINATIONS = 64


def combinations(spec, seed: int = 0) -> list[tuple]:
    """The combinations of option values the soak plays (every one, or as :data:`MOST_COMBINATIONS` says)."""
    choices = [option_values(option) for option in spec.options]
    every = 1
    for values in choices:
        every *= len(values)
    if every <= MOST_COMBINATIONS:
        return list(itertools.product(*choices))
    standard = tuple(option.default for option in spec.options)
    picked = {standard} | {standard[:index] + (value,) + standard[index + 1:]
                           for index, values in enumerate(choices) for value in values}
    draw = random.Random(seed)
    while len(picked) < MOST_COMBINATIONS:
        picked.add(tuple(draw.choice(values) for values in choices))
    return sorted(picked, key=repr)


def setups(game: str) -> tuple[list[tuple[int, dict]], int]:
    """Every (players, options) the game accepts among :func:`combinations`, and how many it refused."""
    spec = game_spec(game)
    accepted, refused = [], 0
    for players in spec.players:
        for values in combinations(spec, players):
            variant = dict(zip(spec.option_names, values))
            try:
                spec.new_game(players, seed=0, **variant)
            except ValueError:
                refused += 1
                continue
            accepted.append((players, variant))
    return accepted, refused


def fast_chunk(game: str, players: int, variant: dict, run_seed: int, start: int, stop: int) -> tuple[int, list[str]]:
    """Games ``start..stop-1`` of one set-up on the fast path: (games, violations)."""
    spec = game_spec(game)
    lab = spec.fast_module()
    problems = []
    for index in range(start, stop):
        seed = game_seed(run_seed, index)
        seeds = [bot_seed(seed, seat) for seat in range(players)]
        where = f"{game} {players}p {variant} seed {seed}"
        try:
            record = lab.play_fast(players, seed, seeds, variant)
        except Exception as err:     # the soak reports every failure instead of stopping at the first
            problems.append(f"{where}: {type(err).__name__}: {err}")
            continue
        if len(record.scores) != players or not all(isinstance(score, int) for score in record.scores):
            problems.append(f"{where}: scores {record.scores}")
        if index % 100 == 0:
            public = lab.play_public(spec.new_game(players, seed=seed, **variant), [RandomBot(s) for s in seeds])
            if public != record:
                problems.append(f"{where}: the fast path and the public engine disagree")
    return stop - start, problems


def public_game(game: str, players: int, variant: dict, seed: int) -> tuple[int, list[str]]:
    """One public-API game checked at every step: (steps, violations)."""
    spec = game_spec(game)
    state = spec.new_game(players, seed=seed, **variant)
    other = spec.new_game(players, seed=seed + 1, **variant)
    strangers = []
    for bot in itertools.islice(itertools.cycle([RandomBot(seed)]), 40):
        if other.is_over:
            break
        strangers += other.legal_actions()
        other = other.apply(bot.choose(other))
    try:
        _, steps, problems = play_checked(state, [RandomBot(seed + seat) for seat in range(players)],
                                          strangers=strangers)
    except Exception as err:
        return 0, [f"{game} {players}p {variant} seed {seed}: {type(err).__name__}: {err}"]
    return steps, [f"{game} {players}p {variant} seed {seed}: {problem}" for problem in problems]


#: How many positions of one random game the imagined-deal part draws.
POSITIONS_PER_GAME = 10


def played_by(spec, players: int, seed: int, *, heuristic: bool) -> list | None:
    """The game's heuristic bots, one per seat, when ``heuristic`` and it has them; else None
    (random moves)."""
    if not heuristic or "heuristic" not in spec.bot_names:
        return None
    return [spec.bot("heuristic", bot_seed(seed, seat)) for seat in range(players)]


def imagined_chunk(game: str, players: int, variant: dict, run_seed: int, start: int, stop: int
                   ) -> tuple[int, int, list[str]]:
    """Deals ``start..stop-1`` imagined at random positions of seeded games of one set-up (random
    moves, or every other game the heuristic bots: :func:`played_by`):
    (deals, deals that said they cannot be replayed, violations)."""
    spec, model = game_spec(game), model_for(game)
    dealt = refused = 0
    problems: list[str] = []
    for index in range(start, stop, POSITIONS_PER_GAME):
        seed = game_seed(run_seed, index)
        rng = random.Random(seed)
        state = spec.new_game(players, seed=seed, **variant)
        bots = played_by(spec, players, seed, heuristic=index // POSITIONS_PER_GAME % 2 == 1)
        line = []
        while not state.is_over and len(line) < 3000:
            line.append(state)
            state = state.apply(bots[state.current_player].choose(state) if bots else rng.choice(state.legal_actions()))
        for _ in range(min(POSITIONS_PER_GAME, stop - index)):
            state = rng.choice(line)
            seat = state.current_player if rng.random() < 0.5 else rng.randrange(players)
            where = f"{game} {players}p {variant} seed {seed} move {len(state.history)} seat {seat}"
            try:
                seen = remembered_observations(state, seat)
                world = model.redeal(state, seat, seen, random.Random(rng.getrandbits(32)))
                problems += [f"{where}: {problem}" for problem in imagined_violations(state, seat, world, seen)]
                try:
                    world.states()
                except NotReplayable:
                    refused += 1
            except Exception as err:     # reported, not stopping the soak
                problems.append(f"{where}: {type(err).__name__}: {err}")
            dealt += 1
    return dealt, refused, problems


def soak(game: str, games: int, sample: int, workers: int, run_seed: int, imagined: int = 0) -> dict:
    accepted, refused = setups(game)
    started = time.perf_counter()
    per_setup = -(-games // len(accepted))
    jobs = []
    with ProcessPoolExecutor(workers) as pool:
        for number, (players, variant) in enumerate(accepted):
            base = number * per_setup
            for start in range(base, base + per_setup, 500):
                jobs.append(pool.submit(fast_chunk, game, players, variant, run_seed, start,
                                        min(start + 500, base + per_setup)))
        public = [pool.submit(public_game, game, *accepted[index % len(accepted)], run_seed * 1000 + index)
                  for index in range(sample)]
        per_imagined = -(-imagined // len(accepted)) if imagined else 0
        dreams = [pool.submit(imagined_chunk, game, players, variant, run_seed, number * per_imagined + start,
                              number * per_imagined + min(start + 200, per_imagined))
                  for number, (players, variant) in enumerate(accepted) for start in range(0, per_imagined, 200)]
        fast_games = fast_problems = 0
        fast_examples: list[str] = []
        for job in jobs:
            played, problems = job.result()
            fast_games += played
            fast_problems += len(problems)
            fast_examples += problems[:3]
        steps = public_problems = 0
        public_examples: list[str] = []
        for job in public:
            checked, problems = job.result()
            steps += checked
            public_problems += len(problems)
            public_examples += problems[:3]
        deals = not_replayable = imagined_problems = 0
        for job in dreams:
            made, unreplayable, problems = job.result()
            deals += made
            not_replayable += unreplayable
            imagined_problems += len(problems)
            public_examples += problems[:3]
    return {"game": game, "setups": len(accepted), "refused": refused, "fast games": fast_games,
            "fast violations": fast_problems, "public games": sample, "public steps": steps,
            "public violations": public_problems, "imagined": deals, "not replayable": not_replayable,
            "imagined violations": imagined_problems, "seconds": time.perf_counter() - started,
            "examples": (fast_examples + public_examples)[:5]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="fast-path games per engine")
    parser.add_argument("--sample", type=int, default=60, help="public-API games per engine, checked at every step")
    parser.add_argument("--imagined", type=int, default=10_000, help="imagined deals checked per engine")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", choices=GAME_NAMES, action="append", help="only these games (default: all)")
    args = parser.parse_args()
    print(f"soak: {args.games:,} fast-path games, {args.sample} checked public games and {args.imagined:,} "
          f"imagined deals per engine, "
          f"{args.workers} workers, seed {args.seed}, load average {os.getloadavg()[0]:.2f}")
    print(f"{'game':<11}{'set-ups':>8}{'refused':>8}{'fast games':>12}{'violations':>11}"
          f"{'public games':>13}{'steps':>9}{'violations':>11}{'imagined':>9}{'unreplayable':>13}"
          f"{'violations':>11}{'seconds':>9}")
    total = 0
    for game in args.game or GAME_NAMES:
        row = soak(game, args.games, args.sample, args.workers, args.seed, args.imagined)
        total += row["fast violations"] + row["public violations"] + row["imagined violations"]
        print(f"{game:<11}{row['setups']:>8}{row['refused']:>8}{row['fast games']:>12,}{row['fast violations']:>11}"
              f"{row['public games']:>13}{row['public steps']:>9,}{row['public violations']:>11}"
              f"{row['imagined']:>9,}{row['not replayable']:>13,}{row['imagined violations']:>11}"
              f"{row['seconds']:>9.0f}", flush=True)
        for example in row["examples"]:
            print("   ", example)
    print(f"violations in all: {total}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
