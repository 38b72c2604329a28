"""The game-design lab: many seeded games of any game, the expert's search and what it measures.

Game-agnostic: it reads each game only through its registry entry (``GameSpec``) and the hooks
the entry names (the fast path, the expert's game model). :mod:`.simulate` plays games into a
table, :mod:`.expert` searches and reviews, :mod:`.skill` ranks bots on a ladder, :mod:`.stats`
gives intervals, :mod:`.consistency` checks the protocol's promises and :mod:`.bots` seats any
bot by name.
"""

__all__: list[str] = []
