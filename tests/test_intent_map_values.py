"""map-values: a literal the rule maps is replaced, perhaps under another name: the runner list
filter ``scope=active`` becomes ``paused=false`` (MIG062), ``scope=online`` becomes
``status=online`` (MIG430), a runner's ``status == "paused"`` becomes ``paused`` (MIG065). Where the new name is already sent next to the old one, nothing is
rewritten and nothing is marked fixable; a value the rule does not map is shown, not fixed."""

from __future__ import annotations

from .intents import check_transformed, check_unchanged

API = 'import requests\nAPI = "https://gitlab.example.com/api/v4"\n'


# ---------------------------------------------------------------- Python
def test_python_keyword_argument_of_a_manager():
    check_transformed(
        "python",
        'runners = gl.runners.list(scope="active", get_all=True)\n',
        "runners = gl.runners.list(paused=False, get_all=True)\n",
    )


def test_python_query_field_of_a_url():
    check_transformed(
        "python",
        API + 'requests.get(f"{API}/runners?scope=online&per_page=100")\n',
        API + 'requests.get(f"{API}/runners?status=online&per_page=100")\n',
    )


def test_python_params_dict_is_sent_as_text():
    check_transformed(
        "python",
        API + 'requests.get(f"{API}/runners", params={"scope": "paused"})\n',
        API + 'requests.get(f"{API}/runners", params={"paused": "true"})\n',
    )


def test_python_comparison_with_a_bool_target_is_folded():
    check_transformed(
        "python",
        'runner = gl.runners.get(1)\nif runner.status == "paused":\n    pass\n',
        "runner = gl.runners.get(1)\nif runner.paused:\n    pass\n",
        unsafe=True,
    )


def test_python_call_sending_scope_and_paused_is_left_alone():
    check_unchanged("python", 'runners = gl.runners.list(scope="active", paused=True)\n',
                    why="`paused` is sent with it already")


def test_python_dict_holding_scope_and_paused_is_left_alone():
    check_unchanged("python", API + 'requests.get(f"{API}/runners", params={"scope": "active", "paused": "true"})\n',
                    why="`paused` is sent with it already")


def test_python_query_holding_scope_and_paused_is_left_alone():
    check_unchanged("python", API + 'requests.get(f"{API}/runners?scope=active&paused=true")\n',
                    why="`paused` is sent with it already")


def test_python_value_the_rule_does_not_map_is_shown_not_fixed():
    check_unchanged("python", 'runners = gl.runners.list(scope="specific")\n', why="no single-filter equivalent")


# ---------------------------------------------------------------- shell
def test_shell_query_field_of_a_url():
    check_transformed(
        "shell",
        'curl -s "$CI_API_V4_URL/runners?scope=active"\n',
        'curl -s "$CI_API_V4_URL/runners?paused=false"\n',
    )


def test_shell_jq_comparison():
    check_transformed(
        "shell",
        """curl -s "$CI_API_V4_URL/runners/all" | jq '.[] | select(.status == "paused") | .id'\n""",
        """curl -s "$CI_API_V4_URL/runners/all" | jq '.[] | select(.paused == true) | .id'\n""",
        unsafe=True,
    )


def test_shell_url_holding_scope_and_paused_is_left_alone():
    check_unchanged("shell", 'curl -s "$CI_API_V4_URL/runners?scope=active&paused=true"\n',
                    why="`paused` is sent with it already")


def test_shell_command_sending_scope_and_paused_is_left_alone():
    check_unchanged("shell", 'curl -s -G "$CI_API_V4_URL/runners" -d scope=active -d paused=true\n')


# ---------------------------------------------------------------- CI YAML
def test_ci_job_script():
    check_transformed(
        "ci",
        """\
        list:
          script:
            - glab api "runners?scope=stale"
        """,
        """\
        list:
          script:
            - glab api "runners?status=stale"
        """,
    )


def test_ci_job_sending_scope_and_paused_is_left_alone():
    check_unchanged(
        "ci",
        """\
        list:
          script:
            - glab api "runners?scope=active&paused=false"
        """,
    )


# ---------------------------------------------------------------- recorded requests (unsafe)
def test_cassette_request_url():
    check_transformed(
        "cassette",
        """\
        interactions:
        - request:
            method: GET
            uri: https://gitlab.example.com/api/v4/runners?scope=paused
          response:
            status: {code: 200, message: OK}
        """,
        """\
        interactions:
        - request:
            method: GET
            uri: https://gitlab.example.com/api/v4/runners?paused=true
          response:
            status: {code: 200, message: OK}
        """,
        unsafe=True,
    )
