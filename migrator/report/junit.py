"""``--output-format junit``: JUnit XML for CI test-report views (GitLab ``artifacts:reports:junit``,
Jenkins). One ``testsuite`` named migrator, whose ``properties`` give the files checked
(``files_checked``, and ``files_checked.<kind>`` by file kind); one ``testcase`` per file with
findings (its name and class name are the file's path); one ``failure`` per finding in it::

    <testcase classname="runners.py" name="runners.py">
      <failure message="2:4: MIG060 `active` on a runner ..." type="MIG060">runners.py:2:4: MIG060 ...</failure>
    </testcase>

Text from scanned files may hold characters XML 1.0 cannot carry (most C0 controls, lone
surrogates, U+FFFE/U+FFFF); they are written as ``\\xNN`` / ``\\uNNNN`` so the report always
parses. The failure's text is the finding's line as the text format writes it (file name and
message with C escapes), so a newline in a file name cannot forge a line in a CI log.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import groupby

from .context import ReportContext
from .escape import escape, quote_path
from .fingerprint import path_of

NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(text: str) -> str:
    """Text XML 1.0 can hold: every character it cannot is written as a visible escape."""
    return NOT_XML.sub(lambda m: f"\\x{ord(m[0]):02x}" if ord(m[0]) < 0x100 else f"\\u{ord(m[0]):04x}", text)


def render(context: ReportContext) -> str:
    files = [(path_of(name), list(group)) for name, group in groupby(context.findings, key=lambda f: f.filename)]
    suite = ET.Element("testsuite", name="migrator", tests=str(len(files) + len(context.errors)), failures=str(len(files)),
                       errors=str(len(context.errors)), skipped="0")
    if context.checked is not None:  # the files checked, by kind, as the suite's properties
        properties = ET.SubElement(suite, "properties")
        for name, value in [("files_checked", context.checked.total), *((f"files_checked.{k}", n)
                                                                         for k, n in context.checked.by_kind)]:
            ET.SubElement(properties, "property", name=name, value=str(value))
    for path, findings in files:
        case = ET.SubElement(suite, "testcase", classname=xml_text(path), name=xml_text(path))
        for f in findings:
            where = f"{f.span.start.row}:{f.span.start.column}"
            failure = ET.SubElement(case, "failure", type=f.code, message=xml_text(f"{where}: {f.code} {f.message}"))
            failure.text = xml_text(f"{quote_path(path)}:{where}: {f.code} {escape(f.message)}")  # as text shows it
    for error in context.errors:
        case = ET.SubElement(suite, "testcase", classname="migrator", name="error")
        ET.SubElement(case, "error", message=xml_text(error))
    root = ET.Element("testsuites", name="migrator", tests=suite.get("tests"), failures=suite.get("failures"),
                      errors=suite.get("errors"))
    root.append(suite)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"
