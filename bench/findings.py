"""What each tool found in its last measured run, read back from its output under ``work/``: so
that a reader sees whether the tools compared did comparable work. On gitlab-heavy, the
summary counts; on multilang, a table of findings per language and tool (all three write JSON
there: migrator a list of findings, semgrep ``{"results": [...]}``, ast-grep one object a line)."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

LANGUAGES = {".ts": "TypeScript", ".js": "JavaScript", ".go": "Go", ".rb": "Ruby", ".java": "Java",
             ".py": "Python", ".yml": "CI YAML", ".yaml": "CI YAML", ".json": "JSON"}
READERS = {  # language -> how migrator reads it today (kinds/*.py)
    "TypeScript": "its own scanner (tree-sitter)", "JavaScript": "its own scanner (tree-sitter)",
    "Go": "its own scanner (tree-sitter)", "Ruby": "its own scanner (tree-sitter)",
    "Java": "its own scanner (tree-sitter)", "Python": "its own scanner (ast)",
    "CI YAML": "its own scanner", "JSON": "its own scanner",
}


def gitlab_heavy(work: Path) -> list[str]:
    """semgrep's, ast-grep's and migrator's finding counts on gitlab-heavy, where each ran."""
    counts = []
    for key, name, pattern in (("gh-semgrep.err", "semgrep", r"Ran \d+ rules on ([\d,]+) files: ([\d,]+) findings"),
                               ("gh-check-items.out", "migrator (same items)", r"Found ([\d,]+) findings?")):
        path = work / key
        found = re.search(pattern, path.read_text(errors="replace")) if path.is_file() else None
        if found:
            counts.append(f"{name} {found.groups()[-1]}")
    astgrep = work / "gh-astgrep.out"
    if astgrep.is_file():
        counts.append(f"ast-grep {sum(1 for line in astgrep.open(errors='replace') if line.strip()):,}")
    return [f"- findings on gitlab-heavy, last run: {', '.join(counts)}"] if len(counts) > 1 else []


def language(path: str) -> str:
    return LANGUAGES.get(Path(path).suffix.lower(), "other")


def per_language(work: Path) -> dict[str, Counter]:
    """Findings per language of each tool's last multilang run (a tool that did not run is absent)."""
    tools: dict[str, Counter] = {}
    try:
        tools["migrator"] = Counter(language(f["filename"]) for f in json.loads((work / "ml-check-items.out").read_text()))
    except (OSError, ValueError, KeyError, TypeError):
        pass
    try:
        results = json.loads((work / "ml-semgrep.out").read_text())["results"]
        tools["semgrep"] = Counter(language(r["path"]) for r in results)
    except (OSError, ValueError, KeyError, TypeError):
        pass
    try:
        with (work / "ml-astgrep.out").open(errors="replace") as lines:
            tools["ast-grep"] = Counter(language(json.loads(line)["file"]) for line in lines if line.strip())
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return tools


def multilang_table(work: Path) -> str:
    """Markdown: one row per language, one column per tool, and how migrator reads the language."""
    tools = per_language(work)
    if not tools:
        return ""
    names = [n for n in ("migrator", "semgrep", "ast-grep") if n in tools]
    rows = ["| language | " + " | ".join(names) + " | migrator reads it with |",
            "|---|" + "---:|" * len(names) + "---|"]
    seen = dict.fromkeys(list(LANGUAGES.values()) + ["other"])
    for lang in seen:
        if any(tools[n][lang] for n in names):
            rows.append(f"| {lang} | " + " | ".join(f"{tools[n][lang]:,}" for n in names) + f" | {READERS.get(lang, '')} |")
    rows.append("| **all** | " + " | ".join(f"**{sum(tools[n].values()):,}**" for n in names) + " | |")
    return "\n".join(rows) + "\n"
