"""Shell scanner: ``*.sh``, ``*.bash``, shebang scripts, and the scripts of CI jobs (ci.py).

It reports the API calls made with curl, wget, ``glab api`` and httpie (endpoint, query, body,
form and header fields, with the credential type of the request), URLs assigned to variables,
and the fields jq filters read. The record of a jq filter's input comes from the request earlier
in the same pipeline, or from a variable or file that holds a response (``MR=$(curl ...)``,
``curl -o runners.json``); otherwise it is unknown. JSON written in a string that is no request's
body (a test double's ``echo '{"iid": 1, ...}'``, a here-document, ``mr='{...}'``) is a mock
response, read like a recorded fixture when it carries a record's signature (recorded.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import unquote

from ..apimodel import ApiModel
from ..details import Expression, Range, Shell, Siblings, Written, others
from ..details import Request as RequestDetail
from ..syntax import Syntax
from ..regions import Piece, Region, dispatch
from ..regions.lines import Layout
from ..source.maps import OffsetMap
from ..values import NO_VALUE, ScanError, Touch
from . import jq, recorded, shellfields, urls
from .httpclients import WRAPPER, Field, Request, form_pairs, parse
from .shellwords import Command, Env, Word, assignment, commands, quoted_word

Flow = tuple[str | None, str]
KEYWORDS = {"if", "then", "else", "elif", "do", "while", "until", "!", "{", "time", "exec", "command",
            "nohup", "sudo", "env", "builtin"}
DECLARE = {"export", "local", "declare", "readonly", "typeset"}
JQ = {"jq", "gojq", "jaq"}
JQ_ARGS = {"--arg": 2, "--argjson": 2, "--slurpfile": 2, "--rawfile": 2, "--indent": 1, "-L": 1,
           "-f": 1, "--from-file": 1}
PASS_THROUGH = {"echo", "printf", "cat", "tee"}
INTERPRETER = re.compile(r"(python|node|nodejs)(?:\d+(?:\.\d+)*)?")
INLINE = {"python": ("-c",), "javascript": ("-e", "--eval", "-p", "--print")}
GLAB_PLACEHOLDER = re.compile(r":(?:branch|fullpath|group|id|namespace|repo|user|username)\b")


@dataclass(frozen=True)
class ShellScope:
    """What a host knows where a shell region starts (migrator/regions): the variables set
    before it (a CI file's ``variables``), and, when the region is one variable's value rather
    than a script, that variable's name (``assign``) and its value as one word (``value``: the
    host read it to set the variable for what follows)."""

    env: Env
    assign: str | None = None
    value: Word | None = None


def scan(text: str, model: ApiModel) -> list[Touch]:
    if "\r" in text and "\n" not in text.rstrip("\r"):
        raise ScanError("CR-only line endings: bash reads the whole file as one line (convert to LF)")
    return scan_script(text, model, Env())


def scan_region(text: str, model: ApiModel, scope: ShellScope) -> list[Touch]:
    """A shell region with its host's variables: a script, or one variable's value."""
    env = scope.env.copy()
    if scope.assign is None:
        return scan_script(text, model, env)
    scanner = ScriptScanner(text, model, env)
    scanner.assign(scope.assign, scope.value or quoted_word(text, env))
    return scanner.touches


def scan_script(script: str, model: ApiModel, env: Env) -> list[Touch]:
    """Touches of one script, in its offsets."""
    scanner = ScriptScanner(script, model, env)
    scanner.run(commands(script, env))
    return scanner.touches


class ScriptScanner:
    def __init__(self, text: str, model: ApiModel, env: Env):
        self.text, self.model, self.env = text, model, env
        self.touches: list[Touch] = []
        self.files: dict[str, Flow] = {}

    def span(self, a: int, b: int) -> Range:
        """The script's characters a..b (b exclusive; an empty range stays at a)."""
        return (a, b) if b > a else (a, a)

    def word_span(self, word: Word, i: int, j: int) -> Range:
        return self.span(*word.range(i, j))

    def maybe_span(self, script_range: Range | None) -> Range | None:
        return self.span(*script_range) if script_range else None

    # ------------------------------------------------------------------ commands
    def run(self, cmds: Iterable[Command]) -> Flow | None:
        flow: Flow | None = None
        for cmd in cmds:
            if cmd.pipe_start:
                flow = None
            for word in cmd.all_words():
                for sub in word.subs:
                    sub.flow = self.run(sub.commands)
            flow = self.command(cmd, flow)
        return flow

    def command(self, cmd: Command, flow: Flow | None) -> Flow | None:
        words = list(cmd.words)
        while words and (words[0].value in KEYWORDS or assignment(words[0])):
            found = assignment(words.pop(0))
            if found and not words:
                self.assign(*found)
        if not words:
            return None
        name, args = words[0].value.rsplit("/", 1)[-1], words[1:]
        if name in DECLARE:
            for found in filter(None, map(assignment, args)):
                self.assign(*found)
            return None
        request = parse(name, args)
        if request is not None and request.url is not None:
            sent = self.request(request, cmd)
            if sent is not None or request.tool != WRAPPER:
                return sent
        if name in JQ:
            self.jq(args, flow or self.stdin_flow(cmd))
            return None
        program = self.program(name, args, cmd)
        if program is not None:
            return None
        for word in args + ([cmd.stdin] if cmd.stdin else []):
            self.url_word(word)
            self.json_word(word)
        if name in PASS_THROUGH:
            return flow or self.stdin_flow(cmd) or self.named_flow(args)
        return None

    def program(self, name: str, args: list[Word], cmd: Command) -> Region | None:
        """The program an interpreter runs from the script itself: its touches are read here."""
        region = program_region(name, args, cmd, self.text)
        if region is not None:
            self.touches.extend(dispatch.scan(region, self.model))
        return region

    def assign(self, name: str, value: Word) -> None:
        """``NAME=value``: remember the value; a URL assigned is reported where it is written."""
        flow = value.subs[0].flow if len(value.subs) == 1 and value.value == urls.MARK else None
        if flow is None and value.names and not value.written(0, len(value.value)):
            flow = self.env.flows.get(value.names[0])
        self.env.set(name, value, flow)
        self.url_word(value)
        self.json_word(value, name)

    def stdin_flow(self, cmd: Command) -> Flow | None:
        if cmd.stdin_file in self.files:
            return self.files[cmd.stdin_file]
        return self.named_flow([cmd.stdin]) if cmd.stdin else None

    def named_flow(self, words: list[Word]) -> Flow | None:
        for word in words:
            if word.value in self.files:
                return self.files[word.value]
            for name in word.names:
                if name in self.env.flows:
                    return self.env.flows[name]
        return None

    # ------------------------------------------------------------------ URLs and requests
    def url_word(self, word: Word) -> None:
        """A URL written outside any request (an assignment, an argument of another command)."""
        if "/" not in word.value:
            return
        api = urls.parse(word.value, self.model)
        if api is not None:
            self.endpoint(api, word, api.path_offset, None, urls.literal_evidence(api), None, Syntax.URL)

    def json_word(self, word: Word, name: str | None = None) -> None:
        """JSON written in a word (``name``: the variable it is assigned to) as a mock response:
        a region of the script (migrator/regions)."""
        if word.value.lstrip()[:1] in ("{", "[") and word.written(0, len(word.value)):
            omap, exact = word_map(word, self.text)
            mock = recorded.Mock("shell-string", name)
            region = Region("json", (word.start, word.end), word.value, omap, scope=mock, exact=exact)
            self.touches.extend(dispatch.scan(region, self.model))

    def endpoint(self, api: urls.ApiUrl, word: Word, path_at: int, method: str | None, evidence: str,
                 auth: str | None, syntax: Syntax, sent: Siblings = ()) -> None:
        """The endpoint and its query fields, where this word writes them (not when they all come
        from a variable: they were reported where the variable was set). ``sent``: the fields
        the request sends besides."""
        query_at = word.value.find("?", path_at)
        path_end = len(word.value) if query_at == -1 else query_at
        if word.written(path_at, path_end):
            span = self.word_span(word, 0, len(word.value))
            self.touches.append(urls.endpoint_touch(api, span, method, evidence, syntax, auth=auth))
        if query_at == -1:
            return
        query = word.value[query_at + 1:].split("#", 1)[0]
        held = urls.parse_query(query)
        i = query_at + 1
        for piece in query.split("&"):
            key, eq, value = piece.partition("=")
            if key and urls.MARK not in key and word.written(i, i + len(piece)):
                value = urls.parse_query(piece)[0][1] if eq else NO_VALUE
                found = Field(unquote(key), value, "query", Syntax.URL_QUERY, word, (i, i + len(piece)),
                              (i, i + len(key)), (i + len(key) + 1, i + len(piece)) if eq else None)
                index = next(k for k, (name, _) in enumerate(held) if name == found.name)
                removal = shellfields.piece(self.text, word, found.span, query_at, query_at + 1 + len(query))
                shell = Shell(self.span(word.start, word.end), piece=self.maybe_span(removal))
                self.param(found, api, method, evidence, auth, others(held, index) + tuple(sent), shell)
            i += len(piece) + 1

    def request(self, req: Request, cmd: Command) -> Flow | None:
        text = req.url.value
        if req.relative:
            text = GLAB_PLACEHOLDER.sub(urls.MARK, text)
        api = urls.parse(text, self.model, relative_ok=req.relative)
        if api is None or (req.tool == WRAPPER and not (api.under_api or api.template)):
            return None
        evidence = "typed" if api.under_api or req.relative else "named" if req.tool == WRAPPER else "bare"
        auth = self.auth(req, api)
        path_at = api.path_offset if not req.relative else 0
        syntax = Syntax.GLAB_ENDPOINT if req.relative else Syntax.URL
        if req.stdin_body and cmd.stdin:
            req.fields.extend(form_pairs(cmd.stdin, *req.stdin_body))
        sent = [(f.name, f.value) for f in req.fields]
        self.endpoint(api, req.url, path_at, req.method, evidence, auth, syntax, sent)
        url = req.url.value
        query = urls.parse_query(url.split("?", 1)[1].split("#", 1)[0]) if "?" in url else ()
        for index, found in enumerate(req.fields):
            words, piece = shellfields.removal(self.text, cmd, found)
            shell = Shell(self.span(found.word.start, found.word.end), self.maybe_span(words), self.maybe_span(piece))
            self.param(found, api, req.method, evidence, auth, others(sent, index) + tuple(query), shell)
        for found in req.headers:
            if found.name.lower() not in urls.PLAIN_HEADERS:
                self.param(found, api, req.method, evidence, auth)
        flow = (api.record, evidence)
        for output in (req.output, cmd.stdout_file):
            if output and output != "/dev/null":
                self.files[output] = flow
        return flow

    def auth(self, req: Request, api: urls.ApiUrl) -> str | None:
        """The credential type the request sends: from its headers, else its query or fields."""
        for found in req.headers:
            credential = self.model.credential_type(found.name, "headers", self.env.source_of(found.word))
            if credential:
                return credential
        for key, _ in api.query:
            credential = self.model.credential_type(key, "query", self.env.source_of(req.url))
            if credential:
                return credential
        for found in req.fields:
            credential = self.model.credential_type(found.name, "query", self.env.source_of(found.word))
            if credential:
                return credential
        return None

    def param(self, found: Field, api: urls.ApiUrl, method: str | None, evidence: str, auth: str | None,
              siblings: Siblings = (), shell: Shell | None = None) -> None:
        """A field the request sends; ``siblings``: what else it sends (fields and query)."""
        word = found.word
        value_span = self.word_span(word, *found.val) if found.val is not None else None
        self.touches.append(Touch(
            role="param", name=found.name, range=self.word_span(word, *found.span), record=api.record,
            evidence=evidence, context=urls.context_of(method), method=method or "GET",
            value=found.value, syntax=found.syntax, request=RequestDetail(api.name, found.location, auth),
            written=Written(self.word_span(word, *found.key), value_span, siblings=siblings), shell=shell,
        ))

    # ------------------------------------------------------------------ jq
    def jq(self, args: list[Word], flow: Flow | None) -> None:
        filt, files, i = None, [], 0
        while i < len(args):
            value = args[i].value
            if value in ("-f", "--from-file"):
                filt = False
            if value in JQ_ARGS:
                i += JQ_ARGS[value]
            elif value.startswith("-") and value != "-":
                pass
            elif filt is None:
                filt = args[i]
            else:
                files.append(args[i])
            i += 1
        if not filt:
            return
        record, evidence = flow or self.named_flow(files) or (None, "bare")
        for found in jq.fields(filt.value):
            self.jq_touch(filt, found, record if found.root else None, evidence if found.root and record else "bare")

    def jq_touch(self, word: Word, found: jq.JqField, record: str | None, evidence: str) -> None:
        compare = self.word_span(word, *found.compare) if found.compare else None
        self.touches.append(Touch(
            role="field", name=found.name, range=self.word_span(word, found.start, found.end), record=record,
            evidence=evidence, context=found.context, value=found.value, syntax=found.syntax,
            expression=Expression(found.op, compare, term=found.term), shell=Shell(self.span(word.start, word.end)),
        ))


def program_region(name: str, args: list[Word], cmd: Command, script: str) -> Region | None:
    """The program an interpreter runs from the script itself (``python -c '…'``, ``node -e '…'``,
    ``python - <<EOF``): a region of the script in the interpreter's kind, or None when the
    command runs none. A program written as it reads (single quotes, a quoted here-document) is
    one piece, fixed in place; one with escapes or expansions is read, its positions estimated."""
    kind = interpreter(name)
    if kind is None:
        return None
    word = next((args[i + 1] for i, arg in enumerate(args[:-1]) if arg.value in INLINE[kind]), None)
    operands = [arg for arg in args if not arg.value.startswith("-") or arg.value == "-"]
    if word is None and cmd.stdin is not None and (not operands or operands[0].value == "-"):
        word = cmd.stdin
    if word is None or not word.value or not word.written(0, len(word.value)):
        return None
    omap, exact = word_map(word, script)
    span = (omap(0), omap.end(len(word.value)))
    as_written = exact and script[span[0]:span[1]] == word.value  # no quote, escape or expansion inside
    pieces = (Piece(0, len(word.value), span, "lines", (Layout(), None)),) if as_written else ()
    return Region(kind, span, word.value, omap, exact=exact, pieces=pieces, embedded="shell-program")


def programs(script: str) -> list[Region]:
    """The programs the script's commands run from the script itself (for the fixer)."""
    out, pending = [], list(commands(script, Env()))
    while pending:
        cmd = pending.pop(0)
        words = [w for w in cmd.words if not assignment(w)]
        if words:
            region = program_region(words[0].value.rsplit("/", 1)[-1], words[1:], cmd, script)
            out += [region] if region is not None else []
        pending += [sub_cmd for w in cmd.all_words() for sub in w.subs for sub_cmd in sub.commands]
    return out


def interpreter(name: str) -> str | None:
    """The kind of program a command runs (``python3.12`` → python, ``node`` → javascript)."""
    found = INTERPRETER.fullmatch(name)
    return None if found is None else "python" if found.group(1) == "python" else "javascript"


def word_map(word: Word, script: str) -> tuple[OffsetMap, bool]:
    """The map of a word's value to the script, and whether a span of it is the text as written:
    no character written as an escape (``\\"``); variables and command substitutions are skipped."""
    anchors = [(i, word.starts[i]) for i in range(len(word.value))
               if i == 0 or word.starts[i] != word.starts[i - 1] + 1]
    written = {word.starts[i] for i in range(len(word.value)) if word.literal[i]}
    exact = all(script[at] == char and not (at and script[at - 1] == "\\" and at - 1 not in written)
                for at, char, literal in zip(word.starts, word.value, word.literal) if literal)
    return OffsetMap(anchors or [(0, word.start)]), exact
