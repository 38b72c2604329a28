"""What a designer's question costs: the variant designer's paired comparison (the rulebook and a
variant on the same deals, every measure of :mod:`plateau_lab.lab.design`) for every game, against
the plain simulation of the same deals under both rule sets in the same run, as the baseline.

Run: .venv/bin/python benchmarks/bench_design.py [deals, default 1000] [games, default all]

Each game's variant changes its first rule option that has a number (one step from the rulebook's
value, within its bounds; a truth value flipped otherwise), steady players (the heuristic bot) in
every seat. Figures are process time on one core (``time.process_time``: the machine's other work
does not stretch them): the comparison as the designer runs it (one worker, the public engine, so
that it can count the choices and lead changes), and ``simulate`` of the same deals under both rule
sets on one worker (the fast path where the game has one). The aims (issue 29): at most 30 s for
1,000 deals on 2 cores, and the measures at most 2x the plain simulation.
"""

from __future__ import annotations

import os
import sys
import time

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.lab.design import compare_rule_sets
from plateau_lab.lab.simulate import simulate


def one_step_variant(game: str) -> dict:
    """The first rule of ``game`` changed by one step from the rulebook's value (see the docstring)."""
    for option in game_spec(game).options:
        if option.kind is int and option.default is not None:
            value = option.default + 1 if option.high is None or option.default < option.high else option.default - 1
            return {option.name: value}
    for option in game_spec(game).options:
        if option.kind is bool:
            return {option.name: not option.default}
    return {}


def process_seconds(work) -> float:
    started = time.process_time()
    work()
    return time.process_time() - started


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    games = sys.argv[2:] or list(GAME_NAMES)
    print(f"{deals} deals per rule set, steady players in every seat; load average {os.getloadavg()[0]:.1f}")
    print(f"{'game':12} {'variant':32} {'comparison':>11} {'simulation':>11} {'ratio':>6}")
    for game in games:
        spec = game_spec(game)
        players = spec.default_players
        variant = one_step_variant(game)
        bots = ["heuristic"] * players
        compared = process_seconds(lambda: compare_rule_sets(game, variant, deals, players=players, bots=bots,
                                                             step=deals))
        simulated = process_seconds(lambda: [simulate(game, deals, players=players, bots=bots, workers=1,
                                                      progress=False, variant=rules) for rules in ({}, variant)])
        shown = ", ".join(f"{name} {value}" for name, value in variant.items())
        print(f"{spec.title:12} {shown:32} {compared:9.1f} s {simulated:9.1f} s {compared / simulated:5.1f}x",
              flush=True)
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
