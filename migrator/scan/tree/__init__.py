"""The tree-sitter foundation: client languages (JavaScript and TypeScript, Go; Ruby, Java, PHP and
C# later) read into the same touches as the Python scanner, with the same evidence.

- grammar.py: a language's grammars (``Dialect``), imported with tree_sitter only when a file of
  that language passes the prefilter, and the dialect a text parses best in;
- nodes.py: one parsed text: node text, byte offsets → character offsets (source/lines.py);
- strings.py: a string expression → a URL template with ``{}`` for run-time parts;
- shapes.py: a language's node vocabulary (which node is a call, a member access, an object …);
- infer.py: what an expression is as far as the API goes (a response, a record, a client);
- walk.py: the generic walk that turns a tree into touches (URLs, requests, fields, keys,
  comparisons), with requests.py (HTTP clients' requests), declare.py (interfaces, structs,
  schemas), flows.py (callbacks, decoders, JSON in mock strings) and sdk.py (an SDK's calls,
  types and option structs, as data in rules/model/<sdk>.yaml);
- javascript.py, go.py: the language modules (their Shapes, HTTP clients, mocks, spelling).

A new language adds one module like javascript.py (its ``Language``: dialects, shapes, string
forms, HTTP clients as data) and a kind in migrator/kinds; the walk and the fixers
(migrator/fix/tree) stay as they are.
"""
