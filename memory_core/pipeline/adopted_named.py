"""An adoption said with its animal left out, then named: "我領養了！！！她叫麻糬 … 🐶", "I adopted! her name is Mochi".

Excited news drops the object ("我领养了！", "we adopted!") and says the animal after it, by a name ("她叫麻糬",
"her name is Mochi") and by its kind somewhere in the turn (a word of the lexicon's ``species`` category, or an
emoji ``plain_text`` reads as one: 🐶 is 狗). Read as said, "用户领养了" was stored, a fragment with no pet.
``adoption_filled`` puts the kind after the verb ("我领养了一只狗！", "I adopted a dog!"), so the pet rules read the
pet and its name. A turn that names no animal kind, or no name, is left as it is.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.text.script import lang_of

__all__ = ["adoption_filled"]

# the adoption with nothing after it but a stop
_ADOPTED = {
    "zh": re.compile(r"(?P<verb>(?:领养|收养)了)(?=\s*(?:[！!。~～，,]|$))"),
    "en": re.compile(r"\b(?P<verb>(?:i|we)(?:'ve|\s+have|\s+just|\s+finally)*\s+adopted)(?=\s*(?:[!.,~]|$))",
                     re.IGNORECASE),
}
# the animal named after the adoption
_NAMED = {
    "zh": re.compile(r"(?:她|他|它)(?:叫|的名字(?:是|叫))|名字叫|取名(?:叫)?|起名(?:叫)?"),
    "en": re.compile(r"\b(?:(?:her|his|its|their)\s+name(?:'s|\s+is)|(?:she|he|it)(?:'s|\s+is)\s+called|named)\s+\S",
                     re.IGNORECASE),
}


@functools.lru_cache(maxsize=2)
def _kinds(lang: str) -> re.Pattern[str]:
    """The words of the lexicon's animal kinds (``species``) in ``lang``, longest first."""
    lex = lexicon()
    words = sorted((w for w, oid in lex.surface[lang].items() if lex.category.get(oid) == "species"),
                   key=len, reverse=True)
    body = "|".join(re.escape(w) for w in words) or "(?!)"
    return re.compile(body if lang == "zh" else rf"\b(?:{body})\b", re.IGNORECASE)


def adoption_filled(text: str) -> str:
    """``text`` with an adoption's dropped animal put back (module docstring), else ``text`` itself.

    Args:
        text: a user's turn, as the rules read it (emoji of animals already read as their words).

    Returns:
        "我领养了一只狗！！！她叫麻糬…" for "我领养了！！！她叫麻糬…狗…"; "I adopted a dog! her name is Mochi…" for
        "I adopted! her name is Mochi… dog".
    """
    lang = lang_of(text)
    adopted = _ADOPTED[lang].search(text)
    if adopted is None:
        return text
    after = text[adopted.end():]
    kind = _kinds(lang).search(after)
    if kind is None or not _NAMED[lang].search(after):
        return text
    put = f"一只{kind.group(0)}" if lang == "zh" else f" a {kind.group(0).lower()}"
    return text[:adopted.end()] + put + text[adopted.end():]
