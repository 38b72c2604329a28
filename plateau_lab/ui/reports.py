"""What the lab's analyses look like to a learner, as HTML and pictures: reviews and the odds bar.

Plain Python (no widget library), so that the play table's session and the notebooks share them.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from ..core import GameState
from ..core.render import INK, Picture, column, element, text
from ..lab.coach import review_playouts
from ..lab.expert import odds
from ..lab.review import REVIEW_KEY, Decision, Review, review

__all__ = ["decisions_in", "lines_html", "odds_html", "odds_picture", "odds_words", "review_html", "review_page"]


def lines_html(lines: Sequence[str]) -> str:
    """Lines as an HTML list (each escaped); nothing for no lines."""
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return f"<ul style='margin:0.2em 0;padding-left:1.2em'>{items}</ul>" if items else ""


def odds_picture(chances) -> Picture:
    """The odds bar: one bar per label of an :class:`~plateau_lab.lab.expert.Odds`, filled to the
    chance, with its 95 % interval as a thin line and the percentage in words beside it.

    >>> from plateau_lab.lab.expert import Odds
    >>> picture = odds_picture(Odds("wins the game", ("player 0", "player 1"), (0.25, 0.75), (0.1, 0.6),
    ...                                   (0.45, 0.87), 40))
    >>> "75%, likely 60% to 87%" in picture.svg(), picture.width
    (True, 520)
    """
    label_width, bar_width, words_width, height = 110, 200, 210, 22
    bars = []
    for label, chance, low, high in zip(chances.labels, chances.chances, chances.lows, chances.highs):
        name = "the declarers" if label == "declarers" else label
        bars.append(Picture.of(
            label_width + bar_width + words_width, height,
            text(0, 15, name, size=12, anchor="start"),
            element("rect", x=label_width, y=3, width=bar_width, height=16, rx=3, fill="#eee", stroke="#bbb"),
            element("rect", x=label_width, y=3, width=bar_width * chance, height=16, rx=3, fill="#2e86c1"),
            element("line", x1=label_width + bar_width * low, y1=11, x2=label_width + bar_width * high, y2=11,
                    stroke=INK, stroke_width=2),
            text(label_width + bar_width + 8, 15, f"{chance:.0%}, likely {low:.0%} to {high:.0%}", size=12,
                 anchor="start"),
        ))
    title = text(0, 14, f"Chances ({chances.playouts} games played on): "
                        + ("the declarers make the contract" if chances.labels == ("declarers",)
                           else f"who {chances.question}"), size=13, anchor="start", font_weight="bold")
    return column([Picture.of(label_width + bar_width + words_width, 18, title), column(bars, gap=2)], gap=4)


def odds_html(state: GameState, viewer: int | None, playouts: int) -> str:
    """The odds bar of ``state`` as HTML, or a line saying there is no question yet. For a screen
    reader the bar is one image named by its words (:func:`odds_words`)."""
    chances = odds(state, viewer, playouts)
    if chances is None:
        return "<div class='plateau-odds'><i>No odds yet: the question is asked once there is a contract or " \
               "an estimate.</i></div>"
    return (f"<div class='plateau-odds' role='img' aria-label='{html.escape(odds_words(chances), quote=True)}'>"
            f"{odds_picture(chances).svg()}</div>")


def odds_words(chances) -> str:
    """The odds bar in words, its text equivalent: the question, then each chance and its interval.

    >>> from plateau_lab.lab.expert import Odds
    >>> odds_words(Odds("wins the game", ("player 0", "player 1"), (0.25, 0.75), (0.1, 0.6), (0.45, 0.87), 40))
    'Chances (40 games played on), who wins the game: player 0 25%, likely 10% to 45%; player 1 75%, likely 60% to 87%.'
    """
    question = ("the declarers make the contract" if chances.labels == ("declarers",) else f"who {chances.question}")
    return (f"Chances ({chances.playouts} games played on), {question}: " + "; ".join(
        f"{'the declarers' if label == 'declarers' else label} {chance:.0%}, likely {low:.0%} to {high:.0%}"
        for label, chance, low, high in zip(chances.labels, chances.chances, chances.lows, chances.highs)) + ".")


def decisions_in(states: Sequence[GameState], seat: int) -> int:
    """How many decisions ``seat`` made in ``states``: the positions where it was to move with a
    choice of two moves or more (those a review analyses, one each).

    >>> from plateau_lab.games import syndicate
    >>> game = syndicate.new_game(3, seed=2)
    >>> decisions_in([game, game.apply(game.legal_actions()[0])], 0), decisions_in([game], 1)
    (1, 0)
    """
    return sum(1 for before in states[:-1] if before.current_player == seat and len(before.legal_actions()) >= 2)


def review_html(states: Sequence[GameState], seat: int, budget: int | None = None, *, seed: int = 0,
                progress: Callable[[int, int], Any] | None = None, coach: Any = None) -> str:
    """A review of ``seat``'s decisions in ``states`` (a game, or a round of it, in order) as a
    learner reads it, every figure from the one analysis of each decision
    (:func:`plateau_lab.lab.review.review`, ``budget`` playouts each; None: the play table's,
    :func:`plateau_lab.lab.coach.review_playouts`; read from ``coach`` when given): the accuracy
    and the marks, the costliest decisions, the position of the biggest mistake as that seat saw
    it with the expert's view of the moves there, every decision in order, and how all this is
    worked out. ``progress(done, of)``, when given, is called once before any decision is analysed
    (``done`` 0 of the ``of`` decisions: a progress bar can show at once) and after each one.

    >>> from plateau_lab.core.bots import RandomBot
    >>> from plateau_lab.games import syndicate
    >>> game = syndicate.new_game(3, seed=2)
    >>> states = [game]
    >>> while not states[-1].is_over:
    ...     states.append(states[-1].apply(RandomBot(len(states)).choose(states[-1])))
    >>> steps = []
    >>> page = review_html(states, 0, 20, progress=lambda done, of: steps.append(done))
    >>> "You: " in page and "accuracy" in page and "Decision 1 of " in page
    True
    >>> steps == list(range(decisions_in(states, 0) + 1))
    True
    """
    states = list(states)
    if progress is not None:
        progress(0, decisions_in(states, seat))
    budget = review_playouts(states, seat) if budget is None else budget
    return review_page(review(states, seat, budget, seed=seed, progress=progress, coach=coach))


def review_page(checked: Review, who: str = "you") -> str:
    """A review already made (:func:`plateau_lab.lab.review.review`) as :func:`review_html` shows it,
    of ``who`` ("you", or the name the table gives another player): the play table's Review my game
    and its analysis board share one review of a game."""
    parts = [f"<p><b>{html.escape(checked.headline(who))}</b></p>"]
    if checked.mistakes:
        parts += [f"<p>The costliest decisions of {len(checked.decisions)}:</p>",
                  lines_html([decision.sentence for decision in checked.mistakes])]
        parts += _position_html(checked.mistakes[0], who)
    if checked.decisions:
        parts.append("<details><summary>Every decision, in order</summary>"
                     + lines_html([decision.sentence for decision in checked.decisions]) + "</details>")
        parts.append(f"<p style='font-size:smaller'>{html.escape(REVIEW_KEY.format(winning=checked.winning))}</p>")
    return "<div class='plateau-review'>" + "".join(parts) + "</div>"


def _position_html(worst: Decision, who: str) -> list[str]:
    """The position of a decision as its player (``who``) saw it, and the expert's view of the
    moves there: the three it rates best and the move played, from the decision's own analysis."""
    found = worst.analysis
    played = found.value_of(worst.played)
    shown = list(found.moves[:3]) + ([played] if played not in found.moves[:3] else [])
    saw = "you saw" if who == "you" else f"{who} saw"
    could = "you" if who == "you" else who
    return [f"<p>The biggest one, decision {worst.number} of {worst.of} ({html.escape(worst.where)}), as {saw} "
            f"the table:</p>", worst.position.to_svg(found.seat),
            f"<p>What the expert found there, each move tried on the same imagined deals of the cards {could} "
            f"could not see:</p>",
            lines_html([move.reason for move in shown])]
