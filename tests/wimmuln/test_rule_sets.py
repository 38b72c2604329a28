"""Every rule a parameter (issue 29), Wimmüln: each rulebook number is an option (the colours
removed, the numbers of each colour's cards, the hand size, the card naming trumps, the bonus
table, the triangles per card, the target), the engine, the
fast path and the bots read only the game's rule set, the fast path stays exact on rule sets drawn
at random, a rule set has a name that tables and saves carry, and a rule set that would make a
game unplayable is refused with a sentence naming the rule and its bounds."""

import inspect
import json
import random
from collections import Counter

import pytest

from lockstep import Follower

from plateau_lab.core import ParseError, load_json, play_out, rule_set_name
from plateau_lab.core.bots import RandomBot
from plateau_lab.games import wimmuln
from plateau_lab.games.wimmuln import analysis, bots, engine, expert_model, fast, render, scenario as scenario_module
from plateau_lab.games.wimmuln.rules import rules_of
from plateau_lab.games.wimmuln.scenario import scenario_text
from plateau_lab.games.wimmuln.scoring import score_sheet

SPEC = wimmuln.SPEC
#: Draws of the target and of the rounds stay below these, so that a game drawn at random is short.
DRAW_CAPS = {"target": 250, "rounds": 5}
#: The rule sets played by a quick run (-m 'not slow'); the others are left to the long run.
QUICK = 8


def random_value(option, rng):
    """A value of ``option`` drawn within its bounds (None where allowed, now and then)."""
    if option.none and rng.random() < 0.3:
        return None
    if option.choices:
        return rng.choice(option.choices)
    if option.kind is tuple:
        return tuple(rng.randint(option.low, option.high) for _ in range(rng.randint(option.shortest, option.longest)))
    return rng.randint(option.low, min(option.high, DRAW_CAPS.get(option.name, option.high)))


def random_rule_sets(count, seed):
    """``count`` (players, variant) pairs drawn at random within the options' bounds, every option
    drawn at once, keeping those the game accepts (the others are refused, as tested below)."""
    rng = random.Random(seed)
    drawn, refused = [], 0
    while len(drawn) < count:
        players = rng.randint(3, 6)
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


def named(players, variant):
    return f"{players}p {rule_set_name('wimmuln', variant)[:70]}"


def rule_set_params(count):
    """The first ``count`` rule sets as parameters, those after the quick ones marked slow."""
    return [pytest.param(players, variant, id=named(players, variant), marks=() if at < QUICK else pytest.mark.slow)
            for at, (players, variant) in enumerate(RULE_SETS[:count])]


def seated(names, seeds):
    makers = {"heuristic": wimmuln.HeuristicBot, "cautious": wimmuln.CautiousBot, "random": RandomBot}
    return [makers[name](seed) for name, seed in zip(names, seeds)]


# ---------------------------------------------------------------- the fast path is exact on any rule set


@pytest.mark.parametrize("players, variant", rule_set_params(40))
def test_the_fast_path_plays_the_engine_s_game_move_by_move_under_any_rule_set(players, variant):
    for seed in range(2):
        bot_seeds = [seed * 13 + seat for seat in range(players)]
        follow = Follower(wimmuln.new_game(players, seed=seed, **variant), bot_seeds)
        record = fast.play_fast(players, seed, bot_seeds, variant, on_step=follow)
        assert follow.state.is_over and record.scores == follow.state.scores
        assert record.actions == len(follow.state.history)
        assert record == fast.play_public(wimmuln.new_game(players, seed=seed, **variant),
                                          [RandomBot(s) for s in bot_seeds])


@pytest.mark.parametrize("players, variant", rule_set_params(30))
def test_the_heuristic_bots_choose_the_same_moves_on_both_paths_under_any_rule_set(players, variant):
    names = (["heuristic", "cautious", "random"] * 2)[:players]
    bot_seeds = [7 + seat for seat in range(players)]
    follow = Follower(wimmuln.new_game(players, seed=3, **variant), bots=seated(names, bot_seeds))
    record = fast.play_fast(players, 3, bot_seeds, variant, bots=names, on_step=follow)
    assert follow.state.is_over and record.scores == follow.state.scores


@pytest.mark.parametrize("players, variant", rule_set_params(12))
def test_play_on_from_a_position_under_way_follows_the_rule_set(players, variant):
    rng = random.Random(players)
    state = wimmuln.new_game(players, seed=5, **variant)
    for _ in range(rng.randrange(0, 40)):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    names = (["cautious", "random", "heuristic"] * 2)[:players]
    bot_seeds = [1, 2, 3, 4, 5, 6][:players]
    follow = Follower(state, bots=seated(names, bot_seeds))
    record = fast.play_on(state, bot_seeds, bots=names, on_step=follow)
    assert follow.state.is_over and record.scores == follow.state.scores


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
    drawn = render.seat_picture(state, 1, viewer=1).svg().count("<polygon")
    assert drawn == sum(table[card.number] for card in hand)
    rulebook = wimmuln.new_game(4, seed=1)
    assert render.seat_picture(rulebook, 1, viewer=1).svg().count("<polygon") == sum(
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


OUT_OF_BOUNDS = [
    ("colours_removed", 5, ValueError, "colours_removed must be a whole number from 0 to 4, not 5"),
    ("colours_removed", -1, ValueError, "colours_removed must be a whole number from 0 to 4, not -1"),
    ("hand_size", 2, ValueError, "hand_size must be a whole number from 3 to 20, not 2"),
    ("hand_size", 21, ValueError, "hand_size must be a whole number from 3 to 20, not 21"),
    ("hand_size", 8.0, TypeError, "hand_size must be a whole number from 3 to 20, not 8.0"),
    ("trump_card", "highest", ValueError, "trump_card must be one of 'lower', 'higher', 'none', not 'highest'"),
    ("trump_card", None, TypeError, "trump_card must be a str"),
    ("lower_bonus", 100, ValueError, "lower_bonus must be a whole number from 0 to 99, not 100"),
    ("higher_bonus", -1, ValueError, "higher_bonus must be a whole number from 0 to 99, not -1"),
    ("face_up_times", 0, ValueError, "face_up_times must be a whole number from 1 to 5, not 0"),
    ("face_up_times", 6, ValueError, "face_up_times must be a whole number from 1 to 5, not 6"),
    ("pair_bonus", True, TypeError, "pair_bonus must be a whole number from 0 to 99, not True"),
    ("target", 1001, ValueError, "target must be a whole number from 1 to 1000, not 1001"),
    ("rounds", 0, ValueError, "rounds must be a whole number from 1 to 100, not 0"),
    ("triangles", (1,) * 9, ValueError, "triangles must be a table of 10 to 10 whole numbers"),
    ("triangles", (1,) * 9 + (10,), ValueError, "triangles must be a table of whole numbers from 0 to 9: its number "
                                                 "10 is 10"),
    ("triangles", (1,) * 9 + (1.0,), TypeError, "triangles must be a table of whole numbers from 0 to 9"),
    ("numbers", (1, 2), ValueError, "numbers must be a table of 3 to 12 whole numbers, not (1, 2)"),
    ("numbers", (1,) * 13, ValueError, "numbers must be a table of 3 to 12 whole numbers"),
    ("numbers", (1, 2, 10), ValueError, "numbers must be a table of whole numbers from 0 to 9: its number 3 is 10"),
]

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


def rulebook_game():
    """What a refusal must leave alone: a game, its save and the fast path's game under the rulebook."""
    state = wimmuln.new_game(4, seed=11)
    return state, state.to_json(), fast.play_fast(4, 11, [1, 2, 3, 4], {}), SPEC.check_variant({})


@pytest.mark.parametrize("name, value, error, sentence", OUT_OF_BOUNDS, ids=lambda v: str(v)[:30])
def test_a_value_out_of_its_bounds_is_refused_naming_the_rule_and_its_bounds(name, value, error, sentence):
    before = rulebook_game()
    with pytest.raises(error) as caught:
        wimmuln.new_game(4, seed=11, **{name: value})
    assert str(caught.value).startswith(sentence)
    with pytest.raises(error, match=name):
        fast.play_fast(4, 11, [1, 2, 3, 4], {name: value})
    with pytest.raises(error, match=name):
        wimmuln.scenario(TRUMPS, seed=1, **{name: value})
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
        wimmuln.new_game(players, seed=2, **variant)
    assert str(caught.value) == sentence
    for refuse in (lambda: fast.play_fast(players, 2, list(range(players)), variant),
                   lambda: simulate("wimmuln", 2, players=players, variant=variant, workers=1, progress=False)):
        with pytest.raises(ValueError) as caught:
            refuse()
        assert str(caught.value).startswith(sentence)
    assert rulebook_game() == before


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


def test_a_save_carries_the_rule_set_and_its_name_and_loading_restores_them():
    state = wimmuln.new_game(4, seed=6, hand_size=8, colours_removed=1, face_up_times=4, rounds=2,
                             triangles=(2, 0, 1, 1, 1, 1, 2, 3, 1, 0), rules_name="eight cards")
    state = play_out(state, [wimmuln.CautiousBot(0), RandomBot(1), wimmuln.HeuristicBot(2), RandomBot(3)])
    save = json.loads(state.to_json())
    assert save["rules"] == "eight cards" and save["variant"]["hand_size"] == 8
    assert save["variant"]["triangles"] == [2, 0, 1, 1, 1, 1, 2, 3, 1, 0]
    again = load_json(state.to_json())
    assert again == state and again.setup.rules == "eight cards" and again.scores == state.scores
    assert again.rules == state.rules and again.round_results == state.round_results
    assert again.setup.variant["triangles"] == (2, 0, 1, 1, 1, 1, 2, 3, 1, 0)
    derived = wimmuln.new_game(4, seed=6, trump_card="none")
    derived = derived.apply(derived.legal_actions()[0])
    assert load_json(derived.to_json()).setup.rules == "trump card none" == json.loads(derived.to_json())["rules"]


def test_an_old_save_without_the_new_options_loads_as_before():
    old = {"format": 1, "game": "wimmuln", "players": 4, "seed": 12, "variant": {"target": 150, "rounds": None},
           "actions": ["lay 2 red over 3 red"]}
    state = load_json(json.dumps(old))
    assert state.setup.rules == "target 150" and state.rules.hand_size == 15 and state.rules.bonuses.pair == 25
    assert state == wimmuln.new_game(4, seed=12, target=150).apply("lay 2 red over 3 red")


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


def test_a_rule_remembered_once_checked_is_no_door_for_an_equal_value_of_another_kind():
    """``1 == True`` and ``8 == 8.0`` in Python: a rule set played before must not let them through."""
    fast.play_fast(4, 1, [1, 2, 3, 4], {"hand_size": 8, "face_up_times": 1})
    fast.play_fast(4, 1, [1, 2, 3, 4], {"triangles": (1,) * 10})
    for variant, error in (({"face_up_times": True}, "face_up_times must be a whole number"),
                           ({"hand_size": 8.0}, "hand_size must be a whole number"),
                           ({"triangles": (1,) * 9 + (1.0,)}, "triangles must be a table of whole numbers")):
        with pytest.raises(TypeError, match=error):
            fast.play_fast(4, 1, [1, 2, 3, 4], variant)
        with pytest.raises(TypeError, match=error):
            rules_of(4, variant)
