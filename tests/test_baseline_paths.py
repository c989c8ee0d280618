"""A baseline holds whatever way its files are named on the command line: relative, ``./``-prefixed,
absolute, through a symlinked working directory (a shell's ``$PWD`` after ``cd`` into a link,
while the process's working directory is the real one) or from the side (``../real/...``). The
fingerprint's path is where the file really is, relative to where the run really is; the path a
report shows may stay as it was given."""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from migrator.cli import main
from migrator.report.fingerprint import path_of

RUNNERS = "runner = gl.runners.get(1)\nprint(runner.active)\n"
MERGE_REQUESTS = "mr = project.mergerequests.get(7)\nwho = mr.merge_status\n"
NEW_LINE = "print(mr.merged_by)\n"


@pytest.fixture
def linked(tmp_path, monkeypatch):
    """``real/`` with a finding in ``x.py`` and one in ``pkg/y.py``; ``link -> real``; the run
    entered through the link, as ``cd link`` leaves a shell: ``$PWD`` is the link, the process's
    working directory the real directory."""
    real = tmp_path / "real"
    (real / "pkg").mkdir(parents=True)
    (real / "x.py").write_text(RUNNERS)
    (real / "pkg" / "y.py").write_text(MERGE_REQUESTS)
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    monkeypatch.chdir(link)
    monkeypatch.setenv("PWD", str(link))
    assert os.getcwd() == str(real.resolve())
    return real, link


def spellings_of_the_tree(real, link) -> dict[str, str]:
    return {"dot": ".", "dot-slash": "./", "$PWD through the link": str(link), "real absolute": str(real),
            "relative from the side": "../real"}


def spellings_of_a_file(real, link) -> dict[str, str]:
    return {"relative": "pkg/y.py", "dot-slash": "./pkg/y.py", "$PWD through the link": f"{link}/pkg/y.py",
            "real absolute": str(real / "pkg" / "y.py"), "relative from the side": "../real/pkg/y.py"}


def check(*args: str) -> tuple[int, list[dict]]:
    result = CliRunner().invoke(main, ["check", "--no-cache", "--output-format", "json", *args],
                                catch_exceptions=False)
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.stdout)


@pytest.mark.parametrize("written_with", ["dot", "$PWD through the link", "relative from the side"])
def test_a_baselined_finding_is_never_new_however_the_files_are_named(linked, written_with):
    real, link = linked
    tree = spellings_of_the_tree(real, link)
    baseline = str(real.parent / "baseline.json")
    CliRunner().invoke(main, ["check", "--no-cache", "--write-baseline", baseline, tree[written_with]],
                       catch_exceptions=False)
    assert len(json.loads((real.parent / "baseline.json").read_text())["findings"]) == 2

    for name, spelling in {**tree, **spellings_of_a_file(real, link)}.items():
        status, new = check("--baseline", baseline, spelling)
        assert (status, new) == (0, []), f"checked as {name} ({spelling})"


@pytest.mark.parametrize("written_with", ["dot", "$PWD through the link", "relative from the side"])
def test_a_new_finding_is_still_new_however_the_files_are_named(linked, written_with):
    real, link = linked
    tree = spellings_of_the_tree(real, link)
    baseline = str(real.parent / "baseline.json")
    CliRunner().invoke(main, ["check", "--no-cache", "--write-baseline", baseline, tree[written_with]],
                       catch_exceptions=False)
    with (real / "pkg" / "y.py").open("a") as file:
        file.write(NEW_LINE)

    for name, spelling in {**tree, **spellings_of_a_file(real, link)}.items():
        status, new = check("--baseline", baseline, spelling)
        assert status == 1, f"checked as {name} ({spelling})"
        assert [(f["code"], f["location"]["row"]) for f in new] == [("MIG010", 3)], f"checked as {name}"


def test_the_shown_path_stays_as_it_was_given(linked):
    real, link = linked
    _, findings = check(f"{link}/pkg/y.py")
    assert [f["filename"] for f in findings] == [f"{link}/pkg/y.py"]


def test_every_spelling_of_a_file_has_one_fingerprint_path(linked):
    real, link = linked
    assert {path_of(spelling) for spelling in spellings_of_a_file(real, link).values()} == {"pkg/y.py"}
    assert {path_of(f"{spelling}/x.py") for spelling in spellings_of_the_tree(real, link).values()} == {"x.py"}


def test_a_symlinked_file_keeps_its_own_name(linked):
    real, _ = linked
    (real / "alias.py").symlink_to(real / "x.py")
    assert path_of("alias.py") == "alias.py"
    assert path_of(str(real / "alias.py")) == "alias.py"


def test_a_file_outside_the_working_directory_has_its_real_absolute_path(linked, tmp_path):
    real, link = linked
    (tmp_path / "elsewhere").mkdir()
    outside = (tmp_path / "elsewhere" / "z.py").resolve().as_posix()
    assert path_of("../elsewhere/z.py") == outside
    assert path_of(str(tmp_path / "link" / ".." / "elsewhere" / "z.py")) == outside
    assert path_of(outside) == outside
