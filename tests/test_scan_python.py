"""The Python scanner, case by case: what it reports (before → findings) and what it leaves."""

from __future__ import annotations

import pytest

from migrator.scan import python as pyscan
from migrator.values import NO_VALUE


def codes(findings):
    return [(f.code, f.span.start.row) for f in findings]


API = 'API = "https://gitlab.example.com/api/v4"\n'


@pytest.mark.parametrize(
    "url",
    [
        '"https://gitlab.example.com/api/v4/geo_nodes"',
        'f"{API}/geo_nodes"',
        'API + "/geo_nodes"',
        'urljoin(API + "/", "geo_nodes")',
        '"{}/geo_nodes".format(API)',
        '"%s/geo_nodes" % API',
    ],
    ids=["string", "f-string", "concatenation", "urljoin", "format", "percent"],
)
def test_urls_reach_the_endpoint_however_they_are_built(url, check):
    code = f"import requests\nfrom urllib.parse import urljoin\n{API}r = requests.get({url})\n"
    assert codes(check(code)) == [("MIG001", 4)]


@pytest.mark.parametrize(
    "client",
    ["requests.get(URL)", "httpx.get(URL)", "urllib.request.urlopen(URL)",
     "session.get(URL)", "httpx.Client(base_url=API).get('/runners/7')"],
)
def test_http_clients_type_the_response(client, check):
    code = (f"import requests, httpx, urllib.request\n{API}URL = API + '/runners/7'\n"
            f"session = requests.Session()\ndata = {client}.json()\nprint(data['ip_address'])\n")
    assert ("MIG070", 6) in codes(check(code))


def test_aiohttp_session_response_is_typed(check):
    code = (f"import aiohttp\n{API}"
            "async def main(rid):\n"
            "    async with aiohttp.ClientSession() as session:\n"
            "        async with session.get(f'{API}/runners/{rid}') as resp:\n"
            "            runner = await resp.json()\n"
            "            return runner['version']\n")
    assert codes(check(code)) == [("MIG071", 7)]


def test_gl_http_calls_are_api_paths_without_prefix(check):
    assert codes(check('gl.http_delete("/geo_nodes/3")\n')) == [("MIG001", 1)]
    assert codes(check('r = gl.http_get("/runners/3")\nprint(r["active"])\n')) == [("MIG060", 2)]


def test_python_gitlab_attributes_and_attributes_dict(check):
    code = "mr = project.mergerequests.get(1)\na = mr.attributes['merged_by']\nb = mr.merged_by\n"
    assert codes(check(code)) == [("MIG010", 2), ("MIG010", 3)]


def test_get_with_a_field_name_is_a_read(check):
    code = f"import requests\n{API}mr = requests.get(f'{{API}}/projects/1/merge_requests/2').json()\ns = mr.get('merge_status', 'unchecked')\n"
    assert codes(check(code)) == [("MIG011", 4)]


def test_dicts_sent_as_json_data_or_params_are_parameters(check):
    code = (f"import requests\n{API}"
            "requests.put(f'{API}/runners/1', json={'active': False})\n"
            "requests.put(f'{API}/runners/1', data={'active': 'false'})\n"
            "requests.get(f'{API}/runners', params={'scope': 'paused'})\n")
    assert codes(check(code)) == [("MIG061", 3), ("MIG061", 4), ("MIG062", 5)]


def test_a_payload_bound_to_a_name_is_followed(check):
    code = "payload = {'username': 'a', 'private_profile': None}\nuser = gl.users.create(payload)\n"
    assert codes(check(code)) == [("MIG020", 1)]


def test_comparisons_carry_the_literal(check_found):
    ((finding, touch),) = check_found("runner = gl.runners.get(1)\nif runner.status == 'paused':\n    pass\n").pairs
    assert finding.code == "MIG065"
    assert touch.value == "paused"


def test_generic_names_need_typed_or_named_evidence(check):
    assert check("print(thing.active, obj.version, x.platform, y.status == 'paused', z.ip_address)\n") == []
    assert codes(check("print(runner.active)\n")) == [("MIG060", 1)]
    (finding,) = check("print(runner.active)\n")
    assert finding.evidence == "named"


SELF_MAPPING = "class {cls}:\n    def f(self):\n        return self.info{read}\n"


@pytest.mark.parametrize("cls, read, record", [
    ("Project", "['approvals_before_merge']", "project"),
    ("MergeRequest", "['merge_status']", "merge_request"),
    ("MergeRequest", ".get('merge_status')", "merge_request"),
    ("RunnerModel", "['active']", "runner"),
])
def test_a_mapping_self_keeps_in_a_class_named_for_a_record_is_named_evidence_for_it(cls, read, record, check_found):
    """The same shape gets the same answer: ``self.info['merge_status']`` in ``class MergeRequest``
    and ``self.info['approvals_before_merge']`` in ``class Project`` both read the record the
    class is named for."""
    ((finding, touch),) = check_found(SELF_MAPPING.format(cls=cls, read=read)).pairs
    assert (finding.evidence, touch.record, finding.span.start.row) == ("named", record, 3)


@pytest.mark.parametrize("cls, read", [
    ("Project", ".approvals_before_merge"),          # the class's own attribute, no mapping it keeps
    ("ProjectView", "['approvals_before_merge']"),   # a class named for no record
    ("MergeRequestEvent", "['merge_status']"),       # a webhook's payload is no REST record
])
def test_self_reads_that_name_no_record_stay_unreported(cls, read, check):
    code = SELF_MAPPING.format(cls=cls, read=read).replace("self.info.approvals", "self.approvals")
    assert [(f.code, f.evidence) for f in check(code) if f.evidence != "bare"] == []
    assert [f.code for f in check(code) if f.code == "MIG400"] == []


@pytest.mark.parametrize(
    "code",
    [
        "sched = project.pipelineschedules.get(1)\nprint(sched.active)\n",
        "for token in gl.personal_access_tokens.list():\n    print(token.active)\n",
        "import sys\nprint(sys.version)\n",
        "print(gl.version())\n",
        "import platform\nprint(platform.system(), platform.platform())\n",
        "class Job:\n    def done(self):\n        return self.merge_status == 'merged' and self.active\n",
        "runner = gl.runners.get(1)\nprint(runner.paused)\n",
        "mr = project.mergerequests.get(1)\nprint(mr.merge_user, mr.detailed_merge_status)\n",
        'sites = gl.http_get("/geo_sites")\n',
        'import requests\nrequests.get("https://gl.example.com/api/v4/projects/1/merge_requests/2/diffs")\n',
        "for manager in runner_managers:\n    print(manager.ip_address, manager.version)\n",
    ],
    ids=["pipeline schedule active", "token active", "sys.version", "gl.version()", "platform module",
         "application's own attributes", "runner.paused", "merge_user", "geo_sites", "diffs endpoint",
         "runner manager fields"],
)
def test_look_alikes_and_migrated_code_are_not_findings(code, check):
    assert check(code) == []


def test_a_syntax_error_is_one_parse_error_finding(check):
    (finding,) = check("def f(:\n  pass\n")
    assert (finding.code, finding.name, finding.span.start.row) == ("MIG999", "parse-error", 1)


def test_columns_count_characters_not_bytes(check):
    (finding,) = check("mr = project.mergerequests.get(1)\nlabel = 'héllo'; who = mr.merged_by\n")
    assert finding.span.start.column == 24


def test_touch_for_an_assignment_records_the_value(table):
    touches = pyscan.scan("runner = gl.runners.get(1)\nrunner.active = False\nrunner.active = flag\n", table.model)
    writes = [t for t in touches if t.role == "field" and t.context == "write"]
    assert [(t.name, t.value) for t in writes] == [("active", False), ("active", NO_VALUE)]
    assert all(t.record == "runner" and t.evidence == "typed" for t in writes)


def test_a_session_held_on_self_is_an_http_client_when_the_path_is_an_endpoint(check):
    code = ("class Client:\n    def runners(self):\n"
            "        return self.session.get(f'{self.api}/runners/all', params={'scope': 'active'})\n")
    assert codes(check(code)) == [("MIG062", 3)]


def test_a_path_after_a_partial_base_matches_the_endpoint_it_ends(check):
    code = "import requests\nr = requests.get(f'{PROJECT_URL}/merge_requests/{iid}/changes')\n"
    assert codes(check(code)) == [("MIG030", 2)]


def test_an_unknown_receiver_with_a_path_no_endpoint_ends_is_no_request(check):
    assert check("cache.get(f'{prefix}/runners/{rid}/scope')\n") == []


def test_a_walrus_comparison_is_reported_and_left_to_review(check):
    (finding,) = check("runner = gl.runners.get(1)\nif (s := runner.status) == 'paused':\n    print(s)\n")
    assert (finding.code, finding.span.start.row) == ("MIG065", 2)
    assert finding.fix.applicability == "display-only"


def test_match_cases_compare_the_subject(check_found):
    code = "runner = gl.runners.get(1)\nmatch runner.status:\n    case 'online':\n        pass\n    case 'paused' | 'active':\n        pass\n"
    ((finding, touch),) = check_found(code).pairs
    assert (finding.code, finding.span.start.row, touch.value) == ("MIG065", 2, ("online", "paused", "active"))
    assert finding.fix.applicability == "display-only"


def test_a_url_is_reported_where_it_is_written_not_again_where_it_is_used(check):
    code = (f"import requests\n{API}path = f'/projects/{{pid}}/merge_requests/{{iid}}/changes'\n"
            "r = requests.get(API + path)\ns = requests.get(f'{API}{path}')\n")
    assert codes(check(code)) == [("MIG030", 3)]


@pytest.mark.parametrize(
    ("code", "path"),
    [
        ('group = gl.groups.get(3)\nrs = group.runners.list(scope="online")\n', "/groups/:id/runners"),
        ('project = gl.projects.get(3)\nrs = project.runners.list(scope="online")\n', "/projects/:id/runners"),
        ('rs = gl.runners.list(scope="online")\n', "/runners"),
    ],
    ids=["group", "project", "instance"],
)
def test_a_manager_under_a_record_sends_to_that_records_path(code, path, table):
    touches = pyscan.scan(code, table.model)
    assert [t.get("path") for t in touches if t.role == "param"] == [path]
