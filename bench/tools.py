"""The programs the benchmark runs: migrator (and the Python it runs on), semgrep and ast-grep in
venvs of their own, jq and grep. A missing semgrep, ast-grep or jq is installed when that can be
done; when it cannot, the reason is kept and its comparison is skipped."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Tool:
    path: str | None
    note: str = ""  # how it was found or installed, or why it is missing


@dataclass(frozen=True)
class Migrator:
    path: str
    python: str
    version: str
    check_help: str
    fix_help: str

    def no_cache(self, command: str = "check") -> tuple[str, ...]:
        """``--no-cache`` where the command has it (the result cache may not exist yet)."""
        help_text = self.check_help if command == "check" else self.fix_help
        return ("--no-cache",) if "--no-cache" in help_text else ()

    @property
    def has_cache(self) -> bool:
        return bool(self.no_cache())

    def python_json(self, code: str):
        """Run ``code`` in migrator's interpreter and decode what it prints as JSON."""
        return json.loads(_output([self.python, "-c", code]))

    def rules(self) -> list[dict]:
        return json.loads(_output([self.path, "rule", "--all", "--output-format", "json"]))


def _output(argv: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    return subprocess.run(argv, cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


def find_migrator(given: str | None) -> Migrator:
    """The migrator to measure: ``--migrator``, else the repository's .venv, else the one on PATH."""
    candidates = [given] if given else [str(REPO / ".venv" / "bin" / "migrator"), shutil.which("migrator")]
    path = next((c for c in candidates if c and Path(c).is_file()), None)
    if path is None:
        sys.exit("error: no migrator found: create .venv (see README.md) or pass --migrator PATH")
    first = Path(path).read_text(errors="replace").splitlines()[0]
    python = first[2:].strip() if first.startswith("#!") else sys.executable
    compile_bytecode(python)
    return Migrator(path, python, _output([path, "--version"]).strip(),
                    _output([path, "check", "--help"]), _output([path, "fix", "--help"]))


def compile_bytecode(python: str) -> None:
    """Write migrator's bytecode (__pycache__) as installing a wheel does. An editable install run
    with PYTHONDONTWRITEBYTECODE set would otherwise compile every module from source on every run,
    about 0.1 s of start-up that no installed migrator pays."""
    package = _output([python, "-c", "import migrator, os; print(os.path.dirname(migrator.__file__))"]).strip()
    subprocess.run([python, "-m", "compileall", "-q", package], check=True, stdout=subprocess.DEVNULL)


def find_semgrep(given: str | None, cache: Path) -> Tool:
    """semgrep from ``--semgrep``, or from its own venv under the cache directory (created with
    pip on first use), never from migrator's environment."""
    return _venv_tool(given, cache, "semgrep", "semgrep", "--semgrep")


def find_astgrep(given: str | None, cache: Path) -> Tool:
    """ast-grep from ``--astgrep``, or from its own venv under the cache directory: PyPI's
    ``ast-grep-cli`` (the same binary npm's ``@ast-grep/cli`` ships), installed with pip on first
    use, as semgrep is."""
    return _venv_tool(given, cache, "ast-grep", "ast-grep-cli", "--astgrep", venv_name="astgrep-venv")


def _venv_tool(given: str | None, cache: Path, binary: str, package: str, flag: str,
               venv_name: str | None = None) -> Tool:
    """``binary`` from ``flag``'s path, else from ``cache/<venv_name>`` (default
    ``<binary>-venv``), where ``pip install <package>`` puts it the first time."""
    if given:
        return Tool(given, f"given with {flag}") if Path(given).is_file() else Tool(None, f"{given} does not exist")
    venv = cache / (venv_name or f"{binary}-venv")
    path = venv / "bin" / binary
    if path.is_file():
        return Tool(str(path), f"from {venv}")
    print(f"installing {package} into {venv} (pip, once) ...", file=sys.stderr)
    try:
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
        subprocess.run([str(venv / "bin" / "pip"), "install", "-q", package], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        return Tool(None, f"{package} could not be installed into {venv}: {_reason(exc)}")
    return Tool(str(path), f"installed into {venv}")


def find_jq(given: str | None) -> Tool:
    """jq from ``--jq`` or PATH, else installed with apt-get."""
    if given:
        return Tool(given, "given with --jq") if Path(given).is_file() else Tool(None, f"{given} does not exist")
    if shutil.which("jq"):
        return Tool(shutil.which("jq"), "on PATH")
    print("installing jq with apt-get ...", file=sys.stderr)
    try:
        subprocess.run(["apt-get", "update", "-q"], check=True, capture_output=True)
        subprocess.run(["apt-get", "install", "-y", "-q", "jq"], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        return Tool(None, f"jq could not be installed with apt-get: {_reason(exc)}")
    return Tool(shutil.which("jq"), "installed with apt-get")


def version_of(argv: list[str]) -> str:
    """The first line a tool prints of its version; semgrep's version check is off, as in the
    measured runs (with it, ``semgrep --version`` waits on the network)."""
    try:
        return _output(argv, env={**os.environ, "SEMGREP_ENABLE_VERSION_CHECK": "0"}).strip().splitlines()[0]
    except (OSError, subprocess.CalledProcessError, IndexError):
        return "?"


def _reason(exc: Exception) -> str:
    if isinstance(exc, subprocess.CalledProcessError):
        lines = (exc.stderr or b"").decode(errors="replace").strip().splitlines()
        return lines[-1] if lines else f"exit status {exc.returncode}"
    return str(exc)
