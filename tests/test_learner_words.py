"""What a learner reads counts and signs its numbers the way a person writes them, in every game:
never "5 point(s)", "1 points", "minus -1", "plus +3" or "lcm(...)"; and it speaks a learner's words
(issue 38): the learner is "you", never "player 0"; no "heuristic", "seat", "seed", "playouts" or
"budget"; no label in brackets within brackets. Those are checked over whole games at the play table
and at every game's guided table (headline, status, prompts, notes, hints, the log, the pause's score
sheet, the legend, the marks' key, the buttons, the new-game panel and the picture's words), and in
the notebooks' words and outputs (but their For coders sections, which name the code's own terms).

The texts scanned are those of real games, for every registered game and player count: the log
(which the table's summaries and the step viewer's captions repeat), the pictures as the teacher
and as player 0 see them, the play table's picture, the moves in words, Coloretto's worked-out
scores, and the scoring walkthrough with every one of its controls tried in turn.
The patterns are those of ``../shared/tools/notebook_lint.py`` (its plural and sign lines).
"""

import html
import importlib
import json
import random
import re
from pathlib import Path

import ipywidgets as widgets
import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.ui.walkthroughs import scoring_walkthrough

from learner_words import html_words, page_faults, wrong_words

#: Moves played per game at most, and the pictures drawn: every PICTURE_EVERY moves and at the end.
MOST_MOVES, PICTURE_EVERY = 400, 9
SEEDS = (0, 1)


def svg_texts(svg: str) -> list[str]:
    """The words a picture shows: its text elements, one string each."""
    return [html.unescape(words) for words in re.findall(r">([^<>]+)<", svg) if words.strip()]


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
    """What a game's scoring walkthrough is made with: its ``tests/<game>/presets.py``'s
    ``walkthrough_options()``, or nothing."""
    return getattr(importlib.import_module(f"{name}.presets"), "walkthrough_options", dict)()


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


# ---------------------------------------------------------------- a learner's words at the tables (issue 38)

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("0[0-68]_*.ipynb"))
#: Learner's decisions played at a table at most, and how often the learner asks for a hint.
MOST_DECISIONS, HINT_EVERY = 600, 7


def table_texts(widget, *, skip=()) -> list[str]:
    """Every word a table shows now: its HTML, the picture's words, the buttons' labels and tooltips,
    the lists' choices, the accordion's titles (a widget in ``skip`` left out, with what it holds)."""
    if any(widget is skipped for skipped in skip):
        return []
    texts = []
    if isinstance(widget, widgets.HTML | widgets.Label):
        texts.append(html_words(widget.value))
    elif isinstance(widget, widgets.Button):
        texts += [widget.description, widget.tooltip or ""]
    elif isinstance(widget, widgets.Dropdown):
        texts += [widget.description] + [str(option[0] if isinstance(option, tuple) else option)
                                         for option in widget.options]
    elif isinstance(widget, widgets.Text | widgets.Textarea):
        texts += [widget.description, widget.placeholder]
    elif isinstance(widget, widgets.Accordion):
        texts += [widget.get_title(index) or "" for index in range(len(widget.children))]
    svg = getattr(widget, "svg", None)
    if isinstance(svg, str):
        texts += svg_texts(svg)
    for child in getattr(widget, "children", ()):
        texts += table_texts(child, skip=skip)
    return [text for text in texts if text.strip()]


def whole_game_texts(table, rng: random.Random, *, skip=()) -> list[str]:
    """What a learner reads at ``table`` while playing a whole game by clicks (a random legal one,
    now and then a button), asking for a hint every few decisions and pressing Next at each pause.
    The new-game panel's list of places to play (player 0, player 1, ...) is left out: there the
    learner chooses a number (and so is any widget in ``skip``)."""
    skip = (table.seat_choice, *skip)
    texts: set[str] = set()
    decisions = 0
    while not table.state.is_over:
        assert decisions < MOST_DECISIONS, "the game did not end"
        texts.update(table_texts(table, skip=skip))
        if table.pause_box.layout.display != "none":
            table.next_button.click()
            continue
        if decisions % HINT_EVERY == 0 and not table.hint_button.disabled:
            table.hint_button.click()
            texts.update(table_texts(table, skip=skip))
        legal, buttons = table.picture.legal, table.moves.children
        if legal and (not buttons or rng.random() < 0.8):
            table.picture.click(rng.choice(legal))
        else:
            rng.choice(buttons).click()
        decisions += 1
    texts.update(table_texts(table, skip=skip))
    return sorted(texts)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_play_table_speaks_to_you_in_a_learners_words_over_a_whole_game(name):
    from plateau_lab.ui.table import PlayTable
    table = PlayTable(name, seat=0, seed=1, delay=0)
    texts = whole_game_texts(table, random.Random(1))
    assert len(texts) > 30 and any("your turn" in text.lower() for text in texts)
    assert page_faults(texts, learner=True) == []


def card_codes(state) -> set[str]:
    """The codes of a game's cards that are not words: two or three capitals and digits with a
    letter (``QH``, ``10S``, ``EXC``, ``B14``), not a Syndicate name, a Coloretto colour or a number."""
    return {str(card) for card in state.cards_in_game()
            if re.fullmatch(r"[A-Z0-9]{2,3}", str(card)) and re.search(r"[A-Z]", str(card))}


@pytest.mark.parametrize("guided", [False, True], ids=["play table", "guided table"])
@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_tables_name_cards_in_words_their_codes_only_in_brackets(name, guided):
    """Outside the legend (which says how the pictures write the cards) and the pictures' own card
    faces, a card's code shows only in brackets after its words: 'the 10 of hearts (10H)', at the
    play table and at the guided table (its steps, hints and answers) over a whole game."""
    from plateau_lab.ui.guided_table import GuidedTable
    from plateau_lab.ui.table import PlayTable
    table = GuidedTable(name, delay=0) if guided else PlayTable(name, seat=0, seed=3, delay=0)
    codes = card_codes(table.state)
    if not codes:
        pytest.skip("the game's cards are written in words")
    code = re.compile(r"(?<![\w(])(" + "|".join(map(re.escape, sorted(codes, key=len, reverse=True))) + r")(?![\w)])")
    texts = [text for text in whole_game_texts(table, random.Random(3), skip=(table.legend,)) if len(text) > 4]
    bare = {text: re.sub(r"\([^()]*\)", " ", text) for text in texts}
    assert [f"{found.group(0)!r} in {text[:200]!r}" for text in texts for found in code.finditer(bare[text])] == []


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_guided_game_speaks_to_you_in_a_learners_words_to_the_end(name):
    from plateau_lab.ui.guided_table import GuidedTable
    table = GuidedTable(name, delay=0)
    texts = whole_game_texts(table, random.Random(2))
    assert any("Step 1 of" in text for text in texts)
    assert page_faults(texts, learner=table.seat == 0) == []


def notebook_texts(path) -> list[str]:
    """A notebook's words as a learner reads them: its markdown (code spans left out) and its cells'
    outputs (text, HTML as its words, the pictures' words), up to its For coders section."""
    texts = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            if re.search(r"^#+ For coders", source, re.MULTILINE):
                texts.append(re.sub(r"`[^`]*`", " ", source.split("For coders")[0]))
                break
            texts.append(re.sub(r"`[^`]*`", " ", source))
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            texts += [html_words(re.sub(r"<style.*?</style>", " ", "".join(data["text/html"]), flags=re.DOTALL))
                      ] if "text/html" in data else []
            texts += ["".join(data["text/plain"])] if "text/plain" in data and "text/html" not in data else []
            texts += svg_texts("".join(data["image/svg+xml"])) if "image/svg+xml" in data else []
            texts += ["".join(output["text"])] if "text" in output else []
    return texts


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_a_notebooks_words_and_outputs_are_a_learners(path):
    texts = notebook_texts(path)
    assert len(texts) > 5
    assert page_faults(texts) == []
