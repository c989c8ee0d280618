"""Declarations in Python (scan/pydecl.py), case by case: the API models and schemas a client
library declares, and python-gitlab-style managers' attribute lists. A declared deprecated field is
a finding; the finding is never rewritten, since a declaration is a library's public interface."""

from __future__ import annotations

from textwrap import dedent

import pytest

from migrator.pipeline import check_source
from migrator.scan.python import scan
from migrator.syntax import Syntax
from migrator.values import NO_VALUE


@pytest.fixture
def declared(table):
    """(role, name, record, evidence, context, value) of each declaration touch of a snippet."""

    def run(code: str) -> list[tuple]:
        return [(t.role, t.name, t.record, t.evidence, t.context, t.value)
                for t in scan(dedent(code), table.model) if t.syntax in (Syntax.DECLARATION, Syntax.ATTRIBUTE_LIST)]

    return run


def found(check, code: str) -> list[tuple[str, int, int]]:
    return [(f.code, f.span.start.row, f.span.start.column) for f in check(dedent(code))]


# ---------------------------------------------------------------- which classes model a record
def test_a_model_whose_fields_carry_the_signature_is_typed(declared):
    touches = declared("""
        class Agent(BaseModel):
            is_shared: bool
            active: bool
    """)
    assert touches == [("field", "is_shared", "runner", "typed", "declare", NO_VALUE),
                       ("field", "active", "runner", "typed", "declare", NO_VALUE)]


def test_a_model_named_as_the_record_with_one_of_its_fields_is_named(declared):
    touches = declared("""
        class RunnerModel(BaseModel):
            tag_list: list[str]
            active: bool
    """)
    assert ("field", "active", "runner", "named", "declare", NO_VALUE) in touches


def test_a_model_named_as_the_record_without_any_of_its_fields_models_nothing(declared):
    assert declared("""
        class Runner(BaseModel):
            name: str
            command: str
            active: bool
    """) == []


def test_a_name_that_says_webhook_is_not_overruled_by_the_signature(declared):
    assert declared("""
        class MergeRequestEvent(BaseModel):
            iid: int
            source_branch: str
            target_branch: str
            merge_status: str
    """) == []


def test_the_class_name_decides_over_another_records_signature(declared):
    touches = declared("""
        class ProjectModel(BaseModel):
            import_url: str
            cron: str
            cron_timezone: str
            mirror: bool
    """)
    assert {t[2] for t in touches} == {"project"}


def test_not_keys_rule_a_named_record_out(declared):
    assert declared("""
        class Runner(BaseModel):
            system_id: str
            is_shared: bool
            ip_address: str
    """) == []


def test_fields_of_a_base_class_declared_in_the_file_count_for_the_signature(declared):
    touches = declared("""
        class Base(BaseModel):
            is_shared: bool

        class Enabled(Base):
            active: bool
    """)
    assert ("field", "active", "runner", "typed", "declare", NO_VALUE) in touches


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (f"class {name}(BaseModel):\n    tag_list: list[str]\n    active: bool\n", ("param", "active", "runner"))
        for name in ("RunnerUpdate", "CreateRunnerRequest", "RunnerParams", "RunnerInput")
    ] + [
        ("class ProjectModel(BaseModel):\n    import_url: str\n    per_page: int\n    mirror: bool\n",
         ("param", "mirror", "project")),
    ],
    ids=["update", "create-request", "params", "input", "pagination-field"],
)
def test_a_request_models_fields_are_parameters(declared, code, expected):
    """Its name says so (a word outside the record's own name), or a pagination field it declares."""
    assert (*expected, "named", "declare", NO_VALUE) in declared(code)


def test_request_in_a_records_own_name_does_not_make_a_request_model(declared):
    touches = declared("""
        class MergeRequest(BaseModel):
            iid: int
            merged_by: dict
    """)
    assert ("field", "merged_by", "merge_request", "named", "declare", NO_VALUE) in touches


# ---------------------------------------------------------------- the ways a model is declared
@pytest.mark.parametrize(
    "code",
    [
        "@dataclass\nclass Runner:\n    is_shared: bool\n    active: bool = True\n",
        "@attr.s\nclass Runner:\n    is_shared = attr.ib()\n    active = attr.ib(default=True)\n",
        "@define\nclass Runner:\n    is_shared: bool\n    active: bool = field(default=True)\n",
        "class Runner(TypedDict, total=False):\n    is_shared: bool\n    active: bool\n",
        "class Runner(NamedTuple):\n    is_shared: bool\n    active: bool\n",
        "class RunnerSchema(Schema):\n    is_shared = fields.Boolean()\n    active = fields.Boolean()\n",
        "class Runner(BaseModel):\n    is_shared: bool\n    active: Annotated[bool, Field(description='on')]\n",
    ],
    ids=["dataclass", "attrs", "attrs-define", "TypedDict", "NamedTuple", "marshmallow", "Annotated"],
)
def test_each_way_of_declaring_a_model_is_read(check, code):
    assert [f.code for f in check(code)] == ["MIG060"]


def test_a_plain_class_attribute_is_no_declared_field(check):
    assert found(check, "class Runner(Base):\n    is_shared = False\n    active = True\n") == []


def test_class_variables_and_private_attributes_are_no_fields(declared):
    touches = declared("""
        class Runner(BaseModel):
            is_shared: bool
            active: ClassVar[bool] = True
            _active: bool = True
    """)
    assert [t[1] for t in touches] == ["is_shared"]


def test_an_alias_is_the_api_name_and_is_reported_where_it_is_written(check):
    code = """
        class Runner(BaseModel):
            is_shared: bool
            enabled: bool = Field(
                alias="active",
            )
    """
    assert found(check, code) == [("MIG060", 5, 15)]


def test_marshmallow_data_key_is_the_api_name(check):
    code = """
        class MergeRequestSchema(Schema):
            iid = fields.Integer()
            merger = fields.Dict(data_key="merged_by")
    """
    assert found(check, code) == [("MIG010", 4, 35)]


def test_functional_typed_dict_keys_are_declarations_not_a_dict_in_use(check):
    code = 'Runner = TypedDict("Runner", {"is_shared": bool, "active": bool})\n'
    findings = check(code)
    assert [(f.code, f.span.start.column, f.fix.applicability) for f in findings] == [("MIG060", 50, "display-only")]


def test_a_functional_typed_dict_of_no_known_record_is_left_alone(check):
    assert check('Approvals = TypedDict("Approvals", {"require_password_to_approve": bool})\n') == []


def test_namedtuple_field_names_in_one_string_are_each_reported_at_their_place(check):
    code = 'Runner = namedtuple("Runner", "id is_shared version platform")\n'
    assert found(check, code) == [("MIG071", 1, 45), ("MIG071", 1, 53)]


def test_named_tuple_functional_syntax_with_pairs(check):
    code = 'Runner = NamedTuple("Runner", [("is_shared", bool), ("ip_address", str)])\n'
    assert found(check, code) == [("MIG070", 1, 54)]


# ---------------------------------------------------------------- listed values
def test_a_validator_listing_runner_statuses_reports_active_and_paused(check):
    code = """
        class RunnerModel(BaseModel):
            tag_list: list[str] | None = None
            status: str | None = None

            @field_validator("status")
            def valid(cls, value):
                assert value in ("online", "offline", "active", "paused")
                return value
    """
    assert found(check, code) == [("MIG065", 8, 47), ("MIG065", 8, 57)]


def test_a_list_of_one_known_value_is_no_value_set_of_the_field(declared):
    touches = declared("""
        class RunnerModel(BaseModel):
            tag_list: list[str]
            status: str

            @validator("status")
            def valid(cls, value):
                assert value in ["active", "retired"]
                return value
    """)
    assert [t for t in touches if t[5] is not NO_VALUE] == []


def test_an_enum_of_runner_statuses_is_the_status_field_of_a_runner(declared):
    touches = declared("""
        class RunnerStatusEnum(str, Enum):
            ONLINE = "online"
            PAUSED = "paused"
    """)
    assert touches == [("field", "status", "runner", "named", "declare", "online"),
                       ("field", "status", "runner", "named", "declare", "paused")]


def test_an_enum_of_runner_scopes_is_the_scope_filter(declared):
    touches = declared("""
        class RunnerScope(Enum):
            SHARED = "shared"
            ACTIVE = "active"
    """)
    assert ("param", "scope", "runner", "named", "declare", "active") in touches


def test_a_literal_of_a_request_models_status_is_the_status_filter(check):
    code = """
        class RunnerListQuery(BaseModel):
            tag_list: list[str] | None = None
            status: Literal["online", "offline", "paused"] | None = None
    """
    assert found(check, code) == [("MIG066", 4, 42)]


# ---------------------------------------------------------------- webhook payloads
def test_classes_a_webhook_payload_uses_are_the_payloads_wherever_declared(check):
    code = """
        class BuildRunner(BaseModel):
            is_shared: bool
            active: bool

        class Build(BaseModel):
            id: int
            runner: "BuildRunner"

        class PipelineHook(BaseModel):
            object_kind: str
            builds: list[Build]

        class Runner(BaseModel):
            is_shared: bool
            active: bool
    """
    assert found(check, code) == [("MIG060", 16, 5)]


# ---------------------------------------------------------------- python-gitlab managers
MANAGER = """
    class ProjectRunnerManager(CRUDMixin):
        _path = "/projects/{project_id}/runners"
        _create_attrs = RequiredOptional(required=("runner_id",), optional=("active",))
        _update_attrs = (("description",), ("active", "locked"))
        _list_filters = ("scope", "tag_list")
"""


def test_manager_attribute_lists_are_parameters_of_the_managers_endpoint(table):
    touches = [t for t in scan(dedent(MANAGER), table.model) if t.syntax == Syntax.ATTRIBUTE_LIST]
    assert [(t.name, t.context, t.method, t.record, t.evidence) for t in touches] == [
        ("runner_id", "create", "POST", "runner", "typed"),
        ("active", "create", "POST", "runner", "typed"),
        ("description", "update", "PUT", "runner", "typed"),
        ("active", "update", "PUT", "runner", "typed"),
        ("locked", "update", "PUT", "runner", "typed"),
        ("scope", "filter", "GET", "runner", "typed"),
        ("tag_list", "filter", "GET", "runner", "typed"),
    ]
    assert {(t.request.path, t.request.client) for t in touches} == {("/projects/:id/runners", "python-gitlab")}


def test_each_deprecated_name_of_a_manager_is_reported_at_its_own_string(check):
    assert found(check, MANAGER) == [("MIG061", 4, 73), ("MIG061", 5, 41)]


def test_a_manager_whose_path_is_no_api_endpoint_declares_nothing(declared):
    assert declared("""
        class WidgetManager(CRUDMixin):
            _path = "/widgets/{widget_id}/parts"
            _create_attrs = RequiredOptional(optional=("active",))
    """) == []


# ---------------------------------------------------------------- never rewritten
def test_a_declared_field_gets_a_display_only_fix_that_says_why(check):
    code = "class Runner(BaseModel):\n    is_shared: bool\n    active: bool\n"
    (finding,) = check(code)
    assert finding.fix.applicability == "display-only"
    assert "public interface" in finding.fix.message
    assert "negation of `active`, not a new name" in finding.fix.message


def test_a_declared_rename_is_display_only_even_where_the_rule_is_safe(check):
    code = ("class ApprovalConfig(BaseModel):\n"
            "    reset_approvals_on_push: bool\n    require_password_to_approve: bool\n")
    (finding,) = check(code)
    assert (finding.code, finding.fix.applicability) == ("MIG090", "display-only")


def test_a_manager_attribute_is_display_only(check):
    assert {f.fix.applicability for f in check(dedent(MANAGER))} == {"display-only"}


def test_fix_with_unsafe_fixes_leaves_every_declaration_as_written(table):
    from migrator.app.passes import fix_text

    code = dedent(MANAGER) + 'Runner = TypedDict("Runner", {"is_shared": bool, "active": bool})\n' + dedent("""
        class MergeRequest(BaseModel):
            iid: int
            merged_by: dict | None = None
    """)
    assert check_source(code, "python", "models.py", table.rules, table).findings
    result = fix_text(code, "python", "models.py", table.rules, table, True)
    assert (result.text, result.fixed) == (code, 0)
