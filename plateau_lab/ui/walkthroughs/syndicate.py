"""A scoring walkthrough widget: pick the lead, the face-down card (or none) and the two answers;
see which cards count, both totals and the points.

Every figure comes from the engine's own rules (:func:`~.engine.shares_mark`,
:func:`~.engine.card_value`, :func:`~.engine.scheme_totals`, :func:`~.engine.turn_points`).
Driven from Python exactly as by clicks::

    >>> widget = ScoringWalkthrough("Diplomat", "Author", ("Merchant", "Cave"))
    >>> widget.totals, widget.points
    ((10, 9), (1, 0))
    >>> widget.face_down_picker.value = NO_CARD
    >>> widget.totals, widget.points
    ((8, 9), (0, 1))
    >>> widget.answer_pickers[1].value = "Merchant"
    >>> print(widget.problem)
    Merchant is chosen twice; every card is in the deck once.

Under another rule set (``variant``: its options, as ``new_game`` takes them), the figures are its own::

    >>> widget = ScoringWalkthrough("Diplomat", None, ("Merchant", "Cave"),
    ...                             variant={"card_points": (2, 3, 4, 5, 6, 7, 20, 9, 10), "plot_points": 3})
    >>> widget.totals, widget.points
    ((20, 9), (3, 0))
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from plateau_lab.core.render import caption, row

from plateau_lab.games.syndicate.cards import CARDS_BY_NAME, CROWN_OF, DECK, Card, parse_card
from plateau_lab.games.syndicate.engine import card_value, scheme_totals, shares_mark, turn_points
from plateau_lab.games.syndicate.render import card_picture
from plateau_lab.games.syndicate.rules import PLAYERS, RULEBOOK, Rules, rules_of

__all__ = ["NO_CARD", "why_it_counts", "ScoringWalkthrough", "outcome_sentence"]


#: The face-down picker's entry for "the mastermind plays no face-down card".
NO_CARD = "(no face-down card)"
_NAMES = tuple(card.name for card in DECK)


def why_it_counts(card: Card, lead: Card, played: Sequence[Card], rules: Rules = RULEBOOK) -> str:
    """Whether ``card`` counts after ``lead``, and what for, as a sentence.

    >>> print(why_it_counts(parse_card("Merchant"), parse_card("Diplomat"), ()))
    Merchant (9, Leaves+Knots, personality) shares a mark with the lead: it counts 9.
    >>> print(why_it_counts(parse_card("Ace of Moons"), parse_card("Ace of Moons"), [parse_card("Huntress")]))
    Ace of Moons is the led Ace and the Crown of its suit (Huntress) was played: it counts 11.
    """
    value = card_value(card, lead, tuple(played), rules=rules)
    if card == lead and lead.is_ace:
        crown = CROWN_OF[lead.suits[0]]
        if crown in played:
            return f"{card.name} is the led Ace and the Crown of its suit ({crown.name}) was played: it counts {value}."
        return f"{card.name} is the led Ace; without the Crown of its suit ({crown.name}) played, it counts {value}."
    if card == lead:
        return f"{card.describe()} is the lead: it counts {value}."
    if shares_mark(card, lead):
        link = f"carries {lead.suits[0]}, the Ace's suit" if lead.is_ace else "shares a mark with the lead"
        return f"{card.describe()} {link}: it counts {value}."
    link = f"does not carry {lead.suits[0]}, the Ace's suit" if lead.is_ace else "shares no mark with the lead"
    return f"{card.describe()} {link}: it does not count."


class ScoringWalkthrough(widgets.VBox):
    """Choose the lead, the face-down card (or none) and the two enforcers' answers (cards named as
    :func:`~.cards.parse_card` reads them); the pictures, what counts, the totals and the points
    follow at once. ``problem`` says why a choice cannot be scored (the same card twice). ``variant``:
    the rule set's options (``SPEC.options``; None: the rulebook's)."""

    def __init__(self, lead: str = "Diplomat", face_down: str | None = "Author",
                 answers: tuple[str, str] = ("Merchant", "Cave"), *, variant: Mapping[str, Any] | None = None):
        self.rules = rules_of(PLAYERS, variant or {})
        if len(answers) != 2:
            raise ValueError(f"a turn has two answers, one per enforcer, not {len(answers)}")
        lead_card = parse_card(lead, where="lead")
        face_down_name = NO_CARD if face_down is None else parse_card(face_down, where="face-down card").name
        answer_cards = [parse_card(name, where=f"answer {number}") for number, name in enumerate(answers, start=1)]
        picker = {"layout": widgets.Layout(width="270px"), "style": {"description_width": "110px"}}
        self.lead_picker = widgets.Dropdown(options=_NAMES, value=lead_card.name, description="lead", **picker)
        self.face_down_picker = widgets.Dropdown(options=(NO_CARD, *_NAMES), value=face_down_name,
                                                 description="face-down card", **picker)
        self.answer_pickers = [widgets.Dropdown(options=_NAMES, value=card.name, description=f"enforcer {number}",
                                                **picker) for number, card in enumerate(answer_cards, start=1)]
        self.picture = widgets.HTML()
        self.result = widgets.HTML()
        for control in (self.lead_picker, self.face_down_picker, *self.answer_pickers):
            control.observe(lambda _: self._update(), names="value")
        super().__init__([widgets.HBox([widgets.VBox([self.lead_picker, self.face_down_picker]),
                                        widgets.VBox(self.answer_pickers)]), self.picture, self.result])
        self.add_class("plateau-syndicate-scoring")
        self._update()

    @property
    def lead(self) -> Card:
        return CARDS_BY_NAME[self.lead_picker.value]

    @property
    def face_down(self) -> Card | None:
        return None if self.face_down_picker.value == NO_CARD else CARDS_BY_NAME[self.face_down_picker.value]

    @property
    def answers(self) -> tuple[Card, Card]:
        return tuple(CARDS_BY_NAME[picker.value] for picker in self.answer_pickers)

    def _update(self) -> None:
        names = [self.lead.name, *([self.face_down.name] if self.face_down else []), *(c.name for c in self.answers)]
        twice = [name for name, count in Counter(names).items() if count > 1]
        if twice:
            self.problem = f"{twice[0]} is chosen twice; every card is in the deck once."
            self.totals = self.points = None
            self.picture.value = ""
            self.result.value = f"<b style='color:#b00020'>{html.escape(self.problem)}</b>"
            return
        self.problem = None
        lead, face_down, answers = self.lead, self.face_down, self.answers
        played = [lead, *([face_down] if face_down else []), *answers]
        self.totals = scheme_totals(lead, face_down, answers, rules=self.rules)
        self.points = turn_points(*self.totals, face_down_played=face_down is not None, rules=self.rules)

        def shown(card: Card, label: str):
            return caption(card_picture(card, state="counts" if shares_mark(card, lead) else "idle"), label, size=12)

        mastermind = [shown(lead, "lead")] + ([shown(face_down, "face down")] if face_down else [])
        enforcers = [shown(card, f"enforcer {number}") for number, card in enumerate(answers, start=1)]
        self.picture.value = row([row(mastermind, gap=6), row(enforcers, gap=6)], gap=28).svg()
        reasons = "".join(f"<li>{html.escape(why_it_counts(card, lead, played, self.rules))}</li>" for card in played)
        mastermind_total, enforcers_total = self.totals
        self.result.value = (
            f"<ul style='margin:0.2em 0'>{reasons}</ul>"
            f"<p>Mastermind <b>{mastermind_total}</b>, enforcers <b>{enforcers_total}</b>. "
            f"{html.escape(outcome_sentence(self.totals, self.points, face_down is not None))}</p>")


def outcome_sentence(totals: tuple[int, int], points: tuple[int, int], face_down_played: bool) -> str:
    """The turn's result as the rulebook's scoring says it, with the points the rule set gives.

    >>> outcome_sentence((5, 9), (0, 0), False)
    "The enforcers' total is higher: the plot is foiled and each enforcer scores 0 points."
    """
    mastermind_total, enforcers_total = totals
    for_mastermind, for_each_enforcer = points
    if enforcers_total > mastermind_total:
        plural = "points" if for_each_enforcer != 1 else "point"
        return (f"The enforcers' total is higher: the plot is foiled and each enforcer scores {for_each_enforcer} "
                f"{plural}.")
    if mastermind_total > enforcers_total:
        why = "he played a face-down card" if face_down_played else "he played no face-down card"
        plural = "points" if for_mastermind != 1 else "point"
        return f"The mastermind's total is higher: the plot succeeds and he scores {for_mastermind} {plural} ({why})."
    return "The totals are equal: nobody scores."
