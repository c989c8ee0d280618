#!/usr/bin/env python3
"""Writes the peers' rules for the client languages of the multilang corpus, from one table:
``astgrep/rules/{typescript,javascript,go,ruby,java}.yml`` (ast-grep) and
``semgrep-rules-multilang.yaml`` (semgrep). Why one generator: the two rule sets then stand for
exactly the same Versioning items, in the same shapes, as the Python rules of semgrep-rules.yaml
(which stay written by hand). Re-run after editing the table: python3 bench/gen_lang_rules.py

What each item matches, in every language (the Python rules' shapes, as each language spells them):

- endpoints (``/geo_nodes``, ``/merge_requests/:iid/changes``, ``runners…?scope=active``): the
  Python rules' regex over string literals, template strings and comments (semgrep: over the
  raw text, as its Python rules do);
- fields (``merge_status``, ``merged_by``, ``approvers``/``approver_groups``,
  ``default_branch_protection``, ``require_password_to_approve``): a member read as the language
  spells it (``x.merged_by``; Go ``x.MergedBy``; Java ``x.getMergedBy()``), a string literal
  that is exactly the name (``mr["merged_by"]``, ``node.get("merged_by")``,
  ``form.Set("default_branch_protection", …)``), a Go struct tag ``json:"merged_by"``; the last
  two also as an object/hash key (``{ default_branch_protection: 2 }``), as the Python dict key;
- ``active`` of a runner: ``x.active`` / ``x.Active`` / ``x.getActive()``, ``x.isActive()``
  where x's text holds "runner" (the Python rule's name test);
- ``private_profile`` null: a key with ``null``/``nil``, ``putNull("private_profile")`` (Jackson),
  ``"private_profile": null`` inside a string (a Go raw JSON body).
"""

from __future__ import annotations

import os

HERE = os.path.dirname(os.path.abspath(__file__))
STR_ENDPOINTS = {  # item -> the Python rules' raw-text regex
    "geo-nodes": ("geo-nodes-endpoints", "The /geo_nodes API is deprecated: use /geo_sites", r"/geo_nodes\b"),
    "mr-changes": ("merge-request-changes-endpoint", "GET /merge_requests/:iid/changes is deprecated: use /diffs",
                   r"""/merge_requests/[^/\s"'`]+/changes\b"""),
}
FIELDS = {  # id -> (item, message, field names, also as an object key)
    "merge-status": ("merge-request-merge-status", "'merge_status' is deprecated: use 'detailed_merge_status'",
                     ("merge_status",), False),
    "merged-by": ("merge-request-merged-by", "'merged_by' is deprecated: use 'merge_user'", ("merged_by",), False),
    "approvers": ("approval-configuration-approvers", "'approvers'/'approver_groups' are deprecated: use approval rules",
                  ("approvers", "approver_groups"), False),
    "default-branch-protection": ("default-branch-protection",
                                  "'default_branch_protection' is deprecated: use 'default_branch_protection_defaults'",
                                  ("default_branch_protection",), True),
    "require-password-to-approve": ("require-password-to-approve",
                                    "'require_password_to_approve' is deprecated: use 'require_reauthentication_to_approve'",
                                    ("require_password_to_approve",), True),
}
RUNNER = ("runner-active", "Runner 'active' / scope=active is deprecated: use 'paused'",
          r"""runners[^\s"'`]*[?&]scope=active\b""")
PRIVATE = ("user-private-profile-null", "private_profile=null is no longer accepted in v5: pass true/false")


def pascal(name: str) -> str:
    return "".join(part.title() for part in name.split("_"))


# language -> how it spells things: ast-grep name, semgrep names, string kinds, comment kinds,
# member (kind, object field, name field), spelling of a field read, pair (kind, key field), null kind
LANGS = {
    "typescript": dict(sg=None, strings=("string", "template_string"), comments=("comment",),
                       member=("member_expression", "object", "property"), spell=lambda f: f,
                       runner="active", pair=("pair", "key"), null="null"),
    "javascript": dict(sg=None, strings=("string", "template_string"), comments=("comment",),
                       member=("member_expression", "object", "property"), spell=lambda f: f,
                       runner="active", pair=("pair", "key"), null="null"),
    "go": dict(sg="go", strings=("interpreted_string_literal", "raw_string_literal"), comments=("comment",),
               member=("selector_expression", "operand", "field"), spell=pascal, runner="Active",
               pair=("keyed_element", None), null=None),
    "ruby": dict(sg="ruby", strings=("string",), comments=("comment",), member=("call", "receiver", "method"),
                 spell=lambda f: f, runner="active", pair=("pair", "key"), null="nil"),
    "java": dict(sg="java", strings=("string_literal",), comments=("line_comment", "block_comment"),
                 member=("method_invocation", "object", "name"), spell=lambda f: "get" + pascal(f),
                 runner="(getActive|isActive)", pair=(None, None), null="null_literal"),
}


def q(text: str) -> str:
    """A YAML single-quoted scalar."""
    return "'" + text.replace("'", "''") + "'"


def _kinds(kinds) -> str:
    return "{any: [" + ", ".join(f"{{kind: {k}}}" for k in kinds) + "]}"


def _text(spec: dict, regex: str, comments: bool = True) -> str:
    kinds = spec["strings"] + (spec["comments"] if comments else ())
    return f"    - all: [{_kinds(kinds)}, {{regex: {q(regex)}}}]\n"


def _member(spec: dict, names_regex: str, object_regex: str | None = None) -> str:
    kind, obj, name = spec["member"]
    extra = f", {{has: {{field: {obj}, regex: {q(object_regex)}}}}}" if object_regex else ""
    return f"    - all: [{{kind: {kind}}}, {{has: {{field: {name}, regex: {q('^(' + names_regex + ')$')}}}}}{extra}]\n"


def _pair(spec: dict, names_regex: str, null: bool = False) -> str:
    kind, key = spec["pair"]
    if not key:
        return ""
    value = f", {{has: {{field: value, kind: {q(spec['null'])}}}}}" if null else ""
    regex = "^[\"':]?(" + names_regex + ")[\"']?:?$"
    return f"    - all: [{{kind: {kind}}}, {{has: {{field: {key}, regex: {q(regex)}}}}}{value}]\n"


def astgrep_rules(lang: str) -> str:
    """The ast-grep rules of one language, as one YAML stream."""
    spec, docs = LANGS[lang], []

    def doc(rid: str, message: str, body: str) -> None:
        docs.append(f"id: {lang}-{rid}\nlanguage: {lang}\nseverity: warning\nmessage: {q(message)}\nrule:\n  any:\n{body}")

    for rid, (_, message, regex) in STR_ENDPOINTS.items():
        doc(rid, message, _text(spec, regex))
    for rid, (_, message, names, keyed) in FIELDS.items():
        spelled = "|".join(spec["spell"](n) for n in names)
        literal = "^[\"'`](" + "|".join(names) + ")[\"'`]$" + ("|json:\"(" + "|".join(names) + ")[\",]" if lang == "go" else "")
        body = _member(spec, spelled) + _text(spec, literal, comments=False)
        doc(rid, message, body + (_pair(spec, "|".join(names)) if keyed else ""))
    doc("runner-active", RUNNER[1], _text(spec, RUNNER[2]) + _member(spec, spec["runner"], "(?i)runner"))
    private = _text(spec, r'''"private_profile"\s*:\s*null''', comments=False) + _pair(spec, "private_profile", null=True)
    if lang == "java":
        private += ("    - all: [{kind: method_invocation}, {has: {field: name, regex: '^(putNull|put)$'}}, "
                    "{has: {field: arguments, has: {kind: string_literal, regex: '^\"private_profile\"$'}}}]\n")
    doc("private-profile-null", PRIVATE[1], private)
    header = (f"# Generated by ../../gen_lang_rules.py: the Versioning items of the Python rules, in {lang}.\n"
              "# One finding per matching node; see the generator's docstring for the shapes.\n")
    return header + "\n---\n".join(docs)


def _sg_rule(rid: str, langs: str, item: str, message: str, patterns: list[str]) -> str:
    either = "".join(f"    - {p}\n" for p in patterns)
    return (f"- id: {rid}\n  languages: [{langs}]\n  severity: WARNING\n  metadata: {{item: {item}}}\n"
            f"  message: {q(message)}\n  pattern-either:\n{either}")


def semgrep_rules() -> str:
    """The semgrep rules of every client language: TypeScript and JavaScript share theirs."""
    out = ["# Generated by gen_lang_rules.py: the semgrep rules of semgrep-rules.yaml's Versioning items for\n"
           "# TypeScript/JavaScript, Go, Ruby and Java (bench/run.py, group multilang). Each rule's metadata\n"
           "# names the item, as in semgrep-rules.yaml.\nrules:\n"]
    for prefix, langs, lang in (("js", "typescript, javascript", "typescript"), ("go", "go", "go"),
                                ("rb", "ruby", "ruby"), ("java", "java", "java")):
        spec = LANGS[lang]
        for rid, (item, message, regex) in STR_ENDPOINTS.items():
            out.append(_sg_rule(f"{prefix}-{rid}", langs, item, message, [f"pattern-regex: {q(regex)}"]))
        for rid, (item, message, names, keyed) in FIELDS.items():
            patterns = []
            for name in names:
                spelled = spec["spell"](name)
                patterns.append(f"pattern: $X.{spelled}()" if lang == "java" else f"pattern: $X.{spelled}")
                patterns.append(f"pattern: {q(chr(34) + name + chr(34))}")
                if lang == "go":
                    patterns.append("pattern-regex: " + q('json:"' + name + '[",]'))
                if keyed and lang == "typescript":
                    patterns.append(f"pattern: {q('{..., ' + name + ': $V, ...}')}")
                if keyed and lang == "ruby":
                    patterns.append("pattern-regex: " + q(r"\b" + name + r":\s"))
            out.append(_sg_rule(f"{prefix}-{rid}", langs, item, message, patterns))
        member = "$R.getActive()" if lang == "java" else f"$R.{spec['runner']}"
        runner = [f"pattern-regex: {q(RUNNER[2])}",
                  "patterns:\n        - pattern: " + member + "\n        - metavariable-regex:\n"
                  "            metavariable: $R\n            regex: (?i).*runner.*"]
        if lang == "java":
            runner.append(runner[1].replace("getActive", "isActive"))
        out.append(_sg_rule(f"{prefix}-runner-active", langs, RUNNER[0], RUNNER[1], runner))
        private = {"typescript": ["pattern: '{..., private_profile: null, ...}'"],
                   "go": ["pattern-regex: " + q(r'"private_profile"\s*:\s*null')],
                   "ruby": ["pattern-regex: " + q(r"\bprivate_profile:\s*nil\b")],
                   "java": ["pattern: $X.putNull(\"private_profile\")", "pattern: $X.put(\"private_profile\", null)"]}[lang]
        out.append(_sg_rule(f"{prefix}-private-profile-null", langs, PRIVATE[0], PRIVATE[1], private))
    return "".join(out)


def main() -> None:
    for lang in LANGS:
        with open(os.path.join(HERE, "astgrep", "rules", f"{lang}.yml"), "w") as fh:
            fh.write(astgrep_rules(lang))
    with open(os.path.join(HERE, "semgrep-rules-multilang.yaml"), "w") as fh:
        fh.write(semgrep_rules())


if __name__ == "__main__":
    main()
