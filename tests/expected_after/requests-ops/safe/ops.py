"""Command-line entry point for the ops scripts."""

from __future__ import annotations

import argparse
import json
import logging
import sys

import admin
import ci_jobs
import geo
import mr_audit
import runners


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("geo-status")
    audit = sub.add_parser("mr-audit")
    audit.add_argument("project", type=int)
    audit.add_argument("iids", type=int, nargs="+")
    for name in ("runner-inventory", "pause-runner", "resume-runner"):
        sub.add_parser(name).add_argument("runner", type=int)
    sub.add_parser("schedules").add_argument("project", type=int)
    args = parser.parse_args(argv)
    logging.basicConfig(filename="ops.log", level=logging.INFO)

    if args.command == "geo-status":
        names = geo.node_names()
        result = {names.get(s["geo_node_id"], "?"): s["health_status"] for s in geo.node_statuses()}
    elif args.command == "mr-audit":
        result = [mr_audit.audit_row(args.project, iid) for iid in args.iids]
    elif args.command == "runner-inventory":
        result = runners.inventory(args.runner)
    elif args.command == "pause-runner":
        runners.pause(args.runner)
        result = {"paused": args.runner}
    elif args.command == "resume-runner":
        runners.resume(args.runner)
        result = {"resumed": args.runner}
    else:
        result = ci_jobs.disabled_schedules(args.project)

    json.dump(result, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
