"""Figures for ``migrator server`` (issue 21), driving the real server over stdio as an editor
does (JSON-RPC written and read here, with the standard library). Prints, as medians:

- the time from a change (``textDocument/didChange``) to its published diagnostics, for a
  500-line and a 5,000-line Python file full of findings (pushed diagnostics, as VS Code gets
  them: the figure includes the server's quiet time after a change, DEBOUNCE);
- the server's resident memory after 1,000 edits divided by that after 100 (goal ≤ 1.1×), each
  edit followed by a pull of its diagnostics (as Neovim asks for them: no quiet time), over a
  500-line file.

Not a test: nothing asserts a figure, and CI does not run it.

Run: .venv/bin/python bench/server.py [--edits N] [--big-edits N] [--memory-runs N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from migrator.server.documents import DEBOUNCE

BLOCK = '''def runner_{i}(gl):
    runner = gl.runners.get({i})
    if runner.active:
        print(runner.description)
    mr = gl.projects.get(1).mergerequests.get({i})
    return mr.merged_by, mr.title


'''
PUSH = {"workspace": {"configuration": False}}  # diagnostics pushed, UTF-16
PULL = {"textDocument": {"diagnostic": {}}}  # diagnostics pulled


def python_file(lines: int) -> str:
    text = "".join(BLOCK.format(i=i) for i in range(lines // 8 + 1))
    return "\n".join(text.splitlines()[:lines]) + "\n"


class Session:
    """A server started on stdio, initialized with ``capabilities``, with one open document. The
    messages are read as JSON only (no client library's types), so a figure is the server's time
    and the transport's, as an editor's JSON parser would see them."""

    def __init__(self, capabilities: dict, folder: Path):
        self.capabilities, self.folder = capabilities, folder
        self.uri = (folder / "bench.py").as_uri()
        self.published: dict[int, float] = {}  # version → when its diagnostics arrived
        self.answers: dict[int, asyncio.Future] = {}
        self.ids = 0

    async def start(self, text: str) -> None:
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "migrator", "server", stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        self.reader = asyncio.get_running_loop().create_task(self.read())
        await self.request("initialize", {"processId": os.getpid(), "rootUri": self.folder.as_uri(),
                                          "capabilities": self.capabilities})
        self.notify("initialized", {})
        self.notify("textDocument/didOpen", {"textDocument": {"uri": self.uri, "languageId": "python", "version": 0,
                                                              "text": text}})

    def send(self, message: dict) -> None:
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method: str, params) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    async def request(self, method: str, params):
        self.ids += 1
        self.answers[self.ids] = asyncio.get_running_loop().create_future()
        self.send({"jsonrpc": "2.0", "id": self.ids, "method": method, "params": params})
        return await self.answers[self.ids]

    async def read(self) -> None:
        stream = self.process.stdout
        while True:
            length = 0
            while (line := await stream.readline()).strip():
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if not length:
                return
            message = json.loads(await stream.readexactly(length))
            if message.get("method") == "textDocument/publishDiagnostics":
                version = message["params"].get("version")
                if version is not None:
                    self.published[version] = time.perf_counter()
            elif "method" in message and "id" in message:  # a request of the server's: answered with nothing
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            elif "id" in message and message["id"] in self.answers:
                self.answers.pop(message["id"]).set_result(message.get("result"))

    def change(self, text: str, version: int) -> None:
        self.notify("textDocument/didChange", {"textDocument": {"uri": self.uri, "version": version},
                                               "contentChanges": [{"text": text}]})

    async def published_for(self, version: int, timeout: float = 120.0) -> float:
        deadline = time.perf_counter() + timeout
        while version not in self.published:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"no diagnostics for version {version}")
            await asyncio.sleep(0.001)
        return self.published[version]

    async def pull(self) -> int:
        report = await self.request("textDocument/diagnostic", {"textDocument": {"uri": self.uri}})
        return len(report["items"])

    def rss_kib(self) -> int:
        with open(f"/proc/{self.process.pid}/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))

    async def stop(self) -> None:
        await self.request("shutdown", None)
        self.notify("exit", None)
        await self.process.wait()
        self.reader.cancel()


def edited(text: str, n: int) -> str:
    """The text with its last line changed (a comment numbered n): its findings stay."""
    return f"{text}# edit {n}\n"


async def latency(lines: int, edits: int, folder: Path) -> list[float]:
    """Seconds from each change to its published diagnostics (after two uncounted changes)."""
    text = python_file(lines)
    session = Session(PUSH, folder)
    await session.start(text)
    await session.published_for(0)
    seconds = []
    for version in range(1, edits + 3):
        sent = time.perf_counter()
        session.change(edited(text, version), version)
        seconds.append(await session.published_for(version) - sent)
    await session.stop()
    return seconds[2:]


async def memory(edits: tuple[int, int], folder: Path) -> tuple[int, int]:
    """Resident KiB after edits[0] and after edits[1] edits, each pulled."""
    text = python_file(500)
    session = Session(PULL, folder)
    await session.start(text)
    await session.pull()
    found = []
    for version in range(1, edits[1] + 1):
        session.change(edited(text, version), version)
        await session.pull()
        if version in edits:
            found.append(session.rss_kib())
    await session.stop()
    return found[0], found[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=21, help="measured changes to the 500-line file")
    parser.add_argument("--big-edits", type=int, default=11, help="measured changes to the 5,000-line file")
    parser.add_argument("--memory-runs", type=int, default=1, help="sessions of 1,000 edits")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory)
        small = asyncio.run(latency(500, args.edits, folder))
        big = asyncio.run(latency(5000, args.big_edits, folder))
        ratios = [asyncio.run(memory((100, 1000), folder)) for _ in range(args.memory_runs)]
    print(f"migrator server, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, Python "
          f"{sys.version.split()[0]}; quiet time after a change (DEBOUNCE) {DEBOUNCE * 1000:.0f} ms\n")
    print("| figure | median | min–max | runs |\n|---|---|---|---|")
    for name, values in (("change → published diagnostics, 500 lines", small),
                         ("change → published diagnostics, 5,000 lines", big)):
        print(f"| {name} | {statistics.median(values) * 1000:.0f} ms | {min(values) * 1000:.0f}–"
              f"{max(values) * 1000:.0f} ms | {len(values)} |")
    shares = [after / before for before, after in ratios]
    print(f"| resident memory after 1,000 edits ÷ after 100 (goal ≤ 1.1×) | {statistics.median(shares):.2f}× "
          f"| {', '.join(f'{b / 1024:.0f} → {a / 1024:.0f} MiB' for b, a in ratios)} | {len(ratios)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
