"""List questions: an answer spread over sessions ("What sports does Priya play?", 她都去过哪些地方？).

A question asking for the members of a set (the activities someone does, the places they visited, the
books they read, how many times something happened) is answered by turns of many conversations, each
naming one member. Fusion ranks the several turns of the best-matching session first, and the single
mention in each other session falls below k: on LoCoMo's dev conversations 51 of 88 evidence turns missed
at k = 10 (first two conversations) were of such questions. For a list question (``asks_list``) recall
ranks a wider short list (``LIST_SHORTLIST`` × k candidates instead of 4 × k) and spreads its order over
sessions (``ListQuestions._spread``): maximal marginal relevance (Carbonell and Goldstein, "The use of MMR,
diversity-based reranking", SIGIR 1998) with "from a session already shown" as the redundancy, i.e. each
result's score times ``SESSION_FACTOR`` to the number of better results of its session said in other
turns, below the first ``KEEP_FIRST`` results, which keep their fused order (spreading those too cost
LoCoMo dev R@5 0.695 → 0.687, single-hop questions of list shape losing their one evidence turn; ops/bench/
RESULTS.md, issue 14). A question for one fact ("Where does she live?", "What did Ingrid study?")
is not a list question and is ranked as before.

A list question asking for the members of a kind ("what martial arts has Tomás tried?", 她养过哪些宠物？) is
answered by turns that name them ("I'm heading off to a taekwondo lesson!"), each in passing, in its own session: their
ranking (``categories.kind_terms``) weighs ``KIND_FACTOR`` × ``w_category`` in the fusion (``member_rankings``),
so a member said once outranks a neighbour of the one turn that says the kind's name. Only the kind the
question asks for counts (``asked_phrase``: the head of "what LGBTQ+ events …", not the dessert of "which dessert
flavors …", whose single answer turn the members pushed from the first place). A question for one fact naming
a category searches its members at ``w_category`` as before. LoCoMo, tune conversations: ops/bench/RESULTS.md,
issue 14.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np

from memory_core.model import MemoryItem
from memory_core.retrieval.categories import category_terms, kind_members, kind_terms
from memory_core.retrieval.member_spread import member_firsts
from memory_core.retrieval.not_members import kind_members_only
from memory_core.text.tokenize import tokenize

__all__ = ["KEEP_FIRST", "KIND_FACTOR", "LIST_SHORTLIST", "SESSION_FACTOR", "ListQuestions", "asked_members",
           "asked_phrase", "asks_list", "kept_members", "member_rankings"]

#: Candidates ranked for a list question, per result asked (a question for one fact ranks 4 per result).
LIST_SHORTLIST = 8
#: Score × this per better result of the same session from another turn (0 < x <= 1; 1: no spread).
SESSION_FACTOR = 0.5
#: The first results keep their fused order; the spread orders what follows them.
KEEP_FIRST = 5
#: A list question's ranking of the members of the kinds it names weighs this × ``w_category`` (1: as any query).
KIND_FACTOR = 2.0

_AUX = r"(?:has|have|had|does|do|did|is|are|was|were|can|could|would|will)"
_NOT_PLURAL = r"(?!(?:is|was|does|has|this|his|its|us|yours|hers|ours|theirs)\b)"
#: A past participle after has / have ("where has she camped?", "what books has he read?").
_PARTICIPLE = (r"(?:[a-z]+ed|been|done|made|read|seen|met|won|taken|given|bought|gone|had|eaten|written|worn|sung|"
               r"drunk|grown|learnt|taught|built|brought|caught|found|heard|kept|lost|run|spent|told|tried)")
_EN = re.compile(
    # what / which + a plural noun (two words before it at most) + a verb: "which towns has Tomás visited?",
    # "what Asian countries has Ingrid been to?", "what books do I read?" (not "bus", "class", "tennis")
    rf"\b(?:what|which)\s+(?:[\w+/'-]+\s+){{0,2}}?{_NOT_PLURAL}(?:[a-z]+[^siu\W]s|people|children|men|women)"
    rf"\s+{_AUX}\b"
    r"|\bin\s+what\s+ways\b|\bwhat\s+ways\b"
    r"|^\W*what\s+are\b"  # "what are her hobbies?", "what are some changes …?"
    r"|\bhow\s+many\s+(?:times|[a-z]+s)\b"  # "how many times has she been to the beach?"
    rf"|^\W*(?:what|where|who|which)\b[^?.]*\b(?:has|have)\s+(?:[\w']+\s+){{0,2}}?{_PARTICIPLE}\b"
    # a habit: "what does Priya do to unwind?", "what do her kids like?" (not "what does she do for a living?")
    r"|^\W*what\s+(?:does|do)\b[^?.]{1,40}?\b(?:like|enjoy|love|collect"
    r"|do\s+(?:to|with|on|in|at|when|after|during|for\s+(?:fun|exercise)))\b"
    r"|\b(?:both|all\s+the|all\s+of)\b",
    re.I)
#: What asks for one event, one period, one intention or one best member, however the question is put: a past
#: "did" ("what kind of cake did she bake?"), a date or "recently", a wish or plan, a superlative.
_ONE = re.compile(
    r"\bdid\b|\brecently\b|\blast\s+(?:week|month|year|weekend)\b|\b(?:in|on|during|since)\s+(?:\w+\s+)?(?:19|20)\d\d\b"
    r"|\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\b"
    r"|\b(?:wants?|plans?|planning|hopes?|hoping|going\s+to)\b|\b(?:most|best)\b"
    # a favourite is one, favourites are several: "what are her favourite books?", 她最喜欢哪些书？ are lists
    r"|\bfavou?rite\b(?!\s+[a-z]+[^siu\W]s\s*(?:$|[?.!,]|(?:to|that|of|do|does|has|have|are|were)\b))"
    r"|上次|那次|最近一次|(?:最喜欢|最爱)(?!的?(?:哪些|哪几))|打算|计划|想要", re.I)
_ZH = re.compile(r"哪些|哪几|都有什么|都有啥|都有哪|都.{0,6}(?:什么|啥|哪)|什么.{0,6}都|几次|多少次|所有的?|各种"
                 r"|过哪")


def asks_list(query: str) -> bool:
    """True when ``query`` asks for the members of a set, said over many conversations.

    English: what or which with a plural noun ("what activities has she done?", "which places has he
    visited?"), "how many times", a present perfect asked with what / where / who ("where has Priya
    fished?"), a habit ("what does she do to relax?", "what do her kids like?"), "both", "all the". Chinese:
    哪些, 哪几, 都有什么, 都…什么, 几次, 多少次, 所有, 各种, 去过哪. Not when it asks for one event, period,
    intention or best member (``_ONE``: "what books did she buy last week?", "what are his plans?",
    "what is her favourite book?", 最喜欢哪本); favourites asked in the plural are a list ("what are her favourite
    desserts?", 最喜欢哪些). "Where do I live?", "what car do I drive?", "我住哪？" are not.
    """
    return bool(_EN.search(query) or _ZH.search(query)) and not _ONE.search(query)


#: The noun phrase a list question asks for: "what [kinds of] <phrase> has/does …", "what are X's <phrase>?",
#: "favourite <noun>"; 哪些/哪几/什么 [measure word] <noun>.
_ASKED_EN = re.compile(
    rf"\b(?:what|which)\s+(?:(?:kinds?|types?|sorts?)\s+of\s+)?(?!{_AUX}\b)((?:[\w+/'-]+\s+){{0,3}}?[\w+/'-]+)\s+{_AUX}\b"
    r"|\bwhat\s+are\s+(?:(?:the|some|all)\s+)?(?:[\w-]+'s?\s+)?((?:[\w+/'-]+\s+){0,2}?[\w+/'-]+)\s*[?.!]*\s*$"
    r"|\bfavou?rite\s+([a-z]+)", re.I)
_ASKED_ZH = re.compile(r"(?:哪些|哪几|什么)(?:种|个|类|部|本|位|只|家|样|款)?的?([\u4e00-\u9fff]{1,4})")


def asked_phrase(query: str) -> tuple[str, bool]:
    """(the noun phrase ``query`` asks the members of, True when its last word is its head), or ("", False).

    English: "What martial arts has Tomás tried?" → "martial arts"; "What are Ingrid's pastimes?" → "pastimes";
    "What dairy-free dessert flavors does he enjoy?" → "dairy-free dessert flavors" (a dessert names no head).
    Chinese: the words after 哪些 / 哪几 / 什么 (她养过哪些宠物？ → 宠物), whose head is not sought.
    """
    found = _ASKED_EN.search(query)
    if found:
        return next(g for g in found.groups() if g), True
    found = _ASKED_ZH.search(query)
    return (found.group(1), False) if found else ("", False)


def member_rankings(query: str, tokens: Sequence[str], ranked: Callable[[list[str]], np.ndarray],
                    weight: float, items: Sequence[MemoryItem | None] = ()) -> list[tuple[np.ndarray, float]]:
    """The (ranking, RRF weight) pairs of the category members ``tokens`` (the tokenized ``query``) ask for.

    Args:
        query: the question as asked (read by ``asks_list``).
        tokens: its index terms.
        ranked: the item ranking of a list of terms (the lexical ranking at the search's depth and filters).
        weight: ``HybridSettings.w_category``.
        items: the index's items by slot; when given, the kind's ranking leaves out the user's allergies and
            intolerances (``not_members``: "allergic to cats" is no pet).

    Returns:
        [] when the query names no category; one ranking of every member (``categories.category_terms``) at
        ``weight``; for a list question asking for a kind (``asked_phrase``), the kind's members at
        ``KIND_FACTOR`` × ``weight``, the best turn of each of those members (``member_spread.member_firsts``) at
        ``weight``, and the other members (a meal's restrictions …), if any, at ``weight``.
    """
    members = category_terms(tokens)
    kinds: list[str] = []
    if KIND_FACTOR != 1 and asks_list(query):  # a ``list_only`` kind ("which places …?") names no member above
        phrase, head = asked_phrase(query)
        kinds = kind_terms(tokenize(phrase), head) if phrase else []
    if not kinds:
        return [(ranked(members), weight)] if members else []
    of_kinds = set(kinds)
    rest = [t for t in members if t not in of_kinds]
    joint = ranked(kinds)
    firsts = member_firsts(kinds, ranked, joint)  # each member's best turn, once (``member_spread``)
    if items:
        joint, firsts = kind_members_only(joint, items), kind_members_only(firsts, items)
    out = [(joint, weight * KIND_FACTOR)] + ([(firsts, weight)] if firsts.shape[0] else [])
    return out + ([(ranked(rest), weight)] if rest else [])


def asked_members(query: str, tokens: Sequence[str]) -> frozenset[str]:
    """The category member terms a list question asks for (``categories.category_terms`` of its ``tokens``); the
    empty set for a question that is no list (``asks_list``) or names no category.

    Each member of a list is an answer of its own: a turn naming one ("I'm a nurse and I went to Peru") keeps its
    place when the curated item that would stand for it says something else ("User works as a nurse"; see
    ``diverse.Diverse._diverse``). A question for one fact takes the curated item as before.
    """
    if not asks_list(query):
        return frozenset()
    return frozenset(category_terms(tokens))


def kept_members(query: str, tokens: Sequence[str]) -> frozenset[str]:
    """For a question for one fact, the member terms whose raw turn, ranked on its own, no curated item lacking
    them stands in for: the members of the kinds its ``tokens`` name (``categories.kind_terms``, not a meal's
    restrictions, a trip's hotel nor the places of a ``list_only`` kind) and the members it names itself
    (``categories.kind_members``). The empty set for a question naming neither, and for a list question, whose
    members ``asked_members`` gives.

    "We moved in. Amara's cat Juniper is hiding under the bed" answers "Any pets in the household?" and "Does she
    have a cat?"; the "User lives in Walthamstow" made from it does not (new-user trial 37). Unlike a list's
    members, these do not fetch a turn for an item ranked in its place: "where does she live?" still reads the
    home item, and only a turn the question found itself keeps its place.
    """
    if asks_list(query):
        return frozenset()
    return frozenset(kind_terms(tokens, listed=False) + kind_members(tokens))


class ListQuestions:
    """Mixin of ``hybrid.HybridIndex``: the list question's wider short list and its spread over sessions.

    The owner (``hybrid_state.HybridState``) keeps each turn's position and session.
    """

    _turn_pos: dict[str, int]
    _turn_session: list[str]

    def _shortlist(self, query: str, k: int) -> int:
        """How many fused candidates the reranks see for ``query`` at top ``k``: more for a list question."""
        return k * (LIST_SHORTLIST if asks_list(query) else 4)

    def _sessions(self, source: Sequence[str]) -> int:
        """How many sessions the turns ``source`` were said in (turns not stored are left out)."""
        return len({self._turn_session[p] for t in source if (p := self._turn_pos.get(t)) is not None})

    def _spread(self, query: str, items: list[MemoryItem | None], order: np.ndarray,
                scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``order`` (slots, best first) and ``scores`` spread over sessions for a list question, else as given.

        Below the first ``KEEP_FIRST``, an item's score is multiplied by ``SESSION_FACTOR`` to the number of
        better items of its session from other turns (two items of one turn, a raw turn and its fact, count
        once; the first items count too); the greedy MMR order under that penalty is the order of the
        multiplied scores (capped at the last kept one's), which are returned. An item whose session is
        unknown (no stored turn) is a session of its own, and so is an item said in several sessions (a fact merged
        from turns of many conversations): it claims none of them, so the one turn of its first session that names
        a member said once is not taken for that session's second (LoCoMo dev, both parts: ops/bench/RESULTS.md).
        """
        if SESSION_FACTOR == 1 or order.shape[0] < 2 or not asks_list(query):
            return order, scores
        seen: dict[str, list[str]] = {}  # session -> its first source turns, in rank order
        factors = np.ones(order.shape[0])
        for n, j in enumerate(order.tolist()):
            item = items[j]
            first = item.source[0] if item is not None and item.source else f"slot:{j}"
            pos = self._turn_pos.get(first)
            if pos is None or (item is not None and len(item.source) > 1 and self._sessions(item.source) > 1):
                continue  # an item said in several sessions is none of them (a liking merged from many)
            turns = seen.setdefault(self._turn_session[pos], [])
            if first not in turns:
                turns.append(first)
            factors[n] = SESSION_FACTOR ** turns.index(first)
        factors[:KEEP_FIRST] = 1.0
        if (factors == 1).all():
            return order, scores
        head = min(KEEP_FIRST, order.shape[0])
        spread = np.minimum(scores * factors, scores[head - 1]) if head else scores * factors
        resort = np.concatenate([np.arange(head), head + np.argsort(-spread[head:], kind="stable")])
        return order[resort], spread[resort]
