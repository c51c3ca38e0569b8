"""A part of a setup the user replaced by a newer one of its kind is replaced in the statement of the setup (issue
13: the write path stays true under change).

A new-user trial kept "User's setup is a ryzen 7 7800x3d + rtx 4070 super" current after "upgraded to the 4090
finally. sold the 4070 super to my buddy Marco": the setup is a possession made of parts, each named by its model
("rtx 4070 super", "ryzen 7 7800x3d", "3060显卡"), and neither the possession slot (one phone, one car) nor an end
of the whole thing (``owned_end``) reads a change of one part.

``swaps`` reads what a turn says was put in, each with the kind or the old part it replaces: "upgraded (the GPU)
(from the 3080) to the 4090", "swapped the 3080 for a 4080 super", "got an RTX 4090", "显卡换成4070了", "CPU升级到了
5800X3D"; a part said sold in the same turn ("sold the 4070 super", "3060卖了") is the one replaced when the new one
is named by its model only. ``part_swap_ops`` then revises each of the user's active statements that names two or
more parts (a setup) and one of that kind or model: the old part's model gives way to the new, its kind word kept
("rtx 4070 super" -> "rtx 4090"), the other parts untouched; the turn's own hit, revision or end of that statement is
dropped. A question, a plan or a wish changes nothing. The kinds and their words are data:
``data/setup_parts.yaml``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from memory_core.model import Kind, Turn
from memory_core.pipeline.clauses import APOSTROPHES
from memory_core.pipeline.word_alt import word_alternation as _alt
from memory_core.shipped_yaml import load_shipped
from memory_core.store.write_ops import AddOp, EndOp, HitOp, Op, UpdateOp

__all__ = ["Swap", "part_kinds", "part_swap_ops", "setup_parts", "swaps"]

_I = re.IGNORECASE
_NOT = re.compile(r"\?|？|\b(?:if|should|could|would|might|thinking|want|wanna|planning|gonna|going\s+to|"
                  r"considering|hope|wish)\b|想|要不要|打算|准备|考虑|如果|等.{0,6}再", _I)
_SEP = re.compile(r"\s*(?:\+|,|，|、|;|；|/|&|\band\b|\bwith\b|\bplus\b|加上?|配(?:了|上)?|和)\s*", _I)
_PREFIXES = ("gist:", "fact:owns:")


@dataclass(frozen=True, slots=True)
class Swap:
    """A part a turn says was put in (``new``, its words as said) and what it replaces: the kinds said (``kinds``,
    e.g. {"gpu"}) and the model of the old part said, if any (``old``)."""

    new: str
    kinds: frozenset[str] = frozenset()
    old: str = ""


@dataclass(frozen=True, slots=True)
class _Part:
    start: int  # where the model (the words to replace) starts in the statement
    end: int
    kinds: frozenset[str]
    tokens: frozenset[str]
    lead: str  # the kind word the model follows ("rtx" of "rtx 4070 super"), or ""
    lead_start: int


@functools.cache
def _data() -> tuple[dict[str, tuple[str, ...]], tuple[str, ...]]:
    """Kind -> its words (case-folded, longest first), and the model suffixes; read once."""
    data = load_shipped("data", "setup_parts.yaml")
    kinds = {kind: tuple(sorted({str(w).casefold() for lang in ("en", "zh") for w in words.get(lang, ())},
                                key=len, reverse=True))
             for kind, words in data["kinds"].items()}
    return kinds, tuple(str(s).casefold() for s in data["suffixes"])


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    kinds, suffixes = _data()
    kind = _alt([w for ws in kinds.values() for w in ws])
    suffix = rf"(?:\s*(?:{_alt(suffixes)})(?![A-Za-z0-9]))*"
    # "rtx 4070 super", "ryzen 7 7800x3d", "R5 5600", "i5-12400"
    model = (rf"(?:(?:{kind})(?![A-Za-z0-9-])\s*(?:\d{{1,2}}\s+)?)?[A-Za-z]*\d[A-Za-z0-9-]*"
             rf"(?:\s+\d{{3,}}[A-Za-z0-9-]*)?{suffix}")
    the = r"(?:(?:the|a|an|my|our|new|old)\s+)*"
    return {
        "model": re.compile(model, _I),
        "kind": re.compile(rf"(?<![A-Za-z0-9])(?:{kind})(?![A-Za-z0-9-])", _I),
        # "upgraded (the gpu) (from the 3080) to the 4090", "went to a 4090"
        "en_to": re.compile(rf"\b(?:upgraded|switched|moved|went|stepped\s+up|jumped)\s+(?:{the}(?P<k>{kind})\s+)?"
                            rf"(?:from\s+{the}(?P<old>{model})\s+)?to\s+{the}(?P<new>{model})", _I),
        # "swapped the 3080 for a 4080 super", "replaced my old gpu with an rx 7900 xt"
        "en_for": re.compile(rf"\b(?:swapped|replaced|traded)\s+(?:out\s+)?{the}(?:(?P<old>{model})|(?P<k>{kind}))"
                             rf"\s+(?:out\s+)?(?:for|with)\s+{the}(?P<new>{model})", _I),
        # "got an RTX 4090", "put in a 7800x3d"
        "en_got": re.compile(rf"\b(?:got|bought|picked\s+up|grabbed|put\s+in|installed|slapped\s+in|ordered)\s+"
                             rf"(?:myself\s+)?{the}(?P<new>{model})", _I),
        "en_sold": re.compile(rf"\b(?:sold|gave\s+away|got\s+rid\s+of|traded\s+in|ditched|flipped)\s+(?:off\s+)?"
                              rf"{the}(?P<old>{model})", _I),
        # "显卡换成4070了", "CPU升级到了5800X3D", "换了块4070", "上了个7800X3D"
        "zh_to": re.compile(rf"(?:(?P<old>{model})|(?P<k>{kind}))?(?:也|终于|刚|已经|总算)*"
                            rf"(?:换成了?|换了(?:个|块|张|颗|条|根)?|升级(?:到|成)了?|上了(?:个|块|张|颗|条|根)|"
                            rf"入了(?:个|块|张|颗|条|根)?)\s*(?P<new>{model})", _I),
        "zh_sold": re.compile(rf"(?P<old>{model})(?:也|已经)?(?:卖了|卖掉了|出了|出掉了|送人了|转手了)", _I),
    }


def part_kinds(words: str) -> frozenset[str]:
    """The kinds of part ``words`` names ("rtx 4090" -> {"gpu"}, "3060显卡" -> {"gpu"}, "4090" -> {})."""
    kinds, _ = _data()
    low = words.casefold()
    return frozenset(kind for kind, ws in kinds.items()
                     if any(re.search(rf"(?<![a-z0-9]){re.escape(w)}(?![a-z])", low) if w.isascii() else w in low
                            for w in ws))


def _tokens(words: str) -> frozenset[str]:
    """The model numbers of ``words`` ("rtx 4070 super" -> {"4070"}, "i5-12400" -> {"i5-12400"})."""
    return frozenset(t.casefold() for t in re.findall(r"[A-Za-z]*\d[A-Za-z0-9-]*", words) if len(t) >= 3)


def setup_parts(description: str) -> list[_Part]:
    """The parts a statement names, each a model with its kind ("… ryzen 7 7800x3d + rtx 4070 super" -> two parts);
    a statement of fewer than two parts names no setup and yields []."""
    pattern = _patterns()["model"]
    out: list[_Part] = []
    pos = 0
    for piece in _SEP.split(description):
        at = description.find(piece, pos)
        pos = at + len(piece)
        found = pattern.search(piece)
        if found is None or not _tokens(found.group()):
            continue
        kinds = part_kinds(piece)
        lead = _patterns()["kind"].match(found.group())
        start = at + found.start() + (_lead_end(found.group()) if lead else 0)
        out.append(_Part(start, at + found.end(), kinds, _tokens(found.group()), lead.group() if lead else "",
                         at + found.start()))
    return out if len(out) >= 2 else []


def _lead_end(model: str) -> int:
    """Where the model number starts after a kind word that opens ``model`` ("rtx 4070" -> 4)."""
    lead = _patterns()["kind"].match(model)
    assert lead is not None
    rest = re.match(r"\s*(?:\d{1,2}\s+(?=\S*\d))?", model[lead.end():])
    return lead.end() + (rest.end() if rest else 0)


def swaps(text: str) -> list[Swap]:
    """The parts ``text`` says the user put in, each with the kind or old part it replaces ("upgraded to the 4090
    finally. sold the 4070 super" -> [Swap("4090", old="4070 super")]); [] for a question, a plan or a wish."""
    text = text.translate(APOSTROPHES)
    pats = _patterns()
    out: list[Swap] = []
    sold = [m.group("old") for m in (*pats["en_sold"].finditer(text), *pats["zh_sold"].finditer(text))]
    for clause in re.split(r"[.!;\n。！；，]+|,\s*", text):
        if not clause.strip() or _NOT.search(clause):
            continue
        for name in ("en_to", "en_for", "en_got", "zh_to"):
            for m in pats[name].finditer(clause):
                groups = m.groupdict()
                new, old, said = m.group("new"), groups.get("old") or "", groups.get("k") or ""
                if not _tokens(new):
                    continue
                kinds = part_kinds(new) or part_kinds(said) or part_kinds(old)
                if not old and len(sold) == 1 and _tokens(sold[0]) != _tokens(new):
                    old = sold[0]
                if (kinds or old) and all(s.new != new.strip() for s in out):
                    out.append(Swap(new.strip(), kinds, old.strip()))
    return out


def _replaced(description: str, swap: Swap) -> str:
    """``description`` with the part ``swap`` replaces given way to the new; "" when it names none or several."""
    parts = setup_parts(description)
    old = _tokens(swap.old)
    hit = [p for p in parts if (old and p.tokens & old) or (not old and swap.kinds and p.kinds == swap.kinds)]
    if len(hit) != 1 or hit[0].tokens & _tokens(swap.new):
        return ""
    part = hit[0]
    new, start = swap.new, part.start
    if part.lead and (lead := _patterns()["kind"].match(new)):
        if lead.group().casefold() == part.lead.casefold():
            new = new[_lead_end(new):]  # "rtx 4070 super" and "an RTX 4090": the kind word once
        else:
            start = part.lead_start  # "rtx 4070 super" and "an rx 7900 xt": another maker's line
    return description[:start] + new + description[part.end:]


def _restates(op: Op, new: list[str]) -> bool:
    """True when ``op`` adds a statement of the turn's own (not its event) naming a part the setup now holds
    ("用户显卡换成4070了" beside the setup revised to "…加4070显卡")."""
    if not isinstance(op, AddOp) or op.item.kind is Kind.EVENT:
        return False
    low = op.item.description.casefold()
    return any(re.search(rf"(?<![a-z0-9]){re.escape(t)}(?![a-z0-9])", low) for t in new)


def part_swap_ops(turn: Turn, ops: Sequence[Op], rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]]
                  ) -> list[Op]:
    """``ops`` with each of the user's statements of a setup whose part the turn says was replaced revised
    (``UpdateOp``, the new part in the old one's place), and the turn's other hits, revisions and ends of it
    dropped.

    Args:
        turn: the turn (a user turn; any other role returns ``ops`` unchanged).
        ops: the turn's ops so far.
        rows: ``rows(prefixes)`` -> the user's active ``(id, key, description)`` rows (read only when the turn
            says a part was put in).
    """
    if turn.role != "user":
        return list(ops)
    said = swaps(turn.text)
    if not said:
        return list(ops)
    revised: dict[str, str] = {}
    for item_id, key, description in rows(_PREFIXES):
        if "/" in key:
            continue  # another person's
        text = description
        for swap in said:
            text = _replaced(text, swap) or text
        if text != description:
            revised[item_id] = text
    if not revised:
        return list(ops)
    new = [t for swap in said for t in _tokens(swap.new)]
    out: list[Op] = [op for op in ops if not (isinstance(op, (HitOp, UpdateOp, EndOp)) and op.item_id in revised)
                     and not _restates(op, new)]
    reason = f"换了部件：{turn.text}" if re.search(r"[\u4e00-\u9fff]", turn.text) else f"part replaced: {turn.text}"
    out += [UpdateOp(item_id, reason, new_description=text, turn_id=turn.turn_id, at=turn.timestamp)
            for item_id, text in revised.items()]
    return out
