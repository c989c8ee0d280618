"""The README's YAML examples, parsed, for the tests that run them as a user would copy them."""

from __future__ import annotations

import re
from collections.abc import Callable

import yaml

from .conftest import ROOT


def readme_yaml() -> list:
    """Every ```yaml block of the README, parsed."""
    blocks = re.findall(r"^```yaml\n(.*?)^```$", (ROOT / "README.md").read_text(), re.M | re.S)
    return [yaml.safe_load(block) for block in blocks]


def the_block(wanted: Callable[[dict], bool]) -> dict:
    """The one README YAML block (a mapping) for which ``wanted(block)`` holds."""
    (block,) = [b for b in readme_yaml() if isinstance(b, dict) and wanted(b)]
    return block


def block_text(first_line: str) -> str:
    """The text of the one README YAML block whose first line is ``first_line`` (a comment naming
    its file, ``# .gitlab-ci.yml``), as printed."""
    (block,) = re.findall(rf"^```yaml\n({re.escape(first_line)}\n.*?)^```$", (ROOT / "README.md").read_text(),
                          re.M | re.S)
    return block
