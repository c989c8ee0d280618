"""Replays the recorded traffic under tests/ against the deployer's GitLab client."""

import json
from pathlib import Path

import pytest
import responses
import vcr

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures"
recorder = vcr.VCR(cassette_library_dir=str(HERE / "cassettes"), filter_headers=["PRIVATE-TOKEN"])


def load(name):
    return json.loads((FIXTURES / name).read_text())


def test_merged_request_names_who_merged():
    mr = load("merge_request.json")
    assert mr["merge_user"]["username"] == "bob"
    assert mr["detailed_merge_status"] == "not_open"


def test_paused_runners_are_skipped():
    runners = load("runners.json")
    idle = [r["id"] for r in runners if r["paused"]]
    assert idle == [8]


def test_managers_report_their_agent_version():
    managers = load("runner_managers.json")
    assert {m["system_id"]: m["version"] for m in managers}["runner-2"] == "17.4.1"


@recorder.use_cassette("test_merge_flow.yaml")
def test_merge_flow(client):
    assert client.merge_request(4, 7).merge_user == "bob"


@responses.activate
def test_approval_rules():
    responses._add_from_file(file_path=HERE / "recordings" / "approvals_responses.yaml")
    pytest.importorskip("deployer")
