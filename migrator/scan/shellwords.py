"""Shell words with positions: a small lexer for the scripts of shell files and CI jobs.

It splits a script into simple commands (words, redirections, here-strings and here-documents),
marks where a pipeline starts, removes quotes and expands ``$VAR`` / ``${VAR}`` from an `Env`
(unknown variables and command substitutions become ``{}``), and keeps for every character of
every word the script offsets it came from, so a finding can point at the exact text. The
commands inside ``$(...)``, ``<(...)`` and backticks are lexed too and hang off the word. It is
not a shell (no word splitting, globbing or arithmetic): it is right about words, quotes and commands.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

MARK = "{}"
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
ASSIGNMENT = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\+?=")
FD = re.compile(r"\d*")
SPECIAL = "@*#?$!-0123456789"
WORD_END = " \t\r\n;&|<>()"
PLAIN = re.compile(r"[^ \t\r\n;&|<>()\\'\"$`]+")  # a run of characters that stand for themselves
QUOTED_PLAIN = re.compile(r'[^\\$`"]+')  # the same inside double quotes
HEREDOC_PLAIN = re.compile(r"[^\\$`]+")  # and in an unquoted here-document body
OPERATORS = ("&&", "||", ";;", ";&", "|&", "&", ";", "|")
REDIRECTS = ("<<<", "<<-", "&>>", "<<", "<>", "<&", ">>", ">&", ">|", "&>", "<", ">")
PREDEFINED = {"CI_API_V4_URL": "{}/api/v4", "CI_API_GRAPHQL_URL": "{}/api/graphql", "CI_SERVER_URL": "{}"}


class Env:
    """Variables known at a point of a script: value, the source text behind it (for telling
    credentials apart) and, for ``X=$(curl ...)``, the record the output holds."""

    def __init__(self) -> None:
        self.values: dict[str, str] = dict(PREDEFINED)
        self.raws: dict[str, str] = {}
        self.flows: dict[str, tuple[str | None, str]] = {}

    def copy(self) -> Env:
        other = Env()
        other.values, other.raws, other.flows = dict(self.values), dict(self.raws), dict(self.flows)
        return other

    def set(self, name: str, word: Word, flow: tuple[str | None, str] | None = None) -> None:
        self.values[name] = word.value
        self.raws[name] = self.source_of(word)
        if flow is not None:
            self.flows[name] = flow
        else:
            self.flows.pop(name, None)

    def source_of(self, word: Word) -> str:
        """The word's source text with the source text of the variables it uses."""
        return " ".join([word.raw] + [self.raws.get(n, n) for n in word.names])


@dataclass
class Sub:
    """A command substitution: the commands inside, and the record its output holds (scanner)."""

    commands: list[Command]
    flow: tuple[str | None, str] | None = None


@dataclass
class Word:
    """A word's value (in pieces, joined when read: linear in its length) and, per character, its script offsets."""

    pieces: list[str] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)
    literal: list[bool] = field(default_factory=list)
    start: int = 0
    end: int = 0
    raw: str = ""
    names: list[str] = field(default_factory=list)
    subs: list[Sub] = field(default_factory=list)

    @property
    def value(self) -> str:
        if len(self.pieces) != 1:
            self.pieces[:] = ["".join(self.pieces)]
        return self.pieces[0]

    def add(self, text: str, start: int, end: int, literal: bool) -> None:
        self.pieces.append(text)
        self.starts.extend([start] * len(text))
        self.ends.extend([end] * len(text))
        self.literal.extend([literal] * len(text))

    def add_written(self, script: str, start: int, end: int) -> None:
        """The script's characters start..end as they are written (one piece, not one a char)."""
        self.pieces.append(script[start:end])
        self.starts.extend(range(start, end))
        self.ends.extend(range(start + 1, end + 1))
        self.literal.extend([True] * (end - start))

    def range(self, i: int, j: int) -> tuple[int, int]:
        """Script offsets of the value's characters i..j (j exclusive)."""
        if j <= i or i >= len(self.value):
            at = self.starts[i] if i < len(self.starts) else self.end
            return at, at
        return self.starts[i], self.ends[j - 1]

    def written(self, i: int, j: int) -> bool:
        """Whether any of the characters i..j is written here, not expanded from a variable."""
        return any(self.literal[i:j])

    def tail(self, i: int) -> Word:
        return Word([self.value[i:]], self.starts[i:], self.ends[i:], self.literal[i:], self.start, self.end,
                    self.raw, self.names, self.subs)


@dataclass
class Command:
    """One command of a shell script: its words and its redirections."""
    words: list[Word] = field(default_factory=list)
    pipe_start: bool = True
    stdin: Word | None = None
    stdin_file: str | None = None
    stdout_file: str | None = None
    extra: list[Word] = field(default_factory=list)

    def all_words(self) -> list[Word]:
        return self.words + self.extra + ([self.stdin] if self.stdin else [])


class Lexer:
    def __init__(self, script: str, env: Env, start: int = 0, end: int | None = None, in_parens: bool = False):
        self.s = script
        self.env = env
        self.i = start
        self.end = len(script) if end is None else end
        self.in_parens = in_parens
        self.heredocs: list[tuple[Command, Word, bool]] = []

    # ------------------------------------------------------------------ commands
    def commands(self) -> Iterator[Command]:
        cmd, depth = Command(), 0
        while True:
            self._blank()
            if self.i >= self.end:
                break
            c = self.s[self.i]
            if c == "#":
                self._skip_to_newline()
            elif c == "\n":
                self.i += 1
                self._read_heredocs()
                yield from self._flush(cmd)
                cmd = Command()
            elif c == ")" and depth == 0 and self.in_parens:
                self.i += 1
                break
            elif c in "()":
                depth += 1 if c == "(" else -1
                self.i += 1
                yield from self._flush(cmd)
                cmd = Command()
            elif self._redirect(cmd):
                continue
            elif c in ";&|":
                op = next(o for o in OPERATORS if self.s.startswith(o, self.i))
                self.i += len(op)
                yield from self._flush(cmd)
                cmd = Command(pipe_start=op not in ("|", "|&"))
            else:
                cmd.words.append(self.word())
        yield from self._flush(cmd)

    @staticmethod
    def _flush(cmd: Command) -> Iterator[Command]:
        if cmd.words or cmd.extra or cmd.stdin:
            yield cmd

    def _blank(self) -> None:
        while self.i < self.end:
            if self.s[self.i] in " \t\r":
                self.i += 1
            elif self.s.startswith("\\\n", self.i):
                self.i += 2
            elif self.s.startswith("\\\r\n", self.i):
                self.i += 3
            else:
                break

    def _skip_to_newline(self) -> None:
        newline = self.s.find("\n", self.i, self.end)
        self.i = self.end if newline == -1 else newline

    def _redirect(self, cmd: Command) -> bool:
        m = FD.match(self.s, self.i, self.end)
        if self.s[m.end():m.end() + 1] not in ("<", ">", "&"):  # no redirection starts here
            return False
        op = next((o for o in REDIRECTS if self.s.startswith(o, m.end())), None)
        if op is None or (op in ("&>", "&>>") and m.end() != self.i):
            return False
        if op in ("<", ">") and self.s.startswith("(", m.end() + 1):
            return False  # process substitution, lexed as a word
        self.i = m.end() + len(op)
        self._blank()
        if self.i >= self.end or self.s[self.i] in "\n;&|()":
            return True
        target = self.word()
        cmd.extra.append(target)
        if op in ("<<", "<<-"):
            self.heredocs.append((cmd, target, op == "<<-"))
        elif op == "<<<":
            cmd.stdin = target
            cmd.extra.remove(target)
        elif op == "<":
            cmd.stdin_file = target.value
        elif op in (">", ">>", ">|", "&>", "&>>") and not m.group():
            cmd.stdout_file = target.value
        return True

    def _read_heredocs(self) -> None:
        """Here-document bodies become the command's stdin (expanded unless the delimiter is quoted)."""
        for cmd, target, strip in self.heredocs:
            start = body_end = self.i
            while self.i < self.end:
                newline = self.s.find("\n", self.i, self.end)
                stop = self.end if newline == -1 else newline + 1
                line = self.s[self.i:stop].rstrip("\r\n")
                self.i = stop
                if (line.lstrip("\t") if strip else line) == target.value:
                    break
                body_end = stop
            if any(q in target.raw for q in "'\"\\"):
                body = Word(start=start)
                for k in range(start, body_end):
                    body.add(self.s[k], k, k + 1, True)
                body.end, body.raw = body_end, self.s[start:body_end]
            else:
                body = Lexer(self.s, self.env, start, body_end).quoted()
            cmd.stdin = body
        self.heredocs = []

    # ------------------------------------------------------------------ words
    def word(self) -> Word:
        w = Word(start=self.i)
        while self.i < self.end:
            c = self.s[self.i]
            if c in "<>" and self.s.startswith("(", self.i + 1):
                self._substitution(w, self.i, 2)
            elif c == "(" and w.value.endswith("=") and NAME.fullmatch(w.value[:-1]):
                self._literal_until(w, ")")
            elif c in WORD_END:
                break
            elif c == "\\":
                self._escape(w, "")
            elif c == "'":
                close = self._find("'", self.i + 1)
                w.add_written(self.s, self.i + 1, close)
                self.i = close + 1
            elif c == '"':
                self.i += 1
                self._double_quoted(w, '"')
                self.i += 1
            elif c in "$`":
                self._dollar(w)
            else:
                run = PLAIN.match(self.s, self.i, self.end)
                w.add_written(self.s, self.i, run.end())
                self.i = run.end()
        w.end, w.raw = self.i, self.s[w.start:self.i]
        return w

    def quoted(self) -> Word:
        """The whole range as the inside of double quotes: ``$VAR`` expanded, no splitting."""
        w = Word(start=self.i)
        self._double_quoted(w, None)
        w.end, w.raw = self.i, self.s[w.start:self.i]
        return w

    def _find(self, ch: str, start: int) -> int:
        at = self.s.find(ch, start, self.end)
        return self.end if at == -1 else at

    def _literal_until(self, w: Word, ch: str) -> None:
        close = min(self._find(ch, self.i) + 1, self.end)
        w.add_written(self.s, self.i, close)
        self.i = close

    def _escape(self, w: Word, specials: str) -> None:
        nxt = self.s[self.i + 1] if self.i + 1 < self.end else ""
        if nxt == "\n":
            self.i += 2
        elif nxt and (not specials or nxt in specials):
            w.add(nxt, self.i + 1, self.i + 2, True)
            self.i += 2
        else:
            w.add("\\", self.i, self.i + 1, True)
            self.i += 1

    def _double_quoted(self, w: Word, close: str | None) -> None:
        plain = QUOTED_PLAIN if close else HEREDOC_PLAIN
        while self.i < self.end and self.s[self.i] != close:
            c = self.s[self.i]
            if c == "\\":
                self._escape(w, '$`"\\\n')
            elif c in "$`":
                self._dollar(w)
            else:
                run = plain.match(self.s, self.i, self.end)
                w.add_written(self.s, self.i, run.end())
                self.i = run.end()

    def _dollar(self, w: Word) -> None:
        s, i = self.s, self.i
        if s[i] == "`":
            close = self._find("`", i + 1)
            sub = Sub(list(Lexer(s, self.env.copy(), i + 1, close).commands()))
            w.subs.append(sub)
            w.add(MARK, i, close + 1, False)
            self.i = close + 1
        elif s.startswith("$((", i):
            close = s.find("))", i, self.end)
            close = self.end if close == -1 else close + 2
            w.add(MARK, i, close, False)
            self.i = close
        elif s.startswith("$(", i):
            self._substitution(w, i, 2)
        elif s.startswith("${", i):
            self._braced(w, i)
        elif s.startswith("$'", i):
            self.i += 2
            while self.i < self.end and s[self.i] != "'":
                if s[self.i] == "\\":
                    self._escape(w, "")
                else:
                    w.add(s[self.i], self.i, self.i + 1, True)
                    self.i += 1
            self.i += 1
        elif (m := NAME.match(s, i + 1, self.end)) is not None:
            self._variable(w, m.group(), i, m.end())
            self.i = m.end()
        elif i + 1 < self.end and s[i + 1] in SPECIAL:
            w.add(MARK, i, i + 2, False)
            self.i = i + 2
        else:
            w.add("$", i, i + 1, True)
            self.i = i + 1

    def _substitution(self, w: Word, i: int, skip: int) -> None:
        inner = Lexer(self.s, self.env.copy(), i + skip, self.end, in_parens=True)
        sub = Sub(list(inner.commands()))
        w.subs.append(sub)
        w.add(MARK, i, inner.i, False)
        self.i = inner.i

    def _variable(self, w: Word, name: str, start: int, end: int, default: str | None = None) -> None:
        value = self.env.values.get(name)
        if value is None:
            value = MARK if default is None else default
        w.names.append(name)
        w.add(value, start, end, False)

    def _braced(self, w: Word, i: int) -> None:
        depth, k = 0, i + 2
        while k < self.end:
            if self.s[k] == "{":
                depth += 1
            elif self.s[k] == "}":
                if depth == 0:
                    break
                depth -= 1
            k += 1
        inner, self.i = self.s[i + 2:k], min(k + 1, self.end)
        m = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_]*)(:?[-=])?(.*)", inner, re.DOTALL)
        if m is None:
            w.add(MARK, i, self.i, False)
            return
        name, op, rest = m.groups()
        if op:
            default = Lexer(self.s, self.env, i + 2 + m.start(3), i + 2 + m.end(3)).quoted()
            w.names.extend(default.names)
            self._variable(w, name, i, self.i, default.value)
        elif not rest or rest[0] in "%#/":
            self._variable(w, name, i, self.i)
        else:
            w.names.append(name)
            w.add(MARK, i, self.i, False)


def assignment(word: Word) -> tuple[str, Word] | None:
    """``NAME=value`` → (NAME, the value as a word), when the name is written unquoted."""
    m = ASSIGNMENT.match(word.raw)
    if m is None or not all(word.literal[: m.end()]):
        return None
    return m.group(1), word.tail(m.end())


def commands(script: str, env: Env, start: int = 0, end: int | None = None) -> Iterator[Command]:
    return Lexer(script, env, start, end).commands()


def quoted_word(script: str, env: Env) -> Word:
    return Lexer(script, env).quoted()
