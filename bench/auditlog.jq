# The jq equivalent of `migrator audit-log` on the benchmark's api_json.log (bench/apilog.py):
# per rule code, the requests that use what API v5 removes, their distinct users, first and last
# seen. It knows only the endpoints and parameters that log holds; migrator reads the rule table.
# usage: jq -n -c -f bench/auditlog.jq api_json.log
def route: (.route // .path) | ltrimstr("/api/:version") | ltrimstr("/api/v4") | split("/") | .[1:];
def param($name): any(.params[]?; .key == $name);
def writes: .method == "POST" or .method == "PUT" or .method == "PATCH";
def mirror_params: ["mirror", "mirror_trigger_builds", "mirror_user_id", "only_mirror_protected_branches",
                    "mirror_overwrites_diverged_branches", "mirror_branch_regex"];
def hits:
  route as $r
  | ($r | length) as $n
  | [ if $r[0] == "geo_nodes" then "MIG001" else empty end,
      if writes and any(.params[]?; .key == "private_profile" and .value == null) then "MIG020" else empty end,
      if .method == "GET" and $n >= 3 and $r[$n - 3] == "merge_requests" and $r[$n - 1] == "changes"
         then "MIG030" else empty end,
      if writes and $r[0] == "runners" and $n == 2 and param("active") then "MIG061" else empty end,
      if .method == "GET" and $r[0] == "runners" and ($n == 1 or ($n == 2 and $r[1] == "all")) and param("scope")
         then "MIG062" else empty end,
      if writes and (($n == 2 and ($r[0] == "groups" or $r[0] == "projects")) or $r == ["application", "settings"])
         and param("default_branch_protection") then "MIG080" else empty end,
      if writes and $r[0] == "projects" and $n <= 2 and any(.params[]?; .key | IN(mirror_params[]))
         then "MIG100" else empty end,
      if param("private_token") then "MIG300" else empty end ];
def tally($e):
  (. // {count: 0, users: {}, first: $e.time, last: $e.time})
  | .count += 1
  | .users[($e.username // $e.user_id // "(anonymous)") | tostring] = true
  | if $e.time < .first then .first = $e.time else . end
  | if $e.time > .last then .last = $e.time else . end;

reduce (inputs | select(type == "object" and (.method | type) == "string")) as $e
  ({requests: 0, matched_requests: 0, rules: {}};
   ($e | hits) as $hits
   | .requests += 1
   | if $hits == [] then . else
       .matched_requests += 1
       | reduce $hits[] as $code (.; .rules[$code] |= tally($e))
     end)
| .rules |= map_values(.users |= length)
