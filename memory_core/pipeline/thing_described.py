"""What a mention may add to an item: what describes the item's thing, not what the thing did (issue 13 §3).

A turn that is not a statement of the user's own but names an item's thing (a *mention*) used to revise the item
with its whole sentence whenever it named something new: "Mochi 不能坐飞机回国（太麻烦了），留给 Lily 养了" onto
"用户有一只仓鼠叫Mochi", "Lily 的 transfer 批了" onto an item naming Lily, "No sea near enough … trying the Forty
Foot in Sandycove" onto "User's hobby is sea swimming" (new-user trial 38): one item collected the episodes of its
thing, and its text no longer said one fact. An added detail belongs to the item's attribute: what the thing is,
its name, its age, a count, a date. So a mention adds its sentence only when a clause of it

- takes the thing up by a pronoun to name, describe or age it ("他叫Marcus", "she's a beagle mix", "它两岁了":
  ``detail_role.taken_up``; not an "it's" of no thing: "it's a trek from Swords");
- speaks of the thing (``detail_role.head_of``: its head holds a term of the item) and goes on with a copula
  ("Netflix 是 Premium 套餐", "Biscuit is a golden retriever", "Miso turned three");
- gives a number the item lacks (a count, an age, a date: "CPA 还剩税法和审计两门没过，8月底考"), or all the item's
  own numbers again (its value restated: "每天五点半左右就醒了" of "用户一般五点半起床").

What the thing did or what befell it is an episode of it: the turn keeps it; the item may still be hit.
"""

from __future__ import annotations

import re

from memory_core.pipeline.detail_role import head_of, taken_up
from memory_core.pipeline.gist import Topic, topic
from memory_core.text.script import has_han, lang_of
from memory_core.text.zh_pos import pos_cut

__all__ = ["describes"]

_CLAUSE = re.compile(r"[,，。.;；!！?？:：—\n（）()]+")
# a copula or a verb of naming or ageing after the thing ("is", "turned", "是", "叫")
_EN_COPULA = frozenset(["is", "are", "was", "were", "'s", "has", "have", "had", "turned", "turns", "became", "becomes",
                        "weighs"])
_ZH_COPULA = frozenset(("是", "叫", "姓", "有", "满", "属"))
_EN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'’&-]*")
# "it's a trek from Swords", "it is what it is": an English "it" of no thing, taking nothing up
_DUMMY_IT = re.compile(r"(?i)it(?:'s|’s|\s+is)\b")


def _zh_verb(clause: str) -> str:
    """The first verb of a Chinese clause (a copula included), "" for none."""
    for piece in pos_cut(clause):
        word = piece.word.strip()
        if word and (piece.flag.startswith("v") or word in _ZH_COPULA):
            return word
    return ""


def _en_verb(clause: str, subject: str) -> str:
    """The first verb of an English clause after its head (the user's subject word read as "i"), "" for none."""
    words = [w.casefold().replace("’", "'") for w in _EN_WORD.findall(clause)]
    if words and subject and words[0] == subject.casefold():
        words[0] = "i"
    for at, word in enumerate(words):
        if "'" in word and word.endswith("'s") and word != "'s":
            return "'s"  # "Biscuit's a greyhound"
        if word in _EN_COPULA or word.endswith("ed"):
            after = words[at + 1] if at + 1 < len(words) else ""
            if word in _EN_COPULA and (after.endswith("ing") or after in ("gonna", "going")):
                return after  # "User is trying the Forty Foot": an act, the copula only its auxiliary
            return word
    return ""


def describes(said: str, old: Topic, lang: str, subject: str = "") -> bool:
    """True when a clause of ``said`` (a mention's text, the user's words or third person) describes the thing of an
    item of topic ``old`` (see the module docstring): the only text a mention may add to the item.

    Args:
        said: the mention's text that would be joined to the item.
        old: the item's topic (``gist.topic``).
        lang: "en" or "zh" (a clause holding Chinese is read as Chinese).
        subject: the user's subject word ("User", "用户", a name), no term of a topic.
    """
    held = (old.terms | old.strong) - old.numbers
    if old.numbers and old.numbers <= topic(said, lang, subject).numbers:
        return True  # the item's own value said again ("每天五点半左右就醒了" of "一般五点半起床"): the item restated
    for clause in _CLAUSE.split(said):
        clause = clause.strip()
        if subject and clause.startswith(subject):
            clause = clause[len(subject):].lstrip("：: ")
        if not clause:
            continue
        if taken_up(clause) and not _DUMMY_IT.match(clause):
            return True
        clang = "zh" if has_han(clause) else lang_of(clause) if lang == "zh" else lang
        words = topic(clause, clang, subject)
        if words.numbers - old.numbers:
            return True  # a count, an age, a date
        head = head_of(clause, clang, subject)
        if not head or not topic(head, clang, subject).terms & held:
            continue
        verb = _zh_verb(clause) if clang == "zh" else _en_verb(clause, subject)
        if verb in (_ZH_COPULA if clang == "zh" else _EN_COPULA):
            return True
    return False
