"""GitLab CI YAML. A YAML file is CI YAML when it is named like one (``.gitlab-ci.yml``,
``*.gitlab-ci.yml``), when a CI file of its tree includes it (local and trigger includes, followed
transitively: `CiTree`), or when its content has the shape of a pipeline (top-level ``stages``,
``include`` or ``workflow``, or a top-level job with a ``script``). The same test decides whether
the file is named on the command line (as pre-commit does, for every YAML file) or found by
walking a directory."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path

from .cassette import composes, recording_head
from .host import host_kind

NAMES = (".gitlab-ci.yml", ".gitlab-ci.yaml")
SHAPE_WORDS = re.compile(r"^(?:stages|include|workflow)\s*:|^[ \t]+(?:before_)?script\s*:", re.MULTILINE)
PIPELINE_KEYS = {"stages", "include", "workflow"}
SCRIPT_KEYS = {"script", "before_script"}
HEAD = 65536
WILDCARD = re.compile(r"[*?\[{]")
MAX_MATCHED = 1000  # files one wildcard include may bring in


def named(path: Path) -> bool:
    return path.name.endswith(NAMES)


def claims(path: Path, head, explicit: bool) -> bool:
    if named(path):
        return True
    if path.suffix.lower() not in (".yml", ".yaml") or recording_head(head(4096)):
        return False
    return pipeline_shaped(head(HEAD).decode("utf-8", "replace"))


def pipeline_shaped(text: str) -> bool:
    """Whether a YAML text is a pipeline: top-level stages/include/workflow, or a job's script."""
    if not SHAPE_WORDS.search(text):
        return False
    from yaml.nodes import MappingNode, ScalarNode

    from ..values import ScanError
    from ..scan.yamlpos import compose_nodes

    try:
        docs = compose_nodes(text)
    except ScanError:
        return False
    for doc in docs:
        if not isinstance(doc, MappingNode):
            continue
        for key, value in doc.value:
            name = key.value if isinstance(key, ScalarNode) else None
            if name in PIPELINE_KEYS:
                return True
            if isinstance(value, MappingNode) and any(
                    isinstance(k, ScalarNode) and k.value in SCRIPT_KEYS for k, _ in value.value):
                return True
    return False


class CiTree:
    """The files that the CI files of a tree include, found once per repository root.
    ``buffers`` maps a file's real path to its content where that is not the disk's (standard
    input, an editor's unsaved buffer): such a file is read from there, never from disk, and
    exists even where no file does yet."""

    def __init__(self, buffers: Mapping[Path, bytes] | None = None) -> None:
        self._included: dict[Path, set[Path]] = {}
        self._yaml: dict[Path, list[str]] = {}
        self.buffers = dict(buffers or {})

    def read(self, path: Path) -> bytes:
        """A CI file's bytes: its buffer's, else the disk's (OSError when it cannot be read)."""
        buffer = self.buffers.get(path.resolve())
        return buffer if buffer is not None else path.read_bytes()

    def exists(self, path: Path) -> bool:
        return path.resolve() in self.buffers or path.is_file()

    def add(self, ci_file: Path, root: Path) -> list[Path]:
        """Follow the includes of a CI file (and theirs) below root; the files newly found."""
        found = self._included.setdefault(root.resolve(), set())
        new, queue = [], [ci_file]
        while queue:
            for included in includes_of(queue.pop(0), root, lambda: self.yaml_files(root), self):
                real = included.resolve()
                if real not in found:
                    found.add(real)
                    new.append(included)
                    queue.append(included)
        return new

    def included(self, path: Path, root: Path) -> bool:
        """Whether a CI file at the root of ``root`` (.gitlab-ci.yml) includes path."""
        key = root.resolve()
        if key not in self._included:
            self._included[key] = set()
            for name in NAMES:
                if self.exists(root / name):
                    self.add(root / name, root)
        return path.resolve() in self._included[key]

    def yaml_files(self, root: Path) -> list[str]:
        """Every .yml and .yaml file below root, as paths relative to it (one walk per root; no
        symlinked directory is entered, and .git never)."""
        if root not in self._yaml:
            found = []
            for directory, dirnames, filenames in os.walk(root):
                dirnames[:] = sorted(d for d in dirnames if d != ".git")
                prefix = Path(directory).relative_to(root).as_posix()
                found += [name if prefix == "." else f"{prefix}/{name}" for name in sorted(filenames)
                          if name.lower().endswith((".yml", ".yaml"))]
            base = root.resolve()
            found += sorted(path.relative_to(base).as_posix() for path in self.buffers
                            if path.is_relative_to(base) and path.suffix.lower() in (".yml", ".yaml")
                            and not path.is_file())  # an unsaved new file: no walk finds it
            self._yaml[root] = found
        return self._yaml[root]


def includes_of(ci_file: Path, root: Path, yaml_files: Callable[[], list[str]], tree: CiTree | None = None
                ) -> list[Path]:
    """The existing files below root that a CI file includes (``include: local:``, plain paths,
    wildcards, and ``trigger: include:`` of child pipelines). A wildcard is matched against the
    tree's YAML files (``yaml_files()``) in linear time, and matches at most MAX_MATCHED files.
    Files are read, and exist, as ``tree`` says (its buffers first, then the disk)."""
    from ..scan.ci import local_includes
    from ..source import DecodeError, decode

    tree = tree or CiTree()
    try:
        patterns = local_includes(decode(tree.read(ci_file))[0])
    except (OSError, DecodeError):
        return []
    import re2

    out, base = [], root.resolve()
    for pattern in patterns:
        if WILDCARD.search(pattern):
            try:
                matcher = wildcard(pattern)
            except re2.error:  # a bad character class: GitLab matches nothing with it either
                continue
            names = [name for name in yaml_files() if matcher.fullmatch(name)][:MAX_MATCHED]
        else:
            names = [pattern]
        candidates = [root / name for name in names]
        out.extend(m for m in candidates if tree.exists(m) and m.resolve().is_relative_to(base))
    return out


def wildcard(pattern: str):
    """A local include's wildcard as GitLab reads it (Ruby's fnmatch with FNM_PATHNAME and
    FNM_EXTGLOB: ``*`` and ``?`` within one directory, ``**/`` any number of them, ``{a,b}``
    either), compiled for RE2, which matches in linear time whatever the pattern."""
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
            continue
        char = pattern[i]
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "{" and "}" in pattern[i:]:
            close = pattern.index("}", i)
            out.append("(?:" + "|".join(re.escape(part) for part in pattern[i + 1:close].split(",")) + ")")
            i = close
        elif char == "[" and "]" in pattern[i + 1:]:
            close = pattern.index("]", i + 1)
            body = pattern[i + 1:close]
            out.append("[" + ("^" + body[1:] if body.startswith("!") else body) + "]")
            i = close
        else:
            out.append(re.escape(char))
        i += 1
    import re2

    return re2.compile("".join(out), _quiet())


@cache
def _quiet():
    """RE2's options for include wildcards: a bad pattern is an exception, not a line on stderr.
    (google-re2 is imported on the first include wildcard, not by every run.)"""
    import re2

    options = re2.Options()
    options.log_errors = False
    return options


def regions(text: str) -> list:
    """The shell regions of a CI file: each job's scripts and each variable's value (scan/ci.py)."""
    from ..scan.ci import regions

    return regions(text)


KIND = host_kind(
    "ci", claims, regions, newlines="yaml", validator=composes, strings="yaml", examples={"ci": ".gitlab-ci.yml"},
    title="CI YAML", examples_per="rule",
)
