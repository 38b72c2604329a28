"""Issue 28 for Le Plateau: every move of every phase, at every player count, gets a reason in the
game's words (a bid, a pass, a talon group picked, a discard, a card given, a call, keeping or
raising the objective, abdicating, a card played, the next deal), drawn from what the seat sees:
no reason names a card hidden from the seat, and each reads the same in every deal the seat could
imagine. Exact sentences for hand-made positions, and the facts the search counts for them (who
ends up the declarer, on whose side a card given lands).
"""

import random
import re
from collections import Counter
from functools import partial

import pytest

from plateau_lab.core import DEAL, Deal, Play
from plateau_lab.core.imagining import count_words
from plateau_lab.core.imagining import model_for
from plateau_lab.games import le_plateau
from plateau_lab.games.le_plateau.actions import (Abdicate, Call, Discard, Give, Keep, MakeBid, Pass, PickGroup,
                                                  Raise)
from plateau_lab.games.le_plateau.cards import EXCUSE, TRUMP, Card, parse_card
from plateau_lab.games.le_plateau.reasons import reasons
from plateau_lab.hexboard import DECLARERS, distance
from plateau_lab.lab import expert
from plateau_lab.ui.session import TableSession

from learner_words import WRONG
from positions import SHARES, reasons_real_and_imagined

#: Every kind of move Le Plateau has.
MOVE_TYPES = (MakeBid, Pass, PickGroup, Discard, Give, Call, Raise, Keep, Abdicate, Play, Deal)
#: The tables played: every player count, the full deck and the French Excuse.
TABLES = ((2, {}), (3, {}), (3, {"full_deck": True}), (4, {}), (4, {"full_deck": True}), (5, {}),
          (5, {"full_deck": True, "french_excuse": True}), (6, {}), (6, {"french_excuse": True}))
SEEDS = (0, 1, 2)
#: Words no learner should read in a reason, and a bare negative number.
ENGINE_WORDS = re.compile(r"seed|heuristic|playout|\bNone\b|\bTrue\b|\bFalse\b|Card\(", re.IGNORECASE)
NEGATIVE = re.compile(r"(?<![\w.])[-−]\d")
#: Playouts per legal move of the small analyses here (the words, not the figures, are tested).
PLAYOUT_BUDGET = 8


def a_move(state, rng):
    """A random move that gets every phase played: someone always opens the bidding, a partner
    raises more often than not, and a declarer who may abdicate sometimes does."""
    actions = state.legal_actions()
    if state.phase == "bidding":
        bids = [action for action in actions if isinstance(action, MakeBid)]
        if bids and (state.high_bid is None or rng.random() < 0.2):
            return rng.choice(bids)
        return actions[0]
    if state.phase == "raise the objective":
        if Abdicate() in actions and rng.random() < 0.5:
            return Abdicate()
        raises = [action for action in actions if isinstance(action, Raise)]
        if raises and state.current_player != state.declarer and rng.random() < 0.7:
            return rng.choice(raises)
    return rng.choice(actions)


def positions(players, variant, seed):
    """Every position of a game with a player to move, the moves chosen by :func:`a_move`."""
    state, rng, found = le_plateau.new_game(players, seed=seed, **variant), random.Random(seed), []
    while not state.is_over:
        found.append(state)
        state = state.apply(a_move(state, rng))
    return found


@pytest.fixture(scope="module")
def games():
    return {(players, tuple(variant.items()), seed): positions(players, variant, seed)
            for players, variant in TABLES for seed in SEEDS}


def named_cards(text):
    """The cards a text names: "king of spades", "trump 21", "the Excuse", "RS", "10H", "EXC", "A21"."""
    ranks = {"king": 14, "queen": 13, "knight": 12, "jack": 11}
    suits = {"spades": "S", "hearts": "H", "clubs": "C", "diamonds": "D"}
    named = [Card(suits[suit], ranks.get(rank) or int(rank))
             for rank, suit in re.findall(r"\b(king|queen|knight|jack|\d{1,2}) of (spades|hearts|clubs|diamonds)\b",
                                          text)]
    named += [Card(TRUMP, int(rank)) for rank in re.findall(r"\btrump (\d{1,2})\b", text)]
    named += [Card(TRUMP, int(rank)) for rank in re.findall(r"\bA(\d{1,2})\b", text)]
    named += [EXCUSE for _ in re.findall(r"\bthe Excuse\b|\bEXC\b", text)]
    named += [parse_card(short) for short in re.findall(r"\b(?:[RDCV]|10|[1-9])[SHCD]\b", text)]
    return named


def test_named_cards_reads_every_way_a_reason_names_a_card():
    assert named_cards("discards the king of spades; trump 21, the Excuse; its space A5; takes 10H, RS") == [
        Card("S", 14), Card(TRUMP, 21), Card(TRUMP, 5), EXCUSE, parse_card("10H"), parse_card("RS")]
    assert named_cards("bids to make a Y, with two trumps in your hand; worth 15") == []


def test_every_legal_move_of_every_phase_has_a_reason_naming_no_hidden_card(games):
    """Every legal move at every position of games at every player count (the full deck, the French
    Excuse) gets a clause of its own, with and without the search's shares, in a learner's words,
    naming no card hidden from the seat but the card a call announces; every kind of move is met."""
    seen, checked = Counter(), 0
    for states in games.values():
        for state in states:
            seat = state.current_player
            hidden = state.cards_hidden_from(seat)
            for action in state.legal_actions():
                for shares in ((), SHARES):
                    said = reasons(state, seat, action, shares)
                    where = (state.setup.players, state.phase, str(action), said)
                    assert said and said == said.strip() and not said.endswith("."), where
                    assert not ENGINE_WORDS.search(said) and not NEGATIVE.search(said), where
                    assert not WRONG.search(said), where
                    announced = {action.card} if isinstance(action, Call) else set()
                    assert not [card for card in named_cards(said) if hidden[card] and card not in announced], where
                    checked += 1
                seen[type(action).__name__] += 1
    assert set(seen) == {kind.__name__ for kind in MOVE_TYPES}, seen
    assert checked > 10_000


def test_a_reason_reads_the_same_in_every_deal_the_seat_could_imagine(games):
    """At a few positions of each phase of each table, each legal move's reason is the same in the
    real position and in deals imagined anew (the model's redeal, as the search makes them): it
    reads nothing the seat cannot see."""
    model, checked, phases = model_for("le_plateau"), 0, Counter()
    for (players, variant, seed), states in games.items():
        per_phase = Counter()
        for state in states:
            if per_phase[state.phase] >= 2 or len(state.legal_actions()) < 2:
                continue
            per_phase[state.phase] += 1
            for action, imagined, real in reasons_real_and_imagined(model, state, deals=2):
                assert imagined == real, (players, variant, state.phase, str(action))
                checked += 1
        phases.update(per_phase)
    assert {"bidding", "pick a talon group", "discard", "give", "call a partner", "raise the objective",
            "play"} <= set(phases), phases
    assert checked > 1_000


# ---------------------------------------------------------------- hand-made positions, exact sentences


def three_player_discard():
    """3 players, the declarer (seat 0) has taken the talon (19 VS 10H) and discards 3 of 16 cards."""
    return le_plateau.scenario("players: 3\nhand 0: 21 20 3 2 RS DS 10S RH DH CH VH RC 10D\ntalon: 19 VS 10H\n"
                               "bid: 0 Exchange Y", seed=1)


def test_a_discard_says_the_suit_it_shortens_or_voids_the_high_card_and_the_space_it_gives_up():
    state = three_player_discard()
    y_needs = distance(state.board, DECLARERS, state.contract.objective)[0]
    assert y_needs == 10                                # a Y across the empty board
    say = partial(reasons, state, 0)
    assert say(Discard(parse_card("10D"))) == ("discards the 10 of diamonds face down: leaves you no diamonds, so "
                                               "you can trump when diamonds are led")
    assert say(Discard(parse_card("10S"))) == "discards the 10 of spades face down: leaves you three spades"
    assert say(Discard(parse_card("RS"))) == (
        "discards the king of spades face down: leaves you three spades; it gives up a spade no other player's "
        "spade can beat; its space RS never comes up in a trick: the opponents take it after the last trick, "
        "and the declarers' Y still needs at least ten spaces, as before")
    # the queen is beaten by no one else's spade: the king is the seat's own
    assert "it gives up a spade no other player's spade can beat" in say(Discard(parse_card("DS")))
    assert "can beat" not in say(Discard(parse_card("VS")))        # the knight of spades is someone else's
    assert say(Discard(parse_card("2"))).startswith("discards the trump 2 face down: you keep four trumps; "
                                                    "its space A2 never comes up in a trick")
    # trump 21 is beaten by the Excuse, which the seat does not hold
    assert "can beat" not in say(Discard(parse_card("21")))


def test_a_discarded_space_says_what_it_does_to_the_declarers_formation():
    """On boards with counters of both teams here and there (as a 4-player full-deck pick leaves
    them, and more), each discard of a card with a free space says what the opponents taking that
    space does to the declarers' Bridge, as the board's search finds it: nothing, more spaces, or
    no Bridge at all; each of the three is met."""
    state = le_plateau.scenario("players: 3\nhand 0: 21 20 3 2 RS DS 10S RH DH CH VH RC 10D\ntalon: 19 VS 10H\n"
                                "bid: 0 Exchange Bridge", seed=1)
    rng, met = random.Random(4), Counter()
    cells = sorted(state.rules.layout)
    for _ in range(60):
        board = state.board
        for cell in rng.sample(cells, rng.randint(4, 20)):
            board = board.place(cell, rng.choice((0, 1, 1)))
        position = state.derive(board=board)
        before = distance(board, DECLARERS, position.contract.objective)
        if before is None:
            continue
        for card in position.hands[0]:
            cell = position.rules.cell_of_token.get(card.token) if card.token else None
            if cell is None or cell in board.counters:
                continue
            after = distance(board.place(cell, 1), DECLARERS, position.contract.objective)
            said = reasons(position, 0, Discard(card))
            assert f"its space {card.token} never comes up in a trick" in said
            if after is None:
                met["no longer"] += 1
                assert said.endswith("and the declarers' Bridge can no longer be made"), said
            elif after[0] > before[0]:
                met["more"] += 1
                assert said.endswith(f"then needs at least {count_words(after[0], 'space')} instead of "
                                     f"{count_words(before[0], 'space')}"), said
            else:
                met["as before"] += 1
                assert said.endswith(f"still needs at least {count_words(before[0], 'space')}, as before"), said
    assert set(met) == {"no longer", "more", "as before"}, met


def test_a_talon_group_picked_says_what_it_brings_and_which_spaces_the_opponents_take():
    state = le_plateau.scenario("players: 4\nhand 0: 21 20 19 3 2 RS DS 10S 9S RH DH CH VH 10H RC 10D 9D 8D\n"
                                "talon: 18 RD 2H 4C DC 1\nbid: 0 Exchange Y Duo", seed=1, full_deck=True)
    assert state.phase == "pick a talon group"
    assert reasons(state, 0, PickGroup(1)) == (
        "takes 18, RD and 2H into your hand (one trump and one king): you then hold six trumps; the opponents "
        "take the spaces DC and A1 of group 2, and the declarers' Y still needs at least ten spaces, as before")
    assert reasons(state, 0, PickGroup(2)) == (
        "takes 4C, DC and 1 into your hand (one trump and no kings): you then hold six trumps; the opponents "
        "take the space RD of group 1, and the declarers' Y still needs at least ten spaces, as before")


def six_player_exchange(team="Trio"):
    """6 players, seat 0 declares Exchange Y (Trio or Solo) and has taken 9S 8H 7C of the talon."""
    return le_plateau.scenario("players: 6\nhand 0: EXC 21 20 3 2 RS DS 10S RH DH 4H RC\ntalon: 9S 8H 7C 6D 5S 4C\n"
                               f"bid: 0 Exchange Y {team}", seed=1)


def test_a_card_given_says_what_it_leaves_the_hand_who_may_call_it_and_its_space():
    state = six_player_exchange()
    assert state.phase == "give" and len(state.hands[0]) == 15
    assert reasons(state, 0, Give(parse_card("RS"), 2)) == (
        "gives the king of spades face down to player 2: leaves you three spades; player 2 gets a spade no other "
        "player's spade can beat, and may turn out to play against you; you may then call it, and player 2 "
        "becomes your partner; its space RS goes to the side that wins the trick it is played to")
    assert reasons(state, 0, Give(parse_card("7C"), 4)) == (
        "gives the 7 of clubs face down to player 4: leaves you one club")
    after = state.apply("give 7C to 4")
    assert reasons(after, 0, Give(parse_card("RC"), 1)) == (
        "gives the king of clubs face down to player 1: leaves you no clubs, so you can trump when clubs are led; "
        "player 1 gets a club no other player's club can beat, and may turn out to play against you; you may then "
        "call it, and player 1 becomes your partner; its space RC goes to the side that wins the trick it is "
        "played to")
    excuse = reasons(state, 0, Give(EXCUSE, 3), SHARES)
    assert excuse.startswith("gives the Excuse face down to player 3: you keep four trumps; ")
    assert "player 3 gets the Excuse, which no card can beat" in excuse
    assert "player 3 ends up on your side about 8 times in 10" in excuse
    # the queen: the seat's own king beats it once given away
    assert "can beat" not in reasons(state, 0, Give(parse_card("DS"), 1))


def test_a_card_given_in_a_solo_never_lands_on_your_side_in_the_imagined_deals(monkeypatch):
    """The search counts whether the receiver plays on the seat's side once the partners are known:
    with a Solo bid nobody does."""
    state = six_player_exchange("Solo")
    found = expert.analyse(state, 0, 4 * len(state.legal_actions()), seed=1)
    tried = [move for move in found.moves if move.playouts]
    assert len(tried) >= 10
    for move in tried:
        assert f"player {move.action.to} ends up on your side in none of the imagined deals" in move.says, move.says
        assert "you may then call it" not in move.says


def test_a_call_says_who_plays_on_your_side_or_why_nobody_does():
    state = le_plateau.scenario("players: 4\nhand 0: 21 20 3 2 RS DS 10S RH DH CH VH RC 10D\n"
                                "bid: 0 No Exchange Y Duo", seed=1)
    assert [str(action) for action in state.legal_actions()] == ["call RD"]
    assert reasons(state, 0, Call(parse_card("RD"))) == (
        "whoever holds the king of diamonds plays on your side (if it lies in the talon, nobody does and you "
        "call again); you hold one diamond")
    state = le_plateau.scenario("players: 4\nhand 0: 21 20 3 2 RS DS 10S RH DH CH VH RC 10D\ntalon: RD 9D 8D\n"
                                "bid: 0 Exchange Y Duo", seed=1)
    for card in ("RD", "9D", "8D"):
        state = state.apply(f"discard {card}")
    assert state.phase == "call a partner"
    assert reasons(state, 0, Call(parse_card("RD"))) == (
        "you discarded the king of diamonds: nobody holds it, so you call again; you hold one diamond")


def five_player_raises():
    """5 players, seat 0 declares No Exchange Bridge Duo and calls the king of diamonds."""
    state = le_plateau.scenario("players: 5\nhand 0: 21 20 3 2 RS DS 10S RH DH CH VH RC 10D\n"
                                "bid: 0 No Exchange Bridge Duo", seed=1)
    return state.apply("call RD")


def test_keeping_raising_and_abdicating_say_what_the_contract_is_worth_to_you():
    state = five_player_raises()
    partner = state.partners[0]
    assert state.current_player == partner and state.value == 2
    assert reasons(state, partner, Keep()) == (
        "keeps the declarers' objective at a Bridge, worth 2; if your side makes it you win 2 points, if not you "
        "lose 2 points; a Bridge needs at least seven spaces of this board")
    assert reasons(state, partner, Raise(le_plateau.parse_action("raise to Y").objective)) == (
        "raises the declarers' objective to a Y: the bid is worth 4 instead of 2; if your side makes it you win "
        "4 points, if not you lose 4 points; a Y needs at least ten spaces of this board")
    state = state.apply("raise to Y")
    assert Abdicate() in state.legal_actions()
    assert reasons(state, 0, Keep()).startswith("keeps the declarers' objective at a Y, worth 4; if your side "
                                                "makes it you win 8 points, if not you lose 8 points")
    assert reasons(state, 0, Abdicate()) == (
        f"hands the declarer's role to player {partner}, who raised, and you play on as the partner: if your side "
        f"makes it you win 4 points, if not you lose 4 points; if your side makes it player {partner} wins 8 "
        f"points, if not player {partner} loses 8 points")


def test_positive_only_scoring_says_nothing_is_lost():
    state = le_plateau.scenario("players: 4\nbid: 0 No Exchange Y Solo", seed=1, positive_only=True)
    assert state.phase == "raise the objective"
    said = reasons(state, 0, Keep())
    assert re.search(r"; if your side makes it you win \d+ points, if not you score nothing; ", said), said


def test_the_next_deal_says_which_hand_starts_and_who_bids_first():
    state, rng = le_plateau.new_game(4, seed=5), random.Random(5)
    while state.hand_number == 1 and not (state.phase in ("hand over", "passed out")):
        state = state.apply(a_move(state, rng))
    assert state.legal_actions() == (DEAL,)
    assert reasons(state, state.current_player, DEAL) == "deals hand 2 of 4: player 1 bids first"


def test_the_french_excuse_led_takes_no_trick():
    for seed in range(30):
        state, rng = le_plateau.new_game(5, seed=seed, full_deck=True, french_excuse=True), random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            if state.phase == "play" and Play(EXCUSE) in state.legal_actions():
                said = reasons(state, seat, Play(EXCUSE), (0.5,))
                if not state.trick:
                    assert said.startswith("leads the Excuse, which takes no trick: the next card played sets the "
                                           "suit to follow; the declarers' ")
                    found = expert.analyse(state, seat, 3 * len(state.legal_actions()), seed=1)   # no crash
                    assert found.value_of(Play(EXCUSE)).says == reasons(state, seat, Play(EXCUSE), ())
                    return
                assert "; the Excuse takes no trick" in said
            state = state.apply(a_move(state, rng))
    pytest.fail("no position found where the French Excuse may be led")


def test_a_pass_says_what_it_leaves_of_the_bidding():
    state = le_plateau.new_game(4, seed=2)
    trumps = sum(card.suit == TRUMP for card in state.hands[0])
    assert reasons(state, 0, Pass()) == (f"passes, with {count_words(trumps, 'trump')} in your hand: you cannot bid "
                                         "again this hand")
    state = state.apply("bid Exchange Y Duo").apply("pass")
    assert reasons(state, 2, Pass()).endswith(": you cannot bid again this hand")
    state = state.apply("pass")
    assert reasons(state, 3, Pass()).endswith(": player 0 then declares Exchange Y Duo")
    passed = le_plateau.new_game(4, seed=2).apply("pass").apply("pass").apply("pass")
    assert reasons(passed, 3, Pass()).endswith(": nobody has bid, so the hand is passed out")
    assert passed.apply("pass").phase == "passed out"


def test_a_bid_nobody_can_overbid_ends_up_declaring_in_every_imagined_deal():
    """The search counts whether the seat ends up the declarer: after the highest bid of the table
    the others can only pass."""
    state = le_plateau.new_game(4, seed=2)
    top = state.legal_actions()[-1]
    assert isinstance(top, MakeBid) and str(top) == "bid No Exchange Six sides Solo"
    found = expert.analyse(state, state.current_player, PLAYOUT_BUDGET * len(state.legal_actions()), seed=1)
    assert found.value_of(top).says.endswith(": you end up the declarer in every imagined deal")
    assert "declarer" not in found.value_of(Pass()).says


def test_a_hint_at_a_discard_gives_the_discard_s_reason(monkeypatch):
    searched = expert._analyse        # the table's coach asks the expert through its module: a smaller search
    monkeypatch.setattr(expert, "_analyse", lambda state, seat, budget, *rest: searched(
        state, seat, PLAYOUT_BUDGET * len(state.legal_actions()), *rest))
    table = TableSession(three_player_discard(), seat=0, delay=0)
    table.hint()
    text = table.note.text
    assert text.startswith("Hint: the expert would discard ") and " face down: " in text, text
