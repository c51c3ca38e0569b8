"""A pet lost and not found ends the pet, as its death does (issue 13 §2).

"豆豆走丢了，找了三天都没找到", "Biscuit ran away last week and we still haven't found him", "our cat went
missing and never came back", "猫跑丢了": the pet named (or its kind) is no longer with the user, so the clause
ends the items about it the way "咪咪上周去世了" or "Mochi passed away" do (``cessation``): the same change,
read here from the words of a loss. A pet lost and then found in the same turn ("走丢了一下午，还好晚上找到了",
"ran off at the park but came back an hour later") ends nothing, nor does another person's pet ("我妈家的大黄走丢了":
the clause opens on a relative), a relative or a pronoun ("my son ran away", "他走丢了"), or a lost thing
("我手机丢了": only a pet's kind is read with the plain "丢了" / "不见了").
"""

from __future__ import annotations

import re

from memory_core.pipeline.cessation import ended_keys, scope_terms
from memory_core.text.relations import mentions_relation

__all__ = ["found_again", "lost_change", "lost_scope"]

# as ``clause_change.Change``: (keys ended, polarity, terms); not imported, so the clause splitter may import this
Change = tuple[tuple[str, ...], int, frozenset[str]]
NO_CHANGE: Change = ((), 0, frozenset())

# the kinds of pet (English), as the lexicon's species class names them
_EN_KIND = (r"dog|cat|puppy|kitten|bird|rabbit|bunny|hamster|parrot|tortoise|turtle|ferret|guinea\s+pig|corgi|"
            r"labrador|retriever|husky|poodle|beagle|dachshund|shiba|pug|terrier|spaniel|collie|bulldog|tabby")
_EN_LOST = (r"(?:has\s+|had\s+)?(?:ran\s+away|run\s+away|went\s+missing|gone\s+missing|got\s+lost|is\s+missing|"
            r"disappeared|vanished|ran\s+off(?!\s+with\b)|never\s+came\s+(?:back|home))\b")
_EN_NAMED = re.compile(r"(?:^|(?i:\b(?:my|our)\s+(?:[a-z]+\s+){0,2}?)|(?i:^(?:sadly|so|well|ugh|and|but)[,\s]+))"
                       r"(?P<x>[A-Z][a-z'-]+)\s+(?i:" + _EN_LOST + ")")
_EN_KINDED = re.compile(r"(?i:\b(?:my|our|the)\s+(?:[a-z]+\s+){0,2}?(?P<x>" + _EN_KIND + r")s?\s+" + _EN_LOST + ")")
# a name that is no pet's: a relation, a pronoun, a word opening a sentence
_EN_NOT_PET = re.compile(r"(?i)^(?:i|we|he|she|they|it|you|mom|mum|dad|son|daughter|brother|sister|wife|husband|"
                         r"boyfriend|girlfriend|friend|kid|kids|everyone|someone|nobody|the|my|our|this|that)$")
# Chinese: a loss said of one named first; the plain "丢了" / "不见了" only of a pet's kind
_ZH_AWAY = r"(?:走丢|跑丢|走失|失踪|丢失|跑掉|跑出去(?:就)?没回来|(?:离家)?出走了?(?=.{0,6}没回))"
_ZH_WHEN = r"(?:昨天|前天|今天|昨晚|上周|上个?月|前几天|那天|突然|又|居然|竟然|已经|晚上|早上|下午|遛弯的?时候)*"
# a time, then the place it happened ("昨天在小区", "上周在公园里"), then a time again ("在楼下突然")
_ZH_TIME = _ZH_WHEN + r"(?:在[\u4e00-\u9fff]{1,6}?(?:里|外|附近|门口|楼下)?)?" + _ZH_WHEN
_ZH_NAMED = re.compile(r"^(?:我的?|我们?家的?)?(?P<x>[\u4e00-\u9fff]{1,4}?|[A-Z][a-z]+)" + _ZH_TIME + _ZH_AWAY)
_ZH_KINDS = r"猫|狗|猫咪|狗狗|小猫|小狗|兔子|鹦鹉|仓鼠|乌龟|柯基|柴犬|金毛|哈士奇|泰迪|英短|美短|橘猫|布偶"
_ZH_KINDED = re.compile(r"(?P<x>" + _ZH_KINDS + ")" + _ZH_TIME
                        + r"(?:" + _ZH_AWAY + r"|丢了|不见了|找不到了|跑了(?=$|[，,。！!…~]))")
_ZH_NOT_NAME = re.compile(r"^(?:我|在|从|去|到|跟|和|被|把|他|她|它|你|您|咱|大家|别人|有人|谁|这|那|"
                          r"孩子|儿子|女儿|钱包|手机|钥匙|东西)")
# a pet found again in the turn: a return not negated ("never came back", "还没找到", "haven't found him")
_EN_FOUND = re.compile(r"(?i)(?<!never\s)(?<!n't\s)(?<!not\s)(?<!nobody\s)\b(?:came\s+(?:back|home)|come\s+back|"
                       r"found\s+(?:him|her|it|them|(?-i:[A-Z][a-z'-]+)\b)|turned\s+up|showed\s+up|(?:is|'s|was)\s+back|was\s+found|"
                       r"got\s+(?:him|her|it|them)\s+back|home\s+safe)\b")
_ZH_FOUND = re.compile(r"(?<!没)(?<!没有)(?<!没能)(?:找到了|找回来了?|找回了|(?:自己)?回来了|(?:自己)?回家了|送回来了)")


def found_again(text: str, lang: str) -> bool:
    """True when ``text`` (the whole turn) says a lost pet came back or was found."""
    return bool((_ZH_FOUND if lang == "zh" else _EN_FOUND).search(text))


def lost_scope(clause: str, lang: str) -> str:
    """The pet (name or kind) a ``clause`` says is lost, "" when it says no pet's loss."""
    if lang == "zh":
        m = _ZH_KINDED.search(clause) or _ZH_NAMED.match(clause)
        if m is None or _ZH_NOT_NAME.match(m.group("x")) or mentions_relation(m.group("x")):
            return ""
        return m.group("x")
    m = _EN_NAMED.search(clause) or _EN_KINDED.search(clause)
    if m is None or _EN_NOT_PET.match(m.group("x")) or mentions_relation(m.group("x")):
        return ""
    return m.group("x")


def lost_change(clause: str, lang: str, skip: str, other: str, text: str, qualifier: str) -> Change:
    """The change of a user's clause saying a pet was lost and not found in ``text`` (the turn): the keys and
    terms of the items about it, ended (-1), as ``clause_change.change_of`` gives a pet's death. A clause of
    another person (``other``) or one read as a question, a plan or reported speech (``skip``) changes nothing;
    a loss told in the past tense still holds ("went missing in June and never came back")."""
    if other or (skip and skip != "past"):
        return NO_CHANGE
    scope = lost_scope(clause, lang)
    if not scope or found_again(text, lang):
        return NO_CHANGE
    return ended_keys(scope, lang, qualifier), -1, scope_terms(scope, lang)
