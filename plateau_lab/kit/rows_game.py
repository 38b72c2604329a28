"""A described game of rows made playable: :class:`RowKitGame` is what :func:`~.game.define`
registers for a :class:`~.rows.RowGame`: its registry entry (with its steady player) and the API of a
game's package.

>>> from plateau_lab.core import game_spec
>>> from plateau_lab.kit.examples import COLORETTO
>>> game_spec("kit_coloretto").bot_names, COLORETTO.new_game(3, seed=2).players
(('random', 'heuristic'), 3)
>>> isinstance("pink", COLORETTO.Card), isinstance("+2", COLORETTO.Card), isinstance("kit_coloretto", COLORETTO.Card)
(True, True, False)
"""

from __future__ import annotations

__all__ = ["RowKitGame"]

from typing import Any

from plateau_lab.core import RULES_NAME, STANDARD, GameSpec, Option

from .description import HOUSE_RULE
from .rows import END_CARD, JOKER, PLUS_TWO, RowGame
from .rows_bots import RowSteadyBot
from .rows_engine import RowState, new_row_game, read_row_scenario, row_deal_text


class _CardNames(type):
    """The class of a game of rows' cards: a text is an instance when it names one of them (the lab and
    the shared tables find the cards in a position by their class)."""

    def __instancecheck__(cls, value: Any) -> bool:
        return isinstance(value, str) and value in cls.names


class RowKitGame:
    """A checked :class:`~.rows.RowGame` with the API of a game's package: ``SPEC``, ``new_game``,
    ``scenario``, ``scenario_text``, ``Card`` (the class of its cards: a card is plain text, a
    colour's name, ``"+2"``, ``"joker"`` or ``"last round"``; ``isinstance(text, game.Card)`` says
    whether a text names one of this game's cards) and the ``description``."""

    def __init__(self, description: RowGame):
        self.description = description
        self.Card = _CardNames("Card", (), {  # noqa: N815 (the name every game's package gives its cards' class)
            "names": frozenset((*description.colours, PLUS_TWO, JOKER, END_CARD)),
            "__doc__": f"A card of {description.title}: its text."})
        self._played = {STANDARD: description} | {name: description.with_house_rule(name)
                                                   for name in description.house_rules}
        options = (Option(HOUSE_RULE, STANDARD, str, "the rules played: the game as described "
                          f"({STANDARD!r}) or one of its house rules", choices=tuple(self._played)),
                   ) if description.house_rules else ()
        self.SPEC = GameSpec(  # noqa: N815 (the name every game's package gives its registry entry)
            name=description.name, title=description.title, players=description.player_range,
            default_players=description.player_range.start, options=options, bots={"heuristic": RowSteadyBot},
            render="plateau_lab.kit.rows_picture", view="plateau_lab.kit.rows_view",
            expert_model="plateau_lab.kit.rows_model")

    def played(self, house_rule: str | None = None) -> RowGame:
        """The description as played under ``house_rule`` (its own rules: ``"standard"`` or None),
        for its rules page; ValueError names the house rules there are."""
        house_rule = STANDARD if house_rule is None else house_rule
        if house_rule != STANDARD or self.SPEC.options:
            house_rule = self.SPEC.check_variant({HOUSE_RULE: house_rule})[HOUSE_RULE]
        return self._played[house_rule]

    def new_game(self, players: int, *, seed: int | None = None, **variant: Any) -> RowState:
        """A new game for ``players`` dealt from ``seed``; a game with house rules takes the option
        ``house_rule``."""
        setup = self.SPEC.setup(players, seed, variant)
        return new_row_game(self._played[setup.variant.get(HOUSE_RULE, STANDARD)], setup)

    def scenario(self, text: str, *, seed: int | None = None, **variant: Any) -> RowState:
        """The game's start written as ``text`` (see :func:`read_row_scenario`)."""
        options = self.SPEC.check_variant({name: value for name, value in variant.items() if name != RULES_NAME})
        return read_row_scenario(self._played[options.get(HOUSE_RULE, STANDARD)], text,
                                 lambda players: self.SPEC.setup(players, seed, variant, scenario=text))

    def scenario_text(self, state: RowState) -> str:
        """The start of ``state``'s game as scenario text."""
        return row_deal_text(state)

    def __repr__(self) -> str:
        return f"<the game {self.description.title!r} ({self.description.name}), described with the kit>"
