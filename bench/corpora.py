"""The benchmark's inputs, built once under a cache directory and reused while their recipe is
unchanged (a ``NAME.built.json`` beside each records the recipe and the file count):

- ``large-clean``: a copy of one Python's stdlib and site-packages (a large real tree with few
  API references). It depends on the machine, so its size is printed with the figures.
- ``gitlab-heavy``: generated clients, CI files and JSON fixtures (gen_gitlab_corpus.py, fixed seed);
  ``gitlab-heavy-xN`` is the same generator with N times the files.
- ``multilang``: generated clients in TypeScript, JavaScript, Go, Ruby and Java with some Python,
  CI YAML and JSON (gen_multilang_corpus.py, fixed seed).
- ``empty``; ``pre-commit``: five files as a hook passes them, one with findings.
- ``api_json-N.log``: N request-log lines for ``audit-log`` (apilog.py).
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from . import apilog, gen_gitlab_corpus, gen_multilang_corpus

SEED = 20240515
HEAVY_COUNTS = {"py_files": 2000, "ci_files": 200, "json_files": 200}
SKIPPED = ("__pycache__", "*.pyc", "*.so", "*.so.*", "*.whl", "*.exe", "*.dll", "*.pyi", "*.a")
PRE_COMMIT_CLEAN = ("argparse.py", "textwrap.py", "json/decoder.py", "shlex.py")
NOT_INPUT = {".migrator_cache", ".semgrepignore"}
SEMGREPIGNORE = ".migrator_cache/\n"  # present, so semgrep's default ignores (tests, …) do not apply


@dataclass(frozen=True)
class Corpus:
    name: str
    path: Path
    files: int
    bytes: int
    recipe: str


def size(path: Path) -> tuple[int, int]:
    """(files, bytes) of a tree, not counting the result cache or the semgrep ignore file."""
    files = total = 0
    for root, dirs, names in os.walk(path):
        dirs[:] = [d for d in dirs if d not in NOT_INPUT]
        for name in names:
            if name not in NOT_INPUT:
                files += 1
                total += os.lstat(os.path.join(root, name)).st_size
    return files, total


def _cached(root: Path, name: str, recipe: dict, build) -> Corpus:
    """The corpus ``name`` under ``root``, built by ``build(path)`` unless it was built from
    the same recipe before."""
    path, marker = root / name, root / f"{name}.built.json"
    recipe = json.loads(json.dumps(recipe))  # as it reads back (tuples become lists)
    if not (marker.is_file() and json.loads(marker.read_text()) == recipe and path.exists()):
        print(f"building {name} in {path} ...", flush=True, file=sys.stderr)
        marker.unlink(missing_ok=True)
        if path.is_dir():
            shutil.rmtree(path)
        path.unlink(missing_ok=True)
        build(path)
        if path.is_dir():
            (path / ".semgrepignore").write_text(SEMGREPIGNORE)
        marker.write_text(json.dumps(recipe))
    files, total = size(path) if path.is_dir() else (1, path.stat().st_size)
    return Corpus(name, path, files, total, recipe["what"])


def large_clean(root: Path, python: str) -> Corpus:
    code = "import json, sys, sysconfig; p = sysconfig.get_paths(); print(json.dumps([p['stdlib'], p['purelib'], sys.version.split()[0]]))"
    stdlib, purelib, version = json.loads(subprocess.run([python, "-c", code], check=True, capture_output=True,
                                                         text=True).stdout)
    recipe = {"what": f"stdlib of Python {version} ({stdlib}) and the site-packages {purelib}",
              "stdlib": stdlib, "purelib": purelib, "skipped": SKIPPED}

    def build(path: Path) -> None:
        _copy(Path(stdlib), path / "stdlib", extra=("site-packages",))
        _copy(Path(purelib), path / "pkgs")

    return _cached(root, "large-clean", recipe, build)


def _copy(source: Path, target: Path, extra: tuple[str, ...] = ()) -> None:
    """Copy a tree without compiled files, type stubs, symbolic links or ``extra`` names."""
    def ignored(directory: str, names: list[str]) -> set[str]:
        return {n for n in names if os.path.islink(os.path.join(directory, n))
                or any(fnmatch.fnmatch(n, p) for p in SKIPPED + extra)}

    shutil.copytree(source, target, ignore=ignored)


def gitlab_heavy(root: Path, scale: int = 1) -> Corpus:
    counts = {key: value * scale for key, value in HEAVY_COUNTS.items()}
    name = "gitlab-heavy" if scale == 1 else f"gitlab-heavy-x{scale}"
    recipe = {"what": f"gen_gitlab_corpus.py, seed {SEED}: {counts['py_files']:,} Python clients, "
                      f"{counts['ci_files']:,} CI files, {counts['json_files']:,} JSON fixtures",
              "seed": SEED, **counts}
    return _cached(root, name, recipe, lambda path: gen_gitlab_corpus.generate(str(path), SEED, **counts))


def multilang(root: Path) -> Corpus:
    """The client-language corpus; its recipe holds a digest of both generators' source, so that
    an edited template rebuilds it."""
    counts = gen_multilang_corpus.COUNTS
    sources = [Path(gen_multilang_corpus.__file__), Path(gen_gitlab_corpus.__file__)]
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest()[:12]
    shown = ", ".join(f"{n:,} {lang}" for lang, n in counts.items())
    recipe = {"what": f"gen_multilang_corpus.py, seed {SEED}: {shown} files (and one types.ts or types.go per "
                      "directory), about 1 client in 5 clean",
              "seed": SEED, "counts": counts, "generator": digest}
    return _cached(root, "multilang", recipe, lambda path: gen_multilang_corpus.generate(str(path), SEED))


def empty(root: Path) -> Corpus:
    return _cached(root, "empty", {"what": "an empty directory (start-up cost)"}, lambda path: path.mkdir())


def pre_commit(root: Path, clean: Corpus, heavy: Corpus) -> tuple[Corpus, list[str]]:
    """Four stdlib modules with no finding and one generated client with findings, as the
    relative paths a pre-commit hook passes."""
    with_findings = next(p for p in sorted(heavy.path.rglob("*.py")) if ".merge_status" in p.read_text())
    sources = [clean.path / "stdlib" / name for name in PRE_COMMIT_CLEAN] + [with_findings]
    recipe = {"what": f"{', '.join(PRE_COMMIT_CLEAN)} (stdlib) and {with_findings.name} (gitlab-heavy)",
              "sources": [str(s) for s in sources]}

    def build(path: Path) -> None:
        for source in sources:
            target = path / source.relative_to(clean.path if clean.path in source.parents else heavy.path)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)

    corpus = _cached(root, "pre-commit", recipe, build)
    files = sorted(str(p.relative_to(corpus.path)) for p in corpus.path.rglob("*") if p.is_file()
                   and p.name not in NOT_INPUT)
    return corpus, files


def api_log(root: Path, lines: int) -> Corpus:
    recipe = {"what": f"{lines:,} api_json.log lines (apilog.py, seed 5)", "lines": lines}
    return _cached(root, f"api_json-{lines}.log", recipe, lambda path: apilog.generate(path, lines))


def fresh_copy(corpus: Corpus, work: Path) -> Path:
    """A new copy of ``corpus`` under ``work`` (for `fix`, which rewrites files)."""
    target = work / f"{corpus.name}-fix"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(corpus.path, target, ignore=shutil.ignore_patterns(".migrator_cache"))
    return target
