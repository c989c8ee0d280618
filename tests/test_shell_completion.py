"""`migrator generate-shell-completion SHELL` prints a script that completes migrator's commands,
options and option values, as ruff's command of the same name does (click's completion): the bash
script, loaded as the README says, completes in a real bash."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from migrator.cli import main

BIN = Path(sys.executable).parent  # where this environment's `migrator` command is


def complete_in_bash(*words: str) -> list[str]:
    """What bash offers for the last of ``words`` after the README's `eval "$(…)"`."""
    script = (f'eval "$(migrator generate-shell-completion bash)"\n'
              f'COMP_WORDS=({" ".join(words)}); COMP_CWORD={len(words) - 1}\n'
              '_migrator_completion migrator\nprintf "%s\\n" "${COMPREPLY[@]}"\n')
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, check=True)
    return done.stdout.split()


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_bash_completes_a_command():
    assert complete_in_bash("migrator", "ch") == ["check"]


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_bash_completes_an_options_values():
    assert complete_in_bash("migrator", "check", "--output-format", "js") == ["json", "json-lines"]


@pytest.mark.parametrize("shell, marker", [("bash", "complete -o nosort -F _migrator_completion migrator"),
                                           ("zsh", "#compdef migrator"), ("fish", "complete --no-files --command migrator")])
def test_each_shell_gets_its_own_script(shell, marker):
    result = CliRunner().invoke(main, ["generate-shell-completion", shell])
    assert result.exit_code == 0 and marker in result.output
    assert "_MIGRATOR_COMPLETE" in result.output


def test_an_unknown_shell_is_a_usage_error():
    result = CliRunner().invoke(main, ["generate-shell-completion", "tcsh"])
    assert result.exit_code == 2 and "bash" in result.output
