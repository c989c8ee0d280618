"""drop-null: ``private_profile`` sent as null is no longer sent (MIG020): safe on create (an
omitted key gives the instance default, as null did), unsafe on update and on an assignment to
the field (null reset the profile, an omitted key keeps it)."""

from __future__ import annotations

from .intents import check_transformed

API = 'import requests\nAPI = "https://gitlab.example.com/api/v4"\n'


def test_python_dict_entry_of_a_create():
    check_transformed(
        "python",
        'gl.users.create({"email": "a@example.com", "private_profile": None, "name": "A"})\n',
        'gl.users.create({"email": "a@example.com", "name": "A"})\n',
    )


def test_python_keyword_argument_of_a_request():
    check_transformed(
        "python",
        API + 'requests.put(f"{API}/users/1", json=dict(name="A", private_profile=None))\n',
        API + 'requests.put(f"{API}/users/1", json=dict(name="A"))\n',
        unsafe=True,
    )


def test_python_assignment_alone_in_its_block_becomes_pass():
    check_transformed(
        "python",
        "user = gl.users.get(1)\nif reset:\n    user.private_profile = None\n",
        "user = gl.users.get(1)\nif reset:\n    pass\n",
        unsafe=True,
    )


def test_shell_glab_field():
    check_transformed(
        "shell",
        'glab api -X POST users -F private_profile=null -f name=bot\n',
        'glab api -X POST users -f name=bot\n',
    )


def test_shell_json_body_member():
    check_transformed(
        "shell",
        """curl -X POST "$CI_API_V4_URL/users" --json '{"name": "bot", "private_profile": null}'\n""",
        """curl -X POST "$CI_API_V4_URL/users" --json '{"name": "bot"}'\n""",
    )


def test_ci_job_script_continued_over_lines():
    check_transformed(
        "ci",
        """\
        users:
          script:
            - |
              glab api -X POST users \\
                -F private_profile=null \\
                -f name=bot
        """,
        """\
        users:
          script:
            - |
              glab api -X POST users \\
                -f name=bot
        """,
    )
