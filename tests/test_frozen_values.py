"""Findings as they travel: pickled by a worker or the result cache, unpickled in the parent.

A run over a large organisation holds every finding in memory at once, so what a finding keeps
once it leaves the worker matters: its texts are shared with every other finding of its rule, and
its touch (the scanner's detail, for the fixers: values.Found) stays behind.
"""

import pickle

from migrator.app.check import shipped
from migrator.source import LineIndex
from migrator.values import Finding, Fix, FixIntent, Found, Position, Reported, Span, Touch


def finding(filename: str, intent: FixIntent | None = None) -> Finding:
    message = "".join(["`active` on a runner is removed in API v5; ", "use `paused`"])  # a new string each time
    return Finding(code="MIG060", name="runner-active-field", item="runner-active", message=message,
                   severity="high", evidence="typed", filename=filename,
                   span=Span(Position(3, 5), Position(3, 18)), fix=Fix("safe", "Use `paused`", intent=intent),
                   range=(40, 53))


def test_a_finding_comes_back_from_a_pickle_equal_to_itself():
    before = finding("a.py")
    assert pickle.loads(pickle.dumps(before)) == before
    reported = Reported.of(before, "if runner.active:", "python", "group/app")
    after = pickle.loads(pickle.dumps(reported))
    assert after == reported and (after.source_line, after.kind, after.repository) == (
        "if runner.active:", "python", "group/app")


def test_findings_from_different_files_share_their_rule_texts():
    one, two = (pickle.loads(pickle.dumps([Reported.of(finding(name), kind="".join(["pyt", "hon"]))]))[0]
                for name in ("a.py", "b.py"))
    assert one.message is two.message
    assert one.code is two.code and one.severity is two.severity and one.kind is two.kind
    assert one.fix.message is two.fix.message


def test_a_finding_leaves_the_worker_without_its_touch_and_is_still_the_same_finding():
    made = finding("a.py", FixIntent("rename", "safe", "", "Use `paused`", to="paused"))
    found = Found((made,), (Touch("field", "active", (40, 53), record="runner"),))
    (sent,) = shipped(found.reported("python", LineIndex("x" * 40 + "runner.active\n")))
    assert not hasattr(sent, "touch") and sent.fix.intent is None  # its touch stays behind with its Found
    assert sent == Reported.of(made)  # a report sees no difference
    assert (sent.source_line, sent.kind) == ("x" * 40 + "runner.active", "python")
