"""Raw HTTP responses kept as test fixtures (``curl -i`` output in a ``.json`` or ``.txt`` file): a
status line (``HTTP/1.1 200 OK``, ``HTTP/2 200``) and headers before the body. The body is a region
read as recorded JSON at its real offsets (a body that is no JSON is read for endpoint URLs); the
status lines and headers are not read. A ``.json`` file of this shape was a parse error before.
"""

from __future__ import annotations

import re
from pathlib import Path

from .host import host_kind

STATUS = re.compile(rb"\A(?:\xef\xbb\xbf)?HTTP/\d(?:\.\d)? \d{3}\b")
HEAD_END = re.compile(r"\r?\n\r?\n")
STATUS_LINE = re.compile(r"HTTP/\d(?:\.\d)? \d{3}\b")


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() in (".json", ".txt") and STATUS.match(head(64)) is not None


def regions(text: str) -> list:
    """The body after the last header block (``curl -iL`` writes one per response it follows)."""
    from ..regions.lines import Layout, region_of

    start = 0
    while STATUS_LINE.match(text, start):
        end = HEAD_END.search(text, start)
        if end is None:
            return []
        start = end.end()
    if not text[start:].strip():
        return []
    kind = "json" if text[start:].lstrip()[:1] in ("{", "[") else "other"
    return [region_of(kind, text, [(start, len(text), Layout())])]


KIND = host_kind(
    "httpdump", claims, regions, comment=None, examples={"httpdump": "response.json"},
    title="HTTP response (raw)",
)
