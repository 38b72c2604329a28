"""The words a learner should never read, shared by the tests that scan what a learner reads
(``test_learner_words.py``, ``test_reasons.py``) without loading a widget library.

>>> bool(WRONG.search("1 tricks")), bool(WRONG.search("1 trick")), bool(WRONG.search("11 tricks"))
(True, False, False)
>>> [found.group(0) for found in ENGINE_WORDS.finditer("two heuristic bots in seat 0, a seeded deal")]
['heuristic', 'seat', 'seeded']
>>> [found.group(0) for found in NOT_YOU.finditer("you are player 0; P1 and enforcer 0; player 0 (you)")]
['you are player 0', 'enforcer 0', 'player 0 (you)']
>>> bool(NOT_YOU.search("player 0 plays")), bool(LEARNER_AS_NUMBER.search("Player 0 plays"))
(False, True)
"""

import html
import re

__all__ = ["ENGINE_WORDS", "LEARNER_AS_NUMBER", "NOT_YOU", "WRONG", "as_number", "page_faults", "html_words",
           "wrong_words"]

#: Words a learner should never read: a plural after 1, "(s)" for either, a sign repeated in words,
#: and the arithmetic name "lcm".
WRONG = re.compile(
    r"(?<![\d.])1 (points|tricks|cards|spaces|games|rounds|hands|counters|triangles|jokers|colours|stacks"
    r"|members|players|moves)\b"
    r"|\w\(s\)|\bminus [-−]\d|\bplus \+\d|\blcm\b")

#: The engine's words, which a page never says to a learner (issue 38): a bot is a steady player or
#: the expert, not a heuristic; a place at the table is a player, not a seat; a deal has a number,
#: not a seed; the expert imagines deals, it runs no playouts on a budget.
ENGINE_WORDS = re.compile(r"\bheuristic\w*|\bseats?\b|\bseed(ed|s)?\b|\bplayouts?\b|\bbudgets?\b", re.IGNORECASE)

#: The learner named by a number where the page speaks to him, and labels in brackets within brackets.
NOT_YOU = re.compile(r"\byou are (player|seat) \d|\byou are player\b|\bplayer \d+ \(you\)|\benforcer 0\b"
                     r"|\(\w[^()]*\([^()]*\)\)", re.IGNORECASE)

#: Player 0 by his number (or Le Plateau's old P0 label), in a page that speaks to player 0 as "you".
LEARNER_AS_NUMBER = re.compile(r"\b[Pp]layer 0\b|\bP0\b")


def as_number(seat: int) -> re.Pattern:
    """The learner at ``seat`` named by his number, in a page that speaks to him as "you".

    >>> bool(as_number(2).search("player 2 leads")), bool(as_number(2).search("player 1 leads"))
    (True, False)
    """
    return re.compile(rf"\b[Pp]layer {seat}\b|\bP{seat}\b")


def page_faults(texts, *, learner: bool = False, seat: int = 0) -> list[str]:
    """Each text with a word a page must not say to a learner, the word first; ``learner``: the texts
    speak to the player at ``seat`` (player 0 by default), who must then be "you", never "player 0".

    >>> page_faults(["You play against two bots.", "Player 1 wins the trick."], learner=True)
    []
    >>> page_faults(["Player 0 wins the trick."], learner=True)
    ["'Player 0' in 'Player 0 wins the trick.'"]
    >>> page_faults(["Player 1 wins the trick."], learner=True, seat=1)
    ["'Player 1' in 'Player 1 wins the trick.'"]
    """
    patterns = (WRONG, ENGINE_WORDS, NOT_YOU) + ((as_number(seat),) if learner else ())
    return sorted({f"{found.group(0)!r} in {text[:300]!r}" for text in texts for pattern in patterns
                   for found in pattern.finditer(text)})


def html_words(markup: str) -> str:
    """HTML as the words a page shows: tags become spaces (so table cells read side by side).

    >>> html_words("<td>3</td><td>points &amp; more</td>")
    '3 points & more'
    """
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def wrong_words(texts) -> list[str]:
    """Each text with a wrong word (:data:`WRONG`), the word first.

    >>> wrong_words(["you win 1 points", "you win 2 points"])
    ["'1 points' in 'you win 1 points'"]
    """
    return sorted({f"{found.group(0)!r} in {text!r}" for text in texts for found in WRONG.finditer(text)})
