"""The Syndicate's shape with the kit (issue 42, clause 1): hands of different sizes, a leader who
draws up to his hand before he leads, a lead with a second card laid face down, the lead passing
left, a trick nobody wins, each trick scored as it is won and play to a score. ``SCHEMES``
(``plateau_lab/kit/examples.py``) is that shape on a plain deck."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from plateau_lab.core import IllegalAction, ParseError, load_json
from plateau_lab.kit import DescriptionError, HookError, Scoring, TrickGame, Turns, check_game, define, rules_text
from plateau_lab.kit.examples import SCHEMES, SCHEMES_DESCRIPTION
from plateau_lab.kit.moves import HIDDEN, Lead


def random_game(seed: int, stop: int | None = None):
    """A game of Schemes played with random moves, each state checked as it goes; to its end or
    ``stop`` moves."""
    rng = random.Random(seed)
    state = SCHEMES.new_game(3, seed=seed)
    deck = Counter(SCHEMES.description.deck)
    while not state.is_over and (stop is None or len(state.history) < stop):
        assert state.cards_in_game() == deck
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_hands_of_5_4_and_3_from_the_dealers_left_and_the_rest_is_the_stock():
    for seed in range(30):
        state = SCHEMES.new_game(3, seed=seed)
        first = (state.dealer + 1) % 3
        assert [len(state.hands[(first + place) % 3]) for place in range(3)] == [5, 4, 3]
        assert state.current_player == first and len(state.stock) == 27 - 12


def test_the_leader_may_lay_a_second_card_face_down_and_only_he_sees_it():
    state = SCHEMES.new_game(3, seed=4)
    leader, hand = state.current_player, state.hands[state.current_player]
    leads = [move for move in state.legal_actions() if isinstance(move, Lead)]
    assert len(leads) == 5 * 4 and len(state.legal_actions()) == 5 + 20
    lead = leads[0]
    after = state.apply(str(lead))
    assert after.face_down == lead.face_down and len(after.hands[leader]) == len(hand) - 2
    assert after.observation(leader)["face_down"] == lead.face_down
    for other in {0, 1, 2} - {leader}:
        assert after.observation(other)["face_down"] == HIDDEN
        assert after.cards_hidden_from(other)[lead.face_down] >= 1
        assert not any(isinstance(move, Lead) for move in after.legal_actions())
    with pytest.raises(IllegalAction, match="leader's face-down card"):
        after.apply(Lead(after.hands[after.current_player][0], after.hands[after.current_player][1]))


def test_the_face_down_card_is_turned_up_the_lead_passes_left_and_the_trick_is_scored():
    state = SCHEMES.new_game(3, seed=4)
    leader = state.current_player
    lead = next(move for move in state.legal_actions() if isinstance(move, Lead))
    state = state.apply(lead)
    while state.trick:
        state = state.apply(state.legal_actions()[0])
    assert state.turned_up == (lead.face_down,) and state.leader == (leader + 1) % 3
    winners, _ = state.finished_tricks[0]
    assert state.scores == tuple(int(seat in winners) for seat in range(3))   # a card face down: 1 point each
    assert len(state.hands[state.leader]) == 5          # the new leader drew up to five
    assert "turns up the card laid face down" in " ".join(state.log)


def test_the_stock_is_made_again_from_the_cards_played_and_the_game_ends_with_one_leader_at_12():
    ended = [random_game(seed) for seed in range(40)]
    assert all(state.is_over for state in ended)
    assert any(state.reshuffles for state in ended)
    for state in ended:
        best = max(state.scores)
        assert best >= 12 and state.scores.count(best) == 1 and state.winners == (state.scores.index(best),)
        assert state.legal_actions() == ()


def test_a_game_of_turns_replays_saves_and_is_dealt_again_from_its_scenario():
    state = random_game(7, stop=40)
    assert load_json(state.to_json()) == state
    first = SCHEMES.new_game(3, seed=7)
    assert SCHEMES.scenario(SCHEMES.scenario_text(state), seed=7) == first
    assert SCHEMES.scenario(SCHEMES.scenario_text(first), seed=7) == first


def test_refusals_name_the_rule_and_a_lead_is_read_from_its_text():
    state = SCHEMES.new_game(3, seed=1)
    hand = state.hands[state.current_player]
    assert state.parse_action(f"PLAY {hand[0]}  with {hand[1]} face down") == Lead(hand[0], hand[1])
    with pytest.raises(IllegalAction, match="cards in hand"):
        state.apply(Lead(hand[0], hand[0]))
    missing = next(card for card in SCHEMES.description.deck if card not in hand)
    with pytest.raises(IllegalAction, match=f"does not hold {missing}"):
        state.apply(Lead(hand[0], missing))
    with pytest.raises(ParseError, match="face down"):
        state.parse_action("lead 9P")
    from plateau_lab.kit.examples import OH_HELL
    oh_hell = OH_HELL.new_game(3, seed=1)
    oh_hell = oh_hell.apply(oh_hell.legal_actions()[0]).apply(oh_hell.legal_actions()[0])
    while oh_hell.phase == "bid":
        oh_hell = oh_hell.apply(oh_hell.legal_actions()[0])
    own = oh_hell.hands[oh_hell.current_player]
    if len(own) > 1:
        with pytest.raises(IllegalAction, match="no card face down"):
            oh_hell.apply(Lead(own[0], own[1]))


def test_the_rules_page_says_the_shape():
    text = rules_text(SCHEMES_DESCRIPTION)
    for words in ("dealt 5, 4 and 3 cards", "draws from the stock until he holds 5 cards", "second card of his "
                  "hand face down", "on the left of its leader leads the next trick", "12 points or more"):
        assert words in text


def test_check_my_game_finds_no_problem_in_schemes_and_a_problem_in_a_winner_drawn_at_random():
    assert check_game(SCHEMES, games=100).problems == ()
    drawn = random.Random(3)
    unsteady = define(replace(SCHEMES_DESCRIPTION, name="kit_schemes_unsteady", rules={},
                              trick_winner=lambda trick, table: drawn.choice(trick)[0]))
    report = check_game(unsteady, games=50)
    assert any("did not replay the same" in problem for problem in report.problems)


@pytest.mark.parametrize("change, part", [
    ({"hand_size": (5, 4, 3), "turns": None}, "hand_size"),
    ({"hand_size": (5, 4)}, "hand_size"),
    ({"hand_size": (6, 4, 3)}, "hand_size"),
    ({"leads": "right"}, "leads"),
    ({"face_down_lead": "yes"}, "face_down_lead"),
    ({"turns": Turns(draw_to=5, play_to=0)}, "turns"),
    ({"turns": (5, 12)}, "turns"),
    ({"scoring": Scoring(exact_bid_bonus=10)}, "scoring"),
])
def test_a_shape_the_kit_cannot_play_is_refused_naming_the_part(change, part):
    with pytest.raises(DescriptionError) as refused:
        replace(SCHEMES_DESCRIPTION, name="kit_schemes_wrong", **change).checked()
    assert refused.value.part == part


def test_nobody_may_win_a_trick_only_when_its_winner_does_not_lead_next():
    def nobody(trick, table):
        return None

    for leads, refused in (("winner", True), ("left", False)):
        game = define(TrickGame(f"kit_nobody_{leads}", "Nobody", 3, "CD", "1 2 3 4", 2, trick_winner=nobody,
                                leads=leads))
        state = game.new_game(3, seed=1)
        try:
            while not state.is_over:
                state = state.apply(state.legal_actions()[0])
        except HookError as err:
            assert refused and err.hook == "trick_winner" and "or several" in err.what
        else:
            assert not refused and state.finished_tricks[0][0] == () and state.scores == (0, 0, 0)
