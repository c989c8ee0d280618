"""Hostile inputs of issue 9, one small writer per input: each writes its input into a given
directory and returns the path of the hostile file (or files).

The regression tests of issue 9 and `bench/hostile.py` build their inputs here, so the shapes live
in one place. Large inputs are generated at run time, never committed: writers of the size cases
take the size in bytes, which a test sets just above the size limit it configures and the
benchmark sets to the sizes the issue measured.

The policy every docstring refers to (issue 9):

- *parse-error*: a file migrator cannot read, decode or parse, or that is over the size limit,
  gets one MIG999 parse-error finding that names the file and the reason; it makes the exit
  status 1 like any finding, and every other file is still reported.
- *skip-note*: what is not a regular file (FIFO, device, socket) and broken or looping symlinks
  are skipped with one line on stderr naming them; the exit status is what the other files give.
- `audit-log` has no size limit: bad lines are counted as malformed, an unreadable or corrupt
  file is reported with its name, and the other files are still reported.
"""

from __future__ import annotations

import gzip
import json
import os
import stat
from collections.abc import Callable
from pathlib import Path

# A file with exactly one finding (MIG060, a safe fix): the witness that other files are still
# reported next to a hostile one, and the file that fix cases rewrite.
CLEAN_PYTHON = (
    "import gitlab\n"
    "gl = gitlab.Gitlab()\n"
    "for runner in gl.runners.list():\n"
    "    print(runner.active)\n"
)
CLEAN_FINDINGS = 1
RUNNER_SCOPE_CURL = 'curl -s "$CI_API_V4_URL/runners?scope=active"'
SHELL_SCRIPT = (  # 6 findings with LF line endings
    "#!/bin/sh\n"
    f"{RUNNER_SCOPE_CURL}\n"
    'curl -s "$CI_API_V4_URL/geo_nodes"\n'
    'curl -s "$CI_API_V4_URL/runners/all?scope=paused" | jq -r \'.[] | select(.active) | .id\'\n'
    'curl -s -X PUT "$CI_API_V4_URL/runners/7" --form "active=false"\n'
    'curl -s "$CI_API_V4_URL/projects/1/merge_requests/2" | jq -r .merged_by.username\n'
)
CI_YAML = (  # 2 findings, both with a safe fix, from the third line on
    "stages: [audit]\n"
    "audit:\n"
    "  stage: audit\n"
    "  script:\n"
    f"    - {RUNNER_SCOPE_CURL}\n"
    '    - curl -s "$CI_API_V4_URL/geo_nodes"\n'
)
TELEMETRY_PROTO = (  # 5 findings; with CR-only endings the first line's comment hides them all
    "// The flight computer's telemetry messages.\n"
    'syntax = "proto2";\n'
    "package service.telemetry;\n"
    "message Position {\n"
    "  required uint64 timestamp = 1;\n"
    "  required double latitude = 2;\n"
    "  required double lon = 3;\n"
    "  optional float altitude_agl = 4;\n"
    "  required float altitude_msl = 5;\n"
    "  required float horizontal_accuracy = 6;\n"
    "}\n"
    "message Attitude { required uint64 timestamp = 1; required float yaw = 2; "
    "required double pitch = 3; required float roll = 5; }\n"
)
RESPONSES_RECORDING = (  # 3 findings: a `responses` recording of the approvals endpoint
    "responses:\n"
    "- response:\n"
    "    body: '{\"approvers\":[],\"approver_groups\":[],\"require_password_to_approve\":false}'\n"
    "    content_type: text/plain\n"
    "    method: GET\n"
    "    status: 200\n"
    "    url: https://gitlab.example.com/api/v4/projects/4/approvals\n"
)
RUNNER_JSON = ('{"id": %d, "description": "runner %d", "active": true, "paused": false, '
               '"is_shared": true, "runner_type": "instance_type", "online": true, "status": "online"}')
BAD_GITIGNORE_LINES = ("[z-a]", "\\", "!")
# Root reads and writes whatever the modes say: a test of the mode inputs skips as root, or runs
# migrator without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH (as bench/hostile_measure.py does).
ROOT_IGNORES_MODES = os.geteuid() == 0
ESCAPE = "\x1b]0;owned\x07\x1b[2J"  # sets the terminal title, then clears the screen


def _write(path: Path, text: str | bytes, newline: str = "\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, str):
        text = text.replace("\n", newline).encode("utf-8")
    path.write_bytes(text)
    return path


def _grow(unit: Callable[[int], str], size: int) -> str:
    """unit(0) + unit(1) + … up to the first that makes size bytes or more (units are ASCII)."""
    parts, total = [], 0
    while total < size:
        parts.append(unit(len(parts)))
        total += len(parts[-1])
    return "".join(parts)


def _repeat(unit: str, size: int) -> str:
    return _grow(lambda _: unit, size)


def clean_python(directory: Path, name: str = "clean.py") -> Path:
    """A Python file with CLEAN_FINDINGS (1) finding, MIG060 with a safe fix. Expected next to any
    hostile input: its finding is still reported."""
    return _write(directory / name, CLEAN_PYTHON)


def clean_tree(directory: Path, count: int, per_directory: bool = False) -> list[Path]:
    """count clean Python files (one safe fix each): in one directory, or each in its own (as
    pre-commit names them). 64 or more make check and fix use the process pool."""
    return [clean_python(directory / f"d{i:05d}" if per_directory else directory, f"clean{i:05d}.py")
            for i in range(count)]


# --- A committed file crashes or aborts the whole run ---------------------------------------

def deep_yaml_ci(directory: Path, depth: int = 50_000) -> Path:
    """`.gitlab-ci.yml` of `[` × depth then `]` × depth (libyaml's composer runs out of C stack),
    after a comment with API tokens so that the prefilter keeps it (a CI file with no token of
    any rule is never parsed). Expected: parse-error naming the file (nested too deeply), exit 1,
    other files reported."""
    return _write(directory / ".gitlab-ci.yml", f"# {RUNNER_SCOPE_CURL}\n" + "[" * depth + "]" * depth + "\n")


def deep_yaml_cassette(directory: Path, depth: int = 50_000) -> Path:
    """A VCR cassette whose `interactions:` is nested depth deep, with API tokens in a comment so
    the prefilter keeps it. Expected: parse-error naming the file, exit 1, others reported."""
    text = f"# {RUNNER_SCOPE_CURL}\ninteractions: " + "[" * depth + "]" * depth + "\n"
    return _write(directory / "cassettes" / "deep.yaml", text)


def symlink_loop(directory: Path, name: str = "loop.txt") -> Path:
    """`ln -s loop.txt loop.txt`. Expected (check and fix): skip-note naming the link, exit from
    the other files."""
    link = directory / name
    directory.mkdir(parents=True, exist_ok=True)
    os.symlink(name, link)
    return link


def bad_gitignore(directory: Path, line: str) -> Path:
    """A `.gitignore` holding one line git ignores (see BAD_GITIGNORE_LINES: `[z-a]`, a lone `\\`,
    a lone `!`). Expected: the line is ignored as git does; the run is not aborted."""
    return _write(directory / ".gitignore", f"{line}\n")


def unreadable_gitignore(directory: Path) -> Path:
    """A `.gitignore` with mode 000 (ROOT_IGNORES_MODES). Expected: the run is not aborted; the
    file is named on stderr or as a finding."""
    path = _write(directory / ".gitignore", "*.log\n")
    path.chmod(0)
    return path


def _python(directory: Path, name: str, expression: str) -> Path:
    return _write(directory / name, f"X = {expression}runner.active\n")


def python_minus_chain(directory: Path, count: int = 100_000) -> Path:
    """`X = ` + `-` × count + `runner.active` (the parser gives MemoryError or crashes).
    Expected: parse-error naming the file, exit 1, other files reported."""
    return _python(directory, "minus.py", "-" * count)


def python_not_chain(directory: Path, count: int = 50_000) -> Path:
    """`not ` × count before `runner.active`. Expected: parse-error naming the file, exit 1."""
    return _python(directory, "nots.py", "not " * count)


def python_lambda_chain(directory: Path, count: int = 5_000) -> Path:
    """`lambda: ` × count before `runner.active`. Expected: parse-error naming the file, exit 1."""
    return _python(directory, "lambdas.py", "lambda: " * count)


def _log_line(path: str, params: dict, username: str = "alice", ua: str = "curl/8.5.0") -> str:
    route = "/api/:version" + path.removeprefix("/api/v4")
    entry = {"time": "2024-03-01T10:00:00.000Z", "method": "GET", "path": path, "route": route,
             "params": [{"key": k, "value": v} for k, v in params.items()], "status": 200,
             "username": username, "ua": ua}
    return json.dumps(entry) + "\n"


AUDIT_LINES = (  # two requests, each reported by one rule (MIG062, MIG001)
    _log_line("/api/v4/runners/all", {"scope": "active"})
    + _log_line("/api/v4/geo_nodes", {}, "bob", "python-gitlab/4.4.0")
)


def audit_log(directory: Path, name: str = "api_json.log") -> Path:
    """A good `api_json.log`: 2 requests that 2 rules report. The witness next to a bad log."""
    return _write(directory / name, AUDIT_LINES)


def audit_log_corrupt_gzip(directory: Path) -> Path:
    """A gzip log of a good member, then a member whose first deflate block has the reserved block
    type (zlib.error: invalid block type). Expected: the error is reported naming the file, the
    first member's lines are counted, and the other logs are still reported."""
    member = bytearray(gzip.compress(AUDIT_LINES.encode()))
    member[10] = 0xFF  # the first byte after the 10-byte gzip header: BFINAL 1, BTYPE 11
    return _write(directory / "corrupt.log.gz", gzip.compress(AUDIT_LINES.encode()) + bytes(member))


def audit_log_deep_line(directory: Path, depth: int = 100_000) -> Path:
    """A log with one line nested depth deep between two good ones (RecursionError in json).
    Expected: that line is counted as malformed; the others are reported."""
    return _write(directory / "deep.log", AUDIT_LINES + "[" * depth + "]" * depth + "\n" + AUDIT_LINES)


# --- A file makes the run hang ----------------------------------------------------------------

def backtracking_gitignore(directory: Path, stars: int = 6, length: int = 200) -> Path:
    """`.gitignore` holding `*a` × stars + `*c`, and a file named `a` × length that it does not
    match (the regex matcher backtracks exponentially in stars). Expected: linear matching."""
    _write(directory / ".gitignore", "*a" * stars + "*c\n")
    return _write(directory / ("a" * length), "")


def ci_include_glob(directory: Path, stars: int = 6, depth: int = 30) -> Path:
    """`.gitlab-ci.yml` including `**/` × stars + `*.yml` in a tree depth directories deep, with a
    CI file at the bottom. Expected: a linear walk with a bound on the files matched."""
    bottom = directory.joinpath(*["d"] * depth)
    _write(bottom / "job.yml", CI_YAML)
    pattern = "**/" * stars + "*.yml"
    return _write(directory / ".gitlab-ci.yml", f"include:\n  - local: '{pattern}'\n")


def fifo(directory: Path, name: str = "x.py") -> Path:
    """A FIFO named like a Python file (reading it blocks). Expected: skip-note."""
    directory.mkdir(parents=True, exist_ok=True)
    os.mkfifo(directory / name)
    return directory / name


def zero_device(directory: Path, name: str = "z.json") -> Path:
    """A character device like /dev/zero named like JSON (reading it never ends). Needs root
    (mknod); raises PermissionError otherwise. Expected: skip-note; the same for `/dev/zero`
    itself named on the command line (`migrator check /dev/zero`)."""
    directory.mkdir(parents=True, exist_ok=True)
    os.mknod(directory / name, stat.S_IFCHR | 0o666, os.makedev(1, 5))
    return directory / name


def long_shell_line(directory: Path, size: int) -> Path:
    """A shell script of one line of at least size bytes of runner-scope curls. Expected: over the
    size limit, parse-error naming the file; under it, scanning linear in the line length."""
    return _write(directory / "long.sh", _repeat(RUNNER_SCOPE_CURL + "; ", size) + "\n")


def long_ci_line(directory: Path, size: int) -> Path:
    """CI YAML with one script line of at least size bytes. Expected as for long_shell_line."""
    line = _repeat(RUNNER_SCOPE_CURL + " && ", size) + "true"
    return _write(directory / ".gitlab-ci.yml", f"audit:\n  script:\n    - {line}\n")


def long_jq_pipeline(directory: Path, size: int) -> Path:
    """A shell script with one jq program of at least size bytes. Expected as for long_shell_line."""
    program = ".[]" + _repeat(" | select(.active == true)", size)
    return _write(directory / "jq.sh", f"curl -s \"$CI_API_V4_URL/runners/all\" | jq -r '{program}'\n")


def _runners(size: int, separator: str) -> str:
    return _grow(lambda i: RUNNER_JSON % (i, i) + separator, size).removesuffix(separator)


def large_json(directory: Path, size: int) -> Path:
    """A JSON array of at least size bytes of runner records (`"active": true`), one per line.
    Expected: over the size limit, parse-error naming the file; memory proportional to the file."""
    return _write(directory / "runners.json", "[\n" + _runners(size, ",\n") + "\n]\n")


def large_jsonl(directory: Path, size: int) -> Path:
    """A `.jsonl` of at least size bytes of runner records. Expected as for large_json."""
    return _write(directory / "runners.jsonl", _runners(size, "\n") + "\n")


def large_proto(directory: Path, size: int) -> Path:
    """A telemetry `.proto` of at least size bytes (the contract package, many messages).
    Expected as for large_json."""
    unit = "message Extra%d { required uint64 timestamp = 1; required float value = 2; }\n"
    body = _grow(lambda i: unit % i, size - len(TELEMETRY_PROTO))
    return _write(directory / "big.proto", TELEMETRY_PROTO + body)


# --- Files skipped with no word ---------------------------------------------------------------

UTF16_FILES = {"utf16.py": CLEAN_PYTHON, "utf16.sh": SHELL_SCRIPT, ".gitlab-ci.yml": CI_YAML,
               "utf16.json": "[" + RUNNER_JSON % (1, 1) + "]\n"}


def utf16_files(directory: Path, bom: bool) -> list[Path]:
    """A Python, shell, CI and JSON file in UTF-16 (little-endian, with or without a BOM).
    Expected: with a BOM, decoded and checked like UTF-8; without, parse-error (not decodable)."""
    encoding = "utf-16" if bom else "utf-16-le"
    return [_write(directory / name, text.encode(encoding)) for name, text in UTF16_FILES.items()]


def unreadable_directory(directory: Path, name: str = "private") -> Path:
    """A directory with mode 000 holding a clean file (ROOT_IGNORES_MODES). Expected: a finding (or
    error) naming the directory; the other files are still reported."""
    inner = directory / name
    clean_python(inner)
    inner.chmod(0)
    return inner


def cr_only_shell(directory: Path, newline: str = "\r", name: str = "cr.sh") -> Path:
    """SHELL_SCRIPT with CR-only line endings (newline="\\n" writes the LF twin, 6 findings).
    Expected: bash does not end lines at CR, so parse-error naming the file and the reason."""
    return _write(directory / name, SHELL_SCRIPT, newline)


def cr_only_proto(directory: Path, newline: str = "\r", name: str = "cr.proto") -> Path:
    """TELEMETRY_PROTO with CR-only line endings. Expected: the LF twin's findings and rows."""
    return _write(directory / name, TELEMETRY_PROTO, newline)


def cr_only_ci(directory: Path, newline: str = "\r") -> Path:
    """CI_YAML with CR-only line endings. Expected: the LF twin's findings at the same rows and
    columns (not `1:3457`-like), and its safe fixes applied."""
    return _write(directory / ".gitlab-ci.yml", CI_YAML, newline)


def bom_responses(directory: Path, bom: bool = True, name: str = "responses.yaml") -> Path:
    """A `responses` recording with a UTF-8 BOM before `responses:`. Expected: recognised as a
    recording, with the 3 findings of its twin without a BOM."""
    return _write(directory / name, ("\ufeff" if bom else "") + RESPONSES_RECORDING)


# --- What scanned text can do to the reader ---------------------------------------------------

def escape_in_values(directory: Path) -> Path:
    """A shell script whose `scope=` value and a scanned path hold terminal escapes (ESCAPE); the
    path's escape reaches a finding's message (a `scope` value that is no scope is not reported).
    Expected: text formats show them escaped; JSON escapes them; no raw ESC reaches stdout."""
    text = (f'curl -s "$CI_API_V4_URL/runners?scope={ESCAPE}"\n'
            f'curl -s "$CI_API_V4_URL/geo_nodes/{ESCAPE}"\n')
    return _write(directory / "escapes.sh", text)


def escape_in_file_name(directory: Path) -> Path:
    """A clean Python file whose name holds ESCAPE. Expected: the name shown escaped."""
    return clean_python(directory, f"title{ESCAPE}.py")


FORGED = "forged.py:1:1: MIG001 a finding that does not exist"


def newline_in_file_name(directory: Path) -> Path:
    """A clean Python file whose name holds a newline and a forged finding line. Expected: the
    name shown escaped, so no output line starts with `forged.py`."""
    return clean_python(directory, f"x\n{FORGED}\n.py")


def non_utf8_file_name(directory: Path) -> Path:
    """A shell script with a finding whose name is not UTF-8 (b'caf\\xe9.sh'). Expected: JSON
    output stays valid UTF-8 with the name escaped as documented."""
    directory.mkdir(parents=True, exist_ok=True)
    path = Path(os.fsdecode(os.fsencode(directory) + b"/caf\xe9.sh"))
    return _write(path, RUNNER_SCOPE_CURL + "\n")


def audit_log_escapes(directory: Path) -> Path:
    """An `api_json.log` line whose username and user agent hold ESCAPE. Expected: the text
    report shows them escaped."""
    line = _log_line("/api/v4/geo_nodes", {}, f"mallory{ESCAPE}", f"agent{ESCAPE}")
    return _write(directory / "escapes.log", line)


# --- Writes ---------------------------------------------------------------------------------

def stale_temp_file(directory: Path, target: Path, age: float = 3600.0) -> Path:
    """A temporary file as a SIGKILLed `fix` leaves it (`.NAME.XXXXXXXX.migrator` beside target),
    age seconds old. Expected: the next fix removes it when older than a few minutes, and never
    one that a running fix may own."""
    path = _write(directory / f".{target.name}.k9x2a1b0.migrator", CLEAN_PYTHON[:20])
    os.utime(path, (path.stat().st_atime - age, path.stat().st_mtime - age))
    return path


def unwritable_tree(directory: Path, count: int = 3) -> list[Path]:
    """count clean files (one safe fix each) in a directory with mode 555, so that no file can be
    written there (ROOT_IGNORES_MODES). Expected: the originals stay intact, exit 2, and the
    summary counts 0 fixed."""
    files = clean_tree(directory, count)
    directory.chmod(0o555)
    return files
