"""A change taken back restores the value it replaced (issue 13: "scratch that, not yet", 刚才说错了，还没搬).

People take back the change they just told without naming its slot, and often without naming the wrong value:

- "we moved to Walthamstow", then "actually scratch that, we're moving there next month, not yet. still in
  Hackney for now";
- "我住在海淀" / "我搬到望京了", then "刚才说错了，还没搬，下个月才搬到望京";
- "I work at Google" / "I just joined Meta", then "sorry, typo — I meant I just interviewed at Meta, still at
  Google" (the change said with the wrong verb: an interview, an application, a thought is no new employer).

``read_retraction`` reads the turn's cues: a take-back ("scratch that", "typo", "I misspoke", 说错了, 口误,
当我没说), a change that has not happened ("not yet", "we haven't moved yet", 还没搬, 没去成, 下个月才搬) and a
change said with the wrong verb ("I meant I interviewed at …", 只是去面试). ``retracted`` then finds the change
the turn takes back among the user's single-valued facts (the slot's last value, and the value it superseded if
any) by what the turn names:

- the earlier value, said as holding still ("still in Hackney", "I meant Google", 还在海淀);
- the changed value, with a change not happened or said with the wrong verb ("interviewed at Meta",
  还没搬 … 望京);
- the slot's verb of change with a change not happened ("we're moving there next month, not yet", 还没搬).

The newest such value told within ``RECENT`` of the turn is taken back. The earlier value comes back under
the same key, so the resolver supersedes the wrong value by it: the item it superseded, said again, or the
value the turn says holds still ("still in Hackney") when the slot had none before. A slot left with neither
is emptied: the wrong value is ended by the turn that takes it back. Nothing is lost: the earlier item stays
superseded by the change (its history), the change is superseded by the value restored, whose create
revision says what was taken back. The turn's own statements of that slot (a "still in Hackney" read in its
own words, "interviewed at Meta" read as an employer) are dropped: the restored item says it. A turn with
none of these cues, or naming no change of the user's, changes nothing ("I meant to call you", "haven't unpacked yet").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from memory_core.model import Kind, MemoryItem, Status, Turn
from memory_core.pipeline.late_order import slot_keys
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.types import Candidate, KeyLookup
from memory_core.text.script import has_han, lang_of

__all__ = ["RECENT", "Retraction", "read_retraction", "retracted", "slot_value"]

#: How long after a change a turn may take it back: a take-back speaks of the change just told ("刚才说错了",
#: "scratch that"); a value held longer stands whatever a later "not yet" is about.
RECENT = timedelta(days=14)

# taking back what was just said ("scratch that", "I misspoke", 说错了); "I meant to call you" is no take-back
_TAKE_BACK = re.compile(
    r"\b(?:scratch\s+that|ignore\s+(?:that|what\s+i\s+(?:just\s+)?said)|forget\s+(?:that|what\s+i\s+(?:just\s+)?"
    r"said)|take\s+(?:that|it)\s+back|i\s+misspoke|typo|i\s+said\s+(?:it\s+|that\s+)?wrong|i\s+(?:was|got\s+"
    r"(?:that|it))\s+wrong|my\s+bad|wait,?\s+no|i\s+meant(?!\s+to\s+(?!say\b))|(?:that's|that\s+was|that\s+is)\s+"
    r"(?:not\s+right|wrong))|说错|打错|口误|搞错|弄错|记错|不对|当我没说|收回|我是说|我的意思是", re.IGNORECASE)
# the verbs that tell a change of a single-valued slot, by attribute: the change a turn says has not happened
_CHANGE_VERBS: dict[str, re.Pattern[str]] = {
    "lives_in": re.compile(r"\b(?:mov(?:e|ed|ing)|relocat\w*)\b|搬|移居", re.IGNORECASE),
    "works_at": re.compile(r"\b(?:join(?:ed|ing)?|start(?:ed|ing)?|hired|switch(?:ed)?\s+jobs?)\b|入职|跳槽|换工作|"
                           r"去[^，,。]{1,10}上班", re.IGNORECASE),
    "occupation": re.compile(r"\b(?:became|become|promoted|switched\s+careers?)\b|转行|当上|升职", re.IGNORECASE),
}
# a verb of arriving at a new value: the change a negated verb says has not happened (a leaving is no arrival)
_EN_CHANGE = r"(?:mov(?:e|ed|ing)|relocat\w*|join(?:ed|ing)?|start(?:ed|ing)?|switch(?:ed)?|transferr?ed)"
# a change of the user's that has not happened: their negated verb of arriving ("we haven't moved yet", 还没搬),
# a later time said with 才 ("下个月才搬")
_NOT_YET = re.compile(
    rf"(?:^|[,.;:!?\u2014-]\s*|\b(?:i|we)\s+)(?:haven't|have\s+not|didn't|did\s+not|not|never)\s+(?:actually\s+|"
    rf"really\s+|officially\s+|yet\s+)?{_EN_CHANGE}(?=\s+(?:yet|there|in|into|out|to|at|with|over|house|jobs?)\b|"
    r"\s*(?:[,.;:!?\u2014-]|$))"
    r"|(?:^|[，,。！!？?；;\s]|我们?)(?:也|都|其实|暂时|根本)?(?:还没(?:有)?(?:正式)?(?:搬|去|入职|换|跳槽|开始)(?!完)|"
    r"没(?:有)?(?:搬|去|换|跳)成)|(?:下个?月|下周|下星期|明年|过几天|过两天|月底|年底|以后)才(?:会|能|要)?"
    r"(?:搬|去|入职|换|跳槽|开始)", re.IGNORECASE)
# a "not yet" or a plan fallen through said alone: of the change only beside a take-back ("scratch that, … not yet")
_BARE_NOT_YET = re.compile(r"(?:^|[,.;:!?\u2014-]\s*)not\s+yet\s*(?:[,.;:!?\u2014-]|$)|\b(?:fell\s+through|"
                           r"didn't\s+happen|isn't\s+happening|not\s+happening)\b|还没(?:有)?定|泡汤了|黄了",
                           re.IGNORECASE)
# the change said with the wrong verb: what was done is a step before it (an interview, an application)
_WRONG_VERB = re.compile(
    r"\bi\s+meant\b[^.;!?]{0,30}?\b(?:interview(?:ed|ing)?|appl(?:y|ied|ying)|visit(?:ed|ing)?|look(?:ed|ing)\s+at|"
    r"think(?:ing)?\s+(?:about|of)|thought\s+about|consider(?:ed|ing)?|toured|got\s+an\s+offer|offered)\b"
    r"|(?:我是说|我的意思是|只是|其实是)[^，,。]{0,6}?(?:面试|投(?:了)?简历|申请|考虑|想|打算|看(?:了)?房|看看|参观)",
    re.IGNORECASE)
# the earlier value said as holding still ("still in Hackney", "I meant Google", 还在海淀, 其实还住在海淀)
_STILL_EN = r"\b(?:still|i\s+meant|remain(?:ing)?|stay(?:ing)?)\b[^.;!?]{0,24}?"
_STILL_ZH = r"(?:还|仍然?|依然|依旧|照样|我是说)[^，,。]{0,6}?"
_STILL_VALUE = re.compile(
    r"\bstill\s+(?:(?:living|based|working|employed|live|work)\s+)?(?:in|at|with|for)\s+"
    r"(?P<en>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*)"
    r"|(?:还|仍然?|依然|依旧)(?:是)?(?:住在|在)(?P<zh>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:住|上班|工作|呢|啦|$|[，,。！!？?])")
_ZH_PARTICLES = "了的啦呀啊吧呢哦"


@dataclass(frozen=True, slots=True)
class Retraction:
    """The cues of a turn that may take a change back (``read_retraction``).

    Attributes:
        take_back: the turn says what was said was wrong ("scratch that", 说错了).
        not_yet: the turn says a change of the user's has not happened ("we haven't moved yet", 还没搬; "not
            yet" said alone only beside a take-back).
        wrong_verb: the turn says a change with another verb ("I meant I interviewed at …").
    """

    take_back: bool
    not_yet: bool
    wrong_verb: bool

    @property
    def change_undone(self) -> bool:
        """The turn says a change did not happen: by its negated verb, or with a take-back (a "not yet" said
        alone after "scratch that", "I meant I interviewed at …")."""
        return self.not_yet or (self.take_back and self.wrong_verb)


def read_retraction(text: str) -> Retraction | None:
    """The retraction cues of ``text`` (one user turn, apostrophes straightened), None when it has none of them.

    A "not yet" said alone, or a plan fallen through, is a change not happened only beside a take-back.
    """
    take_back = bool(_TAKE_BACK.search(text))
    not_yet = bool(_NOT_YET.search(text)) or (take_back and bool(_BARE_NOT_YET.search(text)))
    said = Retraction(take_back, not_yet, bool(_WRONG_VERB.search(text)))
    return said if said.take_back or said.not_yet or said.wrong_verb else None


def _values(new: str, old: str) -> tuple[str, str]:
    """The parts of two texts of one slot that differ ("User lives in Walthamstow" / "... Hackney"): what is left
    of each after their common start and end (whole words in English, characters in Chinese)."""
    zh = has_han(new + old)
    a, b = (list(new), list(old)) if zh else (new.split(), old.split())
    start = 0
    while start < min(len(a), len(b)) and a[start].casefold() == b[start].casefold():
        start += 1
    end = 0
    while end < min(len(a), len(b)) - start and a[-1 - end].casefold() == b[-1 - end].casefold():
        end += 1
    join, strip = ("", _ZH_PARTICLES + "，,。. ") if zh else (" ", ",.!? ")
    return join.join(a[start:len(a) - end]).strip(strip), join.join(b[start:len(b) - end]).strip(strip)


def _slot_value(item: MemoryItem) -> str:
    """The value of a single-valued fact, read back through its attribute's renderings ("User lives in {v}")."""
    return slot_value(item.description, str(item.key))


def slot_value(description: str, key: str) -> str:
    """The value a fact's ``description`` gives its slot, read back through the renderings of the attribute its
    ``key`` names ("User lives in Wellington", ``fact:lives_in`` -> "Wellington"); "" when none fits.

    Raises:
        IndexError: ``key`` has no ``kind:attribute`` shape.
    """
    attr = key.split("@")[0].split(":", 1)[1].split("/")[-1]
    spec = next((a for a in lexicon().attributes if a.id == attr), None)
    text = description.strip().rstrip("。.")
    for name, template in (spec.render.items() if spec is not None else ()):
        if "{v}" not in template or "neg" in name:
            continue
        shape = re.escape(template).replace(re.escape("{s}"), ".+?").replace(re.escape("{v}"), "(?P<v>.+?)")
        shape = re.sub(r"\\\{\w+\\\}", ".+?", shape)
        said = re.fullmatch(shape, text, re.IGNORECASE)
        if said is not None:
            return said.group("v").strip()
    return ""


def _names(text: str, value: str, before: str = "") -> bool:
    """True when ``text`` names ``value`` (a whole word in Latin script, a run of characters in Chinese), after
    the words ``before`` (a regex) when given; a value of several words is named by its last capitalised word."""
    if not value:
        return False
    if has_han(value):
        pattern = re.escape(value[-4:] if len(value) > 4 else value)
    else:
        words = [w for w in value.split() if w[:1].isupper() or w[:1].isdigit()] or value.split()
        pattern = rf"(?<![\w-]){re.escape(words[-1])}(?![\w-])"
    return re.search(before + pattern, text, re.IGNORECASE) is not None


def _attr(item: MemoryItem) -> str:
    return str(item.key).split("@")[0].split(":", 1)[1].split("/")[-1]


def _last_values(user_id: str, rows: list[tuple[str, str, str]], store: KeyLookup
                 ) -> list[tuple[MemoryItem, MemoryItem | None]]:
    """The current values of the user's own single-valued slots with the item each superseded (None when it
    was the slot's first value), newest first: one ``find_by_keys`` read, one ``superseded_by_key`` per key."""
    keys = list(dict.fromkeys(key for _, key, _ in rows if key.startswith("fact:")
                              and key.split("@")[0].count(":") == 1 and "/" not in key))
    if not keys:
        return []
    found = store.find_by_keys(user_id, keys)
    out: list[tuple[MemoryItem, MemoryItem | None]] = []
    for key in keys:
        items = found.get(key, [])
        if not items:
            continue
        earlier = [o for k in slot_keys(key) for o in store.superseded_by_key(user_id, k)
                   if o.status == Status.SUPERSEDED and o.kind != Kind.EVENT]
        for item in items:
            replaced = [o for o in earlier if any(r.op == "supersede" and r.other_id == item.id for r in o.history)]
            out.append((item, max(replaced, key=_said) if replaced else None))
    return sorted(out, key=lambda pair: _said(pair[0]), reverse=True)


def _said(item: MemoryItem) -> datetime:
    return item.valid_from or item.created_at


def _taken_back(text: str, cues: Retraction, now: MemoryItem, before: MemoryItem | None) -> tuple[str, str] | None:
    """(the value taken back, the value that holds still: "" when the turn names none) when ``text`` (a turn
    with ``cues``) takes back the value ``now`` (which superseded ``before``), else None (module docstring)."""
    if before is not None:
        new, old = _values(now.description, before.description)
    else:
        new, still = _slot_value(now), _STILL_VALUE.search(text)
        old = (still.group("en") or still.group("zh") or "") if still else ""
    if not new or new.casefold() == old.casefold():
        return None
    if old and (cues.take_back or cues.not_yet) and _names(text, old, _STILL_ZH if has_han(old) else _STILL_EN):
        return new, old  # the earlier value said as holding still
    if cues.change_undone and _names(text, new):
        return new, old  # the new value, with the change not happened or said with the wrong verb
    verb = _CHANGE_VERBS.get(_attr(now))
    if cues.not_yet and verb is not None and verb.search(text) is not None:
        return new, old  # the slot's verb of change, with the change not happened
    return None


def retracted(turn: Turn, cands: list[Candidate], rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]],
              store: KeyLookup) -> list[Candidate] | None:
    """``cands`` with the change ``turn`` takes back undone (module docstring), or None when it takes none back.

    Args:
        turn: the turn being planned; only a user's turn takes back.
        cands: the turn's candidates, after the store-free stages.
        rows: the user's active statements as ``(id, key, description)`` for key prefixes.
        store: read for the slots' current and earlier items.

    Returns:
        None, or the turn's candidates other than its statements of the slot taken back, with the earlier
        value of that slot proposed again under its key (or, with none, the turn's event ending the slot).

    Raises:
        StoreError: the store failed while reading.
    """
    text = turn.text.replace("\u2019", "'")
    cues = read_retraction(text) if turn.role == "user" else None
    if cues is None:
        return None
    for now, before in _last_values(turn.user_id, rows(("fact:",)), store):
        if not turn.timestamp - RECENT <= _said(now) <= turn.timestamp:
            continue  # a value told long ago, or after the turn: not the change just told
        found = _taken_back(text, cues, now, before)
        if found is None:
            continue
        new, old = found
        key = str(now.key)
        slot = set(slot_keys(key))
        kept = [c for c in cands if c.is_event or not (c.key in slot or c.restate_only or c.key.startswith("gist:")
                                                        or (c.key.startswith("fact:") and _names(c.description, new)))]
        note = f"taken back: {new}" + (f"; restored {before.id}" if before is not None else "")
        if before is None and not old:  # the slot's first value taken back, none said instead: the slot empties
            return [replace(c, ends=(*c.ends, key), notes=[*c.notes, note]) if c.is_event else c for c in kept]
        text_back = before.description if before is not None else _in_place(now.description, new, old)
        lang = lang_of(text_back)
        kept.append(Candidate(
            kind=now.kind if before is None else before.kind, description=text_back,
            theme=(before or now).theme, key=key, polarity=1, confidence=(before or now).confidence,
            importance=(before or now).importance, valid_from=turn.timestamp,
            speaker=turn.speaker.strip() or turn.role, lang=lang, claim=text_back, single_valued=True,
            ends=(key,), evidence=turn.text, notes=[note]))
        return kept
    return None


def _in_place(description: str, new: str, old: str) -> str:
    """``description`` with the value ``new`` replaced by ``old`` ("User lives in Walthamstow" -> "... Hackney")."""
    at = description.casefold().rfind(new.casefold())
    return description if at < 0 else description[:at] + old + description[at + len(new):]
