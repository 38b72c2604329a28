"""A described game made playable: :func:`define` checks a description and registers it, so that it
has everything a game of the package has (``new_game``, ``scenario``, saves, the play table's view,
the expert's model) under its own name.

>>> from plateau_lab.core import game_spec, load_json
>>> from plateau_lab.kit import TrickGame
>>> game = define(TrickGame("two_suits", "Two suits", players=range(2, 4), suits={"R": "red", "B": "blue"},
...                         ranks="1 2 3 4 5 6", hand_size=4, trumps="R"))
>>> game_spec("two_suits").title, game_spec("two_suits").players
('Two suits', range(2, 4))
>>> state = game.new_game(3, seed=1)
>>> state = state.apply(state.legal_actions()[0])
>>> load_json(state.to_json()) == state
True
>>> game.scenario(game.scenario_text(state), seed=1) == game.new_game(3, seed=1)
True
"""

from __future__ import annotations

__all__ = ["HOUSE_RULE", "KitGame", "define"]

from typing import Any

from plateau_lab.core import RULES_NAME, STANDARD, GameSpec, Option
from plateau_lab.core.registry import register

from .bots import SteadyBot
from .description import HOUSE_RULE, Card, DescriptionError, TrickGame
from .deal import deal_text, new_hand, read_scenario
from .engine import State
from .moves import describe
from .rows import RowGame
from .rows_game import RowKitGame

class KitGame:
    """A checked description with the API of a game's package: ``SPEC`` (its registry entry),
    ``new_game``, ``scenario``, ``scenario_text``, ``Card`` (the class of its cards), and the
    ``description`` itself."""

    Card = Card

    def __init__(self, description: TrickGame):
        self.description = description
        self._played = {STANDARD: description} | {name: description.with_house_rule(name)
                                                   for name in description.house_rules}
        options = (Option(HOUSE_RULE, STANDARD, str, "the rules played: the game as described "
                          f"({STANDARD!r}) or one of its house rules", choices=tuple(self._played)),
                   ) if description.house_rules else ()
        self.SPEC = GameSpec(  # noqa: N815 (the name every game's package gives its registry entry)
            name=description.name, title=description.title, players=description.player_range,
            default_players=description.player_range.start, options=options, bots={"heuristic": SteadyBot},
            words=describe,
            render="plateau_lab.kit.picture", view="plateau_lab.kit.view", expert_model="plateau_lab.kit.model")

    def played(self, house_rule: str = STANDARD) -> TrickGame:
        """The description as played under ``house_rule`` (its own rules: ``"standard"``), for its
        rules page; ValueError names the house rules there are."""
        if house_rule != STANDARD or self.SPEC.options:
            house_rule = self.SPEC.check_variant({HOUSE_RULE: house_rule})[HOUSE_RULE]
        return self._played[house_rule]

    def new_game(self, players: int, *, seed: int | None = None, **variant: Any) -> State:
        """A new hand for ``players`` dealt from ``seed`` (see :func:`~.deal.new_hand`); a game with
        house rules takes the option ``house_rule``."""
        setup = self.SPEC.setup(players, seed, variant)
        return new_hand(self._played[setup.variant.get(HOUSE_RULE, STANDARD)], setup)

    def scenario(self, text: str, *, seed: int | None = None, **variant: Any) -> State:
        """The hand written as ``text`` (see :func:`~.deal.read_scenario`), before any move."""
        options = self.SPEC.check_variant({name: value for name, value in variant.items() if name != RULES_NAME})
        return read_scenario(self._played[options.get(HOUSE_RULE, STANDARD)], text,
                             lambda players: self.SPEC.setup(players, seed, variant, scenario=text))

    def scenario_text(self, state: State) -> str:
        """The deal of ``state``'s hand as scenario text."""
        return deal_text(state)

    def __repr__(self) -> str:
        return f"<the game {self.description.title!r} ({self.description.name}), described with the kit>"


def define(description: TrickGame | RowGame) -> KitGame | RowKitGame:
    """The game of ``description`` (a trick-taking game or a drafting game of rows), checked and
    registered under its name (defining a name again replaces the game: a notebook cell run again).
    A mistake is refused with :class:`~.description.DescriptionError` naming the part of the description."""
    if isinstance(description, RowGame):
        game = RowKitGame(description.checked())
        register(game)
        return game
    if not isinstance(description, TrickGame):
        raise DescriptionError("game", f"a game is described as TrickGame(...) or RowGame(...), not "
                                       f"{type(description).__name__}")
    game = KitGame(description.checked())
    register(game)
    return game
