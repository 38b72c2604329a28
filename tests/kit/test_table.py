"""A described game at the table: its rules page, its picture (readable, hiding what it must) and
the click machine every table reads (plateau_lab/core/clicks.py), run with the package's own tests."""

import pytest

from plateau_lab.core import game_spec
from plateau_lab.core.clicks import Clicks
from plateau_lab.kit import rules_html, rules_text
from plateau_lab.kit.examples import OH_HELL
from tests import test_clicks, test_pictures_readable
from tests.kit.games import BIDDERS, HEARTS_LIKE, LOWEST, NAMES, SHARED


@pytest.mark.parametrize("name", NAMES)
def test_every_legal_move_is_made_by_its_clicks_and_no_other_move(name):
    test_clicks.test_every_legal_move_is_made_by_its_clicks_and_no_other_move(name)


@pytest.mark.parametrize("name", NAMES)
def test_a_click_off_the_targets_makes_no_move(name):
    test_clicks.test_a_click_off_the_targets_makes_no_move_and_a_picked_part_is_put_back(name)


@pytest.mark.parametrize("name, players", [(name, players) for name in NAMES for players in game_spec(name).players])
@pytest.mark.parametrize("viewer", [None, 0])
@pytest.mark.parametrize("moves", [0, 15, 10_000], ids=["deal", "mid-game", "game over"])
def test_every_text_is_at_least_11_px_and_the_picture_fits(name, players, viewer, moves):
    test_pictures_readable.test_every_text_is_at_least_11_px_and_the_picture_fits_an_800_pixel_page(
        name, players, viewer, moves)


def test_a_hand_shows_its_cards_to_its_owner_only_with_rank_and_suit_on_the_face():
    state = SHARED.new_game(3, seed=2)
    view = game_spec("kit_shared").table_view()
    mine = view.picture(state, 0, None).svg()
    onlooker = view.covered(state).svg()
    for card in state.hands[0]:
        assert f'data-target="card {card}"' in mine and card.describe(state.described.suit_names) in mine
        assert card.describe(state.described.suit_names) not in onlooker
    for card in set(state.hands[1]) - set(state.hands[0]):      # the deck holds some cards twice
        assert card.describe(state.described.suit_names) not in mine
    assert ">G<" in mine or ">R<" in mine            # the suit's letter on the face, not its colour alone


def test_the_score_sheet_adds_up_to_the_engine_s_scores():
    view = game_spec("kit_oh_hell").table_view()
    state = OH_HELL.new_game(4, seed=1)
    while not state.is_over:
        assert view.score_sheet(state, 0) is None
        state = state.apply(state.legal_actions()[0])
    sheet = view.score_sheet(state, 0)
    assert [row.total for row in sheet.rows] == list(state.scores)


def test_the_rules_page_says_every_part_in_the_description_s_words():
    text = rules_text(LOWEST.description)
    assert "The lowest card of the suit led wins the trick." in text
    assert "Follow the suit led if you can" in text and "no trumps" in text
    hearts = rules_text(HEARTS_LIKE.description)
    assert "hearts may not be led" in hearts and "the queen of spades (QS) −13 points" in hearts
    assert "each card of hearts (H) −1 point" in hearts
    bids = rules_text(BIDDERS.description)
    assert "Bids are even numbers." in bids and "An exact bid scores 5" in bids and "trumps are spades" in bids
    oh_hell = rules_text(OH_HELL.description)
    assert "the hook rule" in oh_hell and "10 more for winning exactly the tricks you bid" in oh_hell
    assert rules_html(OH_HELL.description).count("<li>") == len(oh_hell.splitlines()) - 1


def test_a_hook_without_a_sentence_is_said_plainly():
    text = rules_text(SHARED.description)
    assert "The game has a rule of its own about who wins a trick." in text
