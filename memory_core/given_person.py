"""A note about the user written in the third person, read as the user's own words for keying.

LLM memory managers (the LangGraph store, LangMem's manage tool, ``add(infer=False)``) write what they keep
about the user as "User lives in Leeds", "The user has moved to Manchester", "用户搬到曼彻斯特了". The
write pipeline reads slot values in the user's own words ("I live in Leeds", "我搬到曼彻斯特了"), so
``as_own_words`` turns such a note into them before ``memory_core.given_slot`` reads its key; the stored text
stays as given. The openers that stand for the user are data (``memory_core/data/given_subjects.yaml``); a
named ``speaker`` opening the note stands for them too. Another named person ("Tom lives in Leeds") is left
as said, so their facts stay keyed to them.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memory_core.shipped_yaml import load_shipped

__all__ = ["as_own_words"]

#: Words after "and" that end in -s but are not a verb ("and his wife", "and always").
_NOT_VERBS = frozenset(("his", "this", "hers", "its", "ours", "theirs", "yours", "always", "sometimes", "perhaps",
                        "plus", "yes", "thus", "was", "has", "is", "does"))


@lru_cache(maxsize=1)
def _lexicon() -> tuple[re.Pattern[str], re.Pattern[str], dict[str, str], re.Pattern[str]]:
    data = load_shipped("data", "given_subjects.yaml")
    en = sorted(data["en"]["subjects"], key=len, reverse=True)
    zh = sorted(data["zh"]["subjects"], key=len, reverse=True)
    adverbs = sorted(data["en"]["adverbs"], key=len, reverse=True)
    en_subject = re.compile(r"^\s*(?:" + "|".join(re.escape(s) for s in en) + r")(?:'s|’s)?(?![\w-])", re.IGNORECASE)
    zh_subject = re.compile(r"^\s*(?:" + "|".join(re.escape(s) for s in zh) + r")")
    adverb = re.compile(r"^(?:" + "|".join(re.escape(a) for a in adverbs) + r")\b\s*", re.IGNORECASE)
    verbs = {str(k).casefold(): str(v) for k, v in data["en"]["verbs"].items()}
    return en_subject, zh_subject, verbs, adverb


def _first_verb(word: str, verbs: dict[str, str]) -> str:
    """The first-person form of a third-person English verb ("lives" -> "live", "studies" -> "study");
    a word that is not one ("moved", "quit") is kept as said."""
    low = word.casefold().replace("\u2019", "'")
    if low in verbs:
        return verbs[low]
    if re.fullmatch(r"[a-z]+[^aeiou]ies", low):
        return word[:-3] + "y"
    if re.fullmatch(r"[a-z]+(?:sh|ch|x|ss|zz)es", low):
        return word[:-2]
    if re.fullmatch(r"[a-z]+[^su']s", low):
        return word[:-1]
    return word


def _own_clause(rest: str, verbs: dict[str, str], adverb: re.Pattern[str]) -> str:
    """``rest`` (what follows the subject) with its verb, and a verb after "and", in the first person."""
    said = ""
    while (a := adverb.match(rest)) is not None and a.end():
        said += a.group(0)
        rest = rest[a.end():]
    verb, space, after = rest.partition(" ")
    after = re.sub(r"\b(and\s+(?:now\s+|also\s+|then\s+)?)([a-z']+)",
                   lambda m: m.group(1) + (m.group(2) if m.group(2) in _NOT_VERBS else _first_verb(m.group(2), verbs)),
                   after)
    return said + _first_verb(verb, verbs) + space + after


def as_own_words(text: str, speaker: str = "") -> str:
    """``text`` as the user would say it when it opens on the user in the third person, else ``text`` itself.

    "User lives in Leeds" -> "I live in Leeds"; "The user has moved to Manchester" -> "I have moved to
    Manchester"; "User's girlfriend is Amy" -> "My girlfriend is Amy"; "用户搬到曼彻斯特了" -> "我搬到曼彻斯特了";
    with ``speaker="Mia"``, "Mia lives in Porto" -> "I live in Porto". "Tom lives in Leeds" is returned as said.
    """
    en_subject, zh_subject, verbs, adverb = _lexicon()
    m = en_subject.match(text)
    if m is None and speaker.strip() and speaker.strip().casefold() not in {"user", "assistant", "tool"}:
        m = re.match(r"^\s*" + re.escape(speaker.strip()) + r"(?:'s|’s)?(?![\w-])", text, re.IGNORECASE)
    if m is not None:
        rest = text[m.end():]
        if m.group(0).rstrip().endswith(("'s", "’s")):
            return "My" + rest
        return "I " + _own_clause(rest.lstrip(), verbs, adverb)
    z = zh_subject.match(text)
    if z is None and speaker.strip() and re.match(r"[\u4e00-\u9fff]", speaker.strip()):
        z = re.match(r"^\s*" + re.escape(speaker.strip()), text)
    if z is not None:
        return "我" + text[z.end():]
    return text
