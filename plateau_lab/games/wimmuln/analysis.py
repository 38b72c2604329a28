"""How good a cross is: a Wimmüln hand tried over many imagined deals of the cards a player cannot see.

The analysis behind notebook 04's exercise on crosses: :func:`redealt` imagines the others'
cards as one player might, and :func:`evaluate_cross` lays a cross in many such deals and lets
the heuristic bots play the round out on the fast path.

>>> from plateau_lab.games import wimmuln
>>> state = wimmuln.new_game(4, seed=3)
>>> state = state.apply(state.legal_actions()[0])            # the dealer turns up a card
>>> report = evaluate_cross(state, 1, state.legal_actions()[0], trials=4, seed=1)
>>> report.trials, 0 <= report.hits <= 4
(4, True)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from plateau_lab.core import seeded_random

from .bots import HeuristicBot
from .engine import ESTIMATE, Estimate, Open, State, bonus, legal_estimates
from .scenario import scenario
from .fast import play_on

__all__ = ["CrossReport", "evaluate_cross", "redealt"]


@dataclass(frozen=True)
class CrossReport:
    """How a cross fared over many playouts of one hand: the average bonus, how often it scored."""

    cross: Estimate
    trials: int
    mean_bonus: float
    hits: int

    def __str__(self) -> str:
        return (f"{self.cross}: bonus {self.mean_bonus:.1f} on average, "
                f"scored in {self.hits} of {self.trials} playouts")


def redealt(state: State, seat: int, seed: int, trial: int) -> State:
    """The round of ``state`` (the estimates not begun) as ``seat`` might imagine it: his own hand,
    the shown cards and the face-up card kept, every card he cannot see dealt again at random."""
    size = state.hand_size
    dealt = [list(hand) for hand in state.hands]
    dealt[state.dealer] += [card for _, card in state.trick]
    fixed = {other: [] for other in range(state.players)}
    fixed[seat] = list(dealt[seat])
    if seat != state.dealer:
        fixed[state.dealer] = list((Counter(state.shown) | Counter(card for _, card in state.trick)).elements())
    unseen = Counter(card for hand in dealt for card in hand)
    for cards in fixed.values():
        unseen -= Counter(cards)
    pool = sorted(unseen.elements())
    seeded_random(seed, "redeal", trial).shuffle(pool)
    hands = [cards + [pool.pop() for _ in range(size - len(cards))] for _, cards in sorted(fixed.items())]
    lines = [f"dealer: {state.dealer}", f"colours: {' '.join(state.colours)}",
             f"shown: {', '.join(map(str, state.shown))}"]
    if size < state.rules.hand_size:
        lines.append("allow: short deal")
    for other, hand in enumerate(hands):
        if other == state.dealer:
            hand = list((Counter(hand) - Counter(state.shown)).elements())
        lines.append(f"hand {other}: {', '.join(map(str, hand))}")
    imagined = scenario("\n".join(lines), seed=seed, **dict(state.setup.variant, rounds=1))
    return imagined if state.trump is not None else imagined.apply(Open(state.trick[0][1]))


def evaluate_cross(state: State, seat: int, cross: Estimate | str, *, trials: int = 40, seed: int = 0) -> CrossReport:
    """Lay ``cross`` for ``seat`` in many imagined deals of the others' cards (``redealt``), let
    heuristic bots play everything else (``seat`` too, aiming at this cross; the rest of the round
    on the fast path, which plays as they do), and report the bonus.

    ``state`` must be a round whose estimates have not begun.
    """
    if isinstance(cross, str):
        cross = state.parse_action(cross)
    if state.phase != ESTIMATE or any(estimate is not None for estimate in state.estimates):
        raise ValueError("evaluate_cross needs a round whose estimates have not begun")
    if cross not in legal_estimates(state.hands[seat]):
        raise ValueError(f"player {seat} cannot lay {cross}: not two cards of his hand")

    bot, bonuses = HeuristicBot(), []
    for trial in range(trials):
        imagined = redealt(state, seat, seed, trial)
        while imagined.phase != ESTIMATE or imagined.current_player != seat:
            imagined = imagined.apply(bot.choose(imagined))
        imagined = imagined.apply(cross)
        end = play_on(imagined, [0] * state.players, bots=["heuristic"] * state.players, rounds=1)
        bonuses.append(bonus(cross.top.number, cross.bottom.number, end.rounds[seat]["tricks"], state.rules.bonuses))
    return CrossReport(cross, trials, sum(bonuses) / trials, sum(points > 0 for points in bonuses))
