"""Is this value a place, or an organisation? The class of a slot value read by a weak cue.

Some changes are said without the verbs the slot lexicon lists: "these days
I'm with Bosch", "我现在在小米", "I'm in Denver now". What tells the slot is the
class of the value — a city is a home, a company an employer — so a cue of
``slots.yaml`` may ask for one (``value_class: place`` or ``org``) and the
value is checked here:

- ``place``: a city of the GeoNames gazetteer in either script
  (``place_names.names_of``), or, in Chinese, a name ending in an
  administrative suffix (市, 区, 县, 省 …); jieba's place tag is not enough
  (it tags the retailer 京东 as a place);
- ``org``: not a place, not a generic noun of where one is ("公司", "家",
  "the office": the lexicon's ``GENERIC_PLACE`` word class), and, in Chinese,
  not a word jieba tags as a verb, time, pronoun or locality;
- ``person``: a personal name: in English a capitalised word, in Chinese a
  word jieba tags as a person's name (``nr``).

jieba's part-of-speech model is loaded on first use only (a weak cue matched
in a Chinese clause); English values never load it.
"""

from __future__ import annotations

import functools
import logging
import re

from memory_core.pipeline import org_names
from memory_core.pipeline.place_names import names_of
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.text.script import has_han
from memory_core.text.zh_pos import pos_cut

__all__ = ["is_area", "is_food", "is_generic_place", "is_known_org", "is_org", "is_person", "is_place", "is_site",
           "is_tool", "of_class"]

log = logging.getLogger(__name__)

#: Chinese administrative suffixes: a name ending in one is a place ("南山区", "昆山市").
_ZH_PLACE_SUFFIX = re.compile(r"[\u3400-\u9fff]{2,}(?:市|区|县|省|州|镇|乡|村)$")
#: jieba tags of words that cannot be an employer's name (verb, time, pronoun, locality, place word, number).
#: "一家外企", "这家公司": the quantifier is no part of the name.
_ZH_QUANTIFIER = re.compile(r"^(?:一家|一个|一所|这家|那家|家)")
_NOT_ORG_FLAGS = frozenset({"v", "vn", "t", "r", "f", "s", "m", "d", "p", "a", "ad", "q"})


@functools.lru_cache(maxsize=4096)
def _flags(value: str) -> tuple[str, ...]:
    """jieba part-of-speech flags of ``value``'s words (empty when jieba is missing)."""
    return tuple(p.flag for p in pos_cut(value) if p.word.strip())


#: lexicon categories of what one drinks, eats or smokes: never an employer said in Chinese inside English
_CONSUMED = frozenset({"drink", "food", "habit", "drug"})


def _generic(value: str, lang: str) -> bool:
    pattern = lexicon().classes[lang].get("GENERIC_PLACE", "")
    return bool(pattern) and re.fullmatch(f"(?:{pattern})", value.strip(), re.IGNORECASE) is not None


def is_generic_place(value: str, lang: str) -> bool:
    """True when ``value`` is a generic noun of where one is ("the gym", "公司", "健身房", counted: "一个超市",
    "一家医院"), no place of its own."""
    return _generic(value, lang) or (lang == "zh" and _ZH_QUANTIFIER.match(value.strip()) is not None
                                     and _generic(_ZH_QUANTIFIER.sub("", value.strip()), lang))


@functools.lru_cache(maxsize=1)
def _zh_generic_head() -> re.Pattern[str]:
    return re.compile(f"^(?:{lexicon().classes['zh'].get('GENERIC_PLACE', '家')})(?=[\u3400-\u9fff])")


def _at_generic(value: str) -> bool:
    """True when a Chinese value opens on a generic place followed by more ("家带娃"): where one does something."""
    m = _zh_generic_head().match(value.strip())
    return m is not None and not _generic(value.strip(), "zh")


def is_place(value: str, lang: str) -> bool:
    """True when ``value`` names a city (GeoNames, either script) or, in Chinese, a place by its form or tag; never a
    generic noun of where one is, counted or not ("超市", "一个超市")."""
    value = value.strip()
    if not value or is_generic_place(value, lang):  # "一个超市": a kind of place, none of its own
        return False
    if names_of(value):
        return True
    if lang == "zh" and _city_and_district(value):
        return True
    # "永辉超市", "T&T超市": a shop whose generic word ends in 市 is no city (trial 36: "在 T&T 超市做 cashier")
    return lang == "zh" and _ZH_PLACE_SUFFIX.search(value) is not None and not _ends_generic(value)


def _ends_generic(value: str) -> bool:
    """True when a Chinese ``value`` ends on a generic place word of the lexicon ("永辉超市": 超市)."""
    pattern = lexicon().classes["zh"].get("GENERIC_PLACE", "")
    return bool(pattern) and re.search(f"(?:{pattern})$", value) is not None


def _city_and_district(value: str) -> bool:
    """True for a city followed by a place word jieba tags as a place name ("广州天河", "深圳南山", "北京海淀")."""
    for cut in (2, 3):
        rest = value[cut:]
        if 2 <= len(rest) <= 3 and has_han(rest) and names_of(value[:cut]) and _flags(rest) == ("ns",):
            return True
    return False


# a course, exam or certificate being studied for ("读教师资格证", "考驾照", "备考CPA", "学日语", "修双学位"): what one
# studies is no place of work (trial 15: "我在读教师资格证，想转行当中学数学老师" became the employer)
_ZH_STUDIED = re.compile(r"^(?:在)?(?:读|学|考|备考|自学|进修|修|报了?(?:个|一个)?)"
                         r"(?=[^，,。]*?(?:证|资|照|研|博|本科|硕士|学位|课|班|语|文|编程|考试|考级|专升本|夜校|网课|MBA|CPA|CFA|ACCA|[雅托]思|托福|GRE|GMAT))")


def is_site(value: str, lang: str) -> bool:
    """True when ``value`` ends in a site one works at (the lexicon's ``WORKSITE`` class: "天府软件园", "腾讯大厦",
    "Riverside Tech Park"; "天府软件园那边" too): a work place, never the employer."""
    pattern = lexicon().classes[lang].get("WORKSITE", "")
    return bool(pattern) and re.search(f"(?:{pattern})(?:那边|这边|那儿|这儿|附近|一带|里)?$", value.strip(),
                                       re.IGNORECASE) is not None


def is_tool(value: str, lang: str) -> bool:
    """True when ``value`` is exactly a tool, language or platform a team works with (the lexicon's ``TOOL`` class:
    "Asana", "Go", "飞书"): what one uses at work, never a place ("moved to Asana")."""
    pattern = lexicon().classes[lang].get("TOOL", "")
    return bool(pattern) and re.fullmatch(f"(?:{pattern})", value.strip(), re.IGNORECASE) is not None


def _consumed(value: str) -> bool:
    """True when ``value`` is exactly the Chinese name of a drink, food or habit of the lexicon (咖啡, 火锅, 烟)."""
    lex = lexicon()
    oid = lex.exact(value, "zh")
    return oid is not None and lex.category.get(oid) in _CONSUMED


def is_org(value: str, lang: str) -> bool:
    """True when ``value`` may name an employer or school: not a place, not a generic noun, not a verb or time.

    A Chinese name jieba cuts into several words is one it does not know (招行, 宁德时代): a name, kept; a
    single known word is kept unless jieba tags it a verb, time, pronoun, locality or number (超市, 现在). A
    course, exam or certificate being studied ("读教师资格证", "考驾照", "备考CPA") is no employer.
    """
    if lang == "zh" and _at_generic(value):
        return False  # "在家带娃", "在宿舍写论文": a generic place and what one does there
    value = _ZH_QUANTIFIER.sub("", value.strip())
    if lang == "zh" and _ZH_STUDIED.match(value):
        return False  # "在读教师资格证": a course, not an employer
    if not value or _generic(value, lang) or is_place(value, lang) or is_site(value, lang):
        return False  # "天府软件园", "Riverside Tech Park": where one works, not who for
    if lang == "en" and has_han(value) and _consumed(value):
        return False  # "I quit 咖啡 last week": a drink said in Chinese, no employer
    if lang == "zh" and has_han(value):
        flags = _flags(value)
        return len(flags) > 1 or (len(flags) == 1 and flags[0] not in _NOT_ORG_FLAGS)
    return True


def is_person(value: str, lang: str) -> bool:
    """True when ``value`` reads as a personal name ("Maya", "王强")."""
    value = value.strip()
    if not value:
        return False
    if has_han(value):
        flags = _flags(value)
        return len(flags) == 1 and flags[0].startswith("nr")
    return value[:1].isupper()


def is_area(value: str, lang: str) -> bool:
    """True when ``value`` may name where one lives, in a phrase that says it is a place ("燕郊的新房东"): a city,
    or a word jieba reads as a proper name or a short name (a town, district or landmark it may not know as a place:
    燕郊, 徐汇, 国贸)."""
    value = value.strip()
    if is_place(value, lang):
        return True
    if has_han(value):
        flags = _flags(value)
        return len(flags) == 1 and flags[0] in ("ns", "nz", "nr", "j")  # "j": a place's short name (国贸)
    return value[:1].isupper()


def is_food(value: str, lang: str) -> bool:
    """True when ``value`` names something one eats or drinks: a food allergen of ``allergens.yaml`` ("gluten",
    "牛奶"), or a drink, food, allergen or diet object of the slot lexicon ("coffee", "辣")."""
    from memory_core.pipeline.allergens import allergen_kinds
    value = value.strip()
    if not value:
        return False
    named = lexicon().name_in(value, lang)
    if named is not None and lexicon().category.get(named[0]) in ("drink", "food", "allergen", "diet"):
        return True
    return "food" in allergen_kinds(f"{value} allergy" if lang == "en" else f"{value}过敏")


def _listed_food(value: str, lang: str) -> bool:
    """True when ``value`` names a drink or a food of the slot lexicon ("coffee", "猪肉"): one the likes read."""
    named = lexicon().name_in(value.strip(), lang) if value.strip() else None
    return named is not None and lexicon().category.get(named[0]) in ("drink", "food")


_LATIN_NAME = re.compile(r"[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)?")


def is_known_org(value: str, lang: str) -> bool:
    """True when ``value`` names an organisation the data lists (``org_names.names_of``: "拼多多", "Stripe"), or, in a
    Chinese clause, a capitalised Latin name that ``is_org`` accepts ("我们 Shopee 的 leader").

    For cues whose words alone do not say the value is an employer ("我们X的主管", "my X colleagues"): a generic
    noun there ("我们小区的邻居", "our Monday team") is no employer. Never raises."""
    value = value.strip()
    if org_names.names_of(value):
        return True
    return lang == "zh" and _LATIN_NAME.fullmatch(value) is not None and is_org(value, lang)


def of_class(value: str, name: str, lang: str) -> bool:
    """True when ``value`` is of the class ``name`` ("place", "org"); any other name (or "") accepts every value.

    Args:
        value: the value as said ("Denver", "小米").
        name: the cue's ``value_class`` ("place", "org", "person", "area": a place or a proper name (the cue's
            words say it is a place), "food": a food or drink (``is_food``), "not_place": any name but a place or a
            generic noun, for a cue whose grammar already says the value is an employer; "known_org": an
            organisation ``org_names.yaml`` lists (``is_known_org``); "no_org": any value but such an organisation
            ("我是腾讯人" names an employer, not where one is from); "no_place": any value but a
            city, region or country, for "work in X", where a place is where the work is; "unlisted": any value
            but a drink or food of the slot lexicon, whose likes read it).
        lang: the clause's language, "en" or "zh".
    """
    if name == "place":
        return is_place(value, lang)
    if name == "org":
        return is_org(value, lang)
    if name == "known_org":
        return is_known_org(value, lang)
    if name == "no_org":
        return not is_known_org(value, lang)
    if name == "person":
        return is_person(value, lang)
    if name == "area":
        return is_area(value, lang)
    if name == "food":
        return is_food(value, lang)
    if name == "unlisted":
        return not _listed_food(value, lang)
    if name == "no_place":
        return not is_place(value, lang)
    if name == "not_place":
        return not is_place(value, lang) and not _generic(_ZH_QUANTIFIER.sub("", value.strip()), lang)
    return True
