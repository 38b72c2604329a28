"""Le Plateau: scenarios in the middle of a hand for 2 players (hand and piles) and for the
4-player full deck (the talon group set aside), as docs/rulings.md, Le Plateau, and the
rulebook's "Special rules for the two-player game" and "Card exchange in a 4-player game" say.

Each position is built, checked card by card, saved and loaded back, and played on to the end
(move by move with the consistency checks, and against the fast playout); bad positions are
refused with a ParseError saying where and what.
"""

from collections import Counter

import pytest
from guard import guarded

from plateau_lab.core.bots import RandomBot
from plateau_lab.lab.consistency import hidden_card_violations, state_violations, step_violations
from plateau_lab.core import ParseError, load_json
from plateau_lab.games import le_plateau as lp
from plateau_lab.games.le_plateau import HeuristicBot, parse_cards
from plateau_lab.games.le_plateau.fast import play_on
from plateau_lab.hexboard import DECLARERS, OPPONENTS

TWO_PLAYERS = """
players: 2
bid: 0 Exchange Y
tricks played: 3
declarers: T1 T3 RS
opponents: T2 DH
hand 0: 21 20 19 7 CS VS
piles 0: 18/17 [16] 10S - RC/CC
hand 1: 5 4 RH CH 10H
piles 1: 2/3 VH 10C/VC RD CD/VD
trick: 0 DS
talon: 1 EXC
"""


def built(text, **options):
    state = guarded(lambda: lp.scenario(text, seed=1, **options))
    assert state.cards_in_game() == Counter(state.rules.deck), "every card in exactly one place"
    assert not state_violations(state, state.cards_in_game())
    assert load_json(state.to_json()) == state
    return state


def played_to_the_end(state):
    """The rest of the hand by heuristic bots, every step checked; the points equal the fast
    playout's from the same position with random bots and the public engine's with them."""
    start, bots = state, [HeuristicBot(seat) for seat in range(state.players)]
    while state.phase == "play":
        action = bots[state.current_player].choose(state)
        after = state.apply(action)
        assert not step_violations(state, action, after)
        assert after.cards_in_game() == Counter(after.rules.deck)
        state = after
    assert state.phase == "hand over" and sum(state.result.points) == 0 or state.rules.positive_only
    record = play_on(start, [7] * start.players, rounds=1)
    points, moves = tuple(row["points"] for row in record.rounds), record.actions
    engine, random_bots = start, [RandomBot(7) for _ in range(start.players)]
    while engine.phase == "play":
        engine = engine.apply(random_bots[engine.current_player].choose(engine))
    assert (points, moves) == (engine.result.points, len(engine.history) - len(start.history))
    return state


# ------------------------------------------------------------------ 2 players


def test_a_two_player_position_with_hand_piles_and_a_face_down_pile_card():
    state = built(TWO_PLAYERS)
    assert (state.phase, state.declarer, state.tricks_played, state.current_player) == ("play", 0, 3, 1)
    assert state.discards == parse_cards("1 EXC") and state.talon == ()
    assert [pile for pile in state.piles[0]] == [tuple(parse_cards(p)) for p in ("18 17", "16", "10S", "", "RC CC")]
    assert state.covered == {(0, 1)}, "16 lies face down: player 0 played DS, the card above it, to this trick"
    seen_by_1 = state.observation(1)["piles"]
    assert seen_by_1[0] == (("hidden", parse_cards("17")[0]), ("hidden",), parse_cards("10S"), (),
                            ("hidden", parse_cards("CC")[0]))
    # player 1 must follow spades, has none in hand or face up, so plays a trump: 5 or 4 in hand, 3 on a pile
    assert [str(action) for action in state.legal_actions()] == ["play 5", "play 4", "play 3"]
    after = state.apply("play 3")
    assert after.covered == frozenset() and after.piles[0][1] == parse_cards("16"), "turned up after the trick"
    assert after.observation(1)["piles"][0][1] == parse_cards("16")
    assert state.log == ("Scenario: player 0 is the declarer with Exchange Y, value 3.",
                         "3 tricks played; the trick in progress: player 0 DS.")
    played_to_the_end(state)


@pytest.mark.parametrize("text, hand_sizes, pile_sizes", [
    # nothing written: the hand keeps six, the piles as even as they go
    ("players: 2\nbid: 1 No Exchange Y\ntricks played: 3\ndeclarers: T1 T3\nopponents: T2",
     [6, 6], [[2, 2, 1, 1, 1]] * 2),
    # a written hand of 3: the other 10 cards lie on the piles
    ("players: 2\nbid: 1 No Exchange Y\ntricks played: 3\ndeclarers: T1 T3\nopponents: T2\nhand 0: 21 20 19",
     [3, 6], [[2, 2, 2, 2, 2], [2, 2, 1, 1, 1]]),
    # written piles: the hand holds the rest; player 1 played to the trick in progress
    ("players: 2\nbid: 1 No Exchange Y\ntricks played: 12\nopponents: T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12\n"
     "allow: free trick spaces\npiles 0: - - 21 - -\ntrick: 1 DS", [3, 3], [[0, 0, 1, 0, 0], [0, 0, 0, 0, 0]]),
])
def test_two_player_cards_left_out_are_split_between_hand_and_piles(text, hand_sizes, pile_sizes):
    state = built(text)
    assert [len(hand) for hand in state.hands] == hand_sizes
    assert [[len(pile) for pile in piles] for piles in state.piles] == pile_sizes
    played_to_the_end(state)


def test_two_player_random_positions_play_to_the_end_for_many_seeds():
    text = "players: 2\nbid: 0 Exchange Y\ntricks played: 5\ndeclarers: T1 T2 T4\nopponents: T3 T5\ntrick: 1 RS"
    for seed in range(12):
        state = lp.scenario(text, seed=seed)
        assert state.cards_in_game() == Counter(state.rules.deck) and not hidden_card_violations(state)
        played_to_the_end(state)


# ------------------------------------------------------------------ 4 players, full deck

FULL_DECK = """
players: 4
bid: 2 Exchange Y Duo
partners: 0
tricks played: 2
declarers: T2
opponents: T1 RS
set aside: RS 9 8
talon: 5H 5C 5D
hand 2: 21 20 19 18 17 16 15 14 13 12 11 10 RH DH CH VH
"""


def test_a_four_player_full_deck_position_with_the_set_aside_group():
    state = built(FULL_DECK, full_deck=True)
    assert state.set_aside == parse_cards("RS 9 8") and state.discards == parse_cards("5H 5C 5D")
    assert state.talon == () and [len(hand) for hand in state.hands] == [16] * 4
    assert state.log[1] == "Talon group set aside: RS 9 8."
    for seat in range(4):            # both groups were face up: the set-aside one stays public
        assert state.observation(seat)["set_aside"] == parse_cards("RS 9 8")
        assert state.observation(seat)["discards"] == (parse_cards("5H 5C 5D") if seat == 2 else 3)
    end = played_to_the_end(state)
    if end.tricks_played == end.rules.tricks:
        assert "turned face up" in end.log[-2]


def test_four_player_full_deck_no_exchange_keeps_the_whole_talon_face_down():
    state = built("players: 4\nbid: 1 No Exchange Y Solo\ntricks played: 1\nopponents: T1\ntalon: 2S 3S 4S 5S 6S 7S",
                  full_deck=True)
    assert state.talon == parse_cards("2S 3S 4S 5S 6S 7S") and state.set_aside == ()
    assert state.observation(0)["talon"] == 6
    played_to_the_end(state)


def test_an_unwritten_set_aside_group_never_needs_a_counter_the_board_lacks():
    """Left out, the group comes from cards without a space on the board or whose space the
    opponents hold, so the board stays exactly as written."""
    text = "players: 4\nbid: 0 Exchange Y Solo\ntricks played: 3\ndeclarers: T1 T3\nopponents: T2 RS DS CS VS RH"
    held = set(parse_cards("RS DS CS VS RH"))
    drawn = set()
    for seed in range(30):
        state = lp.scenario(text, seed=seed, full_deck=True)
        assert state.cards_in_game() == Counter(state.rules.deck)
        for card in state.set_aside:
            assert card in held or card.token not in state.rules.cell_of_token
        drawn |= set(state.set_aside) & held
    assert drawn, "the opponents' court cards may have been set aside"
    played_to_the_end(lp.scenario(text, seed=3, full_deck=True))


# ------------------------------------------------------------------ what the rules forbid

TWO = "players: 2\nbid: 0 No Exchange Y\ntricks played: 1\ndeclarers: T1\n"
FOUR = "players: 4\nbid: 0 Exchange Y Solo\ntricks played: 1\nopponents: T1\n"


@pytest.mark.parametrize("text, full_deck, where, what", [
    (TWO + "piles 0: 18/17 16/7 10S/VS RC/CC 2/3\nhand 0: 21 20 19 CS 4 5", False, "line 6", "hand 0 needs 5 cards, got 6"),
    (TWO + "hand 0: 21 20 19 CS VS 4 3", False, "line 5", "a hand holds 0 to 6"),
    (TWO + "hand 0: 21", False, "line 5", "with 1 in hand the piles would hold 14"),
    (TWO + "piles 0: - - - - -", False, "line 5 (piles 0)", "the hand would hold 15"),
    (TWO + "piles 0: 18/17 16", False, "line 5 (piles 0)", "write the 5 piles"),
    (TWO + "piles 0: 18/17/16 10S RC CC VS", False, "line 5 (piles 0)", "a pile is two cards written bottom/top"),
    (TWO + "piles 0: [18/17] 16 10S RC CC", False, "line 5 (piles 0)", "[card] (face down)"),
    (TWO + "piles 0: [18] 16 10S RC CC", False, "line 5 (piles 0)", "player 0 has not played to it"),
    (TWO + "trick: 0 RS\npiles 0: [18] [16] 10S RC CC", False, "line 6 (piles 0)", "at most one pile card lies face down"),
    (TWO + "trick: 0 RS\npiles 0: RS 16 10S RC CC", False, "line 6 (piles 0)", "RS is written twice"),
    ("players: 2\nbid: 0 No Exchange Y\ntricks played: 1\ndeclarers: T1 RS\npiles 0: 18/RS 16 10S RC CC", False,
     "line 5", "RS was played already"),
    (TWO + "piles 0: 18/17 16 10S RC CC\npiles 1: 18/2 3 4 5 6", False, "line 6 (piles 1)", "18 is written twice"),
    (TWO + "set aside: RS 9 8", False, "line 5", "only the 4-player full-deck game"),
    (FOUR + "set aside: RS 9 8", False, "line 5", "only the 4-player full-deck game"),
    ("players: 4\nbid: 0 No Exchange Y Solo\ntricks played: 1\nopponents: T1\nset aside: 9 8 7", True, "line 5",
     "the talon stays whole and face down"),
    (FOUR + "set aside: RS 9 8", True, "line 5 (set aside)", "write RS under 'opponents:'"),
    (FOUR + "declarers: RS\nset aside: RS 9 8", True, "line 6 (set aside)", "write RS under 'opponents:'"),
    (FOUR + "set aside: 9 8", True, "line 5", "set aside needs 3 cards, got 2"),
    (FOUR + "set aside: 9 8 7\nhand 0: 9", True, "line 6 (hand 0)", "9 is written twice"),
    (FOUR + "talon: 2S 3S 4S 5S 6S 7S", True, "line 5", "talon needs 3 cards, got 6"),
    ("players: 4\nbid: 0 No Exchange Y Duo\npartners: 2\ntricks played: 2\ndeclarers: T1 RS\nopponents: T2\n"
     "trick: 1 RS", False, "line 7 (trick)", "RS is in the trick in progress, so its space holds no counter yet"),
])
def test_a_position_the_rules_forbid_is_refused_saying_where_and_what(text, full_deck, where, what):
    with pytest.raises(ParseError) as caught:
        guarded(lambda: lp.scenario(text, seed=1, full_deck=full_deck))
    assert caught.value.where == where and what in caught.value.what, str(caught.value)


def test_a_position_in_the_middle_of_a_hand_is_the_same_after_a_save_and_a_load_mid_way():
    state = lp.scenario(TWO_PLAYERS, seed=1).apply("play 3")
    again = load_json(state.to_json())
    assert again == state and again.piles == state.piles and again.log == state.log
    full = lp.scenario(FULL_DECK, seed=1, full_deck=True)
    full = full.apply(full.legal_actions()[0])
    assert load_json(full.to_json()) == full and load_json(full.to_json()).set_aside == full.set_aside


def test_board_counters_of_a_written_position_are_the_teams_written():
    state = lp.scenario(FULL_DECK, seed=1, full_deck=True)
    owner = {state.rules.layout[cell]: team for cell, team in state.board.counters.items()}
    assert owner == {"T2": DECLARERS, "T1": OPPONENTS, "RS": OPPONENTS}
