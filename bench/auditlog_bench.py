"""Benchmark of `migrator audit-log`: generate a ~200 MB api_json.log in /tmp, audit it, print
lines per second. Run: .venv/bin/python bench/auditlog_bench.py [--size-mb 200] [--gzip]"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import time
import resource
from pathlib import Path

from migrator.auditlog import audit, render_text
from migrator.ruletable import load_table

ROUTES = [  # (weight, method, route, params)
    (40, "GET", "/api/:version/projects/:id/merge_requests/:merge_request_iid", []),
    (20, "GET", "/api/:version/projects/:id/pipelines", [("ref", "main"), ("per_page", "100")]),
    (10, "GET", "/api/:version/projects/:id/repository/tags", [("order_by", "updated")]),
    (8, "GET", "/api/:version/projects", [("membership", "true"), ("per_page", "100")]),
    (5, "POST", "/api/:version/projects/:id/statuses/:sha", [("state", "success"), ("name", "ci/lint")]),
    (3, "GET", "/api/:version/projects/:id/merge_requests/:merge_request_iid/changes", []),
    (2, "GET", "/api/:version/runners/all", [("scope", "paused"), ("private_token", "[FILTERED]")]),
    (2, "PUT", "/api/:version/runners/:id", [("active", "false")]),
    (1, "GET", "/api/:version/geo_nodes", []),
    (1, "POST", "/api/:version/users", [("username", "u"), ("private_profile", None)]),
    (1, "PUT", "/api/:version/groups/:id", [("default_branch_protection", 2)]),
    (1, "PUT", "/api/:version/projects/:id", [("mirror", True), ("mirror_trigger_builds", True)]),
]
USERS = [f"user{i}" for i in range(400)]
AGENTS = ["python-gitlab/4.4.0", "python-gitlab/3.15.0", "curl/8.5.0", "Go-http-client/1.1", "glab/1.36.0"]


def generate(path: Path, size_mb: int, compress: bool) -> int:
    rng = random.Random(5)
    weights = [r[0] for r in ROUTES]
    opener = gzip.open if compress else open
    written, lines, limit = 0, 0, size_mb * 1024 * 1024
    with opener(path, "wt", encoding="utf-8") as out:
        while written < limit:
            _, method, route, params = rng.choices(ROUTES, weights)[0]
            concrete = (route.replace(":version", "v4").replace(":id", str(rng.randint(1, 9000)))
                        .replace(":merge_request_iid", str(rng.randint(1, 500))).replace(":sha", "a1b2c3"))
            entry = {
                "time": f"2024-03-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00.000Z",
                "severity": "INFO", "duration_s": round(rng.random(), 5), "db_duration_s": 0.00421,
                "view_duration_s": 0.01, "status": 200, "method": method, "path": concrete,
                "params": [{"key": k, "value": v} for k, v in params],
                "host": "gitlab.example.com", "remote_ip": f"10.0.{rng.randint(0, 255)}.{rng.randint(0, 255)}",
                "ua": rng.choice(AGENTS), "route": route, "user_id": rng.randint(1, 400),
                "username": rng.choice(USERS), "token_type": "PersonalAccessToken", "token_id": 13,
                "queue_duration_s": 0.0123, "redis_calls": 4, "correlation_id": f"01HQ{rng.getrandbits(64):016x}",
                "meta.caller_id": f"{method} {route}", "meta.feature_category": "code_review_workflow",
                "meta.client_id": "user/1", "meta.remote_ip": "10.0.0.1",
            }
            if rng.random() < 0.05:
                del entry["route"]
            text = json.dumps(entry) + "\n"
            out.write(text)
            written += len(text)
            lines += 1
    return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size-mb", type=int, default=200)
    parser.add_argument("--gzip", action="store_true")
    args = parser.parse_args()
    path = Path("/tmp") / ("migrator_bench_api_json.log" + (".gz" if args.gzip else ""))
    started = time.perf_counter()
    lines = generate(path, args.size_mb, args.gzip)
    print(f"generated {lines:,} lines ({path.stat().st_size / 2**20:.0f} MB on disk) in {time.perf_counter() - started:.1f} s")
    table = load_table()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    report = audit([str(path)], table)
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(render_text(report).split("\n\n", 1)[0])
    print(f"audited {report.lines:,} lines in {elapsed:.1f} s: {report.lines / elapsed:,.0f} lines/s "
          f"(peak RSS {after / 1024:.0f} MB, {max(after - before, 0) / 1024:.0f} MB above the start)")


if __name__ == "__main__":
    main()
