"""Plotters Inc.'s rule sets (issue 29): each rule does what it says at the table and in the
scores, the rule sets drawn at random vary every number of the deal and the scoring, the engine,
the fast path and the bots read no rulebook number but the rule set's, the heuristic bots react to
the rules as a player would, a rule set that would make a game unplayable is refused with Plotters
Inc.'s own sentence, and a rule set's name. What every game's rule sets share (the fast path in
lockstep on rule sets drawn at random, every bot on both paths, play_on, bounds, saves, old saves,
scenarios) is in ``tests/test_rule_sets.py``."""

import inspect
import random
import re
import sys
from collections import Counter

import pytest

from rulesets import assert_refused_everywhere, random_rule_sets

from plateau_lab.core import IllegalAction, ParseError, play_out
from plateau_lab.core.bots import RandomBot
from plateau_lab.games import plotters
from plateau_lab.games.plotters import bots, engine, expert_model, fast
from plateau_lab.games.plotters.rules import rules_of
from plateau_lab.games.plotters.scenario import scenario_text

SPEC = plotters.SPEC
BOTS = {"heuristic": plotters.HeuristicBot, "bold": plotters.BoldBot}


def test_the_rule_sets_drawn_at_random_vary_every_number_of_the_deal_and_the_scoring():
    """The generic suite's draws (``rulesets.random_rule_sets``, its count and its seed) reach more
    than one value of each of Plotters Inc.'s numbers, and a table of highest numbers of its own."""
    drawn = random_rule_sets("plotters", 24, seed=29)
    for name in ("colours", "scoring_colours", "colours_in_trick", "high_takes", "choose_at", "rounds",
                 "cards_per_player"):
        assert len({getattr(rules_of(players, variant), name) for players, variant in drawn}) > 1, name
    assert any(variant.get("highest_numbers") for _, variant in drawn)


# ---------------------------------------------------------------- each rule does what it says


def test_the_rule_set_s_numbers_reach_the_table():
    state = plotters.new_game(4, seed=4, cards_per_player=5, colours=3, highest_numbers=(7, 7, 7), high_takes=1,
                              scoring_colours=1, choose_at=2, rounds=2, colours_in_trick=2)
    assert [len(hand) for hand in state.hands] == [5] * 4 and len(state.left_out) == 21 - 20
    assert {card.colour for hand in state.hands for card in hand} <= {"blue", "green", "red"}
    assert max(card.number for hand in state.hands for card in hand) <= 7
    assert state.rules.keep_choices == (plotters.Keep(("blue",)), plotters.Keep(("green",)), plotters.Keep(("red",)))
    assert "deals 5 cards" in state.log[0] and "Round 1 of 2" in state.log[0]
    # High takes one card of a full trick, Low the three others
    state = plotters.scenario("dealer: 3\nhand 0: R1 R2\nhand 1: R3 R4\nhand 2: R5 R6\nhand 3: G1 G2", seed=1,
                              high_takes=1, scoring_colours=1, choose_at=2)
    for move in ("play R1", "play R3", "play R5", "play G1"):
        state = state.apply(move)
    assert [str(action) for action in state.legal_actions()] == ["take R1", "take R3", "take R5", "take G1"]
    state = state.apply("take R5")
    assert state.open_sizes(2) == (0, 0, 1, 0) and state.open_sizes(3) == (0, 1, 2, 0)
    # Low (player 3) now holds two colours and must keep one (choose_at 2, scoring_colours 1)
    assert state.phase == "keep" and state.current_player == 3
    assert [str(action) for action in state.legal_actions()] == ["keep blue", "keep green", "keep red",
                                                                 "keep yellow"]
    with pytest.raises(IllegalAction, match="holds two colours and must keep one"):
        state.apply("keep red+green")
    state = state.apply("keep red")
    assert state.discards[3] == (plotters.parse_card("G1"),) and "goes face down" in state.log[-1]


def test_a_trick_of_fewer_colours_blocks_sooner_and_the_game_has_the_rule_set_s_rounds():
    text = "dealer: 3\nhand 0: R1 B2\nhand 1: B3 Y4\nhand 2: G5 G6\nhand 3: R7 B8"
    state = plotters.scenario(text, seed=1, colours_in_trick=2, rounds=1)
    state = state.apply("play R1").apply("play B3")
    assert state.is_over and len(state.round_scores) == 1
    assert any("holds only green cards, not a colour of the trick" in line for line in state.log)
    rulebook = plotters.scenario(text, seed=1).apply("play R1").apply("play B3")
    assert rulebook.phase == "play" and [str(a) for a in rulebook.legal_actions()] == ["play G5", "play G6"]
    mixed = plotters.scenario(text.replace("G6", "R6"), seed=1, colours_in_trick=2).apply("play R1").apply("play B3")
    assert [str(a) for a in mixed.legal_actions()] == ["play R6"]
    with pytest.raises(IllegalAction, match="at most 2 colours in a trick"):
        mixed.apply("play G5")


def test_the_scoring_rules_score_every_collection():
    text = ("dealer: 3\nhand 0: R1\nhand 1: R2\nhand 2: R3\nhand 3: R4\nopen 0: B1 B2 B3 B4 B5 G1 G2 G3 G4 G5 G6 "
            "Y1 Y2 Y3\n")
    rulebook = plotters.scenario(text, seed=1)
    assert rulebook.round_score(0) == 6 * 5 // 3                          # the rulebook's player A
    assert plotters.scenario(text, seed=1, scoring_colours=3).round_score(0) == 6 * 5 * 3
    assert plotters.scenario(text, seed=1, scoring_colours=1).round_score(0) == 6 // (5 + 3)
    ended = plotters.scenario(text, seed=1, scoring_colours=3, rounds=1)
    while not ended.is_over:
        ended = ended.apply(ended.legal_actions()[0])
    assert ended.round_scores == ((90, 0, 0, 0),)
    sheet = plotters.scoring.score_sheet(ended, 0)
    assert "the 3 largest open stacks multiplied" in sheet.title
    assert "6 × 5 × 3 = 90" in str(sheet.rows[0].items[-1]) and sheet.rows[0].total == 90


def test_the_heuristic_bot_values_collections_by_the_rule_set_s_scoring():
    text = "dealer: 3\nhand 0: R1\nhand 1: R2\nhand 2: R3\nhand 3: R4\nopen 0: B1 B2 B3 G1 G2 G3 Y1"
    rulebook = plotters.scenario(text, seed=1)
    three = plotters.scenario(text, seed=1, scoring_colours=3, choose_at=4)
    red = (plotters.parse_card("R9"),)
    sizes = rulebook.open_sizes(0)
    # the rulebook's player keeps blue and green and drops the red card he takes; with three scoring
    # colours the red card is a third stack worth having
    assert bots.score_with(sizes, 0, None, red, rulebook.rules) == 9 // 2
    assert bots.score_with(sizes, 0, None, red, three.rules) == 3 * 3 * 1


@pytest.mark.parametrize("style", ["heuristic", "bold"])
def test_high_picks_a_third_colour_only_when_three_colours_score(style):
    """High (player 2, red 14) collects blue and green. Under the rulebook a red card would be a
    third stack dividing his score: he takes the blue 4. When three colours score, the two red
    cards make a third stack that multiplies: he takes a red card first."""
    text = ("dealer: 3\nhand 0: R10 G9\nhand 1: Y5 G10\nhand 2: R14 G11\nhand 3: B4 G12\n"
            "open 2: B1 B2 B3 G1 G2 G3")
    picks = {}
    for scoring_colours in (2, 3):
        state = plotters.scenario(text, seed=1, scoring_colours=scoring_colours)
        for move in ("play R10", "play Y5", "play R14", "play B4"):
            state = state.apply(move)
        assert state.phase == "take" and state.current_player == 2
        picks[scoring_colours] = str(BOTS[style](0).choose(state))
    assert picks == {2: "take B4", 3: "take R10"}


RULEBOOK_NAMES = (r"\bCARDS_PER_PLAYER\b", r"\bHIGHEST_NUMBER\b", r"\bMAX_COLOURS_IN_TRICK\b", r"\bSCORING_COLOURS\b",
                  r"\bhigh_share\(", r"\bdeck_for\(", r"\bKEEP\[", r"\bKEEP\.values", r"\bKEEP_PAIRS\b", r"variant\[", r"/ 21\b",
                  r"\bround_number == players\b", r"\b14 cards\b")


@pytest.mark.parametrize("code", [fast, bots, sys.modules["plateau_lab.games.plotters.scenario"], expert_model,
                                  engine.State, engine.new_game], ids=lambda code: code.__name__)
def test_the_engine_the_fast_path_and_the_bots_read_no_rulebook_number_but_the_rule_set(code):
    """Only ``rules.py`` turns the rulebook's numbers and the options into a game's rules."""
    source = inspect.getsource(code)
    assert [name for name in RULEBOOK_NAMES if re.search(name, source)] == []


# ---------------------------------------------------------------- bad values are refused


#: Values within every option's bounds that make a game unplayable with these players: refused
#: naming the rule and its bounds for that table.
UNPLAYABLE = [
    (6, {"cards_per_player": 15}, "cards_per_player must be from 1 to 14 with 6 players (the deck holds 84 cards), "
                                  "not 15"),
    (4, {"cards_per_player": 15}, "cards_per_player must be from 1 to 14 with 4 players (the deck holds 56 cards), "
                                  "not 15"),
    (5, {"highest_numbers": (2, 2, 2, 2), "cards_per_player": 2}, "cards_per_player must be from 1 to 1 with 5 "
                                                                  "players (the deck holds 8 cards), not 2"),
    (5, {"highest_numbers": (1, 1, 1, 1)}, "highest_numbers must make a deck of at least 5 cards (one per player) "
                                           "with 5 players, not 4"),
    (4, {"colours": 3, "highest_numbers": (14, 14, 14, 14)}, "highest_numbers must give one number per colour in "
                                                             "play (3 colours: blue, green, red), not 4"),
    (4, {"high_takes": 4}, "high_takes must be from 1 to 3 with 4 players (Low takes the rest of the trick: at "
                           "least 1 card), not 4"),
    (4, {"colours": 3, "scoring_colours": 3}, "scoring_colours must be from 1 to 2 with 3 colours (a player keeps "
                                              "fewer colours than the deck holds), not 3"),
    (4, {"choose_at": 2}, "choose_at must be from 3 to 4 with 4 colours and 2 scoring (a player chooses among more "
                          "colours than he keeps), not 2"),
    (5, {"colours": 3, "choose_at": 4}, "choose_at must be from 3 to 3 with 3 colours and 2 scoring"),
]


@pytest.mark.parametrize("players, variant, sentence", UNPLAYABLE, ids=lambda v: str(v)[:40])
def test_rules_that_would_make_a_game_unplayable_are_refused_naming_the_rule_and_its_bounds(players, variant, sentence):
    """Plotters Inc.'s own sentences; the engine, the fast path, a scenario and simulate all refuse."""
    hands = "\n".join(f"hand {seat}: R{seat + 1}" for seat in range(players))
    assert_refused_everywhere("plotters", players, variant, sentence,
                              also=[lambda: plotters.scenario(hands, seed=2, **variant)])


def test_every_value_the_soak_plays_plays_at_every_table_and_its_game_ends():
    """Stricter than the generic suite (a value playable at some table): at every table here."""
    for option in SPEC.options:
        for value in option.played_values():
            for players in SPEC.players:
                plotters.new_game(players, seed=1, **{option.name: value})
            game = plotters.new_game(4, seed=1, **{option.name: value})
            assert play_out(game, [RandomBot(s) for s in range(4)]).is_over


def test_the_rulebook_is_the_rule_set_of_the_defaults():
    for players in SPEC.players:
        rules = rules_of(players, {})
        assert rules == rules_of(players, SPEC.check_variant({}))
        assert rules.cards_per_player == 14 and len(rules.deck) == 14 * players
        assert rules.high_takes == (players + 1) // 2 and rules.rounds == players
        assert (rules.colours_in_trick, rules.scoring_colours, rules.choose_at) == (3, 2, 4)
        assert [str(keep) for keep in rules.keep_choices] == ["keep blue+green", "keep blue+red", "keep blue+yellow",
                                                              "keep green+red", "keep green+yellow", "keep red+yellow"]


# ---------------------------------------------------------------- a rule set has a name


def test_a_rule_set_is_named_standard_by_its_changes_or_by_the_caller():
    assert plotters.new_game(4, seed=1).setup.rules == "standard"
    assert plotters.new_game(4, seed=1, **SPEC.check_variant({})).setup.rules == "standard"
    state = plotters.new_game(4, seed=1, scoring_colours=3, rounds=2)
    assert state.setup.rules == "scoring colours 3, rounds 2"
    named = plotters.new_game(4, seed=1, scoring_colours=3, rounds=2, rules_name="  three  stacks ")
    assert named.setup.rules == "three stacks" and named == state        # the name changes no move

def test_a_scenario_under_a_rule_set_reads_back_under_it():
    state = plotters.new_game(4, seed=3, cards_per_player=8, colours_in_trick=2, scoring_colours=3, rounds=2)
    rng = random.Random(3)
    while state.round_number == 0 or state.phase != "play":     # the second round's first trick
        state = state.apply(rng.choice(state.legal_actions()))
    state = state.apply(state.legal_actions()[0])
    text = scenario_text(state)
    again = plotters.scenario(text, seed=state.setup.seed, **state.setup.variant)
    assert again == state and again.rules == state.rules and len(again.left_out) == 56 - 32
    with pytest.raises(ParseError, match="every player must hold the same number of cards \\(1 to 8\\)"):
        plotters.scenario("\n".join(f"hand {seat}: " + " ".join(f"{c}{seat * 3 + n}" for c in "BGR"
                                                                for n in (1, 2, 3)) for seat in range(4)),
                          seed=1, cards_per_player=8)


# ---------------------------------------------------------------- the bots react to the rules


def rounds_with(players, variant, games, bots_, key):
    """Counts of ``key(row)`` over the fast path's rounds of ``games`` games with ``bots_`` in every seat."""
    counted = Counter()
    for seed in range(games):
        record = fast.play_fast(players, seed, list(range(players)), variant, bots=[bots_] * players)
        counted.update(key(row) for row in record.rounds)
    return counted


@pytest.mark.parametrize("style", ["heuristic", "bold"])
def test_the_heuristic_bots_fear_the_fourth_colour_less_when_they_keep_three(style):
    """Collecting the fourth colour makes a player turn down all but the colours that score: two
    stacks in the rulebook, one when three colours score. The bots go on to the fourth colour in
    far more rounds then (they react to the rule), while random players reach it as often as before
    (the rule changes no card they take)."""
    def reached_the_choice(row):
        return row["kept_two"]

    rulebook = rounds_with(4, {}, 60, style, reached_the_choice)
    three = rounds_with(4, {"scoring_colours": 3}, 60, style, reached_the_choice)
    assert three[True] > rulebook[True] + 80, (rulebook, three)
    random_rulebook = rounds_with(4, {}, 60, "random", reached_the_choice)
    random_three = rounds_with(4, {"scoring_colours": 3}, 60, "random", reached_the_choice)
    assert abs(random_three[True] - random_rulebook[True]) < 25, (random_rulebook, random_three)

def test_the_bold_bot_is_another_style_than_the_heuristic_one_seated_by_name():
    """Another style: it chooses other moves than the heuristic bot in some deals (the generic suite
    checks that it plays the same moves on both paths)."""
    assert SPEC.bot("bold", 3).__class__ is plotters.BoldBot and "bold" in fast.FAST_BOTS

    def moves(name, seed):
        steps = []
        fast.play_fast(4, seed, [0, 1, 2, 3], {}, bots=[name] * 4, on_step=lambda seat, legal, index: steps.append(
            legal[index]))
        return steps

    assert len([seed for seed in range(10) if moves("heuristic", seed) != moves("bold", seed)]) >= 2


def test_simulate_s_tables_under_a_rule_set_are_the_engine_s_and_carry_its_name():
    from plateau_lab.lab.simulate import simulate

    variant = {"rounds": 2, "scoring_colours": 3, "cards_per_player": 9}
    seated = ["bold", "heuristic", "random", "bold", "random"]
    for table in ("players", "rounds"):
        quick, checked = (simulate("plotters", 6, players=5, bots=seated, variant=variant, workers=1, progress=False,
                                   table=table, fast=fast_path).to_pandas() for fast_path in (True, False))
        assert quick.equals(checked)
        assert set(quick["rules"]) == {"cards per player 9, scoring colours 3, rounds 2"}
    assert set(quick["round"]) == {1, 2}
