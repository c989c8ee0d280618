#!/usr/bin/env python3
"""Generate the synthetic "multilang" corpus (deterministic for a given seed; standard library only).

API clients of the GitLab REST API v4 in TypeScript, JavaScript, Go, Ruby and Java, plus some
Python, CI YAML and JSON (gen_gitlab_corpus.py's), each calling the endpoints and reading the
fields that v5 removes, in the shapes real clients use: fetch/axios with template strings,
net/http with fmt.Sprintf and struct tags, Net::HTTP/HTTParty and the gitlab gem's objects,
java.net.http/OkHttp with String.format, gitlab4j getters and Jackson nodes. About one client
file in five is clean (the v5 replacements only), so the benchmark also measures the files that
pass. Why: to time migrator, semgrep and ast-grep on the same items in every client language
(bench/run.py, group ``multilang``), as gitlab-heavy does for Python.

Templates use @NAME@ placeholders (not str.format: the code is full of braces); @T:x@ is a type
annotation kept in TypeScript and dropped in JavaScript.
By hand: python -m bench.gen_multilang_corpus --out DIR (bench/run.py builds it under its cache).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re

from . import gen_gitlab_corpus as py

MR, RUNNER = ["mr", "mergeRequest", "req", "candidate"], ["runner", "ciRunner", "sharedRunner"]
VERBS = ["sync", "collect", "report", "audit", "check", "update", "export", "cleanup", "scan", "notify"]
NOUNS = ["MergeRequests", "Runners", "Projects", "Groups", "Users", "Approvals", "Pipelines", "Nodes"]

# ----------------------------------------------------------------------------- TypeScript / JavaScript
JS_DEP = {
    "geo": ['const res = await fetch(`${BASE}/api/v4/geo_nodes`, { headers: HEADERS });\n'
            'return (await res.json())@T: as GeoNode[]@;',
            'const { data } = await axios.get(BASE + "/api/v4/geo_nodes/" + id + "/status", { headers: HEADERS });\n'
            'return data.health_status;'],
    "changes": ['const { data } = await axios.get(`${BASE}/api/v4/projects/${projectId}/merge_requests/${iid}/changes`);\n'
                'return data.changes.map((c@T:: Change@) => c.new_path);',
                'const res = await fetch(`${BASE}/api/v4/projects/${encodeURIComponent(path)}/merge_requests/${iid}/changes?access_raw_diffs=true`);\n'
                'return res.json();'],
    "runner": ['const res = await fetch(`${BASE}/api/v4/runners/all?scope=active&per_page=100`, { headers: HEADERS });\n'
               'const runners@T:: Runner[]@ = await res.json();\nreturn runners.map((r) => r.description);',
               'const @R@ = (await axios.get(`${BASE}/api/v4/runners/${id}`)).data;\n'
               'if (!@R@.active) {\n  console.warn(`runner ${id} is paused`);\n}\nreturn @R@.active;'],
    "merged_by": ['return @MR@.merged_by ? @MR@.merged_by.username : null;',
                  'const who = @MR@["merged_by"];\nreturn who === null ? "unknown" : who.name;'],
    "merge_status": ['if (@MR@.merge_status === "can_be_merged" && !@MR@.draft) {\n  return true;\n}\nreturn false;',
                     'while (["unchecked", "checking"].includes(@MR@["merge_status"])) {\n'
                     '  await sleep(1000);\n  @MR@ = (await axios.get(`${BASE}/api/v4/projects/${projectId}/merge_requests/${iid}`)).data;\n}\n'
                     'return @MR@.merge_status;'],
    "approvers": ['const { data: cfg } = await axios.get(`${BASE}/api/v4/projects/${projectId}/approvals`);\n'
                  'return cfg.approvers.map((a@T:: Approver@) => a.user.username).concat(cfg.approver_groups.map((g@T:: any@) => g.group.name));'],
    "private_profile": ['await axios.put(`${BASE}/api/v4/users/${id}`, { private_profile: null, bio: "" }, { headers: HEADERS });'],
    "branch_protection": ['await axios.put(`${BASE}/api/v4/groups/${id}`, { default_branch_protection: 2 }, { headers: HEADERS });'],
    "password": ['await axios.post(`${BASE}/api/v4/projects/${projectId}/approvals`, { require_password_to_approve: true });'],
}
JS_CLEAN = [
    'const res = await fetch(`${BASE}/api/v4/geo_sites`, { headers: HEADERS });\nreturn res.json();',
    'const { data } = await axios.get(`${BASE}/api/v4/projects/${projectId}/merge_requests/${iid}/diffs`);\nreturn data.length;',
    'const { data } = await axios.get(`${BASE}/api/v4/projects/${projectId}/merge_requests/${iid}`);\n'
    'return data.detailed_merge_status === "mergeable" ? data.merge_user : null;',
    'const runners@T:: Runner[]@ = (await axios.get(`${BASE}/api/v4/runners?paused=false`)).data;\n'
    'return runners.filter((r) => !r.paused).length;',
    'const { data } = await axios.get(`${BASE}/api/v4/projects/${projectId}/pipelines`, { params: { ref: "main" } });\n'
    'return data.filter((p@T:: Pipeline@) => p.status === "failed");',
    'const labels = await fetch(`${BASE}/api/v4/projects/${projectId}/labels`).then((r) => r.json());\nreturn labels.map((l@T:: Label@) => l.name);',
]
JS_TYPES = ("export interface Runner { id: number; description: string; active?: boolean; paused: boolean }\n"
            "export interface Change { new_path: string }\nexport interface Approver { user: { username: string } }\n"
            "export interface GeoNode { id: number }\nexport interface Pipeline { status: string }\n"
            "export interface Label { name: string }\n")


def js_file(rng: random.Random, blocks: list[str], typescript: bool) -> str:
    """A TypeScript (ES module, typed, importing ./types) or JavaScript (CommonJS) module: each
    body an exported async function taking the merge request, project, iid and id it works on."""
    head = ('import axios from "axios";\nimport type { Approver, Change, GeoNode, Label, Pipeline, Runner } from "./types";\n\n'
            if typescript else 'const axios = require("axios");\n\n')
    head += ('const BASE = process.env.GITLAB_URL ?? "https://gitlab.example.com";\n'
             'const HEADERS = { "PRIVATE-TOKEN": process.env.GITLAB_TOKEN ?? "" };\n'
             'const sleep = (ms@T:: number@) => new Promise((done) => setTimeout(done, ms));\n\n')
    out = [head]
    for body in blocks:
        mr, body = _vars(rng, body)
        args = f"{mr}@T:: any@, projectId@T:: number@, iid@T:: number@, id@T:: number@, path@T:: string@"
        out.append(f"export async function {_name(rng)}({args}) {{\n{_indent(body, 2)}\n}}\n\n")
    text = "".join(out) + ("" if typescript else "module.exports = {};\n")
    return _types(text, typescript)


# ----------------------------------------------------------------------------- Go
GO_DEP = {
    "geo": ['req, err := http.NewRequest("GET", base+"/api/v4/geo_nodes", nil)\nif err != nil {\n\treturn nil, err\n}\n'
            'req.Header.Set("PRIVATE-TOKEN", token)\nreturn c.Do(req)'],
    "changes": ['url := fmt.Sprintf("%s/api/v4/projects/%d/merge_requests/%d/changes", base, pid, iid)\nreturn c.Get(url)'],
    "runner": ['return c.Get(fmt.Sprintf("%s/api/v4/runners/all?scope=active&per_page=%d", base, 100))',
               'var @R@ Runner\nif err := get(c, fmt.Sprintf("%s/api/v4/runners/%d", base, iid), &@R@); err != nil {\n\treturn nil, err\n}\n'
               'if !@R@.Active {\n\tlog.Printf("runner %d is paused", iid)\n}\nreturn nil, nil'],
    "merged_by": ['var @MR@ MergeRequest\nif err := get(c, mrURL(base, pid, iid), &@MR@); err != nil {\n\treturn nil, err\n}\n'
                  'if @MR@.MergedBy != nil {\n\tlog.Printf("merged by %s", @MR@.MergedBy.Username)\n}\nreturn nil, nil'],
    "merge_status": ['var @MR@ MergeRequest\nif err := get(c, mrURL(base, pid, iid), &@MR@); err != nil {\n\treturn nil, err\n}\n'
                     'if @MR@.MergeStatus == "can_be_merged" {\n\treturn c.Post(mrURL(base, pid, iid)+"/merge", "application/json", nil)\n}\nreturn nil, nil'],
    "approvers": ['var cfg ApprovalConfig\nif err := get(c, fmt.Sprintf("%s/api/v4/projects/%d/approvals", base, pid), &cfg); err != nil {\n'
                  '\treturn nil, err\n}\nlog.Printf("%d approvers, %d groups", len(cfg.Approvers), len(cfg.ApproverGroups))\nreturn nil, nil'],
    "private_profile": ['body := strings.NewReader(`{"private_profile": null, "bio": ""}`)\n'
                        'req, _ := http.NewRequest("PUT", fmt.Sprintf("%s/api/v4/users/%d", base, iid), body)\nreturn c.Do(req)'],
    "branch_protection": ['form := url.Values{}\nform.Set("default_branch_protection", "2")\n'
                          'return c.PostForm(fmt.Sprintf("%s/api/v4/groups/%d", base, pid), form)'],
    "password": ['form := url.Values{}\nform.Set("require_password_to_approve", "true")\n'
                 'return c.PostForm(fmt.Sprintf("%s/api/v4/projects/%d/approvals", base, pid), form)'],
}
GO_CLEAN = [
    'return c.Get(base + "/api/v4/geo_sites")',
    'return c.Get(fmt.Sprintf("%s/api/v4/projects/%d/merge_requests/%d/diffs", base, pid, iid))',
    'var mr MergeRequestV5\nif err := get(c, mrURL(base, pid, iid), &mr); err != nil {\n\treturn nil, err\n}\n'
    'log.Printf("%s by %v", mr.DetailedMergeStatus, mr.MergeUser)\nreturn nil, nil',
    'return c.Get(fmt.Sprintf("%s/api/v4/runners?paused=false&per_page=%d", base, 100))',
    'return c.Get(fmt.Sprintf("%s/api/v4/projects/%d/pipelines?ref=%s", base, pid, "main"))',
]
GO_TYPES_DEP = """type User struct {
\tID       int    `json:"id"`
\tUsername string `json:"username"`
}

type MergeRequest struct {
\tIID         int    `json:"iid"`
\tMergeStatus string `json:"merge_status"`
\tMergedBy    *User  `json:"merged_by"`
}

type Runner struct {
\tID     int  `json:"id"`
\tActive bool `json:"active"`
}

type ApprovalConfig struct {
\tApprovers      []User            `json:"approvers"`
\tApproverGroups []json.RawMessage `json:"approver_groups"`
}
"""
GO_TYPES_CLEAN = """type MergeRequestV5 struct {
\tIID                 int             `json:"iid"`
\tDetailedMergeStatus string          `json:"detailed_merge_status"`
\tMergeUser           json.RawMessage `json:"merge_user"`
}
"""


def go_types(package: str) -> str:
    """The package's types.go: the response types its clients decode into (one per package, as
    a Go package defines each type once; its struct tags name the deprecated fields)."""
    return f'package {package}\n\nimport "encoding/json"\n\n{GO_TYPES_DEP}\n{GO_TYPES_CLEAN}'


def go_file(rng: random.Random, blocks: list[str], package: str) -> str:
    """A Go file of ``package``: net/http helpers and one exported function per body (the types
    it decodes into are in the package's types.go)."""
    out = [f'package {package}\n\nimport (\n\t"encoding/json"\n\t"fmt"\n\t"log"\n\t"net/http"\n\t"net/url"\n\t"strings"\n)\n\n',
           'var _ = strings.NewReader\nvar _ url.Values\nvar _ json.RawMessage\nvar _ = log.Printf\n\n']
    out.append('func mrURL(base string, pid, iid int) string {\n'
               '\treturn fmt.Sprintf("%s/api/v4/projects/%d/merge_requests/%d", base, pid, iid)\n}\n\n'
               'func get(c *http.Client, u string, v interface{}) error {\n\tres, err := c.Get(u)\n\tif err != nil {\n'
               '\t\treturn err\n\t}\n\tdefer res.Body.Close()\n\treturn json.NewDecoder(res.Body).Decode(v)\n}\n\n')
    for body in blocks:
        name, body = _name(rng), _vars(rng, body)[1]
        out.append(f"// {name[0].upper() + name[1:]} calls the GitLab API.\n"
                   f"func {name[0].upper() + name[1:]}(c *http.Client, base, token string, pid, iid int) (*http.Response, error) {{\n"
                   f"\t_ = token\n{_indent(body, 1, chr(9))}\n}}\n\n")
    return "".join(out)


# ----------------------------------------------------------------------------- Ruby
RB_DEP = {
    "geo": ['uri = URI("#{base}/api/v4/geo_nodes")\nres = Net::HTTP.get_response(uri)\nJSON.parse(res.body)'],
    "changes": ['HTTParty.get("#{base}/api/v4/projects/#{pid}/merge_requests/#{iid}/changes", headers: headers)["changes"]'],
    "runner": ['HTTParty.get("#{base}/api/v4/runners/all?scope=active", headers: headers).parsed_response',
               '@R@ = Gitlab.runner(iid)\nwarn "runner #{iid} is paused" unless @R@.active\n@R@.active'],
    "merged_by": ['@MR@ = Gitlab.merge_request(pid, iid)\n@MR@.merged_by ? @MR@.merged_by.username : nil',
                  '@MR@ = HTTParty.get("#{base}/api/v4/projects/#{pid}/merge_requests/#{iid}", headers: headers)\n'
                  '(@MR@["merged_by"] || {})["name"]'],
    "merge_status": ['@MR@ = Gitlab.merge_request(pid, iid)\n@MR@.merge_status == "can_be_merged"',
                     '@MR@ = JSON.parse(Net::HTTP.get(URI("#{base}/api/v4/projects/#{pid}/merge_requests/#{iid}")))\n'
                     '%w[unchecked checking].include?(@MR@["merge_status"])'],
    "approvers": ['cfg = Gitlab.project_approvals(pid)\ncfg.approvers.map { |a| a.user.username } + cfg.approver_groups.map { |g| g.group.name }'],
    "private_profile": ['HTTParty.put("#{base}/api/v4/users/#{iid}", body: { private_profile: nil, bio: "" }, headers: headers)'],
    "branch_protection": ['Gitlab.edit_group(pid, { default_branch_protection: 2 })'],
    "password": ['HTTParty.post("#{base}/api/v4/projects/#{pid}/approvals", body: { require_password_to_approve: true }, headers: headers)'],
}
RB_CLEAN = [
    'JSON.parse(Net::HTTP.get(URI("#{base}/api/v4/geo_sites")))',
    'HTTParty.get("#{base}/api/v4/projects/#{pid}/merge_requests/#{iid}/diffs", headers: headers).size',
    'mr = Gitlab.merge_request(pid, iid)\nmr.detailed_merge_status == "mergeable" ? mr.merge_user : nil',
    'HTTParty.get("#{base}/api/v4/runners?paused=false", headers: headers).count { |r| !r["paused"] }',
    'Gitlab.pipelines(pid, ref: "main").select { |p| p.status == "failed" }',
]


def rb_file(rng: random.Random, blocks: list[str]) -> str:
    """A Ruby module of module functions, one per body."""
    out = ['# frozen_string_literal: true\n\nrequire "json"\nrequire "net/http"\nrequire "httparty"\nrequire "gitlab"\n\n'
           f"module {rng.choice(NOUNS)}Tool\n"]
    for body in map(lambda b: _vars(rng, b, ruby=True)[1], blocks):
        out.append(f"  def self.{_snake(_name(rng))}(base, headers, pid, iid)\n{_indent(body, 4)}\n  end\n\n")
    return "".join(out).rstrip("\n") + "\nend\n"


# ----------------------------------------------------------------------------- Java
JAVA_DEP = {
    "geo": ['HttpRequest req = HttpRequest.newBuilder(URI.create(base + "/api/v4/geo_nodes")).header("PRIVATE-TOKEN", token).build();\n'
            'return http.send(req, HttpResponse.BodyHandlers.ofString()).body();'],
    "changes": ['String url = String.format("%s/api/v4/projects/%d/merge_requests/%d/changes", base, pid, iid);\n'
                'try (Response res = ok.newCall(new Request.Builder().url(url).build()).execute()) {\n    return res.body().string();\n}'],
    "runner": ['return get(base + "/api/v4/runners/all?scope=active&per_page=100");',
               'Runner @R@ = gitLabApi.getRunnersApi().getRunnerDetail(iid);\nreturn String.valueOf(@R@.getActive());'],
    "merged_by": ['MergeRequest @MR@ = gitLabApi.getMergeRequestApi().getMergeRequest(pid, iid);\n'
                  'return @MR@.getMergedBy() == null ? null : @MR@.getMergedBy().getUsername();',
                  'JsonNode @MR@ = mapper.readTree(get(base + "/api/v4/projects/" + pid + "/merge_requests/" + iid));\n'
                  'return @MR@.get("merged_by").path("name").asText();'],
    "merge_status": ['MergeRequest @MR@ = gitLabApi.getMergeRequestApi().getMergeRequest(pid, iid);\n'
                     'return "can_be_merged".equals(@MR@.getMergeStatus()) ? "ready" : "wait";',
                     'JsonNode @MR@ = mapper.readTree(get(base + "/api/v4/projects/" + pid + "/merge_requests/" + iid));\n'
                     'return @MR@.path("merge_status").asText();'],
    "approvers": ['ApprovalState cfg = gitLabApi.getMergeRequestApi().getApprovals(pid, iid);\n'
                  'return cfg.getApprovers().size() + "/" + cfg.getApproverGroups().size();'],
    "private_profile": ['ObjectNode body = mapper.createObjectNode();\nbody.putNull("private_profile");\n'
                        'return put(base + "/api/v4/users/" + iid, body.toString());'],
    "branch_protection": ['Map<String, Object> params = new HashMap<>();\nparams.put("default_branch_protection", 2);\n'
                          'return put(String.format("%s/api/v4/groups/%d", base, pid), mapper.writeValueAsString(params));'],
    "password": ['return post(String.format("%s/api/v4/projects/%d/approvals", base, pid), '
                 'mapper.writeValueAsString(Map.of("require_password_to_approve", true)));'],
}
JAVA_CLEAN = [
    'return get(base + "/api/v4/geo_sites");',
    'return get(String.format("%s/api/v4/projects/%d/merge_requests/%d/diffs", base, pid, iid));',
    'JsonNode mr = mapper.readTree(get(String.format("%s/api/v4/projects/%d/merge_requests/%d", base, pid, iid)));\n'
    'return mr.path("detailed_merge_status").asText() + " " + mr.path("merge_user").path("username").asText();',
    'return get(base + "/api/v4/runners?paused=false&per_page=100");',
    'return get(String.format("%s/api/v4/projects/%d/pipelines?ref=main", base, pid));',
]
JAVA_IMPORTS = ("import com.fasterxml.jackson.databind.JsonNode;\nimport com.fasterxml.jackson.databind.ObjectMapper;\n"
                "import com.fasterxml.jackson.databind.node.ObjectNode;\nimport java.net.URI;\nimport java.net.http.HttpClient;\n"
                "import java.net.http.HttpRequest;\nimport java.net.http.HttpResponse;\nimport java.util.HashMap;\nimport java.util.Map;\n"
                "import okhttp3.OkHttpClient;\nimport okhttp3.Request;\nimport okhttp3.Response;\nimport org.gitlab4j.api.GitLabApi;\n"
                "import org.gitlab4j.api.models.ApprovalState;\nimport org.gitlab4j.api.models.MergeRequest;\n"
                "import org.gitlab4j.api.models.Runner;\n")


def java_file(rng: random.Random, blocks: list[str], package: str, cls: str) -> str:
    """A Java class with HttpClient, OkHttp, Jackson and gitlab4j at hand, one method per body."""
    out = [f"package {package};\n\n{JAVA_IMPORTS}\n",
           f"public abstract class {cls} {{\n    private final HttpClient http = HttpClient.newHttpClient();\n"
           "    private final OkHttpClient ok = new OkHttpClient();\n    private final ObjectMapper mapper = new ObjectMapper();\n"
           "    protected GitLabApi gitLabApi;\n    protected String base;\n    protected String token;\n\n"
           "    protected abstract String get(String url) throws Exception;\n"
           "    protected abstract String put(String url, String body) throws Exception;\n"
           "    protected abstract String post(String url, String body) throws Exception;\n\n"]
    for body in map(lambda b: _vars(rng, b)[1], blocks):
        out.append(f"    public String {_name(rng)}(long pid, long iid) throws Exception {{\n{_indent(body, 8)}\n    }}\n\n")
    return "".join(out).rstrip("\n") + "\n}\n"


# ----------------------------------------------------------------------------- shared helpers
def _name(rng: random.Random) -> str:
    return f"{rng.choice(VERBS)}{rng.choice(NOUNS)}{rng.randint(1, 99)}"


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _indent(text: str, n: int, char: str = " ") -> str:
    return "\n".join(char * n + line if line else line for line in text.splitlines())


def _vars(rng: random.Random, body: str, ruby: bool = False) -> tuple[str, str]:
    """(merge request variable, body with its variables named): a runner variable's name holds
    "runner", as the Python rule set's name test expects."""
    mr, runner = rng.choice(MR), rng.choice(RUNNER)
    if ruby:
        mr, runner = _snake(mr), _snake(runner)
    return mr, body.replace("@MR@", mr).replace("@R@", runner)


def _types(text: str, keep: bool) -> str:
    """Keep @T:x@ annotations as ``x`` in TypeScript, drop them in JavaScript."""
    return re.sub(r"@T:(.*?)@", (lambda m: m.group(1)) if keep else "", text)


def _blocks(rng: random.Random, dep: dict[str, list[str]], clean: list[str], with_dep: bool) -> tuple[list[str], int]:
    """3 to 7 function bodies: benign ones, and for a file with deprecated uses 1 to 3 of those
    (their @MR@ and @R@ variables are named by the file writer, _vars)."""
    bodies = [rng.choice(clean) for _ in range(rng.randint(2, 4))]
    n = rng.choice([1, 1, 2, 2, 3]) if with_dep else 0
    for _ in range(n):
        body = rng.choice(dep[rng.choice(sorted(dep))])
        bodies.insert(rng.randint(0, len(bodies)), body)
    return bodies, n


LANGS = ("ts", "js", "go", "rb", "java")
COUNTS = {"ts": 400, "js": 200, "go": 300, "rb": 250, "java": 250, "py": 100, "ci": 50, "json": 50}
CLEAN_SHARE = 0.2


def _client(rng: random.Random, lang: str, i: int, with_dep: bool) -> tuple[str, str, int]:
    """(relative path, text, deprecated blocks) of the i-th client file of ``lang``."""
    team = f"team-{i % 20:02d}"
    if lang in ("ts", "js"):
        blocks, n = _blocks(rng, JS_DEP, JS_CLEAN, with_dep)
        return f"web/{team}/src/{_snake(_name(rng))}_{i:04d}.{lang}", js_file(rng, blocks, lang == "ts"), n
    if lang == "go":
        blocks, n = _blocks(rng, GO_DEP, GO_CLEAN, with_dep)
        pkg = f"gl{i % 20:02d}"
        return f"go/{pkg}/{_snake(_name(rng))}_{i:04d}.go", go_file(rng, blocks, pkg), n
    if lang == "rb":
        blocks, n = _blocks(rng, RB_DEP, RB_CLEAN, with_dep)
        return f"ruby/{team}/lib/{_snake(_name(rng))}_{i:04d}.rb", rb_file(rng, blocks), n
    blocks, n = _blocks(rng, JAVA_DEP, JAVA_CLEAN, with_dep)
    cls = f"{rng.choice(VERBS).title()}{rng.choice(NOUNS)}Client{i:04d}"
    package = f"com.example.gitlab.team{i % 20:02d}"
    return f"java/src/main/java/com/example/gitlab/team{i % 20:02d}/{cls}.java", java_file(rng, blocks, package, cls), n


def _write(out: str, rel: str, text: str) -> None:
    path = os.path.join(out, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as fh:
        fh.write(text)


def generate(out: str, seed: int = 20240515, counts: dict[str, int] | None = None) -> dict[str, int]:
    """Write the corpus under ``out``; returns, per language, the files and the files with
    deprecated uses (``<lang>_with_dep``)."""
    rng, counts = random.Random(seed), {**COUNTS, **(counts or {})}
    stats: dict[str, int] = {}
    for lang in LANGS:
        for i in range(counts[lang]):
            rel, text, n = _client(rng, lang, i, rng.random() >= CLEAN_SHARE)
            _write(out, rel, text)
            stats[lang] = stats.get(lang, 0) + 1
            stats[f"{lang}_with_dep"] = stats.get(f"{lang}_with_dep", 0) + (n > 0)
    for team in sorted({f"team-{i % 20:02d}" for i in range(counts["ts"])}):  # the interfaces, once a module
        _write(out, f"web/{team}/src/types.ts", JS_TYPES)
        stats["ts"] += 1
    for package in sorted({f"gl{i % 20:02d}" for i in range(counts["go"])}):
        _write(out, f"go/{package}/types.go", go_types(package))
        stats["go"] += 1
    for i in range(counts["py"]):
        text, n = py.make_py(rng, i)
        _write(out, f"python/{py.fname(rng)}_{i:04d}.py", text)
        stats["py"], stats["py_with_dep"] = stats.get("py", 0) + 1, stats.get("py_with_dep", 0) + (n > 0)
    for i in range(counts["ci"]):
        text, n = py.make_ci(rng, i)
        _write(out, f"ci/service-{i:03d}/.gitlab-ci.yml", text)
        stats["ci"], stats["ci_with_dep"] = stats.get("ci", 0) + 1, stats.get("ci_with_dep", 0) + (n > 0)
    for i in range(counts["json"]):
        text, kind, dep = py.make_json(rng, i)
        _write(out, f"fixtures/{kind}_{i:03d}.json", text)
        stats["json"], stats["json_with_dep"] = stats.get("json", 0) + 1, stats.get("json_with_dep", 0) + dep
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=20240515)
    args = parser.parse_args()
    print("generated:", json.dumps(generate(args.out, args.seed)))


if __name__ == "__main__":
    main()
