"""Helpers called from CI jobs (.gitlab-ci.yml) and from cron."""

from __future__ import annotations

import logging
import os

import requests

from config import API, TIMEOUT, TOKEN

log = logging.getLogger(__name__)


def latest_pipeline(pid: int, ref: str) -> dict:
    """Most recent pipeline of a ref (called from the deploy gate)."""
    resp = requests.get(f"{API}/projects/{pid}/pipelines?private_token={TOKEN}&ref={ref}", timeout=TIMEOUT)
    resp.raise_for_status()
    return resp.json()[0]


def tags(pid: int, token: str) -> list[str]:
    """Tag names of a project, with a caller-supplied token."""
    resp = requests.get(f"{API}/projects/{pid}/repository/tags", params={"private_token": token}, timeout=TIMEOUT)
    resp.raise_for_status()
    return [tag["name"] for tag in resp.json()]


def fetch_artifacts_as_alice(pid: int, job_id: int, dest: str) -> None:
    """Download a job's artifacts on behalf of the release manager."""
    url = f"{API}/projects/{pid}/jobs/{job_id}/artifacts"
    resp = requests.get(url, headers={"JOB-TOKEN": os.environ["CI_JOB_TOKEN"]}, params={"sudo": "alice"}, timeout=60)
    resp.raise_for_status()
    with open(dest, "wb") as fh:
        fh.write(resp.content)


def release_notes(pid: int) -> list[str]:
    """Release descriptions, read with the deploy credentials of the job."""
    url = f"{API}/projects/{pid}/releases"
    resp = requests.get(url, headers={"PRIVATE-TOKEN": os.environ["CI_DEPLOY_PASSWORD"]}, timeout=TIMEOUT)
    resp.raise_for_status()
    return [rel["description"] for rel in resp.json()]


def disabled_schedules(pid: int) -> list[int]:
    """IDs of pipeline schedules somebody switched off."""
    headers = {"PRIVATE-TOKEN": TOKEN}
    scheds = requests.get(f"{API}/projects/{pid}/pipeline_schedules", headers=headers, timeout=TIMEOUT).json()
    return [s["id"] for s in scheds if not s["active"]]
