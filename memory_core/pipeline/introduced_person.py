"""A person introduced in passing by a role and a name: the clauses after it that drop their subject are theirs.

"以前带过一个学生叫刘洋，现在在大连理工当教授" is the speaker's clause naming a student, then the student's job said
with the subject dropped, as Chinese does; "I used to mentor a student named Liu, now a professor at MIT" is the
same in English. Read alone, the second clause is a dropped "I"/我 and the speaker's job would become the
professor's. ``en_introduced`` / ``zh_introduced`` read such a clause and say whose the clauses after it are: a
relation of the slot lexicon's REL class (friend, 同事), which the slot engine keys under that person, or
``AWAY`` for a role no key holds (a student, a client), whose clauses are left out. The words are data
(``data/introduced_person.yaml``; the Chinese roles of ``data/zh_person_openers.yaml`` count too).
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slots import lexicon
from memory_core.pipeline.subject_chain import AWAY
from memory_core.shipped_yaml import load_shipped

__all__ = ["en_introduced", "zh_introduced"]


def _alternatives(words: list[str]) -> str:
    """``words`` as one regex alternation, longest first, each escaped."""
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """(English clause, Chinese clause, English REL, Chinese REL) patterns, compiled once.

    Raises:
        OSError / yaml.YAMLError / KeyError: the shipped data files are missing or malformed (a packaging fault).
    """
    data = load_shipped("data", "introduced_person.yaml")
    openers = load_shipped("data", "zh_person_openers.yaml")
    rel = lexicon().classes
    en, zh = data["en"], data["zh"]
    en_role = f"{rel['en']['REL']}|{_alternatives(en['roles'])}"
    en_clause = re.compile(
        rf"\b(?:a|an|this|one|some)\s+(?:(?:{_alternatives(en['before_role'])})\s+){{0,2}}"
        rf"(?P<role>{en_role})\s+(?:{_alternatives(en['naming'])})\s+"
        r"(?P<name>(?-i:[A-Z][a-z'-]+)(?:\s+(?-i:[A-Z][a-z'-]+))?)\s*[.!~]*$", re.IGNORECASE)
    zh_role = f"{rel['zh']['REL']}|{_alternatives(zh['roles'] + openers['introduced']['roles'])}"
    zh_clause = re.compile(
        rf"^我?(?:{_alternatives(zh['before_verb'])})*(?:{_alternatives(zh['verbs'])})(?:一|两|几)?[个位名]"
        rf"(?P<role>{zh_role})[，,]?(?:[他她](?:的名字|名字)?)?(?:名字)?(?:叫|名叫)"
        r"(?P<name>[^，,。！!？?\s我你他她]{1,8})[。！!~～\s]*$")
    return (en_clause, zh_clause, re.compile(rf"(?:{rel['en']['REL']})$", re.IGNORECASE),
            re.compile(rf"(?:{rel['zh']['REL']})$"))


def en_introduced(clause: str) -> str | None:
    """Whose the clauses after an English ``clause`` are when it ends introducing a person by role and name.

    Args:
        clause: one English clause of the speaker's ("I used to mentor a student named Liu").

    Returns:
        "my <relation> <Name>" for a role of the REL class ("I have a friend named Dan" -> "my friend Dan"),
        ``AWAY`` for any other person's role ("a student named Liu"), None when the clause introduces no one
        ("we adopted a cat named Ramen": a pet is no role).
    """
    en, _, en_rel, _ = _patterns()
    m = en.search(clause.strip())
    if m is None:
        return None
    role = " ".join(m.group("role").casefold().split())
    return f"my {role} {m.group('name')}" if en_rel.match(role) else AWAY


def zh_introduced(clause: str) -> str | None:
    """Whose the clauses after a Chinese ``clause`` are when it introduces a person by role and name.

    Args:
        clause: one Chinese clause ("以前带过一个学生叫刘洋", "我有个徒弟叫小张").

    Returns:
        The relation word for a role of the REL class ("认识一个朋友叫小李" -> "朋友"), ``AWAY`` for any other
        person's role ("带过一个学生叫刘洋"), None when the clause introduces no one ("养了条狗叫大黄": a pet is no
        role, and 只/条 count no person).
    """
    _, zh, _, zh_rel = _patterns()
    m = zh.match(clause.strip())
    if m is None:
        return None
    return m.group("role") if zh_rel.fullmatch(m.group("role")) else AWAY
