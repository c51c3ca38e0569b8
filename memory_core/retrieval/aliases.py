"""Aliases for query expansion: acronyms learned from the user's own text, and bilingual synonyms.

- Acronyms: "Graduate Record Examination (GRE)" and "GRE (Graduate Record
  Examination)" teach that "gre" and the expansion's words name one thing:
  the letters of the acronym must be the initials of the expansion's words
  (small words such as "of", "and", "for" may be skipped), so "(2024)" or
  "I met Tom (TM)" teach nothing wrong. Learned per user from each item's
  description as the index takes it (``AliasTable.learn``).
- Synonyms: the small bilingual list in ``memory_core/data/synonyms.yaml``
  (vegetarian / 素食者 / 吃素, husband / 老公 ...), the same for every user,
  and the names of one medicine or condition (``data/medical_names.yaml``); a
  name of several words there counts when all its words are in the query
  ("when is the baby due?" names "baby due", so 怀孕 and 预产期 are searched).

``AliasTable.expand(tokens)`` gives the extra query terms (tokenized as the
index is), searched as one more lexical ranking: a query naming "GRE" also
matches a memory that spelled it out, and the reverse.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from memory_core.text.synonyms import medical_phrases, synonym_aliases, synonym_groups
from memory_core.text.tokenize import tokenize

__all__ = ["AliasTable", "find_acronyms", "synonym_groups"]

_SMALL = frozenset({"of", "and", "for", "the", "in", "on", "to", "a", "an", "&"})
_WORD = r"[A-Za-z][A-Za-z'\-]*"
# "Expansion Words (ACR)" and "ACR (Expansion Words)"; acronyms of 2-8 letters, digits allowed after the first
_LONG_FIRST = re.compile(rf"((?:{_WORD}[ \t]+){{1,9}}{_WORD})\s*[(（]\s*([A-Z][A-Za-z0-9]{{1,7}})\s*[)）]")
_SHORT_FIRST = re.compile(rf"\b([A-Z][A-Za-z0-9]{{1,7}})\s*[(（]\s*((?:{_WORD}[ \t]+){{1,9}}{_WORD})\s*[)）]")


def _initials_match(acronym: str, words: Sequence[str]) -> list[str] | None:
    """The trailing words of ``words`` whose initials spell ``acronym`` (small words may be skipped), or None."""
    letters = [c.lower() for c in acronym if c.isalpha()]
    for start in range(len(words)):
        picked, i = [], 0
        for word in words[start:]:
            if i < len(letters) and word[0].lower() == letters[i]:
                picked.append(word)
                i += 1
            elif word.lower() in _SMALL and picked:
                picked.append(word)
            else:
                break
        if i == len(letters) and picked and picked[0][0].lower() == letters[0] and len(words) - start == len(picked):
            return picked
    return None


def find_acronyms(text: str) -> list[tuple[str, str]]:
    """(acronym, expansion) pairs ``text`` defines, e.g. ("GRE", "Graduate Record Examination")."""
    found = []
    for match in _LONG_FIRST.finditer(text):
        words = match.group(1).split()
        picked = _initials_match(match.group(2), words)
        if picked:
            found.append((match.group(2), " ".join(picked)))
    for match in _SHORT_FIRST.finditer(text):
        words = match.group(2).split()
        if _initials_match(match.group(1), words) == words:
            found.append((match.group(1), match.group(2)))
    return found


class AliasTable:
    """Per-user aliases (learned acronyms) over the shared synonym list; ``expand`` gives extra query terms.

    The shared list is not copied per user (it was ~16 KB in every recall index): a
    term's entry is copied from it only when the user's text teaches that term an acronym.
    """

    def __init__(self) -> None:
        self._alias: dict[str, set[tuple[str, ...]]] = {}  # the user's own entries (shared ones plus learned)
        self._long: dict[str, set[tuple[str, ...]]] = {}  # " expansion terms " -> acronyms

    def learn(self, texts: Iterable[str]) -> int:
        """Learn the acronyms ``texts`` define; return how many pairs were new."""
        added = 0
        for text in texts:
            if "(" not in text and "（" not in text:
                continue
            for acronym, expansion in find_acronyms(text):
                short = tuple(tokenize(acronym))
                long = tuple(tokenize(expansion))
                if len(short) != 1 or not long:
                    continue
                own = self._alias.get(short[0])
                if own is None:
                    own = self._alias[short[0]] = set(synonym_aliases().get(short[0], ()))
                before = len(own)
                own.add(long)
                self._long.setdefault(f" {' '.join(long)} ", set()).add(short)  # and back, by the whole phrase
                added += len(self._alias[short[0]]) > before
        return added

    def expand(self, tokens: Sequence[str]) -> list[str]:
        """Extra query terms for ``tokens`` (none of them already asked), in a stable order."""
        asked = set(tokens)
        extra: list[str] = []
        for token in tokens:
            aliases = self._alias.get(token)
            for alias in sorted(synonym_aliases().get(token, ()) if aliases is None else aliases):
                extra.extend(t for t in alias if t not in asked and t not in extra)
        for terms, others in medical_phrases():
            if terms <= asked:
                for other in others:
                    extra.extend(t for t in other if t not in asked and t not in extra)
        if self._long:
            joined = f" {' '.join(tokens)} "
            for phrase, shorts in self._long.items():
                if phrase in joined:
                    for short in sorted(shorts):
                        extra.extend(t for t in short if t not in asked and t not in extra)
        return extra
