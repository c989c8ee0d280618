"""Property: for any file mixing declarations (API models and schemas, python-gitlab-style manager
attribute lists), deprecated uses and look-alikes, fix (safe, and with unsafe fixes) leaves a file
that parses, a second fix changes nothing, and no declaration and no look-alike is touched: a
declaration is a library's public interface, and its findings are display-only."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from migrator.pipeline import check_source

from .test_fix_property import HEADER, LOOKALIKES, TABLE, assert_fix_properties, files

DECLARATIONS = [
    "class Runner(BaseModel):\n    is_shared: bool\n    active: bool | None = Field(default=None)\n",
    "class RunnerSummary(BaseModel):\n    is_shared: bool\n    enabled: bool = Field(alias='active')\n",
    "@dataclass\nclass RunnerDetails:\n    tag_list: list[str]\n    active: bool = True\n    ip_address: str = ''\n",
    "class RunnerUpdateRequest(BaseModel):\n    tag_list: list[str] | None = None\n    active: bool | None = None\n",
    'RunnerDict = TypedDict("RunnerDict", {"is_shared": bool, "active": bool, "version": str})\n',
    'RunnerRow = namedtuple("RunnerRow", "id is_shared platform")\n',
    "class MergeRequestRow(NamedTuple):\n    iid: int\n    merge_status: str\n    merged_by: dict\n",
    "class MergeRequestSchema(Schema):\n    iid = fields.Integer()\n    merger = fields.Dict(data_key='merged_by')\n",
    "class ApprovalConfig(BaseModel):\n    reset_approvals_on_push: bool\n    require_password_to_approve: bool\n",
    "class ProjectCreate(BaseModel):\n    import_url: str\n    mirror: bool = False\n",
    "class RunnerStatus(str, Enum):\n    ONLINE = 'online'\n    PAUSED = 'paused'\n    ACTIVE = 'active'\n",
    "class RunnerModel(BaseModel):\n    tag_list: list[str]\n    status: str\n\n"
    "    @field_validator('status')\n    def valid(cls, v):\n"
    "        assert v in ['online', 'offline', 'active', 'paused']\n        return v\n",
    'class RunnerManager(CRUDMixin):\n    _path = "/runners"\n'
    '    _update_attrs = RequiredOptional(optional=("description", "active"))\n',
    'class ProjectApprovalManager(UpdateMixin):\n    _path = "/projects/{project_id}/approvals"\n'
    '    _update_attrs = RequiredOptional(optional=("require_password_to_approve",))\n',
]

DECLARED_LOOKALIKES = [
    "class CiRunner(BaseModel):\n    name: str\n    image: str\n    active: bool = True\n",
    "@dataclass\nclass FeatureToggle:\n    name: str\n    active: bool = False\n",
    'class WidgetManager(CRUDMixin):\n    _path = "/widgets"\n'
    '    _create_attrs = RequiredOptional(optional=("active",))\n',
    "class Project(BaseModel):\n    path_with_namespace: str\n    mirror: bool = False\n",
]


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(files(lookalikes=(*DECLARATIONS, *DECLARED_LOOKALIKES, *LOOKALIKES)), st.booleans())
def test_fix_parses_is_idempotent_and_leaves_declarations_as_written(file, unsafe):
    assert_fix_properties(*file, unsafe)


@given(st.sampled_from(DECLARATIONS))
def test_every_declaration_is_reported_and_none_is_fixable(snippet):
    findings = check_source(HEADER + snippet, "python", "models.py", TABLE.rules, TABLE).findings
    assert findings
    assert {f.fix.applicability for f in findings if f.fix} == {"display-only"}


@given(st.sampled_from(DECLARED_LOOKALIKES))
def test_no_declared_lookalike_is_reported(snippet):
    assert check_source(HEADER + snippet, "python", "models.py", TABLE.rules, TABLE).findings == ()
