"""What the report tests share: a small repository with one finding of each kind of fix, and
running ``migrator check`` on it, as a user would, through the real pipeline."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner, Result

from migrator.cli import main

SCHEMAS = Path(__file__).resolve().parent / "schemas"

# runners.py: a safe fix. mrs.py: an unsafe fix (merged_by) and a display-only one (merge_status).
# .gitlab-ci.yml: a safe fix in CI YAML.
RUNNERS = "runner = gl.runners.get(1)\nif runner.active:\n    print(runner.id)\n"
MRS = 'mr = project.mergerequests.get(1)\nwho = mr.merged_by\nif mr.merge_status == "can_be_merged":\n    print(who)\n'
CI = 'status:\n  script:\n    - curl -sS "$CI_API_V4_URL/geo_nodes/status"\n'


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """A working directory holding runners.py, mrs.py and .gitlab-ci.yml (4 findings)."""
    (tmp_path / "runners.py").write_text(RUNNERS)
    (tmp_path / "mrs.py").write_text(MRS)
    (tmp_path / ".gitlab-ci.yml").write_text(CI)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    return tmp_path


@pytest.fixture
def samples(monkeypatch):
    """The repository's root as the working directory, to check sample_repos (SAMPLE_FINDINGS findings)."""
    monkeypatch.chdir(SCHEMAS.parent.parent)
    monkeypatch.delenv("NO_COLOR", raising=False)


def check(*args: str, env: dict[str, str] | None = None) -> Result:
    """``migrator check ARGS`` in the current directory."""
    return CliRunner().invoke(main, ["check", *args], env=env, catch_exceptions=False)


def check_json(fmt: str, *args: str):
    """The parsed output of ``migrator check --output-format FMT ARGS``."""
    return json.loads(check("--output-format", fmt, *args).output)


def validate(document, schema_file: str) -> None:
    """Fails with jsonschema's message when ``document`` does not match the schema."""
    schema = json.loads((SCHEMAS / schema_file).read_text())
    jsonschema.validators.validator_for(schema)(schema).validate(document)


def sample_findings() -> int:
    """How many findings sample_repos holds: the sum of the reviewed EXPECTED.json files."""
    import json

    return sum(len(json.loads(p.read_text())) for p in sorted((SCHEMAS.parent.parent / "sample_repos").glob("*/EXPECTED.json")))


SAMPLE_FINDINGS = sample_findings()
