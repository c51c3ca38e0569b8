""""I'm no longer at Google", "not in Boston anymore", "我已经不在谷歌了": the place or employer named ends (issue 13).

The user says where they no longer are, with no verb of work or home: "I'm no longer at Google", "no longer with
Acme", "I'm not in Boston anymore", "我已经不在谷歌了", "不在北京了". No slot rule reads such a clause (at, with
and in say nothing of which slot), so it was kept as the user's own words ("User is no longer at Google") beside
the active "User works at Google": two items saying opposite things, the old one still answering "where do I
work?".

``no_longer_at`` finds the value the clause names among the user's active statements of where they work, live
or study (``fact:works_at``, ``fact:lives_in``, ``fact:school``, the speaker's own, not another person's) and,
when the value names exactly one such slot, files the turn's statement under that slot with the negative
polarity, as "I left Google" is: the old item is superseded with history and the statement stays as what is
true now. A value the user's statements
do not hold (already changed, or never said) ends nothing.
"""

from __future__ import annotations

import re

from memory_core.model import Kind, Turn
from memory_core.pipeline import org_names
from memory_core.pipeline.held_change import Rows, held, stated_under
from memory_core.pipeline.own_words import items_subject, speaker_qualifier
from memory_core.pipeline.place_names import same_place
from memory_core.pipeline.types import Candidate

__all__ = ["SLOTS", "holds", "no_longer_at"]

#: The slots a place or an organisation said with at/with/in may be the value of.
SLOTS = ("fact:works_at", "fact:lives_in", "fact:school")

# the speaker's own clause: it opens the sentence or follows "I'm"; the value is a name (capitalised)
_EN = re.compile(
    r"(?:^|(?<=[.!?,;])\s*|(?i:\b(?:i'm|i\s+am|im)\s+))(?i:(?:now|already|officially)\s+)?"
    r"(?i:no\s+longer|(?P<not>not))\s+(?P<prep>(?i:at|with|in|based\s+in|part\s+of|working\s+(?:at|for)))"
    r"\s+(?P<v>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,3})(?P<more>\s+(?i:any\s*more))?")
# a Latin name inside the Chinese is set off by spaces and may hold some ("不在 Shopee 了", "不在 Goldman Sachs 了")
_ZH = re.compile(r"(?:^|[，,。！!？?\s]|我)(?:已经|现在|早就|目前|也)*不在[ \t]*"
                 r"(?P<v>[A-Za-z][\w&.'-]*(?:[ \t]+[A-Za-z][\w&.'-]*){0,3}|[^\s，,。！!？?了啦的]{2,12}?)[ \t]*"
                 r"(?:工作|上班|上学|读书|住|待|干)?(?:了|啦)")  # 啦 is 了 + 啊 ("早就不在杭州啦")


def _values(text: str) -> list[tuple[str, str]]:
    """``(value, preposition)`` of each clause saying where the speaker no longer is (preposition "" in Chinese)."""
    out = []
    for m in _EN.finditer(text):
        if m.group("not") and not m.group("more"):
            continue  # "I'm not in Boston this week": not an end; "not in Boston anymore" is
        out.append((m.group("v").strip(".'"), m.group("prep").casefold()))
    out += [(m.group("v"), "") for m in _ZH.finditer(text)]
    return out


def holds(description: str, value: str) -> bool:
    """True when ``description`` names ``value``, or the same organisation or city in the other script."""
    folded = description.casefold()
    return value.casefold() in folded or any(n in folded for n in org_names.names_of(value) if len(n) >= 2) \
        or same_place((value,), description)


def no_longer_at(turn: Turn, cands: list[Candidate], rows: Rows) -> None:
    """File the turn's statement of where the user no longer is under the one active slot item naming that
    place or organisation, as its negation (module docstring); changes ``cands`` in place.

    The statement is worded from the clause ("User is no longer at Google", "用户已经不在谷歌了"); the turn's own
    candidates naming the value (its own-words statement and mention) are dropped for it.

    Args:
        turn: a user turn (text as the rules read it).
        cands: the turn's candidates.
        rows: ``prefixes -> [(id, key, description)]`` of the user's active statements (one light read, only
            for a turn that says such a clause).

    Raises:
        StoreError: the store failed while reading.
    """
    if turn.role != "user" or not ("不在" in turn.text or re.search(r"no\s+longer|\bnot\b", turn.text, re.I)):
        return
    values = _values(turn.text)
    if not values:
        return
    qualifier = speaker_qualifier(turn.speaker)
    for value, prep in values:
        keys = {key for key, description in held(rows, SLOTS, qualifier)
                if "/" not in key and holds(description, value)}
        if len(keys) != 1:
            continue
        [key] = keys
        if any(c.key == key and c.polarity > 0 and not c.is_event for c in cands):
            continue  # "不在美团了，现在跑饿了么": the new value said with it is what holds, not the negation
        lang = "en" if prep else "zh"
        subject = items_subject(turn.speaker.strip(), lang)
        text = f"{subject}已经不在{value}了" if lang == "zh" else f"{subject} is no longer {prep} {value}"
        cands[:] = stated_under(cands, Candidate(
            kind=Kind.FACT, description=text, key=key, polarity=-1, single_valued=True, confidence=0.8,
            valid_from=turn.timestamp, speaker=turn.speaker.strip() or turn.role, lang=lang,
            claim=text[len(subject):].strip(), evidence=turn.text, notes=[f"ends {key}: no longer there"]), value)
