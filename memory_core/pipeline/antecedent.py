"""Whom a turn that opens on "he" or "she" speaks of, when the person was named in an earlier turn (issue 13 §2).

"My husband is a teacher." … "He switched careers, he's a lawyer now." / "我老公是老师" … "他转行了，现在当律师":
the second turn names nobody, so its clauses were read as no one's statement (``subject_chain.AWAY``) and the
husband stayed a teacher. ``named_turn`` gives the turn back with the pronoun replaced by the person the user
spoke of, read from the user's stored statements about other people (keys ``fact:<person>/…``):

- the only person of the pronoun's gender (``lexicon().gender``) or of no known gender ("my friend Anna");
- else the one of them whose latest statement is at most ``CONVERSATION_GAP`` older than the turn (the
  person of the conversation going on), when no other was spoken of as recently.

Anything else is ambiguous and the turn is left as it was: a change put on the wrong person is a wrong
fact, worse than a change not read. This is the classic recency-and-agreement heuristic of pronoun
resolution (Hobbs 1978; Lappin and Leass 1994), restricted to what the store holds.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta

from memory_core.model import Turn
from memory_core.pipeline.own_words import speaker_qualifier
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.third_person import EN_LEAD, ZH_LEAD
from memory_core.store.lookup import KeyLookup
from memory_core.text.relations import relation_names

__all__ = ["CONVERSATION_GAP", "named_turn", "pronoun_led"]

#: A person spoken of at most this long before a turn is the one its pronoun takes up, among several.
CONVERSATION_GAP = timedelta(hours=3)

# the pronoun a turn opens on, once discourse words are stripped; the words it stands for are put in its place
_EN_PRONOUN = re.compile(r"^(?P<p>he's|she's|he\s+is|she\s+is|he|she|his|her)\b(?!['\u2019]d)", re.IGNORECASE)
_ZH_PRONOUN = re.compile(r"^(?P<p>[他她])(?![们])")
_GENDER = {"he": "male", "his": "male", "he's": "male", "he is": "male", "他": "male",
           "she": "female", "her": "female", "she's": "female", "she is": "female", "她": "female"}


def pronoun_led(text: str) -> tuple[str, str, int, int] | None:
    """``(lang, gender, start, end)`` of the third-person pronoun ``text`` opens on ("He switched careers",
    "对了，她搬家了"), else None. ``start``/``end`` are character offsets of the pronoun in ``text``."""
    for lang, lead, pattern in (("en", EN_LEAD, _EN_PRONOUN), ("zh", ZH_LEAD, _ZH_PRONOUN)):
        body = text.lstrip()
        opened = lead.match(body)
        at = len(text) - len(body) + (opened.end() if opened else 0)
        found = pattern.match(text[at:])
        if found:
            word = " ".join(found.group("p").casefold().replace("\u2019", "'").split())
            return lang, _GENDER[word], at + found.start("p"), at + found.end("p")
    return None


def named_turn(turn: Turn, store: KeyLookup) -> Turn | None:
    """``turn`` with its opening pronoun replaced by the person the user spoke of, or None (see the module).

    Only a user's turn is read, against the people of its speaker (a named speaker's keys carry their name). One
    light read of the user's statements (``KeyLookup.active_by_prefix``), and one by key when several people are
    candidates.

    Raises:
        StoreError: the store failed while reading.
    """
    if turn.role != "user":
        return None
    led = pronoun_led(turn.text)
    if led is None:
        return None
    lang, gender, start, end = led
    qualifier = speaker_qualifier(turn.speaker)  # a named speaker's people are keyed under their name
    owners: dict[str, list[str]] = {}
    for _, key, _ in store.active_by_prefix(turn.user_id, ("fact:",)):
        body, at, name = key.split(":", 1)[1].partition("@")
        if "/" not in body or (f"@{name}" if at else "") != qualifier:
            continue
        parts = body.split("/")
        owner = "/".join(parts[:2]) if len(parts) > 2 else parts[0]  # "friend/anna/occupation" -> "friend/anna"
        if _gender(owner) in (gender, ""):
            owners.setdefault(owner, []).append(key)
    who = _chosen(owners, turn, store)
    if who is None:
        return None
    words = _words(who, lang)
    if words is None:
        return None
    said = turn.text[start:end].casefold()
    if lang == "en":
        words = words + ("'s" if said in ("his", "her") else " is" if said.endswith(("'s", " is")) else "")
        if turn.text[start].isupper():
            words = words[0].upper() + words[1:]
    return replace(turn, text=turn.text[:start] + words + turn.text[end:])


def _gender(owner: str) -> str:
    """"male" / "female" for a relation of known gender ("husband", "姐"), "" otherwise ("friend/anna")."""
    relation = owner.split("/", 1)[0]
    known = lexicon().gender
    return known.get(relation) or next((known[n] for n in relation_names(relation) if n in known), "")


def _chosen(owners: dict[str, list[str]], turn: Turn, store: KeyLookup) -> str | None:
    """The one owner, or the one spoken of within ``CONVERSATION_GAP`` before ``turn`` when the others were not."""
    if len(owners) <= 1:
        return next(iter(owners), None)
    found = store.find_by_keys(turn.user_id, [k for keys in owners.values() for k in keys])
    latest = {}
    for owner, keys in owners.items():
        times = [i.valid_from or i.created_at for k in keys for i in found.get(k, ()) if i.active]
        times = [t for t in times if t <= turn.timestamp]
        if times:
            latest[owner] = max(times)
    recent = [o for o, t in latest.items() if turn.timestamp - t <= CONVERSATION_GAP]
    return recent[0] if len(recent) == 1 else None


def _words(owner: str, lang: str) -> str | None:
    """How the user names ``owner`` in ``lang``: "my husband", "我老公", "my friend Anna", "我朋友Anna"."""
    relation, _, name = owner.partition("/")
    names = (relation, *relation_names(relation))
    word = next((n for n in names if n.isascii() == (lang == "en")), None)
    if word is None:
        return None
    word = word.replace("_", " ")
    if lang == "en":
        return f"my {word}" + (f" {name.replace('_', ' ').title()}" if name else "")
    return f"我{word}" + (name.replace("_", " ").title() if name else "")
