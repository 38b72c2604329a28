"""The table's session in plain Python: every game played to its end by clicks, take-back, hints,
pauses, reviews, saves and loads, with no widget library loaded."""

import random
import re

import pytest

from plateau_lab.core import GAME_NAMES, ParseError, game_spec
from plateau_lab.core.imagining import model_of, remembered_observations
from plateau_lab.lab import expert
from plateau_lab.ui.session import Note, TableSession


def session_for(game, seat=1, seed=5, players=None):
    spec = game_spec(game)
    short_players, variant = spec.short
    state = spec.new_game(short_players if players is None else players, seed=seed, **variant)
    return TableSession(state, seat=seat, delay=0)


def play_to_the_end(session, rng):
    """Click legal targets (now and then a button), press Next at pauses, until the game is over."""
    moves = 0
    while not session.state.is_over:
        assert moves < 5000, "the game did not end"
        if session.paused():
            session.next()
            continue
        targets, buttons = session.legal_targets(), session.buttons()
        assert targets or buttons, f"nothing to click or press: {session.state.legal_actions()}"
        if targets and (not buttons or rng.random() < 0.8):
            session.click(rng.choice(targets))
        else:
            session.play(rng.choice(buttons))
        assert session.note is None or not session.note.error, session.note
        moves += 1
    return moves


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_game_is_played_to_its_end_by_legal_clicks_with_a_summary(game):
    session = session_for(game)
    play_to_the_end(session, random.Random(game))
    summary = session.summary()
    assert summary is not None and summary.next_label == "Next: a new game"
    assert summary.scores == session.state.scores and summary.head.endswith(("win!", "wins.", "the win."))
    assert session.status() == "Game over."
    session.next()
    assert not session.state.is_over and not session.decisions


@pytest.mark.parametrize("game", GAME_NAMES)
def test_take_back_returns_to_the_learners_last_decision(game):
    session = session_for(game, seat=0)
    while not session.my_turn():
        session.next()
    before = session.state
    targets = session.legal_targets()
    if targets:
        session.click(targets[0])
    while session.picked:
        session.click(session.legal_targets()[0])
    if session.state is before:
        session.play(session.buttons()[0])
    assert session.state is not before and session.decisions[-1] is before
    session.undo()
    assert session.state is before and session.note == Note("Taken back: it is your move again.")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_click_out_of_turn_or_on_nothing_legal_says_why_and_changes_nothing(game):
    session = session_for(game, seat=0)
    while not session.my_turn():
        session.next()
    state = session.state
    session.click("nothing of the sort")
    assert session.state is state and session.note.error and "not a move now" in session.note.text
    session.hint()
    assert session.note.text.startswith("Hint: the ") and not session.note.error


def test_a_hint_never_names_a_card_the_learner_cannot_see():
    for game in GAME_NAMES:
        session = session_for(game, seat=0)
        while not session.my_turn():
            session.next()
        session.hint()
        hidden = session.state.cards_hidden_from(0)
        reason = session.note.text.split(". ", 1)[-1]
        # a card's name as a word of its own, not a number of the chances or points ("3 times in 10", "1.5 points")
        named = [str(card) for card in hidden if re.search(
            rf"(?<!\w)(?<!\d\.)(?<!in ){re.escape(str(card))}(?!\w|\.\d| times?\b| in \d| points?\b)", reason)]
        assert not named, (game, session.note.text)


def test_the_review_comes_once_the_game_is_over():
    session = session_for(GAME_NAMES[0], seat=0)
    with pytest.raises(ValueError, match="once the game is over"):
        session.review_html()
    play_to_the_end(session, random.Random(1))
    assert "plateau-review" in session.review_html()


def test_the_review_reports_progress_before_the_first_decision_is_analysed_then_after_each(monkeypatch):
    """Issue 28, progress shown at once: the table can show "0 of N" before any decision is
    analysed, and every analysis is followed by its report, counting both learners' decisions
    together at a hot-seat table."""
    spec = game_spec(GAME_NAMES[0])
    players, variant = spec.short
    session = TableSession(spec.new_game(players, seed=5, **variant), humans={0, 1}, delay=0)
    rng = random.Random(2)
    while not session.state.is_over:
        if session.paused():
            session.next()
        elif session.passing() is not None:
            session.show()
        else:
            session.play(rng.choice(session.state.legal_actions()))
    events = []
    analyse = expert._analyse
    monkeypatch.setattr(expert, "_analyse", lambda *args: events.append("analysed") or analyse(*args))
    session.review_html(progress=lambda done, of: events.append((done, of)))
    states = session.state.states()
    total = sum(1 for state in states[:-1] if state.current_player in (0, 1) and len(state.legal_actions()) > 1)
    assert total > 2 and events[0] == (0, total)
    assert events[1:] == [step for done in range(1, total + 1) for step in ("analysed", (done, total))]


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_save_loads_back_into_the_same_seat_and_a_bad_one_changes_nothing(game):
    session = session_for(game, seat=1)
    rng = random.Random(2)
    for _ in range(6):
        if session.state.is_over:
            break
        if session.paused():
            session.next()
        elif session.legal_targets():
            session.click(rng.choice(session.legal_targets()))
        else:
            session.play(session.buttons()[0])
    saved, name = session.state.to_json(), session.save_name()
    assert name.startswith(f"{game}-deal5-move")
    other = session_for(game, seat=1, seed=9)
    assert other.load(saved).startswith(f"Loaded: {game_spec(game).title}")
    assert other.state == session.state and other.seat == 1
    with pytest.raises(ParseError):
        other.load("{not json")
    assert other.state == session.state



# ---------------------------------------------------------------- hot-seat: several learners at one screen

def hot_seat(game, humans, seed=5):
    spec = game_spec(game)
    players, variant = spec.short
    return TableSession(spec.new_game(players, seed=seed, **variant), humans=humans, delay=0)


def check_nothing_hidden_is_shown(session, rng):
    """While the screen is passed on, the picture is the same for any deal of the cards hidden from
    the player about to get the screen or from the one who just left it (so it shows none of them),
    and no card of theirs is a click target; returns whether the teacher's picture would have shown
    a difference (that the check has teeth)."""
    state, covered = session.state, session.picture().svg()
    assert covered == session.view.covered(state, session.before).svg() and not session.legal_targets()
    teeth = False
    for seat in (session.passing(), session.seat):
        targets = set(re.findall(r'data-target="(card [^"]+)"', covered))
        assert not targets & {f"card {card}" for card in state.cards_hidden_from(seat)}, (seat, targets)
        world = model_of(state).redeal(state, seat, remembered_observations(state, seat), rng)
        assert session.view.covered(world).svg() == session.view.covered(state).svg(), seat
        teeth |= session.view.picture(world, None, None).svg() != session.view.picture(state, None, None).svg()
    return teeth


def play_hot_seat(session, rng, checks=10_000):
    """Play to the end by clicks, pressing Show my cards whenever the screen is passed on; returns
    the passes made and whether the check had teeth: once the player about to get the screen held
    cards, the teacher's picture would have given some away at least once (a game with no hands may
    hide only the deck's order, which no picture shows). The deals are imagined at the first
    ``checks`` passes."""
    passes = teeth = moves = hands = 0
    while not session.state.is_over:
        assert moves < 5000, "the game did not end"
        moves += 1
        if session.paused():
            session.next()
            continue
        to = session.passing()
        if to is not None:
            assert session.status() == f"Pass the screen to player {to}, then press Show my cards."
            assert not session.my_turn() and not session.buttons() and session.recent_log() == ()
            if passes < checks:
                teeth += check_nothing_hidden_is_shown(session, rng)
                hands += bool(session.state.observation(to)["hand"])
            passes += 1
            session.show()
            assert session.seat == to and session.my_turn()
            continue
        assert session.state.current_player == session.seat in session.humans
        if len(session.humans) > 1:
            assert session.status().startswith(f"Player {session.seat}, your turn: ")
        targets, buttons = session.legal_targets(), session.buttons()
        if targets and (not buttons or rng.random() < 0.8):
            session.click(rng.choice(targets))
        else:
            session.play(rng.choice(buttons))
        assert session.note is None or not session.note.error, session.note
    return passes, teeth > 0 or hands == 0


@pytest.mark.parametrize("game", GAME_NAMES)
def test_two_humans_play_a_whole_game_passing_the_screen_with_every_hand_hidden_meanwhile(game):
    session = hot_seat(game, {0, 1})
    assert session.humans == {0, 1} and set(session.bots) == set(range(2, session.state.players))
    passes, teeth = play_hot_seat(session, random.Random(game))
    assert passes >= 2 and teeth, (passes, teeth)
    summary = session.summary()
    assert summary.next_label == "Next: a new game" and not summary.head.startswith("You")
    assert session.status() == "Game over."
    session.next()
    assert session.humans == {0, 1} and not session.decisions


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_seat_may_be_a_human_and_no_bot_moves(game):
    players = game_spec(game).short[0]
    session = hot_seat(game, range(players), seed=8)
    assert session.bots == {}
    passes, teeth = play_hot_seat(session, random.Random(8), checks=20)
    assert passes >= players - 1 and teeth and session.state.is_over


@pytest.mark.parametrize("game", GAME_NAMES)
def test_take_back_with_two_humans_returns_to_the_last_human_decision_passing_the_screen_back(game):
    session, rng = hot_seat(game, {0, 1}, seed=6), random.Random(3)
    while not (session.passing() is not None and session.decisions
               and session.decisions[-1].current_player != session.passing()):
        assert not session.state.is_over, "no human handed the turn to the other"
        if session.paused():
            session.next()
        elif session.passing() is not None:
            session.show()
        elif session.legal_targets():
            session.click(rng.choice(session.legal_targets()))
        else:
            session.play(rng.choice(session.buttons()))
    decided, before = session.decisions[-1].current_player, session.decisions[-1]
    session.show()
    session.undo()
    assert session.state is before and session.note == Note(f"Taken back: it is player {decided}'s move again.")
    assert session.passing() == decided and not session.legal_targets()
    session.show()
    assert session.seat == decided and session.my_turn()
    session.undo()          # back to the human decision before, if any: never a bot's
    assert session.decisions == [] or session.state.current_player in session.humans


def test_a_seat_cannot_be_a_human_and_a_bot_and_one_learner_keeps_the_word_you():
    with pytest.raises(ValueError, match="a seat cannot be both"):
        hot_seat(GAME_NAMES[0], {0, 1}) and TableSession(
            game_spec(GAME_NAMES[0]).new_game(game_spec(GAME_NAMES[0]).short[0], seed=1),
            humans={0, 1}, bots={1: "random"})
    with pytest.raises(ValueError, match="one of \\[0, 1\\]"):
        TableSession(game_spec(GAME_NAMES[0]).new_game(game_spec(GAME_NAMES[0]).short[0], seed=1),
                     humans={0, 1}, seat=2)
    session = session_for(GAME_NAMES[0], seat=0)
    assert session.humans == {0} and session.passing() is None
    while not session.my_turn():
        session.next()
    assert session.status().startswith("Your turn: ")


def test_every_decision_s_click_prompts_have_words():
    """No decision but a plain card play is worded as one: every game's view words each click of its
    first moves (each game's own words for its decisions are checked in its folder, test_session.py)."""
    for game in GAME_NAMES:
        for words in (game_spec(game).table_view().click_prompts(action) for action in
                      session_for(game).state.legal_actions()):
            assert all(word.strip() for word in words)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_learner_alone_is_you_in_every_prompt_refusal_and_line_of_news(game):
    session = session_for(game, seat=0)
    rng = random.Random(3)
    said = []
    for _ in range(400):
        if session.state.is_over:
            break
        if session.paused():
            said += [*session.summary().lines, session.status()]
            session.next()
            continue
        said += [session.status(), *session.recent_log()]
        if not session.my_turn():
            continue
        refused = sorted(set(re.findall(r'data-target="([^"]+)"', session.picture().svg()))
                         - set(session.legal_targets()))
        if refused and rng.random() < 0.4 and not session.picked:
            session.click(rng.choice(refused))
            said.append(session.note.text)
            continue
        targets, buttons = session.legal_targets(), session.buttons()
        session.click(rng.choice(targets)) if targets else session.play(rng.choice(buttons))
    learner = [line for line in said if re.search(r"\b[Pp]layer 0\b", line)]
    assert not learner, learner[:3]
    assert any(re.search(r"\b(you|You|your|Your)\b", line) for line in said if "turn" not in line)


def test_the_learners_seat_is_you_and_the_verb_agrees():
    from plateau_lab.ui.session import in_second_person
    assert in_second_person("Not allowed (follow the colour): Red was led and player 2 holds red.", 2) == \
        "Not allowed (follow the colour): Red was led and you hold red."
    assert in_second_person("Player 1 (High) must take a card; player 2 has 3 cards.", 1) == \
        "You (High) must take a card; player 2 has 3 cards."
    assert in_second_person("Player 3 is the declarer and places counters on T1.", 3) == \
        "You are the declarer and place counters on T1."
    assert in_second_person("Red 6 goes to player 0's discard pile.", 0) == "Red 6 goes to your discard pile."
    assert in_second_person("Player 10 plays 7 red.", 1) == "Player 10 plays 7 red."


def test_a_move_made_by_its_button_leaves_no_card_picked():
    """In every game where a click picks a card and a button then makes the move, the move leaves
    nothing picked or marked; the registry holds at least one such game."""
    checked = []
    for game in GAME_NAMES:
        session, rng = session_for(game, seat=0, seed=7), random.Random(7)
        for _ in range(400):
            if session.state.is_over:
                break
            if session.paused():
                session.next()
                continue
            targets, buttons = session.legal_targets(), session.buttons()
            session.click(rng.choice(targets)) if targets else session.play(rng.choice(buttons))
            if session.picked and session.buttons():
                session.play(session.buttons()[0])
                assert session.picked == () and session.marks()["marked"] == [], game
                checked.append(game)
                break
    assert checked, "no registered game has a move made by a button after a click"
