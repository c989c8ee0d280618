"""How each fix intent rewrites Python, per syntactic form: the code before, the code after a
safe fix, and after an unsafe one (when it differs). Forms the fixer does not rewrite are
display-only, so `check` does not mark them fixable."""

from __future__ import annotations

import ast

import libcst
import pytest

from migrator.app.passes import fix_text

RUNNER = "runner = gl.runners.get(1)\n"
API = 'import requests\nAPI = "https://gitlab.example.com/api/v4"\n'

CASES = {
    "negation is parenthesized where precedence needs it": (
        "for runner in gl.runners.list():\n"
        "    a = runner.active == other\n"
        "    b = runner.active.real\n"
        "    c = -runner.active\n"
        "    d = runner.active and x\n"
        '    print(f"{runner.active}", [r for r in gl.runners.list() if r.active])\n'
        "    g = runner.active if x else not runner.active\n"
        "    h = (runner.active)\n"
        "    i = not (runner.active)\n",
        "for runner in gl.runners.list():\n"
        "    a = (not runner.paused) == other\n"
        "    b = (not runner.paused).real\n"
        "    c = -(not runner.paused)\n"
        "    d = not runner.paused and x\n"
        '    print(f"{not runner.paused}", [r for r in gl.runners.list() if not r.paused])\n'
        "    g = not runner.paused if x else runner.paused\n"
        "    h = (not runner.paused)\n"
        "    i = runner.paused\n",
        None,
    ),
    "assignments: annotated ones are fixed, chained ones left alone (the value has other targets)": (
        RUNNER + 'runner.active: bool = False\nrunner["active"] = (flag)\nrunner.active = x = False\n'
        "user = gl.users.get(1)\nuser.private_profile: object = None\nuser.private_profile = y = None\n",
        RUNNER + 'runner.paused: bool = True\nrunner["paused"] = (not flag)\nrunner.active = x = False\n'
        "user = gl.users.get(1)\nuser.private_profile: object = None\nuser.private_profile = y = None\n",
        RUNNER + 'runner.paused: bool = True\nrunner["paused"] = (not flag)\nrunner.active = x = False\n'
        "user = gl.users.get(1)\nuser.private_profile = y = None\n",
    ),
    "comparison of active with a bool flips the bool": (
        RUNNER + "j = runner.active == False\nk = True is runner.active\n",
        RUNNER + "j = runner.paused == True\nk = False is runner.paused\n",
        None,
    ),
    "subscript read of active on runner JSON": (
        API + 'info = requests.get(f"{API}/runners/{rid}").json()\nup = info["active"]\n',
        API + 'info = requests.get(f"{API}/runners/{rid}").json()\nup = not info["paused"]\n',
        None,
    ),
    "get() of active stays display-only (a missing key would read as paused)": (
        API + 'info = requests.get(f"{API}/runners/{rid}").json()\nup = info.get("active")\n',
        None,
        None,
    ),
    "string values of a form field flip as strings, expressions are not negated in text": (
        API + 'requests.put(f"{API}/runners/{rid}", data={"active": "False"})\n'
        'requests.put(f"{API}/runners/{rid}", data={"active": enabled})\n',
        API + 'requests.put(f"{API}/runners/{rid}", data={"paused": "True"})\n'
        'requests.put(f"{API}/runners/{rid}", data={"active": enabled})\n',
        None,
    ),
    "an expression in a python-gitlab dict is negated": (
        'gl.runners.update(1, {"active": enabled, "description": "x"})\n',
        'gl.runners.update(1, {"paused": not (enabled), "description": "x"})\n',
        None,
    ),
    "a runner dict holding a runner read: both fixes, over two passes (the key's only by its name)": (
        RUNNER + 'runner_data = {"active": runner.active, "id": 1}\n',
        RUNNER + 'runner_data = {"active": not runner.paused, "id": 1}\n',
        RUNNER + 'runner_data = {"paused": runner.paused, "id": 1}\n',
    ),
    "query strings in URLs": (
        API + 'requests.get(f"{API}/runners?scope=active&per_page=100")\n'
        'requests.put(f"{API}/runners/{rid}?active=false")\n'
        'requests.post(f"{API}/projects/{pid}/approvals?require_password_to_approve=true")\n',
        API + 'requests.get(f"{API}/runners?paused=false&per_page=100")\n'
        'requests.put(f"{API}/runners/{rid}?paused=true")\n'
        'requests.post(f"{API}/projects/{pid}/approvals?require_reauthentication_to_approve=true")\n',
        None,
    ),
    "scope values map to paused, status or type; specific has no single filter": (
        "a = gl.runners.list(scope='shared')\nb = gl.runners.list(scope=\"never_contacted\")\n"
        'c = gl.runners.list(scope="specific")\n',
        "a = gl.runners.list(type='instance_type')\nb = gl.runners.list(status=\"never_contacted\")\n"
        'c = gl.runners.list(scope="specific")\n',
        None,
    ),
    "geo_nodes in concatenations, format strings and urljoin": (
        'gl.http_get("/geo_nodes/" + str(x) + "/status")\ngl.http_get("/geo_nodes/{}".format(x))\n'
        'url = urljoin(BASE, "api/v4/geo_nodes")\n',
        'gl.http_get("/geo_sites/" + str(x) + "/status")\ngl.http_get("/geo_sites/{}".format(x))\n'
        'url = urljoin(BASE, "api/v4/geo_sites")\n',
        None,
    ),
    "status comparisons become paused tests (unsafe), either operand order": (
        RUNNER + 'if "paused" == runner.status:\n    pass\nif runner.status != "paused":\n    pass\n'
        'ok = not runner.status == "active"\n',
        None,
        RUNNER + "if runner.paused:\n    pass\nif not runner.paused:\n    pass\nok = not (not runner.paused)\n",
    ),
    "merged_by renamed in every access form (unsafe)": (
        'mr = project.mergerequests.get(1)\na = mr.merged_by is None\nb = mr.attributes["merged_by"]\n'
        'c = getattr(mr, "merged_by")\n',
        None,
        'mr = project.mergerequests.get(1)\na = mr.merge_user is None\nb = mr.attributes["merge_user"]\n'
        'c = getattr(mr, "merge_user")\n',
    ),
    "null entries leave valid dicts: first, middle, last, only, trailing comma": (
        'gl.users.create({"private_profile": None, "email": e})\n'
        'gl.users.create({"email": e, "private_profile": None, "username": u})\n'
        'gl.users.create({"email": e, "private_profile": None})\n'
        'gl.users.create({"private_profile": None})\n'
        'gl.users.create({"email": e, "private_profile": None, })\n',
        'gl.users.create({"email": e})\ngl.users.create({"email": e, "username": u})\n'
        'gl.users.create({"email": e})\ngl.users.create({})\ngl.users.create({"email": e, })\n',
        None,
    ),
    "null entries in multi-line dicts keep layout and the other comments": (
        'def make(e):\n    gl.users.create({\n        "email": e,  # mail\n'
        '        "private_profile": None,  # default\n    })\n'
        '    gl.users.create({\n        "email": e,\n        "private_profile": None\n    })\n'
        '    gl.users.create({\n        "private_profile": None,\n    })\n',
        'def make(e):\n    gl.users.create({\n        "email": e,  # mail\n    })\n'
        '    gl.users.create({\n        "email": e\n    })\n    gl.users.create({})\n',
        None,
    ),
    "null keyword arguments are dropped (unsafe on update)": (
        'gl.users.update(1, bio="x", private_profile=None)\n'
        'gl.users.update(\n    1,\n    private_profile=None,\n    bio="x",\n)\n',
        None,
        'gl.users.update(1, bio="x")\ngl.users.update(\n    1,\n    bio="x",\n)\n',
    ),
    "null assignments are removed, pass keeps a block valid (unsafe)": (
        "def reset(x, y):\n    user = gl.users.get(1)\n    if x:\n        user.private_profile = None\n"
        "    else:\n        # reset it\n        user.private_profile = None  # default\n        user.save()\n"
        "    a = 1; user.private_profile = None; b = 2\n    a = 1; user.private_profile = None\n"
        "    if y: user.private_profile = None\n",
        None,
        "def reset(x, y):\n    user = gl.users.get(1)\n    if x:\n        pass\n"
        "    else:\n        # reset it\n        user.save()\n"
        "    a = 1; b = 2\n    a = 1\n    if y: pass\n",
    ),
    "both approval keys: the old one is dropped, the new one wins": (
        'project.approvals.update(new_data={"require_password_to_approve": True, "reset_approvals_on_push": False})\n'
        'gl.projects.get(1).approvals.update(require_password_to_approve=True, require_reauthentication_to_approve=True)\n',
        'project.approvals.update(new_data={"require_reauthentication_to_approve": True, "reset_approvals_on_push": False})\n'
        "gl.projects.get(1).approvals.update(require_reauthentication_to_approve=True)\n",
        None,
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_rewrite(name, table):
    before, safe, unsafe = CASES[name]
    safe = before if safe is None else safe
    for flag, expected in ((False, safe), (True, unsafe or safe)):
        result = fix_text(before, "python", "example.py", table.rules, table, flag)
        assert result.failure is None
        assert result.text == expected
        ast.parse(result.text)
        libcst.parse_module(result.text)
        again = fix_text(result.text, "python", "example.py", table.rules, table, flag)
        assert (again.text, again.fixed) == (result.text, 0)


def test_crlf_tabs_and_non_ascii_columns(table):
    before = ('def f():\r\n\tgl.users.update(1, private_profile=None, bio="x")\r\n'
              '\tfor runner in gl.runners.list():\r\n\t\tprint("é", runner.active)\r\n')
    result = fix_text(before, "python", "example.py", table.rules, table, True)
    assert result.text == ('def f():\r\n\tgl.users.update(1, bio="x")\r\n'
                           '\tfor runner in gl.runners.list():\r\n\t\tprint("é", not runner.paused)\r\n')


def test_forms_without_a_rewrite_are_display_only(check):
    code = (API + 'info = requests.get(f"{API}/runners/{rid}").json()\nup = info.get("active")\n'
            'requests.put(f"{API}/runners/{rid}", data={"active": enabled})\n'
            'mr = project.mergerequests.get(1)\nok = mr.merge_status in ("cannot_be_merged",)\n')
    fixes = {(f.code, f.span.start.row): f.fix.applicability for f in check(code)}
    assert fixes == {("MIG060", 4): "display-only", ("MIG061", 5): "display-only", ("MIG011", 7): "display-only"}
