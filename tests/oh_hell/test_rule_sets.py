"""Every rule a parameter (issue 29), for Oh Hell: each number of OpenSpiel's game is an option and
does what it says, the engine, the fast path, the scenarios and the bots read only the hand's rules
(``State.rules``, ``rules.rules_of``), a rule set that would make a hand unplayable is refused with
the game's sentence naming the rule and its bounds, and the heuristic bots react to the rules where
a player would. What every game's rule sets share (the fast path in lockstep on rule sets drawn at
random, every bot on both paths, bounds, saves, scenarios) is in ``tests/test_rule_sets.py``."""

import importlib
import inspect

import pytest

from rulesets import assert_refused_everywhere

from plateau_lab.core import IllegalAction, ParseError, play_out
from plateau_lab.core.bots import RandomBot
from plateau_lab.games import oh_hell
from plateau_lab.games.oh_hell import BoldBot, HeuristicBot, fast
from plateau_lab.games.oh_hell.scoring import score_sheet

SPEC = oh_hell.SPEC
PLAYERS = range(3, 8)


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


@pytest.mark.parametrize("players, variant, sentence", UNPLAYABLE, ids=lambda v: str(v)[:40])
def test_rules_that_would_make_a_hand_unplayable_are_refused_naming_the_rule_and_its_bounds(players, variant, sentence):
    assert_refused_everywhere("oh_hell", players, variant, sentence)


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


# ---------------------------------------------------------------- a rule set has a name


def test_a_rule_set_is_named_standard_by_its_changes_or_by_the_caller():
    assert oh_hell.new_game(4, seed=1).setup.rules == "standard"
    assert oh_hell.new_game(4, seed=1, **SPEC.check_variant({})).setup.rules == "standard"
    state = oh_hell.new_game(4, seed=1, made_bid_bonus=5, hook_rule=False, suits=3)
    assert state.setup.rules == "made bid bonus 5, no hook rule, suits 3"
    named = oh_hell.new_game(4, seed=1, made_bid_bonus=5, hook_rule=False, suits=3, rules_name=" three suits ")
    assert named.setup.rules == "three suits" and named == state          # the name changes no move


def test_the_coach_counts_the_top_cards_of_a_shorter_deck_in_a_bid_s_reason():
    from plateau_lab.games.oh_hell.expert_model import reasons

    text = "dealer: 2\ntrump: 2H\nhand 0: 6S, 6C, 5S\nhand 1: 2S, 3S, 4S\nhand 2: 2C, 3C, 4C"
    short = oh_hell.scenario(text, seed=1, cards_per_suit=5)
    assert "no trumps (hearts) and two other top cards in your hand" in reasons(short, 0, short.legal_actions()[2], (0.0, 0.5))
    rulebook = oh_hell.scenario(text.replace("6S, 6C", "AS, AC"), seed=1)
    assert "two other aces in your hand" in reasons(rulebook, 0, rulebook.legal_actions()[2], (0.0, 0.5))
