"""What a slot key or a turn says of itself: whose fact a key holds, a first-person query, a bare question.

Small pure readings recall's reranks (``rerank.Reranks``) and the turn windows use.
"""

from __future__ import annotations

import re

__all__ = ["asks_about_user", "asks_in_third_person", "hypothetical", "key_subject", "only_question"]

_FIRST_PERSON = re.compile(r"(?<![A-Za-z'])(?:i|me|my|mine|myself)(?![A-Za-z])|我", re.IGNORECASE)
_THIRD_PERSON = re.compile(r"(?<![A-Za-z'])(?:he|him|his|she|her|hers|the user|user's)(?![A-Za-z])|他|她|用户",
                           re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!。！…]\s*\S")
_QUESTION_END = re.compile(r"[?？]\s*[\"”')）]*\s*$")
_HYPOTHETICAL = re.compile(
    r"^(?:(?:so|hmm+|ok|okay|well|random question|just wondering|lol|lmao|haha+|hah|jk|just kidding|joking)"
    r"[,.!:\s]+)*"
    r"(?:what\s+if|if|suppose|supposing|imagine|hypothetically|i\s+wish)\b"
    r"|^(?:(?:嗯|那|话说|随便问问|哈哈+|开玩笑(?:的|地|啦|哈)?|说着玩(?:的)?|逗你(?:的|玩)?|lol|haha+)[，,。！!：:\s]*)*"
    r"(?:我|我们)?(?:如果|要是|假如|假设|万一|但愿|我希望)")
_ZH_QUESTION = re.compile(r"(?:吗|什么|哪|哪儿|哪里|几|多少|谁|怎么|为什么|是不是)(?:呢|啊|呀|来着)?\s*$")


def key_subject(key: str | None) -> str | None:
    """Whose fact a slot key holds: "" for the user's own, the relation ("wife", "表哥") for someone else's.

    None for a key that is not a slot (an event's, or no key). Key forms:
    ``fact:<attr>[:obj]@<user>`` and ``fact:<relation>/<attr>…`` (``pipeline.slots``),
    likewise ``pref:`` and ``todo:``.
    """
    if not key or not key.startswith(("fact:", "pref:", "todo:")):
        return None
    rest = key.partition(":")[2].split("@", 1)[0]
    return rest.split("/", 1)[0] if "/" in rest else ""


def asks_about_user(query: str) -> bool:
    """True when ``query`` speaks in the first person (I, me, my, mine, myself; 我)."""
    return _FIRST_PERSON.search(query) is not None


def asks_in_third_person(query: str) -> bool:
    """True when ``query`` speaks of someone as he, she or the user (他, 她, 用户) — an agent asking
    about its user ("Where does he live now?", "他现在在哪个城市生活？")."""
    return _THIRD_PERSON.search(query) is not None


def only_question(text: str, speaker: str = "") -> bool:
    """True when ``text`` (without a leading "speaker:") is one question and nothing else.

    "Where do I live?", "我住哪来着？", "我现在住哪呢" are; "Ha. Am I late?" and
    "I moved to Porto, did I tell you?" are not (they also state something).
    """
    body = text.strip()
    if speaker and body.startswith(speaker + ":"):
        body = body[len(speaker) + 1:].strip()
    if not body:
        return False
    tail = body[-8:]  # both endings are short: no scan of a long turn for them
    if _QUESTION_END.search(tail):
        head = body[:-1]
        return "," not in head and "，" not in head and not _SENTENCE_END.search(head)
    return _ZH_QUESTION.search(tail) is not None and "，" not in body and not _SENTENCE_END.search(body)


def hypothetical(text: str, speaker: str = "") -> bool:
    """True when ``text`` (without a leading "speaker:") opens as a supposition or a wish, not a statement.

    "If I moved to Berlin, would I need German?", "What if I quit?", "I wish I
    lived by the sea", "要是我搬去柏林的话…", "假如我辞职了" are; "I moved to
    Berlin" and "I'm thinking about moving" (a plan the user has) are not. A laugh or a joke marker before
    the supposition ("lol imagine if I was a millionaire…", "开玩笑的，我要是中了彩票就…") keeps it one.
    Recall weighs such a turn as a bare question (it holds nothing true of the user).
    """
    body = text.strip()
    if speaker and body.startswith(speaker + ":"):
        body = body[len(speaker) + 1:].strip()
    return _HYPOTHETICAL.match(body[:40].lower()) is not None
