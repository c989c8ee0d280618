"""Merge request reports: who merged what, and what is stuck."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

log = logging.getLogger(__name__)


@dataclass
class QueueEntry:
    """One entry of our own release-train bookkeeping (not a GitLab object)."""

    iid: int
    merge_status: str = "queued"
    active: bool = True
    status: str = "waiting"
    notes: list[str] = field(default_factory=list)

    def is_blocked(self) -> bool:
        """True when the release captain parked or rejected this entry."""
        if not self.active:
            return True
        return self.merge_status == "rejected" or self.status == "paused"


def merged_report(project, since: str) -> list[dict]:
    """Return one row per merge request merged since the given ISO date."""
    rows = []
    for mr in project.mergerequests.list(state="merged", updated_after=since, iterator=True):
        merger = mr.merged_by
        rows.append(
            {
                "iid": mr.iid,
                "title": mr.title,
                "merger": merger["username"] if merger else None,
                "merge_user": mr.merge_user["username"] if mr.merge_user else None,
            }
        )
    log.info("%d merge requests merged since %s", len(rows), since)
    return rows


def merger_of(project, iid: int) -> str | None:
    """Return the username of whoever merged !iid, or None while it is open."""
    mr = project.mergerequests.get(iid)
    if mr.merged_by is None:
        log.info("!%s is not merged yet (state=%s)", iid, mr.state)
        return None
    return mr.attributes["merged_by"]["username"]


def stuck_merge_requests(project) -> list[dict]:
    """Return open merge requests whose mergeability is unknown or conflicting."""
    stuck = []
    for mr in project.mergerequests.list(state="opened", iterator=True):
        current = mr.merge_status
        if mr.merge_status in ("unchecked", "checking"):
            reason = "mergeability not computed yet"
        elif mr.merge_status == "cannot_be_merged":
            reason = "conflicts with target branch"
        else:
            continue
        stuck.append({"iid": mr.iid, "state": current, "reason": reason, "detail": mr.detailed_merge_status})
    return stuck


def ready_to_merge(project, iid: int) -> bool:
    """Best-effort check used by the release bot before it hits merge."""
    mr = project.mergerequests.get(iid)
    if mr.merge_status == "checking":
        log.info("!%s is still being checked", iid)
        return False
    if mr.detailed_merge_status == "mergeable":
        return True
    return mr.merge_status == "can_be_merged" and not mr.draft


def changed_files(project, iid: int) -> list[str]:
    """Return the new paths of all files touched by !iid."""
    mr = project.mergerequests.get(iid)
    changes = mr.changes()["changes"]
    return [change["new_path"] for change in changes]
