"""Messages read as English: the indefinite article a record's name takes where a message fills
it in (``an approval configuration``, ``a user``, ``a merge request``)."""

from __future__ import annotations

import re

# A vowel sound: a, e, i, o; u unless it sounds "you" (user, unique, usage); the letters of an
# abbreviation that start with one (API, HTTP is "an aitch": none of the record names).
_VOWEL_SOUND = re.compile(r"(?:[aeio]|u(?!s|ni|ti))", re.IGNORECASE)


def with_article(noun: str) -> str:
    """``approval configuration`` → ``an approval configuration``; ``user`` → ``a user``."""
    return f"{'an' if _VOWEL_SOUND.match(noun) else 'a'} {noun}"
