"""Request bodies built step by step and followed within a module (scan/pyflow.py): each key set
on a dict that reaches a create or update call is a parameter of that request, reported where the
key is written."""

from __future__ import annotations

from migrator.scan import python as pyscan

API = 'import requests\nAPI = "https://gitlab.example.com/api/v4"\n'


def codes(findings):
    return [(f.code, f.span.start.row, f.span.start.column) for f in findings]


def params(code, model):
    return [(t.name, t.record, t.evidence, t.context) for t in pyscan.scan(code, model) if t.role == "param"]


def test_a_key_assigned_after_the_literal_is_a_parameter_of_the_create_call(check):
    code = ("args = {'description': 'ci'}\n"
            "args['active'] = False\n"
            "gl.runners.create(args)\n")
    assert codes(check(code)) == [("MIG061", 2, 6)]


def test_keys_added_by_update_are_parameters_too(table):
    code = ("args = {'description': 'ci'}\n"
            "args.update({'active': False})\n"
            "args.update(tag_list=['x'])\n"
            "gl.runners.update(3, args)\n")
    assert params(code, table.model) == [
        ("description", "runner", "typed", "update"),
        ("active", "runner", "typed", "update"),
        ("tag_list", "runner", "typed", "update"),
    ]


def test_a_body_re_bound_by_a_comprehension_dropping_none_is_still_sent(check):
    code = (f"{API}def create(name, mirror=None):\n"
            "    payload = {'name': name, 'mirror': mirror}\n"
            "    payload = {k: v for k, v in payload.items() if v is not None}\n"
            "    return requests.post(f'{API}/projects', json=payload)\n")
    assert codes(check(code)) == [("MIG100", 4, 30)]


def test_parameters_listed_in_an_allow_list_over_locals_are_sent(check):
    code = (f"{API}def approvals(pid, require_password_to_approve=None, reset_approvals_on_push=None):\n"
            "    body = {k: v for k, v in locals().items()\n"
            "            if k in ('require_password_to_approve', 'reset_approvals_on_push') and v is not None}\n"
            "    return requests.post(f'{API}/projects/{pid}/approvals', json=body)\n")
    assert codes(check(code)) == [("MIG090", 5, 22)]


def test_a_name_listed_in_an_allow_list_gets_no_rename(check):
    code = (f"{API}def approvals(pid, require_password_to_approve=None):\n"
            "    body = {k: v for k, v in locals().items() if k in ['require_password_to_approve']}\n"
            "    return requests.post(f'{API}/projects/{pid}/approvals', json=body)\n")
    [finding] = check(code)
    assert finding.fix.applicability == "display-only"


def test_a_body_passed_to_a_method_that_sends_it_is_followed_there(check):
    code = ("class Runners:\n"
            "    def create_or_update(self, options):\n"
            "        arguments = {'locked': options['locked']}\n"
            "        arguments['active'] = options['active']\n"
            "        return self.create_runner(arguments)\n"
            "\n"
            "    def create_runner(self, arguments):\n"
            "        return self._gitlab.runners.create(arguments)\n")
    assert codes(check(code)) == [("MIG061", 4, 19)]


def test_the_order_of_the_functions_in_the_file_does_not_matter(table):
    sender = "def send(body):\n    gl.runners.create(body)\n"
    builder = "def build():\n    body = {'active': True}\n    send(body)\n"
    assert params(sender + builder, table.model) == params(builder + sender, table.model) == [
        ("active", "runner", "typed", "create")]


def test_a_body_forwarded_through_several_functions_reaches_the_request(table):
    code = ("def send(data):\n    gl.users.create(data)\n"
            "def relay(body):\n    send(body)\n"
            "relay({'username': 'bot', 'private_profile': None})\n")
    assert ("private_profile", "user", "typed", "create") in params(code, table.model)


def test_a_body_returned_by_a_helper_is_sent_where_the_helper_is_called(check):
    code = ("def runner_args(enabled):\n"
            "    args = {'description': 'ci'}\n"
            "    args['active'] = enabled\n"
            "    return args\n"
            "gl.runners.create(runner_args(True))\n")
    assert codes(check(code)) == [("MIG061", 3, 10)]


def test_an_attribute_set_in_one_method_and_sent_in_another_is_followed(check):
    code = ("class Sync:\n"
            "    def sent(self):\n"
            "        return self.gl.runners.update(1, self.attrs)\n"
            "    def __init__(self, gl, options):\n"
            "        self.gl = gl\n"
            "        self.attrs = {'description': options.description}\n"
            "        self.attrs['active'] = options.active\n")
    assert codes(check(code)) == [("MIG061", 7, 20)]


def test_setattr_over_a_dict_of_options_updates_the_record_object(check):
    code = ("def update(project, options):\n"
            "    settings = project.approvals.get()\n"
            "    for key, value in options.items():\n"
            "        setattr(settings, key, value)\n"
            "    settings.save()\n"
            "update(project, {'require_password_to_approve': True})\n")
    assert codes(check(code)) == [("MIG090", 6, 18)]


def test_setattr_on_an_object_only_named_as_a_runner_has_named_evidence(table):
    code = ("def update_runner(runner, arguments):\n"
            "    for key, value in arguments.items():\n"
            "        setattr(runner, key, value)\n"
            "update_runner(current, {'active': False})\n")
    assert params(code, table.model) == [("active", "runner", "named", "update")]


def test_a_body_sent_both_to_create_and_to_an_update_is_reported_once_with_the_typed_request(check_found):
    code = ("def save(runner, gl, arguments, new):\n"
            "    if new:\n"
            "        gl.runners.create(arguments)\n"
            "    for key, value in arguments.items():\n"
            "        setattr(runner, key, value)\n"
            "save(r, gl, {'active': True}, True)\n")
    [(finding, touch)] = check_found(code).pairs
    assert (finding.code, touch.evidence, touch.context) == ("MIG061", "typed", "create")


def test_an_apps_own_dict_that_no_request_receives_is_no_parameter(check):
    code = ("state = {'theme': 'dark'}\n"
            "state['active'] = True\n"
            "render(state)\n")
    assert check(code) == []


def test_a_dict_passed_to_a_function_of_another_module_is_not_followed(check):
    code = ("from helpers import send\n"
            "args = {}\n"
            "args['active'] = False\n"
            "send(args)\n")
    assert check(code) == []
