"""rules/ ships inside the wheel: `pip install .` into a fresh venv, run from another directory,
finds every rule and checks a file."""

from __future__ import annotations

import json
import subprocess
import sys
import venv

from .conftest import ROOT


def test_installed_wheel_finds_every_rule(tmp_path, table):
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)],
                   check=True)
    (wheel,) = wheels.glob("migrator-*.whl")
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(wheel)], check=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "client.py").write_text("runner = gl.runners.get(1)\nprint(runner.active)\n")
    listed = subprocess.run([str(env_dir / "bin" / "migrator"), "rule", "--all", "--output-format", "json"],
                            cwd=elsewhere, capture_output=True, text=True, check=True)
    assert [r["code"] for r in json.loads(listed.stdout)] == [r.code for r in table.rules]
    checked = subprocess.run([str(env_dir / "bin" / "migrator"), "check", "client.py"],
                             cwd=elsewhere, capture_output=True, text=True)
    assert checked.returncode == 1
    assert "client.py:2:7: MIG060" in checked.stdout
