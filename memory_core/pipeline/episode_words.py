"""Episodes said in the user's own words that no lasting item may keep: a holiday spent somewhere, and a mishap
that befell a thing the user has.

New-user trials stored "春节…在新加坡跟Dana一起过的" as the lasting fact "用户在新加坡跟Dana一起过的" and joined
"My Pixel 8 fell in the MRT and cracked" onto "User has a Google Pixel 8" as if it were a detail of the phone. Where
and with whom a holiday was spent is an event of that holiday ("I spent Christmas in Singapore with Dana", "国庆在
三亚玩了一周"); a drop, a crack, a theft or a breakdown is an event of the thing ("我的手机摔碎了屏幕", "my laptop
died"). Both stay what the turn says (its event item), never a fact nor a revision of one.
"""

from __future__ import annotations

import re

__all__ = ["befell", "holiday_spent"]

_EN_HOLIDAY = (r"(?:christmas|xmas|christmas\s+eve|thanksgiving|new\s+year'?s?(?:\s+eve)?|easter|(?:the\s+)?holidays|"
               r"(?:chinese|lunar)\s+new\s+year|spring\s+festival|mid-autumn(?:\s+festival)?|golden\s+week|diwali|"
               r"hanukkah|eid|halloween|passover|ramadan|(?:my\s+)?birthday|spring\s+break|winter\s+break)")
_EN_HOLIDAY_SPENT = re.compile(
    r"\b(?:spent|celebrated|had|did|went\s+\w+\s+for|over|for|this|last|on)\s+(?:\w+\s+){0,2}?" + _EN_HOLIDAY
    + r"\b.*\b(?:in|at|with|back\s+home|abroad)\b"
    r"|\b(?:spent|celebrated)\s+(?:\w+\s+){0,2}?" + _EN_HOLIDAY + r"\b", re.IGNORECASE)
_ZH_HOLIDAY = (r"(?:春节|过年|除夕|年三十|中秋|国庆|元旦|圣诞(?:节)?|端午|五一|清明|寒假|暑假|十一(?![点月号日])|"
               r"假期|生日)")
_ZH_HOLIDAY_SPENT = re.compile(_ZH_HOLIDAY
                               + r"[^。！!？?]{0,24}?(?:过的|过了|度过|一起过|玩了|回了|去了|待了|呆了)"
                               r"|(?:在|去|回)[^，,。！!？?]{1,12}?过(?:的|了)?(?:春节|年|中秋|国庆|元旦|圣诞|生日)")

_EN_THING = r"(?:my|our|the)\s+(?:[\w'-]+\s+){0,3}?"
_EN_BEFELL = re.compile(
    r"\b" + _EN_THING + r"(?:(?:just|finally|accidentally|completely|totally)\s+)?"
    r"(?:fell|dropped|broke(?:\s+down)?|cracked|shattered|died|crashed|froze|burst|leaked|flooded|"
    r"got\s+(?:stolen|wet|scratched|broken|cracked|damaged|dented|hacked|towed|keyed)|"
    r"was\s+(?:stolen|broken|damaged|scratched|dented|towed|hacked|keyed)|stopped\s+working|caught\s+fire)\b"
    r"|^(?:i|we)\s+(?:just\s+|accidentally\s+)?(?:dropped|broke|cracked|smashed|scratched|dented|spilled\s+\w+\s+on)"
    r"\s+(?:my|our)\b", re.IGNORECASE)
_ZH_BEFELL = re.compile(r"(?:摔|掉|砸|磕|撞|刮|泡)(?:碎|坏|裂|烂|花|进|到|在|了)"
                        r"|(?:碎|裂|坏|死机|进水|黑屏|爆胎|抛锚)了|屏幕(?:碎|裂)|被(?:偷|刮|撞|砸|划)")


def holiday_spent(clause: str, lang: str) -> bool:
    """True when ``clause`` tells where, how or with whom a holiday was spent ("I spent Christmas in Singapore with
    Dana", "今年春节是在新加坡跟Dana一起过的", "国庆在三亚玩了一周"): an episode of that holiday, no lasting fact."""
    return bool((_ZH_HOLIDAY_SPENT if lang == "zh" else _EN_HOLIDAY_SPENT).search(clause))


def befell(clause: str, lang: str) -> bool:
    """True when ``clause`` tells a mishap that befell a thing ("My Pixel 8 fell in the MRT and cracked", "I dropped
    my laptop", "我的华为手机摔碎了屏幕"): an episode of the thing, never a lasting detail of its item."""
    return bool((_ZH_BEFELL if lang == "zh" else _EN_BEFELL).search(clause))
