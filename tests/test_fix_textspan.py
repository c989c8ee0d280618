"""The text fixers (fix/text/ and the intents' text halves) per syntax: the code before, the code
after a safe fix (and after an unsafe one where it differs). Every case also checks that the result
parses, that a second fix changes nothing, and that what is left is display-only or unsafe."""

from __future__ import annotations

import pytest

from migrator.pipeline import check_source
from migrator.fix.apply import parse_problem
from migrator.app.passes import fix_text
from migrator.fix.text.shell import blank_around, quoted, quoting
from migrator.ruletable import load_table
from migrator.scan.shellwords import Env, commands

TABLE = load_table()
NAMES = {"ci": ".gitlab-ci.yml", "shell": "script.sh", "json": "fixture.json", "cassette": "cassette.yaml"}
API = "$CI_API_V4_URL"


def fixed(kind: str, code: str, unsafe: bool = False) -> str:
    result = fix_text(code, kind, NAMES[kind], TABLE.rules, TABLE, unsafe)
    assert result.failure is None
    assert parse_problem(kind, result.text) is None
    again = fix_text(result.text, kind, NAMES[kind], TABLE.rules, TABLE, unsafe)
    assert again.text == result.text, "a second fix changed the text again"
    return result.text


def left(kind: str, code: str) -> list[tuple[str, str]]:
    """(code, applicability) of the findings a file still has."""
    return [(f.code, f.fix.applicability if f.fix else "")
            for f in check_source(code, kind, NAMES[kind], TABLE.rules, TABLE).findings]


RECORDINGS = ("json", "cassette")


def case(name: str, kind: str, before: str, after: str, after_unsafe: str | None = None):
    """``after`` is the rewrite. A recording's fixes are all unsafe (they must go together with
    the code that replays it), so for json and cassette the safe fix leaves the text as it was."""
    if kind in RECORDINGS and after_unsafe is None:
        return pytest.param(kind, before, before, after, id=name)
    return pytest.param(kind, before, after, after_unsafe if after_unsafe is not None else after, id=name)


def check_case(kind, before, after, after_unsafe):
    """The safe and the unsafe fix; then only display-only findings (or unsafe ones after a safe
    fix) may be left."""
    assert fixed(kind, before) == after
    assert fixed(kind, before, unsafe=True) == after_unsafe
    assert all(a in ("display-only", "unsafe") for _, a in left(kind, after))
    assert all(a == "display-only" for _, a in left(kind, after_unsafe))


SHELL = [
    case("curl -d rename, double quotes", "shell",
         f'curl -X POST "{API}/projects/1/approvals" -d "require_password_to_approve=true"\n',
         f'curl -X POST "{API}/projects/1/approvals" -d "require_reauthentication_to_approve=true"\n'),
    case("curl --data-urlencode negate", "shell",
         f'curl -X PUT "{API}/runners/1" --data-urlencode "active=false"\n',
         f'curl -X PUT "{API}/runners/1" --data-urlencode "paused=true"\n'),
    case("curl -F negate, single quotes", "shell",
         f"curl -X PUT \"{API}/runners/1\" -F 'active=true'\n",
         f"curl -X PUT \"{API}/runners/1\" -F 'paused=false'\n"),
    case("curl -d negate, $'...' quoting", "shell",
         f"curl -X PUT \"{API}/runners/1\" -d $'active=false'\n",
         f"curl -X PUT \"{API}/runners/1\" -d $'paused=true'\n"),
    case("curl -d negate, unquoted, comment kept, case kept", "shell",
         f'curl -X PUT "{API}/runners/1" -d active=FALSE  # pause it\n',
         f'curl -X PUT "{API}/runners/1" -d paused=TRUE  # pause it\n'),
    case("curl -d negate one field of several", "shell",
         f"curl -X PUT \"{API}/runners/1\" -d 'description=x&active=false&tag_list=a'\n",
         f"curl -X PUT \"{API}/runners/1\" -d 'description=x&paused=true&tag_list=a'\n"),
    case("wget --post-data negate", "shell",
         f"wget -qO- --method=PUT --post-data 'active=false' \"{API}/runners/1\"\n",
         f"wget -qO- --method=PUT --post-data 'paused=true' \"{API}/runners/1\"\n"),
    case("glab -F negate", "shell",
         'glab api runners/1 -X PUT -F active=false\n', 'glab api runners/1 -X PUT -F paused=true\n'),
    case("glab -f map-values scope=shared", "shell",
         'glab api runners -X GET -f scope=shared\n', 'glab api runners -X GET -f type=instance_type\n'),
    case("httpie form field rename", "shell",
         f'http --form POST "{API}/projects/1/approvals" require_password_to_approve=true\n',
         f'http --form POST "{API}/projects/1/approvals" require_reauthentication_to_approve=true\n'),
    case("httpie JSON field negate", "shell",
         f'http PUT "{API}/runners/1" active:=false\n', f'http PUT "{API}/runners/1" paused:=true\n'),
    case("httpie query map-values", "shell",
         f'http GET "{API}/runners" scope==online\n', f'http GET "{API}/runners" status==online\n'),
    case("query map-values keeps the other parameters", "shell",
         f'curl -s "{API}/runners/all?per_page=100&scope=paused&page=2"\n',
         f'curl -s "{API}/runners/all?per_page=100&paused=true&page=2"\n'),
    case("query map-values in CRLF lines, specific stays", "shell",
         f'# it\'s nightly\r\ncurl -s "{API}/runners?scope=active"\r\ncurl -s "{API}/runners?scope=specific"\r\n',
         f'# it\'s nightly\r\ncurl -s "{API}/runners?paused=false"\r\ncurl -s "{API}/runners?scope=specific"\r\n'),
    case("query negate", "shell",
         f'curl -X PUT "{API}/runners/1?active=true"\n', f'curl -X PUT "{API}/runners/1?paused=false"\n'),
]

BOTH_KEYS = [
    case("curl -d: both keys drops the old option", "shell",
         f"curl -X POST \"{API}/projects/1/approvals\" -d 'require_password_to_approve=true' "
         "-d 'require_reauthentication_to_approve=true'\n",
         f"curl -X POST \"{API}/projects/1/approvals\" -d 'require_reauthentication_to_approve=true'\n"),
    case("curl -d: both keys in one word drops one field and its &", "shell",
         f"curl -X POST \"{API}/projects/1/approvals\" "
         "-d 'require_password_to_approve=true&require_reauthentication_to_approve=true'\n",
         f"curl -X POST \"{API}/projects/1/approvals\" -d 'require_reauthentication_to_approve=true'\n"),
    case("query: both keys drops the old field", "shell",
         f'curl -X POST "{API}/projects/1/approvals?require_password_to_approve=true'
         '&require_reauthentication_to_approve=true"\n',
         f'curl -X POST "{API}/projects/1/approvals?require_reauthentication_to_approve=true"\n'),
    case("glab -F: both keys, the old one last", "shell",
         "glab api projects/1/approvals -F require_reauthentication_to_approve=true -F require_password_to_approve=true\n",
         "glab api projects/1/approvals -F require_reauthentication_to_approve=true\n"),
]

DROP_NULL = [
    case("glab --field null on update is unsafe", "shell",
         "glab api users/42 -X PUT --field private_profile=null\n",
         "glab api users/42 -X PUT --field private_profile=null\n", "glab api users/42 -X PUT\n"),
    case("glab -F null on create, a continuation line of its own", "shell",
         "glab api users -X POST \\\n  -F private_profile=null \\\n  -f name=bot\n",
         "glab api users -X POST \\\n  -f name=bot\n"),
    case("glab -F null on create, the last continuation line", "shell",
         "glab api users -X POST \\\n  -f name=bot \\\n  -F private_profile=null\necho done\n",
         "glab api users -X POST \\\n  -f name=bot\necho done\n"),
    case("glab -F null attached and --field=", "shell",
         "glab api users -X POST -Fprivate_profile=null -f name=a\nglab api users -X POST --field=private_profile=null\n",
         "glab api users -X POST -f name=a\nglab api users -X POST\n"),
    case("httpie := null", "shell",
         f'http POST "{API}/users" private_profile:=null name=a\n', f'http POST "{API}/users" name=a\n'),
    case("--json: the only member", "shell",
         f"curl --json '{{\"private_profile\": null}}' \"{API}/users\"\n", f"curl --json '{{}}' \"{API}/users\"\n"),
    case("--json: the first member", "shell",
         f"curl --json '{{\"private_profile\": null, \"a\": 1}}' \"{API}/users\"\n",
         f"curl --json '{{\"a\": 1}}' \"{API}/users\"\n"),
    case("--json: a middle member on its own line", "shell",
         f"curl --json '{{\"a\": 1,\n  \"private_profile\": null,\n  \"b\": 2}}' \"{API}/users\"\n",
         f"curl --json '{{\"a\": 1,\n  \"b\": 2}}' \"{API}/users\"\n"),
    case("--json: the last member", "shell",
         f"curl --json '{{\"a\": 1, \"private_profile\": null}}' \"{API}/users\"\n",
         f"curl --json '{{\"a\": 1}}' \"{API}/users\"\n"),
    case("glab --raw-field sends the string null: nothing to drop", "shell",
         "glab api users -X POST -f private_profile=null\n", "glab api users -X POST -f private_profile=null\n"),
]

RUNNERS = f'curl -s "{API}/runners" | jq '
JQ = [
    case("select(.active)", "shell", RUNNERS + "'.[] | select(.active) | .id'\n",
         RUNNERS + "'.[] | select(.paused | not) | .id'\n"),
    case("select(.active | not)", "shell", RUNNERS + "'.[] | select(.active | not) | .id'\n",
         RUNNERS + "'.[] | select(.paused) | .id'\n"),
    case(".active inside an expression is parenthesized", "shell",
         RUNNERS + "'.[] | select(.active and .online)'\n", RUNNERS + "'.[] | select((.paused | not) and .online)'\n"),
    case(".active as a pipeline stage", "shell", RUNNERS + "'.[] | .active'\n", RUNNERS + "'.[] | .paused | not'\n"),
    case("unquoted .active gets quotes", "shell",
         f'curl -s "{API}/runners/1" | jq -r .active\n', f"curl -s \"{API}/runners/1\" | jq -r '.paused | not'\n"),
    case("double-quoted filter", "shell", RUNNERS + '".[] | select(.active)"\n', RUNNERS + '".[] | select(.paused | not)"\n'),
    case("a filter over several lines", "shell", RUNNERS + "'\n  .[]\n  | select(.active)\n'\n",
         RUNNERS + "'\n  .[]\n  | select(.paused | not)\n'\n"),
    case("comparison with a boolean", "shell", RUNNERS + "'map(select(.active == false))'\n",
         RUNNERS + "'map(select(.paused == true))'\n"),
    case("object shorthand keeps its key", "shell", RUNNERS + "'.[] | {id, active}'\n",
         RUNNERS + "'.[] | {id, active: (.paused | not)}'\n"),
    case("a field of a longer path is display-only", "shell", RUNNERS + "'.[].active'\n", RUNNERS + "'.[].active'\n"),
    case("an update of the field is display-only", "shell", RUNNERS + "'.[] | .active |= not'\n",
         RUNNERS + "'.[] | .active |= not'\n"),
    case("rename is unsafe: field, has and index", "shell",
         f'curl -s "{API}/projects/1/merge_requests/2" | jq \'.merged_by.username, has("merged_by"), .["merged_by"]\'\n',
         f'curl -s "{API}/projects/1/merge_requests/2" | jq \'.merged_by.username, has("merged_by"), .["merged_by"]\'\n',
         f'curl -s "{API}/projects/1/merge_requests/2" | jq \'.merge_user.username, has("merge_user"), .["merge_user"]\'\n'),
    case("rename of object shorthand keeps its key", "shell",
         f'curl -s "{API}/projects/1/merge_requests/2" | jq \'{{iid, merged_by}}\'\n',
         f'curl -s "{API}/projects/1/merge_requests/2" | jq \'{{iid, merged_by}}\'\n',
         f'curl -s "{API}/projects/1/merge_requests/2" | jq \'{{iid, merged_by: .merge_user}}\'\n'),
    case("map a comparison, literal on the left, escaped quotes", "shell",
         RUNNERS + '"map(select(\\"paused\\" != .status))"\n', RUNNERS + '"map(select(\\"paused\\" != .status))"\n',
         RUNNERS + '"map(select(true != .paused))"\n'),
]

PATHS = [
    case("url in a request", "shell", f'curl -s "{API}/geo_nodes/2/repair" -X POST\n',
         f'curl -s "{API}/geo_sites/2/repair" -X POST\n'),
    case("url in a variable; current/failures has no replacement", "shell",
         'BASE="https://gitlab.example.com/api/v4"\nU="$BASE/geo_nodes"\ncurl "$BASE/geo_nodes/current/failures"\n',
         'BASE="https://gitlab.example.com/api/v4"\nU="$BASE/geo_sites"\ncurl "$BASE/geo_nodes/current/failures"\n'),
    case("glab endpoint", "shell", "glab api geo_nodes/status\n", "glab api geo_sites/status\n"),
]


def test_values_that_are_no_literals_are_display_only():
    code = f'curl -X PUT "{API}/runners/1" -d "active=$STATE"\n'
    assert left("shell", code) == [("MIG061", "display-only")]
    assert fixed("shell", code) == code


def job(script: str, crlf: bool = False) -> str:
    text = "job:\n  script:\n" + script
    return text.replace("\n", "\r\n") if crlf else text


CI = [
    case("plain scalar", "ci", job("    - glab api runners/1 -X PUT -F active=false\n"),
         job("    - glab api runners/1 -X PUT -F paused=true\n")),
    case("double-quoted YAML keeps its escapes", "ci",
         job('    - "curl -X PUT \\"$CI_API_V4_URL/runners/1\\" --form \\"active=false\\""\n'),
         job('    - "curl -X PUT \\"$CI_API_V4_URL/runners/1\\" --form \\"paused=true\\""\n')),
    case("double-quoted YAML: a JSON member removed across escapes", "ci",
         job('    - "curl --json \'{\\"a\\": 1, \\"private_profile\\": null}\' $CI_API_V4_URL/users"\n'),
         job('    - "curl --json \'{\\"a\\": 1}\' $CI_API_V4_URL/users"\n')),
    case("single-quoted YAML with doubled quotes around jq", "ci",
         job("    - 'curl -s \"$CI_API_V4_URL/runners\" | jq ''.[] | select(.active)'''\n"),
         job("    - 'curl -s \"$CI_API_V4_URL/runners\" | jq ''.[] | select(.paused | not)'''\n")),
    case("literal block: a continuation line removed, comment kept", "ci",
         job("    - |\n      # the bot\n      glab api users -X POST \\\n        -F private_profile=null \\\n"
             "        -f name=bot\n    - echo ok\n"),
         job("    - |\n      # the bot\n      glab api users -X POST \\\n        -f name=bot\n    - echo ok\n")),
    case("folded block: the last line removed with its line break", "ci",
         job("    - >\n      glab api users -X POST\n      -f name=bot\n      -F private_profile=null\n    - echo ok\n"),
         job("    - >\n      glab api users -X POST\n      -f name=bot\n    - echo ok\n")),
    case("plain scalar cannot hold ': ', shorthand written without the blank", "ci",
         job("    - curl -s \"$CI_API_V4_URL/runners\" | jq '.[] | {id, active}'\n"),
         job("    - curl -s \"$CI_API_V4_URL/runners\" | jq '.[] | {id, active:(.paused | not)}'\n")),
    case("flow sequence and CRLF", "ci", job('    - curl -s "$CI_API_V4_URL/runners?scope=online"\n', crlf=True),
         job('    - curl -s "$CI_API_V4_URL/runners?scope=online"\n', crlf=True).replace("scope=online", "status=online")),
    case("URL in a variable", "ci",
         'variables:\n  GEO: "$CI_API_V4_URL/geo_nodes/status"  # health\njob:\n  script: [curl "$GEO"]\n',
         'variables:\n  GEO: "$CI_API_V4_URL/geo_sites/status"  # health\njob:\n  script: [curl "$GEO"]\n'),
]


RUNNER = '"description": "d", "is_shared": false, "runner_type": "project_type"'
JSON = [
    case("rename, no new key", "json", '{\n  "require_password_to_approve": true,\n  "merge_requests_author_approval": true\n}\n',
         '{\n  "require_reauthentication_to_approve": true,\n  "merge_requests_author_approval": true\n}\n'),
    case("both keys: the old one removed, a middle member, CRLF", "json",
         '{\r\n  "reset_approvals_on_push": true,\r\n  "require_password_to_approve": true,\r\n'
         '  "require_reauthentication_to_approve": false\r\n}\r\n',
         '{\r\n  "reset_approvals_on_push": true,\r\n  "require_reauthentication_to_approve": false\r\n}\r\n'),
    case("both keys: the old one last", "json",
         '{"reset_approvals_on_push": true, "require_reauthentication_to_approve": true,\n "require_password_to_approve": true}\n',
         '{"reset_approvals_on_push": true, "require_reauthentication_to_approve": true}\n'),
    case("both keys: the old one first", "json",
         '{"require_password_to_approve": true, "require_reauthentication_to_approve": true}\n',
         '{"require_reauthentication_to_approve": true}\n'),
    case("negate a runner's active", "json", '[{"id": 1, ' + RUNNER + ', "active": false}]\n',
         '[{"id": 1, ' + RUNNER + ', "paused": true}]\n'),
    case("active with a matching paused is removed", "json", '[{"id": 1, ' + RUNNER + ', "active": false, "paused": true}]\n',
         '[{"id": 1, ' + RUNNER + ', "paused": true}]\n'),
    case("a runner's status key is never mapped", "json", '{"id": 6, ' + RUNNER + ', "paused": true, "status": "paused"}\n',
         '{"id": 6, ' + RUNNER + ', "paused": true, "status": "paused"}\n'),
]


def test_active_with_a_contradicting_paused_is_left_alone():
    code = '[{"id": 1, ' + RUNNER + ', "active": false, "paused": false}]\n'
    assert fixed("json", code) == code


def cassette(request: str, response: str = "{string: '[]'}", headers: str = "{}") -> str:
    return ("interactions:\n- request:\n" + request + "  response:\n    status: {code: 200, message: OK}\n"
            f"    headers: {headers}\n    body: {response}\nversion: 1\n")


GET_RUNNER = "    method: GET\n    uri: https://gitlab.example.com/api/v4/runners/6\n    body: null\n    headers: {}\n"
BODY = '{"id": 6, "active": true, ' + RUNNER + '}'
RECORDED = [
    case("response body in a literal block, with its Content-Length", "cassette",
         cassette(GET_RUNNER, "\n      string: |\n        " + BODY + "\n", f"{{Content-Length: ['{len(BODY) + 1}']}}"),
         cassette(GET_RUNNER, "\n      string: |\n        " + BODY.replace('"active": true', '"paused": false') + "\n",
                  f"{{Content-Length: ['{len(BODY) + 2}']}}")),
    case("a body in a single-quoted YAML string is only approximately placed: untouched", "cassette",
         cassette(GET_RUNNER, f"{{string: '{BODY}'}}"), cassette(GET_RUNNER, f"{{string: '{BODY}'}}")),
    case("request body folded over two lines", "cassette",
         cassette("    method: POST\n    uri: https://gitlab.example.com/api/v4/users\n"
                  "    body: '{\"email\": \"a@example.com\", \"private_profile\":\n      null, \"username\": \"a\"}'\n"
                  "    headers: {Content-Type: [application/json]}\n"),
         cassette("    method: POST\n    uri: https://gitlab.example.com/api/v4/users\n"
                  "    body: '{\"email\": \"a@example.com\", \"username\": \"a\"}'\n"
                  "    headers: {Content-Type: [application/json]}\n")),
    case("JSON cassette: URL and a body in a JSON string", "json",
         '{"interactions": [{"request": {"method": "POST", "uri": "https://gitlab.example.com/api/v4/users?x=1",'
         ' "body": "{\\"email\\": \\"a@b\\", \\"private_profile\\": null}", "headers": {}},\n'
         '  "response": {"status": {"code": 201}, "headers": {}, "body": {"string": "{}"}}}]}\n',
         '{"interactions": [{"request": {"method": "POST", "uri": "https://gitlab.example.com/api/v4/users?x=1",'
         ' "body": "{\\"email\\": \\"a@b\\"}", "headers": {}},\n'
         '  "response": {"status": {"code": 201}, "headers": {}, "body": {"string": "{}"}}}]}\n'),
]


@pytest.mark.parametrize(("kind", "before", "after", "after_unsafe"),
                         SHELL + BOTH_KEYS + DROP_NULL + JQ + PATHS + CI + JSON + RECORDED)
def test_fix(kind, before, after, after_unsafe):
    check_case(kind, before, after, after_unsafe)


def test_har_body_and_its_sizes():
    text = "{\\\"id\\\": 6, \\\"active\\\": true, " + RUNNER.replace('"', '\\"') + "}"
    size = len(text.replace("\\", ""))
    har = ('{"log": {"entries": [{"request": {"method": "GET", "url": "https://gitlab.example.com/api/v4/runners/6",'
           ' "headers": []},\n "response": {"status": 200, "bodySize": %d, "headers": [{"name": "Content-Length",'
           ' "value": "%d"}],\n  "content": {"size": %d, "mimeType": "application/json", "text": "%s"}}}]}}\n')
    after_text = text.replace("active\\\": true", "paused\\\": false")
    new = size + 1
    before = har % (size, size, size, text)
    assert fixed("json", before) == before
    assert fixed("json", before, unsafe=True) == har % (new, new, new, after_text)


# ---------------------------------------------------------------- helpers
@pytest.mark.parametrize(("script", "words", "expected"), [
    ("curl -F a=1 -F x=null\n", "-F x=null", "curl -F a=1\n"),
    ("curl \\\n  -F x=null \\\n  -F a=1\n", "-F x=null", "curl \\\n  -F a=1\n"),
    ("curl -F a=1 \\\n  -F x=null\n", "-F x=null", "curl -F a=1\n"),
    ("curl -F a=1 \\\r\n  -F x=null\r\n", "-F x=null", "curl -F a=1\r\n"),
    ("curl\n  -F x=null -F a=1\n", "-F x=null", "curl\n  -F a=1\n"),
])
def test_blank_around_takes_the_blank_or_the_line(script, words, expected):
    start = script.index(words)
    a, b = blank_around(script, start, start + len(words))
    assert script[:a] + script[b:] == expected


@pytest.mark.parametrize(("script", "needle", "quote", "written"), [
    ("jq '.a | .active'", ".active", "'", ".paused | not"),
    ('jq ".a | .active"', ".active", '"', ".paused | not"),
    ("jq $'.a | .active'", ".active", "$'", ".paused | not"),
    ("jq .active", ".active", "", "'.paused | not'"),
    ('jq ".status == \\"x\\""', "\\\"x", '"', '\\"y\\"'),
])
def test_inserted_text_is_written_inside_the_words_quotes(script, needle, quote, written):
    offset = script.index(needle)
    word = next(w for c in commands(script, Env()) for w in c.words if w.start <= offset < w.end)
    state, _, _ = quoting(script, (word.start, word.end), offset)
    assert state == quote
    assert quoted('"y"' if "status" in script else ".paused | not", state) == written


@pytest.mark.parametrize(("variables", "expected"), [
    ("  URL: $CI_API_V4_URL/runners/all?scope=active&per_page=100\n",
     "  URL: $CI_API_V4_URL/runners/all?paused=false&per_page=100\n"),
    ("  URL: $CI_API_V4_URL/runners/all?scope=active&paused=true\n",
     "  URL: $CI_API_V4_URL/runners/all?scope=active&paused=true\n"),
    ("  URL:\n    value: $CI_API_V4_URL/runners/all?per_page=1&scope=online\n    description: runners\n",
     "  URL:\n    value: $CI_API_V4_URL/runners/all?per_page=1&status=online\n    description: runners\n"),
])
def test_a_ci_variable_is_one_word_not_a_script(variables, expected):
    """`&` in a variable's value joins query fields (the value is no shell command line)."""
    tail = "job:\n  script: [curl \"$URL\"]\n"
    assert fixed("ci", "variables:\n" + variables + tail) == "variables:\n" + expected + tail


def test_an_approximate_touch_is_never_edited():
    """Even when marked fixable, a touch placed by alignment inside a YAML string gets no edit;
    the same touch with an exact position would."""
    from dataclasses import replace

    from migrator.fix.edits import edits_for
    from migrator.values import Fix, Found

    code = cassette(GET_RUNNER, f"{{string: '{BODY}'}}")
    ((finding, touch),) = check_source(code, "cassette", "cassette.yaml", TABLE.rules, TABLE).pairs
    assert touch.get("approximate") and finding.fix.applicability == "display-only"
    forced = replace(finding, fix=Fix("safe", "", intent=finding.fix.intent))
    assert edits_for("cassette", code, Found((forced,), (touch,))) == {}
    exact = replace(touch, origin=replace(touch.origin, approximate=False))
    assert edits_for("cassette", code, Found((forced,), (exact,)))


@pytest.mark.parametrize(("jq_filter", "terms"), [
    (".[] | select(.active) | .id", {"active": True, "id": True}),
    (".[].active", {"active": False}),
    ("$r.active", {"active": False}),
    (".active.x", {"active": False, "x": False}),
    (".active?", {"active": False}),
    (".active |= not", {"active": False}),
    ("{active}", {"active": False}),
])
def test_the_jq_scanner_says_which_fields_are_whole_paths(jq_filter, terms):
    """Only a field that is a whole path (`term`) can be negated as `(.paused | not)`."""
    from migrator.scan import jq

    assert {f.name: f.term for f in jq.fields(jq_filter)} == terms
