"""Runner inventory and maintenance."""

from __future__ import annotations

import logging

import httpx
import requests

from config import API, HEADERS, TIMEOUT

log = logging.getLogger(__name__)


def enabled_runner_ids() -> list[int]:
    """IDs of runners available to the token owner that are not paused."""
    resp = requests.get(f"{API}/runners", headers=HEADERS, params={"paused": "false"}, timeout=TIMEOUT)
    resp.raise_for_status()
    return [r["id"] for r in resp.json()]


def paused_runner_ids() -> list[int]:
    """IDs of paused runners available to the token owner."""
    resp = requests.get(f"{API}/runners", headers=HEADERS, params={"paused": "true"}, timeout=TIMEOUT)
    resp.raise_for_status()
    return [r["id"] for r in resp.json()]


def admin_states() -> dict[int, str]:
    """Instance-wide: runners whose status reflects an admin decision."""
    with httpx.Client(headers=HEADERS, timeout=TIMEOUT) as client:
        runners = client.get(f"{API}/runners/all", params={"per_page": 100}).json()
    states = {}
    for r in runners:
        if r["status"] in ("active", "paused"):
            states[r["id"]] = r["status"]
    return states


def inventory(rid: int) -> dict:
    """CMDB record for one runner."""
    info = requests.get(f"{API}/runners/{rid}", headers=HEADERS, timeout=TIMEOUT).json()
    return {
        "id": info["id"],
        "description": info["description"],
        "ip": info["ip_address"],
        "agent": info.get("version"),
        "agent_revision": info["revision"],
        "os": info["platform"],
        "arch": info["architecture"],
        "enabled": not info["paused"],
        "paused": info["paused"],
    }


def manager_hosts(rid: int) -> dict[str, tuple[str, str]]:
    """Address and agent version of every manager (host) behind a runner."""
    managers = requests.get(f"{API}/runners/{rid}/managers", headers=HEADERS, timeout=TIMEOUT).json()
    return {m["system_id"]: (m["ip_address"], m["version"]) for m in managers}


def pause(rid: int) -> None:
    """Take a runner out of rotation."""
    resp = requests.put(f"{API}/runners/{rid}", headers=HEADERS, data={"paused": "true"}, timeout=TIMEOUT)
    resp.raise_for_status()
    log.info("runner %s paused", rid)


def resume(rid: int) -> None:
    """Put a runner back into rotation."""
    resp = requests.put(f"{API}/runners/{rid}", headers=HEADERS, data={"paused": "false"}, timeout=TIMEOUT)
    resp.raise_for_status()
