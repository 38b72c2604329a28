"""How fast are the formation checks? The bitmask fast path against the networkx reference.

    python benchmarks/bench_hexboard.py [boards]        (default 100,000 boards)

1. Agreement: on ``boards`` seeded random boards (random occupancy, random teams), the fast
   path and the networkx reference give the same answer to "held?" and "still possible?"
   for every formation and the team whose turn the seed picks.
2. Speed, in the same run: time per check (held + still possible, all five formations) on
   the same 5,000 boards, networkx reference vs bitmasks; the ratio is what matters.
3. The board itself: time to place a counter (what a game does after every trick), against
   copying a dict of the same counters, the least a new immutable board can cost; time to read
   the official layout text; and time to refuse a text that made the old regular-expression
   reader backtrack (a 402-character one did not finish in a minute), at 1, 10 and 100 kB:
   the reader is linear, so ten times the text takes about ten times as long.
4. For scale, OpenSpiel's Havannah (board_size=4, also 37 cells) time per move, when the
   optional ``open-spiel`` package is installed; otherwise the script says it skipped it.
5. The search for the cells a team still needs (``distance``, the Steiner search behind it for
   Fork, Five sides and Six sides, what Le Plateau's steady players ask after most tricks):
   process time per search on seeded random boards with 0 to 30 counters, none remembered
   (``python benchmarks/bench_hexboard.py steiner [boards]`` runs this part alone).

Figures of 26 November 2026, 23:15 UTC (load average about 7 on 2 cores), ``steiner 600`` (1,800
searches), three runs alternating with the search before commit 61f97e9 (a worktree of 689e6c2 on
``PYTHONPATH``): 1,635 / 1,626 / 1,691 us per search before, 612 / 575 / 607 us after (2.8x).
"""

from __future__ import annotations

import sys
import time

from plateau_lab.core import ParseError, seeded_random
from plateau_lab.hexboard import (CELLS, Board, Formation, distance, fast, formation_held, layout_text,
                                  official_layout, parse_layout, still_possible)
from plateau_lab.hexboard import formations
from plateau_lab.hexboard.formations import formations_held, formations_possible

LAYOUT = official_layout(4)


def random_board(seed: int) -> Board:
    rng = seeded_random(seed, "bench board")
    cells = rng.sample(CELLS, rng.randint(0, 37))
    return Board(LAYOUT, {cell: rng.randint(0, 1) for cell in cells})


def agreement(count: int) -> None:
    start = time.perf_counter()
    for seed in range(count):
        board = random_board(seed)
        team = seed % 2
        own, enemy = board.mask(team), board.mask(1 - team)
        held, possible = formations_held(board, team), formations_possible(board, team)
        for formation in Formation:
            if fast.holds(own, formation) != (formation in held):
                raise SystemExit(f"DISAGREE on held: seed {seed}, {formation}")
            if fast.possible(own, enemy, formation) != (formation in possible):
                raise SystemExit(f"DISAGREE on still possible: seed {seed}, {formation}")
    print(f"agreement: {count:,} random boards x 5 formations x (held, still possible): all equal "
          f"({time.perf_counter() - start:.1f} s)")


def speed(count: int = 5000) -> None:
    boards = [random_board(10**7 + seed) for seed in range(count)]
    masks = [(b.mask(s % 2), b.mask(1 - s % 2)) for s, b in enumerate(boards)]
    checks = count * len(Formation) * 2

    start = time.perf_counter()
    reference = [(formation_held(b, s % 2, f) is not None, still_possible(b, s % 2, f))
                 for s, b in enumerate(boards) for f in Formation]
    slow = time.perf_counter() - start

    start = time.perf_counter()
    quick = [(fast.holds(own, f), fast.possible(own, enemy, f)) for own, enemy in masks for f in Formation]
    quick_time = time.perf_counter() - start
    assert quick == reference
    print(f"networkx reference: {slow / checks * 1e6:8.1f} µs per check ({checks:,} checks)")
    print(f"bitmask fast path:  {quick_time / checks * 1e6:8.1f} µs per check")
    print(f"speed-up: {slow / quick_time:.1f}x (aim: at least 15x)")


def best_of(runs: int, work) -> float:
    """The fastest of ``runs`` timings of ``work()``, in seconds (the least disturbed by other processes)."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def board_model(games: int = 200) -> None:
    orders = []
    for seed in range(games):
        rng = seeded_random(seed, "bench order")
        cells = list(CELLS)
        rng.shuffle(cells)
        orders.append([(cell, rng.randint(0, 1)) for cell in cells])
    empty = Board(LAYOUT)

    def place_all():
        for order in orders:
            board = empty
            for cell, team in order:
                board = board.place(cell, team)

    def copy_all():
        for order in orders:
            counters = {}
            for cell, team in order:
                counters = {**counters, cell: team}

    placed = games * len(CELLS)
    place, copy = best_of(9, place_all) / placed, best_of(9, copy_all) / placed
    print(f"place a counter:    {place * 1e6:8.2f} µs ({place / copy:.1f}x copying a dict of the counters)")
    text = layout_text(LAYOUT)
    plain = best_of(9, lambda: [parse_layout(text) for _ in range(100)]) / 100
    print(f"read a layout:      {plain * 1e6:8.1f} µs ({len(text)} characters)")
    refusals = []
    for size in (1_000, 10_000, 100_000):
        text = "(" + " " * (size // 2) + "," + " " * (size // 2)
        refusals.append(f"{size // 1000} kB {best_of(5, lambda: refuse(text)) * 1e3:.2f} ms")
    print(f"refuse '(' + spaces + ',' + spaces: {', '.join(refusals)}")


def refuse(text: str) -> None:
    try:
        parse_layout(text)
    except ParseError:
        return
    raise SystemExit(f"a malformed layout was read: {text[:40]!r}")


def havannah() -> None:
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel Havannah: skipped (the optional open-spiel package is not installed)")
        return
    game = pyspiel.load_game("havannah", {"board_size": 4})
    rng = seeded_random(0, "havannah")
    moves, start = 0, time.perf_counter()
    for _ in range(200):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    print(f"OpenSpiel Havannah board_size=4: {(time.perf_counter() - start) / moves * 1e6:.1f} µs per move "
          f"({moves:,} random moves, win check included)")


def steiner(boards: int = 600) -> None:
    """Process time per search for the cells still needed (Fork, Five sides, Six sides), nothing remembered."""
    searches = []
    for seed in range(boards):
        rng = seeded_random(seed, "bench steiner")
        cells = rng.sample(CELLS, rng.randint(0, 30))
        board = Board(LAYOUT, {cell: rng.randint(0, 1) for cell in cells})
        searches += [(board, seed % 2, formation)
                     for formation in (Formation.FORK, Formation.FIVE_SIDES, Formation.SIX_SIDES)]
    remembered = getattr(formations, "_steiner_on_bits", None)      # None: the search before 61f97e9
    start = time.process_time()
    for board, team, formation in searches:
        if remembered is not None:
            remembered.cache_clear()
        distance(board, team, formation)
    spent = time.process_time() - start
    print(f"Steiner search (distance): {spent / len(searches) * 1e6:8.0f} us per search "
          f"({len(searches):,} searches, nothing remembered)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["steiner"]:
        steiner(int(sys.argv[2]) if len(sys.argv) > 2 else 600)
        raise SystemExit
    agreement(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
    speed()
    board_model()
    havannah()
    steiner()
