"""A partner named with no owner, or as the "new" one, is the user's own partner (issue 13).

"脱单了！新男朋友叫Kevin，是个设计师" and "男朋友叫阿杰" name the user's partner without 我, and 我新男朋友叫Kevin puts
新 between the owner and the noun. The partner rules read 我男朋友叫…, so the name was lost and the partner's job
("是个设计师") was read as the user's. ``own_partner`` reads such a clause as 我男朋友叫Kevin: a partner noun of
``data/relations.yaml`` (the groups of girlfriend, boyfriend, partner, wife, husband, fiancé) at the start of a
clause, after 我 / 我的 or alone, with 新 / 现在的 / 现任 before it and 叫, 是, 在 or 姓 after it.
An ownerless noun after another person named earlier in the turn ("我妹妹脱单了，男朋友叫阿杰") is that person's
and is left as written.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.types import Candidate
from memory_core.pipeline.value_class import is_person
from memory_core.shipped_yaml import load_shipped
from memory_core.text.script import has_han

__all__ = ["named_partner_first", "own_partner"]

_PARTNER_GROUPS = frozenset({"girlfriend", "boyfriend", "partner", "wife", "husband", "fiance"})


@functools.cache
def _pattern() -> re.Pattern[str]:
    """A partner noun at a clause start, its owner and "new" word optional, before what names or places the partner."""
    nouns = [str(n) for group in load_shipped("data", "relations.yaml")["relations"]
             if str(group[0]) in _PARTNER_GROUPS for n in group if has_han(str(n))]
    alternation = "|".join(sorted(map(re.escape, nouns), key=len, reverse=True))
    return re.compile(rf"(?:(?<=^)|(?<=[，,。！!？?；;~～\s]))(?:我的?)?(?:新的?|现在的|现任)?(?P<noun>{alternation})"
                      r"(?=叫|是|在|姓)")


def own_partner(text: str) -> str:
    """``text`` with each ownerless or "new" partner clause read as the user's (module docstring); ``text`` itself
    when it holds none. Units: characters in, characters out."""
    if not has_han(text):
        return text
    return _pattern().sub(lambda m: m.group() if _someone_else_before(text[:m.start()], m.group()) else
                          "我" + m.group("noun"), text)


@functools.cache
def _people() -> re.Pattern[str]:
    """A Han relation noun of ``data/relations.yaml`` other than a partner's (妹妹, 同事, 朋友 …), or 他 / 她."""
    nouns = [str(n) for group in load_shipped("data", "relations.yaml")["relations"]
             if str(group[0]) not in _PARTNER_GROUPS for n in group if has_han(str(n))]
    return re.compile("|".join([*sorted(map(re.escape, nouns), key=len, reverse=True), "他", "她"]))


def _someone_else_before(before: str, said: str) -> bool:
    """True when an ownerless partner noun (``said`` without 我) follows a mention of another person in ``before``:
    "我妹妹脱单了，男朋友叫阿杰" names the sister's boyfriend."""
    return not said.startswith("我") and _people().search(before) is not None


_NAMED = re.compile(r"(?:是|\bis\s+)(?P<v>[^，,。.]+)$")


def named_partner_first(cands: list[Candidate]) -> list[Candidate]:
    """``cands`` with a turn's positive partner statement that names the partner put before one that names no one.

    "脱单了！新男朋友叫Kevin" reads both "用户脱单了，有对象了" and "用户的男朋友是Kevin" under ``fact:partner``, a key
    of one value: the first one said would stand and the name would be lost. Only the order changes.

    Args:
        cands: one turn's candidates, in order.

    Returns:
        A new list; ``cands`` itself when no unnamed partner statement comes before a named one.
    """
    partners = [c for c in cands if c.key == "fact:partner" and c.polarity > 0]
    named = [c for c in partners if _names_partner(c)]
    if not named or all(_names_partner(c) for c in partners):
        return cands
    rest = [c for c in cands if not any(c is n for n in named)]
    at = next(n for n, c in enumerate(rest) if c.key == "fact:partner" and c.polarity > 0)
    return rest[:at] + named + rest[at:]


def _names_partner(cand: Candidate) -> bool:
    """True when ``cand`` says who the partner is ("用户的男朋友是Kevin", "User's girlfriend is Maya")."""
    found = _NAMED.search(cand.description)
    return found is not None and is_person(found.group("v").strip(), cand.lang)
