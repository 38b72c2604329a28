"""Check my game for a drafting game of rows: a sound description passes in words, and each kind of
fault a game of rows could show is found and told once (shown with engines broken on purpose)."""

from plateau_lab.core import RandomBot
from plateau_lab.kit import RowGame, RowState, check_game
from plateau_lab.kit.examples import COLORETTO, COLORETTO_DESCRIPTION
from plateau_lab.lab.consistency import play_checked


def test_coloretto_passes_and_says_what_was_played():
    report = check_game(COLORETTO_DESCRIPTION, games=60)
    assert report.ok and report.games == 60 and report.players == range(2, 6)
    assert report.compared >= 40 and 50 < report.fewest_moves <= report.most_moves
    assert str(report).startswith("Coloretto (with the kit): 60 random games checked (2 to 5 players), each of ")
    said = str(report).splitlines()[1]
    assert "order of the face-down supply" in said and "no card appeared or vanished" in said
    assert "function" not in said, "a game of rows has no functions of the class's own to speak of"


def test_a_mistake_is_the_one_problem():
    report = check_game(RowGame("kit_rows_wrong", "Wrong", players=3, colours=["red", "blue"], plus_colours=1))
    assert report.problems == ("the description's start_cards: every start card has a colour of its own, but 3 "
                               "players with 1 start card each need 3 colours and 2 are in play",)


def test_a_player_with_no_move_is_found(monkeypatch):
    monkeypatch.setattr(RowState, "legal_actions", lambda state: () if state.round_number == 2 else
                        state._legal_actions)
    report = check_game(COLORETTO, games=10)
    assert len(report.problems) == 1 and report.problems[0].startswith(
        "A player had no legal move in 10 of 10 games; the first time at deal number 0, round 2, move ")


def test_moves_that_read_the_supply_are_found(monkeypatch):
    monkeypatch.setattr(RowState, "legal_actions", lambda state: state._legal_actions[
        :1 if state.supply and state.supply[0] == "+2" else None])
    report = check_game(COLORETTO, games=30)
    assert any(problem.startswith("The moves offered changed with the order of the face-down supply in ")
               for problem in report.problems)


def test_cards_that_vanish_are_found(monkeypatch):
    taking = RowState._after
    monkeypatch.setattr(RowState, "_after", lambda state, action: taking(state, action).derive(out_of_game=())
                        if action.kind == "take" else taking(state, action))
    report = check_game(COLORETTO, games=6)
    assert any(problem.startswith("Cards appeared or vanished in ") for problem in report.problems)


def test_the_labs_step_by_step_check_finds_nothing_wrong_in_a_game_of_rows():
    """plateau_lab.lab.consistency (cards kept, saves, no seat seeing a card hidden from it) at every
    step of random games: a game of rows' cards are found by its Card class, the names of its cards
    and nothing else (not the game's name, not the colours in play, said in words)."""
    for seed in range(4):
        state = COLORETTO.new_game(2 + seed, seed=seed)
        final, steps, problems = play_checked(state, [RandomBot(seat) for seat in range(state.players)])
        assert final.is_over and steps > 50 and problems == []
