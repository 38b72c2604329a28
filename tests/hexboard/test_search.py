"""The board's own shortest-path search against networkx's Dijkstra on the same graph: the same
lengths and, among equally short paths, the same path, so ``distance`` gives the same cells as a
search through networkx would (the heuristic bots' choices depend on which cells it names)."""

import networkx as nx
import pytest

from plateau_lab.core import seeded_random
from plateau_lab.hexboard import CELLS, DECLARERS, OPPONENTS, Board, Formation, distance, official_layout
from plateau_lab.hexboard.formations import GRID
from plateau_lab.hexboard.searches import _from_side, _path
from plateau_lab.hexboard.cells import CELLS_ON_SIDE, SIDES


def networkx_from_side(side, cost):
    """Cheapest paths from ``side`` by networkx: stepping onto a cell costs its cost, a source node
    joined to the side's cells (the paths without that node)."""
    graph = nx.DiGraph()
    graph.add_nodes_from(cost)
    for u, v in GRID.edges:
        if u in cost and v in cost:
            graph.add_edge(u, v, weight=cost[v])
            graph.add_edge(v, u, weight=cost[u])
    source = ("side", side)
    graph.add_node(source)
    graph.add_edges_from((source, cell, {"weight": cost[cell]}) for cell in CELLS_ON_SIDE[side] if cell in cost)
    lengths, paths = nx.single_source_dijkstra(graph, source)
    del lengths[source]
    return lengths, {cell: frozenset(path[1:]) for cell, path in paths.items() if cell != source}


def random_costs(seed):
    """Own cells cost 0, free cells 1, the other team's cells are left out; 0 to 30 counters."""
    rng = seeded_random(seed, "random costs")
    occupied = rng.sample(CELLS, rng.randrange(31))
    enemy = set(occupied[: len(occupied) // 2])
    return {cell: 0 if cell in occupied else 1 for cell in CELLS if cell not in enemy}


@pytest.mark.parametrize("seed", range(300))
def test_search_from_a_side_gives_networkx_lengths_and_paths(seed):
    cost = random_costs(seed)
    for side in SIDES:
        lengths, previous = _from_side(side, cost)
        expected_lengths, expected_paths = networkx_from_side(side, cost)
        assert lengths == expected_lengths
        assert {cell: _path(previous, cell) for cell in lengths} == expected_paths


def test_distance_names_free_cells_that_make_the_formation():
    board = Board(official_layout(4), {(0, -3): DECLARERS, (0, 0): OPPONENTS})
    steps, cells = distance(board, DECLARERS, Formation.BRIDGE)
    assert steps == len(cells) == 6 and not cells & set(board.counters)
