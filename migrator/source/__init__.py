"""Source text, owned in one place: how a file's bytes become text and back (decode.py), what a
line is and where an offset is (lines.py), and where the characters of a string's value stand in
the file (maps.py: YAML scalars, JSON strings, Python string literals).

Scanners, filters and fixers work with character offsets into the file's text; rows and columns
are computed from a `LineIndex` only where a report is made.
"""

from .decode import DecodeError, Encoding, decode, is_binary
from .lines import NEWLINES, LineIndex
from .maps import OffsetMap

__all__ = ["NEWLINES", "DecodeError", "Encoding", "LineIndex", "OffsetMap", "decode", "is_binary"]
