"""The expert's redeal of Wimmüln never gives a player a colour he has shown he lacks, even where
dealing at random keeps failing (the deal is then worked out: expert_model.deal_by_colours)."""

from __future__ import annotations

import random

import pytest

from plateau_lab.games.wimmuln.cards import COLOURS, Card
from plateau_lab.games.wimmuln.expert_model import deal_by_colours, deal_into


def tight_places(draw: random.Random):
    """Cards dealt at random into three hands and an aside, each hand then said to lack every colour
    it did not get: the tightest restrictions a real deal can satisfy."""
    cards = [Card(colour, number) for colour in range(len(COLOURS)) for number in range(10)]
    draw.shuffle(cards)
    sizes = {(1, "hand"): 9, (2, "hand"): 9, (3, "hand"): 9, (None, "aside"): 2}
    places, start = [], 0
    for (seat, part), size in sizes.items():
        held = cards[start:start + size]
        start += size
        lacking = frozenset() if seat is None else frozenset(range(len(COLOURS))) - {card.colour_index for card in held}
        places.append((seat, part, size, lacking))
    return cards[:start], places


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("deal", [deal_into, deal_by_colours])
def test_no_card_goes_where_its_colour_is_known_to_be_lacking(deal, seed):
    cards, places = tight_places(random.Random(seed))
    dealt = deal(cards, places, 0, 0, random.Random(seed + 1000))
    assert sorted(card for hand in dealt.values() for card in hand) == sorted(cards)
    for seat, part, size, lacking in places:
        assert len(dealt[(seat, part)]) == size
        assert not [card for card in dealt[(seat, part)] if card.colour_index in lacking], (seat, part)


def test_the_position_the_soak_found_replays_to_itself():
    """benchmarks/soak.py --seed 3 found a deal, at move 442 of this random game, that gave player 2
    a yellow card after he had shown he had none (random dealing failed 20 times; the colours were
    then dropped): its imagined past broke the rule to follow the colour."""
    from plateau_lab.core.imagining import model_for, remembered_observations
    from plateau_lab.games import wimmuln
    from plateau_lab.lab.consistency import imagined_violations

    seed = 4163009983
    draw = random.Random(seed)
    state = wimmuln.new_game(4, seed=seed, target=200, rounds=None)
    line = []
    while not state.is_over and len(line) < 3000:
        line.append(state)
        state = state.apply(draw.choice(state.legal_actions()))
    for _ in range(10):
        state = draw.choice(line)
        seat = state.current_player if draw.random() < 0.5 else draw.randrange(4)
        seen = remembered_observations(state, seat)
        world = model_for("wimmuln").redeal(state, seat, seen, random.Random(draw.getrandbits(32)))
        assert imagined_violations(state, seat, world, seen) == [], len(state.history)
