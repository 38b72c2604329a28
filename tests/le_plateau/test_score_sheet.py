"""Le Plateau's score sheet: the contract, made or not and why, each player's multiple of the value;
and the discards stay secret when the hand ends before its last trick."""

import random
import re

from plateau_lab.games.le_plateau import new_game
from plateau_lab.games.le_plateau.scoring import score_sheet, zero_sum_multiple


def hand_ends(players, seed, **options):
    """Every state that ends a hand in a random game."""
    rng, state, ends = random.Random(seed), new_game(players, seed=seed, hands=players, **options), []
    while True:
        if state.phase in ("hand over", "passed out"):
            ends.append(state)
        if state.is_over:
            return ends
        state = state.apply(rng.choice(state.legal_actions()))


def test_discards_still_face_down_are_never_named():
    secret_hands = 0
    for seed in range(12):
        for state in hand_ends(4, seed):
            if state.result is None or state.face_up_after_the_last_trick or not state.discards:
                continue
            discarder = state.declarer if state.ex_declarer is None else state.ex_declarer
            for seat in range(4):
                if seat == discarder:
                    continue
                secret_hands += 1
                text = score_sheet(state, seat).text()
                for card in state.discards:
                    assert not re.search(rf"(?<!\w){re.escape(str(card))}(?!\w)", text), (card, text)
    assert secret_hands, "no hand ended early with secret discards: the test checked nothing"


def test_the_contract_and_the_rulebooks_multiples():
    for seed in range(4):
        for state in hand_ends(4, seed):
            sheet, result = score_sheet(state, 0), state.result
            if result is None:
                assert sheet.notes == ("Everybody passed: nobody scores.",)
                continue
            assert sheet.notes[0].startswith(f"Player {result.declarer} declared {result.bid} (value {result.value})")
            assert sheet.notes[1] == result.reason
            size = 1 + len(result.partners)
            declarer = str(sheet.row(result.declarer).items[0])
            assert declarer.startswith("declarer, the declarers " + ("won" if result.won else "lost"))
            assert f"{zero_sum_multiple(4, size, 'declarer')} × the value {result.value}" in declarer


def test_positive_only_scoring_says_the_losing_side_scores_nothing():
    said = set()
    for seed in range(4):
        for state in hand_ends(4, seed, positive_only=True):
            if state.result is not None:
                said.update(str(item) for row in score_sheet(state, 0).rows for item in row.items)
    assert any(text.endswith("nothing (only the winning side scores) 0") for text in said)
