"""The expert's model of Le Plateau: what it cannot see, how far it looks ahead, what it
weighs (see :mod:`plateau_lab.expert`)."""

from __future__ import annotations

from typing import Any

from plateau_lab.expert import GameModel, cards_seen_this_round, fresh_setup, in_order


class LePlateauModel(GameModel):
    """Le Plateau: hidden are the other hands, face-down pile cards (2 players), the talon and
    the discards (unless the seat may see them) and the won tricks before the last one. The cards
    a seat saw played this hand are out of play (in the won tricks, kept as they lie); a called
    partner keeps the called card until it is played; a declarer knows the cards he gave."""

    measure = "points this hand"
    playouts = 150

    def done(self, start, state):
        from .engine import HAND_OVER, PASSED_OUT

        return state.phase in (HAND_OVER, PASSED_OUT)

    def redeal(self, state, seat, seen, rng):
        from .cards import Card

        observation = seen[-1]
        hidden = state.cards_hidden_from(seat)
        played = cards_seen_this_round(seen, "hand_number", ("trick", "last_trick"), Card) & hidden
        pool = in_order(hidden - played)
        rng.shuffle(pool)
        fixed: dict[int, list[Any]] = {other: [] for other in range(state.players)}
        for card, receiver in observation["gifts"]:
            if card != "hidden":
                fixed[receiver].append(card)
        if len(state.calls) == len(state.partners):
            for card, partner in zip(state.calls, state.partners):
                if card in pool and partner != seat:
                    pool.remove(card)
                    fixed[partner].append(card)
        hands = list(state.hands)
        for other in range(state.players):
            if other != seat:
                need = len(hands[other]) - len(fixed[other])
                hands[other], pool = tuple(fixed[other]) + tuple(pool[:need]), pool[need:]
        piles = []
        for seat_piles, seen_piles in zip(state.piles, observation["piles"]):
            dealt = []
            for pile, as_seen in zip(seat_piles, seen_piles):
                faces = list(as_seen)
                for index, face in enumerate(faces):
                    if face == "hidden":
                        faces[index], pool = pool[0], pool[1:]
                dealt.append(tuple(faces))
            piles.append(tuple(dealt))
        talon, discards = state.talon, state.discards
        if isinstance(observation["talon"], int):
            talon, pool = tuple(pool[:len(talon)]), pool[len(talon):]
        if isinstance(observation["discards"], int):
            discards, pool = tuple(pool[:len(discards)]), pool[len(discards):]
        return state.derive(setup=fresh_setup(state, rng), hands=tuple(hands), piles=tuple(piles), talon=talon,
                            discards=discards)

    def odds(self, state, end):
        if state.contract is None or end.result is None or end.result.number != state.hand_number:
            return None
        return ("the declarers make the contract", ("declarers",), (end.result.won,))

    def odds_done(self, start, state):
        return self.done(start, state)


MODEL = LePlateauModel()
