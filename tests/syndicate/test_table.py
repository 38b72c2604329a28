"""The Syndicate at the play table: take-back, no hidden card's name in the picture, the headline naming the
rules changed and a hint ringing a lead's face-down card too (moved from tests/test_table.py)."""

import html
import random

from plateau_lab.ui.table import PlayTable


def test_take_back_returns_to_the_learners_previous_decision():
    table = PlayTable("syndicate", seat=1, seed=4, delay=0)
    first = table.state
    assert table.take_back.disabled
    table.picture.click(table.picture.legal[0])
    assert len(table.state.history) > len(first.history) + 1     # the bots answered
    table.take_back.click()
    assert table.state == first and table.state.history == first.history
    assert table.take_back.disabled


def test_no_card_hidden_from_the_learner_is_named_in_the_picture():
    """Decktet names are whole words: none of another hand may be drawn (was a branch of the
    generic test in tests/test_table.py)."""
    table = PlayTable("syndicate", seat=0, seed=3, delay=0)
    rng = random.Random(1)
    for _ in range(25):
        if table.state.is_over:
            break
        state = table.state
        for card in state.cards_hidden_from(0):
            assert f">{card.name}<" not in table.picture.svg and card.describe() not in table.picture.svg
        if table.pause_box.layout.display != "none":
            table.next_button.click()
        elif table.picture.legal:
            table.picture.click(rng.choice(table.picture.legal))
        else:
            table.moves.children[0].click()


def test_after_leading_by_the_button_no_put_back_button_stays():
    table = PlayTable("syndicate", seat=0, seed=7, delay=0)
    table.picture.click("card Battle")
    assert [button.description for button in table.moves.children] == [
        "lead Battle with no face-down card", "put the card back"]
    table.moves.children[0].click()
    assert str(table.state.history[0]) == "lead Battle"
    assert "put the card back" not in [button.description for button in table.moves.children]
    assert table.session.picked == () and table.picture.marked == []


def test_the_legend_names_the_tags_on_the_table_and_no_rim_the_cards_do_not_show():
    table = PlayTable("syndicate", seat=1, seed=4, delay=0)
    legend = table.legend.value
    assert "gold" not in legend and "rim" not in legend
    assert "<i>counts</i>" in legend and "<i>no match</i>" in legend
    rng, tags = random.Random(4), set()
    for _ in range(40):
        if table.state.is_over:
            break
        if table.state.table is not None:
            tags |= {tag for tag in ("counts", "no match") if f">{tag}<" in table.picture.svg}
            assert ">counts<" in table.picture.svg            # the lead always shares its own marks
        if table.pause_box.layout.display != "none":
            table.next_button.click()
        elif table.picture.legal:
            table.picture.click(rng.choice(table.picture.legal))
        else:
            table.moves.children[0].click()
    assert tags == {"counts", "no match"}


def test_the_headline_names_the_rules_changed_from_the_rulebook():
    short = PlayTable("syndicate", variant={"target": 4}, delay=0)
    assert "3 players · rules changed from the rulebook: target 4 · you and 2 bots" in short.headline.value
    assert "rules changed" not in PlayTable("syndicate", variant={"target": 12}, delay=0).headline.value
    assert "rules changed" not in PlayTable("syndicate", delay=0).headline.value


def test_the_hint_rings_every_card_of_its_move_a_lead_and_its_face_down_card():
    table = PlayTable("syndicate", seat=0, seed=0, delay=0)
    table.hint_button.click()
    lead = next(action for action in table.state.legal_actions()
                if f"would {table.session.spec.words(action)}. " in html.unescape(table.message.value))
    assert lead.face_down is not None          # this deal's hint lays a second card face down
    assert table.picture.hinted == [f"card {lead.card}", f"card {lead.face_down}"]
    assert all("pl-hint" in table.picture.classes[name] for name in table.picture.hinted)
