"""A guard on item texts: a few hundred everyday sentences, English and Chinese, leave no broken word form.

New users found texts that clipped or garbled the user's words ("User fullies work remotely", "用户有始骑自行车",
"用户不再喝酒都十年", two statements joined with "; "). Each sentence of ``_item_text_corpus`` is planned on a
fresh store; every item it leaves (events aside) must read as a sentence: no English "-ies"/"-s" put on an
adverb or a contraction, no word doubled, no Chinese text cut inside a word of the user's sentence (by jieba's
segmentation) or ending on a word that needs what follows, no Chinese text without a verb.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import jieba
import jieba.posseg
import pytest
from _item_text_corpus import EN_SENTENCES, ZH_SENTENCES
from _memstore import DictStore

from memory_core.model import Kind, Turn
from memory_core.pipeline import WritePipeline

_AT = datetime(2025, 3, 1, 10, tzinfo=UTC)
_EN_WORD = re.compile(r"[A-Za-z']+")
# the -ly words that are verbs: "applies", "replies", "supplies" are words; "fullies", "onlies" are not
_EN_LY_VERBS = {"apply", "rely", "reply", "supply", "multiply", "comply", "imply", "ally", "bully", "tally", "rally",
                "belly", "jelly"}
_ZH_SUBJECT = re.compile(r"^用户(?:的)?")
# words a Chinese text cannot end on: each needs what follows it
_ZH_OPEN_END = "都也就还已快有把被地得着在跟和从对"  # 的 ends a 是…的 statement
# how long a thing has held, left at the end of the thing ("用户不再喝酒都十年")
_ZH_SPAN_END = re.compile(r"(?:都|已经|快|好多|好几|有|整整)[一二两三四五六七八九十百几半\d]*"
                          r"(?:个)?(?:年|个月|月|天|周)$")
# verbs jieba may tag otherwise inside a longer word ("喝咖啡", "养了")
_ZH_VERB = re.compile(r"[有是在叫喝吃住养用骑坐开学做去戒走跑打玩过买卖读练戴穿抽]")


def _items(sentence: str) -> list[str]:
    store = DictStore()
    turn = Turn(user_id="u1", turn_id="t1", session_id="s1", role="user", text=sentence, timestamp=_AT)
    store.apply("u1", WritePipeline().plan(turn, store))
    return [i.description for i in store.list_items("u1") if i.kind != Kind.EVENT]


def _en_broken(text: str) -> str:
    """The first broken English word form of ``text`` ("" when none)."""
    words = _EN_WORD.findall(text)
    for before, word in zip(["", *words], words, strict=False):
        low = word.casefold()
        if re.search(r"n't(?:s|es)$|'(?:s|es)$", low) and not low.endswith("'s"):
            return word  # "haven'ts"
        if (low.endswith("lies") and not low.endswith("ilies") and len(low) > 5
                and low[:-3] + "y" not in _EN_LY_VERBS) or low.endswith("lys"):
            return word  # "fullies", "onlys"
        if before and low == before.casefold() and low not in {"that", "had", "very"}:
            return f"{before} {word}"
    return ""


def _zh_broken(text: str, sentence: str) -> str:
    """Why a Chinese item text ``text`` left by ``sentence`` is broken ("" when it is not)."""
    body = _ZH_SUBJECT.sub("", text).rstrip("。.！!")
    if body and body[-1] in _ZH_OPEN_END:
        return f"ends on {body[-1]}"
    if not _ZH_VERB.search(body) and not any(flag.startswith("v") for _, flag in jieba.posseg.cut(body)):
        return "no verb"
    bounds = _word_bounds(sentence)
    if _ZH_SPAN_END.search(body):
        return "how long kept inside the thing"
    for piece in re.split(r"[，,。；;！!]", body):
        # the longest tail of the piece the sentence says (the rendered verb, "有", "不再喝", is not in it)
        tail = next((piece[n:] for n in range(len(piece) - 2) if piece[n:] in sentence), "")
        start = sentence.find(tail) if tail else -1
        if start > 0 and start not in bounds:
            return f"cut inside a word at {tail!r}"
    return ""


def _word_bounds(sentence: str) -> set[int]:
    """Character offsets where jieba puts a word boundary in ``sentence``, each run between 我 and punctuation
    segmented alone (jieba reads "我养了" as "我养" + "了": the speaker is no part of the verb)."""
    out: set[int] = set()
    for run in re.finditer(r"[^我，,。；;！!？?\s]+", sentence):
        at = run.start()
        out.add(at)
        for word in jieba.cut(run.group(0)):
            at += len(word)
            out.add(at)
    return out


@pytest.mark.parametrize("sentence", EN_SENTENCES)
def test_english_item_texts_have_no_broken_word_forms(sentence: str) -> None:
    for text in _items(sentence):
        assert not _en_broken(text), (sentence, text)
        assert "; " not in text, (sentence, text)


@pytest.mark.parametrize("sentence", ZH_SENTENCES)
def test_chinese_item_texts_keep_whole_words_and_a_verb(sentence: str) -> None:
    for text in _items(sentence):
        assert not _zh_broken(text, sentence), (sentence, text, _zh_broken(text, sentence))
