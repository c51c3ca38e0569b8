"""Whether a sentence that mentions an item is said in a way that can add nothing to it (issue 13, the write path).

A detail revises an item only when it is about the same subject and the same attribute and adds to the item
without changing it (README "Memory items"). A sentence that shares a word with the item (the school, the home,
the coffee) is no such detail when:

- **its first clause states nothing of what is**: a supposition, a plan, a wish or a question ("if I fail Analysis
  again I'll get Exmatrikulation", "considering moving to Berlin", "要是挂科就完蛋了", "在考虑要不要转去复旦"), or news
  heard ("apparently…", "听说…"), or **any clause of it asks the listener** ("…，你说重庆人咋个天天吃得下哦", "…, any
  tips?", marker ``asks_listener``): it changes no fact of the user's (``NOT_SAID``);
- **a clause of it changes what the item names**: a stop, a switch or a move of the thing the item holds
  ("媳妇辞职了", "中介不干了", "switched from Slack"): the change supersedes the item, never joins it (``CHANGED``);
- **a clause of it takes the item's thing up again after a stop** ("coffee is back lol", "咖啡又喝上了"): the stop's
  successor, not more of the stop (``RETURNED``).

A clause that switches language ("Informatik 太难了 Analysis 挂了 thinking about switching major") is read whole
and by each run of one script, so a marker that opens a clause opens its run too. The markers are data
(``markers`` in ``memory_core/data/slots.yaml``): ``hypothetical``, ``plan``, ``question``, ``hearsay``;
``cessation``, ``switch``, ``moved``; ``back``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.text.han_forms import simplified

__all__ = ["CHANGED", "NOT_SAID", "RETURNED", "mood_of"]

#: What ``mood_of`` reads: a supposition, plan, question or hearsay; a change of the item; a return after a stop.
NOT_SAID, CHANGED, RETURNED = "not said", "changed", "returned"

_NOT_SAID = ("hypothetical", "plan", "question", "hearsay")
_CHANGES = ((CHANGED, ("cessation", "switch", "moved")), (RETURNED, ("back",)))
_RUN = re.compile(r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]+|[^\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]+")
_MIXED = re.compile(r"[\u4e00-\u9fff][^\u4e00-\u9fff]*[A-Za-z]|[A-Za-z][^A-Za-z]*[\u4e00-\u9fff]")
_CLAUSE = re.compile(r"[,，。.;；!！?？:：—\n]+")
# a clause mark, or a space between two Chinese clauses ("用户有点遭不住 你说…"); a question mark stays with its clause
_CLAUSE_OR_SPACE = re.compile(r"(?<=[?？])|[,，。.;；!！:：—\n]+|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")
# "受不了", "少不了", "不得了": a strong feeling or a need, never a stop; "不见了", "找不到了": a thing lost, for the
# rules of lost things (``lost_pet``, ``found_pet``), never a stop of it
# "绝育了，以后不能生小猫了", "she can't have kittens anymore": a pet spayed, no stop of the pet
_NO_STOP = re.compile(r"[受忍少免离]不了|不得了|不了了之|不见了|[找看]不[到见着]了"
                      r"|(?:不能|没法|不会)再?生(?:小[\u4e00-\u9fff]|崽|宝宝)?了"
                      r"|can(?:'t|not)\s+have\s+(?:kittens|puppies|babies|a\s+litter)")


def _units(clause: str) -> list[tuple[str, bool]]:
    """The clause whole (True), and each run of one script of a clause that switches language (False)."""
    out = [(clause, True)]
    if _MIXED.search(clause):
        out += [(r.strip(), False) for r in _RUN.findall(clause) if r.strip()]
    return out


def _marked(unit: str, whole: bool, names: tuple[str, ...]) -> bool:
    marks = lexicon().markers
    # a run is no sentence: it is never read as opening a question ("用户的猫 is three")
    return any(name in found and (whole or name != "question") and found[name].search(unit)
               for found in marks.values() for name in names)


def _asks_listener(text: str) -> bool:
    """True when a clause of ``text`` (any of them, traditional Chinese read as simplified) asks the listener ("…，你说
    重庆人咋个天天吃得下哦", "…, any tips?"): the marker ``asks_listener`` of either language."""
    clauses = [c.strip().casefold() for c in _CLAUSE_OR_SPACE.split(simplified(text)) if c.strip()]
    marks = lexicon().markers
    return any("asks_listener" in found and found["asks_listener"].search(c) for found in marks.values()
               for c in clauses)


def mood_of(said: str, lang: str, subject: str = "", names_item: Callable[[str], bool] = lambda _: True) -> str:
    """What keeps ``said`` from being a detail of an item it mentions, or "" when nothing does.

    Args:
        said: the sentence(s) that would be joined to the item: the user's words, third person, or quoted after the
            user's subject word ("用户：中介不干了，现在跑网约车").
        lang: "en" or "zh" (both languages' markers are read: a turn may mix them).
        subject: the user's subject word ("User", "用户", a speaker's name) that may open ``said`` before a colon.
        names_item: whether a clause names the item's thing (a change of another thing changes nothing of it).

    Returns:
        ``NOT_SAID``, ``CHANGED`` or ``RETURNED`` (see the module docstring), or "" for a sentence that may add to
        the item.
    """
    del lang  # both languages' markers are read
    text = said.strip().replace("\u2019", "'")
    for head in (subject, "User", "用户"):
        if head and text.startswith(head) and text[len(head):len(head) + 1] in (":", "："):
            text = text[len(head) + 1:].strip()
            break
    clauses = [_NO_STOP.sub(" ", c.strip().casefold()) for c in _CLAUSE.split(text) if c.strip()]
    if not clauses:
        return ""
    if re.search(r"[?？]\s*$", text) or any(_marked(u, w, _NOT_SAID) for u, w in _units(clauses[0])) \
            or _asks_listener(text):
        return NOT_SAID
    for mood, names in _CHANGES:
        if any(_marked(u, w, names) and names_item(c) for c in clauses for u, w in _units(c)):
            return mood
    return ""
