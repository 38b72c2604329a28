"""Le Plateau at the play table: save and load, and a bad save explained (moved from tests/test_table.py)."""

import json
import re

from plateau_lab.ui.table import PlayTable

from test_table import step


def test_save_and_load_round_trip_and_a_bad_save_is_explained():
    table = PlayTable("le_plateau", seat=0, players=4, seed=8, delay=0)
    for _ in range(6):
        step(table)
    saved = table.state.to_json()
    assert "data:application/json;base64," in table.save_link.value
    other = PlayTable("syndicate", seed=1, delay=0)
    other.paste.value = saved
    other.load_button.click()
    assert other.state == table.state and other.spec.name == "le_plateau"
    broken = json.loads(saved)
    broken["actions"][0] = "bid Nothing"
    other.paste.value = json.dumps(broken)
    other.load_button.click()
    note = re.sub("<[^>]+>", "", other.load_note.value)
    assert note.startswith("This save cannot be read: Actions[0]") and other.state == table.state
