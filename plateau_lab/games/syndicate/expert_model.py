"""The expert's model of The Syndicate: what it cannot see, how far it looks ahead, what it
weighs (see :mod:`plateau_lab.lab.expert`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from plateau_lab.core import Play, count_of
from plateau_lab.core.imagining import GameModel, imagined, in_order

from .bots import HeuristicBot
from .cards import Card
from .engine import PLAYERS, Lead, card_value, enforcers_of, game_winner, shares_mark, turn_points
from .fast import play_on
from .scenario import scenario_text

__all__ = ["DEAL_ATTEMPTS", "SyndicateModel", "leads_not_followed", "reasons", "MODEL"]


#: How many shuffles may be tried to deal hands that fit the leads each player could not follow.
DEAL_ATTEMPTS = 20


class SyndicateModel(GameModel):
    """The Syndicate: hidden are the other hands, the draw pile and, for an enforcer, the
    face-down card on the table. The discards lie face up.

    A playout goes six turns on (every player leads twice), every seat played by the heuristic bot
    on the fast path (``fast.play_on``, where a round is a turn: the very moves
    ``HeuristicBot(seed + seat, samples=PLAYOUT_SAMPLES)`` makes on the public engine). Its outcome is the seat's points over
    those turns ahead of the others' average, and a game won or lost in them counts ``WIN`` points
    more or half as many less: near the end, who reaches the target first matters more than points.
    """

    #: What winning the game within the horizon adds to the outcome (losing it takes half as much).
    WIN = 4
    measure = f"points over the next six turns ahead of the others' average, {WIN} more for winning the game"
    playouts = 1500
    #: Six turns of play make the outcome of one move noisy: the expert keeps the heuristic bot's
    #: move unless another is clearly better (see ``plateau_lab.lab.expert.ExpertBot``).
    guided = True
    HORIZON = 6
    #: The deals the heuristic bots imagine before they lead in a playout (the bot's own is 24).
    PLAYOUT_SAMPLES = 4

    def done(self, start, state):
        return state.is_over or state.turn_number >= start.turn_number + self.HORIZON

    def playout_bots(self, state, seed):

        return [HeuristicBot(seed + seat, samples=self.PLAYOUT_SAMPLES) for seat in range(state.players)]

    def value(self, start, end, seat):
        return self._ahead(start.scores, end.scores, seat, start.target)

    def outcome(self, start, after, seat, seed):
        return self.result(start, after, seat, seed)[0]

    #: Winning here (:meth:`won`, by default): a score ahead of or level with every other player's.
    winning = "you are ahead after six more turns"

    def result(self, start, after, seat, seed):
        """On the fast path (``syndicate.fast.play_on``), heuristic bots seeded from ``seed``."""

        if self.done(start, after):
            return self.value(start, after, seat), self.won(start, after, seat)
        turns = start.turn_number + self.HORIZON - after.turn_number
        record = play_on(after, [seed + other for other in range(3)], bots=["heuristic"] * 3, rounds=turns,
                         samples=self.PLAYOUT_SAMPLES)
        return self._ahead(start.scores, record.scores, seat, start.target), self.won(start, record, seat)

    def _ahead(self, before, after, seat, target):
        """``seat``'s gain from ``before`` to ``after`` ahead of the others' average gain, and the
        game's result when it ended."""
        gains = [now - then for now, then in zip(after, before)]
        ahead = gains[seat] - (sum(gains) - gains[seat]) / 2
        winner = game_winner(tuple(after), target)
        if winner is not None:
            ahead += self.WIN if winner == seat else -self.WIN / 2
        return ahead

    def redeal(self, state, seat, seen, rng):
        """The other hands, the draw pile and (for an enforcer) the face-down card dealt anew from
        the cards ``seat`` cannot see; a player who could not follow a lead since drawing is dealt
        no card sharing its mark (see :func:`leads_not_followed`)."""
        pool = in_order(state.cards_hidden_from(seat))
        refused = leads_not_followed(seen)
        # a player who could not follow is dealt first, from the cards he may hold
        others = sorted((other for other in range(state.players) if other != seat),
                        key=lambda other: not refused[other])
        for _ in range(DEAL_ATTEMPTS):
            rng.shuffle(pool)
            hands, rest = list(state.hands), pool
            for other in others:
                fitting = [card for card in rest if not any(shares_mark(card, lead) for lead in refused[other])]
                if len(fitting) < len(hands[other]):
                    break           # both enforcers could not follow, and the first took what the second needs
                hands[other] = tuple(fitting[:len(hands[other])])
                rest = [card for card in rest if card not in hands[other]]
            else:
                break
        else:                       # no fitting deal found in so many attempts: the hands are dealt freely
            rest = pool
            for other in others:
                hands[other], rest = tuple(rest[:len(hands[other])]), rest[len(hands[other]):]
        pool = rest
        table = state.table
        if table is not None and table.face_down is not None and seat != state.mastermind:
            table, pool = replace(table, face_down=pool[0]), pool[1:]
        return imagined(state, seat, rng, hands=tuple(hands), table=table, draw_pile=tuple(pool))

    def reason(self, state, seat, action, shares):
        return reasons(state, seat, action)

    def imagined_past(self, origin, world, seat):
        """The imagined position at the start of the turn (the cards on the table back in the hands
        that played them, the seat's own in their places) as a scenario, and the turn's moves, the
        face-down card the imagined one. The past goes back to the turn's start, not the game's: the
        earlier turns drew from piles that the deal's fresh seed would have shuffled otherwise."""
        table = world.table
        if table is None:
            return scenario_text(world), ()
        moves = (Lead(table.lead, table.face_down), *(Play(card) for card in table.answers))
        hands = list(world.hands)
        for player, cards in zip((table.mastermind, *enforcers_of(table.mastermind)),
                                 ((table.lead, table.face_down), *((card,) for card in table.answers))):
            hands[player] += tuple(card for card in cards if card is not None)
        hands[seat] = origin.states()[-1 - len(moves)].hands[seat]
        return scenario_text(world.derive(hands=tuple(hands), table=None)), moves


def leads_not_followed(seen: Sequence[dict[str, Any]]) -> list[list[Card]]:
    """Per seat, the leads it answered without sharing their mark since it last drew (from the
    observations ``seen``, the current one last): its hand holds no card sharing a mark with any
    of them, for an enforcer must follow when he can and draws only as the next mastermind. (An
    answer that ends a turn is read from the discards, so it is missed when the next mastermind's
    draw reshuffles them at once: the deals then only know less.)

    >>> from plateau_lab.core.imagining import remembered_observations
    >>> from plateau_lab.games.syndicate import scenario
    >>> state = scenario("hand 0: Sea, Bard, Castle, Cave, Pact\\nhand 1: Author, Desert\\n"
    ...                  "hand 2: Journey, Battle, Savage", seed=0)
    >>> state = state.apply("lead Sea").apply("play Desert").apply("play Battle")   # player 2 holds no location
    >>> [[str(lead) for lead in leads] for leads in leads_not_followed(remembered_observations(state, 0))]
    [[], [], ['Sea']]
    >>> for _ in range(3):                            # player 1 leads, and then player 2 draws
    ...     state = state.apply(state.legal_actions()[0])
    >>> leads_not_followed(remembered_observations(state, 0))[2]
    []
    """
    refused: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for before, after in zip(seen, seen[1:]):
        table = before["table"]
        if table is not None:               # an enforcer answered in this step
            answered = len(table["answers"])
            player = enforcers_of(table["mastermind"])[answered]
            card = None
            if after["table"] is not None and after["turn"] == before["turn"]:
                card = after["table"]["answers"][-1]
            elif len(after["discards"]) == len(before["discards"]) + 3 + (table["face_down"] is not None):
                card = after["discards"][-1]          # the turn was resolved: its cards are the last discards
            if card is not None and not shares_mark(card, table["lead"]):
                refused[player].append(table["lead"])
        if after["turn"] != before["turn"]:
            refused[after["mastermind"]].clear()      # the new mastermind draws
    return refused


def _ruled(state) -> dict[str, Any]:
    """The rule set to count with, for the engine's functions that take one (its rulebook's else)."""
    return {"rules": state.rules} if hasattr(type(state), "rules") else {}


def _marks(card: Card) -> str:
    return "/".join(sorted(card.marks)) or "no mark"


def reasons(state, seat, action) -> str:
    """What a move of The Syndicate does, in the game's words, from what ``seat`` sees (never the
    mastermind's face-down card, unless ``seat`` laid it): a lead, what the scheme counts so far
    and what a win scores; an answer, whether it counts against the scheme and the totals seen.

    >>> from plateau_lab.games import syndicate
    >>> state = syndicate.scenario("hand 0: Sea, Bard, Castle, Cave, Pact\\nhand 1: Author, Desert\\n"
    ...                            "hand 2: Journey, Battle, Savage", seed=0)
    >>> reasons(state, 0, state.parse_action("lead Sea"))
    'leads the Sea (location) with no face-down card: your scheme counts 10 so far, and a win scores 2 points'
    >>> plain = state.apply("lead Sea").apply("play Desert")
    >>> reasons(plain, 2, plain.parse_action("play Battle"))
    "does not count (it shares no mark with the Sea): the scheme succeeds, 2 against the Sea's 10"
    >>> state = state.apply("lead Sea + face down Castle")
    >>> reasons(state, 1, state.parse_action("play Desert"))
    "counts 2 against the scheme (it shares a mark with the Sea): the enforcers' cards count 2 so far against the Sea's 10 and a face-down card"
    """
    ruled = _ruled(state)
    if isinstance(action, Lead):
        lead, hidden = action.card, action.face_down
        played = (lead,) + ((hidden,) if hidden else ())
        total = sum(card_value(card, lead, played, **ruled) for card in played if shares_mark(card, lead))
        win = turn_points(1, 0, face_down_played=hidden is not None, **ruled)[0]
        if hidden is None:
            laid = "with no face-down card"
        elif shares_mark(hidden, lead):
            laid = f"with the {hidden} face down, which counts too"
        else:
            laid = f"with the {hidden} face down, which shares no mark and does not count"
        return (f"leads the {lead} ({_marks(lead)}) {laid}: your scheme counts {total} so far, and a win scores "
                f"{count_of(win, 'point')}")
    table = state.table
    if not isinstance(action, Play) or table is None:
        return ""
    lead, card = table.lead, action.card
    seen = (lead, *table.answers, card)            # the face-down card stays unseen by the enforcers
    answers = (*table.answers, card)
    theirs = sum(card_value(answer, lead, seen, **ruled) for answer in answers if shares_mark(answer, lead))
    against = f"the {lead}'s {card_value(lead, lead, seen, **ruled)}" + (
        " and a face-down card" if table.face_down is not None else "")
    if shares_mark(card, lead):
        said = f"counts {card_value(card, lead, seen, **ruled)} against the scheme (it shares a mark with the {lead})"
    else:
        said = f"does not count (it shares no mark with the {lead})"
    if len(answers) < 2 or table.face_down is not None:
        return f"{said}: the enforcers' cards count {theirs} so far against {against}"
    scheme = card_value(lead, lead, seen, **ruled)
    verdict = ("the enforcers foil the scheme" if theirs > scheme else "the scheme succeeds" if scheme > theirs else
               "neither side scores")
    return f"{said}: {verdict}, {theirs} against {against}"


MODEL = SyndicateModel()
