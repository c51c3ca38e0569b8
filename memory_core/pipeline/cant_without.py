"""A like said as a need: "下午不来杯奶茶根本活不下去", "离不开咖啡", "无肉不欢", "can't live without my coffee".

People state a strong habit by what they could not do without it, not with a verb of liking; read literally the
clause holds a negation ("不来杯…", "can't") and no like, so the habit leaves no item and a later stop ("奶茶戒了")
has nothing to end. ``need_filled(clause)`` says it as the like it is ("我爱喝奶茶", "I love coffee"), or returns
``None``. Only things the lexicon knows as drinks or foods count ("离不开你" or "can't live without my phone" stay
as they are), and a question is no statement.

A need said right after the habit it is about leaves its thing out ("每天一杯奶茶，不喝活不下去", "不喝睡不着",
"two espressos a day, can't function without it"); read as said it is a dislike of nothing ("用户不喝活不下去").
``need_elided(clause, lang)`` tells such a clause, which states nothing the clause before did not.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slots import lexicon
from memory_core.shipped_yaml import load_shipped

__all__ = ["need_elided", "need_filled"]

_ZH_WHEN = r"(?:每天|天天|一天|早上|上午|中午|下午|晚上|平时|现在)*"
_ZH_VERB = r"(?:喝|吃|来)?(?:一?杯|一?口|一?顿|点|个|碗)?"
# "下午不来杯奶茶根本活不下去", "一天不喝咖啡就难受", "没有火锅活不下去", "离不开咖啡"
_ZH_NEED = (r"^(?:我)?{when}(?:(?:不|没)(?:{verb})|没有)(?P<x>{things})(?:的话)?[，,]?\s*(?:我)?"
            r"(?:就|根本|真的|简直|都|会)*(?:{ends})"
            r"|^(?:我)?{when}(?:根本|真的|完全)?离不开(?:{verb})(?P<y>{things})"
            # the idiom "无X不欢" (no joy without X: "我是那种无肉不欢的人", "无辣不欢"): the same need
            r"|^(?:我)?(?:是|就是|属于)?(?:那种|一个|个)?(?:真的|简直|完全|绝对)?无(?P<z>{things})不欢(?:的(?:那种|那类)?人)?")
# "can't live without coffee", "couldn't function without my morning latte", "can't survive a day without tea"
_EN_NEED = (r"^(?:(?:honestly|literally|seriously|tbh|lol|ngl|man|omg)[,\s]+)*(?:i\s+)?"
            r"(?:literally\s+|honestly\s+|seriously\s+|just\s+|really\s+|still\s+)*(?:can't|cannot|can\s+not|couldn't)\s+"
            r"(?:{verbs})\s+(?:a\s+day\s+)?"
            r"without\s+(?:my\s+|a\s+|an\s+|some\s+)?(?:(?:morning|afternoon|daily|evening)\s+)?(?P<x>{things})\b")


def _names(lang: str) -> tuple[list[str], dict[str, str]]:
    """(names longest first, name -> category) of the lexicon's drinks and foods in ``lang``."""
    lex = lexicon()
    table = {**lex.surface[lang], **lex.kind_of[lang]}
    cats = {name: str(lex.category.get(oid)) for name, oid in table.items()
            if name and lex.category.get(oid) in ("drink", "food")}
    return sorted(cats, key=lambda n: (-len(n), n)), cats


@functools.cache
def _needs() -> tuple[str, str]:
    """(alternation of the Chinese consequences, alternation of the English verbs) of ``data/needs.yaml``,
    longest first; a space in an English verb matches any run of spaces."""
    data = load_shipped("data", "needs.yaml")
    zh = "|".join(re.escape(w) for w in sorted(data["zh"]["ends"], key=len, reverse=True))
    en = "|".join(r"\s+".join(re.escape(p) for p in str(w).split())
                  for w in sorted(data["en"]["verbs"], key=len, reverse=True))
    return zh, en


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], dict[str, str]]:
    zh_names, zh_cats = _names("zh")
    en_names, en_cats = _names("en")
    zh_things = "|".join(re.escape(n) for n in zh_names)
    en_things = "|".join(re.escape(n) + "(?:e?s)?" for n in en_names)
    ends, verbs = _needs()
    return (re.compile(_ZH_NEED.format(when=_ZH_WHEN, verb=_ZH_VERB, things=zh_things, ends=ends)),
            re.compile(_EN_NEED.format(things=en_things, verbs=verbs), re.IGNORECASE), {**zh_cats, **en_cats})


def need_filled(clause: str) -> str | None:
    """The like a need-statement says, as a plain first-person sentence, or ``None``.

    Args:
        clause: one clause of a user's turn, end mark removed, stripped.

    Returns:
        "我爱喝奶茶" for "下午不来杯奶茶根本活不下去", "我爱喝咖啡" for "离不开咖啡", "I love coffee" for
        "can't live without my morning coffee"; ``None`` for anything else. Never raises.

    The idea: "can't do without X" is a hyperbolic statement of attachment (a need standing for a like), read
    as the plain like it stands for, as the lexicon's cues already read "X is my go-to".
    """
    zh, en, cats = _patterns()
    text = clause.strip()
    if "?" in text or "？" in text or re.search(r"[吗呢]$", text):
        return None
    if (m := zh.match(text)) is not None:
        thing = m.group("x") or m.group("y") or m.group("z")
        return f"我爱{'喝' if cats.get(thing) == 'drink' else '吃'}{thing}{text[m.end():]}"
    if (m := en.match(text)) is not None:
        rest = text[m.end():]  # "… in the morning lol": the thing alone keys the like, as "I love cold brew" does
        return f"I love {m.group('x')}" + (rest[rest.index(','):] if ',' in rest else "")
    return None


@functools.lru_cache(maxsize=1)
def _elided() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The Chinese and English patterns of a need whose thing is left out (``need_elided``)."""
    ends, verbs = _needs()
    # "不喝活不下去", "一天不喝就难受", "不来一杯睡不着", "不喝的话真的没精神" (a thing read from an emoji may follow);
    # the thing said by a pronoun ("没有它我不会讲话的", "没了它就没精神")
    zh = re.compile(rf"^(?:我)?{_ZH_WHEN}(?:要是|如果)?(?:(?:不|没)(?:喝|吃|来|抽)"
                    rf"{_ZH_VERB.removeprefix('(?:喝|吃|来)?')}(?:[\u4e00-\u9fff]{{1,4}}?)?"
                    r"|(?:没有|没了)(?:它们?|这个|那个|这杯|那杯))"
                    rf"(?:的话)?[，,]?\s*(?:我)?(?:就|根本|真的|简直|都|会)*(?:{ends})"
                    r"[了啊呀啦的。！!~～\s]*(?:[\u4e00-\u9fff]{1,4})?[^\w]*$")
    # "can't live without it", "couldn't function without them", "can't start my day without one"
    en = re.compile(
        r"^(?:(?:honestly|literally|seriously|tbh|lol|ngl)[,\s]+)*(?:i\s+)?(?:literally\s+|honestly\s+|just\s+|"
        rf"really\s+)*(?:can't|cannot|can\s+not|couldn't)\s+(?:{verbs})\s+without\s+(?:it|them|one)\b[\s.!~]*$",
        re.IGNORECASE)
    return zh, en


def need_elided(clause: str, lang: str) -> bool:
    """True when ``clause`` is a need whose thing is left out, the clause before having named it.

    Args:
        clause: one clause of a user's turn, stripped; lang: "en" or "zh".

    Returns:
        True for "不喝活不下去", "不喝睡不着", "一天不喝就难受", "can't function without it", and for a need
        naming a thing the lexicon does not know ("不吃早饭根本没精神": read as said it was the dislike
        "用户不吃早饭根本没精神"; a condition is no dislike); False for a need naming a known thing
        (``need_filled`` has read it before), a question, or anything else.
    """
    text = clause.strip()
    if "?" in text or "？" in text or re.search(r"[吗呢]$", text):
        return False
    zh, en = _elided()
    return bool((zh if lang == "zh" else en).match(text))
