"""The guided first game of every game of the registry: its script plays legally from its deal,
clicking the lit targets walks the learner through it to free play, any other click is answered
and changes nothing, and what the learner reads is short, in the game's words, and hides nothing
he may not see. Generic over the registry: no game's own code here."""

import importlib
import re

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.guide import MAX_STEPS, Guide, GuideStep
from plateau_lab.ui.guided import PLAY_ON, GuidedSession

#: Words a learner never reads (issue 28).
ENGINE_WORDS = ("seed", "heuristic", "playout")


def guide_of(game):
    return game_spec(game).guide_script()


def follow_one_step(session):
    """Make the asked move the way a learner would: click the lit targets, else press the one button."""
    state = session.state
    while session.state is state and session.legal_targets():
        assert len(session.legal_targets()) == 1, session.legal_targets()
        session.click(session.legal_targets()[0])
        assert session.note is None or not session.note.error, session.note
    if session.state is state:
        assert len(session.buttons()) == 1, session.buttons()
        session.play(session.buttons()[0])


def card_names(card):
    """How a text may name a card: its text (unless a bare number, which a sentence uses for other
    things: Le Plateau's trumps) and its words (``describe()``: 'trump 10', 'the king of spades')."""
    names = {str(card)} if not str(card).isdigit() else set()
    describe = getattr(card, "describe", None)
    return names | ({describe().removeprefix("the ")} if callable(describe) else set())


def named_in(card, text):
    return re.search(rf"(?<![\w]){re.escape(card)}(?![\w])", text) is not None


def texts_read(guide):
    return [step.say for step in guide.steps] + [guide.farewell]


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_game_has_a_guide_of_at_most_twenty_steps_for_itself(game):
    guide = guide_of(game)
    assert isinstance(guide, Guide) and guide.game == game
    assert 8 <= len(guide.steps) <= MAX_STEPS
    assert guide.players in game_spec(game).players


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_script_plays_legally_from_its_deal_each_move_by_the_right_player(game):
    guide = guide_of(game)
    replay = guide.replay()
    assert len(replay.steps_at) == len(guide.steps)
    state = replay.start
    for index, move in enumerate(replay.moves):
        assert not state.is_over
        legal = [str(action) for action in state.legal_actions()]
        assert str(move) in legal, (index, str(move), legal)
        assert (state.current_player == guide.seat) == (index in replay.steps_at), (index, str(move))
        state = state.apply(move)
    assert state == replay.end


def test_a_guide_that_breaks_a_rule_or_plays_out_of_turn_is_refused_naming_the_step():
    guide = guide_of(GAME_NAMES[0])
    first, second = guide.steps[0], guide.steps[1]
    broken = GuideStep(second.move, second.say, before=second.before[:-1])
    with pytest.raises(ValueError, match="step 2"):
        Guide(guide.game, players=guide.players, seat=guide.seat, seed=guide.seed, steps=(first, broken)).replay()
    with pytest.raises(ValueError, match="a guide has 1 to 20"):
        Guide(guide.game, players=guide.players, seat=guide.seat, steps=(first,) * (MAX_STEPS + 1))
    with pytest.raises(ValueError, match="no guided game"):
        game_spec(GAME_NAMES[0]).__class__(name="x", title="X", players=range(2, 3), default_players=2).guide_script()


@pytest.mark.parametrize("game", GAME_NAMES)
def test_clicking_the_lit_targets_walks_through_every_step_to_free_play(game):
    guide = guide_of(game)
    session = GuidedSession(game, delay=0)
    for number, step in enumerate(guide.steps, 1):
        assert session.guided() and session.my_turn() and session.step() == number - 1
        assert session.status() == f"Step {number} of {len(guide.steps)}: {step.say}"
        assert session.prompt() == step.say
        assert set(session.legal_targets()) <= set(session.marked())
        follow_one_step(session)
    assert not session.guided()
    assert PLAY_ON in session.note.text and guide.farewell in session.note.text
    # The closing words agree with the table: a step that ended the round leaves it waiting on Next.
    assert ("press Next" in session.note.text) == session.paused()
    assert tuple(map(str, session.state.history[:len(guide.replay().moves)])) == guide.replay().texts()
    # Free play: the session is an ordinary one from here.
    while session.paused() and not session.state.is_over:
        session.next()
    if session.my_turn():
        legal = {click for action in session.state.legal_actions() for click in session.view.clicks(action)[:1]}
        assert set(session.legal_targets()) == legal


@pytest.mark.parametrize("game", GAME_NAMES)
def test_any_other_click_or_move_is_answered_with_a_sentence_and_changes_nothing(game):
    session = GuidedSession(game, delay=0)
    for _ in guide_of(game).steps:
        state, picked, asked = session.state, session.picked, session.asked()
        targets = {click for action in state.legal_actions() for click in session.view.clicks(action)[:1]}
        others = sorted(targets - set(session.legal_targets())) + ["nothing of the sort"]
        for name in others[:3]:
            session.click(name)
            assert session.state is state and session.picked == picked
            assert session.note.error and "This step asks you to" in session.note.text, session.note
            assert session.saying() in session.note.text
        other_moves = [action for action in state.legal_actions() if str(action) != str(asked)]
        if other_moves:
            session.play(other_moves[0])
            assert session.state is state and session.note.error and "but not now" in session.note.text
        follow_one_step(session)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_picked_part_clicked_again_is_put_back_as_the_marks_key_says(game):
    """The key to the marks says of a picked card "click it again to put it back": in a guided game
    too, where the step's first part is then lit again."""
    session = GuidedSession(game, delay=0)
    steps = 0
    for _ in guide_of(game).steps:
        clicks = session.asked_clicks()
        if len(clicks) > 1:
            state = session.state
            session.click(clicks[0])
            assert session.picked == clicks[:1] and session.marks()["marked"] == [clicks[0]]
            session.click(clicks[0])
            assert session.state is state and session.picked == () and not session.note.error
            assert session.legal_targets() == [clicks[0]] and session.saying() in session.note.text
            steps += 1
        follow_one_step(session)
    if not steps:
        pytest.skip("no step of this guide takes two clicks")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_take_back_returns_to_the_step_before(game):
    session = GuidedSession(game, delay=0)
    follow_one_step(session)
    follow_one_step(session)
    assert session.step() == 2
    session.undo()
    assert session.step() == 1 and session.status().startswith("Step 2 of ")
    session.restart()
    assert session.step() == 0 and not session.decisions


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_sentences_are_in_the_games_words_and_hide_what_the_learner_cannot_see(game):
    guide = guide_of(game)
    replay = guide.replay()
    for number, (text, at) in enumerate(zip(texts_read(guide), (*replay.steps_at, len(replay.moves))), 1):
        lowered = text.lower()
        assert not [word for word in ENGINE_WORDS if word in lowered], (number, text)
        assert text.strip() and text.strip()[-1] in ".!?", (number, text)
        if "colour" in lowered or "suit" in lowered:
            # The game's own word: colour where its rules speak of colours, suit where of suits.
            rules_word = importlib.import_module(f"{game}.presets").SUIT_WORD
            assert rules_word in lowered and ("suit" if rules_word == "colour" else "colour") not in lowered, text
        # No card hidden from the learner is named, unless one of that name is in his view or the log.
        state = replay.states[at]
        seen = str(state.observation(guide.seat)).replace("_", " ") + " ".join(state.log)   # keys name things too
        hidden = {name for card in state.cards_hidden_from(guide.seat) for name in card_names(card)}
        named = [card for card in hidden if named_in(card, text) and not named_in(card, seen)]
        assert not named, (number, named, text)




def test_the_guided_table_shows_only_the_asked_move_and_starts_again():
    pytest.importorskip("ipywidgets")
    from plateau_lab.ui.guided_table import GuidedTable

    game = GAME_NAMES[0]
    table = GuidedTable(game, delay=0)
    session = table.session
    assert table.picture.legal == session.legal_targets() and len(table.picture.legal) == 1
    assert "Step 1 of" in table.headline.value
    state = table.state
    table.picture.click("nothing of the sort")
    assert table.state is state and "This step asks you to" in table.message.value
    follow_one_step(session)
    table._show()
    assert table.state is not state and "Step 2 of" in table.headline.value
    table.again.click()
    assert session.step() == 0 and table.state == guide_of(game).replay().states[guide_of(game).replay().steps_at[0]]


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_closing_words_follow_the_bots_moves_at_a_table_that_paces_them(game):
    """With bots moving one at a time (on the event loop's timer), the last step's trick may end the
    round only after the closing words were said: they then say it is over and to press Next."""
    import asyncio

    async def play_the_guide():
        session = GuidedSession(game, delay=0.001)
        while session.guided():
            while not session.my_turn():
                await asyncio.sleep(0.005)
            follow_one_step(session)
        for _ in range(2000):
            if session.paused() or session.my_turn():
                break
            await asyncio.sleep(0.005)
        return session

    session = asyncio.run(play_the_guide())
    assert PLAY_ON in session.note.text and session.guide.farewell in session.note.text
    assert ("press Next" in session.note.text) == session.paused()
