"""Use case: ``check --add-noqa``, as in ruff. Every current finding gets a ``# noqa: CODE`` at the
end of the line it starts on (``//`` in .proto files); a ``# noqa:`` already on the line gets the
new codes after its own. The findings are then suppressed, so a second run adds nothing.

A comment goes only where it changes nothing but comments. It is never added at the end of a line
that ends inside a string (a Python string over several lines, a YAML scalar over several lines
or a block scalar, a quoted shell word over several lines or a here-document), nor after a
backslash that continues the line: those findings are left, with a note. Files of kinds without
comments (JSON, HAR, JSON lines) are left with a note too: ``per-file-ignores`` is the way there.
Parse errors and unused suppressions get no ``noqa``. The result is checked to differ in comments
only (the same Python code, YAML parser events, shell words); a file where it would not is left
as it was.

Files are read and written as ``fix`` reads and writes them (pipeline.load, app/fix.py ``write``:
atomically, in the encoding they were read in, only under the given paths).
"""

from __future__ import annotations

import ast
import io
import tokenize
import warnings
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from .. import kinds
from ..config import FileSettings
from ..discover import SourceFile
from ..filters import SUPPRESSION, directives
from ..fix.apply import apply_edits
from ..kinds import FileKind
from ..pipeline import check_source, load
from ..ruletable import load_table
from ..source import LineIndex
from ..source.comments import TREE_LANGUAGES
from ..values import Edit, Found, ScanError
from .check import rules_for, sources_of
from .fix import FileFix, Roots, write
from .runner import run_all
from .settings import Settings

CONTINUED = "the line continues on the next one, and a comment would end it"
INSIDE = {
    "python": "the line ends inside a string, which a comment would change",
    "yaml": "the line ends inside a YAML scalar over several lines, which a comment would change",
    "shell": "the line ends inside a quoted word or a here-document, which a comment would change",
    "javascript": "the line ends inside a string or a template literal, which a comment would change",
    "go": "the line ends inside a raw string, which a comment would change",
    "java": "the line ends inside a text block, which a comment would change",
    "csharp": "the line ends inside a verbatim or raw string, which a comment would change",
    "ruby": "the line ends inside a string or a heredoc, which a comment would change",
    "php": "the line ends inside a string or a heredoc, which a comment would change",
    "markdown": "a fenced block is suppressed by <!-- migrator: ignore[CODES] --> on the line before it "
                "(--add-noqa never writes into a block)",
    "rst": "a code-block is suppressed by .. migrator: ignore[CODES] on the line before its directive "
           "(--add-noqa never writes into a block)",
}


@dataclass(frozen=True)
class Noqa:
    """One file's text with the suppressions added, how many lines got one, and what was left."""

    text: str
    added: int = 0
    notes: tuple[str, ...] = ()
    failure: str | None = None


@dataclass
class NoqaRun:
    """An `--add-noqa` run's counts."""

    added: int = 0
    files: int = 0
    notes: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def with_noqa(text: str, kind: FileKind, found: Found, filename: str) -> Noqa:
    """The text with a ``noqa`` for each finding's line, where a comment can go (a finding made
    from a touch: a parse error gets none, nor does an unused suppression)."""
    wanted: dict[int, set[str]] = defaultdict(set)
    for finding, touch in found.pairs:
        if touch is not None and touch.role != SUPPRESSION:
            wanted[finding.span.start.row].add(finding.code)
    if not wanted:
        return Noqa(text)
    if kind.comment is None:
        codes = ", ".join(sorted(set().union(*wanted.values())))
        return Noqa(text, notes=(f"{filename}: {kind.title} has no comments: suppress {codes} there "
                                 "with per-file-ignores in the configuration",))
    lines = LineIndex(text, kind.newlines)
    closed = closed_rows(text, lines, kind.strings, set(wanted))
    scripts = script_rows(text, lines, kind, set(closed))
    closed = {row: why for row, why in closed.items() if row not in scripts}
    noqas = {d.row: d for d in directives(text, lines, kind) if d.form == "noqa" and d.codes}
    edits, notes = [], []
    for row, codes in sorted(wanted.items()):
        listed = ", ".join(sorted(codes))
        if row in closed:
            notes.append(f"{filename}:{row}: {listed} left unsuppressed: {closed[row]}")
        elif row in noqas:
            edits.append(Edit(f", {listed}", noqas[row].end, noqas[row].end))
        else:
            end = lines.line_end(row)
            edits.append(Edit(f"  {kind.comment} noqa: {listed}", end, end))
    new = apply_edits(text, edits)
    if edits and not same_meaning(text, new, "yaml-scripts" if scripts else kind.strings):
        return Noqa(text, failure=f"{filename}: no noqa added: the comments would change what the file says")
    return Noqa(new, len(edits), tuple(notes))


def script_rows(text: str, lines: LineIndex, kind: FileKind, rows: set[int]) -> set[int]:
    """Of ``rows``, the lines of a shell script in a YAML host's literal block scalar (a CI job's
    ``script: |``, a workflow's ``run: |``) whose end the shell reads a comment at: not inside a
    quoted word or a here-document, not continued with a backslash (migrator/regions)."""
    if kind.regions is None or kind.strings != "yaml" or not rows:
        return set()
    out: set[int] = set()
    for region in kind.regions(text):
        blocks = [p for p in region.pieces if p.form == "yaml" and getattr(p.at, "style", None) == "|"]
        if region.kind != "shell" or not blocks:
            continue
        inside = LineIndex(region.text, "lf")
        shut = closed_rows(region.text, inside, "shell", set(range(1, inside.rows + 1)))
        for row in range(1, inside.rows + 1):
            end = inside.line_end(row)
            if row in shut or not any(p.start <= end < p.end for p in blocks):
                continue
            host_row = lines.row(region.where(end))
            if host_row in rows:
                out.add(host_row)
    return out


def same_meaning(old: str, new: str, strings: str) -> bool:
    """Whether two texts differ in comments only, as far as the syntax can tell: the same Python
    code, the same YAML events, the same shell words."""
    meaning = MEANING.get(strings)
    try:
        return meaning is None or meaning(old) == meaning(new)
    except Exception:  # noqa: BLE001 - any parser's error: the new text is not the same
        return False


def python_code(text: str) -> object:
    """The compiled code (equal when only comments differ: positions of code are in it, comments
    are not); the syntax tree where the text parses but does not compile."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a SyntaxWarning of the user's code is not ours to show
        try:
            return compile(text, "<noqa>", "exec", dont_inherit=True)
        except SyntaxError:
            return ast.dump(ast.parse(text))


def yaml_events(text: str) -> list[tuple]:
    """The YAML parser's events without their positions (comments make none)."""
    import yaml

    from ..scan.yamlpos import AnyTagLoader

    return [(type(event).__name__, getattr(event, "anchor", None), getattr(event, "tag", None),
             getattr(event, "value", None)) for event in yaml.parse(text, Loader=AnyTagLoader)]


def yaml_script_events(text: str) -> list[tuple]:
    """A YAML host's events, each literal block scalar's value read as the shell's words: the
    same when only shell comments at the ends of script lines differ."""
    return [event[:3] + ((tuple(shell_values(event[3])),) if event[0] == "ScalarEvent" and event[4] == "|"
                         else event[3:4]) for event in _events(text)]


def _events(text: str) -> list[tuple]:
    import yaml

    from ..scan.yamlpos import AnyTagLoader

    return [(type(e).__name__, getattr(e, "anchor", None), getattr(e, "tag", None), getattr(e, "value", None),
             getattr(e, "style", None)) for e in yaml.parse(text, Loader=AnyTagLoader)]


def shell_values(text: str) -> list[str]:
    from ..scan.shellwords import Env, commands

    return [word.raw for command in commands(text, Env()) for word in command.all_words()]


def closed_rows(text: str, lines: LineIndex, strings: str, rows: set[int]) -> dict[int, str]:
    """Of ``rows``, those whose end no comment may follow, with the reason."""
    if strings in ("markdown", "rst"):
        return dict.fromkeys(rows, INSIDE[strings])
    out: dict[int, str] = {}
    try:
        spans = list(MULTILINE[strings](text)) if strings in MULTILINE else []
    except (tokenize.TokenError, SyntaxError, ScanError):
        return {row: "its strings could not be told apart" for row in rows}
    for start, end in spans:
        for row in range(lines.row(start), lines.row(end) + 1):
            if row in rows and start < lines.line_end(row) < end:
                out.setdefault(row, INSIDE[strings])
    if strings in ("python", "shell"):
        out.update({row: CONTINUED for row in rows if row not in out and lines.line(row).endswith("\\")})
    return out


def python_strings(text: str) -> Iterator[tuple[int, int]]:
    """Offsets of the Python strings (and f-strings, tokenized in pieces from 3.12) over several lines."""
    lines = LineIndex(text)
    opened: list[tuple[int, int]] = []
    for token in tokenize.generate_tokens(io.StringIO(text, newline=None).readline):
        name = tokenize.tok_name[token.type]
        if name == "FSTRING_START":
            opened.append(token.start)
        elif name in ("STRING", "FSTRING_END"):
            start = token.start if name == "STRING" else opened.pop()
            if start[0] != token.end[0]:
                yield lines.offset_at(*start), lines.offset_at(*token.end)


def yaml_scalars(text: str) -> Iterator[tuple[int, int]]:
    """Offsets of the YAML scalars over several lines (block scalars among them)."""
    from ..scan.yamlpos import compose_nodes

    seen: set[int] = set()
    stack = list(compose_nodes(text))
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node.value, str):
            if node.start_mark.line != node.end_mark.line:
                yield node.start_mark.index, node.end_mark.index
        else:
            stack.extend(part for item in node.value for part in (item if isinstance(item, tuple) else (item,)))


def shell_words(text: str) -> Iterator[tuple[int, int]]:
    """Offsets of the shell words over several lines (here-document bodies among them)."""
    from ..scan.shellwords import Env, commands

    pending = list(commands(text, Env()))
    while pending:
        for word in pending.pop().all_words():
            if "\n" in text[word.start:word.end]:
                yield word.start, word.end
            pending.extend(command for sub in word.subs for command in sub.commands)


def tree_strings(language: str) -> Callable[[str], Iterator[tuple[int, int]]]:
    """Offsets of a tree-sitter language's strings over several lines (scan/tree/comments.py)."""

    def strings(text: str) -> Iterator[tuple[int, int]]:
        from ..scan.tree.comments import multiline_strings

        return multiline_strings(language, text)

    return strings


def tree_code(language: str) -> Callable[[str], object]:
    """A tree-sitter language's text without its comments, to compare two texts' meaning."""

    def code(text: str) -> object:
        from ..scan.tree.comments import meaning

        return meaning(language, text)

    return code


MULTILINE: dict[str, Callable[[str], Iterator[tuple[int, int]]]] = {
    "python": python_strings, "yaml": yaml_scalars, "shell": shell_words,
    **{language: tree_strings(language) for language in TREE_LANGUAGES},
}
MEANING: dict[str, Callable[[str], object]] = {"python": python_code, "yaml": yaml_events, "shell": shell_values,
                                               "yaml-scripts": yaml_script_events,
                                               **{language: tree_code(language) for language in TREE_LANGUAGES}}


def noqa_job(args: tuple[SourceFile, FileSettings, bool]) -> tuple[FileFix, Noqa, str | None]:
    """(the file as read and as it would be written, what was added, an internal error)."""
    source, settings, writable = args
    table = load_table()
    try:
        rules = rules_for(source, settings, table)
        loaded = load(source, rules, settings.max_file_size, table.spelling(source.kind), table.model)
        if loaded is None or loaded.text is None:
            return FileFix(source), Noqa(""), None
        found = check_source(loaded.text, source.kind, source.display, rules, table).kept(
            lambda f: settings.reports(f, source.path))
        result = with_noqa(loaded.text, kinds.by_name(source.kind), found, source.display)
    except Exception as exc:  # noqa: BLE001 - one bad file must not stop the run
        return FileFix(source), Noqa(""), f"{source.display}: internal error while adding noqa: {type(exc).__name__}: {exc}"
    if result.added and not writable:
        return FileFix(source), Noqa("", notes=(f"{source.display}: outside the given paths: left as it is",)), None
    return FileFix(source, loaded.data, loaded.encoding, loaded.text, result.text, result.added), result, None


def add_noqa(paths: Sequence[str], settings: Settings) -> NoqaRun:
    """Add suppressions for the current findings of every file under paths, and write the files."""
    roots = Roots(paths)
    jobs = [(source, file_settings, roots.target(source.path) is not None)
            for source, file_settings in sources_of(paths, settings)]
    run = NoqaRun()
    for outcome, result, error in run_all(noqa_job, jobs, settings.jobs):
        run.notes.extend(result.notes)
        run.errors.extend(message for message in (error, result.failure) if message)
        if outcome.changed:
            message = write(outcome)
            if message:
                run.errors.append(message)
            else:
                run.added, run.files = run.added + result.added, run.files + 1
    return run
