"""CI systems other than GitLab's (kinds/workflow.py, kinds/cisystems.py): which of a file's
scalars are regions, of which kind, where their placeholders are, and that a fix never rewrites a
placeholder."""

from __future__ import annotations

from migrator.kinds import cisystems, workflow

WORKFLOW = """on: push
env:
  API: https://gitlab.example.com/api/v4
jobs:
  a:
    runs-on: ubuntu-latest
    defaults:
      run:
        shell: bash
    steps:
      - run: curl "$API/projects/${{ vars.ID }}/merge_requests/1/changes"
      - shell: pwsh
        run: Invoke-RestMethod "$env:API/runners"
      - shell: python
        run: print(1)
      - uses: actions/github-script@v7
        with:
          script: github.rest.issues.list()
"""


def test_each_step_is_a_region_of_the_kind_its_shell_runs():
    scripts = [r for r in workflow.regions(WORKFLOW) if r.scope is None or r.scope.assign is None]
    assert [r.kind for r in scripts] == ["shell", "other", "python", "javascript"]


def test_env_values_are_variables_of_the_steps_after_them():
    (api,) = [r for r in workflow.regions(WORKFLOW) if r.scope is not None and r.scope.assign == "API"]
    run = next(r for r in workflow.regions(WORKFLOW) if r.kind == "shell" and r.scope.assign is None)
    assert api.text == "https://gitlab.example.com/api/v4"
    assert run.scope.env.values["API"] == "https://gitlab.example.com/api/v4"


def test_an_expression_is_a_placeholder_of_its_length_at_its_place():
    run = next(r for r in workflow.regions(WORKFLOW) if r.kind == "shell" and r.scope.assign is None)
    (hole,) = run.placeholders
    assert run.text[slice(*hole)] == "$" + "_" * 13
    assert WORKFLOW[run.where(hole[0]):run.where.end(hole[1])] == "${{ vars.ID }}"


def test_azure_macros_and_circleci_parameters_are_placeholders():
    azure = "steps:\n  - bash: curl \"$(API)/runners\"\n  - task: X\n    inputs: {command: build}\n"
    (script, task) = cisystems.regions(azure)
    assert script.text == 'curl "$_____/runners"\n' and task.text == "build\n"
    circle = "jobs:\n  a:\n    steps:\n      - run:\n          command: echo << parameters.x >>\n"
    (run,) = cisystems.regions(circle)
    assert run.text == "echo " + "$" + "_" * 17 + "\n"


def test_a_fix_beside_a_placeholder_keeps_the_placeholder_as_written(table):
    from migrator.app.passes import fix_text

    code = "on: push\njobs:\n  a:\n    steps:\n      - run: curl \"https://gl.example.com/api/v4/runners?scope=active&tag_list=${{ inputs.tags }}\"\n"
    fixed = fix_text(code, "workflow", ".github/workflows/a.yml", table.rules, table, unsafe=False)
    assert fixed.text == code.replace("scope=active", "paused=false")
