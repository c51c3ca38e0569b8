"""Clause to slot by meaning: the embedder reads the attribute of a clause no cue lists.

The cue rules (``slots.read_clause``) know the phrasings the lexicon lists.
``SlotMeaning`` is their fallback for the long tail: a first-person clause
they leave without a slot ("My flat's just off the canal in Utrecht",
"我现在在字节跳动搬砖") is embedded and compared with a small bilingual bank
of prototype sentences per attribute (``memory_core/data/slot_prototypes.yaml``,
written from the attribute definitions, embedded once per process and model).
The clause takes the nearest attribute only when

- its score (the mean cosine of its two nearest prototypes of that label)
  is at least ``min_score``,
- it leads the second-best label (another attribute, a kind the meaning path
  never assigns such as a hobby or a pet, or the ``none`` set of small talk
  and episodes) by ``margin``;

then a general extractor reads the value: Chinese by jieba's part-of-speech
tags (places ``ns``, organisations and names ``nt``/``nz``/``nr``/``eng``, the
noun chunk after a preposition or after 是/当/做), English by capitalised name
spans or the noun phrase after "as a" / "at" / "for". A clause whose value
cannot be read stores no slot (the own-words item keeps it). The slot's
template renders the description, so the item supersedes the old value of
the single-valued slot, or is a hit when it restates it.

Optional by construction: the pipeline holds a ``SlotMeaning`` only when a
local embedder is configured and ``GULFSTREAM_SLOT_MEANING=true``
(``memory_core.service.mechanical_pipeline``; off by default, see
ops/bench/RESULTS.md); with ``GULFSTREAM_EMBEDDER=none`` the write path is
the cue rules alone.
Idea: nearest-prototype classification with a rejection margin (prototypical
networks, Snell et al. 2017; open-set rejection by a "none" class).
"""

from __future__ import annotations

import functools
import logging
import re
import threading
from collections import Counter
from dataclasses import dataclass
from importlib import resources
from typing import Any

import numpy as np
import yaml

from memory_core.embedding.base import Embedder, EmbeddingError
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.slots import SlotHit, _render
from memory_core.text.script import has_han
from memory_core.text.zh_pos import pos_cut

__all__ = ["MeaningBank", "SlotMeaning", "extract_value", "load_prototypes"]

log = logging.getLogger(__name__)

#: Score floor (mean cosine of the two nearest prototypes of the label, language-centered vectors).
MIN_SCORE = 0.30
#: Lead of the best attribute over the second-best label (any label: attribute, other kind, none).
MARGIN = 0.02
_LANGS = ("en", "zh")
_NEGATION = re.compile(r"\b(?:not|no|never|don't|doesn't|didn't|isn't|aren't|no\s+longer|any\s*more|quit|left|"
                       r"stopped|gave\s+up)\b|不|没|别|离开|辞|离职|分手|戒", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def load_prototypes() -> dict[str, Any]:
    """Return the prototype bank's data (``slot_prototypes.yaml``), read once per process.

    Raises:
        ValueError: an attribute id the slot lexicon does not know.
    """
    raw = resources.files("memory_core").joinpath("data/slot_prototypes.yaml").read_text(encoding="utf-8")
    data: dict[str, Any] = yaml.safe_load(raw)
    known = {a.id for a in lexicon().attributes}
    unknown = set(data["attributes"]) - known
    if unknown:
        raise ValueError(f"slot_prototypes.yaml names attributes the lexicon lacks: {sorted(unknown)}")
    return data


@dataclass(frozen=True, slots=True)
class MeaningBank:
    """The embedded prototypes of one model.

    Attributes:
        labels: one label per row of ``vectors`` (an attribute id, another kind's name, or "none").
        vectors: shape (rows, dim) unit vectors.
        assignable: the labels that are attributes the meaning path may set.
        value_kind: attribute id -> which extractor reads its value ("place", "org", "job", "name").
    """

    labels: np.ndarray
    vectors: np.ndarray
    assignable: frozenset[str]
    value_kind: dict[str, str]


_BANKS: dict[str, MeaningBank] = {}
_BANK_LOCK = threading.Lock()


def _bank(embedder: Embedder) -> MeaningBank:
    """The bank of ``embedder``'s model, embedded on first use and cached per process by model id.

    Raises:
        EmbeddingError: the model failed.
    """
    cache_key = f"{type(embedder).__name__}:{embedder.model_id}"
    with _BANK_LOCK:
        bank = _BANKS.get(cache_key)
        if bank is not None:
            return bank
        data = load_prototypes()
        labels: list[str] = []
        texts: list[str] = []
        groups = [*data["attributes"].items(), *(data.get("others") or {}).items(), ("none", data["none"])]
        for label, spec in groups:
            for lang in _LANGS:
                for text in spec.get(lang) or ():
                    labels.append(label)
                    texts.append(str(text))
        vectors = _embed(embedder, texts)
        bank = MeaningBank(np.array(labels), vectors, frozenset(data["attributes"]),
                           {a: str(s.get("value", "")) for a, s in data["attributes"].items()})
        _BANKS[cache_key] = bank
        return bank


def _embed(embedder: Embedder, texts: list[str]) -> np.ndarray:
    """Shape (len(texts), dim) query vectors (prototypes and clauses are embedded alike). Raises EmbeddingError."""
    return np.stack([embedder.embed_query(t) for t in texts]) if texts else np.zeros((0, embedder.dim), np.float32)


def _label_scores(sims: np.ndarray, labels: np.ndarray) -> dict[str, float]:
    """Score per label: the mean of its two highest cosines (one stray prototype does not decide)."""
    out: dict[str, float] = {}
    for label in dict.fromkeys(labels.tolist()):
        top = np.sort(sims[labels == label])[::-1][:2]
        out[label] = float(top.mean())
    return out


class SlotMeaning:
    """Reads the attribute of a clause by meaning (see the module docstring).

    Args:
        embedder: any ``Embedder``; ``embed_query`` is called once per clause read.
        min_score: see ``MIN_SCORE``.
        margin: see ``MARGIN``.

    Attributes:
        counts: ``Counter`` of outcomes: "embedded", "assigned", "no_value", "rejected", "failed".
    """

    def __init__(self, embedder: Embedder, min_score: float = MIN_SCORE, margin: float = MARGIN) -> None:
        self.embedder = embedder
        self.min_score = min_score
        self.margin = margin
        self.counts: Counter[str] = Counter()

    def classify(self, clause: str) -> tuple[str, float, float]:
        """Return (best label, its score, its lead over the second-best label) for ``clause``.

        Raises:
            EmbeddingError: the model failed.
        """
        bank = _bank(self.embedder)
        vector = _embed(self.embedder, [clause])[0]
        scores = _label_scores(bank.vectors @ vector, bank.labels)
        ranked = sorted(scores.items(), key=lambda kv: -kv[1])
        best, score = ranked[0]
        return best, score, score - (ranked[1][1] if len(ranked) > 1 else 0.0)

    def read(self, clause: str, lang: str, user: str) -> SlotHit | None:
        """Return the user's slot that ``clause`` states by meaning, or None.

        Args:
            clause: one first-person clause no cue rule read (questions, plans,
                reported speech, the past, other people and trips are filtered before).
            lang: "en" or "zh".
            user: how the user is named in the description ("User", "用户", a speaker's name).

        Returns:
            A positive ``SlotHit`` keyed ``fact:<attribute>``, or None when the clause is
            nearer small talk or another kind, the lead is too small, or no value is read.
            An embedder failure is logged and counted, never raised: the cue rules' reading stands.
        """
        try:
            label, score, lead = self.classify(clause)
            bank = _bank(self.embedder)
        except EmbeddingError as exc:
            self.counts["failed"] += 1
            log.warning("slot by meaning skipped, the embedder failed: %s", exc)
            return None
        self.counts["embedded"] += 1
        if label not in bank.assignable or score < self.min_score or lead < self.margin:
            self.counts["rejected"] += 1
            return None
        if _NEGATION.search(clause):
            self.counts["rejected"] += 1  # a change or cessation is the cue rules' reading, not a new value
            return None
        attr = next(a for a in lexicon().attributes if a.id == label)
        value = extract_value(clause, lang, bank.value_kind.get(label, ""))
        if not value:
            self.counts["no_value"] += 1
            return None
        self.counts["assigned"] += 1
        _, claim = _render(attr, "", lang, user, v=value)
        return SlotHit(attr, "", value, "", 1, f"fact:{attr.id}", claim, aliases=(value.casefold(),))


# ── values ─────────────────────────────────────────────────────────────────────────────

_EN_NAME = re.compile(r"(?<![\w'])[A-Z][\w&.'-]*(?:\s+(?:of\s+|the\s+|de\s+|&\s+)?[A-Z][\w&.'-]*)*")
_EN_NOT_NAME = frozenset({"i", "i'm", "i've", "i'd", "i'll", "im", "my", "we", "our", "the", "a", "an", "and", "but",
                          "so", "oh", "well", "yes", "yeah", "no", "ok", "okay", "also", "just", "now", "these",
                          "this", "that", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                          "sunday", "january", "february", "march", "april", "may", "june", "july", "august",
                          "september", "october", "november", "december", "christmas", "easter"})
_EN_STOP = (r"(?:at|for|in|on|with|and|but|so|who|which|that|because|since|now|these|this|every|each|near|by|"
            r"from|to|of|where|when|while|after|before|until|anymore|though)")
_EN_AFTER = {
    "org": re.compile(rf"\b(?:at|for|with|by|from)\s+((?:a|an|the)\s+)((?:(?!{_EN_STOP}\b)[a-z][\w'-]*\s*){{1,4}})",
                      re.IGNORECASE),
    "job": re.compile(rf"\b(?:as|a|an)\s+()((?:(?!{_EN_STOP}\b)[a-z][\w'-]*\s*){{1,3}})", re.IGNORECASE),
}
_EN_ME = re.compile(r"\b(?:i|i'm|i've|my|we|we're|our|me)\b", re.IGNORECASE)
_EN_PREP = re.compile(r"\b(?:at|for|with|from|by|in|to|named|called)\s+$", re.IGNORECASE)
_EN_WORDS = re.compile(rf"(?:(?!{_EN_STOP}\b)[a-z][\w'-]*\s*){{1,3}}", re.IGNORECASE)
_EN_JOB_LEAD = re.compile(r"\bas\s+(?:a|an)\s+", re.IGNORECASE)
_ZH_NOMINAL = frozenset({"n", "nr", "nrt", "nrfg", "ns", "nt", "nz", "eng", "j", "b", "an", "ng"})
_ZH_NAMED = {"place": ("ns",), "org": ("nt", "nz", "eng", "j", "ns", "nrt", "nr"), "name": ("nr", "nrt", "nrfg"),
             "job": ()}
_ZH_TRIGGER = {"org": {"在", "给", "到", "去", "进", "于", "替", "是"},
               "job": {"是", "当", "做", "干", "成为", "成了", "任", "当上"}}
_ZH_GENERIC = frozenset({"公司", "单位", "地方", "这里", "那里", "这边", "那边", "家", "工作", "城市", "学校", "大学",
                         "人", "东西", "时候", "现在", "一家", "朋友"})
_ZH_NAME_RUN = frozenset({"ns", "nt", "nz", "nr", "nrt", "nrfg", "eng", "j"})
_ZH_SKIP_FLAGS = ("m", "q", "t", "d", "r", "f", "mq")


def extract_value(clause: str, lang: str, kind: str) -> str:
    """Return the value of a ``kind`` slot said in ``clause`` ("" when none is found).

    Args:
        clause: the first-person clause.
        lang: "en" or "zh".
        kind: "place" (a city, a district), "org" (an employer, a school), "job" (a job title),
            "name" (a person's name).

    Returns:
        English: the first capitalised name span after the first word (not "I", a weekday or a
        month); else, for an org, job or place, the noun phrase after "at"/"for", "as a", "in".
        Chinese: the noun chunk (jieba tags) holding the first place / organisation / person
        tag, else the noun chunk after a preposition or verb that introduces such a value
        (在/给/到 …, 是/当/做 …). A generic noun alone ("公司", "家") is no value.
    """
    if lang == "zh" or has_han(clause):
        return _zh_value(clause, kind)
    return _en_value(clause, kind)


def _en_value(clause: str, kind: str) -> str:
    if kind != "job":
        me = _EN_ME.search(clause)  # the value follows the speaker: "Lena and I …" names no value of mine
        spans = sorted((m for m in _EN_NAME.finditer(clause) if me and m.start() >= me.end()),
                       key=lambda m: not _EN_PREP.search(clause[:m.start()]))
        for span in spans:
            words = span.group(0).split()
            while words and words[0].casefold().rstrip(",.!") in _EN_NOT_NAME:
                words.pop(0)
            if words:
                return " ".join(words).rstrip(".'")
    finder = _EN_AFTER.get(kind)
    if finder is None:
        return ""
    if kind == "job" and (lead := _EN_JOB_LEAD.search(clause)):
        title = _EN_WORDS.match(clause, lead.end())
        return " ".join(title.group(0).split()) if title else ""
    found = finder.search(clause)
    if found is None:
        return ""
    return " ".join(((found.group(1) or "") + found.group(2)).split()) if kind == "org" \
        else " ".join(found.group(2).split())


@functools.lru_cache(maxsize=4096)
def _zh_tags(text: str) -> tuple[tuple[str, str], ...]:
    return tuple((w.word, w.flag) for w in pos_cut(text))


def _chunk(tags: tuple[tuple[str, str], ...], start: int) -> tuple[str, int]:
    """The nominal chunk at ``start`` (numbers and measure words skipped first) and the index after it."""
    i = start
    while i < len(tags) and tags[i][1] in _ZH_SKIP_FLAGS:
        i += 1
    words: list[str] = []
    while i < len(tags):
        word, flag = tags[i]
        if flag in _ZH_NOMINAL or (words and flag == "vn"):
            words.append(word)
            i += 1
            continue
        break
    return "".join(words), i


def _zh_value(clause: str, kind: str) -> str:
    tags = _zh_tags(clause)
    me = next((i for i, (word, _) in enumerate(tags) if word.startswith("我")), None)
    if me is None:
        return ""
    tags = tags[me + 1:]  # the value follows the speaker: "LOL 我已经卸载了" states nothing of LOL
    for i, (_word, flag) in enumerate(tags):  # a name tag first: its run of name tags ("深圳南山", "望京SOHO")
        if flag in _ZH_NAMED.get(kind, ()):
            start = i
            while start > 0 and tags[start - 1][1] in _ZH_NAME_RUN:
                start -= 1
            end = i
            while end < len(tags) and tags[end][1] in _ZH_NAME_RUN:
                end += 1
            chunk = "".join(word for word, _ in tags[start:end])
            if chunk and chunk not in _ZH_GENERIC:
                return chunk
    found = ""
    for i, (word, _flag) in enumerate(tags):
        if word in _ZH_TRIGGER.get(kind, ()):
            chunk, end = _chunk(tags, i + 1)
            if kind == "job" and (not has_han(chunk) or (end < len(tags) and tags[end][0] == "的")):
                continue  # "我是曼联的球迷", "我用的是MacBook": no job title
            if chunk and chunk not in _ZH_GENERIC and len(chunk) <= 12:
                found = chunk
                if kind != "job":  # a job title is the last such chunk ("在咖啡店当店长")
                    break
    return found
