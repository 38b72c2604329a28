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

__all__ = ["KitGame", "define"]

from typing import Any

from plateau_lab.core import GameSpec
from plateau_lab.core.registry import register

from .description import Card, DescriptionError, TrickGame
from .engine import State, deal_text, describe, new_hand, read_scenario


class KitGame:
    """A checked description with the API of a game's package: ``SPEC`` (its registry entry),
    ``new_game``, ``scenario``, ``scenario_text``, ``Card`` (the class of its cards), and the
    ``description`` itself."""

    Card = Card

    def __init__(self, description: TrickGame):
        self.description = description
        self.SPEC = GameSpec(  # noqa: N815 (the name every game's package gives its registry entry)
            name=description.name, title=description.title, players=description.player_range,
            default_players=description.player_range.start, words=describe,
            view="plateau_lab.kit.view", expert_model="plateau_lab.kit.model")

    def new_game(self, players: int, *, seed: int | None = None, **variant: Any) -> State:
        """A new hand for ``players`` dealt from ``seed`` (see :func:`~.engine.new_hand`)."""
        return new_hand(self.description, self.SPEC.setup(players, seed, variant))

    def scenario(self, text: str, *, seed: int | None = None, **variant: Any) -> State:
        """The hand written as ``text`` (see :func:`~.engine.read_scenario`), before any move."""
        return read_scenario(self.description, text,
                             lambda players: self.SPEC.setup(players, seed, variant, scenario=text))

    def scenario_text(self, state: State) -> str:
        """The deal of ``state``'s hand as scenario text."""
        return deal_text(state)

    def __repr__(self) -> str:
        return f"<the game {self.description.title!r} ({self.description.name}), described with the kit>"


def define(description: TrickGame) -> KitGame:
    """The game of ``description``, checked and registered under its name (defining a name again
    replaces the game: a notebook cell run again). A mistake is refused with
    :class:`~.description.DescriptionError` naming the part of the description."""
    if not isinstance(description, TrickGame):
        raise DescriptionError("game", f"a game is described as TrickGame(...), not {type(description).__name__}")
    game = KitGame(description.checked())
    register(game)
    return game
