"""A fix that writes a name the pinned SDK release lacks is held back (migrator/pins/hold.py): shown,
not applied, its message saying which manifest pins which release and when the name came, as
``--target-version`` holds a fix back. Unpinned, or pinned to a release that has the name: fixed."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from migrator.app.check import check_paths
from migrator.app.settings import Settings
from migrator.cli import main
from migrator.config import Configs
from migrator.loader import DataError
from migrator.pins.hold import releases_of
from tests.test_result_cache import hide_findings, settled

from .fixing import fixed_twice
from .manifests import repo, write  # noqa: F401 - the fixture

GO = textwrap.dedent("""\
    package main

    import (
    \t"fmt"

    \tgitlab "github.com/xanzy/go-gitlab"
    )

    func show(runners []*gitlab.Runner) {
    \tfor _, runner := range runners {
    \t\tif !runner.Active {
    \t\t\tfmt.Println(runner.ID)
    \t\t}
    \t}
    }
    """)
GO_FIXED = GO.replace("!runner.Active", "runner.Paused")
GO_MOD = "module example.com/bot\n\ngo 1.21\n\nrequire github.com/xanzy/go-gitlab {version}\n"
HELD = ("fix held back: go.mod pins github.com/xanzy/go-gitlab v0.50.0, which lacks Runner.Paused "
        "(added in v0.62.0); upgrade the SDK first")


def fixes(*paths: str) -> dict[tuple[str, str], dict]:
    """(file, code) → the fix of each finding ``check --output-format json`` reports."""
    result = CliRunner().invoke(main, ["check", "--no-cache", "--output-format", "json", *paths])
    return {(f["filename"], f["code"]): f["fix"] for f in json.loads(result.stdout)}


# ---------------------------------------------------------------- Go: go.mod
def test_the_sdks_own_source_holds_back_a_fix_writing_one_of_its_names(repo):
    """xanzy/go-gitlab's own tests build ``RunnerDetails{Active: true}`` in package gitlab: its go.mod
    is the SDK's (``module github.com/xanzy/go-gitlab``), whose declarations, not a fix, rename its
    fields, however the value is read."""
    own = GO.replace("package main", "package gitlab").replace("gitlab.Runner", "Runner")
    write(repo, {"go.mod": "module github.com/xanzy/go-gitlab\n\ngo 1.19\n", "runners_test.go": own})
    assert fixes("runners_test.go")[("runners_test.go", "MIG060")]["applicability"] == "display-only"
    assert "go.mod is github.com/xanzy/go-gitlab itself" in fixes("runners_test.go")[("runners_test.go", "MIG060")]["message"]
    assert fixed_twice(repo / "runners_test.go", own, "--unsafe-fixes") == (own, own)


def test_a_go_mod_pinning_a_release_without_the_field_holds_the_fix_back(repo):
    write(repo, {"go.mod": GO_MOD.format(version="v0.50.0"), "main.go": GO})
    assert fixes("main.go")[("main.go", "MIG060")] == {
        "applicability": "display-only", "message": f"Use `paused` negated in place of `active` ({HELD})", "edits": []}
    assert fixed_twice(repo / "main.go", GO, "--unsafe-fixes") == (GO, GO)


def test_a_go_mod_pinning_a_release_with_the_field_is_fixed(repo):
    write(repo, {"go.mod": GO_MOD.format(version="v0.62.0")})
    assert fixed_twice(repo / "main.go", GO) == (GO_FIXED, GO_FIXED)


def test_no_go_mod_is_no_pin_and_the_fix_is_applied(repo):
    assert fixed_twice(repo / "main.go", GO) == (GO_FIXED, GO_FIXED)


def test_merge_user_came_after_the_module_moved_and_the_message_says_where(repo):
    code = GO.replace("func show(runners []*gitlab.Runner) {", "func who(mr *gitlab.MergeRequest) string {\n"
                      "\treturn mr.MergedBy.Username\n}\n\nfunc show(runners []*gitlab.Runner) {")
    write(repo, {"go.mod": GO_MOD.format(version="v0.115.0"), "main.go": code})
    assert fixes("main.go")[("main.go", "MIG010")]["message"].endswith(
        "(fix held back: go.mod pins github.com/xanzy/go-gitlab v0.115.0, which lacks MergeRequest.MergeUser "
        "(added in v0.124.0 of gitlab.com/gitlab-org/api/client-go); upgrade the SDK first)")
    first, _ = fixed_twice(repo / "main.go", code, "--unsafe-fixes")
    assert "mr.MergedBy.Username" in first and "runner.Paused" in first


def test_the_closest_go_mod_wins_in_a_monorepo(repo):
    write(repo, {"go.mod": GO_MOD.format(version="v0.100.0"), "old/go.mod": GO_MOD.format(version="v0.50.0"),
                 "old/main.go": GO, "new/main.go": GO})
    found = fixes("old", "new")
    assert found[("old/main.go", "MIG060")]["applicability"] == "display-only"
    assert "old/go.mod pins github.com/xanzy/go-gitlab v0.50.0" in found[("old/main.go", "MIG060")]["message"]
    assert found[("new/main.go", "MIG060")]["applicability"] == "safe"


def test_a_go_mod_that_cannot_be_read_is_a_warning_and_the_fix_is_applied(repo):
    (repo / "go.mod").write_bytes(b"module m\nrequire github.com/xanzy/go-gitlab v0.50.0 \xff\n")
    (repo / "main.go").write_text(GO)
    result = CliRunner().invoke(main, ["fix", "--no-cache", "main.go"])
    assert "warning: go.mod: cannot read it for the gitlab.com/gitlab-org/api/client-go version it pins (not UTF-8 text)" \
        in result.stderr
    assert (repo / "main.go").read_text() == GO_FIXED


# ---------------------------------------------------------------- TypeScript: package.json and its lock
TS = "const mr = await api.MergeRequests.show(projectId, iid);\nconsole.log(mr.merged_by.username);\n"


def test_a_name_no_gitbeaker_release_declares_is_held_back_in_typescript(repo):
    write(repo, {"package.json": '{"dependencies": {"@gitbeaker/rest": "^39.0.0"}}', "a.ts": TS})
    assert fixes("a.ts")[("a.ts", "MIG010")]["message"].endswith(
        "(fix held back: package.json pins @gitbeaker/rest ^39.0.0, and no release of it has "
        "MergeRequestSchema.merge_user; change it by hand)")
    assert fixed_twice(repo / "a.ts", TS, "--unsafe-fixes") == (TS, TS)


def test_javascript_reads_any_member_so_its_fix_is_not_held_back(repo):
    write(repo, {"package.json": '{"dependencies": {"@gitbeaker/rest": "^39.0.0"}}'})
    after = TS.replace("merged_by", "merge_user")
    assert fixed_twice(repo / "a.js", TS, "--unsafe-fixes") == (after, after)


def test_the_lock_file_pins_exactly_where_package_json_gives_a_range(repo):
    code = "const runner = await api.Runners.show(7);\nif (runner.active) console.log(runner.description);\n"
    write(repo, {"package.json": '{"dependencies": {"@gitbeaker/node": "^35.0.0"}}', "a.ts": code,
                 "package-lock.json": '{"packages": {"node_modules/@gitbeaker/node": {"version": "35.8.1"}}}'})
    assert "package-lock.json pins @gitbeaker/node 35.8.1, which lacks RunnerSchema.paused (added in 37.0.0)" \
        in fixes("a.ts")[("a.ts", "MIG060")]["message"]


# ---------------------------------------------------------------- Java: pom.xml and Gradle
JAVA = ("class Who {\n    static String who(GitLabApi gitLabApi, Object projectId, long iid) throws Exception {\n"
        "        MergeRequest mr = gitLabApi.getMergeRequestApi().getMergeRequest(projectId, iid);\n"
        "        return mr.getMergedBy().getUsername();\n    }\n}\n")
POM = ("<project><properties><gitlab4j.version>{version}</gitlab4j.version></properties><dependencies><dependency>"
       "<groupId>org.gitlab4j</groupId><artifactId>gitlab4j-api</artifactId><version>${{gitlab4j.version}}</version>"
       "</dependency></dependencies></project>")


def test_a_pom_pinning_gitlab4j_before_get_merge_user_holds_the_fix_back(repo):
    write(repo, {"pom.xml": POM.format(version="5.0.1"), "src/Who.java": JAVA})
    assert ("pom.xml pins org.gitlab4j:gitlab4j-api 5.0.1, which lacks MergeRequest.getMergeUser() (added in 5.1.0)"
            in fixes("src/Who.java")[("src/Who.java", "MIG010")]["message"])


def test_a_gradle_build_pinning_a_later_gitlab4j_is_fixed(repo):
    write(repo, {"build.gradle": "dependencies { implementation 'org.gitlab4j:gitlab4j-api:5.8.0' }\n"})
    after = JAVA.replace("getMergedBy", "getMergeUser")
    assert fixed_twice(repo / "Who.java", JAVA, "--unsafe-fixes")[0] == after


# ---------------------------------------------------------------- C#: a .csproj's PackageReference
CSHARP = "using NGitLab;\nusing NGitLab.Models;\nbool Idle(Runner runner) => !runner.Active;\n"
CSPROJ = ('<Project Sdk="Microsoft.NET.Sdk">\n  <ItemGroup>\n'
          '    <PackageReference Include="NGitLab" Version="{version}" />\n  </ItemGroup>\n</Project>\n')


def test_a_csproj_pinning_ngitlab_before_runner_paused_holds_the_fix_back(repo):
    write(repo, {"Bot.csproj": CSPROJ.format(version="6.40.0")})
    assert fixed_twice(repo / "Idle.cs", CSHARP, "--unsafe-fixes") == (CSHARP, CSHARP)
    assert ("Bot.csproj pins NGitLab 6.40.0, which lacks Runner.Paused (added in 6.51.0)"
            in fixes("Idle.cs")[("Idle.cs", "MIG060")]["message"])


def test_a_csproj_pinning_a_later_ngitlab_is_fixed(repo):
    write(repo, {"Bot.csproj": CSPROJ.format(version="11.9.0")})
    after = CSHARP.replace("!runner.Active", "runner.Paused")
    assert fixed_twice(repo / "Idle.cs", CSHARP, "--unsafe-fixes")[0] == after


# ---------------------------------------------------------------- Ruby: the gem reads any field
def test_the_gitlab_gem_reads_any_field_so_an_old_pin_holds_nothing_back(repo):
    code = "mr = Gitlab.merge_request(project, iid)\nputs mr.merged_by.username\n"
    write(repo, {"Gemfile.lock": "GEM\n  specs:\n    gitlab (4.0.0)\n"})
    after = code.replace("merged_by", "merge_user")
    assert fixed_twice(repo / "bot.rb", code, "--unsafe-fixes")[0] == after


# ---------------------------------------------------------------- the result cache
def applicability(root: Path) -> list[tuple[str, str]]:
    findings = check_paths(["."], Settings(Configs({}, cwd=root), cache=True)).findings
    return [(f.code, f.fix.applicability) for f in findings if f.fix]


def test_a_changed_go_mod_checks_the_files_it_pins_again(repo):
    settled(repo / "go.mod", GO_MOD.format(version="v0.50.0"))
    settled(repo / "main.go", GO)
    assert applicability(repo) == [("MIG060", "display-only")]
    hide_findings(repo)
    assert applicability(repo) == []  # unchanged: taken from the cache
    settled(repo / "go.mod", GO_MOD.format(version="v0.70.0"))
    assert applicability(repo) == [("MIG060", "safe")]


def test_a_go_mod_added_closer_to_a_file_checks_it_again(repo):
    settled(repo / "go.mod", GO_MOD.format(version="v0.70.0"))
    (repo / "svc").mkdir()
    settled(repo / "svc" / "main.go", GO)
    assert applicability(repo) == [("MIG060", "safe")]
    settled(repo / "svc" / "go.mod", GO_MOD.format(version="v0.50.0"))
    assert applicability(repo) == [("MIG060", "display-only")]


# ---------------------------------------------------------------- the data, read strictly
@pytest.mark.parametrize("data, error", [
    ({"package": {"ecosystem": "gomod", "names": ["x"]}}, "go-gitlab.yaml: package.ecosystem: 'gomod' is none of go, npm"),
    ({"package": {"ecosystem": "go", "names": ["x"]}, "added": {"fields": {"runnr.paused": ["v0.62.0", "Runner.Paused"]}}},
     "go-gitlab.yaml: added.fields.runnr.paused: expected record.name, with a record of rules/model/api.yaml"),
    ({"package": {"ecosystem": "go", "names": ["x"]}, "added": {"fields": {"runner.paused": [0.62, "Runner.Paused"]}}},
     "go-gitlab.yaml: added.fields.runner.paused: expected [first release (null: none has it), as the SDK spells it]"),
    ({"package": {"ecosystem": "go", "names": ["x"]}, "added": {"feilds": {}}},
     "go-gitlab.yaml: added: expected a mapping of checked, fields, params, methods"),
])
def test_a_wrong_entry_of_an_sdks_release_data_names_the_file_and_the_key(table, data, error):
    with pytest.raises(DataError) as raised:
        releases_of(data, "rules/model/go-gitlab.yaml", table.model.records)
    assert error in str(raised.value)
