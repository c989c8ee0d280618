"""``migrator server`` end to end: which settings a document is checked with (its configuration
file, changes to it, two workspace folders, the client's settings), positions in the client's
units, unsaved buffers, and versions that a newer change supersedes."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest
from lsprotocol import types

from tests.lsp import NEOVIM, RUNNER_ACTIVE, change, open_document, published, pulled, session

pytestmark = pytest.mark.asyncio

EMOJI_LINE = 'runner = gl.runners.get(1)\nprint("😀", runner.active)\n'
PIPELINE = "stages: [test]\nlint:\n  script:\n    - curl \"$CI_API_V4_URL/runners/1\" | jq '.active'\n"


def codes(diagnostics) -> set[str]:
    return {d.code for d in diagnostics}


async def test_a_change_to_the_configuration_file_is_picked_up_without_a_restart(tmp_path):
    async with session(tmp_path) as lsp:
        uri = open_document(lsp, tmp_path / "runners.py", RUNNER_ACTIVE)
        assert codes(await published(lsp, uri, version=1)) == {"MIG060"}
        assert any(r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES for r in lsp.registrations)
        lsp.published.clear()
        (tmp_path / "migrator.toml").write_text('ignore = ["MIG060"]\n')
        lsp.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[types.FileEvent(
            uri=(tmp_path / "migrator.toml").as_uri(), type=types.FileChangeType.Created)]))
        assert await published(lsp, uri, version=1) == []


async def test_a_configuration_change_is_seen_at_the_next_check_even_unannounced(tmp_path):
    async with session(tmp_path, client=NEOVIM) as lsp:
        uri = open_document(lsp, tmp_path / "runners.py", RUNNER_ACTIVE)
        assert codes(await pulled(lsp, uri)) == {"MIG060"}
        (tmp_path / "pyproject.toml").write_text('[tool.migrator]\nignore = ["MIG06"]\n')
        change(lsp, uri, RUNNER_ACTIVE + "\n", 2)
        assert await pulled(lsp, uri) == []


async def test_two_workspace_folders_each_with_its_own_configuration(tmp_path):
    quiet, loud = tmp_path / "quiet", tmp_path / "loud"
    for folder in (quiet, loud):
        folder.mkdir()
    (quiet / "migrator.toml").write_text('ignore = ["MIG060"]\n')
    (loud / "migrator.toml").write_text('select = ["MIG06"]\n')
    async with session(quiet, loud) as lsp:
        in_quiet = open_document(lsp, quiet / "a.py", RUNNER_ACTIVE)
        in_loud = open_document(lsp, loud / "a.py", RUNNER_ACTIVE)
        assert await published(lsp, in_quiet) == []
        assert codes(await published(lsp, in_loud)) == {"MIG060"}


async def test_client_settings_override_the_selection(tmp_path):
    async with session(tmp_path, options={"ignore": ["MIG060"]}) as lsp:
        uri = open_document(lsp, tmp_path / "runners.py", RUNNER_ACTIVE)
        assert await published(lsp, uri) == []
        lsp.published.clear()
        lsp.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"migrator": {}}))
        assert codes(await published(lsp, uri)) == {"MIG060"}


async def test_columns_count_utf16_units_after_a_character_outside_the_bmp(tmp_path):
    async with session(tmp_path) as lsp:  # VS Code offers no other encoding: UTF-16
        assert lsp.capabilities is not None
        uri = open_document(lsp, tmp_path / "emoji.py", EMOJI_LINE)
        [found] = await published(lsp, uri)
    (tmp_path / "emoji.py").write_text(EMOJI_LINE)
    assert ":2:12: MIG060" in subprocess.run([sys.executable, "-m", "migrator", "check", "--no-cache", "emoji.py"],
                                             cwd=tmp_path, capture_output=True, text=True).stdout
    # print("😀", runner.active): `runner.active` is characters 11 to 24 (the command line's columns
    # 12 to 25), UTF-16 units 12 to 25: 😀 takes two
    assert (found.range.start.character, found.range.end.character) == (12, 25)


async def test_utf8_is_chosen_where_the_client_offers_it(tmp_path):
    async with session(tmp_path, client=NEOVIM) as lsp:
        uri = open_document(lsp, tmp_path / "emoji.py", EMOJI_LINE)
        [found] = await pulled(lsp, uri)
    assert (found.range.start.character, found.range.end.character) == (14, 27)  # 😀 is four bytes


async def test_an_unsaved_buffer_shaped_like_a_pipeline_is_ci_yaml(tmp_path):
    async with session(tmp_path) as lsp:
        untitled = open_document(lsp, "untitled:Untitled-1", PIPELINE, language="yaml")
        assert codes(await published(lsp, untitled)) == {"MIG060"}
        (tmp_path / "jobs.yml").write_text("name: on disk, not a pipeline\n")
        unsaved = open_document(lsp, tmp_path / "jobs.yml", PIPELINE, language="yaml")
        assert codes(await published(lsp, unsaved)) == {"MIG060"}


async def test_a_superseded_version_is_never_published(tmp_path):
    slow = "".join(f"r{i} = gl.runners.get({i})\nprint(r{i}.active)\n" for i in range(20000))  # a check of seconds
    async with session(tmp_path) as lsp:
        uri = open_document(lsp, tmp_path / "big.py", "print(1)\n")
        await published(lsp, uri, version=1)
        change(lsp, uri, slow, 2)
        await asyncio.sleep(0.5)  # past the quiet time: version 2 is being checked (for seconds)
        change(lsp, uri, RUNNER_ACTIVE, 3)
        assert codes(await published(lsp, uri, version=3)) == {"MIG060"}
        await asyncio.sleep(0.5)
    assert [p.version for p in lsp.published if p.uri == uri] == [1, 3]  # never 2
    assert any(f"{uri} version 2 was overtaken" in m.message for m in lsp.log_messages)


async def test_a_configuration_that_does_not_parse_is_told_once_and_the_server_goes_on(tmp_path):
    (tmp_path / "migrator.toml").write_text("select = [\n")
    async with session(tmp_path) as lsp:
        uri = open_document(lsp, tmp_path / "runners.py", RUNNER_ACTIVE)
        assert await published(lsp, uri, version=1) == []
        change(lsp, uri, RUNNER_ACTIVE + "\n", 2)
        assert await published(lsp, uri, version=2) == []
        (tmp_path / "migrator.toml").write_text('select = ["MIG06"]\n')
        change(lsp, uri, RUNNER_ACTIVE, 3)
        assert codes(await published(lsp, uri, version=3)) == {"MIG060"}
    told = [m.message for m in lsp.messages if "not valid TOML" in m.message]
    assert len(told) == 1 and "migrator.toml" in told[0]
