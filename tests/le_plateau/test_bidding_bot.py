"""The heuristic bot's bids (issue 29): it weighs every bid it may make by its chance to make it and
what the result is worth under the game's scoring, so it bids Solo, Trio and the larger objectives
when its hand calls for them, and reacts to positive-only scoring."""

from collections import Counter

import pytest

from plateau_lab.games import le_plateau as lp
from plateau_lab.games.le_plateau import HeuristicBot, fast, parse_bid, parse_cards
from plateau_lab.games.le_plateau.bidding import OBJECTIVES, legal_bids
from plateau_lab.games.le_plateau.bots import (best_bid, bid_worth, hand_share, make_chance, result_worth,
                                               team_share)

STRONG = parse_cards("EXC 21 20 19 18 17 16 15 RS RH RC RD DS")
WEAK = parse_cards("1 2 3 4S 5S 6S 7H 8H 9H 7C 8C 9C 10D")


def first_bids(players: int, deals: int, **variant) -> list:
    """The opening choice of the first player (pass or a bid) in ``deals`` seeded deals."""
    bids = []
    for seed in range(deals):
        state = lp.new_game(players, seed=seed, **variant)
        bids.append(HeuristicBot(seed).choose(state))
    return bids


def test_the_chance_rises_with_the_share_and_falls_with_the_objective():
    for players in (2, 3, 4, 5, 6):
        for objective in OBJECTIVES:
            bid = parse_bid(f"No Exchange {objective}" + (" Solo" if players >= 4 else ""))
            chances = [make_chance(share / 20, bid, players) for share in range(21)]
            assert chances == sorted(chances) and chances[0] < 0.05 and chances[-1] > 0.95
        by_objective = [make_chance(0.45, parse_bid(f"No Exchange {objective}"), 3) for objective in OBJECTIVES]
        assert by_objective == sorted(by_objective, reverse=True)
    assert make_chance(0.4, parse_bid("Exchange Y"), 3) > make_chance(0.4, parse_bid("No Exchange Y"), 3)


def test_partners_add_an_average_share_of_the_rest():
    assert team_share(0.2, 1, 6) == 0.2
    assert team_share(0.2, 3, 6) == pytest.approx(0.2 + 2 * 0.8 / 5)


def test_a_hand_share_counts_the_cards_a_player_cannot_see_yet_as_average():
    two = lp.new_game(2, seed=3)
    seen = two.playable(0)
    assert len(seen) == 11 and 0.3 < hand_share(seen, two.rules) < 0.7   # 16 cards held, 5 face down
    four = lp.new_game(4, seed=3).rules
    assert hand_share(STRONG, four) > 0.45 > 0.1 > hand_share(WEAK, four)


def test_a_result_is_worth_what_the_variant_scores():
    assert result_worth(4, 1, False, True) == (3.5, -3.5)          # 3v, and each opponent pays v
    assert result_worth(4, 1, True, False) == (2.0, -1.0)          # positive-only: a loss costs nothing ...
    made, lost = result_worth(5, 2, False, True)                    # ... but every opponent scores 2v
    assert made == 2 + 0.5 * 3 / 4 - 0.5 * 1 / 4 and lost == -made
    rules = lp.new_game(4, seed=1).rules
    positive = lp.new_game(4, seed=1, positive_only=True).rules
    bid = parse_bid("Exchange Bridge Solo")
    assert bid_worth(bid, 0.3, positive) > bid_worth(bid, 0.3, rules)


def test_a_strong_hand_bids_high_and_a_weak_one_passes():
    for players in (3, 4, 5, 6):
        rules, bids = lp.new_game(players, seed=1).rules, legal_bids(players, above=None)
        strong = bids[best_bid(STRONG, rules, bids)]
        assert strong.team in (None, "Solo") and strong.objective != OBJECTIVES[0], players
        assert best_bid(WEAK, rules, bids) is None


def test_boldness_bids_more_often():
    rules, bids = lp.new_game(4, seed=1).rules, legal_bids(4, above=None)
    hands = [lp.new_game(4, seed=seed).hands[0] for seed in range(60)]
    cautious = sum(best_bid(hand, rules, bids) is not None for hand in hands)
    bold = sum(best_bid(hand, rules, bids, boldness=0.1) is not None for hand in hands)
    assert bold > cautious


@pytest.mark.parametrize("players", [4, 5, 6])
def test_every_team_size_and_larger_objectives_are_bid(players):
    """The bids of 4 to 6 heuristic bots over many deals include Solo and, with 6, Trio and Duo."""
    record = [row for seed in range(12) for row in fast.play_fast(players, seed, list(range(players)), {},
                                                                  bots=["heuristic"] * players).rounds
              if row["seat"] == 0 and not row["passed_out"]]
    teams = Counter(row["bid"].split()[-1] for row in record)
    objectives = Counter(row["objective"] for row in record)
    assert teams["Solo"] > 0 and (players < 6 or teams["Trio"] + teams["Duo"] > 0), teams
    assert len(objectives) >= 2, objectives


def test_positive_only_scoring_changes_the_bids():
    """A lost contract costs the declarer nothing with positive-only scoring, so the bots open more
    often and higher; the same deals then play differently."""
    for players in (3, 4, 6):
        zero_sum = first_bids(players, 40)
        positive = first_bids(players, 40, positive_only=True)
        assert zero_sum != positive
        opened = lambda bids: sum(str(bid) != "pass" for bid in bids)  # noqa: E731
        assert opened(positive) >= opened(zero_sum), players


def test_the_bot_is_deterministic_whatever_its_seed():
    state = lp.new_game(5, seed=4)
    assert len({str(HeuristicBot(seed).choose(state)) for seed in range(5)}) == 1
