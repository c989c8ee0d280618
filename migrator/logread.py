"""Reading ``api_json.log`` lines fast, for `migrator audit-log` (auditlog.py).

A log is read in blocks of a megabyte and split at ``\\n`` here, not line by line. Each line is
first decoded by msgspec into `LogEntry`, which takes only the keys a request's findings and
its tally need and skips the rest without building it; a line this fast decoding does not take
whole goes the exact way of auditlog.py (orjson, then json), so both count the same lines as
requests and as malformed. The fast decoding takes a line only where it cannot disagree with
that way:

- the line is ASCII (msgspec does not check the UTF-8 of a value it skips; orjson refuses it);
- it is shorter than Python's limit on an integer's digits (json refuses a longer integer;
  msgspec skips it);
- each key it keeps has the type that key is used as: text or null, and a user id an integer
  that orjson keeps as an integer or text. Anything else fails validation and goes the exact
  way; so do lone surrogates, NaN, a byte order mark and nesting deeper than orjson allows,
  which msgspec refuses outright.

A key written twice keeps its last value, as with orjson and json.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import IO, Annotated

import msgspec

BLOCK = 1 << 20
LONGEST = sys.get_int_max_str_digits() or sys.maxsize  # json refuses an integer with more digits
Int64 = Annotated[int, msgspec.Meta(ge=-(2**63), le=2**63 - 1)]  # orjson reads beyond as a float


class LogRequest(msgspec.Struct, gc=False):
    """The keys of a log line that decide its findings; ``params`` as written, decoded only once
    per distinct text."""

    method: str | None = None
    route: str | None = None
    path: str | None = None
    params: msgspec.Raw = msgspec.Raw()
    token_type: str | None = None


class LogEntry(LogRequest, gc=False):
    """A request's keys and those a matching request is tallied by."""

    time: str | None = None
    username: str | None = None
    meta_user: str | None = msgspec.field(name="meta.user", default=None)
    user_id: Int64 | str | None = None
    ua: str | None = None


decode_request = msgspec.json.Decoder(LogRequest).decode
decode_entry = msgspec.json.Decoder(LogEntry).decode  # again, for the few lines that match
NOT_TAKEN = (msgspec.MsgspecError, RecursionError)  # the line goes the exact way


def line_blocks(stream: IO[bytes]) -> Iterator[tuple[list[bytes], bool]]:
    """The stream's lines (without ``\\n``) a block at a time, each block with whether all its
    lines are `plain_line`. A line split across two reads is joined; a last line without ``\\n``
    is kept. Each read returns what one underlying read gives (``read1``), so where a gzip stream
    breaks off, every whole line before the break has been yielded, as a line-by-line read would."""
    read = getattr(stream, "read1", stream.read)
    carry: list[bytes] = []  # the pieces of a line not yet ended, joined once it ends
    while block := read(BLOCK):
        lines = block.split(b"\n")
        if len(lines) == 1:
            carry.append(block)
            continue
        if carry:
            lines[0] = b"".join((*carry, lines[0]))
        carry = [lines.pop()]
        yield lines, block.isascii() and lines[0].isascii() and max(map(len, lines)) < LONGEST
    if carry and (last := b"".join(carry)):
        yield [last], plain_line(last)


def plain_line(line: bytes) -> bool:
    """Whether msgspec may decode this line: ASCII and shorter than json's longest integer."""
    return len(line) < LONGEST and line.isascii()
