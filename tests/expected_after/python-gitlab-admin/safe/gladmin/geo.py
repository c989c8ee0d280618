"""Geo replication checks for our secondary sites."""

from __future__ import annotations

import logging

import gitlab

log = logging.getLogger(__name__)


def list_nodes(gl: gitlab.Gitlab) -> list[dict]:
    """Return id, name, URL and primary flag of every Geo node."""
    nodes = []
    for node in gl.geonodes.list(get_all=True):
        nodes.append({"id": node.id, "name": node.name, "url": node.url, "primary": node.primary})
    return nodes


def unhealthy_nodes(gl: gitlab.Gitlab) -> list[int]:
    """Return the IDs of nodes that do not report a healthy status."""
    bad = []
    for status in gl.geonodes.status():
        if status.health_status != "Healthy":
            log.warning("geo node %s unhealthy: %s", status.geo_node_id, status.health)
            bad.append(status.geo_node_id)
    return bad


def sync_failures(gl: gitlab.Gitlab) -> list[dict]:
    """Return the repository sync failures of the node we are connected to."""
    failures = gl.geonodes.current_failures()
    log.info("%d sync failures on the current node", len(failures))
    return failures


def raw_node_count(gl: gitlab.Gitlab) -> int:
    """Count Geo nodes with a raw request (used by the Nagios check)."""
    return len(gl.http_get("/geo_sites"))


def raw_site_count(gl: gitlab.Gitlab) -> int:
    """Count Geo sites through the newer endpoint (GitLab 16.0 and later)."""
    return len(gl.http_get("/geo_sites"))
