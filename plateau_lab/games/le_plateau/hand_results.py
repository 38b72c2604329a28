"""Le Plateau's scenarios of a later hand: the earlier hands' results, each written as a
``result N:`` line (see :func:`~plateau_lab.games.le_plateau.scenario.scenario`), read
(:func:`read_results`) and written back (:func:`result_text`).
"""

from __future__ import annotations

from plateau_lab.core import ParseError, parse_seat, parse_whole
from plateau_lab.hexboard import DECLARERS, OPPONENTS

from .bidding import check_bid_shape, parse_bid
from .rules import HandResult, Rules, _place
from .scoring import points_of

__all__ = ["read_results", "result_text"]


def read_results(fields: dict[str, tuple[int, str]], rules: Rules) -> tuple[HandResult | None, ...]:
    """The ``result N:`` lines of a scenario's ``fields``: the earlier hands' results, hands 1 to N,
    in order (None: a hand passed out).

    >>> from plateau_lab.games.le_plateau.rules import make_rules
    >>> from plateau_lab.games.le_plateau import SPEC
    >>> rules = make_rules(SPEC.setup(3, 0, {}))
    >>> line = "0 No Exchange Y; partners -; ex-declarer -; won; declarers T1 RS; opponents -; reason made it"
    >>> [result] = read_results({"result 1": (2, line)}, rules)
    >>> result.declarer, result.won, result_text(result, rules) == line
    (0, True, True)
    """
    written = {}
    for key, (number, value) in fields.items():
        kind, _, hand_text = key.partition(" ")
        if kind != "result":
            continue
        where = f"line {number}"
        hand = parse_whole(hand_text, where=where, low=1, high=rules.hands_in_game - 1, name="the hand's number")
        if hand_text != str(hand):
            raise ParseError(f"write the hand as 'result {hand}'", where=where)
        written[hand] = _scenario_result(hand, value, rules, where=where)
    if written and sorted(written) != list(range(1, len(written) + 1)):
        missing = min(set(range(1, max(written) + 1)) - set(written))
        raise ParseError(f"write the results of every hand before the one dealt: hand {missing}'s is missing",
                         where="scenario")
    return tuple(written[hand] for hand in sorted(written))


def _scenario_result(hand: int, value: str, rules: Rules, *, where: str) -> HandResult | None:
    """One ``result N:`` line (see :func:`scenario`)."""
    players = rules.players
    if value.strip().casefold() == "passed":
        return None
    parts = value.split(";", 6)
    names = ("partners", "ex-declarer", "", "declarers", "opponents", "reason")
    if len(parts) != 7 or any(not part.strip().casefold().startswith(name) for part, name in zip(parts[1:], names)):
        raise ParseError("write 'passed', or 'SEAT BID; partners …; ex-declarer …; won (or lost); declarers …; "
                         "opponents …; reason …'", where=where)
    seat_text, _, bid_text = parts[0].strip().partition(" ")
    declarer = parse_seat(seat_text, players, where=where)
    bid = parse_bid(bid_text, where=where)
    if problem := check_bid_shape(bid, players):
        raise ParseError(problem, where=where)
    partners = _seats_or_none(parts[1], "partners", players, where=where)
    if declarer in partners or len(set(partners)) != len(partners) or len(partners) >= players:
        raise ParseError("the partners are other players than the declarer, each once", where=where)
    ex_declarer = _seats_or_none(parts[2], "ex-declarer", players, where=where)
    if len(ex_declarer) > 1 or declarer in ex_declarer:
        raise ParseError("the declarer who abdicated is one other player, or '-'", where=where)
    outcome = parts[3].strip().casefold()
    if outcome not in ("won", "lost"):
        raise ParseError(f"write 'won' or 'lost', not {parts[3].strip()[:40]!r}", where=where)
    board, masks = rules.empty_board, (0, 0)
    for part, key, team in ((parts[4], "declarers", DECLARERS), (parts[5], "opponents", OPPONENTS)):
        words = part.strip()[len(key):].replace(",", " ").split()
        for word in ([] if words == ["-"] else words):
            cell = rules.cell_of_token.get(word.upper())
            if cell is None:
                raise ParseError(f"no space {word[:40]!r} on this board: write its token (T1, A21, EXC, RS …)",
                                 where=f"{where} ({key})")
            if cell in board.counters:
                raise ParseError(f"the space {word.upper()} is written twice", where=f"{where} ({key})")
            board, masks = _place(board, masks, cell, team)
    reason = parts[6].strip()[len("reason"):].strip()
    if not reason:
        raise ParseError("write the reason the hand ended after 'reason'", where=where)
    won, value = outcome == "won", rules.value(bid)
    points = points_of(rules, declarer=declarer, partners=partners, value=value, won=won)
    return HandResult(hand, declarer, partners, ex_declarer[0] if ex_declarer else None, bid, value, won, reason,
                      board, points)


def _seats_or_none(part: str, key: str, players: int, *, where: str) -> tuple[int, ...]:
    words = part.strip()[len(key):].replace(",", " ").split()
    if words == ["-"]:
        return ()
    if not words:
        raise ParseError(f"write the seats after '{key}', or '-' for none", where=f"{where} ({key})")
    return tuple(parse_seat(word, players, where=f"{where} ({key})") for word in words)


def result_text(result: HandResult | None, rules: Rules) -> str:
    """A hand's result as a ``result N:`` line's value reads it."""
    if result is None:
        return "passed"
    teams = {DECLARERS: [], OPPONENTS: []}
    for cell, team in result.board.counters.items():
        teams[team].append(rules.layout[cell])
    ex = "-" if result.ex_declarer is None else str(result.ex_declarer)
    return (f"{result.declarer} {result.bid}; partners {' '.join(map(str, result.partners)) or '-'}; "
            f"ex-declarer {ex}; {'won' if result.won else 'lost'}; declarers {' '.join(teams[DECLARERS]) or '-'}; "
            f"opponents {' '.join(teams[OPPONENTS]) or '-'}; reason {result.reason}")
