"""The partner a "she"/"he" takes up when the user announced one without a name ("有女朋友了" … "她叫Lily").

``antecedent.named_turn`` reads the people the user named from their keyed statements (``fact:<person>/…``). A
partner first announced with no name ("I have a girlfriend now", "有女朋友了😳", "交了个男朋友") is only a statement
in the user's own words (``gist:partner``), so the next turn's "her name is Lily" / "她叫Lily，在谷歌做程序员" was
nobody's, and the partner's name never reached the partner slot. ``partner_turn`` gives that turn back with the
pronoun replaced by the partner ("my girlfriend's name is Lily", "我女朋友叫Lily，…") when nobody else is keyed,
the partner word of that statement agrees with the pronoun in gender (or has none: "partner", 对象), and the
user announced one partner only. The same recency-and-agreement idea as ``antecedent`` (Hobbs 1978; Lappin and
Leass 1994), on the one statement that introduced the person.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from memory_core.model import Turn
from memory_core.pipeline.antecedent import pronoun_led
from memory_core.pipeline.own_words import speaker_qualifier
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.store.lookup import KeyLookup
from memory_core.text.relations import relation_names

__all__ = ["partner_turn"]


@functools.lru_cache(maxsize=1)
def _partner_words() -> re.Pattern[str]:
    words = sorted(lexicon().partners, key=len, reverse=True)
    return re.compile(r"(?<![a-z])(?:" + "|".join(map(re.escape, words)) + r")(?![a-z])", re.IGNORECASE)


def partner_turn(turn: Turn, store: KeyLookup) -> Turn | None:
    """``turn`` with its opening pronoun replaced by the user's partner announced without a name, or None.

    Only a user's turn opening on "he"/"she" (``antecedent.pronoun_led``), when no person is keyed for the
    speaker (``fact:<person>/…``) and exactly one partner word is found in their active ``gist:partner``
    statements, agreeing with the pronoun's gender. One light read by key prefix (``KeyLookup.active_by_prefix``).

    Raises:
        StoreError: the store failed while reading.
    """
    if turn.role != "user" or (led := pronoun_led(turn.text)) is None:
        return None
    lang, gender, start, end = led
    qualifier = speaker_qualifier(turn.speaker)
    found: set[str] = set()
    for _, key, description in store.active_by_prefix(turn.user_id, ("fact:", "gist:partner")):
        body, at, name = key.split(":", 1)[1].partition("@")
        if (f"@{name}" if at else "") != qualifier:
            continue
        if key.startswith("fact:") and "/" in body:
            return None  # a person is keyed: ``antecedent`` decides whom the pronoun takes up
        if key.startswith("gist:"):
            found.update((relation_names(w.casefold()) or (w.casefold(),))[0]
                         for w in _partner_words().findall(description))
    if len(found) != 1:
        return None
    relation = found.pop()
    if lexicon().gender.get(relation, "") not in (gender, ""):
        return None
    word = next((n for n in (relation, *relation_names(relation)) if n.isascii() == (lang == "en")), None)
    if word is None:
        return None
    said = turn.text[start:end].casefold()
    if lang == "zh":
        words = f"我{word}"
    else:
        words = f"my {word}" + ("'s" if said in ("his", "her") else " is" if said.endswith(("'s", " is")) else "")
        words = words[0].upper() + words[1:] if turn.text[start].isupper() else words
    return replace(turn, text=turn.text[:start] + words + turn.text[end:])
