"""Every rule a parameter (issue 29), Coloretto first: each rulebook number is an option, the
engine, the fast path and the bots read only the game's rule set, the fast path stays exact on
rule sets drawn at random, a rule set has a name that tables and saves carry, and a rule set that
would make a game unplayable is refused with a sentence naming the rule and its bounds."""

import inspect
import sys
import json
import random

import pytest

from lockstep import Follower

from plateau_lab.core import IllegalAction, ParseError, load_json, play_out, rule_set_name
from plateau_lab.core.bots import RandomBot
from plateau_lab.games import coloretto
from plateau_lab.games.coloretto import cards, engine, expert_model, fast
from plateau_lab.games.coloretto.rules import rules_of
from plateau_lab.games.coloretto.scenario import scenario_text

SPEC = coloretto.SPEC


def random_value(option, rng):
    """A value of ``option`` drawn within its bounds (None where allowed, now and then)."""
    if option.none and rng.random() < 0.3:
        return None
    if option.kind is bool:
        return rng.random() < 0.5
    if option.choices:
        return rng.choice(option.choices)
    if option.kind is tuple:
        return tuple(rng.randint(option.low, option.high) for _ in range(rng.randint(option.shortest, option.longest)))
    high = min(option.high, 40)       # the last round card's place: its bound is the largest deck's
    return rng.randint(option.low, high)


def random_rule_sets(count, seed):
    """``count`` (players, variant) pairs drawn at random within the options' bounds, every option
    changed at once, keeping those the game accepts (the others are refused, as tested below)."""
    rng = random.Random(seed)
    drawn, refused = [], 0
    while len(drawn) < count:
        players = rng.randint(2, 5)
        variant = {option.name: random_value(option, rng) for option in SPEC.options}
        try:
            rules_of(players, variant)
        except ValueError:
            refused += 1
            continue
        drawn.append((players, variant))
    assert refused < 20 * count, "the bounds should let most rule sets drawn at random be played"
    return drawn


RULE_SETS = random_rule_sets(40, seed=29)


def engine_game(players, seed, bots, variant):
    return play_out(coloretto.new_game(players, seed=seed, **variant), bots)


# ---------------------------------------------------------------- the fast path is exact on any rule set


@pytest.mark.parametrize("players, variant", RULE_SETS, ids=lambda value: rule_set_name("coloretto", value)[:60]
                         if isinstance(value, dict) else str(value))
def test_the_fast_path_plays_the_engine_s_game_move_by_move_under_any_rule_set(players, variant):
    for seed in range(2):
        bot_seeds = [seed * 13 + seat for seat in range(players)]
        follow = Follower(coloretto.new_game(players, seed=seed, **variant), bot_seeds)
        record = fast.play_fast(players, seed, bot_seeds, variant, on_step=follow)
        assert follow.state.is_over and record.scores == follow.state.scores
        assert record.actions == len(follow.state.history)
        assert record == fast.play_public(coloretto.new_game(players, seed=seed, **variant),
                                          [RandomBot(s) for s in bot_seeds])


@pytest.mark.parametrize("players, variant", RULE_SETS[:30], ids=lambda value: rule_set_name("coloretto", value)[:60]
                         if isinstance(value, dict) else str(value))
def test_heuristic_bots_choose_the_same_moves_on_both_paths_under_any_rule_set(players, variant):
    names = ["heuristic", "random"] * 3
    names = names[:players]
    bot_seeds = [7 + seat for seat in range(players)]
    bots = [coloretto.HeuristicBot(s) if name == "heuristic" else RandomBot(s) for name, s in zip(names, bot_seeds)]
    follow = Follower(coloretto.new_game(players, seed=3, **variant), bots=bots)
    record = fast.play_fast(players, 3, bot_seeds, variant, bots=names, on_step=follow)
    assert follow.state.is_over and record.scores == follow.state.scores


@pytest.mark.parametrize("players, variant", RULE_SETS[:10], ids=lambda value: rule_set_name("coloretto", value)[:60]
                         if isinstance(value, dict) else str(value))
def test_play_on_from_a_position_under_way_follows_the_rule_set(players, variant):
    rng = random.Random(players)
    state = coloretto.new_game(players, seed=5, **variant)
    for _ in range(rng.randrange(0, 60)):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    follow = Follower(state, [1, 2, 3, 4, 5][:players])
    record = fast.play_on(state, [1, 2, 3, 4, 5][:players], on_step=follow)
    assert follow.state.is_over and record.scores == follow.state.scores


def test_rule_sets_drawn_at_random_change_the_game():
    """Not 40 copies of the rulebook: the draws reach the options' bounds and change the games."""
    names = {rule_set_name("coloretto", variant) for _, variant in RULE_SETS}
    assert len(names) == len(RULE_SETS) and "standard" not in names
    lengths = {len(engine_game(players, 1, [RandomBot(s) for s in range(players)], variant).history)
               for players, variant in RULE_SETS[:10]}
    assert len(lengths) > 5


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


OUT_OF_BOUNDS = [
    ("plus_colours", 8, ValueError, "plus_colours must be a whole number from 0 to 7, not 8"),
    ("plus_colours", -1, ValueError, "plus_colours must be a whole number from 0 to 7, not -1"),
    ("plus_two_points", 100, ValueError, "plus_two_points must be a whole number from 0 to 99, not 100"),
    ("rows", 1, ValueError, "rows must be a whole number from 2 to 8, not 1"),
    ("rows", 9, ValueError, "rows must be a whole number from 2 to 8, not 9"),
    ("row_capacity", 0, ValueError, "row_capacity must be a whole number from 1 to 6, not 0"),
    ("row_capacity", 7, ValueError, "row_capacity must be a whole number from 1 to 6, not 7"),
    ("cards_per_colour", 0, ValueError, "cards_per_colour must be a whole number from 1 to 20, not 0"),
    ("cards_per_colour", 21, ValueError, "cards_per_colour must be a whole number from 1 to 20, not 21"),
    ("plus_two_cards", 21, ValueError, "plus_two_cards must be a whole number from 0 to 20, not 21"),
    ("jokers", 11, ValueError, "jokers must be a whole number from 0 to 10, not 11"),
    ("jokers", 2.0, TypeError, "jokers must be a whole number from 0 to 10, not 2.0"),
    ("colours_removed", 7, ValueError, "colours_removed must be a whole number from 0 to 6, not 7"),
    ("start_cards_each", 4, ValueError, "start_cards_each must be a whole number from 0 to 3, not 4"),
    ("cards_below_last_round", -1, ValueError, "cards_below_last_round must be a whole number from 0 to 170"),
    ("cards_below_last_round", 171, ValueError, "cards_below_last_round must be a whole number from 0 to 170"),
    ("points_table", (), ValueError, "points_table must be a table of 1 to 12 whole numbers, not ()"),
    ("points_table", tuple(range(13)), ValueError, "points_table must be a table of 1 to 12 whole numbers"),
    ("points_table", (1, -3), ValueError, "points_table must be a table of whole numbers from 0 to 99: its number 2 is -3"),
    ("points_table", (1, 2.5), TypeError, "points_table must be a table of whole numbers from 0 to 99: its number 2 is 2.5"),
    ("points_table", "1, 3, 6", TypeError, "points_table must be a table of whole numbers"),
    ("golden_joker", 1, TypeError, "golden_joker must be true or false"),
    ("scoring", "green", ValueError, "scoring must be one of 'brown', 'grey'"),
]

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


def rulebook_game():
    """What a refusal must leave alone: a game, its save and the fast path's game under the rulebook."""
    state = coloretto.new_game(4, seed=11)
    return state, state.to_json(), fast.play_fast(4, 11, [1, 2, 3, 4], {}), SPEC.check_variant({})


@pytest.mark.parametrize("name, value, error, sentence", OUT_OF_BOUNDS, ids=lambda v: str(v)[:30])
def test_a_value_out_of_its_bounds_is_refused_naming_the_rule_and_its_bounds(name, value, error, sentence):
    before = rulebook_game()
    with pytest.raises(error) as caught:
        coloretto.new_game(4, seed=11, **{name: value})
    assert str(caught.value).startswith(sentence)
    with pytest.raises(error, match=name):
        fast.play_fast(4, 11, [1, 2, 3, 4], {name: value})
    with pytest.raises(error, match=name):
        coloretto.scenario("players: 4\nturn: 0", seed=1, **{name: value})
    save = json.loads(before[1])
    save["variant"][name] = list(value) if isinstance(value, tuple) else value
    with pytest.raises(ParseError) as caught:
        load_json(json.dumps(save))
    assert caught.value.where == f"variant.{name}" and caught.value.what.startswith(sentence)
    assert rulebook_game() == before                      # nothing changed


@pytest.mark.parametrize("players, variant, sentence", UNPLAYABLE, ids=lambda v: str(v)[:40])
def test_rules_that_would_make_a_game_unplayable_are_refused_naming_the_rule_and_its_bounds(players, variant, sentence):
    from plateau_lab.lab.simulate import simulate

    before = rulebook_game()
    with pytest.raises(ValueError) as caught:
        coloretto.new_game(players, seed=2, **variant)
    assert str(caught.value).startswith(sentence)
    for refuse in (lambda: fast.play_fast(players, 2, list(range(players)), variant),
                   lambda: simulate("coloretto", 2, players=players, variant=variant, workers=1, progress=False)):
        with pytest.raises(ValueError) as caught:
            refuse()
        assert str(caught.value).startswith(sentence)
    assert rulebook_game() == before


def test_every_option_is_documented_and_bounded():
    for option in SPEC.options:
        assert option.doc and option.name.islower()
        if option.kind is int:
            assert option.low is not None and option.high is not None, option.name
        if option.kind is tuple:
            assert option.longest is not None and option.high is not None, option.name
        for value in option.played_values():
            coloretto.new_game(5, seed=1, **{option.name: value})   # the soak's values are playable


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


def test_a_save_carries_the_rule_set_and_its_name_and_loading_restores_them():
    state = coloretto.new_game(3, seed=6, points_table=(1, 2, 4, 8), cards_per_colour=5, rules_name="doubling")
    state = play_out(state, [RandomBot(s) for s in range(3)])
    save = json.loads(state.to_json())
    assert save["rules"] == "doubling" and save["variant"]["points_table"] == [1, 2, 4, 8]
    again = load_json(state.to_json())
    assert again == state and again.setup.rules == "doubling" and again.scores == state.scores
    assert again.setup.variant["points_table"] == (1, 2, 4, 8)
    derived = coloretto.new_game(3, seed=6, plus_colours=2).apply("draw")
    assert load_json(derived.to_json()).setup.rules == "plus colours 2" == json.loads(derived.to_json())["rules"]


def test_an_old_save_without_a_rule_set_name_loads_as_before_with_its_derived_name():
    old = {"format": 1, "game": "coloretto", "players": 4, "seed": 12, "variant": {"scoring": "grey"},
           "actions": ["draw", "place row 1"]}
    state = load_json(json.dumps(old))
    assert state.setup.rules == "scoring grey" and len(state.history) == 2
    assert state == coloretto.new_game(4, seed=12, scoring="grey").apply("draw").apply("place row 1")
    old["rules"] = 5
    with pytest.raises(ParseError, match="rules: a rule set's name is a text"):
        load_json(json.dumps(old))


def test_a_scenario_under_a_rule_set_reads_back_under_it():
    state = coloretto.new_game(2, seed=3, rows=4, row_capacity=2, start_cards_each=1, cards_below_last_round=4,
                               rules_name="four rows")
    for _ in range(5):
        state = state.apply(state.legal_actions()[-1])
    text = scenario_text(state)
    again = coloretto.scenario(text, seed=state.setup.seed, **state.setup.variant)
    assert again == state
    assert load_json(state.to_json()) == state and load_json(state.to_json()).setup.rules == "four rows"


def test_a_rule_remembered_once_checked_is_no_door_for_an_equal_value_of_another_kind():
    """``1 == True`` and ``2 == 2.0`` in Python: a rule set played before must not let them through."""
    fast.play_fast(4, 1, [1, 2, 3, 4], {"golden_joker": True, "jokers": 2, "points_table": (1, 2)})
    for variant, error in (({"golden_joker": 1}, "golden_joker must be true or false"),
                           ({"jokers": 2.0}, "jokers must be a whole number"),
                           ({"points_table": (1, 2.0)}, "points_table must be a table of whole numbers")):
        with pytest.raises(TypeError, match=error):
            fast.play_fast(4, 1, [1, 2, 3, 4], variant)
        with pytest.raises(TypeError, match=error):
            rules_of(4, variant)


def test_a_long_derived_name_saves_and_loads_like_a_short_one():
    variant = {option.name: option.played_values()[-1] for option in SPEC.options}
    variant["points_table"] = (99,) * 12
    state = coloretto.new_game(5, seed=2, **variant).apply("draw")
    assert len(state.setup.rules) > 80            # longer than a name of one's own may be
    again = load_json(state.to_json())
    assert again == state and again.setup.rules == state.setup.rules and again.setup.rules_name is None
