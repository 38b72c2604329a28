"""Wimmüln at the table's session (moved from tests/test_session.py): the prompt of each of its
decisions, a cross laid card by card, the face-up card chosen, a card played; its pause is a round."""

from sessions import kinds, reached


def test_the_prompt_says_what_to_click_for_each_decision():
    cross = reached("wimmuln", lambda state: "Estimate" in kinds(state))
    assert cross.status() == ("Your turn: click the card to lay upright on your cross (it is turned face up).")
    cross.click(cross.legal_targets()[0])
    assert cross.note.text == cross.status().removeprefix("Your turn: ").replace("click", "Now click", 1)
    assert "the card to lay across it, face down (or the picked card again to put it back)" in cross.status()
    face_up = reached("wimmuln", lambda state: "Open" in kinds(state), seeds=range(200), most=3)
    assert face_up.status() == "Your turn: click the card to leave face up as the first card of the first trick."
    trick = reached("wimmuln", lambda state: "Play" in kinds(state))
    assert trick.status() == "Your turn: click a card in your hand to play to the trick."


def test_the_pause_is_named_a_round():
    round_ = reached("wimmuln", lambda state: "Deal" in kinds(state) and not state.is_over, seeds=range(3),
                     most=400, rounds=2)
    assert round_.status() == "Round over." and round_.summary().head == "The round is over."
