"""Geo replication maintenance: status checks, repairs and sync failures."""

from __future__ import annotations

import json
import logging
import urllib.request
from urllib.parse import urljoin

import httpx
import requests

from config import API, BASE_URL, HEADERS, TIMEOUT

log = logging.getLogger(__name__)

GEO_NODES_URL = f"{API}/geo_sites"


def node_names() -> dict[int, str]:
    """Map Geo node IDs to their names."""
    resp = requests.get(GEO_NODES_URL, headers=HEADERS, timeout=TIMEOUT)
    resp.raise_for_status()
    return {node["id"]: node["name"] for node in resp.json()}


def node_statuses() -> list[dict]:
    """Fetch every node's status with the standard library (runs on bare Geo hosts)."""
    req = urllib.request.Request(API + "/geo_sites/status", headers=HEADERS)
    with urllib.request.urlopen(req, timeout=TIMEOUT) as resp:
        return json.load(resp)


def site_statuses() -> list[dict]:
    """Same as node_statuses through the newer sites endpoint (GitLab 16.0+)."""
    resp = requests.get(f"{API}/geo_sites/status", headers=HEADERS, timeout=TIMEOUT)
    resp.raise_for_status()
    return [s for s in resp.json() if s["geo_node_id"]]


def repair_node(node_id: int) -> None:
    """Ask GitLab to repair the OAuth application of one Geo node."""
    resp = requests.post(f"{API}/geo_sites/{node_id}/repair", headers=HEADERS, timeout=TIMEOUT)
    resp.raise_for_status()
    log.info("repair requested for geo node %s", node_id)


def current_failures(kind: str = "repository") -> list[dict]:
    """List sync failures of the node the request lands on."""
    url = urljoin(BASE_URL, "api/v4/geo_nodes/current/failures")
    with httpx.Client(headers=HEADERS, timeout=TIMEOUT) as client:
        resp = client.get(url, params={"type": kind, "failure_type": "sync"})
        resp.raise_for_status()
        return resp.json()
