"""Issue 31 in Le Plateau: a deal the expert imagines replays from its own hand's start to itself,
its save loads as it, and the seat saw the same at every step, in every hand (the earlier hands'
results written), on a board laid out at random, with 6 players once the talon is handed out, and
whatever the table learnt from the partner calls and the 4-player talon pick: the imagined past
keeps the rules (:func:`plateau_lab.lab.consistency.imagined_violations` finds nothing)."""

from __future__ import annotations

import random

import pytest

from plateau_lab.core import NotReplayable, load_json
from plateau_lab.core.imagining import model_for, remembered_observations
from plateau_lab.games.le_plateau import Card, HeuristicBot, MakeBid, new_game, scenario
from plateau_lab.games.le_plateau.cards import deck_for
from plateau_lab.games.le_plateau.expert_model import deal_around_voids, picked_group
from plateau_lab.lab.consistency import imagined_violations

MODEL = model_for("le_plateau")
KINGS = ("RS", "RH", "RC", "RD")


def _imagine(state, seat: int, seed: int):
    seen = remembered_observations(state, seat)
    return MODEL.redeal(state, seat, seen, random.Random(seed)), seen


def _replays(state, seat: int, seed: int):
    """The deal ``seat`` imagines from ``state``, checked: no violation, its past starts at the
    current hand's deal, its save loads as it and its history is its past's."""
    world, seen = _imagine(state, seat, seed)
    assert imagined_violations(state, seat, world, seen) == [], (state.to_json(), seat, seed)
    past = world.states()
    assert past[0].hand_number == state.hand_number and past[0].phase == "bidding"
    assert load_json(world.to_json()) == world and world.history == past[-1].history
    assert remembered_observations(world, seat) == seen[len(seen) - len(past):]
    return world


def _play(state, moves: list[str]):
    for move in moves:
        state = state.apply(move)
    return state


def _dealt(players: int, hand_0: list[str], talon: list[str], **variant):
    """A hand as dealt by a scenario (nobody has bid: the past of an imagined deal starts there),
    player 0's hand and the talon as given, the rest dealt by the seed."""
    lines = [f"players: {players}", f"hand 0: {' '.join(hand_0)}"] + ([f"talon: {' '.join(talon)}"] if talon else [])
    return scenario("\n".join(lines), seed=4, **variant)


def test_imagined_deals_replay_in_later_hands_and_on_a_random_board():
    """Hands 2 and later (the scenario writes the earlier results), the official and a random
    board, 3 to 5 players, at random moves into the hand, for a random seat."""
    replayed = later = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = new_game(3 + seed % 3, seed=seed, board="random" if seed % 2 else "official")
        while state.hand_number < 2 + seed % 2:
            state = state.apply(rng.choice(state.legal_actions()))
        for _ in range(rng.randrange(0, 25)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        world = _replays(state, rng.randrange(state.players), seed)
        assert world.rules.layout == state.rules.layout
        replayed += 1
        later += world.states()[0].hand_number > 1
    assert replayed == later == 12


def test_a_card_nobody_held_when_called_stays_out_of_every_hand():
    """The declarer holds no king and calls the King of Hearts, which lies in the talon (No
    Exchange): nobody holds it, he calls again. Every imagined deal keeps it in the talon and the
    second king with the partner it made, so the calls replay."""
    deck = [str(card) for card in deck_for(4)]
    hand = [card for card in deck if card not in KINGS][:13]
    talon = ["RH", *[card for card in deck if card not in KINGS and card not in hand][:2]]
    state = _play(_dealt(4, hand, talon), ["bid No Exchange Y Duo", "pass", "pass", "pass", "call RH"])
    assert state.calls == (Card("H", 14),) and state.partners == ()
    state = state.apply(state.legal_actions()[0])
    (partner,) = state.partners
    for seed in range(15):
        seat = 1 + seed % 3
        world = _replays(state, seat, seed)
        assert str(world.talon).count("RH") == 1 and state.calls[1] in world.hands[partner]


def test_a_declarer_who_called_a_queen_held_every_king():
    """"announcing the highest non-trump card they don't hold": a queen called, the declarer
    held the four kings, and holds them still in every imagined deal until he plays them."""
    deck = [str(card) for card in deck_for(4)]
    hand = [*KINGS, *[card for card in deck if card not in KINGS and card[0] not in "DR"][:9]]
    state = _play(_dealt(4, hand, []), ["bid No Exchange Y Duo", "pass", "pass", "pass"])
    assert {str(action) for action in state.legal_actions()} == {"call DS", "call DH", "call DC", "call DD"}
    state = _play(state, ["call DS", "keep", "keep"])
    for seed in range(15):
        world = _replays(state, 1 + seed % 3, seed)
        assert set(KINGS) <= {str(card) for card in world.hands[0]}


def test_an_abdication_keeps_the_called_card_with_the_new_declarer():
    """5 players, counter-sabotage: the partner raises, the declarer abdicates; the called card
    stays with the new declarer (the partner who held it) in every imagined deal."""
    state = _play(new_game(5, seed=2), ["bid No Exchange Bridge Duo", "pass", "pass", "pass", "pass"])
    state = state.apply(state.legal_actions()[0])
    while state.phase == "call a partner":
        state = state.apply(state.legal_actions()[0])
    state = _play(state, [next(str(a) for a in state.legal_actions() if str(a).startswith("raise")), "abdicate"])
    assert state.ex_declarer == 0 and state.partners == (0,)
    others = [seat for seat in range(5) if seat != state.declarer]
    for seed in range(12):
        world = _replays(state, others[seed % 4], seed)
        assert state.calls[-1] in world.hands[state.declarer]


def test_the_talon_group_picked_face_up_stays_with_the_declarer():
    """4 players, full deck, Exchange: both groups lie face up while the declarer picks; every
    imagined deal keeps the group he picked in his hand or among his discards (where it must be
    once his hand is nearly played out), and the pick replays, from the first trick to the last."""
    for game in range(1, 30):                          # a game where the declarer discards a card he picked
        rng = random.Random(game)
        state = _play(new_game(4, seed=game, full_deck=True), ["bid Exchange Y Duo", "pass", "pass", "pass",
                                                               "pick group 2"])
        positions = []
        while state.phase == "pick a talon group" or not state.result:
            state = state.apply(rng.choice(state.legal_actions()))
            if state.phase == "play" and (len(state.trick) == 3 or not state.hands[0]):
                positions.append(state)                 # the first trick, …, the declarer's hand played out
        picked = picked_group(remembered_observations(positions[0], 2))
        if set(picked) & set(state.discards) and not positions[-1].hands[0]:
            break
    assert len(picked) == 3 and set(picked) & set(state.discards) and not positions[-1].hands[0]
    for seed, state in enumerate(positions[:1] + positions[-3:] * 4):
        world = _replays(state, 1 + seed % 3, seed)
        played = {card for won in world.taken for card in won} | {card for _, card in world.trick}
        assert set(picked) <= set(world.hands[0]) | set(world.discards) | played


#: A 4-player full-deck hand (found by the soak) where the declarer picked 12 4D 16, discarded 4D
#: and has played out his hand: 4D can only be among his discards.
PICKED_THEN_DISCARDED = (
    "bid Exchange Five sides Duo / pass / pass / pass / pick group 1 / discard 2C / discard 3C / discard 4D / "
    "call RS / keep / keep / play 6H / play 1H / play 2H / play CH / play 1D / play 7D / play 2D / play 6D / "
    "play 9D / play 3D / play VD / play 5D / play RC / play 9C / play VC / play 4C / play 21 / play 1 / play 2 / "
    "play EXC / play 1S / play 4S / play 2S / play DS / play 10H / play 3H / play 4H / play 9H / play VH / "
    "play 5H / play 7H / play 6 / play 3S / play CS / play 6S / play 5S / play RD / play 8D / play 3 / play 10D / "
    "play 1C / play 7 / play 4 / play 5C / play 7S / play 12 / play RS / play 8S / play DH / play 8H / play 5 / "
    "play 9 / play 17 / play 18 / play 8 / play 6C / play 15 / play 10 / play 7C / play 11 / play 16 / play 8C / "
    "play 10C / play 13 / play 19 / play DC / play VS / play 9S / play 20 / play DD")


def test_a_picked_card_the_declarer_has_no_room_for_was_discarded():
    state = _play(new_game(4, seed=176547489, full_deck=True), PICKED_THEN_DISCARDED.split(" / "))
    assert state.phase == "play" and not state.hands[0] and Card("D", 4) in state.discards
    for seed in range(6):
        world = _replays(state, 1 + seed % 3, seed)
        assert Card("D", 4) in world.discards and not world.hands[0]


@pytest.mark.parametrize("exchange", [True, False])
def test_six_players_replay_once_the_talon_is_handed_out(exchange):
    """6 players: the talon handed out (No Exchange: one card each; Exchange: the declarer's 3, his
    2 gifts, 3 dealt to the others) replays; a gift the seat did not see is imagined, never the
    real card (unless the imagined one happens to be it)."""
    rng, checked, other_gifts = random.Random(6), 0, 0
    for seed in range(4):
        state = new_game(6, seed=seed)
        bid = next(a for a in state.legal_actions() if isinstance(a, MakeBid) and a.bid.exchange == exchange)
        state = _play(state, [str(bid)] + ["pass"] * 5)
        while state.phase != "play" or rng.random() < 0.8:
            if state.is_over or state.phase in ("hand over", "passed out"):
                break
            state = state.apply(rng.choice(state.legal_actions()))
        for seat in range(6):
            world = _replays(state, seat, seed * 6 + seat)
            checked += 1
            if exchange and seat != state.declarer:
                assert [to for _, to in world.gifts] == [to for _, to in state.gifts]
                other_gifts += sum(card != real for (card, to), (real, _) in zip(world.gifts, state.gifts)
                                   if to != seat)
    assert checked == 24 and (other_gifts > 0) == exchange


def test_heuristic_hands_with_partner_calls_replay():
    """Heuristic bots bid, exchange and call, random moves raise (an abdication now and then) and
    play: every imagined deal of a hand with a partner call replays (4 to 6 players)."""
    rng, deals, missed = random.Random(31), 0, 0
    while deals < 60:
        players = rng.choice([4, 5, 6])
        state = new_game(players, seed=rng.getrandbits(32), full_deck=players == 4 and rng.random() < 0.5)
        bots = [HeuristicBot(seat) for seat in range(players)]
        called = []
        while not state.is_over:
            if state.calls:
                called.append(state)
            chooser = bots[state.current_player] if state.phase not in ("play", "raise the objective") else None
            state = state.apply(chooser.choose(state) if chooser else rng.choice(state.legal_actions()))
        for position in rng.sample(called, min(3, len(called))):
            _replays(position, rng.randrange(players), rng.getrandbits(32))
            deals += 1
            missed += len(position.calls) > len(position.partners)
    assert missed > 0


def test_a_suit_only_one_player_may_hold_is_dealt_to_him():
    """Two players shown to lack clubs, every club to the third: the deal is worked out when the
    shuffles find none (before, the cards were dealt as they came, breaking the voids)."""
    deck = deck_for(4)
    clubs = [card for card in deck if card.suit == "C"][:5]
    others = [card for card in deck if card.suit not in ("C", "H", "T")][:12]      # no card left over
    for seed in range(10):
        pool = clubs + others
        random.Random(seed).shuffle(pool)
        dealt, rest = deal_around_voids(pool, {1: 5, 2: 6, 3: 6}, {1: {"H"}, 2: {"C"}, 3: {"C"}}, random.Random(seed))
        assert not [card for player in (2, 3) for card in dealt[player] if card.suit == "C"]
        assert sorted(map(str, dealt[1] + dealt[2] + dealt[3] + rest)) == sorted(map(str, pool))


def test_a_game_set_up_past_its_deal_says_why_it_has_no_past():
    """A scenario with its bid (the bidding skipped) has no hand as dealt to start an imagined past
    from: the imagined deal says so, for its past and its save alike, and it is not a fault."""
    state = scenario("players: 4\nbid: 0 No Exchange Y Duo", seed=3)
    world, seen = _imagine(state, 1, 1)
    assert imagined_violations(state, 1, world, seen) == []
    for ask in (world.states, world.to_json):
        with pytest.raises(NotReplayable, match="set up past its hand's deal") as err:
            ask()
        assert not err.value.fault
