"""The Steiner search (``searches.cheapest_steiner``, cost by cost on bitmasks) gives exactly the
answer of the plain Dreyfus–Wagner recursion kept below as it stood before (commit 689e6c2): the
same cost and the very same cells, on many random boards, for every formation and both teams. The
heuristic bots of Le Plateau play toward those cells, so a different set among equally cheap ones
would change their moves."""

import heapq
import operator

import pytest

from plateau_lab.core import seeded_random
from plateau_lab.hexboard import CELLS, DECLARERS, OPPONENTS, Board, Formation, official_layout
from plateau_lab.hexboard.formations import targets
from plateau_lab.hexboard.searches import INFINITY, cheapest_steiner
from plateau_lab.hexboard.cells import SIDES, neighbours, sides_of

LAYOUT = official_layout(4)


def reference_steiner(cost, formation):
    """The plain recursion: ``best[S][v]`` for every side set inside a target and every cell, a
    split of ``S`` at ``v`` or a Dijkstra pass from the cells that already have ``S`` (the heap
    taking the cheapest, then earliest cell first), each cost's reason kept; the first cheapest
    target at its first cell, its cells found back through the reasons."""
    cells = sorted(cost)
    index = {cell: i for i, cell in enumerate(cells)}
    price = [cost[cell] for cell in cells]
    around = [[index[n] for n in neighbours(cell) if n in index] for cell in cells]
    count, full = len(cells), 1 << len(SIDES)
    best = [[INFINITY] * count for _ in range(full)]
    how = [[()] * count for _ in range(full)]
    wanted = [sum(1 << (side - 1) for side in target) for target in targets(formation)]
    for subset in range(1, full):
        if not any(subset & target == subset for target in wanted):
            continue
        value, reason = best[subset], how[subset]
        if subset & (subset - 1) == 0:
            side = subset.bit_length()
            for i, cell in enumerate(cells):
                if side in sides_of(cell):
                    value[i], reason[i] = price[i], ("leaf",)
        else:
            low = subset & -subset
            rest = subset ^ low
            part = rest
            while True:
                first, second = low | part, rest ^ part
                if second:
                    joined = list(map(operator.sub, map(operator.add, best[first], best[second]), price))
                    for i in [i for i, (one, now) in enumerate(zip(joined, value)) if one < now]:
                        value[i], reason[i] = joined[i], ("split", first, second)
                if part == 0:
                    break
                part = (part - 1) & rest
        queue = [(v, i) for i, v in enumerate(value) if v < INFINITY]
        heapq.heapify(queue)
        settled = [False] * count
        while queue:
            v, i = heapq.heappop(queue)
            if settled[i]:
                continue
            settled[i] = True
            for j in around[i]:
                through = v + price[j]
                if through < value[j]:
                    value[j], reason[j] = through, ("step", i)
                    heapq.heappush(queue, (through, j))

    def cells_in(subset, i):
        reason = how[subset][i]
        if reason[0] == "leaf":
            return {cells[i]}
        if reason[0] == "split":
            return cells_in(reason[1], i) | cells_in(reason[2], i)
        return {cells[i]} | cells_in(subset, reason[1])

    answer = None
    for subset in wanted:
        for i, value in enumerate(best[subset]):
            if value < INFINITY and (answer is None or value < answer[0]):
                answer = (int(value), i, subset)
    if answer is None:
        return None
    value, i, subset = answer
    return value, frozenset(cells_in(subset, i))


def random_board(rng):
    """A board with 0 to 37 counters, the declarers' share of them drawn too."""
    share = rng.random()
    cells = rng.sample(CELLS, rng.randint(0, 37))
    return Board(LAYOUT, {cell: DECLARERS if rng.random() < share else OPPONENTS for cell in cells})


def distance_costs(board, team):
    """``distance``'s costs: own counters 0, free cells 1, the other team's cells left out."""
    return {cell: 0 if board.counters.get(cell) == team else 1
            for cell in CELLS if board.counters.get(cell) != 1 - team}


def blocker_costs(board, team):
    """``blockers``' costs: the other team's counters 1, every other cell 0."""
    return {cell: 1 if board.counters.get(cell) == 1 - team else 0 for cell in CELLS}


def assert_same(cost, formation, where):
    expected = reference_steiner(cost, formation)
    found = cheapest_steiner(cost, formation)
    assert found == expected, f"{where}, {formation}: {found} instead of {expected}"
    return expected


@pytest.mark.parametrize("chunk", range(6))
def test_the_same_cells_as_the_plain_recursion_on_random_boards(chunk):
    rng = seeded_random(chunk, "steiner boards")
    answers = set()
    for board_number in range(25):
        board = random_board(rng)
        for team in (DECLARERS, OPPONENTS):
            for formation in Formation:
                answer = assert_same(distance_costs(board, team), formation, f"board {chunk}/{board_number}")
                answers.add(None if answer is None else answer[0])
    assert None in answers and len(answers) > 5        # impossible formations and many distances met


@pytest.mark.parametrize("chunk", range(2))
def test_the_same_cells_for_the_blockers_costs(chunk):
    rng = seeded_random(chunk, "steiner blockers")
    for board_number in range(20):
        board = random_board(rng)
        for formation in (Formation.FORK, Formation.FIVE_SIDES, Formation.SIX_SIDES):
            assert_same(blocker_costs(board, DECLARERS), formation, f"blockers {chunk}/{board_number}")


def test_the_same_cells_with_many_free_cells_and_ties():
    """Own counters in long chains and patches, where many equally cheap answers tie."""
    rng = seeded_random(0, "steiner ties")
    for number in range(40):
        own = set(rng.sample(CELLS, rng.randint(5, 25)))
        closed = set(rng.sample(sorted(set(CELLS) - own), rng.randint(0, 6)))
        cost = {cell: 0 if cell in own else 1 for cell in CELLS if cell not in closed}
        for formation in Formation:
            assert_same(cost, formation, f"ties {number}")


def test_empty_and_full_boards():
    for formation in Formation:
        assert_same(dict.fromkeys(CELLS, 1), formation, "empty board")
        assert cheapest_steiner(dict.fromkeys(CELLS, 0), formation)[0] == 0
        assert cheapest_steiner({}, formation) is None


def test_costs_other_than_nothing_or_one_and_cells_off_the_board_are_refused():
    with pytest.raises(ValueError, match="costs 0 or 1"):
        cheapest_steiner({**dict.fromkeys(CELLS, 1), (0, 0): 2}, Formation.FORK)
    with pytest.raises(ValueError, match="not a cell of the board"):
        cheapest_steiner({**dict.fromkeys(CELLS, 1), (4, 0): 1}, Formation.FORK)
    with pytest.raises(TypeError, match="Formation"):
        cheapest_steiner(dict.fromkeys(CELLS, 1), "Fork")
