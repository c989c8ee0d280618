"""Merge request audit: merger, mergeability, touched files, licenses, approvals."""

from __future__ import annotations

import asyncio
import logging

import aiohttp
import requests

from config import API, HEADERS, TIMEOUT

log = logging.getLogger(__name__)


def fetch_mr(pid: int, iid: int) -> dict:
    """Return the JSON of one merge request."""
    resp = requests.get(f"{API}/projects/{pid}/merge_requests/{iid}", headers=HEADERS, timeout=TIMEOUT)
    resp.raise_for_status()
    return resp.json()


def audit_row(pid: int, iid: int) -> dict:
    """One line of the weekly audit CSV."""
    data = fetch_mr(pid, iid)
    merger = data["merged_by"]
    return {
        "iid": iid,
        "merger": merger["username"] if merger else "",
        "mergeable": data["merge_status"] == "can_be_merged",
        "detail": data["detailed_merge_status"],
    }


async def _merger(http: aiohttp.ClientSession, pid: int, iid: int) -> tuple[int, str | None]:
    async with http.get(f"{API}/projects/{pid}/merge_requests/{iid}") as resp:
        resp.raise_for_status()
        data = await resp.json()
    user = data.get("merged_by")
    return iid, user["username"] if user else None


async def _mergers(pid: int, iids: list[int]) -> list[tuple[int, str | None]]:
    async with aiohttp.ClientSession(headers=HEADERS) as http:
        return await asyncio.gather(*(_merger(http, pid, iid) for iid in iids))


def mergers(pid: int, iids: list[int]) -> dict[int, str | None]:
    """Fetch the mergers of many merge requests concurrently."""
    return dict(asyncio.run(_mergers(pid, iids)))


def changed_paths(pid: int, iid: int) -> list[str]:
    """Paths touched by a merge request (single request, may be truncated)."""
    resp = requests.get(f"{API}/projects/{pid}/merge_requests/{iid}/changes", headers=HEADERS, timeout=TIMEOUT)
    resp.raise_for_status()
    return [change["new_path"] for change in resp.json()["changes"]]


def changed_paths_paginated(pid: int, iid: int) -> list[str]:
    """Paths touched by a merge request, one page of diffs at a time."""
    paths, page = [], 1
    while page:
        resp = requests.get(
            f"{API}/projects/{pid}/merge_requests/{iid}/diffs",
            headers=HEADERS,
            params={"page": page, "per_page": 100},
            timeout=TIMEOUT,
        )
        resp.raise_for_status()
        paths += [diff["new_path"] for diff in resp.json()]
        page = int(resp.headers.get("X-Next-Page") or 0)
    return paths


def denied_licenses(pid: int) -> list[str]:
    """Names of the licenses the project denies."""
    resp = requests.get(f"{API}/projects/{pid}/managed_licenses", headers=HEADERS, timeout=TIMEOUT)
    resp.raise_for_status()
    return [lic["name"] for lic in resp.json() if lic["approval_status"] == "denied"]


def legacy_approvers(pid: int) -> list[str]:
    """Usernames still listed as approvers in the project approval configuration."""
    cfg = requests.get(f"{API}/projects/{pid}/approvals", headers=HEADERS, timeout=TIMEOUT).json()
    return [user["username"] for user in cfg["approvers"]]


def require_password(pid: int) -> None:
    """Make approvers re-enter their password."""
    resp = requests.post(
        f"{API}/projects/{pid}/approvals",
        headers=HEADERS,
        json={"require_reauthentication_to_approve": True},
        timeout=TIMEOUT,
    )
    resp.raise_for_status()
