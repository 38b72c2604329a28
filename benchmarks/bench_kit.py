"""What a game made with the kit costs (issue 42, clause 5): its public engine against the
hand-written public engine of the same game, and the designer's paired comparison of two rule sets
of a kit game.

Run: .venv/bin/python benchmarks/bench_kit.py [games per player count, default 300] [deals, default 1000]

1. Actions a second. Oh Hell (``kit_oh_hell`` against ``plateau_lab.games.oh_hell``, the same seeds)
   and Wimmüln's round (``kit_wimmuln`` against ``plateau_lab.games.wimmuln`` with ``rounds=1``,
   each deal given to the kit as a scenario, outside the timing) are played with random moves from
   the same generator on both engines (the same games: tests/kit checks them move for move); each
   engine's processor time (``time.process_time``) for every ``legal_actions`` and ``apply`` of
   the games, and the actions a second, in one run, alternating the engines game by game so that
   the machine's other work weighs on both alike. The aim: the kit at least half the hand-written
   engine's rate (ratio >= 0.5).
2. The designer's paired comparison of a kit game's two rule sets: Little Tricks of notebook 10
   (registered here as ``bench_little_tricks``) as written and with its house rule "lowest wins",
   ``deals`` deals each, 3 players, random bots as the notebook's question asks, with its table;
   on one worker (processor time) and on two workers (the processor time of every process, and the
   clock). The aim: within 30 s on 2 cores. The same for a game of turns: The Syndicate written
   with the kit (``plateau_lab.kit.examples.SYNDICATE``, registered here with the house rule
   "to 8": play to 8 points instead of 12) against itself as written.

Figures of 7 December 2026, about 06:15-06:20 UTC (``bench_kit.py 300 1000``; load average 11.3 at
the start, 12.3 at the end, on 2 cores shared by everyone's work)::

    Oh Hell       49,319 actions   hand-written  106,512/s   kit   78,243/s   ratio 0.73
    Wimmüln       58,544 actions   hand-written   65,516/s   kit   47,200/s   ratio 0.72
    Little Tricks, as written against 'lowest wins', 1,000 deals, 1 worker(s): processor 1.1 s, clock 4.3 s
    Little Tricks, as written against 'lowest wins', 1,000 deals, 2 worker(s): processor 1.2 s, clock 11.9 s

Again at 06:50 UTC, after the kit's in_play hook and the out-of-play cards (commit a8e7506), load
16.7 at the start, 15.4 at the end::

    Oh Hell       49,319 actions   hand-written   96,824/s   kit   71,409/s   ratio 0.74
    Wimmüln       58,544 actions   hand-written   57,551/s   kit   43,585/s   ratio 0.76
    Little Tricks, as written against 'lowest wins', 1,000 deals, 1 worker(s): processor 1.1 s, clock 4.8 s
    Little Tricks, as written against 'lowest wins', 1,000 deals, 2 worker(s): processor 1.1 s, clock 4.0 s

Again at 19:05 UTC, after the kit learnt The Syndicate's shape (games of turns, the face-down lead,
the lead passing left, named cards; commits c815c61-a5fb7a1), ``bench_kit.py 100 1000``, load 4.9
at the start, 5.5 at the end (a fresh-clone test run beside it)::

    Oh Hell       16,343 actions   hand-written  112,696/s   kit   78,838/s   ratio 0.70
    Wimmüln       19,505 actions   hand-written   75,115/s   kit   51,602/s   ratio 0.69
    Little Tricks, as written against 'lowest wins', 1,000 deals, 1 worker(s): processor 1.0 s, clock 3.1 s
    Little Tricks, as written against 'lowest wins', 1,000 deals, 2 worker(s): processor 1.1 s, clock 2.5 s
    The Syndicate (kit), as written against 'to 8', 1,000 deals, 1 worker(s): processor 3.7 s, clock 11.0 s
    The Syndicate (kit), as written against 'to 8', 1,000 deals, 2 worker(s): processor 3.7 s, clock 8.7 s

Both kit engines play at more than half the hand-written engine's rate (0.73 and 0.72; Wimmüln's
was 0.17 before the laid cards were counted instead of copied, commit 886a1e1), and the designer's
1,000 paired deals take 1.1 s of processor time, 4.3 s on the clock under that load (two workers:
11.9 s on the clock, the workers' start and the load included): well within 30 s. The comparison is
with random players, as notebook 10 asks it; steady players were not timed here.
"""

from __future__ import annotations

import os
import random
import sys
import time
from dataclasses import replace

from plateau_lab.games import oh_hell, wimmuln
from plateau_lab.kit import TrickGame, Turns, define
from plateau_lab.kit.examples import OH_HELL, SYNDICATE_DESCRIPTION, WIMMULN
from plateau_lab.lab.design import compare_rule_sets

from bench_design import all_processes_seconds  # noqa: E402 (this folder: run as a script)

SUITS = "RBGYK"            # the kit's suit letters for Wimmüln's colours, in its order


def lowest_unless_trumped(trick, table):
    """The highest trump wins; if nobody played a trump, the lowest card of the suit led."""
    trumps = [(player, card) for player, card in trick if card.suit == table.trumps]
    if trumps:
        return max(trumps, key=lambda played: played[1].strength)[0]
    followed = [(player, card) for player, card in trick if card.suit == table.led]
    return min(followed, key=lambda played: played[1].strength)[0]


SYNDICATE_TO_8 = define(replace(SYNDICATE_DESCRIPTION, name="bench_syndicate",
                                 house_rules={"to 8": {"turns": Turns(draw_to=5, play_to=8)}}))
LITTLE_TRICKS = define(TrickGame(
    name="bench_little_tricks", title="Little Tricks", players=range(3, 5), suits="CDSH", ranks="7 8 9 10 J Q K A",
    hand_size=6, trumps="turned up",
    house_rules={"lowest wins": {"trick_winner": lowest_unless_trumped}}))


def wimmuln_scenario(state) -> str:
    """A Wimmüln round just dealt as the kit's scenario (as tests/kit/test_wimmuln_again.py writes it)."""
    hands = [list(cards) for cards in state.hands]
    for seat, card in state.trick:
        hands[seat].append(card)
    text = lambda card: f"{card.number}{SUITS[card.colour_index]}"  # noqa: E731
    lines = [f"dealer: {state.dealer}", f"shown: {' '.join(map(text, state.shown))}"]
    lines += [f"hand {seat}: {' '.join(map(text, cards))}" for seat, cards in enumerate(hands)]
    return "\n".join(lines) + "\n"


def timed_game(state, chooser: random.Random) -> tuple[float, int]:
    """Processor time and actions of one game played with random moves from ``state``."""
    actions, started = 0, time.process_time()
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[chooser.randrange(len(legal))])
        actions += 1
    return time.process_time() - started, actions


def engines_race(name: str, starts, games: int) -> None:
    """Both engines over the same games (``starts(players, seed)``: the hand-written first state and
    the kit's), alternating which plays first; prints the rates and their ratio."""
    spent = {"hand-written": 0.0, "kit": 0.0}
    actions = {"hand-written": 0, "kit": 0}
    for players, seed in ((players, seed) for seed in range(games) for players in starts.players):
        firsts = dict(zip(("hand-written", "kit"), starts(players, seed)))
        order = list(firsts) if seed % 2 == 0 else list(reversed(firsts))
        for engine in order:
            seconds, moves = timed_game(firsts[engine], random.Random(f"{players}/{seed}"))
            spent[engine] += seconds
            actions[engine] += moves
    assert actions["kit"] == actions["hand-written"], "the engines played different games"
    rates = {engine: actions[engine] / spent[engine] for engine in spent}
    print(f"{name:10} {actions['kit']:>9,} actions   hand-written {rates['hand-written']:>8,.0f}/s   "
          f"kit {rates['kit']:>8,.0f}/s   ratio {rates['kit'] / rates['hand-written']:.2f}", flush=True)


def oh_hell_starts(players: int, seed: int):
    return oh_hell.new_game(players, seed=seed), OH_HELL.new_game(players, seed=seed)


def wimmuln_starts(players: int, seed: int):
    hand = wimmuln.new_game(players, seed=seed, rounds=1)
    return hand, WIMMULN.scenario(wimmuln_scenario(hand), seed=seed)


oh_hell_starts.players = range(3, 8)
wimmuln_starts.players = range(3, 7)


def designer_question(deals: int, workers: int, game: str = "bench_little_tricks",
                      house_rule: str = "lowest wins") -> None:
    figures = compare_rule_sets(game, {"house_rule": house_rule}, deals, players=3, seed=1,
                                step=max(1, deals // 20), workers=workers).figures()
    assert figures["margin"]["rulebook"] is not None


def main(arguments: list[str]) -> None:
    games = int(arguments[0]) if arguments else 300
    deals = int(arguments[1]) if len(arguments) > 1 else 1000
    print(f"load average at the start {os.getloadavg()[0]:.1f}; {games} games per player count")
    engines_race("Oh Hell", oh_hell_starts, games)
    engines_race("Wimmüln", wimmuln_starts, games)
    designer_question(5, 1)                      # the first call's imports are not timed
    for workers in (1, 2):
        processor, clock = all_processes_seconds(lambda: designer_question(deals, workers))
        print(f"Little Tricks, as written against 'lowest wins', {deals:,} deals, {workers} worker(s): "
              f"processor {processor:.1f} s, clock {clock:.1f} s", flush=True)
    for workers in (1, 2):
        processor, clock = all_processes_seconds(lambda: designer_question(deals, workers, "bench_syndicate", "to 8"))
        print(f"The Syndicate (kit), as written against 'to 8', {deals:,} deals, {workers} worker(s): "
              f"processor {processor:.1f} s, clock {clock:.1f} s", flush=True)
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
