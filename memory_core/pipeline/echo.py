"""An assistant's turn read against the user's last turn, in English and Chinese alike.

A chat assistant's reply often only acknowledges what the user just said, in
either language ("我对花生过敏" → "Noted, no peanuts!"). Such a reply is no
memory of its own (README, "assistant turns"), and when the user's turn held a
sensitive value the reply repeats it: the reply is then as sensitive as the
user's words, whatever its role.

- ``prior_user_turns(turns, before)``: each assistant turn's prior user turn
  (the turn right before it, of role ``user``, in the same session).
- ``echoes(text, prior)``: the reply's words beyond pleasantries
  (``small_talk.new_words``) are all the prior turn's, directly, through a
  shipped synonym group or through the CC-CEDICT glossary (``text.glossary``).
- ``echo_findings(text, prior)``: the spans of the reply that repeat a
  sensitive value of the prior turn (its words or their glosses), as
  ``Finding`` s of the value's category. When the prior turn is stored
  masked already (``sensitive_turns``: a turn curated under ``mask`` or
  ``drop`` before the reply came), the value is gone; a short
  acknowledgement's words of its own (at most ``MAX_STAND_IN_WORDS``) then
  stand where it stood and are taken as that value.
- ``echo_masked(turn, prior)``: the turn's text with those spans masked (the
  session window and its summary show a reply so).
- ``without_echo(turn, ops, prior, counts)``: the ops of an echo without its
  raw-turn item (logged, and counted in ``counts``).
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Sequence

from memory_core.model import Turn
from memory_core.pipeline.sensitive_detect import CATEGORIES, Finding, detect, mask
from memory_core.pipeline.sensitive_predicate import value_span
from memory_core.pipeline.small_talk import new_words, says_nothing_new
from memory_core.store.turn_text import TEXT_SHA_META
from memory_core.store.write_ops import AddOp, Op
from memory_core.text.glossary import en_to_zh, zh_to_en
from memory_core.text.tokenize import tokenize

__all__ = ["MAX_ECHO_WORDS", "MAX_STAND_IN_WORDS", "echo_findings", "echo_masked", "echoes", "prior_user_turns",
           "without_echo"]

log = logging.getLogger(__name__)

#: A reply with more words of its own than this is never read as an echo.
MAX_ECHO_WORDS = 4
#: Words of a reply that may stand for the values of a prior turn stored masked.
MAX_STAND_IN_WORDS = 2

_HAN = re.compile(r"[\u4e00-\u9fff]")
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_MASK_LABEL = re.compile(r"\[(" + "|".join(map(re.escape, CATEGORIES)) + r")\]")
_JOINER = re.compile(r"[\s-]*")


def prior_user_turns(turns: Sequence[Turn], before: Turn | None = None) -> dict[int, Turn]:
    """``{seq: prior user turn}`` for each assistant turn of ``turns`` (in ``seq`` order) right after a user turn
    of its session; ``before`` is the turn before the first of ``turns`` (read from the log), if any."""
    out: dict[int, Turn] = {}
    last = before
    for turn in turns:
        if turn.role == "assistant" and last is not None and last.role == "user" \
                and last.session_id == turn.session_id:
            out[turn.seq] = last
        last = turn
    return out


def _glosses(word: str) -> tuple[str, ...]:
    """``word`` (an index term) in the other language's index terms (``text.glossary``)."""
    if _HAN.search(word):
        return zh_to_en(word)
    return tuple(t for zh in en_to_zh(word) for t in tokenize(zh))


def _masked_prior(prior: Turn) -> bool:
    return TEXT_SHA_META in prior.meta and _MASK_LABEL.search(prior.text) is not None


def _own_words(text: str, prior: Turn, addressed: bool = True) -> list[str]:
    """The reply's words beyond pleasantries that the prior turn does not hold in either language
    (``small_talk.new_words``; ``addressed=False``: no words read as a name the reply is addressed to)."""
    words = new_words(text, addressed)
    return [w for w in words if not says_nothing_new([w], prior.text)
            and not any(says_nothing_new([g], prior.text) for g in _glosses(w))]


def echoes(text: str, prior: Turn | None) -> bool:
    """True when the reply ``text`` states nothing beyond the user's last turn ``prior`` (module docstring)."""
    if prior is None or len(new_words(text)) > MAX_ECHO_WORDS:
        return False
    own = _own_words(text, prior)
    return not own or (_masked_prior(prior) and len(own) <= MAX_STAND_IN_WORDS)


def _value_forms(prior: Turn) -> list[tuple[Finding, set[str]]]:
    """Each sensitive value of ``prior`` with its index terms in both languages."""
    out = []
    for f in detect(prior.text):
        span = value_span(prior.text, f.start, f.end) if f.category == "health" else (f.start, f.end)
        if span is None:
            continue
        terms = set(tokenize(prior.text[span[0]:span[1]]))
        out.append((f, terms | {g for t in terms for g in _glosses(t)}))
    return out


def _spans(text: str, forms: set[str]) -> list[tuple[int, int]]:
    """Where ``text`` says one of ``forms`` (index terms): Latin words by their terms, Chinese words as written;
    neighbouring words joined by spaces or hyphens make one span ("high blood pressure")."""
    found = [(m.start(), m.end()) for m in _LATIN_WORD.finditer(text) if set(tokenize(m.group())) & forms]
    for form in (f for f in forms if _HAN.search(f)):
        found += [(m.start(), m.end()) for m in re.finditer(re.escape(form), text)]
    labels = [m.span() for m in _MASK_LABEL.finditer(text)]  # a value masked already is no word of the reply
    found = [(s, e) for s, e in found if not any(ls <= s and e <= le for ls, le in labels)]
    merged: list[tuple[int, int]] = []
    for start, end in sorted(found):
        if merged and (start <= merged[-1][1] or _JOINER.fullmatch(text[merged[-1][1]:start])):
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def echo_findings(text: str, prior: Turn | None) -> list[Finding]:
    """The spans of ``text`` that repeat a sensitive value of the user's last turn ``prior``, in either
    language, as findings of that value's category, in text order (module docstring)."""
    if prior is None:
        return []
    out = [Finding(f.category, s, e, text[s:e], f.thing)
           for f, forms in _value_forms(prior) for s, e in _spans(text, forms)]
    if not out and _masked_prior(prior) and len(new_words(text, False)) <= MAX_ECHO_WORDS:
        own = _own_words(text, prior, addressed=False)  # "好的，不吃花生": no name, the masked value's stand-in
        label = _MASK_LABEL.search(prior.text)
        if own and len(own) <= MAX_STAND_IN_WORDS and label is not None:
            out = [Finding(label.group(1), s, e, text[s:e], "") for s, e in _spans(text, set(own))]
    return sorted(out, key=lambda f: f.start)


def echo_masked(turn: Turn, prior: Turn | None) -> str:
    """``turn.text`` with the values of the user's last turn ``prior`` it repeats masked ("Noted, no [health]!")."""
    if TEXT_SHA_META in turn.meta:  # stored masked already (``sensitive_turns``)
        return turn.text
    found = echo_findings(turn.text, prior) if prior is not None and turn.role == "assistant" else []
    return mask(turn.text, found) if found else turn.text


def without_echo(turn: Turn, ops: list[Op], prior: Turn | None, counts: Counter[str]) -> list[Op]:
    """``ops`` without the raw-turn item of an assistant ``turn`` that only echoes ``prior`` (``echoes``);
    ``counts["dropped"]`` counts the turns whose item it left out."""
    if turn.role != "assistant" or not echoes(turn.text, prior):
        return ops
    kept = [op for op in ops if not (isinstance(op, AddOp) and op.item.kind == "event")]
    if len(kept) < len(ops):
        counts["dropped"] += 1
        log.info("assistant turn %s of %s echoes the user's last turn; its raw turn is not kept",
                 turn.turn_id, turn.user_id)
    return kept
