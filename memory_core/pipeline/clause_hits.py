"""One clause, one statement: the slot hits of a clause that say the same thing twice, or too much.

``one_statement`` settles the hits ``slots.read_clause`` found in one clause:

- "I go bouldering on weekends", "我每周末去打羽毛球": the hobby, not also a routine of the same activity;
- "我每天骑电动车上班", "I cycle to work every day": the commute, not also a routine of the same trip;
- "我老婆在上海工作": where another person works is not also where they live;
- "we got a second cat, Luna", "又养了一只猫叫花花": one more pet of a species the user has is keyed by its
  own name (``fact:pet:cat:luna``), an item beside the first, never its new value;
- "我养了一只猫和一只狗", "I have a cat and a dog": one hit per kind named side by side, so each ends alone.

``title_once``: "我在X当前端工程师": the title is the occupation's item, not also part of the employer's.
(issue 13 §3: one statement becomes one item per thing it says.)
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from memory_core.pipeline.slot_lexicon import Lexicon, lexicon
from memory_core.text.script import lang_of

if TYPE_CHECKING:
    from memory_core.pipeline.slots import SlotHit

__all__ = ["one_statement", "title_once"]


def one_statement(hits: list[SlotHit], subject: str, another: re.Pattern[str], said: str) -> list[SlotHit]:
    """The hits of one clause, each thing said once (see the module docstring).

    Args:
        hits: the clause's slot hits, in the order found.
        subject: "" for the user, else the other person the clause opens on ("老婆").
        another: the lexicon's ``another`` marker ("a second", "又养").
        said: the clause and its turn, case-folded (where the marker is looked for).
    """
    done = [Lexicon._fold(h.value, "en") for h in hits if h.attr.id == "hobby" and h.polarity > 0 and h.value]
    commute = any(h.attr.id == "commute" and h.polarity > 0 for h in hits)
    out = [h for h in hits if not (h.attr.id == "routine" and h.polarity > 0
                                   and (commute or any(v and v in Lexicon._fold(h.value, "en") for v in done)))]
    if subject:
        worked = {h.value for h in out if h.attr.id == "works_at"}
        out = [h for h in out if not (h.attr.id == "lives_in" and h.value in worked)]
    for hit in out:
        if hit.attr.key_group == "species" and hit.polarity > 0 and not hit.detail and another.search(said):
            hit.key = f"{hit.key}:{Lexicon._fold(hit.value, 'en').replace(' ', '_') or 'another'}"
    return _side_by_side(out, said.partition("\n")[0])


# what stands between two kinds named side by side: a joint and a count ("猫和一只狗", "a cat and a dog")
_KIND_JOINT = re.compile(r"^\s*(?:和|跟|与|、|还有|以及|,|，|and|&)\s*"
                         r"(?:(?:[一两二三四五]|\d)?[只条个头]|a|an|one|two|\d)?\s*$")


def _side_by_side(hits: list[SlotHit], clause: str) -> list[SlotHit]:
    """One hit per kind of pet a clause names side by side ("我养了一只猫和一只狗", "I have a cat and a dog"): the
    kinds after the one the slot read are hits of their own (their own keys, ``fact:pet:dog``), so each can end
    alone. ``clause`` is case-folded."""
    lex = lexicon()
    out = list(hits)
    for hit in hits:
        if hit.attr.key_group != "species" or hit.polarity <= 0 or hit.detail or hit.value or not hit.obj:
            continue
        named = _kinds_in(clause, lex)
        first = next((n for n, (_, _, word, oid) in enumerate(named)
                      if oid == hit.obj and word in hit.claim.casefold()), None)
        if first is None:
            continue
        seen, (_, end, said, _) = {hit.obj}, named[first]
        for start, stop, word, oid in named[first + 1:]:
            if not _KIND_JOINT.match(clause[end:start]):
                break
            end = stop
            if oid not in seen:
                seen.add(oid)
                at = hit.claim.casefold().find(said)
                out.append(replace(hit, obj=oid, key=f"{hit.key.rpartition(':')[0]}:{oid}",
                                   claim=hit.claim[:at] + word + hit.claim[at + len(said):]))
    return out


def _kinds_in(clause: str, lex: Lexicon) -> list[tuple[int, int, str, str]]:
    """(start, end, word, object id) of the kinds of pet ``clause`` names, in order, the longest word at a place."""
    lang = lang_of(clause)
    words = {w: o for table in (lex.surface[lang], lex.kind_of[lang]) for w, o in table.items()
             if lex.category.get(o) == "species"}
    found: list[tuple[int, int, str, str]] = []
    for word in sorted(words, key=len, reverse=True):
        pattern = re.escape(word) if lang == "zh" else rf"\b{re.escape(word)}s?\b"
        for m in re.finditer(pattern, clause):
            if not any(s < m.end() and m.start() < e for s, e, _, _ in found):
                found.append((m.start(), m.end(), word, words[word]))
    return sorted(found)


def title_once(hits: list[SlotHit]) -> None:
    """"我在X当前端工程师": the title is the occupation's item, not also a part of the employer's, so a later
    title ("升成组长") is not left standing inside the employer's item (the employer's claim loses its job)."""
    titles = {(h.subject, _ARTICLE.sub("", h.value)) for h in hits
              if h.attr.id == "occupation" and h.polarity > 0 and h.value}
    if not titles:
        return
    for hit in hits:
        if hit.attr.id == "works_at" and hit.polarity > 0:
            m = _WITH_JOB.search(hit.claim)
            if m is not None and (hit.subject, _ARTICLE.sub("", m.group("job").strip())) in titles:
                hit.claim = hit.claim[:m.start()]


# "a senior data scientist" (the title) is the job of "works at Spotify as senior data scientist"
_ARTICLE = re.compile(r"^(?:a|an|the)\s+", re.IGNORECASE)
_WITH_JOB = re.compile(r"(?:，做|\s+as\s+)(?P<job>[^，,]+)$")
