"""Endpoint paths written without ``/api/v4`` for a wrapper the scanners cannot know, and URLs
that are only mentioned in a message: where a URL is reported, and where it is not."""

from __future__ import annotations

import pytest

from migrator.scan import urls


def codes(findings):
    return [(f.code, f.span.start.row, f.span.start.column) for f in findings]


@pytest.mark.parametrize("path", [
    'f"projects/{pid}/merge_requests/{iid}/changes"',
    '"projects/%s/merge_requests/%s/changes" % (pid, iid)',
    '"projects/{}/merge_requests/{}/changes".format(pid, iid)',
])
def test_a_whole_endpoint_path_passed_to_an_unknown_wrapper_is_reported(path, check):
    code = f"def changes(self, pid, iid):\n    return self._get({path})\n"
    assert codes(check(code)) == [("MIG030", 2, 22)]


def test_a_query_on_a_path_sent_by_any_objects_request_is_a_filter(check_found):
    [(finding, touch)] = check_found('def runners(client):\n    return client.request("GET", "runners/all?scope=active")\n').pairs
    assert (finding.code, touch.evidence) == ("MIG062", "named")
    assert finding.fix.applicability == "unsafe"


@pytest.mark.parametrize("text", ["changes", "merge_requests/{}/changes", "runners", "geo_nodes/{}"])
def test_a_lone_word_or_a_path_without_its_resource_is_no_endpoint(text, table):
    assert urls.parse(text, table.model) is None


def test_a_shell_function_wrapping_curl_is_given_paths_without_the_prefix(check):
    script = ('glbody() { curl -s -H "PRIVATE-TOKEN: $T" "$GITLAB/api/v4/$1"; }\n'
              'glbody projects/"$1"/merge_requests/"$2"/changes | jq .changes\n'
              'glbody "runners/all?scope=active"\n'
              'glbody changes\n')
    assert codes(check(script, "shell", "mr.sh")) == [("MIG030", 2, 8), ("MIG062", 3, 21)]


@pytest.mark.parametrize("message", [
    'log.info(f"fetching {url}")',
    'print(f"GET {url} failed")',
    'raise RuntimeError(f"cannot read {url}: {status}")',
    'log.debug("url=" + url)',
    'log.info("calling https://gitlab.example.com/api/v4/projects/1/merge_requests/2/changes now")',
])
def test_a_url_only_mentioned_in_a_message_is_reported_where_it_is_built(message, check):
    code = ("import logging, requests\nlog = logging.getLogger()\n"
            'url = f"{BASE}/api/v4/projects/{p}/merge_requests/{i}/changes"\n'
            f"{message}\n"
            "requests.get(url)\n")
    assert codes(check(code)) == [("MIG030", 3, 7)]


def test_an_echoed_url_is_a_message_in_shell_too(check):
    script = ('URL="$CI_API_V4_URL/projects/1/merge_requests/2/changes"\n'
              'echo "fetching $URL"\n'
              'curl -s "$URL"\n')
    assert codes(check(script, "shell", "mr.sh")) == [("MIG030", 1, 6)]


def test_a_url_on_the_second_line_of_a_call_is_reported_on_its_own_line(check):
    code = ("import requests\n"
            "r = requests.get(\n"
            '    f"{BASE}/api/v4/projects/{p}/merge_requests/{i}/changes",\n'
            "    timeout=5,\n"
            ")\n")
    assert codes(check(code)) == [("MIG030", 3, 5)]


def test_a_key_on_a_later_line_of_a_dict_is_reported_on_its_own_line(check):
    code = ("gl.runners.update(\n"
            "    7,\n"
            "    {\n"
            "        'description': 'ci',\n"
            "        'active': False,\n"
            "    },\n"
            ")\n")
    assert codes(check(code)) == [("MIG061", 5, 9)]


def test_a_script_wrapping_curl_given_a_path_and_curls_options_is_a_request(check_found):
    script = ('"$srcdir/gitlab_api.sh" /projects -X POST \\\n'
              '    -d \'{"name": "app", "import_url": "https://example.com/app.git", "mirror": true}\'\n')
    [(finding, touch)] = check_found(script, "shell", "create.sh").pairs
    assert (finding.code, finding.span.start.row, touch.evidence) == ("MIG100", 2, "named")


def test_a_command_given_curl_like_options_and_no_api_path_is_no_request(check):
    script = "sort -d /etc/hosts\nmytool -X POST /var/run/geo_nodes\n"
    assert check(script, "shell", "other.sh") == []


@pytest.mark.parametrize("text", ["{}/api/v4{}?private_token={}", "{}/api/v4%s?private_token={}"])
def test_an_api_root_followed_by_a_run_time_path_keeps_its_query(text, table):
    url = urls.parse(text, table.model)
    assert url is not None and url.path == "/:param" and [name for name, _ in url.query] == ["private_token"]


def test_a_python_api_root_with_a_token_in_its_query_is_reported(check):
    code = 'ROOT = f"{HOST}/api/v4{{}}?private_token={TOKEN}"\n'
    assert [f.code for f in check(code)] == ["MIG300"]


@pytest.mark.parametrize(("base", "text", "sent"), [
    ("https://gl.example.com/api/v4/", "/runners", "https://gl.example.com/api/v4/runners"),  # one slash between
    ("https://gl.example.com/api/v4", "runners", "https://gl.example.com/api/v4/runners"),
    ("https://gl.example.com/api/v4", "https://other.example.com/x", "https://other.example.com/x"),  # a whole URL
    (None, "runners", "runners"),                                                                   # no base
])
def test_a_path_is_sent_to_the_clients_base_url_unless_it_is_a_whole_url(base, text, sent):
    # one rule for Python's clients (requests.Session with a base, httpx's base_url) and the client
    # languages' (axios' baseURL, got's prefixUrl)
    assert urls.on_base(base, text) == sent


@pytest.mark.parametrize(("method", "context"), [
    (None, "filter"), ("get", "filter"), ("HEAD", "filter"), ("POST", "create"), ("put", "update"),
    ("PATCH", "update"), ("DELETE", "delete"), ("OPTIONS", "call"),
])
def test_a_requests_method_gives_the_context_of_what_it_touches(method, context):
    assert urls.context_of(method) == context
