"""Coloretto's rule sets (issue 29): each rule does what it says at the table and in the scores,
the heuristic bot values rows by the rule set's scoring, the engine, the fast path and the bots
read no rulebook number but the rule set's, a rule set that would make a game unplayable is refused
with Coloretto's own sentence, and a rule set's derived name. What every game's rule sets share
(the fast path in lockstep on rule sets drawn at random, every bot on both paths, bounds, saves,
scenarios) is in ``tests/test_rule_sets.py``."""

import inspect
import sys

import pytest

from rulesets import assert_refused_everywhere

from plateau_lab.core import IllegalAction, load_json
from plateau_lab.games import coloretto
from plateau_lab.games.coloretto import cards, engine, expert_model, fast

SPEC = coloretto.SPEC


# ---------------------------------------------------------------- each rule does what it says


def test_the_rule_set_s_numbers_reach_the_table():
    state = coloretto.new_game(3, seed=4, rows=5, row_capacity=2, cards_per_colour=4, plus_two_cards=1, jokers=2,
                               golden_joker=True, colours_removed=3, start_cards_each=0, cards_below_last_round=7)
    assert state.capacities == (2,) * 5 and len(state.colours) == 4
    assert all(collection == () for collection in state.collections)
    kinds = [card.kind for card in state.supply]
    assert len(state.supply) == 4 * 4 + 1 + 2 + 1
    assert kinds.count("+2") == 1 and kinds.count("joker") == 1 and kinds.count("golden joker") == 1
    assert state.supply[-8] == cards.LAST_ROUND_CARD          # 7 cards under "last round"
    assert [str(a) for a in state.legal_actions()] == ["draw"]
    state = state.apply("draw").apply("place row 5").apply("draw").apply("place row 5")
    with pytest.raises(IllegalAction, match=r"at most 2 cards next to a row card"):
        state.apply("draw").apply("place row 5")


def test_the_scoring_rules_score_every_collection():
    andy = cards.parse_cards("joker, +2" + ", green" * 6 + ", yellow" * 4 + ", pink" * 3 + ", blue" * 2, where="Andy")
    text = "players: 4\nturn: 0\nplayer 0: " + ", ".join(map(str, andy)) + "\nallow: any supply\nsupply: last round"
    assert coloretto.scenario(text, seed=1).scores[0] == 41                      # the rulebook's Andy
    assert coloretto.scenario(text, seed=1, plus_two_points=5).scores[0] == 44
    assert coloretto.scenario(text, seed=1, plus_colours=2).scores[0] == 21 + 15 - 6 - 3 + 2
    # no plus colour: the joker goes where it costs nothing (green, already at the table's top)
    assert coloretto.scenario(text, seed=1, plus_colours=0).scores[0] == -(21 + 10 + 6 + 3) + 2
    flat = coloretto.scenario(text, seed=1, points_table=(1, 2))
    assert flat.table == "own" and flat.scores[0] == 2 + 2 + 2 - 2 + 2
    grey = coloretto.scenario(text, seed=1, scoring="grey", points_table=(1, 2))
    assert grey.scores == flat.scores                                            # the table of one's own wins
    breakdown = flat.score_breakdown(0)
    assert breakdown.total == flat.scores[0] and "own table" in breakdown._repr_html_()


def test_the_heuristic_bot_values_rows_by_the_rule_set_s_scoring():
    text = "players: 3\ncolours: blue, brown, green, grey, orange, pink\nturn: 0\nrow 1: +2\nrow 2: blue"
    rulebook = coloretto.scenario(text, seed=1)
    assert coloretto.bots.gain(rulebook, 0, rulebook.rows[0]) == 2
    rich = coloretto.scenario(text, seed=1, plus_two_points=9)
    assert coloretto.bots.gain(rich, 0, rich.rows[0]) == 9
    assert str(coloretto.HeuristicBot(0).choose(rich)) == "take row 1"            # 9 points is worth taking
    assert str(coloretto.HeuristicBot(0).choose(rulebook)) == "draw"              # 2 points is not


RULEBOOK_NAMES = ("CARDS_BELOW_LAST_ROUND", "ROW_CAPACITY", "TWO_PLAYER_CAPACITIES", "PLUS_COLOURS", "PLUS_TWO_POINTS",
                  "SCORING_TABLES", "CARDS_PER_COLOUR", "PLUS_TWO_CARDS", "JOKERS", "colours_removed(",
                  "start_cards_each(", "row_capacities(", "variant[")


@pytest.mark.parametrize("code", [fast, coloretto.bots, sys.modules['plateau_lab.games.coloretto.scenario'], expert_model, engine.State,
                                  engine.new_game], ids=lambda code: code.__name__)
def test_the_engine_the_fast_path_and_the_bots_read_no_rulebook_number_but_the_rule_set(code):
    """Only ``rules.py`` turns the rulebook's numbers and the options into a game's rules."""
    source = inspect.getsource(code)
    assert [name for name in RULEBOOK_NAMES if name in source] == []


# ---------------------------------------------------------------- bad values are refused


#: Values within every option's bounds that make a game unplayable with these players: refused
#: naming the rule and its bounds for that table.
UNPLAYABLE = [
    (4, {"rows": 3}, "rows must be from 4 to 8 with 4 players (each player takes a row every round), not 3"),
    (5, {"rows": 2}, "rows must be from 5 to 8 with 5 players"),
    (3, {"golden_joker": True, "jokers": 0}, "golden_joker needs at least 1 joker (jokers from 1 to 10 with the golden "
                                             "joker), not 0"),
    (5, {"start_cards_each": 2}, "start_cards_each must be from 0 to 1 with 5 players (every start card has a colour "
                                 "of its own, and 7 colours are in play), not 2"),
    (2, {"colours_removed": 5}, "start_cards_each must be from 0 to 1 with 2 players (every start card has a colour "
                                "of its own, and 2 colours are in play), not 2"),
    (4, {"cards_below_last_round": 100}, "cards_below_last_round must be from 0 to 72 with these rules and 4 "
                                         "players (the supply holds 72 cards), not 100"),
    (2, {"cards_per_colour": 1, "plus_two_cards": 0, "jokers": 0, "colours_removed": 3, "start_cards_each": 2,
         "cards_below_last_round": 0}, "the deck must leave at least 1 card in the supply after the start cards"),
]


@pytest.mark.parametrize("players, variant, sentence", UNPLAYABLE, ids=lambda v: str(v)[:40])
def test_rules_that_would_make_a_game_unplayable_are_refused_naming_the_rule_and_its_bounds(players, variant, sentence):
    assert_refused_everywhere("coloretto", players, variant, sentence)


# ---------------------------------------------------------------- a rule set has a name


def test_a_rule_set_is_named_standard_by_its_changes_or_by_the_caller():
    assert coloretto.new_game(3, seed=1).setup.rules == "standard"
    assert coloretto.new_game(3, seed=1, **SPEC.check_variant({})).setup.rules == "standard"
    state = coloretto.new_game(3, seed=1, plus_colours=2, rows=4, golden_joker=True)
    assert state.setup.rules == "golden joker, plus colours 2, rows 4"
    named = coloretto.new_game(3, seed=1, plus_colours=2, rows=4, golden_joker=True, rules_name="  wide  table ")
    assert named.setup.rules == "wide table" and named == state        # the name changes no move
    with pytest.raises(ValueError, match="a rule set's name must be a text of 1 to 80 characters"):
        coloretto.new_game(3, seed=1, rules_name="x" * 81)


def test_a_long_derived_name_saves_and_loads_like_a_short_one():
    variant = {option.name: option.played_values()[-1] for option in SPEC.options}
    variant["points_table"] = (99,) * 12
    state = coloretto.new_game(5, seed=2, **variant).apply("draw")
    assert len(state.setup.rules) > 80            # longer than a name of one's own may be
    again = load_json(state.to_json())
    assert again == state and again.setup.rules == state.setup.rules and again.setup.rules_name is None
