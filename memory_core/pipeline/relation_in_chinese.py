"""An English relation word opening a Chinese clause, read as the Chinese word (issue 13 §2).

"my wife Grace 是护士，在Stanford Hospital上夜班": the sentence is Chinese, so its clauses are read by the Chinese
rules, which know a person only by a Chinese relation word (我老婆, 我儿子). The opening "my wife Grace" named
nobody they could read, so the first clause was lost and the subject-less "在Stanford Hospital上夜班" after it
was read as the user's own job. ``relation_in_chinese`` gives the sentence back with the relation said as the
user would say it in Chinese ("我老婆Grace是护士，在Stanford Hospital上夜班"), which the Chinese clause rules
already read as the wife's, the clause after it too.

Only "my" + a relation word of ``data/relations.yaml`` ``said_in_chinese`` (words with one Chinese reading:
"sister" alone is left as said) + an optional capitalised name, at the start of a sentence or a clause and
followed directly by Chinese; "my" may be left out when a name follows ("boyfriend Omar 在 Emirates 上班", as
"男朋友Omar在…" drops 我). "my wife and I 搬到了杭州" (the user is part of the subject) and an English clause
of its own ("my wife Grace is a nurse") are left as they are; the Chinese clauses after such a clause, their
subject left out, are that person's (``chinese_subject``: "boyfriend Omar is Jordanian，在 Emirates 做 cabin crew",
new-user trial 37).
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped
from memory_core.text.script import has_han

__all__ = ["chinese_subject", "relation_in_chinese"]


@functools.cache
def _words() -> dict[str, str]:
    """Each English relation word (casefolded, single spaces) -> the Chinese word it is read as."""
    raw = load_shipped("data", "relations.yaml").get("said_in_chinese") or {}
    return {" ".join(str(en).casefold().split()): str(zh) for en, zh in raw.items()}


@functools.cache
def _pattern() -> re.Pattern[str]:
    """"my <relation> [Name]" at a sentence or clause start, Chinese right after it."""
    words = sorted(_words(), key=len, reverse=True)
    alternation = "|".join(r"\s+".join(map(re.escape, w.split())) for w in words)
    return re.compile(rf"(?:(?<=^)|(?<=[，,。；;！!]))(?P<lead>\s*)(?i:(?:and\s+|but\s+|so\s+|oh\s+|also\s+)?"
                      rf"(?P<my>my\s+)?(?P<rel>{alternation}))(?:\s+(?P<name>[A-Z][a-z]+))?\s*(?=[\u3400-\u9fff])")


def relation_in_chinese(sentence: str) -> str:
    """``sentence`` with each "my <relation> [Name]" opening a Chinese clause said as its Chinese word
    ("my wife Grace 是护士" -> "我老婆Grace是护士"; see the module); ``sentence`` itself when it holds none.

    Args:
        sentence: one sentence of a user turn, in any language (an English one is returned as it is).

    Raises:
        OSError, yaml.YAMLError: the shipped relations file is missing or does not parse (a packaging fault).
    """
    if not has_han(sentence):
        return sentence

    def said(m: re.Match[str]) -> str:
        if not m.group("my") and not m.group("name"):
            return m.group(0)  # "partner 说…", "boss 让我…": a bare word, no one named as the user's
        word = _words()[" ".join(m.group("rel").casefold().split())]
        return f"{m.group('lead')}我{word}{m.group('name') or ''}"

    return _pattern().sub(said, sentence)


#: "my" and a relation word (casefolded, single spaces) with an optional name, as ``subject_chain.en_subject`` reads
#: the subject an English clause opens on ("my boyfriend Omar", "my wife").
_EN_SUBJECT = re.compile(r"^(?i:my\s+)?(?P<rel>[A-Za-z]+(?:\s+[a-z]+)?)(?:\s+(?P<name>[A-Z][a-z]+))?$")


def chinese_subject(subject: str) -> str:
    """The Chinese words for another person an English clause opened on, for the Chinese clauses after it that
    drop their subject: "my boyfriend Omar" -> "男朋友Omar", "my wife" -> "老婆"; "" when ``subject`` is no relation
    with one Chinese reading (``said_in_chinese``), nor a relation at all.

    Args:
        subject: the subject ``subject_chain.en_subject`` read ("my boyfriend Omar"), or "" for the speaker.
    """
    m = _EN_SUBJECT.match(subject.strip())
    if m is None:
        return ""
    word = _words().get(" ".join(m.group("rel").casefold().split()), "")
    return f"{word}{m.group('name') or ''}" if word else ""
