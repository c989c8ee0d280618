"""Command-line entry point: ``gladmin <command> ...``."""

from __future__ import annotations

import argparse
import json
import logging
import sys

from . import connect, geo, merge_requests, projects, runners, users


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="gladmin", description=__doc__)
    parser.add_argument("--url", help="GitLab base URL (default: $GITLAB_URL)")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("geo", help="Geo replication health")
    mrs = sub.add_parser("merged", help="who merged what")
    mrs.add_argument("project")
    mrs.add_argument("--since", required=True)
    sub.add_parser("stuck", help="open merge requests that cannot be merged").add_argument("project")
    run = sub.add_parser("runners", help="runner fleet summary")
    run.add_argument("--pause", type=int, metavar="ID")
    run.add_argument("--show", type=int, metavar="ID")
    contractor = sub.add_parser("contractor", help="provision a contractor")
    for name in ("username", "email", "name"):
        contractor.add_argument(name)
    harden = sub.add_parser("harden", help="enforce branch protection and approvals")
    harden.add_argument("--project", type=int, action="append", default=[])
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(filename="gladmin.log", level=logging.INFO)
    gl = connect(args.url)

    if args.command == "geo":
        result = {"nodes": geo.list_nodes(gl), "unhealthy": geo.unhealthy_nodes(gl)}
    elif args.command == "merged":
        result = merge_requests.merged_report(gl.projects.get(args.project), args.since)
    elif args.command == "stuck":
        result = merge_requests.stuck_merge_requests(gl.projects.get(args.project))
    elif args.command == "runners":
        if args.pause:
            runners.pause_runner(gl, args.pause)
        result = runners.runner_details(gl, args.show) if args.show else runners.fleet_summary(gl)
    elif args.command == "contractor":
        user = users.create_contractor(gl, args.username, args.email, args.name)
        result = {"id": user.id, "username": user.username}
    else:
        projects.harden_instance_defaults(gl)
        for pid in args.project:
            projects.require_password(gl, pid)
        result = {"hardened": args.project}

    json.dump(result, sys.stdout, indent=2, default=str)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
