"""The rules page of a described game of rows, written from its description (the sentences that
:func:`~.rules_page.rules_text` and :func:`~.rules_page.rules_html` lay out).

>>> from plateau_lab.kit.examples import COLORETTO_DESCRIPTION
>>> for part, sentence in row_rules_sentences(COLORETTO_DESCRIPTION)[:4]:
...     print(f"{part}: {sentence}")
Coloretto (with the kit): a drafting game of rows for 2 to 5 players: collect few colours, many cards.
The deck: 9 cards of each of the 7 colours blue, brown, green, grey, orange, pink, yellow; 10 "+2" cards; 3 jokers; and the "last round" card.
Setting up: With 2 players, 2 colours chosen at random leave the deck; with 3 players, 1. Each player takes 1 card (with 2 players, 2), each of a colour no other start card has. The other cards are shuffled face down as the supply, with "last round" on top of its bottom 15 cards. A player chosen at random starts.
The rows: One row per player, each taking at most 3 cards; with 2 players, 3 rows taking at most 1, 2 and 3 cards.
"""

from __future__ import annotations

__all__ = ["row_rules_sentences"]

from collections.abc import Callable

from plateau_lab.core import count_of

from .rows import RowGame


def row_rules_sentences(game: RowGame) -> list[tuple[str, str]]:
    """The rules as (part, sentence) pairs, in the order a player needs them; the description's own
    ``rules`` ({heading: sentence}) come last."""
    game = game.checked()
    players = game.player_range
    count = f"{players.start}" if len(players) == 1 else f"{players.start} to {players.stop - 1}"
    plus_twos = f'{count_of(game.plus_twos, chr(34) + "+2" + chr(34) + " card")}; ' if game.plus_twos else ""
    jokers = f"{count_of(game.jokers, 'joker')}; " if game.jokers else ""
    removed = _by_players(game, game.removed_for, lambda n: f"{n} colour{'s' * (n != 1)} chosen at random leave "
                                                            f"the deck", short=str)
    start = _by_players(game, game.start_cards_for, lambda n: f"each player takes {count_of(n, 'card')}", short=str,
                        always=True)
    start = (start + ", each of a colour no other start card has. " if any(map(game.start_cards_for, players))
             else "Nobody takes a start card. ")
    capacities = [(n, game.row_capacities(n)) for n in players if game.row_capacities(n) != (game.row_capacity,) * n]
    rows = f"One row per player, each taking at most {count_of(game.row_capacity, 'card')}" + "".join(
        f"; with {n} players, {len(sizes)} rows taking at most {_and(sizes)} cards" for n, sizes in capacities)
    points = ", ".join(map(str, game.points))
    counts = ", ".join(map(str, range(1, len(game.points) + 1))) + " or more"
    return [
        (game.title, f"a drafting game of rows for {count} players: collect few colours, many cards."),
        ("The deck", f"{count_of(game.per_colour, 'card')} of each of the {len(game.colours)} colours "
                     f"{', '.join(game.colours)}; {plus_twos}{jokers}and the \"last round\" card."),
        ("Setting up", (removed + " " if removed else "") + start + f"The other cards are shuffled face down as the supply, with \"last round\" on top of its "
                       f"bottom {count_of(game.end_card_depth, 'card')}. A player chosen at random starts."),
        ("The rows", rows + "."),
        ("A turn", "Either draw the supply's top card and place it next to a row that has room, or take a row "
                   "holding at least one card (when every row is full, you must take one). A player who takes a "
                   "row sits out the rest of the round; the next player to the left who has not taken one goes on."),
        ("The round", "When every player has taken a row, the round ends: a row nobody took leaves the game, and "
                      "the player who took the last row starts the next round."),
        ("The end", "A player who draws \"last round\" sets it aside and draws again; the game ends with that "
                    "round (or when the supply runs out)."),
        ("Scoring", ("Give each joker the colour you like. " if game.jokers else "")
                    + f"Your {count_of(game.plus_colours, 'colour')} worth the most score plus points, every other "
                    f"colour minus points: a colour of {counts} cards is worth {points} points." + (f" Each \"+2\" card scores {game.plus_two_points}." if game.plus_twos
                                          else "")),
        *game.rules.items(),
    ]


def _by_players(game: RowGame, number: Callable[[int], int], words: Callable[[int], str], *,
                short: Callable[[int], str], always: bool = False) -> str:
    """A rule whose number depends on the players, as one sentence: the usual number (the most
    common), then the player counts that differ. Empty when it is 0 for every count (unless ``always``)."""
    values = {players: number(players) for players in game.player_range}
    usual = max(sorted(set(values.values())), key=list(values.values()).count)
    others = {players: value for players, value in values.items() if value != usual}
    if not usual and not always:
        said = "; ".join(f"with {players} players, {words(value) if place == 0 else short(value)}"
                         for place, (players, value) in enumerate(others.items()))
        return said[0].upper() + said[1:] + "." if said else ""
    said = words(usual) + "".join(f" (with {players} players, {short(value)})" for players, value in others.items())
    return said[0].upper() + said[1:]


def _and(numbers: tuple[int, ...]) -> str:
    return ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}" if len(numbers) > 1 else str(numbers[0])
