"""No seat's view of a shared table shows a card hidden from it, nor an onlooker's a card hidden
from any seat: not in the picture nor in the picture's words (the same for any deal of the cards
that seat cannot see, the expert's imagined deals), not among the parts it may click nor in their
names, not in the log lines, whatever the game, at every step of random games."""

from __future__ import annotations

import random
import re

import pytest

from plateau_lab.classroom.store import Store
from plateau_lab.classroom.tables import LOG_LINES, SharedTables, names_card
from plateau_lab.core import GAME_NAMES, game_module, game_spec
from plateau_lab.core.imagining import model_of, remembered_observations
from plateau_lab.lab.consistency import cards_in
from plateau_lab.core.table_words import card_words, onlooker_words, table_words

from .test_tables import act

CHECK_PICTURES_EVERY = 4   # steps; each check imagines a deal per seat (replaying the game so far)
MOST_PICTURE_CHECKS = 25


def seen_now(state, seat):
    """The names of the cards ``seat`` sees in ``state``."""
    seen = state.observation(seat)
    del seen["legal_actions"]
    return {str(card) for card in cards_in(seen, game_module(state.setup.game).Card)}


def check_view(tables, code, seat, rng, pictures, seen, setup_lines):
    """Check what ``seat`` sees now, given the cards it has ``seen`` at every step so far (a card
    played face up and gathered face down later was seen; a game may hold two cards of one name);
    returns whether an imagined deal changed the whole picture. The game's log began with
    ``setup_lines`` lines."""
    state, view = tables.state(code), tables.view(code, seat)
    hidden = {str(card) for card in state.cards_hidden_from(seat)} - seen
    assert not words_naming(view, [card for card in state.cards_hidden_from(seat) if str(card) in hidden])
    assert not {target for target in view["targets"] if target.removeprefix("card ") in hidden}, (seat, view["targets"])
    assert not view["buttons"] or state.current_player == seat
    assert view["log"] == list(state.log[-LOG_LINES:]), "a line was left out that names no hidden card"
    # The setup's lines say what everyone is told ("colours in play: blue, brown, …"): the moves' lines are checked.
    moves_lines = view["log"][max(0, setup_lines - (len(state.log) - len(view["log"]))):]
    named = [(line, card) for line in moves_lines for card in hidden if names_card(line, card)]
    assert not named, (state.setup.game, seat, named)
    if not pictures or state.is_over:
        return False
    table_view = game_spec(state.setup.game).table_view()
    before = tables._tables[code].before
    assert view["picture"] == table_view.picture(state, seat, before).svg()
    world = model_of(state).redeal(state, seat, remembered_observations(state, seat), rng)
    assert table_view.picture(world, seat, None).svg() == table_view.picture(state, seat, None).svg(), seat
    assert view["words"] == list(table_words(world.observation(seat), tables.names(code))), \
        "the words say a card the seat cannot see"
    assert table_view.covered(world).svg() == table_view.covered(state).svg(), "an onlooker sees a hidden card"
    assert tables.view(code, None)["picture"] == table_view.covered(state, before).svg()
    assert tables.view(code, None)["words"] == list(onlooker_words(world, tables.names(code))), \
        "an onlooker's words say a card hidden from a seat"
    return table_view.picture(world, None, None).svg() != table_view.picture(state, None, None).svg()


def words_naming(view, cards):
    """The cards among ``cards`` that the picture's words or the targets' names of ``view`` name."""
    said = " ".join([*view["words"], *view["labels"].values()])
    return [card for card in cards if names_card(said, str(card)) or names_card(said, card_words(card))]


@pytest.mark.parametrize("game", GAME_NAMES)
def test_no_seat_sees_a_card_hidden_from_it(game):
    tables = SharedTables(Store(":memory:"))
    players, options = game_spec(game).short
    rng = random.Random(4)
    ann = tables.open_table(game, players, options, "Ann", seed=13)
    bob = tables.join(ann.code, "Bob")
    teeth = steps = checks = hands = 0
    seen = [set() for _ in range(players)]
    setup_lines = len(tables.state(ann.code).log)
    while not tables.state(ann.code).is_over:
        assert steps < 5000, "the game did not end"
        pictures = steps % CHECK_PICTURES_EVERY == 0 and checks < MOST_PICTURE_CHECKS
        checks += pictures
        hands += any(tables.state(ann.code).observation(seat)["hand"] for seat in range(players))
        for seat in range(players):
            seen[seat] |= seen_now(tables.state(ann.code), seat)
            teeth += check_view(tables, ann.code, seat, rng, pictures, seen[seat], setup_lines)
        onlooker = tables.view(ann.code, None)
        assert not onlooker["targets"] and not onlooker["buttons"]
        steps += 1
        if not tables.play_bot(ann.code):
            mover = ann if tables.state(ann.code).current_player == 0 else bob
            assert act(tables, mover, rng)
    # A game with no hands (Coloretto) may hide only the deck's order, which no picture shows.
    assert teeth > 0 or hands == 0, "no imagined deal ever changed the whole picture: the check would miss a leak"


def test_the_log_check_finds_a_hidden_card_named_and_the_view_leaves_such_a_line_out():
    """The check has teeth: a log line naming a card in another hand is caught, and the view leaves it out."""
    tables = SharedTables(Store(":memory:"))
    ann = tables.open_table("syndicate", 3, {"target": 2}, "Ann", seed=7)
    state = tables.state(ann.code)
    other = str(state.observation(1)["hand"][0])
    assert other in {str(card) for card in state.cards_hidden_from(0)} - seen_now(state, 0)
    assert names_card(f"Player 1 holds {other}.", other)
    table = tables._tables[ann.code]
    table.state = state.derive(log=state.log + (f"Player 1 holds {other}.", "Player 1 thinks."))
    assert tables.view(ann.code, 0)["log"][-1:] == ["Player 1 thinks."]
    assert tables.view(ann.code, 1)["log"][-2:] == [f"Player 1 holds {other}.", "Player 1 thinks."]


def test_the_words_check_finds_a_hidden_card_named_and_a_seat_s_words_name_only_its_own_hand():
    """The words' check has teeth: another seat's words name its hand, hidden from this seat."""
    tables = SharedTables(Store(":memory:"))
    ann = tables.open_table("oh_hell", 3, {}, "Ann", seed=7)
    state = tables.state(ann.code)
    theirs = list(state.observation(1)["hand"])
    assert words_naming(tables.view(ann.code, 1), theirs) == theirs
    assert not words_naming(tables.view(ann.code, 0), theirs)
    assert words_naming(tables.view(ann.code, 0), state.observation(0)["hand"])
    onlooker = tables.view(ann.code, None)["words"]
    assert onlooker[0].startswith("You are watching a table of 3") and "Ann holds" in onlooker[1], onlooker
    assert "Trumps:" in onlooker[2] and onlooker[-1].startswith("Scores:"), "the onlooker hears the table too"
    assert not words_naming(tables.view(ann.code, None), [card for seat in range(3)
                                                          for card in state.observation(seat)["hand"]])
