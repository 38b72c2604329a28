"""The table in words: what a player sees at the table, said in sentences, for a screen reader.

Every picture of a table has a text alternative made from the player's observation
(:meth:`plateau_lab.core.GameState.observation`), never from the state itself, so it cannot say a
card the player may not see: whose turn it is, the player's hand, how many cards the others hold,
what lies on the table (the trick, the rows, the stacks, the board's counters by place) and the
scores. :func:`table_words` reads one observation, in every game of the registry:

>>> from plateau_lab.core import game_spec
>>> state = game_spec("oh_hell").new_game(4, seed=1)
>>> for line in table_words(state.observation(0)):
...     print(line)
You are player 0 of 4. Player 1 is to bid.
Your hand, 9 cards: 3 of clubs, 7 of clubs, 8 of clubs, jack of clubs, 10 of diamonds, king of diamonds, ace of spades, 5 of hearts, jack of hearts.
Cards in the other hands: player 1 holds 9, player 2 holds 9, player 3 holds 9.
Hand of 9 tricks; player 0 dealt. Trumps: hearts (the turned card is the queen of hearts).
No bids yet.
Scores: you 0, player 1 0, player 2 0, player 3 0.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..core import count_of
from ..hexboard.cells import describe_token

__all__ = ["card_words", "said_with_cards", "table_words", "target_labels"]

#: The words of a card no player may see, where the observation has it face down.
HIDDEN = "hidden"

_SUITS = {"C": "clubs", "D": "diamonds", "S": "spades", "H": "hearts"}


def card_words(card: Any) -> str:
    """One card in words: its game's own description (``7 of clubs``; Le Plateau's ``trump 15``; a
    Syndicate card with its suits), else its name (``blue 2``), else its text (``7 red``); a card
    seen face down is ``a face-down card``.

    >>> from plateau_lab.games.oh_hell.cards import parse_card
    >>> card_words(parse_card("QH")), card_words(HIDDEN)
    ('queen of hearts', 'a face-down card')
    """
    if card is None or card == HIDDEN:
        return "a face-down card"
    describe = getattr(card, "describe", None)
    if callable(describe):
        return describe().removeprefix("the ")
    name = getattr(card, "name", None)
    return name if isinstance(name, str) else str(card)


def _cards(cards: Iterable[Any]) -> str:
    cards = list(cards)
    return ", ".join(card_words(card) for card in cards) if cards else "none"


def _who(seat: int, you: int) -> str:
    return "you" if seat == you else f"player {seat}"


def _Who(seat: int, you: int) -> str:
    return _who(seat, you).capitalize()


def _played(pairs: Iterable[tuple[int, Any]], you: int) -> str:
    """Cards played to a trick, in order: ``player 1: 4 of clubs, you: 9 of hearts``."""
    return ", ".join(f"{_who(seat, you)}: {card_words(card)}" for seat, card in pairs)


def _scores(seen: Mapping[str, Any], you: int, word: str = "Scores") -> str:
    return f"{word}: " + ", ".join(f"{_who(seat, you)} {score}" for seat, score in enumerate(seen["scores"])) + "."


def _turn(seen: Mapping[str, Any], doing: str = "play") -> str:
    you, now = seen["seat"], seen["current_player"]
    head = f"You are player {you} of {seen['players']}. "
    if seen["is_over"]:
        return head + "The game is over."
    return head + ("It is your turn" if now == you else f"Player {now} is") + f" to {doing}."


def _hands(seen: Mapping[str, Any]) -> list[str]:
    you, hand = seen["seat"], seen["hand"]
    others = [f"player {seat} holds {size}" for seat, size in enumerate(seen["hand_sizes"]) if seat != you]
    return [f"Your hand, {count_of(len(hand), 'card')}: {_cards(hand)}.",
            "Cards in the other hands: " + ", ".join(others) + "."]


def _oh_hell(seen: Mapping[str, Any]) -> list[str]:
    you = seen["seat"]
    bids = [f"{_who(seat, you)} {bid}" for seat, bid in enumerate(seen["bids"]) if bid is not None]
    lines = [_turn(seen, "bid" if seen["phase"] == "bid" else "play"), *_hands(seen),
             f"Hand of {count_of(seen['tricks'], 'trick')}; player {seen['dealer']} dealt. Trumps: "
             + (f"{_SUITS[seen['trump']]} (the turned card is the {card_words(seen['trump_card'])})."
                if seen["trump"] else "none."),
             "Bids: " + ", ".join(bids) + "." if bids else "No bids yet."]
    if seen["phase"] != "bid":
        won = ", ".join(f"{_who(seat, you)} {count}" for seat, count in enumerate(seen["tricks_won"]))
        lines.append(f"Tricks won: {won}.")
        lines.append(f"The trick on the table: {_played(seen['trick'], you)}." if seen["trick"] else
                     f"The trick on the table is empty; {_who(seen['leader'], you)} leads.")
    return lines + [_scores(seen, you)]


def _syndicate(seen: Mapping[str, Any]) -> list[str]:
    you, table, last = seen["seat"], seen["table"], seen["last_turn"]
    lines = [_turn(seen), *_hands(seen),
             f"Turn {seen['turn']}: {_who(seen['mastermind'], you)} "
             f"{'are' if seen['mastermind'] == you else 'is'} the mastermind. "
             f"Draw pile: {count_of(seen['draw_pile'], 'card')}; discards: {_cards(seen['discards'])}."]
    if table:
        face_down = ("" if table["face_down"] is None else ", with one card face down"
                     if table["face_down"] == HIDDEN else f", with {card_words(table['face_down'])} face down")
        answered = [((table["mastermind"] + place) % seen["players"], card)
                    for place, card in enumerate(table["answers"], start=1)]
        answers = "; answers: " + _played(answered, you) if answered else "; no answer yet"
        lines.append(f"On the table: {_who(table['mastermind'], you)} led {card_words(table['lead'])}"
                     f"{face_down}{answers}.")
    if last:
        lines.append(f"Last turn: the mastermind, {_who(last['mastermind'], you)}, had {last['mastermind_total']} "
                     f"against the enforcers' {last['enforcers_total']}; points "
                     + ", ".join(f"{_who(seat, you)} {points}" for seat, points in enumerate(last["points"])) + ".")
    return lines + [_scores(seen, you)]


def _coloretto(seen: Mapping[str, Any]) -> list[str]:
    you = seen["seat"]
    rows = []
    for number, (row, room) in enumerate(zip(seen["rows"], seen["capacities"]), start=1):
        rows.append(f"row {number} taken" if row is None else
                    f"row {number} ({len(row)} of {room}): {_cards(row)}")
    lines = [_turn(seen, "draw or take a row"),
             f"Round {seen['round']}" + (", the last round" if seen["last_round"] else "") +
             f"; {count_of(seen['supply_count'], 'card')} left to draw."
             + (f" Drawn card to place: {card_words(seen['drawn'])}." if seen["drawn"] is not None else ""),
             "Rows: " + "; ".join(rows) + "."]
    for seat, (collected, out) in enumerate(zip(seen["collections"], seen["sat_out"])):
        lines.append(f"{_Who(seat, you)} collected {_cards(collected)}"
                     + (" and sat out this round" if out else "") + ".")
    return lines + [_scores(seen, you)]


def _plotters(seen: Mapping[str, Any]) -> list[str]:
    you = seen["seat"]
    doing = {"keep": "choose the colours to keep", "take": "take a card"}.get(seen["phase"], "play")
    lines = [_turn(seen, doing), *_hands(seen), f"Round {seen['round']}; player {seen['dealer']} dealt."]
    if seen["trick"]:
        taken = [card_words(seen["trick"][place][1]) for place in seen["picked"]]
        lines.append(f"The trick on the table: {_played(seen['trick'], you)}."
                     + (f" Taken from it so far: {', '.join(taken)}." if taken else ""))
    if seen["worthless"]:
        lines.append(f"{count_of(seen['worthless'], 'card')} out of this round, counting for nobody.")
    for seat, stacks in enumerate(seen["stacks"]):
        piles = [_cards(stack) for stack in stacks if stack]
        kept = seen["kept"][seat]
        lines.append(f"{_Who(seat, you)}: " + ("; ".join(piles) if piles else "no cards taken")
                     + (f"; keeps {' and '.join(kept) if not isinstance(kept, str) else kept}" if kept else "")
                     + f"; {count_of(seen['discard_sizes'][seat], 'card')} discarded.")
    return lines + [_scores(seen, you)]


def _wimmuln(seen: Mapping[str, Any]) -> list[str]:
    you = seen["seat"]
    doing = "lay an estimate" if seen["phase"] == "estimate" else "play"
    lines = [_turn(seen, doing), *_hands(seen),
             f"Round {seen['round']}; player {seen['dealer']} dealt; trumps: {seen['trump'] or 'none'}."]
    for seat, estimate in enumerate(seen["estimates"]):
        if estimate is not None and estimate["top"] == HIDDEN:
            lines.append(f"{_Who(seat, you)} laid {'your' if seat == you else 'an'} estimate face down.")
        elif estimate is not None:
            lines.append(f"{_Who(seat, you)} laid {card_words(estimate['top'])} face up over "
                         f"{card_words(estimate['bottom'])}.")
    if seen["trick"]:
        lines.append(f"The trick on the table: {_played(seen['trick'], you)}.")
    if seen["last_trick"]:
        lines.append(f"The last trick: {_played(seen['last_trick'], you)}.")
    lines.append("Tricks won: " + ", ".join(f"{_who(seat, you)} {tricks} ({count_of(triangles, 'triangle')})"
                                            for seat, (tricks, triangles)
                                            in enumerate(zip(seen["tricks_won"], seen["triangles_won"]))) + ".")
    return lines + [_scores(seen, you)]


def _counters(board: Any, team: int) -> str:
    """A side's counters by the places they lie on: tricks and trumps by number, then the court cards
    and the Excuse (``5 counters: on tricks 1, 4 and 12; trump 21; king of hearts``)."""
    tokens = [board.layout[cell] for cell, owner in board.counters.items() if owner == team]
    if not tokens:
        return "no counters"
    groups = []
    for letter, one, many in (("T", "trick", "tricks"), ("A", "trump", "trumps")):
        numbers = sorted(int(token[1:]) for token in tokens if token[0] == letter and token[1:].isdigit())
        if numbers:
            listed = [str(number) for number in numbers]
            groups.append(f"{one} {listed[0]}" if len(listed) == 1 else
                          f"{many} {', '.join(listed[:-1])} and {listed[-1]}")
    groups += sorted(describe_token(token) for token in tokens if not (token[0] in "TA" and token[1:].isdigit()))
    return f"{count_of(len(tokens), 'counter')}: on " + "; ".join(groups)


def _le_plateau(seen: Mapping[str, Any]) -> list[str]:
    you, phase = seen["seat"], seen["phase"]
    doing = {"bidding": "bid", "talon": "choose a talon group", "discard": "discard",
             "gift": "give a card"}.get(phase, "play")
    talon, discards = seen["talon"], seen["discards"]
    lines = [_turn(seen, doing), *_hands(seen),
             f"Hand {seen['hand_number']}; player {seen['dealer']} dealt; "
             + (f"the talon holds {count_of(talon, 'card')} face down." if isinstance(talon, int) else
                f"the talon, face up: {_cards(talon)}.")]
    if seen["set_aside"]:
        lines.append(f"Set aside: {_cards(seen['set_aside'])}.")
    if discards:
        lines.append(f"Your discards: {_cards(discards)}." if not isinstance(discards, int) else
                     f"{count_of(discards, 'card')} discarded face down.")
    if seen["gifts"]:
        lines.append("Cards given: " + ", ".join(f"{card_words(card)} to {_who(to, you)}"
                                                 for card, to in seen["gifts"]) + ".")
    for seat, pile in enumerate(seen["piles"]):
        if not any(pile):
            lines.append(f"{_Who(seat, you)} {'have' if seat == you else 'has'} no piles left on the table.")
            continue
        lines.append(f"{_Who(seat, you)} {'have' if seat == you else 'has'} piles on the table: "
                     + "; ".join(" on ".join(card_words(card) for card in reversed(stack)) for stack in pile if stack)
                     + ".")
    if seen["auction"]:
        lines.append("Bidding: " + ", ".join(f"{_who(seat, you)} {bid}" for seat, bid in seen["auction"]) + ".")
    if seen["declarer"] is not None and seen["contract"] is not None:
        partners = ", ".join(_who(seat, you) for seat in seen["partners"])
        lines.append(f"Contract: {_who(seen['declarer'], you)}, {seen['contract']}, worth {seen['value']}"
                     + (f"; partners: {partners}" if partners else "") + ".")
    if seen["trick"]:
        lines.append(f"The trick on the table: {_played(seen['trick'], you)}.")
    if seen["last_trick"]:
        lines.append(f"The last trick: {_played(seen['last_trick'], you)}.")
    board = seen["board"]
    lines.append(f"The board, the declarer's side: {_counters(board, 0)}.")
    lines.append(f"The board, the defenders: {_counters(board, 1)}.")
    return lines + [_scores(seen, you)]


_WORDS: dict[str, Callable[[Mapping[str, Any]], list[str]]] = {
    "oh_hell": _oh_hell, "syndicate": _syndicate, "coloretto": _coloretto, "plotters": _plotters,
    "wimmuln": _wimmuln, "le_plateau": _le_plateau}


def table_words(seen: Mapping[str, Any]) -> tuple[str, ...]:
    """What the player whose observation ``seen`` is sees at the table, one sentence a line (see
    the module docstring). A game this module does not know gets the words every game shares.

    >>> from plateau_lab.core import game_spec
    >>> table_words(game_spec("coloretto").new_game(2, seed=3).observation(1))[0]
    'You are player 1 of 2. It is your turn to draw or take a row.'
    """
    words = _WORDS.get(seen["game"])
    if words is None and "supply_count" in seen:       # a game of rows described with the kit: Coloretto's shape
        words = _coloretto
    if words is None:
        return (_turn(seen), *_hands(seen), _scores(seen, seen["seat"]))
    return tuple(words(seen))


def said_with_cards(words: str, hand: Iterable[Any]) -> str:
    """A move's words with each card of ``hand`` in words, as a screen reader says it best.

    >>> from plateau_lab.games.oh_hell.cards import parse_card
    >>> said_with_cards("play 9D", [parse_card("9D"), parse_card("10D")])
    'play 9 of diamonds'
    """
    for card in sorted(hand, key=lambda card: -len(str(card))):
        words = re.sub(rf"(?<![\w+-]){re.escape(str(card))}(?![\w+-])", card_words(card), words)
    return words


def target_labels(legal: Sequence[Any], clicks_of: Callable[[Any], Sequence[str]], wording: Callable[[Any], str],
                  hand: Iterable[Any], picked: tuple[str, ...] = ()) -> dict[str, str]:
    """What a screen reader says for each target of a picture: each card of ``hand`` in words, and a
    target whose click makes one of the ``legal`` moves (``picked`` clicked before it) by the move's
    words (``wording``, cards in words); a first click of a longer move keeps its card's words, else
    its own name.

    >>> from plateau_lab.core import game_spec
    >>> from plateau_lab.core.tableview import card_clicks
    >>> state = game_spec("oh_hell").new_game(3, seed=1).apply("bid 0").apply("bid 0").apply("bid 0")
    >>> hand = state.observation(state.current_player)["hand"]
    >>> labels = target_labels(state.legal_actions(), card_clicks, str, hand)
    >>> sorted(labels.items())[0]
    ('card 3C', 'play 3 of clubs')
    """
    hand = tuple(hand)
    labels = {f"card {card}": card_words(card) for card in hand}
    depth = len(picked)
    for action in legal:
        clicks = tuple(clicks_of(action))
        if len(clicks) <= depth or clicks[:depth] != picked:
            continue
        if len(clicks) == depth + 1:
            labels[clicks[depth]] = said_with_cards(wording(action), hand)
        else:
            labels.setdefault(clicks[depth], clicks[depth])
    return labels
