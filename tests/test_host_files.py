"""Hosts that are files of their own shape: a raw HTTP response kept as a fixture
(kinds/httpdump.py), a Makefile, a justfile and a Taskfile (kinds/makefile.py, justfile.py,
taskfile.py). Which spans are regions, of which kind, and where they stand."""

from __future__ import annotations

from pathlib import Path

from migrator import kinds
from migrator.kinds import httpdump


def test_an_http_response_fixture_is_told_by_its_status_line(tmp_path: Path):
    dump, plain = tmp_path / "mr.json", tmp_path / "plain.json"
    dump.write_bytes(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{}")
    plain.write_bytes(b'{"HTTP/1.1 200": 1}')
    assert (kinds.kind_of(dump).name, kinds.kind_of(plain).name) == ("httpdump", "json")


def test_the_body_after_the_last_header_block_is_recorded_json_at_its_real_offsets():
    text = "HTTP/1.1 301 Moved\r\nLocation: /x\r\n\r\nHTTP/2 200\r\nETag: 1\r\n\r\n{\"iid\": 7,\r\n \"state\": \"merged\"}\r\n"
    (body,) = httpdump.regions(text)
    start = text.index("{")
    assert (body.kind, body.span, body.text) == ("json", (start, len(text)), '{"iid": 7,\n "state": "merged"}\n')
    second = body.text.index('"state"')
    assert text[body.where(second):body.where(second) + 7] == '"state"'


def test_a_body_that_is_no_json_is_read_for_endpoint_urls_and_headers_alone_are_nothing():
    (body,) = httpdump.regions("HTTP/1.1 200 OK\nContent-Type: text/plain\n\nsee /api/v4/runners\n")
    assert body.kind == "other"
    assert httpdump.regions("HTTP/1.1 204 No Content\nX: y\n\n") == []


MAKEFILE = ("API ?= https://gl.example.com/api/v4\n\nrunners:\n"
            "\t@curl -s \"$(API)/runners\" \\\n  | jq '.[] | .id' > ids\n"
            "\tfor id in $$(cat ids); do echo \"$$id $@\"; done\n")


def test_a_recipe_is_read_as_make_hands_it_to_the_shell():
    from migrator.kinds import makefile

    variable, recipe = makefile.regions(MAKEFILE)
    assert (variable.scope.assign, variable.text) == ("API", "https://gl.example.com/api/v4")
    assert recipe.text == ('curl -s "${API}/runners" \\\n  | jq \'.[] | .id\' > ids\n'
                           'for id in $(cat ids); do echo "$id $_"; done\n')
    assert recipe.scope.env.values["API"] == "https://gl.example.com/api/v4"


def test_a_recipe_maps_past_tabs_marks_and_make_escapes():
    from migrator.kinds import makefile

    recipe = makefile.regions(MAKEFILE)[1]
    for word in ("curl", "| jq", "$(cat", "$id"):
        at = recipe.text.index(word)
        host = recipe.where(at)
        assert MAKEFILE[host:host + len(word) + 1].replace("$$", "$").startswith(word)


def test_a_fix_in_a_recipe_keeps_tabs_and_writes_dollars_as_make_reads_them(table):
    from migrator.app.passes import fix_text

    code = "x:\n\tcurl -s \"https://gl.example.com/api/v4/runners?scope=active\" | jq \"$$(echo .)\"\n"
    fixed = fix_text(code, "makefile", "Makefile", table.rules, table, unsafe=False)
    assert fixed.text == code.replace("scope=active", "paused=false")


def test_a_justfile_recipe_body_less_its_indentation_and_a_shebang_names_its_kind():
    from migrator.kinds import justfile

    text = "a:\n    @echo {{x}}\n\nb:\n  #!/usr/bin/env python3\n  print({{{{1}})\n"
    shell, python = justfile.regions(text)
    assert (shell.kind, shell.text) == ("shell", "echo $____\n")
    assert (python.kind, python.text) == ("python", "#!/usr/bin/env python3\nprint({{1}})\n")


def test_taskfile_commands_are_shell_with_template_actions_as_placeholders():
    from migrator.kinds import taskfile

    cmds, cmd = taskfile.regions("version: '3'\ntasks:\n  a:\n    cmds:\n      - echo {{.X}}\n      - cmd: ls\n")
    assert (cmds.text, cmd.text) == ("echo $_____\n", "ls\n")


def test_a_dockerfile_run_with_continuations_a_dropped_comment_and_a_heredoc():
    from migrator.kinds import dockerfile

    text = ("FROM alpine\nENV API=https://gl/api/v4\nRUN --mount=type=cache,target=/c curl \"$API/runners\" \\\n"
            "  # dropped\n  | jq .\nRUN <<EOF\necho one\necho two\nEOF\nRUN [\"sh\", \"-c\", \"true\"]\n")
    variable, run, heredoc = dockerfile.regions(text)
    assert (variable.scope.assign, variable.text) == ("API", "https://gl/api/v4")
    assert run.text == 'curl "$API/runners" \\\n  | jq .\n'
    assert run.scope.env.values["API"] == "https://gl/api/v4"
    assert heredoc.text == "echo one\necho two\n"
    assert text[heredoc.where(heredoc.text.index("echo two")):].startswith("echo two")


def test_a_jenkinsfile_sh_step_is_read_as_groovy_hands_it_over():
    from migrator.kinds import jenkinsfile

    text = "node {\n  sh \"echo \\$HOME ${env.X} \\\"q\\\"\"\n  sh(script: '''\n    ls \\\\\n  ''', returnStdout: true)\n}\n"
    gstring, block = jenkinsfile.regions(text)
    assert gstring.text == 'echo $HOME $_______ "q"'
    assert block.text == "\n    ls \\\n  "


def test_each_request_of_an_http_file_with_its_variables_headers_and_body(table):
    from migrator.scan.httpfile import scan

    text = ("@api = https://gl.example.com/api/v4\n###\nPUT {{api}}/runners/{{id}}\nPRIVATE-TOKEN: {{t}}\n\n"
            '{"active": false, "tag_list": {{tags}}}\n### next\n# a comment\nGET {{api}}/runners?scope=paused\n')
    found = [(t.role, t.name, t.request.location if t.role == "param" else None, text[slice(*t.range)])
             for t in scan(text, table.model)]
    assert found == [
        ("endpoint", "/runners/:id", None, "{{api}}/runners/{{id}}"),
        ("param", "PRIVATE-TOKEN", "header", "PRIVATE-TOKEN"),
        ("param", "active", "body", '"active"'), ("param", "tag_list", "body", '"tag_list"'),
        ("endpoint", "/runners", None, "{{api}}/runners?scope=paused"),
        ("param", "scope", "query", "{{api}}/runners?scope=paused")]


def test_ansible_is_told_by_its_plays_or_a_role_s_tasks_directory(tmp_path: Path):
    play, role, other = tmp_path / "site.yml", tmp_path / "roles" / "web" / "tasks" / "main.yml", tmp_path / "x.yml"
    role.parent.mkdir(parents=True)
    play.write_text("- hosts: all\n  tasks: []\n")
    role.write_text("- debug: {msg: hi}\n")
    other.write_text("- name: x\n")
    assert [kinds.kind_of(p).name for p in (play, role, other)] == ["ansible", "ansible", "other"]


def test_ansible_shell_and_command_tasks_are_shell_regions_with_jinja_placeholders():
    from migrator.kinds import ansible

    text = "- hosts: all\n  tasks:\n    - shell: echo {{ x }}\n    - command:\n        cmd: ls {% if y %}-l{% endif %}\n"
    shell, command = ansible.regions(text)
    assert (shell.text, command.text) == ("echo $______", "ls $_________-l$__________")


def test_a_postman_collection_s_requests_in_folders_and_its_example_responses(table):
    import json

    from migrator.kinds import collection

    text = json.dumps({"info": {"schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
                       "variable": [{"key": "api", "value": "https://gl.example.com/api/v4"}],
                       "item": [{"name": "folder", "item": [{"name": "pause", "request": {
                           "method": "PUT", "url": "{{api}}/runners/{{id}}",
                           "header": [{"key": "PRIVATE-TOKEN", "value": "{{t}}"}],
                           "body": {"mode": "urlencoded", "urlencoded": [{"key": "active", "value": "false"}]}},
                           "response": [{"body": "{\"id\": 6, \"active\": false, \"description\": \"d\"}"}]}]}]},
                      indent=1)
    found = {(t.role, t.name, t.request.location if t.request else None, t.origin.recorded)
             for t in collection.scan(text, table.model)}
    assert found >= {("endpoint", "/runners/:id", None, False), ("param", "PRIVATE-TOKEN", "header", False),
                     ("param", "active", "form", False), ("field", "active", None, True)}


def test_an_insomnia_json_export_s_requests_with_its_environment(table):
    import json

    from migrator.kinds import collection

    text = json.dumps({"_type": "export", "__export_format": 4, "resources": [
        {"_type": "environment", "data": {"base_url": "https://gl.example.com/api/v4"}},
        {"_type": "request", "method": "GET", "url": "{{ _.base_url }}/runners?scope=paused", "headers": []}]})
    touches = collection.scan(text, table.model)
    assert [(t.role, t.name) for t in touches] == [("endpoint", "/runners"), ("param", "scope")]
