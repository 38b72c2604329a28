"""The Le Plateau board model: cells, sides, layouts, counters, pictures, the explorer widget.

Malformed text and misuse of the API are tried in tests/hexboard/test_bad_input.py."""

import dataclasses
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter

import matplotlib
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plateau_lab import hexboard
from plateau_lab.core import GAME_NAMES, ParseError, seeded_random
from plateau_lab.hexboard import (
    CELLS,
    CORNERS,
    DECLARERS,
    OPPONENTS,
    Board,
    Formation,
    layout_text,
    neighbours,
    official_layout,
    parse_counters,
    parse_layout,
    random_layout,
    sides_of,
    token_kind,
)
from plateau_lab.hexboard import fast
from plateau_lab.ui.board_explorer import BoardExplorer
from plateau_lab.ui.board_figures import draw_board
from plateau_lab.hexboard.render import HIGHLIGHT, MARKS, board_picture, space_name

matplotlib.use("Agg")

# The official boards, copied from the board art (docs/rulings.md, The board) independently of the package.
OFFICIAL_3_TO_6 = """
A6(-3,0) T10(-3,1) T9(-3,2) A5(-3,3) T11(-2,-1) DH(-2,0) CC(-2,1) DS(-2,2) T8(-2,3)
T12(-1,-2) VD(-1,-1) RS(-1,0) RH(-1,1) VC(-1,2) T7(-1,3) A1(0,-3) CH(0,-2) EXC(0,-1) T13(0,0)
A21(0,1) CD(0,2) A4(0,3) T1(1,-3) VS(1,-2) RD(1,-1) RC(1,0) VH(1,1) T6(1,2) T2(2,-3) DC(2,-2)
CS(2,-1) DD(2,0) T5(2,1) A2(3,-3) T3(3,-2) T4(3,-1) A3(3,0)
"""
TWO_PLAYER_RING = """
T13(-3,0) T12(-3,1) T11(-3,2) A3(-3,3) T14(-2,-1) T10(-2,3) T15(-1,-2) T9(-1,3) A1(0,-3) T8(0,3)
T1(1,-3) T7(1,2) T2(2,-3) T6(2,1) T3(3,-3) T4(3,-2) T5(3,-1) A2(3,0)
"""


def entries(text):
    found = {}
    for entry in text.split():
        token, rest = entry.split("(")
        q, r = rest.rstrip(")").split(",")
        found[(int(q), int(r))] = token
    return found


# --- cells and sides -------------------------------------------------------------------------

def test_board_has_37_hexes_in_axial_coordinates():
    assert len(CELLS) == 37 == len(set(CELLS))
    assert all(max(abs(q), abs(r), abs(q + r)) <= 3 for q, r in CELLS)
    assert list(CELLS) == sorted(CELLS)


def test_neighbours_differ_by_the_six_axial_directions():
    directions = {(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)}
    degrees = Counter(len(neighbours(cell)) for cell in CELLS)
    assert degrees == {3: 6, 4: 12, 6: 19}
    for cell in CELLS:
        assert all((n[0] - cell[0], n[1] - cell[1]) in directions for n in neighbours(cell))
    assert Board.official(4).graph.number_of_edges() == 90


def test_sides_are_numbered_clockwise_from_the_top():
    assert sides_of((1, -3)) == {1} and sides_of((3, -2)) == {2} and sides_of((2, 1)) == {3}
    assert sides_of((-1, 3)) == {4} and sides_of((-3, 1)) == {5} and sides_of((-2, -1)) == {6}
    for side in range(1, 7):
        assert sum(side in sides_of(cell) for cell in CELLS) == 4
    with pytest.raises(ValueError, match="not a cell"):
        sides_of((4, 0))


def test_corner_spaces_belong_to_both_sides():
    assert sorted(CORNERS) == [(-3, 0), (-3, 3), (0, -3), (0, 3), (3, -3), (3, 0)]
    assert {frozenset(sides_of(c)) for c in CORNERS} == {frozenset(p) for p in
                                                         ({1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 1})}
    assert sum(1 for cell in CELLS if len(sides_of(cell)) == 1) == 12


def test_graph_nodes_carry_token_sides_and_counter():
    board = Board.official(5).place((3, -3), OPPONENTS)
    graph = board.graph
    assert graph.number_of_nodes() == 37
    assert graph.nodes[(3, -3)] == {"token": "A2", "sides": frozenset({1, 2}), "counter": OPPONENTS}
    assert graph.nodes[(0, 0)] == {"token": "T13", "sides": frozenset(), "counter": None}


# --- layouts ---------------------------------------------------------------------------------

def test_official_layout_for_3_to_6_players_matches_the_board_art():
    expected = entries(OFFICIAL_3_TO_6)
    for players in (3, 4, 5, 6):
        assert official_layout(players) == expected
    kinds = Counter(token_kind(t) for t in expected.values())
    assert kinds == {"trick": 13, "card": 16, "trump": 8}


def test_official_layout_for_2_players_keeps_the_inner_hexes_with_trick_16_in_the_centre():
    expected = {cell: token for cell, token in entries(OFFICIAL_3_TO_6).items()
                if max(map(abs, (*cell, sum(cell)))) < 3}
    expected[(0, 0)] = "T16"
    expected.update(entries(TWO_PLAYER_RING))
    assert official_layout(2) == expected
    assert sorted(t for t in expected.values() if token_kind(t) == "trick") == sorted(f"T{n}" for n in range(1, 17))
    with pytest.raises(ValueError, match="from 2 to 6, not 7"):
        official_layout(7)


def test_alternative_board_setup_places_the_tokens_at_random():
    layout = random_layout(seed=5, tricks=15)
    tokens = set(layout.values())
    assert len(layout) == 37 == len(tokens)
    assert {t for t in tokens if token_kind(t) == "trick"} == {f"T{n}" for n in range(1, 16)}
    assert {t for t in tokens if token_kind(t) == "trump"} == {"EXC", "A21", "A1", "A2", "A3", "A4"}
    assert sum(token_kind(t) == "card" for t in tokens) == 16
    assert random_layout(seed=5, tricks=15) == layout
    assert random_layout(seed=6, tricks=15) != layout
    # with 13 tricks the token set is that of the official 3-6 player board
    assert set(random_layout(seed=1, tricks=13).values()) == set(official_layout(4).values())
    assert set(random_layout(seed=1, tricks=16).values()) == set(official_layout(2).values())
    for tricks in (17, 18):   # the full-deck variants: 3 players 17 tricks, 4 players 18
        Board(random_layout(seed=3, tricks=tricks))
    with pytest.raises(ValueError, match="tricks must be"):
        random_layout(seed=1, tricks=19)


def test_custom_layout_text_round_trips():
    layout = random_layout(seed=9, tricks=18)
    assert parse_layout(layout_text(layout), players=4) == layout
    assert parse_layout(" ( ".join(layout_text(layout).split("(")).lower()) == layout


@pytest.mark.parametrize("text, message", [
    (OFFICIAL_3_TO_6.replace("A3(3,0)", ""), "needs all 37 cells, got 36"),
    (OFFICIAL_3_TO_6.replace("A3(3,0)", "Z3(3,0)"), "unknown token 'Z3'"),
    (OFFICIAL_3_TO_6.replace("A3(3,0)", "T19(3,0)"), "unknown token 'T19'"),
    (OFFICIAL_3_TO_6.replace("A3(3,0)", "A2(3,0)"), "token A2 appears twice"),
    (OFFICIAL_3_TO_6.replace("A3(3,0)", "A3(0,0)"), r"cell \(0, 0\) already holds T13"),
    (OFFICIAL_3_TO_6.replace("A3(3,0)", "A3(4,0)"), r"\(4, 0\) is not a cell"),
    (OFFICIAL_3_TO_6.replace("A3(3,0)", "A3[3,0]"), "expected TOKEN"),
])
def test_a_bad_layout_is_a_parse_error_saying_where_and_what(text, message):
    with pytest.raises(ParseError, match=message):
        parse_layout(text)


def test_a_card_not_in_the_deck_for_that_player_count_is_refused():
    text = OFFICIAL_3_TO_6.replace("A5(-3,3)", "A9(-3,3)")
    assert parse_layout(text, players=3)[(-3, 3)] == "A9"
    with pytest.raises(ParseError, match="trump 9 is not in the 2-player deck") as caught:
        parse_layout(text, players=2)
    assert caught.value.where == "entry 4 'A9(-3,3)'"


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="TA1234567890(),- EXCRDSHV\n", max_size=80))
def test_layout_parser_raises_only_parse_errors(text):
    try:
        layout = parse_layout(text)
    except ParseError:
        return
    assert len(layout) == 37


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 18))
def test_random_layouts_round_trip_through_text(seed, tricks):
    layout = random_layout(seed=seed, tricks=tricks)
    assert parse_layout(layout_text(layout)) == layout


# --- the board and its counters --------------------------------------------------------------

def test_placing_on_an_occupied_space_is_an_error_that_changes_nothing():
    board = Board.official(4).place((0, 0), DECLARERS)
    before = dict(board.counters)
    with pytest.raises(ValueError, match=r"cell \(0, 0\) \(token T13\) already holds a counter of the declarers"):
        board.place((0, 0), OPPONENTS)
    assert dict(board.counters) == before


def test_placing_returns_a_new_board_and_keeps_the_old_one():
    empty = Board.official(3)
    board = empty.place_token("EXC", OPPONENTS)
    assert dict(empty.counters) == {} and dict(board.counters) == {(0, -1): OPPONENTS}
    assert board.free_cells() == frozenset(CELLS) - {(0, -1)}
    assert board.cells_of(OPPONENTS) == {(0, -1)} and board.cells_of(DECLARERS) == frozenset()
    assert board.remove((0, -1)) == empty and hash(board.remove((0, -1))) == hash(empty)
    with pytest.raises(ValueError, match="holds no counter"):
        empty.remove((0, 0))
    with pytest.raises(dataclasses.FrozenInstanceError):
        board.counters = {}
    with pytest.raises(TypeError):
        board.counters[(0, 0)] = DECLARERS


def test_cell_of_finds_a_token_or_says_none():
    board = Board.official(2)
    assert board.cell_of("T16") == (0, 0) and board.cell_of("A21") == (0, 1)
    assert board.cell_of("T17") is None
    with pytest.raises(ValueError, match="not on this board"):
        board.place_token("A6", DECLARERS)


def test_a_board_refuses_bad_layouts_teams_and_cells():
    layout = official_layout(4)
    with pytest.raises(ValueError, match="37 cells"):
        Board({cell: t for cell, t in layout.items() if cell != (0, 0)})
    with pytest.raises(ValueError, match="lies on both"):
        Board({**layout, (0, 0): "A1"})
    with pytest.raises(ValueError, match="unknown token"):
        Board({**layout, (0, 0): "T40"})
    with pytest.raises(ValueError, match="team must be"):
        Board(layout, {(0, 0): 2})
    with pytest.raises(ValueError, match="not a cell"):
        Board(layout).place((3, 3), DECLARERS)


def test_counter_diagram_round_trips_and_reports_bad_rows():
    rng = seeded_random(3, "diagram")
    counters = {cell: rng.choice((0, 1)) for cell in rng.sample(CELLS, 20)}
    board = Board(official_layout(4), counters)
    assert parse_counters(board.diagram()) == dict(board.counters)
    with pytest.raises(ParseError, match="expected 7 rows"):
        parse_counters(". . . .")
    bad = board.diagram().splitlines()
    bad[2] = bad[2] + " ."
    with pytest.raises(ParseError, match="diagram row 3: expected 6 cells, got 7"):
        parse_counters("\n".join(bad))
    with pytest.raises(ParseError, match="unknown symbol"):
        parse_counters(board.diagram().replace(".", "?", 1))


def test_equal_boards_hash_alike_whatever_the_order_the_counters_were_placed_in():
    # a bug: the hash followed the order of placing, so two equal boards could hash differently
    empty = Board.official(4)
    one = empty.place((1, 0), OPPONENTS).place((0, 0), DECLARERS)
    other = empty.place((0, 0), DECLARERS).place((1, 0), OPPONENTS)
    built = Board(official_layout(4), {(1, 0): OPPONENTS, (0, 0): DECLARERS})
    assert one == other == built
    assert hash(one) == hash(other) == hash(built)
    assert len({one, other, built}) == 1
    assert one != Board(random_layout(seed=1, tricks=13), one.counters)


def test_a_board_made_from_a_board_shares_its_layout_and_carries_no_cached_value_over():
    board = Board.official(4).place((0, 0), DECLARERS)
    assert board.mask(DECLARERS) and board.cell_of("T13") == (0, 0) and board.graph.nodes[(0, 0)]["counter"] == 0
    after = board.place((1, 0), DECLARERS)
    assert after.layout is board.layout
    assert after.mask(DECLARERS) == board.mask(DECLARERS) | fast.BIT[(1, 0)]
    assert after.graph.nodes[(1, 0)]["counter"] == DECLARERS and board.graph.nodes[(1, 0)]["counter"] is None
    assert after.remove((1, 0)) == board and after.cleared() == Board.official(4)
    assert after.cleared().mask(DECLARERS) == 0


# --- an engine needs no user interface ----------------------------------------------------------

USER_INTERFACE = ("ipywidgets", "matplotlib", "pandas")


@pytest.mark.parametrize("module", ["plateau_lab.hexboard", *(f"plateau_lab.games.{name}" for name in GAME_NAMES)])
def test_importing_an_engine_loads_no_user_interface_library(module):
    probe = (f"import sys, {module}\n"
             f"print(' '.join(name for name in {USER_INTERFACE!r} if name in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"import {module} failed:\n{done.stderr[-2000:]}"
    assert done.stdout.split() == [], f"import {module} loads {done.stdout.strip()}"


# --- pictures ----------------------------------------------------------------------------------

def test_svg_picture_is_deterministic_and_shows_tokens_counters_sides_and_highlight():
    board = Board.official(4).with_counters(declarers=[(0, 0), (1, 0)], opponents=[(-3, 3)])
    svg = board.to_svg(highlight=[(0, 0), (1, 0)], path=[(0, 0), (1, 0)], title="two groups")
    assert svg == board.to_svg(highlight=[(1, 0), (0, 0)], path=[(0, 0), (1, 0)], title="two groups")
    root = ET.fromstring(svg)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    for label in ("RS", "♠", "EXC", "★", "21", "13", "two groups", "declarers", "opponents", *"123456"):
        assert label in texts
    assert svg.count('stroke="#d62728"') == 2            # the two highlighted cells
    assert svg.count('fill="#5a3a22"') == 3              # two declarers' counters + legend
    assert svg.count('fill="#ecd9b0"') == 2              # one opponents' counter + legend
    assert svg.count("<polyline") == 1
    assert board._repr_svg_() == board.to_svg()


def test_matplotlib_figure_draws_spaces_counters_and_highlight():
    board = Board.official(4).with_counters(declarers=[(0, 0)], opponents=[(1, 0)])
    ax = draw_board(board, highlight=[(0, 0)], path=[(0, 0), (0, 1)], title="figure")
    assert len(ax.patches) == 37 + 2 + 1
    assert ax.get_title() == "figure"
    assert len(ax.lines) == 1
    assert {t.get_text() for t in ax.texts} >= {"RS", "EXC", "1", "6"}


def test_matplotlib_figure_marks_the_whole_wall_like_the_svg():
    board = Board.official(4).with_counters(declarers=[(0, r) for r in range(-3, 4)])
    wall = hexboard.blocking_wall(board, OPPONENTS, Formation.BRIDGE)
    ax = draw_board(board, wall=wall)
    marked = [patch for patch in ax.patches if matplotlib.colors.to_hex(patch.get_edgecolor()) == MARKS["wall"][0]]
    assert len(wall) == len(marked) == 7
    assert len(ax.lines) == 2 * 7                                   # a cross on every counter of the wall


# --- the explorer widget -------------------------------------------------------------------------

def _svg_texts(svg: str) -> list[str]:
    return [t.text for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]


def _outlined(svg: str, colour: str) -> int:
    return sum(1 for p in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}polygon")
               if p.get("stroke") == colour and p.get("fill") == "none")


def test_board_explorer_places_and_removes_counters_by_clicks_on_the_board():
    explorer = BoardExplorer(Board.official(4))
    names = {cell: space_name(explorer.board, cell) for cell in CELLS}
    assert sorted(explorer.picture.legal) == sorted(names.values())        # every space can be clicked
    for r in range(-3, 4):
        explorer.picture.click(names[(0, r)])
    assert explorer.board.cells_of(DECLARERS) == {(0, r) for r in range(-3, 4)}
    assert explorer.summary(DECLARERS, Formation.BRIDGE) == "Bridge: held by a group touching sides 1, 3, 4, 6"
    assert explorer.marks()["group"] == {(0, r) for r in range(-3, 4)}
    assert _outlined(explorer.picture.svg, HIGHLIGHT) == 7
    explorer.team.value = OPPONENTS
    # the declarers' column is a wall of seven counters: all seven are marked and counted, though
    # taking one off would be enough to make the Bridge possible again
    line = {(0, r) for r in range(-3, 4)}
    assert explorer.summary(OPPONENTS, Formation.BRIDGE) == \
        "Bridge: impossible, a wall of 7 counters blocks it; taking 1 of them off would make it possible again"
    assert explorer.marks() == {"group": set(), "needed": set(), "wall": line}
    assert _outlined(explorer.picture.svg, MARKS["wall"][0]) == 7
    assert "a wall of 7 counters blocks it" in " ".join(_svg_texts(explorer.picture.svg))
    explorer.mode.value = OPPONENTS
    explorer.picture.click(names[(0, 0)])                 # a click on a counter takes it off, whatever the mode
    assert (0, 0) not in explorer.board.counters and explorer.message.value == ""
    assert explorer.summary(OPPONENTS, Formation.BRIDGE) == "Bridge: not yet, 7 more spaces needed"
    needed = explorer.marks()["needed"]
    assert len(needed) == 7 and (0, 0) in needed          # the only way through the declarers' column
    assert _outlined(explorer.picture.svg, MARKS["needed"][0]) == 7
    explorer.picture.click(names[(0, 0)])
    assert explorer.board.counters[(0, 0)] == OPPONENTS
    explorer.formation.value = Formation.SIX_SIDES
    texts = _svg_texts(explorer.picture.svg)
    assert sum(text.startswith(("▶", "•")) for text in texts) == len(Formation)
    assert [text for text in texts if text.startswith("▶")] == ["▶ " + explorer.summary(OPPONENTS, Formation.SIX_SIDES)]
    explorer.picture.click("no such space")               # a name the board does not have: nothing happens
    assert explorer.board.counters[(0, 0)] == OPPONENTS
    explorer.click((9, 9))                                # off the board: said in words, nothing changes
    assert "(9, 9)" in explorer.message.value and explorer.board.counters[(0, 0)] == OPPONENTS
    explorer.clear.click()
    assert dict(explorer.board.counters) == {}


def test_board_picture_wraps_a_long_title_and_keeps_labels_readable():
    board = Board.official(4).with_counters(declarers=[(0, 0)], opponents=[(1, 0)])
    title = "ridge: Bridge: a group of 7 cells touching sides 1, 3, 4, 6 and a few more words"
    picture = board_picture(board, title=title, coordinates=True, notes=["one note"], needed=[(2, 0)], wall=[(1, 0)])
    root = ET.fromstring(picture.svg())
    texts = list(root.iter("{http://www.w3.org/2000/svg}text"))
    title_lines = [t.text for t in texts if t.get("font-size") == "14" and t.get("font-weight") == "bold"
                   and t.get("y") in ("17", "36")]
    assert " ".join(title_lines) == title
    for line in texts:                        # every line fits the picture: about 0.6 em a character
        size = float(line.get("font-size"))
        assert size >= 11, line.text
        x = float(line.get("x"))
        half = len(line.text) * size * 0.6 / 2
        left, right = (x, x + 2 * half) if line.get("text-anchor") == "start" else (x - half, x + half)
        assert left >= 0 and right <= picture.width, line.text
    assert "one note" in [t.text for t in texts]
    assert {"spaces still needed", "the wall that blocks it"} <= {t.text for t in texts}
    assert "the group that holds it" not in {t.text for t in texts}        # the legend names what is drawn
    labelled = board_picture(board, highlight=[(0, 0)], highlight_label="the group that holds it")
    assert "the group that holds it" in _svg_texts(labelled.svg())


def test_clickable_board_names_every_space_by_its_token():
    picture = board_picture(Board.official(4), clickable=True)
    targets = [part.get("data-target") for part in ET.fromstring(picture.svg()).iter() if part.get("data-target")]
    assert len(targets) == len(set(targets)) == 37
    some = board_picture(Board.official(4), clickable=[(0, 0), (1, 0)])
    assert [part.get("data-target") for part in ET.fromstring(some.svg()).iter() if part.get("data-target")] == [
        "trick 13", "king of clubs"]
    assert "trick 13" in targets and "king of spades" in targets
