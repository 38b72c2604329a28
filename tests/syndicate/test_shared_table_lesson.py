"""A position of The Syndicate the teacher sends to the learners' shared-table pages (moved from
tests/test_shared_table_widget.py): it replaces each page's table, hides the others' hands and the
draw, counts each learner's choice (one made by a button, one by two clicks), and the table plays on."""

import asyncio
import html

from plateau_lab.games.syndicate.scenario import EXAMPLE_SCENARIO
from plateau_lab.ui.shared_table import LESSON_ARRIVED, SharedTable

from classroom.harness import a_service
from shared_pages import act, one_click_game, seated, until


def test_a_position_the_teacher_sends_replaces_the_table_and_the_learners_choice_is_counted():
    async def scene():
        service, server, url = await a_service()
        ann, cid = SharedTable(url, name="Ann"), SharedTable(url, name="Cid")
        ann.game.value = one_click_game()              # her table plays on after the lesson by one click
        await seated(ann, ann.open_button)
        cid.join_code.value = "ZZZZZ"                 # no such table: Cid stays on the start panel, connected
        cid.join_button.click()
        await cid.settled()
        assert cid.code is None and cid.start_panel.layout.display != "none"
        await until(lambda: sorted(service.listeners.values()) == ["Ann", "Cid"], "both follow the teacher")

        sent = service.send_position("syndicate", EXAMPLE_SCENARIO)         # the teacher's page sends it
        assert sent["learners"] == 2
        for table in (ann, cid):
            await until(lambda table=table: table.lesson_panel.layout.display == "", "the position replaces the table")
            assert table.table_panel.layout.display == "none" and table.start_panel.layout.display == "none"
            assert LESSON_ARRIVED in html.unescape(table.lesson_panel.children[0].value)
            assert table.lesson_board.lesson["lesson"] == sent["lesson"]
            for hidden in ("Merchant", "Desert", "Origin", "Pact", "Savage", "Bard"):    # others' hands, the draw
                assert hidden not in table.lesson_board.picture.svg

        ann.lesson_board.picture.click("card Castle")
        assert [button.description for button in ann.lesson_board.buttons.children] == [
            "lead Castle with no face-down card"]
        ann.lesson_board.buttons.children[0].click()
        await ann.settled()
        assert "Your choice: <b>lead Castle with no face-down card</b>" in ann.lesson_board.choice.value
        cid.lesson_board.picture.click("card Diplomat")
        cid.lesson_board.picture.click("card Author")                        # two clicks make a whole move
        await cid.settled()
        counts = service.lessons.counts()
        assert counts["lead Castle"] == 1 and counts["lead Diplomat + face down Author"] == 1
        assert sum(counts.values()) == 2
        assert service.class_at_a_glance()["lesson"]["chosen"] == 2

        ann.back_to_table.click()
        assert ann.lesson_panel.layout.display == "none" and ann.table_panel.layout.display == ""
        cid.back_to_table.click()
        assert cid.lesson_panel.layout.display == "none" and cid.start_panel.layout.display == ""
        await act(ann)                                # the table plays on
        assert ann.view["moves"] >= 1
        for table in (ann, cid):
            await table.client.close()
        server.stop()

    asyncio.run(scene())
