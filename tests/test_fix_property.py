"""Property: for any file mixing deprecated uses and look-alikes, fix (safe, and with unsafe
fixes) leaves a file that parses, a second fix changes nothing, no look-alike is touched (and no
safety look-alike by a safe fix: shapes where a rewrite could change behaviour), and every
finding `check` marks fixable gets its edits."""

from __future__ import annotations

import ast

import libcst
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from migrator.pipeline import check_source
from migrator.fix.edits import edits_for
from migrator.app.passes import fix_text
from migrator.report.text import fixable
from migrator.ruletable import load_table

TABLE = load_table()
HEADER = 'import gitlab\nimport requests\n\nAPI = "https://gitlab.example.com/api/v4"\ngl = gitlab.Gitlab()\n'

DEPRECATED = [
    "for runner in gl.runners.list():\n    if runner.active:\n        print(runner.id)\n",
    "runner = gl.runners.get(9)\nidle = not runner.active\n",
    "runner = gl.runners.get(9)\nrunner.active = False\nrunner.save()\n",
    "runner = gl.runners.get(9)\nrunner.active = enabled\n",
    "runner = gl.runners.get(9)\nstate = {'enabled': runner.active, 'n': -runner.active}\n",
    'runners = gl.runners.list(scope="active", get_all=True)\n',
    'mine = gl.runners.list(scope="specific")\n',
    'r = requests.get(f"{API}/runners", params={"scope": "paused"})\n',
    'requests.put(f"{API}/runners/{rid}", data={"active": "false"})\n',
    'gl.runners.update(12, {"active": False, "description": "maintenance"})\n',
    'nodes = gl.http_get("/geo_nodes")\n',
    'requests.post(f"{API}/geo_nodes/{node_id}/repair")\n',
    'failures = gl.http_get("/geo_nodes/current/failures")\n',
    'payload = {"require_password_to_approve": True}\n',
    'payload = {"require_password_to_approve": True, "require_reauthentication_to_approve": True}\n',
    'requests.post(f"{API}/projects/{pid}/approvals", json={"require_password_to_approve": True})\n',
    "mr = project.mergerequests.get(7)\nprint(mr.merged_by['username'])\n",
    'mr = project.mergerequests.get(3)\nif mr.merge_status == "cannot_be_merged":\n    notify(mr)\n',
    'user = gl.users.create({"email": "a@example.com", "private_profile": None, "username": "a"})\n',
    'user = gl.users.create({\n    "email": "a@example.com",  # mail\n    "private_profile": None,\n})\n',
    'gl.users.update(42, {"private_profile": None, "bio": "x"})\n',
    "user = gl.users.get(1)\nif reset:\n    user.private_profile = None\n",
    # request bodies built step by step (scan/pyflow.py)
    "args = {'description': 'ci'}\nargs['active'] = False\ngl.runners.create(args)\n",
    "body = {'name': 'x', 'mirror': True}\nbody = {k: v for k, v in body.items() if v is not None}\n"
    "requests.post(f'{API}/projects', json=body)\n",
    "opts = {'active': True, 'description': 'ci'}\nfor key, value in opts.items():\n    setattr(runner, key, value)\n",
    # paths without /api/v4 passed to a wrapper
    'diff = client.request("GET", f"projects/{pid}/merge_requests/{iid}/changes")\n',
    'idle = client.request("GET", "runners/all?scope=paused")\n',
    # mock responses as JSON in strings
    "content = (\n    '{\"id\": 1, \"active\": true,'\n    '\"is_shared\": false}'\n)\n",
]

LOOKALIKES = [
    "sched = project.pipelineschedules.get(1)\nif sched.active:\n    sched.play()\n",
    "for token in gl.personal_access_tokens.list():\n    print(token.active)\n",
    "import sys\nprint(sys.version)\n",
    'class Job:\n    def done(self):\n        return self.merge_status == "done"\n',
    "resume = gl.runners.list(paused=False)\n",
    'sites = gl.http_get("/geo_sites")\n',
    'policy = {"require_reauthentication_to_approve": True}\n',
    "mr = project.mergerequests.get(7)\nprint(mr.merge_user)\n",
    'word = client.get("changes")\n',
    "state = {'theme': 'dark'}\nstate['active'] = True\nrender(state)\n",
    "config = '{\"active\": true, \"theme\": \"dark\"}'\n",
    'log.info(f"fetching {API}/runners/all?scope=active")\n',
]

# Shapes where a rename or a drop could change behaviour: a safe fix leaves them alone (an unsafe
# fix, applied after review, may rewrite them).
SAFETY_LOOKALIKES = [
    'approve = module.params["require_password_to_approve"]\n',
    'settings = {"active": True, "name": "nightly"}\n',
    'body = {"require_password_to_approve": True, "require_reauthentication_to_approve": reauth}\n'
    'requests.put(f"{API}/projects/{pid}/approvals", json=body)\n',
    'GEO_PATH = "/geo_nodes"\n',
    "def show(runner):\n    return runner.active\n",
]


def indent(code: str, prefix: str) -> str:
    return "".join(prefix + line if line.strip() else line for line in code.splitlines(True))


@st.composite
def files(draw, deprecated=tuple(DEPRECATED), lookalikes=tuple(LOOKALIKES),
          safety=tuple(SAFETY_LOOKALIKES)) -> tuple[str, list[str], list[str]]:
    """(file text, the look-alike blocks in it, the safety look-alike blocks in it), the blocks as
    they must still appear after the fix (the safety look-alikes: after a safe fix)."""
    blocks, kept = [], {"lookalike": [], "safety": []}
    for i, (snippet, sort) in enumerate(draw(st.lists(
            st.one_of(st.tuples(st.sampled_from(deprecated), st.just("deprecated")),
                      st.tuples(st.sampled_from(lookalikes), st.just("lookalike")),
                      st.tuples(st.sampled_from(safety), st.just("safety"))), min_size=1, max_size=8))):
        block = f"\n\ndef case_{i}():\n" + indent(snippet, "    ") if draw(st.booleans()) else "\n" + snippet
        blocks.append(block)
        kept.get(sort, []).append(block)
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    text = (HEADER + "".join(blocks)).replace("\n", newline)
    return text, *([b.replace("\n", newline) for b in kept[sort]] for sort in ("lookalike", "safety"))


def assert_fix_properties(text: str, lookalikes: list[str], safety: list[str], unsafe: bool) -> None:
    """The fixed file parses, a second fix changes nothing, no look-alike is touched (no safety
    look-alike by a safe fix), and every finding `check` marks fixable gets its edits."""
    marked = check_source(text, "python", "example.py", TABLE.rules, TABLE).kept(lambda f: fixable(f, unsafe))
    assert all(edits_for("python", text, marked).get(f) for f in marked.findings)
    result = fix_text(text, "python", "example.py", TABLE.rules, TABLE, unsafe)
    assert result.failure is None
    ast.parse(result.text)
    libcst.parse_module(result.text)
    again = fix_text(result.text, "python", "example.py", TABLE.rules, TABLE, unsafe)
    assert (again.text, again.fixed) == (result.text, 0)
    for block in lookalikes + ([] if unsafe else safety):
        assert block in result.text


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(files(), st.booleans())
def test_fix_parses_is_idempotent_and_spares_lookalikes(file, unsafe):
    assert_fix_properties(*file, unsafe)
