"""PHP, second round (issue 17): the shapes of PHP code that uses the API which the first round
left unread, each as data on the language (migrator/scan/tree/php.py): Laravel's HTTP client and
other static calls, nullsafe accesses, casts of a body, constructor-promoted properties, callbacks
over a decoded list, URLs built with ``.=``, and Symfony's HttpClient."""

from __future__ import annotations

from .test_scan_php import API, TAG, codes, fix, touches


# ---------------------------------------------------------------- Laravel's Http facade
def test_laravels_http_get_sends_its_second_argument_as_the_query(table):
    code = API + "$runners = Http::get(\"$api/runners\", ['scope' => 'active'])->json();\n"
    assert touches(code, table, "param") == [("param", "scope", "runner", "typed", "filter", "GET", "active")]


def test_laravels_http_post_sends_its_second_argument_as_the_body(table):
    code = API + "Http::withToken($token)->put(\"$api/runners/$id\", ['active' => false]);\n"
    assert touches(code, table, "param") == [("param", "active", "runner", "typed", "update", "PUT", False)]


def test_a_laravel_response_is_the_record_through_json_object_and_array_access(table):
    code = API + ("$mr = Http::withToken($t)->acceptJson()->get(\"$api/projects/$p/merge_requests/$iid\");\n"
                  "echo $mr['merge_status'], $mr->json()['merged_by'], $mr->object()->merged_by;\n")
    assert [t[1:4] for t in touches(code, table, "field")] == [
        ("merge_status", "merge_request", "typed"), ("merged_by", "merge_request", "typed"),
        ("merged_by", "merge_request", "typed")]


def test_laravels_json_with_a_key_reads_that_field_and_a_fix_renames_the_key(table, tmp_path):
    code = API + ("$res = Http::get(\"$api/projects/$p/merge_requests/$iid\");\n"
                  "echo $res->json('merged_by')['username'], $res->json('commit.id');\n")
    assert [t[1:4] for t in touches(code, table, "field") if t[2]] == [("merged_by", "merge_request", "typed")]
    first, second = fix(tmp_path, code, "--unsafe-fixes")
    assert "echo $res->json('merge_user')['username'], $res->json('commit.id');\n" in first and second == first


def test_headers_and_query_set_before_laravels_verb_belong_to_its_request(check):
    code = API + ("Http::withHeaders(['PRIVATE-TOKEN' => $token])->acceptJson()->get(\"$api/geo_nodes\");\n"
                  "Http::withQueryParameters(['private_token' => $token])->get(\"$api/projects\");\n")
    assert codes(check, code) == [("MIG001", 3), ("MIG300", 4)]


def test_laravels_fake_responses_keyed_by_url_are_recordings_of_that_endpoint(check):
    code = ("Http::fake([\n"
            "    '*/api/v4/projects/1/merge_requests/2/changes' => Http::response(['changes' => []]),\n"
            "]);\n")
    assert [(f.code, f.span.start.row, f.fix.applicability) for f in check(TAG + code, "php", "ReviewTest.php")] == [
        ("MIG030", 3, "display-only")]


def test_a_static_call_of_a_class_that_is_no_http_client_sends_nothing(table):
    code = API + "$mr = Cache::get(\"$api/projects/$p/merge_requests/$iid\", ['scope' => 'active']);\n"
    assert touches(code, table, "param") == []


# ---------------------------------------------------------------- nullsafe accesses
def test_nullsafe_reads_and_calls_are_read_as_their_plain_forms(table):
    code = API + ("$mr = json_decode($client->get(\"$api/projects/$p/merge_requests/$iid\")->getBody());\n"
                  "echo $mr?->merged_by?->username;\n"
                  "$x = $gitlab?->mergeRequests()->show($p, $iid);\n"
                  "echo $x['merge_status'];\n")
    assert [t[1:4] for t in touches(code, table, "field") if t[2]] == [
        ("merged_by", "merge_request", "typed"), ("merge_status", "merge_request", "typed")]


def test_a_nullsafe_field_is_renamed_but_a_negated_one_is_left_as_it_may_be_null(tmp_path):
    code = API + ("$mr = json_decode($client->get(\"$api/projects/$p/merge_requests/$iid\")->getBody());\n"
                  "echo $mr?->merged_by?->username;\n"
                  "$runner = json_decode($client->get(\"$api/runners/$id\")->getBody());\n"
                  "if (!$runner?->active) {}\n")
    first, second = fix(tmp_path, code, "--unsafe-fixes")
    assert "echo $mr?->merge_user?->username;\n" in first and "if (!$runner?->active) {}\n" in first
    assert second == first


# ---------------------------------------------------------------- bodies cast to a string
def test_a_body_cast_to_a_string_and_decoded_is_the_record(table):
    code = API + ("$res = $guzzle->get(\"$api/projects/$p/merge_requests/$iid\");\n"
                  "$mr = json_decode((string) $res->getBody(), true);\n"
                  "echo $mr['merge_status'];\n")
    assert [t[1:4] for t in touches(code, table, "field")] == [("merge_status", "merge_request", "typed")]


# ---------------------------------------------------------------- declarations
def test_constructor_promoted_properties_declare_a_record_shown_not_fixed(check):
    code = ("final class MergeRequest\n{\n    public function __construct(\n"
            "        public readonly int $iid,\n        public readonly string $merge_status,\n"
            "        private ?array $merged_by = null,\n    ) {}\n}\n")
    found = [(f.code, f.span.start.row, f.fix.applicability) for f in check(TAG + code, "php", "example.php")]
    assert found == [("MIG011", 6, "display-only"), ("MIG010", 7, "display-only")]


def test_promoted_parameters_of_a_class_of_another_system_declare_nothing(check):
    code = "class Runner\n{\n    public function __construct(public bool $active, public string $name) {}\n}\n"
    assert codes(check, code) == []


# ---------------------------------------------------------------- callbacks over a decoded list
def test_array_map_and_array_filter_callbacks_get_an_element_of_the_list(table):
    code = API + ("$runners = json_decode($client->get(\"$api/runners/all\")->getBody(), true);\n"
                  "$ips = array_map(fn ($r) => $r['ip_address'], $runners);\n"
                  "$idle = array_filter($runners, function ($x) { return !$x['active']; });\n"
                  "foreach ($runners as $one) { echo $one['status']; }\n")
    assert [t[1:4] for t in touches(code, table, "field")] == [
        ("ip_address", "runner", "typed"), ("active", "runner", "typed"), ("status", "runner", "typed")]


def test_a_laravel_collection_of_records_passes_them_to_its_callbacks(table):
    code = API + ("$mrs = Http::get(\"$api/projects/$p/merge_requests\")->json();\n"
                  "$ready = collect($mrs)->filter(fn ($m) => $m['merge_status'] === 'can_be_merged');\n")
    assert [t[1:5] for t in touches(code, table, "field")] == [("merge_status", "merge_request", "typed", "compare")]


def test_a_callback_over_a_list_the_walk_cannot_type_gets_named_evidence_by_its_parameter(table):
    code = "$ips = array_map(fn ($runner) => $runner['ip_address'], $this->load());\n"
    assert [t[1:4] for t in touches(code, table, "field")] == [("ip_address", "runner", "named")]


# ---------------------------------------------------------------- URLs built with .=
def test_a_url_grown_with_dot_equals_is_reported_where_its_new_endpoint_is_appended(check):
    code = API + ("$url = \"$api/projects/$p/merge_requests/$iid\";\n"
                  "if ($diff) {\n    $url .= '/changes';\n}\n"
                  "$res = $client->get($url);\n")
    assert codes(check, code) == [("MIG030", 5)]


def test_dot_equals_on_a_name_holding_no_url_is_no_request(check):
    assert codes(check, "$log = 'fetching ';\n$log .= 'merge_requests/1/changes';\n") == []


# ---------------------------------------------------------------- Symfony's HttpClient
def test_symfonys_http_client_keeps_its_base_uri_and_its_to_array_is_the_record(table):
    code = ("$http = HttpClient::create(['base_uri' => 'https://gitlab.example.com/api/v4/']);\n"
            "$runners = $http->request('GET', 'runners', ['query' => ['scope' => 'paused']])->toArray();\n"
            "echo $runners[0]['ip_address'];\n")
    assert [t[:4] for t in touches(code, table) if t[0] != "field" or t[2]] == [
        ("endpoint", "/runners", "runner", "typed"), ("param", "scope", "runner", "typed"),
        ("field", "ip_address", "runner", "typed")]


def test_an_injected_symfony_client_requests_the_api_by_its_url(table):
    code = API + ("$nodes = $this->httpClient->request('GET', \"$api/geo_nodes\")->toArray();\n"
                  "foreach ($nodes as $node) { echo $node['url']; }\n")
    assert [t[:4] for t in touches(code, table)] == [
        ("endpoint", "/geo_nodes", "geo_node", "typed"), ("field", "url", "geo_node", "typed")]


# ---------------------------------------------------------------- API roots and the program's own fields
def test_an_api_root_formatted_later_with_each_path_carries_its_token_in_the_query(check):
    code = ("function apiRoot($gitlab) {\n"
            "    return rtrim($gitlab->url, '/') . '/api/v4%s' . \"?private_token={$gitlab->token}\";\n}\n"
            "$url = sprintf($this->apiRoot($gitlab), '/projects');\n")
    assert codes(check, code) == [("MIG300", 3)]


def test_a_camelcase_property_is_the_programs_own_field_not_the_apis(check):
    code = ("$MR->mergeStatus = $rawMR->merge_status;\n"
            "echo $lang->mr->mergeStatus;\n")
    assert codes(check, code) == [("MIG011", 2)]


def test_a_relative_path_carrying_the_apis_own_token_is_the_apis_though_its_base_is_unseen(check):
    code = ("$this->client->request('GET', 'projects/' . $id . '/repository/tags/' . $tag . '?private_token=' . $t);\n"
            "$this->client->request('GET', 'repos/' . $repo . '/tags?access_token=' . $t);\n"
            "$this->client->request('GET', 'projects/' . $id . '/repository/tags');\n")
    assert codes(check, code) == [("MIG300", 2)]


# ---------------------------------------------------------------- queries built for a URL the walk cannot see
def test_a_query_built_with_the_apis_own_token_for_an_unseen_url_sends_it_in_the_query(check):
    code = ("function formatUri($uri, $parameters = []) {\n"
            "    $data = ['private_token' => $this->token];\n"
            "    $data = array_merge($data, $parameters);\n"
            "    return sprintf('%s?%s', $uri, http_build_query($data));\n}\n"
            "$other = sprintf('%s?%s', $uri, http_build_query(['access_token' => $t]));\n")
    assert codes(check, code) == [("MIG300", 3)]


def test_a_built_query_a_request_sends_is_reported_once_by_that_request(check):
    code = API + ("$client->get(\"$api/runners?\" . http_build_query(['private_token' => $t]));\n"
                  "$q = http_build_query(['private_token' => $t]);\n"
                  "$client->get(\"$api/projects?\" . $q);\n"
                  "$link = \"$api/users?\" . http_build_query(['private_token' => $t]);\n")
    assert codes(check, code) == [("MIG300", 3), ("MIG300", 4), ("MIG300", 6)]


def test_a_query_whose_keys_are_set_one_by_one_sends_the_token_set_there(check):
    code = API + ("function fetch($root, $path) {\n"
                  "    $params = array();\n"
                  "    $params['private_token'] = $this->token;\n"
                  "    $params['per_page'] = 100;\n"
                  "    return $root . $path . '?' . http_build_query($params);\n}\n"
                  "function runners($client, $t) {\n"
                  "    $query = ['per_page' => 100];\n"
                  "    $query['private_token'] = $t;\n"
                  "    return $client->get(\"$api/runners?\" . http_build_query($query));\n}\n")
    assert codes(check, code) == [("MIG300", 5), ("MIG300", 11)]
