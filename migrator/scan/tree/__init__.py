"""The tree-sitter foundation: client languages (JavaScript, TypeScript, Ruby, Go, Java and PHP
today; C# later) read into the same touches as the Python scanner, with the same evidence.

- grammar.py: a language's grammars (``Dialect``), imported with tree_sitter only when a file of
  that language passes the prefilter, and the dialect a text parses best in;
- nodes.py: one parsed text: node text, byte offsets → character offsets (source/lines.py); a
  call's parts in each layout (``f(x)`` of ``x.f``, Ruby's and Java's calls holding their receiver);
- strings.py: a string expression → a URL template with ``{}`` for run-time parts;
- shapes.py: a language's node vocabulary (which node is a call, a member access, an object …;
  a call that holds its receiver and method itself, symbols, heredocs, printf formats);
- infer.py: what an expression is as far as the API goes (a response, a record, a client);
- walk.py: the generic walk that turns a tree into touches (URLs, requests, fields, keys,
  comparisons, declarations, recorded mock responses), with requests.py (HTTP clients' requests,
  request builders such as Go's ``http.NewRequest`` and resty's setters);
- literals.py: URLs written outside any call that sends them, reported once, their code parts read;
- declare.py: declarations of a record's fields (interfaces, schemas, object types given as type
  arguments, Ruby Structs and attr_accessor, Go structs by their json tags, Java classes and
  records with key annotations), enums listing a field's values, and a client interface's
  annotated routes (Retrofit, JAX-RS, Feign);
- reads.py: keys read by a method (``mr.fetch("merged_by")``, ``node.get("merged_by")``), the
  target a decoder fills (Go's ``json.Unmarshal(body, &mr)``) and JSON written in a mock's string;
- sdk.py: a language's SDK as data (rules/model/<sdk>.yaml), its one reader: resource methods
  (gitbeaker, the Go client), client methods (the gitlab gem), types, option structs and pointer
  helpers (the Go client) as requests and records, service calls, records and field types
  (gitlab4j);
- methods.py, bindings.py (and strings.py for the strings such calls build): calls written ``x.m(args)`` (accessors, key reads,
  ``.equals``, request chains, SDK service calls), strings built by calls (``String.format``,
  ``URI.create``), names bound by patterns and loops;
- javascript.py: the JavaScript/TypeScript language module (its Shapes, HTTP clients, mocks);
- ruby.py: the Ruby language module (Net::HTTP, Faraday, HTTParty, RestClient, WebMock, the
  gitlab gem);
- go.py: the Go language module (net/http, resty, httptest and httpmock, the Go client);
- java.py: the Java language module (java.net.http, OkHttp, Apache HttpClient, Spring, Retrofit,
  WireMock, gitlab4j-api);
- php.py: the PHP language module (Guzzle, Symfony's HttpClient, curl, php-gitlab-api, Guzzle
  mocks), with handles.py: a request made with a handle whose options later calls set (curl's).

A new language adds one module like javascript.py (its ``Language``: dialects, shapes, string
forms, HTTP clients as data) and a kind in migrator/kinds; the walk and the fixers
(migrator/fix/tree) stay as they are.
"""
