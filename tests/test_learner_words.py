"""What a learner reads counts and signs its numbers the way a person writes them, in every game:
never "5 point(s)", "1 points", "minus -1", "plus +3" or "lcm(...)".

The texts scanned are those of real games, for every registered game and player count: the log
(which the table's summaries and the step viewer's captions repeat), the pictures as the teacher
and as player 0 see them, the play table's picture, the moves in words, Coloretto's worked-out
scores, and the scoring walkthrough with every one of its controls tried in turn.
The patterns are those of ``../shared/tools/notebook_lint.py`` (its plural and sign lines).
"""

import html
import random
import re

import ipywidgets as widgets
import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.ui.walkthroughs import scoring_walkthrough

from learner_words import WRONG

#: Moves played per game at most, and the pictures drawn: every PICTURE_EVERY moves and at the end.
MOST_MOVES, PICTURE_EVERY = 400, 9
SEEDS = (0, 1)


def svg_texts(svg: str) -> list[str]:
    """The words a picture shows: its text elements, one string each."""
    return [html.unescape(words) for words in re.findall(r">([^<>]+)<", svg) if words.strip()]


def html_words(markup: str) -> str:
    """HTML as the words a page shows: tags become spaces (so table cells read side by side)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def game_texts(name: str, players: int, seed: int) -> list[str]:
    """Every log line, and every few moves the words of its pictures and of its moves (as buttons,
    hints and the expert name them), of one random game."""
    spec = game_spec(name)
    view = spec.table_view()
    state, rng, before = spec.new_game(players, seed=seed), random.Random(seed), None
    lines: set[str] = set()
    texts: list[str] = []
    for moves in range(MOST_MOVES + 1):
        lines.update(map(str, state.log))
        if moves % PICTURE_EVERY == 0 or state.is_over:
            for viewer in (None, 0):
                texts += svg_texts(state.to_svg(viewer))
            texts += svg_texts(view.picture(state, 0, before).svg())
            texts += [spec.words(action) for action in state.legal_actions()]
        if state.is_over:
            break
        before, state = state, state.apply(rng.choice(state.legal_actions()))
    return sorted(lines) + texts + breakdown_texts(state)


def breakdown_texts(state) -> list[str]:
    """A game's worked-out scores where it shows them (Coloretto's ``score_breakdown``), as text and as
    the table a notebook shows."""
    if not hasattr(state, "score_breakdown"):
        return []
    shown = [state.score_breakdown(seat) for seat in range(state.players)]
    return [str(breakdown) for breakdown in shown] + [html_words(breakdown._repr_html_()) for breakdown in shown]


def walkthrough_options(name: str) -> dict:
    """What a game's scoring walkthrough is made with: Coloretto's the cards one player took in a
    real game (the one with the most jokers), the rest nothing."""
    if name != "coloretto":
        return {}
    spec = game_spec(name)
    state, rng = spec.new_game(3, seed=4), random.Random(4)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    cards = max(state.collections, key=lambda taken: sum(card.is_joker for card in taken))
    return {"cards": cards, "colours_in_play": state.colours}


def controls(widget) -> list:
    """The controls inside a widget, depth first."""
    found = []
    for child in getattr(widget, "children", ()):
        if isinstance(child, widgets.ValueWidget) and not isinstance(child, widgets.HTML | widgets.Label):
            found.append(child)
        found += controls(child)
    return found


def shown_words(widget) -> list[str]:
    """What a widget shows in words: every HTML and label inside it."""
    words = []
    for child in getattr(widget, "children", ()):
        if isinstance(child, widgets.HTML | widgets.Label):
            words.append(html_words(child.value))
        words += shown_words(child)
    return words


def control_values(control) -> list:
    """The values a learner can give a control: each option, both ticks, a slider's ends and middle."""
    if isinstance(control, widgets.Checkbox | widgets.ToggleButton):
        return [not control.value]      # ticked on the first round, unticked on the second
    if hasattr(control, "options"):
        options = control.options
        return [option[1] if isinstance(option, tuple) else option for option in options]
    if hasattr(control, "min") and hasattr(control, "max"):
        return [control.min, (control.min + control.max) // 2, control.max]
    return []


def walkthrough_texts(name: str) -> list[str]:
    """What the game's scoring walkthrough says as each control takes each of its values in turn,
    twice over (so that the second round meets the first round's last choices)."""
    widget = scoring_walkthrough(name, **walkthrough_options(name))
    texts = shown_words(widget)
    for _ in range(2):
        for control in controls(widget):
            if control.disabled:
                continue
            for value in control_values(control):
                if not control.disabled:
                    control.value = value
                    texts += shown_words(widget)
    return texts


def wrong_words(texts) -> list[str]:
    """Each text with a wrong word, the word first."""
    return sorted({f"{found.group(0)!r} in {text!r}" for text in texts for found in WRONG.finditer(text)})


@pytest.mark.parametrize("text", ["5 point(s)", "1 points", "minus -1", "plus +3", "lcm(team sizes 1)",
                                  "blocked by 1 counters", "1 tricks won"])
def test_the_patterns_catch_the_wrong_words(text):
    assert wrong_words([text])


@pytest.mark.parametrize("text", ["5 points", "1 point", "minus 1", "-1", "+3", "11 points", "21 tricks", "-1 point"])
def test_the_patterns_leave_right_words_alone(text):
    assert not wrong_words([text])


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_games_logs_and_pictures_count_and_sign_in_words(name):
    spec = game_spec(name)
    texts = [text for players in spec.players for seed in SEEDS for text in game_texts(name, players, seed)]
    assert len(texts) > 100
    assert wrong_words(texts) == []


@pytest.mark.parametrize("name", [name for name in GAME_NAMES if game_spec(name).walkthrough])
def test_a_scoring_walkthrough_counts_and_signs_in_words_whatever_is_chosen(name):
    texts = walkthrough_texts(name)
    assert len(texts) > 5
    assert wrong_words(texts) == []


def test_le_plateaus_hand_step_by_step_and_the_board_explorer_count_in_words():
    from plateau_lab.core import seeded_random
    from plateau_lab.games import le_plateau
    from plateau_lab.ui.walkthroughs.le_plateau import hand_frames
    from plateau_lab.hexboard import CELLS, DECLARERS, OPPONENTS, Board, Formation
    from plateau_lab.ui.board_explorer import BoardExplorer

    texts = []
    for players in (2, 4, 6):
        state, rng = le_plateau.new_game(players, seed=players), random.Random(players)
        while state.phase not in ("hand over", "passed out"):
            state = state.apply(rng.choice(state.legal_actions()))
        texts += [html_words(caption) for _, caption in hand_frames(state)]
    explorer = BoardExplorer(Board.official(4))
    rng = seeded_random(1, "explorer")
    for cell in rng.sample(CELLS, 30):                   # a board filling up, the verdicts after each click
        explorer.mode.value = rng.choice((DECLARERS, OPPONENTS))
        explorer.click(cell)
        texts += [explorer.summary(team, formation) for team in (DECLARERS, OPPONENTS) for formation in Formation]
    assert any("impossible" in text for text in texts)
    assert wrong_words(texts) == []
