"""Whether a sentence that mentions an item is said in a way that can add nothing to it (issue 13, the write path).

A detail revises an item only when it is about the same subject and the same attribute and adds to the item
without changing it (README "Memory items"). A sentence that shares a word with the item (the school, the home,
the coffee) is no such detail when it is:

- **not a statement of what is**: a supposition, a plan, a wish or a question ("if I fail Analysis again I'll get
  Exmatrikulation", "considering moving to Berlin", "要是挂科就完蛋了", "打算明年换工作", "还在 Freimann 吗？"),
  or news heard ("apparently…", "听说…"): it changes no fact of the user's;
- **a change of the value**: a stop, a switch, a move ("从 Freimann 搬到 Garching", "moved out", "媳妇辞职了",
  "switched to Slack"): the change supersedes the old value (or is its own item), it is never glued onto it;
- **a return after a stop** ("coffee is back lol", "咖啡又喝上了"): the stop's successor, not more of the stop;
- **another person's news**, told with him or her as the subject ("he got engaged", "她怀孕了"): that person's
  own fact, never text of the user's.

The markers are data (``markers`` in ``memory_core/data/slots.yaml``): ``hypothetical``, ``plan``, ``question``,
``hearsay`` (not a statement of what is); ``cessation``, ``switch``, ``moved`` (a change); ``back`` (a return).
"""

from __future__ import annotations

import re

from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["CHANGED", "NOT_SAID", "RETURNED", "THEIRS", "mood_of"]

#: What ``mood_of`` reads: a supposition, plan, question or hearsay; a change; a return after a stop; another's news.
NOT_SAID, CHANGED, RETURNED, THEIRS = "not said", "changed", "returned", "theirs"

_MARKERS = ((NOT_SAID, ("hypothetical", "plan", "question", "hearsay")),
            (CHANGED, ("cessation", "switch", "moved")),
            (RETURNED, ("back",)))
_RUN = re.compile(r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]+|[^\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]+")
_MIXED = re.compile(r"[\u4e00-\u9fff][^\u4e00-\u9fff]*[A-Za-z]|[A-Za-z][^A-Za-z]*[\u4e00-\u9fff]")
_CLAUSE = re.compile(r"[,，。.;；!！?？:：—\n]+")
# a clause whose subject is another person named by a pronoun ("he got engaged", "她怀孕了", "they moved")
_THIRD = {"en": re.compile(r"^(?:and\s+|but\s+|so\s+|also\s+)?(?:he|she|they|he's|she's|they're)\b"),
          "zh": re.compile(r"^(?:而且|但是|不过|还有)?(?:他|她|他们|她们)(?!的?[妈爸])")}


def mood_of(said: str, lang: str, subject: str = "") -> str:
    """What keeps ``said`` from being a detail of an item it mentions, or "" when nothing does.

    Args:
        said: the sentence(s) that would be joined to the item: the user's words, third person, or quoted after the
            user's subject word ("用户：从 Freimann 搬到 Garching 的宿舍").
        lang: "en" or "zh"; a clause holding Chinese is read with the Chinese markers too.
        subject: the user's subject word ("User", "用户", a speaker's name) that may open ``said`` before a colon.

    Returns:
        ``NOT_SAID``, ``CHANGED``, ``RETURNED`` or ``THEIRS`` (checked in that order, the first clause that shows one
        deciding within each), or "" for a sentence that may add to the item.
    """
    text = said.strip().replace("\u2019", "'")
    for head in (subject, "User", "用户"):
        if head and text.startswith(head) and text[len(head):len(head) + 1] in (":", "："):
            text = text[len(head) + 1:].strip()
            break
    clauses = [c.strip().casefold() for c in _CLAUSE.split(text) if c.strip()]
    if re.search(r"[?？]\s*$", text):
        return NOT_SAID
    marks = lexicon().markers
    # a clause that switches language ("Informatik 太难了 Analysis 挂了 thinking about switching major") is read
    # whole and by each run of one script, so a marker that opens a clause opens its run too
    # (a run is no sentence: it is never read as opening a question, "用户的猫 is three")
    units = [(c, True) for c in clauses]
    units += [(r.strip(), False) for c in clauses if _MIXED.search(c) for r in _RUN.findall(c) if r.strip()]
    for mood, names in _MARKERS:
        for unit, whole in units:
            if any(name in found and (whole or name != "question") and found[name].search(unit)
                   for found in marks.values() for name in names):
                return mood
    for clause in clauses:
        one = "zh" if re.search(r"[\u4e00-\u9fff]", clause) else "en"
        if _THIRD[one].match(clause):
            return THEIRS
    return ""
