"""Messages read as English: wherever a message names a record, the article agrees with it
("an approval configuration", "a merge request", "a user"), for every rule's message, each of its
clauses' messages, its fix's message and the notes a fix adds, filled in with every record of the
API model."""

from __future__ import annotations

import re

import pytest

from migrator.english import with_article
from migrator.fix.intents import NAMED_NOTE
from migrator.fix.intents import resolve
from migrator.match import match_file
from migrator.values import Touch
from migrator import kinds
from migrator.ruletable import load_table

TABLE = load_table()
RECORDS = sorted(TABLE.model.records)
SOUNDS_LIKE_YOU = {"user", "users", "unique", "url", "usage"}  # "a user", not "an user"


def wrong_articles(text: str) -> list[str]:
    """Each "a approval", "an merge", "an user" in the text (code in backticks is left out)."""
    prose = re.sub(r"`[^`]*`", "`…`", text)
    wrong = []
    for article, word in re.findall(r"\b(a|an|A|An) ([A-Za-z]\w*)", prose):
        vowel = word[0].lower() in "aeiou" and word.lower() not in SOUNDS_LIKE_YOU
        if (article.lower() == "an") != vowel:
            wrong.append(f"{article} {word}")
    return wrong


def templates():
    for rule in TABLE.rules:
        yield rule.code, rule.message
        yield from ((rule.code, clause.message) for clause in rule.match if clause.message)
        if rule.fix is not None:
            yield rule.code, rule.fix.message


def filled(template: str, record: str) -> str:
    spoken = record.replace("_", " ")
    fields = {"record": spoken, "a_record": with_article(spoken), "name": "merged_by", "value": "`x`",
              "path": "/runners", "replacement": "merge_user", "to": "paused", "to_value": "paused"}
    return template.format_map(type("Fields", (dict,), {"__missing__": lambda self, key: "x"})(fields))


@pytest.mark.parametrize("record", RECORDS)
def test_every_rule_message_filled_in_with_a_record_has_the_right_article(record):
    wrong = {code: wrong_articles(filled(text, record)) for code, text in templates()}
    assert {code: words for code, words in wrong.items() if words} == {}


def test_a_record_in_a_message_is_written_with_its_article_field():
    """A template writes ``{a_record}``: "a {record}" would read "a approval configuration"."""
    assert [code for code, text in templates() if re.search(r"\ban? \{record\}", text)] == []


@pytest.mark.parametrize("record, spoken", [
    ("approval_configuration", "an approval configuration"), ("merge_request", "a merge request"),
    ("user", "a user"), ("application_settings", "an application settings"), ("runner", "a runner"),
    ("API record", "an API record"),
])
def test_with_article_picks_a_or_an_by_the_sound(record, spoken):
    assert with_article(record.replace("_", " ")) == spoken


def test_the_named_evidence_note_reads_an_approval_configuration():
    assert "{a_record}" in NAMED_NOTE
    assert wrong_articles(NAMED_NOTE.replace("{a_record}", with_article("approval configuration"))) == []


def test_approvals_before_merge_on_an_approval_configuration_reads_as_english():
    touch = Touch(role="field", name="approvals_before_merge", range=(0, 22), record="approval_configuration",
                  evidence="typed", context="read")
    text = "approvals_before_merge\n"
    (finding,) = [f for f in resolve(match_file([touch], TABLE.rules, "a.py", kinds.by_name("python").lines(text),
                                                TABLE)).findings if f.code == "MIG400"]
    assert "on an approval configuration is deprecated" in finding.message
