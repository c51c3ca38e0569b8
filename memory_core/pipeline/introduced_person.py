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

__all__ = ["en_introduced", "zh_introduced", "zh_role_opens"]

# how many people a clause introduces at once ("招了两个兼职", "来了个新店员")
_ZH_COUNT = r"(?:一|两|三|四|五|几|好几)?[个位名]"
# what may describe the person before the role: "一个常来店里的客人", "一个新客户", "几个老顾客"
_ZH_MODIFIER = r"(?:[^，,。！!？?\s我你他她]{1,8}?的)?(?:新|老)?"
_ZH_NAME = r"[^，,。！!？?\s我你他她]{1,8}"
# a name said right after a role opening a clause ("供应商老王", "客人陈默", "房东Kevin")
_ZH_ROLE_NAME = r"(?:[小老阿][\u4e00-\u9fff]|(?:%SURNAME%)[\u4e00-\u9fff]{1,2}?|[A-Z][a-z]+)"
# what that person is or does, said of them right after the role: the clause is theirs
_ZH_ROLE_SAYS = r"(?:[，,]|$|(?:也|都|还|已经|现在|目前|平时|每天|刚刚?|以前|原来)*(?:是|在|叫|姓|说|住|来自|家在))"


def _alternatives(words: list[str]) -> str:
    """``words`` as one regex alternation, longest first, each escaped."""
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """(English clause, Chinese clause, English REL, Chinese REL) patterns, compiled once.

    The Chinese clause introduces one person or several by a count, a description and a role, named or not
    ("认识了一个常来店里的客人，叫陈默", "店里招了两个兼职", "有个老顾客李老师": a name said after the role as a
    title); a role that is also an adverb of the speaker's own work (``counted_roles``: 兼职) counts only there,
    after the count. Unnamed, only a role of the speaker's
    work counts (``roles``): "有一个娃" introduces the speaker's own child, no one else.

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
    counted = _alternatives(zh["counted_roles"])
    tagged = _ZH_ROLE_NAME.replace("%SURNAME%", rel["zh"]["SURNAME"])
    zh_clause = re.compile(
        rf"^我?(?:{_alternatives(zh['before_verb'])})*(?:{_alternatives(zh['verbs'])}){_ZH_COUNT}{_ZH_MODIFIER}"
        rf"(?:(?P<role>{zh_role}|{counted})(?:[，,]?(?:[他她](?:的名字|名字)?)?(?:名字)?(?:叫|名叫)(?P<name>{_ZH_NAME})"
        # … or the name said right after the role, as a title is ("有个老顾客李老师", "店里有个常客王姐")
        rf"|\s*(?P<tagged>{tagged}))"
        rf"|(?P<unnamed>{_alternatives(zh['roles'])}|{counted}))[。！!~～\s]*$")
    return (en_clause, zh_clause, re.compile(rf"(?:{rel['en']['REL']})$", re.IGNORECASE),
            re.compile(rf"(?:{rel['zh']['REL']})$"))


# the speaker's having or getting the person introduced ("I have a kid named Sam", "we've got a son called Leo")
_EN_HAVE = re.compile(r"\b(?:have|has|had|got|'ve|'d)\b", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _en_own_only() -> frozenset[str]:
    """Relations of the REL class that are the speaker's own only when had ("I have a kid named Sam"), not when met
    or taught ("I tutor a kid called Sam"): ``own_only_with_have`` of ``data/introduced_person.yaml``."""
    return frozenset(load_shipped("data", "introduced_person.yaml")["en"]["own_only_with_have"])


def en_introduced(clause: str) -> str | None:
    """Whose the clauses after an English ``clause`` are when it ends introducing a person by role and name.

    Args:
        clause: one English clause of the speaker's ("I used to mentor a student named Liu").

    Returns:
        "my <relation> <Name>" for a role of the REL class ("I have a friend named Dan" -> "my friend Dan"),
        ``AWAY`` for any other person's role ("a student named Liu") and for a child not had ("I tutor a kid
        called Sam"), None when the clause introduces no one
        ("we adopted a cat named Ramen": a pet is no role).
    """
    en, _, en_rel, _ = _patterns()
    m = en.search(clause.strip())
    if m is None:
        return None
    role = " ".join(m.group("role").casefold().split())
    if role in _en_own_only() and not _EN_HAVE.search(clause[:m.start()]):
        return AWAY  # "I tutor a kid called Sam": a kid of the speaker's work, none of the speaker's own
    return f"my {role} {m.group('name')}" if en_rel.match(role) else AWAY


def zh_introduced(clause: str) -> str | None:
    """Whose the clauses after a Chinese ``clause`` are when it introduces a person by role and name, or by a role
    of the speaker's work alone ("店里招了两个兼职").

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
    return m.group("role") if m.group("role") and zh_rel.fullmatch(m.group("role")) else AWAY


@functools.lru_cache(maxsize=1)
def _zh_role_opener() -> re.Pattern[str]:
    """A Chinese clause opening on a person of the speaker's shop or work by their role (``roles`` of
    ``data/introduced_person.yaml``), maybe named, then what that person is or does (``_ZH_ROLE_SAYS``): after
    我 and a verb of the speaker's ("我带的学生", "我的房东"), after a lead of ``opener_leads`` ("新招的兼职", "那个
    常客"), or bare; a role the speaker may hold (``status_roles``: 学生, 员工) only after the first two.

    Raises:
        OSError / yaml.YAMLError / KeyError: the shipped data file is missing or malformed (a packaging fault).
    """
    zh = load_shipped("data", "introduced_person.yaml")["zh"]
    status = set(zh["status_roles"])
    every = _alternatives(zh["roles"] + zh["counted_roles"])
    plain = _alternatives([r for r in zh["roles"] if r not in status])
    own = r"我(?:的|(?!(?:也|都|还|就)?[是在当做])[\u4e00-\u9fff]{1,3}?的)(?:那|这)?[个位几]?"
    lead = rf"(?:{_alternatives(zh['opener_leads'])})"
    name = _ZH_ROLE_NAME.replace("%SURNAME%", lexicon().classes["zh"]["SURNAME"])
    return re.compile(rf"^(?:(?:{own}|{lead})(?:新|老)?(?:{every})|(?:新|老)?(?:{plain})){name}?{_ZH_ROLE_SAYS}")


def zh_role_opens(clause: str) -> bool:
    """True when a Chinese ``clause`` opens on a person of the speaker's shop or work said by their role, not a
    relation of the lexicon's REL class: "新招的兼职是个大学生", "供应商老王，在义乌开厂", "我带的学生叫小林",
    "我的房东是个退休教师". The clause and the clauses after it that drop their subject are that person's, never
    the speaker's job or school (new-user trial 38); "兼职做家教" (the speaker's part-time work) opens on none.

    Raises:
        OSError / yaml.YAMLError / KeyError: the shipped data file is missing or malformed (a packaging fault).
    """
    _, _, _, zh_rel = _patterns()
    text = clause.strip()
    m = _zh_role_opener().match(text)
    return m is not None and not zh_rel.match(text.removeprefix("我的").removeprefix("我"))
