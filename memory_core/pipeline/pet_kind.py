"""A pet's kind said with its subject left out: "是只边牧", "是条柯基", "它是只英短".

Chinese drops the subject of a clause when the thing spoken of is clear from
what came before (zero anaphora, Li & Thompson 1981): "我养了一只狗" …
"忘了说，是只边牧，叫豆包". Read as said, "是只边牧" is a statement with no
subject, which the rules give the speaker ("用户是只边牧": the user is a
border collie, a wrong fact). The measure words 只, 条, 头 and 匹 count
animals and things, never a person (a person is 个 or 位), so a clause
"是只X" whose X is an animal of the lexicon (``slots.yaml`` objects of
category ``species``) speaks of an animal.

``pet_filled(clause, before)`` says whose animal it is, as the rules read it:

- "我的狗是只边牧" when nothing earlier in the turn names another animal, or
  the animal named earlier is the speaker's own ("我养了", "我家", "我的");
  the restatement rules then join it to the pet item as a detail, as they do
  for "我的狗是只边牧";
- "它是只X" (no one's fact) when an earlier clause of the turn names an
  animal that is not the speaker's ("看到一只流浪猫，是只橘猫");
- ``None`` for any other clause.

English says the same with "it's a border collie", which names nobody and
needs nothing here.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slots import lexicon

__all__ = ["pet_filled"]

# animals are counted with 只 / 条 / 头 / 匹 (a person with 个 / 位): "是只边牧", "是一条金毛"
_MEASURE = (r"(?P<lead>(?:对了|忘了说|补充一下|顺便说下|顺便说一下|哦|噢|另外)?\s*)"
            r"(?:它|牠)?(?:也|就)?是(?:一)?[只条头匹]\s*(?:小|大|老)?")
# the speaker's own animal said earlier in the turn
_OWN = re.compile(r"我(?:自己)?(?:养|家|的|们家)|^\W*家里")


@functools.lru_cache(maxsize=1)
def _animals() -> tuple[re.Pattern[str], dict[str, str]]:
    """(a pattern of the lexicon's Chinese animal words, longest first; {word: the kind's plain name, 狗 / 猫})."""
    lex = lexicon()
    kinds = set(lex.by_category.get("species", ()))
    words = {w: lex.shown["zh"][oid] for w, oid in lex.surface["zh"].items() if oid in kinds}
    alternation = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(f"(?:{alternation or '(?!)'})"), words


def pet_filled(clause: str, before: str = "") -> str | None:
    """The clause "是只X" with its animal's owner said, or ``None``.

    Args:
        clause: one clause of a turn, stripped of its end mark ("是只边牧").
        before: the turn's text before the clause ("忘了说，").

    Returns:
        "我的狗是只边牧" (the speaker's pet: no animal named earlier in the turn, or the speaker's own),
        "它是只橘猫" (an animal named earlier that is not the speaker's), or ``None`` when the clause is no
        such statement (a subject of its own, 个 / 位, or no animal of the lexicon after the measure word).
    """
    text = clause.strip()
    head = re.match(_MEASURE, text)
    if head is None:
        return None
    pattern, words = _animals()
    animal = pattern.match(text, head.end())
    if animal is None:
        return None
    lead, said = head.group("lead"), text[text.index("是", head.end("lead")):]
    earlier = pattern.search(before)
    if earlier is not None and not _OWN.search(before[:earlier.start()]):
        return f"{lead}它{said}"
    return f"{lead}我的{words[animal.group(0)]}{said}"
