"""Fix safety on shapes found in real code: where a rewrite would change behaviour, `migrator fix`
leaves the file as it is, and the JSON output marks the fix unsafe or display-only, saying why.
A safe fix rests on typed evidence that the token is the API's field or parameter."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from migrator.cli import main

HEADER = 'import requests\n\nAPI = "https://gitlab.example.com/api/v4"\n'

# (name, code, the applicabilities a finding's fix may have; an empty set: not reported at all)
LOOKALIKES = [
    ("an Ansible option lookup that shares the API's name",
     'approve = module.params["require_password_to_approve"]\n', {"unsafe"}),
    ("a dict of an application's own settings, not sent anywhere",
     'settings = {"active": True, "name": "nightly"}\n', set()),
    ("the old key dropped where the new one comes from an option that may be None",
     'body = {"require_password_to_approve": True, "require_reauthentication_to_approve": module.params["r"]}\n'
     'requests.put(f"{API}/projects/{pid}/approvals", json=body)\n', {"unsafe"}),
    ("the old key dropped where the new one is None",
     'body = {"require_password_to_approve": True, "require_reauthentication_to_approve": None}\n'
     'requests.put(f"{API}/projects/{pid}/approvals", json=body)\n', {"unsafe"}),
    ("a path that is only a string, in a library",
     'GEO_PATH = "/geo_nodes"\n', {"unsafe"}),
    ("a runner known only by its parameter's name",
     "def show(runner):\n    return runner.active\n", {"unsafe"}),
    ("scope on group runners, which the service ignores",
     'requests.get(f"{API}/groups/{gid}/runners", params={"scope": "active"})\n', {"display-only"}),
]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize(("name", "code", "allowed"), LOOKALIKES, ids=[case[0] for case in LOOKALIKES])
def test_fix_leaves_the_lookalike_alone_and_says_the_fix_is_not_safe(tmp_path, monkeypatch, name, code, allowed):
    (tmp_path / "client.py").write_text(HEADER + code)
    monkeypatch.chdir(tmp_path)
    found = json.loads(run("check", "--output-format", "json", ".").stdout)
    assert bool(found) == bool(allowed), "reported, so that someone looks at it" if allowed else "not an API use"
    assert {f["fix"]["applicability"] for f in found if f["fix"]} <= allowed
    assert all(f["fix"] is None or f["fix"]["applicability"] == "display-only" or "(" in f["fix"]["message"]
               for f in found), "an unsafe fix says why"
    run("fix", ".")
    assert (tmp_path / "client.py").read_text() == HEADER + code


def test_the_drop_of_an_old_key_next_to_a_literal_new_one_stays_safe(tmp_path, monkeypatch):
    code = ('requests.put(f"{API}/projects/{pid}/approvals", json={"require_password_to_approve": True, '
            '"require_reauthentication_to_approve": True})\n')
    (tmp_path / "client.py").write_text(HEADER + code)
    monkeypatch.chdir(tmp_path)
    run("fix", ".")
    assert '"require_password_to_approve"' not in (tmp_path / "client.py").read_text()


def test_a_url_constant_sent_by_an_http_client_is_typed_and_its_fix_safe(tmp_path, monkeypatch):
    code = 'GEO = f"{BASE}/geo_nodes"\nnodes = requests.get(GEO).json()\n'
    (tmp_path / "client.py").write_text(code)
    monkeypatch.chdir(tmp_path)
    (finding,) = json.loads(run("check", "--output-format", "json", ".").stdout)
    assert (finding["evidence"], finding["fix"]["applicability"]) == ("typed", "safe")


def test_a_fix_message_field_a_gated_fix_has_no_value_for_never_fails_the_run():
    from migrator.fix.intents import fix_for
    from migrator.values import FixIntent, Touch

    gated = FixIntent("none", "display-only", "gated", "Filter with `{to}={to_value}` instead of `scope={value}`")
    touch = Touch("param", "scope", (0, 5), "runner", "typed", "filter", value="active")
    assert fix_for(gated, touch).message == "Filter with `={to_value}` instead of `scope=active`"
