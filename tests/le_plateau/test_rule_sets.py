"""Le Plateau's rule sets (issue 29): the bidding table, the minimum bid, the multiples, the talon
and the 2-player piles do what they say at the table and in the scores; the fast path and every bot
follow the engine under Le Plateau's own draws (what the generic draws seldom reach); the engine,
the fast path, the scenarios and the bots read no rulebook number but the rule set's; a rule set
that would make a game unplayable is refused with Le Plateau's own sentence; the bots bid
differently when the rules make a contract worth more; and a rule set's name. What every game's
rule sets share (the fast path in lockstep on rule sets drawn at random, every bot on both paths,
play_on, bounds, saves, old saves, scenarios) is in ``tests/test_rule_sets.py``."""

import inspect
import json
import math
import random
import re
import sys
from collections import Counter

import pytest

from lockstep import Follower
from rulesets import assert_refused_everywhere, plays, random_rule_sets

from plateau_lab.core import IllegalAction, ParseError, count_of, load_json, play_out, rule_set_name
from plateau_lab.core.bots import RandomBot
from plateau_lab.games import le_plateau
from plateau_lab.games.le_plateau import HeuristicBot, bots, fast, parse_bid, rules_of
from plateau_lab.games.le_plateau.rules import deal
from plateau_lab.games.le_plateau.scenario import scenario_text

SPEC = le_plateau.SPEC
SCENARIO = sys.modules["plateau_lab.games.le_plateau.scenario"]
STATE = sys.modules["plateau_lab.games.le_plateau.state"]


def with_le_plateau_s_own_numbers(players, variant, rng):
    """``variant`` with what the generic draws (``rulesets.random_rule_sets``) seldom reach, each
    kept where the game plays it: a rising bidding table of its own (a table drawn number by number
    seldom rises), a minimum bid of the table, the board, a team step up to 50, and zero-sum
    multiples the opponents can share evenly (drawn freely, they seldom can with 5 or 6 players)."""
    drawn = {"bid_values": tuple(sorted(rng.sample(range(1, 100), 10))),
             "minimum_bid": str(rng.choice(rules_of(players, {}).bids)),
             "board": rng.choice(["official", "random"]),
             "team_step": rng.randint(0, 50),
             "zero_sum_multiples": balanced_multiples(players, rng)}
    for name, value in drawn.items():
        if plays(SPEC, players, {**variant, name: value}):
            variant = {**variant, name: value}
    return players, variant


def balanced_multiples(players, rng):
    """Zero-sum multiples for Solo, Duo and Trio that the opponents can share evenly."""
    steps = [(players - size) // math.gcd(players - size, size) if size < players else 1 for size in (1, 2, 3)]
    return tuple(step * rng.randint(0, 99 // step) for step in steps)


def own_draws(count, seed):
    rng = random.Random(seed)
    return [with_le_plateau_s_own_numbers(players, variant, rng)
            for players, variant in random_rule_sets("le_plateau", count, seed)]


#: Rule sets drawn at random with Le Plateau's own numbers, and the quick run's share: the first few.
RULE_SETS, QUICK = own_draws(12, seed=27), 3


def label(value):
    return rule_set_name("le_plateau", value)[:60] if isinstance(value, dict) else str(value)


def quick_and_slow(rule_sets):
    return [pytest.param(*rule_set, marks=() if index < QUICK else pytest.mark.slow)
            for index, rule_set in enumerate(rule_sets)]


def both_paths(players, variant, seed, names):
    """The game the fast path and the engine play with the bots ``names`` round the table, checked
    move by move (``lockstep.Follower``): the engine's game once over."""
    bot_seeds = [seed * 7 + seat for seat in range(players)]
    follow = Follower(le_plateau.new_game(players, seed=seed, **variant),
                      bots=[SPEC.bot(name, bot_seed) for name, bot_seed in zip(names, bot_seeds)])
    record = fast.play_fast(players, seed, bot_seeds, variant, bots=list(names), on_step=follow)
    assert follow.state.is_over and record.scores == follow.state.scores, names
    return follow.state


# ---------------------------------------------------------------- Le Plateau's own draws


def test_le_plateau_s_own_draws_reach_what_the_generic_draws_seldom_do():
    """Every table; bidding tables, minimum bids and team steps of their own at most tables; both
    boards; balanced zero-sum multiples with 5 or 6 players."""
    assert {players for players, _ in RULE_SETS} == set(SPEC.players)
    for name in ("bid_values", "minimum_bid", "team_step", "zero_sum_multiples"):
        assert sum(name in variant for _, variant in RULE_SETS) >= 10, name
    assert {variant.get("board") for _, variant in RULE_SETS} >= {"official", "random"}
    assert any(players > 4 and variant["zero_sum_multiples"] for players, variant in RULE_SETS)


@pytest.mark.parametrize("players, variant", quick_and_slow(RULE_SETS), ids=label)
def test_the_fast_path_and_every_bot_follow_the_engine_under_le_plateau_s_own_draws(players, variant):
    both_paths(players, variant, 4, ["random"] * players)
    both_paths(players, variant, 3, (["heuristic", "bold", "random"] * 2)[:players])


# ---------------------------------------------------------------- each rule does what it says


def test_the_bidding_table_and_the_minimum_bid_reach_the_table():
    state = le_plateau.new_game(4, seed=2, bid_values=(1, 2, 3, 4, 5, 6, 7, 8, 20, 30), team_step=12,
                                minimum_bid="Exchange Fork Duo")
    first_bids = [str(action) for action in state.legal_actions()[1:4]]
    assert first_bids == ["bid Exchange Fork Duo", "bid No Exchange Fork Duo", "bid Exchange Five sides Duo"]
    state = state.apply("bid No Exchange Six sides Solo")
    assert state.rules.value(state.high_bid[1]) == 30 + 12 and "value 42" in state.log[-1]
    with pytest.raises(IllegalAction, match="worth 20; a bid must have a higher value"):
        state.apply("bid Exchange Six sides Duo")
    rulebook = le_plateau.new_game(4, seed=2)
    assert str(rulebook.legal_actions()[1]) == "bid Exchange Y Duo"
    assert "(value 15)" in rulebook.apply("bid No Exchange Six sides Solo").log[-1]


def test_the_table_s_picture_shows_the_rule_set_s_bidding_table():
    from plateau_lab.games.le_plateau.render import bidding_table_picture, state_picture

    texts_of = lambda picture: set(re.findall(r">(\d+)<", picture.svg()))    # noqa: E731
    texts = lambda state: texts_of(state_picture(state))                        # noqa: E731
    rulebook = texts(le_plateau.new_game(4, seed=1))
    own = texts(le_plateau.new_game(4, seed=1, bid_values=(1, 2, 3, 4, 5, 6, 7, 8, 20, 24), team_step=9))
    assert "33" in own and "33" not in rulebook                   # No Exchange Six sides Solo: 24 + 9
    own_table = texts_of(bidding_table_picture(4, rules=rules_of(4, {"bid_values": tuple(range(11, 21)),
                                                                        "team_step": 0})))
    assert own_table == {str(value) for value in range(11, 21)}


def test_the_talon_size_deals_the_rest_evenly():
    state = le_plateau.new_game(4, seed=3, talon_size=7)
    assert [len(hand) for hand in state.hands] == [12] * 4 and len(state.talon) == 7
    assert state.rules.tricks == 12
    two = le_plateau.new_game(2, seed=3, talon_size=6)
    assert [len(hand) for hand in two.hands] == [4, 4] and len(two.talon) == 6
    assert all(len(piles) == 5 for piles in two.piles)
    state = state.apply("bid Exchange Y Duo")
    for _ in range(3):
        state = state.apply("pass")
    assert len(state.hands[0]) == 19 and [str(a) for a in state.legal_actions()][0].startswith("discard")
    for _ in range(7):
        state = state.apply(state.legal_actions()[0])
    assert len(state.hands[0]) == 12 and len(state.discards) == 7


@pytest.mark.parametrize("piles, talon", [(0, None), (3, None), (7, 4)])
def test_the_two_player_piles_deal_the_rest_to_the_hands(piles, talon):
    variant = {"two_player_piles": piles, "talon_size": talon}
    state = le_plateau.new_game(2, seed=4, **variant)
    in_hand = (34 - 4 * piles - (talon or 2)) // 2
    assert [len(seat_piles) for seat_piles in state.piles] == [piles, piles]
    assert [len(hand) for hand in state.hands] == [in_hand] * 2 and state.rules.tricks == in_hand + 2 * piles
    assert f"{count_of(piles, 'pile')} of 2 cards (top card face up) and a hand of {count_of(in_hand, 'card')}" \
        in state.log[0]
    assert le_plateau.scenario(scenario_text(state), seed=4, **variant) == state
    for seed in range(3):
        both_paths(2, variant, seed, ["bold", "random"] if seed % 2 else ["heuristic", "bold"])


def test_the_positive_only_multiples_score_the_hand():
    text = "players: 4\nbid: 1 Exchange Y Solo\ntricks played: 3\ndeclarers: T1 T2 T3\nlead: 1"
    rulebook = le_plateau.scenario(text, seed=1, positive_only=True)
    own = le_plateau.scenario(text, seed=1, positive_only=True, positive_multiples=(7, 1))
    bots_ = [RandomBot(s) for s in range(4)]
    before = play_out(rulebook, bots_).results[0]
    after = play_out(own, [RandomBot(s) for s in range(4)]).results[0]
    assert before.value == after.value == 8 and before.won == after.won
    multiple = 2                               # the rulebook: lcm(1, 2) / 1 = 2 for a Solo, won or lost
    winners = [seat for seat in range(4) if before.points[seat]]
    assert all(before.points[seat] == multiple * 8 for seat in winners)
    assert all(after.points[seat] == 7 * 8 for seat in winners)


def test_the_zero_sum_multiples_score_the_hand_and_add_up_to_zero():
    text = "players: 4\nbid: 1 Exchange Y Solo\ntricks played: 3\ndeclarers: T1 T2 T3\nlead: 1"
    result = play_out(le_plateau.scenario(text, seed=1, zero_sum_multiples=(6, 2)),
                      [RandomBot(s) for s in range(4)]).results[0]
    sign = 1 if result.won else -1
    assert result.points == tuple(sign * points for points in (-16, 48, -16, -16)) and sum(result.points) == 0
    rulebook = play_out(le_plateau.scenario(text, seed=1), [RandomBot(s) for s in range(4)]).results[0]
    assert rulebook.points == tuple(sign * points for points in (-8, 24, -8, -8))


def test_the_heuristic_bot_reads_the_bidding_table_and_the_scoring():
    """The same hand: worth passing under the rulebook, a Six sides when it pays enough."""
    rulebook, rich = rules_of(4, {}), rules_of(4, {"bid_values": (1, 2, 3, 4, 5, 6, 7, 8, 20, 24)})
    strong = le_plateau.parse_cards("EXC 21 20 19 18 17 16 15 RS RH RC RD DS")
    assert str(rulebook.legal_bids(None)[bots.best_bid(strong, rulebook, rulebook.legal_bids(None))]) \
        == "Exchange Six sides Solo"
    state = le_plateau.scenario("players: 4\nhand 0: " + " ".join(map(str, strong)), seed=1,
                                bid_values=(1, 2, 3, 4, 5, 6, 7, 8, 20, 24))
    assert state.rules == rich or state.rules.bid_values == rich.bid_values
    assert str(HeuristicBot(0).choose(state)) == "bid No Exchange Six sides Solo"
    six_sides = parse_bid("Exchange Six sides Solo")
    assert bots.bid_worth(six_sides, 0.5, rich) > 1.5 * bots.bid_worth(six_sides, 0.5, rulebook) > 0


def first_bids(players, variant, deals=400, boldness=0.0):
    """What the heuristic bot would bid first on ``deals`` dealt hands: objectives and teams counted."""
    rules = rules_of(players, variant)
    opening = rules.legal_bids(None)
    counted = Counter()
    for number in range(deals):
        hands, _, _ = deal(rules, number, 1)
        index = bots.best_bid(hands[0], rules, opening, boldness)
        bid = None if index is None else opening[index]
        counted.update(["pass"] if bid is None else [str(bid.objective), bid.team or "Solo"])
    return counted


def test_a_six_sides_worth_more_is_bid_more_often():
    rulebook = first_bids(4, {})
    richer = first_bids(4, {"bid_values": (1, 2, 3, 4, 5, 6, 7, 8, 20, 24)})
    assert rulebook["Six sides"] == 0 and richer["Six sides"] >= 30


def test_a_solo_worth_more_is_bid_more_often():
    rulebook = first_bids(4, {"positive_only": True})
    richer = first_bids(4, {"positive_only": True, "positive_multiples": (8, 1)})
    assert richer["Solo"] >= 2 * rulebook["Solo"] > 0
    wider = first_bids(4, {"team_step": 25})
    assert wider["Solo"] > first_bids(4, {})["Solo"]
    # zero-sum, a Solo that pays double also costs double when lost: only the hands likely to make it move
    doubled = first_bids(4, {"zero_sum_multiples": (6, 1)})
    assert doubled["Solo"] > first_bids(4, {})["Solo"] > 0


def test_positive_only_scoring_changes_what_the_bots_bid():
    zero_sum, positive = first_bids(4, {}), first_bids(4, {"positive_only": True})
    assert positive["pass"] * 3 < zero_sum["pass"]        # losing costs the declarer nothing: fewer passes
    assert positive["Five sides"] > zero_sum["Five sides"]


def test_the_bold_bot_declares_more_often_than_the_careful_one():
    careful, bold = first_bids(4, {}), first_bids(4, {}, boldness=bots.BOLDNESS)
    assert bold["pass"] < careful["pass"]


@pytest.mark.parametrize("players", [2, 4, 5, 6])
def test_bold_bots_raise_alike_on_both_paths(players):
    played = [both_paths(players, {}, seed, ["bold"] * players) for seed in range(3)]
    assert any(str(action).startswith("raise") for state in played for action in state.history)


def raises_after_a_y_duo(variant, deals=40):
    """The raises bold bots make after player 0 declared Exchange Y Duo, on ``deals`` deals."""
    counted = Counter()
    for seed in range(deals):
        state = le_plateau.scenario("players: 4\nbid: 0 Exchange Y Duo", seed=seed, **variant)
        players = [SPEC.bot("bold", seat) for seat in range(4)]
        while state.phase != "play":
            action = players[state.current_player].choose(state)
            counted.update([str(action)] if str(action).startswith("raise") else [])
            state = state.apply(action)
    return counted


def test_the_bold_bot_raises_to_six_sides_when_the_table_pays_for_it():
    rulebook = raises_after_a_y_duo({})
    rich = raises_after_a_y_duo({"bid_values": (1, 2, 3, 4, 5, 6, 7, 8, 30, 40)})
    assert sum(rulebook.values()) > 0
    assert rich["raise to Six sides"] > rulebook["raise to Six sides"] + 5


def contracts_in_games(variant, games, players=4):
    """The contracts heuristic bots declared in ``games`` fast games of ``players``."""
    counted = Counter()
    for seed in range(games):
        record = fast.play_fast(players, seed, list(range(players)), variant, bots=["heuristic"] * players)
        for row in record.rounds:
            if row["seat"] == 0 and not row["passed_out"]:
                counted.update([row["objective"], "Solo" if row["team_size"] == 1 else "team"])
    return counted


@pytest.mark.slow
def test_in_whole_games_the_bots_go_for_what_the_rules_make_worth_more():
    """A few hundred fast games: the contracts follow the table."""
    rulebook = contracts_in_games({}, 150)
    six = contracts_in_games({"bid_values": (1, 2, 3, 4, 5, 6, 7, 8, 20, 24)}, 150)
    assert six["Six sides"] > rulebook["Six sides"] + 30
    positive = contracts_in_games({"positive_only": True}, 150)
    solo = contracts_in_games({"positive_only": True, "positive_multiples": (8, 1)}, 150)
    assert solo["Solo"] > positive["Solo"] + 20
    assert positive["Six sides"] > rulebook["Six sides"] + 30   # a contract lost costs the declarer nothing


RULEBOOK_NAMES = ("BID_VALUES", "TEAM_STEP", "MINIMUM_BID_TEXT", "DEAL_SIZES", "FULL_DECK_DEAL_SIZES",
                  "TWO_PLAYER_HAND", "TWO_PLAYER_PILES", "ZERO_SUM_TABLE", "FIVE_PLAYER_DUO", "POSSIBLE_TEAM_SIZES",
                  "FIVE_PLAYER_POSITIVE", "minimum_value(", "legal_bids(players", "bid_value(bid, players)",
                  "bid_value(contract, players)", "hand_points(players=players, declarer=declarer", "variant[")


@pytest.mark.parametrize("code", [fast, bots, SCENARIO, STATE], ids=lambda code: code.__name__)
def test_the_engine_the_fast_path_and_the_bots_read_no_rulebook_number_but_the_rule_set(code):
    """Only ``rules.py`` (and the tables it reads in ``bidding``/``scoring``) turns the rulebook's
    numbers and the options into a game's rules."""
    source = inspect.getsource(code)
    assert [name for name in RULEBOOK_NAMES if name in source] == []


# ---------------------------------------------------------------- bad values are refused


#: A bidding table or a minimum bid Le Plateau's own checks refuse, and values within every option's
#: bounds that make a game unplayable with these players: refused naming the rule and its bounds.
UNPLAYABLE = [
    (4, {"bid_values": (2, 1, 3, 4, 5, 6, 7, 8, 9, 10)}, "bid_values must rise from each number to the next "
                                                        "(Exchange Bridge, No Exchange Bridge, Exchange Y, …, No "
                                                        "Exchange Six sides), but number 2 is 1 after 2"),
    (4, {"minimum_bid": "Swap Y"}, "minimum_bid: cannot read the bid 'Swap Y'"),
    (4, {"minimum_bid": "Exchange Swap"}, "minimum_bid: no objective 'Swap'"),
    (4, {"talon_size": 5}, "talon_size must leave the same number of cards to each player: with 4 players and 55 "
                           "cards, one of 3, 7, 11, 15, 19, 23 (at most 23, so that a called partner can be found), "
                           "not 5"),
    (2, {"talon_size": 13}, "talon_size must leave the same number of cards to each player: with 2 players and 34 "
                            "cards, one of 2, 4, 6, 8, 10, 12 (at most 12, so that each player holds a card), not 13"),
    (6, {"talon_size": 12}, "talon_size must be 6 with 6 players (the rulebook's exchange deals out that talon), "
                            "not 12"),
    (4, {"full_deck": True, "talon_size": 10}, "talon_size must be 6 with 4 players and the full deck"),
    (3, {"minimum_bid": "Exchange Y Duo"}, "minimum_bid must be a bid of the 3-player table, without a team: with 3 "
                                           "players a bid has no team characteristic (the declarer plays alone), "
                                           "not 'Exchange Y Duo'"),
    (5, {"minimum_bid": "Exchange Y Trio"}, "minimum_bid must be a bid of the 5-player table, with Duo or Solo: with "
                                            "5 players the team characteristic is one of Duo, Solo"),
    (6, {"positive_multiples": (6, 3)}, "positive_multiples must give 3 numbers with 6 players (Solo, Duo, Trio), "
                                        "from 0 to 99, not (6, 3)"),
    (4, {"hands": 6}, "the number of hands must be a positive multiple of 4"),
    (4, {"zero_sum_multiples": (4, 1)}, "zero_sum_multiples must keep every hand adding up to zero: with 4 players "
                                        "the Solo multiple must be a multiple of 3 (the 3 opponents share what the "
                                        "declarer wins), not 4"),
    (6, {"zero_sum_multiples": (5, 2)}, "zero_sum_multiples must give 3 numbers with 6 players (Solo, Duo, Trio)"),
    (3, {"two_player_piles": 5}, "two_player_piles is a rule of the 2-player game: leave it None with 3 players, "
                                 "not 5"),
    (2, {"two_player_piles": 7, "talon_size": 6}, "talon_size must leave the same number of cards to each player: "
                                                  "with 2 players and 34 cards, one of 2, 4 (at most 4"),
]


@pytest.mark.parametrize("players, variant, sentence", UNPLAYABLE, ids=lambda v: str(v)[:40])
def test_rules_that_would_make_a_game_unplayable_are_refused_naming_the_rule_and_its_bounds(players, variant, sentence):
    """Le Plateau's own sentences; the engine, the fast path, a scenario and simulate all refuse."""
    assert_refused_everywhere("le_plateau", players, variant, sentence,
                              also=[lambda: le_plateau.scenario(f"players: {players}", seed=2, **variant)])


def test_a_save_with_a_bidding_table_or_a_minimum_bid_le_plateau_refuses_does_not_load():
    save = json.loads(le_plateau.new_game(4, seed=11).to_json())
    for name, value in (("bid_values", [2, 1, 3, 4, 5, 6, 7, 8, 9, 10]), ("minimum_bid", "Swap Y")):
        with pytest.raises(ParseError) as caught:
            load_json(json.dumps({**save, "variant": {**save["variant"], name: value}}))
        assert caught.value.where.startswith(f"variant.{name}")


def test_every_value_the_soak_plays_plays_a_whole_game_at_some_table():
    """Stricter than the generic suite (a game begins at some table): a game under it ends."""
    for option in SPEC.options:
        for value in option.played_values():
            played = 0
            for players in SPEC.players:
                try:
                    game = le_plateau.new_game(players, seed=1, **{option.name: value})
                except ValueError:
                    continue
                played += play_out(game, [RandomBot(s) for s in range(players)]).is_over
            assert played, (option.name, value)


def test_the_rulebook_s_rules_are_the_defaults():
    for players in SPEC.players:
        rules = rules_of(players, {})
        assert rules.bid_values == tuple(range(1, 11)) and rules.team_step == 5
        assert [rules.value(bid) for bid in rules.bids] == sorted(rules.value(bid) for bid in rules.bids)
        assert rules.minimum_value == {2: 3, 3: 1, 4: 3, 5: 1, 6: 3}[players]
        assert (rules.hand_size, rules.talon_size) == {2: (6, 2), 3: (13, 3), 4: (13, 3), 5: (13, 3),
                                                       6: (12, 6)}[players]
    assert rules_of(6, {}).value(parse_bid("No Exchange Six sides Solo")) == 20


# ---------------------------------------------------------------- a rule set has a name


def test_a_rule_set_is_named_standard_by_its_changes_or_by_the_caller():
    assert le_plateau.new_game(4, seed=1).setup.rules == "standard"
    assert le_plateau.new_game(4, seed=1, **SPEC.check_variant({})).setup.rules == "standard"
    state = le_plateau.new_game(4, seed=1, team_step=8, talon_size=7)
    assert state.setup.rules == "team step 8, talon size 7"
    named = le_plateau.new_game(4, seed=1, team_step=8, talon_size=7, rules_name="  small hands ")
    assert named.setup.rules == "small hands" and named == state


def test_a_simulation_table_carries_the_rule_set_s_name():
    from plateau_lab.lab.simulate import simulate

    table = simulate("le_plateau", 3, players=4, variant={"team_step": 8, "talon_size": 7}, workers=1,
                     bots=["bold", "heuristic", "random", "bold"], progress=False).to_pandas()
    assert set(table["rules"]) == {"team step 8, talon size 7"}
    named = simulate("le_plateau", 2, players=4, variant={"team_step": 8, "rules_name": "steep"}, workers=1,
                     progress=False).to_pandas()
    assert set(named["rules"]) == {"steep"}


def test_a_scenario_under_a_rule_set_reads_back_under_it():
    variant = {"bid_values": (1, 2, 3, 5, 8, 13, 21, 34, 55, 89), "team_step": 0, "talon_size": 7,
               "positive_only": True, "positive_multiples": (5, 2), "hands": 8}
    state = le_plateau.new_game(4, seed=3, **variant)
    players = [HeuristicBot(seat) for seat in range(4)]
    while state.hand_number < 3 or state.phase != "bidding":
        state = state.apply(players[state.current_player].choose(state))
    assert any(state.results)                                   # a hand was played and scored under the rule set
    again = le_plateau.scenario(scenario_text(state), seed=state.setup.seed, **state.setup.variant)
    assert again == state and again.totals == state.totals and [len(hand) for hand in again.hands] == [12] * 4
    middle = "players: 4\nbid: 2 No Exchange Y Duo\npartners: 0\ntricks played: 2\ndeclarers: T1\nopponents: T2\nlead: 1"
    for rules in ({}, variant):
        position = le_plateau.scenario(middle, seed=5, **rules)
        held = 13 if not rules else 12
        assert len(position.talon) == (3 if not rules else 7) and all(len(hand) == held - 2 for hand in position.hands)
        assert position.value == (4 if not rules else 5)
