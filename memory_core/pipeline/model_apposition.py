"""A new thing of a kind, then which one after a comma ("换了个新手机，小米14", "新买了个手机，iPhone 16").

Chinese clauses are split at commas, so the model said after one was read
alone and the thing kept only its kind ("用户有手机": the model lost, the old
phone not replaced). ``joined_model`` turns that comma into a colon, which
keeps both in one clause, as "买了辆新车：比亚迪汉" is read (the possession cues
of ``memory_core/data/slots.yaml`` take the model after the kind). English
needs nothing: its cue reads "Got a new phone, an iPhone 16" whole.
"""

from __future__ import annotations

import re

__all__ = ["joined_model"]

#: A kind of possession just got (新 before it, or 买了/换了 before it), a comma, then a model: a Latin name or a
#: maker the possession cues know.
_APPOSITION = re.compile(
    r"((?:买了|换了|新买了|新换了|入了|新入了)[^，,。]{0,4}?(?:手机|电脑|笔记本|车))\s*[，,]\s*"
    r"(?=(?:是)?\s*(?:[A-Za-z]|特斯拉|宝马|丰田|本田|奥迪|奔驰|大众|比亚迪|蔚来|理想|小鹏|三星|荣耀|一加|红米|华为|小米))")


def joined_model(sentence: str) -> str:
    """``sentence`` with the comma between a kind just got and its model made a colon ("换了个新手机，小米14" ->
    "换了个新手机：小米14"); any other sentence as it is. Never raises."""
    return _APPOSITION.sub(r"\1：", sentence)
