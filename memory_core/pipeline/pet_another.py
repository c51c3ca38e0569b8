"""Another pet got with its kind left out takes the kind of the pets the user has (issue 13: a new-user trial).

"又抱了一只回来，叫来福" after "我养了一只猫，叫可乐", "got another one, named Mango" after "I have a dog named Rex":
Chinese drops the noun a measure word counts when what is counted is clear from before (只 and 条 count animals,
never a person), and English says "another one". Read as said, the turn names no animal: it was kept as the gist
"用户又抱了一只回来，叫来福" and the pet never counted. When the user's active pet statements (``fact:pet:``) name
one kind of the lexicon's species (``data/slots.yaml`` objects of category ``species``), the clause is read again
with that kind put in ("又抱了一只猫回来，叫来福", "got another dog, named Mango") and its pet statement replaces
the gist. With no pet, or pets of several kinds, or another person's pet ("我妈又抱了一只回来"), nothing changes.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from memory_core.model import Turn
from memory_core.pipeline.handed_on import PET_PREFIX
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.types import Candidate
from memory_core.text.relations import mentions_relation
from memory_core.text.script import has_han

__all__ = ["kind_left_out", "with_held_kind"]

# "又抱了一只回来，叫来福", "新养了一条，叫旺财", "又捡了一只小的，它叫煤球"
_ZH = re.compile(r"(?P<got>(?:又|新|再|还)?(?:养了|抱了|领养了|收养了|捡了|买了|接了|领了))(?:一|两|二|三|[1-9])?[只条]"
                 r"(?=(?:回来|回家|到家|小的)?[，,]?\s*(?:它|她|他)?的?(?:名字)?叫)")
# "got another one, named Mango", "adopted a second one! her name is Pearl", "we rescued one more, called Bean"
_EN = re.compile(r"\b(?:got|adopted|rescued|brought\s+home|took\s+in)\s+(?P<one>another\s+one|a\s+second\s+one|"
                 r"one\s+more|a\s+new\s+one)\b(?=(?:[^.!?]|[.!]+\s){0,30}?(?:named|called|name\s+is|name's)\s+[A-Z])",
                 re.IGNORECASE)


def kind_left_out(text: str) -> str:
    """The words of ``text`` that got a pet without saying its kind ("又抱了一只", "got another one"); "" when none
    does or the one who got it is another person."""
    found = _ZH.search(text) if has_han(text) else _EN.search(text)
    if found is None or mentions_relation(text[:found.start()]):
        return ""
    return found.group()


def _held_kinds(rows: list[tuple[str, str, str]]) -> set[str]:
    """The species the user's pet rows name, by key or by a word of the species in their text."""
    lex = lexicon()
    out: set[str] = set()
    for _, key, description in rows:
        if "/" in key:
            continue  # another person's pet
        low = description.casefold()
        for oid in lex.by_category.get("species", ()):
            if oid in key.removeprefix(PET_PREFIX).split(":") or any(
                    (n in description if has_han(n) else re.search(rf"\b{re.escape(n)}s?\b", low))
                    for n in lex.names.get(oid, ())):
                out.add(oid)
    return out


def with_held_kind(turn: Turn, cands: list[Candidate], rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]],
                   extract: Callable[[Turn], list[Candidate]]) -> list[Candidate]:
    """``cands`` with a pet got with its kind left out read with the kind of the user's pets (module docstring):
    the turn's own-words statements of that clause give way to the pet statement.

    Args:
        turn: a user turn (text as the rules read it).
        cands: the turn's candidates.
        rows: ``prefixes -> [(id, key, description)]`` of the user's active statements (read only for a turn
            that gets a pet without its kind).
        extract: the extractor's ``extract``, run on the text with the kind put in.
    """
    if turn.role != "user" or any(c.key.startswith(PET_PREFIX) and not c.is_event for c in cands):
        return cands
    said = kind_left_out(turn.text)
    if not said:
        return cands
    kinds = _held_kinds(rows((PET_PREFIX,)))
    if len(kinds) != 1:
        return cands
    kind = next(iter(kinds))
    zh = has_han(turn.text)
    name = next((n for n in lexicon().names.get(kind, ()) if has_han(n) == zh), "")
    if not name:
        return cands
    filled = said + name if zh else re.sub(r"\bone\b(?!.*\bone\b)", name, said, flags=re.IGNORECASE)
    text = turn.text.replace(said, filled, 1)
    found = [c for c in extract(dataclasses.replace(turn, text=text))
             if c.key.startswith(PET_PREFIX) and not c.is_event and c.polarity >= 0]
    if not found:
        return cands
    for one in found:
        one.evidence = turn.text
        one.notes.append(f"a pet got with its kind left out: {kind}, the kind of the user's pets")
    return [c for c in cands if c.is_event or not c.key.startswith("gist:")] + found
