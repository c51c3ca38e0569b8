"""First-person fact and preference rules, in English and Chinese.

Each ``Rule`` is a precompiled pattern with an object group ``o`` (and
optionally ``v`` the verb, ``n`` a negation, ``a`` an animal, ``c`` a
category) plus how to render the memory. ``match_clause`` runs the rules of
one language over one clause, first match wins, and returns a ``RuleHit``;
the extractor turns hits into candidates.

Keys are built from a normalised object so that restatements and reversals
land on the same slot: "I like spicy food" and "I don't like spicy food
anymore" both give ``pref:spicy food``; "我喜欢吃辣" and "我其实不喜欢吃辣了"
both give ``pref:辣`` (leading 吃/喝/听/看/玩, adverbs such as 其实 and final
particles such as 了 are normalised away).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memory_core.model import Kind
from memory_core.pipeline.whole_cut import closed, cut_whole

__all__ = ["EN_DONT_OFFER", "EN_RULES", "ZH_RULES", "Rule", "RuleHit", "clean_object", "match_clause", "norm_object"]


@dataclass(frozen=True, slots=True)
class Rule:
    """One extraction rule.

    Attributes:
        slot: "pref", "rule", or a fact slot ("lives_in", "allergy", ...).
        kind: ``Kind`` of the candidate.
        patterns: compiled regexes, tried in order.
        template: description with ``{s}`` subject, ``{o}`` object, ``{a}``/``{c}``
            extra groups; preference templates are chosen by verb instead.
        polarity: +1 / -1 for preferences, 0 otherwise.
        single_valued: the slot holds one value (a new value supersedes).
        theme: fixed theme slug, or "" to let the classifier choose.
        confidence: 0..1.
        user_only_rule: True for standing instructions ("from now on …").
        needles: lower-case substrings of which a clause must hold one before
            the patterns are tried (a cheap pre-filter); empty means always try.
    """

    slot: str
    kind: str
    patterns: tuple[re.Pattern[str], ...]
    template: str = ""
    polarity: int = 0
    single_valued: bool = False
    theme: str = ""
    confidence: float = 0.8
    user_only_rule: bool = False
    needles: tuple[str, ...] = ()

    @property
    def keyed_by_value(self) -> bool:
        """True when the object is part of the key (preferences and multi-valued facts)."""
        return not self.single_valued


@dataclass(slots=True)
class RuleHit:
    """A rule that matched a clause: the rule, the cleaned object and the extra groups."""

    rule: Rule
    obj: str
    verb: str = ""
    reversal: bool = False
    extra: dict[str, str] | None = None


def _c(*patterns: str) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(p, re.IGNORECASE) for p in patterns)


# ── English ───────────────────────────────────────────────────────────
#: What follows "call me" that is no name: a time, a day, a way of calling ("call me Monday", "call me ASAP").
_EN_NOT_A_NAME = (r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|today|later|back|"
                  r"anytime|asap|maybe|sometime|crazy|old-fashioned)\b")
_I = r"\bi\s+"
_IM = r"\b(?:i'm|i\s+am|im)\s+"
_IHAVE = r"\bi(?:'ve|\s+have)?\s+"
#: A date by its month name, either way round ("June 14th", "14 June", "the 14th of June").
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*"
_EN_DATE = (r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTH
            + r"|" + _MONTH + r"\.?\s+\d{1,2}(?:st|nd|rd|th)?\b")
_ADV = (r"(?:(?:really|actually|also|still|just|totally|absolutely|truly|definitely|honestly|now|more|much\s+more|"
        r"currently|do|kind\s+of|kinda|so|genuinely|personally|even|always|mostly)\s+)*")

#: A request that the assistant stop offering something ("don't suggest steakhouses to me", "stop recommending
#: sushi"): a standing instruction, not a habit of the user's (before, "Don't suggest X" became "User doesn't
#: suggest X").
EN_DONT_OFFER = (r"(?:don't|do\s+not|never|stop)\s+(?:ever\s+)?(?:again\s+)?"
                  r"(?:(?:suggest|recommend|offer|propose|book|order|mention)(?:ing)?|(?:send|show|giv|remind)(?:e|s|ing)?"
                  r"\s+me|bring(?:ing)?\s+up)\b.+")

EN_RULES: tuple[Rule, ...] = (
    Rule("rule", Kind.PROCEDURE, _c(
        r"^\s*(?:ok(?:ay)?[,\s]+)?(?:please\s+)?(?P<o>(?:from\s+now\s+on|going\s+forward|from\s+here\s+on|"
        r"in\s+(?:the\s+)?future)\b.+|(?:always|never)\s+(?:answer|reply|respond|call|use|write|speak|"
        r"talk|remember|remind|tell|address)\b.+|" + EN_DONT_OFFER + r")$"),
        "{s} asked: {o}", theme="rules", confidence=0.9, user_only_rule=True,
        needles=("from now", "going forward", "from here", "future", "always", "never", "don't", "do not",
                 "stop")),
    Rule("name", Kind.FACT, _c(r"\bmy\s+name\s+is\s+(?P<o>.+)", _IM + r"called\s+(?P<o>.+)"),
         "{s}'s name is {o}", single_valued=True, theme="identity", confidence=0.9,
         needles=("name", "called")),
    # the name one asks to be called by ("call me Tommy", "I go by Liz"): a name said as such, never a time or a
    # channel ("call me at 5", "call me tomorrow" are contact requests)
    Rule("called", Kind.FACT, _c(
        r"^(?:(?:please|just|you\s+can|feel\s+free\s+to|everyone|people|friends|most\s+people)\s+)*(?:call|calls)\s+"
        r"me\s+(?!" + _EN_NOT_A_NAME + r")(?P<o>(?-i:[A-Z])[\w'-]+)(?![\w'-])",
        r"\bi\s+(?:usually\s+|mostly\s+|just\s+)?go\s+by\s+(?!" + _EN_NOT_A_NAME
        + r")(?P<o>(?-i:[A-Z])[\w'-]+)(?![\w'-])"),
         "{s}'s preferred name is {o}", single_valued=True, theme="identity", confidence=0.9,
         needles=("call me", "calls me", "go by")),
    Rule("birthday", Kind.FACT, _c(r"\bmy\s+birthday\s+is\s+(?:on\s+)?(?P<o>.+)"),
         "{s}'s birthday is {o}", single_valued=True, theme="identity", confidence=0.9,
         needles=("birthday",)),
    # a couple's anniversary, said as such or after its date ("June 14, that's our anniversary")
    Rule("anniversary", Kind.FACT, _c(
        r"\b(?:our|my)\s+(?:wedding\s+)?anniversary(?:\s+is|\s+falls|'s)\s+(?:on\s+)?(?P<o>.+)",
        r"^(?:.*?\b(?:about|on|for|until|till)\s+)?(?P<o>(?:" + _EN_DATE + r")[^,;]{0,24}?)\s*[,;-]*\s*"
        r"(?:that's|that\s+is|which\s+is|is)\s+(?:our|my)\s+(?:wedding\s+)?anniversary\b"),
         "{s}'s wedding anniversary is {o}", single_valued=True, theme="identity", confidence=0.9,
         needles=("anniversary",)),
    Rule("from", Kind.FACT, _c(
        _IM + r"(?:originally\s+)?from\s+(?P<o>.+)", _I + _ADV + r"(?:come|came)\s+from\s+(?P<o>.+)",
        _I + r"grew\s+up\s+in\s+(?P<o>.+)", r"\bmy\s+(?:hometown|home\s+town)\s+is\s+(?P<o>.+)"),
        "{s} is from {o}", single_valued=True, theme="identity",
        needles=("from", "grew up", "hometown", "home town")),
    Rule("pref", Kind.PREFERENCE, _c(
        _IM + r"(?:a\s+)?(?:huge\s+|big\s+|great\s+)?(?P<v>fan)\s+of\s+(?P<o>.+)",
        _IM + _ADV + r"(?P<v>into)\s+(?P<o>.+)"), polarity=1,
        needles=("fan", "into")),
    Rule("pref", Kind.PREFERENCE, _c(
        r"\bmy\s+(?:all-time\s+)?(?P<v>favou?rite)\s+(?P<c>[a-z][a-z ]{0,30}?)\s+(?:is|are)\s+(?P<o>.+)",
        # said with no subject, short or new: "fav show is Severance now", "my new favourite band is Wet Leg",
        # "current fave snack = mango sticky rice"
        r"^(?:(?:and|but|also|oh|well|so|ok|okay)\s+)?(?:my\s+)?(?:(?:new|current|latest|all-time|absolute)\s+)?"
        r"(?P<v>favou?rite|fave?)\s+(?P<c>[a-z][a-z ]{0,30}?)\s+(?:(?:is|are)\s+(?:now\s+)?|has\s+become\s+|=\s*)"
        r"(?P<o>.+)",
        # the thing first: "Grapefruit juice is my favourite breakfast drink"
        r"^(?:(?:and|but|also|oh|well)\s+)?(?P<o>[a-z][\w' -]{1,40}?)\s+(?:is|are)\s+"
        r"(?:(?:still|definitely|hands\s+down|easily|by\s+far|probably|always)\s+)*"
        r"my\s+(?:all-time\s+|absolute\s+)?(?P<v>favou?rite)\s+(?P<c>[a-z][a-z ]{0,30}?)"
        r"(?:\s+(?:ever|of\s+all\s+time|these\s+days))?\s*[.!]*$"),
        polarity=1,
        needles=("favo", "fav")),
    Rule("pref", Kind.PREFERENCE, _c(
        _I + _ADV + r"(?P<n>don't|do\s+not|dont|no\s+longer)\s+" + _ADV
        # "at all", "any more" name no thing ("I don't drink at all anymore": drinking itself)
        + r"(?P<v>like|love|enjoy|drink|eat)\s+(?!(?:at\s+all|any\s*more)\b)(?P<o>.+)",
        _I + _ADV + r"(?P<v>hate|dislike|detest|can't\s+stand|cannot\s+stand)\s+(?P<o>.+)"), polarity=-1,
        needles=("like", "love", "enjoy", "drink", "eat", "hate", "dislike", "detest", "stand")),
    Rule("pref", Kind.PREFERENCE, _c(_I + _ADV + r"(?P<v>like|love|enjoy|prefer|adore)\s+(?P<o>.+)",
                                     # a like one came round to ("I've come to love jazz", "fell in love with Bach")
                                     r"\b(?:i|we)(?:'ve|\s+have)?\s+" + _ADV + r"(?:come|grown|started|begun|learned|"
                                     r"learnt|gotten|got)\s+to\s+(?P<v>like|love|enjoy|adore)\s+(?P<o>.+)",
                                     r"\b(?:i|we)(?:'ve|\s+have)?\s+" + _ADV + r"(?:fallen|fell)\s+in\s+(?P<v>love)\s+"
                                     r"with\s+(?P<o>.+)"),
         polarity=1,
         needles=("like", "love", "enjoy", "prefer", "adore")),
    Rule("is", Kind.FACT, _c(
        _IM + r"(?P<o>an?\s+(?!(?:bit|little|lot|few|while)\b)(?!.*\bfans?\b)"
        r"(?!(?:\w+\s+)?(?:mix|part|kind|sort|type|piece|member|fan)\s+of\b).+)"),
         "{s} is {o}", confidence=0.6,
         needles=("m a",)),
)

_EN_PREF = {
    "like": "{s} likes {o}", "love": "{s} loves {o}", "enjoy": "{s} enjoys {o}", "prefer": "{s} prefers {o}",
    "adore": "{s} adores {o}", "fan": "{s} is a fan of {o}", "into": "{s} is into {o}",
    "favourite": "{s}'s favourite {c} is {o}", "favorite": "{s}'s favourite {c} is {o}",
    "-": "{s} doesn't like {o}", "-reversal": "{s} no longer likes {o}", "hate": "{s} hates {o}",
    "dislike": "{s} dislikes {o}", "detest": "{s} detests {o}", "stand": "{s} can't stand {o}",
    "-drink": "{s} doesn't drink {o}", "-drink-reversal": "{s} no longer drinks {o}",
    "-eat": "{s} doesn't eat {o}", "-eat-reversal": "{s} no longer eats {o}",
}

# ── Chinese ───────────────────────────────────────────────────────────
_W = r"我(?!们)"
_Z = (r"(?:其实|真的|真|现在|已经|也|还是|还|就|一直|特别|很|非常|最|超级|超|挺|比较|太|蛮|本来|确实|"
      r"更|都|倒是|一般|平时|目前|如今|去年|今年|上个月|这个月|上周|最近|刚刚|刚|前几天|从小|先|暂时)*")

ZH_RULES: tuple[Rule, ...] = (
    Rule("rule", Kind.PROCEDURE, _c(
        r"^(?:请|麻烦)?(?P<o>(?:以后|今后|从现在开始|从现在起|从今以后|往后).*?(?:都|请|你|一律|总是|永远|不要|别|记得|"
        r"回答|回复|称呼|叫我).*)$",
        # "别再给我推荐牛排馆了", "所以不要给我订早班机": a request that the assistant stop offering something
        r"^(?:所以|那|那就|那你)?(?:请|麻烦)?(?:你)?(?P<o>(?:别|不要|甭)(?:再|老是|总是|总)?(?:给我|跟我|向我|帮我|为我)"
        r"(?:推荐|介绍|安排|订|预订|提|发|推送|提醒|点).*)$"),
        "{s}要求：{o}", theme="rules", confidence=0.9, user_only_rule=True,
        needles=("以后", "今后", "从现在", "从今以后", "往后", "别", "不要", "甭")),
    Rule("name", Kind.FACT, _c(_W + r"的?名字(?:是|叫)(?P<o>.+)", _W + r"叫(?!了|过|外卖|车|醒)(?P<o>.+)"),
         "{s}叫{o}", single_valued=True, theme="identity", confidence=0.9,
         needles=("名字", "叫")),
    # "叫我Tommy就行", "大家都叫我小王": the name one asks to be called by (a name: Latin, 小/老/阿 + a character,
    # or a title), never "叫我起床"
    Rule("called", Kind.FACT, _c(
        r"^(?:你|您|大家|别人|朋友们?|同事们?)?(?:可以|都|就|请)*叫" + _W + r"(?P<o>(?-i:[A-Z])[A-Za-z'-]+|(?:小|老|阿)"
        r"[\u4e00-\u9fff]{1,2}?|[\u4e00-\u9fff]{1,2}(?:哥|姐|总|老师))(?:就(?:行|好|可以)|吧|好了)?[了啦吧~～。！!\s]*$"),
         "{s}希望被称呼为{o}", single_valued=True, theme="identity", confidence=0.9,
         needles=("叫我",)),
    Rule("birthday", Kind.FACT, _c(_W + r"的?生日(?:是|在)(?P<o>.+)"),
         "{s}的生日是{o}", single_valued=True, theme="identity", confidence=0.9,
         needles=("生日",)),
    Rule("anniversary", Kind.FACT, _c(r"(?:我们|我俩|我和[^，,。\s]{1,6}?)的?(?:结婚)?纪念日(?:是|在)(?P<o>.+)"),
         "{s}的结婚纪念日是{o}", single_valued=True, theme="identity", confidence=0.9,
         needles=("纪念日",)),
    # a hometown reads as one ("老家是成都的" -> 老家在成都), in the slot of where one is from
    Rule("from", Kind.FACT, _c(_W + r"的?(?:老家|家乡)(?:是|在)(?P<o>[^，,。\s]{2,12}?)(?:的|人)?[。！!~\s]*$",
                               _W + r"的?(?:老家|家乡)(?:是|在)(?P<o>.+)",
                               _W + r"的?(?:老家|家乡)(?P<o>[^，,。\s是在]{2,12}?)(?:的|人)?[。！!~\s]*$"),
         "{s}老家在{o}", single_valued=True, theme="identity",
         needles=("老家", "家乡")),
    Rule("from", Kind.FACT, _c(_W + _Z + r"来自(?P<o>.+)",
                               _W + _Z + r"是从(?P<o>.+?)(?<![接回领买捡抱搬运带拿借租调转寄送过])来的"),
         "{s}来自{o}", single_valued=True, theme="identity",
         needles=("来自", "是从")),
    Rule("pref", Kind.PREFERENCE, _c(_W + r"最(?P<v>喜欢)的(?P<c>.{1,10}?)(?<![还就也都])是(?P<o>.+)",
                                     # said with no subject or as a change: "现在最爱的剧是《漫长的季节》",
                                     # "最喜欢的歌手换成林俊杰了", "我目前最爱的零食变成了芒果干"
                                     r"^(?:现在|目前|如今|最近|这阵子|这两年|今年)?(?:" + _W + r"的?)?" + _Z
                                     + r"(?:新的?)?最(?P<v>喜欢|爱)的(?P<c>[^，,。\s是]{1,10}?)(?<![还就也都])"
                                     r"(?:现在|目前|如今|已经|又|也)*(?:是|换成了?|变成了?|改成了?|成了)(?!谁|什么|哪|啥)(?P<o>.+)",
                                     # the thing first: "西柚汁是我最喜欢的早餐饮料"
                                     r"^(?P<o>[^，,。\s我]{1,12}?)(?:就|才|一直)?是" + _W + r"最(?P<v>喜欢)的"
                                     r"(?P<c>[^，,。\s]{1,10}?)(?:了|啦)?[。！!~～]*$"), polarity=1,
    needles=("最喜欢的", "最爱的")),
    Rule("pref", Kind.PREFERENCE, _c(
        _W + _Z + r"(?P<n>不再|再也不|已经不|不|没那么|没有那么)" + _Z + r"(?P<v>喜欢|爱)(?P<o>.+)",
        _W + _Z + r"(?P<n>不再|再也不|已经不|不)" + _Z + r"(?P<v>喝|吃)(?P<o>.+)",
        _W + _Z + r"(?P<v>讨厌|厌恶|受不了|反感)(?P<o>.+)"), polarity=-1,
        needles=("喜欢", "爱", "喝", "吃", "讨厌", "厌恶", "受不了", "反感")),
    Rule("pref", Kind.PREFERENCE, _c(
        # a like one came round to: "我反而爱上爵士乐了", "慢慢喜欢上了香菜"
        _W + _Z + r"(?:反而|倒是|居然|竟然|渐渐|慢慢(?:地)?)?" + _Z
        + r"(?P<v>喜欢上了|喜欢上|爱上了|爱上|喜欢|喜爱|热爱|钟爱|偏爱|爱)(?P<o>.+)"),
         polarity=1,
         needles=("喜欢", "爱")),
    Rule("is", Kind.FACT, _c(
        _W + _Z + r"(?<![还就总可但要不])是"
        r"(?!说|不是|在|因为|觉得|想|要|指|问|不|为了|从|跟|和|被|怎么|什么|谁|真|挺|很|有点)"
        r"(?:一个|个)?(?P<o>.+)"),
        "{s}是{o}", confidence=0.6,
        needles=("是",)),
)

_ZH_PREF = {
    "喜欢": "{s}喜欢{o}", "爱": "{s}爱{o}", "喜爱": "{s}喜爱{o}", "热爱": "{s}热爱{o}", "钟爱": "{s}钟爱{o}",
    "偏爱": "{s}偏爱{o}", "喜欢上": "{s}喜欢上了{o}", "喜欢上了": "{s}喜欢上了{o}",
    "爱上": "{s}爱上了{o}", "爱上了": "{s}爱上了{o}",
    "favourite": "{s}最喜欢的{c}是{o}", "-": "{s}不喜欢{o}", "-reversal": "{s}不再喜欢{o}",
    "讨厌": "{s}讨厌{o}", "厌恶": "{s}厌恶{o}", "受不了": "{s}受不了{o}", "反感": "{s}反感{o}",
    "-喝": "{s}不喝{o}", "-喝-reversal": "{s}不再喝{o}", "-吃": "{s}不吃{o}", "-吃-reversal": "{s}不再吃{o}",
}

# ── objects ───────────────────────────────────────────────────────────
# a comma that opens the rest of a list ("Netflix, Hulu and Disney+", "climbing, chess, and baking") cuts nothing:
# members of one or two words (none a pronoun, a joining word or an example's opener: "snacks, especially chips
# and pretzels" is the snacks and its examples), the last after "and"/"or"/"&", at the clause's end
_EN_NOT_MEMBER = (r"(?!(?:i|i'm|my|we|our|us|me|you|your|it|it's|they|their|he|she|his|her|so|but|the|this|that|and|"
                  r"or|which|who|because|since|though|then|now|just|also|even|plus|love|hate|lol|haha|thanks|especially|"
                  r"including|like|mostly|mainly|such|particularly|usually|except|not)\b)")
_EN_MEMBER = _EN_NOT_MEMBER + r"[\w+'.&-]+(?:\s+" + _EN_NOT_MEMBER + r"[\w+'.&-]+)?"
_EN_LIST_REST = (r"(?=(?:\s*" + _EN_MEMBER + r"\s*,)*\s*" + _EN_MEMBER + r"\s*,?\s+(?:and|or|&)\s+" + _EN_MEMBER
                 + r"(?:\s+[\w'-]+){0,2}\s*[.!]*\s*$)")
# a colon between digits is a time or a ratio ("wake up at 6:30", "3:1"), never where an aside starts
_EN_CUT = re.compile(r"\s*(?:,(?!" + _EN_LIST_REST + r")|;|(?<!\d):|:(?!\d)|\(|\s[-–—]+\s|[-–—]+\s"
                     r"|\bbecause\b|\bsince\b|\bbut\b"
                     r"|\bwhich\b|\bwho\b"
                     # a consequence joined by "so" ("allergic to shellfish so no shrimp at home")
                     # … or an aside to the assistant ("allergic to penicillin so if you ever suggest meds …")
                     r"|\bso\s+(?:no|i|i'm|we|we're|he|she|they|it|it's|that|there|the|my|our|now|if|you|you're|"
                     r"please|pls|don't|do|make|keep|remember|just|let|always|never)\b"
                     # "while" is a conjunction, not the noun of "for a while", "a little while", "worth my while"
                     r"|\bafter\b|\bbefore\b|\buntil\b|(?<!\ba\s)(?<!\blittle\s)(?<!\bgood\s)(?<!\bshort\s)"
                     r"(?<!\bwhole\s)(?<!\bmy\s)(?<!\byour\s)\bwhile\b"
                     r"|\bwhen\b|\bif\b|\bthat\s+(?:is|was)\b"
                     r"|\band\s+(?:our|their|his|her|its|it|it's|we|they|he|she|the|this|that|so|you|you're|please)\b)",
                     re.IGNORECASE)
EN_CUT = _EN_CUT  # where an English statement's aside starts (also for statements kept in the user's words)
#: where a statement's consequence, contrast or aside to the assistant starts ("allergic to penicillin so if you
#: ever suggest meds …", "… and you should know that", "我对花生过敏所以别推荐花生酱", "…但是很爱吃"): a clause kept as
#: said ends there (``own_words.keep_clause``); a comma or a dash ends none ("we use, like, Asana and Slack")
EN_CLAUSE_END = re.compile(r"\s+(?:because|but|so\s+(?:if|you|you're|please|pls|don't|do|make|keep|remember|just|let|"
                           r"always|never)|and\s+(?:you|you're|please))\b", re.IGNORECASE)
ZH_CLAUSE_END = re.compile(r"因为|但是|但(?!凡)|不过(?!敏)|所以|可是")
_EN_TAIL = re.compile(r"(?:\s+(?:any\s*more|now|too|as\s+well|a\s+lot|so\s+much|very\s+much|really|lately|"
                      r"these\s+days|actually|though|either|at\s+all|ha(?:ha)+|he(?:he)+|lol+|lmf?ao+|rofl|xd|btw|tbh|fyi|imo|imho|"
                      r"ngl|fwiw|idk|af|honestly|i\s+guess|you\s+know|and\s+stuff|or\s+so|anyway|much|yesterday|today|"
                      r"recently|(?:last|this|next)\s+\w+|(?:\w+\s+){1,2}ago|for\s+(?:\w+\s+)?(?:years?|months?|"
                      r"weeks?|days?|a\s+while)))+$", re.IGNORECASE)
_EN_ANYMORE = re.compile(r"\b(?:any\s*more|no\s+more)\b", re.IGNORECASE)
_EN_PRONOUN = re.compile(r"^(?:it|that|this|them|you|him|her|those|these|what|how|where|why|me|us|"
                         r"everything|nothing|anything|something)\b", re.IGNORECASE)
_EN_ARTICLE = re.compile(r"^(?:the|a|an|some|any)\s+", re.IGNORECASE)
_EN_LEAD_ADVERB = re.compile(r"^(?:(?:also|too|really|just|so|still|even|actually|totally)\s+)+", re.IGNORECASE)
_EN_NOT_AN_OBJECT = re.compile(  # "something I love is awesome": the rule matched a relative clause
    r"^(?:is|are|was|were|am|be|been|makes?|made|has|have|had|will|would|can|could|should|does|did|"
    r"exists?|means?|gets?|got|helps?)\b|\byou(?:r|rs|rself)?\b", re.IGNORECASE)
_EN_PERSON = {"my": "their", "mine": "theirs", "myself": "themselves", "me": "them", "i": "they",
              "i'm": "they're", "i've": "they've", "i'd": "they'd", "i'll": "they'll"}
_EN_PERSON_RE = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, _EN_PERSON), key=len, reverse=True))
                           + r")(?![\w'])", re.IGNORECASE)
_ZH_CUT = re.compile(r"因为|但是|但|不过(?!敏)|所以|可是|而且|[，,；;：:（(]"
                     # an English aside opened by a discourse word ("我不吃香菜 honestly it tastes like soap")
                     r"|\s+(?=(?i:honestly|tbh|ngl|lol|btw|because|cuz|coz|but|though|which|since)\b)")
_ZH_TAIL = re.compile(r"[了啦呢吧啊呀哦嘛哈嘿呗哇嘻喇咯嘞～~…\s]+$")  # 喇, 咯, 嘞: Cantonese and spoken endings
# how long it has held, said after the thing ("不喝酒都十年了", "不喝可乐好多年了", "不吃辣快一年了"): no part of it;
# the 都 of a place (成都, 京都, 首都, 魔都: "我搬到成都三个月了") is the place's, not the adverb
_ZH_DURATION = re.compile(r"(?<=.)(?:(?<![成京首古帝魔])都|已经|快|有|差不多|将近|整整|足足|也)*"
                          r"(?:[一二两三四五六七八九十百几半\d]+|好多|好几|很多)(?:个)?多?(?:年|个月|月|周|星期|礼拜|天)多?(?:了|啦)?\W*$")
_ZH_PRONOUN = re.compile(r"^(?:他|她|它|这个|那个|这样|那样|这|那)|[你您]")
_ZH_LEAD_VERB = re.compile(r"^(?:吃|喝|听|看|玩)(?=.)")
_EDGE = re.compile(r"^[\W_]+|[\W_]+$")
_NON_WORD = re.compile(r"[\W_]+")


def _trim(text: str) -> str:
    """``text`` without punctuation at its edges, the closing marks of a title, quote or bracket it opens kept
    ("周杰伦的《晴天》。" -> "周杰伦的《晴天》")."""
    return closed(_EDGE.sub("", text), text)
MAX_OBJECT_CHARS = 80


def norm_object(obj: str, lang: str) -> str:
    """Return the canonical form of an object for keys ("Spicy food!" -> "spicy food", "吃辣的" -> "辣")."""
    text = obj.casefold()
    if lang == "zh":
        text = _NON_WORD.sub("", text)
        text = _ZH_LEAD_VERB.sub("", text)
        return text[:-1] if len(text) > 1 and text.endswith("的") else text
    text = _EN_ARTICLE.sub("", text.strip())
    return " ".join(_NON_WORD.sub(" ", text).split())


#: Longest object kept whole (characters); a longer one ran on past its clause in unpunctuated text.
MAX_VALUE_CHARS = {"zh": 30, "en": 120}
# where an unpunctuated run-on goes on to a new clause: after 了 / before a time, discourse or subject word
_ZH_RUN_ON = re.compile(r"(?<=.)(?:了(?=.)|(?=现在|今天|昨天|明天|然后|后来|顺便|对了|另外|而且|我们|我|自己|他|她))")
_EN_RUN_ON = re.compile(r"\s(?=(?:and|then|so|today|yesterday|now|i|we|he|she|they)\s)", re.IGNORECASE)


def _bounded(text: str, lang: str) -> str:
    """``text`` cut at its first clause boundary when it is longer than ``MAX_VALUE_CHARS`` (else at that length):
    "厦门了现在住在鼓浪屿附近今天天气不错…" (thousands of characters with no punctuation) -> "厦门"."""
    limit = MAX_VALUE_CHARS["zh" if lang == "zh" else "en"]
    if len(text) <= limit:
        return text
    cut = (_ZH_RUN_ON if lang == "zh" else _EN_RUN_ON).search(text)
    end = cut.start() if cut is not None and cut.start() <= limit else limit
    return cut_whole(text, end)  # never mid-word nor inside 《》 / “” / ()


def clean_object(raw: str, lang: str) -> tuple[str, bool]:
    """Return (object trimmed for a description, whether it carried a reversal marker); an object running on past
    its clause (no punctuation) is cut at the clause's end (``_bounded``)."""
    if lang == "zh":
        head = _ZH_CUT.split(raw, maxsplit=1)[0]
        text = _bounded(_trim(head), lang)  # "周杰伦的《晴天》": the title keeps its 》
        reversal = bool(re.search(r"了\W*$", text))
        text = _ZH_TAIL.sub("", _ZH_DURATION.sub("", text))
        text = re.sub(r"我(?!们)", "自己", text)  # "我们楼下那家面馆" stays ours: "自己们" is no word
    else:
        head = _EN_CUT.split(raw, maxsplit=1)[0]
        text = _bounded(_trim(head), lang)
        reversal = bool(_EN_ANYMORE.search(text))
        text = _EN_TAIL.sub("", " ".join(_EN_ANYMORE.sub(" ", text).split()))
        text = _EN_LEAD_ADVERB.sub("", text)
        text = _EN_PERSON_RE.sub(lambda m: _EN_PERSON[m.group(0).casefold()], text)
    return _trim(text), reversal


def _pref_template(hit: RuleHit, lang: str) -> str:
    table = _ZH_PREF if lang == "zh" else _EN_PREF
    verb = hit.verb.casefold()
    if hit.extra and "c" in hit.extra:
        return table["favourite"]
    if hit.rule.polarity < 0 and verb in ("like", "love", "enjoy", "喜欢", "爱"):
        return table["-reversal" if hit.reversal else "-"]
    if hit.rule.polarity < 0 and verb in ("drink", "eat", "喝", "吃"):
        return table[f"-{verb}-reversal" if hit.reversal else f"-{verb}"]
    if verb.endswith("stand"):
        return table["stand"]
    return table.get(verb, "{s} " + verb + " {o}" if lang == "en" else "{s}" + verb + "{o}")


def render(hit: RuleHit, subject: str, lang: str) -> tuple[str, str]:
    """Return (description, claim) for a hit: the claim is the description without its subject."""
    template = _pref_template(hit, lang) if hit.rule.slot == "pref" else hit.rule.template
    groups = {"o": hit.obj, **(hit.extra or {})}
    groups.setdefault("a", "")
    groups.setdefault("c", "")
    description = template.format(s=subject, **groups)
    claim = template.format(s="", **groups).strip()
    return description, claim


# when or how a habit stopped, said right after it ("two weeks ago", "last year", "completely")
_HABIT_WHEN = (r"(?:(?:a|an|one|two|three|four|five|six|several|a\s+few|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago|"
               r"(?:last|this|in|since|for|over|after|back)\s+\w+|yesterday|today|recently|completely|entirely|"
               r"altogether|totally|cold\s+turkey)\b")

# Other ways of saying a preference ended, rewritten to the form the rules know.
_EN_REWRITES = (
    # … unless when or how follows ("I quit drinking two weeks ago", "stopped drinking completely"): no thing is named
    (re.compile(r"\b(I|i)\s+(?:have\s+|'ve\s+)?(?:stopped|quit|gave\s+up)\s+(drink|eat)ing\b"
                r"(?!\s+" + _HABIT_WHEN + ")"),
     lambda m: f"{m.group(1)} no longer {m.group(2)}"),
    (re.compile(r"\b(I|i)\s+(?:have\s+|'ve\s+)?(?:stopped|quit)\s+(lik|lov|enjoy)(?:e|ing)\b"),
     lambda m: f"{m.group(1)} no longer {m.group(2)}{'' if m.group(2) == 'enjoy' else 'e'}"),
    (re.compile(r"\b(I|i)(?:'m|\s+am)\s+(?:just\s+|really\s+)?not\s+(?:into|a\s+fan\s+of)\s+(.+?)\s+"
                r"(?:anymore|any\s+more|these\s+days)\b", re.IGNORECASE),
     lambda m: f"{m.group(1)} no longer like {m.group(2)}"),
)


def match_clause(clause: str, lang: str, *, allow_rules: bool) -> RuleHit | None:
    """Return the first rule hit in ``clause`` for ``lang`` ("en" or "zh"), or None.

    Args:
        clause: one clause, apostrophes already straightened.
        lang: which rule table to use.
        allow_rules: whether standing-instruction rules may match (user turns only).
    """
    if lang == "en":
        for pattern, plain in _EN_REWRITES:
            clause = pattern.sub(plain, clause)
    lowered = clause.casefold()
    for rule in ZH_RULES if lang == "zh" else EN_RULES:
        if rule.user_only_rule and not allow_rules:
            continue
        if rule.needles and not any(n in lowered for n in rule.needles):
            continue
        for pattern in rule.patterns:
            m = pattern.search(clause)
            if m is None:
                continue
            groups = {k: v for k, v in m.groupdict().items() if v}
            obj, reversal = clean_object(groups.pop("o", ""), lang)
            if rule.slot == "rule":
                obj = _trim(m.group("o"))
            if not obj or len(obj) > MAX_OBJECT_CHARS:
                continue
            if rule.slot in ("pref", "is") and (
                _ZH_PRONOUN.search(obj) if lang == "zh"
                else _EN_PRONOUN.match(obj) or _EN_NOT_AN_OBJECT.search(obj)
            ):
                continue
            negation = groups.pop("n", "").casefold()
            reversal = reversal or negation in ("no longer", "不再", "再也不", "已经不")
            verb = " ".join(groups.pop("v", "").split())
            if verb == "爱" and _love_named(m.group("o")):
                continue  # "我爱奇艺会员不续了": a name that opens on 爱 (爱奇艺, 爱彼迎), no love said
            extra = {k: v.strip().casefold() if k in "ac" and lang == "en" else v for k, v in groups.items()}
            return RuleHit(rule, obj, verb, reversal, extra or None)
    return None


#: Names that open on 爱, beside the shipped providers' (``switch.provider_members``: 爱奇艺).
_LOVE_BRANDS = ("爱彼迎", "爱马仕", "爱回收", "爱尔眼科", "爱康")


def _love_named(after: str) -> bool:
    """True when 爱 and the words ``after`` it make a name that opens on 爱 ("奇艺会员" after 爱: 爱奇艺)."""
    from memory_core.pipeline.switch import provider_members

    said = "爱" + after
    return any(said.startswith(name) for name in (*_LOVE_BRANDS, *provider_members()) if name.startswith("爱"))
