"""The rules page of a game of rows, written from its description: every part says what the
description says, in words, for each player count, and the class's own sentences come last."""

from plateau_lab.kit import RowGame, rules_html, rules_text
from plateau_lab.kit.examples import COLORETTO_DESCRIPTION


def test_coloretto_s_page_says_the_rulebook_s_numbers():
    text = rules_text(COLORETTO_DESCRIPTION)
    assert text.splitlines()[0] == ("Coloretto (with the kit): a drafting game of rows for 2 to 5 players: collect "
                                    "few colours, many cards.")
    for words in ("9 cards of each of the 7 colours", '10 "+2" cards; 3 jokers', "with 3 players, 1.",
                  "Each player takes 1 card (with 2 players, 2)", "on top of its bottom 15 cards",
                  "with 2 players, 3 rows taking at most 1, 2 and 3 cards", "Your 3 colours worth the most",
                  "a colour of 1, 2, 3, 4, 5, 6 or more cards is worth 1, 3, 6, 10, 15, 21 points", 'Each "+2" card scores 2.'):
        assert words in text, words


def test_a_game_of_its_own_says_its_own_numbers_and_sentences():
    game = RowGame("kit_rows_page", "Garden <rows>", players=3, colours=["red", "blue", "white", "black"],
                   per_colour=5, plus_twos=0, jokers=0, start_cards=0, row_capacity=2, end_card_depth=4,
                   points=(2, 5), plus_colours=2, rules={"Why": "A game for the garden."})
    text = rules_text(game)
    assert "for 3 players" in text and "5 cards of each of the 4 colours red, blue, white, black; and the" in text
    assert "+2" not in text and "joker" not in text and "Nobody takes a start card." in text
    assert "leave the deck" not in text and "each taking at most 2 cards." in text
    assert "a colour of 1, 2 or more cards is worth 2, 5 points." in text and text.endswith("Why: A game for the garden.")
    page = rules_html(game)
    assert page.startswith("<h3>Garden &lt;rows&gt;</h3>") and "<b>A turn</b>" in page
