"""The Syndicate's scenarios: :func:`scenario` reads a position written as text (for "what should
the mastermind lead here?" exercises), with the helpers that read its lines and check its hands;
``EXAMPLE_SCENARIO`` is a position play reaches, the examples' starting point.
"""

from __future__ import annotations

from typing import Any

from plateau_lab.core import (ParseError, allows, count_of, game_spec, parse_cards, parse_seat, parse_whole,
                              scenario_fields, seeded_random)

from .cards import DECK, Card, parse_card
from .engine import GAME, PLAYERS, ResolvedTurn, State, Turn, enforcers_of, game_winner, scheme_totals, turn_points
from .rules import Rules, rules_of

__all__ = ["SCENARIO_KEYS", "SCENARIO_EXCEPTIONS", "PLAYED_HAND_SIZES", "FEWEST_CARDS", "EXAMPLE_SCENARIO", "scenario",
           "scenario_text", "played_hand_sizes"]


SCENARIO_KEYS = ("mastermind", "scores", "hand 0", "hand 1", "hand 2", "draw", "discards", "turn", "last turn",
                 "last face down", "reshuffles")
#: What a scenario may set up against the rules, when an ``allow:`` line names it.
SCENARIO_EXCEPTIONS = ("hand sizes", "game over")
#: The fewest cards (mastermind, left enforcer, other enforcer) with which nobody can ever be left
#: to answer with an empty hand: the mastermind may lead two cards and then answers on the next two
#: turns; the other enforcer answers now and on the next turn; the left one answers now, then draws.
FEWEST_CARDS = (4, 1, 2)


def played_hand_sizes(rules: Rules) -> frozenset[tuple[int, int, int]]:
    """The hand sizes (mastermind, enforcer on his left, other enforcer) that play leaves at the start
    of a turn under ``rules``, after the mastermind has drawn: the deal on the first turn (5, 4, 3);
    on the second and third, what the deal leaves; later the left enforcer led two turns ago and has
    answered once since, the other led last turn (the mastermind leading one card or two).

    >>> sorted(played_hand_sizes(rules_of(3, {})))
    [(5, 2, 3), (5, 2, 4), (5, 3, 3), (5, 3, 4), (5, 4, 3)]
    >>> sorted(played_hand_sizes(rules_of(3, {"deal": (5, 5, 5)})))[:3]
    [(5, 2, 3), (5, 2, 4), (5, 3, 3)]
    """
    full, (first, second, third) = rules.hand_size, rules.deal
    sizes = {(first, second, third)}
    for led in (1, 2):                                   # the first mastermind's lead on turn 1
        sizes.add((full, third - 1, first - led))        # turn 2: the second player leads
        for next_led in (1, 2):                          # turn 3: the third player leads
            sizes.add((full, first - led - 1, full - next_led))
        for before in (1, 2):                            # later turns
            sizes.add((full, full - before - 1, full - led))
    return frozenset(sizes)


#: The hand sizes that play leaves at the start of a turn under the rulebook's rules (see
#: :func:`played_hand_sizes`): 5, 4, 3 on the first turn; later the left enforcer led two turns ago
#: and has answered once since, the other led last turn.
PLAYED_HAND_SIZES = played_hand_sizes(rules_of(PLAYERS, {}))

EXAMPLE_SCENARIO = """\
    mastermind: 0
    scores: 3 5 2
    hand 0: Diplomat, Author, Castle, Ace of Moons, Huntress
    hand 1: Merchant, Desert
    hand 2: Origin, Pact, Savage
    draw: Bard
    discards: Sea, Journey
"""


def scenario(text: str, *, seed: int | None = None, **variant) -> State:
    """A position written as text, for "what should the mastermind lead here?" exercises.

    One ``key: value`` per line (``#`` starts a comment); the keys are ``hand 0``, ``hand 1``,
    ``hand 2`` (required), ``mastermind`` (default 0), ``scores`` (three, default ``0 0 0``),
    ``draw`` (the top cards of the draw pile, top first), ``discards``, ``turn`` (its number, for
    the log; default 2), ``last turn`` (the lead and the two answers of the turn before, in the
    order played, whose totals and points the table shows; its cards lie in the discards or, after a
    reshuffle, the draw pile), ``last face down`` (that turn's face-down card, if any),
    ``reshuffles`` (how many times the discards were shuffled into a new draw pile so far, which
    names the shuffles to come; default 0) and ``allow``. Cards are named as :func:`~.cards.parse_card` reads them,
    separated by commas, each at most once in the whole position; the cards named nowhere go,
    shuffled by the seed, under the named ``draw`` cards. The position is at the start of the
    mastermind's turn, after he has drawn:

    >>> print(EXAMPLE_SCENARIO)
        mastermind: 0
        scores: 3 5 2
        hand 0: Diplomat, Author, Castle, Ace of Moons, Huntress
        hand 1: Merchant, Desert
        hand 2: Origin, Pact, Savage
        draw: Bard
        discards: Sea, Journey
    <BLANKLINE>
    >>> game = scenario(EXAMPLE_SCENARIO, seed=0)
    >>> game.current_player, game.scores, len(game.draw_pile)
    (0, (3, 5, 2), 24)

    The hands must have sizes that play leaves at the start of a turn: five cards for the
    mastermind, two or three for the enforcer on his left and three or four for the other (four
    and three on the game's first turn). Two exceptions may be set up, each only when a line
    ``allow: NAME`` names it:

    - ``hand sizes``: other sizes, as long as no hand holds more than five and nobody can ever be
      left to answer with no card: the mastermind holds at least four (he may lead two, then
      answers on the next two turns), the enforcer on his left at least one and the other
      enforcer at least two (he answers on this turn and the next before he draws).
    - ``game over``: scores that have already ended the game (a finished position to look at:
      nobody moves; the hands may then hold anything up to five cards). The game ends on the turn
      that gives a player the untied highest score and the mastermind is not passed on, so in a
      finished position ``mastermind`` and ``turn`` name that last turn, and ``last turn`` is
      the one he led (under way, it is the turn his right-hand neighbour led before him).

    >>> scenario("hand 0: Sea, Bard\\nhand 1: Cave, Mill\\nhand 2: Pact, Mill", seed=0)
    Traceback (most recent call last):
    plateau_lab.core.ParseError: line 3 (hand 2): Mill is written twice (also in line 2 (hand 1))
    """
    setup = game_spec(GAME).setup(PLAYERS, seed, variant, scenario=text)
    rules = rules_of(setup.players, setup.variant)
    fields = scenario_fields(text, known=SCENARIO_KEYS.__contains__,
                             expected=f"a key among {', '.join(SCENARIO_KEYS)}", exceptions=SCENARIO_EXCEPTIONS)
    for seat in range(PLAYERS):
        if f"hand {seat}" not in fields:
            raise ParseError(f"the scenario must give 'hand {seat}: ...'", where="scenario")
    seen: dict[Any, list[str]] = {}
    hands = tuple(_scenario_cards(fields, f"hand {seat}", seen) for seat in range(PLAYERS))
    named_draw, discards = _scenario_cards(fields, "draw", seen), _scenario_cards(fields, "discards", seen)
    mastermind = parse_seat(fields["mastermind"][1], PLAYERS, where=_line(fields, "mastermind")) \
        if "mastermind" in fields else 0
    turn_number = parse_whole(fields["turn"][1], where=_line(fields, "turn"), low=1, high=10_000, name="the turn") \
        if "turn" in fields else 2
    scores = _scenario_scores(fields)
    winner = game_winner(scores, rules.target)
    if winner is not None and not allows(fields, "game over"):
        raise ParseError(f"the scores {' '.join(map(str, scores))} already end the game (player {winner} has reached "
                         f"{rules.target}, the untied highest); write 'allow: game over' to show a "
                         "finished game", where=_line(fields, "scores"))
    _check_hand_sizes(fields, hands, mastermind, rules, finished=winner is not None)
    last_turn = _last_turn(fields, mastermind, turn_number, rules, finished=winner is not None)
    reshuffles = parse_whole(fields["reshuffles"][1], where=_line(fields, "reshuffles"), high=10_000,
                             name="the number of reshuffles") if "reshuffles" in fields else 0
    rest = [card for card in DECK if card not in seen]
    seeded_random(setup.seed, "scenario").shuffle(rest)
    opening = (f"Scenario: the game is over; player {winner} wins with {count_of(scores[winner], 'point')}." if winner is not None
               else f"Scenario: turn {turn_number}, player {mastermind} is the mastermind.")
    return State(setup, hands, named_draw + tuple(rest), discards, scores, mastermind, turn_number, last_turn=last_turn,
                 reshuffles=reshuffles, log=(opening,))


def scenario_text(state: State) -> str:
    """A position at the start of a turn (nothing on the table) as :func:`scenario` reads it, every
    card in its place and order, the last turn and the reshuffles too: it reads back to an equal
    position, whatever the seed.

    >>> from plateau_lab.games.syndicate import new_game
    >>> state = new_game(3, seed=2)
    >>> for _ in range(3):
    ...     state = state.apply(state.legal_actions()[0])
    >>> scenario(scenario_text(state), seed=9) == state.derive(setup=state.setup.__class__("syndicate", 3, 9,
    ...                                                                                   state.setup.variant))
    True
    """
    if state.table is not None:
        raise ValueError("a scenario starts a turn: this position has cards on the table")
    lines = [f"mastermind: {state.mastermind}", f"turn: {state.turn_number}",
             f"scores: {' '.join(map(str, state.points))}"]
    lines += [f"hand {seat}: {', '.join(map(str, hand))}" for seat, hand in enumerate(state.hands)]
    lines += [f"draw: {', '.join(map(str, state.draw_pile))}", f"discards: {', '.join(map(str, state.discards))}"]
    if state.last_turn is not None:
        turn = state.last_turn.turn
        lines.append(f"last turn: {', '.join(map(str, (turn.lead, *turn.answers)))}")
        if turn.face_down is not None:
            lines.append(f"last face down: {turn.face_down}")
    lines.append(f"reshuffles: {state.reshuffles}")
    sizes = tuple(len(state.hands[seat]) for seat in (state.mastermind, *enforcers_of(state.mastermind)))
    allowed = [*(["hand sizes"] if sizes not in played_hand_sizes(state.rules) else []), *(["game over"] if state.is_over else [])]
    if allowed:
        lines.append(f"allow: {', '.join(allowed)}")
    return "\n".join(lines) + "\n"


def _last_turn(fields: dict[str, tuple[int, str]], mastermind: int, turn_number: int,
               rules: Rules, *, finished: bool = False) -> ResolvedTurn | None:
    """The turn before, from ``last turn`` (lead, answer, answer) and ``last face down``, its totals
    and points worked out from its cards. In a game under way it was played by the player before
    the mastermind (the mastermind passes to the left after it); in a finished game (``finished``)
    it is the turn that ended the game, played by the mastermind himself, numbered ``turn_number``:
    nobody passes the mastermind on once a player has won.

    >>> fields = {"last turn": (1, "Sea, End, Market"), "last face down": (2, "Author")}
    >>> _last_turn(fields, 1, 2, rules_of(3, {})).turn.mastermind
    0
    >>> _last_turn(fields, 1, 2, rules_of(3, {}), finished=True).turn.mastermind
    1
    """
    if "last turn" not in fields:
        if "last face down" in fields:
            raise ParseError("'last face down' belongs to a 'last turn'", where=_line(fields, "last face down"))
        return None
    where = _line(fields, "last turn")
    if turn_number < 2 and not finished:
        raise ParseError("the first turn has no turn before it", where=where)
    seen: dict[Any, list[str]] = {}          # a past turn: its cards lie somewhere else now too
    cards = parse_cards(fields["last turn"][1], parse_card, where=where, seen=seen)
    if len(cards) != PLAYERS:
        raise ParseError(f"expected the lead and the two answers, {PLAYERS} cards, got {len(cards)}", where=where)
    face_down = None
    if "last face down" in fields:
        written = parse_cards(fields["last face down"][1], parse_card, where=_line(fields, "last face down"), seen=seen)
        if len(written) != 1:
            raise ParseError(f"expected one card, got {len(written)}", where=_line(fields, "last face down"))
        face_down = written[0]
    lead, answers = cards[0], cards[1:]
    totals = scheme_totals(lead, face_down, answers, rules=rules)
    for_mastermind, for_enforcers = turn_points(*totals, face_down_played=face_down is not None, rules=rules)
    player = mastermind if finished else (mastermind - 1) % PLAYERS
    points = tuple(for_mastermind if seat == player else for_enforcers for seat in range(PLAYERS))
    return ResolvedTurn(Turn(player, lead, face_down, answers), *totals, points)


def _line(fields: dict[str, tuple[int, str]], key: str) -> str:
    """Where a scenario's ``key`` is written, for a ParseError: ``'line 3 (hand 2)'``."""
    return f"line {fields[key][0]} ({key})"


def _scenario_cards(fields: dict[str, tuple[int, str]], key: str, seen: dict[Any, list[str]]) -> tuple[Card, ...]:
    """The cards of a scenario's line ``key`` (none when it is missing), each card at most once in all."""
    if key not in fields:
        return ()
    return parse_cards(fields[key][1], parse_card, where=_line(fields, key), seen=seen)


def _scenario_scores(fields: dict[str, tuple[int, str]]) -> tuple[int, int, int]:
    """A scenario's ``scores``: three whole numbers, separated by spaces or commas."""
    if "scores" not in fields:
        return (0, 0, 0)
    where = _line(fields, "scores")
    parts = fields["scores"][1].replace(",", " ").split()
    if len(parts) != PLAYERS:
        raise ParseError(f"expected {PLAYERS} scores, one per player, got {len(parts)}", where=where)
    return tuple(parse_whole(part, where=where, name="a score") for part in parts)


def _check_hand_sizes(fields: dict[str, tuple[int, str]], hands: tuple[tuple[Card, ...], ...], mastermind: int,
                      rules: Rules, *, finished: bool) -> None:
    """Refuse hands that no play leaves (unless ``allow: hand sizes``) and, always, hands of more
    than the hand size (five) or hands so short that someone could be left to answer with no card."""
    most = rules.hand_size
    for seat, hand in enumerate(hands):
        if len(hand) > most:
            raise ParseError(f"player {seat} holds {len(hand)} cards; nobody ever holds more than {most}",
                             where=_line(fields, f"hand {seat}"))
    if finished:
        return
    seats = (mastermind, *enforcers_of(mastermind))
    roles = ("the mastermind", "the enforcer on the mastermind's left", "the other enforcer")
    sizes = tuple(len(hands[seat]) for seat in seats)
    for seat, role, size, fewest in zip(seats, roles, sizes, FEWEST_CARDS):
        if size < fewest:
            raise ParseError(f"{role} (player {seat}) holds {count_of(size, 'card')}; with fewer than "
                             f"{fewest} he could be left to answer with no card, which no scenario may set up",
                             where=_line(fields, f"hand {seat}"))
    if sizes not in played_hand_sizes(rules) and not allows(fields, "hand sizes"):
        raise ParseError(f"play never leaves hands of {sizes[0]}, {sizes[1]} and {sizes[2]} cards (mastermind, "
                         f"enforcer on his left, other enforcer): {_sizes_in_words(rules)}; write 'allow: hand sizes' "
                         "to set up other sizes", where=_line(fields, f"hand {mastermind}"))


def _sizes_in_words(rules: Rules) -> str:
    """The hand sizes play leaves, in words: under the rulebook's rules, ``the mastermind holds 5
    after drawing, the enforcer on his left 2 or 3 and the other 3 or 4 (4 and 3 on the first turn)``."""
    full, (first, second, third) = rules.hand_size, rules.deal
    mastermind_first = "" if first == full else f", the mastermind {first}"
    return (f"the mastermind holds {full} after drawing, the enforcer on his left {full - 3} or {full - 2} and the "
            f"other {full - 2} or {full - 1} ({second} and {third} on the first turn{mastermind_first})")
