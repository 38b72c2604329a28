"""Le Plateau: one test per rule of the rulebook (and of docs/rulings.md, Le Plateau), on hand-made deals."""

from __future__ import annotations

from collections import Counter
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plateau_lab.core import IllegalAction, ParseError, load_json, play_out
from plateau_lab.games import le_plateau as lp
from plateau_lab.games.le_plateau import (
    bots, callable_cards, legal_plays, parse_action, parse_bid, parse_card, parse_cards, trick_winner,
)
from plateau_lab.games.le_plateau.bidding import all_bids, bid_value, minimum_value
from plateau_lab.games.le_plateau.cards import SUIT_SYMBOLS
from plateau_lab.games.le_plateau.cards import ALL_CARDS, deck_for
from plateau_lab.games.le_plateau.rules import (
    CALL, DISCARD, GIVE, HAND_OVER, PASSED_OUT, PICK, PLAY, RAISE, _place, raise_order,
)
from plateau_lab.games.le_plateau.scoring import hand_points
from plateau_lab.hexboard import DECLARERS, OPPONENTS, Formation, layout_text, random_layout

C = parse_cards


def cards_text(cards) -> str:
    return " ".join(map(str, cards))


def with_counters(state, declarers=(), opponents=()):
    """The state with counters placed on the spaces of these tokens (for end-of-hand tests)."""
    board, masks = state.board, state.masks
    for team, tokens in ((DECLARERS, declarers), (OPPONENTS, opponents)):
        for token in tokens:
            board, masks = _place(board, masks, state.rules.cell_of_token[token], team)
    return state.derive(board=board, masks=masks)


def play_all(state, *actions):
    for action in actions:
        state = state.apply(action)
    return state


# ------------------------------------------------------------------ cards and decks


def test_card_text_parses_back_and_matches_board_tokens():
    for card in ALL_CARDS:
        assert parse_card(str(card)) == card
        if card.token:
            assert parse_card(card.token) == card
    assert parse_card("RS").describe() == "king of spades"
    assert parse_card("EXC").token == "EXC" and parse_card("21").token == "A21"
    with pytest.raises(ParseError, match="no card 'ZZ'"):
        parse_card("ZZ")


@given(st.text(max_size=6))
def test_parse_card_either_reads_or_raises_parse_error(text):
    try:
        card = parse_card(text)
    except ParseError:
        return
    assert card in ALL_CARDS


def test_deck_composition_by_player_count():
    """The table: 2: -1..9 in suits, -8..15 in trumps (34); 3: -1..9 (42); 4: -1..6 H C D, -1..5 S
    (55); 5: -1,2,3 H D, -1,2 S C (68); 6: none (78)."""
    two = deck_for(2)
    assert len(two) == 34 and not any(c.is_trump and 8 <= c.rank <= 15 for c in two)
    assert {c.rank for c in two if not c.is_trump} == {10, 11, 12, 13, 14}
    assert len(deck_for(3)) == 42 and min(c.rank for c in deck_for(3) if not c.is_trump) == 10
    four = deck_for(4)
    assert len(four) == 55 and parse_card("6S") in four and parse_card("6H") not in four
    assert parse_card("7H") in four and parse_card("5S") not in four
    five = deck_for(5)
    assert len(five) == 68 and parse_card("3S") in five and parse_card("3H") not in five
    assert parse_card("2C") not in five and parse_card("4D") in five
    assert len(deck_for(6)) == 78 and set(deck_for(6)) == set(ALL_CARDS)


def test_full_deck_variant_decks():
    """Full deck: 3 players remove 1 through 6 in the suits (54); 4 and 5 players use all 78."""
    three = deck_for(3, full_deck=True)
    assert len(three) == 54 and parse_card("7S") in three and parse_card("6S") not in three
    assert len(deck_for(4, full_deck=True)) == len(deck_for(5, full_deck=True)) == 78
    with pytest.raises(ValueError):
        deck_for(6, full_deck=True)


# ------------------------------------------------------------------ deal


def test_deal_two_players_piles_hand_and_talon():
    """5 face-down piles of 2 each, a 6-card hand each, 2 cards talon; top pile cards face up."""
    game = lp.new_game(2, seed=4)
    assert [len(hand) for hand in game.hands] == [6, 6] and len(game.talon) == 2
    assert all(len(piles) == 5 and all(len(pile) == 2 for pile in piles) for piles in game.piles)
    obs = game.observation(1)
    assert obs["piles"][0] == tuple(("hidden", pile[-1]) for pile in game.piles[0])   # the tops are public
    assert set(game.playable(0)) == set(game.hands[0]) | {pile[-1] for pile in game.piles[0]}


@pytest.mark.parametrize(("players", "options", "hand", "talon"), [
    (3, {}, 13, 3), (4, {}, 13, 3), (5, {}, 13, 3), (6, {}, 12, 6),
    (3, {"full_deck": True}, 17, 3), (4, {"full_deck": True}, 18, 6), (5, {"full_deck": True}, 15, 3),
])
def test_deal_hand_and_talon_sizes(players, options, hand, talon):
    game = lp.new_game(players, seed=1, **options)
    assert all(len(h) == hand for h in game.hands) and len(game.talon) == talon
    assert game.rules.tricks == (13 if not options else hand)


def test_same_seed_same_deal_and_deal_passes_left():
    assert lp.new_game(4, seed=9).hands == lp.new_game(4, seed=9).hands
    game = lp.new_game(4, seed=9)
    assert game.dealer == 3 and game.current_player == 0          # forehand bids first
    passed = play_all(game, "pass", "pass", "pass", "pass")
    assert passed.phase == PASSED_OUT and passed.current_player == 0
    nxt = passed.apply("deal")
    assert nxt.dealer == 0 and nxt.current_player == 1 and nxt.hand_number == 2


# ------------------------------------------------------------------ bidding


def test_bid_value_table_and_the_rulebook_example():
    """4 players: Exchange Y Duo is worth 3, the overbid Exchange Bridge Solo 6."""
    assert bid_value(parse_bid("Exchange Y Duo"), 4) == 3
    assert bid_value(parse_bid("Exchange Bridge Solo"), 4) == 6
    six = {str(b): bid_value(b, 6) for b in all_bids(6)}
    assert six["Exchange Bridge Trio"] == 1 and six["No Exchange Six sides Trio"] == 10
    assert six["Exchange Bridge Duo"] == 6 and six["No Exchange Bridge Solo"] == 12
    assert six["Exchange Six sides Solo"] == 19 and six["No Exchange Six sides Solo"] == 20
    assert sorted(bid_value(b, 3) for b in all_bids(3)) == list(range(1, 11))
    assert sorted(bid_value(b, 5) for b in all_bids(5)) == sorted([*range(1, 11), *range(6, 16)])


def test_minimum_bids():
    assert [minimum_value(n) for n in (2, 3, 4, 5, 6)] == [3, 1, 3, 1, 3]
    game = lp.new_game(2, seed=1)
    with pytest.raises(IllegalAction, match="minimum bids"):
        game.apply("bid No Exchange Bridge")                       # worth 2 < 3
    assert game.apply("bid Exchange Y").high_bid[1] == parse_bid("Exchange Y")


def test_bids_must_rise_strictly_and_state_is_unchanged():
    game = lp.new_game(4, seed=1).apply("bid Exchange Bridge Solo")   # value 6
    before = (game.auction, game.log)
    with pytest.raises(IllegalAction, match=r"\(bidding\)"):
        game.apply("bid No Exchange Fork Duo")                     # also worth 6
    assert (game.auction, game.log) == before
    assert game.apply("bid No Exchange Bridge Solo").high_bid[0] == 1


def test_bid_team_must_fit_the_player_count():
    with pytest.raises(IllegalAction, match="teams"):
        lp.new_game(3, seed=1).apply("bid Exchange Y Duo")
    with pytest.raises(IllegalAction, match="teams"):
        lp.new_game(4, seed=1).apply("bid Exchange Y Trio")


def test_a_pass_is_final():
    game = play_all(lp.new_game(4, seed=2), "pass", "bid Exchange Y Duo", "bid Exchange Fork Duo")
    assert game.current_player == 3
    game = game.apply("bid No Exchange Fork Duo")
    assert game.current_player == 1                                # seat 0 passed: skipped


def test_bidding_ends_when_all_but_one_have_passed():
    game = play_all(lp.new_game(4, seed=2), "bid Exchange Y Duo", "pass", "pass", "pass")
    assert game.declarer == 0 and game.phase == DISCARD and len(game.hands[0]) == 16
    late = play_all(lp.new_game(4, seed=2), "pass", "pass", "pass")
    assert late.current_player == 3 and late.phase == "bidding"      # the last one may still bid
    assert late.apply("bid Exchange Y Duo").declarer == 3


def test_redeal_when_nobody_bids():
    game = play_all(lp.new_game(3, seed=5, hands=6), "pass", "pass", "pass")
    assert game.phase == PASSED_OUT and game.scores == (0, 0, 0) and "Everybody passed" in game.log[-1]
    again = game.apply("deal")
    assert again.dealer == (game.dealer + 1) % 3 and again.hands != game.hands


# ------------------------------------------------------------------ exchange


def test_exchange_takes_the_talon_and_discards_three():
    game = play_all(lp.new_game(3, seed=3), "bid Exchange Bridge", "pass", "pass")
    talon = lp.new_game(3, seed=3).talon
    assert game.phase == DISCARD and set(talon) <= set(game.hands[0])
    hand = game.hands[0]
    game = play_all(game, f"discard {hand[-1]}", f"discard {hand[-2]}")
    assert game.phase == DISCARD
    game = game.apply(f"discard {hand[-3]}")
    assert game.discards == (hand[-1], hand[-2], hand[-3]) and len(game.hands[0]) == 13
    assert game.phase == RAISE and game.current_player == 0       # Solo: the declarer may raise
    assert isinstance(game.observation(1)["discards"], int) and game.observation(0)["discards"] == game.discards


def test_two_player_exchange_discards_two_from_the_hand():
    game = play_all(lp.new_game(2, seed=3), "bid Exchange Y", "pass")
    assert len(game.hands[0]) == 8
    pile_top = game.piles[0][0][-1]
    with pytest.raises(IllegalAction, match="card exchange"):
        game.apply(f"discard {pile_top}")
    game = play_all(game, f"discard {game.hands[0][0]}", f"discard {game.hands[0][1]}")
    assert len(game.hands[0]) == 6 and game.phase == RAISE


def test_no_exchange_leaves_the_talon_until_the_end():
    game = play_all(lp.new_game(3, seed=3), "bid No Exchange Bridge", "pass", "pass")
    assert game.phase == RAISE and len(game.talon) == 3 and len(game.hands[0]) == 13


def test_six_player_exchange_gives_two_cards_and_deals_the_talon():
    game = play_all(lp.new_game(6, seed=8), "bid Exchange Y Trio", *["pass"] * 5)
    assert game.phase == GIVE and len(game.hands[0]) == 15 and len(game.talon) == 3
    card = game.hands[0][-1]
    game = game.apply(f"give {card} to 2")
    with pytest.raises(IllegalAction):
        game.apply(f"give {game.hands[0][-1]} to 2")                  # 2 different players
    game = game.apply(f"give {game.hands[0][-1]} to 4")
    assert [len(hand) for hand in game.hands] == [13] * 6 and game.talon == ()
    assert card in game.hands[2] and game.phase == CALL


def test_six_player_no_exchange_deals_the_talon_to_everyone():
    start = lp.new_game(6, seed=8)
    game = play_all(start, "bid No Exchange Y Trio", *["pass"] * 5)
    assert [len(hand) for hand in game.hands] == [13] * 6 and game.talon == ()
    assert game.log[-1].startswith("No Exchange: the dealer")


def test_four_player_full_deck_talon_split():
    """"The declarer divides the talon in two groups of three ... Place an opposing team's counter on
    each card space that corresponds to a card in the card group that the declarer didn't pick." """
    game = lp.scenario("players: 4\ntalon: RS 21 7H RH 2C 3C\nbid: 1 Exchange Y Solo", seed=1,
                       full_deck=True)
    assert game.phase == PICK and game.current_player == 1
    picked = game.apply("pick group 2")
    assert picked.set_aside == C("RS 21 7H") and set(C("RH 2C 3C")) <= set(picked.hands[1])
    held = {picked.rules.layout[cell]: team for cell, team in picked.board.counters.items()}
    assert held == {"RS": OPPONENTS, "A21": OPPONENTS}                 # 7H has no space
    assert picked.phase == DISCARD


# ------------------------------------------------------------------ partner calling and raising


def _four_player_duo(hand0: str, seed: int = 1, talon: str | None = None):
    text = f"players: 4\nhand 0: {hand0}\n" + (f"talon: {talon}\n" if talon else "") + "bid: 0 No Exchange Y Duo"
    return lp.scenario(text, seed=seed)


def test_partner_call_is_the_highest_non_trump_card_not_held():
    game = _four_player_duo("RS RH RC 21 20 19 18 17 16 15 14 13 12")
    assert game.phase == CALL and [str(a) for a in game.legal_actions()] == ["call RD"]
    two = _four_player_duo("RS RH RC RD DS 21 20 19 18 17 16 15 14")
    assert {str(a) for a in two.legal_actions()} == {"call DH", "call DC", "call DD"}   # he chooses the suit
    holder = next(seat for seat in range(4) if parse_card("RD") in game.hands[seat])
    after = game.apply("call RD")
    assert after.partners == (holder,) and after.phase == RAISE and after.current_player == holder


def test_called_card_nobody_holds_calls_again():
    game = _four_player_duo("RS RH RC 21 20 19 18 17 16 15 14 13 12", talon="RD DS DH")
    game = game.apply("call RD")
    assert game.partners == () and "nobody holds it" in game.log[-1] and game.phase == CALL
    assert {str(a) for a in game.legal_actions()} == {"call DS", "call DH", "call DC", "call DD"}
    assert callable_cards(game.rules.deck, game.hands[0], game.calls) == C("DS DH DC DD")


def test_trio_calls_until_a_second_distinct_partner():
    game = lp.scenario("players: 6\nhand 0: 21 20 19 18 17 16 15 14 13 12 11 10\n"
                       "hand 1: RS RH RC RD DS DH DC DD 1S 2S 3S 4S\n"
                       "talon: 1 2 3 4 5 6\nbid: 0 No Exchange Y Trio", seed=2)
    game = game.apply("call RS")
    assert game.partners == (1,)
    game = game.apply("call RH")
    assert game.partners == (1,) and "already a partner" in game.log[-1] and game.phase == CALL
    while game.phase == CALL:                                       # kings and queens: all player 1's
        game = game.apply(game.legal_actions()[0])
    assert len(game.partners) == 2 and game.calls[-1].rank == 12 and game.phase == RAISE


def test_raise_order_partners_from_the_declarers_left_then_the_declarer():
    assert raise_order(4, (1, 5), 6) == (5, 1, 4)
    assert raise_order(0, (), 3) == (0,)


def test_raising_the_objective_increases_the_value():
    game = _four_player_duo("RS RH RC 21 20 19 18 17 16 15 14 13 12").apply("call RD")
    partner = game.current_player
    with pytest.raises(IllegalAction, match="increasing the objective"):
        game.apply("raise to Bridge")
    game = game.apply("raise to Fork")
    assert game.contract.objective is Formation.FORK and game.value == 6 and game.current_player == 0
    assert lp.Abdicate() not in game.legal_actions()                 # 4 players: no abdication
    game = game.apply("raise to Six sides")
    assert game.value == 10 and game.phase == PLAY and game.current_player == 0 and partner in game.team


def test_counter_sabotage_abdication_five_players():
    game = lp.scenario("players: 5\nhand 0: RS RH RC 21 20 19 18 17 16 15 14 13 12\n"
                       "bid: 0 No Exchange Bridge Duo", seed=3).apply("call RD")
    partner = game.current_player
    kept = game.apply("keep")
    assert lp.Abdicate() not in kept.legal_actions()                # only if the partner raised
    raised = game.apply("raise to Six sides")
    assert lp.Abdicate() in raised.legal_actions()
    abdicated = raised.apply("abdicate")
    assert abdicated.declarer == partner and abdicated.partners == (0,) and abdicated.ex_declarer == 0
    assert abdicated.phase == PLAY


def test_abdication_scoring_new_declarer_loses_double():
    points = hand_points(players=5, declarer=3, partners=(0,), value=10, won=False)
    assert points == (-10, 10, 10, -20, 10)


# ------------------------------------------------------------------ trick play


def test_follow_suit():
    hand = C("RS 2S 21 RH")
    assert legal_plays(hand, C("10S")) == C("RS 2S")


def test_trump_when_void_without_overtrumping():
    assert legal_plays(C("21 3 RH"), C("10S 20")) == C("21 3")      # 3 may undertrump


def test_any_card_when_void_of_suit_and_trumps():
    assert legal_plays(C("RH 2C"), C("10S")) == C("RH 2C")
    assert legal_plays(C("RH 2C"), C("5")) == C("RH 2C")              # trump led, no trump


def test_excuse_is_the_highest_trump():
    assert trick_winner(((0, parse_card("21")), (1, parse_card("EXC")), (2, parse_card("1")))) == 1
    assert legal_plays(C("EXC RS"), C("5")) == C("EXC")               # it follows a trump lead


def test_trick_winner_highest_trump_else_highest_of_led_suit():
    assert trick_winner(((0, parse_card("10S")), (1, parse_card("RH")), (2, parse_card("DS")))) == 2
    assert trick_winner(((0, parse_card("10S")), (1, parse_card("1")), (2, parse_card("RS")))) == 1


TWO_PLAYER_DEAL = ("players: 2\nhand 0: RS DS CS VS 10S 1\npiles 0: 18/19 16/17 20/DD 2/3 4/5\n"
                   "hand 1: RH 10D CD VD RD DH\npiles 1: 10H/21 VH/CH 10C/VC CC/RC 6/DC\n"
                   "talon: 7 EXC\nbid: 0 No Exchange Y")


def test_two_player_play_from_a_face_up_pile():
    """The rulebook's example: no spade and no trump in hand or face up but one face-up trump on a
    pile: that trump must be played."""
    game = play_all(lp.scenario(TWO_PLAYER_DEAL, seed=1), "keep", "play RS")
    assert [str(a) for a in game.legal_actions()] == ["play 21"]
    with pytest.raises(IllegalAction, match="trump when void"):
        game.apply("play RH")
    after = game.apply("play 21")
    assert after.piles[1][0] == C("10H") and after.observation(0)["piles"][1][0] == C("10H")


def test_two_player_face_down_pile_cards_are_hidden_even_from_their_owner():
    game = lp.scenario(TWO_PLAYER_DEAL, seed=1)
    hidden = game.cards_hidden_from(0)
    assert hidden[parse_card("18")] == hidden[parse_card("10H")] == 1          # bottoms: own and other's
    assert not hidden[parse_card("19")] and not hidden[parse_card("21")]       # tops are face up
    assert hidden[parse_card("RH")] == 1 and not hidden[parse_card("RS")]     # the other hand, not one's own
    assert sum(hidden.values()) == 6 + 5 + 5 + 2                              # hand 1, two sets of bottoms, talon
    assert game.cards_in_game() == Counter(game.rules.deck)


def test_two_player_uncovered_card_flips_after_the_trick():
    game = play_all(lp.scenario(TWO_PLAYER_DEAL, seed=1), "keep", "play 19")      # from seat 0's pile 0
    assert game.observation(1)["piles"][0][0] == ("hidden",)         # uncovered, not yet flipped
    assert parse_card("18") not in game.playable(0)
    game = game.apply("play 21")
    assert game.observation(1)["piles"][0][0] == C("18")             # flipped after the trick
    assert parse_card("18") in game.playable(0)


# ------------------------------------------------------------------ counters and the end of a hand

THREE_PLAYER_TRUMPS = ("players: 3\ndealer: 2\nhand 0: EXC 21 20 19 18 17 16 15 14 13 12 11 10\n"
                       "hand 1: RS DS CS VS RH DH CH VH 10S 10H 1 2 3\ntalon: 4 5 6\n")


def test_counters_on_trick_card_and_trump_spaces():
    """The winner's team takes trick space 1, and the spaces of the cards and trumps in the trick."""
    game = lp.scenario(THREE_PLAYER_TRUMPS + "bid: 0 No Exchange Bridge", seed=1)
    game = play_all(game, "keep", "play 21", "play 1", "play 9")
    spaces = {game.rules.layout[cell]: team for cell, team in game.board.counters.items()}
    assert spaces == {"T1": DECLARERS, "A21": DECLARERS, "A1": DECLARERS}
    game = play_all(game, "play EXC", "play 2", "play 8")
    assert game.board.counters[game.rules.cell_of_token["EXC"]] == DECLARERS       # the Excuse's space
    assert game.leader == 0 and game.tricks_played == 2 and game.phase == PLAY


def test_hand_ends_as_soon_as_the_declarers_hold_the_objective():
    game = play_all(lp.scenario(THREE_PLAYER_TRUMPS + "bid: 0 No Exchange Bridge", seed=1), "keep")
    path = ["VS", "RD", "RC", "VH", "T6", "A4"]                      # (1,-2) down to (0,3): side 1 needs T1
    game = with_counters(game, declarers=path)
    game = play_all(game, "play 21", "play 1")
    assert game.phase == PLAY
    game = game.apply("play 9")                                      # trick 1: T1 completes the Bridge
    assert game.phase == HAND_OVER and game.result.won and game.tricks_played == 1
    assert "wins" in game.log[-2] and "Bridge" in game.log[-2]
    cells = {game.rules.cell_of_token[t] for t in path + ["T1"]}
    assert cells <= game.result.highlight()
    assert game.scores == (4, -2, -2)                                # 3 players, Solo: 2v, v = 2


def test_hand_ends_as_soon_as_the_objective_is_impossible():
    game = lp.scenario("players: 3\ndealer: 2\nhand 0: RS DS CS VS 10S RH DH CH VH 10H RC DC CC\n"
                       "hand 1: EXC 21 20 19 18 17 16 15 14 13 12 11 10\ntalon: 4 5 6\n"
                       "bid: 0 No Exchange Six sides", seed=1)
    game = with_counters(play_all(game, "keep"), opponents=["A1", "T2", "A2"])   # side 1 all but T1
    game = play_all(game, "play RS", "play 21")
    assert game.phase == PLAY
    game = game.apply(f"play {game.legal_actions()[0].card}")       # the opponents take T1: side 1 is closed
    assert game.phase == HAND_OVER and not game.result.won and game.tricks_played == 1
    assert "no way to make a Six sides" in game.log[-2]
    wall = game.result.highlight()
    assert wall and all(game.result.board.counters[cell] == OPPONENTS for cell in wall)
    assert game.scores == (-20, 10, 10)                              # v = 10


def test_after_the_last_trick_the_remaining_spaces_go_to_the_opponents():
    from plateau_lab.core.bots import RandomBot
    for seed in range(300):
        state = lp.new_game(3, seed=seed)
        policy = [RandomBot(seed) for _ in range(3)]
        while state.phase not in (HAND_OVER, PASSED_OUT) and state.tricks_played < state.rules.tricks - 1:
            state = state.apply(policy[state.current_player].choose(state))
        if state.phase != PLAY:
            continue
        before = state
        while state.phase == PLAY:
            state = state.apply(policy[state.current_player].choose(state))
        board = state.result.board
        assert len(board.counters) == 37 and state.tricks_played == state.rules.tricks
        cells = state.rules.cell_of_token
        placed = set(before.board.counters) | {cells[f"T{state.rules.tricks}"]}
        placed |= {cells[card.token] for _, card in state.last_trick if card.token in cells}
        assert all(board.counters[cell] == OPPONENTS for cell in board.counters if cell not in placed)
        assert "After the last trick" in state.log[-2] and "turned face up" in state.log[-2]
        return
    pytest.fail("no random hand reached its last trick")


# ------------------------------------------------------------------ scoring


@pytest.mark.parametrize(("players", "partners", "declarer_gain", "partner_gain"), [
    (6, (1, 2), 1, 1), (6, (1,), 2, 2), (6, (), 5, None),
    (5, (1,), 2, 1), (5, (), 4, None), (4, (1,), 1, 1), (4, (), 3, None), (3, (), 2, None), (2, (), 1, None),
])
def test_scoring_table(players, partners, declarer_gain, partner_gain):
    won = hand_points(players=players, declarer=0, partners=partners, value=7, won=True)
    lost = hand_points(players=players, declarer=0, partners=partners, value=7, won=False)
    assert won[0] == 7 * declarer_gain and lost == tuple(-p for p in won) and sum(won) == 0
    for seat in range(1, players):
        assert won[seat] == (7 * partner_gain if seat in partners else -7)


@pytest.mark.parametrize(("players", "team", "multiple"), [
    (2, 1, 1), (3, 1, 1), (4, 2, 1), (4, 1, 2), (5, 2, 1), (5, 1, 2), (6, 3, 2), (6, 2, 3), (6, 1, 6),
])
def test_positive_only_scoring(players, team, multiple):
    partners = tuple(range(1, team))
    won = hand_points(players=players, declarer=0, partners=partners, value=4, won=True, positive_only=True,
                      counter_sabotage=False)
    lost = hand_points(players=players, declarer=0, partners=partners, value=4, won=False, positive_only=True,
                       counter_sabotage=False)
    assert won == tuple(4 * multiple if seat < team else 0 for seat in range(players))
    assert lost == tuple(0 if seat < team else 4 * multiple for seat in range(players))


def test_positive_only_five_players_with_counter_sabotage():
    assert hand_points(players=5, declarer=0, partners=(1,), value=3, won=True, positive_only=True) == (6, 3, 0, 0, 0)
    assert hand_points(players=5, declarer=0, partners=(1,), value=3, won=False, positive_only=True) == (0, 0, 3, 3, 3)
    assert hand_points(players=5, declarer=0, partners=(), value=3, won=True, positive_only=True) == (9, 0, 0, 0, 0)
    assert hand_points(players=5, declarer=0, partners=(), value=3, won=False, positive_only=True) == (0, 9, 9, 9, 9)
    five = lp.new_game(5, seed=1, positive_only=True)
    assert not five.rules.counter_sabotage


def test_game_of_several_hands_scores_sum_to_zero():
    final = play_out(lp.new_game(4, seed=21, hands=8), [bots.HeuristicBot(seat) for seat in range(4)])
    assert final.is_over and final.hand_number == 8 and sum(final.scores) == 0
    assert len(final.results) == 8
    dealers = [state.dealer for state in final.states() if state.phase == "bidding"]
    assert dealers[0] == 3 and set(dealers) == {0, 1, 2, 3}


def test_number_of_hands_is_a_multiple_of_the_players_and_at_most_ten_deals_each():
    with pytest.raises(ValueError, match="multiple of 4"):
        lp.new_game(4, seed=1, hands=6)
    with pytest.raises(ValueError, match=r"at most 40 \(10 deals each\)"):
        lp.new_game(4, seed=1, hands=44)
    assert lp.new_game(4, seed=1, hands=40).rules.hands_in_game == 40


# ------------------------------------------------------------------ variants


def test_french_excuse_may_be_played_to_any_trick_and_never_wins():
    assert legal_plays(C("EXC RS 2S"), C("10S"), french_excuse=True) == C("RS 2S EXC")
    assert trick_winner(((0, parse_card("EXC")), (1, parse_card("2S")), (2, parse_card("RS")),
                         (3, parse_card("RH"))), french_excuse=True) == 2
    assert legal_plays(C("RS 2H"), C("EXC"), french_excuse=True) == C("RS 2H")   # led Excuse: anything
    assert legal_plays(C("RS 2H"), C("EXC 5H"), french_excuse=True) == C("2H")   # then the next card's suit


def test_french_excuse_belongs_to_no_suit_so_it_is_not_a_trump_to_play_when_void():
    """French Excuse: "The excuse doesn't belong to any suit": void of the led suit with no trump but
    the Excuse, any card may be played; with a trump, that trump (or the Excuse). By default the
    Excuse is the highest trump and must be played then."""
    assert legal_plays(C("EXC RH 2C"), C("10S"), french_excuse=True) == C("RH 2C EXC")
    assert legal_plays(C("EXC 5 RH"), C("10S"), french_excuse=True) == C("5 EXC")
    assert legal_plays(C("EXC RH 2C"), C("10S")) == C("EXC")


def test_french_excuse_counter_goes_to_its_players_team():
    """"Irrespective of who wins the trick, if you played the excuse, you play your team's counter on
    the card space with the star"; led, it lets the next player choose the suit."""
    game = lp.scenario("players: 6\ndealer: 5\nhand 0: EXC 21 20 19 18 17 16 15 14 13 12 11\n"
                       "hand 1: RS DS CS VS 10S 9S 8S 7S 6S 5S 4S 3S\n"
                       "talon: 1 2 3 4 5 6\nbid: 0 No Exchange Y Solo", seed=4, french_excuse=True)
    game = play_all(game, "keep", "play EXC", "play RS")
    assert {a.card.suit for a in game.legal_actions()} <= {"S", "T"}   # spades now lead
    while game.tricks_played == 0:
        game = game.apply(game.legal_actions()[0])
    spaces = {game.rules.layout[cell]: team for cell, team in game.board.counters.items()}
    assert spaces["EXC"] == DECLARERS and spaces["T1"] == OPPONENTS and spaces["RS"] == OPPONENTS
    assert game.leader != 0


def test_french_excuse_needs_all_78_cards():
    with pytest.raises(ValueError, match="78 cards"):
        lp.new_game(4, seed=1, french_excuse=True)
    assert lp.new_game(5, seed=1, full_deck=True, french_excuse=True).rules.french_excuse


def test_alternative_boards_random_and_custom():
    rand = lp.new_game(4, seed=7, board="random")
    assert dict(rand.board.layout) == random_layout(seed=7, tricks=13)
    text = layout_text(random_layout(seed=3, tricks=13))
    custom = lp.new_game(4, seed=1, board=text)
    assert layout_text(custom.board.layout) == text and custom.rules.board_kind == "custom"
    with pytest.raises(ParseError):
        lp.new_game(4, seed=1, board="A6(-3,0) nonsense")
    full = lp.new_game(4, seed=1, full_deck=True)
    assert full.rules.board_kind == "random" and "T18" in full.board.layout.values()
    with pytest.raises(ValueError, match="official board"):
        lp.new_game(4, seed=1, full_deck=True, board="official")


# ------------------------------------------------------------------ protocol


def test_actions_parse_back():
    for text in ("bid Exchange Y Duo", "bid No Exchange Five sides", "pass", "pick group 2", "discard 7H",
                 "give RS to 3", "call RH", "raise to Six sides", "keep", "abdicate", "play EXC", "deal"):
        assert str(parse_action(text)) == text
    with pytest.raises(ParseError, match="no objective 'Octopus'"):
        parse_action("bid Exchange Octopus")
    with pytest.raises(ParseError):
        parse_action("wave")


def test_json_round_trip_and_scenario_replay():
    final = play_out(lp.new_game(5, seed=6, hands=5), [bots.HeuristicBot(seat) for seat in range(5)])
    again = load_json(final.to_json())
    assert again.scores == final.scores and again.history == final.history
    game = play_all(lp.scenario(THREE_PLAYER_TRUMPS + "bid: 0 No Exchange Bridge", seed=1), "keep", "play 21")
    assert load_json(game.to_json()).hands == game.hands


def test_the_registry_entry_stores_every_option_with_its_default():
    game = lp.new_game(4, seed=1)
    assert dict(game.setup.variant) == {option.name: option.default for option in lp.SPEC.options}
    assert game == lp.new_game(4, seed=1, full_deck=False, hands=None) and game != lp.new_game(4, seed=2)
    assert lp.SPEC.bot("heuristic", 3).seed == 3 and lp.SPEC.tables == ("players", "rounds")


def test_positions_are_equal_whatever_the_log_and_history():
    game = play_all(lp.new_game(3, seed=2), "pass", "pass")
    assert game.derive(log=(), _history=()) == game and hash(game.derive(log=())) == hash(game)
    assert game.apply("pass") != game


def test_legal_actions_are_worked_out_once_per_state():
    game = lp.new_game(4, seed=2)
    assert game.legal_actions() is game.legal_actions()
    assert "_legal_actions" not in vars(game.derive())


def test_observation_hides_other_hands_talon_and_discards():
    game = lp.new_game(4, seed=3)
    obs = game.observation(2)
    assert obs["hand"] == game.hands[2] and obs["talon"] == 3 and "hands" not in obs
    assert obs["hand_sizes"] == (13, 13, 13, 13)


def test_observation_discards_stay_with_the_discarder_after_an_abdication():
    """Counter-sabotage: the new declarer did not discard, so he must not see the discards; the
    ex-declarer, who discarded them face down, still does."""
    game = lp.scenario("players: 5\nhand 0: RS RH RC 21 20 19 18 17 16 15 14 13 12\n"
                       "bid: 0 Exchange Bridge Duo", seed=3)
    for card in game.hands[0][-3:]:
        game = game.apply(f"discard {card}")
    game = game.apply("call RD")
    partner = game.current_player
    game = play_all(game, "raise to Y", "abdicate")
    assert game.declarer == partner and game.ex_declarer == 0
    assert game.observation(0)["discards"] == game.discards
    assert game.observation(partner)["discards"] == 3


def test_observation_talon_groups_are_face_up_while_the_declarer_picks():
    """4 players, full deck: "The declarer flips both groups of cards face up"."""
    game = lp.scenario("players: 4\ntalon: RS 21 7H RH 2C 3C\nbid: 1 Exchange Y Solo", seed=1, full_deck=True)
    assert game.phase == PICK and game.observation(3)["talon"] == C("RS 21 7H RH 2C 3C")
    assert game.apply("pick group 1").observation(3)["set_aside"] == C("RH 2C 3C")
    hidden = lp.scenario("players: 4\ntalon: RS 21 7H RH 2C 3C\nbid: 1 No Exchange Y Solo", seed=1,
                         full_deck=True)
    assert hidden.observation(3)["talon"] == 6


def test_observation_gifts_are_seen_by_the_giver_while_the_receivers_hold_them():
    """6 players, Exchange: the declarer "gives 1 card, face down, to 2 different players". Everyone
    knows who received a card; the giver knows which; the receiver sees it in his hand, and
    everyone sees it once it is played (a card is shown in one place only)."""
    game = play_all(lp.new_game(6, seed=8), "bid Exchange Y Trio", *["pass"] * 5)
    first, second = game.hands[0][-1], game.hands[0][-2]
    game = play_all(game, f"give {first} to 2", f"give {second} to 4")
    assert game.observation(0)["gifts"] == ((first, 2), (second, 4))
    assert game.observation(2)["gifts"] == game.observation(3)["gifts"] == (("hidden", 2), ("hidden", 4))
    assert first in game.observation(2)["hand"]
    assert not game.cards_hidden_from(0)[first] and game.cards_hidden_from(3)[first] == 1


def test_observation_discards_and_talon_are_turned_face_up_after_the_last_trick():
    """"After the last trick, the declarer turns face up their discarded cards" (No Exchange: "turn
    face up the cards of the talon"); a hand decided earlier keeps them hidden."""
    from plateau_lab.core.bots import RandomBot
    seen = set()
    for seed in range(200):
        state = lp.new_game(3, seed=seed)
        policy = [RandomBot(seed) for _ in range(3)]
        while state.phase not in (HAND_OVER, PASSED_OUT):
            state = state.apply(policy[state.current_player].choose(state))
        if state.phase != HAND_OVER:
            continue
        last = state.tricks_played == state.rules.tricks
        obs = state.observation(1 if state.declarer != 1 else 2)
        assert (obs["discards"] == state.discards) if last else (obs["discards"] == len(state.discards))
        assert (obs["talon"] == state.talon) if last else (obs["talon"] == len(state.talon))
        seen.add(last)
        if seen == {True, False}:
            return
    pytest.fail("no hands ending both before and after the last trick")


def test_scenario_errors_say_where():
    with pytest.raises(ParseError, match="line 2"):
        lp.scenario("players: 4\nhand 0: RS RS")
    with pytest.raises(ParseError, match="not in the 4-player deck"):
        lp.scenario("players: 4\nhand 0: 1S 21 20 19 18 17 16 15 14 13 12 11 10")
    with pytest.raises(ParseError, match="needs 13 cards"):
        lp.scenario("players: 4\nhand 0: 21 20")
    with pytest.raises(ParseError, match="line 1"):
        lp.scenario("colour: blue")


# ------------------------------------------------------------------ pictures and widgets


def test_two_player_pile_pictures_show_a_card_beneath_without_naming_it():
    """A pile's picture shows its top card and, below it, the edge of a card back when a card lies
    beneath; an uncovered pile shows a back until the trick ends; only face-up tops are named."""
    from plateau_lab.games.le_plateau.render import PILE_PEEK, hands_picture, pile_picture

    def drawn(pile: tuple, covered: bool) -> tuple[int, str]:
        """How many card shapes a pile's picture draws, and the text on it."""
        group = pile_picture(pile, covered).group
        return len(group.findall(".//rect")), "".join(group.itertext())

    assert drawn(parse_cards("18 19"), False) == (2, "19")
    assert drawn(parse_cards("18"), False) == (1, "18")
    assert drawn(parse_cards("18"), True) == (1, "")
    assert drawn((), False) == (1, "")
    beneath = f'transform="translate(0,{PILE_PEEK})"'
    game = play_all(lp.scenario(TWO_PLAYER_DEAL, seed=1), "keep", "play 19")     # seat 0 plays from pile 0
    svg = hands_picture(game, viewer=0).svg()
    assert svg.count(beneath) == 4 + 5 and ">18<" not in svg                      # 18: uncovered, face down
    assert not any(f">{bottom}<" in svg for bottom in ("16", "20", "10H", "VH"))
    after = game.apply("play 21")
    svg = hands_picture(after, viewer=0, clickable=True).svg()
    assert svg.count(beneath) == 4 + 4 and 'data-target="card 18"' in svg and ">10H<" in svg


def test_pictures_show_the_result_highlight():
    game = play_all(lp.scenario(THREE_PLAYER_TRUMPS + "bid: 0 No Exchange Bridge", seed=1), "keep")
    game = play_all(with_counters(game, declarers=["VS", "RD", "RC", "VH", "T6", "A4"]), "play 21", "play 1", "play 9")
    svg = game.to_svg()
    assert svg.startswith("<svg") and "declarers WIN" in svg
    assert game.to_svg(viewer=1) != svg


def test_step_viewer_drives_from_python():
    from plateau_lab.ui.widgets import StepViewer

    game = play_all(lp.new_game(3, seed=2), "bid Exchange Bridge", "pass")
    viewer = StepViewer.from_state(game)
    viewer.forward.click()
    assert viewer.slider.value == 1 and "bid Exchange Bridge" in viewer.caption.value


# --- the walkthrough: every phase of a hand, and the scoring worked out ---------------------------

def _bot_hand(players: int, seed: int, **variant):
    state = lp.new_game(players, seed=seed, **variant)
    table = [bots.HeuristicBot() for _ in range(players)]
    while state.phase not in ("hand over", "passed out"):
        state = state.apply(table[state.current_player].choose(state))
    return state


@pytest.mark.parametrize("players, seed, variant", [(2, 1, {}), (3, 2, {}), (4, 2, {}), (4, 5, {"full_deck": True}),
                                                    (5, 3, {}), (6, 4, {})])
def test_hand_frames_show_every_phase_with_a_picture(players, seed, variant):
    from plateau_lab.ui.walkthroughs.le_plateau import PHASE_TITLES, hand_frames
    state = _bot_hand(players, seed, **variant)
    frames = hand_frames(state)
    titles = [caption.split("</b>")[0].removeprefix("<b>") for _, caption in frames]
    assert titles[0] == PHASE_TITLES["deal"]
    assert titles.count(PHASE_TITLES["bidding"]) == len(state.auction)
    exchange_steps = len(state.discards) + len(state.gifts) + bool(state.set_aside)
    assert titles.count(PHASE_TITLES["exchange"]) == exchange_steps
    assert titles.count(PHASE_TITLES["call"]) == len(state.calls)
    assert titles[-1] == PHASE_TITLES["end"]
    tricks = [title for title in titles if title.startswith(PHASE_TITLES["trick"])]
    played = state.tricks_played - (state.phase == "hand over")      # the deciding trick is the end's frame
    assert tricks == [f"Trick {number}" for number in range(1, played + 1)]
    if state.declarer is not None:
        raises = state.contract.team_size if state.ex_declarer is None else state.contract.team_size + 1
        assert 1 <= titles.count(PHASE_TITLES["raise"]) <= raises
    for svg, _ in frames:
        assert svg.startswith('<svg style="max-width:100%;height:auto" xmlns="http://www.w3.org/2000/svg"')


def test_the_exchange_frame_shows_the_talon_and_the_discards_to_the_teacher():
    from plateau_lab.ui.walkthroughs.le_plateau import hand_frames
    state = _bot_hand(4, 2)
    assert state.contract.exchange and len(state.discards) == 3
    frames = [svg for svg, caption in hand_frames(state) if caption.startswith("<b>The exchange")]
    last = frames[-1]
    assert "The talon the declarer took" in last and "Discarded face down (teacher's view)" in last
    assert len(frames) == 3
    for count, frame in enumerate(frames, start=1):      # the discards so far, one more in each frame
        shown = ET.fromstring(frame.replace(' style="max-width:100%;height:auto"', ""))
        groups = [g for g in shown.iter("{http://www.w3.org/2000/svg}g")
                  if any(t.text == "Discarded face down (teacher's view)" for t in g.findall("{http://www.w3.org/2000/svg}text"))]
        names = [t.text for t in groups[-1].iter("{http://www.w3.org/2000/svg}text")][1:]
        cards_shown = [name for name in names if name not in (*SUIT_SYMBOLS.values(), "★")]
        assert len(cards_shown) == count


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_score_lines_work_out_every_seat_from_the_tables(players):
    from plateau_lab.games.le_plateau.bidding import TEAM_COLUMNS
    from plateau_lab.ui.walkthroughs.le_plateau import score_lines
    for team in TEAM_COLUMNS[players]:
        bid = parse_bid("Exchange Y" + (f" {team}" if players >= 4 else ""))
        value = bid_value(bid, players)
        for won in (True, False):
            for positive_only in (False, True):
                lines = score_lines(players=players, bid=bid, won=won, positive_only=positive_only)
                points = hand_points(players=players, declarer=0, partners=(2, 4)[:bid.team_size - 1], value=value,
                                     won=won, positive_only=positive_only)
                seats = [line for line in lines if line.startswith("Player ")]
                assert len(seats) == players
                for line, gained in zip(seats, points):
                    shown = f"{'+' if gained > 0 else '−'}{abs(gained)}" if gained else "0"
                    assert line.endswith(f"= {shown}" if gained else ": 0"), line
                assert lines[0] == f"{bid} with {players} players is worth v = {value} (the bidding table)."


def test_scoring_walkthrough_follows_the_choices():
    from plateau_lab.ui.walkthroughs.le_plateau import ScoringWalkthrough
    walkthrough = ScoringWalkthrough()
    assert "Exchange Bridge Duo with 4 players is worth v = 1" in walkthrough.result.value
    walkthrough.players.value = 3
    assert walkthrough.team.disabled and str(walkthrough.bid()) == "Exchange Bridge"
    walkthrough.objective.value = Formation.FORK
    walkthrough.exchange.value = False
    walkthrough.positive_only.value = True
    walkthrough.won.value = False
    assert "No Exchange Fork with 3 players is worth v = 6" in walkthrough.result.value
    assert "Player 0 (declarer): 0" in walkthrough.result.value
    assert "Player 1 (opponent): +1 × 6 = +6" in walkthrough.result.value
    walkthrough.players.value = 6
    assert not walkthrough.team.disabled and walkthrough.team.options == ("Trio", "Duo", "Solo")


# --- scenarios in the middle of a hand ------------------------------------------------------------

MIDDLE_OF_A_HAND = """
players: 4
dealer: 3
bid: 1 Exchange Y Duo
partners: 3
tricks played: 3
declarers: T1 T3 RS
opponents: T2 DH
hand 0: 21 20 19 RH CH 10H 9H 8H 8D 7D
trick: 2 VH, 3 7H
talon: 6S 7S 8S
"""


def test_a_scenario_can_start_in_the_middle_of_a_hand():
    from plateau_lab.lab.consistency import state_violations, step_violations
    state = lp.scenario(MIDDLE_OF_A_HAND, seed=3)
    assert (state.phase, state.declarer, state.partners, state.contract) == ("play", 1, (3,), parse_bid("Exchange Y Duo"))
    assert state.tricks_played == 3 and state.leader == 2 and state.current_player == 0
    assert [len(hand) for hand in state.hands] == [10, 10, 9, 9]
    assert state.discards == parse_cards("6S 7S 8S") and state.talon == ()
    owner = {state.rules.layout[cell]: team for cell, team in state.board.counters.items()}
    assert owner == {"T1": DECLARERS, "T3": DECLARERS, "RS": DECLARERS, "T2": OPPONENTS, "DH": OPPONENTS}
    assert [str(a) for a in state.legal_actions()] == ["play RH", "play CH", "play 10H", "play 9H",
                                                       "play 8H"]       # follow hearts
    assert state.log == ("Scenario: player 1 is the declarer with Exchange Y Duo, value 3; partners: player 3.",
                         "3 tricks played; the trick in progress: player 2 VH, player 3 7H.")
    assert not state_violations(state, state.cards_in_game())
    assert load_json(state.to_json()) == state
    table = [bots.HeuristicBot() for _ in range(4)]
    while state.phase == "play":
        action = table[state.current_player].choose(state)
        after = state.apply(action)
        assert not step_violations(state, action, after)
        state = after
    assert state.phase == "hand over" and sum(state.scores) == 0


@pytest.mark.parametrize("text, leader, sizes", [
    ("players: 6\nbid: 0 No Exchange Y Trio\npartners: 2 4\ntricks played: 1\nopponents: T1\nlead: 5",
     5, [12] * 6),
    ("players: 3\nbid: 2 No Exchange Fork\nlead: 1", 1, [13, 13, 13]),
    ("players: 5\nbid: 0 Exchange Y Solo\ntricks played: 4\ndeclarers: T1 T2 T3\nopponents: T4\ntrick: 4 EXC",
     4, [9, 9, 9, 9, 8]),
])
def test_middle_of_a_hand_scenarios_for_every_player_count_deal_the_cards_still_to_play(text, leader, sizes):
    state = lp.scenario(text, seed=1)
    assert state.phase == "play" and state.leader == leader
    assert [len(hand) for hand in state.hands] == sizes
    assert sum(map(len, state.hands)) + len(state.trick) + len(state.talon) + len(state.discards) \
        + sum(map(len, state.taken)) == len(state.rules.deck)
    assert state.legal_actions()
