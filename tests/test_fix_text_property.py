"""Property: for any shell script, GitLab CI file or JSON fixture mixing deprecated uses and
look-alikes, fix (safe, and with unsafe fixes) leaves a file that still parses, a second fix
changes nothing, no look-alike is touched, and no finding that `check` marks fixable
(fix/intents/) is left after the fix.
A JSON fixture's objects also come out exactly as the rules' intents say.

The files are composed from snippets (tests/test_fix_property.py does the same for Python):

- shell: curl, glab api, wget, httpie and jq command lines, with random quoting of the words that
  matter, ``\\`` continuations and line breaks after ``|``, LF or CRLF line endings; a marker
  comment between snippets lets the look-alikes be compared line by line after the fix.
- CI YAML: the same command lines as the items of job scripts, written as plain, single-quoted or
  double-quoted scalars, literal (``|``) or folded (``>``, ``>-``) blocks, with ``variables:`` of
  the file or of a hidden job merged into the jobs with an anchor (``<<: *defaults``).
- JSON fixtures: runner, approval configuration and merge request objects, and look-alikes (a
  webhook payload, a runner manager, a pipeline schedule, already migrated objects), pretty or
  compact, one object or an array, keys in any order.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from migrator.pipeline import check_source
from migrator.fix.edits import edits_for
from migrator.app.passes import fix_text
from migrator.report.text import fixable
from migrator.ruletable import load_table
from migrator.values import Found

TABLE = load_table()
NAMES = {"shell": "script.sh", "ci": ".gitlab-ci.yml", "json": "fixture.json"}
PROPERTY = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
BASH = shutil.which("bash")
API = "$CI_API_V4_URL"

# ---------------------------------------------------------------- command-line snippets
QUOTES = {"dq": ('"', '"'), "sq": ("'", "'"), "ansi": ("$'", "'"), "bare": ("", "")}
WORD = ("dq", "sq", "ansi", "bare")
FILTER = ("sq", "dq")  # a jq filter with blanks or parentheses must be quoted


@dataclass(frozen=True)
class Snippet:
    """A command line. In the template, ``{q}``…``{Q}`` are the quotes of the word that matters
    (one of ``quotes``), ``{u}`` the quotes of a URL (double or none), ``{_}`` a blank that may be
    a ``\\`` continuation, ``{|}`` a pipe that may end its line."""

    template: str
    quotes: tuple[str, ...] = ("dq",)
    lookalike: bool = False


DEPRECATED = [
    Snippet(f'curl -X PUT {{u}}{API}/runners/$ID{{u}}{{_}}--form {{q}}active=false{{Q}}', WORD),
    Snippet(f'curl --request PUT{{_}}--header "PRIVATE-TOKEN: $TOKEN"{{_}}{{u}}{API}/runners/$RUNNER_ID{{u}}'
            f'{{_}}--data-urlencode {{q}}active=true{{Q}}', WORD),
    Snippet(f'curl -s {{u}}{API}/runners?scope=active{{u}}'),
    Snippet(f'curl -s "{API}/runners/all?per_page=100&scope={{q}}paused{{Q}}&page=2"', ("bare",)),
    Snippet("glab api -X POST users{_}-F {q}private_profile=null{Q}{_}-f name=bot", WORD),
    Snippet("glab api -X POST users{_}-f name=bot{_}-F {q}private_profile=null{Q}", WORD),
    Snippet("glab api --method PUT users/5{_}--field {q}private_profile=null{Q}", WORD),
    Snippet("glab api runners -X GET{_}-f {q}scope=shared{Q}", WORD),
    Snippet("glab api {q}runners/$RUNNER_ID{Q} -X PUT{_}-F active=false", WORD),
    Snippet(f'curl -s {{u}}{API}/geo_nodes/2/status{{u}}'),
    Snippet(f'curl -X POST{{_}}{{u}}{API}/geo_nodes/$NODE_ID/repair{{u}}'),
    Snippet("glab api geo_nodes{_}--paginate"),
    Snippet(f'curl -s {{u}}{API}/runners/all{{u}}{{|}}jq -r {{q}}.[] | select(.active) | .id{{Q}}', FILTER),
    Snippet(f'curl -s {{u}}{API}/runners{{u}}{{|}}jq {{q}}map(select(.active == false)){{Q}}', FILTER),
    Snippet(f'curl -s {{u}}{API}/runners/$RUNNER_ID{{u}}{{|}}jq -r {{q}}.active{{Q}}', WORD),
    Snippet(f'curl -s {{u}}{API}/projects/1/merge_requests/2{{u}}{{|}}jq -r {{q}}.merged_by.username{{Q}}', WORD),
    Snippet(f'curl -X POST{{_}}-d {{q}}require_password_to_approve=true{{Q}}{{_}}'
            f'{{u}}{API}/projects/$CI_PROJECT_ID/approvals{{u}}', WORD),
    Snippet(f'http PUT {{u}}{API}/runners/7{{u}}{{_}}{{q}}active:=false{{Q}}', WORD),
    Snippet(f'http GET {{u}}{API}/runners{{u}} {{q}}scope==online{{Q}}', WORD),
    Snippet(f"wget -qO-{{_}}--method=PUT{{_}}--post-data {{q}}active=false{{Q}}{{_}}{{u}}{API}/runners/1{{u}}", WORD),
    Snippet(f'NODES={{u}}{API}/geo_nodes{{u}}\ncurl -s "$NODES/2/status"'),
    Snippet(f'PAUSED_ID=$(curl -s {{u}}{API}/runners?scope=paused{{u}}{{|}}jq -r {{q}}.[0].id{{Q}})', WORD),
    Snippet(f'if curl -s {{u}}{API}/runners/$RUNNER_ID{{u}}{{|}}jq -e {{q}}.active{{Q}} >/dev/null; then\n'
            '  echo "runner $RUNNER_ID is up"\nfi', WORD),
    Snippet(f"curl -X POST {{u}}{API}/users{{u}}{{_}}"
            '--json {q}{{"email": "a@b", "private_profile": null}}{Q}', ("sq",)),
    # paths without /api/v4 given to a wrapper, and mock responses in shell strings
    Snippet("glbody {q}runners/all?scope=active{Q}", WORD),
    Snippet('glbody projects/"$1"/merge_requests/"$2"/changes'),
    Snippet('echo {q}{{"id": 6, "active": true, "is_shared": false}}{Q}', ("sq",)),
    Snippet('"$srcdir/gitlab_api.sh" /projects -X POST{_}-d {q}{{"name": "app", "mirror": true}}{Q}', ("sq",)),
]

LOOKALIKES = [
    Snippet(f'curl -X PUT {{u}}{API}/runners/$ID{{u}}{{_}}--form {{q}}paused=true{{Q}}', WORD, lookalike=True),
    Snippet(f'curl -s {{u}}{API}/runners?paused=false{{u}}', lookalike=True),
    Snippet(f'curl -s {{u}}{API}/runners?scope=specific{{u}}', lookalike=True),
    Snippet(f'curl -s {{u}}{API}/geo_sites/2/status{{u}}', lookalike=True),
    Snippet(f'curl -s {{u}}{API}/projects/1/merge_requests/2/diffs{{u}}', lookalike=True),
    Snippet(f'curl -s {{u}}{API}/projects/1/merge_requests/2{{u}}{{|}}jq -r {{q}}.detailed_merge_status{{Q}}',
            WORD, lookalike=True),
    Snippet(f'curl -s {{u}}{API}/projects/1/merge_requests/2{{u}}{{|}}jq -r {{q}}.merge_user.username{{Q}}',
            WORD, lookalike=True),
    Snippet(f'curl -s {{u}}{API}/projects/$CI_PROJECT_ID/pipeline_schedules{{u}}{{|}}'
            f'jq -r {{q}}.[] | select(.active) | .id{{Q}}', FILTER, lookalike=True),
    Snippet(f'curl -X PUT {{u}}{API}/projects/1/pipeline_schedules/3{{u}}{{_}}--form {{q}}active=false{{Q}}',
            WORD, lookalike=True),
    Snippet("echo {q}active=false{Q}", WORD, lookalike=True),
    Snippet("# geo_nodes is gone in v5: the runners' active=false and scope=active too", lookalike=True),
    Snippet("glab api users/42 -X PUT{_}--raw-field {q}private_profile=null{Q}", WORD, lookalike=True),
    Snippet("glab api users/43 -X PUT{_}--field {q}private_profile=false{Q}", WORD, lookalike=True),
    Snippet(f'curl -X POST {{u}}{API}/projects/1/approvals{{u}}'
            '{_}-d {q}require_reauthentication_to_approve=true{Q}', WORD, lookalike=True),
    Snippet(f'SITES={{u}}{API}/geo_sites{{u}}\ncurl -s "$SITES/2/status"', lookalike=True),
    Snippet(f'SCHEDULE=$(curl -s {{u}}{API}/projects/1/pipeline_schedules/3{{u}}{{|}}jq -r {{q}}.active{{Q}})',
            WORD, lookalike=True),
    Snippet(f'curl -s {{u}}{API}/runners/$RUNNER_ID/managers{{u}}{{|}}jq -r {{q}}.[] | .ip_address{{Q}}',
            FILTER, lookalike=True),
    Snippet("glbody {q}changes{Q}", WORD, lookalike=True),
    Snippet('echo {q}{{"active": true, "theme": "dark"}}{Q}', ("sq",), lookalike=True),
    Snippet(f'echo "fetching {API}/runners?scope=active"', lookalike=True),
]

BLANKS = (" ", " \\\n    ")
PIPES = (" | ", " |\n    ", " \\\n    | ")


def render(snippet: Snippet, quote: str, url: str, blanks: list[str], pipes: list[str]) -> str:
    opening, closing = QUOTES[quote]
    text = snippet.template.replace("{{", "\0").replace("}}", "\1")
    text = text.replace("{q}", opening).replace("{Q}", closing).replace("{u}", url)
    for blank in blanks:
        text = text.replace("{_}", blank, 1)
    for pipe in pipes:
        text = text.replace("{|}", pipe, 1)
    return text.replace("\0", "{").replace("\1", "}")


@st.composite
def command(draw, snippet: Snippet, folded: bool = False, one_line: bool = False) -> str:
    """The snippet as a command line; ``folded``: as lines a YAML folded block joins with blanks;
    ``one_line``: no continuations."""
    quote = draw(st.sampled_from(snippet.quotes))
    url = draw(st.sampled_from(('"', "")))
    n_blanks, n_pipes = snippet.template.count("{_}"), snippet.template.count("{|}")
    if folded:
        blanks, pipes = [draw(st.sampled_from((" ", "\n"))) for _ in range(n_blanks)], \
            [draw(st.sampled_from((" | ", "\n| "))) for _ in range(n_pipes)]
    elif one_line:
        blanks, pipes = [" "] * n_blanks, [" | "] * n_pipes
    else:
        blanks = [draw(st.sampled_from(BLANKS)) for _ in range(n_blanks)]
        pipes = [draw(st.sampled_from(PIPES)) for _ in range(n_pipes)]
    return render(snippet, quote, url, blanks, pipes)


@st.composite
def picks(draw) -> list[Snippet]:
    """Up to 14 different snippets (a shuffled prefix, so that 40 examples see them all), and
    perhaps a repeated one."""
    shuffled = draw(st.permutations(DEPRECATED + LOOKALIKES))
    chosen = shuffled[:draw(st.integers(1, 14))]
    return chosen + draw(st.lists(st.sampled_from(chosen), max_size=2))


# ---------------------------------------------------------------- markers and segments
MARK = "# -- {} --"
MARKER = re.compile(r"^[ \t]*# -- (\w+) --[ \t]*\r?\n", re.M)


def segments(text: str) -> dict[str, str]:
    """The text after each marker comment, up to the next marker."""
    found = list(MARKER.finditer(text))
    return {m.group(1): text[m.end():found[i + 1].start() if i + 1 < len(found) else len(text)]
            for i, m in enumerate(found)}


# ---------------------------------------------------------------- the properties
@dataclass
class Case:
    kind: str
    text: str
    lookalikes: dict[str, str]  # marker (or JSON object id) → its text, as it must stay
    after: object = None  # JSON: the document `fix --unsafe-fixes` must make


def fixable_found(kind: str, text: str, unsafe: bool) -> Found:
    return check_source(text, kind, NAMES[kind], TABLE.rules, TABLE).kept(lambda f: fixable(f, unsafe))


def describe(found: Found) -> list[tuple[str, int, int, str, str]]:
    return [(f.code, f.span.start.row, f.span.start.column, f.fix.applicability if f.fix else "",
             t.syntax if t else "") for f, t in found.pairs]


def check_properties(case: Case, parses) -> None:
    kind, text = case.kind, case.text
    parses(text)  # the generator writes valid files
    for unsafe in (False, True):
        # A finding marked fixable may have no edits of its own only when another finding's edits
        # fix it too (a URL used through a shell variable is fixed where the variable is set), so
        # what is checked is that none is left after the fix.
        marked = fixable_found(kind, text, unsafe)
        edits = edits_for(kind, text, marked)
        without = marked.kept(lambda f: not edits.get(f))

        result = fix_text(text, kind, NAMES[kind], TABLE.rules, TABLE, unsafe)
        assert result.failure is None, result.failure
        parses(result.text)
        again = fix_text(result.text, kind, NAMES[kind], TABLE.rules, TABLE, unsafe)
        assert (again.text, again.fixed) == (result.text, 0), f"a second fix changed the text\n{result.text}"

        left = fixable_found(kind, result.text, unsafe)
        assert not left.findings, (
            f"fix left findings marked fixable: {describe(left)}\n"
            f"(marked fixable without edits before the fix: {describe(without)})\n{text!r}\n→\n{result.text!r}")

        after = segments(result.text) if kind != "json" else None
        for name, written in case.lookalikes.items():
            if after is None:
                assert written in result.text, f"look-alike {name} changed:\n{written}\n→\n{result.text}"
            else:
                assert after.get(name) == written, f"look-alike {name} changed:\n{written!r}\n→\n{after.get(name)!r}"
        if after is not None:
            dangling = [name for name, part in after.items() if part.rstrip("\r\n").endswith("\\")]
            assert not dangling, f"a continuation runs into the next snippet after {dangling}:\n{result.text}"


# ---------------------------------------------------------------- shell scripts
_tmp = tempfile.TemporaryDirectory(prefix="migrator-text-property-")


def bash_parses(text: str) -> None:
    """``bash -n``. bash reads a CR as part of a word (and ``\\`` CR LF as no continuation), while
    migrator reads CRLF scripts line by line as Git for Windows users write them: a CRLF script
    is checked with LF line ends."""
    if BASH is None:
        return
    path = Path(_tmp.name) / "script.sh"
    path.write_bytes(text.replace("\r\n", "\n").encode())
    run = subprocess.run([BASH, "-n", str(path)], capture_output=True, text=True, check=False)
    assert run.returncode == 0, f"bash -n: {run.stderr}\n{text}"


@st.composite
def shell_files(draw) -> Case:
    chosen = draw(picks())
    parts, lookalikes = ["#!/bin/bash\nset -eu\n"], {}
    for i, snippet in enumerate(chosen):
        line = draw(command(snippet)) + "\n"
        parts += [MARK.format(i) + "\n", line]
        if snippet.lookalike:
            lookalikes[str(i)] = line
    parts.append(MARK.format("end") + "\n")
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    text = "".join(parts).replace("\n", newline)
    return Case("shell", text, {k: v.replace("\n", newline) for k, v in lookalikes.items()})


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
@PROPERTY
@given(shell_files())
def test_shell_fix_parses_is_idempotent_and_spares_lookalikes(case):
    check_properties(case, bash_parses)


# ---------------------------------------------------------------- GitLab CI YAML
def yaml_parses(text: str) -> None:
    for _ in yaml.compose_all(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        pass


def _loads_as(item: str, expected: str) -> bool:
    try:
        loaded = yaml.safe_load("k:\n" + item)
    except yaml.YAMLError:
        return False
    return isinstance(loaded, dict) and loaded.get("k") == [expected]


@st.composite
def script_item(draw, snippet: Snippet) -> str:
    """One ``- …`` item of a job script (indented four blanks), in a YAML style that holds it."""
    style = draw(st.sampled_from(("plain", "single", "double", "literal", "folded", "folded-strip")))
    pad = " " * 6
    if style.startswith("folded"):
        lines = draw(command(snippet, folded=True))
        item = f"    - >{'-' if style == 'folded-strip' else ''}\n" + textwrap.indent(lines, pad) + "\n"
        expected = lines.replace("\n", " ") + ("" if style == "folded-strip" else "\n")
        if _loads_as(item, expected):
            return item
    if style == "literal" or snippet.template.startswith("#") or "\n" in snippet.template:
        script = draw(command(snippet))
        return "    - |\n" + textwrap.indent(script, pad) + "\n"
    script = draw(command(snippet, one_line=True))
    written = {"plain": script, "single": "'" + script.replace("'", "''") + "'",
               "double": '"' + script.replace("\\", "\\\\").replace('"', '\\"') + '"'}
    item = f"    - {written.get(style, script)}\n"
    if _loads_as(item, script):
        return item
    return f"    - '{script.replace(chr(39), chr(39) * 2)}'\n"


@dataclass(frozen=True)
class Variable:
    name: str
    value: str
    lookalike: bool = False


VARIABLES = [
    Variable("GEO_URL", f"{API}/geo_nodes/status"),
    Variable("RUNNERS_URL", f"{API}/runners/all?scope=active&per_page=100"),
    Variable("PAUSED_URL", f"{API}/runners?status=paused"),
    Variable("SITES_URL", f"{API}/geo_sites/status", lookalike=True),
    Variable("IDLE_URL", f"{API}/runners?paused=true", lookalike=True),
    Variable("SCHEDULES_URL", f"{API}/projects/$CI_PROJECT_ID/pipeline_schedules?scope=active", lookalike=True),
    Variable("NOTE", "geo_nodes and active=false are gone", lookalike=True),
]


@st.composite
def variable_lines(draw, indent: str, start: int) -> tuple[list[str], dict[str, str]]:
    picks = draw(st.lists(st.sampled_from(VARIABLES), max_size=3, unique_by=lambda v: v.name))
    lines: list[str] = []
    lookalikes = {}
    if not picks:
        return lines, lookalikes
    for i, variable in enumerate(picks, start):
        quote = draw(st.sampled_from(('"', "'", "")))
        line = f"{indent}{variable.name}: {quote}{variable.value}{quote}\n"
        lines += [f"{indent}{MARK.format(f'v{i}')}\n", line]
        if variable.lookalike:
            lookalikes[f"v{i}"] = line
    return lines + [f"{indent}{MARK.format(f've{start}')}\n"], lookalikes


@st.composite
def ci_files(draw) -> Case:
    chosen = draw(picks())
    n_jobs = draw(st.integers(1, min(3, len(chosen))))
    anchor = draw(st.booleans())
    lines, lookalikes = [], {}
    if draw(st.booleans()):
        found, seen = draw(variable_lines("  ", 0))
        if found:
            lines += ["variables:\n", *found]
            lookalikes.update(seen)
    if anchor:
        found, seen = draw(variable_lines("    ", 100))
        lines += [".defaults: &defaults\n", "  image: alpine:3.20\n"]
        if found:
            lines += ["  variables:\n", *found]
            lookalikes.update(seen)
    lines.append(f"{MARK.format('jobs')}\n")
    for job in range(n_jobs):
        lines.append(f"job{job}:\n")
        if anchor and draw(st.booleans()):
            lines.append("  <<: *defaults\n")
        lines.append("  script:\n")
        for i, snippet in enumerate(chosen):
            if i % n_jobs != job:
                continue
            item = draw(script_item(snippet))
            lines += [f"    {MARK.format(i)}\n", item]
            if snippet.lookalike:
                lookalikes[str(i)] = item
        lines.append(f"    {MARK.format(f'end{job}')}\n")
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    text = "".join(lines).replace("\n", newline)
    return Case("ci", text, {k: v.replace("\n", newline) for k, v in lookalikes.items()})


@PROPERTY
@given(ci_files())
def test_ci_fix_parses_is_idempotent_and_spares_lookalikes(case):
    check_properties(case, yaml_parses)


# ---------------------------------------------------------------- JSON fixtures
RUNNER_TYPES = ("instance_type", "group_type", "project_type")


@dataclass
class Made:
    """A fixture object, the object `fix --unsafe-fixes` must make of it (every fix of a recording
    is unsafe: a safe fix leaves the file alone)."""

    obj: dict
    after: dict
    lookalike: bool = False


def renamed(obj: dict, old: str, new: str) -> dict:
    """The rename intent: the new key in place of the old; where both are held, the new wins."""
    if new in obj:
        return {k: v for k, v in obj.items() if k != old}
    return {new if k == old else k: v for k, v in obj.items()}


@st.composite
def runner(draw, ident: int) -> Made:
    active = draw(st.booleans())
    shared = draw(st.booleans())
    obj = {"id": ident, "description": "docker", "active": active, "is_shared": shared,
           "runner_type": "instance_type" if shared else draw(st.sampled_from(RUNNER_TYPES[1:])),
           "online": True, "status": draw(st.sampled_from(("online", "offline", "stale")))}
    if draw(st.booleans()):
        obj["ip_address"] = "10.0.0.5"  # MIG070, display-only
    paused = draw(st.sampled_from(("absent", "agrees", "contradicts")))
    if paused == "contradicts":
        obj["paused"] = active
        return Made(obj, obj)  # both are held and disagree: which is right is the user's call
    if paused == "agrees":
        obj["paused"] = not active
        return Made(obj, {k: v for k, v in obj.items() if k != "active"})
    return Made(obj, {("paused" if k == "active" else k): (not v if k == "active" else v) for k, v in obj.items()})


@st.composite
def approvals(draw, ident: int) -> Made:
    obj = {"id": ident, "approvals_before_merge": 0, "reset_approvals_on_push": draw(st.booleans()),
           "require_password_to_approve": draw(st.booleans())}
    if draw(st.booleans()):
        obj["require_reauthentication_to_approve"] = draw(st.booleans())
    return Made(obj, renamed(obj, "require_password_to_approve", "require_reauthentication_to_approve"))


@st.composite
def merge_request(draw, ident: int) -> Made:
    user = {"id": 3, "username": "bob", "state": "active"}
    obj = {"id": ident, "iid": 7, "source_branch": "fix", "target_branch": "main",
           "state": draw(st.sampled_from(("merged", "opened"))),
           "merged_by": draw(st.sampled_from((user, None)))}
    if draw(st.booleans()):
        obj["merge_user"] = user
    return Made(obj, renamed(obj, "merged_by", "merge_user"))


LOOKALIKE_OBJECTS = [
    {"object_kind": "pipeline", "object_attributes": {"id": 31, "status": "success"},
     "builds": [{"id": 380, "runner": {"id": 6, "description": "docker", "active": True, "is_shared": False,
                                       "runner_type": "project_type"}}]},
    {"system_id": "s_89e5e9956577", "version": "17.5.0", "revision": "853330f9", "platform": "linux",
     "architecture": "amd64", "ip_address": "10.0.0.5", "status": "online"},
    {"description": "nightly", "ref": "main", "cron": "0 1 * * *", "cron_timezone": "UTC", "active": True},
    {"description": "docker", "paused": True, "is_shared": False, "runner_type": "project_type", "status": "online"},
    {"reset_approvals_on_push": True, "require_reauthentication_to_approve": True},
    {"iid": 8, "state": "merged", "merge_user": {"id": 3, "username": "bob"}, "detailed_merge_status": "mergeable"},
]


@st.composite
def lookalike_object(draw, ident: int) -> Made:
    obj = {"id": ident, **draw(st.sampled_from(LOOKALIKE_OBJECTS))}
    return Made(obj, obj, lookalike=True)


@st.composite
def json_files(draw) -> Case:
    makers = draw(st.lists(st.sampled_from((runner, approvals, merge_request, lookalike_object)),
                           min_size=1, max_size=5))
    made = []
    for i, make in enumerate(makers):
        one = draw(make(1000 + i))
        keys = draw(st.permutations(list(one.obj)))
        made.append(Made({k: one.obj[k] for k in keys}, one.after, one.lookalike))
    style = draw(st.sampled_from(("indent2", "indent4", "compact", "tight")))
    single = len(made) == 1 and draw(st.booleans())

    def dump(obj: dict) -> str:
        if style.startswith("indent"):
            return json.dumps(obj, indent=int(style[-1]))
        return json.dumps(obj, separators=(",", ":") if style == "tight" else (", ", ": "))

    written = [dump(m.obj) for m in made]
    if single:
        text = written[0] + "\n"
    elif style.startswith("indent"):
        written = [textwrap.indent(w, " " * int(style[-1])) for w in written]
        text = "[\n" + ",\n".join(written) + "\n]\n"
    else:
        text = "[" + draw(st.sampled_from((", ", ",\n ", ","))).join(written) + "]\n"
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    lookalikes = {str(m.obj["id"]): w.replace("\n", newline) for m, w in zip(made, written) if m.lookalike}
    after = made[0].after if single else [m.after for m in made]
    return Case("json", text.replace("\n", newline), lookalikes, after)


def json_parses(text: str) -> None:
    json.loads(text)


@PROPERTY
@given(json_files())
def test_json_fix_parses_is_idempotent_and_spares_lookalikes(case):
    check_properties(case, json_parses)
    safe = fix_text(case.text, "json", NAMES["json"], TABLE.rules, TABLE, False)
    assert safe.text == case.text, "a recording's fixes are unsafe: a safe fix changes nothing"
    unsafe = fix_text(case.text, "json", NAMES["json"], TABLE.rules, TABLE, True)
    assert json.loads(unsafe.text) == case.after


def test_a_runner_holding_active_and_a_contradicting_paused_is_not_marked_fixable():
    """Both held, and they disagree: `check` shows no [*] (the JSON report says why) and fix
    leaves the object alone. (It was marked fixable and left: the [*] drift of issue 11.)"""
    code = ('[{"id": 1, "description": "docker", "active": false, "is_shared": false,'
            ' "runner_type": "project_type", "paused": false}]\n')
    result = fix_text(code, "json", NAMES["json"], TABLE.rules, TABLE, True)
    assert result.text == code
    (finding,) = result.findings
    assert not fixable(finding, True)
    assert finding.fix.applicability == "display-only" and "`paused` is set next to it" in finding.fix.message


# ---------------------------------------------------------------- cases the properties found
def job(item: str) -> str:
    return "job:\n  script:\n" + item


@pytest.mark.parametrize(("before", "after"), [
    # a word ending a folded line: its end is the folded line break
    (job("    - >\n      glab api -X POST users -F private_profile=null\n      -f name=bot\n"),
     job("    - >\n      glab api -X POST users\n      -f name=bot\n")),
    (job("    - >\n      glab api geo_nodes\n      --paginate\n"),
     job("    - >\n      glab api geo_sites\n      --paginate\n")),
    # a word starting a folded line: the blank before it is the folded line break
    (job("    - >\n      glab api -X POST users\n      -F private_profile=null -f name=bot\n"),
     job("    - >\n      glab api -X POST users -f name=bot\n")),
    # a word ending in an escaped quote at the end of a single-quoted scalar
    (job("    - 'glab api -X POST users -f name=bot -F ''private_profile=null'''\n"),
     job("    - 'glab api -X POST users -f name=bot'\n")),
])
def test_ci_edits_at_a_folded_line_break_or_a_closing_escape(before, after):
    """Found by the CI property: `check` marked these safe-fixable, and fix made no edit, since the
    aligned map of a folded or single-quoted scalar (scan/yamlpos.align) placed the offset inside
    the line break's indentation or inside the ``''`` escape (fix/text/host.StringHost.placed)."""
    result = fix_text(before, "ci", NAMES["ci"], TABLE.rules, TABLE, False)
    assert result.text == after
    assert [f for f in result.findings if fixable(f, True)] == []
