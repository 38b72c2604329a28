"""Wimmüln's scenarios: :func:`scenario` reads a game whose first round is dealt as written (hands,
the dealer's two shown cards, colours, scores, and in a round without trumps the card the dealer
has left face up), with the readers of its lines and the check of its hand sizes;
:func:`scenario_text` writes such a position.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from plateau_lab.core import (ParseError, allows, count_of, game_spec, parse_cards, parse_choice, parse_seat, parse_whole,
                              scenario_fields)

from .cards import COLOURS, Card, parse_card
from .engine import (ESTIMATE, GAME, OPEN, OVER, PLAY, PLAYERS, ROUND_OVER, Estimate, Open, RoundResult, State,
                     _first_state, bonus, colours_in_play, round_dealt, undealt)
from .rules import Rules, rules_of

__all__ = ["SCENARIO_KEYS", "SCENARIO_EXCEPTIONS", "scenario", "scenario_text"]


SCENARIO_KEYS = ("dealer", "scores", "colours", "shown", "round", "open")
#: A finished round's line: ``result N: dealer D; trump COLOUR (or none); crosses TOP over BOTTOM, ...;
#: tricks ...; triangles ...`` (its bonuses follow from the crosses and the tricks).
RESULT_PARTS = ("dealer", "trump", "crosses", "tricks", "triangles")
#: What a scenario may set up against the rules, each only when its ``allow:`` line names it.
SCENARIO_EXCEPTIONS = ("short deal", "scores past the target")


def scenario(text: str, *, seed: int | None = None, **variant: Any) -> State:
    """A game whose round is dealt as written (the first, or a later one after the rounds written
    as results); later rounds are dealt at random.

    One ``key: value`` per line (``#`` starts a comment; keys in any case)::

        dealer: 1                         (optional; seat 0 otherwise)
        scores: 150 120 180               (optional; points before this round, one per seat)
        colours: red blue black           (optional; for 3 players the 3 colours in play)
        hand 0: 0 red, 5 blue, 7 blue     (one line per seat, 0 to n-1, for 3 to 6 players)
        shown: 5 red, 2 blue              (the dealer's last two dealt cards, not in his hand line)
        open: 2 blue                      (optional; only in a round without trumps: the card the
                                           dealer has chosen to leave face up, from his hand line or
                                           the shown cards; the round is then at the crosses)
        round: 3                          (optional; the round dealt, 1 otherwise; needs a result
                                           line for each earlier round)
        result 1: dealer 0; trump red; crosses 3 red over 0 blue, 5 green over 2 green, 1 red over 4 red;
                  tricks 2 3 1; triangles 4 5 6     (a finished round, all on one line: its
                                           dealer, trump colour or none, the crosses from seat 0, the
                                           tricks and triangles each seat won; bonuses follow)
        allow: short deal                 (optional; see below)

    Hands are equal (the dealer's with the shown cards) and hold at least 3 cards of the colours
    in play, no card more often than the deck has it (two 1s and two 7s of a colour). What the
    rules would never deal is refused unless the ``allow:`` line names it:

    - ``short deal``: hands smaller than a full deal (the rest of the deck is set aside for the
      round), for short lessons;
    - ``scores past the target``: a score already at the target, which would have ended the game
      (the round is played, then the game ends).

    When the shown cards name no trumps, the dealer first chooses the card to leave face up; the
    ``open`` line writes that he has (the same round as after his move ``open 2 blue``). With
    trumps the rules choose that card, so ``open`` is refused:

    >>> no_trumps = ("colours: red blue green\\nhand 0: 2 red, 9 blue, 0 green\\nshown: 5 red, 3 red\\n"
    ...              "hand 1: 7 red, 1 red, 4 green, 8 green, 2 blue\\nhand 2: 6 red, 0 red, 8 blue, 3 green, 5 green\\n"
    ...              "allow: short deal\\n")
    >>> scenario(no_trumps, seed=1).phase, scenario(no_trumps + "open: 9 blue", seed=1).trick
    ('choose the face-up card', ((0, Card('9 blue')),))
    >>> scenario(no_trumps + "open: 7 red", seed=1)
    Traceback (most recent call last):
    plateau_lab.core.ParseError: line 7 (open): the dealer (player 0) does not hold 7 red: he leaves face up a card of his hand or one of the shown cards

    >>> state = scenario('''
    ... colours: red blue green
    ... hand 0: 2 red, 9 blue, 0 green
    ... shown: 5 red, 3 blue
    ... hand 1: 7 red, 1 red, 4 green, 8 green, 2 blue
    ... hand 2: 6 red, 0 red, 8 blue, 3 green, 5 green
    ... allow: short deal''', seed=1)
    >>> state.trump, state.trick, len(state.aside)
    ('blue', ((0, Card('5 red')),), 21)
    >>> scenario("colours: red blue green\\nhand 0: 1 red, 2 red, 3 red\\nshown: 1 blue, 2 blue\\n"
    ...          "hand 1: 4 red, 5 red, 6 red, 8 red, 9 red\\nhand 2: 0 red, 0 blue, 3 blue, 4 blue, 5 blue",
    ...          seed=1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    plateau_lab.core.ParseError: hands: hands of 5 cards (...), where a full deal gives 12; write 'allow: short deal' ...
    
    It is long only by this description of the text it reads, kept whole because ``help(scenario)``
    shows it to a teacher in one place; its code is some twenty lines, each part of the text read by
    a helper of its own.
    """
    lines = scenario_fields(text, known=lambda key: key in SCENARIO_KEYS or key.partition(" ")[0] in ("hand", "result"),
                            expected="'dealer:', 'scores:', 'colours:', 'hand <seat>:', 'shown:', 'open:', 'round:', "
                                     "'result <round>:' or 'allow:'",
                            exceptions=SCENARIO_EXCEPTIONS)
    hand_lines = _hand_lines(lines)
    players = len(hand_lines)
    setup = game_spec(GAME).setup(players, seed, variant, scenario=text)
    rules = rules_of(players, setup.variant)
    dealer = parse_seat(lines["dealer"][1], players, where=_where(lines, "dealer")) if "dealer" in lines else 0
    totals = _scenario_scores(lines, players, rules.target)
    colours = (_scenario_colours(lines, players, rules) if "colours" in lines
               else colours_in_play(players, setup.seed, rules.colours_removed))
    read = _card_reader(colours, rules)
    dealt = _scenario_hands(lines, hand_lines, dealer, read, rules)
    round_number = parse_whole(lines["round"][1], where=_where(lines, "round"), low=1, high=10_000,
                               name="the round") if "round" in lines else 1
    results = _results(lines, round_number, players, colours, rules)
    aside = undealt(colours, dealt, rules.numbers)
    if round_number == 1:
        state = _first_state(setup, colours, dealer, totals, dealt, aside)
    else:
        fields, said = round_dealt(round_number, dealer, dealt, rules.trump_card)
        state = State(setup=setup, colours=colours, totals=totals, log=said,
                      **dict(fields, aside=aside, round_results=results))
    return _opened(state, lines, read) if "open" in lines else state


def _card_reader(colours: tuple[str, ...], rules: Rules) -> Callable[[str, str], Card]:
    """``read(item, where)``: a card of this game (its colours in play, its numbers), or ParseError saying where."""

    def read(item: str, where: str) -> Card:
        found = parse_card(item, where=where)
        if found.colour not in colours:
            raise ParseError(f"{found} is not in this game, whose colours are {', '.join(colours)}", where=where)
        if found.number not in rules.numbers:
            raise ParseError(f"{found} is not in this game, whose cards are numbered "
                             f"{', '.join(map(str, sorted(set(rules.numbers))))}", where=where)
        return found

    return read


def _scenario_hands(lines: dict[str, tuple[int, str]], hand_lines: dict[int, tuple[int, str]], dealer: int,
                    read: Callable[[str, str], Card], rules: Rules) -> tuple[tuple[Card, ...], ...]:
    """The hands as dealt, the dealer's with the two ``shown`` cards last: no card more often than the
    deck holds it, the hands equal and as large as the rules (or ``allow: short deal``) say."""
    if "shown" not in lines:
        raise ParseError("missing the line 'shown: <card>, <card>' (the dealer's last two dealt cards)",
                         where="shown")
    seen: dict[Card, list[str]] = {}
    copies = rules.numbers.count
    shown = parse_cards(lines["shown"][1], read, where=_where(lines, "shown"), seen=seen,
                        copies=lambda card: copies(card.number))
    if len(shown) != 2:
        raise ParseError(f"expected the dealer's last two dealt cards, got {len(shown)}", where=_where(lines, "shown"))
    dealt = []
    for seat in range(len(hand_lines)):
        number, cards_text = hand_lines[seat]
        hand = parse_cards(cards_text, read, where=f"line {number} (hand {seat})", seen=seen,
                           copies=lambda card: copies(card.number))
        dealt.append(hand + shown if seat == dealer else hand)
    _check_hand_sizes(dealt, rules.hand_size, allows(lines, "short deal"))
    return tuple(dealt)


def _opened(state: State, lines: dict[str, tuple[int, str]], read: Any) -> State:
    """The round just dealt ``state`` after its dealer has left the ``open`` line's card face up (a
    round without trumps only); the position starts there, so it has no moves of its own yet."""
    where = _where(lines, "open")
    if state.phase != OPEN:
        up = state.trick[0][1]
        raise ParseError(f"the shown cards name {state.trump} trumps, so the rules leave {up} face up: the dealer "
                         "chooses the face-up card only in a round without trumps", where=where)
    cards = parse_cards(lines["open"][1], read, where=where)
    if len(cards) != 1:
        raise ParseError(f"expected the one card the dealer leaves face up, got {len(cards)}", where=where)
    if cards[0] not in state.hands[state.dealer]:
        raise ParseError(f"the dealer (player {state.dealer}) does not hold {cards[0]}: he leaves face up a card "
                         "of his hand or one of the shown cards", where=where)
    return state.apply(Open(cards[0])).derive(_history=())


def scenario_text(state: State) -> str:
    """A round just dealt (nobody has laid a cross or played yet; in a round without trumps the
    dealer may have chosen the face-up card, written as ``open``) as :func:`scenario` reads it,
    with the finished rounds' results: it reads back to an equal position, whatever the seed. Any
    other position raises a ValueError saying why.

    >>> from .engine import new_game
    >>> state = new_game(3, seed=2)
    >>> scenario(scenario_text(state), seed=state.setup.seed, **state.setup.variant) == state
    True
    >>> scenario_text(state.apply(state.legal_actions()[0]))
    Traceback (most recent call last):
    ValueError: a scenario writes a round just dealt, before anybody has laid a cross or played a card; here player 1 has laid a cross
    """
    _check_just_dealt(state)
    first, second = state.shown
    dealt = [list(hand) for hand in state.hands]
    if state.trick:                          # the face-up card, chosen by the rules or by the dealer
        dealt[state.dealer].append(state.trick[0][1])
    for card in state.shown:                 # the dealer's line leaves out the shown cards
        dealt[state.dealer].remove(card)
    lines = [f"dealer: {state.dealer}", f"scores: {' '.join(map(str, state.totals))}",
             f"colours: {' '.join(state.colours)}", f"round: {state.round_number}"]
    for result in state.round_results:
        crosses = ", ".join(f"{cross.top} over {cross.bottom}" for cross in result.estimates)
        lines.append(f"result {result.round_number}: dealer {result.dealer}; trump {result.trump or 'none'}; "
                     f"crosses {crosses}; tricks {' '.join(map(str, result.tricks))}; "
                     f"triangles {' '.join(map(str, result.triangles))}")
    lines += [f"hand {seat}: {', '.join(map(str, hand))}" for seat, hand in enumerate(dealt)]
    lines.append(f"shown: {first}, {second}")
    if state.trump is None and state.trick:
        lines.append(f"open: {state.trick[0][1]}")
    rules = state.rules
    allowed = [*(["short deal"] if state.hand_size < rules.hand_size else []),
               *(["scores past the target"] if max(state.totals) >= rules.target else [])]
    if allowed:
        lines.append(f"allow: {', '.join(allowed)}")
    return "\n".join(lines) + "\n"


def _check_just_dealt(state: State) -> None:
    """Refuse, saying why, a position that is not a round just dealt (its face-up card may lie)."""
    why = None
    if state.phase not in (OPEN, ESTIMATE):
        why = {PLAY: "the cards are being played", ROUND_OVER: f"round {state.round_number} is over and scored",
               OVER: "the game is over"}[state.phase]
    elif any(estimate is not None for estimate in state.estimates):
        why = " and ".join(f"player {seat} has laid a cross" for seat, estimate in enumerate(state.estimates)
                           if estimate is not None)
    elif len(state.trick) != (state.phase == ESTIMATE) or state.finished_tricks:
        why = "cards have been played"
    if why is not None:
        raise ValueError("a scenario writes a round just dealt, before anybody has laid a cross or played a card; "
                         f"here {why}")


def _results(lines: dict[str, tuple[int, str]], round_number: int, players: int,
             colours: tuple[str, ...], rules: Rules) -> tuple[RoundResult, ...]:
    """The finished rounds' results, one ``result N`` line for each round before ``round``."""
    numbers = sorted(parse_whole(key.partition(" ")[2], where=f"line {number}", low=1, high=10_000, name="the round")
                     for key, (number, _) in lines.items() if key.partition(" ")[0] == "result")
    if numbers != list(range(1, round_number)):
        raise ParseError(f"round {round_number} follows {count_of(round_number - 1, 'finished round')}: give 'result 1:' to "
                         f"'result {round_number - 1}:', got {', '.join(map(str, numbers)) or 'none'}",
                         where=_where(lines, "round") if "round" in lines else "scenario")
    return tuple(_result(lines, f"result {number}", number, players, colours, rules) for number in numbers)


def _result(lines: dict[str, tuple[int, str]], key: str, number: int, players: int,
            colours: tuple[str, ...], rules: Rules) -> RoundResult:
    where = _where(lines, key)
    parts = {}
    for part in lines[key][1].split(";"):
        word, _, value = part.strip().partition(" ")
        if word not in RESULT_PARTS or word in parts:
            raise ParseError(f"a result is '{'; '.join(RESULT_PARTS)}', each once; got {part.strip()[:40]!r}",
                             where=where)
        parts[word] = value.strip()
    if len(parts) != len(RESULT_PARTS):
        raise ParseError(f"a result gives {', '.join(RESULT_PARTS)}; missing {', '.join(p for p in RESULT_PARTS if p not in parts)}",
                         where=where)
    dealer = parse_seat(parts["dealer"], players, where=where)
    trump = None if parts["trump"].casefold() == "none" else \
        parse_choice(parts["trump"], {colour: colour for colour in colours}, kind="colour", where=where)
    crosses = []
    for cross in parts["crosses"].split(","):
        top, over, bottom = cross.strip().partition(" over ")
        if not over:
            raise ParseError(f"a cross is written 'TOP over BOTTOM', got {cross.strip()[:40]!r}", where=where)
        crosses.append(Estimate(parse_card(top, where=where), parse_card(bottom, where=where)))
    if len(crosses) != players:
        raise ParseError(f"expected {players} crosses, one per seat, got {len(crosses)}", where=where)
    counts = {}
    for name in ("tricks", "triangles"):
        words = parts[name].replace(",", " ").split()
        if len(words) != players:
            raise ParseError(f"expected {players} {name}, one per seat, got {len(words)}", where=where)
        counts[name] = tuple(parse_whole(word, where=where, high=1000, name=f"the {name}") for word in words)
    bonuses = tuple(bonus(cross.top.number, cross.bottom.number, won, rules.bonuses)
                    for cross, won in zip(crosses, counts["tricks"]))
    return RoundResult(number, dealer, trump, tuple(crosses), counts["tricks"], counts["triangles"], bonuses)


def _where(lines: dict[str, tuple[int, str]], key: str) -> str:
    return f"line {lines[key][0]} ({key})"


def _hand_lines(lines: dict[str, tuple[int, str]]) -> dict[int, tuple[int, str]]:
    """{seat: (line number, cards)} from the lines ``hand <seat>: ...``, seats 0 to n-1 for 3 to 6 players."""
    hands: dict[int, tuple[int, str]] = {}
    for key, (number, value) in lines.items():
        if key.partition(" ")[0] != "hand":
            continue
        seat = parse_whole(key.partition(" ")[2], where=f"line {number}", high=PLAYERS.stop - 2, name="the seat")
        if seat in hands:
            raise ParseError(f"hand {seat} is given twice (first on line {hands[seat][0]})", where=f"line {number}")
        hands[seat] = (number, value)
    if sorted(hands) != list(range(len(hands))) or len(hands) not in PLAYERS:
        raise ParseError(f"expected lines 'hand 0:' to 'hand n-1:' for {PLAYERS.start} to {PLAYERS.stop - 1} "
                         f"players, got seats {sorted(hands)}", where="hands")
    return hands


def _scenario_scores(lines: dict[str, tuple[int, str]], players: int, target: int) -> tuple[int, ...]:
    if "scores" not in lines:
        return (0,) * players
    where = _where(lines, "scores")
    words = lines["scores"][1].split()
    if len(words) != players:
        raise ParseError(f"expected {players} scores, one per seat, got {len(words)}", where=where)
    totals = tuple(parse_whole(word, where=where, name="a score") for word in words)
    if max(totals) >= target and not allows(lines, "scores past the target"):
        raise ParseError(f"a score of {max(totals)} has reached the target ({target}), which ends the game; "
                         f"write 'allow: scores past the target' to play a round anyway", where=where)
    return totals


def _scenario_colours(lines: dict[str, tuple[int, str]], players: int, rules: Rules) -> tuple[str, ...]:
    where = _where(lines, "colours")
    colours = tuple(parse_choice(word, {colour: colour for colour in COLOURS}, kind="colour", where=where)
                    for word in lines["colours"][1].split())
    wanted = rules.colours_in_play
    if len(set(colours)) != len(colours) or len(colours) != wanted:
        raise ParseError(f"expected {wanted} different colours of {', '.join(COLOURS)} for {players} players",
                         where=where)
    return colours


def _check_hand_sizes(dealt: list[tuple[Card, ...]], full: int, short_deal_allowed: bool) -> None:
    sizes = [len(hand) for hand in dealt]
    if len(set(sizes)) != 1 or sizes[0] < 3:
        raise ParseError(f"hands must be equal and hold at least 3 cards (the dealer's with the shown ones); "
                         f"got sizes {sizes}", where="hands")
    if sizes[0] < full and not short_deal_allowed:
        raise ParseError(f"hands of {sizes[0]} cards (the dealer's with the shown ones), where a full deal gives "
                         f"{full}; write 'allow: short deal' to set up a smaller deal", where="hands")
    if sizes[0] > full:
        raise ParseError(f"hands of {sizes[0]} cards (the dealer's with the shown ones), where the rules deal "
                         f"{full} (hand_size)", where="hands")
