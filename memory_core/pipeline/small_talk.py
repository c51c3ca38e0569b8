"""Small talk: whole turns of pleasantries that carry nothing to remember, in English and Chinese.

The write path stores such a turn as nothing of its own (an assistant's "I'll remember that" /
"我会记住的" included): ``is_small_talk``, sentence by sentence. An assistant's turn that only echoes
what the user said, warmly ("好的！Mochi is a cute name."), states nothing new either: ``new_words``
are the words of a turn beyond its pleasantries, evaluative and function words, and
``says_nothing_new`` is true when the user's statements hold every one of them.
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped
from memory_core.text.synonyms import synonym_groups
from memory_core.text.tokenize import tokenize

__all__ = ["is_small_talk", "new_words", "says_nothing_new"]

#: What a host says of a plan, a trip or a start, in praise ("Sounds like a great trip!", "What a lovely plan!",
#: "听起来很棒的旅行！", "好棒的计划呀"): a word of praise, with or without the thing praised, nothing more.
_PRAISED = (r"(?:great|fun|lovely|wonderful|amazing|awesome|exciting|nice|perfect|fantastic|relaxing|delightful|"
            r"beautiful|cool|brilliant|incredible|good)")
_PLAN = (r"(?:trip|plan|plans|idea|weekend|time|day|holiday|vacation|journey|adventure|evening|night|start|"
         r"getaway|experience|outing)")
_ZH_PRAISED = r"(?:(?:很|真|太|好|超|挺|非常|特别)?(?:棒|不错|好玩|有趣|有意思|美好|精彩|完美|浪漫|惬意|充实|赞))"
_ZH_PLAN = r"(?:(?:一)?[个次趟]?(?:旅行|旅程|计划|安排|周末|假期|主意|想法|一天|开始|体验|行程))"
_HOST_TALK = (
    # praise of a plan: "That sounds like so much fun!", "Sounds like an exciting start.", "Great plan!"
    rf"(?:(?:that|it|this)(?:'s|\s+is)?\s+)?sounds?\s+(?:like\s+)?(?:an?\s+|so\s+much\s+)?"
    rf"(?:(?:so|really|very|truly|such\s+an?)\s+)?{_PRAISED}(?:\s+{_PLAN})?|"
    rf"(?:what|(?:that|it)(?:'s|\s+is))\s+(?:an?\s+)?(?:(?:so|really|very|truly)\s+)?{_PRAISED}\s+{_PLAN}|"
    rf"{_PRAISED}\s+{_PLAN}|what\s+fun|"
    rf"(?:(?:这|那)个?{_ZH_PLAN}?)?(?:听起来|看起来|感觉)(?:就|真是)?{_ZH_PRAISED}(?:的{_ZH_PLAN})?[呢啊呀哦哇啦吧]?|"
    rf"(?:真是|这是|多么|好)?{_ZH_PRAISED}的{_ZH_PLAN}[呢啊呀哦哇啦吧]?|(?:真是|这是|是)?(?:一)?个?[好妙](?:主意|想法|点子)[呢啊呀哦哇啦吧]?|"
    # a welcome to a place, a group or back: "Welcome to Hangzhou!", "Welcome back!", "欢迎来到杭州！"
    r"welcome\s+(?:back|home|aboard|to\s+(?:the\s+)?[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,2})|"
    r"欢迎(?:你|您)?(?:回来|回家|(?:来到|回到|加入|来)[\u4e00-\u9fffA-Za-z]{1,8})(?:了|啦)?|"
    # an offer of help, asked: "How can I help today?", "Anything else I can help you with?", "有什么可以帮你的吗？"
    # … with what it is for ("How can I help with Loomly today?", "What can I help you with on your resume?")
    r"(?:so\s+|now\s+)?(?:how|what)\s+(?:else\s+)?(?:can|may)\s+i\s+(?:help(?:\s+you)?(?:\s+(?:with|on)(?:\s+[\w'&.+-]+){0,4})?|"
    r"do\s+for\s+you|assist(?:\s+you)?(?:\s+with(?:\s+[\w'&.+-]+){1,4})?)(?:\s+(?:today|now|then))?\s*[?？]|"
    r"anything\s+else\s*[?？]|(?:is\s+there\s+)?anything\s+(?:else\s+)?(?:i\s+can\s+(?:help(?:\s+you)?\s+with|do\s+for\s+you)|"
    r"you\s+need(?:\s+help\s+with)?)(?:\s+today)?\s*[?？]|"
    r"(?:请问)?(?:还|今天)?有什么(?:需要)?(?:我)?(?:可以|能|能够)?(?:帮(?:到|助)?(?:你|您)|为(?:你|您)(?:效劳|做)|帮忙|效劳)"
    r"(?:的)?(?:地方)?(?:吗|呢|么)?[?？]|"
    r"(?:还)?需要我(?:帮(?:你|您)?|为(?:你|您))?(?:做)?(?:什么|点什么|些什么)(?:忙)?(?:吗|呢)?[?？]|"
    r"我(?:今天)?(?:能|可以)(?:怎么|如何|为(?:你|您)做(?:些|点)?什么|帮(?:你|您)做(?:些|点)?什么)(?:帮(?:你|您))?(?:呢|吗)?[?？]")

_SMALL_TALK = re.compile(
    r"^(?:(?:" + _HOST_TALK + r"|"
    r"sure|ok(?:ay)?|great|nice|cool|awesome|wow|thanks?|thank\s+you|you're\s+welcome|no\s+problem|"
    r"of\s+course|absolutely|got\s+it|sounds\s+good|glad\s+to\s+hear(?:\s+that)?|happy\s+to\s+help|"
    r"that's\s+(?:great|nice|wonderful|awesome|good)|how\s+(?:nice|lovely|exciting)|i\s+see|"
    r"good\s+(?:morning|night|evening)|hi|hello|hey|bye|see\s+you(?:\s+(?:soon|later|tomorrow|then|there))?|"
    r"anytime|my\s+pleasure|welcome|appreciate\s+(?:it|that)|cheers|nice\s+one|good\s+idea|alright|all\s+right|"
    r"(?:(?:it's\s+)?(?:so\s+)?(?:nice|good|great|pleased|lovely|glad)\s+to\s+(?:meet|see|hear\s+from)\s+you(?:\s+too)?)|"
    r"很高兴认识(?:你|您)|认识(?:你|您)很高兴|幸会|欢迎|"
    # an acknowledgement that something will be remembered carries nothing of its own
    r"(?:i'll|i\s+will)\s+(?:remember|keep\s+(?:that|it|this)\s+in\s+mind|make\s+a\s+note\s+of)"
    r"(?:\s+(?:that|it|this|(?:what|everything|anything)\s+you\s+(?:share|tell\s+me|say)))?|"
    # an encouragement to go slowly ("Take it one box at a time.", "Take it easy!", "One step at a time.")
    r"take\s+it\s+(?:easy|slow|(?:one|a)\s+\w+\s+at\s+a\s+time)|one\s+(?:step|day|thing)\s+at\s+a\s+time|"
    r"noted|will\s+do|understood|(?:我)?(?:会)?记住(?:了|的|啦)?|(?:我)?(?:已)?记下(?:了|来了)?|知道了|"
    r"(?:(?:i\s+)?hope\s+you\s+)?have\s+a\s+(?:\w+\s+)?(?:day|weekend|evening|night|time|trip)|enjoy(?:\s+(?:your|the)\s+\w+)?|oh|aw+|take\s+care|"
    r"祝(?:你|您)?[^，。！!,.？?]{0,14}|早上好|晚上好|晚安|加油|(?:[\u4e00-\u9fff]{1,10})?辛苦(?:你|您)?(?:了|啦)|"
    r"好的|好|嗯|哈哈|没问题|不客气|谢谢(?:你|您|啦)?|收到|明白了?|了解|太好了|真棒|好呀|好啊|你好|您好|再见|当然|可以|"
    # encouragement and an offer of more help ("你一定可以的！", "有需要随时找我", "You've got this!")
    r"(?:你|您)(?:一定|肯定)(?:可以|行|能行|没问题)的?|相信你|"
    r"(?:有(?:什么)?(?:需要|问题)(?:的话)?)?(?:随时|尽管)(?:找我|问我|叫我)|"
    # care, sympathy, congratulations and praise of a habit ("注意保暖哦！", "抱歉听到这个消息，抱抱你。",
    # "Congrats on the new job!", "好的，很健康的习惯！", "So sorry to hear that. Sending hugs.")
    r"(?:要|记得)?(?:注意(?:保暖|休息|身体|安全)|多喝(?:点)?热?水|照顾好自己|早点(?:休息|睡)|保重(?:身体)?)[哦呀啊喔哈呢]?|"
    r"(?:stay|keep)\s+warm|take\s+(?:good\s+)?care\s+of\s+(?:yourself|yourselves|each\s+other|them|her|him|"
    r"(?:the|your)\s+(?:baby|little\s+one|kids?|family))|get\s+some\s+rest|rest\s+well|"
    # a wish of care for the user and theirs ("好好照顾小芳和朵朵。", "好好休息", "多陪陪家人")
    r"(?:要|记得)?(?:好好|多)(?:照顾|休息|养身体|养病|陪陪?)[^，。！!,.？?]{0,10}|"
    r"(?:很|非常|真)?(?:抱歉|遗憾|难过)(?:听到|得知)(?:这个)?消息|听到这个消息(?:我)?(?:很|非常|真)?(?:难过|遗憾)|"
    r"抱抱(?:你|您)?|节哀(?:顺变)?|"
    # advice that goes with sympathy ("给自己一点时间，照顾好情绪。", "Give yourself some time.")
    r"(?:多)?给自己(?:一点|一些|点)?时间|照顾好(?:自己|情绪|身体)(?:的情绪)?|(?:好好)?休息一下|慢慢来|"
    r"give\s+yourself\s+(?:some\s+|a\s+little\s+)?time|be\s+kind\s+to\s+yourself|"
    # joy for the user ("So happy for you both!", "I'm so happy for you!", "太为你们开心了！", "真替你高兴")
    r"(?:i'm\s+|i\s+am\s+|we're\s+|we\s+are\s+)?(?:so\s+|really\s+|very\s+|truly\s+|just\s+)*(?:happy|glad|thrilled|"
    r"proud|excited|delighted)\s+for\s+(?:you|the\s+two\s+of\s+you|you\s+(?:both|two|all|guys))|"
    r"(?:我|我们)?(?:真|太|好|很|非常|特别|真心|由衷地?|超)*(?:为|替)(?:你|您|你们|您们)(?:感到)?(?:真|太|好|很|非常|特别)?"
    r"(?:开心|高兴|骄傲|自豪|激动)(?:了|啊|呀|呢|哦)?|"
    # an intensified congratulation ("Huge congratulations Priya!", "Big congrats!")
    r"(?:huge|big|many|hearty|heartfelt|warm(?:est)?|massive)\s+congrat(?:ulation)?s(?:\s+(?:on|to)\s+[\w'-]+(?:\s+[\w'-]+){0,4})?|"
    r"(?:i'm\s+|i\s+am\s+)?(?:so\s+|very\s+|really\s+|truly\s+)?sorry(?:\s+to\s+hear\s+(?:that|about\s+(?:that|this))"
    r"|\s+for\s+your\s+loss)?|(?:sending\s+)?(?:(?:big\s+)?hugs|love)|my\s+(?:deepest\s+)?condolences|"
    r"congrat(?:ulation)?s(?:\s+(?:on|to)\s+(?:the\s+|your\s+|you\s+(?:both|two)\s*)?[\w'-]+(?:\s+[\w'-]+){0,4})?|"
    # what a congratulation says of the thing done ("That's a huge milestone.", "What an achievement!")
    r"(?:that's|that\s+is|what)\s+(?:such\s+)?an?\s+(?:(?:huge|big|great|major|real|amazing|incredible|impressive|"
    r"wonderful)\s+)?(?:milestone|achievement|accomplishment|step|deal|win|news)|well\s+(?:done|deserved)|"
    # a congratulation or a wish in Chinese, with whom and what for ("恭喜王叔叔当爷爷了！", "祝宝宝健康成长！")
    r"恭喜[^，。！!,.？?]{0,14}|祝贺[^，。！!,.？?]{0,14}|"
    r"(?:很|真|非常|挺)?(?:健康|好|棒)的(?:习惯|生活方式)[哦呀啊呢]?|"
    r"(?:that's\s+|what\s+)?(?:a\s+)?(?:very\s+|really\s+)?(?:healthy|good|great)\s+habit|"
    r"good\s+luck|you(?:'ve|\s+have)?\s+got\s+this|you\s+can\s+do\s+(?:it|this)|i\s+believe\s+in\s+you|"
    r"feel\s+free\s+to\s+(?:ask|reach\s+out)(?:\s+any\s*time)?|let\s+me\s+know\s+if\s+you\s+need\s+anything(?:\s+else)?)"
    r"[\s,.!~，。！、…～\U0001F300-\U0001FAFF\u2600-\u27BF\ufe0f\u200d]*)+$", re.IGNORECASE)


def is_small_talk(text: str) -> bool:
    """True for pleasantries that carry nothing to remember ("Sure, glad to hear that!", "好的，没问题").

    Only turns whose every sentence is such phrases count ("Nice to meet you, Bo! Happy to help
    anytime."); anything with content ("Sure, your meeting is at 3") is not small talk.
    """
    stripped = text.strip()
    worded = [s for s in _SENTENCE_END.split(stripped) if any(ch.isalnum() for ch in s)]
    # an emoji or a mark standing as a sentence of its own ("Welcome to Hangzhou! 🎉") goes with its pleasantries
    return not stripped or (bool(worded) and all(_pleasantry(s) for s in worded))


def _pleasantry(sentence: str) -> bool:
    stripped = sentence.strip()
    if _SMALL_TALK.match(stripped) is not None:
        return True
    named = _addressed().match(stripped)  # "Nice to meet you, Tom!": the pleasantry without the name
    if named is not None and _SMALL_TALK.match(named.group(1)) is not None:
        return True
    # "Aisha, congrats!", "何佳你好！", "王叔叔您好！", "张老师好！": the name or title before the pleasantry
    opened = _addressed_first().match(stripped)
    return opened is not None and _SMALL_TALK.match(opened.group(1) or opened.group(2)) is not None


def new_words(text: str, addressed: bool = True) -> list[str]:
    """The tokens (``tokenize``: stemmed, stopwords dropped) of ``text`` beyond pleasantries and praise.

    Sentences that are pleasantries whole give none; in the others, pleasantry phrases, evaluative
    words ("cute", "lovely", "好听", "可爱"), words about the talk itself ("name", "idea", "名字"), an
    acknowledgement ("Noted", "Got it", "收到") with what the assistant says it will do of it ("recommend",
    "以后", "提醒") and emoji are left out. "好的，没问题！Mochi is a cute name." gives ``["mochi"]``;
    "收到，以后不给你推荐咖啡啦" gives ``["咖啡"]``. ``addressed=False``: a pleasantry's last Han words are never
    read as a name it is addressed to ("好的，不吃花生" gives ``["不吃", "花生"]``).
    """
    out: list[str] = []
    for sentence in _SENTENCE_END.split(text.strip()):
        if not sentence.strip() or (_pleasantry(sentence) if addressed
                                    else _SMALL_TALK.match(sentence.strip()) is not None):
            continue
        out.extend(w for w in tokenize(_PLEASANTRY_PART.sub(" ", sentence))
                   if w not in _evaluative() and _DEGREE.sub("", w) not in _evaluative()
                   and any(ch.isalnum() for ch in w))  # an emoji ("🥦") is no word of its own
    return out


def says_nothing_new(words: list[str], known: str) -> bool:
    """True when every one of ``words`` (``new_words`` of a turn) is among the tokens of ``known``.

    ``known``: what the user already said (their statements' descriptions, their name); a member of a
    shipped synonym group said there stands for the whole group in both languages, so "Got it,
    vegetarian" echoes "用户吃素". A turn with no new words at all says nothing new whatever ``known`` holds.
    """
    if not words:
        return True
    said = set(tokenize(known))
    for group in synonym_groups():  # "Got it, vegetarian" echoes "用户吃素": a shared group's members are said
        forms = [set(tokenize(member)) for member in group]
        if any(form and form <= said for form in forms):
            said.update(*forms)
    return all(w in said for w in words)


@functools.cache
def _titles() -> tuple[str, str]:
    """The forms of address of ``data/forms_of_address.yaml`` as two regex alternations: (English titles
    written before a name, Chinese titles written after a name or alone)."""
    data = load_shipped("data", "forms_of_address.yaml")
    en = "|".join(re.escape(t) for t in sorted(data.get("en") or [], key=len, reverse=True))
    zh = "|".join(re.escape(t) for t in sorted(data.get("zh") or [], key=len, reverse=True))
    return en, zh


def _addressee() -> str:
    """A regex for whom a pleasantry is addressed to: a name of one or two capitalised words, with or
    without a title before it ("Tom", "Dr. Lee", "Mr Chen Wei")."""
    en, _ = _titles()
    return rf"(?:(?:{en})\.?\s+)?[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?"


@functools.cache
def _addressed() -> re.Pattern[str]:
    """A pleasantry addressed to someone at its end ("Nice to meet you, Tom!", "Hi Tom!", "Congrats, Dr. Lee!",
    "好的，小林！"): an English addressee (``_addressee``), or 2-4 Han characters after a comma."""
    return re.compile(rf"^(.*?\S)(?:[,，]?\s+{_addressee()}"
                      r"|[,，]\s*(?:[A-Z][a-z]+|[\u4e00-\u9fff]{2,4}))[\s.!~。！…]*$")


@functools.cache
def _addressed_first() -> re.Pattern[str]:
    """A pleasantry opened by whom it is addressed to ("Aisha, congrats!", "何佳你好！", "王叔叔您好！", "张老师好！",
    "李老师，辛苦了"): an English addressee and a comma (group 1 is the pleasantry), or a title
    (``data/forms_of_address.yaml``) with or without a Han name before it, then a greeting (你好, 您好, 好) or a
    comma, or a bare Han name of 2-3 characters before 你好 / 您好 (group 2 is the pleasantry)."""
    _, zh = _titles()
    titled = rf"(?:[\u4e00-\u9fff]{{1,3}}(?:{zh})|(?:{zh}))(?:[,，]\s*(?=.)|(?=(?:你|您)?好))"
    named = r"[\u4e00-\u9fff]{2,3}(?=(?:你|您)好)"  # a bare name only before a greeting: "戒烟了，谢谢" is no address
    return re.compile(rf"^(?:{_addressee()}\s*[,，]\s*(.+)|(?:{titled}|{named})(.+))$")


#: Where a sentence ends (the end mark stays with its sentence); never after a title before a name ("Dr. Lee").
_SENTENCE_END = re.compile(r"(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bMrs\.)(?<!\bProf\.)(?<=[.!?。！？~…])\s*")

#: A pleasantry inside a sentence that says more ("Sure, …", "好的，…", "happy to help").
_PLEASANTRY_PART = re.compile(
    r"\b(?:sure|of\s+course|absolutely|wow|aw+|oh|congrat(?:ulation)?s|happy\s+to\s+help|glad\s+to\s+hear(?:\s+that)?|"
    r"thanks?(?:\s+for\s+sharing)?|thank\s+you(?:\s+for\s+sharing)?|sounds?|what\s+an?|how|such\s+an?|"
    # an acknowledgement opening an echo ("Noted, no peanuts!", "Got it, vegetarian", "收到，不推荐咖啡")
    r"noted|got\s+it|gotcha|ok(?:ay)?|alright|understood|will\s+do|copy\s+that|i\s+see)\b"
    r"|好的|好嘞|没问题|当然|哇|恭喜|谢谢(?:分享)?|听起来|真是|真的|收到|明白了?|了解了?|知道了|记下(?:了|来了)?|"
    r"记住(?:了|啦)?|真|好", re.IGNORECASE)

#: A degree word run into the praise it grades ("很漂亮", "太可爱", "好看" stays whole).
_DEGREE = re.compile(r"^(?:很|太|真|挺|超|蛮|非常|特别|好)(?=.)")

#: Praise and words about the talk itself: an echo made of them and the user's own words says nothing new.
#: Tokenized on first use (``_evaluative``), not at import: its Chinese words load jieba's dictionary (~0.8 s
#: of CPU), which every CLI command paid before it began, even one that never reads Chinese text.
_EVALUATIVE_TEXT = (
    "cute nice lovely beautiful great wonderful sweet cool amazing awesome fun interesting exciting adorable "
    "perfect good fantastic pretty lucky brilliant gorgeous delightful charming name names choice idea news "
    "really indeed quite truly definitely totally sound sounds like love lovely "
    "可爱 好听 不错 漂亮 好看 厉害 有趣 有意思 棒 真棒 美 名字 选择 主意 消息 羡慕 温馨 幸福 开心 高兴"
    # what the assistant says it will do with what the user said ("no more coffee for you then", "以后不给你推荐")
    " recommend recommendation suggest suggestion avoid remind mention more anymore then now "
    "推荐 建议 提醒 避开 避免 以后 今后 下次 再")


@functools.cache
def _evaluative() -> frozenset[str]:
    """The tokens of ``_EVALUATIVE_TEXT``."""
    return frozenset(tokenize(_EVALUATIVE_TEXT))
