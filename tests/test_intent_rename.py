"""rename: a field or parameter gets its new name: ``require_password_to_approve`` becomes
``require_reauthentication_to_approve`` (MIG090, safe), a merge request's ``merged_by`` becomes
``merge_user`` (MIG010, unsafe). Where a dict, call or command already holds the new name, the
old entry is dropped: the new one wins."""

from __future__ import annotations

from .intents import check_transformed, check_unchanged

API = 'import requests\nAPI = "https://gitlab.example.com/api/v4"\n'
OLD, NEW = "require_password_to_approve", "require_reauthentication_to_approve"


# ---------------------------------------------------------------- Python
def test_python_attribute():
    check_transformed(
        "python",
        "mr = project.mergerequests.get(1)\nwho = mr.merged_by\n",
        "mr = project.mergerequests.get(1)\nwho = mr.merge_user\n",
        unsafe=True,
    )


def test_python_subscript_and_get():
    check_transformed(
        "python",
        'mr = project.mergerequests.get(1)\na = mr.attributes["merged_by"]\nb = mr.attributes.get("merged_by")\n',
        'mr = project.mergerequests.get(1)\na = mr.attributes["merge_user"]\nb = mr.attributes.get("merge_user")\n',
        unsafe=True,
    )


def test_python_dict_key_sent_as_json():
    check_transformed(
        "python",
        API + f'requests.post(f"{{API}}/projects/1/approvals", json={{"{OLD}": True}})\n',
        API + f'requests.post(f"{{API}}/projects/1/approvals", json={{"{NEW}": True}})\n',
    )


def test_python_keyword_argument_next_to_the_new_one_is_dropped():
    check_transformed(
        "python",
        f"gl.projects.get(1).approvals.update({OLD}=True, {NEW}=True)\n",
        f"gl.projects.get(1).approvals.update({NEW}=True)\n",
    )


def test_python_query_field_of_a_url():
    check_transformed(
        "python",
        API + f'requests.post(f"{{API}}/projects/1/approvals?{OLD}=true")\n',
        API + f'requests.post(f"{{API}}/projects/1/approvals?{NEW}=true")\n',
    )


def test_python_query_holding_both_names_is_left_alone():
    check_unchanged("python", API + f'requests.post(f"{{API}}/projects/1/approvals?{OLD}=true&{NEW}=true")\n',
                    why=f"`{NEW}` is in this URL's query too")


# ---------------------------------------------------------------- shell
def test_shell_data_field():
    check_transformed(
        "shell",
        f'curl -X POST "$CI_API_V4_URL/projects/$CI_PROJECT_ID/approvals" -d "{OLD}=true"\n',
        f'curl -X POST "$CI_API_V4_URL/projects/$CI_PROJECT_ID/approvals" -d "{NEW}=true"\n',
    )


def test_shell_field_next_to_the_new_one_is_dropped():
    check_transformed(
        "shell",
        f'glab api -X POST "projects/:id/approvals" -F {OLD}=true -F {NEW}=true\n',
        f'glab api -X POST "projects/:id/approvals" -F {NEW}=true\n',
    )


def test_shell_jq_path():
    check_transformed(
        "shell",
        """curl -s "$CI_API_V4_URL/projects/1/merge_requests/2" | jq -r '.merged_by.username'\n""",
        """curl -s "$CI_API_V4_URL/projects/1/merge_requests/2" | jq -r '.merge_user.username'\n""",
        unsafe=True,
    )


def test_shell_jq_object_shorthand_keeps_its_output_key():
    check_transformed(
        "shell",
        """curl -s "$CI_API_V4_URL/projects/1/merge_requests" | jq '.[] | {iid, merged_by}'\n""",
        """curl -s "$CI_API_V4_URL/projects/1/merge_requests" | jq '.[] | {iid, merged_by: .merge_user}'\n""",
        unsafe=True,
    )


# ---------------------------------------------------------------- CI YAML
def test_ci_job_script():
    check_transformed(
        "ci",
        f"""\
        approvals:
          script:
            - glab api "projects/:id/approvals" -F {OLD}=true
        """,
        f"""\
        approvals:
          script:
            - glab api "projects/:id/approvals" -F {NEW}=true
        """,
    )


# ---------------------------------------------------------------- JSON (recorded: unsafe)
def test_json_member():
    check_transformed(
        "json",
        f'{{"approvals_before_merge": 0, "reset_approvals_on_push": true, "{OLD}": false}}\n',
        f'{{"approvals_before_merge": 0, "reset_approvals_on_push": true, "{NEW}": false}}\n',
        unsafe=True,
    )


def test_json_member_next_to_the_new_one_is_dropped():
    check_transformed(
        "json",
        f'{{"reset_approvals_on_push": true, "{OLD}": false, "{NEW}": true}}\n',
        f'{{"reset_approvals_on_push": true, "{NEW}": true}}\n',
        unsafe=True,
    )
