"""What is measured, as groups of cases that run in alternation. Each case is one command line
as a user types it, run in the corpus directory on ``.`` (or on the files a hook passes).
A ratio's metric is "wall", "cpu" or "cpu+wall" (both shown)."""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from .corpora import Corpus, fresh_copy
from .measure import Case
from .tools import REPO, Migrator, Tool

SEMGREP_RULES = REPO / "bench" / "semgrep-rules.yaml"
SEMGREP_MULTILANG = REPO / "bench" / "semgrep-rules-multilang.yaml"  # gen_lang_rules.py
ASTGREP_CONFIG = REPO / "bench" / "astgrep" / "sgconfig.yml"
JQ_FILTER = REPO / "bench" / "auditlog.jq"
SEMGREP_ENV = (("SEMGREP_ENABLE_VERSION_CHECK", "0"),)  # otherwise semgrep waits on the network
GREP_ENV = (("LC_ALL", "C"),)  # the byte-level floor: no multibyte decoding


@dataclass(frozen=True)
class Setup:
    migrator: Migrator
    semgrep: Tool
    jq: Tool
    astgrep: Tool
    corpora: dict[str, Corpus]
    pre_commit_files: tuple[str, ...]
    semgrep_codes: tuple[str, ...]
    grep_pattern: str
    work: Path
    scale: int


def semgrep_items(rules_file: Path = SEMGREP_RULES) -> list[str]:
    """The Versioning items the semgrep rule set covers (each rule's ``metadata: {item: …}``)."""
    return sorted(set(re.findall(r"metadata:\s*\{item:\s*([a-z0-9-]+)\}", rules_file.read_text())))


def codes_for(items: list[str], rules: list[dict]) -> tuple[str, ...]:
    """migrator's rule codes of those items."""
    return tuple(rule["code"] for rule in rules if rule["item"] in items)


def grep_pattern(tokens: list[str]) -> str:
    """One extended regular expression matching any of the rule table's literal tokens."""
    return "|".join(re.sub(r"([.\[\]()*+?{}|^$\\])", r"\\\1", token) for token in sorted(tokens))


def rule_tokens(migrator: Migrator) -> list[str]:
    """Every literal token of the prefilter, read from the rule table in migrator's interpreter."""
    return migrator.python_json(
        "import json; from migrator.ruletable import load_table; "
        "print(json.dumps(sorted({t.decode() for r in load_table().rules for s in r.token_sets for t in s})))")


def _check(setup: Setup, key: str, corpus: Corpus, *extra: str, cached: bool = False, **kw) -> Case:
    m = setup.migrator
    flags = () if cached else m.no_cache()
    argv = (m.path, "check", *flags, "--exit-zero", *extra, ".")
    shown = " ".join(("migrator", "check", *flags, *_shown(extra)))
    label = f"`{shown}` " + ("warm" if cached else "cold")
    return Case(key, corpus.name, label, argv, corpus.path, corpus.files, prime=cached, **kw)


def _shown(extra: tuple[str, ...]) -> list[str]:
    """The extra flags as the table shows them: the selected codes as "<semgrep items>"."""
    shown, words = [], iter(extra)
    for word in words:
        shown.append("--select <semgrep items>" if word == "--select" else word)
        if word == "--select":
            next(words, None)
    return shown


def _select(setup: Setup) -> tuple[str, ...]:
    return ("--select", ",".join(setup.semgrep_codes))


def _astgrep(setup: Setup, key: str, corpus: Corpus, versus: tuple[str, str] | None = None) -> Case:
    """ast-grep with the repository's rules (every language), one JSON line per finding; the
    result cache directory is left out, as semgrep's .semgrepignore leaves it out."""
    argv = (setup.astgrep.path, "scan", "-c", str(ASTGREP_CONFIG), "--no-ignore", "hidden",
            "--globs", "!.migrator_cache", "--json=stream", ".")
    label = f"`ast-grep scan -c {ASTGREP_CONFIG.relative_to(REPO)} --json=stream`"
    return Case(key, corpus.name, label, argv, corpus.path, corpus.files, versus=versus)


def _grep(setup: Setup, key: str, corpus: Corpus) -> Case:
    argv = ("grep", "-rnE", "--exclude-dir=.migrator_cache", "-e", setup.grep_pattern, ".")
    return Case(key, corpus.name, "`grep -rnE <rule tokens>`", argv, corpus.path, corpus.files, env=GREP_ENV, codes=(0, 1))


def startup(setup: Setup) -> list[Case]:
    m, pre = setup.migrator, setup.corpora["pre-commit"]
    return [
        Case("version", "–", "`migrator --version`", (m.path, "--version"), setup.work),
        _check(setup, "empty", setup.corpora["empty"]),
        Case("pre-commit", pre.name, "`migrator check <5 files>`",
             (m.path, "check", *m.no_cache(), *setup.pre_commit_files),
             pre.path, len(setup.pre_commit_files), codes=(1,)),
    ]


def gitlab_heavy(setup: Setup) -> list[Case]:
    heavy, m = setup.corpora["gitlab-heavy"], setup.migrator
    versus = ("gh-astgrep", "cpu") if setup.astgrep.path else None
    cases = [_check(setup, "gh-check-items", heavy, *_select(setup), versus=versus)]
    if setup.semgrep.path:
        argv = (setup.semgrep.path, "--config", str(SEMGREP_RULES), "--metrics=off", ".")
        cases.append(Case("gh-semgrep", heavy.name, f"`semgrep --config {SEMGREP_RULES.relative_to(REPO)} --metrics=off`",
                          argv, heavy.path, heavy.files, env=SEMGREP_ENV, versus=("gh-check-items", "cpu")))
    if setup.astgrep.path:
        cases.append(_astgrep(setup, "gh-astgrep", heavy))
    cases.append(_check(setup, "gh-check", heavy))
    if m.has_cache:
        cases.append(_check(setup, "gh-check-warm", heavy, cached=True, versus=("gh-check", "wall")))
    cases.append(_grep(setup, "gh-grep", heavy))
    fix_flags = "".join(f" {flag}" for flag in m.no_cache("fix"))
    cases.append(Case("gh-fix", heavy.name, f"`migrator fix{fix_flags}` (fresh copy each run)",
                      (m.path, "fix", *m.no_cache("fix"), "--exit-zero", "."), setup.work / f"{heavy.name}-fix",
                      heavy.files, codes=(0, 1), prepare=partial(fresh_copy, heavy, setup.work),
                      versus=("gh-check", "cpu")))
    return cases


def large_clean(setup: Setup) -> list[Case]:
    clean = setup.corpora["large-clean"]
    cases = [_check(setup, "lc-check", clean, versus=("lc-grep", "wall"))]
    if setup.migrator.has_cache:
        cases.append(_check(setup, "lc-check-warm", clean, cached=True, versus=("lc-grep", "wall")))
    cases.append(_grep(setup, "lc-grep", clean))
    cases += _stages(setup, clean)
    if setup.astgrep.path:
        cases += [_check(setup, "lc-check-items", clean, *_select(setup)),
                  _astgrep(setup, "lc-astgrep", clean, versus=("lc-check-items", "cpu+wall"))]
    return cases


def _stages(setup: Setup, clean: Corpus) -> list[Case]:
    """The stages before any scan, each against its floor (bench/stages.py): discovery against
    listing the files, discovery, reading and the prefilter against grep listing the files that
    hold a token. Start-up alone is the start-up group's ``migrator --version``."""
    m, stages = setup.migrator, str(REPO / "bench" / "stages.py")
    lister = shutil.which("rg")
    files = (lister, "--files", "--no-ignore", "--hidden", ".") if lister else ("find", ".", "-type", "f")
    shown = "rg --files --no-ignore --hidden" if lister else "find . -type f"
    grep_l = ("grep", "-rlE", "--exclude-dir=.migrator_cache", "-e", setup.grep_pattern, ".")
    return [
        Case("lc-discover", clean.name, "discovery (`bench/stages.py discover`)", (m.python, stages, "discover", "."),
             clean.path, clean.files, versus=("lc-files", "cpu+wall")),
        Case("lc-files", clean.name, f"`{shown}`", files, clean.path, clean.files),
        Case("lc-prefilter", clean.name, "discovery, reading, prefilter (`bench/stages.py prefilter`)",
             (m.python, stages, "prefilter", "."), clean.path, clean.files, versus=("lc-grep-l", "cpu+wall")),
        Case("lc-grep-l", clean.name, "`grep -rlE <rule tokens>`", grep_l, clean.path, clean.files, env=GREP_ENV,
             codes=(0, 1)),
    ]


def multilang(setup: Setup) -> list[Case]:
    """migrator, semgrep and ast-grep on the client-language corpus, on the same items, each
    writing JSON (whose findings run.py counts per language)."""
    corpus = setup.corpora["multilang"]
    versus = ("ml-astgrep", "cpu+wall") if setup.astgrep.path else None
    cases = [_check(setup, "ml-check-items", corpus, *_select(setup), "--output-format", "json", versus=versus)]
    if setup.semgrep.path:
        argv = (setup.semgrep.path, "--config", str(SEMGREP_RULES), "--config", str(SEMGREP_MULTILANG),
                "--metrics=off", "--json", ".")
        label = (f"`semgrep --config {SEMGREP_RULES.relative_to(REPO)} --config "
                 f"{SEMGREP_MULTILANG.relative_to(REPO)} --metrics=off --json`")
        cases.append(Case("ml-semgrep", corpus.name, label, argv, corpus.path, corpus.files, env=SEMGREP_ENV,
                          versus=("ml-check-items", "cpu+wall")))
    if setup.astgrep.path:
        cases.append(_astgrep(setup, "ml-astgrep", corpus))
    return cases


def scaled(setup: Setup) -> list[Case]:
    big = setup.corpora[f"gitlab-heavy-x{setup.scale}"]
    return [_check(setup, "x-check", big, versus=("x-grep", "wall")), _grep(setup, "x-grep", big)]


def audit_log(setup: Setup) -> list[Case]:
    m, big, small = setup.migrator, setup.corpora["log-1M"], setup.corpora["log-100k"]
    cases = [Case("al-migrator", big.name, "`migrator audit-log`", (m.path, "audit-log", big.name), big.path.parent,
                  LOG_LINES, "lines", codes=(1,))]
    if setup.jq.path:
        cases.append(Case("al-jq", big.name, "`jq -n -c -f bench/auditlog.jq`",
                          (setup.jq.path, "-n", "-c", "-f", str(JQ_FILTER), big.name), big.path.parent,
                          LOG_LINES, "lines", versus=("al-migrator", "cpu")))
    cases.append(Case("al-migrator-small", small.name, "`migrator audit-log`", (m.path, "audit-log", small.name),
                      small.path.parent, LOG_LINES // 10, "lines", codes=(1,)))
    return cases


LOG_LINES = 1_000_000
GROUPS = {"start-up": startup, "gitlab-heavy": gitlab_heavy, "large-clean": large_clean, "scaled": scaled,
          "audit-log": audit_log, "multilang": multilang}


def keep(group: list[Case], keys: set[str] | None) -> list[Case]:
    """The cases of ``group`` named in ``keys`` (``--cases``) and those their ratios compare with;
    all of them when ``keys`` is None."""
    if keys is None:
        return group
    wanted = set(keys) | {case.versus[0] for case in group if case.key in keys and case.versus}
    return [case for case in group if case.key in wanted]
