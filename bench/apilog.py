"""A synthetic ``api_json.log`` for the `audit-log` benchmark: JSON lines in the service's
request-log shape, a fixed share of them calling what API v5 removes (fixed seed)."""

from __future__ import annotations

import json
import random
from pathlib import Path

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


def generate(path: Path, lines: int, seed: int = 5) -> None:
    """Write ``lines`` log lines to ``path``; 5 % of them lack ``route`` (only ``path`` then)."""
    rng = random.Random(seed)
    weights = [r[0] for r in ROUTES]
    with open(path, "w", encoding="utf-8") as out:
        for _ in range(lines):
            out.write(json.dumps(entry(rng, rng.choices(ROUTES, weights)[0])) + "\n")


def entry(rng: random.Random, route_row: tuple) -> dict:
    _, method, route, params = route_row
    concrete = (route.replace(":version", "v4").replace(":id", str(rng.randint(1, 9000)))
                .replace(":merge_request_iid", str(rng.randint(1, 500))).replace(":sha", "a1b2c3"))
    line = {
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
        del line["route"]
    return line
