"""How strong the expert is, and how long it thinks: a duplicate comparison against the heuristic
bots in every game, at the default budget and at three smaller ones, and the decision times.

Run: .venv/bin/python benchmarks/bench_expert.py [deals per game, default 8] [games, default all]

**Duplicate.** The expert's rung of the skill ladder (:func:`plateau_lab.lab.skill.climb_ladder`): ``deals``
seeded games per seat, the expert in one seat (moving a seat each game) among heuristic bots, and
the same games with a heuristic bot in that seat too (the same bot seeds everywhere else). The gain
of a (game, seat) pair is the expert's score minus the heuristic bot's score in the same seat of the
same deal: the luck of the cards cancels out. Printed per game and budget: the mean gain with its
95 % interval (normal, over the pairs), the expert's win share with its Wilson interval against the
fair share ``1/players``, and the heuristic bot's win share in the same seats.

**Speed.** Where the expert's playouts run on a fast path (The Syndicate; Wimmüln's tricks),
playouts per second there against the public engine, from the same position, in the same run.

**Time.** Every decision of the expert at the default budget is timed (one core): the median and
the maximum per game and phase. A time is wall time on a shared machine; the expert's budget is a
number of playouts, so its choices do not depend on the machine.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import defaultdict
from functools import partial

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.imagining import GameModel, model_for
from plateau_lab.lab.expert import ExpertBot
from plateau_lab.lab.skill import climb_ladder

#: The budgets compared: the default, then fractions of the game's default number of playouts. The
#: smallest leaves a handful (Wimmüln: 5 of 600), where a game whose expert is already strong at a
#: sixteenth of its budget still shows how strength grows with thinking.
FRACTIONS = (1.0, 0.25, 1 / 16, 1 / 128)


class TimedExpert(ExpertBot):
    """The expert, noting how long each decision took and in which phase."""

    def __init__(self, seed, *, playouts, times):
        super().__init__(seed, playouts=playouts)
        self.times = times

    def choose(self, state):
        phase = getattr(state, "phase", "play")
        start = time.perf_counter()
        action = super().choose(state)
        self.times[phase].append(time.perf_counter() - start)
        return action


def duplicate(name: str, deals: int, playouts: int | None, times) -> dict[str, float]:
    """The expert's row of :func:`plateau_lab.lab.skill.climb_ladder` over ``deals`` games per seat, and the
    heuristic bot's win share in the same seats of the same deals."""
    players = game_spec(name).default_players
    expert = partial(TimedExpert, playouts=playouts, times=times)
    table = climb_ladder(name, deals * players, {"expert": expert, "heuristic": "heuristic"}, seed=2026, workers=1,
                         progress=False).to_pandas()
    return {"pairs": int(table.loc["expert", "games"]), **table.loc["expert"].to_dict(),
            "heuristic_wins": table.loc["heuristic", "rate"]}


def playout_speed(name: str, seconds: float = 2.0) -> None:
    """Playouts per second on the game's fast path against the public engine, from the same
    position (the first trick of a seeded game), when the game's model has a fast path."""
    model = model_for(name)
    if type(model).outcome is GameModel.outcome:
        return
    state = game_spec(name).new_game(seed=1)
    while state.current_player is None or (name == "wimmuln" and state.phase != "play"):
        state = state.apply(state.legal_actions()[0])
    after = state.apply(state.legal_actions()[0])
    rates = []
    for outcome in (model.outcome, lambda *args: GameModel.outcome(model, *args)):
        start, count = time.perf_counter(), 0
        while time.perf_counter() - start < seconds:
            outcome(state, after, state.current_player, count)
            count += 1
        rates.append(count / (time.perf_counter() - start))
    print(f"{name:10} playouts per second: fast path {rates[0]:.0f}, public engine {rates[1]:.0f} "
          f"({rates[0] / rates[1]:.1f}x)", flush=True)


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    names = sys.argv[2].split(",") if len(sys.argv) > 2 else GAME_NAMES
    for name in names:
        playout_speed(name)
        times = defaultdict(list)
        for fraction in FRACTIONS:
            # the default budget is the game's own (it may differ by phase); the smaller ones are fixed
            playouts = None if fraction == 1.0 else max(1, round(model_for(name).playouts * fraction))
            start = time.perf_counter()
            result = duplicate(name, deals, playouts, times if fraction == 1.0 else defaultdict(list))
            budget = "default" if playouts is None else f"{playouts:7}"
            print(f"{name:10} playouts {budget}: gain {result['gain']:+.2f} per game "
                  f"[{result['gain_low']:+.2f}, {result['gain_high']:+.2f}] over {result['pairs']} pairs; "
                  f"expert wins {result['rate']:.0%} [{result['low']:.0%}, {result['high']:.0%}] "
                  f"(fair {result['fair']:.0%}; heuristic in the same seats {result['heuristic_wins']:.0%}); "
                  f"{time.perf_counter() - start:.0f} s", flush=True)
        for phase, spent in sorted(times.items()):
            print(f"{name:10} decision time, phase {phase!r}: median {statistics.median(spent):.3f} s, "
                  f"max {max(spent):.3f} s over {len(spent)} decisions", flush=True)


if __name__ == "__main__":
    main()
