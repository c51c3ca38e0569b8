"""Chinese self-descriptions said as a fragment, put back into a sentence with 我 the rules read.

Chat Chinese states the speaker's facts as a topic-comment fragment with no subject and often no verb:
"坐标上海", "base杭州", "人在深圳", "现居成都" (where one lives), "字节打工人", "在阿里搬砖" (the employer),
"猫奴一枚" (a label), "00后" (a generation), "已婚，俩娃" (marriage, children), "家里两只英短" (pets),
"素食三年了" (diet). ``zh_filled(fragment)`` says each as the sentence the slot lexicon already reads
("我住在上海", "我在字节打工", "我是猫奴", "我结婚了", "我有俩娃", "我养了两只英短", "我吃素三年了"), or
returns ``None``. A place said with 人在 must be a place name (jieba's ``ns``), so "人在机场" and
"人在公司" stay a whereabouts, and "人在北京出差" (a trip) is left to the trip rules.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slots import lexicon
from memory_core.text.zh_pos import pos_cut

__all__ = ["zh_filled"]

_NOW = r"(?:目前|现在|如今|常年|长期)?"
# how long, or a particle, after a place or a diet: "定居杭州五年了", "坐标上海啦", "base杭州 now"
_SINCE = (r"(?:(?:已经|快|都|有)?"
          r"(?:[一二两三四五六七八九十几半\d]+多?个?(?:年|个月|月)多?|很多年|好多年|多年|好久)了?)?"
          r"(?:了|啦|哈|呀|啊|哦|咯|中|ing)*")
_HERE = r"(?:这边|那边|本地|一带)?"
_PLACE = r"(?P<v>[\u4e00-\u9fff]{2,10}?|[A-Z][A-Za-z'-]+(?:\s+[A-Z][A-Za-z'-]+){0,2})"
# "坐标上海", "base 杭州", "base在深圳", "现居成都", "常驻新加坡", "定居杭州五年了": where the speaker lives
_HOME = re.compile(rf"^{_NOW}(?P<cue>坐标|(?i:base)\s*(?:在|于)?|现居(?:住)?(?:在|于)?|常驻(?:在|于)?"
                   rf"|定居(?:在|于)?|人在)"
                   rf"\s*{_PLACE}{_HERE}(?P<rest>{_SINCE})(?:\s*(?i:now|rn|atm))?\s*$")
# a line of work or a kind of firm, not one employer ("互联网打工人", "大厂搬砖")
_NOT_FIRM = re.compile(r"^(?:互联网|IT|it|金融|国企|央企|外企|私企|大厂|小厂|体制内|创业公司|公司|科技|游戏|"
                       r"传媒|广告|教育|医疗|电商|制造业|银行业|外包|乙方|甲方|民企|事业单位|单位|厂里|工地|职场|"
                       r"打工|社会|一线|底层|普通)")
# "字节打工人", "在阿里搬砖", "腾讯社畜一枚": the employer said with a word for a worker (a sentence with its own
# subject, "我在美团搬砖", is no fragment)
_FIRM = re.compile(r"^(?:目前|现在)?在?(?P<v>(?![我你他她它])[\u4e00-\u9fff]{2,6}?|[A-Za-z][A-Za-z0-9&.-]{1,20})\s*"
                   r"(?:打工人|打工仔|打工|搬砖(?:人|中)?|社畜|牛马)(?:一枚|一个)?(?:[一二两三四五六七八九十几半\d]+多?年了?)?$")
# "猫奴一枚", "程序员一枚", "宝妈一枚": a label the speaker gives themself
_LABEL = re.compile(r"^(?P<v>[\u4e00-\u9fffA-Za-z]{1,8}?)一枚$")
# "00后", "95后程序员": a generation, maybe with a label after it
_GENERATION = re.compile(r"^(?P<v>(?:\d{2}|[零〇一二三四五六七八九]{2})后[\u4e00-\u9fffA-Za-z]{0,6})$")
# "已婚", "已婚已育", "单身", "离异": marriage said as a status
_MARRIED = re.compile(r"^(?:目前|现在|还是|依然|一直)?(?P<v>已婚|单身|离异|已离婚)狗?(?P<kids>已育|有娃|有孩子)?"
                      r"(?:状态|中|一枚)?$")
_MARRIED_SAID = {"已婚": "我已经结婚了", "单身": "我单身", "离异": "我离婚了", "已离婚": "我离婚了"}
_COUNT = r"(?P<n>[一两二三四五六七八九十俩仨\d]+)"
# "俩娃", "两个孩子", "一儿一女": children said as a count
_KIDS = re.compile(rf"^(?:家里|家中|家有)?(?:有)?{_COUNT}(?:个|位)?(?P<v>娃|孩子|宝宝|小孩|儿子|女儿|闺女)$")
# "二胎宝妈", "俩娃妈", "三个娃的爸": a parent said by how many children
_PARENT = re.compile(r"^(?P<n>[一二两三四俩仨])(?:胎|个?娃的?)(?:宝妈|妈妈|妈|奶爸|爸爸|爸)$")
_TWO = {"二": "两", "俩": "两", "仨": "三"}
# "复旦研二", "大三在读", "北大博一在读": the school and the year, said without 我 or a verb
_YEAR = r"(?P<y>大[一二三四五]|研[一二三]|博[一二三四五]|高[一二三]|初[一二三]|本科|硕士|博士)"
_SCHOOL = re.compile(rf"^(?!今年|明年|去年|现在|目前|已经|正在|刚|在|我)(?P<s>[^\W\d读]{{2,10}}?){_YEAR}(?:在读|中)?$")
_READING = re.compile(rf"^(?:目前|现在|今年)?{_YEAR}在读$")
# a body measure of the speaker's said back to normal with no subject ("血压已经正常了", "血糖恢复正常了"): it ends
# the condition stated before (a measure said high with no subject stays in the user's own words)
_MEASURE = re.compile(r"^(?:最近|现在|目前|这次)?(?:血压|血糖|血脂|胆固醇|尿酸)"
                      r"(?:已经|现在|终于|也|都|总算)*"
                      r"(?:正常|恢复正常)了?$")  # come down (降了) or steady (稳定): no cure
# "不抽烟不喝酒", "烟酒不沾", "从不喝酒": a habit one keeps away from, said without 我
_ABSTAIN = re.compile(r"^(?:从来|从|基本|几乎|一直|平时)?不(?:抽烟|吸烟|喝酒|碰酒)(?:也?不(?:抽烟|吸烟|喝酒|碰酒))?$"
                      r"|^烟酒不沾$")
# "自由职业", "待业中": working for oneself, or between jobs
_SELF_EMPLOYED = re.compile(r"^(?:目前|现在)?(?P<v>自由职业者?|freelancer|待业|失业)(?:中|ing)?$", re.IGNORECASE)
# "这回真戒烟了", "终于把酒戒了", "彻底戒烟了": a habit given up, said without 我 (again after a relapse, too)
_QUIT = re.compile(r"^(?:这回|这次|这下|终于|总算|真的?|彻底|已经|正式|现在|又|再次|重新|还是|算是|决定)*"
                   r"(?:戒(?:掉)?了?(?:烟|酒)|把(?:烟|酒)戒(?:掉)?)了?(?:啊|哈|呀|啦)*$")
# "今天交了辞职信", "正式提离职了", "递了辞呈": notice given, said without 我 (the slot cue reads it with 我)
_NOTICE = re.compile(r"^(?:今天|昨天|刚刚?|已经|正式|终于|总算|上周)*(?:提了?|交了?|递了?|递交了?)(?:离职|辞职|辞呈)"
                     r"(?:信|报告|申请)?了?(?:啊|哈|呀|啦)*$")
# "上个月退休了", "终于退休啦", "上周结婚了": a retirement or a wedding of the speaker's, said without 我 (the slot
# cues read it with 我; it ends a plan of it, plan_done_by.yaml)
_LIFE_STEP = re.compile(r"^(?:上个?月|上个?星期|上周|去年|今年|前年|昨天|前天|前几天|前段时间|刚刚?|已经|正式|终于"
                        r"|总算)*"
                        r"(?:退休|退下来|结婚|领证)(?:了|啦)(?:啊|哈|呀|啦|!|！|~|～)*$")
# "现在算是自由插画师了", "成了全职妈妈", "当上护士长了": a role the speaker now has, said without 我
_ROLE_NOW = re.compile(r"^(?:现在|目前|如今|终于|总算|正式)*(?:算是|算|成了|成为了?|当上了?|变成了?)"
                       r"(?:一(?:个|名))?(?P<v>[\u4e00-\u9fff]{2,8}?)了?(?:啊|哈|呀|啦)*$")
# "素食三年了", "吃素中", "纯素", "素食主义者": a diet said without 我
_DIET = re.compile(rf"^{_NOW}(?:已经)?(?P<v>素食主义者|素食者|纯素食者|素食|吃素|纯素|全素)(?P<rest>{_SINCE})$")


@functools.lru_cache(maxsize=1)
def _pets() -> re.Pattern[str]:
    """"家里两只英短", "家有一只柯基", "养了两只猫": pets said as a count (the lexicon's SPECIES word class), maybe
    with the name ("家里养了条土狗叫大黄": the count left out, a colour or size before the kind)."""
    species = lexicon().classes["zh"]["SPECIES"]
    return re.compile(rf"^(?:家里|家中|家有|家里有|家中有|养了|家里养了|家里养着|养着)?{_COUNT}(?:只|条|个|头)"
                      rf"(?P<v>{species})$"
                      rf"|^(?:家里|家中)(?:养了|养着)(?P<m>[一两三\d]?(?:只|条|头))"
                      rf"(?:[小大老黑白黄灰花橘]{{1,2}}(?={species}))?(?P<k>{species})[，,]?(?:它|名字)?叫(?P<name>[^，,。\s]{{1,6}})$")


@functools.lru_cache(maxsize=512)
def _is_place_name(value: str) -> bool:
    """True when jieba reads ``value`` as a place name (``ns``) and nothing after it as a verb."""
    flags = [p.flag for p in pos_cut(value) if p.word.strip()]
    return bool(flags) and flags[0] == "ns" and not any(f.startswith("v") for f in flags)


def _generic(value: str) -> bool:
    pattern = lexicon().classes["zh"].get("GENERIC_PLACE", "")
    return bool(pattern) and re.fullmatch(f"(?:{pattern})", value) is not None


def zh_filled(fragment: str) -> str | None:
    """The sentence with 我 that a subjectless Chinese fragment says, or ``None`` when it is no such fragment.

    Args:
        fragment: one clause of a turn (no sentence punctuation), stripped.

    Returns:
        "我住在上海" for "坐标上海" (also base, 人在 with a place name, 现居, 常驻, 定居; a length of stay
        kept: "定居杭州五年了" -> "我住在杭州五年了"), "我在字节打工" for "字节打工人", "我是猫奴" for
        "猫奴一枚", "我是00后", "我已经结婚了" for "已婚", "我有俩娃", "我养了两只英短" for "家里两只英短",
        "我吃素三年了" for "素食三年了", "我血压已经正常了" for "血压已经正常了"; ``None`` otherwise.

    The idea: Chinese is topic-prominent and drops the subject freely (Li & Thompson 1981); in chat the
    verb goes too, and a fragment at the head of a turn is the speaker's self-introduction.
    """
    text = fragment.strip()
    if (home := _HOME.match(text)) is not None:
        place = home.group("v")
        if _generic(place) or (home.group("cue") == "人在" and not _is_place_name(place)):
            return None
        return f"我住在{place}{home.group('rest').strip()}"
    if (firm := _FIRM.match(text)) is not None and not _NOT_FIRM.match(firm.group("v")):
        return f"我在{firm.group('v')}打工"
    if (married := _MARRIED.match(text)) is not None:
        said = _MARRIED_SAID[married.group("v")]
        return said + ("，我有孩子" if married.group("kids") else "")
    if (kids := _KIDS.match(text)) is not None:
        return f"我有{kids.group('n')}{'个' if kids.group('n') not in ('俩', '仨') else ''}{kids.group('v')}"
    if (pets := _pets().match(text)) is not None:
        if pets.group("k"):
            count = pets.group("m") if pets.group("m")[:1] not in "只条头" else f"一{pets.group('m')}"
            return f"我养了{count}{pets.group('k')}叫{pets.group('name')}"
        return f"我养了{text[pets.start('n'):]}"
    if (diet := _DIET.match(text)) is not None:
        word = diet.group("v")
        verb = "我是" if word.endswith("者") else "我吃素" if word in ("素食", "吃素") else "我吃"
        return f"{verb}{'' if verb == '我吃素' else word}{diet.group('rest')}"
    if (parent := _PARENT.match(text)) is not None:
        return f"我有{_TWO.get(parent.group('n'), parent.group('n'))}个孩子"
    if (school := _SCHOOL.match(text)) is not None and not _generic(school.group("s")):
        return f"我在{school.group('s')}读{school.group('y')}"
    if (reading := _READING.match(text)) is not None:
        return f"我在读{reading.group('y')}"
    if _MEASURE.match(text):  # "血压已经正常了": the speaker's own body measure, back to normal
        return f"我{text}"
    if _ABSTAIN.match(text):
        said = re.sub(r"^(?:从来|从|一直)(?=不)", "", text)  # "从不喝酒": never, said as the habit "不喝酒"
        return "我不抽烟，我不喝酒" if text == "烟酒不沾" else "我" + re.sub(r"(?<=[烟酒])(?=也?不)", "，我", said)
    if (own := _SELF_EMPLOYED.match(text)) is not None:
        word = own.group("v").lower()
        return "我是自由职业者" if word.startswith(("自由", "free")) else "我失业了"  # 待业: between jobs
    if _QUIT.match(text) or _NOTICE.match(text) or _LIFE_STEP.match(text):  # "这回真戒烟了", "退休了": the speaker's
        return f"我{text}"
    if (role := _ROLE_NOW.match(text)) is not None and re.fullmatch(
            f"(?:{lexicon().classes['zh'].get('JOB', '^$')})", role.group("v")) is not None:
        return f"我是{role.group('v')}"
    if (generation := _GENERATION.match(text)) is not None:
        return f"我是{generation.group('v')}"
    if (label := _LABEL.match(text)) is not None:
        return f"我是{label.group('v')}"
    return None
