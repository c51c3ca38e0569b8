"""Whom a turn that opens on a name speaks of, when the user named that person before (issue 13 §2).

"My sister Jing lives in Shanghai." … "Jing just moved back to Beijing." / "我弟弟阿杰在华为上班" …
"阿杰跳槽去腾讯了": the second turn names a person by name alone, so its clauses were read as no one's
statement and the sister stayed in Shanghai. ``kin_named_turn`` gives the turn back with the name said as the
user says the person ("my sister Jing just moved back to Beijing", "我弟弟阿杰跳槽去腾讯了"), read from the
user's stored statements about other people (keys ``fact:<person>/…``; a name is the capitalised word or the
小/老/阿 name right after the relation word, or the name a friend's key holds: ``fact:friend/anna/…``).

A name the partner slot holds ("我和男朋友阿杰订婚啦": ``fact:partner`` "用户的男朋友是阿杰") names that partner too.
The name may also open a later Chinese clause of the turn ("我在成都，做幼儿园老师，阿杰是程序员，在腾讯上班"): the
clause and the subject-less one after it are that person's, as "我男朋友阿杰是程序员，在腾讯上班" is, not the user's.
"我和阿杰…", "阿杰和我…" stay the user's.

The name must belong to exactly one person the user spoke of, and to no other active item (a pet of that
name, a second person of that name): anything else is ambiguous and the turn is left as it was, since a
change put on the wrong person is a wrong fact, worse than a change not read. A name never said before is
nobody's. The same restriction to what the store holds as ``antecedent.named_turn`` (for "he"/"she").
"""

from __future__ import annotations

import re
from dataclasses import replace

from memory_core.model import Turn
from memory_core.pipeline.own_words import speaker_qualifier
from memory_core.pipeline.third_person import EN_LEAD, ZH_LEAD
from memory_core.pipeline.types import Candidate
from memory_core.store.lookup import KeyLookup
from memory_core.text.relations import person_label, relation_names
from memory_core.text.script import HAN, lang_of

__all__ = ["kin_named_turn", "person_names", "theirs_alone", "without_misread"]

# a name as the user writes one: a capitalised English word, or a Chinese 小/老/阿 name (小琳, 阿杰, 老王)
_EN_NAME = r"[A-Z][a-z]{1,15}"
_ZH_NAME = r"[小老阿][\u4e00-\u9fff]"
# what a turn may open on: the name, then no possessive and no more of a name ("Jing's husband", "Jing Li")
_EN_OPEN = re.compile(rf"^(?P<n>{_EN_NAME})\b(?!['\u2019]s\b)(?!\s+[A-Z])(?!\s+and\b)")
# (a Latin name is followed by Han with no word boundary between: "Emma搬到深圳了")
_ZH_OPEN = re.compile(rf"^(?P<n>{_ZH_NAME}|{_EN_NAME}(?![A-Za-z]))(?![和跟与的])")
# a Chinese name opening a later clause of the turn, Chinese after it ("，阿杰是程序员", "，Grace在医院上班")
_ZH_CLAUSE_OPEN = re.compile(rf"(?<=[，,。；;！!？?])\s*(?P<n>{_ZH_NAME}|{_EN_NAME}(?![A-Za-z]))\s*"
                             r"(?![和跟与的])(?=[\u4e00-\u9fff])")
# a turn opening on a person's name or their thing ("Dave's running the Boston marathon", "Grace的医院…"), the user
# not part of the subject ("Dave and I …", "阿杰和我…")
_THEIRS_OPEN = re.compile(rf"^(?P<n>{_ZH_NAME}|{_EN_NAME}(?![A-Za-z]))(?:['\u2019]s\b)?(?!\s*(?:and|&|和|跟|与)\b)"
                          r"(?![和跟与])")
# the partner slot's value as rendered ("用户的男朋友是阿杰", "User's wife is Grace"): the relation word and the name
_PARTNER = re.compile(rf"(?:'s\s+(?P<en>[a-z]+(?:\s[a-z]+)?)\s+is\s+(?P<en_name>{_EN_NAME})"
                      rf"|的(?P<zh>[\u4e00-\u9fff]{{1,3}})是(?P<zh_name>{_ZH_NAME}|{_EN_NAME}))\W*$")
# words that open an English sentence with a capital but name nobody
_NOT_NAMES = frozenset(("I", "The", "This", "That", "These", "Those", "My", "Our", "Your", "We", "He", "She",
                        "They", "It", "Just", "Today", "Yesterday", "Tomorrow", "Last", "Next", "So", "And", "But",
                        "Oh", "Well", "Also", "Then", "Now", "Anyway", "Actually", "Guess", "Good", "Great",
                        "Sorry", "Thanks", "Yes", "No", "Not", "What", "When", "Where", "Who", "Why", "How"))


def person_names(key: str, description: str) -> tuple[str, str] | None:
    """``(owner, name)`` of another person's item that names them, else None.

    ``fact:sister/lives_in`` with "Mei's sister Jing lives in Shanghai" -> ("sister", "Jing");
    ``fact:friend/anna/occupation`` -> ("friend/anna", "Anna"); ``fact:弟弟/works_at`` with "刘畅的弟弟阿杰在华为工作"
    -> ("弟弟", "阿杰"). The owner is the key's person ("friend/anna" for a relation one has several of).
    """
    body = key.split(":", 1)[1].partition("@")[0]
    if body == "partner":  # "用户的男朋友是阿杰": the partner slot names the partner
        said = _PARTNER.search(description)
        word = (said.group("en") or said.group("zh")) if said else ""
        if not said or relation_names(word) == (word.casefold(),):
            return None  # a word of no relation group
        return person_label(word), said.group("en_name") or said.group("zh_name")
    if "/" not in body:
        return None
    parts = body.split("/")
    if len(parts) > 2:  # a relation one has several of, keyed under the name: fact:friend/anna/occupation
        owner, name = "/".join(parts[:2]), parts[1]
        found = re.search(re.escape(name), description, re.IGNORECASE)
        return (owner, description[found.start():found.end()]) if found else None
    owner = parts[0]
    for word in sorted(relation_names(owner), key=len, reverse=True):
        at = description.find(word) if not word.isascii() else description.casefold().find(word.casefold())
        if at < 0:
            continue
        rest = description[at + len(word):]
        named = re.match(rf"\s+({_EN_NAME})\b" if word.isascii() else rf"({_ZH_NAME}|{_EN_NAME}\b)", rest)
        if named and named.group(1) not in _NOT_NAMES:
            return owner, named.group(1)
        return None
    return None


def kin_named_turn(turn: Turn, store: KeyLookup) -> Turn | None:
    """``turn`` with the name it opens on said as the user says that person, or None (see the module).

    Only a user's turn is read, against the people of its speaker (a named speaker's keys carry their name):
    one light read of the user's active items (``KeyLookup.active_by_prefix``).

    Raises:
        StoreError: the store failed while reading.
    """
    if turn.role != "user":
        return None
    body = turn.text.lstrip()
    lead = (ZH_LEAD if HAN.match(body) else EN_LEAD).match(body)
    at = len(turn.text) - len(body) + (lead.end() if lead else 0)
    rest = turn.text[at:]
    lang = lang_of(rest)
    # a Chinese name opening an English sentence ("阿明 moved to Chongqing") is still a Chinese name
    opened = (_ZH_OPEN if lang == "zh" or HAN.match(rest) else _EN_OPEN).match(rest)
    if opened is None or opened.group("n") in _NOT_NAMES:
        return _named_in_clauses(turn, store)
    name = opened.group("n")
    lang = lang_of(rest[opened.end():]) or lang  # the words said around the name are read in their language
    words = _said_as(name, lang, turn, store)
    if words is None:
        return _named_in_clauses(turn, store)
    if lang == "en" and at > 0:
        words = "m" + words[1:]  # "Oh, my sister Jing …" after a discourse word
    return replace(turn, text=turn.text[:at] + words + turn.text[at + len(name):])


def theirs_alone(turn: Turn, store: KeyLookup, cands: list[Candidate]) -> None:
    """Leave the mention of a turn opening on a person the user named before unable to add its words to an item
    ("Dave's running the Boston marathon next year" after "my husband Dave": no detail of the user's running).

    Only when the turn states nothing of the user's own (its statements, if any, are other people's): it may
    still raise a hit on what it restates (``Candidate.may_revise``). The name must be one person's, as for
    ``kin_named_turn``; one light read of the user's active items when the turn opens on a name.

    Raises:
        StoreError: the store failed while reading.
    """
    mentions = [c for c in cands if c.restate_only and c.may_revise]
    if turn.role != "user" or not mentions:
        return
    if any("/" not in c.key for c in cands if c.key and not c.is_event and not c.restate_only):
        return  # "Dave ran a marathon, and I started running": the user's own statement is there
    body = turn.text.lstrip()
    lead = (ZH_LEAD if HAN.match(body) else EN_LEAD).match(body)
    rest = body[lead.end() if lead else 0:]
    opened = _THEIRS_OPEN.match(rest)
    if opened is None or opened.group("n") in _NOT_NAMES:
        return
    lang = lang_of(rest[opened.end():]) or lang_of(rest)
    if _said_as(opened.group("n"), lang, turn, store) is None:
        return
    for cand in mentions:
        cand.may_revise = False


def _named_in_clauses(turn: Turn, store: KeyLookup) -> Turn | None:
    """``turn`` with each known name opening a later Chinese clause said as the user says that person
    ("…，阿杰是程序员，在腾讯上班" -> "…，我男朋友阿杰是程序员，在腾讯上班"), or None when there is none."""
    text, found = turn.text, False
    for opened in reversed(list(_ZH_CLAUSE_OPEN.finditer(turn.text))):
        words = _said_as(opened.group("n"), "zh", turn, store)
        if words is not None:
            text, found = text[:opened.start("n")] + words + text[opened.end("n"):], True
    return replace(turn, text=text) if found else None


def _said_as(name: str, lang: str, turn: Turn, store: KeyLookup) -> str | None:
    """How the user says the one person named ``name`` they spoke of before ("我弟弟阿杰"), or None (none, or
    the name is ambiguous)."""
    qualifier = speaker_qualifier(turn.speaker)
    owners: set[str] = set()
    unnamed: list[str] = []  # keys of a relation whose current item names nobody ("User's brother lives in Portland")
    for _, key, description in store.active_by_prefix(turn.user_id, ("fact:", "pref:", "gist:")):
        if name.casefold() not in description.casefold() or key.startswith("fact:person/"):
            if "/" in key and not key.startswith("fact:person/") and person_names(key, description) is None:
                unnamed.append(key)
            continue  # a person named with no relation is ``named_other``'s
        owner_name = person_names(key, description) if key.endswith(qualifier) or not qualifier else None
        if owner_name is None or owner_name[1].casefold() != name.casefold():
            if re.search(rf"(?<![A-Za-z]){re.escape(name)}(?![a-z])", description):
                return None  # the name is also something else's (a pet, a person not filed as one): ambiguous
            continue
        owners.add(owner_name[0])
    if not owners:  # the name said only in the slot's earlier values: "my brother Sam lived in Austin"
        owners = {o for key in unnamed for o in _named_before(store, turn.user_id, key, name, qualifier)}
    if len(owners) != 1:
        return None
    return _words(owners.pop(), name, lang)


def _named_before(store: KeyLookup, user_id: str, key: str, name: str, qualifier: str) -> set[str]:
    """The owner of ``key`` when an earlier (superseded) value of it named that person ``name``, else {}.

    "My brother Sam lives in Austin", then "my brother moved again, he lives in Portland now": the current item
    no longer says the name, and "Sam just moved to Seattle" is still the brother's move. One read per key.
    """
    if qualifier and not key.endswith(qualifier):
        return set()
    found = {person_names(key, old.description) for old in store.superseded_by_key(user_id, key)}
    return {o for o, n in (f for f in found if f is not None) if n.casefold() == name.casefold()}


def _words(owner: str, name: str, lang: str) -> str | None:
    """How the user names ``owner`` called ``name`` in ``lang``: "my sister Jing", "我弟弟阿杰", "my friend Anna"."""
    relation = owner.partition("/")[0]
    word = next((n for n in (relation, *relation_names(relation)) if n.isascii() == (lang == "en")), None)
    if word is None:
        return None
    word = word.replace("_", " ")
    return f"My {word} {name}" if lang == "en" else f"我{word}{name}"


_USER_SUBJECT = re.compile(r"^(?:用户|User)\b|^用户")


def without_misread(cands: list[Candidate], theirs: list[Candidate], speaker: str = "") -> list[Candidate]:
    """``cands`` without the user's statements that ``theirs`` (what the turn says of the person it opens on) says
    in the same words of that person: "Emma搬到深圳了，在医院上班" read the dropped subject of "在医院上班" as the
    user's ("用户在医院工作") beside Emma's ("用户的朋友Emma在医院工作"); the job is Emma's. A statement of the user's
    own with another value ("Jing moved to Beijing, and I moved to Shanghai") is kept. ``speaker``: the turn's
    speaker, whose name a named user's statements open on ("王芳在腾讯工作") instead of 用户 / User."""
    said = [c.description for c in theirs]
    subject = _USER_SUBJECT
    if speaker_qualifier(speaker):
        subject = re.compile(rf"^(?:用户|User\b|{re.escape(speaker.strip())})")
    out = []
    for cand in cands:
        own = subject.sub("", cand.description) if "/" not in cand.key and not cand.is_event else ""
        if own and subject.match(cand.description) and any(d.endswith(own) and d != cand.description
                                                           for d in said):
            continue
        out.append(cand)
    return out
