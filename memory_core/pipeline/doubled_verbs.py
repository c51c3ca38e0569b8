"""A Chinese verb said twice for a casual air is read as the verb said once: "打打羽毛球" reads "打羽毛球".

Spoken Chinese doubles a verb of one character to make an activity sound light ("最近又开始打打羽毛球", "周末跑跑步",
"没事钓钓鱼"). The slot cues are written for the plain verb and its thing ("打羽毛球", "跑步"), so a hobby said the
doubled way was read by no cue and kept as a fragment in the user's own words (trial 37: "用户最近又开始打打羽毛球").
``single_verbs`` reads the verbs of ``data/doubled_verbs.yaml`` said twice before their object as said once; a
doubling followed by another ("打打闹闹") or by nothing is left as written. The turn and its event keep the text as
the user wrote it (``plain_text.reading_text`` calls this).
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["single_verbs"]


@functools.cache
def _doubled() -> re.Pattern[str] | None:
    """The pattern of a listed verb said twice, before a Han character or a Latin letter that is not a doubling."""
    verbs = [str(v) for v in load_shipped("data", "doubled_verbs.yaml").get("verbs") or () if len(str(v)) == 1]
    if not verbs:
        return None
    return re.compile(rf"([{''.join(map(re.escape, verbs))}])\1(?=\s?[\u4e00-\u9fffA-Za-z])(?!(.)\2)")


def single_verbs(text: str) -> str:
    """``text`` with each listed doubled verb said once ("又开始打打羽毛球" -> "又开始打羽毛球"); ``text`` itself when
    it holds none. Units: characters in, characters out."""
    pattern = _doubled()
    return text if pattern is None else pattern.sub(r"\1", text)
