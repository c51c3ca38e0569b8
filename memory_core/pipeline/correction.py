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

The same holds for a fact about another person the turn names ("我姐是在苏州
当老师，不是杭州" ends "用户的姐在杭州…", keyed ``fact:姐/…``) and for a like
("actually I prefer tea, not coffee": the like of coffee is superseded by the
like of tea, keyed ``pref:tea``). A correction of *whose* fact it is ("I meant
my cousin moved to Portland, not my sister") keeps the turn's statement about
the right person and ends the same attribute of the person named wrongly. A person is named by relation or by
the name their key holds ("Jason is a barista, not a chef" of ``fact:friend/jason/occupation``). An object of a
slot of many values ("the allergy is to tree nuts, not peanuts", 我是对螃蟹过敏，不是虾) is replaced as a like is:
the item of the right object, said in the turn's language, ends the item of the wrong one.

A weekday or a kind of pet said alone ("sorry, I meant Tuesday") names the wrong one it replaces, and a statement
kept in the user's own words (a ``gist:`` key) is put right too ("it's Lisa not Linda"): ``value_swap``.

A turn that names no stored wrong value but takes a change back ("scratch that, not yet", 刚才说错了，还没搬,
"I meant I interviewed at Meta") is read by ``retraction.retracted``: the value the change replaced comes back.

A turn that names no old value the user has stored changes nothing but the
junk it would have made, and keeps a fact of its own words that states the right
value ("actually I live in Leeds, not York", "说错了，我住在苏州，不是杭州"): the statement
it corrects may arrive later with an older time (``late_order``) and must not
become current; the turn itself stays an event.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory_core.model import Kind, Turn
from memory_core.pipeline.cleared_value import as_not, without_gloss
from memory_core.pipeline.correction_pair import named_as, said_only_pair, shaped
from memory_core.pipeline.correction_person import PRONOUN, moved_to_other, names_name, names_person, wrong_person
from memory_core.pipeline.correction_text import fitted, replaced, said_alike
from memory_core.pipeline.own_words import speaker_qualifier
from memory_core.pipeline.retraction import retracted
from memory_core.pipeline.slot_lexicon import canon_object, lexicon
from memory_core.pipeline.types import Candidate, KeyLookup
from memory_core.pipeline.value_swap import class_pair, gist_swapped, plan_swapped, without_cue_words
from memory_core.text.script import lang_of

__all__ = ["corrected", "read_correction"]

_CUE_EN = re.compile(r"\b(?:sorry|actually|i\s+meant|i\s+said|meant\s+to\s+say|i\s+mean|oops|correction|typo|my\s+bad|"
                     r"no\s*,?\s*wait|wait\s*,?\s*no|i\s+misspoke|wrong|scratch\s+that|"
                     r"not\s+(?:\w+\s+){0,3}?\w+\s*,?\s+(?:but|it's|it\s+is|it\s+was)|"
                     r"mix(?:es|ed)?\s+(?:that|it|them|those)\s+up)\b", re.IGNORECASE)
_CUE_ZH = re.compile(r"说错|记错|打错|写错|口误|搞错|弄错|不对|更正|纠正|不好意思|抱歉|应该是|其实是|"
                     r"^\s*不是[^，,。！!？?]{1,12}[，,]\s*(?:而|就|其实|应该)?是")
# a cue that says the turn corrects what was said, with no second value needed ("I always mix that up", 说错了)
_STRONG_EN = re.compile(r"\b(?:i\s+meant|meant\s+to\s+say|correction|no\s*,?\s*wait|wait\s*,?\s*no|"
                        r"i\s+misspoke|typo|my\s+bad|scratch\s+that|"
                        r"mix(?:ed)?\s+(?:that|it|them|those)\s+up|got\s+(?:that|it)\s+wrong|(?:sorry|oops|actually)"
                        r"[,\s]+(?:it's|it\s+is|it\s+was|that's|she's|he's|they're|i'm))\b", re.IGNORECASE)
_STRONG_ZH = re.compile(r"说错|记错|打错|写错|口误|搞错|弄错|不对|更正|纠正")
# a word of an English correction; a Chinese name said inside one is a word too ("I meant 蚂蚁集团, not 阿里")
_WORD = r"(?:[A-Za-z][\w&.'-]*|[\u4e00-\u9fff]{1,12})"
_EN_X_NOT_Y = re.compile(rf"(?P<new>{_WORD}(?:\s+{_WORD}){{0,3}})\s*,?\s+not\s+(?P<old>{_WORD}(?:\s+{_WORD}){{0,3}})")
_EN_NOT_Y_X = re.compile(rf"\bnot\s+(?P<old>{_WORD}(?:\s+{_WORD}){{0,2}})\s*[,;]?\s+(?:but\s+|it's\s+|it\s+is\s+|"
                         rf"it\s+was\s+|it's\s+actually\s+|it\s+was\s+actually\s+)"
                         rf"(?P<new>{_WORD}(?:\s+{_WORD}){{0,2}})")
_EN_MEANT = re.compile(rf"\b(?:i\s+meant|meant\s+to\s+say)\s+(?P<new>{_WORD}(?:\s+{_WORD}){{0,2}})", re.IGNORECASE)
# words that open or close a phrase without being part of the value
_EN_STOP = frozenset({
    'sorry', 'actually', 'oops', 'i', "i'm", 'im', 'meant', 'mean', 'it', "it's", 'its', 'is', 'was', 'in', 'at',
    'to', 'the', 'a', 'an', 'no', 'yeah', 'yes', 'we', "we're", 'were', 'are', 'live', 'living', 'work',
    'working', 'lives', 'works', 'my', 'our', 'correction', 'typo', 'wrong', 'and', 'but', 'so', 'lol', 'haha',
    'ok', 'okay', 'well', 'said', 'um', 'uh', 'just', 'prefer', 'like', 'love', 'drink', 'eat', 'that', 'scratch',
    "she's", "he's", "they're", 'she', 'he', 'they', 'turned', 'turns', 'now', 'allergic', 'allergy'
})
# where a value said in English stops: the end of its sentence ("not coffee. Coffee makes me jittery")
_EN_SENTENCE_END = re.compile(r"[.!?;]+(?:\s|$)")
_ZH_SEG = r"[^，,。！!？?；;、]{1,16}"
_ZH_X_NOT_Y = re.compile(rf"(?P<new>{_ZH_SEG}?)\s*[，,]?\s*而?不是\s*(?P<old>{_ZH_SEG})")
_ZH_NOT_Y_X = re.compile(rf"不是\s*(?P<old>{_ZH_SEG}?)\s*[，,]?\s*而?是\s*(?P<new>{_ZH_SEG})")
# a verb or pronoun the new value follows ("我住 Redfern", "是无锡", "我是说蚂蚁集团"): the value is what comes
# after the last one
_ZH_LEAD = re.compile(r".*(?:是说|我说的是|意思是|是|住在|住|在|叫|去了|去|到|做|当)\s*")
_ZH_AT_PLACE = re.compile(r"在\s*(?P<v>[^，,。在]{1,8}?)(?:当|做|上班|工作|读|住|教|开|学)")
_ZH_TAIL = re.compile(r"[了啦哈呀啊吧呢哦噢喔嘛\s]+$")


def read_correction(text: str) -> tuple[str, str] | None:
    """Return ``(new, old)`` when ``text`` corrects one value by another, else None.

    Args:
        text: one user turn (any length up to MAX_TEXT_CHARS characters).

    Returns:
        The values as said ("Boulder", "Denver"), trimmed of the words around them.
    """
    plain = text.replace("\u2019", "'")
    if _CUE_ZH.search(plain) or _CUE_EN.search(plain):  # "I meant X, Y is fine for me": "I meant X, not Y"
        plain = as_not(plain)
    if _CUE_ZH.search(plain) and "不是" in plain:
        for pattern in (_ZH_NOT_Y_X, _ZH_X_NOT_Y):
            m = pattern.search(plain)
            if m is not None:
                at = _ZH_AT_PLACE.search(m.group("new"))  # "我姐是在苏州当老师": the place, not the job
                new = _ZH_TAIL.sub("", at.group("v") if at else _ZH_LEAD.sub("", m.group("new"))).strip()
                old = _ZH_TAIL.sub("", m.group("old")).strip()
                if new.endswith("过敏") and "过敏" not in old:  # "不是花生，是腰果过敏": the allergen, not the allergy
                    new = new[:-2].removeprefix("对")
                new = shaped(new, old)  # "她今年六岁，不是五岁": the value is 六岁
                if new and old and new != old:
                    return new, old
    if not _CUE_EN.search(plain):
        return None
    for pattern in (_EN_NOT_Y_X, _EN_X_NOT_Y):
        m = pattern.search(plain)
        if m is not None:
            said = m.group("new")
            if pattern is _EN_NOT_Y_X:  # "not peanuts, it was cashews. my bad": the new value ends its sentence
                said = _EN_SENTENCE_END.split(said, maxsplit=1)[0]
            new, old = _trim(said, lead=True), _trim(m.group("old"), lead=False)
            new = shaped(new, old)
            if new and old and new.casefold() != old.casefold():
                return new, old
    return None


def _trim(phrase: str, lead: bool) -> str:
    """The value inside ``phrase``: the run of words after (``lead``) or before the last stop word."""
    words = _EN_SENTENCE_END.split(phrase, maxsplit=1)[0 if not lead else -1].split()
    if lead:  # "my dad works at Airbus": the value follows the last stop word
        stops = [n for n, word in enumerate(words) if word.casefold().strip(",.") in _EN_STOP]
        kept = words[stops[-1] + 1:] if stops else words
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
    found = rows(("fact:", "pref:"))
    if pair is None or not any(named_as(r[2], pair[1]) for r in found):
        back = retracted(turn, cands, rows, store)  # "scratch that, not yet": the change it takes back, undone
        if back is not None:
            return back
    counted: tuple[str, ...] = _COUNTED
    if pair is None and moved_to_other(cands):  # "我不对虾过敏，是我老公对虾过敏": both facts, as said
        return cands
    if pair is None:  # "sorry, I meant three kids": a count said again names the wrong count it replaces
        facts = found
        found = rows(("fact:", "pref:", "gist:"))  # a count said in the user's own words too ("用户有两个孩子")
        pair = _count_pair(turn.text, found)
        if pair is not None:
            counted = (*_COUNTED, "gist:")
        else:  # "actually it's a grey Honda": only the right value said, the wrong one found among the facts
            found = facts
            plain_text = turn.text.replace("\u2019", "'")
            pronoun = PRONOUN.search(plain_text) is not None  # "she's six": another person's fact first
            ordered = sorted((r for r in facts if r[1].startswith("fact:")), key=lambda r: ("/" in r[1]) != pronoun)
            last = _last_said(turn, ordered, store) if _STRONG_ZH.search(plain_text) \
                or _STRONG_EN.search(plain_text) else None
            pair = said_only_pair(plain_text, [last], bool(_STRONG_ZH.search(plain_text)),
                                  bool(_STRONG_EN.search(plain_text)), others=True) \
                if last is not None and "/" in last[1] else None  # "my sister lives in Boston" / "I meant Chicago"
            pair = pair or said_only_pair(plain_text, ordered, bool(_STRONG_ZH.search(plain_text)),
                                  bool(_STRONG_EN.search(plain_text)))
            strong = bool(_STRONG_ZH.search(plain_text) or _STRONG_EN.search(plain_text))
            pair = pair or (class_pair(plain_text, rows(("fact:", "pref:", "gist:", "todo:"))) if strong else None)
            if pair is None:  # "sorry, I meant Tuesday": a weekday or a kind of pet alone names the one it replaces
                return without_cue_words(cands) if strong else cands
    new, old = pair
    said = (new.casefold(), old.casefold())
    whose = wrong_person(turn, cands, old, found)
    if whose:
        return whose
    kept = [c for c in cands if c.kind == Kind.EVENT or not (
        c.restate_only or c.key.startswith("gist:") or any(v in c.description.casefold() for v in said)
        or _CUE_EN.search(c.description) or _CUE_ZH.search(c.description) or "不是" in c.description)]
    folded = turn.text.casefold()
    done: Candidate | None = None
    sources: set[str] = set()
    best = -2
    said_as = {row[2]: named_as(row[2], pair[1]) for row in found}  # "用户对花生过敏" named by "not peanuts"
    named = [r for r in found if said_as[r[2]] and r[1].startswith("fact:")]
    last = _last_said(turn, named, store) if any("/" in r[1] for r in named) else None
    for _, key, description in sorted(found, key=lambda row: -said_alike(
            replaced(row[2], said_as[row[2]] or old, new), new, folded)):
        old = said_as[description] or pair[1]
        alike_by = said_alike(replaced(description, old, new), new, folded)
        plain = key.split("@")[0]
        owner = plain.split(":", 1)[1].split("/", 1)[0] if "/" in plain else ""
        if not said_as[description] or (owner and not names_person(owner, turn.text)
                                        and not names_name(plain, turn.text) and (last is None or last[1] != key)):
            continue  # not the old value, or another person the turn does not name
        # the object of a multi-valued key ("fact:allergy:peanuts"): the item of the right object replaces it
        valued = plain.startswith("fact:") and not owner and plain.count(":") > 1 \
            and not plain.startswith(counted) and not _single(plain.split(":")[1])
        if (plain.startswith("pref:") and owner) or (done and (owner or valued or plain.startswith("pref:"))):
            continue  # a like of another person's; after the best fact, only the user's other facts of the value
        items = store.find_by_keys(turn.user_id, [key]).get(key, [])
        item = items[0] if items else None
        if item is None:
            continue
        if done is not None:  # "我在上海工作" read as a job and a home: the other reading of the same words ends
            if sources & set(item.source) and (alike_by < best or owner or valued):  # with the corrected one
                done.ends = tuple(dict.fromkeys((*done.ends, key)))  # unless the turn says it as closely
            if alike_by < best or owner or valued or not sources & set(item.source):  # ("我是在北京不是天津")
                continue
        text = replaced(description, old, new)
        lang = lang_of(text)
        ends: tuple[str, ...] = ()
        if plain.startswith("pref:"):  # "tea, not coffee": the like of tea, which ends the like of coffee
            _, at_sign, qualifier = key.partition("@")
            ends, key = (key,), f"pref:{canon_object(new, lang)}" + (f"@{qualifier}" if at_sign else "")
        elif valued:  # "the allergy is to tree nuts, not peanuts": the allergy to tree nuts ends the one to peanuts
            _, at_sign, qualifier = key.partition("@")
            attr = plain.split(":")[1]
            value = fitted(description, old, new)
            ends, key = (key,), f"fact:{attr}:{canon_object(value, lang)}" + (f"@{qualifier}" if at_sign else "")
            text, lang = _said_in(turn, attr, value, text, lang)  # "我对 peanuts 过敏" put right in English
        kept = [c for c in kept if c.key != key]
        fixed = Candidate(
            kind=item.kind, description=text, theme=item.theme, key=key, polarity=1, confidence=0.9,
            importance=item.importance, valid_from=turn.timestamp, speaker=turn.speaker.strip() or turn.role,
            lang=lang, claim=text, single_valued=True, ends=ends,
            evidence=turn.text, notes=[f"correction: {new}, not {pair[1]}"],
        )
        kept.append(fixed)
        if ends:
            break  # a like corrected: one
        done, sources, best = done or fixed, sources or set(item.source), max(best, alike_by)
    old = pair[1]
    planned = plan_swapped(turn, pair, rows, store) if done is not None else None  # the plan said with it too
    if planned is not None:
        kept = [c for c in kept if c.key != planned.key] + [planned]
    swapped = gist_swapped(turn, pair, rows, store) if done is None and not any(c.notes[:1] == [
        f"correction: {new}, not {old}"] for c in kept) else None  # "it's Lisa not Linda" of "manager is Linda"
    if swapped is not None:
        return [c for c in kept if c.key != swapped.key] + [swapped]
    if done is None:  # "Actually I live in Leeds, not York" before "I live in York" arrives: the right value stands
        kept += [c for c in cands if c not in kept and c.key.startswith("fact:") and not c.restate_only
                 and new.casefold() in c.description.casefold() and old.casefold() not in c.description.casefold()]
    return kept


def _last_said(turn: Turn, rows: list[tuple[str, str, str]], store: KeyLookup) -> tuple[str, str, str] | None:
    """The row of ``rows`` said last before ``turn``: the statement a correction in the next message most likely
    puts right ("my sister lives in Boston" / "sorry, I meant Chicago"); None when there is none."""
    if not rows:
        return None
    found = store.find_by_keys(turn.user_id, dict.fromkeys(r[1] for r in rows))
    said = {item.id: item.valid_from or item.created_at for items in found.values() for item in items}
    dated = [(said[r[0]], r) for r in rows if r[0] in said and said[r[0]] <= turn.timestamp]
    return max(dated, key=lambda d: d[0])[1] if dated else None


def _said_in(turn: Turn, attr: str, new: str, text: str, lang: str) -> tuple[str, str]:
    """(``text``, ``lang``), or the attribute's rendering of ``new`` in the language of ``turn`` when the
    correction is said in the other language than the item it corrects: the item is in the words the user
    said last, which the sensitive guard finds in the turn."""
    said = lang_of(without_gloss(turn.text))  # "I meant cephalosporins (头孢)": English
    found = next((a for a in lexicon().attributes if a.id == attr), None)
    template = found.render.get(said, "") if found is not None else ""
    if said == lang or "{v}" not in template:
        return text, lang
    name = turn.speaker.strip()
    subject = name if speaker_qualifier(name) else ("用户" if said == "zh" else "User")
    return template.replace("{s}", subject).replace("{v}", new), said


def _single(attr: str) -> bool:
    """True when the lexicon's attribute ``attr`` holds one value at a time (unknown attributes: True)."""
    found = next((a for a in lexicon().attributes if a.id == attr), None)
    return found is None or found.single


#: Multi-valued keys whose item's kind or count a correction may replace ("Kiwi is a cockatiel, not a parrot",
#: "I meant three kids"): one item per kind of pet or relative, the value corrected inside it.
_COUNTED = ("fact:pet:", "fact:family:")
_EN_NUMBERS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_ZH_NUMBERS = "一两二三四五六七八九十"
_EN_COUNT = re.compile(r"\b(?:i\s+meant|meant\s+to\s+say|actually(?:\s+(?:i|we)\s+(?:have|got))?|it's|it\s+is)\s+"
                       r"(?P<n>" + "|".join(_EN_NUMBERS) + r"|\d{1,2})\s+(?P<noun>[a-z]{3,})", re.IGNORECASE)
_ZH_COUNT = re.compile(r"是(?P<n>[" + _ZH_NUMBERS + r"\d])(?P<unit>[个只条位])(?P<noun>[\u4e00-\u9fff]{1,3})")


def _count_pair(text: str, found: list[tuple[str, str, str]]) -> tuple[str, str] | None:
    """(new count, old count) when a correction says a count again ("I meant three kids", "说错了，是三个孩子") and a
    stored fact of the user's holds another count of the same thing ("User has two kids"); else None."""
    plain = text.replace("\u2019", "'")
    if _CUE_EN.search(plain) and (m := _EN_COUNT.search(plain)) is not None:
        noun = m.group("noun").casefold()
        stem = noun[:-1] if noun.endswith("s") else noun
        for _, key, description in found:
            if "/" in key or "@" in key:
                continue
            old = re.search(r"\b(" + "|".join(_EN_NUMBERS) + r"|\d{1,2})\s+" + re.escape(stem), description,
                            re.IGNORECASE)
            if old is not None and old.group(1).casefold() != m.group("n").casefold():
                return f"{m.group('n')} {stem}", f"{old.group(1)} {stem}"
    if _CUE_ZH.search(plain) and (z := _ZH_COUNT.search(plain)) is not None:
        tail = z.group("unit") + z.group("noun")
        for _, key, description in found:
            if "/" in key or "@" in key:
                continue
            old_zh = re.search(r"([" + _ZH_NUMBERS + r"\d])" + re.escape(tail), description)
            if old_zh is not None and old_zh.group(1) != z.group("n"):
                return z.group("n") + tail, old_zh.group(0)
    return None
