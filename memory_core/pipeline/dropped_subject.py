"""A clause that leaves out what its verb needs belongs to the thing named just before it (zero anaphora).

"我有哮喘。换季的时候容易发作" says the asthma flares up when the seasons change; "以前每天一杯奶茶，现在为了减肥戒了"
says the milk tea was given up. Chinese leaves such a subject or object out when the clause before names it
(Li and Thompson 1981, ch. 24), and chat does it in English too ("I have eczema. Flares up every winter."). Read
alone, the clause becomes the user's own statement ("用户换季的时候容易发作", "用户现在为了减肥戒了"), which is
false of the user and ends nothing. ``restored`` joins a clause whose verb needs a subject (发作, flares up) to the
turn's fact named before it ("用户有哮喘，换季的时候容易发作"), says a clause whose verb needs an object (戒了,
gave it up) as giving up the thing the turn liked before it, and otherwise keeps neither as a fact of its own
(the turn stays an event). The words are data (``data/dropped_subject.yaml``).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable

from memory_core.model import Turn
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.stop_again import BARE_STOP, elided_stop
from memory_core.pipeline.types import Candidate
from memory_core.pipeline.word_alt import word_alternation as _alt
from memory_core.shipped_yaml import load_shipped

__all__ = ["dropped", "restored"]


@functools.lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    """Per language, a clause opening on its verb after frame words only (groups ``subj`` / ``obj``).

    Raises:
        OSError / yaml.YAMLError / KeyError: the shipped data file is missing or malformed (a packaging fault).
    """
    data = load_shipped("data", "dropped_subject.yaml")
    zh, en = data["zh"], data["en"]
    zh_when = rf"(?:{_alt(zh['when_opens'])})[^，,。！!？?\s]{{0,5}}?(?:的时候|时候|以后|之后)"  # "吃海鲜以后"
    zh_frame = rf"(?:{_alt(zh['frame'])}|{zh_when}|[为因]了?[^，,。！!？?\s]{{1,6}}?(?=[戒停]))"
    en_frame = rf"(?:(?:{_alt(en['frame'])})\s+)"
    return {
        "zh": re.compile(rf"^{zh_frame}*(?:(?P<subj>{_alt(zh['needs_subject'])})|(?P<obj>{_alt(zh['needs_object'])}))"),
        "en": re.compile(rf"^{en_frame}*(?:(?P<subj>{_alt(en['needs_subject'])})|(?P<obj>{_alt(en['needs_object'])}))"
                         r"\b", re.IGNORECASE),
    }


def dropped(claim: str, lang: str) -> str | None:
    """"subject" or "object" when ``claim`` (a clause, no subject) opens on a verb missing that, else None.

    "换季的时候容易发作" -> "subject"; "现在为了减肥戒了" -> "object"; "flares up every winter" -> "subject";
    "哮喘换季的时候容易发作" and "每天一杯奶茶" -> None.
    """
    m = _patterns()[lang].match(claim.strip())
    if m is None:
        return None
    return "subject" if m.group("subj") else "object"


def _surface(thing: str, claim: str, lang: str) -> str:
    """The name of the lexicon object ``thing`` ("milk tea") as ``claim`` says it ("喝奶茶" -> "奶茶"), else
    ``thing``."""
    names = [n for n, oid in lexicon().surface[lang].items() if oid == thing and n and n in claim]
    return max(names, key=len) if names else thing


def _own_words(cand: Candidate) -> bool:
    """True for a statement kept in the user's own words, or a like read from its whole clause ("喝啤酒的时候容易
    发作" is no like of beer)."""
    return not cand.is_event and not cand.restate_only and cand.key.startswith(("gist:", "pref:"))


def restored(turn: Turn, cands: list[Candidate], extract: Callable[[Turn], list[Candidate]]) -> list[Candidate]:
    """``cands`` with each own-words clause missing its subject or object (``dropped``) given back its thing.

    A missing subject: the clause is joined to the turn's last positive statement before it (of the same
    speaker, a slot's or in own words);
    a missing object: the clause is read as giving up the thing of the turn's last like or habit before it
    (``extract`` of "我戒了<thing>" / "I quit <thing>", which replaces that like); with nothing before it, the
    clause is dropped (the turn's event keeps it), but for a bare stop ("又戒了", ``stop_again.elided_stop``), left
    for ``stop_again`` to read as the stop of the habit the user holds.
    """
    if not any(_own_words(c) and dropped(c.claim, c.lang) for c in cands):
        return cands
    out: list[Candidate] = []
    for cand in cands:
        what = dropped(cand.claim, cand.lang) if _own_words(cand) else None
        if what is None:
            out.append(cand)
            continue
        heads = ("fact:", "gist:") if what == "subject" else ("pref:",)
        before = [c for c in out if not c.is_event and not c.restate_only and c.polarity > 0
                  and c.speaker == cand.speaker and c.key.startswith(heads)]
        if not before:
            if what == "object" and elided_stop(cand.description) is not None:
                # "又戒了" alone: the stop of the habit held (``stop_again``, with the store)
                cand.notes.append(BARE_STOP)
                out.append(cand)
            continue
        held = before[-1]
        if what == "subject":
            sep = "，" if held.lang == "zh" else "; "
            held.description = f"{held.description}{sep}{cand.claim}"
            held.claim = f"{held.claim}{sep}{cand.claim}"
            continue
        thing = _surface(held.key.split(":", 1)[1].split("@", 1)[0], held.claim, held.lang)
        said = f"我戒了{thing}" if cand.lang == "zh" else f"I quit {thing}"
        quit_ = [dataclasses.replace(c, evidence=turn.text) for c in extract(dataclasses.replace(turn, text=said))
                 if not c.is_event and c.polarity < 0 and c.key]
        if quit_:
            out = [c for c in out if c is not held]
            out.extend(quit_)
    return out
