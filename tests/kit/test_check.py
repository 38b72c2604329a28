"""'Check my game' finds what is wrong with a description, in words, before anyone plays: fed broken
descriptions, it names each problem (and a sound game passes)."""

import random
import sys

import pytest

from plateau_lab.kit import Bidding, Scoring, TrickGame
from plateau_lab.kit.check import DEFAULT_GAMES, check_game
from plateau_lab.kit.examples import OH_HELL
from tests.kit.games import BIDDERS, HEARTS_LIKE, LOWEST, SHARED

BASE = dict(players=range(3, 5), suits="CDSH", ranks="2 3 4 5 6 7 8 9", hand_size=6)


def described(name, **parts):
    return TrickGame(name, name.replace("_", " ").capitalize(), **{**BASE, **parts})


def test_a_sound_game_passes_500_random_games_by_default():
    report = check_game(LOWEST)
    assert report.ok and report.games == DEFAULT_GAMES == 500 and report.compared > 100
    assert str(report).startswith("Lowest wins: 500 random games checked (3 to 5 players)")


@pytest.mark.parametrize("game", [OH_HELL, HEARTS_LIKE, BIDDERS], ids=lambda game: game.SPEC.name)
def test_the_kit_s_own_games_pass(game):
    report = check_game(game, games=60)
    assert report.ok, str(report)


def test_shared_tricks_counting_their_card_points_for_each_winner_are_told():
    """The test game Shared tricks means it, but a class may not: the check says so."""
    report = check_game(SHARED, games=60)
    assert len(report.problems) == 1 and report.problems[0].startswith("The card points do not add up in ")


def test_a_description_the_kit_refuses_is_the_one_problem():
    report = check_game(described("bad_trumps", trumps="hearts"))
    assert not report.ok and report.games == 0
    assert report.problems == ("the description's trumps: no suit 'hearts'; trumps are None (no trumps), a suit "
                               "among C, D, S, H, or 'turned up'",)


@pytest.mark.parametrize("hook, parts", [
    ("trick_winner", dict(trick_winner=lambda trick, table: trick[0][1].value)),
    ("may_play", dict(may_play=lambda hand, table: [card for card in hand if card.rank == "2"][0:1] * 1 / 0)),
    ("hand_size", dict(hand_size=lambda players, most, rng: most // 0)),
    ("may_bid", dict(bidding=Bidding(may_bid=lambda bid, table: table.bids[5] is None))),
    ("score", dict(scoring=Scoring(score=lambda result, table: result.tricks / 2))),
])
def test_a_failing_hook_is_named_with_the_position(hook, parts):
    report = check_game(described(f"failing_{hook}", **parts), games=12)
    assert len(report.problems) == 1, str(report)
    problem = report.problems[0]
    assert problem.startswith(f"The function {hook} failed in ") and "the first time at " in problem
    assert ("deal number" in problem) and ("raised" in problem or "not a whole number" in problem)


def test_a_player_with_no_legal_move_is_reported():
    no_hearts = described("no_hearts", may_play=lambda hand, table: [card for card in hand if card.suit != "H"])
    report = check_game(no_hearts, games=30)
    assert report.problems and report.problems[0].startswith("A player had no legal move in ")
    assert "no card to play" in report.problems[0]
    odd_bids = described("no_bid", bidding=Bidding(may_bid=lambda bid, table: bid > table.hand_size))
    report = check_game(odd_bids, games=5)
    assert len(report.problems) == 1
    assert report.problems[0].startswith("A player had no legal move in 5 of 5 games; the first time at the bidding")
    assert report.problems[0].endswith("could not bid.")


def test_card_points_that_do_not_add_up_are_reported():
    everyone = described("everyone_wins", trick_winner=lambda trick, table: [seat for seat, _ in trick],
                         scoring=Scoring(per_trick=0, card_points={"H": 1}))
    report = check_game(everyone, games=20)
    assert len(report.problems) == 1 and report.problems[0].startswith("The card points do not add up in ")
    assert "counts its cards for each of them" in report.problems[0]


def test_a_hook_that_draws_at_random_is_reported_as_a_game_that_does_not_replay():
    draw = random.Random(1)
    dice = described("dice_winner", trick_winner=lambda trick, table: draw.choice(trick)[0])
    report = check_game(dice, games=20)
    assert any(problem.startswith("A game did not replay the same in ") for problem in report.problems), str(report)


def peeking(hand, table):
    """May play only the suits the next player lacks: read from the engine's state, which no hook is given."""
    frame = sys._getframe(1)
    while frame is not None and not hasattr(frame.f_locals.get("self"), "hands"):
        frame = frame.f_back
    if frame is None:               # asked by the expert's model, away from any state
        return hand
    state = frame.f_locals["self"]
    following = {card.suit for card in state.hands[(table.seat + 1) % table.players]}
    return [card for card in hand if card.suit not in following] or hand


def test_a_hook_that_peeks_at_hidden_cards_is_reported():
    report = check_game(described("peeking", may_play=peeking, hand_size=3), games=100)
    assert any(problem.startswith("The function may_play peeks at hidden cards in ") for problem in report.problems), \
        str(report)
    assert "was offered other moves when only cards he cannot see were dealt otherwise" in str(report)


def test_the_number_of_games_is_checked():
    with pytest.raises(ValueError, match="games must be a whole number from 1"):
        check_game(LOWEST, games=0)


def peeking_winner(trick, table):
    """The player of the trick holding most hearts still wins it: read from the engine's state."""
    frame = sys._getframe(1)
    while not hasattr(frame.f_locals.get("self"), "hands"):
        frame = frame.f_back
    hands = frame.f_locals["self"].hands
    return max((seat for seat, _ in trick), key=lambda seat: sum(card.suit == "H" for card in hands[seat]))


def test_a_trick_winner_that_peeks_at_hidden_cards_is_reported():
    report = check_game(described("peeking_winner", trick_winner=peeking_winner), games=200)
    assert any(problem.startswith("The function trick_winner peeks at hidden cards in ") for problem in report.problems), \
        str(report)


def test_something_that_is_no_description_is_refused_in_words():
    report = check_game("a game of hearts")
    assert report.problems == ("the description's game: a game is described as TrickGame(...) or RowGame(...), not str",)
