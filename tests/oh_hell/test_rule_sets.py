"""Every rule a parameter (issue 29), for Oh Hell: each number of OpenSpiel's game is an option,
the engine, the fast path, the scenarios and the bots read only the hand's rules (``State.rules``,
``rules.rules_of``), the fast path stays exact on rule sets drawn at random, a rule set has a name
that saves carry, and a rule set that would make a hand unplayable is refused with a sentence
naming the rule and its bounds. The heuristic bots react to the rules where a player would."""

import importlib
import inspect
import json
import random

import pytest

from lockstep import Follower

from plateau_lab.core import IllegalAction, ParseError, load_json, play_out, rule_set_name
from plateau_lab.core.bots import RandomBot
from plateau_lab.games import oh_hell
from plateau_lab.games.oh_hell import BoldBot, HeuristicBot, fast
from plateau_lab.games.oh_hell.rules import rules_of
from plateau_lab.games.oh_hell.scenario import scenario_text
from plateau_lab.games.oh_hell.scoring import score_sheet

SPEC = oh_hell.SPEC
PLAYERS = range(3, 8)


def random_value(option, rng):
    """A value of ``option`` drawn within its bounds (None where allowed, now and then)."""
    if option.none and rng.random() < 0.4:
        return None
    if option.kind is bool:
        return rng.random() < 0.5
    return rng.randint(option.low, option.high)


def random_rule_sets(count, seed):
    """``count`` (players, variant) pairs drawn at random within the options' bounds, every option
    changed at once, keeping those the game accepts (the others are refused, as tested below)."""
    rng = random.Random(seed)
    drawn, refused = [], 0
    while len(drawn) < count:
        players = rng.choice(PLAYERS)
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
MANY_RULE_SETS = random_rule_sets(300, seed=2029)


def name_of(value):
    return rule_set_name("oh_hell", value)[:60] if isinstance(value, dict) else str(value)


def mixed_bots(players, bot_seeds):
    """A heuristic, a bold and a random bot in turn round the table, by name and as bots."""
    names = (["heuristic", "bold", "random"] * 3)[:players]
    makers = {"heuristic": HeuristicBot, "bold": BoldBot, "random": RandomBot}
    return names, [makers[name](seed) for name, seed in zip(names, bot_seeds)]


def check_lockstep(players, variant, seed):
    """The fast path's hand, move by move on the engine: random bots, then heuristic, bold and random bots."""
    bot_seeds = [seed * 13 + seat for seat in range(players)]
    follow = Follower(oh_hell.new_game(players, seed=seed, **variant), bot_seeds)
    record = fast.play_fast(players, seed, bot_seeds, variant, on_step=follow)
    assert follow.state.is_over and record.scores == follow.state.scores
    assert record.actions == len(follow.state.history)
    names, bots = mixed_bots(players, bot_seeds)
    follow = Follower(oh_hell.new_game(players, seed=seed, **variant), bots=bots)
    record = fast.play_fast(players, seed, bot_seeds, variant, bots=names, on_step=follow)
    assert follow.state.is_over and record.scores == follow.state.scores
    assert record == fast.play_public(oh_hell.new_game(players, seed=seed, **variant), mixed_bots(players, bot_seeds)[1])


# ---------------------------------------------------------------- the fast path is exact on any rule set


@pytest.mark.parametrize("players, variant", RULE_SETS, ids=name_of)
def test_the_fast_path_plays_the_engine_s_hand_move_by_move_under_any_rule_set(players, variant):
    for seed in range(3):
        check_lockstep(players, variant, seed)


@pytest.mark.slow
def test_the_fast_path_plays_the_engine_s_hand_under_hundreds_of_rule_sets():
    for number, (players, variant) in enumerate(MANY_RULE_SETS):
        for seed in range(number % 3, number % 3 + 4):
            check_lockstep(players, variant, seed)


@pytest.mark.parametrize("players, variant", RULE_SETS[:30], ids=name_of)
def test_the_fast_path_plays_on_from_a_position_as_the_engine_under_any_rule_set(players, variant):
    bot_seeds = [5 + seat for seat in range(players)]
    state = oh_hell.new_game(players, seed=7, **variant)
    rng = random.Random(players)
    for _ in range(rng.randint(0, players + 2)):          # mid-bidding, or a trick under way
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    names, bots = mixed_bots(players, bot_seeds)
    assert fast.play_on(state, bot_seeds) == fast.play_public(state, [RandomBot(s) for s in bot_seeds])
    assert fast.play_on(state, bot_seeds, bots=names) == fast.play_public(state, bots)


# ---------------------------------------------------------------- each rule changes the hand


def test_the_deck_of_a_rule_set_deals_only_its_suits_and_ranks():
    state = oh_hell.new_game(3, seed=4, suits=2, cards_per_suit=5, tricks=3)
    cards = [*(card for hand in state.hands for card in hand), state.trump_card, *state.stock]
    assert sorted(map(str, cards)) == sorted(f"{rank}{suit}" for suit in "CD" for rank in range(2, 7))
    assert len(state.stock) == 10 - 9 - 1 and state.rules.most_tricks == 3
    seen = {oh_hell.new_game(4, seed=seed, suits=1, cards_per_suit=9).tricks for seed in range(60)}
    assert seen == {1, 2}                                  # chance draws 1 to (9 - 1) // 4 tricks
    final = play_out(state, [RandomBot(s) for s in range(3)])
    assert final.is_over and sum(final.tricks_won) == 3


def test_the_exact_bid_bonus_is_a_rule():
    text = "dealer: 2\ntrump: 2H\nhand 0: QS, 3D\nhand 1: 3S, 4D\nhand 2: 5H, AC\nbids: 1 0 0"
    moves = ("play QS", "play 3S", "play AC", "play 3D", "play 4D", "play 5H")
    scores = {}
    for bonus in (10, 0, 25):
        state = oh_hell.scenario(text, seed=1, made_bid_bonus=bonus)
        for move in moves:
            state = state.apply(move)
        scores[bonus] = state.scores
        sheet = score_sheet(state, 0)
        assert f"+{bonus} for an exact bid" in sheet.title and sheet.rows[0].total == state.scores[0]
    assert scores == {10: (11, 10, 1), 0: (1, 0, 1), 25: (26, 25, 1)}


def test_without_the_hook_rule_the_dealer_may_make_the_bids_total_the_tricks():
    text = "dealer: 2\ntrump: 2H\nhand 0: 3C\nhand 1: 4D\nhand 2: AH\nbids: 0 0 -"
    hooked = oh_hell.scenario(text, seed=1)
    assert [str(action) for action in hooked.legal_actions()] == ["bid 0"]
    with pytest.raises(IllegalAction, match="hook rule"):
        hooked.apply("bid 1")
    free = oh_hell.scenario(text, seed=1, hook_rule=False)
    assert [str(action) for action in free.legal_actions()] == ["bid 0", "bid 1"]
    assert free.apply("bid 1").bids == (0, 0, 1)
    with pytest.raises(ParseError, match="hook rule"):
        oh_hell.scenario(text.replace("0 0 -", "0 0 1"), seed=1)
    assert oh_hell.scenario(text.replace("0 0 -", "0 0 1"), seed=1, hook_rule=False).bids == (0, 0, 1)


def test_a_rule_set_drawn_at_random_changes_the_hands_played():
    changed = 0
    for number, (players, variant) in enumerate(RULE_SETS):
        if rule_set_name("oh_hell", variant) == "standard":
            continue
        bots = [RandomBot(seat) for seat in range(players)]
        ours = play_out(oh_hell.new_game(players, seed=number, **variant), bots)
        rulebook = play_out(oh_hell.new_game(players, seed=number), [RandomBot(seat) for seat in range(players)])
        changed += (ours.position(), ours.scores) != (rulebook.position(), rulebook.scores)
    assert changed >= len(RULE_SETS) - 2


# ---------------------------------------------------------------- the bots react to the rules


def first_seat(variant, bot, games=300):
    """Over ``games`` fast hands of 4 players, 6 tricks, ``bot`` in seat 0 and random bots in the
    others: seat 0's mean tricks won, the share of hands it ends above its bid, and its mean bid."""
    won = over = bids = 0
    for seed in range(games):
        record = fast.play_fast(4, seed, [seed + seat for seat in range(4)], {"tricks": 6, **variant},
                                bots=[bot, "random", "random", "random"])
        seat = record.extras[0]
        won, over, bids = won + seat["tricks"], over + (seat["tricks"] > seat["bid"]), bids + seat["bid"]
    return won / games, over / games, bids / games


def test_the_bots_take_more_tricks_when_a_trick_pays_more_than_the_exact_bid():
    cautious_tricks, cautious_over, _ = first_seat({}, "heuristic")
    greedy_tricks, greedy_over, _ = first_seat({"made_bid_bonus": 0}, "heuristic")
    assert greedy_tricks > cautious_tricks + 0.2 and greedy_over > cautious_over + 0.1, (
        cautious_tricks, greedy_tricks, cautious_over, greedy_over)
    # with the penalty for every trick off the bid, a trick past the bid never pays: the bot ducks as before
    assert first_seat({"made_bid_bonus": 0, "off_bid_penalty": True}, "heuristic") == first_seat({}, "heuristic")


def test_the_bold_bot_bids_higher_and_plays_for_points_once_its_bid_is_lost():
    _, cautious_over, cautious_bids = first_seat({}, "heuristic", games=200)
    bold_tricks, bold_over, bold_bids = first_seat({}, "bold", games=200)
    assert bold_bids > cautious_bids + 0.2 and bold_over < cautious_over, (cautious_bids, bold_bids)
    # player 0 bid 0 but has won a trick: the bold bot takes what it can, the cautious one ducks
    text = ("dealer: 3\ntrump: 2H\nhand 0: AS, KS\nhand 1: 3S, 4S\nhand 2: 5S, 6S\nhand 3: 7S, 8S\n"
            "bids: 0 1 1 0\ntricks won: 1 0 0 0\nleader: 0\nplayed: 9C, 10C, JC, QC")
    state = oh_hell.scenario(text, seed=1)
    assert str(HeuristicBot(0).choose(state)) == "play KS" and str(BoldBot(0).choose(state)) == "play AS"
    # with the penalty for every trick off the bid, a trick past a lost bid costs: the bold bot ducks too
    penalised = oh_hell.scenario(text, seed=1, off_bid_penalty=True)
    assert str(BoldBot(0).choose(penalised)) == "play KS"


def test_the_bots_value_the_top_cards_of_a_shorter_deck():
    text = "dealer: 2\ntrump: 2H\nhand 0: 6S, 6C, 5S\nhand 1: 2S, 3S, 4S\nhand 2: 2C, 3C, 4C"
    short = oh_hell.scenario(text, seed=1, cards_per_suit=5)
    assert str(HeuristicBot(0).choose(short)) == "bid 2"          # two top cards (0.85 + 0.85) and the 5 under the top (0.5)
    assert str(HeuristicBot(0).choose(oh_hell.scenario(text, seed=1))) == "bid 0"


RULEBOOK_NAMES = ("MADE_BID_BONUS", "POINTS_PER_TRICK", "HOOK_RULE", "SUIT_COUNT", "CARDS_PER_SUIT", "TRUMP_CARDS",
                  "MAX_POINTS_PER_TRICK", "MAX_BONUS", "max_tricks(", "hand_score(", "legal_bids(", "variant[")
STATE, SCENARIO, EXPERT_MODEL, SCORING = (importlib.import_module(f"plateau_lab.games.oh_hell.{name}")
                                          for name in ("state", "scenario", "expert_model", "scoring"))


@pytest.mark.parametrize("code", [fast, oh_hell.bots, SCENARIO, STATE, EXPERT_MODEL, SCORING.score_sheet],
                         ids=lambda code: code.__name__)
def test_the_engine_the_fast_path_and_the_bots_read_no_rulebook_number_but_the_rule_set(code):
    """Only ``rules.py`` turns the rulebook's numbers and the options into a hand's rules."""
    source = inspect.getsource(code)
    assert [name for name in RULEBOOK_NAMES if name in source] == []


@pytest.mark.parametrize("code", [oh_hell.bots, SCENARIO, STATE], ids=lambda code: code.__name__)
def test_the_engine_and_the_bots_deal_from_the_rule_set_s_deck(code):
    assert "DECK" not in inspect.getsource(code)


# ---------------------------------------------------------------- bad values are refused


OUT_OF_BOUNDS = [
    ("made_bid_bonus", -1, ValueError, "made_bid_bonus must be a whole number from 0 to 100, not -1"),
    ("made_bid_bonus", 101, ValueError, "made_bid_bonus must be a whole number from 0 to 100, not 101"),
    ("made_bid_bonus", 2.0, TypeError, "made_bid_bonus must be a whole number from 0 to 100, not 2.0"),
    ("points_per_trick", 101, ValueError, "points_per_trick must be a whole number from 0 to 100, not 101"),
    ("suits", 0, ValueError, "suits must be a whole number from 1 to 4, not 0"),
    ("suits", 5, ValueError, "suits must be a whole number from 1 to 4, not 5"),
    ("cards_per_suit", 1, ValueError, "cards_per_suit must be a whole number from 2 to 13, not 1"),
    ("cards_per_suit", 14, ValueError, "cards_per_suit must be a whole number from 2 to 13, not 14"),
    ("tricks", 18, ValueError, "tricks must be a whole number from 1 to 17, not 18"),
    ("tricks", 0, ValueError, "tricks must be a whole number from 1 to 17, not 0"),
    ("hook_rule", 1, TypeError, "hook_rule must be true or false"),
    ("off_bid_penalty", "yes", TypeError, "off_bid_penalty must be true or false"),
]

#: Values within every option's bounds that make a hand unplayable with these players: refused
#: naming the rule and its bounds for that table.
UNPLAYABLE = [
    (4, {"tricks": 13}, "tricks (for 4 players) must be a whole number from 1 to 12, not 13"),
    (3, {"suits": 2, "cards_per_suit": 5, "tricks": 4},
     "tricks (for 3 players and a deck of 10 cards) must be a whole number from 1 to 3, not 4"),
    (7, {"suits": 2, "cards_per_suit": 3},
     "cards_per_suit must be from 4 to 13 with 7 players and 2 suits (each player is dealt at least one card and "
     "one more is turned up for trumps), not 3"),
    (3, {"suits": 1, "cards_per_suit": 3},
     "cards_per_suit must be from 4 to 13 with 3 players and 1 suit"),
]


def rulebook_game():
    """What a refusal must leave alone: a hand, its save and the fast path's hand under the rulebook."""
    state = oh_hell.new_game(4, seed=11)
    return state, state.to_json(), fast.play_fast(4, 11, [1, 2, 3, 4], {}), SPEC.check_variant({})


@pytest.mark.parametrize("name, value, error, sentence", OUT_OF_BOUNDS, ids=lambda v: str(v)[:30])
def test_a_value_out_of_its_bounds_is_refused_naming_the_rule_and_its_bounds(name, value, error, sentence):
    before = rulebook_game()
    with pytest.raises(error) as caught:
        oh_hell.new_game(4, seed=11, **{name: value})
    assert str(caught.value).startswith(sentence)
    with pytest.raises(error, match=name):
        fast.play_fast(4, 11, [1, 2, 3, 4], {name: value})
    with pytest.raises(error, match=name):
        oh_hell.scenario(oh_hell.EXAMPLE_SCENARIO, seed=1, **{name: value})
    save = json.loads(before[1])
    save["variant"][name] = value
    with pytest.raises(ParseError) as caught:
        load_json(json.dumps(save))
    assert caught.value.where == f"variant.{name}" and caught.value.what.startswith(sentence)
    assert rulebook_game() == before                      # nothing changed


@pytest.mark.parametrize("players, variant, sentence", UNPLAYABLE, ids=lambda v: str(v)[:40])
def test_rules_that_would_make_a_hand_unplayable_are_refused_naming_the_rule_and_its_bounds(players, variant, sentence):
    from plateau_lab.lab.simulate import simulate

    before = rulebook_game()
    with pytest.raises(ValueError) as caught:
        oh_hell.new_game(players, seed=2, **variant)
    assert str(caught.value).startswith(sentence)
    for refuse in (lambda: fast.play_fast(players, 2, list(range(players)), variant),
                   lambda: simulate("oh_hell", 2, players=players, variant=variant, workers=1, progress=False)):
        with pytest.raises(ValueError) as caught:
            refuse()
        assert str(caught.value).startswith(sentence)
    assert rulebook_game() == before


def test_a_scenario_refuses_a_card_the_rule_set_s_deck_does_not_hold():
    with pytest.raises(ParseError, match=r"line 3 \(hand 0\): the deck of these rules holds no AS: 4 suits "
                                         r"\(clubs, diamonds, spades, hearts\) of 2 to 9"):
        oh_hell.scenario(oh_hell.EXAMPLE_SCENARIO, seed=1, cards_per_suit=8)
    with pytest.raises(ParseError, match="holds no 7H: 2 suits"):
        oh_hell.scenario(oh_hell.EXAMPLE_SCENARIO, seed=1, suits=2)


def test_every_option_is_documented_and_bounded_and_its_played_values_play():
    for option in SPEC.options:
        assert option.doc and option.name.islower()
        if option.kind is int:
            assert option.low is not None and option.high is not None, option.name
        for value in option.played_values():
            for players in PLAYERS:
                oh_hell.new_game(players, seed=1, **{option.name: value})   # the soak's values are playable


def test_a_rule_remembered_once_checked_is_no_door_for_an_equal_value_of_another_kind():
    """``1 == True`` and ``2 == 2.0`` in Python: a rule set played before must not let them through."""
    fast.play_fast(4, 1, [1, 2, 3, 4], {"hook_rule": True, "suits": 2, "cards_per_suit": 13})
    for variant, error in (({"hook_rule": 1}, "hook_rule must be true or false"),
                           ({"suits": 2.0}, "suits must be a whole number"),
                           ({"cards_per_suit": [13]}, "cards_per_suit must be a whole number")):
        with pytest.raises(TypeError, match=error):
            fast.play_fast(4, 1, [1, 2, 3, 4], variant)
        with pytest.raises(TypeError, match=error):
            rules_of(4, variant)
    with pytest.raises(TypeError, match="Oh Hell players must be a whole number from 3 to 7, not 4.0"):
        fast.play_fast(4.0, 1, [1, 2, 3, 4], {"hook_rule": True, "suits": 2, "cards_per_suit": 13})


# ---------------------------------------------------------------- a rule set has a name


def test_a_rule_set_is_named_standard_by_its_changes_or_by_the_caller():
    assert oh_hell.new_game(4, seed=1).setup.rules == "standard"
    assert oh_hell.new_game(4, seed=1, **SPEC.check_variant({})).setup.rules == "standard"
    state = oh_hell.new_game(4, seed=1, made_bid_bonus=5, hook_rule=False, suits=3)
    assert state.setup.rules == "made bid bonus 5, no hook rule, suits 3"
    named = oh_hell.new_game(4, seed=1, made_bid_bonus=5, hook_rule=False, suits=3, rules_name=" three suits ")
    assert named.setup.rules == "three suits" and named == state          # the name changes no move


def test_a_save_carries_the_rule_set_and_its_name_and_loading_restores_them():
    state = oh_hell.new_game(5, seed=6, suits=3, cards_per_suit=7, made_bid_bonus=4, hook_rule=False,
                             rules_name="small deck")
    state = play_out(state, [RandomBot(s) for s in range(5)])
    save = json.loads(state.to_json())
    assert save["rules"] == "small deck"
    assert {key: save["variant"][key] for key in ("suits", "cards_per_suit", "made_bid_bonus", "hook_rule")} == {
        "suits": 3, "cards_per_suit": 7, "made_bid_bonus": 4, "hook_rule": False}
    again = load_json(state.to_json())
    assert again == state and again.setup.rules == "small deck" and again.scores == state.scores
    assert again.rules == state.rules and len(again.rules.deck) == 21


def test_an_old_save_without_the_new_options_loads_as_before():
    old = {"format": 1, "game": "oh_hell", "players": 4, "seed": 12,
           "variant": {"tricks": 3, "points_per_trick": 2, "off_bid_penalty": True}, "actions": ["bid 1", "bid 0"]}
    state = load_json(json.dumps(old))
    assert state.setup.rules == "tricks 3, points per trick 2, off bid penalty" and len(state.history) == 2
    assert state == oh_hell.new_game(4, seed=12, tricks=3, points_per_trick=2, off_bid_penalty=True).apply(
        "bid 1").apply("bid 0")
    assert state.rules.made_bid_bonus == 10 and state.rules.hook_rule and len(state.rules.deck) == 52


def test_a_scenario_under_a_rule_set_reads_back_under_it():
    state = oh_hell.new_game(4, seed=3, suits=2, cards_per_suit=9, hook_rule=False, made_bid_bonus=3,
                             rules_name="two suits")
    state = state.apply(state.legal_actions()[-1])
    text = scenario_text(state)
    again = oh_hell.scenario(text, seed=state.setup.seed, **state.setup.variant)
    assert again == state and again.rules == state.rules
    assert load_json(state.to_json()) == state and load_json(state.to_json()).setup.rules == "two suits"
    played = play_out(state, [RandomBot(s) for s in range(4)])
    assert load_json(played.to_json()).scores == played.scores


def test_the_coach_counts_the_top_cards_of_a_shorter_deck_in_a_bid_s_reason():
    from plateau_lab.games.oh_hell.expert_model import reasons

    text = "dealer: 2\ntrump: 2H\nhand 0: 6S, 6C, 5S\nhand 1: 2S, 3S, 4S\nhand 2: 2C, 3C, 4C"
    short = oh_hell.scenario(text, seed=1, cards_per_suit=5)
    assert "no trumps (hearts) and two other top cards in your hand" in reasons(short, 0, short.legal_actions()[2], (0.0, 0.5))
    rulebook = oh_hell.scenario(text.replace("6S, 6C", "AS, AC"), seed=1)
    assert "two other aces in your hand" in reasons(rulebook, 0, rulebook.legal_actions()[2], (0.0, 0.5))
