"""A count that changes: the count said later of the same thing replaces the earlier one (issue 13 §2).

"用户家里有两百多只羊" then "羊卖了一百一十只，留了九十来只"; "I keep about 180 hives" then "selling 150 of the hives,
keeping 30", then "stopped the 30 hobby hives as well, gave them to the club". The later turns name the thing and
what is left of it, but no slot cue reads them, so the first count stayed active (ranked first for "how many sheep
does he have now?"). ``count_changed`` finds the user's active statement counting that thing (it names the thing and
a number) and states the count now held under its key, ending it ("用户现在有九十来只羊", "User now has 30 hives"),
or, when the rest is given away or sold ("羊全卖了", "stopped the hives as well"), says the thing is no longer kept.
A change asked about, weighed or said of another person changes nothing. The cues are data
(``data/count_change.yaml``).
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from memory_core.model import Turn
from memory_core.pipeline.change_cues import Off, many, off_cues
from memory_core.pipeline.clauses import detect_lang
from memory_core.pipeline.held_change import Rows, change_said, held, stated_under
from memory_core.pipeline.own_words import items_subject, speaker_qualifier
from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped

__all__ = ["count_changed", "said_count"]

#: Words before a count that are no thing ("现在只剩五只鸡了": 现在).
_FILLER = re.compile(r"^(?:现在|目前|如今|已经|最近|也|就|只|还)+|^(?:now|only|just)$", re.IGNORECASE)
_SENTENCE = re.compile(r"[^。！!？?；;\n]+|(?<=[a-z])\.(?:\s|$)")
#: A number said in a statement: what makes it a count.
_NUMBER = re.compile(r"\d|[一二两三四五六七八九十百千万几](?:来|多)?[只头匹条箱群亩棵个]|\b(?:dozen|hundred|one|two|"
                     r"three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty)\b", re.IGNORECASE)


class _Cues(NamedTuple):
    """``data/count_change.yaml`` compiled: per language the patterns of a count kept and of a thing ended; a
    question, plan or wish, and another person, said before the change."""

    kept: dict[str, tuple[re.Pattern[str], ...]]
    ended: dict[str, tuple[re.Pattern[str], ...]]
    off: Off


@functools.lru_cache(maxsize=1)
def _cues() -> _Cues:
    """The cues, read and compiled once per process.

    Raises:
        OSError / yaml.YAMLError / KeyError: the shipped data file is missing or malformed (a packaging fault).
    """
    data = load_shipped("data", "count_change.yaml")
    return _Cues(kept=many(data, "kept"), ended=many(data, "ended"), off=off_cues(data))


def _group(m: re.Match[str], *names: str) -> str:
    return next((v.strip() for n in names if (v := m.groupdict().get(n))), "")


def said_count(text: str) -> list[tuple[str, str, str]]:
    """The counts a user's turn says changed: ``(thing, count now, lang)`` per sentence, the count "" when none is
    kept ("羊全卖了") and the thing "" when the sentence leaves it out.

    >>> said_count("羊卖了一百一十只，留了九十来只")
    [('羊', '九十来只', 'zh')]
    """
    cues, out = _cues(), []
    for sentence in _SENTENCE.findall(text):
        lang = detect_lang(sentence)
        for name, patterns in (("kept", cues.kept[lang]), ("ended", cues.ended[lang])):
            m = next((m for p in patterns if (m := p.search(sentence))), None)
            if m is None:
                continue
            said = sentence[:m.end()]
            if not (cues.off.asked.search(said) or cues.off.other.search(sentence[:m.start()] + _group(m, "x", "x2"))):
                count = _group(m, "m", "m2") if name == "kept" else ""
                out.append((_FILLER.sub("", _group(m, "x", "x3", "x2")), count, lang))
            break
    return out


def _names(description: str, thing: str, lang: str) -> bool:
    """True when a statement names ``thing`` ("羊" in "用户家里有两百多只羊", "hives" in "keeps about 180 hives")."""
    if lang == "zh":
        return bool(thing) and thing in description
    stem = thing.casefold().removesuffix("es" if thing.endswith("ies") else "s")
    return len(stem) > 2 and re.search(rf"\b{re.escape(stem)}", description.casefold()) is not None


def count_changed(turn: Turn, cands: list[Candidate], rows: Rows) -> list[Candidate]:
    """Return ``cands`` with each count change the turn says (``said_count``) stated under the key of the user's
    statement counting that thing, which it ends; the turn's own-words readings of it dropped (module docstring).

    Args:
        turn: a stored turn; only a user's turn is read.
        cands: the turn's candidates.
        rows: ``prefixes -> [(id, key, description)]`` of the user's active statements (read only for a turn
            saying a change).

    Raises:
        StoreError: the store failed while reading.
    """
    if turn.role != "user":
        return cands
    changes = said_count(turn.text)
    if not changes:
        return cands
    counts = held(rows, ("fact:", "gist:"), speaker_qualifier(turn.speaker))
    out = list(cands)
    for thing, count, lang in changes:
        counted = [key for key, text in counts if _NUMBER.search(text) and _names(text, thing, lang)]
        if not counted:
            continue
        subject = items_subject(turn.speaker.strip(), lang)
        if count:
            claim = f"现在有{count}{thing}" if lang == "zh" else f"now has {count} {thing}"
        else:
            claim = f"已经没有{thing}了" if lang == "zh" else f"no longer keeps {thing}"
        change = change_said(turn, counted[-1], lang, f"{subject}{claim}" if lang == "zh" else f"{subject} {claim}",
                             claim, f"a count changed: {thing} {count or 'none kept'}")
        out = stated_under(out, change, thing, lang)
    return out
