"""The parts of a description Wimmüln's shape needs: the cards the dealer shows, trumps named by a
hook from them, the dealer's first card before the bids, and bids made of cards laid face down.
Mistakes are refused naming the part; a hook that answers wrongly stops the game naming it and the
position; a scenario without the cards shown says so; the rules page says each part."""

import pytest

from plateau_lab.core import IllegalAction, ParseError
from plateau_lab.kit import Bidding, HookError, Scoring, TrickGame, define, rules_text
from plateau_lab.kit.description import DescriptionError
from plateau_lab.kit.examples import WIMMULN, WIMMULN_DESCRIPTION

GOOD = dict(name="small_crosses", title="Small crosses", players=range(3, 5), suits="CDSH", ranks="7 8 9 10 J Q K A",
            hand_size=5, shown=2, trumps=lambda shown, table: shown[0].suit,
            first_card=lambda shown, table: shown[1], bidding=Bidding(cards=2),
            scoring=Scoring(score=lambda result, table: result.tricks))


def refused(**changes) -> DescriptionError:
    with pytest.raises(DescriptionError) as caught:
        TrickGame(**{**GOOD, **changes}).checked()
    return caught.value


@pytest.mark.parametrize("changes, part, words", [
    (dict(shown=4), "shown", "from 0 to 3"),
    (dict(shown=0), "trumps", "he shows none: say how many with shown=2"),
    (dict(trumps=lambda shown: "C"), "trumps", "must take 2 values"),
    (dict(first_card="the lowest"), "first_card", "first_card is a function"),
    (dict(bidding=Bidding(cards=4)), "bidding", "from 0 (he says a number) to 3"),
    (dict(bidding=Bidding(cards=2, hook_rule=True)), "bidding", "use one or the other"),
    (dict(scoring=Scoring(exact_bid_bonus=10)), "scoring", "score the cards laid with a score hook"),
    (dict(hand_size=2), "hand_size", "at least 3 cards"),
])
def test_a_mistake_is_refused_naming_the_part(changes, part, words):
    mistake = refused(**changes)
    assert mistake.part == part and words in str(mistake), str(mistake)


def test_a_hook_that_answers_wrongly_stops_the_deal_naming_it():
    bad_trumps = define(TrickGame(**{**GOOD, "name": "bad_trumps", "trumps": lambda shown, table: "Z"}))
    with pytest.raises(HookError, match=r"function trumps failed at the deal \(deal number 3\): it gave 'Z'"):
        bad_trumps.new_game(3, seed=3)
    not_his = define(TrickGame(**{**GOOD, "name": "not_his", "first_card": lambda shown, table: "7C"}))
    with pytest.raises(HookError, match="function first_card failed at the deal .*not a card of the dealer's hand"):
        not_his.new_game(3, seed=3)


def test_cards_laid_are_the_bid_and_a_bid_in_words_is_refused():
    game = define(TrickGame(**GOOD))
    state = game.new_game(3, seed=1)
    assert state.trick == ((state.dealer, state.shown[1]),) and state.phase == "bid"
    assert all(str(action).startswith("lay ") and " over " in str(action) for action in state.legal_actions())
    with pytest.raises(IllegalAction) as wrong:
        state.apply("bid 2")
    assert wrong.value.rule == "bidding before play"
    held = state.hands[state.current_player]
    with pytest.raises(IllegalAction) as one:
        state.apply(f"lay {held[0]}")
    assert one.value.rule == "the cards laid" and "a bid is 2 cards laid face down, not 1" in str(one.value)


def test_the_dealer_chooses_the_first_card_when_the_hook_leaves_it_to_him():
    game = define(TrickGame(**{**GOOD, "name": "dealer_opens", "first_card": lambda shown, table: None}))
    state = game.new_game(4, seed=2)
    assert state.phase == "open" and state.current_player == state.dealer and not state.trick
    assert len(state.legal_actions()) == len(set(state.hands[state.dealer]))
    with pytest.raises(IllegalAction) as early:
        state.apply(str(state.legal_actions()[0]).replace("play", "lay") + f" over {state.hands[state.dealer][1]}")
    assert early.value.rule == "the dealer's first card"
    opened = state.apply(state.legal_actions()[0])
    assert opened.phase == "bid" and opened.current_player == (state.dealer + 1) % 4


def test_a_scenario_names_the_cards_shown():
    deal = WIMMULN.scenario_text(WIMMULN.new_game(4, seed=6))
    assert "\nshown: " in deal and WIMMULN.scenario(deal, seed=6) == WIMMULN.new_game(4, seed=6)
    without = "\n".join(line for line in deal.splitlines() if not line.startswith("shown"))
    with pytest.raises(ParseError, match="the dealer shows 2 cards: they are missing"):
        WIMMULN.scenario(without)
    dealt = WIMMULN.new_game(4, seed=6)
    other = (dealt.dealer + 1) % 4
    not_his = next(line for line in deal.splitlines() if line.startswith(f"hand {other}: ")).split()[2:4]
    swapped = "\n".join(f"shown: {' '.join(not_his)}" if line.startswith("shown") else line
                        for line in deal.splitlines())
    with pytest.raises(ParseError, match="the cards shown are the last dealt to the dealer: they are in his hand"):
        WIMMULN.scenario(swapped)


def test_the_rules_page_says_each_part():
    page = rules_text(WIMMULN_DESCRIPTION)
    assert "the dealer shows everyone the last 2 cards dealt to him" in page
    assert "The first card: With trumps, the higher shown card stays face up" in page
    assert "every player lays 2 cards of his hand face down as his bid" in page
    assert "Play: The player left of the dealer plays next to the dealer's first card." in page


def test_cards_out_of_play_are_chosen_by_the_hook_and_a_wrong_answer_is_named():
    keep_two_suits = define(TrickGame(**{**GOOD, "name": "two_suits_in_play",
                                         "in_play": lambda deck, players, rng: [c for c in deck if c.suit in "CD"]}))
    state = keep_two_suits.new_game(3, seed=1)
    assert {card.suit for card in state.out_of_play} == {"S", "H"} and len(state.out_of_play) == 16
    assert "out of play: " in keep_two_suits.scenario_text(state)
    strange = define(TrickGame(**{**GOOD, "name": "strange_in_play", "in_play": lambda deck, players, rng: ["7C"]}))
    with pytest.raises(HookError, match="function in_play failed at the deal .*it gave '7C', which is not a card"):
        strange.new_game(3, seed=1)
    too_few = define(TrickGame(**{**GOOD, "name": "too_few_in_play", "in_play": lambda deck, players, rng: deck[:5]}))
    with pytest.raises(HookError, match="it kept 5 cards; 3 players need at least 9"):
        too_few.new_game(3, seed=1)
    assert refused(in_play=lambda deck: deck).part == "in_play"
    plain = define(TrickGame(**{**GOOD, "name": "plain_deck"}))
    with pytest.raises(ParseError, match="every card of the deck is played in this game"):
        plain.scenario(plain.scenario_text(plain.new_game(3, seed=1)).replace("dealer:", "out of play: 7C\ndealer:"))
    assert "The cards in play: With 3 players, two colours chosen at random leave the game." in rules_text(
        WIMMULN_DESCRIPTION)
