"""The game-design lab: many seeded games of any game, the expert's search and what it measures.

Game-agnostic: it reads each game only through its registry entry (``GameSpec``) and the hooks
the entry names (the fast path, the expert's game model). :mod:`.simulate` plays games into a
table, :mod:`.expert` searches, :mod:`.review` marks a seat's decisions (with each
player's accuracy), :mod:`.game_analysis` analyses a whole game for the analysis board, :mod:`.skill` ranks
bots on a ladder, :mod:`.relative_skill` measures how much skill a game rewards (against the player
who sees every card, :mod:`.seeing`), :mod:`.stats` gives intervals, :mod:`.shape`
measures a game's shape (length, decisions, lead changes, margin), :mod:`.consistency` checks the
protocol's promises and :mod:`.bots` seats any bot by name. :mod:`.design` compares a variant with
the rulebook on the same deals (what each measure means: :mod:`.measures`; one game measured:
:mod:`.measured_play`; the intervals: :mod:`.figures`) and :mod:`.sweep` varies one rule. Every
result is plain Python, with ``to_pandas()`` where a table helps (:mod:`.results`).
"""

__all__: list[str] = []
