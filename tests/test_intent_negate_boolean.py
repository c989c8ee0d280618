"""negate-boolean: a runner's ``active`` becomes the negation of ``paused`` (MIG060, MIG061), in
every form the fixer rewrites. Where ``paused`` is already set next to ``active``, nothing is
rewritten and nothing is marked fixable."""

from __future__ import annotations

from .intents import check_transformed, check_unchanged

API = 'import requests\nAPI = "https://gitlab.example.com/api/v4"\n'


# ---------------------------------------------------------------- Python
def test_python_read_is_negated():
    check_transformed(
        "python",
        "runner = gl.runners.get(1)\nif runner.active:\n    print(runner.id)\n",
        "runner = gl.runners.get(1)\nif not runner.paused:\n    print(runner.id)\n",
    )


def test_python_negated_read_folds_the_negation():
    check_transformed(
        "python",
        "runner = gl.runners.get(1)\nidle = not runner.active\n",
        "runner = gl.runners.get(1)\nidle = runner.paused\n",
    )


def test_python_assignment_of_a_literal_is_folded():
    check_transformed(
        "python",
        "runner = gl.runners.get(1)\nrunner.active = False\n",
        "runner = gl.runners.get(1)\nrunner.paused = True\n",
    )


def test_python_assignment_of_a_negation_drops_the_negation():
    check_transformed(
        "python",
        "runner = gl.runners.get(1)\nrunner.active = not enable\n",
        "runner = gl.runners.get(1)\nrunner.paused = enable\n",
    )


def test_python_keyword_argument_holding_a_negation_drops_it_and_keeps_its_operand_whole():
    check_transformed(
        "python",
        "gl.runners.update(1, active=not (a or b))\n",
        "gl.runners.update(1, paused=(a or b))\n",
    )


def test_python_assignment_of_an_expression_is_negated_in_parentheses():
    check_transformed(
        "python",
        "runner = gl.runners.get(1)\nrunner.active = a or b\n",
        "runner = gl.runners.get(1)\nrunner.paused = not (a or b)\n",
    )


def test_python_comparison_with_a_literal_flips_the_literal():
    check_transformed(
        "python",
        "runner = gl.runners.get(1)\nup = runner.active == True\n",
        "runner = gl.runners.get(1)\nup = runner.paused == False\n",
    )


def test_python_keyword_argument_and_its_value():
    check_transformed(
        "python",
        "gl.runners.update(1, active=False)\n",
        "gl.runners.update(1, paused=True)\n",
    )


def test_python_dict_sent_as_json():
    check_transformed(
        "python",
        API + 'requests.put(f"{API}/runners/1", json={"active": False, "tag_list": ["a"]})\n',
        API + 'requests.put(f"{API}/runners/1", json={"paused": True, "tag_list": ["a"]})\n',
    )


def test_python_query_field_of_a_url():
    check_transformed(
        "python",
        API + 'requests.put(f"{API}/runners/1?active=false")\n',
        API + 'requests.put(f"{API}/runners/1?paused=true")\n',
    )


def test_python_dict_holding_active_and_paused_is_left_alone():
    check_unchanged(
        "python",
        API + 'requests.put(f"{API}/runners/1", json={"active": True, "paused": False})\n',
        why="`paused` is set next to it already",
    )


def test_python_call_sending_active_and_paused_is_left_alone():
    check_unchanged("python", "gl.runners.update(1, active=True, paused=False)\n", why="`paused` is set next to it")


def test_python_query_holding_active_and_paused_is_left_alone():
    check_unchanged("python", API + 'requests.put(f"{API}/runners/1?active=true&paused=false")\n')


# ---------------------------------------------------------------- shell
def test_shell_field_sent_with_its_value():
    check_transformed(
        "shell",
        'glab api -X PUT "runners/$RUNNER_ID" -F active=false\n',
        'glab api -X PUT "runners/$RUNNER_ID" -F paused=true\n',
    )


def test_shell_json_body_member():
    check_transformed(
        "shell",
        """curl -X PUT "$CI_API_V4_URL/runners/7" --json '{"active": false}'\n""",
        """curl -X PUT "$CI_API_V4_URL/runners/7" --json '{"paused": true}'\n""",
    )


def test_shell_body_read_from_a_here_string():
    """The fields of a body curl reads from stdin are rewritten where they are written."""
    check_transformed(
        "shell",
        """curl -X PUT -d @- "$CI_API_V4_URL/runners/1" <<< 'active=true'\n""",
        """curl -X PUT -d @- "$CI_API_V4_URL/runners/1" <<< 'paused=false'\n""",
    )


def test_shell_jq_select_on_a_field():
    check_transformed(
        "shell",
        """curl -s "$CI_API_V4_URL/runners/all" | jq -r '.[] | select(.active) | .id'\n""",
        """curl -s "$CI_API_V4_URL/runners/all" | jq -r '.[] | select(.paused | not) | .id'\n""",
    )


def test_shell_jq_comparison_flips_the_literal():
    check_transformed(
        "shell",
        """curl -s "$CI_API_V4_URL/runners/all" | jq '.[] | select(.active == false)'\n""",
        """curl -s "$CI_API_V4_URL/runners/all" | jq '.[] | select(.paused == true)'\n""",
    )


def test_shell_command_sending_active_and_paused_is_left_alone():
    check_unchanged("shell", 'glab api -X PUT "runners/$RUNNER_ID" -F active=true -F paused=false\n',
                    why="`paused` is set next to it already")


def test_shell_url_holding_active_and_paused_is_left_alone():
    check_unchanged("shell", 'curl -X PUT "$CI_API_V4_URL/runners/7?active=true&paused=false"\n')


# ---------------------------------------------------------------- CI YAML
def test_ci_job_script():
    check_transformed(
        "ci",
        """\
        pause:
          script:
            - curl -X PUT "$CI_API_V4_URL/runners/$ID" --form "active=false"
        """,
        """\
        pause:
          script:
            - curl -X PUT "$CI_API_V4_URL/runners/$ID" --form "paused=true"
        """,
    )


def test_ci_job_sending_active_and_paused_is_left_alone():
    check_unchanged(
        "ci",
        """\
        pause:
          script:
            - curl -X PUT "$CI_API_V4_URL/runners/$ID" --form "active=false" --form "paused=true"
        """,
    )


# ---------------------------------------------------------------- JSON (recorded: unsafe)
RUNNER = '"id": 6, "description": "docker", "is_shared": false, "runner_type": "project_type"'


def test_json_member_with_its_value():
    check_transformed(
        "json",
        '[{%s, "active": true}]\n' % RUNNER,
        '[{%s, "paused": false}]\n' % RUNNER,
        unsafe=True,
    )


def test_json_object_holding_paused_that_agrees_loses_active():
    check_transformed(
        "json",
        '[{%s, "active": true, "paused": false}]\n' % RUNNER,
        '[{%s, "paused": false}]\n' % RUNNER,
        unsafe=True,
    )


def test_json_object_holding_paused_that_contradicts_is_left_alone():
    check_unchanged("json", '[{%s, "active": false, "paused": false}]\n' % RUNNER,
                    why="`paused` is set next to it already")


# ---------------------------------------------------------------- tree (JavaScript, Ruby)
def test_javascript_assignment_of_a_negation_drops_the_negation():
    check_transformed(
        "javascript",
        "const runner = await api.Runners.show(1);\nrunner.active = !enable;\n",
        "const runner = await api.Runners.show(1);\nrunner.paused = enable;\n",
    )


def test_javascript_assignment_of_an_expression_is_negated_in_parentheses():
    check_transformed(
        "javascript",
        "const runner = await api.Runners.show(1);\nrunner.active = a || b;\n",
        "const runner = await api.Runners.show(1);\nrunner.paused = !(a || b);\n",
    )


def test_ruby_assignment_of_a_negation_drops_the_negation():
    check_transformed(
        "ruby",
        "runner = Gitlab.runner(1)\nrunner.active = !enable\n",
        "runner = Gitlab.runner(1)\nrunner.paused = enable\n",
    )
