"""A diet said to be over, in words the slot cues do not read (issue 13, seventh pass).

"the keto thing is over", "done with keto", "keto didn't last", "减肥失败了", "节食坚持不下去了", "戒糖破戒了"
end the diet as "gave up" / 不再 do; "现在晚饭照吃" (eating dinner as before) ends "用户不吃晚饭". Each
ending becomes a candidate on the key of the diet it ends, so the resolver supersedes the old item and
keeps it in the history:

- English, a diet word of the ``diet`` slot: read as "I'm no longer <diet>" by the slot engine (``fact:diet``).
- Chinese, a way of eating held as the user's own words (减肥, 节食, 戒糖 …): a negative fact on ``gist:<word>``,
  the key "我在减肥" is stored under.
- Chinese, a meal or food eaten "as usual" (照吃, 照样吃, 照常吃): a positive preference on ``pref:<food>``,
  the key "不吃晚饭" is stored under.

Only user turns are read, and only when no candidate of the turn already holds the key. A turn that names a
new diet and ends the old one ("素食坚持不下去，我又开始吃肉了") keeps the new diet alone: it supersedes the old.
"""

from __future__ import annotations

import re

from memory_core.model import Kind, Turn
from memory_core.pipeline.slots import canon_object, read_clause
from memory_core.pipeline.types import Candidate

_EN_DIET = r"(?P<v>vegetarian|veggie|vegan|pescatarian|pescetarian|keto|paleo|gluten[- ]free|dairy[- ]free)"
_EN_OVER = re.compile(
    rf"(?i)\b{_EN_DIET}(?:\s+(?:thing|diet|life|lifestyle|phase|experiment|kick|streak))?\s+"
    r"(?:is|was|'s|has\s+been)\s+(?:so\s+|officially\s+|totally\s+|definitely\s+)?(?:over|done|finished|dead)\b"
    rf"|\b(?:done|finished)\s+with\s+(?:the\s+|my\s+)?{_EN_DIET.replace('?P<v>', '?P<w>')}\b"
    rf"|\b{_EN_DIET.replace('?P<v>', '?P<x>')}(?:\s+(?:thing|diet|experiment))?\s+"
    r"(?:didn't|did\s+not|never)\s+(?:last|stick|work\s+out)\b")
# another person's diet: "my sister's", "his", "her", "they're"
_OTHER = re.compile(r"(?i)\b(?:his|her|their|they|he|she|\w+'s)\s+(?:\w+\s+){0,2}$|\b(?:his|her|their|\w+'s)\b")
_ZH_WAYS = "减肥|节食|戒糖|控糖|断食|轻断食|戒碳水"
_ZH_OVER = re.compile(rf"(?P<v>{_ZH_WAYS})(?:计划)?[^，,。！!？?]{{0,4}}?"
                      r"(?:失败了|坚持不(?:下去|住|了)|(?:太|很)?难坚持|破戒了?|放弃了|结束了)")
_ZH_AS_USUAL = re.compile(r"(?P<v>早饭|早餐|午饭|午餐|晚饭|晚餐|夜宵|宵夜|甜食|零食|碳水|米饭|主食)(?:也|都|还是)?"
                          r"(?:照吃|照样吃|照常吃)")


def ended_diets(turn: Turn, cands: list[Candidate]) -> list[Candidate]:
    """Return ``cands`` with a candidate added for each diet ``turn`` says is over (see the module doc).

    Args:
        turn: the turn read; only role "user" is read.
        cands: the turn's candidates so far (not changed; a negative diet beside a positive one is left out); a key
            one of them holds gets no second candidate.
    """
    if turn.role != "user":
        return cands
    if any(c.key.startswith("fact:diet") and c.polarity > 0 for c in cands):  # "素食坚持不下去，我又开始吃肉了"
        cands = [c for c in cands if not (c.key.startswith("fact:diet") and c.polarity < 0)]  # the new diet ends it
    held = {c.key for c in cands}
    added: list[Candidate] = []
    subject_en, subject_zh = "User", "用户"
    for m in _EN_OVER.finditer(turn.text):
        if _OTHER.search(turn.text[max(0, m.start() - 40):m.start()]):
            continue  # "my sister's vegan phase is over": her diet, not the user's
        value = (m.group("v") or m.group("w") or m.group("x") or "").casefold()
        for hit in read_clause(f"I'm no longer {value}", "en", subject_en).hits:
            if hit.key not in held and hit.polarity < 0:
                held.add(hit.key)
                added.append(_cand(turn, hit.key, f"{subject_en} is no longer {value}", -1, "en", Kind.FACT,
                                   single=True))
    for m in _ZH_OVER.finditer(turn.text):
        key = f"gist:{m.group('v')}"
        if key not in held:
            held.add(key)
            added.append(_cand(turn, key, f"{subject_zh}{m.group(0)}，不再{m.group('v')}", -1, "zh", Kind.FACT))
    for m in _ZH_AS_USUAL.finditer(turn.text):
        key = "pref:" + canon_object(m.group("v"), "zh")
        if key not in held:
            held.add(key)
            added.append(_cand(turn, key, f"{subject_zh}{m.group(0)}", 1, "zh", Kind.PREFERENCE))
    return cands + added


def _cand(turn: Turn, key: str, description: str, polarity: int, lang: str, kind: Kind,
          single: bool = False) -> Candidate:
    return Candidate(kind=kind, description=description, theme="health", key=key, polarity=polarity,
                     confidence=0.85, valid_from=turn.timestamp, speaker=turn.speaker.strip() or turn.role,
                     lang=lang, claim=turn.text, single_valued=single, evidence=turn.text,
                     notes=["a diet said to be over"])
