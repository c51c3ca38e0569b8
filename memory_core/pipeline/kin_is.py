"""A relative's "'s" read as "is" when a predicate follows it (issue 14).

"my wife's allergic to shellfish", "my son's vegetarian", "my sister's a nurse", "my dad's on metformin": the
"'s" after "my <relative>" is the verb, not a possessive, when what follows is an adjective of the kind said of
a person (allergic, pregnant, retired …), an article, a preposition of where one is or what one takes (in, at,
on, from), or a verb in -ing ("my brother's moving to Leeds"). The relatives are the slot lexicon's ``REL``
word class. A possessive ("my wife's sister is a nurse", "my wife's new job", "my wife's back hurts") is left
as said: its next word is none of these.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["kin_is"]

# what follows "'s" when it stands for "is": an adjective said of a person, an article, a place or a drug
# preposition, an adverb of time, or a verb in -ing
_PREDICATE = (r"allergic|intolerant|vegetarian|vegan|pescatarian|pregnant|retired|diabetic|coeliac|celiac|"
              r"lactose|gluten|married|engaged|divorced|single|sick|ill|obsessed|scared|afraid|terrified|"
              r"a|an|the|now|still|also|really|currently|in|at|on|from|into|"
              r"(?!thing\b|something\b|nothing\b|everything\b|morning\b|evening\b|wedding\b|birthday\b|ring\b|"
              r"building\b|feeling\b|clothing\b|ceiling\b|darling\b)[a-z]{2,}ing")


@functools.lru_cache(maxsize=1)
def _kin_is() -> re.Pattern[str]:
    rel = lexicon().classes["en"]["REL"]
    return re.compile(rf"\b(my\s+(?:{rel}))['’]s\s+(?=(?:{_PREDICATE})\b)", re.IGNORECASE)


def kin_is(sentence: str) -> str:
    """Return ``sentence`` with "my <relative>'s" read as "my <relative> is" where a predicate follows.

    "my wife's allergic to shellfish" -> "my wife is allergic to shellfish"; "my wife's sister is a nurse" is
    returned as given. Never raises."""
    return _kin_is().sub(r"\1 is ", sentence)
