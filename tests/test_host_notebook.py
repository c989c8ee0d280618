"""Jupyter notebooks (kinds/notebook.py): code cells are Python, ``!`` lines and ``%%bash`` cells
shell; a fix is written into the JSON string it falls in, the notebook's layout kept; findings are
told by cell, as ruff tells them, where a report names a place for a reader."""

from __future__ import annotations

import json

from click.testing import CliRunner

from migrator.cli import main
from migrator.kinds import notebook


def notebook_text(*sources: list[str], language: str = "python", newline: str = "\n") -> str:
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": s}
             for s in sources]
    data = {"cells": cells, "metadata": {"kernelspec": {"language": language, "name": "k"}}, "nbformat": 4,
            "nbformat_minor": 5}
    return json.dumps(data, indent=1).replace("\n", newline) + newline


def test_code_cells_are_python_their_bang_lines_and_bash_cells_shell():
    text = notebook_text(["import os\n", "!ls -l\n", "%pip install requests"], ["%%bash\n", "echo hi"])
    python, bang, bash = notebook.regions(text)
    assert (python.kind, python.text, python.placeholders) == ("python", "import os\n#ls -l\n#pip install requests",
                                                                 ((10, 11), (17, 18)))
    assert (bang.kind, bang.text, bang.cell) == ("shell", "ls -l", 1)
    assert (bash.kind, bash.text, bash.cell) == ("shell", "#%bash\necho hi", 2)


def test_a_notebook_of_another_kernel_has_no_regions():
    assert notebook.regions(notebook_text(["x <- 1"], language="R")) == []


def test_a_cell_maps_through_json_escapes_in_a_crlf_notebook():
    text = notebook_text(['r = get("/api/v4/runners?scope=active")\n', "print(r)"], newline="\r\n")
    (cell,) = notebook.regions(text)
    at = cell.text.index("scope")
    assert text[cell.where(at):cell.where(at) + 5] == "scope"
    assert text[cell.where(cell.text.index("print")) - 1] == '"'


def test_a_fix_keeps_the_notebook_json_layout_and_line_breaks(tmp_path):
    text = notebook_text(["import requests\n", 'r = requests.get(f"{b}/api/v4/runners?scope=active")'],
                         newline="\r\n")
    path = tmp_path / "runners.ipynb"
    path.write_bytes(text.encode())
    for _ in range(2):
        CliRunner().invoke(main, ["fix", str(path)])
    assert path.read_bytes().decode() == text.replace("scope=active", "paused=false")


def test_text_output_names_the_cell_json_adds_it_and_sarif_keeps_the_file_position(tmp_path):
    text = notebook_text(["x = 1\n"], ["import requests\n", 'r = requests.get(f"{b}/api/v4/runners?scope=active")'])
    path = tmp_path / "nb.ipynb"
    path.write_text(text)
    concise = CliRunner().invoke(main, ["check", "--no-cache", str(path)]).stdout
    assert f"{path}:cell 2:2:18: MIG062" in concise
    (finding,) = json.loads(CliRunner().invoke(main, ["check", "--no-cache", "--output-format", "json",
                                                      str(path)]).stdout)
    row = text[:text.index("scope=active")].count("\n") + 1
    assert finding["cell"] == {"number": 2, "row": 2, "column": 18} and finding["location"]["row"] == row
    sarif = json.loads(CliRunner().invoke(main, ["check", "--no-cache", "--output-format", "sarif", str(path)]).stdout)
    assert sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] == row
