"""`migrator audit-log`: a generated api_json.log with known counts goes through the rule table;
only aggregates come out, malformed lines are counted and skipped, gzip reads the same."""

from __future__ import annotations

import gzip
import json

import pytest

from migrator.auditlog import audit, credential_type
from migrator.report.auditlog import render_json, render_text
from migrator.tally import Distinct, TopCounter


def line(method, route, params=(), user="alice", ua="python-gitlab/4.4.0", time="2024-03-01T10:00:00.000Z", **extra):
    path = route.replace(":version", "v4").replace(":id", "7")
    entry = {"time": time, "severity": "INFO", "duration_s": 0.01, "method": method, "path": path,
             "route": route, "params": [{"key": k, "value": v} for k, v in params], "status": 200,
             "username": user, "user_id": 1, "ua": ua, "correlation_id": "01HQ", **extra}
    return json.dumps(entry)


def generated_log() -> str:
    lines = []
    for i, user in enumerate(["alice"] * 20 + ["bob"] * 7 + ["carol"] * 3):
        lines.append(line("GET", "/api/:version/geo_nodes", user=user, time=f"2024-03-01T10:{i:02d}:00.000Z"))
    for i in range(12):
        lines.append(line("PUT", "/api/:version/runners/:id", [("active", "false")], user=["dave", "erin"][i % 2],
                          ua="curl/8.5.0", time=f"2024-03-02T08:{i:02d}:00.000Z"))
    lines += [line("GET", "/api/:version/projects", [("per_page", "100")]) for _ in range(50)]
    lines += [line("POST", "/api/:version/users", [("username", "x"), ("private_profile", None)]) for _ in range(5)]
    lines += [line("POST", "/api/:version/users", [("username", "y"), ("private_profile", False)]) for _ in range(3)]
    lines += [line("GET", "/api/:version/runners", [("scope", "active")]) for _ in range(4)]
    lines += [line("GET", "/api/:version/runners", [("scope", "online")]) for _ in range(2)]
    lines += [line("PUT", "/api/:version/projects/:id", [("mirror", True), ("mirror_trigger_builds", True)]) for _ in range(2)]
    lines += [line("GET", "/api/:version/user", [("sudo", "root")], token_type="CI::JobToken", user=None)]
    lines += ["not json at all", '{"time": "2024-03-01", "method": "GET", "path": "/api/v4/geo_no', "[1, 2]",
              json.dumps({"time": "2024-03-01", "status": 200}), ""]
    return "\n".join(lines) + "\n"


EXPECTED_COUNTS = {"MIG001": 30, "MIG061": 12, "MIG020": 5, "MIG062": 4, "MIG430": 2, "MIG100": 2, "MIG302": 1,
                   "MIG303": 1}


@pytest.fixture
def log_file(tmp_path):
    path = tmp_path / "api_json.log"
    path.write_text(generated_log())
    return path


def summary(report):
    return {code: tally.tally.count for code, tally in report.rules.items()}


def test_counts_per_rule_and_malformed_lines_skipped(log_file, table):
    report = audit([str(log_file)], table)
    assert summary(report) == EXPECTED_COUNTS
    assert (report.lines, report.malformed, report.requests, report.matched) == (113, 4, 109, 56)


def test_users_user_agents_and_first_last_seen(log_file, table):
    geo = audit([str(log_file)], table).rules["MIG001"].tally
    assert geo.top_users.top(3) == [("alice", 20), ("bob", 7), ("carol", 3)]
    assert (geo.users.count(), geo.agents.count()) == (3, 1)
    assert (geo.first, geo.last) == ("2024-03-01T10:00:00.000Z", "2024-03-01T10:29:00.000Z")


def test_subjects_name_the_endpoint_and_parameter(log_file, table):
    report = audit([str(log_file)], table)
    assert {s: t.count for s, t in report.rules["MIG062"].subjects.items()} == {"GET /runners scope=active": 4}
    assert {s: t.count for s, t in report.rules["MIG430"].subjects.items()} == {"GET /runners scope=online": 2}
    assert {s: t.count for s, t in report.rules["MIG100"].subjects.items()} == {
        "PUT /projects/:id mirror": 2, "PUT /projects/:id mirror_trigger_builds": 2}
    assert list(report.rules["MIG020"].subjects) == ["POST /users private_profile=null"]
    assert list(report.rules["MIG061"].subjects) == ["PUT /runners/:id active"]


def test_gzip_log_gives_the_same_report(log_file, tmp_path, table):
    packed = tmp_path / "api_json.log.1.gz"
    packed.write_bytes(gzip.compress(log_file.read_bytes()))
    assert render_json(audit([str(packed)], table)).replace(str(packed), "X") == render_json(
        audit([str(log_file)], table)).replace(str(log_file), "X")


def test_a_truncated_gzip_is_an_error_not_a_crash(log_file, tmp_path, table):
    packed = tmp_path / "cut.gz"
    packed.write_bytes(gzip.compress(log_file.read_bytes())[:-200])
    report = audit([str(packed)], table)
    assert report.errors and report.requests > 0


def test_only_the_given_rules_are_reported(log_file, table):
    report = audit([str(log_file)], table, rules=[table.by_code["MIG001"]])
    assert summary(report) == {"MIG001": 30}


def test_renderers(log_file, table):
    report = audit([str(log_file)], table)
    text = render_text(report)
    assert "MIG001 geo-nodes-endpoint [high]: 30 requests, 3 users, 1 user agent" in text
    assert "users: alice (20), bob (7), carol (3)" in text
    assert "4 malformed lines skipped" in text
    data = json.loads(render_json(report))
    assert [r["code"] for r in data["rules"]] == sorted(EXPECTED_COUNTS)
    assert data["rules"][0]["users"]["top"][0] == {"name": "alice", "count": 20}


def test_token_types_give_credential_types():
    assert [credential_type(t) for t in ("PersonalAccessToken", "CI::JobToken", "OauthAccessToken", None)] == [
        "private-token", "job-token", "oauth", None]


def test_top_counter_keeps_frequent_keys_in_bounded_slots():
    counter = TopCounter(capacity=8)
    for key in ["a"] * 50 + ["b"] * 30 + [f"rare{i}" for i in range(100)] + ["a"] * 5:
        counter.add(key)
    assert len(counter.counts) == 8 and counter.evicted
    assert [k for k, _ in counter.top(2)] == ["a", "b"]


def test_distinct_is_exact_when_small_and_close_when_large():
    small, large = Distinct(k=64), Distinct(k=512)
    for i in range(50):
        small.add(f"user{i % 40}")
    for i in range(20000):
        large.add(f"user{i}")
    assert (small.count(), small.approximate) == (40, False)
    assert large.approximate and abs(large.count() - 20000) < 2000


def test_audit_log_command_reports_and_exits_1_when_deprecated_calls_were_made(tmp_path):
    from click.testing import CliRunner

    from migrator.cli import main

    log = tmp_path / "api_json.log"
    log.write_text(
        json.dumps({"time": "2026-01-02T03:04:05.000Z", "method": "GET", "path": "/api/v4/geo_nodes",
                    "route": "/api/:version/geo_nodes", "params": [], "status": 200,
                    "username": "ops-bot", "ua": "python-gitlab/4.4.0"}) + "\n" + "not json\n"
    )
    result = CliRunner().invoke(main, ["audit-log", "--output-format", "json", str(log)])
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    assert "MIG001" in json.dumps(data)
    assert CliRunner().invoke(main, ["audit-log", str(tmp_path / "missing.log")]).exit_code == 2
