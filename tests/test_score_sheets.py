"""Where the points came from: every game's score sheet, at every round's (or hand's) end and the game's.

Whole random games at every player count of every game in the registry: at each pause of the
play table (a deal is next, or the game is over) the sheet of the game's view adds each player's
items up to the points the engine gave since the last pause, shows the game's totals, says the
game's own words, and names no card the seat reading it may not see.
"""

import importlib
import random
import re

import pytest

from plateau_lab.core import GAME_NAMES, Deal, game_spec
from plateau_lab.core.scoresheet import ScoreSheet, SheetItem, SheetRow, signed

def presets(game):
    """What this test reads of ``game`` beyond its registry entry: ``tests/<game>/presets.py``."""
    try:
        return importlib.import_module(f"{game}.presets")
    except ModuleNotFoundError as missing:
        raise AssertionError(f"{game}: add tests/{game}/presets.py (see CONTRIBUTING, adding a game)") from missing


def paused(state):
    return state.is_over or any(isinstance(action, Deal) for action in state.legal_actions())


def tables(game):
    """(players, options) of the games played: every player count, with short options and the
    game's own (``presets.pause_options``), and the options that change the scoring."""
    spec = game_spec(game)
    for players in spec.players:
        options = dict(spec.short[1]) if players == spec.short[0] else {}
        options.update(presets(game).pause_options(players))
        yield players, options
    for variant in presets(game).SCORING_VARIANTS:
        players, options = spec.short
        yield players, {**options, **variant}


def random_games(game):
    """(players, every pause of a random game): the states at which the table pauses."""
    spec = game_spec(game)
    for players, options in tables(game):
        rng = random.Random(f"{game} {players} {options}")
        state = spec.new_game(players, seed=rng.randrange(10 ** 6), **options)
        pauses = []
        for _ in range(20000):
            if paused(state):
                pauses.append(state)
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        assert state.is_over, f"{game} with {players} players did not end"
        yield players, pauses


def hidden_card_names(state, seat):
    """The names of the cards ``seat`` may not see and no card it sees bears (Coloretto's cards are
    named by their colour, so a hidden "+2" card has the name of the "+2" cards in the collections),
    with a letter in it: Le Plateau's trumps are bare numbers, which a sheet's counts say too."""
    hidden = state.cards_hidden_from(seat)
    seen = {str(card) for card in state.cards_in_game() - hidden}
    return {str(card) for card in hidden if re.search("[A-Za-z]", str(card))} - seen


def names_a_card(text, name):
    return re.search(rf"(?<![\w+]){re.escape(name)}(?!\w)", text) is not None


@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_players_items_add_up_to_the_engines_points_at_every_pause(game):
    view = game_spec(game).table_view()
    checked = 0
    for players, pauses in random_games(game):
        last_scores = (0,) * players
        for state in pauses:
            sheet = view.score_sheet(state, 0)
            assert isinstance(sheet, ScoreSheet), f"{game}, {players} players: no sheet at a pause"
            assert [row.seat for row in sheet.rows] == list(range(players))
            gained = tuple(now - before for now, before in zip(state.scores, last_scores))
            for row in sheet.rows:
                assert sum(item.points or 0 for item in row.items) == row.total == gained[row.seat], sheet.text()
                assert (row.game_total if row.game_total is not None else row.total) == state.scores[row.seat]
            words = sheet.text().lower()
            for word in presets(game).SHEET_WORDS:
                assert word in words, f"{game}: the sheet does not say {word!r}:\n{sheet.text()}"
            last_scores = state.scores
            checked += 1
    assert checked >= len(game_spec(game).players)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_no_sheet_while_a_round_is_played(game):
    spec = game_spec(game)
    view = spec.table_view()
    state = spec.new_game(spec.short[0], seed=3, **spec.short[1])
    rng = random.Random(game)
    for _ in range(30):
        if paused(state):
            break
        assert view.score_sheet(state, 0) is None
        state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_sheet_names_no_card_its_reader_may_not_see(game):
    view = game_spec(game).table_view()
    hidden_at_pauses = 0
    for players, pauses in random_games(game):
        for state in pauses:
            for seat in range(players):
                text = view.score_sheet(state, seat).text()
                names = hidden_card_names(state, seat)
                hidden_at_pauses += bool(names)
                for name in names:
                    assert not names_a_card(text, name), f"{game}: player {seat} reads the hidden {name}:\n{text}"
    if presets(game).CARDS_HIDDEN_AT_PAUSES:   # the test met hidden cards, and checked them
        assert hidden_at_pauses


def test_the_sheet_prints_signs_as_a_learner_reads_them():
    assert (signed(6), signed(-3), signed(0)) == ("+6", "−3", "0")
    text = SheetRow(0, (SheetItem("orange 2 cards, minus colour", -3), SheetItem("blue 5 cards", 15)), total=12).text()
    assert "−3" in text and "+15" in text and "-3" not in text and "plus +" not in text and "minus -" not in text


def test_a_row_whose_items_do_not_add_up_is_refused():
    with pytest.raises(ValueError, match="add up to 5, not to the total 6"):
        SheetRow(1, (SheetItem("3 tricks", 5),), total=6)
    with pytest.raises(ValueError, match="no row for player 4"):
        ScoreSheet("Round 1", (SheetRow(0, (), total=0),)).row(4)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_tables_pause_shows_the_sheet_with_the_learner_as_you(game):
    from plateau_lab.ui.score_sheet import pause_html
    from plateau_lab.ui.session import TableSession

    spec = game_spec(game)
    players, options = spec.short
    session = TableSession(spec.new_game(players, seed=11, **options), seat=0, delay=0)
    rng, pauses = random.Random(game), 0
    for _ in range(20000):
        summary = session.summary()
        if summary is not None:
            pauses += 1
            assert summary.sheet == session.view.score_sheet(session.state, 0)
            page = pause_html(summary, you=(0,), pause_word=session.view.pause_word, say=session.to_you)
            assert "<td class='who'>you</td>" in page and ">player 0<" not in page and "Where the points came from" in page
            assert "player 0" not in page.replace("Player", "player"), page
            if session.state.is_over:
                break
            session.next()
            continue
        session.play(rng.choice(session.state.legal_actions()))
    assert session.state.is_over and pauses >= 1
