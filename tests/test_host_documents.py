"""Markdown and reStructuredText hosts (kinds/markdown.py, kinds/rst.py): which blocks are regions,
of which kind, and where each character of a region stands in the document."""

from __future__ import annotations

from migrator.kinds import markdown, rst
from migrator.regions import dispatch


def where(text: str, region) -> list[str]:
    """Each line of the region, read at the offsets its map gives in the document."""
    out, at = [], 0
    for line in region.text.split("\n")[:-1]:
        start = region.where(at)
        out.append(text[start:start + len(line)])
        at += len(line) + 1
    return out


def test_a_fence_indented_in_a_list_item_is_read_less_its_indentation():
    text = "1. Step:\n\n   ```bash\n   curl -s \"$URL/runners\" \\\n     | jq .\n   ```\n"
    (region,) = markdown.regions(text)
    assert region.kind == "shell"
    assert region.text == 'curl -s "$URL/runners" \\\n  | jq .\n'
    assert where(text, region) == region.text.split("\n")[:-1]


def test_fences_in_block_quotes_with_tildes_and_crlf_line_breaks():
    text = "> ```python\r\n> import requests\r\n> ```\r\n\r\n~~~ sh {.copy}\r\necho hi\r\n~~~\r\n"
    quoted, tilde = markdown.regions(text)
    assert (quoted.kind, quoted.text, tilde.kind, tilde.text) == ("python", "import requests\n", "shell", "echo hi\n")
    assert where(text, quoted) == ["import requests"]


def test_a_yaml_fence_is_ci_only_when_shaped_like_a_pipeline():
    text = "```yaml\nbuild:\n  script: [make]\n```\n\n```yaml\nkey: value\n```\n"
    assert [r.kind for r in markdown.regions(text)] == ["ci"]


def test_languages_migrator_does_not_read_and_prose_are_no_regions():
    text = "Call `GET /api/v4/runners` first.\n\n```text\ncurl /api/v4/runners\n```\n\n    indented code\n"
    assert markdown.regions(text) == []


def test_a_console_session_reads_its_commands_and_skips_its_output():
    text = "```console\n$ curl -s \"$URL/runners\" \\\n  -H x\n[{\"id\": 1}]\n$ echo done\ndone\n```\n"
    (region,) = markdown.regions(text)
    assert region.text == 'curl -s "$URL/runners" \\\n  -H x\n\necho done\n\n'
    assert [text[p.span[0]:p.span[1]] for p in region.pieces] == [
        '$ curl -s "$URL/runners" \\\n', "  -H x\n", "$ echo done\n"]


def test_an_unclosed_fence_runs_to_the_end_of_the_document():
    (region,) = markdown.regions("```sh\ncurl /api/v4/runners")
    assert region.text == "curl /api/v4/runners"


def test_a_markdown_ignore_comment_covers_the_whole_block_after_it():
    text = "<!-- migrator: ignore[MIG030] -->\n```sh\na\nb\n```\nafter\n"
    assert markdown.reach(text, 1) == 5
    assert markdown.reach(text, 6) == 6


def test_an_rst_code_block_is_read_past_its_options_and_less_its_indentation():
    text = "Title\n=====\n\n.. code-block:: python\n   :linenos:\n\n   import requests\n\n   r = 1\n\nAfter.\n"
    (region,) = rst.regions(text)
    assert (region.kind, region.text) == ("python", "import requests\n\nr = 1\n")
    assert where(text, region) == ["import requests", "", "r = 1"]


def test_an_rst_ignore_comment_covers_the_block_of_the_directive_after_it():
    text = ".. migrator: ignore[MIG030]\n\n.. code-block:: sh\n\n   a\n   b\n\nAfter.\n"
    assert rst.reach(text, 1) == 6


def test_a_block_that_does_not_parse_is_read_for_its_endpoint_urls(table):
    text = "```python\nr = get(f\"{b}/api/v4/projects/{p}/merge_requests/{m}/changes\")\nif r:\n```\n"
    (region,) = markdown.regions(text)
    assert dispatch.read(region, table.model)[0] == "other"
    (touch,) = [t for t in dispatch.scan(region, table.model) if t.role == "endpoint"]
    assert text[touch.range[0]:touch.range[1]].startswith("{b}/api/v4/projects")


def test_an_http_block_is_read_as_a_request_file():
    text = "```http\nGET https://gitlab.example.com/api/v4/runners?scope=active\n```\n"
    (region,) = markdown.regions(text)
    assert (region.kind, region.text) == ("http", "GET https://gitlab.example.com/api/v4/runners?scope=active\n")


def test_an_rst_literal_block_is_python_unless_a_highlight_directive_names_another_language():
    text = ("List them::\n\n    runners = gl.runners.list(scope='active')\n\n.. highlight:: console\n\n"
            "Then::\n\n    $ curl /api/v4/runners\n")
    python, console = rst.regions(text)
    assert (python.kind, python.text) == ("python", "runners = gl.runners.list(scope='active')\n")
    assert (console.kind, console.text) == ("shell", "curl /api/v4/runners\n")
