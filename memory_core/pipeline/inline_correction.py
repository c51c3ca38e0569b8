"""A value taken back within the turn that said it is replaced before it is stored (issue 13).

"My favourite colour is green. Wait no, I meant blue, green is Clara's." and 我喜欢喝美式咖啡，不对，我是说拿铁，
美式太苦了 say the wrong value and the right one in one turn: the statement read from the words before the cue
would store the wrong value, and the words after it make "User meant blue" / "用户是说拿铁". ``inline_corrected``
puts the right value into the statement and drops the statement of the cue's own words.

It acts only when the value right after the cue ("I meant blue", "我是说拿铁", "是一只狗") is wholly one word of a
closed class (a colour; a member of a category of ``data/categories.yaml``: drinks, kinds of pet, instruments …)
and a statement of the turn names another member of the same class said before the cue: "I like green tea, I mean,
I really love it" and 我喜欢喝拿铁，不对，是特别喜欢 change nothing.
"""

from __future__ import annotations

import dataclasses
import functools
import re

from memory_core.model import Turn
from memory_core.pipeline.correction_pair import COLOURS_EN, COLOURS_ZH
from memory_core.pipeline.slot_lexicon import canon_object
from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped
from memory_core.text.script import has_han, lang_of

__all__ = ["inline_corrected"]

# a cue that takes back what the turn just said, and the right value it opens ("wait no, I meant blue",
# 不对，我是说拿铁)
_CUE = re.compile(r"(?:\b(?:wait\s*,?\s*no|no\s*,?\s*wait|sorry|oops)\b[,\s]*)?"
                  r"\b(?:i\s+meant|i\s+mean|meant\s+to\s+say)[,:\s]+(?:(?:a|an|the)\s+)?(?P<en>[^,.;!?]{1,30})"
                  r"|(?:不对|说错了|口误|我说错了)[，,\s]*(?:我是说|我的意思是|应该是|是)(?:一[只个条杯件辆])?"
                  r"(?P<zh>[^，,。！!？?；;]{1,8})", re.IGNORECASE)


@functools.cache
def _classes() -> tuple[frozenset[str], ...]:
    """The closed classes a value taken back may belong to: the colours and each category's members, casefolded."""
    found = [frozenset(COLOURS_EN) | frozenset(COLOURS_ZH)]
    found += [frozenset(str(m).casefold() for m in entry.get("members", ()))
              for entry in load_shipped("data", "categories.yaml")]
    return tuple(found)


def _members_in(text: str, members: frozenset[str]) -> list[str]:
    """The members of one class that ``text`` names (whole words in English), longest first."""
    folded = text.casefold()
    return [m for m in sorted(members, key=len, reverse=True)
            if (m in folded if has_han(m) else re.search(rf"(?<![\w-]){re.escape(m)}(?![\w-])", folded))]


def inline_corrected(turn: Turn, cands: list[Candidate]) -> list[Candidate]:
    """``cands`` with a value taken back in the same turn replaced (module docstring); unchanged otherwise.

    Args:
        turn: the turn being planned; only a user's turn is read.
        cands: the turn's candidates.

    Returns:
        The candidates with the statement that named the wrong value said with the right one (its key too, when
        the key holds the wrong value), and without the statements of the cue's own words.
    """
    if turn.role != "user":
        return cands
    text = turn.text.replace("\u2019", "'")
    cue = _CUE.search(text)
    if cue is None or not text[:cue.start()].strip():
        return cands
    as_said = (cue.group("en") or cue.group("zh") or "").strip()
    new = as_said.casefold()
    said_before = text[:cue.start()]
    olds = [m for members in _classes() if new in members
            for m in _members_in(said_before, members) if m != new and new not in m]
    if not olds:
        return cands
    out: list[Candidate] = []
    for cand in cands:
        folded = cand.description.casefold()
        if not cand.is_event and cand.key.startswith("gist:") and new in folded and not any(o in folded for o in olds):
            continue  # "User meant blue", "用户是说拿铁": the cue's own words
        span = None if cand.is_event or new in folded else _span(folded, olds)
        if span is None:
            out.append(cand)
            continue
        old = folded[span[0]:span[1]]
        said = cand.description[:span[0]] + as_said + cand.description[span[1]:]
        key = cand.key
        if old in key.casefold():  # "pref:美式咖啡": the key of the right object
            head, _, obj = key.partition(":")
            lang = lang_of(said)
            key = f"pref:{canon_object(obj.casefold().replace(old, new), lang)}" if head == "pref" \
                else key.casefold().replace(old, new)
        value = as_said if cand.value.casefold() == old else cand.value  # the value corrected, as the key is
        out.append(dataclasses.replace(cand, description=said, claim=said, key=key, value=value,
                                       notes=[*cand.notes, f"correction: {new}, not {old}"]))
    return out


def _span(folded: str, olds: list[str]) -> tuple[int, int] | None:
    """The first run of ``folded`` that members in ``olds`` cover end to end ("美式咖啡": 美式 and 咖啡), or None."""
    covered: list[tuple[int, int]] = sorted((m.start(), m.end()) for old in olds
                                            for m in re.finditer(re.escape(old), folded))
    if not covered:
        return None
    start, end = covered[0]
    for at, stop in covered[1:]:
        if at > end + (0 if has_han(folded[start:end]) else 1):
            break
        end = max(end, stop)
    return start, end
