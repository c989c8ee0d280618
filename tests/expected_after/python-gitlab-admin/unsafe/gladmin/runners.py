"""Runner fleet housekeeping."""

from __future__ import annotations

import logging

import gitlab

log = logging.getLogger(__name__)


def enabled_runner_ids(gl: gitlab.Gitlab) -> list[int]:
    """IDs of the runners available to us that are not paused."""
    return [runner.id for runner in gl.runners.list(paused=False, get_all=True)]


def paused_instance_runners(gl: gitlab.Gitlab) -> list:
    """All paused runners on the instance (admin only)."""
    return gl.runners_all.list(paused=True, get_all=True)


def online_runners(gl: gitlab.Gitlab) -> list:
    """All runners on the instance that contacted GitLab recently."""
    return gl.runners.all(status="online", get_all=True)


def fleet_summary(gl: gitlab.Gitlab) -> dict[str, int]:
    """Count enabled, disabled and paused runners."""
    enabled = disabled = parked = 0
    for runner in gl.runners.list(get_all=True):
        if not runner.paused:
            enabled += 1
        if runner.paused:
            disabled += 1
        if runner.paused:
            parked += 1
    log.info("runners: %d enabled, %d disabled, %d paused", enabled, disabled, parked)
    return {"enabled": enabled, "disabled": disabled, "parked": parked}


def runner_details(gl: gitlab.Gitlab, rid: int) -> dict:
    """Inventory record for one runner, as exported to the CMDB."""
    runner = gl.runners.get(rid)
    return {
        "id": runner.id,
        "description": runner.description,
        "ip": runner.ip_address,
        "agent_version": runner.version,
        "agent_revision": runner.revision,
        "os": runner.platform,
        "arch": runner.architecture,
        "enabled": not runner.paused,
        "paused": runner.paused,
    }


def manager_versions(gl: gitlab.Gitlab, rid: int) -> dict[str, str]:
    """Agent version of every manager (host) behind one runner."""
    runner = gl.runners.get(rid)
    versions = {}
    for m in runner.managers.list():
        versions[m.system_id] = m.version
        log.debug("manager %s at %s", m.system_id, m.ip_address)
    return versions


def pause_runner(gl: gitlab.Gitlab, rid: int) -> None:
    """Take a runner out of rotation."""
    runner = gl.runners.get(rid)
    runner.paused = True
    runner.save()
    log.info("runner %s paused", rid)


def pause_runner_quick(gl: gitlab.Gitlab, rid: int) -> None:
    """Same as pause_runner without fetching the runner first."""
    gl.runners.update(rid, {"paused": True})


def resume_runner(gl: gitlab.Gitlab, rid: int) -> None:
    """Put a runner back into rotation."""
    gl.runners.update(rid, {"paused": False})
