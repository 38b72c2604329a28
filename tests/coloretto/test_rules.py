"""Coloretto: one test per rule, the rulebook's example, saving, bots and pictures.

Random-game invariants and the stored trace are in ``test_coloretto_random.py``.
"""

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plateau_lab.core.bots import RandomBot
from plateau_lab.core import IllegalAction, ParseError, load_json, play_out
from plateau_lab.games import coloretto
from plateau_lab.games.coloretto.cards import COLOURS, LAST_ROUND_CARD, deck, parse_card, parse_cards
from plateau_lab.games.coloretto.engine import CARDS_BELOW_LAST_ROUND
from plateau_lab.games.coloretto.scoring import best_scoring, best_total, colour_points, score_choice

SIX_COLOURS = "blue, brown, green, grey, orange, pink"
FIVE_COLOURS = "blue, green, grey, orange, pink"


def cards(text):
    return parse_cards(text, where="test")


def position(text, **variant):
    return coloretto.scenario(text, seed=0, **variant)


def names(actions):
    return [str(action) for action in actions]


ANDY = cards("joker, +2" + ", green" * 6 + ", yellow" * 4 + ", pink" * 3 + ", blue" * 2)


# ------------------------------------------------------------------ preparation


def test_three_players_remove_one_colour_and_two_players_remove_two():
    for players, in_play in ((2, 5), (3, 6), (4, 7), (5, 7)):
        game = coloretto.new_game(players, seed=3)
        assert len(game.colours) == in_play
        every_card = [*game.supply, *(c for cs in game.collections for c in cs)]
        assert {card.colour for card in every_card if card.kind == "colour"} == set(game.colours)
        assert len(every_card) == 9 * in_play + 10 + 3 + 1
    removed = {tuple(sorted(set(COLOURS) - set(coloretto.new_game(3, seed=s).colours))) for s in range(40)}
    assert len(removed) > 3  # chosen at random, not always the same colour


def test_each_player_starts_with_one_card_of_a_different_colour():
    for players in (3, 4, 5):
        game = coloretto.new_game(players, seed=11)
        starts = [collection for collection in game.collections]
        assert all(len(start) == 1 for start in starts)
        assert len({start[0].colour for start in starts}) == players


def test_two_players_start_with_two_cards_of_different_colours():
    for seed in range(20):
        game = coloretto.new_game(2, seed=seed)
        colours = [card.colour for start in game.collections for card in start]
        assert [len(start) for start in game.collections] == [2, 2]
        assert len(set(colours)) == 4 and set(colours) <= set(game.colours)


def test_last_round_card_lies_on_top_of_the_bottom_fifteen_cards():
    assert CARDS_BELOW_LAST_ROUND == 15  # the rulebook's number, not read back from the engine alone
    for players in (2, 3, 4, 5):
        supply = coloretto.new_game(players, seed=players).supply
        assert supply.count(LAST_ROUND_CARD) == 1
        assert len(supply) - 1 - supply.index(LAST_ROUND_CARD) == 15


def test_starting_player_is_chosen_by_lot():
    firsts = {coloretto.new_game(4, seed=seed).current_player for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_three_to_five_players_use_one_row_of_three_places_per_player():
    for players in (3, 4, 5):
        game = coloretto.new_game(players, seed=1)
        assert game.capacities == (3,) * players and game.rows == ((),) * players


def test_two_players_use_three_rows_with_one_two_and_three_places():
    assert coloretto.new_game(2, seed=1).capacities == (1, 2, 3)
    game = position(f"players: 2\ncolours: {FIVE_COLOURS}\nturn: 0\nrow 1: blue\nrow 2: green, grey")
    assert names(game.legal_actions()) == ["draw", "take row 1", "take row 2"]
    assert names(game.apply("draw").legal_actions()) == ["place row 3"]


def test_two_players_third_row_leaves_the_game_once_both_have_taken_a_row():
    game = position(f"players: 2\ncolours: {FIVE_COLOURS}\nturn: 1\nrow 1: taken\nsat out: 0\n"
                    "row 2: blue, pink\nrow 3: green, +2, grey")
    after = game.apply("take row 2")
    assert after.round_number == 2 and after.rows == ((), (), ())
    assert Counter(after.out_of_game) - Counter(game.out_of_game) == Counter(cards("green, +2, grey"))
    assert "leaves the game" in after.log[-2]


def test_scoring_table_is_a_new_game_option():
    assert coloretto.new_game(3, seed=1).table == "brown"
    assert coloretto.new_game(3, seed=1, scoring="grey").table == "grey"
    with pytest.raises(ValueError, match="scoring must be one of 'brown', 'grey'"):
        coloretto.new_game(3, seed=1, scoring="green")
    with pytest.raises(ValueError, match="players must be a whole number from 2 to 5"):
        coloretto.new_game(6, seed=1)


# ------------------------------------------------------------------ a turn

ROUND = f"players: 3\ncolours: {SIX_COLOURS}\n"
# A teacher's short supply ("the next cards are these") leaves the other cards out of the game.
ANY_SUPPLY = "allow: any supply\n"


def test_drawing_is_its_own_step_the_card_is_seen_before_the_row_is_chosen():
    game = position(ROUND + ANY_SUPPLY + "turn: 0\nrow 1: blue\nsupply: pink, last round")
    drawn = game.apply("draw")
    assert drawn.drawn == parse_card("pink") and drawn.current_player == 0
    assert names(drawn.legal_actions()) == ["place row 1", "place row 2", "place row 3"]
    with pytest.raises(IllegalAction) as caught:
        drawn.apply("take row 1")
    assert caught.value.rule == "draw and place a card"
    with pytest.raises(IllegalAction) as caught:
        game.apply("place row 1")
    assert caught.value.rule == "drawing is its own step"
    placed = drawn.apply("place row 1")
    assert placed.rows[0] == cards("blue, pink") and placed.drawn is None and placed.current_player == 1


def test_at_most_three_cards_next_to_a_row_card():
    game = position(ROUND + ANY_SUPPLY + "turn: 0\nrow 1: blue, blue, pink\nsupply: grey, last round").apply("draw")
    assert names(game.legal_actions()) == ["place row 2", "place row 3"]
    with pytest.raises(IllegalAction) as caught:
        game.apply("place row 1")
    assert caught.value.rule == "at most 3 cards next to a row card"


def test_a_row_can_be_taken_only_with_at_least_one_card():
    game = position(ROUND + "turn: 0\nrow 1: blue")
    assert names(game.legal_actions()) == ["draw", "take row 1"]
    with pytest.raises(IllegalAction) as caught:
        game.apply("take row 2")
    assert caught.value.rule == "a row must hold a card to be taken"


def test_taking_a_row_puts_its_cards_in_the_collection_and_jokers_aside():
    game = position(ROUND + "turn: 0\nplayer 0: green\nrow 1: blue, joker, +2")
    after = game.apply("take row 1")
    assert Counter(after.collections[0]) == Counter(cards("green, blue, joker, +2"))
    assert after.rows[0] is None and after.sat_out == (True, False, False)


def test_a_player_who_took_a_row_sits_out_the_rest_of_the_round():
    game = position(ROUND + ANY_SUPPLY + "turn: 2\nrow 1: taken\nsat out: 0\nrow 2: blue\nsupply: pink, last round")
    after = game.apply("draw").apply("place row 3")
    assert after.current_player == 1  # player 0 is skipped
    with pytest.raises(IllegalAction) as caught:
        after.apply("take row 1")
    assert caught.value.rule == "a taken row is out of the round"


def test_the_last_active_player_may_keep_drawing_until_he_takes_a_row():
    game = position(ROUND + ANY_SUPPLY + "turn: 1\nrow 1: taken\nrow 2: taken\nsat out: 0, 2\nrow 3: blue\n"
                    "supply: pink, grey, last round")
    game = game.apply("draw").apply("place row 3")
    assert game.current_player == 1 and names(game.legal_actions()) == ["draw", "take row 3"]
    game = game.apply("draw").apply("place row 3")
    assert game.current_player == 1 and names(game.legal_actions()) == ["take row 3"]


def test_when_every_open_row_is_full_the_player_must_take_one():
    game = position(ROUND + "turn: 0\nrow 1: blue, blue, blue\nrow 2: pink, pink, pink\nrow 3: taken\nsat out: 2")
    assert names(game.legal_actions()) == ["take row 1", "take row 2"]
    with pytest.raises(IllegalAction) as caught:
        game.apply("draw")
    assert caught.value.rule == "a full row takes no more cards"


def test_the_next_round_starts_with_the_player_who_took_the_last_row():
    game = position(ROUND + "turn: 1\nrow 1: taken\nrow 2: taken\nsat out: 0, 2\nrow 3: blue")
    after = game.apply("take row 3")
    assert after.round_number == 2 and after.current_player == 1
    assert after.sat_out == (False, False, False) and after.rows == ((), (), ())


def test_the_last_round_card_is_set_aside_and_the_player_draws_the_next_card():
    game = position(ROUND + ANY_SUPPLY + "turn: 0\nsupply: last round, orange, blue")
    after = game.apply("draw")
    assert after.last_round and after.drawn == parse_card("orange") and after.supply == cards("blue")
    assert "last round" in after.log[-2]


def test_the_game_ends_after_the_round_of_the_last_round_card():
    game = position(ROUND + ANY_SUPPLY + "turn: 0\nlast round: yes\nrow 1: taken\nrow 2: taken\nsat out: 1, 2\n"
                    "row 3: blue\nplayer 1: pink, pink\nsupply: grey, grey")
    final = game.apply("take row 3")
    assert final.is_over and final.current_player is None and final.legal_actions() == ()
    assert final.scores == (1, 3, 0) and final.winners == (1,)
    with pytest.raises(IllegalAction) as caught:
        final.apply("draw")
    assert caught.value.rule == "end of the game"
    not_last = position(ROUND + "turn: 0\nrow 1: taken\nrow 2: taken\nsat out: 1, 2\nrow 3: blue")
    assert not not_last.apply("take row 3").is_over


# ------------------------------------------------------------------ scoring


def test_the_rulebook_example_scores_41():
    best = best_scoring(ANDY, colours_in_play=COLOURS, table="brown")
    assert best.total == 41 and best.joker_colours == ("yellow",)
    assert set(best.plus_colours) == {"green", "yellow", "pink"}
    points = {line.colour: line.points for line in best.lines}
    assert points == {"green": 21, "yellow": 15, "pink": 6, "blue": -3}
    assert best.plus_two_cards == 1
    assert best_total(ANDY, colours_in_play=COLOURS) == 41


def test_jokers_are_coloured_only_at_the_end_each_independently_any_colour_in_play():
    two_jokers = cards("joker, joker, blue, blue, green")
    scored = score_choice(two_jokers, ["blue", "orange"], ["blue", "green", "orange"])
    assert {line.colour: line.counted for line in scored.lines} == {"blue": 3, "green": 1, "orange": 1}
    assert scored.total == 6 + 1 + 1
    with pytest.raises(IllegalAction, match="not a colour in play"):
        score_choice(two_jokers, ["blue", "yellow"], ["blue", "green"], colours_in_play=COLOURS[:6])
    with pytest.raises(IllegalAction) as caught:
        score_choice(two_jokers, ["blue"], ["blue", "green"])
    assert caught.value.rule == "jokers are coloured at the end"


def test_three_colours_score_plus_and_the_others_minus():
    collection = cards("blue, blue, green, green, green, grey, pink, pink, pink, pink, yellow")
    scored = score_choice(collection, [], ["green", "pink", "blue"])
    assert scored.total == 3 + 6 + 10 - 1 - 1
    with pytest.raises(IllegalAction) as caught:
        score_choice(collection, [], ["green", "pink"])
    assert caught.value.rule == "three colours score plus"
    with pytest.raises(IllegalAction, match="not among the colours held"):
        score_choice(collection, [], ["green", "pink", "orange"])


def test_three_colours_or_fewer_all_score_plus():
    assert score_choice(cards("blue, green, green"), [], ["blue", "green"]).total == 4
    with pytest.raises(IllegalAction):
        score_choice(cards("blue, green, green"), [], ["green"])


def test_brown_table_and_grey_table():
    assert [colour_points(n, "brown") for n in range(1, 7)] == [1, 3, 6, 10, 15, 21]
    assert [colour_points(n, "grey") for n in range(1, 7)] == [1, 4, 8, 7, 6, 5]


def test_no_extra_points_for_more_than_six_cards_of_a_colour():
    assert colour_points(9, "brown") == 21 and colour_points(7, "grey") == 5
    assert score_choice(cards(", ".join(["blue"] * 8)), [], ["blue"]).total == 21


def test_each_plus_two_card_scores_two():
    assert score_choice(cards("+2, +2, +2, blue"), [], ["blue"]).total == 7
    assert best_total(cards("+2, +2")) == 4


def test_grey_table_can_make_a_joker_worth_more_on_a_minus_colour():
    # Grey side: 3 cards are worth 8, 4 only 7, so a fourth minus card *reduces* the loss.
    collection = cards("joker, blue, blue, blue, green, green, green, pink, pink, pink, yellow, yellow, yellow")
    best = best_scoring(collection, table="grey")
    assert best.total == 8 + 8 + 8 - 7
    assert best_total(collection, table="grey") == best.total


def test_the_learner_choice_is_scored_and_compared_with_the_best():
    mine = score_choice(ANDY, ["pink"], ["green", "yellow", "pink"])
    best = best_scoring(ANDY)
    assert (mine.total, best.total) == (40, 41)
    assert "pink" in str(mine) and "total   40" in str(mine) and "<table>" in mine._repr_html_()


def test_fast_best_total_agrees_with_the_reference_search():
    rng = random.Random(5)
    pool = deck(COLOURS, golden_joker=True)
    for _ in range(300):
        collection = tuple(rng.sample(pool, rng.randrange(0, 25)))
        colours = tuple(rng.sample(COLOURS, rng.choice((5, 6, 7))))
        collection = tuple(c for c in collection if c.kind != "colour" or c.colour in colours)
        for table in ("brown", "grey"):
            assert best_total(collection, colours_in_play=colours, table=table) == \
                best_scoring(collection, colours_in_play=colours, table=table).total


def test_scores_use_each_players_best_choice_and_a_learners_choice_can_be_compared():
    game = position(ROUND + "turn: 0\nplayer 0: joker, blue, blue\nplayer 1: +2")
    assert game.scores == (6, 2, 0)
    assert game.score_breakdown(0).joker_colours == ("blue",)
    assert game.score_choice(0, ["green"], ["blue", "green"]).total == 4
    with pytest.raises(IllegalAction, match="not a colour in play"):
        game.score_choice(0, ["yellow"], ["blue", "yellow"])  # yellow was removed in this scenario


# ------------------------------------------------------------------ the golden joker


def test_golden_joker_edition_has_two_jokers_and_one_golden_joker():
    game = coloretto.new_game(4, seed=2, golden_joker=True)
    kinds = Counter(card.kind for card in game.supply)
    assert kinds["joker"] == 2 and kinds["golden joker"] == 1
    assert game.setup.variant == coloretto.SPEC.check_variant({"golden_joker": True})
    assert game.setup.rules == "golden joker"


def test_taking_a_row_with_the_golden_joker_also_takes_the_top_card_of_the_supply():
    game = position(ROUND + ANY_SUPPLY + "turn: 0\nrow 1: golden joker, blue\nsupply: orange, last round",
                    golden_joker=True)
    after = game.apply("take row 1")
    assert Counter(after.collections[0]) == Counter(cards("golden joker, blue, orange"))
    assert after.supply == (LAST_ROUND_CARD,)
    assert best_total(cards("golden joker, blue")) == 3  # the golden joker is a joker when scoring


def test_golden_joker_over_the_last_round_card_announces_the_last_round():
    game = position(ROUND + ANY_SUPPLY + "turn: 0\nrow 1: golden joker\nsupply: last round, pink", golden_joker=True)
    after = game.apply("take row 1")
    assert after.last_round and Counter(after.collections[0]) == Counter(cards("golden joker, pink"))


def test_golden_joker_uncovering_the_last_round_card_with_the_last_take_makes_the_next_round_last():
    game = position(ROUND + ANY_SUPPLY + "turn: 0\nrow 1: golden joker\nrow 2: taken\nrow 3: taken\nsat out: 1, 2\n"
                    "supply: last round, pink, blue", golden_joker=True)
    after = game.apply("take row 1")
    assert not after.is_over and after.round_number == 2 and after.last_round
    assert "the next round is the last" in after.log[-3]


def test_with_an_empty_supply_nobody_draws_and_an_empty_row_may_be_taken():
    game = position(ROUND + ANY_SUPPLY + "turn: 0\nlast round: yes\nsupply: -", golden_joker=True)
    assert names(game.legal_actions()) == ["take row 1", "take row 2", "take row 3"]
    with pytest.raises(IllegalAction) as caught:
        game.apply("draw")
    assert caught.value.rule == "the supply is empty"
    game = position(ROUND + ANY_SUPPLY + "turn: 0\nlast round: yes\nrow 2: blue\nsupply: -", golden_joker=True)
    assert names(game.legal_actions()) == ["take row 2"]


def test_a_supply_with_only_the_last_round_card_cannot_be_drawn_from_and_the_game_ends_with_the_round():
    game = position(ROUND + ANY_SUPPLY + "turn: 0\nrow 1: taken\nrow 2: taken\nsat out: 1, 2\nsupply: last round")
    assert names(game.legal_actions()) == ["take row 3"]
    assert game.apply("take row 3").is_over


# ------------------------------------------------------------------ errors and text


def test_illegal_actions_name_the_rule_and_change_nothing():
    game = coloretto.new_game(3, seed=8).apply("draw")
    before = (game.to_json(), game.rows, game.drawn, game.log, game.legal_actions())
    for text, rule in (("draw", "draw and place a card"), ("take row 1", "draw and place a card"),
                       ("place row 4", "one row card per player")):
        with pytest.raises(IllegalAction) as caught:
            game.apply(text)
        assert caught.value.rule == rule and caught.value.legal == game.legal_actions()
    assert (game.to_json(), game.rows, game.drawn, game.log, game.legal_actions()) == before


def test_actions_and_cards_read_back_from_their_text():
    for action in coloretto.new_game(4, seed=1).legal_actions():
        assert coloretto.parse_action(str(action)) == action
    assert str(coloretto.parse_action(" PLACE row 2 ")) == "place row 2"
    for card in set(deck(COLOURS, golden_joker=True)) | {LAST_ROUND_CARD}:
        assert parse_card(str(card)) == card
    with pytest.raises(ParseError, match="no card 'red'"):
        parse_card("red")
    with pytest.raises(ParseError, match="the row number must be from 1 to 8, got 0"):
        coloretto.parse_action("take row 0")


@pytest.mark.parametrize("text", ["take row \u00b2", "place row \u0661", "take row \uff11", "take row -1"])
def test_row_numbers_are_written_with_the_digits_0_to_9(text):
    with pytest.raises(ParseError, match="the row number must be written in digits 0-9"):
        coloretto.parse_action(text)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_either_parses_or_raises_parse_error(text):
    for parse in (coloretto.parse_action, parse_card):
        try:
            value = parse(text)
        except ParseError as err:
            assert err.where and err.what
        else:
            assert parse(str(value)) == value


@pytest.mark.parametrize("text, where, what", [
    ("turn: 0", "scenario", "'players:'"),
    ("players: 3\nturn: 0", "scenario", "name the 6 colours"),
    ("players: 3\ncolours: blue, green\nturn: 0", "line 2 (colours)", "6 colours, not 2"),
    ("players: 4\nturn: 4", "line 2 (turn)", "the seat must be from 0 to 3, got 4"),
    ("players: 4\nturn: 0\nrow 1: blue, red", "line 3 (row 1)", "no card 'red'"),
    ("players: 4\nturn: 0\nrow 1: blue, blue, blue, blue", "line 3 (row 1)", "at most 3"),
    ("players: 4\nturn: 0\nrow 5: blue", "line 3", "the rows are 'row 1' to 'row 4'"),
    ("players: 4\nturn: 0\nrow 1: taken", "scenario", "1 row taken but 0 players"),
    ("players: 4\nturn: 0\nrow 1: taken\nsat out: 0", "line 2 (turn)", "cannot act"),
    ("players: 4\nturn: 0\nplayer 1: " + ", ".join(["joker"] * 4), "line 3 (player 1)", "joker is written 4 times"),
    ("players: 4\nturn: 0\nsupply: blue", "line 3 (supply)", "'last round' card must be"),
    ("players: 4\nturn: 0\nrow 2: last round", "line 3 (row 2)", "only be in the supply"),
    ("players: 4\nturn: 0\nturn: 1", "line 3", "given twice"),
    ("players: 4\nturn x", "line 2", "key: value"),
    ("players: 4\nturn: 0\nlast round: maybe", "line 3 (last round)", "expected true or false (yes/no"),
    ("players: \u00b3\nturn: 0", "line 1 (players)", "digits 0-9"),
    ("players: 4\nturn: \u0661", "line 2 (turn)", "digits 0-9"),
    ("players: 4\nturn: 0\nround: 0", "line 3 (round)", "the round must be from 1 to 171, got 0"),
    ("players: 4\nturn: 0\nrow 1: taken\nsat out: \u00b2", "line 4 (sat out)", "digits 0-9"),
    (f"players: 3\ncolours: {SIX_COLOURS}\nturn: 0\nplayer 1: yellow", "line 4 (player 1)", "not a colour in play"),
    ("players: 4\nturn: 0\nrow 1: blue, blue, blue\nrow 2: blue, blue, blue\nrow 3: pink, pink, pink\n"
     "row 4: pink, pink, pink\ndrawn: green", "line 7 (drawn)", "no open row has room"),
])
def test_bad_scenarios_say_where_and_what(text, where, what):
    with pytest.raises(ParseError) as caught:
        coloretto.scenario(text, seed=0)
    assert caught.value.where == where and what in caught.value.what


SCENARIO_LINES = st.sampled_from([
    "players: 3", "players: 2", "players: 9", "players: x", f"colours: {SIX_COLOURS}", f"colours: {FIVE_COLOURS}",
    "colours: blue, blue", "turn: 0", "turn: 1", "turn: 7", "round: 2", "last round: yes", "last round: no",
    "drawn: pink", "drawn: last round", "row 1: blue, +2", "row 2: taken", "row 3: joker, joker, joker, joker",
    "player 0: blue", "player 1: golden joker", "sat out: 1", "sat out: 0, 0", "sat out: x",
    "supply: pink, last round", "supply: -", "supply: last round, last round", "row 1:", ": ", "nonsense",
    "turn: \u00b2", "round: 0", "sat out: \u00b9", "allow: any supply", "allow: nothing",
])


@settings(max_examples=300, deadline=None)
@given(st.lists(SCENARIO_LINES, max_size=9), st.booleans())
def test_any_scenario_text_gives_a_playable_state_or_a_parse_error(lines, golden):
    try:
        game = coloretto.scenario("\n".join(lines), seed=0, golden_joker=golden)
    except ParseError as err:
        assert err.where and err.what
    else:
        assert game.legal_actions() and load_json(game.to_json()) == game


# ------------------------------------------------------------------ saving


def test_json_round_trip_replays_the_same_game():
    game = play_out(coloretto.new_game(4, seed=12, scoring="grey", golden_joker=True),
                    [RandomBot(s) for s in range(4)])
    again = load_json(game.to_json())
    assert again == game and again.setup.variant == coloretto.SPEC.check_variant({"scoring": "grey",
                                                                                 "golden_joker": True})
    assert again.setup.rules == game.setup.rules == "scoring grey, golden joker"
    half = game.states()[len(game.history) // 2]
    assert load_json(half.to_json()) == half


def test_scenario_games_save_and_load():
    game = position(ROUND + "turn: 1\nrow 2: blue").apply("draw").apply("place row 2")
    assert load_json(game.to_json()) == game


@pytest.mark.parametrize("change, where, what", [
    (lambda d: d["actions"].__setitem__(1, "place row 5"), "actions[1]", "one row card per player"),
    (lambda d: d["actions"].__setitem__(0, "take row 1"), "actions[0]", "a row must hold a card"),
    (lambda d: d["actions"].__setitem__(0, "jump"), "actions[0]: action", "expected 'draw'"),
    (lambda d: d["actions"].__setitem__(0, "take row 9"), "actions[0]: action", "from 1 to 8, got 9"),
    (lambda d: d.__setitem__("players", 7), "players", "from 2 to 5, not 7"),
    (lambda d: d.__setitem__("variant", {"scoring": "pink"}), "variant.scoring", "must be one of 'brown', 'grey'"),
    (lambda d: d.__setitem__("variant", {"golden_joker": "no"}), "variant.golden_joker", "true or false"),
])
def test_tampered_saves_are_rejected_saying_where_and_what(change, where, what):
    game = coloretto.new_game(3, seed=5).apply("draw").apply("place row 1")
    data = json.loads(game.to_json())
    change(data)
    with pytest.raises(ParseError) as caught:
        load_json(json.dumps(data))
    assert caught.value.where == where and what in caught.value.what


def test_same_seed_same_game_and_the_global_generator_is_untouched():
    random.seed(3)
    before = random.getstate()
    first = play_out(coloretto.new_game(5, seed=21), [RandomBot(s) for s in range(5)])
    second = play_out(coloretto.new_game(5, seed=21), [RandomBot(s) for s in range(5)])
    assert first.history == second.history and first.log == second.log
    assert random.getstate() == before


def test_observation_shows_everything_but_the_face_down_supply():
    game = coloretto.new_game(3, seed=4).apply("draw")
    seen = game.observation(1)
    assert seen["seat"] == 1 and seen["current_player"] == game.current_player
    assert seen["hand"] == () and seen["hand_sizes"] == (0, 0, 0)  # nobody holds a hand
    assert seen["supply_count"] == len(game.supply) and "supply" not in seen
    assert seen["drawn"] == game.drawn and seen["collections"] == game.collections and seen["rows"] == game.rows
    assert game.cards_hidden_from(1) == Counter(game.supply)
    assert sum(game.cards_in_game().values()) == 9 * 6 + 10 + 3 + 1


# ------------------------------------------------------------------ bots


def test_heuristic_bot_plays_legal_moves_and_beats_random_bots():
    wins = 0
    for seed in range(30):
        seats = [coloretto.HeuristicBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)]
        wins += 0 in play_out(coloretto.new_game(3, seed=seed), seats).winners
    assert wins >= 20  # a third would be chance


def test_heuristic_bot_takes_a_row_worth_taking_and_places_cards_away_from_others():
    game = position(ROUND + "turn: 0\nplayer 0: blue, blue, blue, blue\nrow 1: blue, blue, blue")
    assert str(coloretto.HeuristicBot(0).choose(game)) == "take row 1"
    # A fourth colour only costs player 0; a second pink in row 3 would make that row better for others.
    game = position(ROUND + "turn: 0\nplayer 0: green, green, green, blue, blue, blue, grey, grey, grey\n"
                    "row 1: green\nrow 3: pink\ndrawn: pink")
    assert str(coloretto.HeuristicBot(0).choose(game)) in ("place row 1", "place row 2")
    game = position(ROUND + "turn: 0\nplayer 0: green, green, green\nrow 1: blue\nrow 2: pink")
    assert str(coloretto.HeuristicBot(0).choose(game)) == "draw"  # no row adds 3 points yet (each adds 1)


# ------------------------------------------------------------------ pictures


def test_pictures_show_rows_collections_and_the_supply_and_are_deterministic():
    game = position(ROUND + ANY_SUPPLY + "turn: 0\nplayer 0: joker, blue, blue, +2\nrow 1: pink, golden joker\n"
                    "row 2: taken\n"
                    "sat out: 1\ndrawn: +2\nlast round: yes", golden_joker=True)
    svg = game.to_svg()
    assert svg == game._repr_svg_() and svg.startswith("<svg")
    assert "row 1" in svg and "taken this round" in svg and f">{len(game.supply)}<" in svg
    assert "drawn by player 0" in svg and "last round!" in svg and "joker" in svg and "gold" in svg
    assert "Player 0: " in svg and ">2<" in svg  # two blue cards in player 0's stack
    assert coloretto.new_game(3, seed=9).to_svg() == coloretto.new_game(3, seed=9).to_svg()


# ------------------------------------------------------------------ widgets


def test_scoring_walkthrough_scores_the_learners_choice_and_shows_the_gap():
    from plateau_lab.ui.walkthroughs.coloretto import ScoringWalkthrough

    widget = ScoringWalkthrough(ANDY)
    assert widget.joker_colours == ("green",) and set(widget.plus_colours) == {"green", "yellow", "pink"}
    assert (widget.score.total, widget.best.total, widget.difference) == (36, 41, 5)
    assert "5 points short" in widget.result.value and "<svg" in widget.picture.value
    widget.plus_boxes["blue"].value = True  # four plus colours: not allowed
    assert widget.score is None and "choose 3" in widget.result.value
    widget.plus_boxes["blue"].value = False
    widget.joker_pickers[0].value = "pink"
    assert widget.score.total == 40 and widget.difference == 1
    assert "1 point short" in widget.result.value
    widget.best_button.click()
    assert widget.joker_colours == ("yellow",) and widget.difference == 0 and "best choice" in widget.result.value
    widget.table_picker.value = "grey"
    assert widget.best.table == "grey" and widget.score.total == 5 + 6 + 8 - 4 + 2
    assert widget.best.total == best_scoring(ANDY, table="grey").total


def test_step_viewer_steps_through_a_coloretto_game():
    from plateau_lab.ui.widgets import StepViewer

    game = play_out(coloretto.new_game(3, seed=4), [coloretto.HeuristicBot(s) for s in range(3)])
    viewer = StepViewer.from_state(game)
    assert viewer.slider.max == len(game.history)
    viewer.forward.click()
    assert viewer.slider.value == 1 and "draw" in viewer.caption.value
    viewer.slider.value = viewer.slider.max
    assert "last round is over" in viewer.caption.value
