"""Whether a text says a change of the user's life, which no older item may take as a detail (trial 36, finding 1).

An item grows by details said later ("Miso turned three"). A later turn that says a change (a move, a death, a
new partner, a job left or begun: ``data/life_changes.yaml``) shares words with the item it changes ("bubble tea
店的工作辞了" with "在 … bubble tea shop 打工", "团子去世了" with the rabbit named 团子), and was joined to it as an
added detail: the old item stayed active with the change inside its text. Such a turn is the change: it ends the
item it names (``restate.plan_own_words``), and a new value said with it supersedes the old one; it is never text
of the older item. A detail that speaks of another person's relative ("Tasha's parents flying in", "阿杰的爸妈…")
is that person's, never the item's (README: "a mention in another role is no detail").
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.shipped_yaml import load_shipped

__all__ = ["LONG_AGO", "change_kind", "names_others_kin", "says_life_change"]

#: The group of ``data/life_changes.yaml`` that puts a change long ago ("years ago", 小时候): it says none of now.
LONG_AGO = "long_ago"


@functools.lru_cache(maxsize=1)
def _cues() -> dict[str, tuple[re.Pattern[str], re.Pattern[str]]]:
    """Each group of ``data/life_changes.yaml`` (move, death, partner, work, long_ago) as its English and Chinese
    patterns, for case-folded text; a group with no word in a language matches nothing there."""
    data = load_shipped("data", "life_changes.yaml") or {}
    never = re.compile(r"(?!)")

    def pattern(lang: str, group: str, bounded: bool) -> re.Pattern[str]:
        words = sorted({str(w).casefold() for w in (data.get(lang) or {}).get(group) or ()}, key=len, reverse=True)
        if not words:
            return never
        body = "|".join(map(re.escape, words))
        return re.compile(rf"\b(?:{body})\b" if bounded else body)

    groups = {g for lang in ("en", "zh") for g in (data.get(lang) or {})}
    return {g: (pattern("en", g, True), pattern("zh", g, False)) for g in sorted(groups)}


def change_kind(text: str) -> str:
    """The change ``text`` (a turn or a detail of one, either language or both) says: "ends" for one that ends what
    it names (a move, a death, a job left or begun), "partner" for a new partner, "" for none. The lexicon's
    looser cessation markers are not read: "香菜真的受不了" restates "不吃香菜", it ends nothing."""
    folded = text.casefold()
    cues = _cues()
    said = {group for group, (en, zh) in cues.items() if en.search(folded) or zh.search(folded)}
    if LONG_AGO in said:
        return ""  # "My first rabbit died years ago when I was a kid, Bun reminds me of her": no change of now
    if said - {"partner"}:
        return "ends"
    return "partner" if said else ""


def says_life_change(text: str) -> bool:
    """True when ``text`` says a change of the user's life (``change_kind``)."""
    return bool(change_kind(text))


def names_others_kin(text: str, subject: str = "") -> bool:
    """True when a clause of ``text`` speaks of someone else's relative ("Tasha's parents flying in", "Tom's wife",
    "小王的老婆"): a possessive name or word before a relation word of the lexicon's ``REL`` class. The user's own
    subject is no other person: "User's son", "用户的儿子" and ``subject``'s (a named speaker's) are the user's kin."""
    lex = lexicon()
    en_rel, zh_rel = lex.classes["en"]["REL"], lex.classes["zh"]["REL"]
    en = rf"\b(?!(?i:it|that|this|he|she|there|here|what|who|let|today)'s)[A-Z][a-z]+'s\s+(?:{en_rel})\b"
    zh = rf"(?<![我你])(?:[A-Za-z]{{2,}}|(?![我你他她])[\u4e00-\u9fff]{{1,3}})的(?:{zh_rel})"
    own = {"User", "用户", subject} - {""}
    found = [m.group(0) for pattern in (en, zh) for m in re.finditer(pattern, text)]
    return any(not any(hit.startswith((f"{who}'s", f"{who}的")) for who in own) for hit in found)
