"""The Syndicate: one test per rule, the rulebook's examples, and random-game invariants."""

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plateau_lab.core.bots import RandomBot
from plateau_lab.lab.consistency import cards_in
from plateau_lab.core import OBSERVATION_KEYS, IllegalAction, ParseError, load_json, play_out
from plateau_lab.games import syndicate
from plateau_lab.games.syndicate.cards import CROWN_OF, DECK, EVENT, LOCATION, PERSONALITY, parse_card
from plateau_lab.games.syndicate.engine import (
    Lead, card_value, game_winner, legal_answers, scheme_totals, shares_mark, turn_points)
from plateau_lab.ui.widgets import StepViewer


def cards(*names):
    return tuple(parse_card(name) for name in names)


def position(**hands_and_more):
    lines = [f"{key.replace('_', ' ')}: {value}" for key, value in hands_and_more.items()]
    return syndicate.scenario("\n".join(lines), seed=0)


# ------------------------------------------------------------------ the deck


def test_basic_deck_has_aces_numerals_and_crowns():
    assert len(DECK) == len(set(DECK)) == 36
    ranks = Counter(card.rank for card in DECK)
    assert ranks == {1: 6, 2: 3, 3: 3, 4: 3, 5: 3, 6: 3, 7: 3, 8: 3, 9: 3, 10: 6}
    assert all(not card.marks for card in DECK if card.is_ace)
    assert all(len(card.suits) == 1 for card in DECK if card.is_ace or card.is_crown)
    assert all(len(card.suits) == 2 for card in DECK if not (card.is_ace or card.is_crown))
    for suit in ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots"):
        assert sum(suit in card.suits for card in DECK) == 10     # its Ace, its Crown, 8 numerals


def test_marks_follow_the_published_deck():
    # The rulebook's pictures of the marks are missing (docs/rulings.md, The Syndicate).
    assert parse_card("Diplomat").marks == {PERSONALITY}
    assert parse_card("Castle").marks == {LOCATION}
    assert parse_card("Betrayal").marks == {EVENT}
    assert {card.name for card in DECK if len(card.marks) == 2} == {"Origin", "Market", "End"}
    assert parse_card("End").suits == ("Leaves",) and parse_card("End").rank == 10


# ------------------------------------------------------------------ set-up and turns


def test_deal_gives_five_four_and_three_cards():
    game = syndicate.new_game(3, seed=4)
    assert [len(hand) for hand in game.hands] == [5, 4, 3]
    assert len(game.draw_pile) == 24 and game.discards == ()


def test_exactly_three_players():
    with pytest.raises(ValueError, match="The Syndicate players must be a whole number, exactly 3, not 4"):
        syndicate.new_game(4, seed=1)
    with pytest.raises(TypeError, match="players must be a whole number"):
        syndicate.new_game(3.0, seed=1)


def test_mastermind_does_not_draw_on_the_first_turn():
    game = syndicate.new_game(3, seed=4)
    assert game.current_player == 0 and len(game.hands[0]) == 5
    assert "no draw" in game.log[0]


def test_mastermind_draws_up_to_five_at_the_start_of_later_turns():
    game = syndicate.new_game(3, seed=4)
    first = game.legal_actions()[1]                      # a lead with a face-down card
    game = game.apply(first)
    for _ in range(2):
        game = game.apply(game.legal_actions()[0])
    assert game.mastermind == 1 and game.turn_number == 2
    assert len(game.hands[1]) == 5                        # held 4, played 1, drew 2
    assert len(game.draw_pile) == 22


def test_turn_passes_to_the_left_and_the_left_enforcer_answers_first():
    game = syndicate.new_game(3, seed=8)
    assert game.current_player == 0
    game = game.apply(game.legal_actions()[0])
    assert game.current_player == 1
    game = game.apply(game.legal_actions()[0])
    assert game.current_player == 2
    game = game.apply(game.legal_actions()[0])
    assert game.mastermind == 1 and game.current_player == 1


def test_face_down_card_is_optional_and_must_be_another_card():
    game = position(hand_0="Diplomat, Author, Castle, Journey, Sea", hand_1="Bard, Mill", hand_2="Cave, Pact, Battle")
    leads = game.legal_actions()
    assert len(leads) == 5 * 5            # each card alone, or with one of the four others face down
    assert [str(lead) for lead in leads[:5]] == [
        "lead Diplomat", "lead Diplomat + face down Author", "lead Diplomat + face down Castle",
        "lead Diplomat + face down Journey", "lead Diplomat + face down Sea"]
    assert all(lead.face_down != lead.card for lead in leads)
    with pytest.raises(IllegalAction, match="face-down card"):
        game.apply(Lead(parse_card("Diplomat"), parse_card("Diplomat")))


# ------------------------------------------------------------------ following


def test_enforcers_must_play_a_card_sharing_the_mark_when_they_can():
    game = position(hand_0="Diplomat, Sea, Desert, Journey, Ace of Moons", hand_1="Merchant, Author, Castle",
                    hand_2="Cave, Mill, Battle")
    game = game.apply("lead Diplomat")
    assert set(map(str, game.legal_actions())) == {"play Merchant", "play Author"}
    with pytest.raises(IllegalAction, match="follow the mark"):
        game.apply("play Castle")


def test_enforcer_without_the_mark_may_play_any_card():
    game = position(hand_0="Diplomat, Sea, Desert, Journey, Ace of Moons", hand_1="Castle, Battle, Ace of Suns",
                    hand_2="Cave, Mill, Pact")
    game = game.apply("lead Diplomat")
    assert len(game.legal_actions()) == 3


def test_after_an_ace_lead_enforcers_must_play_its_suit_when_they_can():
    game = position(hand_0="Ace of Waves, Castle, Desert, Journey, Author", hand_1="Sailor, Diplomat, Sea",
                    hand_2="Bard, Battle, Market")
    game = game.apply("lead Ace of Waves")
    assert set(map(str, game.legal_actions())) == {"play Sailor", "play Sea"}
    with pytest.raises(IllegalAction, match="follow the Ace's suit"):
        game.apply("play Diplomat")


def test_cards_with_two_marks_match_either_mark():
    origin, market, end = cards("Origin", "Market", "End")
    for double in (origin, market, end):
        assert shares_mark(double, parse_card("Castle")) and shares_mark(double, parse_card("Battle"))
        assert not shares_mark(double, parse_card("Diplomat"))
    assert legal_answers(cards("Origin", "Diplomat"), parse_card("Battle")) == cards("Origin")


# ------------------------------------------------------------------ totals


def test_only_cards_sharing_a_mark_with_the_lead_count():
    lead = parse_card("Diplomat")
    assert scheme_totals(lead, parse_card("Castle"), cards("Merchant", "Ace of Suns")) == (8, 9)


def test_lead_always_counts_and_aces_never_count_after_a_marked_lead():
    assert scheme_totals(parse_card("Castle"), parse_card("Ace of Moons"), cards("Ace of Suns", "Bard")) == (7, 0)


def test_crowns_count_ten():
    assert scheme_totals(parse_card("Calamity"), None, cards("Battle", "Windfall")) == (10, 14)


def test_led_ace_counts_eleven_when_the_crown_of_its_suit_is_played():
    ace, crown = parse_card("Ace of Moons"), CROWN_OF["Moons"]
    assert card_value(ace, ace, (ace, parse_card("Journey"))) == 1
    assert scheme_totals(ace, crown, ()) == (21, 0)                         # face-down crown
    assert scheme_totals(ace, None, (crown, parse_card("Diplomat"))) == (11, 18)  # enforcer's crown


def test_after_an_ace_lead_cards_count_when_they_carry_its_suit():
    assert scheme_totals(parse_card("Ace of Leaves"), parse_card("Mill"),
                         cards("Forest", "Diplomat")) == (1 + 8, 5)


# ------------------------------------------------------------------ scoring and the end


def test_scoring_points_for_each_outcome():
    assert turn_points(10, 9, face_down_played=True) == (1, 0)
    assert turn_points(10, 9, face_down_played=False) == (2, 0)
    assert turn_points(5, 9, face_down_played=False) == (0, 1)
    assert turn_points(9, 9, face_down_played=True) == (0, 0)


def test_foiled_plot_gives_each_enforcer_one_point():
    game = position(hand_0="Castle, Author, Ace of Moons, Journey, Bard", hand_1="Darkness, Diplomat",
                    hand_2="Cave, Pact, Huntress", scores="2 3 4")
    game = game.apply("lead Castle").apply("play Darkness").apply("play Cave")
    assert game.scores == (2, 4, 5)


def test_first_to_twelve_wins():
    assert game_winner((12, 4, 11)) == 0
    game = position(hand_0="Sea, Author, Castle, Journey, Ace of Moons", hand_1="Diplomat, Pact",
                    hand_2="Bard, Huntress, Merchant", scores="10 5 5")
    game = game.apply("lead Sea").apply("play Diplomat").apply("play Bard")
    assert game.is_over and game.winners == (0,) and game.current_player is None
    assert game.legal_actions() == ()
    with pytest.raises(IllegalAction, match="end of the game"):
        game.apply("lead Author")


def test_tied_twelve_continues_until_an_untied_highest_score():
    assert game_winner((12, 12, 3)) is None
    game = position(hand_0="Author, Sea, Castle, Journey, Ace of Moons", hand_1="Bard, Mill",
                    hand_2="Huntress, Cave, Pact", scores="3 11 11")
    game = game.apply("lead Author").apply("play Bard").apply("play Huntress")   # foiled: both reach 12
    assert game.scores == (3, 12, 12) and not game.is_over
    assert "continues" in game.log[-2]


def test_discards_are_reshuffled_when_a_card_must_be_drawn_from_an_empty_pile():
    in_hands = {"Diplomat", "Author", "Merchant", "Castle", "Cave", "Sea", "Mill", "Bard", "Huntress", "Pact"}
    everything_else = [card.name for card in DECK if card.name not in in_hands]
    game = position(hand_0="Diplomat, Author", hand_1="Merchant, Castle, Cave",
                    hand_2="Sea, Mill, Bard, Huntress, Pact",
                    discards=", ".join(everything_else[:-1]), draw=everything_else[-1], mastermind=2)
    game = game.apply("lead Sea").apply("play Diplomat").apply("play Castle")
    assert game.mastermind == 0 and len(game.hands[0]) == 5
    assert game.reshuffles == 1
    assert any("shuffled into a new draw pile" in line for line in game.log)
    assert len(game.draw_pile) + len(game.discards) + sum(map(len, game.hands)) == 36


# ------------------------------------------------------------------ the rulebook's examples


def test_rulebook_example_personality_scheme_with_a_face_down_card():
    # "The mastermind leads 8 and plays 2 face down. The first enforcer plays 9. The second
    # enforcer has no facecards ... (8+2=10) is greater than the enforcers' total (9)."
    game = position(hand_0="Diplomat, Author, Castle, Sea, Journey", hand_1="Merchant, Forest",
                    hand_2="Cave, Battle, Mill", scores="0 0 0")
    game = game.apply("lead Diplomat + face down Author").apply("play Merchant").apply("play Cave")
    assert (game.last_turn.mastermind_total, game.last_turn.enforcers_total) == (10, 9)
    assert game.scores == (1, 0, 0)        # a face-down card makes it worth one point


def test_rulebook_example_ace_scheme_foiled():
    # "The mastermind leads A with no face down card. The first enforcer plays 4, and the second
    # enforcer plays 3. Since the enforcers' total (4+3=7) is greater than the mastermind's (1)"
    game = position(hand_0="Ace of Waves, Castle, Desert, Author, Painter", hand_1="Sailor, Diplomat",
                    hand_2="Journey, Bard, Battle")
    game = game.apply("lead Ace of Waves").apply("play Sailor").apply("play Journey")
    assert (game.last_turn.mastermind_total, game.last_turn.enforcers_total) == (1, 7)
    assert game.scores == (0, 1, 1)


# ------------------------------------------------------------------ protocol


def test_illegal_action_names_the_rule_lists_the_legal_ones_and_changes_nothing():
    game = position(hand_0="Diplomat, Journey, Desert, Ace of Moons, Mill", hand_1="Merchant, Castle",
                    hand_2="Sea, Cave, Battle").apply("lead Diplomat")
    before = game.to_json(), game.hands, game.log
    with pytest.raises(IllegalAction) as caught:
        game.apply("play Castle")
    assert caught.value.rule == "follow the mark"
    assert [str(action) for action in caught.value.legal] == ["play Merchant"]
    with pytest.raises(IllegalAction, match="cards in hand"):
        game.apply("play Bard")
    with pytest.raises(IllegalAction, match="turn order"):
        game.apply("lead Merchant")
    assert (game.to_json(), game.hands, game.log) == before


def test_same_seed_same_game_and_the_global_generator_is_untouched():
    random.seed(99)
    before = random.getstate()
    bots = lambda: [RandomBot(seed) for seed in range(3)]  # noqa: E731
    first = play_out(syndicate.new_game(3, seed=21), bots())
    second = play_out(syndicate.new_game(3, seed=21), bots())
    assert first.history == second.history and first.log == second.log
    assert random.getstate() == before
    assert syndicate.new_game(3, seed=22).hands != first.states()[0].hands


def test_observation_hides_other_hands_and_the_face_down_card():
    game = syndicate.new_game(3, seed=6)
    lead = next(action for action in game.legal_actions() if action.face_down)
    game = game.apply(lead)
    enforcer = game.observation(1)
    assert tuple(enforcer)[:len(OBSERVATION_KEYS)] == OBSERVATION_KEYS and enforcer["seat"] == 1
    assert enforcer["hand"] == game.hands[1]
    assert enforcer["table"]["face_down"] == "hidden"
    assert "hands" not in enforcer and enforcer["hand_sizes"] == (3, 4, 3)
    assert game.observation(0)["table"]["face_down"] == lead.face_down
    hidden_svg = game.to_svg(viewer=1)
    assert lead.face_down.name not in hidden_svg
    assert all(card.name not in hidden_svg for card in game.hands[2])


def test_every_card_is_seen_or_hidden_exactly_once_by_every_seat_in_every_state():
    game = play_out(syndicate.new_game(3, seed=31, target=20), [RandomBot(s) for s in range(3)])
    assert game.reshuffles >= 1
    for state in game.states():
        assert state.cards_in_game() == Counter(DECK)
        for seat in range(3):
            seen = state.observation(seat)
            moves = seen.pop("legal_actions")          # they name cards of the seat's own hand
            assert cards_in(seen, syndicate.Card) + state.cards_hidden_from(seat) == Counter(DECK)
            assert all(isinstance(card, syndicate.Card) for card in seen["hand"])
            assert set(cards_in(moves, syndicate.Card)) <= set(seen["hand"])


def test_the_last_turn_is_told_by_its_totals_and_points_its_cards_lie_in_the_discards():
    game = position(hand_0="Diplomat, Author, Castle, Sea, Journey", hand_1="Merchant, Forest",
                    hand_2="Cave, Battle, Mill")
    game = game.apply("lead Diplomat + face down Author").apply("play Merchant").apply("play Cave")
    seen = game.observation(2)
    assert seen["last_turn"] == {"mastermind": 0, "mastermind_total": 10, "enforcers_total": 9, "points": (1, 0, 0)}
    assert seen["discards"] == cards("Diplomat", "Author", "Merchant", "Cave")
    assert seen["table"] is None and seen["mastermind"] == 1 and seen["turn"] == 3


def test_heuristic_bot_reads_only_what_its_seat_sees():
    discards = "Bard, Huntress, Lunatic"
    mine = "Diplomat, Author, Castle, Sea, Journey"
    one = position(hand_0=mine, hand_1="Merchant, Forest", hand_2="Cave, Battle, Mill", discards=discards)
    other = position(hand_0=mine, hand_1="Pact, Savage", hand_2="Desert, Calamity, Windfall", discards=discards)
    assert one.observation(0) == other.observation(0) and one.hands != other.hands
    assert syndicate.HeuristicBot(5).choose(one) == syndicate.HeuristicBot(5).choose(other)


def test_actions_and_cards_read_back_from_their_text():
    for card in DECK:
        assert parse_card(str(card)) == card
    game = syndicate.new_game(3, seed=3)
    for action in game.legal_actions():
        assert syndicate.parse_action(str(action)) == action
    assert syndicate.parse_action("  LEAD  chance meeting + face-down sea ") == Lead(*cards("Chance Meeting", "Sea"))


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_either_parses_or_raises_parse_error(text):
    try:
        action = syndicate.parse_action(text)
    except ParseError as err:
        assert err.where and err.what
    else:
        assert syndicate.parse_action(str(action)) == action


# ------------------------------------------------------------------ saving


def test_json_round_trip_replays_the_same_game():
    game = play_out(syndicate.new_game(3, seed=12, target=6), [RandomBot(s) for s in range(3)])
    again = load_json(game.to_json())
    assert again == game and again.setup.variant == syndicate.SPEC.check_variant({"target": 6})
    assert again.setup.variant["target"] == 6 and again.setup.rules == "target 6"


def test_scenario_games_save_and_load():
    game = position(hand_0="Diplomat, Author, Castle, Sea, Journey", hand_1="Merchant, Mill",
                    hand_2="Bard, Cave, Pact").apply("lead Diplomat")
    assert load_json(game.to_json()) == game
    short = position(hand_0="Diplomat, Author, Castle, Sea", hand_1="Merchant", hand_2="Bard, Cave", allow="hand sizes")
    assert load_json(short.to_json()) == short


@pytest.mark.parametrize("change, where, what", [
    (lambda d: d["actions"].__setitem__(1, "play Dragon"), "actions[1]: action", "no card named 'Dragon'"),
    (lambda d: d["actions"].__setitem__(0, "play Diplomat"), "actions[0]", "turn order"),
    (lambda d: d.__setitem__("players", 4), "players", "exactly 3"),
    (lambda d: d.__setitem__("seed", "x"), "seed", "seed must be a whole number"),
    (lambda d: d.__setitem__("extra", 1), "top level", "unknown key"),
    (lambda d: d.__setitem__("game", "chess"), "game", "no game named"),
    (lambda d: d.__setitem__("variant", {"target": 0}), "variant.target", "target must be"),
    (lambda d: d.__setitem__("variant", {"target": 10**9}), "variant.target", "from 1 to 50"),
])
def test_tampered_saves_are_rejected_saying_where_and_what(change, where, what):
    game = syndicate.new_game(3, seed=5)
    for _ in range(4):
        game = game.apply(game.legal_actions()[0])
    data = json.loads(game.to_json())
    change(data)
    with pytest.raises(ParseError) as caught:
        load_json(json.dumps(data))
    assert caught.value.where == where and what in caught.value.what


def test_malformed_json_says_line_and_column():
    with pytest.raises(ParseError, match="line 1, column"):
        load_json('{"game": syndicate}')


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_as_a_save_raises_only_parse_error(text):
    with pytest.raises(ParseError):
        load_json(text)


@pytest.mark.parametrize("text, where", [
    ("hand 0: Diplomat\nhand 1: Sea", "scenario"),
    ("hand 0: Diplomat\nhand 1: Sea\nhand 2: Diplomat", "line 3 (hand 2)"),
    ("hand 0: Dragon\nhand 1: Sea\nhand 2: Bard", "line 1 (hand 0)"),
    ("hand 0: Diplomat\nhand 1: Sea\nhand 2: Bard\ncolour: red", "line 4"),
    ("hand 0: Diplomat\nhand 1: Sea\nhand 2: Bard\nscores: 1 2", "line 4 (scores)"),
    ("hand 0: Diplomat\nhand 1: Sea\nhand 2: Bard\nscores: 12 2 3", "line 4 (scores)"),
    ("hand 0: Diplomat\nhand 1: Sea\nhand 2: Bard\nmastermind: 3", "line 4 (mastermind)"),
    ("hand 0: Diplomat\nhand 1: Sea\nhand 2: Bard\nturn: 0", "line 4 (turn)"),
    ("hand 0: Diplomat\nhand 1: Sea\nhand 2: Bard", "line 1 (hand 0)"),
    ("hand 0: Diplomat, Sea, Bard, Author, Cave\nhand 1: Mill\nhand 2: Pact", "line 3 (hand 2)"),
    ("hand 0: Diplomat, Sea, Bard, Author, Cave\nhand 1: Mill\nhand 2: Pact, Castle, Journey", "line 1 (hand 0)"),
    ("hand 0: A, B\nhand 1: Sea\nhand 2: Bard", "line 1 (hand 0)"),
])
def test_bad_scenarios_say_where(text, where):
    with pytest.raises(ParseError) as caught:
        syndicate.scenario(text, seed=0)
    assert caught.value.where == where


# ------------------------------------------------------------------ random games


def _check_card_conservation(state):
    table = ()
    if state.table is not None:
        table = (state.table.lead, *([state.table.face_down] if state.table.face_down else []), *state.table.answers)
    everywhere = [*state.draw_pile, *state.discards, *table, *(card for hand in state.hands for card in hand)]
    assert Counter(everywhere) == Counter(DECK)


@pytest.mark.slow
def test_one_thousand_random_games_keep_every_invariant():
    allowed_gains = {(0, 0, 0)} | {tuple(2 if s == m else 0 for s in range(3)) for m in range(3)} \
        | {tuple(1 if s == m else 0 for s in range(3)) for m in range(3)} \
        | {tuple(0 if s == m else 1 for s in range(3)) for m in range(3)}
    rng = random.Random(2024)
    for seed in range(1000):
        state = syndicate.new_game(3, seed=seed)
        for _ in range(400):
            if state.is_over:
                break
            legal = state.legal_actions()
            action = rng.choice(legal)
            after = state.apply(action)
            if after.turn_number != state.turn_number or after.is_over:
                gain = tuple(a - b for a, b in zip(after.scores, state.scores))
                assert gain in allowed_gains
                assert tuple(after.last_turn.points) == gain
            assert all(len(hand) >= 1 for hand in after.hands) or after.is_over
            state = after
        assert state.is_over, f"seed {seed} did not end"
        _check_card_conservation(state)
        assert max(state.scores) >= 12 and state.scores.count(max(state.scores)) == 1


def test_every_state_of_a_game_conserves_the_cards():
    game = play_out(syndicate.new_game(3, seed=77), [RandomBot(s) for s in range(3)])
    for state in game.states():
        _check_card_conservation(state)
        assert len(state.hands[state.mastermind]) <= 5


# ------------------------------------------------------------------ bots


def test_heuristic_bot_plays_only_legal_moves_and_beats_random_bots():
    wins = 0
    for seed in range(30):
        seats = [syndicate.HeuristicBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)]
        final = play_out(syndicate.new_game(3, seed=seed), seats)
        wins += 0 in final.winners
    assert wins >= 15          # a third would be chance


def test_heuristic_bot_plays_a_face_down_card_only_when_it_helps():
    # Holding the Ace of Moons and its Crown, leading the Crown alone is worth two points against
    # enforcers who cannot beat 10; the bot should not spend the Ace as a face-down card.
    game = position(hand_0="Huntress, Ace of Moons, Author, Desert, Battle", hand_1="Castle, Sea",
                    hand_2="Cave, Mill, Pact", turn=5,
                    discards=", ".join(c.name for c in DECK if c.marks & {PERSONALITY}
                                       and c.name not in {"Huntress", "Author"}))
    action = syndicate.HeuristicBot(0).choose(game)
    assert action.face_down is None


def test_guaranteed_points_is_the_worst_case_over_every_legal_answer():
    game = position(hand_0="Sea, Castle, Ace of Waves, Author, Journey", hand_1="Mill, Diplomat",
                    hand_2="Cave, Bard, Ace of Suns")
    assert syndicate.guaranteed_points(game, Lead(*cards("Sea"))) == 0             # 10 vs 8 + 7
    assert syndicate.guaranteed_points(game, Lead(*cards("Sea", "Castle"))) == 1   # 17 vs 15
    assert syndicate.guaranteed_points(game, Lead(*cards("Ace of Waves", "Sea"))) == 1  # 21 vs 15
    with pytest.raises(ValueError, match="not a legal lead"):
        syndicate.guaranteed_points(game, Lead(*cards("Bard")))


# ------------------------------------------------------------------ pictures and widgets


def test_pictures_are_deterministic_and_show_the_cards():
    game = syndicate.new_game(3, seed=9)
    assert game.to_svg() == syndicate.new_game(3, seed=9).to_svg()
    svg = game._repr_svg_()
    assert svg.startswith("<svg") and all(card.name in svg for card in game.hands[0])


def test_step_viewer_steps_through_a_game():
    game = play_out(syndicate.new_game(3, seed=4), [RandomBot(s) for s in range(3)])
    viewer = StepViewer.from_state(game)
    assert viewer.slider.max == len(game.history)
    first_picture = viewer.picture.value
    viewer.forward.click()
    assert viewer.slider.value == 1 and viewer.picture.value != first_picture
    assert str(game.history[0]) in viewer.caption.value
    viewer.play.value = 5
    assert viewer.slider.value == 5
    viewer.back.click()
    assert viewer.slider.value == 4
    viewer.slider.value = viewer.slider.max
    assert viewer.forward.disabled
    viewer.forward.click()
    assert viewer.slider.value == viewer.slider.max


def test_step_viewer_for_one_seat_hides_the_face_down_card():
    game = syndicate.new_game(3, seed=6)
    lead = next(action for action in game.legal_actions() if action.face_down)
    game = game.apply(lead)
    enforcer_view = StepViewer.from_state(game, viewer=1)
    enforcer_view.forward.click()
    assert lead.face_down.name not in enforcer_view.caption.value + enforcer_view.picture.value
    assert lead.face_down.name in StepViewer.from_state(game).frames[1][0]
