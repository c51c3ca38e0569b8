"""Ids that read as another id: compatibility forms, mixed scripts and invisible characters.

User, session and turn ids are the caller's keys, shown side by side in the
memory editor, the CLI and the logs. Three kinds of id read as another one
there while naming something else:

- **compatibility forms**: full-width ``"ａｎｎ"``, styled ``"𝐚𝐧𝐧"``, the
  ligature ``"ﬁ"``, circled or superscript digits, a decomposed accent
  (``"e"`` + U+0301); their NFKC form is the plain id (``"ann"``, ``"é"``);
- **mixed scripts**: Cyrillic ``"а"`` among Latin letters (``"аnn"``), Greek
  ``"ο"`` in ``"bοb"``. Letters of one part of an id (ids are often compound:
  ``"acme:анна"``, a tenant and a user; parts are split at ``.:@/#+_-``) come
  from one script, with the
  combinations a name or an account key really uses (the "moderately
  restrictive" level of Unicode Technical Standard #39, section 5.2): Latin
  with one other script that does not pass for it (Han, Kana, Hangul, Arabic …,
  not Cyrillic or Greek), and Han with Kana (Japanese), Hangul (Korean) or
  Bopomofo;
- **invisible characters** (zero-width spaces and joiners, soft hyphen, BOM,
  controls): named by code point in the error.

Such an id is refused, never rewritten: a rewritten id would name a user other
than the one the caller meant, and two stored users written the two ways would
then read each other's memory. Ids of one script (``"张三"``, ``"анна"``,
``"user_张三"``, ``"ann"``) pass unchanged.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["invisible_in", "lookalike_problem"]

#: Scripts whose letters pass for Latin ones: never in one id with Latin letters.
LATIN_LOOKALIKES = frozenset({"CYRILLIC", "GREEK"})
#: Script sets one name or key really mixes (beside Latin): Japanese, Korean, Chinese with Bopomofo.
#: What separates the parts of a compound id ("tenant:user", "wx_张三"): each part is checked on its own.
_PARTS = re.compile(r"[.:@/#+_\-]+")
HAN_COMBINATIONS = (frozenset({"CJK", "HIRAGANA", "KATAKANA", "KATAKANA-HIRAGANA"}),
                    frozenset({"CJK", "HANGUL"}), frozenset({"CJK", "BOPOMOFO"}))


def _script(char: str) -> str:
    """The script of a letter, as the first word of its Unicode name ("LATIN", "CJK", "CYRILLIC" …)."""
    return unicodedata.name(char, "UNKNOWN").split(" ", 1)[0]


def invisible_in(value: str) -> str | None:
    """The first invisible or control character of ``value`` as ``"U+200B (ZERO WIDTH SPACE)"``, or None."""
    for char in value:
        if unicodedata.category(char) in ("Cc", "Cf", "Zs", "Zl", "Zp", "Co", "Cn", "Cs"):
            name = unicodedata.name(char, "a control character")
            return f"U+{ord(char):04X} ({name})"
    return None


def lookalike_problem(value: str) -> str | None:
    """Why ``value`` reads as another id (a phrase to follow the id in an error), or None when it does not.

    Args:
        value: an id that already holds only word characters and ``.:@-/#+`` (``validation.check_id``).
    """
    if value.isascii():
        return None
    plain = unicodedata.normalize("NFKC", value)
    if plain != value:
        return (f"is not in its plain Unicode form (NFKC: full-width, styled, circled or decomposed characters); "
                f"it reads as {plain!r}: send that id")
    for part in _PARTS.split(value):
        scripts = {_script(c) for c in part if c.isalpha()}
        if not _one_name(scripts):
            return (f"mixes letters of the scripts {', '.join(sorted(s.title() for s in scripts))} in {part!r}, "
                    "so it can read as another id: write each part of an id in one script (Latin may go with "
                    "Han, Kana or Hangul)")
    return None


def _one_name(scripts: set[str]) -> bool:
    """Whether letters of these scripts may make up one name (see the module docstring)."""
    others = scripts - {"LATIN"}
    if len(others) <= 1:
        return not ("LATIN" in scripts and others & LATIN_LOOKALIKES)
    return any(others <= allowed for allowed in HAN_COMBINATIONS)
