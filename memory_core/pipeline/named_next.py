"""A pet or a partner named in the sentence after the one that got them.

"We adopted a rescue greyhound!! His name is Biscuit", "Got a cat last weekend. Her name is Mochi", "got a cat!
gray tabby, named Pixel", "养了只柴犬。
它叫豆豆", "领养了一只布偶猫！名字叫年糕": the slot engine reads one clause at a time, so the name said in a sentence
of its own would be lost and the pet kept nameless. The two sentences are joined before the turn is split, so the
pet's cue reads the name with the animal ("…greyhound, His name is Biscuit"). Any kind of animal of the lexicon's
``SPECIES`` word class (``memory_core/data/slots.yaml``) qualifies, and a partner (girlfriend, 男朋友 …).

A new partner may be named further on in the turn, after where or how they met ("我脱单了！！在小雅婚礼上认识的，
他是伴郎，叫周宇"), and an English sentence of a partner may be followed by its name said in Chinese ("I have a
boyfriend now!! 他叫 Kevin"): the naming is said again right after the bond, as the partner's cues read it
("我脱单了，他叫周宇…", "I have a boyfriend now, his name is Kevin…").
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["name_joined"]

#: a partner named in the next sentence ("got a girlfriend!! her name is Mia", "交了个女朋友。她叫小雨")
_EN_PARTNERS = "girlfriend|boyfriend|budgie|cockatiel"
_ZH_PARTNERS = "女朋友|男朋友|女友|男友|对象"


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    classes = lexicon().classes
    en = re.compile(rf"(?i:\b(?:{classes['en']['SPECIES']}|{_EN_PARTNERS})(?:s|es)?\b[^.!?\n]{{0,40}}?)"
                    r"\s*[.!]+\s+(?=(?i:(?:her|his|its)\s+name(?:'s|\s+is)|(?:she|he|it)(?:'s|\s+is)\s+"
                    r"(?:called|named))\s+[A-Z]"
                    # … or the kind said again with the name: "we adopted a cat!! a grey tabby named Ramen"
                    rf"|(?i:an?)\s+(?:[a-z]+\s+)?(?i:{classes['en']['SPECIES']}|one)\s+(?:named|called)\s+[A-Z]"
                    # … or a fragment of its looks, breed or age, then the name: "gray tabby, named Pixel",
                    # "Beagle, 3 yrs old, named Rosie", "Red and tan girl, 9 weeks, named her Pip" (no subject nor
                    # verb of its own)
                    r"|(?:(?!(?i:i|we|my|our|his|her|their|she|he|they|it|is|was|has|have|had|are|were|who|the|a|an)\b)"
                    r"[\w'-]+[ ,]+){0,6}?(?:(?:(?:we|i)\s+)?(?:named|called)\s+(?:(?:him|her|it)\s+)?"
                    r"|(?:his|her|its)\s+name(?:'s|\s+is)\s+)[A-Z])")
    zh = re.compile(rf"({classes['zh']['SPECIES']}|{_ZH_PARTNERS})"
                    r"([^。！!？?]{0,12}?)[。！!]+\s*"
                    r"(?=(?:(?:它|她|他)(?:的名字)?|名字)叫)")
    return en, zh


# a bond begun ("脱单了", "有对象了", "在一起了", "交了个男朋友"), and further on in the turn the first 他/她 named,
# after an aside on who they are ("他是伴郎，叫周宇"); no sentence end that is a question between them
_ZH_BOND = re.compile(rf"(?P<bond>(?:脱单|脱离单身|(?:有|找|交|谈)了?(?:个|一个)?(?:新)?(?:的)?(?:{_ZH_PARTNERS})"
                      r"|在一起|官宣)(?:了|啦))(?P<gap>(?:(?!闺蜜|(?:朋友|同事|同学)(?!介绍)|[妈爸姐妹哥弟])[^？?]){0,30}?)"
                      r"[，,。！!\s]\s*(?P<who>[他她])(?:是[^，,。！!？?叫]{1,10}[，,]\s*)?"
                      r"(?:的名字|名字)?叫\s*(?P<v>[A-Z][a-z]+|[\u4e00-\u9fff]{2,3})(?=[，,。！!\s]|$)")
# a child born ("女儿出生了", "生了个儿子"), and further on in the turn its name ("…，母女平安，名字叫朵朵", "取名乐乐")
_ZH_BORN = re.compile(r"(?P<bond>(?:(?:儿子|女儿|闺女|孙子|孙女|外孙女|外孙)[^，,。！!？?]{0,6}?"
                      r"(?:出生|出世|落地|降生)了|生了(?:一个|个)?(?:大胖|小)?(?:儿子|女儿|闺女)))"
                      r"(?P<gap>[^？?他她]{0,30}?)[，,。！!\s]\s*(?P<who>)(?:名字|小名|大名)?(?:叫|取名(?:叫)?)\s*"
                      r"(?P<v>[A-Z][a-z]+|[\u4e00-\u9fff]{2,3})(?=[，,。！!\s]|$|[\U0001F300-\U0001FAFF])")
# … and in English ("our daughter was born!!! 6lb 2oz, both doing great, her name is Lily", "we named him Leo")
_EN_BORN = re.compile(r"(?i:(?P<bond>\b(?:son|daughter|grandson|granddaughter|baby\s+(?:boy|girl))\s+(?:was\s+born|"
                      r"arrived|is\s+here))(?P<gap>[^?\n]{0,60}?)[,.!;]\s*(?:(?P<who>his|her)\s+name(?:'s|\s+is)|"
                      r"(?:we|they)\s+(?:named|called)\s+(?P<whom>him|her)|(?P<pro>he|she)(?:'s|\s+is)\s+called)\s+)"
                      r"(?P<v>[A-Z][a-z]+)\b")
# a pet got ("捡了一只小橘猫", "领养了一只狗"), and further on in the turn, after asides on how it is or what was done,
# its name given ("…，瘦得皮包骨，带回家了，取名叫馒头"); no other one named, no question between them
_ZH_PET_GAP = r"(?P<gap>(?:(?!他|她|朋友|同事|同学|邻居|室友|[妈爸姐妹哥弟])[^？?。]){0,24}?)"
_ZH_PET_NAMED = r"[，,。！!\s]\s*(?P<who>)(?:(?:它|她|他)的?)?(?:名字|小名)?(?:叫|取名(?:叫)?|起名(?:叫)?)\s*" \
    r"(?P<v>[A-Z][a-z]+|[\u4e00-\u9fff]{2,3}?)(?=[，,。！!\s]|$|[\U0001F300-\U0001FAFF\u2600-\u27BF])"
# an English sentence of a partner or a pet, then its name said in Chinese ("I have a boyfriend now!! 他叫 Kevin")
_EN_THEN_ZH = re.compile(r"(?i:\b(?:girlfriend|boyfriend|gf|bf|partner)\b[^.!?\n\u4e00-\u9fff]{0,40}?)"
                         r"\s*[.!]*\s*(?P<who>[他她])(?:的名字)?叫\s*(?P<v>[A-Z][a-z]+)(?![A-Za-z])\s*[，,。.！!]?\s*")


@functools.lru_cache(maxsize=1)
def _zh_pet_named() -> re.Pattern[str]:
    """A Chinese pet got and, an aside or two later, named (``_ZH_PET_GAP``): the bond is the getting."""
    species = lexicon().classes["zh"]["SPECIES"]
    return re.compile(rf"(?P<bond>(?:捡|领养|收养|抱|养|买)(?:了|到了?)(?:一|两)?[只条个头]?[小大老黑白黄灰花橘]{{0,2}}"
                      rf"(?:{species}))(?![^，,。！!]*叫)" + _ZH_PET_GAP + _ZH_PET_NAMED)


@functools.lru_cache(maxsize=1)
def _en_pet_named() -> re.Pattern[str]:
    """An English pet got and, asides later in the turn, named ("we adopted a cat!!! from the shelter, a black tomcat,
    3 years old, we named him Toby", "got a dog!! an indie puppy, we named her Chai"): the bond is the getting, the
    gap holds no other person, no question and no second getting; the name is one capitalised word (letters with
    accents kept whole: "Schrödinger")."""
    species = lexicon().classes["en"]["SPECIES"]
    return re.compile(r"(?i:(?P<bond>\b(?:got|adopted|rescued|bought|brought\s+home|picked\s+up|welcomed)\s+"
                      r"(?:a|an|another|our|my)\s+(?:new\s+|little\s+|rescue\s+|baby\s+)*"
                      rf"(?:{species})(?:s|es)?\b)"
                      r"(?P<gap>(?:(?!\b(?:he|she|they|his|her|their|him|friend|neighbou?r|sister|brother|mom|mum|dad|"
                      r"got|adopted|rescued|bought)\b)[^?\n]){0,80}?)[,.;!]\s*(?P<who>)"
                      r"(?:(?:(?:we|i)\s+)?(?:named|called)\s+(?:him|her|it)|(?:his|her|its)\s+name(?:'s|\s+is))\s+)"
                      r"(?P<v>(?-i:[A-Z])[a-zà-öø-ÿ]+)(?![^\W\d_])")


def _pet_named_in_english(m: re.Match[str]) -> str:
    """The getting of ``_en_pet_named`` with the pet's name said right after it ("…got a dog, named Chai"); the rest
    of the turn as said."""
    if not m.group("gap").strip(" ,.!;"):
        return m.group(0)
    return f"{m.group('bond')}, named {m.group('v')}{m.group(0)[m.end('bond') - m.start():]}"


@functools.lru_cache(maxsize=1)
def _zh_kind_next() -> re.Pattern[str]:
    """A Chinese pet got with its kind left to the next sentence ("领养了一只！！橘猫，叫橙子"): the getting, up to its
    classifier, before the marks that end the sentence; the kind follows them."""
    species = lexicon().classes["zh"]["SPECIES"]
    return re.compile(r"((?:捡|领养|收养|抱|养|买)(?:了|到了?|回来了)(?:一|两)?[只条头])[。！!~～\s]+"
                      rf"(?=[小大老黑白黄灰花橘]{{0,2}}(?:{species}))")


def _said_again(m: re.Match[str]) -> str:
    """The bond of ``_ZH_BOND`` with its partner's naming put right after it; the rest of the turn as said (as
    matched when the naming already follows the bond)."""
    if not m.group("gap").strip(" ，,。！!"):
        return m.group(0)
    return f"{m.group('bond')}，{m.group('who')}叫{m.group('v')}{m.group(0)[m.end('bond') - m.start():]}"


def _said_in_english(m: re.Match[str]) -> str:
    """The English sentence of ``_EN_THEN_ZH`` with its partner's Chinese naming said in English, and the Chinese
    that follows opened on the partner's pronoun again ("…now!! 他叫 Kevin，也是 UofT 的" -> "…now, his name is Kevin.
    他也是 UofT 的"), so what is said next of the partner stays theirs."""
    said = m.group(0)[:m.start("who") - m.start()].rstrip(" .!")
    pronoun = "his" if m.group("who") == "他" else "her"
    return f"{said}, {pronoun} name is {m.group('v')}. {m.group('who')}"


def _born_named(m: re.Match[str]) -> str:
    """The birth of ``_EN_BORN`` with the child's naming put right after it ("…was born, her name is Lily"); the
    rest of the turn as said."""
    if not m.group("gap").strip(" ,.!;"):
        return m.group(0)
    said = (m.group("who") or m.group("whom") or m.group("pro") or "").casefold()
    pronoun = "his" if said in ("his", "him", "he") else "her"
    return f"{m.group('bond')}, {pronoun} name is {m.group('v')}{m.group(0)[m.end('bond') - m.start():]}"


def name_joined(text: str) -> str:
    """``text`` with a pet's or a partner's naming sentence joined to the sentence that got them, so the slot
    reads the name with the animal or the bond ("Got a cat last weekend! Her name is Biscuit." -> "…weekend,
    Her name is Biscuit."; "养了只柴犬！名字叫豆豆" -> "养了只柴犬，名字叫豆豆"); a kind said in the sentence after
    the getting is joined to it too ("领养了一只！！橘猫，叫橙子" -> "领养了一只橘猫，叫橙子"), and an English pet named
    asides later in the turn is named right after its getting ("we adopted a cat!!! from the shelter, 3 years old,
    we named him Toby" -> "we adopted a cat, named Toby!!! from the shelter, …").

    Args:
        text: a turn's text, as written.
    Returns:
        the text, unchanged when no naming sentence follows a pet or a partner.
    """
    en, zh = _patterns()
    joined = en.sub(lambda m: m.group(0).rstrip(" .!") + ", ", text)
    if joined == text:  # a naming the sentence joins already is not read again further on
        joined = _en_pet_named().sub(_pet_named_in_english, text, count=1)
    text = joined
    text = _EN_BORN.sub(_born_named, _EN_THEN_ZH.sub(_said_in_english, text), count=1)
    text = _ZH_BORN.sub(_said_again, _ZH_BOND.sub(_said_again, text, count=1), count=1)
    text = _zh_kind_next().sub(r"\1", text, count=1)  # "领养了一只！！橘猫，叫橙子": "领养了一只橘猫，…"
    text = _zh_pet_named().sub(_said_again, text, count=1)
    return zh.sub(lambda m: m.group(1) + m.group(2) + "，", text)
