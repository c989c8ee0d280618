"""The distribution `apiv5-migrator` installs the command and package `migrator`: the sdist and the
wheel built from it (as `python -m build` makes a release) each go into a fresh venv, and from
another directory `migrator` finds every rule (rules/ ships inside) and checks a sample."""

from __future__ import annotations

import json
import subprocess
import sys
import venv

import pytest

from .conftest import ROOT

DISTRIBUTION = "apiv5-migrator"


@pytest.fixture(scope="module")
def dists(tmp_path_factory):
    """The sdist, and the wheel built from that sdist (which shows the sdist holds all it needs)."""
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)], check=True,
                   capture_output=True)
    return {"sdist": next(out.glob("apiv5_migrator-*.tar.gz")), "wheel": next(out.glob("apiv5_migrator-*.whl"))}


@pytest.mark.parametrize("kind", ["wheel", "sdist"])
def test_installed_distribution_runs_migrator_from_another_directory(kind, dists, tmp_path, table):
    env_dir = tmp_path / "venv"
    venv.create(env_dir)  # without pip of its own (ensurepip takes half a minute): this pip installs into it
    python, migrator = env_dir / "bin" / "python", env_dir / "bin" / "migrator"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", str(dists[kind])],
                   check=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "client.py").write_text("runner = gl.runners.get(1)\nprint(runner.active)\n")

    where = f"import importlib.metadata as m, migrator; print(m.version({DISTRIBUTION!r}), migrator.__file__)"
    installed = subprocess.run([str(python), "-c", where], cwd=elsewhere, capture_output=True, text=True,
                               check=True).stdout.split()
    assert installed[0] == subprocess.run([str(migrator), "--version"], capture_output=True, text=True,
                                          check=True).stdout.split()[-1]
    assert installed[1].startswith(str(env_dir))
    listed = subprocess.run([str(migrator), "rule", "--all", "--output-format", "json"],
                            cwd=elsewhere, capture_output=True, text=True, check=True)
    assert [r["code"] for r in json.loads(listed.stdout)] == [r.code for r in table.known]
    checked = subprocess.run([str(migrator), "check", "client.py"], cwd=elsewhere, capture_output=True, text=True)
    assert checked.returncode == 1
    assert "client.py:2:7: MIG060" in checked.stdout
