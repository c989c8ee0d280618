"""Running a project's `.gitlab-ci.yml` as GitLab would, on this machine.

With gitlab-ci-local (npm) and its shell executor when it can be had: Node.js 18 or later, npm and
rsync, the package installed once into ``~/.cache/migrator-tests`` (or ``$GITLAB_CI_LOCAL``, the
path of its command; ``GITLAB_CI_LOCAL=bash`` runs the bash runner below instead). It runs the whole pipeline: stages, ``extends``, variables, artifacts and a
child pipeline generated as an artifact (``trigger: include: artifact:``). The jobs' ``image:`` is
not pulled: the shell executor runs their scripts here, in the project's directory.

Otherwise each job's ``script:`` runs in bash (``-eo pipefail``, as GitLab's runner does), stage
by stage, with the global and the job's variables and ``extends`` followed, in the project's
directory; a ``trigger:`` job runs its child pipeline from the artifact the same way. Either way
the run stops at the first failing job and says which.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from .gitrepo import git

VERSION = "4.70.1"  # the last gitlab-ci-local that runs on Node.js 20 (4.71 needs 22)
DEFAULT_STAGES = [".pre", "build", "test", "deploy", ".post"]


@dataclass(frozen=True)
class Run:
    returncode: int
    log: str
    runner: str  # "gitlab-ci-local" or "bash"


@cache
def gitlab_ci_local() -> str | None:
    """gitlab-ci-local's command, installed into the user's cache on first use; None where it
    cannot be had (no npm, no rsync, no network)."""
    given = os.environ.get("GITLAB_CI_LOCAL")  # its command; "bash": run the jobs' scripts in bash
    if given:
        return None if given == "bash" else given
    if not (shutil.which("npm") and shutil.which("node") and shutil.which("rsync")):
        return None
    prefix = Path.home() / ".cache" / "migrator-tests" / f"gitlab-ci-local-{VERSION}"
    command = prefix / "node_modules" / ".bin" / "gitlab-ci-local"
    if not command.exists():
        installed = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(prefix),
                                    f"gitlab-ci-local@{VERSION}"], capture_output=True, text=True, timeout=300)
        if installed.returncode != 0:
            return None
    probe = subprocess.run([str(command), "--version"], capture_output=True, text=True)
    return str(command) if probe.returncode == 0 else None


def ci_project(directory: Path, origin: str) -> None:
    """Make ``directory`` the checkout of a project whose remote is ``origin`` (gitlab-ci-local
    reads CI_SERVER_HOST and CI_PROJECT_PATH from it), with its files committed."""
    from .gitrepo import commit_all

    commit_all(directory, "the project")
    git(directory, "remote", "add", "origin", origin)
    git(directory, "update-ref", "refs/remotes/origin/main", "HEAD")
    git(directory, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main")


def run_pipeline(project: Path, env: dict[str, str], isolated: bool = False, **variables: str) -> Run:
    """The project's `.gitlab-ci.yml`, with ``variables`` as CI/CD variables of the project.
    ``isolated``: each job in a checkout of its own holding the earlier jobs' artifacts, as on
    GitLab's runners (the artifacts are then copied into the project); else every job in the
    project's directory."""
    command = gitlab_ci_local()
    if command is None:
        builds = Builds(project, project.parent / f"{project.name}-builds") if isolated else None
        return _bash_pipeline(project, project / ".gitlab-ci.yml", env, variables, builds=builds)
    if variables:  # the project's CI/CD variables: the only ones gitlab-ci-local hands child pipelines too
        (project / ".gitlab-ci-local-variables.yml").write_text(yaml.safe_dump(variables))
        with (project / ".git" / "info" / "exclude").open("a") as exclude:
            exclude.write("/.gitlab-ci-local-variables.yml\n")
    # One job at a time: the jobs share this machine's virtual environment, where GitLab gives each its own.
    args = [command, "--force-shell-executor", "--no-color", "--concurrency=1", *(["--shell-isolation"] * isolated)]
    done = subprocess.run(args, cwd=project, env=env, capture_output=True, text=True, timeout=900)
    log = done.stdout + done.stderr
    failed = re.search(r"^\s*FAIL\s", log, re.M)  # a child pipeline's failed job may leave the exit status 0
    return Run(done.returncode or (1 if failed else 0), log, "gitlab-ci-local")


# ---------------------------------------------------------------- the bash runner
@dataclass(frozen=True)
class Builds:
    """Each job's own checkout of the project, with the artifacts of the jobs before it."""

    project: Path
    root: Path

    def checkout(self, name: str) -> Path:
        work = self.root / name.replace(" ", "-")
        git(self.project, "clone", "-q", str(self.project), str(work))
        if (self.root / "artifacts").is_dir():
            shutil.copytree(self.root / "artifacts", work, dirs_exist_ok=True)
        return work

    def keep(self, work: Path, job: dict) -> None:
        """The job's artifacts, for the jobs after it and in the project."""
        for path in (job.get("artifacts") or {}).get("paths", ()):
            for target in (self.root / "artifacts", self.project):
                source = work / path
                (target / path).parent.mkdir(parents=True, exist_ok=True)
                if source.is_dir():
                    shutil.copytree(source, target / path, dirs_exist_ok=True)
                elif source.exists():
                    shutil.copy2(source, target / path)


def _bash_pipeline(project: Path, config: Path, env: dict[str, str], variables: dict[str, str],
                   inherited: dict[str, str] | None = None, builds: Builds | None = None) -> Run:
    """The pipeline in ``config``; ``variables`` are the project's (they win over the YAML's, as in
    GitLab), ``inherited`` what a trigger job forwards to its child pipeline."""
    pipeline = yaml.safe_load(config.read_text())
    known = {"CI_SERVER_HOST": "gitlab.example.com", "CI_PROJECT_DIR": str(project), **(inherited or {}),
             **{k: str(v) for k, v in (pipeline.get("variables") or {}).items()}}
    jobs = {name: _extended(pipeline, job) for name, job in pipeline.items()
            if isinstance(job, dict) and not name.startswith(".") and name not in ("variables", "default")}
    jobs = {name: job for name, job in jobs.items() if "script" in job or "trigger" in job}
    log = []
    for stage in pipeline.get("stages", DEFAULT_STAGES):
        for name, job in ((n, j) for n, j in jobs.items() if j.get("stage", "test") == stage):
            values = {**known, **{k: str(v) for k, v in (job.get("variables") or {}).items()}}
            if "trigger" in job:
                (include,) = job["trigger"]["include"]
                run = _bash_pipeline(project, project / include["artifact"], env, variables, values, builds)
            else:
                work = builds.checkout(name) if builds else project
                done = subprocess.run(["bash", "-eo", "pipefail", "-c", "\n".join(job["script"])], cwd=work,
                                      env={**env, **values, **variables, "CI_PROJECT_DIR": str(work)},
                                      capture_output=True, text=True)
                run = Run(done.returncode, done.stdout + done.stderr, "bash")
                if builds:
                    builds.keep(work, job)
            log.append(f"--- {name}\n{run.log}")
            if run.returncode != 0:
                return Run(run.returncode, "\n".join(log) + f"\njob {name!r} failed", "bash")
    return Run(0, "\n".join(log), "bash")


def _extended(pipeline: dict, job: dict) -> dict:
    """A job with its ``extends`` templates merged under it (variables merged key by key)."""
    parents = job.get("extends") or []
    merged: dict = {}
    for parent in [parents] if isinstance(parents, str) else parents:
        base = _extended(pipeline, pipeline[parent])
        merged = {**merged, **base, "variables": {**merged.get("variables", {}), **base.get("variables", {})}}
    return {**merged, **job, "variables": {**merged.get("variables", {}), **job.get("variables", {})}}
