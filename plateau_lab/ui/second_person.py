"""A game's sentence said to one learner: "player 2 takes red 7" becomes "you take red 7" for the
player in seat 2, the verbs after "you" agreeing, "player 2's" becoming "your"; other players keep
their numbers. The play table and the shared tables say the game's log this way.

>>> in_second_person("Player 1 leads and wins the trick; player 0 follows.", 1)
'You lead and win the trick; player 0 follows.'
"""

from __future__ import annotations

__all__ = ["in_second_person"]

import re

#: The verbs the games' sentences put after a player, as said of "player 2" and of "you".
_YOU_VERBS = {"is": "are", "has": "have", "does": "do", "was": "were", **{
    verb + "s": verb for verb in (
        "bid", "call", "deal", "discard", "draw", "give", "hold", "keep", "lay", "lead", "leave", "need",
        "pick", "place", "play", "raise", "reveal", "score", "start", "take", "turn", "win", "lose", "join",
        "become", "get", "choose", "follow", "open", "decline", "answer", "abdicate", "show", "owe", "gain",
        "drop", "exchange", "add", "receive", "empty", "collect", "end", "make", "say", "put")},
    "passes": "pass", "reaches": "reach", "carries": "carry", "goes": "go", "catches": "catch"}
#: Words after a player that need no change for "you" (past tenses, modal verbs), the player being the subject.
_SAME_FOR_YOU = frozenset("took won lost played made chose passed led laid drew gave kept held called raised dealt placed "
                          "scored bid must cannot can may will would should".split())
_PLAYER = re.compile(r"\b([Pp])layer (\d+)(?:('s)\b|((?:,[^,.;:]{1,40},)|(?: \([^()]{1,40}\)))?"
                     r"( (?:now|also|then|still|first|only|alone|too) )?( [a-z]+\b)?)")
_AND_VERB = re.compile(r"( and )([a-z]+)\b")


def in_second_person(text: str, seat: int) -> str:
    """``text`` said to the player in ``seat``: "player 0" is "you" (a verb after it agreeing, and
    after "and" in the same clause), "player 0's" is "your"; other players keep their numbers.

    >>> in_second_person("Player 0 (High) takes red 7; player 1 holds red and plays it.", 0)
    'You (High) take red 7; player 1 holds red and plays it.'
    >>> in_second_person("Player 0, the mastermind, leads Sea and draws 2. It goes to player 0's pile.", 0)
    'You, the mastermind, lead Sea and draw 2. It goes to your pile.'
    >>> in_second_person("red was led and player 2 holds red. Forehand, player 2, leads.", 2)
    'red was led and you hold red. Forehand, you, lead.'
    >>> in_second_person("High is player 1 and picks 2; Low is player 0 (green 9) and takes the rest.", 0)
    'High is player 1 and picks 2; Low is you (green 9) and takes the rest.'
    >>> in_second_person("Round 6 is over; player 3 took the last row and starts round 7.", 3)
    'Round 6 is over; you took the last row and start round 7.'
    """
    return "".join(_clause_to_you(clause, seat) for clause in re.split(r"([.;:!?] )", text))


def _clause_to_you(clause: str, seat: int) -> str:
    """One clause with ``seat`` as "you": when "you" is the subject, the verbs agree (the one after
    it, and one after "and" up to another player), and "himself" is "yourself"."""
    subject_at: list[int] = []

    def said(match: re.Match) -> str:
        capital, number, owner, aside, adverb, word = match.groups()
        if int(number) != seat:
            return match.group(0)
        you = "Y" if capital == "P" else "y"
        if owner:
            return you + "our"
        word = (word or "").strip()
        verb = _YOU_VERBS.get(word) or (word if word in _SAME_FOR_YOU else None)
        if verb is None and aside is None and adverb is None and match.string[match.end():].startswith(", "):
            verb = ""                                    # "Forehand, player 2, leads": the verb follows the comma
        if verb is not None:
            subject_at.append(match.start())
        return f"{you}ou{aside or ''}{adverb or ''}" + (f" {verb or word}" if verb or word else "")

    changed = _PLAYER.sub(said, clause)
    if not subject_at:
        return changed
    head, tail = changed[:subject_at[0]], changed[subject_at[0]:]
    other = re.search(r"\b[Pp]layer \d+", tail)
    rest, after = (tail[:other.start()], tail[other.start():]) if other else (tail, "")
    rest = re.sub(r"^([Yy]ou, )([a-z]+)\b", lambda m: m.group(1) + _YOU_VERBS.get(m.group(2), m.group(2)), rest)
    rest = _AND_VERB.sub(lambda m: m.group(1) + _YOU_VERBS.get(m.group(2), m.group(2)), rest)
    return head + rest.replace("himself", "yourself") + after
