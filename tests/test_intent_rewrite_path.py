"""rewrite-path: the ``geo_nodes`` segment of an endpoint's path becomes ``geo_sites`` (MIG001), in
the URL as written, wherever it is written. ``/geo_nodes/current/failures`` has no replacement:
it is shown, not fixed."""

from __future__ import annotations

from .intents import check_transformed, check_unchanged

API = 'import requests\nAPI = "https://gitlab.example.com/api/v4"\n'


def test_python_path_of_a_client_call():
    check_transformed("python", 'nodes = gl.http_get("/geo_nodes")\n', 'nodes = gl.http_get("/geo_sites")\n')


def test_python_url_built_in_an_f_string():
    check_transformed(
        "python",
        API + 'requests.post(f"{API}/geo_nodes/{node_id}/repair")\n',
        API + 'requests.post(f"{API}/geo_sites/{node_id}/repair")\n',
    )


def test_python_path_without_a_replacement_is_shown_not_fixed():
    check_unchanged("python", 'failures = gl.http_get("/geo_nodes/current/failures")\n',
                    why="has no geo_sites counterpart")


def test_shell_url_of_a_request():
    check_transformed(
        "shell",
        'curl -s --header "PRIVATE-TOKEN: $TOKEN" "$CI_API_V4_URL/geo_nodes/$ID/status"\n',
        'curl -s --header "PRIVATE-TOKEN: $TOKEN" "$CI_API_V4_URL/geo_sites/$ID/status"\n',
    )


def test_shell_glab_endpoint_and_a_url_in_a_variable():
    check_transformed(
        "shell",
        'glab api geo_nodes\nNODES="$CI_API_V4_URL/geo_nodes"\n',
        'glab api geo_sites\nNODES="$CI_API_V4_URL/geo_sites"\n',
    )


def test_ci_job_script():
    check_transformed(
        "ci",
        """\
        geo:
          script:
            - glab api geo_nodes/status
        """,
        """\
        geo:
          script:
            - glab api geo_sites/status
        """,
    )


def test_cassette_request_url_is_unsafe():
    before = """\
        interactions:
        - request:
            method: GET
            uri: https://gitlab.example.com/api/v4/geo_nodes
          response:
            status: {code: 200, message: OK}
        """
    check_transformed("cassette", before, before)
    check_transformed("cassette", before, before.replace("geo_nodes", "geo_sites"), unsafe=True)
