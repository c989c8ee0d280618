"""The region mechanism (migrator/regions): a span of a host written in another kind is read by
that kind, its touches moved into the host's offsets by one function, and a region that does not
parse is read for endpoint URLs only."""

from __future__ import annotations

from migrator.details import Expression, Origin, Shell, Written
from migrator.values import Touch
from migrator.regions import Piece, Region, dispatch
from migrator.regions.move import RANGES, moved, ranges_of
from migrator.source.maps import OffsetMap, shifted


def test_every_range_of_a_touch_is_moved():
    touch = Touch("param", "scope", (10, 15), written=Written(key_span=(10, 15), value_span=(16, 22)),
                  expression=Expression(compare=(8, 22)), shell=Shell((5, 23), words=(4, 23), piece=(10, 22)))
    assert [name for name, _ in ranges_of(touch)] == list(RANGES)
    after = moved(touch, shifted(100))
    assert [r for _, r in ranges_of(after)] == [(110, 115), (110, 115), (116, 122), (108, 122), (105, 123),
                                                (104, 123), (110, 122)]


def test_a_range_ends_where_its_last_character_is_written():
    # "ab" then a line break, then "cd" written 4 characters further on (an indented line)
    where = OffsetMap([(0, 10), (3, 17)])
    assert moved(Touch("field", "x", (0, 2)), where).range == (10, 12)
    assert moved(Touch("field", "x", (3, 5)), where).range == (17, 19)
    assert moved(Touch("field", "x", (4, 4)), where).range == (18, 18)


def test_a_touch_inside_a_string_of_a_region_whose_map_is_estimated_is_approximate():
    inside = Touch("field", "iid", (1, 4), origin=Origin(recorded=True, embedded="shell-string"))
    assert moved(inside, shifted(0), exact=False).origin.approximate
    assert not moved(inside, shifted(0)).origin.approximate
    plain = Touch("endpoint", "/runners", (1, 4))
    assert moved(plain, shifted(0), exact=False).origin == Origin()


def test_a_region_is_read_by_its_kind_and_its_touches_land_in_the_host(table):
    host = "before\n" + 'curl "$CI_API_V4_URL/runners?scope=active"\n'
    start = host.index("curl")
    region = Region("shell", (start, len(host)), host[start:], shifted(start))
    (endpoint, *_) = dispatch.scan(region, table.model)
    assert host[slice(*endpoint.range)] == "$CI_API_V4_URL/runners?scope=active"


def test_a_region_that_does_not_parse_is_read_for_endpoint_urls_only(table):
    snippet = 'requests.get(f"{base}/api/v4/projects/{pid}/merge_requests/{iid}/changes")\n...\nif x:\n'
    region = Region("python", (0, len(snippet)), snippet, shifted(0))
    reader, touches = dispatch.read(region, table.model)
    assert reader == "other"
    assert [t.name for t in touches if t.role == "endpoint"] == ["/projects/:id/merge_requests/:merge_request_iid/changes"]


def test_two_regions_holding_the_same_text_give_its_touches_once(table):
    text = 'curl "$CI_API_V4_URL/runners?scope=active"'
    region = Region("shell", (0, len(text)), text, shifted(0))
    once = dispatch.scan(region, table.model)
    assert dispatch.scan_all([region, region], table.model) == once


def test_a_piece_holds_an_edit_only_whole():
    region = Region("shell", (0, 20), "echo a\necho b\n", shifted(0),
                    pieces=(Piece(0, 6, (0, 6), "lines"), Piece(7, 13, (10, 16), "lines")))
    assert region.piece_at(7, 9).span == (10, 16)
    assert region.piece_at(5, 8) is None


def test_whether_a_yaml_file_is_a_recording_is_decided_in_one_place():
    from migrator.kinds.cassette import recorded_syntax, recording, recording_head

    cassette = "interactions:\n- request: {}\n"
    assert recording(cassette) and recording_head(cassette.encode()) and recorded_syntax(cassette) == "yaml"
    assert recorded_syntax('{"interactions": []}') == "json"  # JSON is read as JSON, whatever it holds
    assert not recording("stages: [test]\n")


def test_a_program_a_shell_script_runs_from_itself_is_a_region_of_its_language():
    from migrator.scan.shell import programs

    script = "python3 - <<'PY'\nimport os\nPY\npython -c 'print(1)'\nnode -e \"x($HOME)\"\ncat <<EOF\nhi\nEOF\n"
    heredoc, inline, node = programs(script)
    assert (heredoc.kind, heredoc.text, inline.kind, inline.text) == ("python", "import os\n", "python", "print(1)")
    assert script[heredoc.span[0]:heredoc.span[1]] == "import os\n" and heredoc.pieces and inline.pieces
    assert node.kind == "javascript" and not node.pieces  # an expansion: read, never edited
