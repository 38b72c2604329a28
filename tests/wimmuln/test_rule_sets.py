"""Every rule a parameter (issue 29), Wimmüln: each rulebook number is an option (the colours
removed, the numbers of each colour's cards, the hand size, the card naming trumps, the bonus
table, the triangles per card, the target) and does what it says; the engine, the fast path and
the bots read only the game's rule set; the bots react to it; a rule set that would make a game
unplayable is refused with the game's sentence naming the rule and its bounds. What every game's
rule sets share (the fast path in lockstep on rule sets drawn at random, every bot on both paths,
bounds, saves, scenarios) is in ``tests/test_rule_sets.py``."""

import inspect
import re
from collections import Counter

import pytest

from rulesets import assert_refused_everywhere, random_rule_sets

from plateau_lab.core import ParseError, load_json, play_out, rule_set_name
from plateau_lab.core.bots import RandomBot
from plateau_lab.games import wimmuln
from plateau_lab.games.wimmuln import analysis, bots, engine, expert_model, fast, render, scenario as scenario_module
from plateau_lab.games.wimmuln.rules import rules_of
from plateau_lab.games.wimmuln.scenario import scenario_text
from plateau_lab.games.wimmuln.scoring import score_sheet

SPEC = wimmuln.SPEC
#: Rule sets drawn at random within the options' bounds (``rulesets.random_rule_sets``).
RULE_SETS = random_rule_sets("wimmuln", 40, seed=29)


def test_rule_sets_drawn_at_random_change_the_game():
    """Not 40 copies of the rulebook: the draws reach the options' bounds and change the games."""
    names = {rule_set_name("wimmuln", variant) for _, variant in RULE_SETS}
    assert len(names) == len(RULE_SETS) and "standard" not in names
    firsts = [wimmuln.new_game(players, seed=1, **variant) for players, variant in RULE_SETS]
    assert len({(state.players, state.hand_size) for state in firsts}) > 10
    assert len({len(state.colours) for state in firsts}) > 2
    assert {state.phase for state in firsts} == {"estimate", "choose the face-up card"}
    assert any(state.aside for state in firsts)
    lengths = {len(play_out(state, [RandomBot(s) for s in range(state.players)]).history) for state in firsts[:10]}
    assert len(lengths) > 5


# ---------------------------------------------------------------- each rule does what it says


def play_round(state, players_bots=None):
    """The round under way played to its end by random bots (or ``players_bots``)."""
    seats = players_bots or [RandomBot(s) for s in range(state.players)]
    number = state.round_number
    while not state.is_over and state.round_number == number and state.phase != "round over":
        state = state.apply(seats[state.current_player].choose(state))
    return state


def test_the_hand_size_and_the_colours_removed_reach_the_table():
    state = wimmuln.new_game(5, seed=3, hand_size=7, colours_removed=1, rounds=2)
    assert len(state.colours) == 4 and state.hand_size == 7 and state.tricks_per_round == 5
    assert len(state.aside) == 4 * 12 - 5 * 7 and sum(state.cards_in_game().values()) == 48
    for seat in range(5):                                            # the cards set aside are seen by nobody
        assert state.cards_hidden_from(seat) >= Counter(state.aside)
        assert set(state.observation(seat)) == set(wimmuln.new_game(5, seed=3).observation(seat))
    state = play_round(state)
    assert sum(state.round_results[0].tricks) == 5
    state = state.apply("deal")
    assert state.round_number == 2 and state.hand_size == 7 and len(state.aside) == 13
    rulebook = wimmuln.new_game(5, seed=3)
    assert len(rulebook.colours) == 5 and rulebook.hand_size == 12 and rulebook.aside == ()
    assert len(wimmuln.new_game(3, seed=3, colours_removed=0).colours) == 5
    assert wimmuln.new_game(3, seed=3, colours_removed=0).hand_size == 20


TRUMPS = """
allow: short deal
colours: red blue green
hand 0: 2 red, 9 blue, 0 green
shown: 5 red, 3 blue
hand 1: 7 red, 1 red, 4 green, 8 green, 2 blue
hand 2: 6 red, 0 red, 8 blue, 3 green, 5 green
"""


def test_the_trump_rule_names_the_card_that_names_trumps():
    lower = wimmuln.scenario(TRUMPS, seed=1)
    assert lower.trump == "blue" and lower.trick == ((0, wimmuln.parse_card("5 red")),)
    assert wimmuln.parse_card("3 blue") in lower.hands[0]
    higher = wimmuln.scenario(TRUMPS, seed=1, trump_card="higher")
    assert higher.trump == "red" and higher.trick == ((0, wimmuln.parse_card("3 blue")),)
    assert wimmuln.parse_card("5 red") in higher.hands[0]
    assert "Trumps are red, the colour of the higher card; 5 red goes back to the hand" in " ".join(higher.log)
    never = wimmuln.scenario(TRUMPS, seed=1, trump_card="none")
    assert never.trump is None and never.phase == "choose the face-up card" and never.current_player == 0
    assert "The rules name no trumps: no trumps this round." in " ".join(never.log)
    games = [play_out(wimmuln.new_game(4, seed=seed, trump_card="none", rounds=3), [RandomBot(s) for s in range(4)])
             for seed in range(3)]
    assert all(result.trump is None for game in games for result in game.round_results)


def test_the_bonus_table_scores_every_cross():
    table = {"lower_bonus": 7, "higher_bonus": 11, "face_up_times": 3, "pair_bonus": 40}
    text = (TRUMPS + "round: 2\nresult 1: dealer 2; trump red; crosses 3 red over 5 blue, 6 green over 2 green, "
            "4 red over 4 blue; tricks 3 2 4; triangles 4 5 6\n")
    rulebook = wimmuln.scenario(text, seed=1).round_results[0]
    assert rulebook.bonuses == (10, 5, 25) and rulebook.points == (14, 10, 31)
    own = wimmuln.scenario(text, seed=1, **table).round_results[0]
    assert own.bonuses == (21, 7, 40) and own.points == (25, 12, 46)
    assert wimmuln.scenario(text, seed=1, higher_bonus=0, face_up_times=1).round_results[0].bonuses == (5, 5, 25)


def test_a_round_is_scored_and_explained_by_the_rule_set_s_bonus_table():
    rules = rules_of(4, {"lower_bonus": 30, "higher_bonus": 0, "face_up_times": 3, "pair_bonus": 0})
    hits = 0
    for seed in range(6):
        final = play_round(wimmuln.new_game(4, seed=seed, rounds=1, lower_bonus=30, higher_bonus=0, face_up_times=3,
                                            pair_bonus=0))
        result = final.round_results[0]
        for seat, (cross, tricks) in enumerate(zip(result.estimates, result.tricks)):
            assert result.bonuses[seat] == wimmuln.bonus(cross.top.number, cross.bottom.number, tricks, rules.bonuses)
            assert result.bonuses[seat] in (0, 30, 90)
            hits += result.bonuses[seat] > 0
        sheet = score_sheet(final, 0)
        for row, points in zip(sheet.rows, result.points):
            assert row.total == points == sum(item.points for item in row.items if item.points is not None)
        if 90 in result.bonuses:
            assert "3 times 30" in str(sheet.rows[result.bonuses.index(90)].items[-1])
        assert final.totals == result.points
    assert hits > 0


def _triangles(svg):
    """The triangles drawn on the cards: polygons that are not a colour's symbol."""
    return len(re.findall(r"<polygon (?![^>]*data-symbol)", svg))


def test_the_triangles_table_scores_the_cards_won_and_the_pictures_show_it():
    table = (0, 5, 0, 0, 0, 0, 0, 0, 0, 3)               # only the 1s and the 9s score
    for seed in range(4):
        state = play_round(wimmuln.new_game(4, seed=seed, rounds=1, triangles=table))
        result = state.round_results[0]
        for seat in range(4):
            won = [card for winner, trick in state.finished_tricks if winner == seat for _, card in trick]
            assert result.triangles[seat] == sum(table[card.number] for card in won)
        assert sum(result.triangles) == sum(table[card.number] for _, trick in state.finished_tricks
                                            for _, card in trick)
    state = wimmuln.new_game(4, seed=1, triangles=table)
    hand = state.hands[1]
    drawn = _triangles(render.seat_picture(state, 1, viewer=1).svg())
    assert drawn == sum(table[card.number] for card in hand)
    rulebook = wimmuln.new_game(4, seed=1)
    assert _triangles(render.seat_picture(rulebook, 1, viewer=1).svg()) == sum(
        card.triangles for card in hand)


def test_the_numbers_of_each_colour_make_the_deck():
    state = wimmuln.new_game(4, seed=2, numbers=(2, 5, 5, 5, 9), rounds=2)
    assert state.hand_size == 6 and sum(state.cards_in_game().values()) == 25
    assert {card.number for hand in state.hands for card in hand} <= {2, 5, 9}
    assert state.cards_in_game()[wimmuln.card(5, "red")] == 3
    crosses = {str(action) for action in state.legal_actions()}
    if state.hands[1].count(wimmuln.card(5, "red")) > 1:
        assert "lay 5 red over 5 red" in crosses
    final = play_out(state, [RandomBot(s) for s in range(4)])
    assert all(sum(result.tricks) == 4 for result in final.round_results)
    dealt = wimmuln.new_game(4, seed=2, numbers=(2, 5, 5, 5, 9))
    assert wimmuln.scenario(scenario_text(dealt), seed=2, numbers=(2, 5, 5, 5, 9)) == dealt
    with pytest.raises(ParseError, match="3 blue is not in this game, whose cards are numbered 2, 5, 9"):
        wimmuln.scenario(TRUMPS, seed=1, numbers=(2, 5, 5, 5, 9))
    with pytest.raises(ParseError, match="7 red"):      # the rule set's deck has one 7 of each colour
        wimmuln.scenario(TRUMPS.replace("2 red, 9 blue", "7 red, 9 blue"), seed=1, numbers=tuple(range(10)))


def test_the_target_ends_the_game_after_the_round_that_reaches_it():
    final = play_out(wimmuln.new_game(4, seed=2, target=25), [RandomBot(s) for s in range(4)])
    before_last = [sum(result.points[seat] for result in final.round_results[:-1]) for seat in range(4)]
    assert max(final.scores) >= 25 > max(before_last)


# ---------------------------------------------------------------- the bots read the rules


def crosses_laid(variant, games, bots_named="heuristic"):
    """The crosses (face-up number, face-down number) the bots laid in ``games`` one-round games
    of 4 players on the fast path."""
    crosses = []
    for seed in range(games):
        record = fast.play_fast(4, seed, [0] * 4, dict(variant, rounds=1), bots=[bots_named] * 4)
        crosses += [(row["face_up"], row["face_down"]) for row in record.rounds]
    return crosses


def test_the_heuristic_bots_lay_pairs_more_often_when_a_pair_pays_more():
    for name in ("heuristic", "cautious"):
        rulebook = crosses_laid({}, 200, name)
        rich = crosses_laid({"pair_bonus": 99}, 200, name)
        pairs = sum(up == down for up, down in rulebook)
        rich_pairs = sum(up == down for up, down in rich)
        assert rich_pairs > 2 * pairs + 40, (name, pairs, rich_pairs)


def test_the_heuristic_bots_aim_at_the_number_of_their_cross_that_pays_the_bonus():
    """The rulebook pays more for the higher number of a cross: the bots' bonuses come mostly from
    it. Pay for the lower number alone, and they come mostly from the lower number."""
    def bonuses_from_lower_and_higher(variant):
        lower = higher = 0
        for seed in range(150):
            record = fast.play_fast(4, seed, [0] * 4, dict(variant, rounds=1), bots=["heuristic"] * 4)
            for row in record.rounds:
                if row["face_up"] != row["face_down"] and (row["hit_face_up"] or row["hit_face_down"]):
                    hit = row["face_up"] if row["hit_face_up"] else row["face_down"]
                    lower += hit < max(row["face_up"], row["face_down"])
                    higher += hit == max(row["face_up"], row["face_down"])
        return lower, higher
    lower, higher = bonuses_from_lower_and_higher({})
    assert higher > 1.5 * lower
    lower, higher = bonuses_from_lower_and_higher({"lower_bonus": 30, "higher_bonus": 0})
    assert lower > 4 * higher


def test_the_cautious_bot_lays_other_crosses_than_the_steady_one():
    steady, cautious = crosses_laid({}, 100, "heuristic"), crosses_laid({}, 100, "cautious")
    differ = sum(a != b for a, b in zip(steady, cautious))
    assert len(steady) == len(cautious) == 400 and differ > 20


# ---------------------------------------------------------------- the rules are read in one place


RULEBOOK_NAMES = ("TARGET", "RULEBOOK_BONUSES", "Bonuses(", "colours_removed(", "full_hand(", "variant[",
                  "check_variant", "200", "25", "TRIANGLES", "triangles_on(", "card.triangles", ".triangles for")


@pytest.mark.parametrize("code", [fast, scenario_module, analysis, expert_model.WimmulnModel,
                                  expert_model.heuristic_cross_of, bots.HeuristicBot, bots.CautiousBot, engine.State,
                                  engine.new_game, engine.round_dealt],
                         ids=lambda code: code.__name__)
def test_the_engine_the_fast_path_and_the_bots_read_no_rulebook_number_but_the_rule_set(code):
    """Only ``rules.py`` turns the rulebook's numbers and the options into a game's rules."""
    source = inspect.getsource(code)
    assert [name for name in RULEBOOK_NAMES if name in source] == []


# ---------------------------------------------------------------- bad values are refused


#: Values within every option's bounds that make a game unplayable with these players: refused
#: naming the rule and its bounds for that table.
UNPLAYABLE = [
    (6, {"hand_size": 11}, "hand_size must be from 3 to 10 with 6 players (the deck holds 60 cards of 5 colours), "
                           "not 11"),
    (4, {"colours_removed": 2, "hand_size": 10}, "hand_size must be from 3 to 9 with 4 players (the deck holds 36 "
                                                 "cards of 3 colours), not 10"),
    (3, {"colours_removed": 4, "hand_size": 5}, "hand_size must be from 3 to 4 with 3 players (the deck holds 12 "
                                                "cards of 1 colour), not 5"),
    (5, {"colours_removed": 4}, "colours_removed must be from 0 to 3 with 5 players (each player needs at least 3 "
                                "cards: 2 for the cross and 1 to play), not 4"),
    (3, {"hand_size": 13}, "hand_size must be from 3 to 12 with 3 players (the deck holds 36 cards of 3 colours), "
                           "not 13"),
    (6, {"numbers": (1, 2, 3)}, "numbers must be a table of 4 to 12 numbers with 6 players (each player needs at "
                               "least 3 cards: 2 for the cross and 1 to play, and the deck has 5 colours at most), "
                               "not 3"),
    (6, {"numbers": (1, 2, 3, 4), "colours_removed": 1}, "colours_removed must be from 0 to 0 with 6 players (each "
                                                         "player needs at least 3 cards: 2 for the cross and 1 to "
                                                         "play), not 1"),
]


@pytest.mark.parametrize("players, variant, sentence", UNPLAYABLE, ids=lambda v: str(v)[:40])
def test_rules_that_would_make_a_game_unplayable_are_refused_naming_the_rule_and_its_bounds(players, variant, sentence):
    assert_refused_everywhere("wimmuln", players, variant, sentence)


def test_a_scenario_s_hands_must_be_the_rule_set_s_hand_size():
    with pytest.raises(ParseError, match="hands of 5 cards .*, where the rules deal 4 \\(hand_size\\)"):
        wimmuln.scenario(TRUMPS.replace("allow: short deal", ""), seed=1, hand_size=4)
    state = wimmuln.scenario(TRUMPS.replace("allow: short deal", ""), seed=1, hand_size=5)
    assert state.hand_size == 5 and len(state.aside) == 36 - 15
    with pytest.raises(ParseError, match="expected 4 different colours"):
        wimmuln.scenario(TRUMPS, seed=1, colours_removed=1)


def test_every_option_is_documented_and_bounded():
    for option in SPEC.options:
        assert option.doc and option.name.islower()
        if option.kind is int:
            assert option.low is not None and option.high is not None, option.name
        for value in option.played_values():
            for players in SPEC.players:
                wimmuln.new_game(players, seed=1, **{option.name: value})   # the soak's values are playable


# ---------------------------------------------------------------- a rule set has a name


def test_a_rule_set_is_named_standard_by_its_changes_or_by_the_caller():
    assert wimmuln.new_game(3, seed=1).setup.rules == "standard"
    assert wimmuln.new_game(3, seed=1, **SPEC.check_variant({})).setup.rules == "standard"
    state = wimmuln.new_game(3, seed=1, hand_size=6, trump_card="higher", pair_bonus=40)
    assert state.setup.rules == "hand size 6, trump card higher, pair bonus 40"
    called = wimmuln.new_game(3, seed=1, hand_size=6, trump_card="higher", pair_bonus=40, rules_name=" quick pairs ")
    assert called.setup.rules == "quick pairs" and called == state          # the name changes no move


def test_a_scenario_under_a_rule_set_reads_back_under_it():
    state = wimmuln.new_game(4, seed=3, hand_size=8, trump_card="higher", pair_bonus=40, colours_removed=1,
                             rules_name="short hands")
    assert wimmuln.scenario(scenario_text(state), seed=state.setup.seed, **state.setup.variant) == state
    state = play_round(state, [wimmuln.HeuristicBot() for _ in range(4)]).apply("deal")
    text = scenario_text(state)
    assert "short deal" not in text
    again = wimmuln.scenario(text, seed=state.setup.seed, **state.setup.variant)
    assert again == state and again.round_results == state.round_results
    assert load_json(state.to_json()) == state and load_json(state.to_json()).setup.rules == "short hands"
