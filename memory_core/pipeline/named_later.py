"""A name given later to someone the user spoke of before ("We adopted a dog" … "her name is Biscuit").

``named_later`` finds the key of the user's latest pet or family member (or a relation such as a neighbour)
not named yet when a turn names someone by a pronoun; the pipeline adds it to the turn's restated keys so
the name joins that item instead of starting a new one. ``NAMING`` is the naming phrase, English and
Chinese ("her name is", "he's called", 它叫, 名字叫).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from memory_core.pipeline.gist import topic
from memory_core.pipeline.held_change import own_key
from memory_core.pipeline.own_words import items_subject as _subject
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.text.script import lang_of

__all__ = ["NAMING", "named_later"]


# a name given to someone just spoken of: "her name is Biscuit", "he's called Leo", "它叫旺财"
NAMING = re.compile(r"\b(?:her|his|its|their)\s+name\s+is\b|\b(?:she|he|it)(?:'s|\s+is)\s+(?:called|named)\b"
                    r"|(?<![\u3400-\u9fff])[她他它]叫|名字叫", re.IGNORECASE)
# a person the naming turn itself brings in ("someone new", "a girlfriend", "新交了个女朋友", "认识了一个男生")
_INTRODUCED = re.compile(r"(?i:\b(?:someone|somebody)\b|\b(?:a|an)\s+(?:new\s+)?(?:girlfriend|boyfriend|partner|"
                         r"fianc[eé]e?|guy|girl|man|woman|lady|bloke)\b)|(?:[一个位]|新)(?:新的?)?(?:女朋友|男朋友|"
                         r"女友|男友|对象|男生|女生|男孩|女孩|男的|女的)")
# the user's statements about a pet or a family member, who may be given a name later
_NAMEABLE = ("fact:pet:", "fact:family:")


def named_later(text: str, rows: Iterable[tuple[str, str, str]], qualifier: str, speaker: str = "") -> list[str]:
    """The key of the user's latest pet or family member without a name, when ``text`` names someone by a
    pronoun ("We adopted a dog" … "her name is Biscuit"), else []."""
    naming = NAMING.search(text)
    if naming is None or _INTRODUCED.search(text[:naming.start()]) \
            or (naming.group(0) == "名字叫" and _named_thing_before(text[:naming.start()])):
        return []  # "dating someone new, her name is Chloe": the one the turn brings in, not one named before
    lex = lexicon()
    said = naming.group(0).casefold()
    gender = "female" if re.search(r"\bshe\b|\bher\b|她", said) else \
        "male" if re.search(r"\bhe\b|\bhis\b|他", said) else ""
    for _, key, description in reversed(list(rows)):
        own = own_key(key, qualifier)
        person = _person_of(key) if own else ""
        if person and (not gender or lex.gender.get(person, gender) == gender):  # "his name is Tom": the neighbour
            if key.count("/") < 2 and not _named_after(description, person):
                return [key]  # a person not named yet (a named friend's key holds the name: fact:friend/tom/…)
            continue
        if not own or "/" in key or not key.startswith(("gist:", *_NAMEABLE)):
            continue
        lang = lang_of(description)
        old = topic(description, lang, _subject(speaker, lang))
        kinds = {t for t in old.strong if t.startswith(("obj:", "syn:"))}
        animal = any(lex.category.get(lex.canon(t[4:], "en") or t[4:], "") == "species" for t in kinds)
        if not old.strong - kinds and (key.startswith(_NAMEABLE) or animal):
            return [key]
    return []


# the sentence a bare 名字叫 (no pronoun) is in, up to it: what it opens on is what the name is of
_SENTENCE_START = re.compile(r"[。！？!?\n…~～]")
# what a sentence may say before a bare 名字叫 and still name one spoken of before: a pronoun, a filler
_TAKEN_UP_BEFORE = re.compile(r"[它他她]|^(?:对了|哦|噢|嗯|哈哈|还有|另外|然后|就|用户：)*$")


def _named_thing_before(before: str) -> bool:
    """True when the sentence holding a naming with no pronoun ("名字叫") names something else before it, so the
    name is that thing's: "店签了，就是师范学院旁边那家，名字叫"糯米茶事"" names the shop, not the cat spoken of
    before (new-user trial 38); "对了，名字叫豆豆", "我们给它取了个名字叫豆豆" name the one spoken of before."""
    sentence = _SENTENCE_START.split(before)[-1]
    said = re.sub(r"[\s，,、：:；;“”\"'（）()]+", "", sentence)
    if not said or (re.search(r"[A-Za-z]", sentence) and not re.search(r"[\u4e00-\u9fff]", sentence)):
        return False
    return _TAKEN_UP_BEFORE.search(said) is None


def _named_after(description: str, person: str) -> bool:
    """True when an item's text names the person right after the relation ("User's boss Diana is …",
    "用户的朋友Tom…"), as a named person's items are written."""
    at = description.casefold().find(person)
    return at >= 0 and re.match(r"\s*[A-Z][a-z]+\b", description[at + len(person):]) is not None


def _person_of(key: str) -> str:
    """The relation another person's key is filed under (``fact:neighbour/about:pilot`` -> "neighbour"), else ""."""
    head, slash, _ = key.partition("/")
    return head.partition(":")[2].casefold() if slash and head.startswith("fact:") else ""
