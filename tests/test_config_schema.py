"""migrator.schema.json, the JSON schema of `[tool.migrator]` and `migrator.toml` that editors use
to validate and complete the configuration: it is what migrator/configschema.py generates, it
knows exactly the keys migrator knows, every configuration example of the README is valid under
it (and accepted by migrator), and it refuses what migrator refuses."""

from __future__ import annotations

import json
import re
import tomllib

import pytest
from jsonschema import Draft7Validator

from migrator import configschema
from migrator.config import ConfigError
from migrator.configkeys import _CHECKS, validate
from migrator.ruletable import load_table

from .conftest import ROOT

SCHEMA = json.loads((ROOT / "migrator.schema.json").read_text())
VALIDATOR = Draft7Validator(SCHEMA)


def readme_configurations() -> list[dict]:
    """The configuration of every ```toml block of the README (but taplo's and Helix's own): a
    pyproject.toml's [tool.migrator], or a migrator.toml's top level."""
    blocks = re.findall(r"^```toml\n(.*?)^```$", (ROOT / "README.md").read_text(), re.M | re.S)
    blocks = [block for block in blocks if not block.startswith(("# .taplo.toml", "# ~/.config/helix/"))]
    documents = [tomllib.loads(block) for block in blocks]
    return [doc["tool"]["migrator"] if "tool" in doc else doc for doc in documents]


def test_the_committed_schema_is_the_generated_one():
    """After a change of keys, formats or rules: python -m migrator.configschema > migrator.schema.json"""
    assert (ROOT / "migrator.schema.json").read_text() == configschema.text()


def test_the_schema_is_a_valid_draft7_schema_of_exactly_migrators_keys():
    Draft7Validator.check_schema(SCHEMA)
    assert list(SCHEMA["properties"]) == list(_CHECKS)
    assert SCHEMA["additionalProperties"] is False


@pytest.mark.parametrize("index", range(len(readme_configurations())))
def test_every_readme_configuration_is_valid_and_accepted(index, tmp_path):
    configuration = readme_configurations()[index]
    assert list(VALIDATOR.iter_errors(configuration)) == []
    validate(configuration, "README.md", tmp_path, load_table())  # raises ConfigError on a bad key or value


def test_the_readme_has_configuration_examples_and_names_the_schema():
    assert len(readme_configurations()) >= 2
    assert "migrator.schema.json" in (ROOT / "README.md").read_text()


@pytest.mark.parametrize("configuration", [
    {"min-evidence": "strong"}, {"target-version": 16.11}, {"target-version": "latest"}, {"selct": ["MIG06"]},
    {"select": "MIG06"}, {"select": ["NOPE"]}, {"max-file-size": "10 parsecs"}, {"max-file-size": 0},
    {"output-format": "xml"}, {"force-exclude": "yes"}, {"per-file-ignores": {"tests/*": "MIG060"}},
], ids=repr)
def test_the_schema_refuses_what_migrator_refuses(configuration, tmp_path):
    assert list(VALIDATOR.iter_errors(configuration)) != []
    with pytest.raises(ConfigError):
        validate(configuration, "migrator.toml", tmp_path, load_table())


@pytest.mark.parametrize("configuration", [
    {"select": ["mig06", "runner-active", "ALL", "MIG0,MIG300"]}, {"max-file-size": "512KB"},
    {"max-file-size": 10_000_000}, {"extend": "../base.toml"}, {"per-file-ignores": {"!src/*": ["MIG090"]}},
], ids=repr)
def test_the_schema_accepts_what_migrator_accepts(configuration, tmp_path):
    assert list(VALIDATOR.iter_errors(configuration)) == []
    validate(configuration, "migrator.toml", tmp_path, load_table())
