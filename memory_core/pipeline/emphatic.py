"""A Chinese statement stressed with 是…的 is read as the plain statement it stresses.

"我是不吃猪肉的哈", "我是吃素的", "我其实是住在上海的", "我是对猫过敏的": the 是…的 frame stresses that the
statement holds (as "I do …" does in English); it names no identity. Read as written, the frame hides
the verb from the slot cues ("我是 X" reads as "I am X"), so the statement becomes a loose note instead
of the fact or preference it is, and the same rule said twice ("I don't eat pork" … "我是不吃猪肉的")
is stored twice. Said casually the 是 is often left out ("我一直住在成都的", "我吃素的哈"): a sentence-final
的 after such a verb phrase is the same frame. ``plain_emphatic`` takes the frame off when what it holds
starts with a verb of habit, diet, home or use (吃 喝 抽 住 用 养 信 戒 对…过敏), optionally negated;
"我是做设计的" (an occupation idiom the job cues read) and "我是上海的" (where one is from) are left as written.
"""

from __future__ import annotations

import re

__all__ = ["plain_emphatic"]

_FRAME = re.compile(
    r"(?P<who>我(?:们)?)(?P<adv>也|还|一直|其实|本来|向来|从来|平时|一般|可)?是?"
    r"(?P<vp>(?:不|从不|从来不|很少|只|一直)?(?:吃|喝|抽|住|用|养|信|戒|对)[^，,。！!？?\s的]{1,12}?)"
    r"的[哈呀啦嘛哦噢喔啊呢]*(?=[，,。！!～~\s…]|$)")


def plain_emphatic(text: str) -> str:
    """``text`` with each 我是<verb phrase>的 read as 我<verb phrase> ("我是不吃猪肉的哈" -> "我不吃猪肉",
    "我一直住在成都的" -> "我一直住在成都").

    Units: characters in, characters out; ``text`` itself when it holds no such frame. Never raises.
    Source: the Chinese 是…的 emphatic construction (a stressed predicate, not a copula with a noun).
    """
    if "的" not in text:
        return text
    return _FRAME.sub(lambda m: m.group("who") + (m.group("adv") or "") + m.group("vp"), text)
