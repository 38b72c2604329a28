"""A hand of Le Plateau phase by phase, and its scoring worked out: frames and a widget for the notebook.

:func:`hand_frames` turns a game into the frames a :class:`plateau_lab.ui.widgets.StepViewer` shows,
in the teacher's view (every card face up): the deal with the talon, each bid on the bidding
table, the exchange (the talon the declarer saw and what he discarded), the partner call, the
raise, every trick with the counters it placed, and the end.

>>> from plateau_lab.games.le_plateau import new_game
>>> from plateau_lab.games.le_plateau.bots import HeuristicBot
>>> state, bots = new_game(4, seed=1), [HeuristicBot() for _ in range(4)]
>>> while state.phase not in ("hand over", "passed out"):
...     state = state.apply(bots[state.current_player].choose(state))
>>> frames = hand_frames(state)
>>> [title for title in PHASE_TITLES.values() if any(title in caption for _, caption in frames)]
['The deal', 'Bidding', 'The exchange', 'Calling a partner', 'Raising the objective', 'Trick', 'The end']

:func:`score_lines` works out each player's points from the scoring table, and
:class:`ScoringWalkthrough` lets a learner choose the contract and see them:

>>> for line in score_lines(players=4, bid=parse_bid("Exchange Y Duo"), won=True)[:2]:
...     print(line)
Exchange Y Duo with 4 players is worth v = 3 (the bidding table).
The declarers win; zero-sum scoring: the opponents pay.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from plateau_lab.core import count_of
from plateau_lab.core.render import INK, Picture, caption, column, row, text, text_width

from plateau_lab.games.le_plateau.bidding import OBJECTIVES, TEAM_COLUMNS, Bid, bid_value, parse_bid
from plateau_lab.games.le_plateau.render import bidding_table_picture, cards_picture, hands_picture, state_picture
from plateau_lab.games.le_plateau.scoring import POSSIBLE_TEAM_SIZES, hand_points, positive_multiple, zero_sum_multiple

__all__ = ["PHASE_TITLES", "LINE_SIZE", "lines_picture", "fitted_svg", "hand_frames", "score_lines",
           "ScoringWalkthrough"]


#: The title each kind of frame's caption starts with.
PHASE_TITLES = {"deal": "The deal", "bidding": "Bidding", "exchange": "The exchange", "call": "Calling a partner",
                "raise": "Raising the objective", "trick": "Trick", "end": "The end"}
_PHASE_OF_STEP = {"bidding": "bidding", "pick a talon group": "exchange", "discard": "exchange", "give": "exchange",
                  "call a partner": "call", "raise the objective": "raise"}
LINE_SIZE = 13


def lines_picture(lines, *, size: float = LINE_SIZE, width: float | None = None) -> Picture:
    """Lines of text, one under the other."""
    height = size + 6
    widest = max((text_width(line, size) for line in lines), default=0)
    parts = [text(0, height * (number + 1) - 5, line, size=size, anchor="start", fill=INK)
             for number, line in enumerate(lines)]
    return Picture.of(width or widest, height * len(lines), *parts)


def fitted_svg(picture: Picture) -> str:
    """SVG that shrinks to the width of the page (an 800 px window) instead of overflowing it.

    >>> fitted_svg(Picture.of(900, 10))[:60]
    '<svg style="max-width:100%;height:auto" xmlns="http://www.w3'
    """
    return picture.svg().replace("<svg ", '<svg style="max-width:100%;height:auto" ', 1)


def _caption(kind: str, said, suffix: str = "") -> str:
    items = "".join(f"<li>{html.escape(line)}</li>" for line in said)
    return (f"<b>{PHASE_TITLES[kind]}{suffix}</b>"
            + (f"<ul style='margin:0.2em 0;padding-left:1.2em'>{items}</ul>" if items else ""))


def _auction_lines(state) -> list[str]:
    return [f"Player {seat}: " + (f"{bid} (worth {state.rules.value(bid)})" if bid else "pass")
            for seat, bid in state.auction] or ["No bid yet."]


def _bidding_picture(state) -> Picture:
    high = state.high_bid
    table = caption(bidding_table_picture(state.players, peg=high[1] if high else None, rules=state.rules),
                    "The bidding table (the standing bid in blue)", size=12)
    return row([hands_picture(state, None), column([table, caption(lines_picture(_auction_lines(state)),
                                                                     "The bids so far", size=12)], gap=12)], gap=18)


def _exchange_picture(state, seen) -> Picture:
    right = [caption(cards_picture(seen), "The talon the declarer took (seen only by him)", size=12)]
    if state.set_aside:
        right.append(caption(cards_picture(state.set_aside), "Set aside face up (the opponents' spaces)", size=12))
    right.append(caption(cards_picture(state.discards) if state.discards else lines_picture(["none yet"]),
                         "Discarded face down (teacher's view)", size=12))
    if state.gifts:
        right.append(caption(lines_picture([f"{card} to player {seat}" for card, seat in state.gifts]),
                             "Given face down (teacher's view)", size=12))
    return row([hands_picture(state, None), column(right, gap=12)], gap=18)


def _call_picture(state) -> Picture:
    calls = [f"called {card.describe()} ({card})" for card in state.calls]
    team = ", ".join(f"player {seat}" for seat in state.team)
    return row([hands_picture(state, None),
                caption(lines_picture([*calls, f"the declarer's team: {team}"]), "The calls", size=12)], gap=18)


def _raise_picture(state) -> Picture:
    table = caption(bidding_table_picture(state.players, peg=state.contract, rules=state.rules),
                    f"The contract: {state.contract}, worth {state.value}", size=12)
    return row([hands_picture(state, None), table], gap=18)


def hand_frames(state) -> list[tuple[str, str]]:
    """Frames (SVG, caption) of the hand ``state`` is in, from the deal to now, every card shown.

    One frame for the deal, one per bid, per discard or gift, per call, per raise, one per trick
    (the board outlines the counters it placed) and one for the end of the hand.
    """
    states = [s for s in state.states() if s.hand_number == state.hand_number]
    first = states[0]
    talon = first.talon
    deal = column([state_picture(first, None),
                   caption(cards_picture(talon), "The talon, face down (teacher's view)", size=12)], gap=10)
    frames = [(fitted_svg(deal), _caption("deal", first.log[-1:]))]
    for before, after in zip(states, states[1:]):
        said = after.log[len(before.log):] or [f"Player {before.current_player}: {after.history[-1]} "
                                                "(face down: only the teacher's view shows it)."]
        kind = _PHASE_OF_STEP.get(before.phase)
        if after.phase in ("hand over", "passed out"):
            new = set(after.board.counters) - set(before.board.counters)
            frames.append((fitted_svg(state_picture(after, None, new_counters=new)), _caption("end", said)))
        elif before.phase == "play":
            if after.tricks_played != before.tricks_played:
                new = set(after.board.counters) - set(before.board.counters)
                frames.append((fitted_svg(state_picture(after, None, new_counters=new)),
                               _caption("trick", said, f" {after.tricks_played}")))
        elif kind == "bidding":
            frames.append((fitted_svg(_bidding_picture(after)), _caption(kind, said)))
        elif kind == "exchange":
            frames.append((fitted_svg(_exchange_picture(after, talon)), _caption(kind, said)))
        elif kind == "call":
            frames.append((fitted_svg(_call_picture(after)), _caption(kind, said)))
        elif kind == "raise":
            frames.append((fitted_svg(_raise_picture(after)), _caption(kind, said)))
    return frames


def _role(seat: int, declarer: int, partners: tuple[int, ...]) -> str:
    return "declarer" if seat == declarer else "partner" if seat in partners else "opponent"


def _where_multiples_come_from(players: int, team_size: int, positive_only: bool) -> str:
    if not positive_only:
        if players == 5 and team_size == 2:
            return ("The scoring table, 5 players, Duo: the declarer wins or loses 2 × v, the partner v, "
                    "each opponent v.")
        return (f"The scoring table, {players} players, a team of {team_size}: each member of the declarer's team "
                f"wins or loses {zero_sum_multiple(players, team_size, 'declarer')} × v, each opponent v.")
    if players == 5:
        return "Positive-only with 5 players and the counter-sabotage rule: the rulebook's own table of multiples."
    return "Positive-only: " + _positive_share(players, team_size)


def _positive_share(players: int, team_size: int) -> str:
    """Where the positive-only multiple comes from, in words: a declarer's team shares the same number
    of v whatever its size, the smallest number every possible team size splits evenly, and each
    opponent wins what each declarer would have.

    >>> _positive_share(3, 1)
    'with 3 players the declarer always plays alone, and each member of the winning side gets 1 × v.'
    >>> print(_positive_share(6, 2))
    each member of the winning side gets 6 ÷ 2 = 3 × v: a declarer's team of 2 players shares 6 × v, as a team of any size would (6 is the smallest number that teams of 1, 2 and 3 players all split evenly); when the declarers lose, each opponent gets what each declarer would have.
    """
    sizes = POSSIBLE_TEAM_SIZES[players]
    multiple = positive_multiple(players, team_size)
    if len(sizes) == 1:
        return (f"with {players} players the declarer always plays alone, and each member of the winning side "
                f"gets {multiple} × v.")
    shared = multiple * team_size
    listed = ", ".join(map(str, sizes[:-1])) + f" and {sizes[-1]}"
    return (f"each member of the winning side gets {shared} ÷ {team_size} = {multiple} × v: a declarer's team of "
            f"{count_of(team_size, 'player')} shares {shared} × v, as a team of any size would ({shared} is the "
            f"smallest number that teams of {listed} players all split evenly); when the declarers lose, each "
            f"opponent gets what each declarer would have.")


def score_lines(*, players: int, bid: Bid, won: bool, positive_only: bool = False) -> list[str]:
    """The scoring of one hand worked out in sentences, from the bidding table and the scoring table.

    The declarer is player 0 and the partners (Duo, Trio) players 2 and 4.
    """
    value = bid_value(bid, players)
    partners = (2, 4)[:bid.team_size - 1]
    points = hand_points(players=players, declarer=0, partners=partners, value=value, won=won,
                         positive_only=positive_only)
    scoring = "positive-only scoring: only the winning side scores" if positive_only else \
        f"zero-sum scoring: the {'opponents' if won else 'declarers'} pay"
    lines = [f"{bid} with {players} players is worth v = {value} (the bidding table).",
             f"The declarers {'win' if won else 'lose'}; {scoring}.",
             _where_multiples_come_from(players, bid.team_size, positive_only)]
    for seat, gained in enumerate(points):
        role = _role(seat, 0, partners)
        if gained:
            sign = "+" if gained > 0 else "−"
            lines.append(f"Player {seat} ({role}): {sign}{abs(gained) // value} × {value} = {sign}{abs(gained)}")
        else:
            lines.append(f"Player {seat} ({role}): 0")
    if not positive_only:
        lines.append("The points add up to 0.")
    return lines


class ScoringWalkthrough(widgets.VBox):
    """Choose the contract (objective, exchange, team), the player count, won or lost and the
    positive-only variant; see every player's points worked out from the tables.

    >>> walkthrough = ScoringWalkthrough()
    >>> walkthrough.players.value, walkthrough.team.value = 5, "Duo"
    >>> walkthrough.won.value = False
    >>> "Player 0 (declarer): −2 × 1 = −2" in walkthrough.result.value
    True
    """

    def __init__(self):
        style = {"description_width": "initial"}
        self.players = widgets.ToggleButtons(options=[2, 3, 4, 5, 6], value=4, description="Players:", style=style)
        self.objective = widgets.ToggleButtons(options=[(str(o), o) for o in OBJECTIVES], value=OBJECTIVES[0],
                                               description="Objective:", style=style)
        self.exchange = widgets.ToggleButtons(options=[("Exchange", True), ("No Exchange", False)], value=True,
                                              description="Card exchange:", style=style)
        self.team = widgets.ToggleButtons(options=TEAM_COLUMNS[4], value=TEAM_COLUMNS[4][0], description="Team:",
                                          style=style)
        self.won = widgets.ToggleButtons(options=[("the declarers win", True), ("the declarers lose", False)],
                                         value=True, description="Outcome:", style=style)
        self.positive_only = widgets.Checkbox(value=False, description="positive-only variant", indent=False)
        self.result = widgets.HTML()
        self.players.observe(self._players_changed, names="value")
        for control in (self.objective, self.exchange, self.team, self.won, self.positive_only):
            control.observe(lambda _: self._refresh(), names="value")
        super().__init__([self.players, self.objective, self.exchange, self.team, self.won, self.positive_only,
                          self.result])
        self.add_class("plateau-scoring-walkthrough")
        self._refresh()

    def _players_changed(self, change) -> None:
        columns = TEAM_COLUMNS[change["new"]]
        self.team.options = columns
        self.team.value = self.team.value if self.team.value in columns else columns[0]
        self.team.disabled = len(columns) == 1
        self._refresh()

    def bid(self) -> Bid:
        """The contract chosen (no team with 2 or 3 players)."""
        team = self.team.value if self.players.value >= 4 else None
        return Bid(self.exchange.value, self.objective.value, team)

    def _refresh(self) -> None:
        lines = score_lines(players=self.players.value, bid=self.bid(), won=self.won.value,
                            positive_only=self.positive_only.value)
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines[3:])
        self.result.value = (f"<p>{html.escape(lines[0])}<br>{html.escape(lines[1])}<br>{html.escape(lines[2])}</p>"
                             f"<ul>{items}</ul>")
