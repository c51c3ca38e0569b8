"""Change said in any words: a clause that ends, or reverses, what the user stated about a thing (issue 13 §2).

Cues list phrasings; this module reads the grammar instead. A first-person
clause *ends* something when it carries a cessation form, whatever its verb:

- English: "no longer X", "stopped / quit / gave up / am done with X", "used
  to X", "don't / can't / haven't X any more / these days", "haven't X since";
- Chinese: 不再, 再也不, 已经不, 早就不, 没再, 戒了, 戒X了, 停了, 放弃, and a negated verb
  with the closing 了 ("不游了", "不打了").

The words under the cessation form are its *scope* (English: the words the
form governs; Chinese: the clause, whose object is often put first,
"泳我现在也不游了"). ``ended_keys`` turns the scope into the keys an item
about the same thing is stored under: likes (``pref:``), hobbies and routines
(``fact:hobby:``, ``fact:routine:``) and statements in the user's own words
(``gist:``), over the word family of each scope word (English inflections
"run"/"running"/"runs", the shipped synonym groups "jogging" = "running",
Chinese verb-object pairs "练" + "瑜伽" = "练瑜伽"). The resolver ends the
active items of the other polarity under those keys (``end_opposite``).

A Chinese clause that puts its object first (topicalised, "香菜我现在反而挺爱吃的")
speaks of that object: its keys are read the same way, so a reversed
preference said the natural Chinese way revises the item of the other
polarity.

Questions, hypotheticals and reported speech never get here (the slot
engine's markers skip them), nor does another person's clause.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from datetime import datetime

from memory_core.model import Kind, MemoryItem, Status, Turn
from memory_core.pipeline.changed_value import changed_number
from memory_core.pipeline.gist import topic
from memory_core.pipeline.held_change import own_key
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.store.write_ops import EndOp
from memory_core.text.script import HAN_RUN, lang_of
from memory_core.text.synonyms import synonym_groups
from memory_core.text.tokenize import tokenize

__all__ = ["DEATH", "STATEMENT_PREFIXES", "ZH_DIED", "ZH_ENDED_AFTER_THING", "ZH_NOT_SAVED", "ZH_VERB_ACTIVITY",
           "bare_drinking", "category_keys", "cessation_scope", "end_opposite", "ended_keys", "item_polarity",
           "keys_about", "resumption_scope", "scope_terms", "topicalised", "with_speaker"]

#: An English death said of a pet or a person ("died", "passed away"), after its subject.
#: What may open a clause before a name and its death ("Sadly Mochi passed away").
_SADLY = r"sadly|unfortunately|tragically|so|well|and|but|yesterday|today|last\s+(?:week|month|night)"
#: "死了" said of a death, not as "extremely" after a state ("11号线挤死了", "热死了", "累死了", "笑死了")
ZH_DIED = r"(?<![挤热冷累饿笑气烦忙困吓急闷渴疼痛臭吵丑美帅难馋懒晒冻撑])死了"
#: A rescue that failed ("奶盖没救过来", "没抢救过来", "没能挺过来"): a death.
ZH_NOT_SAVED = r"没(?:能|有)?(?:抢)?救(?:过来|回来|活)|没(?:能|有)?(?:挺|熬|撑)(?:过来|过去)"
DEATH = r"(?i:died|passed\s+away|passed|was\s+put\s+down|had\s+to\s+be\s+put\s+down|crossed\s+the\s+rainbow\s+bridge)\b"
#: What one holds by paying for it, and which runs out when not renewed.
_HELD_PLAN = r"(?:membership|subscription|sub|premium)"
_EN_SCOPE = (
    # the thing said first, then its end with nothing after the verb but when or why ("Tennis I gave up after the
    # knee surgery", "Spanish classes I dropped last spring"), as Chinese puts it first ("网球我不打了")
    re.compile(r"^(?!(?:so|well|and|but|then|finally|honestly|yeah|ok|okay|anyway|actually|recently|yesterday|today|"
               r"now|sadly|basically|lol|oh|also|even)\b)(?P<x>(?:[A-Za-z][\w'-]*\s+){0,2}?[A-Za-z][\w'-]*)\s+"
               r"I\s+(?:(?:'ve|have|had|finally|just|already|totally|completely)\s+)*"
               r"(?:gave\s+up|quit|stopped|dropped|ditched|sold|cancell?ed|got\s+rid\s+of)"
               r"(?=\s*$|\s*[,.;!]|\s+(?:after|when|because|since|last|a\s+(?:while|year|month)|years?|months?|"
               r"weeks?|ages|long|in|for|ago|back|recently|already|completely|entirely|altogether|for\s+good)\b)",
               re.IGNORECASE),
    # given up or swapped for something else ("gave up the gym for yoga", "swapped my car for a bike", "gave up
    # sugar for Lent"): what was given up, not what it was given up for
    re.compile(r"\b(?:gave\s+up|given\s+up|giving\s+up|quit|ditched|dropped|swapped|traded|exchanged)\s+(?P<x>.+?)"
               r"\s+for\s+(?!(?:good|now|a\s+while|ever)\b)", re.IGNORECASE),
    re.compile(r"\b(?:no\s+longer|stopped(?!\s+(?:by|at|in|off|over|to)\b)|quit|quitting|gave\s+up(?:\s+on)?"
               r"|given\s+up(?:\s+on)?|giving\s+up|(?:am|'m|i\s+am)\s+(?:(?:finally|so|officially|totally)\s+)?done\s+with"
               r"|(?<!got\s)(?<!get\s)(?<!'m\s)(?<!am\s)(?<!be\s)(?<!getting\s)"
               r"used\s+to(?!\s+(?:think|dream|believe|wonder|say|tell|it|this|that)\b)"
               r"|ditched|cancell?ed|(?<!not\s)(?<!'m\s)(?<!am\s)(?<!be\s)cut\s+out(?!\s+for\b)|(?:gone|went|going|gotten|got)\s+off(?!\s+(?:to|on|at|with|work|the\s+(?:bus|train))\b))"
               r"\s+(?P<x>.+)", re.IGNORECASE),
    re.compile(r"\b(?:don't|do\s+not|doesn't|can't|cannot|never|not|haven't|have\s+not|hardly\s+ever)\s+(?P<x>.+?)"
               r"\s+(?:any\s*more|these\s+days|since)\b", re.IGNORECASE),
    re.compile(r"\bno\s+more\s+(?P<x>.+)", re.IGNORECASE),
    # a thing kept off for a counted while ("haven't touched red bull in 3 weeks", "haven't had a cigarette for
    # two months"): only a verb of taking it, as "haven't seen my mom in a month" or "haven't had pizza in ages"
    # end nothing
    re.compile(r"\b(?:haven't|havent|have\s+not|hasn't|not)\s+(?:(?:even|once)\s+)?(?:(?:touched|used|bought|"
               r"had\s+(?=(?:a\s+(?:single|drop|sip|puff|drag|cigarette|smoke|drink|beer|glass)|any|one)\b))\s*"
               r"(?:(?:a|single|drop\s+of|sip\s+of|puff\s+of|drag\s+of|glass\s+of|any|one)\s+)*"
               r"(?P<x>.+?)|(?P<x2>smoke|vape)d\b.*?)\s+(?:in|for)\s+(?:over\s+|almost\s+|nearly\s+|like\s+|about\s+|more\s+than\s+)?"
               r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple(?:\s+of)?|several|\d+)"
               r"\s+(?:days?|weeks?|months?|years?)\b", re.IGNORECASE),
    # a switch names what it replaces: "I swim now instead of running", "switched from Chrome to Firefox",
    # "swapped my car for a bike", "replaced coffee with tea" — the old thing ends
    re.compile(r"\binstead\s+of\s+(?P<x>.+)", re.IGNORECASE),
    re.compile(r"\b(?:switched|changed|swapped|gone\s+over|went\s+over|migrated)\s+(?:over\s+|back\s+)?from\s+"
               r"(?P<x>.+?)\s+(?:to|for)\b", re.IGNORECASE),
    re.compile(r"\breplaced\s+(?P<x>.+?)\s+with\b", re.IGNORECASE),
    # told to stop ("my doctor told me to stop drinking coffee", "doc wants me to cut out salt"): the one told stops
    re.compile(r"\b(?:told|tells|telling|wants|asked|ordered|advised|warned)\s+me\s+to\s+(?:stop|quit|give\s+up|"
               r"cut\s+out|cut\s+down\s+on|avoid|lay\s+off|stay\s+away\s+from|stay\s+off|come\s+off)\s+(?P<x>.+)",
               re.IGNORECASE),
    re.compile(r"\b(?:told|tells|telling|warned|advised)\s+me\s+(?:not\s+to|to\s+not|never\s+to)\s+"
               r"(?P<x>(?:eat|drink|have|touch|take)\b.+)", re.IGNORECASE),
    # an app, an account or a subscription closed: "uninstalled TikTok", "deleted my Instagram (account)",
    # "unsubscribed from Spotify" — what one used ends with it. Deleting or closing ends only an account, an
    # app or a named service ("deleted the photos" ends nothing).
    re.compile(r"(?i:\b(?:uninstalled|unsubscribed\s+from|unsubbed\s+from|logged\s+out\s+of\s+\w+\s+for\s+good|"
               r"got\s+off)\s+)(?P<x>.+)"),
    # a membership or a subscription run out ("my gym membership ran out", "Economist subscription expired",
    # "let my Costco membership lapse"): what one held ends as when it is cancelled; one that expires later ends
    # nothing yet
    re.compile(r"(?:\b(?:my|our|the)\s+|^)(?P<x>(?:[\w+.&'-]+\s+){0,3}?" + _HELD_PLAN + r")\s+"
               r"(?:(?:has|had|just|finally|already|quietly)\s+)*(?:ran\s+out|run\s+out|expired|lapsed)\b",
               re.IGNORECASE),
    re.compile(r"\blet\s+(?:my|our|the)\s+(?P<x>(?:[\w+.&'-]+\s+){0,3}?" + _HELD_PLAN + r")\s+"
               r"(?:lapse|expire|run\s+out)\b", re.IGNORECASE),
    re.compile(r"(?i:\b(?:deleted|deactivated|closed|removed|wiped|nuked|killed|shut\s+down)\s+(?:my|our|the)\s+)"
               r"(?P<x>(?:[A-Z][\w+.&'-]*(?:\s+[A-Z][\w+.&'-]*)*(?:\s+(?i:account|app|profile|subscription|"
               r"membership|page|channel))?|[\w+.&'-]+(?:\s+[\w+.&'-]+)?\s+(?i:account|app|profile|subscription|"
               r"membership)))\b"),
    # a death or loss said of one by name ("we lost Biscuit last week", "Pip died on Sunday"): the name is the scope
    re.compile(r"(?i:\b(?:lost|buried|(?:had\s+to\s+)?put\s+down|(?:had\s+to\s+)?say\s+goodbye\s+to|said\s+goodbye\s+to)"
               r"\s+(?:(?:my|our)\s+(?:(?:old|sweet|little|beloved|dear)\s+)*(?:[a-z]+\s+)?)?)(?P<x>[A-Z][a-z'-]+)\b"
               r"(?!\s+(?:as|to|at|in|on)\b)"),
    re.compile(r"(?i:\bput\s+)(?P<x>[A-Z][a-z'-]+)(?i:\s+(?:down|to\s+sleep))\b"),  # "we had to put Lucky down"
    re.compile(r"(?:^|(?<=[,;:—-]\s)|(?i:\b(?:my|our)\s+(?:(?:old|sweet|little|beloved|dear)\s+)*[a-z]+\s+)"
               r"|(?i:^(?:" + _SADLY + r")[,\s]+))(?P<x>[A-Z][a-z'-]+)\s+" + DEATH),
    # a farewell said to one by name ("RIP Nibbles", "rest in peace, Biscuit")
    re.compile(r"(?i:\b(?:rip|r\.i\.p\.?|rest\s+in\s+peace)[,\s]+(?:(?:my|our|little|sweet|dear)\s+)*)(?P<x>[A-Z][a-z'-]+)\b"),
)
# a stop broken ("破戒了", "没忍住破戒了") takes the thing up again: its 戒 is no stop
_ZH_CEASE = re.compile(r"不再|再也不|已经不|早就不|没再|(?<!破)戒了|(?<!破)戒掉|"
                       r"(?<!破)戒[\u4e00-\u9fff]{1,4}了|停了|停掉了?|放弃了?|"
                       # a thing put before its stop by 把 ("把二甲双胍停了", "把奶茶戒了", "把网飞退了", "把烟断了")
                       r"停用了?|把[^，,。把]{1,12}?给?(?:停|戒|退|断)(?:掉|用)?了|"
                       # an app uninstalled, an account closed, a subscription cancelled ("把抖音卸载了", "微博注销了")
                       r"卸载了?|卸了|注销了?|销号|退订了?|取消(?:了)?[\u4e00-\u9fff]{0,6}?(?:会员|订阅|续费|关注)|"
                       r"不(?:再)?续(?:费|订)?了|"
                       # kept off a thing for a counted while ("三个星期没碰可乐了", "半年都没抽烟了"): a verb of
                       # taking it, as "三个月没吃火锅了" is a lapse, no stop
                       r"[一二两三四五六七八九十几半\d]+个?(?:多)?(?:天|周|星期|礼拜|月|年)(?:多)?(?:了)?(?:都|也)?没(?:再)?(?:碰|抽|喝)过?|"
                       r"(?:会员|订阅)[\u4e00-\u9fff]{0,4}?(?:到期|退)了|删掉了|删了|"
                       # 啦 is 了 + 啊 ("早就不在杭州啦"), but "不是X啦" corrects a word ("不是美短啦，是英短")
                       r"不[\u4e00-\u9fff]{1,3}了|不(?!是)[\u4e00-\u9fff]{1,3}?啦|"
                       # a verb of taking a thing, its object named in full before 了 ("不喝柠檬水了", "不点外卖了")
                       r"不再?(?:喝|吃|抽|碰|买|点|用)[\u4e00-\u9fffA-Za-z]{2,8}?了"
                       # told to stop ("医生让我别喝咖啡了", "大夫叫我不要再抽烟"): the one told stops
                       r"|(?:让|叫|要|劝|嘱咐|要求|建议)我(?:以后|从此)?(?:别|不要|不能)再?[\u4e00-\u9fff]"
                       # not allowed any more ("医生不让我吃蛋黄了", "不许我再喝酒", "奶茶不能再喝了")
                       r"|(?:不让|不许|不准|禁止)我(?:再)?[\u4e00-\u9fff]|不(?:能|可以|准|许)再[\u4e00-\u9fff]"
                       r"|去世了?|(?<![叼拿偷抢带拖搬借拐牵领开刮吹冲卷赶抱运])走了|" + ZH_DIED
                       + r"|过世|离世|病逝|安乐|(?:去|回)了?(?:喵星|汪星)|走得很?(?:安详|平静|突然)|" + ZH_NOT_SAVED)
# Chinese words that are no object: the cessation forms, time and discourse words, pronouns, particles
_ZH_NOISE = re.compile(ZH_NOT_SAVED + r"|不再|再也不|已经|早就|没再|"
                       r"[一二两三四五六七八九十几半\d]+个?多?(?:天|周|星期|礼拜|月|年)多?|碰过?|"
                       r"戒了|戒掉|戒(?=[\u4e00-\u9fff]{1,4}了)|停了|停掉|停用|放弃了?|"
                       r"把|给(?=[停戒退断])|(?:退|断)掉?了|"
                       r"卸载|卸了|注销|销号|退订|取消|自动续费|续费|删掉|删了|账号|帐号|"
                       r"医生|大夫|医师|体检|不让|不许|不准|不能|禁止|"  # who forbade it is no object of the stop
                       r"现在|如今|目前|最近|以后|之后|后来|以前|"
                       r"已经|反而|其实|还是|就是|一直|开始|一口|一点|一下|都|也|就|还|又|再|了|啦|过|的|得|着|呢|啊|吧|"
                       r"我们|我|你|他|她|它|很|挺|太|特别|非常|真的|不|没有|没")
# a clause putting its object first: "香菜我现在反而挺爱吃的", "泳我现在也不游了"
_ZH_TOPIC = re.compile(r"^(?P<t>[\u3400-\u9fff]{1,6}?)我(?![们的有是在])")
_ZH_NOT_TOPIC = re.compile(r"(?:让|叫|劝|逼|催|帮|替|给|"  # "医生让我…": who makes 我 do it, no object
                           r"现在|最近|今年|去年|明年|今天|昨天|明天|月|周|后来|然后|所以|但是|不过|"
                           r"因为|而且|如今|目前|平时|每天|周末|早上|晚上|以前|之前|当时|那时|本来|原来|反正|总之|另外|还有|对了|说实话|"
                           r"老实说|哈哈|嗯|好吧|其实|可是|只是|时候|以后|之后|一直|真的|说|觉得|知道|告诉|问|"
                           r"阵子?|段时间|期间|过年|春节|年底|年初|"  # "过年那阵又喝上了": a time, no object
                           r"是)$"  # "西柚汁是我最喜欢的": a copula, not an object put first
                           # another person and what they said or felt of 我 ("他说受不了我…", "她嫌我…"): who
                           # speaks, no object put first
                           r"|(?<!其)[他她]|说|觉得|嫌|受不了"
                           # a reason or purpose said first ("为了省钱我不喝了", "由于胃不好我…"): why, no object
                           r"|^(?:为了|因为|由于|为)")
# a Chinese clause's polarity words: a topicalised clause is read only when it says a like, a dislike or an end
_ZH_STANCE = re.compile(r"爱|喜欢|讨厌|受不了|不|没|戒|停|又|重新|恢复")
# single-character activity verbs a Chinese object is said with ("练" + "瑜伽", "打" + "羽毛球")
_ZH_VERBS = "练打玩弹跑游踢喝吃抽看学做去骑滑爬拉唱跳画下"
#: An activity said by its verb alone ("不跑了", "游不动了"): the activity it names.
ZH_VERB_ACTIVITY = {"跑": "跑步", "游": "游泳", "骑": "骑车", "滑": "滑雪", "爬": "爬山", "钓": "钓鱼", "练": "健身"}
_EN_STOP = frozenset({
    "the", "a", "an", "my", "our", "your", "it", "them", "that", "this", "some", "any", "all", "at", "to",
    "of", "in", "on", "for", "with", "and", "or", "but", "so", "i", "me", "we", "you", "he", "she", "they",
    "his", "her", "their", "its", "now", "really", "just", "even", "much", "more", "since", "again", "days",
    "anymore", "these", "those", "ever"})
_EN_CUT = re.compile(r"[,;.!?]|\b(?:because|since|as|so|but|and\s+(?:i|now)|now|anymore|any\s+more)\b",
                     re.IGNORECASE)
#: Attributes whose items one object names: a like, a hobby, a routine, a pet (by its name: "豆豆上个月走了").
_PREFIXES = ("pref:", "fact:hobby:", "fact:routine:", "fact:pet:")
#: Keys of the items a change said in other words may end, read by prefix when a turn holds one.
STATEMENT_PREFIXES = ("gist:", *_PREFIXES)
# English words that only carry the object ("play guitar", "eat meat"), and where the object ends
_EN_LIGHT = frozenset({"play", "eat", "drink", "watch", "listen", "read", "practic", "train", "work", "start",
                       "keep", "touch", "bother", "anymor", "longer", "realli", "stop", "quit", "gave", "give"})
_EN_AFTER = re.compile(r"\b(?:with|at|on|in|for|after|before|every|each|most|since|because|when|while|"
                       r"this|last|these|those|any\s*more|anymore)\b"
                       r"|[,;]\s*(?:only|just|but|still|now|so)\b", re.IGNORECASE)  # "…, only Netflix now": what stays
_ZH_TIME = re.compile(r"周末|每天|每周|每晚|每早|平时|早上|晚上|下午|上午|中午|今年|去年|这个月|上个月|这周|上周|"
                      r"三个月|几个月|半年|一年|两年|以来|时候|工作|太忙|以后|之后")
#: At most this many keys per clause (one read of the store).
MAX_KEYS = 160


def cessation_scope(clause: str, lang: str) -> str:
    """The words a cessation form of ``clause`` governs ("" when the clause ends nothing).

    "I don't run anymore" -> "run"; "I used to play guitar, …" -> "play guitar";
    "瑜伽就没再练过" -> the clause (a Chinese object is often said first).
    """
    scope = _scope(clause, lang, _ZH_CEASE, _EN_SCOPE, _EN_CUT)
    return "alcohol" if lang == "en" and _EN_BARE_DRINKING.fullmatch(scope) else scope


def bare_drinking(scope: str, lang: str) -> bool:
    """True for an English scope that is "drinking" with no object ("drinking", "drinking again" said as
    "started drinking again"): alcohol, as the Chinese stop 戒酒 / 不喝酒 says it."""
    return lang == "en" and _EN_BARE_DRINKING.fullmatch(scope) is not None


# "drinking" with no object is alcohol ("I've stopped drinking completely", "I don't drink anymore")
# ("I quit drinking two weeks ago", "stopped drinking last year": when it stopped names no drink either)
_EN_BARE_DRINKING = re.compile(r"(?i:drink(?:ing)?|boozing)(?:\s+(?i:completely|entirely|altogether|totally|"
                               r"for\s+good|at\s+all|for\s+now|cold\s+turkey))?"
                               r"(?:\s+(?i:(?:a|an|one|two|three|four|five|six|several|a\s+few|\d+)\s+(?:days?|weeks?|"
                               r"months?|years?)\s+ago|(?:last|this|since|in|over|after|back)\s+\w+|yesterday|today|"
                               r"recently))?")


def _scope(clause: str, lang: str, zh: re.Pattern[str], en: tuple[re.Pattern[str], ...], cut: re.Pattern[str]) -> str:
    """The Chinese clause from its last circumstance before the form ``zh`` finds (``_ZH_CIRCUMSTANCE``), else the
    first English ``x`` group cut at ``cut``."""
    if lang == "zh":
        m = zh.search(clause)
        if m is None:
            return ""
        before = [b.end() for b in _ZH_CIRCUMSTANCE.finditer(clause) if b.end() < m.end()]
        return clause[before[-1]:] if before else clause
    for pattern in en:
        m = pattern.search(clause)
        if m is not None:
            said = m.group("x") if m.group("x") is not None else m.groupdict().get("x2") or ""  # one of two forms
            scope = cut.split(said, maxsplit=1)[0].strip()
            if scope:
                return scope
    return ""


# what a Chinese stop is said after, which it does not end: who told the speaker to stop ("医生让我先不要跑步了",
# "老婆不让我抽烟了") and when or why it began ("搬家以后我不跑步了", "自从怀孕，咖啡我戒了"); the object of the
# stop follows it ("瑜伽就没再练过", with nothing before it, keeps the whole clause)
_ZH_CIRCUMSTANCE = re.compile(r"(?:医生|大夫|老婆|老公|妈|爸|家里|[他她]们?|朋友|教练)?(?:不让|让|叫|要|劝|逼)我|"
                              r"(?:以后|之后|后来|自从[\u4e00-\u9fff]{1,8}?(?=[，,]|以来|起)|因为[\u4e00-\u9fff]{1,8}?所以)")


# a thing taken up again after it was given up: "back on cigarettes", "running again", "started doing yoga again"
_EN_RESUMED = (
    re.compile(r"\b(?:(?:i'm|i\s+am|im|i)\s+)?back\s+(?:on|to|into|at)\s+(?P<x>.+)", re.IGNORECASE),
    re.compile(r"\b(?:started|began|resumed|picked\s+up|took\s+up|got\s+back\s+(?:into|to))\s+(?P<x>.+?)"
               r"\s+(?:again|once\s+more)\b", re.IGNORECASE),
    re.compile(r"\b(?:i'm|i\s+am|im|i|i've|i\s+have)\s+(?:\w+\s+){0,2}?(?P<x>\w+ing(?:\s+\w+){0,2}?)\s+again\b",
               re.IGNORECASE),
    re.compile(r"\bi\s+(?:\w+\s+){0,1}?(?P<x>(?:play|drink|eat|smoke|do|run|swim|ride|watch)\b(?:\s+\w+){0,2}?)"
               r"\s+again\b", re.IGNORECASE),
    # a subscription or membership taken out again ("I resubscribed to Netflix", "renewed my gym membership")
    re.compile(r"\b(?:re-?subscribed|re-?joined|renewed|re-?activated|re-?upped)\s+(?:to\s+|for\s+)?"
               r"(?:(?:my|our|the)\s+)?(?P<x>.+)", re.IGNORECASE),
    re.compile(r"\b(?:subscribed\s+to|signed\s+(?:back\s+)?up\s+(?:for|to|with))\s+(?P<x>.+?)\s+again\b",
               re.IGNORECASE),
)
_ZH_RESUMED = re.compile(r"又开始|重新开始|又重新|又[\u4e00-\u9fff]{1,3}上了|恢复了|恢复[喝吃抽练打玩弹跑游骑]|"
                         r"破戒|续订|重新订阅|重新开通|"
                         r"又(?:开|订|续|充)了")
_EN_RESUMED_CUT = re.compile(r"[,;.!?]|\b(?:because|since|as|so|but|and|lol|now|after|with|this|last)\b",
                             re.IGNORECASE)


def resumption_scope(clause: str, lang: str) -> str:
    """The words a clause that takes a thing up again governs ("" when it resumes nothing).

    "back on cigarettes, stress lol" -> "cigarettes"; "started doing yoga again" -> "doing yoga";
    "又开始弹吉他了" -> the clause (issue 13 §2: "started … again" supersedes the negation).
    """
    scope = _scope(clause, lang, _ZH_RESUMED, _EN_RESUMED, _EN_RESUMED_CUT)
    if lang == "zh" and scope and _ZH_BARE_DRINKING.search(clause):
        return f"{clause}（酒）"  # "又喝上了" with no drink named is alcohol, as "drinking again" is
    return scope


# 喝 with no object after a resumption ("又喝上了", "又开始喝了", "恢复喝了"): alcohol, as bare "drinking" is in English
_ZH_BARE_DRINKING = re.compile(r"(?:又|重新|恢复|再次)(?:开始)?喝(?:上|起来)?了")


# a service said first, then its end ("爱奇艺退订了", "抖音卸载了"), no time word before it and no 把 in it
# ("终于把网飞退订了" is "我终于把网飞退订了"); "猫送人了" is read as "我猫送人了", as the pet's cues read it
#: What ends a thing said before it, its subject left out: how long or how sure, then the end ("早就不抽了",
#: "最近也不喝了", "戒掉了", "没再碰过了"). Shared with ``clauses._ZH_CEASE``.
ZH_ENDED_AFTER_THING = (r"(?:也|都|已经|早就|早|最近|现在|目前|基本上?|彻底|完全|真的|就|再也|从此|一直)*"
                        r"(?:(?<!破)戒(?:掉)?了|不再?(?:喝|吃|抽|碰|用|买)了|没再(?:喝|吃|抽|碰)(?:过)?了?)")
_ZH_THING_ENDED = re.compile(r"^(?!最近|现在|目前|如今|已经|早就|后来|然后|今年|去年|上个?月|这个?月|终于|总算|刚刚?|"
                             r"也|都|就|又|还|早|真的|彻底|完全|基本|再也|一直|从此|不)"
                             r"(?![一二两三几半每][根杯个支口次块顿瓶罐])(?P<t>[^\s，,。！!？?我把他她它你了没不破又再还就也都算会所]{1,8}?)"
                             r"(?=(?:也|都|已经|早就)?(?:退订|取消|卸载|注销)了|"
                             # a thing given up, said first ("酒戒了", "烟早就不抽了", "奶茶最近也不喝了")
                             + ZH_ENDED_AFTER_THING + ")")


def with_speaker(clause: str, carried: str = "") -> str:
    """A Chinese clause that dropped its subject, with the speaker put back: after the thing it ends when it
    says that thing first ("爱奇艺退订了" -> "爱奇艺我退订了", read as ``topicalised`` reads it), else before it
    ("上个月搬到成都了" -> "我上个月搬到成都了"); ``carried`` is the relative the sentence spoke of ("我" + "姐姐")."""
    ended = None if carried else _ZH_THING_ENDED.match(clause)
    if ended is not None:
        return f"{ended.group('t')}我{clause[ended.end('t'):]}"
    return f"我{carried}{clause}"


def topicalised(clause: str) -> str:
    """The object a Chinese clause puts before its subject ("香菜我现在挺爱吃的" -> "香菜"), else ""."""
    m = _ZH_TOPIC.match(clause)
    if m is None or _ZH_NOT_TOPIC.search(m.group("t")) or not _ZH_STANCE.search(clause[m.end():]):
        return ""
    return m.group("t")


@functools.lru_cache(maxsize=1)
def _families() -> dict[str, tuple[str, ...]]:
    """{English word or Chinese member: the other members of its synonym group}."""
    out: dict[str, tuple[str, ...]] = {}
    for group in synonym_groups():
        for member in group:
            out[member.casefold()] = tuple(m.casefold() for m in group if m != member)
    return out


def _en_forms(word: str) -> set[str]:
    """A word's inflections: run -> runs, running, runner; swimming -> swim; lifting -> lift."""
    forms = {word}
    if word.endswith("ing") and len(word) > 5:
        stem = word[:-3]
        forms.update({stem, stem + "e"})
        if len(stem) > 2 and stem[-1] == stem[-2]:
            forms.add(stem[:-1])
    elif word.endswith("s") and len(word) > 3:
        forms.add(word[:-1])
    else:
        forms.update({word + "ing", word + "s"})
        if word.endswith("e"):
            forms.add(word[:-1] + "ing")
        if re.search(r"[^aeiou][aeiou][bdgmnprt]$", word):
            forms.add(word + word[-1] + "ing")
    return forms


# a run of Latin words inside a Chinese scope ("badminton 不打了", "Spanish 不学了"): an English name of the thing
_LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z'-]*(?:[ \t]+[A-Za-z][A-Za-z'-]*)*")


def _en_objects(scope: str) -> set[str]:
    words = [w for w in re.findall(r"[a-z][a-z'-]*", scope.casefold()) if w not in _EN_STOP]
    objects: set[str] = set()
    for i, word in enumerate(words[:6]):
        for form in _en_forms(word):
            objects.add(form)
            objects.update(f for m in _families().get(form, ()) for f in (m, *_en_forms(m)) if m.isascii())
        if i + 1 < len(words):
            objects.add(f"{word} {words[i + 1]}")
            objects.update(f"{form} {words[i + 1]}" for form in _en_forms(word))
    return objects


def _zh_objects(scope: str) -> set[str]:
    runs = [r for r in HAN_RUN.findall(_ZH_NOISE.sub(" ", scope)) if r]
    pieces: set[str] = set()
    for run in runs:
        for n in range(1, min(4, len(run)) + 1):
            pieces.update(run[i:i + n] for i in range(len(run) - n + 1))
    verbs = [v for v in _ZH_VERBS if v in scope]
    objects = {p for p in pieces if len(p) > 1} | {ZH_VERB_ACTIVITY[r] for r in runs if r in ZH_VERB_ACTIVITY}
    for noun in [p for p in pieces if p not in _ZH_VERBS]:
        objects.update(v + noun for v in verbs if v != noun)
        objects.update(f"去{v}{noun}" for v in verbs if v != noun)
    objects.update(m for p in list(objects) for m in _families().get(p, ()))
    for member in _han_members():  # a word the noise words cut ("吉他" holds the pronoun 他)
        if member in scope:
            objects.update((member, *_families()[member]))
    return objects


@functools.lru_cache(maxsize=1)
def _han_members() -> tuple[str, ...]:
    """The Chinese members of the shipped synonym groups (two characters or more)."""
    return tuple(m for m in _families() if len(m) > 1 and HAN_RUN.fullmatch(m))


def ended_keys(scope: str, lang: str, qualifier: str) -> tuple[str, ...]:
    """Keys an item about ``scope``'s thing may be stored under (likes, hobbies, routines, own-words statements).

    Args:
        scope: the words a cessation form governs, or a topicalised object.
        lang: "en" or "zh".
        qualifier: the speaker qualifier of the turn's keys ("@grant" or "").

    Returns:
        At most ``MAX_KEYS`` keys, each ending in ``qualifier``.
    """
    lex = lexicon()
    objects = _zh_objects(scope) if lang == "zh" else _en_objects(scope)
    if lang == "en":  # a thing named in Chinese inside the English ("no more 奶茶 for me", "gave up 日语")
        objects.update(run for run in HAN_RUN.findall(scope) if lex.exact(run, lang))
    elif latin := " ".join(_LATIN_RUN.findall(scope)):  # … and in English inside the Chinese ("badminton 不打了")
        objects.update(o for o in _en_objects(latin) if lex.exact(o, "en") or o in _families())
    if lex.exact(scope.strip(), lang):  # a topicalised thing of one character: "酒又喝上了"
        objects.add(scope.strip())
    keys: list[str] = []
    for obj in sorted(objects, key=lambda o: (-len(o), o)):
        oid = lex.exact(obj, lang)
        for name in dict.fromkeys((oid, obj) if oid else (obj,)):
            keys.extend(p + name for p in _PREFIXES)
    if lang == "zh":  # own-words statements are keyed by a term of theirs: a word, a bigram or a known object
        keys.extend(f"gist:{t}" for t in tokenize(scope) if len(t) > 1)
        keys.extend(topic(scope, lang).probes())
    else:
        keys.extend(f"gist:{t}" for o in objects if " " not in o for t in tokenize(o) if len(t) > 1)
    known = [oid for oid in dict.fromkeys(lex.exact(o, lang) for o in objects) if oid]
    keys.extend(f"gist:obj:{oid}" for oid in known)
    # giving up a thing gives up its kinds ("stopped drinking" ends "drinks a lot of beer"; 戒咖啡 ends 拿铁)
    keys.extend(f"pref:{lex.exact(kind, lang) or kind}" for oid in known for kind in lex.kinds.get(oid, ()))
    return tuple(k + qualifier for k in list(dict.fromkeys(keys))[:MAX_KEYS])


def category_keys(keys: Iterable[str], qualifier: str) -> tuple[str, ...]:
    """The like keys of the things whose kinds the like keys in ``keys`` name ("pref:beer" -> "pref:alcohol",
    "pref:beef" -> "pref:meat"): taking a kind up again ends the negation of its whole category ("I don't drink
    alcohol" … "started having the odd beer again"), never the other way round (giving up beer leaves wine)."""
    lex = lexicon()
    named = {k.removeprefix("pref:").removesuffix(qualifier) for k in keys if k.startswith("pref:")}
    return tuple(f"pref:{oid}{qualifier}" for oid, kinds in lex.kinds.items()
                 if oid not in named and named.intersection(kinds))


@functools.lru_cache(maxsize=4096)
def scope_terms(scope: str, lang: str) -> frozenset[str]:
    """The topic terms naming what ``scope`` speaks of (``gist.topic`` terms, without light verbs, time words
    and numbers): "run" -> {"run"}; "eat meat" -> {"meat", "obj:meat"}; "钓鱼我不再去了" -> {"钓鱼"}."""
    if lang == "zh":
        bare = _ZH_TIME.sub(" ", _ZH_NOISE.sub(" ", scope))
        found = topic(bare, lang)
        pairs = {o for o in _zh_objects(bare) if len(o) == 2}  # a verb split from its object: 游 … 泳 -> 游泳
        # a known thing said with the cessation's own verb ("戒烟了": the noise words take 戒 away from 烟)
        known = {t for t in topic(scope, lang).strong if t.startswith("obj:")}
        if (oid := lexicon().exact(scope.strip(), lang)) is not None:
            known.add(f"obj:{oid}")
        return frozenset(t for t in (found.terms - found.numbers) | pairs | known if len(t) > 1)
    found = topic(_EN_AFTER.split(scope, maxsplit=1)[0], lang)
    return frozenset(found.terms - found.numbers - _EN_LIGHT)  # "done with work" names no thing of its own


def keys_about(terms: frozenset[str], rows: Iterable[tuple[str, str, str]], qualifier: str,
               speaker: str = "") -> list[str]:
    """Keys of the rows ``(id, key, description)`` of the speaker's own items whose topic shares a term with ``terms``.

    A row of another person (``fact:sister/...``) or of another speaker (a key
    ending in another ``@qualifier``) is left out. A term ``=word`` (``switch.WHOLE``) is shared when the
    row's text holds that whole word ("=car insurance", "=Verizon": ``switch.holds``). A term ``1=word``
    (``switch.ONE_HELD``) is shared the same way, and only when a single row holds one of those words (one
    provider of the kind held: "switched to T-Mobile" ends "User is with Verizon", never one of two banks).
    """
    if not terms:
        return []
    from memory_core.pipeline.switch import ONE_HELD, WHOLE, holds
    from memory_core.pipeline.symptom_over import PAINED, pained
    parts = [t for t in terms if t.startswith(PAINED)]  # "膝盖好了": the statements of the knee's symptom
    whole = [t[len(WHOLE):] for t in terms if t.startswith(WHOLE)]
    one = [t[len(ONE_HELD):] for t in terms if t.startswith(ONE_HELD)]
    out: list[str] = []
    held: list[str] = []
    for _, key, description in rows:
        if not own_key(key, qualifier) or "/" in key:
            continue
        lang = lang_of(description)
        if terms & topic(description, lang, speaker).terms or any(holds(description, w) for w in whole) \
                or any(pained(description, t) for t in parts):
            out.append(key)
        elif any(holds(description, w) for w in one):
            held.append(key)
    return list(dict.fromkeys(out + held if len(held) == 1 else out))


def item_polarity(item: MemoryItem) -> int:
    """-1 for an item that negates or states an end ("doesn't eat meat", "quit smoking", "戒烟了"), else +1."""
    from memory_core.pipeline.own_words import CHANGE, polarity_of
    from memory_core.pipeline.switch import switch_in
    lang = lang_of(item.description)
    if polarity_of(item.description) > 0 and CHANGE.search(item.description) \
            and (switch_in(item.description, lang) is not None
                 or (lang == "en" and switch_in(_EN_SUBJECT.sub("I ", item.description, count=1), lang) is not None)):
        return 1  # "User (also) switched to T-Mobile": what holds now, which the next switch or its end ends
    return -1 if polarity_of(item.description) < 0 or CHANGE.search(item.description) \
        or _DISLIKE.search(item.description) else 1


# the subject an English item opens on ("User", a speaker's name), read as the first person a switch is said in
_EN_SUBJECT = re.compile(r"^[A-Z][\w.-]*\s+")
# a dislike said without a negation word ("User hates running", "用户讨厌香菜"): the other polarity of a like
_DISLIKE = re.compile(r"(?i:\b(?:hates?|hated|dislikes?|detests?|loathes?|is\s+not\s+a\s+fan\s+of)\b)|讨厌|受不了|反感")


def _said_at(item: MemoryItem) -> datetime:
    return item.valid_from or item.created_at


def end_opposite(turn: Turn, keys: Iterable[str], polarity: int, existing: Mapping[str, list[MemoryItem]],
                 touched: set[str], actor: str, reason: str, by_id: str | None = None,
                 said: str = "") -> list[EndOp]:
    """End the user's active items under ``keys`` whose polarity differs from ``polarity`` (-1: an end).

    Only items said before the turn and not already used by it; each ended
    item joins ``touched``. Events are never ended here. An end whose text ``said`` gives another amount
    than the item holds ("I used to take 50 mcg" beside "takes Euthyrox 75 mcg", ``changed_number``) is
    the history of another value and ends nothing.
    """
    ended: dict[str, MemoryItem] = {}
    for key in keys:
        for item in existing.get(key, ()):
            if item.active and item.user_id == turn.user_id and item.kind != Kind.EVENT and item.id not in touched \
                    and item.id != by_id and item_polarity(item) != (-1 if polarity < 0 else 1) \
                    and _said_at(item) <= turn.timestamp \
                    and not (said and polarity < 0 and changed_number(said, item.description)):
                ended.setdefault(item.id, item)
    touched.update(ended)
    return [EndOp(i.id, Status.SUPERSEDED, reason, actor, turn.turn_id, by_id=by_id, valid_until=turn.timestamp,
                  at=turn.timestamp) for i in ended.values()]
