"""The Syndicate's odds bar: a seat's odds do not depend on the cards it cannot see (moved from tests/test_odds_bar.py)."""

from plateau_lab.lab.expert import odds

from test_odds_bar import played


def test_a_seats_odds_do_not_depend_on_the_cards_it_cannot_see():
    state = played("syndicate", 4)
    seat = 0
    others = [other for other in range(3) if other != seat and state.hands[other]]
    first, second = others[0], others[-1] if len(others) > 1 else others[0]
    hands = list(state.hands)
    if first != second:
        hands[first], hands[second] = (hands[second][:1] + hands[first][1:], hands[first][:1] + hands[second][1:])
    else:
        hands[first] = hands[first][::-1]
    swapped = state.derive(hands=tuple(hands))
    assert swapped.hands != state.hands
    assert odds(state, seat, 30) == odds(swapped, seat, 30)
