"""Following a fast playout on the public engine, one step at a time (for tests/test_fast_*.py)."""

from plateau_lab.core.bots import RandomBot


class Follower:
    """An ``on_step`` for a fast playout that plays the same game on the public engine with
    RandomBots (``bot_seeds``, one per seat) or the given ``bots``, checking at every step that both
    offer the same legal action texts in the same order and choose the same one. ``state`` is the
    engine's state so far."""

    def __init__(self, state, bot_seeds=(), *, bots=None):
        self.state = state
        self.bots = bots if bots is not None else [RandomBot(bot_seed) for bot_seed in bot_seeds]

    def __call__(self, seat, legal, index):
        state = self.state
        where = f"seed {state.setup.seed}, step {len(state.history)}"
        assert seat == state.current_player, where
        assert legal == [str(action) for action in state.legal_actions()], where
        action = self.bots[seat].choose(state)
        assert legal[index] == str(action), where
        self.state = state.apply(action)
