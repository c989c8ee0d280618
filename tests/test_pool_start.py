"""check reads and prefilters every file in its own process: a file no rule can match never
reaches a worker, and a pool of workers starts only when the files that pass hold enough text to
pay for it (runner.POOL_BYTES), however many files the walk finds."""

import pytest

from migrator.app import pool, runner
from migrator.app.check import check_paths
from migrator.app.settings import Settings
from migrator.config import Configs


@pytest.fixture
def tree(tmp_path, monkeypatch):
    for i in range(200):  # many files, none of which any rule can match
        (tmp_path / f"clean{i}.py").write_text(f"def f{i}(runner_count):\n    return runner_count + {i}\n")
    (tmp_path / "mrs.py").write_text("mr = project.mergerequests.get(1)\nprint(mr.merged_by)\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _pooled_runs(monkeypatch) -> list[int]:
    started = []

    def serial(job, stream, count, progress, crashed, light=None):
        started.append(count)
        return [job(item) for item in stream]

    monkeypatch.setattr(pool, "pooled", serial)
    return started


def test_a_run_where_few_files_pass_starts_no_pool(tree, monkeypatch):
    started = _pooled_runs(monkeypatch)
    result = check_paths(["."], Settings(Configs(cwd=tree), jobs=2, cache=False))
    assert started == []
    assert (result.files, result.scanned) == (201, 1)
    assert [f.code for f in result.findings] == ["MIG010"]


def test_a_pool_starts_once_the_files_that_pass_hold_enough_text(tree, monkeypatch):
    started = _pooled_runs(monkeypatch)
    monkeypatch.setattr(runner, "POOL_BYTES", 10)
    monkeypatch.setattr(runner.os, "cpu_count", lambda: 2)
    result = check_paths(["."], Settings(Configs(cwd=tree), jobs=2, cache=False))
    assert started == [2]
    assert [f.code for f in result.findings] == ["MIG010"]


def test_a_pool_is_handed_a_few_chunks_at_a_time_so_texts_are_let_go_of():
    """A chunk waiting in the pool holds its files' texts: once WINDOW chunks per worker wait,
    handing on the next one waits until one is done."""
    import threading
    from concurrent.futures import Future

    waiting = [Future() for _ in range(pool.WINDOW)]
    first = waiting[0]
    threading.Timer(0.01, first.set_result, ([],)).start()
    still = pool._make_room(set(waiting), count=1)
    assert first.done()
    assert still == set(waiting[1:])


def test_a_pool_with_room_hands_on_at_once():
    from concurrent.futures import Future

    waiting = {Future() for _ in range(pool.WINDOW - 1)}
    assert pool._make_room(waiting, count=1) == waiting
    assert not any(f.done() for f in waiting)


def test_once_a_pool_is_sure_to_start_its_workers_read_and_prefilter_the_rest(tree, monkeypatch):
    """The parent reads files only until a pool pays: each later file is handed on unread, so
    the workers read and prefilter it in parallel, and its text never crosses between processes."""
    (tree / "a_first.py").write_text("mr = project.mergerequests.get(2)\nprint(mr.merged_by)\n")
    handed = []

    def serial(job, stream, count, progress, crashed, light=None):
        handed.extend(stream)
        return [job(item) for item in handed]

    monkeypatch.setattr(pool, "pooled", serial)
    monkeypatch.setattr(runner, "POOL_BYTES", 10)
    monkeypatch.setattr(runner.os, "cpu_count", lambda: 2)
    result = check_paths(["."], Settings(Configs(cwd=tree), jobs=2, cache=False))
    assert [len(job) for job in handed] == [3] + [2] * 201  # a_first.py read; the clean files and mrs.py not
    assert (result.files, result.scanned) == (202, 2)
    assert [(f.filename, f.code) for f in result.findings] == [("a_first.py", "MIG010"), ("mrs.py", "MIG010")]
