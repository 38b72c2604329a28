"""The words a learner should never read, shared by the tests that scan what a learner reads
(``test_learner_words.py``, ``test_reasons.py``) without loading a widget library.

>>> bool(WRONG.search("1 tricks")), bool(WRONG.search("1 trick")), bool(WRONG.search("11 tricks"))
(True, False, False)
"""

import re

__all__ = ["WRONG"]

#: Words a learner should never read: a plural after 1, "(s)" for either, a sign repeated in words,
#: and the arithmetic name "lcm".
WRONG = re.compile(
    r"(?<![\d.])1 (points|tricks|cards|spaces|games|rounds|hands|counters|triangles|jokers|colours|stacks"
    r"|members|players|moves)\b"
    r"|\w\(s\)|\bminus [-−]\d|\bplus \+\d|\blcm\b")
