"""Plotters Inc.'s scenarios: :func:`scenario` reads a position written as text (hands, open
stacks, discard piles, kept colours, scores and a trick in progress), with the helpers that read its
lines and check that play could reach it.
"""

from __future__ import annotations

from itertools import chain

from ...core import ParseError, allows, count_of, game_spec, parse_seat, parse_whole, scenario_fields
from .cards import COLOURS, Card, keep_action, parse_cards, parse_colour
from .engine import PLAY_PHASE, State, first_leader, is_blocked, must_choose_colours, trick_colours
from .rules import Rules, rules_of

__all__ = ["SCENARIO_EXCEPTIONS", "scenario", "scenario_text"]


SCENARIO_EXCEPTIONS = ("impossible collection", "impossible scores")
"""What a scenario may set up against the rules, naming it in an ``allow:`` line (see :func:`scenario`)."""

_PLAIN_KEYS = ("dealer", "round", "scores", "round scores", "trick")
_SEAT_KEYS = ("hand", "open", "discard", "keep")
_CARD_KEYS = ("hand", "open", "discard")


def _is_scenario_key(key: str) -> bool:
    base, _, seat = key.partition(" ")
    return key in _PLAIN_KEYS or (base in _SEAT_KEYS and bool(seat))


def _where(fields: dict[str, tuple[int, str]], key: str) -> str:
    return f"line {fields[key][0]} ({key})"


def scenario(text: str, *, seed: int | None = None, **variant) -> State:
    """A position written as text, to set up any situation in one cell.

    One ``key: value`` per line (``#`` starts a comment); ``hand N`` for every seat 0..n-1
    (4 to 6 players) is required, the rest is optional::

        dealer: 4               # the player left of the dealer leads (default: the last seat)
        round: 2                # which round this is (1 to n), for the log and the game's length
        scores: 10 6 0 3 5      # totals of the finished rounds (only from round 2 on)
        round scores: 6 2 0 3 5; 4 4 0 0 0   # or each finished round's scores, in order
        trick: R10 Y6           # cards already played, by the leader and the seats after him
        hand 0: R10 B3          # cards in hand (initials and numbers)
        open 0: G1 G2 R5        # open stacks
        discard 0: Y4 B2        # the face-down discard pile
        keep 0: green+red       # the two colours kept, once a player has held all four

    Every card is written once, and only cards used with this many players. Every player holds
    the same number of cards (1 to 14), counting a card already played to the trick; the trick
    holds at most three colours, and the next player must be able to play to it. The cards no
    line places are out of this round; later rounds are dealt from the seed. Under a rule set
    (the options, as for ``new_game``) its deck, hand size, colours and rounds apply.

    The rules also decide what a collection can be: a player holding all four colours has kept
    two; only then is there a discard pile, which holds the two dropped colours (at least one
    card of each, as the open stacks hold at least one card of each kept colour); and a round
    scores at most ``Rules.most_round_score``. A scenario may break these rules only by saying so
    in a line ``allow: impossible collection`` or ``allow: impossible scores`` (or both, with a
    comma). A position where the player to move cannot move is never allowed.

    >>> scenario("hand 0: R1\\nhand 1: R2\\nhand 2: R3\\nhand 3: R4\\ndiscard 0: B1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    plateau_lab.core.ParseError: line 5 (discard 0): a discard pile only exists once two colours are kept ...
    """
    fields = scenario_fields(text, known=_is_scenario_key, exceptions=SCENARIO_EXCEPTIONS,
                             expected="key dealer, round, scores, trick, or 'hand N', 'open N', 'discard N', "
                                      "'keep N'")
    players = _scenario_players(fields)
    setup = game_spec(State.GAME).setup(players, seed, variant, scenario=text)
    rules = rules_of(players, setup.variant)
    cards = _scenario_cards(fields, players, rules)
    dealer = parse_seat(fields["dealer"][1], players, where=_where(fields, "dealer")) if "dealer" in fields \
        else players - 1
    round_number = parse_whole(fields["round"][1], where=_where(fields, "round"), low=1, high=rules.rounds,
                               name="the round") - 1 if "round" in fields else 0
    round_scores = _scenario_round_scores(fields, players, round_number, rules)
    leader = first_leader(dealer, players)
    trick = _scenario_trick(fields, cards.get("trick", ()), leader, rules)
    hands = tuple(tuple(sorted(cards[f"hand {seat}"])) for seat in range(players))
    kept = tuple(_scenario_keep(fields, seat, rules) for seat in range(players))
    stacks = tuple(tuple(tuple(card for card in cards.get(f"open {seat}", ()) if card.colour == colour)
                         for colour in COLOURS) for seat in range(players))
    discards = tuple(cards.get(f"discard {seat}", ()) for seat in range(players))
    upcoming = (leader + len(trick)) % players
    size = len(hands[upcoming])
    _check_hands(hands, trick, size, rules)
    if not allows(fields, "impossible collection"):
        for seat in range(players):
            _check_collection(fields, seat, stacks[seat], discards[seat], kept[seat], rules)
    if is_blocked(hands[upcoming], trick, rules.colours_in_trick):
        raise ParseError(f"player {upcoming} could not play to this trick (the round would already be over)",
                         where=_where(fields, "trick"))
    placed = set(chain.from_iterable(cards.values()))
    return State(setup, round_number, dealer, PLAY_PHASE, hands, leader, trick=trick, stacks=stacks, kept=kept,
                 discards=discards, tricks_done=rules.cards_per_player - size, round_scores=round_scores,
                 left_out=tuple(card for card in rules.deck if card not in placed),
                 links=(None, None, (f"Scenario: round {round_number + 1} of {rules.rounds}; player {dealer} dealt, "
                                   f"player {upcoming} plays next.",)))


def _scenario_players(fields: dict[str, tuple[int, str]]) -> int:
    """The player count (one ``hand N`` line per seat), checking every seat number written."""
    seats = {}
    for key, (number, _) in fields.items():
        base, _, written = key.partition(" ")
        if base in _SEAT_KEYS:
            seat = parse_whole(written, where=f"line {number}", name="the seat")
            if str(seat) != written:
                raise ParseError("write seat numbers without leading zeros", where=f"line {number}")
            seats[key] = seat
    players = sum(1 for key in seats if key.startswith("hand "))
    if players not in game_spec(State.GAME).players:
        raise ParseError(f"give 'hand N' for 4 to 6 players, found {players}", where="scenario")
    for key, seat in seats.items():
        if seat >= players:
            raise ParseError(f"there is no seat {seat} with {players} players", where=f"line {fields[key][0]}")
    return players


def _scenario_cards(fields: dict[str, tuple[int, str]], players: int, rules: Rules) -> dict[str, tuple[Card, ...]]:
    """The cards of every ``trick``, ``hand N``, ``open N`` and ``discard N`` line, each card once."""
    seen: dict[Card, list[str]] = {}
    return {key: parse_cards(value, where=_where(fields, key), players=players, seen=seen, deck=rules.deck)
            for key, (_, value) in fields.items() if key == "trick" or key.partition(" ")[0] in _CARD_KEYS}


def _scenario_round_scores(fields: dict[str, tuple[int, str]], players: int, round_number: int, rules: Rules
                           ) -> tuple[tuple[int, ...], ...]:
    """The finished rounds' scores: the ``scores`` line's totals, as if scored in the first round."""
    if "round scores" in fields:
        return _scenario_each_round(fields, players, round_number, rules)
    if "scores" not in fields:
        return ((0,) * players,) * round_number
    where = _where(fields, "scores")
    if not round_number:
        raise ParseError("scores of earlier rounds need 'round: 2' or later", where=where)
    scores = _score_line(fields["scores"][1], players, where)
    most = round_number * rules.most_round_score
    if max(scores) > most and not allows(fields, "impossible scores"):
        raise ParseError(f"after {round_number} round{'s' if round_number > 1 else ''} a total is at most {most} "
                         f"(a round scores at most {rules.most_round_score} with {players} players), not "
                         f"{max(scores)}; write 'allow: impossible scores' to set it anyway", where=where)
    return (scores,) + ((0,) * players,) * (round_number - 1)


def _score_line(text: str, players: int, where: str) -> tuple[int, ...]:
    """One whole number per player, separated by spaces or commas."""
    parts = text.replace(",", " ").split()
    if len(parts) != players:
        raise ParseError(f"scores must be {players} whole numbers, got {len(parts)}", where=where)
    return tuple(parse_whole(part, where=where, name="a score") for part in parts)


def _scenario_each_round(fields: dict[str, tuple[int, str]], players: int, round_number: int, rules: Rules
                         ) -> tuple[tuple[int, ...], ...]:
    """The ``round scores`` line: every finished round's scores, rounds separated by ``;``."""
    where = _where(fields, "round scores")
    if "scores" in fields:
        raise ParseError("give either 'scores' (the totals) or 'round scores' (each round's), not both", where=where)
    rounds = tuple(_score_line(part, players, where) for part in fields["round scores"][1].split(";") if part.strip())
    if len(rounds) != round_number:
        raise ParseError(f"round {round_number + 1} follows {count_of(round_number, 'finished round')}, not {len(rounds)}",
                         where=where)
    most = rules.most_round_score
    if any(max(scores) > most for scores in rounds) and not allows(fields, "impossible scores"):
        raise ParseError(f"a round scores at most {most} with {players} players; write 'allow: impossible scores' "
                         "to set it anyway", where=where)
    return rounds


def scenario_text(state: State) -> str:
    """A position in its card play, between tricks or within one (nothing picked from a full trick,
    nobody choosing colours), as :func:`scenario` reads it: every card in its place and each
    finished round's scores (``round scores``). It reads back to an equal position, whatever the seed.

    >>> from plateau_lab.games.plotters import new_game
    >>> state = new_game(4, seed=1).apply("play " + str(new_game(4, seed=1).legal_actions()[0].card))
    >>> scenario(scenario_text(state), seed=3) == state.derive(setup=state.setup.__class__("plotters", 4, 3,
    ...                                                                                   state.setup.variant))
    True
    """
    if state.phase != PLAY_PHASE or state.picked or state.choosers or state.worthless:
        raise ValueError("a scenario writes a position of the card play, with no card picked from a full trick")
    if state.leader != first_leader(state.dealer, state.players):
        raise ValueError("a scenario's trick is led by the player left of the dealer")
    lines = [f"dealer: {state.dealer}", f"round: {state.round_number + 1}"]
    if state.round_scores:
        lines.append(f"round scores: {'; '.join(' '.join(map(str, scores)) for scores in state.round_scores)}")
    if state.trick:
        lines.append(f"trick: {' '.join(str(card) for _, card in state.trick)}")
    for seat in range(state.players):
        lines.append(f"hand {seat}: {' '.join(map(str, state.hands[seat]))}")
        opened = [card for stack in state.stacks[seat] for card in stack]
        if opened:
            lines.append(f"open {seat}: {' '.join(map(str, opened))}")
        if state.discards[seat]:
            lines.append(f"discard {seat}: {' '.join(map(str, state.discards[seat]))}")
        if state.kept[seat] is not None:
            lines.append(f"keep {seat}: {'+'.join(state.kept[seat])}")
    return "\n".join(lines) + "\n"


def _scenario_trick(fields: dict[str, tuple[int, str]], played: tuple[Card, ...], leader: int, rules: Rules
                    ) -> tuple[tuple[int, Card], ...]:
    """The trick in progress: (seat, card) from the leader on."""
    players = rules.players
    if len(played) >= players:
        raise ParseError(f"a trick in progress holds fewer than {players} cards", where=_where(fields, "trick"))
    trick = tuple(((leader + index) % players, card) for index, card in enumerate(played))
    if len(trick_colours(trick)) > rules.colours_in_trick:
        raise ParseError(f"a trick cannot hold more than {rules.colours_in_trick} colours",
                         where=_where(fields, "trick"))
    return trick


def _scenario_keep(fields: dict[str, tuple[int, str]], seat: int, rules: Rules) -> tuple[str, ...] | None:
    """The colours a player keeps (two in the rulebook), from ``keep N: green+red``, or None."""
    key = f"keep {seat}"
    if key not in fields:
        return None
    names = fields[key][1].replace("+", " ").replace(",", " ").split()
    colours = [parse_colour(name, where=_where(fields, key)) for name in names]
    if len(colours) != rules.scoring_colours or len(set(colours)) != len(colours):
        raise ParseError("name two different colours, like green+red" if rules.scoring_colours == 2 else
                         f"name {rules.scoring_colours} different colours", where=_where(fields, key))
    if any(colour not in rules.colours for colour in colours):
        raise ParseError(f"the colours in play are {', '.join(rules.colours)}", where=_where(fields, key))
    return keep_action(*colours).colours


def _check_hands(hands: tuple[tuple[Card, ...], ...], trick: tuple[tuple[int, Card], ...], size: int,
                 rules: Rules) -> None:
    """Every player holds ``size`` cards (1 to 14, the cards dealt), counting a card already played to the trick."""
    played = {seat for seat, _ in trick}
    if not 1 <= size <= rules.cards_per_player or any(len(hand) + (seat in played) != size
                                                       for seat, hand in enumerate(hands)):
        raise ParseError(f"every player must hold the same number of cards (1 to {rules.cards_per_player}), "
                         "counting a card already played to the trick", where="hands")


def _check_collection(fields: dict[str, tuple[int, str]], seat: int, stacks: tuple[tuple[Card, ...], ...],
                      discard: tuple[Card, ...], kept: tuple[str, ...] | None, rules: Rules) -> None:
    """Refuse a collection the rules could not have made (see :func:`scenario`)."""
    def refuse(what: str, *keys: str) -> None:
        key = next((key for key in keys if key in fields), keys[-1])
        raise ParseError(f"{what}; write 'allow: impossible collection' to set it up anyway", where=_where(fields, key))

    open_key, discard_key, keep_key = f"open {seat}", f"discard {seat}", f"keep {seat}"
    rulebook = rules.choose_at == len(rules.colours) and rules.scoring_colours == 2
    if kept is None:
        if must_choose_colours(stacks, kept, rules.choose_at):
            refuse("this player holds all four colours: say which two are kept ('keep N: red+blue')" if rulebook
                   else f"this player holds {rules.choose_at} colours: say which {rules.scoring_colours} are kept "
                        f"('keep N: ...')", open_key)
        if discard:
            refuse("a discard pile only exists once two colours are kept ('keep N: ...')", discard_key)
        return
    dropped = [colour for colour in rules.colours if colour not in kept]
    if any(stack and colour not in kept for colour, stack in zip(COLOURS, stacks)):
        refuse(f"open stacks may only hold the kept colours {'+'.join(kept)}", open_key, keep_key)
    every_colour = rules.choose_at == len(rules.colours)     # then every kept and dropped colour was collected
    if every_colour and not all(stack for colour, stack in zip(COLOURS, stacks) if colour in kept):
        refuse(f"the kept colours {'+'.join(kept)} were open when they were chosen: each needs an open card",
               open_key, keep_key)
    if any(card.colour in kept for card in discard):
        refuse(f"the discard pile holds only the dropped colours {' and '.join(dropped)}", discard_key)
    held = {colour for colour, stack in zip(COLOURS, stacks) if stack} | {card.colour for card in discard}
    if ({card.colour for card in discard} != set(dropped)) if every_colour else len(held) < rules.choose_at:
        refuse(f"the dropped colours {' and '.join(dropped)} were open when two were kept: the discard pile "
               f"needs a card of each" if every_colour else
               f"a player keeps colours once he holds {rules.choose_at}: the open stacks and the discard pile "
               f"need cards of {rules.choose_at} colours", discard_key, keep_key)
