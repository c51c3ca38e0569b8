"""Clauses that name no value: a change or a stop whose thing is left out (issue 13, a new user's trial).

"我每天抽半包烟，戒不掉" holds two clauses; the second says nothing of its own
("用户戒不掉" is no fact: what cannot be quit is in the clause before, which is
stored). Nor does "我跳槽了" ("I changed jobs"): a new employer, unnamed, is no
value to remember, and "I quit." names nothing it quit. Such a clause is kept
as the turn's record only, never as a fact item in the user's own words.

What is read: the first-person clause after its subject and the adverbs of
time and degree, when what is left is only a verb of changing or stopping with
its aspect or its "cannot" ("戒不掉", "戒不了", "跳槽了", "换工作了", "quit",
"can't quit", "changed jobs", "sold it"). A clause that names the thing
("戒不掉烟", "I quit smoking", "跳槽去了腾讯") names a value and is read as before.

Nor does a feeling toward a bare pronoun ("RIP Biscuit, I miss him", "Luna passed away, I really miss her",
"Mochi 走了，好想它", "I love it"): who or what is felt for is in the clause before, which is read by its own
rules; alone it stored "User misses him". A feeling toward one named ("I miss my grandma", "我好想奶奶") is kept.

Nor does a reason that leaves its thing out ("捷达卖了，在北京用不上", "sold my car, I don't need it in the city"):
what is of no use is named in the clause before; alone it stored "用户在北京用不上".
"""

from __future__ import annotations

import re

__all__ = ["valueless_clause"]

_ZH_ADVERBS = r"(?:又|还|也|都|就|已经|终于|刚|刚刚|总是|老是|一直|真的|实在|根本|最近|上个?月|上周|去年|今年|前几天)*"
_ZH_BARE = re.compile(r"^我" + _ZH_ADVERBS + r"(?:戒(?:不掉|不了|不下来)|停不下来|跳槽|换(?:了)?(?:个|份)?工作|"
                      r"换(?:了)?(?:个|份)?新?工作|"
                      # a move whose new home is unnamed ("决定了 搬家！", "搬家中"): the place is the value
                      r"搬(?:了)?家(?:中)?|搬走|"
                      # understanding whose language is in the clause before ("只听得懂，不会说")
                      r"(?:只|只能|能)?(?:听得懂|听懂|看得懂|看懂)(?:一点|一些|一点点|一点儿)?|(?:不会|不太会)(?:说|讲|写|读))"
                      r"(?:了|啦|呢|啊|吧|呀)*$")
_EN_ADVERBS = r"(?:(?:just|finally|still|really|honestly|totally|recently|already|simply)\s+)*"
_EN_BARE = re.compile(r"^(?:i|i've|i\s+have)\s+" + _EN_ADVERBS
                      + r"(?:quit|(?:can't|cannot|can\s+not|couldn't)\s+(?:quit|stop)|"
                        r"(?:changed|switched|swapped)\s+jobs|sold\s+(?:it|them|mine)|"
                        # understanding whose language is in the clause before ("they spoke it, I only understand")
                        r"(?:only\s+|can\s+only\s+|can\s+)?understands?(?:\s+(?:it|them|a\s+little|a\s+bit|some))?)$",
                      re.IGNORECASE)
_FOR_PRONOUN_EN = re.compile(r"^(?:i|i'll|i\s+will|i\s+do|i'm\s+gonna|i\s+already)\s+" + _EN_ADVERBS
                             + r"(?:(?:so|still|really|truly|already)\s+)*(?:miss|love|adore|hate|like)\s+"
                               r"(?:him|her|them|it|you)(?:\s+(?:so\s+much|so|a\s+lot|already|terribly|dearly|"
                               r"like\s+crazy|to\s+bits|every\s+day|though|tho|anyway|anyhow|still|regardless|"
                               r"all\s+the\s+same|lol|haha))*$", re.IGNORECASE)
_FOR_PRONOUN_ZH = re.compile(r"^我(?:好|很|真的?|特别|超|非常|还是|一直|已经|太|有点|会)*"
                             r"(?:想念|思念|想|舍不得|爱|喜欢)(?:他|她|它|他们|她们|它们|你)(?:了|啊|呀|呢|啦)*$")
# a reason that leaves its thing out ("捷达卖了，在北京用不上", "I sold my car, I don't need it in the city"): what is
# of no use is in the clause before, which is read by its own rules; alone it stored "用户在北京用不上"
_NO_USE_ZH = re.compile(r"^我(?:在[^，,。\s]{1,8}?)?(?:也|都|反正|根本|基本|基本上|平时|现在|其实|本来|就)*"
                        r"(?:用不上|用不着|用不到|不需要|不太需要|没必要|没什么用|没啥用|派不上用场)(?:了|啊|呀|吧|呢|嘛)*$")
_NO_USE_EN = re.compile(r"^i\s+(?:(?:really|just|honestly|never|hardly|barely|rarely|basically)\s+)*"
                        r"(?:don't|do\s+not|didn't|did\s+not|won't|will\s+not|never)\s+(?:(?:really|even|ever)\s+)*"
                        r"(?:need|needed|use|used|drive|drove|ride|rode)\s+(?:it|them|one|that)\b", re.IGNORECASE)
_END = re.compile(r"[\s。.!！~～…]+$")


def valueless_clause(clause: str, lang: str) -> bool:
    """True when the first-person ``clause`` (``lang`` "en" or "zh") is a bare change or stop naming nothing.

    ("我戒不掉" -> True, "我跳槽了" -> True, "我搬家了" -> True, "I only understand" -> True, "I quit." -> True,
    "I can't quit" -> True; "我戒不掉烟" -> False, "我搬家到杭州了" -> False,
    "I quit smoking" -> False, "我跳槽去了腾讯" -> False; "I miss him" -> True, "我好想它" -> True, "I miss my
    grandma" -> False; "我在北京用不上" -> True, "I don't need it in the city" -> True; "Love her though" -> True.)
    The clause is as split by the pipeline, its dropped subject put back; nothing is raised.
    """
    text = _END.sub("", clause.strip())
    if lang == "zh":
        bare = text.replace(" ", "")
        return bool(_ZH_BARE.match(bare) or _FOR_PRONOUN_ZH.match(bare) or _NO_USE_ZH.match(bare))
    return bool(_EN_BARE.match(text) or _FOR_PRONOUN_EN.match(text) or _NO_USE_EN.match(text))
