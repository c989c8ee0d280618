"""Findings as they travel: pickled by a worker or the result cache, unpickled in the parent.

A run over a large organisation holds every finding in memory at once, so what a finding keeps
once it leaves the worker matters: its texts are shared with every other finding of its rule, and
its touch (the scanner's detail, for the fixers) stays behind.
"""

import pickle

from migrator.app.check import reported
from migrator.values import Finding, Fix, Position, Span, Touch


def finding(filename: str, touch: Touch | None = None) -> Finding:
    message = "".join(["`active` on a runner is removed in API v5; ", "use `paused`"])  # a new string each time
    return Finding(code="MIG060", name="runner-active-field", item="runner-active", message=message,
                   severity="high", evidence="typed", filename=filename,
                   span=Span(Position(3, 5), Position(3, 18)), fix=Fix("safe", "Use `paused`"), touch=touch)


def test_a_finding_comes_back_from_a_pickle_equal_to_itself():
    before = finding("a.py")
    assert pickle.loads(pickle.dumps(before)) == before


def test_findings_from_different_files_share_their_rule_texts():
    one, two = (pickle.loads(pickle.dumps([finding(name)]))[0] for name in ("a.py", "b.py"))
    assert one.message is two.message
    assert one.code is two.code and one.severity is two.severity
    assert one.fix.message is two.fix.message


def test_a_finding_leaves_the_worker_without_its_touch_and_is_still_the_same_finding():
    found = finding("a.py", Touch("field", "active", (40, 53), record="runner"))
    (sent,) = reported([found])
    assert sent.touch is None
    assert sent == found  # a report sees no difference
