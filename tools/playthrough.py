"""Playthroughs: every registered game played once, move by move, written as text.

As OpenSpiel's ``integration_tests/playthrough_test.py`` does, a playthrough is a golden file:
``tests/playthroughs/<game>.txt`` holds one seeded game of each game of the registry
(``GAME_NAMES``), at its short game (``SPEC.short``: players and options), and
``tests/playthroughs/test_playthroughs.py`` plays it again and compares. The seats take the
game's bots in turn (``SPEC.bot_names``: the random bot, then the game's own), so the game's
heuristic bots are held to their moves too. Any change of behaviour (a rule, a legal move's order, an observation, a log line, a
score) shows as a diff; a registered game without a stored playthrough fails.

Each state is written as:

- ``observation N:`` for every seat, what ``state.observation(N)`` shows that seat (its legal
  actions left out: they are the ``legal:`` line), a mapping inside it opened key by key
  (``board.counters.[0, 1]``); in full in the first state, then only the keys that changed since
  the seat's previous observation (``(unchanged)`` when none did; ``key=(gone)`` for a key gone);
- ``legal:`` the legal actions in the engine's order, and ``move:`` the one the seat's bot chose;
- ``log:`` the lines the move added to the game's log;

and the game ends with its ``scores:``.

Run: ``.venv/bin/python tools/playthrough.py [game ...]`` writes the playthroughs of the games
named (all when none is): after a deliberate change of behaviour, regenerate, then read the diff
before committing it. ``--check`` writes nothing and exits with status 1 when one differs.
"""

from __future__ import annotations

import dataclasses
import difflib
import enum
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from plateau_lab.core import GAME_NAMES, game_module, game_spec, rule_set_name

__all__ = ["PLAYTHROUGHS", "SEED", "check", "flat", "playthrough", "shown", "write"]

#: Where the stored playthroughs are, one ``<game>.txt`` per registered game.
PLAYTHROUGHS = Path(__file__).resolve().parent.parent / "tests" / "playthroughs"
#: The game's seed; seat ``N``'s bot has ``SEED + N``.
SEED = 1


def shown(value: Any) -> str:
    """A value as a playthrough writes it: an object by its text (a card, a move), a mapping,
    sequence or set item by item, a dataclass without a text of its own field by field.

    >>> shown({"hand": ("a", 2), "table": None, "seen": frozenset({"b", "a"})})
    '{hand: [a, 2], table: None, seen: {a, b}}'
    """
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{shown(key)}: {shown(item)}" for key, item in value.items()) + "}"
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(map(shown, value)) + "]"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(map(shown, value))) + "}"
    if dataclasses.is_dataclass(value) and type(value).__str__ is object.__str__:
        fields = ", ".join(f"{field.name}={shown(getattr(value, field.name))}" for field in dataclasses.fields(value))
        return f"{type(value).__name__}({fields})"
    return str(value)


def _parts(value: Any) -> dict[str, Any] | None:
    """A mapping's items, or a dataclass's fields when it has no text of its own; None otherwise."""
    if isinstance(value, Mapping):
        return {shown(key): item for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type) and type(value).__str__ is object.__str__:
        return {field.name: getattr(value, field.name) for field in dataclasses.fields(value)}
    return None


def flat(seen: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """An observation as ``{key: text}``, a mapping or plain dataclass inside it opened into
    ``key.part`` keys (all the way down), so that a change shows as the part that changed.

    >>> flat({"board": {"layout": {(0, 1): "T1"}, "counters": {}}, "hand": ("a",)})
    {'board.layout.[0, 1]': 'T1', 'board.counters': '{}', 'hand': '[a]'}
    """
    texts = {}
    for key, value in seen.items():
        parts = _parts(value)
        if parts:
            texts.update(flat(parts, f"{prefix}{key}."))
        else:
            texts[f"{prefix}{key}"] = shown(value)
    return texts


def playthrough(name: str) -> str:
    """The playthrough of the game registered as ``name``, as text (see the module's docstring).

    >>> text = playthrough("syndicate")
    >>> text.splitlines()[0], text.splitlines()[-1].startswith("scores: ")
    ('game: syndicate (The Syndicate)', True)
    """
    spec, module = game_spec(name), game_module(name)
    players, options = spec.short
    state = module.new_game(players, seed=SEED, **options)
    names = [spec.bot_names[seat % len(spec.bot_names)] for seat in range(players)]
    bots = [spec.bot(bot, SEED + seat) for seat, bot in enumerate(names)]
    lines = [f"game: {name} ({spec.title})", f"players: {players}",
             f"rules: {rule_set_name(spec, options)}", f"seed: {SEED}",
             f"bots: {', '.join(f'{bot} (seed {SEED + seat})' for seat, bot in enumerate(names))}"]
    previous: list[dict[str, str]] = [{} for _ in range(players)]
    step = 0
    while True:
        lines += ["", f"# state {step}"]
        for seat in range(players):
            seen = flat({key: value for key, value in state.observation(seat).items() if key != "legal_actions"})
            changed = [f"{key}={text}" for key, text in seen.items() if previous[seat].get(key) != text]
            changed += [f"{key}=(gone)" for key in previous[seat] if key not in seen]
            lines.append(f"observation {seat}: {'; '.join(changed) or '(unchanged)'}")
            previous[seat] = seen
        if state.is_over:
            break
        mover = state.current_player
        move = bots[mover].choose(state)
        lines += [f"legal: {' | '.join(map(str, state.legal_actions()))}", f"move: player {mover}: {move}"]
        after = state.apply(move)
        added = after.log[len(state.log):] if tuple(after.log[:len(state.log)]) == tuple(state.log) else after.log
        lines += [f"log: {line}" for line in added]
        state, step = after, step + 1
    lines += ["", f"scores: {shown(state.scores)}", ""]
    return "\n".join(lines)


def write(names: list[str]) -> None:
    """Write the playthroughs of ``names`` to :data:`PLAYTHROUGHS`."""
    for name in names:
        (PLAYTHROUGHS / f"{name}.txt").write_text(playthrough(name), encoding="utf-8")


def check(name: str) -> str:
    """How the stored playthrough of ``name`` differs from the one the game plays now: a unified
    diff, empty when they are the same (a missing file differs from any playthrough)."""
    path = PLAYTHROUGHS / f"{name}.txt"
    stored = path.read_text(encoding="utf-8") if path.exists() else ""
    now = playthrough(name)
    return "".join(difflib.unified_diff(stored.splitlines(True), now.splitlines(True), f"stored {path.name}",
                                        "played now", n=2))


def main(arguments: list[str]) -> int:
    checking = "--check" in arguments
    names = [argument for argument in arguments if argument != "--check"] or list(GAME_NAMES)
    unknown = [name for name in names if name not in GAME_NAMES]
    if unknown:
        print(f"not a registered game: {', '.join(unknown)} (the games: {', '.join(GAME_NAMES)})", file=sys.stderr)
        return 2
    if not checking:
        write(names)
        return 0
    differing = [name for name in names if check(name)]
    for name in differing:
        print(check(name)[:4000])
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
