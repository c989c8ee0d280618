"""The version of an SDK a project pins, read from the closest manifest above a file (migrator/pins):
one test per manifest format, each with the manifest as a project writes it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from migrator.pins import Package, Pin, pin_for
from migrator.pins.versions import lowest, version

from .manifests import repo, write  # noqa: F401 - the fixture

GO = Package("go", ("gitlab.com/gitlab-org/api/client-go", "github.com/xanzy/go-gitlab"))
NPM = Package("npm", ("@gitbeaker/rest", "@gitbeaker/core", "@gitbeaker/node"))
GEM = Package("rubygems", ("gitlab",))
MAVEN = Package("maven", ("org.gitlab4j:gitlab4j-api",))
COMPOSER = Package("composer", ("m4tthumphrey/php-gitlab-api",))
NUGET = Package("nuget", ("NGitLab",))


def pin(root: Path, source: str, package: Package) -> Pin | None:
    (root / source).parent.mkdir(parents=True, exist_ok=True)
    (root / source).touch()
    return pin_for(str(root / source), package)


# ---------------------------------------------------------------- Go
def test_go_mod_require_block_pins_the_module_it_names(repo):
    write(repo, {"go.mod": """\
        module example.com/bot

        require (
        \tgithub.com/xanzy/go-gitlab v0.50.0 // indirect
        \tgolang.org/x/oauth2 v0.1.0
        )
        """})
    assert pin(repo, "cmd/main.go", GO) == Pin("go.mod", "github.com/xanzy/go-gitlab", "v0.50.0", "v0.50.0")


def test_go_mod_one_line_require_of_the_new_module_path(repo):
    write(repo, {"go.mod": "module m\n\nrequire gitlab.com/gitlab-org/api/client-go v0.130.0\n"})
    assert pin(repo, "main.go", GO).version == "v0.130.0"


def test_go_mod_replace_pins_the_replacements_version(repo):
    write(repo, {"go.mod": """\
        module m
        require github.com/xanzy/go-gitlab v0.50.0
        replace github.com/xanzy/go-gitlab => github.com/acme/go-gitlab v0.70.0
        """})
    assert pin(repo, "main.go", GO) == Pin("go.mod", "github.com/acme/go-gitlab", "v0.70.0", "v0.70.0")


def test_go_mod_replaced_by_a_local_directory_pins_nothing(repo):
    write(repo, {"go.mod": "module m\nrequire github.com/xanzy/go-gitlab v0.50.0\n"
                           "replace github.com/xanzy/go-gitlab => ../go-gitlab\n"})
    assert pin(repo, "main.go", GO) is None


def test_the_closest_go_mod_decides_even_when_it_requires_no_sdk(repo):
    write(repo, {"go.mod": "module root\nrequire github.com/xanzy/go-gitlab v0.50.0\n",
                 "tools/go.mod": "module tools\nrequire golang.org/x/tools v0.1.0\n"})
    assert pin(repo, "tools/gen.go", GO) is None
    assert pin(repo, "svc/main.go", GO).version == "v0.50.0"


# ---------------------------------------------------------------- npm
def test_package_json_range_pins_the_lowest_version_it_admits(repo):
    write(repo, {"package.json": '{"dependencies": {"@gitbeaker/rest": "^39.0.0", "axios": "^1"}}'})
    assert pin(repo, "src/a.ts", NPM) == Pin("package.json", "@gitbeaker/rest", "^39.0.0", "39.0.0")


def test_package_lock_pins_exactly(repo):
    write(repo, {"package.json": '{"devDependencies": {"@gitbeaker/node": "^35.1.0"}}',
                 "package-lock.json": '{"lockfileVersion": 3, "packages": {"": {},'
                                      ' "node_modules/@gitbeaker/node": {"version": "35.8.1"}}}'})
    assert pin(repo, "a.ts", NPM) == Pin("package-lock.json", "@gitbeaker/node", "35.8.1", "35.8.1")


def test_yarn_lock_pins_the_entry_of_the_range_package_json_asks_for(repo):
    write(repo, {"package.json": '{"dependencies": {"@gitbeaker/rest": "^39.1.0"}}',
                 "yarn.lock": """\
                    "@gitbeaker/rest@^39.0.0":
                      version "39.0.2"

                    "@gitbeaker/rest@^39.1.0", "@gitbeaker/rest@^39.2.0":
                      version "39.34.3"
                    """})
    assert pin(repo, "a.ts", NPM).version == "39.34.3"


def test_pnpm_lock_of_a_workspace_pins_the_importers_version(repo):
    write(repo, {"packages/app/package.json": '{"dependencies": {"@gitbeaker/rest": "^39.0.0"}}',
                 "pnpm-lock.yaml": """\
                    lockfileVersion: '9.0'
                    importers:
                      packages/app:
                        dependencies:
                          '@gitbeaker/rest':
                            specifier: ^39.0.0
                            version: 39.20.0(debug@4.3.4)
                    """})
    assert pin(repo, "packages/app/src/a.ts", NPM) == Pin("pnpm-lock.yaml", "@gitbeaker/rest", "39.20.0", "39.20.0")


def test_a_package_json_without_the_sdk_lets_the_search_go_up(repo):
    write(repo, {"package.json": '{"dependencies": {"@gitbeaker/rest": "39.2.0"}}',
                 "web/package.json": '{"dependencies": {"react": "^18"}}'})
    assert pin(repo, "web/a.ts", NPM).manifest == "package.json"


def test_a_tag_or_a_url_pins_nothing(repo):
    write(repo, {"package.json": '{"dependencies": {"@gitbeaker/rest": "latest"}}'})
    assert pin(repo, "a.ts", NPM) is None


# ---------------------------------------------------------------- Ruby
def test_gemfile_lock_pins_exactly(repo):
    write(repo, {"Gemfile": "gem 'gitlab', '~> 4.17'\n", "Gemfile.lock": """\
        GEM
          remote: https://rubygems.org/
          specs:
            gitlab (4.19.0)
              httparty (~> 0.20)

        DEPENDENCIES
          gitlab (~> 4.17)
        """})
    assert pin(repo, "bot.rb", GEM) == Pin("Gemfile.lock", "gitlab", "4.19.0", "4.19.0")


def test_gemfile_requirement_pins_its_lowest_version(repo):
    write(repo, {"Gemfile": "source 'https://rubygems.org'\ngem \"gitlab\", \">= 4.18\", \"< 5\"\n"})
    assert pin(repo, "bot.rb", GEM) == Pin("Gemfile", "gitlab", ">= 4.18, < 5", "4.18")


# ---------------------------------------------------------------- Maven and Gradle
POM = """\
    <project xmlns="http://maven.apache.org/POM/4.0.0">
      <properties><gitlab4j.version>5.0.1</gitlab4j.version></properties>
      <dependencies>
        <dependency>
          <groupId>org.gitlab4j</groupId>
          <artifactId>gitlab4j-api</artifactId>
          <version>${gitlab4j.version}</version>
        </dependency>
      </dependencies>
    </project>
    """


def test_pom_xml_version_from_a_property(repo):
    write(repo, {"pom.xml": POM})
    assert pin(repo, "src/main/java/App.java", MAVEN) == Pin("pom.xml", "org.gitlab4j:gitlab4j-api", "5.0.1", "5.0.1")


def test_pom_xml_property_set_in_the_parent_pom_above(repo):
    write(repo, {"pom.xml": POM.replace("<dependencies>", "<dependencies><!-- none -->").replace(
                     "<dependency>", "<x>").replace("</dependency>", "</x>"),
                 "app/pom.xml": POM.replace("<properties><gitlab4j.version>5.0.1</gitlab4j.version></properties>", "")})
    assert pin(repo, "app/src/App.java", MAVEN).spec == "5.0.1"


def test_build_gradle_coordinates_string(repo):
    write(repo, {"build.gradle": "dependencies {\n  implementation 'org.gitlab4j:gitlab4j-api:4.19.0'\n}\n"})
    assert pin(repo, "src/App.java", MAVEN) == Pin("build.gradle", "org.gitlab4j:gitlab4j-api", "4.19.0", "4.19.0")


def test_build_gradle_kts_version_from_gradle_properties(repo):
    write(repo, {"app/build.gradle.kts": 'dependencies {\n  implementation("org.gitlab4j:gitlab4j-api:$gitlab4jVersion")\n}\n',
                 "gradle.properties": "gitlab4jVersion=5.8.0\n"})
    assert pin(repo, "app/src/App.java", MAVEN).version == "5.8.0"


def test_gradle_version_catalog(repo):
    write(repo, {"build.gradle.kts": "dependencies { implementation(libs.gitlab4j) }\n",
                 "gradle/libs.versions.toml": '[versions]\ngitlab4j = "6.0.0"\n\n[libraries]\n'
                                              'gitlab4j = { module = "org.gitlab4j:gitlab4j-api", version.ref = "gitlab4j" }\n'})
    assert pin(repo, "src/App.java", MAVEN).version == "6.0.0"


# ---------------------------------------------------------------- Composer and NuGet
def test_composer_lock_pins_exactly_and_composer_json_its_lowest(repo):
    write(repo, {"composer.json": '{"require": {"m4tthumphrey/php-gitlab-api": "^11.0"}}'})
    assert pin(repo, "src/a.php", COMPOSER) == Pin("composer.json", "m4tthumphrey/php-gitlab-api", "^11.0", "11.0")
    write(repo, {"composer.lock": '{"packages": [{"name": "m4tthumphrey/php-gitlab-api", "version": "11.9.0"}]}'})
    assert pin(repo, "src/a.php", COMPOSER).version == "11.9.0"


def test_csproj_package_reference(repo):
    write(repo, {"Bot/Bot.csproj": '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup>'
                                   '<PackageReference Include="NGitLab" Version="6.36.0" /></ItemGroup></Project>'})
    assert pin(repo, "Bot/Program.cs", NUGET) == Pin(os.path.join("Bot", "Bot.csproj"), "NGitLab", "6.36.0", "6.36.0")


def test_central_package_management_sets_the_version_above(repo):
    write(repo, {"Directory.Packages.props": '<Project><ItemGroup><PackageVersion Include="NGitLab" Version="[6.1,7.0)" />'
                                            '</ItemGroup></Project>',
                 "Bot/Bot.csproj": '<Project><ItemGroup><PackageReference Include="ngitlab" /></ItemGroup></Project>'})
    assert pin(repo, "Bot/Program.cs", NUGET).version == "6.1"


# ---------------------------------------------------------------- what is not read
def test_a_manifest_that_cannot_be_read_is_a_warning_and_pins_nothing(repo, capsys):
    write(repo, {"package.json": '{"dependencies": {"@gitbeaker/rest": "^39.0.0",}'})
    assert pin(repo, "a.ts", NPM) is None
    assert "warning: package.json: cannot read it for the @gitbeaker/rest version it pins" in capsys.readouterr().err


def test_an_xml_manifest_with_a_document_type_is_not_read(repo, capsys):
    write(repo, {"pom.xml": '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><project>&lol;</project>'})
    assert pin(repo, "App.java", MAVEN) is None
    assert "DOCTYPE" in capsys.readouterr().err


def test_the_search_stops_at_the_repository_root(repo):
    write(repo, {"package.json": '{"dependencies": {"@gitbeaker/rest": "^39.0.0"}}'})
    (repo / "vendor" / "lib" / ".git").mkdir(parents=True)
    assert pin(repo, "vendor/lib/a.ts", NPM) is None


# ---------------------------------------------------------------- versions
@pytest.mark.parametrize("low, high", [
    ("v0.62.0", "v0.124.0"), ("0.9", "0.10"), ("5.1.0-rc.1", "5.1.0"), ("5.0.1-SNAPSHOT", "5.0.1"),
    ("4.20.0.pre", "4.20.0"), ("v0.115.1-0.20241210123456-68add03abcde", "v0.115.1"), ("v0.115.0", "v0.115.1-0.20241210123456-68add03abcde"),
])
def test_versions_order_as_their_package_managers_do(low, high):
    assert version(low) < version(high) and version("5.1") == version("5.1.0")


def test_a_go_pseudo_version_of_no_release_is_no_version():
    assert version("v0.0.0-20230101120000-abcdefabcdef") is None


@pytest.mark.parametrize("spec, low", [
    ("^39.1.0", "39.1.0"), ("~> 4.17", "4.17"), (">=11.0 <12.0", "11.0"), ("[5.0,6.0)", "5.0"), ("5.+", "5"),
    ("11.*", "11"), ("^35.8.0 || ^39.0.0", "35.8.0"), ("1.2.x", "1.2"), ("1.0.0 - 2.0.0", "1.0.0"),
    (">= 4.0, < 5", "4.0"), ("v0.50.0", "0.50.0"),
])
def test_the_lowest_version_a_range_admits(spec, low):
    assert lowest(spec) == low


@pytest.mark.parametrize("spec", ["*", "latest", "x", "(,6.0]", "<2.0", "dev-main"])
def test_a_range_that_admits_any_release_has_no_lowest(spec):
    assert lowest(spec) is None
