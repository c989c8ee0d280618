"""Project and group policy enforcement."""

from __future__ import annotations

import logging

import gitlab

log = logging.getLogger(__name__)


def only_active(items) -> list:
    """Keep the objects whose ``active`` flag is set."""
    return [item for item in items if item.active]


def check_legacy_approvers(gl: gitlab.Gitlab, pid: int) -> bool:
    """Warn when a project still relies on the old approver lists."""
    project = gl.projects.get(pid)
    approvers = project.approvals.get().approvers
    cfg = project.approvals.get()
    if approvers or cfg.approver_groups:
        log.warning("project %s still has legacy approvers configured", pid)
        return True
    return False


def require_password(gl: gitlab.Gitlab, pid: int) -> None:
    """Ask approvers to re-enter their password (GitLab before 17.1)."""
    project = gl.projects.get(pid)
    project.approvals.update(new_data={"require_reauthentication_to_approve": True})


def require_reauthentication(gl: gitlab.Gitlab, pid: int) -> None:
    """Ask approvers to re-authenticate (GitLab 17.1 and later)."""
    project = gl.projects.get(pid)
    project.approvals.update(new_data={"require_reauthentication_to_approve": True})


def deny_license(gl: gitlab.Gitlab, pid: int, name: str) -> None:
    """Mark a license as denied for the project."""
    gl.http_post(f"/projects/{pid}/managed_licenses", post_data={"name": name, "approval_status": "denied"})


def create_mirror(gl: gitlab.Gitlab, name: str, namespace_id: int, upstream: str):
    """Create a project that pull-mirrors an upstream repository."""
    return gl.projects.create(
        {
            "name": name,
            "namespace_id": namespace_id,
            "import_url": upstream,
            "mirror": True,
            "mirror_trigger_builds": True,
        }
    )


def enable_mirror(gl: gitlab.Gitlab, pid: int) -> None:
    """Turn pull mirroring on for an existing imported project."""
    project = gl.projects.get(pid)
    project.mirror = True
    project.save()


def create_team_group(gl: gitlab.Gitlab, name: str, path: str, parent_id: int | None = None):
    """Create a team group with fully protected default branches."""
    return gl.groups.create(
        {
            "name": name,
            "path": path,
            "parent_id": parent_id,
            "default_branch_protection": 2,
        }
    )


def audit_group_protection(gl: gitlab.Gitlab, gid: int) -> bool:
    """True when the group protects default branches fully."""
    group = gl.groups.get(gid)
    return group.default_branch_protection == 2


def harden_instance_defaults(gl: gitlab.Gitlab) -> None:
    """Instance-wide: only maintainers may push to default branches."""
    settings = gl.settings.get()
    settings.default_branch_protection = 2
    settings.save()


def nightly_schedules(gl: gitlab.Gitlab, pid: int) -> list:
    """Return the enabled pipeline schedules; warn if the nightly one is off."""
    project = gl.projects.get(pid)
    sched = project.pipelineschedules.get(1)
    if sched.active:
        log.info("nightly schedule %s runs at %s", sched.id, sched.cron)
    else:
        log.warning("nightly schedule of project %s is disabled", pid)
    return only_active(project.pipelineschedules.list(get_all=True))
