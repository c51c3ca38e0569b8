"""A self-introduction said as one list: each of its items is a statement of the speaker's own.

"hi! I'm Aisha, 24, second year PhD student in marine biology at UC San Diego (Scripps)" names the speaker, then
says their age and what they study, each with "I'm" left out; "wedding photographer based in Portland, OR" drops
"I'm a" before the title; "我姓王，王建国，今年61了" says the name after the surname with 我叫 left out. Read as one
clause such a sentence gives one slot at best (the first cue that matches eats the rest as its value), and a
fragment with no subject gives none. ``en_pieces`` cuts an English introduction into one statement per item, its
"I'm" put back ("my name is Aisha", "I'm 24", "I'm a second year PhD student …"); ``zh_named`` puts 我叫 back
before a name said after the surname. What counts as a name, an age or an item's opening is data
(``data/self_intro.yaml``); the slot lexicon then reads each statement as it reads any other.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from memory_core.pipeline.slots import lexicon
from memory_core.pipeline.value_class import is_person
from memory_core.shipped_yaml import load_shipped

__all__ = ["en_pieces", "zh_named"]

# the speaker naming themself first ("I'm Aisha, …", "hey, I'm Kevin", "my name's Jo Park -"): the name, then a comma,
# a dash or the sentence's end
_EN_NAMED = re.compile(r"^(?:(?:hi|hey|hello|hiya|heya|howdy)(?:\s+(?:there|all|everyone|guys|again))?[\s,!.~-]*)?"
                       r"(?:i'm|i\s+am|im|my\s+name'?s|my\s+name\s+is|name's)\s+"
                       r"(?P<name>(?-i:[A-Z][a-z'-]+)(?:\s+(?-i:[A-Z][a-z'-]+))?)\s*(?:\((?P<age>\d{1,2})\)\s*)?"
                       r"(?P<end>,|\s[-–—]\s|[.!]*$)",
                       re.IGNORECASE)
# a comma outside brackets: where one item of the list ends
_EN_ITEM_END = re.compile(r",\s*")
# an item that only goes on naming the place of the one before ("Portland, OR", "Austin, Texas", "Leeds, UK")
_EN_PLACE_GOES_ON = re.compile(r"^(?-i:[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)*)\s*[.!]*$")
_EN_LEAD = re.compile(r"^(?:and|also|plus)\s+", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class _Forms:
    """The compiled forms of ``data/self_intro.yaml``."""

    not_names: frozenset[str]
    age: re.Pattern[str]
    im_openers: re.Pattern[str]
    own_subject: re.Pattern[str]
    bare_title: re.Pattern[str]
    titled: re.Pattern[str]
    surname_then_name: re.Pattern[str]
    dropped_me: re.Pattern[str]
    bare_name: re.Pattern[str]
    acts_on_speaker: re.Pattern[str]


@functools.lru_cache(maxsize=1)
def _forms() -> _Forms:
    """The introduction forms, compiled once; %JOB% is the slot lexicon's English JOB word class."""
    data = load_shipped("data", "self_intro.yaml")
    en = data["en"]
    job = lexicon().classes["en"]["JOB"]
    return _Forms(
        not_names=frozenset(w.casefold() for w in en["not_names"]),
        age=re.compile(en["age"], re.IGNORECASE),
        im_openers=re.compile(en["im_openers"], re.IGNORECASE),
        own_subject=re.compile(en["own_subject"], re.IGNORECASE),
        bare_title=re.compile(en["bare_title"].replace("%JOB%", job), re.IGNORECASE),
        titled=re.compile(rf"^(?:[\w'-]+\s+){{0,4}}?(?:{job})\b", re.IGNORECASE),
        surname_then_name=re.compile(data["zh"]["surname_then_name"]),
        dropped_me=re.compile(data["zh"]["dropped_me"]),
        bare_name=re.compile(data["zh"]["bare_name"], re.IGNORECASE),
        acts_on_speaker=re.compile(en["acts_on_speaker"], re.IGNORECASE))


def _items(text: str) -> list[str]:
    """``text`` cut at its commas outside brackets, a place's region kept with the place ("Portland, OR")."""
    items: list[str] = []
    depth, start = 0, 0
    for n, ch in enumerate(text):
        if ch in "(（[":
            depth += 1
        elif ch in ")）]" and depth:
            depth -= 1
        elif ch == "," and depth == 0:
            items.append(text[start:n])
            start = n + 1
    items.append(text[start:])
    out: list[str] = []
    for item in (i.strip() for i in items):
        if not item:
            continue
        if out and _EN_PLACE_GOES_ON.match(item) and not _forms().age.match(item):
            out[-1] = f"{out[-1]}, {item}"
        else:
            out.append(item)
    return out


def _statement(item: str) -> str:
    """One item of an introduction as a statement of the speaker's: "24" -> "I'm 24", "based in Leeds" -> "I'm
    based in Leeds", "wedding photographer" -> "I'm a wedding photographer"; "" for an item no statement reads."""
    item = _EN_LEAD.sub("", item.strip())
    forms = _forms()
    if not item:
        return ""
    if (age := forms.age.match(item)) is not None:
        return f"I'm {age.group('v')}"
    if forms.own_subject.match(item):
        return item
    if forms.im_openers.match(item):
        return f"I'm {item}"
    if item[0].islower() and forms.titled.match(item):
        return f"I'm {'an' if item[0] in 'aeiou' else 'a'} {item}"
    return ""


def en_pieces(sentence: str) -> list[str]:
    """The statements of an English self-introduction said as one list, each with its "I'm" put back.

    Args:
        sentence: one English sentence of a user's turn.

    Returns:
        ``[sentence]`` when it is no such list. For "I'm Aisha, 24, PhD student at UCSD": ``["my name is Aisha",
        "I'm 24", "I'm a PhD student at UCSD"]`` (a nationality or a state after "I'm", "I'm British, 30, nurse",
        names nobody, ``not_names``: ``["I'm British", "I'm 30", "I'm a nurse"]``); for "wedding photographer
        based in Portland, OR": ``["I'm a wedding photographer based in Portland, OR"]``. Items no statement
        reads (a bare word) are left out.
    """
    forms = _forms()
    named = _EN_NAMED.match(sentence)
    if named is not None:
        word = named.group("name")
        rest = [s for s in (_statement(i) for i in _items(sentence[named.end():])) if s]
        age = [f"I'm {named.group('age')}"] if named.group("age") else []
        if not named.group("end").strip(" .!"):
            return [sentence]  # "Hey, I'm Tom.": no list; the name is read as the turn's own words
        if word.split()[0].casefold() not in forms.not_names:
            return [f"my name is {word}", *age, *rest]
        if rest:  # "I'm Canadian, 41, teacher in Halifax": no name, a list all the same
            return [f"I'm {word}", *age, *rest]
        return [sentence]
    title = forms.bare_title.match(sentence)
    if title is None or forms.own_subject.match(sentence):
        return [sentence]
    items = _items(sentence)
    if forms.acts_on_speaker.search(items[0][title.end():]):
        return [sentence]  # "Doctor in Bozeman switched me to Ozempic": the doctor's act, no title of the speaker's
    first = f"I'm {'an' if sentence[0].casefold() in 'aeiou' else 'a'} {items[0]}"
    return [first] + [s for s in (_statement(i) for i in items[1:]) if s]


def zh_named(sentence: str) -> str:
    """``sentence`` with 我叫 put back before a name said after the surname ("我姓王，王建国" -> "我姓王，我叫王建国",
    "我姓王，叫建国" -> "我姓王，我叫王建国"), and 我 before an item of a list said after a clause with 我 that
    drops it ("我姓王，今年61了，退休前在中铁二局当工程师" -> "…，我今年61了，我退休前在中铁二局当工程师"), and 叫 for
    是 when the sentence only says a person's name ("我是刘洋" -> "我叫刘洋"; "我是护士" is left as it is);
    unchanged otherwise."""
    def named(m: re.Match[str]) -> str:
        surname, name = m.group("s"), m.group("n")
        full = name if name.startswith(surname) else surname + name
        return f"{m.group(0)[:m.start('n') - m.start()].rstrip('叫名全')}我叫{full}"

    forms = _forms()
    bare = forms.bare_name.match(sentence)
    if bare is not None and is_person(bare.group("n"), "zh"):  # "我是刘洋": 我叫刘洋; "我是护士" names nobody
        return f"{bare.group('lead')}叫{bare.group('n')}{sentence[bare.end():]}"
    sentence = forms.surname_then_name.sub(named, sentence, count=1)
    return forms.dropped_me.sub(lambda m: m.group(0) + "我" if _speaker_before(m.string[:m.start()]) else m.group(0),
                                sentence)


def _speaker_before(head: str) -> bool:
    """True when the last clause of ``head`` with 我 is the speaker's own ("我姓王，"), not a relative's the speaker
    names ("我老头子叫老张，退休前是钳工": his work before retiring; the slot lexicon's REL word class)."""
    at = head.rfind("我")
    return at >= 0 and re.match(rf"我的?(?:{lexicon().classes['zh']['REL']})", head[at:]) is None
