"""JavaScript and TypeScript: the grammars, and the HTTP clients, request options and mock
responses of their code, as data for the generic walk (walk.py).

A scanner gets a file's text, not its name: the text is parsed as TSX first (JavaScript, JSX and
TypeScript), then as TypeScript (angle-bracket casts ``<T>x``, which TSX reads as JSX), then as
JavaScript, and the first dialect without an ERROR node is taken (grammar.parse).
"""

from __future__ import annotations

from ...apimodel import ApiModel
from ...values import Touch
from .grammar import Dialect
from .language import Client, Language
from .shapes import Shapes

BODY_VERBS = frozenset({"get", "post", "put", "patch", "delete", "head"})

LANGUAGE = Language(
    name="javascript",
    dialects=(
        Dialect("tsx", "tree_sitter_typescript", "language_tsx"),
        Dialect("typescript", "tree_sitter_typescript", "language_typescript"),
        Dialect("javascript", "tree_sitter_javascript"),
    ),
    shapes=Shapes(imports="import_statement"),
    clients=(
        Client("fetch", verbs=frozenset()),
        Client("axios", body_arg=True, factories={"create": "baseURL"}),
        Client("got", factories={"extend": "prefixUrl"}),
        Client("ky", factories={"create": "prefixUrl", "extend": "prefixUrl"}),
        Client("superagent", callable=False, chain={"query": "query", "send": "body", "field": "form"}),
        Client("request", callable=False, chain={"query": "query", "send": "body", "field": "form"}),
    ),
    locations={"params": "query", "searchParams": "query", "query": "query", "json": "body", "body": "body",
               "data": "body", "form": "form", "headers": "header"},
    serializers=frozenset({"JSON.stringify"}),
    query_builders=frozenset({"URLSearchParams"}),
    url_builders=frozenset({"URL"}),
    sdk="gitbeaker",
    json_methods=frozenset({"json"}),
    body_members=frozenset({"data", "body"}),
    callbacks=frozenset({"then", "map", "forEach", "filter", "find", "some", "every", "flatMap", "findLast"}),
    # nock's ``.reply(200, {…})``, msw's ``HttpResponse.json({…})`` and ``ctx.json({…})``, jest's
    # ``mockResolvedValue({data: …})``: their objects are recordings of what the API answers.
    mocks=frozenset({"reply", "replyOnce", "HttpResponse.json", "ctx.json", "mockResolvedValue",
                     "mockResolvedValueOnce", "mockReturnValue", "mockReturnValueOnce",
                     # msw's handlers: the URL they serve is a mock's (Node's own ``http.get`` is
                     # no request the walk sends, so it only loses safe fixes here)
                     "http.get", "http.post", "http.put", "http.patch", "http.delete", "http.all",
                     "rest.get", "rest.post", "rest.put", "rest.patch", "rest.delete", "rest.all"}),
    # zod, yup, joi, valibot: ``z.object({merge_status: z.string()})`` declares fields
    schema_methods=frozenset({"object", "strictObject", "looseObject", "extend", "shape", "keys"}),
    schema_roots=frozenset({"z", "yup", "Joi", "joi", "v"}),
    not_records=frozenset({"console", "Math", "JSON", "process", "window", "document", "Object", "Array",
                           "Promise", "Number", "String", "Date", "module", "exports", "require", "globalThis",
                           "axios", "got", "ky", "superagent", "fetch", "Buffer", "Reflect", "Symbol"}),
)


def scan(text: str, model: ApiModel) -> list[Touch]:
    from .walk import scan

    return scan(text, model, LANGUAGE)
