"""A user's first-person clause said of the user in the third person ("I write with my left hand" ->
"Jonah writes with their left hand"; "我每天用Notion记笔记" -> "Iris每天用Notion记笔记").

``third_person`` is how own-words statements are stored (``memory_core.pipeline.gist``);
``third_verb`` gives an English verb's third-person form; ``EN_LEAD`` / ``ZH_LEAD`` are the
discourse openers ("As I said,", "对了，") dropped before a clause is read.
"""

from __future__ import annotations

import re

__all__ = ["EN_LEAD", "ZH_LEAD", "en_adverb", "third_person", "third_verb"]

# the user's own clause: an English one opening on I / I'm / my once discourse words are stripped
EN_LEAD = re.compile(
    r"^(?:(?:as\s+i\s+(?:said|mentioned)|like\s+i\s+said|just\s+so\s+you\s+(?:know|remember)|(?:just\s+)?remember|"
    r"fyi|btw|by\s+the\s+way|oh|well|also|and|but|so|yeah|yes|honestly|actually|anyway|again|for\s+the\s+record)"
    r"\b[\s,:;!.\-–—]*"
    # a headline word the statement is announced by ("Confession: I …", "Fun fact - I …", "TMI: my …")
    r"|(?:confession|fun\s+fact|random\s+fact|true\s+story|hot\s+take|unpopular\s+opinion|full\s+disclosure|"
    r"side\s+note|real\s+talk|plot\s+twist|psa|tmi|tbh|ngl|truth\s+be\s+told|(?:a\s+)?(?:little\s+)?secret)"
    r"\s*[:：\-–—]+\s*)+", re.IGNORECASE)
ZH_LEAD = re.compile(r"^(?:对了|说到[^，,]{0,8}|提醒一下|顺便说一下|话说|其实|另外|还有|再说一遍|再说一次|你记一下|"
                      r"记一下|记住|"
                      # a headline word the statement is announced by ("坦白：我…", "说实话，我…", "冷知识：我…")
                      r"坦白(?:说|讲)?|说实话|老实说|实话实说|冷知识|真心话|(?:说个|告诉你个|一个)?小?秘密|自曝)[，,：:\s]*")

# another person made the one a Chinese clause speaks of: a third-person pronoun, or 我 + a relation ("我兄弟阿强")
_ZH_OTHER = re.compile(r"[他她]|^.{0,6}?(?:我的?|用户的?)\s*(?:兄弟|哥们|朋友|同事|室友|邻居|闺蜜|发小|老板|领导|同学|"
                       r"妈妈?|爸爸?|老公|老婆|[姐妹哥弟]{1,2}|表[姐妹哥弟]|堂[姐妹哥弟]|儿子|女儿|男朋友|女朋友|对象)")

_EN_THIRD = {"am": "is", "'m": "is", "have": "has", "'ve": "has", "do": "does", "don't": "doesn't",
             "was": "was", "can": "can", "can't": "can't", "will": "will", "won't": "won't", "must": "must",
             "should": "should", "would": "would", "could": "could", "might": "might", "never": "never",
             "been": "has been",  # "(I've) been going to bed at 11" said without its "have"
             # contracted negatives: "I haven't had a drink" -> "hasn't", never "haven'ts"
             "haven't": "hasn't", "havent": "hasn't", "didn't": "didn't", "wasn't": "wasn't",
             "couldn't": "couldn't", "wouldn't": "wouldn't", "shouldn't": "shouldn't", "ain't": "isn't",
             "dont": "doesn't", "cant": "can't", "wont": "won't"}
_EN_ADVERB = re.compile(r"^(?:really|actually|also|still|just|now|currently|usually|normally|mostly|always|often|"
                        r"generally|basically|totally|definitely|honestly|even|only|absolutely|never|rarely|"
                        r"sometimes|seriously|literally|finally|recently|already|officially|eventually|suddenly|"
                        # hedges: how much it holds, never the verb ("I practically live at the gym")
                        r"pretty\s+much|practically|virtually|essentially|almost|nearly|more\s+or\s+less|kind\s+of|"
                        r"kinda|sort\s+of|sorta)\b\s*", re.IGNORECASE)
_EN_LY_WORD = re.compile(r"([a-z]+ly)\s+(?=\w)", re.IGNORECASE)  # an -ly word before the verb ("fully work")
_EN_PERSON = re.compile(r"\b(?:my|me|myself|mine|i'm|i've|i'd|i'll|i)\b(?![\w'])", re.IGNORECASE)

#: The user's words said of them by name, where no clause opens on them ("Lily and I" -> "Lily and Bo").
_EN_NAMED = {"my": "{s}'s", "me": "{s}", "myself": "{s}", "mine": "{s}'s", "i": "{s}", "i'm": "{s} is",
             "i've": "{s} has", "i'd": "{s} would", "i'll": "{s} will"}

#: Irregular past-tense forms: a past verb is the same for every person ("I gave up" -> "User gave up").
_EN_IRREGULAR_PAST = frozenset(re.findall(r"[a-z]+",
    "ate became began bought broke brought built came caught chose did drank drove fell felt forgot found fought "
    "gave got grew had heard held kept knew led left lent lost made meant met paid ran rang sang sat saw said sent "
    "slept sold spent spoke stood stole swam taught thought threw told took understood was went were woke won wore "
    "wrote quit"))


#: Verbs that end in -ly; any other word so ending is an adverb ("I fully work from home"), never a verb.
_EN_LY_VERBS = frozenset(("apply", "rely", "reply", "supply", "fly", "multiply", "comply", "imply", "ally", "bully",
                          "tally", "rally", "sully", "dally", "belly", "jelly"))


def en_adverb(word: str) -> bool:
    """True when ``word`` is an English -ly adverb ("fully", "mostly", "barely"), not a verb ("apply", "fly")."""
    low = word.casefold().strip(",")
    return len(low) > 4 and low.endswith("ly") and low not in _EN_LY_VERBS


def third_verb(verb: str) -> str:
    """An English verb in the third person singular: "write" -> "writes", "go" -> "goes", "gave" -> "gave".

    A contracted negative takes its own third person ("haven't" -> "hasn't") and an -ly adverb is kept as said
    ("fully"): a word with an apostrophe or an adverb never takes "-s"/"-ies"."""
    low = verb.casefold().replace("\u2019", "'")
    if low in _EN_THIRD:
        return _EN_THIRD[low]
    if low.endswith("ed") or low in _EN_IRREGULAR_PAST or "'" in low or en_adverb(low):
        return verb
    if re.search(r"(?:s|sh|ch|x|z|o)$", low):
        return verb + "es"
    if re.search(r"[^aeiou]y$", low):
        return verb[:-1] + "ies"
    return verb + "s"


_LATIN_EDGE = re.compile(r"[A-Za-z0-9\u00c0-\u024f]")


def _spaced(before: str, subject: str, after: str) -> str:
    """``subject`` between ``before`` and ``after`` (a character each, or ""), with a space wherever a Latin
    letter or digit would touch another: "meipottery" is one word, "mei pottery" a name and a word; Chinese
    needs no space ("mei最近在学", "用户pottery")."""
    left = " " if before and _LATIN_EDGE.match(before) and _LATIN_EDGE.match(subject[:1]) else ""
    right = " " if after and _LATIN_EDGE.match(after) and _LATIN_EDGE.match(subject[-1:]) else ""
    return f"{before}{left}{subject}{right}{after}"


def third_person(clause: str, subject: str, lang: str) -> str:
    """Return the user's first-person ``clause`` said of ``subject`` ("I write with my left hand" ->
    "Jonah writes with their left hand"; "我每天用Notion记笔记" -> "Iris每天用Notion记笔记").

    In Chinese a Latin-script name keeps a space from a Latin word it would touch
    ("我pottery 放弃了" -> "mei pottery 放弃了", not "meipottery"). Discourse openers ("As I said,",
    "对了，") are dropped; English verbs after "I" take the third person; later "my"/"me" become
    "their"/"them".
    """
    text = clause.strip().rstrip("。.!！~～ ")
    if lang == "zh":
        text = ZH_LEAD.sub("", text)
        if "我" not in text:
            return f"{subject}：{text}"
        said = re.sub(r"(.?)我(?!们)(.?)", lambda m: _spaced(m.group(1), subject, m.group(2)), text, count=1)
        # a later 我 is the speaker's own self (自己) unless another person has been made the one spoken of
        # ("我兄弟阿强…他住在我隔壁": next to the user, not "next to himself")
        own = subject if _ZH_OTHER.search(said[:said.rfind("我")] if "我" in said else "") else "自己"
        return said.replace("我的", own + "的").replace("我们", "\0").replace("我", own).replace("\0", "我们")
    text = EN_LEAD.sub("", text)
    m = re.match(r"^(?:i'm|i\s+am)\s+", text, re.IGNORECASE)
    if m:
        head = f"{subject} is "
        rest = text[m.end():]
    elif (m := re.match(r"^(?:i've|i\s+have)\s+", text, re.IGNORECASE)) is not None:
        head, rest = f"{subject} has ", text[m.end():]
    elif (m := re.match(r"^my\s+", text, re.IGNORECASE)) is not None:
        head, rest = f"{subject}'s ", text[m.end():]
    elif (m := re.match(r"^i\s+", text, re.IGNORECASE)) is not None:
        rest = text[m.end():]
        adverbs = ""
        while ((a := _EN_ADVERB.match(rest)) is not None and a.end()) \
                or ((a := _EN_LY_WORD.match(rest)) is not None and en_adverb(a.group(1))):
            adverbs += a.group(0)
            rest = rest[a.end():]
        verb, _, after = rest.partition(" ")
        head = f"{subject} {adverbs}{third_verb(verb)} " if verb else f"{subject} "
        rest = after
    else:  # "Lily and I got married", "Lily is my wife now": the user named where they are said
        return " ".join(_EN_PERSON.sub(lambda p: _EN_NAMED[p.group(0).casefold()].format(s=subject), text).split())
    person = {"my": "their", "me": "them", "myself": "themselves", "mine": "theirs", "i": "they",
              "i'm": "they're", "i've": "they've", "i'd": "they'd", "i'll": "they'll"}
    rest = _THEY_WAS.sub(r"\1 were", _EN_PERSON.sub(lambda p: person[p.group(0).casefold()], rest))
    return " ".join((head + rest).split())


# "since I was a kid" said of them: "since they were a kid", not "they was"
_THEY_WAS = re.compile(r"\b(they)\s+was\b")
