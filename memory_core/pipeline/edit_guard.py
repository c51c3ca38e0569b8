"""An edit of an item's text is made of the item's own words and whole words of the turn (issue 13, "memory that
stays true under change").

Every rule that revises an item (an added detail, a correction, a refined place) builds its new text from the
old one and from what the turn says. A rule that cuts by character offsets into the wrong string, or reads
a word the user never wrote, leaves a text no one said: "User has a cat nameant 头孢 …" ("named" spliced
with "meant"), "… we had a tiny party cake" (the 🎂 the rules read as "cake"). ``guarded_edits`` is the last
stage of the write plan and holds every ``UpdateOp`` to that shape, whichever rule made it:

- a word (a Latin word or number, whole and stemmed as the index stems it; a Han character) of the new text
  must be a word of the old text, of
  the turn as the user wrote it (full-width letters folded), of the user's name, a number (digits, a Chinese
  numeral, an English number word: a value rules work out), or of the words every
  rendering of a slot is written with (``data/slots.yaml``: "lives in", "在…工作", "User", "用户", "has");
- a word read from an emoji the turn holds (``plain_text.EMOJI_MEANINGS``) and said nowhere else is taken
  out of the new text: the picture illustrates, the item keeps the user's words;
- any other word is a splice: the edit's text is refused (the item keeps its text; its hit stands), logged at
  debug level (an internal of the write path, never a line for the user) and counted (``refused_edits``).

``spliced_texts`` is the cheap rule ``gulfstream check`` reads stored items with: a text that says one run of
words twice ("… we had a tiny party cake; Last day at Trip；User has a cat nameant … we had a tiny party cake;
Last day at Trip") was put together from pieces of itself, which no statement of a user is.
"""

from __future__ import annotations

import functools
import logging
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from memory_core.model import Kind, MemoryItem
from memory_core.pipeline.plain_text import EMOJI_MEANINGS, fold_width
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.store.write_ops import Op, UpdateOp
from memory_core.text.tokenize import tokenize

__all__ = ["foreign_words", "guarded_edits", "refused_edits", "spliced_texts"]

log = logging.getLogger(__name__)
_REFUSED = Counter[str]()  # edits refused in this process, by reason


def refused_edits() -> int:
    """How many edits ``guarded_edits`` refused in this process for a word from nowhere (for a health check)."""
    return _REFUSED["foreign words"]

_WORD = re.compile(r"[A-Za-z0-9]+|[\u3400-\u9fff]")
# the words a third-person rendering of the user's own words is written with ("I have" -> "User has")
_THIRD_PERSON = frozenset(("user", "users", "is", "are", "has", "does", "was", "his", "her", "hers", "their",
                           "theirs", "he", "she", "they", "him", "them", "s", "用", "户", "的", "自", "己", "他", "她"))


_EN_NUMBERS = {w: str(n) for n, w in enumerate(("zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
                                                 "nine", "ten", "eleven", "twelve"))}


@functools.lru_cache(maxsize=8192)
def _stem(word: str) -> str:
    """A Latin word as the index stems it ("loves" -> "love": "I love" said of the user reads "User loves"); "" for
    a stopword, which names nothing; a Han character or a number as it is."""
    if not word.isascii() or word.isdigit():
        return word
    stems = tokenize(word)
    return stems[0] if stems else ""


def _words(text: str) -> set[str]:
    """The words of ``text`` (module docstring), Latin ones stemmed; stopwords left out."""
    return {s for w in _WORD.findall(fold_width(text)) if (s := _stem(w.casefold()))}


_ZH_NUMERALS = frozenset("零一二三四五六七八九十两百千")


def _number(word: str) -> bool:
    """True for a number in any form: digits, a Chinese numeral, an English number word (a count or an age a
    rule works out, "老二出生了" -> 两个孩子, is a value, never a splice)."""
    return word.isdigit() or word in _ZH_NUMERALS or word in _EN_NUMBERS


@functools.lru_cache(maxsize=1)
def _rendering_words() -> frozenset[str]:
    """The words of every slot rendering of the lexicon, both languages, without its ``{s}``/``{v}`` holes."""
    words: set[str] = set(_THIRD_PERSON)
    for attr in lexicon().attributes:
        for template in attr.render.values():
            words |= _words(re.sub(r"\{\w+\}", " ", template))
    return frozenset(words)


def foreign_words(new: str, old: str, turn_text: str, speaker: str = "") -> set[str]:
    """The words of ``new`` (casefolded; Latin words whole, Han characters one by one) that are neither in ``old``
    nor in ``turn_text`` as written, nor the ``speaker``'s name, nor words of a slot rendering, nor numbers; empty
    when ``new`` is made of those alone."""
    return {w for w in _words(new) - _words(old) - _words(turn_text) - _words(speaker) - _rendering_words()
            if not _number(w)}


def _emoji_words(turn_text: str) -> list[str]:
    """The words the turn's emoji are read as, in both languages ("🎂": "cake", "蛋糕")."""
    return [w for emoji, pair in EMOJI_MEANINGS.items() if emoji in turn_text for w in pair]


def _without_words(text: str, words: Sequence[str]) -> str:
    """``text`` without each of ``words`` (a Latin word whole, a Chinese word as written), spaces tidied."""
    for word in words:
        text = re.sub(rf"\s*\b{re.escape(word)}\b", "", text, flags=re.IGNORECASE) if word.isascii() \
            else text.replace(word, "")
    return re.sub(r"\s+([,.;!?，。；！？])", r"\1", re.sub(r"[ \t]{2,}", " ", text)).strip()


def guarded_edits(turn_text: str, ops: Sequence[Op], olds: Mapping[str, str], speaker: str = "") -> list[Op]:
    """Return ``ops`` with each ``UpdateOp``'s new text held to the item's words and the turn's (module docstring).

    Args:
        turn_text: the turn as the user wrote it (not the text the rules read).
        ops: the turn's planned ops, in apply order.
        olds: item id -> its text before the turn; an edit of an item not in it is left as it is.
        speaker: the user's name, which a rendering may use as the subject.

    Returns:
        The ops, an edit's text stripped of words read from emoji, or the edit dropped when its text holds a word
        from nowhere (a theme change it carried is kept without the text).
    """
    texts = dict(olds)
    out: list[Op] = []
    for op in ops:
        if not isinstance(op, UpdateOp) or op.new_description is None or op.item_id not in texts:
            out.append(op)
            continue
        old, new, reason = texts[op.item_id], op.new_description, op.reason
        foreign = foreign_words(new, old, turn_text, speaker)
        pictured = [w for w in _emoji_words(turn_text) if _words(w) & foreign]
        if foreign and foreign <= {t for w in pictured for t in _words(w)}:
            new, reason = _without_words(new, pictured), _without_words(reason, pictured)
            foreign = foreign_words(new, old, turn_text, speaker)
        if foreign or new == old:
            if foreign:
                _REFUSED["foreign words"] += 1
                log.debug("edit of %s refused: words from neither the item nor the turn: %s", op.item_id,
                            ", ".join(sorted(foreign)))
            if op.new_theme is not None:
                out.append(UpdateOp(op.item_id, op.reason, None, op.new_theme, op.actor, op.turn_id, op.at))
            continue
        texts[op.item_id] = new
        out.append(op if new == op.new_description else
                   UpdateOp(op.item_id, reason, new, op.new_theme, op.actor, op.turn_id, op.at))
    return out


#: A run of this many Latin words (Han characters: twice as many) said twice in one text is a splice.
REPEATED_RUN_WORDS = 5


def _repeated_run(text: str) -> str:
    """The first run of ``REPEATED_RUN_WORDS`` words (Han characters: twice as many) that ``text`` says twice
    without overlap, else ""."""
    words = [w.casefold() for w in _WORD.findall(text)]
    size = REPEATED_RUN_WORDS * (2 if sum(len(w) == 1 and not w.isascii() for w in words) * 2 > len(words) else 1)
    first: dict[tuple[str, ...], int] = {}
    for at in range(len(words) - size + 1):
        run = tuple(words[at:at + size])
        if run in first and at - first[run] >= size:
            return " ".join(run)
        first.setdefault(run, at)
    return ""


def spliced_texts(items: Iterable[MemoryItem]) -> list[str]:
    """One line per item whose text says a run of words twice (module docstring), for ``gulfstream check``.

    Args:
        items: a user's items (any status; events are passed over: they hold the user's turn as said).

    Returns:
        Lines such as ``"4cd97745c199b776 repeats 'last week we had a'"``; empty when none.
    """
    lines: list[str] = []
    for item in items:
        if item.kind == Kind.EVENT:
            continue
        run = _repeated_run(item.description)
        if run:
            lines.append(f"{item.id} repeats {run!r} (a text put together from pieces of itself)")
    return lines
