"""A recording moves with the code that reads it, however it is written.

- A link a recorded response holds (``"_links": {"self": "https://…/api/v4/geo_nodes/3"}``) is the
  server's URL of a deprecated endpoint: reported, and rewritten only as a recording is (unsafe).
- A mock's JSON written as it reads in a client language's string (Go's raw string) is fixed in
  place by the JSON kind; one with escapes is shown, never edited.
- A recorded key with nothing saying whose object it is (no signature, no name) may be another
  service's data (Gitea's and GitHub's pull requests have ``merged_by`` too): shown, not fixed.
- In an SDK's own source, its declarations read its mocks: a mock's key waits for them.
- A JavaScript tag's template (gitbeaker's ``endpoint`…```) is read as the URL it builds.
"""

from __future__ import annotations

import json
import textwrap

from click.testing import CliRunner

from migrator.cli import main

from .fixing import fixed_twice
from .manifests import repo, write  # noqa: F401 - the fixture

LINKED = '{"id": 3, "_links": {"self": "https://gitlab.example.com/api/v4/geo_nodes/3"}}\n'


def reported(*paths: str) -> list[tuple[str, int, str, str]]:
    """(file, line, code, applicability) of each finding ``check --output-format json`` reports."""
    result = CliRunner().invoke(main, ["check", "--no-cache", "--output-format", "json", *paths])
    return [(f["filename"], f["location"]["row"], f["code"], f["fix"]["applicability"] if f["fix"] else None)
            for f in json.loads(result.stdout)]


def test_a_link_in_a_json_fixture_is_reported_and_moves_only_with_unsafe_fixes(repo):
    write(repo, {"geo_node.json": LINKED})
    assert reported("geo_node.json") == [("geo_node.json", 1, "MIG001", "unsafe")]
    assert fixed_twice(repo / "geo_node.json", LINKED) == (LINKED, LINKED)
    moved = LINKED.replace("geo_nodes", "geo_sites")
    assert fixed_twice(repo / "geo_node.json", LINKED, "--unsafe-fixes") == (moved, moved)


def test_a_links_query_is_the_servers_echo_and_is_not_read(repo):
    page = '{"next": "https://gitlab.example.com/api/v4/runners?scope=active&page=2"}\n'
    write(repo, {"page.json": page})
    assert reported("page.json") == []


def test_a_link_in_a_python_mock_body_is_a_recording_too(repo):
    code = ('import responses\n'
            'responses.add(responses.GET, "https://h/api/v4/geo_sites/3",\n'
            '              json={"_links": {"self": "https://h/api/v4/geo_nodes/3"}})\n')
    write(repo, {"test_geo.py": code})
    assert reported("test_geo.py") == [("test_geo.py", 3, "MIG001", "unsafe")]


GO_MOCK = textwrap.dedent("""\
    package bot

    import (
    \t"fmt"
    \t"net/http"
    )

    func serve(w http.ResponseWriter, r *http.Request) {
    \tfmt.Fprint(w, `{"iid": 2, "source_branch": "a", "target_branch": "b", "merged_by": null,
    \t\t"_links": {"self": "https://h/api/v4/geo_nodes/3"}}`)
    }
    """)


def test_a_go_raw_string_mock_is_fixed_in_place_and_only_unsafely(repo):
    write(repo, {"serve_test.go": GO_MOCK})
    assert reported("serve_test.go") == [("serve_test.go", 9, "MIG010", "unsafe"),
                                         ("serve_test.go", 10, "MIG001", "unsafe")]
    assert fixed_twice(repo / "serve_test.go", GO_MOCK) == (GO_MOCK, GO_MOCK)
    moved = GO_MOCK.replace('"merged_by"', '"merge_user"').replace("geo_nodes", "geo_sites")
    assert fixed_twice(repo / "serve_test.go", GO_MOCK, "--unsafe-fixes") == (moved, moved)


def test_a_go_mock_written_with_escapes_is_shown_and_never_edited(repo):
    escaped = GO_MOCK.replace("`{", '"{').replace("}`", '}"').replace('"iid"', '\\"iid\\"')
    escaped = escaped.replace(',\n\t\t"_links": {"self": "https://h/api/v4/geo_nodes/3"}', "")
    escaped = escaped.replace('"source_branch": "a", "target_branch": "b", "merged_by": null',
                              '\\"source_branch\\": \\"a\\", \\"target_branch\\": \\"b\\", \\"merged_by\\": null')
    write(repo, {"serve_test.go": escaped})
    assert reported("serve_test.go") == [("serve_test.go", 9, "MIG010", "display-only")]
    assert fixed_twice(repo / "serve_test.go", escaped, "--unsafe-fixes") == (escaped, escaped)


def test_a_recorded_key_with_no_signature_is_shown_not_fixed(repo):
    """A pull request of another forge: nothing says it is a GitLab merge request."""
    pull = '{"number": 7, "merged": false, "merged_by": null}\n'
    write(repo, {"pull.json": pull})
    result = CliRunner().invoke(main, ["check", "--no-cache", "--output-format", "json", "pull.json"])
    [finding] = json.loads(result.stdout)
    assert finding["fix"]["applicability"] == "display-only"
    assert "another service's data may spell `merged_by` alike" in finding["fix"]["message"]
    assert fixed_twice(repo / "pull.json", pull, "--unsafe-fixes") == (pull, pull)


APPROVALS = GO_MOCK.replace(
    '"iid": 2, "source_branch": "a", "target_branch": "b", "merged_by": null',
    '"approvals_before_merge": 3, "reset_approvals_on_push": false, "require_password_to_approve": true')


def test_the_sdks_own_mock_waits_for_its_declarations(repo):
    """In the Go client's own tests a mock's key is read by the client's struct tags, which no fix
    renames (a declared field is display-only): renaming the key alone would break its decoding."""
    own = APPROVALS.replace("package bot", "package gitlab")
    write(repo, {"go.mod": "module github.com/xanzy/go-gitlab\n\ngo 1.19\n", "serve_test.go": own})
    result = CliRunner().invoke(main, ["check", "--no-cache", "--output-format", "json", "serve_test.go"])
    key = next(f for f in json.loads(result.stdout) if f["code"] == "MIG090")
    assert key["fix"]["applicability"] == "display-only"
    assert ("go.mod is github.com/xanzy/go-gitlab itself, whose own declarations read this recording; rename "
            "the field there first, then `require_reauthentication_to_approve` here") in key["fix"]["message"]
    link_moved = own.replace("geo_nodes", "geo_sites")  # a link is no declared name: it moves
    assert fixed_twice(repo / "serve_test.go", own, "--unsafe-fixes") == (link_moved, link_moved)


def test_outside_the_sdks_source_the_same_mock_is_fixed_unsafely(repo):
    write(repo, {"serve_test.go": APPROVALS})
    assert ("serve_test.go", 9, "MIG090", "unsafe") in reported("serve_test.go")


TAGGED = textwrap.dedent("""\
    import { RequestHelper, endpoint } from '../infrastructure';

    export function repair(service: unknown, id: number) {
      return RequestHelper.post()(service, endpoint`geo_nodes/${id}/repair`, {});
    }
    """)


def test_a_tagged_template_is_read_as_the_url_it_builds(repo):
    write(repo, {"geo.ts": TAGGED})
    assert reported("geo.ts") == [("geo.ts", 4, "MIG001", "unsafe")]
    moved = TAGGED.replace("geo_nodes/", "geo_sites/")
    assert fixed_twice(repo / "geo.ts", TAGGED, "--unsafe-fixes") == (moved, moved)
