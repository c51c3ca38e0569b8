"""A new thing of the same kind replaces the old and keeps its name (issue 13: the write path stays true under
change).

Three gaps of the possession slot (``owns``, one phone, one laptop … at a time), each closed here:

- the model said in apposition after the kind ("Got a new phone, an iPhone 16"): the slot's cue reads the kind
  ("User has phone"); ``with_models`` puts the model in its place, so the item says which phone (a maker said in
  Chinese keeps the kind after it, "买了辆电瓶车，雅迪的" -> "用户有雅迪电瓶车"; a plain 车 said of an e-bike maker,
  "换了辆新车 台铃的", is that e-bike);
- the acquisition said with no "I" ("upgraded to a Pixel 9 last week", "入了台iPhone 16", "换了台ThinkPad"):
  ``acquired`` reads the clause as the user's own ("I upgraded to …", "我买了台…") through the extractor, and keeps
  only its possession statements, so the new thing replaces the old by the slot's key;
- a model number read as a new detail of the old thing ("User uses Samsung Galaxy S22" revised to "… S9" by
  "upgraded to a Pixel 9", "… Pixel 7" to "Pixel 15" by "got my mom … an iPhone 15"): ``kept_models`` drops a
  revision of a thing's name that the turn does not name by that thing's own brand or model.

A thing got for another person ("got my mom a new phone", "给我妈买了台手机"), a question or a plan ("should I get
an iPhone?", "想入一台…") is no acquisition of the user's.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence

from memory_core.model import Turn
from memory_core.pipeline.clauses import APOSTROPHES
from memory_core.pipeline.owned_things import ROW_PREFIXES, holds, kinds_in, marks_in
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.types import Candidate
from memory_core.store.write_ops import HitOp, Op, UpdateOp
from memory_core.text.script import has_han

__all__ = ["acquired", "kept_models", "with_models"]

_I = re.IGNORECASE
_LATIN = re.compile(r"[A-Za-z]*\d[\w+-]*|[A-Z][\w+-]*")
_OWNS = "fact:owns:"
_KIND_WORD = {"phone": r"(?<![A-Za-z])(?:smart)?phone|手机", "laptop": r"(?<![A-Za-z])(?:laptop|computer)|电脑|笔记本",
              "car": r"(?<![A-Za-z])car|车",
              "bike": r"(?<![A-Za-z])(?:bike|bicycle|scooter)|自行车|单车|电动车|电瓶车|小?电驴|摩托车"}
# a number that counts something ("a Switch 2 days ago", "my Kindle, 3 years old", "iPad 用了3年") is no model
_UNIT = (r"(?i:days?|weeks?|months?|years?|yrs?|hours?|hrs?|minutes?|mins?|times?|kids?|people|km|miles?|kg|lbs?"
         r"|gb|tb)\b|%|[天周年月次个岁块元]|小时|分钟|星期|公里")
# ", an iPhone 16", " - a Pixel 9", ": the MacBook Air M3"
_APPOSED = re.compile(r"(?:\s*(?:,|:|-|–|—|\(|，|：|（)|\s+(?=[\u4e00-\u9fff]))\s*"  # "新车 台铃的": a space too
                      r"(?:(?:an?|the|it's\s+an?|a\s+new|the\s+new)\s+)?"
                      r"(?P<model>[\u4e00-\u9fff]{0,4}(?:[a-z]*[A-Z][\w+-]*|\d+[\w+-]*)"
                      r"(?:\s*(?:[a-z]*[A-Z][\w+-]*|\d+[A-Za-z0-9+-]*(?![A-Za-z0-9])(?!\s*(?:" + _UNIT + r"))"
                      r"|Pro|Max|Plus|Air|Ultra|mini)){0,3}|[\u4e00-\u9fff]{2,4}?(?=的|[^\u4e00-\u9fff]|$))")
_EN_LEAD = r"^(?:(?:so|well|yeah|ok|okay|anyway|also|and|oh|finally|just|lol)[,\s]+)*"
_EN_GOT = re.compile(_EN_LEAD + r"(?P<verb>(?:finally\s+|just\s+)?(?:got|bought|upgraded\s+to|"
                     r"switched\s+(?:over\s+)?to|"
                     r"picked\s+up|grabbed|treated\s+myself\s+to))\s+(?P<rest>.+)$", _I)
_ZH_GOT = re.compile(r"^(?:终于|刚刚?|前几天|上周|昨天|今天|最近)*"
                     r"(?:新?入了|入手了|新买了|剁手了|(?:新|又)?(?:买|换|提)了(?=一?[台部辆个]))(?P<rest>.+)$")
_NOT = re.compile(r"\?|？|\b(?:if|should|could|would|might|thinking|want|wanna|planning|gonna)\b"
                  r"|想|要不要|打算|如果", _I)
# for another person: "got my mom a new phone", "bought it for my sister", 给我妈买了
_FOR_OTHER = re.compile(r"\b(?:got|bought|grabbed|picked\s+up)\s+(?:my|our|his|her|their)\s+(?!(?:new|old|first|own)\b)"
                        r"[a-z]+\s+(?:a|an|the)\b|\bfor\s+(?:my|our|his|her|their)\s+(?!(?:own|self)\b)\w+|给(?!自己)",
                        _I)
_CLAUSE = re.compile(r"[.;!\n。！；，]+|,\s*(?=(?:and|but|so|then)\b)")


def with_models(turn: Turn, cands: Sequence[Candidate]) -> list[Candidate]:
    """``cands`` with the kind of each possession statement replaced by the model the turn names right after it
    ("Got a new phone, an iPhone 16": "User has phone" -> "User has iPhone 16"). Others unchanged."""
    out = list(cands)
    for n, cand in enumerate(out):
        if cand.key.startswith(_OWNS) and cand.polarity >= 0 and (longer := _numbered(cand.description, turn.text)):
            out[n] = cand = dataclasses.replace(cand, description=longer)  # "入了台iPhone 16": not just "iPhone"
        kind = cand.key.removeprefix(_OWNS).split("@")[0] if cand.key.startswith(_OWNS) else ""
        word = _KIND_WORD.get(kind)
        if not word or cand.polarity < 0 or not re.search(rf"(?:{word})$", cand.description, _I):
            continue
        said = re.search(rf"(?:{word})(?![A-Za-z])(?P<after>.*)", turn.text.translate(APOSTROPHES), _I)
        found = _APPOSED.match(said.group("after")) if said else None
        if found is None or not (kind in kinds_in(found.group("model")) or marks_in(found.group("model"))
                                 or _maker_model(found.group("model"), kind)):
            continue
        model = found.group("model").strip()
        other = kinds_in(model) - {kind}
        assert said is not None
        if other and (other != {"bike"} or said.group(0)[:said.start("after") - said.start()] != "车"):
            continue  # a thing of another kind
        if other:  # "换了辆新车，台铃的": a plain 车 said of an e-bike is that e-bike
            cand = dataclasses.replace(cand, key=_OWNS + "bike" + cand.key[len(_OWNS) + len(kind):])
        head = re.search(rf"(?:{word})$", cand.description, _I)
        assert head is not None
        if has_han(model) and not model.isascii() and has_han(head.group()) and not _LATIN.search(model):
            model += head.group()  # "买了辆电瓶车，雅迪的": 雅迪电瓶车, the kind kept after a maker said in Chinese
        out[n] = dataclasses.replace(cand, description=cand.description[:head.start()] + model,
                                     claim=cand.claim[:len(cand.claim) - len(head.group())] + model
                                     if cand.claim.endswith(head.group()) else cand.claim)
    return out


def _maker_model(model: str, kind: str) -> bool:
    """True when ``model`` is a maker the possession slot keys as ``kind`` with its model after it ("小米14",
    "华为 Mate 60": ``Attribute.key_object``); a maker alone ("小米", also millet) is none."""
    owns = next((a for a in lexicon().attributes if a.id == "owns"), None)
    folded = model.strip().casefold()
    return owns is not None and folded not in owns.key_objects and owns.key_object(folded) == kind


def _numbered(description: str, text: str) -> str:
    """``description`` with the model number or suffix the turn says after its last Latin name ("用户有iPhone" and
    "入了台iPhone 16" -> "用户有iPhone 16"); "" when there is none."""
    last = re.search(r"([A-Za-z][\w+-]*)$", description)
    if last is None:
        return ""
    said = re.search(rf"(?<![A-Za-z0-9]){re.escape(last.group(1))}"
                     rf"(?P<more>(?:\s*(?:\d+[A-Za-z0-9+-]*|Pro|Max|Plus|Ultra|mini)(?![A-Za-z0-9])"
                     rf"(?!\s*(?:{_UNIT})))+)", text)
    return description + said.group("more") if said else ""


def _clauses(text: str) -> list[str]:
    return [c.strip(" ,，") for c in _CLAUSE.split(text.translate(APOSTROPHES)) if c.strip(" ,，")]


def acquired(turn: Turn, cands: Sequence[Candidate], extract: Callable[[Turn], list[Candidate]]) -> list[Candidate]:
    """``cands`` and the possession statements of the turn's clauses that say, with no subject, a thing the user
    got ("upgraded to a Pixel 9 last week" -> "User has Pixel 9"; "入了台iPhone 16" -> "用户有iPhone"), when the
    turn has none of its own. A question, a plan or a thing got for another person adds nothing.

    Args:
        turn: the turn; extract: the extractor (``Extractor.extract``), run on "I <clause>" / "我买了<clause>".
    """
    if turn.role != "user" or any(c.key.startswith(_OWNS) and not c.is_event for c in cands):
        return list(cands)
    added: list[Candidate] = []
    for clause in _clauses(turn.text):
        en = _EN_GOT.match(clause)
        zh = None if en else _ZH_GOT.match(clause)
        if (en is None and zh is None) or _NOT.search(clause) or _FOR_OTHER.search(clause):
            continue
        rest = en.group("rest") if en else zh.group("rest") if zh else ""
        if not (kinds_in(rest) or (marks_in(rest) and kinds_in(clause))):
            continue
        said = f"I {en.group('verb')} {rest}" if en else f"我买了{rest}"
        for cand in with_models(turn, extract(dataclasses.replace(turn, text=said))):
            if cand.key.startswith(_OWNS) and not cand.is_event and cand.polarity >= 0:
                cand.evidence = turn.text
                added.append(cand)
    return [*cands, *added]


def kept_models(turn: Turn, ops: Sequence[Op], rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]]
                ) -> list[Op]:
    """``ops`` without the revisions (and their hits) that rewrite the name of a thing of the user's when the turn
    names that thing by none of its own marks ("upgraded to a Pixel 9" never makes "Galaxy S22" a "Galaxy S9").

    Args:
        turn: the turn; ops: its ops so far; rows: ``rows(prefixes)`` -> the user's active ``(id, key, text)``.
    """
    updates = [op for op in ops if isinstance(op, UpdateOp) and op.new_description]
    if not updates:
        return list(ops)
    text = {item_id: description for item_id, _, description in rows(ROW_PREFIXES)}
    dropped: set[str] = set()
    for op in updates:
        old = text.get(op.item_id)
        if old is None or not kinds_in(old) or op.new_description is None:
            continue
        marks = [m for m in marks_in(old) if not any(ch.isdigit() for ch in m)]
        changed = [w for w in _LATIN.findall(old) if not holds(op.new_description, w)]
        if changed and not any(holds(turn.text, m) for m in marks):
            dropped.add(op.item_id)
    return [op for op in ops if not (isinstance(op, (UpdateOp, HitOp)) and op.item_id in dropped)]
