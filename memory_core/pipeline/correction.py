"""A correction replaces the wrong value in its slot (issue 13: "actually sorry, Boulder not Denver", 不对，是A不是B).

People correct what they just said by naming both values: "X not Y", "X,
not Y", "I meant X", "not Y but X", "是X不是Y", "X 不是 Y", "不是Y，是X",
with a cue that it is a correction (sorry, actually, I meant, oops, 说错,
记错, 不对, 口误 …). ``read_correction`` finds the pair (new, old) in a user
turn; ``corrected`` then:

- finds the user's own active single-valued fact whose text names the old
  value (``fact:<slot>`` keys, not another person's, not a multi-valued
  object key) and proposes the same item with the new value under the same
  key, so the resolver supersedes the wrong one (history kept);
- drops the statements the correction's own words would make (its own-words gists, its restatement, ("用户说错了",
  "用户是无锡不是苏州", "User meant Boulder, not Denver" appended to the old
  item): a correction is about what was said, not a fact of the user.

A turn that names no old value the user has stored changes nothing but the
junk it would have made; the turn itself stays an event.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory_core.model import Kind, Turn
from memory_core.pipeline.types import Candidate, KeyLookup

__all__ = ["corrected", "read_correction"]

_CUE_EN = re.compile(r"\b(?:sorry|actually|i\s+meant|meant\s+to\s+say|i\s+mean|oops|correction|typo|my\s+bad|"
                     r"i\s+misspoke|wrong|scratch\s+that|not\s+\w+\s*,?\s+(?:but|it's|it\s+is))\b", re.IGNORECASE)
_CUE_ZH = re.compile(r"说错|记错|打错|写错|口误|搞错|弄错|不对|更正|纠正|不好意思|抱歉|应该是|其实是")
_WORD = r"[A-Za-z][\w&.'-]*"
_EN_X_NOT_Y = re.compile(rf"(?P<new>{_WORD}(?:\s+{_WORD}){{0,3}})\s*,?\s+not\s+(?P<old>{_WORD}(?:\s+{_WORD}){{0,3}})")
_EN_NOT_Y_X = re.compile(rf"\bnot\s+(?P<old>{_WORD}(?:\s+{_WORD}){{0,2}})\s*[,;]?\s+(?:but\s+|it's\s+|it\s+is\s+)"
                         rf"(?P<new>{_WORD}(?:\s+{_WORD}){{0,2}})")
_EN_MEANT = re.compile(rf"\b(?:i\s+meant|meant\s+to\s+say)\s+(?P<new>{_WORD}(?:\s+{_WORD}){{0,2}})", re.IGNORECASE)
# words that open or close a phrase without being part of the value
_EN_STOP = frozenset({
    'sorry', 'actually', 'oops', 'i', "i'm", 'im', 'meant', 'mean', 'it', "it's", 'its', 'is', 'was', 'in', 'at',
    'to', 'the', 'a', 'an', 'no', 'yeah', 'yes', 'we', "we're", 'were', 'are', 'live', 'living', 'work',
    'working', 'lives', 'works', 'my', 'our', 'correction', 'typo', 'wrong', 'and', 'but', 'so', 'lol', 'haha',
    'ok', 'okay', 'well', 'um', 'uh', 'just'
})
_ZH_SEG = r"[^，,。！!？?；;、]{1,16}"
_ZH_X_NOT_Y = re.compile(rf"(?P<new>{_ZH_SEG}?)\s*[，,]?\s*而?不是\s*(?P<old>{_ZH_SEG})")
_ZH_NOT_Y_X = re.compile(rf"不是\s*(?P<old>{_ZH_SEG}?)\s*[，,]?\s*而?是\s*(?P<new>{_ZH_SEG})")
# a verb or pronoun the new value follows ("我住 Redfern", "是无锡"): the value is what comes after the last one
_ZH_LEAD = re.compile(r".*(?:是|住在|住|在|叫|去了|去|到|做|当)\s*")
_ZH_TAIL = re.compile(r"[了啦哈呀啊吧呢哦噢喔嘛\s]+$")


def read_correction(text: str) -> tuple[str, str] | None:
    """Return ``(new, old)`` when ``text`` corrects one value by another, else None.

    Args:
        text: one user turn (any length up to MAX_TEXT_CHARS characters).

    Returns:
        The values as said ("Boulder", "Denver"), trimmed of the words around them.
    """
    plain = text.replace("\u2019", "'")
    if _CUE_ZH.search(plain) and "不是" in plain:
        for pattern in (_ZH_NOT_Y_X, _ZH_X_NOT_Y):
            m = pattern.search(plain)
            if m is not None:
                new = _ZH_TAIL.sub("", _ZH_LEAD.sub("", m.group("new"))).strip()
                old = _ZH_TAIL.sub("", m.group("old")).strip()
                if new and old and new != old:
                    return new, old
    if not _CUE_EN.search(plain):
        return None
    for pattern in (_EN_NOT_Y_X, _EN_X_NOT_Y):
        m = pattern.search(plain)
        if m is not None:
            new, old = _trim(m.group("new"), lead=True), _trim(m.group("old"), lead=False)
            if new and old and new.casefold() != old.casefold():
                return new, old
    return None


def _trim(phrase: str, lead: bool) -> str:
    """The value inside ``phrase``: the run of words after (``lead``) or before the last stop word."""
    words = phrase.split()
    if lead:
        while words and words[0].casefold().strip(",.") in _EN_STOP:
            words = words[1:]
        kept = words
    else:
        while words and words[0].casefold().strip(",.") in _EN_STOP:
            words = words[1:]
        kept = []
        for word in words:
            if word.casefold().strip(",.") in _EN_STOP:
                break
            kept.append(word)
    return " ".join(kept).strip(",.!?")


def corrected(turn: Turn, cands: list[Candidate], rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]],
              store: KeyLookup) -> list[Candidate]:
    """Return ``cands`` with a correction in ``turn`` applied (see the module docstring).

    Args:
        turn: the turn being planned; only a user's turn may correct.
        cands: the turn's candidates, after the store-free stages.
        rows: the user's active statements as ``(id, key, description)`` for key prefixes.
        store: read for the corrected item's kind and theme.

    Returns:
        ``cands`` unchanged when the turn is no correction; otherwise its event, the other statements, and
        the corrected item when the old value is an active fact of the user's.

    Raises:
        StoreError: the store failed while reading.
    """
    if turn.role != "user":
        return cands
    pair = read_correction(turn.text)
    if pair is None:
        return cands
    new, old = pair
    said = (new.casefold(), old.casefold())
    kept = [c for c in cands if c.kind == Kind.EVENT or not (
        c.restate_only or c.key.startswith("gist:") or any(v in c.description.casefold() for v in said)
        or _CUE_EN.search(c.description) or _CUE_ZH.search(c.description) or "不是" in c.description)]
    for _, key, description in rows(("fact:",)):
        if "/" in key or key.split("@")[0].count(":") != 1 or old.casefold() not in description.casefold():
            continue
        found = store.find_by_keys(turn.user_id, [key]).get(key, [])
        item = found[0] if found else None
        if item is None:
            continue
        at = description.casefold().index(old.casefold())
        text = description[:at] + new + description[at + len(old):]
        kept = [c for c in kept if c.key != key]
        kept.append(Candidate(
            kind=item.kind, description=text, theme=item.theme, key=key, polarity=1, confidence=0.9,
            importance=item.importance, valid_from=turn.timestamp, speaker=turn.speaker.strip() or turn.role,
            lang="zh" if re.search(r"[\u4e00-\u9fff]", text) else "en", claim=text, single_valued=True,
            evidence=turn.text, notes=[f"correction: {new}, not {old}"],
        ))
        break
    return kept
