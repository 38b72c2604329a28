"""Plotters Inc.: one test per rule, the rulebook's examples, errors, saves and the trace."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plateau_lab.core.bots import RandomBot
from plateau_lab.core import IllegalAction, ParseError, load_json, play_out
from plateau_lab.games import plotters
from plateau_lab.games.plotters import engine
from plateau_lab.games.plotters.cards import COLOURS, DEAL, Card, Keep, Play, Take, deck_for, parse_action, parse_card


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(word) for word in text.split())


def run(state, *actions: str):
    for action in actions:
        state = state.apply(action)
    return state


def sizes(state, seat: int) -> dict[str, int]:
    return {colour: size for colour, size in zip(COLOURS, state.open_sizes(seat)) if size}


# The rulebook's trick example, players A to E as seats 0 to 4; seat 4 deals so A leads.
TRICK_EXAMPLE = """
dealer: 4
hand 0: R10 G1
hand 1: Y6 G2
hand 2: R14 G3
hand 3: B2 G4
hand 4: Y16 G5
"""


# ---------------------------------------------------------------- components and preparation


def test_deck_by_player_count_follows_the_table():
    for players, expected in ((4, {c: 14 for c in COLOURS}), (6, {c: 21 for c in COLOURS}),
                              (5, {"blue": 17, "green": 17, "red": 18, "yellow": 18})):
        deck = deck_for(players)
        assert len(set(deck)) == len(deck) == sum(expected.values())
        for colour, highest in expected.items():
            assert sorted(c.number for c in deck if c.colour == colour) == list(range(1, highest + 1))
    assert (len(deck_for(4)), len(deck_for(5)), len(deck_for(6))) == (56, 70, 84)
    for players in (3, 7):
        with pytest.raises(ValueError, match="from 4 to 6, not"):
            plotters.new_game(players, seed=1)


@pytest.mark.parametrize("players", [4, 5, 6])
def test_deal_gives_every_player_14_cards_from_the_whole_deck(players):
    game = plotters.new_game(players, seed=3)
    assert [len(hand) for hand in game.hands] == [14] * players
    dealt = [card for hand in game.hands for card in hand]
    assert sorted(dealt) == sorted(deck_for(players))
    assert plotters.new_game(players, seed=3).hands == game.hands
    assert plotters.new_game(players, seed=4).hands != game.hands


def test_player_left_of_dealer_leads_the_first_trick():
    game = plotters.new_game(4, seed=1)
    assert (game.dealer, game.leader, game.current_player) == (0, 1, 1)
    assert plotters.scenario(TRICK_EXAMPLE).current_player == 0


def test_one_round_per_player_and_the_deal_passes_left():
    game = plotters.new_game(5, seed=8)
    bots = [RandomBot(seed) for seed in range(5)]
    dealers = []
    while not game.is_over:
        if game.phase == engine.ROUND_OVER:
            assert game.current_player == (game.dealer + 1) % 5
            assert game.legal_actions() == (DEAL,)
            game = game.apply("deal")
            assert all(len(hand) == 14 for hand in game.hands)
            assert game.current_player == (game.dealer + 1) % 5
        dealers.append(game.dealer)
        game = game.apply(bots[game.current_player].choose(game))
    assert sorted(set(dealers)) == [0, 1, 2, 3, 4]
    in_turn = [dealer for index, dealer in enumerate(dealers) if index == 0 or dealer != dealers[index - 1]]
    assert in_turn == [0, 1, 2, 3, 4]  # the deal passes to the left (clockwise), once to every seat
    assert len(game.round_scores) == 5


# ---------------------------------------------------------------- trick play


def test_free_lead_sets_the_trump_colour():
    game = plotters.new_game(4, seed=2)
    leader = game.current_player
    assert {action.card for action in game.legal_actions()} == set(game.hands[leader])
    lead = game.hands[leader][-1]
    game = game.apply(Play(lead))
    assert engine.trump_colour(game.trick) == lead.colour
    assert f"{lead.colour} is trump" in game.log[-1]


def test_no_duty_to_follow_the_led_colour():
    game = plotters.scenario(TRICK_EXAMPLE).apply("play R10")
    # player 1 holds no red; player 2 holds the red 14 but may play green instead
    game = game.apply("play Y6")
    assert {str(a) for a in game.legal_actions()} == {"play R14", "play G3"}
    assert game.apply("play G3").trick[-1] == (2, parse_card("G3"))


def test_at_most_three_colours_in_a_trick():
    game = run(plotters.scenario(TRICK_EXAMPLE), "play R10", "play Y6", "play R14", "play B2")
    assert [str(a) for a in game.legal_actions()] == ["play Y16"]
    with pytest.raises(IllegalAction, match=r"at most 3 colours in a trick.*green would be a fourth colour"):
        game.apply("play G5")


def test_round_ends_at_once_when_a_player_holds_only_the_forbidden_colour():
    game = plotters.scenario("""
        dealer: 3
        trick: R10 Y6
        hand 0: R1
        hand 1: Y1
        hand 2: B2 R3
        hand 3: G5 G6
        open 0: R2 B3
    """)
    blocked = game.apply("play B2")
    assert blocked.phase == engine.GAME_OVER or blocked.phase == engine.ROUND_OVER
    assert blocked.hands == ((), (), (), ())
    assert sorted(blocked.worthless) == sorted(cards("R10 Y6 B2 R1 Y1 R3 G5 G6"))
    assert "cannot play" in blocked.log[-6] and "worthless" in blocked.log[-6]
    assert blocked.round_scores[-1] == (1, 0, 0, 0)  # only the collected cards count: 1 × 1
    # playing red instead keeps the trick at two colours, so player 3 may play green
    assert run(game, "play R3").legal_actions() == (Play(parse_card("G5")), Play(parse_card("G6")))


# ---------------------------------------------------------------- the two winners of a trick


def test_high_is_the_highest_card_of_the_led_colour():
    trick = ((0, parse_card("R10")), (1, parse_card("Y6")), (2, parse_card("R14")), (3, parse_card("Y20")))
    assert engine.high_play(trick) == (2, parse_card("R14"))


def test_low_is_the_lowest_card_not_of_the_led_colour_and_the_first_played_wins_a_tie():
    trick = ((0, parse_card("R10")), (1, parse_card("Y6")), (2, parse_card("R1")), (3, parse_card("B6")),
             (4, parse_card("G9")))
    assert engine.low_play(trick) == (1, parse_card("Y6"))
    assert engine.low_play(trick[:1] + trick[2:]) == (3, parse_card("B6"))
    assert engine.low_play(((0, parse_card("R10")), (1, parse_card("R2")))) is None


def test_low_tie_goes_to_the_first_played_not_to_the_lowest_seat():
    # Player 3 leads, so player 0 plays after player 2: the blue 6 of player 2 came first.
    game = plotters.scenario("dealer: 2\nhand 0: Y6 G1\nhand 1: R2 G2\nhand 2: B6 G3\nhand 3: R10 G4")
    game = run(game, "play R10", "play Y6", "play R2", "play B6")
    assert [seat for seat, _ in game.trick] == [3, 0, 1, 2]
    assert game.low == (0, parse_card("Y6"))
    game = run(plotters.scenario("dealer: 2\nhand 0: B6 G1\nhand 1: R2 G2\nhand 2: Y6 G3\nhand 3: R10 G4"),
               "play R10", "play B6", "play R2", "play Y6")
    assert game.low == (0, parse_card("B6"))
    late = run(plotters.scenario("dealer: 0\nhand 0: Y6 G1\nhand 1: R10 G2\nhand 2: R2 G3\nhand 3: B6 G4"),
               "play R10", "play R2", "play B6", "play Y6")
    assert [seat for seat, _ in late.trick] == [1, 2, 3, 0]
    assert late.low == (3, parse_card("B6"))  # seat 3 played its 6 before seat 0
    late = run(late, "take R10", "take R2")
    assert late.current_player == 3  # and Low leads the next trick


@pytest.mark.parametrize("players, share", [(4, 2), (5, 3), (6, 3)])
def test_high_picks_half_the_trick_rounded_up_one_card_at_a_time(players, share):
    assert engine.high_share(players) == share
    game = plotters.new_game(players, seed=11)
    while game.phase != engine.TAKE_PHASE:  # the leader leads blue, the others play their last card
        game = game.apply(game.legal_actions()[0 if not game.trick else -1])
    high_seat, _ = game.high
    low_seat, _ = game.low
    for pick in range(share):
        assert game.current_player == high_seat
        assert {a.card for a in game.legal_actions()} == {c for _, c in game.trick} - set(game.picked)
        game = game.apply(game.legal_actions()[-1])  # a real choice: here the last offered card
    taken = {seat: sum(len(stack) for stack in game.stacks[seat]) + len(game.discards[seat])
             for seat in range(players)}
    assert taken[high_seat] == share and taken[low_seat] == players - share
    assert game.current_player == low_seat and game.leader == low_seat


def test_high_choice_is_real_different_picks_give_different_stacks():
    full = run(plotters.scenario(TRICK_EXAMPLE), "play R10", "play Y6", "play R14", "play B2", "play Y16")
    reds = run(full, "take R10", "take R14", "take Y16")
    rest = run(full, "take Y6", "take B2", "take Y16")
    assert sizes(reds, 2) == {"red": 2, "yellow": 1} and sizes(reds, 3) == {"blue": 1, "yellow": 1}
    assert sizes(rest, 2) == {"blue": 1, "yellow": 2} and sizes(rest, 3) == {"red": 2}


def test_trick_example_from_the_rulebook():
    game = plotters.scenario(TRICK_EXAMPLE)
    game = run(game, "play R10", "play Y6", "play R14", "play B2")
    assert "play G5" not in {str(a) for a in game.legal_actions()}  # E may not play green
    game = game.apply("play Y16")
    assert game.high == (2, parse_card("R14")) and game.low == (3, parse_card("B2"))
    game = run(game, "take R14", "take Y16", "take R10")  # C picks 3 cards
    assert sizes(game, 2) == {"red": 2, "yellow": 1}
    assert sizes(game, 3) == {"blue": 1, "yellow": 1}  # D receives the remaining two cards
    assert game.current_player == 3 and len(game.legal_actions()) == 1  # and D opens the next trick


def test_all_one_colour_trick_high_picks_the_rest_leaves_the_game_and_high_leads():
    game = plotters.scenario("dealer: 3\nhand 0: R5 G1\nhand 1: R9 G2\nhand 2: R2 G3\nhand 3: R7 G4")
    game = run(game, "play R5", "play R9", "play R2", "play R7")
    assert game.high == (1, parse_card("R9")) and game.low is None
    assert "discarded from the game" in game.log[-1]
    game = run(game, "take R9", "take R2")
    assert sizes(game, 1) == {"red": 2}
    assert sorted(game.worthless) == sorted(cards("R5 R7"))
    assert game.current_player == 1


# ---------------------------------------------------------------- collecting


def test_taken_cards_go_to_open_stacks_by_colour():
    stacks, discard = engine.collect(((),) * 4, (), None, cards("R3 B4 R9"))
    assert stacks == ((parse_card("B4"),), (), cards("R3 R9"), ()) and discard == ()


CHOOSING = """
dealer: 3
hand 0: R10 G1
hand 1: Y6 G2
hand 2: R14 G3
hand 3: B2 G4
open 0: G7 Y7
open 3: G8 Y8 R8
"""


def test_holding_all_four_colours_forces_a_choice_of_two():
    game = run(plotters.scenario(CHOOSING), "play R10", "play Y6", "play R14", "play B2", "take R14", "take R10")
    assert game.phase == engine.KEEP_PHASE and game.current_player == 3  # Low took Y6 and B2: four colours
    assert {str(a) for a in game.legal_actions()} == {"keep blue+green", "keep blue+red", "keep blue+yellow",
                                                      "keep green+red", "keep green+yellow", "keep red+yellow"}
    kept = game.apply("keep red + green")
    assert kept.kept[3] == ("green", "red")
    assert sizes(kept, 3) == {"green": 1, "red": 1}
    assert sorted(kept.discards[3]) == sorted(cards("B2 Y6 Y8"))
    assert kept.phase == engine.PLAY_PHASE and kept.current_player == 3


def test_later_cards_of_dropped_colours_go_to_the_discard_pile():
    game = plotters.scenario("""
        dealer: 3
        hand 0: R10 G1
        hand 1: Y6 G2
        hand 2: R14 G3
        hand 3: B2 G4
        open 3: G8 R8
        discard 3: Y8 B9
        keep 3: red+green
    """)
    game = run(game, "play R10", "play Y6", "play R14", "play B2", "take R14", "take R10")
    assert sizes(game, 3) == {"green": 1, "red": 1}
    assert sorted(game.discards[3]) == sorted(cards("Y8 B9 Y6 B2"))
    assert "discard pile: not a kept colour" in game.log[-1]


def test_high_chooses_colours_before_low_when_both_reach_four():
    game = plotters.scenario(CHOOSING.replace("open 0: G7 Y7", "open 2: G7 Y7 B7"))
    game = run(game, "play R10", "play Y6", "play R14", "play B2", "take R14", "take Y6")
    # High (2) took red: four colours; Low (3) took R10 and B2: four colours
    assert game.choosers == (2, 3) and game.current_player == 2
    game = game.apply("keep blue+yellow")
    assert game.current_player == 3
    game = game.apply("keep green+red")
    assert game.phase == engine.PLAY_PHASE and game.current_player == 3


# ---------------------------------------------------------------- end of a round and scoring


def test_round_ends_after_the_last_trick():
    game = plotters.scenario("dealer: 3\nhand 0: R5\nhand 1: Y9\nhand 2: R2\nhand 3: B7\nopen 1: Y1 G1")
    game = run(game, "play R5", "play Y9", "play R2", "play B7", "take Y9", "take B7")
    assert game.phase == engine.ROUND_OVER and game.current_player == 0  # the next dealer deals round 2
    assert "after its last trick" in game.log[-6]
    # High (player 0, red 5) took yellow 9 and blue 7: 1 × 1; player 1 kept yellow 1 × green 1;
    # Low (player 3) received red 5 and red 2: one colour only
    assert game.round_scores == ((1, 1, 0, 0),)


def test_rulebook_scoring_examples():
    examples = {  # open stacks, discarded cards, points
        "A": ((5, 6, 3), 0, 10),
        "B": ((5, 4, 3), 0, 6),
        "C": ((7, 8), 4, 14),
        "D": ((7, 1, 1), 0, 7),
        "E": ((3, 5), 0, 15),
    }
    for player, (open_stacks, discarded, points) in examples.items():
        assert plotters.score_round(open_stacks, discarded) == points, player


def test_one_colour_only_scores_zero():
    assert plotters.score_round((9,), 0) == 0
    assert plotters.score_formula((9,), 0) == "cards in one colour only: 0"


def test_exactly_two_colours_are_not_divided():
    assert plotters.score_round((4, 6), 0) == 24
    assert plotters.score_round((0, 4, 0, 6), 0) == 24


def test_remainder_is_ignored():
    assert plotters.score_round((5, 4, 3), 0) == 6
    assert "remainder ignored" in plotters.score_formula((5, 4, 3), 0)


def test_scores_accumulate_and_the_highest_total_wins_ties_shared():
    game = play_out(plotters.new_game(4, seed=5), [RandomBot(seed) for seed in range(4)])
    totals = tuple(sum(round_[seat] for round_ in game.round_scores) for seat in range(4))
    assert game.scores == totals
    assert game.winners == tuple(seat for seat in range(4) if totals[seat] == max(totals))
    # the last round: player 0 (High, red 5) takes yellow 9 and blue 7 and scores 1 × 1 = 1
    tied = plotters.scenario("dealer: 3\nround: 4\nscores: 6 7 0 1\nhand 0: R5\nhand 1: Y9\nhand 2: R2\nhand 3: B7")
    tied = run(tied, "play R5", "play Y9", "play R2", "play B7", "take Y9", "take B7")
    assert tied.is_over and tied.scores == (7, 7, 0, 1) and tied.winners == (0, 1)
    assert "share the win" in tied.log[-1]


# ---------------------------------------------------------------- illegal actions, text, saves


def test_illegal_actions_name_the_rule_and_leave_the_state_unchanged():
    game = run(plotters.scenario(TRICK_EXAMPLE), "play R10", "play Y6", "play R14", "play B2")
    before_json, before_log = game.to_json(), game.log
    for action, rule in (("play G5", "at most 3 colours in a trick"), ("play R10", "cards in hand"),
                         ("take R10", "turn order"), ("keep red+blue", "turn order"), ("deal", "turn order")):
        with pytest.raises(IllegalAction) as error:
            game.apply(action)
        assert error.value.rule == rule
        assert "play Y16" in str(error.value)
    full = game.apply("play Y16").apply("take R14")
    for action, reason in (("take R14", "already taken"), ("take G1", "not in the trick"),
                           ("play G5", "must take a card")):
        with pytest.raises(IllegalAction, match=reason):
            full.apply(action)
    assert game.to_json() == before_json and game.log == before_log
    assert full.picked == (parse_card("R14"),)
    over = play_out(plotters.new_game(4, seed=2), [RandomBot(seed) for seed in range(4)])
    with pytest.raises(IllegalAction, match="end of the game"):
        over.apply("deal")


def test_cards_and_actions_read_back_from_their_text():
    for card in deck_for(6):
        assert parse_card(str(card)) is card and parse_card(card.name) is card
    for action in (Play(parse_card("R14")), Take(parse_card("B1")), Keep(("blue", "red")), DEAL):
        assert parse_action(str(action)) == action
    assert parse_action("keep Yellow and green") == Keep(("green", "yellow"))


@pytest.mark.parametrize("text, message", [
    ("X14", "no colour 'X'"), ("R", "is not a card"), ("14", "is not a card"), ("R22", "from 1 to 21"),
    ("red fourteen", "is not a card"),
])
def test_bad_card_text_is_a_parse_error(text, message):
    with pytest.raises(ParseError, match=message):
        parse_card(text)


@pytest.mark.parametrize("text, message", [
    ("lead R14", "expected 'play R14'"), ("keep red+blue+green+yellow", "two colours"), ("keep red+red", "must differ"),
    ("deal now", "expected"), ("take", "is not a card"), ("", "expected"), ("play", "is not a card"),
])
def test_bad_action_text_is_a_parse_error(text, message):
    with pytest.raises(ParseError, match=message):
        parse_action(text)


@given(st.text(max_size=12))
def test_any_text_parses_to_a_card_or_raises_parse_error(text):
    try:
        card = parse_card(text)
    except ParseError as error:
        assert error.where and error.what
    else:
        assert parse_card(str(card)) == card


@given(st.sampled_from(deck_for(6)), st.sampled_from(["play", "take", "PLAY", " take "]))
def test_card_actions_parse_whatever_the_case_and_spacing(card, verb):
    assert parse_action(f"{verb} {str(card).lower()}").card is card


@pytest.mark.parametrize("text, where, message", [
    ("hand 0: R1\nhand 1: R2\nhand 2: R3", "scenario", "4 to 6 players"),
    (TRICK_EXAMPLE + "open 5: G6", "line 8", "no seat 5"),
    (TRICK_EXAMPLE.replace("G5", "G1"), "line 7 (hand 4)", r"G1 is written twice \(also in line 3 \(hand 0\)\)"),
    (TRICK_EXAMPLE.replace("G5", "G19"), "line 7 (hand 4)", "not used with 5 players"),
    (TRICK_EXAMPLE.replace("G5", "G5 G6"), "hands", "same number of cards"),
    (TRICK_EXAMPLE + "colour: red", "line 8", "expected 'key: value'"),
    (TRICK_EXAMPLE + "dealer: 2", "line 8", "given twice"),
    (TRICK_EXAMPLE.replace("dealer: 4", "dealer: 9"), "line 2 (dealer)", "from 0 to 4"),
    (TRICK_EXAMPLE.replace("dealer: 4", "dealer: ²"), "line 2 (dealer)", "digits 0-9"),
    (TRICK_EXAMPLE + "round: 2\nscores: 1 2 3 4 x", "line 9 (scores)", "digits 0-9"),
    (TRICK_EXAMPLE + "hand 05: G6", "line 8", "without leading zeros"),
    (TRICK_EXAMPLE + "open 1: R1 B1 G9 Y9", "line 8 (open 1)", "say which two are kept"),
    (TRICK_EXAMPLE + "open 1: R1 B1\nkeep 1: red+green", "line 8 (open 1)", "only hold the kept colours"),
    (TRICK_EXAMPLE + "discard 1: R1", "line 8 (discard 1)", "only exists once two colours are kept"),
    (TRICK_EXAMPLE + "scores: 1 2 3 4 5", "line 8 (scores)", "need 'round: 2'"),
    (TRICK_EXAMPLE + "round: 2\nscores: 1 2", "line 9 (scores)", "5 whole numbers"),
    (TRICK_EXAMPLE + "round: 2\nscores: 1 2 3 4 442", "line 9 (scores)", "at most 441"),
    (TRICK_EXAMPLE.replace("R10 G1", "G1").replace("Y6 G2", "G2").replace("R14 G3", "G3").replace("B2 G4", "G4")
     .replace("Y16 G5", "G5") + "trick: R10 Y6 R14 B2 Y16", "line 8 (trick)", "fewer than 5 cards"),
])
def test_bad_scenarios_say_where_and_what(text, where, message):
    with pytest.raises(ParseError, match=message) as error:
        plotters.scenario(text)
    assert error.value.where == where


def test_scenario_refuses_a_trick_the_next_player_cannot_follow():
    with pytest.raises(ParseError, match="player 3 could not play"):
        plotters.scenario("dealer: 3\ntrick: R1 Y1 B1\nhand 0: R2\nhand 1: Y2\nhand 2: B2\nhand 3: G1 G2")


@pytest.mark.parametrize("players", [4, 5, 6])
def test_json_round_trip_replays_the_same_game(players):
    game = play_out(plotters.new_game(players, seed=21), [RandomBot(seed) for seed in range(players)])
    again = load_json(game.to_json())
    assert again == game and again.log == game.log and again.scores == game.scores
    halfway = game.states()[200]
    assert load_json(halfway.to_json()) == halfway


def test_json_round_trip_of_a_scenario_and_tampered_saves():
    game = run(plotters.scenario(CHOOSING, seed=4), "play R10", "play Y6", "play R14", "play B2", "take R14",
               "take R10", "keep red+green")
    assert load_json(game.to_json()) == game
    data = json.loads(game.to_json())
    data["actions"][3] = "play R14"
    with pytest.raises(ParseError, match="cards in hand") as error:
        load_json(json.dumps(data))
    assert error.value.where == "actions[3]"
    data["actions"][3] = "play D4"
    with pytest.raises(ParseError, match="no colour 'D'"):
        load_json(json.dumps(data))


def test_same_seed_same_game():
    first = play_out(plotters.new_game(6, seed=9), [RandomBot(seed) for seed in range(6)])
    second = play_out(plotters.new_game(6, seed=9), [RandomBot(seed) for seed in range(6)])
    assert first.log == second.log and first.scores == second.scores


def test_observation_hides_the_other_hands():
    game = plotters.new_game(4, seed=1)
    seen = game.observation(2)
    assert seen["seat"] == 2 and seen["hand"] == game.hands[2] and seen["hand_sizes"] == (14, 14, 14, 14)
    assert all(game.hands[other] != seen["hand"] for other in (0, 1, 3))
    assert list(seen)[6:] == ["hand", "hand_sizes", "legal_actions", "round", "dealer", "phase", "trick", "picked",
                              "stacks", "kept", "discard_sizes", "worthless", "round_scores"]


def test_observation_names_high_s_picks_by_their_place_in_the_trick_and_only_counts_face_down_cards():
    game = run(plotters.scenario(CHOOSING.replace("open 3: G8 Y8 R8", "open 3: G8 R8\ndiscard 3: Y8 B9\n"
                                                  "keep 3: red+green")),
               "play R10", "play Y6", "play R14", "play B2", "take R14")
    seen = game.observation(0)
    assert [card for _, card in seen["trick"]] == list(cards("R10 Y6 R14 B2")) and seen["picked"] == (2,)
    assert seen["discard_sizes"] == (0, 0, 0, 2) and seen["stacks"][3] == ((), cards("G8"), cards("R8"), ())
    assert game.cards_hidden_from(0) == Counter(cards("Y8 B9 G2 G3 G4")) + Counter(game.left_out)
    assert game.cards_in_game() == Counter(deck_for(4))


SCENARIO_LINE = st.one_of(
    st.text(max_size=30),
    st.builds(lambda key, seat, value: f"{key} {seat}: {value}",
              st.sampled_from(["hand", "open", "discard", "keep"]), st.integers(-1, 7),
              st.sampled_from(["R10 G1", "Y6", "B2 G4 R3", "red+green", "R99", "", "X1", "G1 G1"])),
    st.builds(lambda key, value: f"{key}: {value}", st.sampled_from(["dealer", "round", "scores", "trick"]),
              st.sampled_from(["0", "3", "9", "²", "1 2 3 4", "R10 Y6", "R1 Y1 B1 G1", "-1", "x"])),
)


@given(st.lists(SCENARIO_LINE, max_size=9))
def test_any_scenario_text_gives_a_position_or_a_parse_error(lines):
    try:
        game = plotters.scenario("\n".join(lines), seed=1)
    except ParseError as error:
        assert error.where and error.what
    else:
        assert 4 <= game.players <= 6 and game.legal_actions()
        assert load_json(game.to_json()) == game


def cards_seen(value) -> Counter:
    """Every card anywhere inside an observation (dicts, tuples, actions)."""
    if isinstance(value, Card):
        return Counter([value])
    if isinstance(value, dict):
        return sum((cards_seen(item) for item in value.values()), Counter())
    if isinstance(value, tuple):
        return sum((cards_seen(item) for item in value), Counter())
    return cards_seen(value.card) if isinstance(value, (Play, Take)) else Counter()


@pytest.mark.parametrize("players", [4, 6])
def test_every_card_is_seen_once_or_hidden_by_every_seat_at_every_step(players):
    final = play_out(plotters.new_game(players, seed=31), [RandomBot(seed) for seed in range(players)])
    deck = Counter(deck_for(players))
    for state in final.states()[::2]:
        assert state.cards_in_game() == deck
        for seat in range(players):
            seen = state.observation(seat)
            legal = seen.pop("legal_actions")
            assert cards_seen(seen) + state.cards_hidden_from(seat) == deck
            assert cards_seen(legal) <= cards_seen(seen)  # a move names a card the seat can see
