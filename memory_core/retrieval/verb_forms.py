"""An English irregular verb in a query also asks for its other forms: "what did they win?" also searches "won".

A question asks with the base form after "did" ("What did she buy?", "Who did he meet?", "What did the team
win?") or with the participle after "has" ("What has she bought?"), while people tell in the past ("I bought
new running shoes", "we met at the climbing gym", "we won the cup!"). The stemmer (Porter's, through PyStemmer)
joins "walked" and "walk" but not "bought" and "buy": BM25 saw no common term. ``verb_forms`` gives, for
each query term that is a form of a common irregular verb, the index terms of that verb's other forms,
searched with the query's own terms as ``verb_heads`` does for Chinese verb-object words.

Forms that are also common nouns or other words are left out ("saw", "rose", "spoke", "shot", "ring"; "left",
"felt", "found", "fell", "ground" are not listed at all), as are the light verbs that say little alone (be, have,
do, get, go, make, take, give, come, see, say, tell, think, know, keep: "where has she gone?" searching every
"went" cost LoCoMo recall) and verbs whose forms are all alike ("put", "cut", "read"). The list: the irregular
verbs of everyday English (Quirk et al., *A Comprehensive Grammar of the English Language*, 1985, §3.14–3.16),
narrowed to those people say of what they did. English only: a Chinese verb does not inflect (了, 过 are
particles of their own).

LoCoMo dev, lexical: tuning part R@10 0.791 → 0.793 (3 questions higher, 1 lower; at R@5 one each way),
untouched part R@5 0.685 → 0.689, R@10 0.775 → 0.781 (ops/bench/RESULTS.md, issue 14).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from memory_core.text.tokenize import tokenize

__all__ = ["IRREGULAR_VERBS", "verb_forms"]

#: Base, past and past participle (several of a kind joined by "/"), one verb a string.
IRREGULAR_VERBS: tuple[str, ...] = (
    "be was/were been", "become became become", "begin began begun", "bring brought brought",
    "build built built", "buy bought bought", "catch caught caught", "choose chose chosen", "come came come",
    "do did done", "draw drew drawn", "drink drank drunk", "drive drove driven", "eat ate eaten",
    "fight fought fought", "fly flew flown", "forget forgot forgotten", "get got gotten/got", "give gave given",
    "go went gone", "grow grew grown", "have had had", "hear heard heard", "hold held held", "keep kept kept",
    "know knew known", "learn learnt learnt", "lose lost lost", "make made made", "meet met met",
    "pay paid paid", "ride rode ridden", "ring rang rung", "rise rose risen", "run ran run", "say said said",
    "see saw seen", "sell sold sold", "send sent sent", "shoot shot shot", "show showed shown", "sing sang sung",
    "sit sat sat", "sleep slept slept", "speak spoke spoken", "spend spent spent", "steal stole stolen",
    "swim swam swum", "take took taken", "teach taught taught", "tell told told", "think thought thought",
    "throw threw thrown", "understand understood understood", "wake woke woken", "wear wore worn",
    "win won won", "write wrote written",
)

#: Forms that are also nouns or other everyday words, and the light verbs' forms: they ask for no other form, nor
#: are they asked.
_AMBIGUOUS = frozenset({
    "saw", "rose", "spoke", "shot", "ring", "rung", "shown", "show", "drawn", "draw", "sat",
    "go", "went", "gone", "be", "was", "were", "been", "do", "did", "done", "have", "had", "get", "got", "gotten",
    "say", "said", "think", "thought", "know", "knew", "known", "come", "came", "make", "made", "see", "seen",
    "tell", "told", "take", "took", "taken", "give", "gave", "given", "become", "became", "keep", "kept",
})


@functools.lru_cache(maxsize=1)
def _forms_of() -> dict[str, tuple[str, ...]]:
    """Index term of a form → index terms of its verb's other forms (ambiguous forms left out; cached)."""
    out: dict[str, tuple[str, ...]] = {}
    for entry in IRREGULAR_VERBS:
        words = [w for part in entry.split() for w in part.split("/") if w not in _AMBIGUOUS]
        terms = list(dict.fromkeys(t for w in words for t in tokenize(w)))
        for term in terms:
            out[term] = tuple(t for t in terms if t != term)
    return out


def verb_forms(tokens: Sequence[str]) -> list[str]:
    """The other forms' index terms of the irregular verbs among ``tokens`` (a tokenized query), not already asked.

    Returns:
        Terms in query order, no duplicates; ``[]`` for a query without such a verb ("what did she buy?" gives
        ["bought"], "where has he swum?" ["swim", "swam"]).
    """
    forms = _forms_of()
    asked = set(tokens)
    out: list[str] = []
    for token in tokens:
        for term in forms.get(token, ()):
            if term not in asked and term not in out:
                out.append(term)
    return out
