"""The telemetry contract: .proto drift, recorded values against the Limits, and producer code.

Each test reads as before → finding: a small file, and the rule code and row it must give.
"""

from __future__ import annotations

import ast

import pytest

from migrator.checks.telemetry import clock_unit, decimal_places, decimals
from migrator.details import Written
from migrator.scan.pyclock import clock_scale
from migrator.ruletable import load_table
from migrator.scan import proto, recorded
from migrator.values import ScanError, Span, Touch

PROTO = "telemetry.proto"

from .positions import error_position, located


def contract_proto(table, syntax: str = "proto2", package: str = "service.telemetry") -> str:
    """The contract, written out as the .proto file the spec describes."""
    data = table.data["telemetry"]
    lines = [f'syntax = "{syntax}";', f"package {package};"]
    for message, spec in data["messages"].items():
        lines.append(f"message {message} {{")
        lines += [f"  {f['label']} {f['type']} {f['name']} = {f['number']};" for f in spec["fields"]]
        lines.append("}")
    return "\n".join(lines) + "\n"


def row_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def hits(findings, prefix: str = "MIG2") -> list[tuple[int, str]]:
    return sorted((f.span.start.row, f.code) for f in findings if f.code.startswith(prefix))


@pytest.fixture
def good(table):
    return contract_proto(table)


# ---------------------------------------------------------------------- the contract as data
def test_contract_messages_are_the_api_models_telemetry_messages(table):
    data = table.data["telemetry"]
    assert data["package"] == "service.telemetry" and data["syntax"] == "proto2"
    assert list(data["messages"]) == list(table.model.telemetry_messages)


def test_each_contract_message_names_a_record_whose_signature_is_its_fields(table):
    for message, spec in table.data["telemetry"]["messages"].items():
        record = table.model.records[spec["record"]]
        names = {f["name"] for f in spec["fields"]}
        assert set(record.signature) <= names, message
        assert spec["fields"][0] == {"name": "timestamp", "number": 1, "type": "uint64", "label": "required"}
        assert [f["number"] for f in spec["fields"]] == list(range(1, len(names) + 1))
        assert {f["label"] for f in spec["fields"]} == {"required"}


def test_the_altitude_contradiction_is_documented_not_guessed(table):
    docs = [r.docs.spec_and_facts for r in table.rules if r.item == "telemetry-contract"]
    assert any("altitude_agl" in d and "altitude_msl" in d and "does not guess" in d for d in docs)


# ---------------------------------------------------------------------- the proto scanner
def test_proto_scanner_reports_fields_with_number_type_label_and_line_span():
    text = 'syntax = "proto2";\npackage service.telemetry;\nmessage Barometer {\n' \
           "  required uint64 timestamp = 1; // ms\n  /* hPa */ optional float pressure = 2 [default = 0];\n}\n"
    touches = {(t.name, t.get("part")): t for t in located(text, proto.scan(text, None))}
    pressure = touches["Barometer.pressure", None]
    assert (pressure.get("number"), pressure.get("type"), pressure.get("label")) == (2, "float", "optional")
    assert pressure.span == Span.of(5, 13, 5, 55)
    assert touches["Barometer", "header"].span == Span.of(3, 9, 3, 18)
    assert touches["Barometer", "end"].span.start.row == 6
    assert touches["syntax", None].value == "proto2"
    assert all(t.get("package") == "service.telemetry" for t in touches.values())


def test_proto_scanner_handles_nested_messages_oneof_map_enum_reserved_and_groups():
    text = """syntax = "proto2";
message Outer {
  message Inner { optional int32 x = 1; }
  enum Kind { A = 0; B = -1 [deprecated = true]; }
  oneof payload { string s = 2; Inner inner = 3; }
  map<string, int32> counts = 4;
  reserved 10 to 12, 15; reserved "old";
  extensions 100 to max;
  repeated group Result = 5 { required string url = 1; }
  option (my.opt) = { a: 1 };
}
service S { rpc Get (Outer) returns (Outer) { option (x) = 1; } }
"""
    fields = {t.name: t for t in proto.scan(text, None) if t.get("field")}
    assert set(fields) == {"Outer.Inner.x", "Outer.s", "Outer.inner", "Outer.counts", "Outer.Result",
                           "Outer.Result.url"}
    assert fields["Outer.s"].get("oneof") == "payload" and fields["Outer.s"].get("label") is None
    assert fields["Outer.counts"].get("type") == "map<string, int32>"


@pytest.mark.parametrize(("text", "row", "column"), [
    ("message A {\n  required int32 x = 1\n}\n", 3, 1),
    ("message A {\n  required int32 x = 1;\n", 3, 1),
    ("message A {\n  required int32 x = ;\n}\n", 2, 22),
    ("message A {}\n/* not closed\n", 2, 1),
    ("message A { required int32 x = 1; } }\n", 1, 37),
])
def test_unparsable_proto_raises_scan_error_at_the_token(text, row, column):
    with pytest.raises(ScanError) as error:
        proto.scan(text, None)
    assert error_position(text, error.value) == (row, column)


def described(text: str) -> list[tuple]:
    return [(t.name, t.range, t.value, t.telemetry) for t in proto.scan(text, None)]


def test_a_plain_field_reads_the_same_as_one_with_comments_between_its_words():
    plain = "message A {\n  required  .pkg.T  x = 0x1F;\n  optional  int32  y = 010;\n}\n"
    commented = "message A {\n  required/**/.pkg.T/**/x = 0x1F;\n  optional/**/int32/**/y = 010;\n}\n"
    assert [d[3] for d in described(plain)] == [d[3] for d in described(commented)]
    fields = {t.get("field"): t for t in proto.scan(plain, None) if t.get("field")}
    assert (fields["x"].get("type"), fields["x"].get("number")) == (".pkg.T", 31)
    assert fields["y"].get("number") == 8  # octal, as protoc reads it


def test_a_package_after_the_messages_still_names_them():
    text = "message A { required int32 x = 1; }\npackage service.telemetry;\n"
    assert {t.get("package") for t in proto.scan(text, None)} == {"service.telemetry"}


@pytest.mark.parametrize("text", [
    "message A { optional x = 1; }",  # a label is not a type
    "message A { required int32 x = 09; }",  # not an octal number
    "message A { required group G = 1; }",  # a group needs its body
])
def test_words_that_look_like_a_field_but_are_not_one_are_errors(text):
    with pytest.raises(ScanError):
        proto.scan(text, None)


def test_an_option_statement_is_not_a_field():
    assert [t.name for t in proto.scan("message A { option deprecated = 1; }", None)] == ["A", "A"]


def test_unparsable_proto_is_one_parse_error_finding(check):
    found = check('syntax = "proto2";\npackage service.telemetry;\nmessage Position {\n', "proto", PROTO)
    assert [(f.code, f.span.start.row) for f in found] == [("MIG999", 4)]


# ---------------------------------------------------------------------- .proto drift
def test_the_contract_as_the_spec_lists_it_gives_no_findings(check, good):
    assert hits(check(good, "proto", PROTO)) == []


@pytest.mark.parametrize(("before", "after", "code"), [
    ("required float roll = 4;", "required float roll = 5;", "MIG202"),
    ("required float pressure = 2;", "required double pressure = 2;", "MIG203"),
    ("required float altitude_agl = 4;", "optional float altitude_agl = 4;", "MIG204"),
    ("required float velocity_z = 4;", "repeated float velocity_z = 4;", "MIG204"),
    ("required double longitude = 3;", "required double lon = 3;", "MIG205"),
    ("required float pressure = 2;", "required float pressure = 2;\n  required float temperature = 3;", "MIG207"),
])
def test_a_drifted_field_is_reported_on_its_own_line(check, good, before, after, code):
    text = good.replace(before, after)
    assert hits(check(text, "proto", PROTO)) == [(row_of(text, after.splitlines()[-1]), code)]


def test_a_missing_field_is_reported_on_the_message_line(check, good):
    text = good.replace("  required float horizontal_accuracy = 6;\n", "")
    found = [f for f in check(text, "proto", PROTO) if f.code.startswith("MIG2")]
    assert hits(found) == [(row_of(text, "message Position"), "MIG206")]
    assert "horizontal_accuracy" in found[0].message


def test_a_renamed_and_retyped_field_gives_both_findings_on_its_line(check, good):
    text = good.replace("required double latitude = 2;", "required float lat = 2;")
    row = row_of(text, "lat = 2")
    assert hits(check(text, "proto", PROTO)) == [(row, "MIG203"), (row, "MIG205")]


def test_an_extra_optional_field_is_not_reported(check, good):
    text = good.replace("required float pressure = 2;", "required float pressure = 2;\n  optional float t = 3;")
    assert hits(check(text, "proto", PROTO)) == []


def test_proto3_syntax_is_reported_and_every_unlabelled_field_is_relabelled(check, good):
    text = good.replace("  required ", "  ").replace('"proto2"', '"proto3"')
    found = hits(check(text, "proto", PROTO))
    assert found[0] == (1, "MIG200")
    assert {code for _, code in found[1:]} == {"MIG204"} and len(found) == 17


def test_messages_missing_from_the_contract_file_are_reported_on_the_package_line(check, good):
    text = good[: good.index("message Speed")]
    found = [f for f in check(text, "proto", PROTO) if f.code == "MIG201"]
    assert [f.span.start.row for f in found] == [2]
    assert "`Speed`, `Barometer`" in found[0].message


def test_a_file_with_a_single_contract_message_is_not_missing_the_others(check, good):
    text = good[: good.index("message Attitude")]
    assert hits(check(text, "proto", PROTO)) == []


def test_a_look_alike_in_another_package_is_not_reported(check, table):
    text = contract_proto(table, syntax="proto3", package="vendor.metrics").replace("= 2;", "= 9;")
    assert hits(check(text, "proto", PROTO)) == []


# ---------------------------------------------------------------------- recorded values
def attitude(yaw=10.0, pitch=0.0, roll=0.0) -> str:
    return f'{{"timestamp": 1718186400000, "yaw": {yaw}, "pitch": {pitch}, "roll": {roll}}}\n'


@pytest.mark.parametrize(("line", "code"), [
    (attitude(yaw=0), None),
    (attitude(yaw=0.0), None),
    (attitude(yaw=359.9999), None),
    (attitude(yaw=360), "MIG210"),
    (attitude(yaw=-0.5), "MIG210"),
    (attitude(pitch=180), None),
    (attitude(roll=180.0), None),
    (attitude(pitch=-179.9999), None),
    (attitude(pitch=-180), "MIG211"),
    (attitude(roll=180.0001), "MIG211"),
    (attitude(roll=-180.0), "MIG211"),
])
def test_recorded_angles_against_the_limits(check, line, code):
    assert hits(check(line, "json", "flight.jsonl")) == ([(1, code)] if code else [])


@pytest.mark.parametrize(("latitude", "flagged"), [
    ("52.5200066", False), ("-33.8688197", False), ("52.52000661", False),
    ("52.520007", True), ("52.52", True), ("52", True),
])
def test_recorded_latitude_needs_7_decimal_places(check, latitude, flagged):
    line = f'{{"timestamp": 1718186400000, "latitude": {latitude}, "longitude": 13.4049541}}'
    assert hits(check(line, "json", "track.json")) == ([(1, "MIG212")] if flagged else [])


def test_decimal_places_are_counted_as_written():
    assert [decimal_places(t) for t in ("52.5200000", "52.52", "52", "5.2520066e1", "1e-7", "x")] == [
        7, 2, 0, 6, 7, None]


def test_the_json_numbers_source_text_decides_when_the_scanner_gives_it(table):
    def touch(raw: str, value: float) -> Touch:
        return Touch("field", "latitude", (0, 8), "telemetry_position", "typed", "key",
                     value=value, written=Written(raw=raw))

    found = list(decimals([touch("52.5200000", 52.52), touch("52.52", 52.52)], [], table))
    assert [t.get("raw") for t, _ in found] == ["52.52"]


@pytest.mark.parametrize("line", [
    '{"type": "Position", "timestamp": 1718186400000, "latitude": 52.5200000, "longitude": 13.4000000}',
    '{"Position": {"timestamp": 1718186400000, "latitude": 52.5200000, "longitude": 13.4000000}}',
])
def test_trailing_zeros_of_a_recorded_message_count_as_decimal_places(check, line):
    assert hits(check(line, "json", "track.json")) == []


def test_a_recorded_message_named_by_its_type_is_checked_against_the_limits(check):
    line = '{"type": "service.telemetry.Attitude", "timestamp": 1718186400, "yaw": 360, "pitch": 0, "roll": 0}'
    assert hits(check(line, "json", "flight.jsonl")) == [(1, "MIG210"), (1, "MIG213")]


def json_scanner_gives_raw(table) -> bool:
    touches = recorded.scan('{"timestamp": 1, "latitude": 52.50, "longitude": 1.0}', table.model)
    return any(t.get("raw") for t in touches)


@pytest.mark.skipif(not json_scanner_gives_raw(load_table()), reason="the JSON scanner gives no raw text yet")
def test_trailing_zeros_of_a_coordinate_in_an_object_known_by_its_keys_count(check):
    line = '{"timestamp": 1718186400000, "latitude": 52.5200000, "longitude": 13.4000000}'
    assert hits(check(line, "json", "track.json")) == []


@pytest.mark.parametrize(("stamp", "flagged"), [
    (1718186400000, False), (1718186400, True), (1718186400.25, True), (1718186400000000, True), (0, False),
])
def test_recorded_timestamp_must_be_milliseconds(check, stamp, flagged):
    line = f'{{"timestamp": {stamp}, "pressure": 1013.25}}'
    assert hits(check(line, "json", "baro.json")) == ([(1, "MIG213")] if flagged else [])


def test_a_camera_config_with_yaw_like_keys_is_not_telemetry(check):
    text = '{"pan": 400, "yaw_offset": 725.0, "stabilisation": {"timestamp": 1718186400, "yaw": 365.0},\n' \
           ' "home": {"latitude": 52.52, "longitude": 13.4}}\n'
    assert hits(check(text, "json", "camera.json")) == []


# ---------------------------------------------------------------------- producer code
def producer(timestamp: str) -> str:
    return ("import time\nfrom datetime import datetime\nfrom telemetry_pb2 import Barometer\n"
            f"msg = Barometer(timestamp={timestamp}, pressure=1013.25)\n")


@pytest.mark.parametrize(("timestamp", "flagged"), [
    ("int(time.time())", True),
    ("time.time()", True),
    ("round(datetime.now().timestamp())", True),
    ("int(time.monotonic())", True),
    ("1718186400", True),
    ("time.time_ns()", True),
    ("int(time.time() * 1000)", False),
    ("int(time.time() * 1e3)", False),
    ("int(time.time()) * 1000", False),
    ("time.time_ns() // 1_000_000", False),
    ("time.time_ns() // 10**6", False),
    ("round(datetime.now().timestamp() * 1000)", False),
    ("1718186400000", False),
    ("now_ms()", False),
    ("stamp", False),
])
def test_producer_timestamp_must_be_milliseconds(check, timestamp, flagged):
    assert hits(check(producer(timestamp))) == ([(4, "MIG213")] if flagged else [])


def test_a_seconds_timestamp_assigned_to_a_message_field_is_reported(check):
    code = """import time
from telemetry_pb2 import Attitude
msg = Attitude(timestamp=0, yaw=0.0, pitch=0.0, roll=0.0)
msg.timestamp = int(time.time())
"""
    assert hits(check(code)) == [(4, "MIG213")]


def test_producer_literals_against_the_limits(check):
    code = """from telemetry_pb2 import Attitude, Position
a = Attitude(timestamp=1718186400000, yaw=360.0, pitch=-180, roll=180)
b = Attitude(timestamp=1718186400000, yaw=0, pitch=0.5, roll=-179.5)
p = Position(timestamp=1718186400000, latitude=52.520007, longitude=13.4049541)
"""
    assert hits(check(code)) == [(2, "MIG210"), (2, "MIG211"), (4, "MIG212")]


def test_a_log_record_with_a_seconds_timestamp_is_not_a_message(check):
    code = "import time, logging\nlogging.info('x', extra={'timestamp': int(time.time())})\n" \
           "Event(timestamp=int(time.time()), yaw=400.0)\n"
    assert hits(check(code)) == []


@pytest.mark.parametrize(("source", "unit"), [
    ("int(time.time())", "seconds"),
    ("(time.time() - start) * 1000", "milliseconds"),
    ("time.perf_counter_ns() // 1000", "microseconds"),
    ("time.time() * 100", "seconds × 10^2"),
    ("value", None),
    ("not python(", None),
])
def test_expression_unit(source, unit):
    assert expression_unit(source) == unit


def expression_unit(source: str) -> str | None:
    """The unit the telemetry check finds for a value written as ``source`` in producer code."""
    try:
        node = ast.parse(source, mode="eval").body
    except SyntaxError:
        return None
    return clock_unit(clock_scale(node))
