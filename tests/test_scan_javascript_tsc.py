"""Every TypeScript rule example, as written and as fixed (``after``, ``after_unsafe``), is
TypeScript that the TypeScript compiler reads without a syntax error: a fix never leaves code that
tree-sitter accepts but tsc refuses. The compiler is installed with npm into a temporary
directory; without npm, or where npm cannot install it, the test is skipped and says why.

Only syntax is checked (``ts.transpileModule`` reports syntactic diagnostics): the examples are
snippets whose names (``API``, ``axios``) are not declared."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from migrator.ruletable import load_table

TABLE = load_table()
SOURCES = [(f"{rule.code}-{example.name}-{which}", text)
           for rule in TABLE.rules for example in rule.examples if example.written_as == "typescript"
           for which, text in (("code", example.code), ("after", example.after), ("after_unsafe", example.after_unsafe))
           if text is not None]
CHECK = """
const ts = require("typescript");
const sources = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = {};
for (const [name, text] of sources) {
  const result = ts.transpileModule(text, {reportDiagnostics: true, fileName: "example.ts",
    compilerOptions: {module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022}});
  out[name] = result.diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\\n"));
}
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def typescript(tmp_path_factory):
    """A directory where ``require("typescript")`` works, or a skip saying why not."""
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        pytest.skip("npm and node are not installed: the TypeScript compiler cannot be fetched")
    where = tmp_path_factory.mktemp("typescript")
    done = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--prefix", str(where), "typescript@5"],
                          capture_output=True, text=True, timeout=600, check=False)
    if done.returncode != 0:
        pytest.skip(f"npm could not install typescript: {(done.stderr or done.stdout).strip().splitlines()[-1:]}")
    return where


def test_every_typescript_example_as_written_and_as_fixed_is_typescript(typescript):
    assert SOURCES, "no TypeScript rule example"
    done = subprocess.run(["node", "-e", CHECK], input=json.dumps(SOURCES), capture_output=True, text=True,
                          cwd=typescript, timeout=600, check=True)
    diagnostics = {name: found for name, found in json.loads(done.stdout).items() if found}
    assert diagnostics == {}
