"""Command lines of HTTP clients → requests: curl, wget, ``glab api`` and httpie (``http``), and
scripts wrapping curl that are given curl's options.

Each parser reads a command's words (after the command name) and says which URL it calls, with
which method, and which fields it sends where (query, body, form, header), keeping for every
field the characters of the word it came from. Turning requests into touches is shell.py's job.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..syntax import Syntax
from ..values import NO_VALUE
from .jsonbody import object_entries
from .shellwords import MARK, Word

HTTP_METHODS = {"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"}
JSON_BODY = {Syntax.CURL_DATA: Syntax.CURL_JSON, Syntax.CURL_JSON: Syntax.CURL_JSON,
             Syntax.CURL_DATA_URLENCODE: Syntax.CURL_DATA_JSON, Syntax.WGET_DATA: Syntax.WGET_JSON}
"""The form of a JSON object's members in a body sent the given way (--data-urlencode encodes
the object, so its members are no JSON members in what is sent)."""


@dataclass
class Field:
    """A field a shell HTTP client sends."""

    name: str
    value: Any
    location: str
    syntax: Syntax
    word: Word
    span: tuple[int, int]
    key: tuple[int, int]
    val: tuple[int, int] | None = None


@dataclass
class Request:
    """A request a shell HTTP client command makes."""

    tool: str
    url: Word | None = None
    method: str | None = None
    relative: bool = False
    fields: list[Field] = field(default_factory=list)
    headers: list[Field] = field(default_factory=list)
    output: str | None = None
    stdin_body: tuple[str, str] | None = None


def options(words: list[Word], with_arg: set[str], long_eq: bool = True) -> Iterator[tuple[str | None, Word]]:
    """(option, its argument or the option word) for each option, (None, word) for operands."""
    i, operands_only = 0, False
    while i < len(words):
        w, v = words[i], words[i].value
        if operands_only or not v.startswith("-") or v == "-":
            yield None, w
        elif v == "--":
            operands_only = True
        elif v.startswith("--"):
            name, eq, _ = v.partition("=")
            if name in with_arg and eq and long_eq:
                yield name, w.tail(len(name) + 1)
            elif name in with_arg and i + 1 < len(words):
                i += 1
                yield name, words[i]
            else:
                yield name, w
        else:
            for k in range(1, len(v)):
                opt = "-" + v[k]
                if opt in with_arg:
                    if k + 1 < len(v):
                        yield opt, w.tail(k + 1)
                    elif i + 1 < len(words):
                        i += 1
                        yield opt, words[i]
                    break
                yield opt, w
        i += 1


def keep(out: list[Field], found: Field | None) -> None:
    if found is not None:
        out.append(found)


def text_value(text: str) -> Any:
    return NO_VALUE if MARK in text else text


def pair(word: Word, i: int, j: int, sep: str, location: str, syntax: Syntax, convert=text_value) -> Field | None:
    """``key<sep>value`` held in word.value[i:j]."""
    at = word.value.find(sep, i, j)
    if at <= i or MARK in word.value[i:at]:
        return None
    key = word.value[i:at].strip() if sep == ":" else word.value[i:at]
    value = word.value[at + len(sep):j].strip() if sep == ":" else word.value[at + len(sep):j]
    return Field(key, convert(value), location, syntax, word, (i, j), (i, i + len(key)), (at + len(sep), j))


def form_pairs(word: Word, location: str, syntax: Syntax, start: int = 0) -> list[Field]:
    """``a=1&b=2`` (or a JSON object) as fields."""
    entries = object_entries(word.value[start:]) if word.value[start:].lstrip().startswith("{") else None
    if entries is not None:
        return [Field(e.key, e.value, location, JSON_BODY.get(syntax, syntax), word,
                      (start + e.start, start + e.end), (start + e.start, start + e.key_end),
                      (start + e.value_start, start + e.end)) for e in entries]
    out, i = [], start
    for piece in word.value[start:].split("&"):
        found = pair(word, i, i + len(piece), "=", location, syntax) if not piece.startswith("@") else None
        if found is not None:
            out.append(found)
        i += len(piece) + 1
    return out


def json_fields(word: Word, location: str, syntax: Syntax) -> list[Field]:
    return form_pairs(word, location, syntax) if word.value.lstrip().startswith("{") else []


def header(word: Word, syntax: Syntax) -> Field | None:
    return pair(word, 0, len(word.value), ":", "header", syntax)


CURL_ARGS = {
    "-X", "--request", "-d", "--data", "--data-raw", "--data-binary", "--data-ascii", "--data-urlencode",
    "-F", "--form", "--form-string", "--json", "-H", "--header", "-o", "--output", "-u", "--user", "-w",
    "--write-out", "-A", "--user-agent", "-e", "--referer", "-b", "--cookie", "-c", "--cookie-jar",
    "--cacert", "--capath", "-E", "--cert", "--key", "-m", "--max-time", "--connect-timeout", "--retry",
    "--retry-delay", "--retry-max-time", "-T", "--upload-file", "--url", "-K", "--config", "-x", "--proxy",
    "--resolve", "-r", "--range", "-C", "--continue-at", "-y", "-Y", "-z", "-t", "-Q", "-U", "-D",
    "--dump-header", "-P", "--limit-rate", "--oauth2-bearer", "--max-redirs", "--interface", "--stderr",
    "--trace", "--trace-ascii", "--proto", "--proto-redir", "--noproxy", "--variable", "--expand-data",
}
CURL_DATA = {"-d": Syntax.CURL_DATA, "--data": Syntax.CURL_DATA, "--data-raw": Syntax.CURL_DATA,
             "--data-binary": Syntax.CURL_DATA, "--data-ascii": Syntax.CURL_DATA,
             "--data-urlencode": Syntax.CURL_DATA_URLENCODE}


def curl(words: list[Word]) -> Request:
    req, data, query_mode, upload = Request("curl"), [], False, False
    for opt, arg in options(words, CURL_ARGS, long_eq=False):
        if opt is None or opt == "--url":
            req.url = req.url or arg
        elif opt in ("-X", "--request"):
            req.method = arg.value.upper()
        elif opt in ("-G", "--get"):
            query_mode = True
        elif opt in ("-I", "--head"):
            req.method = req.method or "HEAD"
        elif opt in ("-T", "--upload-file"):
            upload = True
        elif opt in CURL_DATA or opt in ("-F", "--form", "--form-string", "--json"):
            data.append((opt, arg))
        elif opt in ("-H", "--header"):
            keep(req.headers, header(arg, Syntax.CURL_HEADER))
        elif opt == "--oauth2-bearer":
            req.headers.append(Field("Authorization", NO_VALUE, "header", Syntax.CURL_HEADER, arg, (0, len(arg.value)), (0, 0)))
        elif opt in ("-o", "--output"):
            req.output = arg.value
    if req.method is None:
        req.method = "GET" if query_mode else "POST" if data else "PUT" if upload else "GET"
    for opt, arg in data:
        if arg.value == "@-" and opt not in ("-F", "--form", "--form-string"):
            req.stdin_body = ("query" if query_mode else "body", Syntax.CURL_JSON if opt == "--json" else CURL_DATA[opt])
        req.fields.extend(_curl_data(opt, arg, query_mode))
    return req


def _curl_data(opt: str, arg: Word, query_mode: bool) -> list[Field]:
    if opt in ("-F", "--form", "--form-string"):
        return [f for f in [pair(arg, 0, len(arg.value), "=", "form", Syntax.CURL_FORM, _form_value)] if f]
    if opt == "--json":
        return json_fields(arg, "body", Syntax.CURL_JSON)
    if arg.value.startswith("@"):
        return []
    location = "query" if query_mode else "body"
    if opt == "--data-urlencode":
        return [f for f in [pair(arg, 0, len(arg.value), "=", location, Syntax.CURL_DATA_URLENCODE)] if f]
    return form_pairs(arg, location, CURL_DATA[opt])


def _form_value(text: str) -> Any:
    return NO_VALUE if text.startswith(("@", "<")) else text_value(text)


GLAB_ARGS = {"-X", "--method", "-F", "--field", "-f", "--raw-field", "-H", "--header", "--hostname", "--input",
             "-q", "--jq", "-t", "--template", "-R", "--repo"}


def glab(words: list[Word]) -> Request | None:
    if not words or words[0].value != "api":
        return None
    req, raw_input, fields = Request("glab", relative=True), False, []
    for opt, arg in options(words[1:], GLAB_ARGS):
        if opt is None:
            req.url = req.url or arg
        elif opt in ("-X", "--method"):
            req.method = arg.value.upper()
        elif opt in ("-F", "--field", "-f", "--raw-field"):
            fields.append((opt in ("-F", "--field"), arg))
        elif opt in ("-H", "--header"):
            keep(req.headers, header(arg, Syntax.GLAB_HEADER))
        elif opt == "--input":
            raw_input = True
    req.method = req.method or ("POST" if fields else "GET")
    location = "query" if raw_input or req.method == "GET" else "body"
    for typed, arg in fields:
        syntax, convert = (Syntax.GLAB_FIELD, glab_value) if typed else (Syntax.GLAB_RAW_FIELD, text_value)
        keep(req.fields, pair(arg, 0, len(arg.value), "=", location, syntax, convert))
    return req


def glab_value(text: str) -> Any:
    """glab api --field: true, false, null and integers become JSON values; @file reads a file."""
    if text in ("true", "false", "null"):
        return {"true": True, "false": False, "null": None}[text]
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return NO_VALUE if text.startswith("@") else text_value(text)


WGET_ARGS = {"-O", "--output-document", "-o", "--output-file", "-a", "--append-output", "--header", "--method",
             "--body-data", "--post-data", "--body-file", "--post-file", "-U", "--user-agent", "-t", "--tries",
             "-T", "--timeout", "-P", "--directory-prefix", "-e", "--execute", "--user", "--password", "-w",
             "--wait", "-Q", "--quota", "-i", "--input-file", "--ca-certificate", "--certificate"}


def wget(words: list[Word]) -> Request:
    req, body = Request("wget"), None
    for opt, arg in options(words, WGET_ARGS):
        if opt is None:
            req.url = req.url or arg
        elif opt == "--method":
            req.method = arg.value.upper()
        elif opt in ("--body-data", "--post-data"):
            body = arg
        elif opt in ("--body-file", "--post-file"):
            req.method = req.method or "POST"
        elif opt == "--header":
            keep(req.headers, header(arg, Syntax.WGET_HEADER))
        elif opt in ("-O", "--output-document"):
            req.output = arg.value
    req.method = req.method or ("POST" if body else "GET")
    if body is not None:
        req.fields = form_pairs(body, "body", Syntax.WGET_DATA)
    return req


HTTPIE_ARGS = {"-a", "--auth", "-A", "--auth-type", "-p", "--print", "-o", "--output", "--session",
               "--session-read-only", "--verify", "--cert", "--cert-key", "--proxy", "--timeout", "--pretty",
               "-s", "--style", "--max-redirects", "--default-scheme", "--format-options", "--response-charset",
               "--response-mime", "--boundary"}
HTTPIE_SEPARATORS = ("==", ":=@", "=@", ":=", "@", "=", ":")


def httpie(words: list[Word]) -> Request:
    req, form, items = Request("httpie"), False, []
    for opt, arg in options(words, HTTPIE_ARGS):
        if opt in ("-f", "--form", "--multipart"):
            form = True
        elif opt in ("-o", "--output"):
            req.output = arg.value
        elif opt is None and req.url is None and req.method is None and arg.value in HTTP_METHODS:
            req.method = arg.value
        elif opt is None and req.url is None:
            req.url = arg
        elif opt is None:
            items.append(arg)
    for item in items:
        _httpie_item(req, item, "form" if form else "body")
    req.method = req.method or ("POST" if req.fields and any(f.location != "query" for f in req.fields) else "GET")
    return req


def _httpie_item(req: Request, item: Word, body: str) -> None:
    text = item.value
    for at in range(1, len(text)):
        sep = next((s for s in HTTPIE_SEPARATORS if text.startswith(s, at)), None)
        if sep is None:
            continue
        if sep == ":":
            keep(req.headers, pair(item, 0, len(text), ":", "header", Syntax.HTTPIE_HEADER))
        elif sep == "==":
            keep(req.fields, pair(item, 0, len(text), sep, "query", Syntax.HTTPIE_QUERY))
        else:
            convert = _json_value if sep == ":=" else text_value if sep == "=" else (lambda _: NO_VALUE)
            syntax = Syntax.HTTPIE_JSON if sep == ":=" else Syntax.HTTPIE_FIELD
            keep(req.fields, pair(item, 0, len(text), sep, body, syntax, convert))
        return


def _json_value(text: str) -> Any:
    try:
        value = json.loads(text)
    except ValueError:
        return NO_VALUE
    return NO_VALUE if isinstance(value, (dict, list)) else value


PARSERS = {"curl": curl, "wget": wget, "glab": glab, "http": httpie, "https": httpie, "xh": httpie}
WRAPPER = "curl-wrapper"
WRAPPER_SIGNS = frozenset({"-X", "--request", "-d", "--data", "--data-raw", "--data-binary", "--json"})
"""curl's own options, which a script or function wrapping curl is given along with a path."""


def parse(name: str, words: list[Word]) -> Request | None:
    """The request of a command line: an HTTP client's, or (``tool`` WRAPPER) that of any other
    command given curl's method or data options (``gitlab_api.sh /projects -X POST -d '{...}'``),
    which the scanner takes for a request only when its path is one of the API's."""
    parser = PARSERS.get(name)
    if parser is not None:
        return parser(words)
    if not any(w.value in WRAPPER_SIGNS for w in words):
        return None
    request = curl(words)
    request.tool = WRAPPER
    return request
