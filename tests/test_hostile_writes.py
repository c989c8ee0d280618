"""Issue "hostile input, third round": nothing another program writes is lost, and a report goes
where the user pointed it.

- fix replaces a file only if it is still as fix read it, checked immediately before the rename
  (and, on Linux, under a read lease that any open for writing breaks): an edit saved while fix
  works is kept, named on stderr, not counted as fixed, and the run exits 2.
- ``--output-file`` and ``--write-baseline`` write as a shell's ``>`` does: through a symlink (so
  ``-o /dev/stdout`` never replaces the system's /dev/stdout), into a device or a FIFO, in place
  where the directory refuses a temporary file; a file that cannot be written is one error line
  naming it, exit 2.

The other program is played deterministically: a wrapper around a call fix makes at a known
moment (the chmod of its temporary file, the last check, the rename) makes the write then.
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import stat
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

import migrator.source.writes as files
from migrator.source.writes import Original, Stamp, still_as_read, write_output
from tests import hostile_inputs as h
from tests.hostile_run import migrator as run_migrator

from .reporting import check, repo  # noqa: F401 - the fixture
from .test_cli import RUNNER_ACTIVE, run

RUNNER_FIXED = RUNNER_ACTIVE.replace("if runner.active:", "if not runner.paused:")
SAVED = "# saved by the editor\n"


def leases_work(directory: Path) -> bool:
    """Whether this system gives this process a read lease (Linux, a file system with leases)."""
    probe = directory / ".lease-probe"
    probe.write_text("")
    handle = os.open(probe, os.O_RDONLY)
    try:
        fcntl.fcntl(handle, fcntl.F_SETSIG, signal.SIGURG)
        fcntl.fcntl(handle, fcntl.F_SETLEASE, fcntl.F_RDLCK)
        fcntl.fcntl(handle, fcntl.F_SETLEASE, fcntl.F_UNLCK)
        return True
    except (OSError, AttributeError):
        return False
    finally:
        os.close(handle)
        probe.unlink()


@pytest.fixture
def three_files(tmp_path, monkeypatch) -> Path:
    """a.py, b.py and c.py, one safe fix each, in the working directory."""
    for name in ("a.py", "b.py", "c.py"):
        (tmp_path / name).write_text(RUNNER_ACTIVE)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def when_fix_has_written_the_new_text(monkeypatch, name: str, act: Callable[[Path], None]) -> None:
    """``act(path)`` once, when fix has written, synced and chmod'ed the temporary file that is to
    replace ``name``: after anything fix looked at before this round, just before its last check."""
    real_chmod = os.chmod

    def chmod(path, mode, *args, **kwargs):
        real_chmod(path, mode, *args, **kwargs)
        if os.path.basename(str(path)).startswith(f".{name}.") and str(path).endswith(".migrator"):
            act(Path(name))

    monkeypatch.setattr(os, "chmod", chmod)


def open_for_writing_without_waiting(path: Path) -> None:
    """What an editor's open for writing does to fix's lease, without waiting for fix to let go:
    the lease is broken (the kernel refuses a non-blocking open meanwhile)."""
    with pytest.raises(BlockingIOError):
        os.open(path, os.O_WRONLY | os.O_NONBLOCK)


def no_temporary_files(directory: Path) -> bool:
    return not [p for p in directory.iterdir() if p.name.endswith(".migrator")]


# ---------------------------------------------------------------- fix and another writer
def test_an_edit_saved_while_fix_writes_the_file_is_kept_named_and_the_run_exits_2(three_files, monkeypatch):
    when_fix_has_written_the_new_text(monkeypatch, "b.py", lambda path: path.open("a").write(SAVED))
    result = run("fix", ".")
    assert result.exit_code == 2
    assert (three_files / "b.py").read_text() == RUNNER_ACTIVE + SAVED  # the other writer's content, intact
    assert ("error: b.py: changed while it was being fixed (another program wrote to it); not fixed, left as it is"
            in result.stderr.splitlines())
    assert [(three_files / n).read_text() for n in ("a.py", "c.py")] == [RUNNER_FIXED, RUNNER_FIXED]
    assert "Found 3 findings (2 fixed, 1 remaining)." in result.stdout
    assert no_temporary_files(three_files)


def test_a_same_size_rewrite_while_fix_writes_is_kept(three_files, monkeypatch):
    rewritten = RUNNER_ACTIVE.replace("gl.", "GL.")
    when_fix_has_written_the_new_text(monkeypatch, "b.py", lambda path: path.write_text(rewritten))
    assert run("fix", ".").exit_code == 2
    assert (three_files / "b.py").read_text() == rewritten


def test_an_editors_atomic_save_while_fix_writes_is_kept(three_files, monkeypatch):
    def save_by_rename(path: Path) -> None:
        (three_files / "b.py.swp").write_text(RUNNER_ACTIVE + SAVED)
        os.replace(three_files / "b.py.swp", path)

    when_fix_has_written_the_new_text(monkeypatch, "b.py", save_by_rename)
    assert run("fix", ".").exit_code == 2
    assert (three_files / "b.py").read_text() == RUNNER_ACTIVE + SAVED


def test_a_file_removed_while_fix_writes_it_stays_removed(three_files, monkeypatch):
    when_fix_has_written_the_new_text(monkeypatch, "b.py", Path.unlink)
    result = run("fix", ".")
    assert result.exit_code == 2
    assert "error: b.py: changed while it was being fixed (another program removed it)" in result.stderr
    assert not (three_files / "b.py").exists()
    assert no_temporary_files(three_files)


def test_a_program_holding_the_file_open_for_writing_keeps_what_it_then_writes(three_files):
    if not leases_work(three_files):
        pytest.skip("no file leases here")
    with (three_files / "b.py").open("a") as editor:  # opened before fix replaces the file, written after
        result = run("fix", ".")
        editor.write(SAVED)
    assert result.exit_code == 2
    assert "b.py: changed while it was being fixed (another program has it open for writing)" in result.stderr
    assert (three_files / "b.py").read_text() == RUNNER_ACTIVE + SAVED
    assert (three_files / "a.py").read_text() == RUNNER_FIXED


def test_an_open_for_writing_during_the_last_check_stops_the_rename(three_files, monkeypatch):
    if not leases_work(three_files):
        pytest.skip("no file leases here")
    real_check = files.still_as_read

    def check_while_opened(path, original):
        if path.name == "b.py":
            open_for_writing_without_waiting(path)
        return real_check(path, original)

    monkeypatch.setattr(files, "still_as_read", check_while_opened)
    result = run("fix", ".")
    assert result.exit_code == 2
    assert "b.py: changed while it was being fixed (another program wrote to it); not fixed" in result.stderr
    assert (three_files / "b.py").read_text() == RUNNER_ACTIVE


def test_an_open_for_writing_in_the_instant_of_the_rename_is_reported(three_files, monkeypatch):
    if not leases_work(three_files):
        pytest.skip("no file leases here")
    real_replace = os.replace

    def replace_while_opened(source, target, *args, **kwargs):
        if Path(target).name == "b.py":
            open_for_writing_without_waiting(Path(target))
        real_replace(source, target, *args, **kwargs)

    monkeypatch.setattr(os, "replace", replace_while_opened)
    result = run("fix", ".")
    assert result.exit_code == 2
    assert ("error: b.py: fixed, but another program opened it for writing as it was replaced; what that program "
            "writes goes to the replaced file") in result.stderr
    assert (three_files / "b.py").read_text() == RUNNER_FIXED


def test_add_noqa_keeps_an_edit_saved_while_it_writes_the_file_too(three_files, monkeypatch):
    when_fix_has_written_the_new_text(monkeypatch, "b.py", lambda path: path.open("a").write(SAVED))
    result = run("check", "--add-noqa", ".")
    assert result.exit_code == 2
    assert (three_files / "b.py").read_text() == RUNNER_ACTIVE + SAVED
    assert "# noqa: MIG060" in (three_files / "a.py").read_text()


def test_a_file_is_as_read_only_with_the_same_bytes_and_the_same_stamp(tmp_path):
    path = tmp_path / "f.py"
    path.write_bytes(b"new")
    assert still_as_read(path, Original(Stamp.take(path), b"new"))
    assert not still_as_read(path, Original(Stamp.take(path), b"old"))  # a rewrite within the clock's tick
    (tmp_path / "copy").write_bytes(b"new")
    stamp = Stamp.take(path)
    os.replace(tmp_path / "copy", path)
    assert not still_as_read(path, Original(stamp, b"new"))  # the same bytes in another file


def test_a_normal_fix_still_works_and_a_second_fix_changes_nothing(three_files):
    first = run("fix", ".")
    assert (first.exit_code, first.stderr) == (1, "")
    assert "Found 3 findings (3 fixed, 0 remaining)." in first.stdout
    fixed = {p.name: p.read_bytes() for p in three_files.iterdir()}
    assert run("fix", ".").exit_code == 0
    assert {p.name: p.read_bytes() for p in three_files.iterdir()} == fixed
    assert fixed["b.py"] == RUNNER_FIXED.encode()


# ---------------------------------------------------------------- where a report goes
def test_output_file_through_a_symlink_writes_its_target_and_the_link_stays(repo):
    (repo / "report.json").write_text("old")
    (repo / "latest.json").symlink_to("report.json")
    check("--output-format", "json", "--output-file", "latest.json", "runners.py")
    assert (repo / "latest.json").is_symlink()
    assert [d["code"] for d in json.loads((repo / "report.json").read_text())] == ["MIG060"]


def test_a_baseline_written_through_a_symlink_goes_to_its_target(repo):
    (repo / "shared-baseline.json").write_text("{}")
    (repo / "baseline.json").symlink_to("shared-baseline.json")
    assert check("--write-baseline", "baseline.json").exit_code == 0
    assert (repo / "baseline.json").is_symlink()
    assert json.loads((repo / "shared-baseline.json").read_text())["fingerprints"]


def test_output_file_through_a_symlink_to_dev_null_leaves_both_as_they_are(repo):
    (repo / "quiet.txt").symlink_to("/dev/null")
    assert check("--output-file", "quiet.txt").exit_code == 1
    assert os.readlink(repo / "quiet.txt") == "/dev/null"
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_output_file_through_a_symlink_to_a_fifo_feeds_the_reader(repo):
    os.mkfifo(repo / "report.fifo")
    (repo / "report.link").symlink_to("report.fifo")
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append((repo / "report.fifo").read_bytes()))
    reader.start()
    check("--output-format", "json", "--output-file", "report.link", "runners.py")
    reader.join(timeout=60)
    assert (repo / "report.link").is_symlink() and stat.S_ISFIFO(os.lstat(repo / "report.fifo").st_mode)
    assert json.loads(received[0])[0]["filename"] == "runners.py"


def test_a_hard_linked_output_file_is_written_under_both_names(repo):
    (repo / "report.txt").write_text("old")
    os.link(repo / "report.txt", repo / "also.txt")
    check("--output-file", "report.txt", "runners.py")
    assert (repo / "also.txt").read_text() == (repo / "report.txt").read_text() != "old"


def test_dev_stdout_as_output_file_puts_the_report_on_stdout_and_stays_a_link(tmp_path):
    h.clean_python(tmp_path)
    outcome = run_migrator("check", "--output-format", "json", "-o", "/dev/stdout", "clean.py", cwd=tmp_path)
    assert outcome.codes_by_file() == {"clean.py": ["MIG060"]}
    assert os.path.islink("/dev/stdout")


def test_a_link_to_the_process_stdout_sends_the_report_into_the_file_stdout_goes_to(tmp_path):
    """The way ``-o /dev/stdout`` once replaced the system's /dev/stdout (stdout redirected to a
    file), played with a link of the test's own."""
    h.clean_python(tmp_path)
    (tmp_path / "stdout.link").symlink_to("/proc/self/fd/1")
    with (tmp_path / "out.json").open("wb") as out:
        subprocess.run([sys.executable, "-m", "migrator", "check", "--output-format", "json", "-o", "stdout.link",
                        "clean.py"], cwd=tmp_path, stdout=out, env=_environment(), timeout=120, check=False)
    assert (tmp_path / "stdout.link").is_symlink()
    assert json.loads((tmp_path / "out.json").read_text())[0]["code"] == "MIG060"


def test_a_standard_stream_name_appends_where_stdout_appends(tmp_path):
    """As bash does with ``/dev/fd/N`` and ``/dev/stdout``: the descriptor is written, not reopened,
    so a log that stdout appends to keeps its earlier lines."""
    h.clean_python(tmp_path)
    (tmp_path / "log.txt").write_text("earlier line\n")
    with (tmp_path / "log.txt").open("ab") as log:
        subprocess.run([sys.executable, "-m", "migrator", "check", "--output-format", "json", "-o", "/dev/fd/1",
                        "clean.py"], cwd=tmp_path, stdout=log, env=_environment(), timeout=120, check=False)
    first, rest = (tmp_path / "log.txt").read_text().split("\n", 1)
    assert first == "earlier line"
    assert json.loads(rest)[0]["code"] == "MIG060"


def test_output_file_in_a_directory_that_refuses_temporary_files_is_written_in_place(tmp_path):
    h.clean_python(tmp_path)
    (tmp_path / "reports").mkdir()
    for name in ("report.txt", "baseline.json"):
        (tmp_path / "reports" / name).write_text("old")
        (tmp_path / "reports" / name).chmod(0o666)
    (tmp_path / "reports").chmod(0o555)
    report = run_migrator("check", "-o", "reports/report.txt", "clean.py", cwd=tmp_path, obey_modes=True)
    baseline = run_migrator("check", "--write-baseline", "reports/baseline.json", "clean.py", cwd=tmp_path,
                            obey_modes=True)
    (tmp_path / "reports").chmod(0o755)
    assert (report.status, report.stderr, baseline.status) == (1, "", 0)
    assert (tmp_path / "reports" / "report.txt").read_text().startswith("clean.py:4:11: MIG060")
    assert json.loads((tmp_path / "reports" / "baseline.json").read_text())["fingerprints"]


@pytest.mark.parametrize("where, why", [
    ("reports/new.txt", "Permission denied"),  # a new file in a directory that refuses it
    ("locked.txt", "Permission denied"),  # a read-only file: `>` refuses it too
    ("clean.py/report.txt", "Not a directory"),
])
def test_an_output_file_that_cannot_be_written_is_one_error_naming_it(tmp_path, where, why):
    h.clean_python(tmp_path)
    (tmp_path / "reports").mkdir(mode=0o555)
    (tmp_path / "locked.txt").write_text("old")
    (tmp_path / "locked.txt").chmod(0o444)
    outcome = run_migrator("check", "-o", where, "clean.py", cwd=tmp_path, obey_modes=True)
    (tmp_path / "reports").chmod(0o755)
    assert outcome.status == 2
    assert outcome.stderr == f"error: {where}: cannot write the report: {why}\n"
    assert (tmp_path / "locked.txt").read_text() == "old"


def test_write_output_falls_back_to_writing_in_place_when_no_temporary_file_can_be_made(tmp_path, monkeypatch):
    import tempfile

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    (tmp_path / "report.txt").write_text("old")
    monkeypatch.setattr(tempfile, "mkstemp", refused)
    write_output(tmp_path / "report.txt", b"new")
    assert (tmp_path / "report.txt").read_bytes() == b"new"


def _environment() -> dict[str, str]:
    root = str(Path(__file__).resolve().parent.parent)
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
