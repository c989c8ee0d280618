"""Three shapes every client language shares, read in Python: a webhook's payload is not the
REST API; a mock response is a recording however it is written; a finding sits on the line
where its token is written."""

from __future__ import annotations

from migrator.app.passes import fix_text


def found(findings):
    return [(f.code, f.span.start.row, f.span.start.column) for f in findings]


def applicability(findings, code):
    return [f.fix.applicability for f in findings if f.code == code]


# ---------------------------------------------------------------- webhook payloads
def test_a_merge_request_hooks_object_attributes_are_no_rest_fields(check):
    code = ("def on_merge_request(data):\n"
            "    attrs = data['object_attributes']\n"
            "    if attrs['merge_status'] == 'can_be_merged':\n"
            "        return attrs['merged_by']\n")
    assert check(code) == []


def test_a_name_that_says_merge_request_is_still_the_hooks_when_it_holds_its_payload(check):
    code = ("def hook(payload):\n"
            "    mr = payload['object_attributes']\n"
            "    return mr['merge_status'], payload['object_attributes'].get('merge_status')\n")
    assert check(code) == []


def test_a_rest_merge_request_read_beside_a_hook_is_still_reported(check):
    code = ("import requests\n"
            "def hook(payload):\n"
            "    iid = payload['object_attributes']['iid']\n"
            "    mr = requests.get(f'https://gitlab.example.com/api/v4/projects/1/merge_requests/{iid}').json()\n"
            "    return mr['merge_status']\n")
    assert found(check(code)) == [("MIG011", 5, 12)]


# ---------------------------------------------------------------- mock responses
RUNNER = "{'id': 1, 'is_shared': False, 'active': True}"


def test_a_runner_mocked_with_responses_as_a_dict_gets_no_safe_fix(check):
    code = ("import responses\n"
            f"responses.add(responses.GET, 'https://gitlab.example.com/api/v4/runners/1', json={RUNNER})\n")
    findings = check(code)
    assert found(findings) == [("MIG060", 2, code.splitlines()[1].index("'active'") + 1)]
    assert applicability(findings, "MIG060") == ["unsafe"]


def test_the_same_dict_as_a_runner_update_sent_to_the_api_keeps_its_safe_fix(check):
    code = ("runner = gl.runners.get(1)\n"
            "runner.active = False\n")
    assert applicability(check(code), "MIG060") == ["safe"]


def test_mocks_of_requests_mock_pytest_httpx_respx_and_aioresponses_are_recordings(check):
    body = "{'approvals_before_merge': 1, 'reset_approvals_on_push': True, 'require_password_to_approve': True}"
    url = "'https://gitlab.example.com/api/v4/projects/1/approvals'"
    for code in (f"def test(requests_mock):\n    requests_mock.get({url}, json={body})\n",
                 f"def test(httpx_mock):\n    httpx_mock.add_response(url={url}, json={body})\n",
                 f"respx.get({url}).mock(return_value=httpx.Response(200, json={body}))\n",
                 f"with aioresponses() as m:\n    m.get({url}, payload={body})\n",
                 f"with responses.RequestsMock() as rsps:\n    rsps.add('GET', {url}, json={{'data': {body}}})\n",
                 f"session.get.return_value.json.return_value = {body}\n"):
        assert applicability(check(code), "MIG090") == ["unsafe"], code


def test_the_url_a_mock_is_registered_at_is_a_recording_too(check):
    code = ("import responses\n"
            "responses.add(responses.GET, 'https://gitlab.example.com/api/v4/geo_nodes', json=[])\n"
            "requests.get('https://gitlab.example.com/api/v4/geo_nodes')\n")
    assert [(f.span.start.row, f.fix.applicability) for f in check(code)] == [(2, "unsafe"), (3, "safe")]


def test_a_dict_sent_as_the_request_body_is_no_mock(check):
    code = ("import requests\n"
            "requests.put('https://gitlab.example.com/api/v4/projects/1/approvals',\n"
            "             json={'require_password_to_approve': True})\n")
    assert applicability(check(code), "MIG090") == ["safe"]


# ---------------------------------------------------------------- where a finding sits
def test_a_url_on_the_second_line_of_urljoin_is_reported_on_that_line(check):
    code = ("url = urljoin(\n"
            "    base,\n"
            "    f'/api/v4/projects/{project}/merge_requests/{iid}/changes',\n"
            ")\n")
    assert found(check(code)) == [("MIG030", 3, 5)]


def test_a_url_sent_through_urljoin_is_reported_at_its_path_and_fixed_there(check, table):
    code = ("requests.get(urljoin(\n"
            "    base,\n"
            "    f'/api/v4/geo_nodes/{node}/status',\n"
            "))\n")
    assert found(check(code)) == [("MIG001", 3, 5)]
    result = fix_text(code, "python", "example.py", table.rules, table, unsafe=False)
    assert result.text == code.replace("geo_nodes", "geo_sites")


def test_a_relative_reference_leaves_the_finding_on_the_whole_urljoin(check):
    code = ("requests.get(urljoin('https://gitlab.example.com/api/v4/geo_nodes/',\n"
            "                     f'{node}/status'))\n")
    assert found(check(code)) == [("MIG001", 1, 14)]


MOCKED_URLS = {
    "nock": ("javascript", "geo.test.ts",
             'nock("https://gl.example.com").get("/api/v4/geo_nodes/3").reply(200, { id: 3 });\n'),
    "msw": ("javascript", "handlers.ts",
            'export const handlers = [http.get("https://gl.example.com/api/v4/geo_nodes", () => HttpResponse.json([]))];\n'),
    "a Go test server's route": ("go", "geo_test.go",
                                 'package gl\n\nfunc TestGeo() {\n\tmux.HandleFunc("/api/v4/geo_nodes/3", handler)\n}\n'),
    "WebMock": ("ruby", "geo_spec.rb", 'stub_request(:get, "https://gl.example.com/api/v4/geo_nodes/3")\n'),
    "WireMock": ("java", "GeoTest.java",
                 'class GeoTest { void stub() { stubFor(get(urlEqualTo("/api/v4/geo_nodes/3")).willReturn(okJson("{}"))); } }\n'),
}


def test_the_url_a_mock_serves_is_a_recording_in_every_language(check):
    """A mock's route changes together with the code under test: rewriting it alone (or the
    code alone) breaks the test, so neither is a safe fix."""
    for shape, (kind, filename, code) in MOCKED_URLS.items():
        findings = [f for f in check(code, kind, filename) if f.code == "MIG001"]
        assert [f.fix.applicability for f in findings] == ["unsafe"], shape
