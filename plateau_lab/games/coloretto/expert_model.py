"""The expert's model of Coloretto: what it cannot see, how far it looks ahead, what it
weighs (see :mod:`plateau_lab.lab.expert`)."""

from __future__ import annotations

from collections import Counter

from plateau_lab.core.imagining import GameModel, count_words, imagined, past_of

from .bots import HeuristicBot
from .cards import COLOUR, LAST_ROUND_CARD
from .engine import DRAW, PLACE, TAKE
from .fast import play_on
from .scenario import scenario_text

__all__ = ["ColorettoModel", "MODEL", "reasons"]


class ColorettoModel(GameModel):
    """Coloretto: only the supply is hidden; the "last round" card stays where everybody knows it
    is (on top of the bottom fifteen cards, or as many as the rule set says). A playout goes to the end of the round, every seat
    played by the heuristic bot on the fast path (``fast.play_on``: the very moves
    ``HeuristicBot(seed + seat)`` makes on the public engine)."""

    measure = "score at the end of this round, ahead of the others' average"
    playouts = 600

    def done(self, start, state):
        return state.is_over or state.round_number != start.round_number

    def playout_bots(self, state, seed):

        return [HeuristicBot(seed + seat) for seat in range(state.players)]

    def outcome(self, start, after, seat, seed):
        return self.result(start, after, seat, seed)[0]

    #: Winning here (:meth:`won`, by default): a score ahead of or level with every other player's.
    winning = "you lead at the end of this round"

    def result(self, start, after, seat, seed):

        end = after if self.done(start, after) else play_on(
            after, [seed + other for other in range(after.players)], bots=["heuristic"] * after.players, rounds=1)
        return self.value(start, end, seat), self.won(start, end, seat)

    def value(self, start, end, seat):
        return self._ahead(end.scores, seat)

    @staticmethod
    def _ahead(scores, seat):
        """How far ``seat``'s score is ahead of the others' average."""
        others = [score for other, score in enumerate(scores) if other != seat]
        return scores[seat] - sum(others) / len(others)

    def redeal(self, state, seat, seen, rng):

        others = sorted((card for card in state.supply if card != LAST_ROUND_CARD), key=str)
        rng.shuffle(others)
        shuffled = iter(others)
        supply = tuple(card if card == LAST_ROUND_CARD else next(shuffled) for card in state.supply)
        return imagined(state, seat, rng, supply=supply)

    def reason(self, state, seat, action, shares):
        return reasons(state, seat, action)

    def imagined_past(self, origin, world, seat):
        """The game's first state with the imagined supply under the cards drawn since (face up the
        moment they were drawn) as a scenario, and every move since: the whole past, move for move,
        for the supply is stacked once, at the start."""
        first, moves = past_of(origin)
        drawn = first.supply[:len(first.supply) - len(origin.supply)]
        return scenario_text(first.derive(supply=drawn + world.supply)), moves


def _card_words(card, count=1) -> str:
    """Cards of one kind in words: "two greens", "an orange", "a +2", "a joker".

    >>> from plateau_lab.games.coloretto.cards import parse_card
    >>> _card_words(parse_card("orange")), _card_words(parse_card("green"), 2), _card_words(parse_card("+2"))
    ('an orange', 'two greens', 'a +2')
    """
    name = card.colour if card.kind == COLOUR else str(card)
    return f"{_article(name)} {name}" if count == 1 else count_words(count, name)


def _article(name: str) -> str:
    return "an" if name[0] in "aeiou" else "a"


def _listed(parts) -> str:
    """Parts of a list in words: "a, b and c"."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _collected(collection, colour) -> int:
    return sum(1 for card in collection if card.kind == COLOUR and card.colour == colour)


def reasons(state, seat, action) -> str:
    """What a Coloretto move does, in the game's words, from the face-up rows and collections
    (everything but the supply lies face up; the card drawn is known once drawn).

    >>> from plateau_lab.games import coloretto
    >>> state = coloretto.scenario("players: 4\\nturn: 0\\nrow 1: green, green, +2\\nrow 2: brown\\n"
    ...                            "player 0: green, green\\nplayer 1: brown, brown, brown", seed=1)
    >>> reasons(state, 0, state.parse_action("take row 1"))
    'takes two greens and a +2: your greens go to 4'
    >>> reasons(state, 0, state.parse_action("draw"))
    "draws the supply's top card, to place beside a row"
    >>> reasons(state.apply("draw").derive(drawn=coloretto.parse_card("brown")), 0, state.parse_action("place row 1"))
    'puts the brown on row 1 (beside two greens and a +2), a colour you do not collect but player 1 (3) does'
    """
    if action.kind == DRAW:
        return "draws the supply's top card, to place beside a row"
    row = state.rows[action.row]
    mine = state.collections[seat]
    if action.kind == TAKE:
        if not row:
            return f"takes row {action.row + 1} with no card beside it: you sit out the rest of the round"
        kinds = Counter(row)
        said = _listed([_card_words(card, count) for card, count in kinds.items()])
        colours = [card.colour for card in kinds if card.kind == COLOUR]
        held = {card.colour for card in mine if card.kind == COLOUR}
        grows = [f"your {card.colour}s go to {_collected(mine, card.colour) + count}"
                 for card, count in kinds.items() if card.kind == COLOUR and card.colour in held]
        new = [colour for colour in colours if colour not in held]
        if new:
            fresh = " and ".join(new)
            grows.append(f"{fresh} {'is a new colour' if len(new) == 1 else 'are new colours'} for you"
                         + (f" (you already collect {count_words(len(held), 'colour')}: only your three best count for you)"
                            if len(held) + len(new) > 3 else ""))
        return f"takes {said}" + (": " + ", ".join(grows) if grows else "")
    if action.kind == PLACE and state.drawn is not None:
        card = state.drawn
        beside = f" (beside {_listed([_card_words(c, n) for c, n in Counter(row).items()])})" if row else ""
        if card.kind != COLOUR:
            return f"puts the {card} on row {action.row + 1}{beside}"
        others = [f"player {other} ({_collected(state.collections[other], card.colour)})"
                  for other in range(state.players)
                  if other != seat and not state.sat_out[other] and _collected(state.collections[other], card.colour)]
        yours = _collected(mine, card.colour)
        if yours:
            return (f"puts the {card.colour} on row {action.row + 1}{beside}, a colour you collect (you have {yours})"
                    + (f", as does {_listed(others)}" if others else ""))
        if others:
            return (f"puts the {card.colour} on row {action.row + 1}{beside}, a colour you do not collect but "
                    f"{_listed(others)} {'does' if len(others) == 1 else 'do'}")
        return (f"spoils row {action.row + 1}{beside} for the others with {_card_words(card)}, a colour nobody still in "
                f"the round collects")
    return ""


MODEL = ColorettoModel()
