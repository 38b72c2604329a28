"""Formations on the Le Plateau board: held (with witness), still possible, blockers, distance,
and the bitmask fast path, checked against brute force and against each other."""

import itertools

import pytest

from plateau_lab.core import seeded_random
from plateau_lab.hexboard import (
    CELLS,
    DECLARERS,
    OPPONENTS,
    Board,
    Formation,
    blockers,
    distance,
    formation_held,
    formations_held,
    formations_possible,
    makes,
    official_layout,
    parse_counters,
    possible_witness,
    sides_of,
    still_possible,
)
from plateau_lab.hexboard import fast
from plateau_lab.hexboard.formations import group_sides
from plateau_lab.hexboard.searches import cheapest_bridge, cheapest_steiner, cheapest_y

LAYOUT = official_layout(4)


def board_of(diagram):
    return Board(LAYOUT, parse_counters(diagram))


def random_board(seed, *, occupied=None, declarers_share=0.5):
    rng = seeded_random(seed, "random board")
    count = rng.randint(0, 37) if occupied is None else occupied
    cells = rng.sample(CELLS, count)
    return Board(LAYOUT, {cell: DECLARERS if rng.random() < declarers_share else OPPONENTS for cell in cells})


def connected(cells):
    cells = set(cells)
    if not cells:
        return False
    seen, todo = set(), [min(cells)]
    while todo:
        q, r = todo.pop()
        if (q, r) in seen:
            continue
        seen.add((q, r))
        todo += [(q + dq, r + dr) for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
                 if (q + dq, r + dr) in cells]
    return seen == cells


# A Y on sides 1, 3 and 5 that touches no other side (no corners)
Y_135 = board_of("""
   . X . .
  . . X . .
 . . . X . .
. . . X X . .
 X X X . X X
  . . . . .
   . . . .
""")


# --- the formations (rulebook: end of hand) --------------------------------------------------------

def test_bridge_connects_two_opposite_sides():
    board = board_of("""
   . . . .
  . . . . .
 . . . . . .
X X X X X X X
 . . . . . .
  . . . . .
   . . . .
""")
    witness = formation_held(board, DECLARERS, Formation.BRIDGE)
    assert witness.group == {(q, 0) for q in range(-3, 4)}
    assert witness.sides == {2, 3, 5, 6}            # both ends are corners
    assert formation_held(board, OPPONENTS, Formation.BRIDGE) is None
    shorter = board.remove((3, 0))
    assert formation_held(shorter, DECLARERS, Formation.BRIDGE) is None   # sides 5, 6 only


def test_y_connects_three_non_adjacent_sides():
    witness = formation_held(Y_135, DECLARERS, Formation.Y)
    assert witness.sides == {1, 3, 5}
    assert witness.group == Y_135.cells_of(DECLARERS)
    assert str(witness) == "Y: a group of 10 cells touching sides 1, 3, 5"


def test_a_y_is_not_a_bridge():
    assert formation_held(Y_135, DECLARERS, Formation.BRIDGE) is None
    assert not makes({1, 3, 5}, Formation.BRIDGE) and not makes({2, 4, 6}, Formation.BRIDGE)
    assert not fast.holds(Y_135.mask(DECLARERS), Formation.BRIDGE)


def test_rulebook_example_a_y_connecting_four_sides_three_of_them_non_adjacent_wins_a_y_bid():
    board = Y_135.place((3, -1), DECLARERS).place((2, -1), DECLARERS)   # an arm out to side 2
    witness = formation_held(board, DECLARERS, Formation.Y)
    assert witness.sides == {1, 2, 3, 5}
    assert formation_held(board, DECLARERS, Formation.FORK).group == witness.group


def test_fork_is_a_y_and_a_bridge_in_one_group():
    assert formation_held(Y_135, DECLARERS, Formation.FORK) is None
    fork = Y_135.with_counters(declarers=[(-3, 2), (-3, 3)])   # the arm on side 5 reaches the corner 4-5
    assert sides_of((-3, 3)) == {4, 5}
    witness = formation_held(fork, DECLARERS, Formation.FORK)
    assert witness.sides == {1, 3, 4, 5}
    assert set(formations_held(fork, DECLARERS)) == {Formation.BRIDGE, Formation.Y, Formation.FORK}


def test_a_fork_is_one_group_whenever_a_y_and_a_bridge_are_held():
    """A Y cuts the board into three regions, none with two opposite sides: so a team that
    holds a Y and a Bridge always holds them in one group (checked on random boards)."""
    both = 0
    for seed in range(1500):
        board = random_board(seed, occupied=30, declarers_share=0.6)
        held = formations_held(board, DECLARERS)
        if Formation.Y in held and Formation.BRIDGE in held:
            both += 1
            assert Formation.FORK in held
    assert both > 30


def test_five_sides_and_six_sides():
    ring = board_of("""
   X X X X
  X . . . X
 X . . . . X
X . . . . . X
 X . . . . X
  X . . . X
   X X X .
""")
    assert formation_held(ring, DECLARERS, Formation.SIX_SIDES).sides == set(range(1, 7))
    five = ring.remove((-1, 3)).remove((-2, 3))         # the bottom row is gone but corners remain
    assert formation_held(five, DECLARERS, Formation.SIX_SIDES).sides == set(range(1, 7))
    five = ring.remove((-3, 3)).remove((-2, 3)).remove((-1, 3))
    witness = formation_held(five, DECLARERS, Formation.FIVE_SIDES)
    assert witness.sides == {1, 2, 3, 5, 6}
    assert formation_held(five, DECLARERS, Formation.SIX_SIDES) is None
    assert set(formations_held(five, DECLARERS)) == set(Formation) - {Formation.SIX_SIDES}


def test_a_corner_counts_for_both_of_its_sides():
    board = Board(LAYOUT).with_counters(declarers=[(3, -3)])
    assert formation_held(board, DECLARERS, Formation.BRIDGE) is None
    assert group_sides(board.cells_of(DECLARERS)) == {1, 2}


def test_witness_is_a_whole_group_of_the_team_and_its_sides():
    for seed in range(300):
        board = random_board(seed)
        for team in (DECLARERS, OPPONENTS):
            for formation, witness in formations_held(board, team).items():
                assert witness == formation_held(board, team, formation)
                assert witness.group <= board.cells_of(team) and connected(witness.group)
                assert witness.sides == group_sides(witness.group)
                assert makes(witness.sides, formation)
                outside = board.cells_of(team) - witness.group
                assert not any(n in outside for c in witness.group for n in board.graph[c])


# --- still possible and blockers ----------------------------------------------------------------

def test_still_possible_uses_every_cell_the_other_team_does_not_hold():
    board = board_of("""
   . . . .
  . . . . .
 . . . . . .
O O O O O O O
 . . . . . .
  . . . . .
   . . . .
""")
    assert still_possible(board, OPPONENTS, Formation.BRIDGE)
    # the row leaves the declarers the top half (sides 1, 2, 6) and the bottom half (3, 4, 5)
    assert possible_witness(board, DECLARERS, Formation.BRIDGE) is None
    assert not still_possible(board, DECLARERS, Formation.Y)
    assert len(blockers(board, DECLARERS, Formation.BRIDGE)) == 1
    assert still_possible(board.remove(min(blockers(board, DECLARERS, Formation.BRIDGE))), DECLARERS,
                          Formation.BRIDGE)
    free = board.free_cells()
    top = possible_witness(board.with_counters(declarers=[(0, -1)]), DECLARERS, Formation.BRIDGE)
    assert top is None
    witness = possible_witness(board, OPPONENTS, Formation.SIX_SIDES)
    assert witness.group == free | board.cells_of(OPPONENTS)


def test_blockers_are_empty_exactly_when_still_possible():
    for seed in range(50):
        board = random_board(seed, occupied=25)
        for formation in Formation:
            assert (blockers(board, DECLARERS, formation) == frozenset()) == still_possible(board, DECLARERS, formation)


def test_blockers_are_a_smallest_set_of_enemy_counters_whose_removal_reopens_the_formation():
    checked = 0
    for seed in range(100):
        board = random_board(seed, occupied=16, declarers_share=0.1)
        enemy = sorted(board.cells_of(OPPONENTS))
        for formation in Formation:
            found = blockers(board, DECLARERS, formation)
            if not found:
                continue
            checked += 1
            assert found <= set(enemy)
            lifted = board
            for cell in found:
                lifted = lifted.remove(cell)
            assert still_possible(lifted, DECLARERS, formation)
            enemy_mask = board.mask(OPPONENTS)
            for smaller in itertools.combinations(enemy, len(found) - 1):
                assert not fast.possible(0, enemy_mask & ~fast.mask_of(smaller), formation)
    assert checked > 100


# --- distance -----------------------------------------------------------------------------------

def brute_force_distance(board, team, formation):
    own = board.mask(team)
    free = sorted(board.free_cells())
    for size in range(len(free) + 1):
        for extra in itertools.combinations(free, size):
            if fast.holds(own | fast.mask_of(extra), formation):
                return size
    return None


@pytest.mark.parametrize("formation", list(Formation), ids=str)
def test_distance_is_exact_against_brute_force(formation):
    compared = 0
    for seed in range(60):
        board = random_board(seed, occupied=28 + seed % 4, declarers_share=0.55)
        for team in (DECLARERS, OPPONENTS):
            found = distance(board, team, formation)
            expected = brute_force_distance(board, team, formation)
            if expected is None:
                assert found is None
                continue
            compared += 1
            steps, cells = found
            assert steps == expected == len(cells)
            assert cells <= board.free_cells()
            placed = board.with_counters(**{"declarers" if team == DECLARERS else "opponents": cells})
            assert formation_held(placed, team, formation) is not None
    assert compared > 20


def test_distance_is_zero_when_held_and_none_when_impossible():
    assert distance(Y_135, DECLARERS, Formation.Y) == (0, frozenset())
    assert distance(Y_135, OPPONENTS, Formation.Y) is None        # a Y leaves three regions
    assert distance(Y_135, OPPONENTS, Formation.BRIDGE) is None   # none touching opposite sides
    assert not still_possible(Y_135, OPPONENTS, Formation.Y)


def test_distance_on_an_empty_board():
    empty = Board(LAYOUT)
    assert distance(empty, DECLARERS, Formation.BRIDGE)[0] == 7
    # any cell is 9 steps in all from sides 1, 3 and 5 (r + 3, 3 - q - r, q + 3): 9 cells + itself
    assert distance(empty, DECLARERS, Formation.Y)[0] == 10
    steps, cells = distance(empty, DECLARERS, Formation.SIX_SIDES)
    assert steps == len(cells) and connected(cells) and group_sides(cells) == set(range(1, 7))


def test_meeting_cell_and_shortest_path_searches_agree_with_dreyfus_wagner():
    for seed in range(60):
        board = random_board(seed, occupied=seed % 30)
        for team in (DECLARERS, OPPONENTS):
            cost = {cell: 0 if board.counters.get(cell) == team else 1
                    for cell in CELLS if board.counters.get(cell) != 1 - team}
            for formation, special in ((Formation.BRIDGE, cheapest_bridge), (Formation.Y, cheapest_y)):
                a, b = special(cost), cheapest_steiner(cost, formation)
                assert (a is None) == (b is None)
                if a is not None:
                    assert a[0] == b[0]
                    assert connected(a[1]) and makes(group_sides(a[1]), formation)
                    assert connected(b[1]) and makes(group_sides(b[1]), formation)


# --- the fast path --------------------------------------------------------------------------------

@pytest.mark.slow
def test_fast_path_agrees_with_networkx_on_10000_random_boards():
    for seed in range(10_000):
        board = random_board(seed)
        team = seed % 2
        own, enemy = board.mask(team), board.mask(1 - team)
        held = formations_held(board, team)
        possible = formations_possible(board, team)
        for formation in Formation:
            group = fast.held_group(own, formation)
            assert (group != 0) == (formation in held), (seed, formation)
            central = fast.group_making_from_centre(own, fast.MAKES[formation])
            assert (central != 0) == (group != 0), (seed, formation)
            if central:
                cells = fast.cells_of(central)
                assert cells <= board.cells_of(team) and makes(group_sides(cells), formation) and connected(cells)
            free = fast.group_making_from_centre(fast.BOARD & ~enemy, fast.MAKES[formation])
            assert (free != 0) == (formation in possible), (seed, formation)
            if group:
                cells = fast.cells_of(group)
                assert cells <= board.cells_of(team) and makes(group_sides(cells), formation)
            assert fast.possible(own, enemy, formation) == (formation in possible), (seed, formation)


def test_fast_path_bitmasks_and_board_helpers():
    assert bin(fast.BOARD).count("1") == 37
    assert fast.cells_of(fast.mask_of(CELLS)) == set(CELLS)
    for cell in CELLS:
        assert fast.group_of(fast.BIT[cell], fast.BOARD) == fast.BOARD
        ring = (fast.BIT[cell] << 1 | fast.BIT[cell] >> 1 | fast.BIT[cell] << 7 | fast.BIT[cell] >> 7
                | fast.BIT[cell] << 8 | fast.BIT[cell] >> 8) & fast.BOARD
        assert fast.cells_of(ring) == set(Board(LAYOUT).graph[cell])
    assert fast.board_holds(Y_135, DECLARERS, Formation.Y)
    assert not fast.board_possible(Y_135, OPPONENTS, Formation.Y)
    with pytest.raises(ValueError, match="both teams"):
        fast.possible(1, 1, Formation.Y)


def test_fast_path_counts_are_exact_bounds():
    # fewest_cells: the search's answer is a group of that size making the formation
    for formation in Formation:
        size, cells = distance(Board(LAYOUT), DECLARERS, formation)
        assert size == fast.fewest_cells(formation) == len(cells)
        assert fast.holds(fast.mask_of(cells), formation)
    assert [fast.fewest_cells(formation) for formation in Formation] == [7, 10, 10, 10, 10]
    # FEWEST_BLOCKERS: no smaller set of enemy counters makes a formation impossible (every set is
    # tried on the flood fill itself, which possible() skips for so few counters) ...
    bits = list(fast.BIT.values())
    for formation in Formation:
        for enemy in itertools.combinations(bits, fast.FEWEST_BLOCKERS[formation] - 1):
            assert fast.held_group(fast.BOARD & ~sum(enemy), formation), (formation, enemy)
    # ... and Six sides is blocked by four: the counters on one side
    side_1 = fast.SIDE_MASKS[0]
    assert side_1.bit_count() == fast.FEWEST_BLOCKERS[Formation.SIX_SIDES]
    assert not fast.possible(0, side_1, Formation.SIX_SIDES)


def test_fast_path_with_few_counters_gives_the_flood_fills_answer():
    rng = seeded_random(5, "few counters")
    for _ in range(3000):
        cells = rng.sample(CELLS, rng.randrange(12))
        own, enemy = fast.mask_of(cells[::2]), fast.mask_of(cells[1::2])
        for formation in Formation:
            assert fast.holds(own, formation) == (fast.held_group(own, formation) != 0)
            assert fast.possible(own, enemy, formation) == (fast.held_group(fast.BOARD & ~enemy, formation) != 0)


def test_stays_connected_only_when_the_cells_left_are_one_group():
    rng = seeded_random(11, "stays connected")
    said = {True: 0, False: 0}
    for _ in range(5000):
        cells = fast.mask_of(rng.sample(CELLS, rng.randrange(8, 38)))
        group = fast.group_of(cells & -cells, cells)
        removed = fast.mask_of(rng.sample(sorted(fast.cells_of(group)), min(group.bit_count(), rng.randrange(1, 4))))
        left = group & ~removed
        answer = fast.stays_connected(left, removed)
        said[answer] += 1
        if answer:
            assert fast.group_of(left & -left, left) == left
    assert min(said.values()) > 500
