"""Le Plateau at the table's session (moved from tests/test_session.py): the prompt of the
declarer's discard; its pause is a hand."""

from sessions import kinds, reached


def test_the_prompt_says_what_to_click_to_discard():
    discard = reached("le_plateau", lambda state: "Discard" in kinds(state), seeds=range(60), most=60)
    assert discard.status() == "Your turn: click a card in your hand to discard face down."


def test_the_pause_is_named_a_hand():
    hand = reached("le_plateau", lambda state: "Deal" in kinds(state) and not state.is_over, seeds=range(3),
                   most=400)
    assert hand.paused() and hand.status() == "Hand over." and hand.summary().head == "The hand is over."
    assert hand.waiting_text() == "The hand is over: press Next to go on."
