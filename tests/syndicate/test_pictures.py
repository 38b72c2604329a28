"""The Syndicate's face-down card in the table's picture (moved from tests/test_pictures_readable.py)."""

from plateau_lab.games.syndicate.render import state_picture as syndicate_picture

from test_pictures_readable import mid_game


def test_the_face_down_card_is_marked_for_the_teacher_and_hidden_from_the_enforcers():
    state = mid_game("syndicate", 3, moves=0)
    lead = next(action for action in state.legal_actions() if getattr(action, "face_down", None) is not None)
    on_table = state.apply(lead)
    teacher = on_table.to_svg()
    assert "face down" in teacher and lead.face_down.name in teacher
    enforcer = syndicate_picture(on_table, (on_table.mastermind + 1) % 3).svg()
    assert lead.face_down.name not in enforcer and "face down" not in enforcer
