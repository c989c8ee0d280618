"""Where a report goes: stdout, or ``--output-file``; and the progress bar, which only a person
at a terminal sees."""

from __future__ import annotations

import io
import json
import os
import stat
import threading

from migrator.report.progress import Progress

from .reporting import check, repo  # noqa: F401 - the fixture


def test_output_file_takes_the_report_and_stdout_stays_empty(repo):
    result = check("--output-format", "sarif", "--output-file", "reports/migrator.sarif")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert json.loads((repo / "reports" / "migrator.sarif").read_text())["version"] == "2.1.0"


def test_output_file_replaces_an_existing_report(repo):
    (repo / "report.json").write_text("stale" * 1000)
    check("--output-format", "json", "--output-file", "report.json", "runners.py")
    assert [d["code"] for d in json.loads((repo / "report.json").read_text())] == ["MIG060"]


def test_an_output_file_that_is_not_a_regular_file_is_written_to_never_replaced(repo):
    fifo = repo / "report.fifo"  # as /dev/null or /dev/stdout would be: replacing one breaks the system
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    check("--output-format", "json", "--output-file", str(fifo), "runners.py")
    reader.join(timeout=60)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert json.loads(received[0])[0]["filename"] == "runners.py"


def test_text_written_to_a_file_has_no_colour_unless_asked(repo):
    check("--output-file", "auto.txt")
    check("--output-file", "always.txt", "--color", "always")
    assert "\x1b[" not in (repo / "auto.txt").read_text()
    assert "\x1b[" in (repo / "always.txt").read_text()


def test_statistics_still_work_with_an_output_file(repo):
    check("--statistics", "--output-file", "stats.txt")
    assert (repo / "stats.txt").read_text().splitlines()[0] == "1\tMIG001\t[*] geo-nodes-endpoint"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def run_progress(stream, total: int) -> str:
    with Progress(stream) as progress:
        for done in range(1, total + 1):
            progress(done, total)
    return stream.getvalue()


def test_a_long_run_on_a_terminal_shows_a_progress_bar():
    shown = run_progress(Terminal(), 400)
    assert "Checking" in shown and "400/400" in shown


def test_a_short_run_or_a_pipe_shows_none():
    assert run_progress(Terminal(), 50) == ""
    assert run_progress(io.StringIO(), 400) == ""


def test_progress_never_gets_into_the_report(repo):
    for i in range(350):
        (repo / f"r{i}.py").write_text("runner = gl.runners.get(1)\nprint(runner.active)\n")
    result = check("--output-format", "json")
    assert len(json.loads(result.stdout)) == 354
    assert "Checking" not in result.output


def test_statistics_with_a_format_that_cannot_show_them_is_a_usage_error(repo):
    result = check("--statistics", "--output-format", "sarif")
    assert result.exit_code == 2
    assert "--statistics works with concise, full, grouped, json, json-lines, text, not sarif" in result.output


def test_a_hostile_file_that_cannot_be_decoded_is_reported_with_its_name_escaped(repo):
    (repo / "bad\x1b]0;x\x07.py").write_bytes(b"runner = gl.runners.get(1)\nrunner.active\n\xff\n")
    assert check("bad\x1b]0;x\x07.py").output.startswith('"bad\\033]0;x\\a.py":1:1: MIG999 could not parse')


def test_a_baseline_written_to_what_is_not_a_regular_file_leaves_it_as_it_is(repo):
    fifo = repo / "baseline.fifo"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    check("--write-baseline", str(fifo))
    reader.join(timeout=60)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert json.loads(received[0])["findings"]


def test_a_report_larger_than_a_piece_is_written_to_a_stream_whole_with_its_undecodable_bytes_escaped():
    """A stream gets a large report a piece at a time (output.PIECE characters), each piece
    escaped as the whole would be: nothing lost or doubled at a piece's edge."""
    from migrator.report import output

    text = ("src/caf\udce9.py:1:1: MIG010 é\n" * (output.PIECE // 10))[: output.PIECE * 3 + 7]
    stream = io.StringIO()
    output.write(text, None, stream)
    assert stream.getvalue() == text.encode("utf-8", "backslashreplace").decode("utf-8")
