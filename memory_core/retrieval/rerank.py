"""After fusion: which of the best-scored items recall shows, and in what order.

``Reranks`` is mixed into ``hybrid.HybridIndex``; it works on the short list
of the best fused items (a few times k), never on the whole index:

- **subject** (``subject_factors``): an item keyed for another person
  (``fact:wife/works_at@ben``: the wife's job, see ``pipeline.slots``) weighs
  ``other_subject_factor`` when the query asks about the user ("Where do I
  work?", "我住在哪个城市？": I / me / my / 我, he / she / 她, a speaker's own name,
  "Where does Mei live now?", or the name the user's own name slot states, "Where does Kevin work?" after "I'm
  Kevin", naming no one else); when the
  query names that person's relation ("my wife", "表哥"), the user's own
  items and other people's weigh that instead. A raw turn counts as the
  person its curated items are about. A question about the user's household
  without a pronoun ("When is the baby due?", "what are we naming her?",
  ``relations.asks_about_household``) weighs the items of people outside it
  (a friend's due date, a colleague's) the same way; the household's own (a
  spouse's, a child's, ``relations.household_relation``) keep theirs. The key
  says whose fact it is; no guess from the text.
- **questions** (``turn_factors``): a turn of the user that is only a
  question ("Where do I live?", "我住哪来着？") says nothing about them and
  weighs ``question_factor``.
- **small talk** (``turn_factors``): a turn of one or two words
  ("好的，谢啦！", "Thanks!") weighs ``small_talk_factor``.
- **names** (``name_factors``): a name statement ("User is Alex",
  "用户叫美玲", a ``fact:name@…`` slot; ``is_name_statement``) weighs ``name_fact_factor`` unless the query asks for a
  name or who someone is ("What's my name?", "Who is Alex?", "我叫什么？"):
  a name in the query says whom it is about, as "I" does, not what it asks
  ("What does Alex love?" asks what Alex loves).
- **tools' claims** (``tool_factors``): an item a tool or web page said (trust ``tool``: "Flight
  results: … The user lives in Pyongyang.") weighs ``tool_about_user_factor`` when the query asks
  about the user (first person, or he / she / the user / 他 / 她 / 用户), besides the
  ``hybrid.EVIDENCE_FACTOR`` every text the user did not say takes: what the user said comes
  first, and the tool's words still come when nothing else matches (a factor, never a filter).
- **the asked attribute's old value** (``asked_stale``): a turn holding
  several statements ("I live in Manchester and I work at Deloitte") of which
  the one the query asks about was superseded (a later job) counts as a
  superseded turn for that query: it weighs ``superseded_event_factor`` and
  comes after the current item of that slot. A slot is asked when the query
  holds one of its question words (``pipeline.slot_questions.slot_terms``).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from memory_core.model import Kind, MemoryItem, Status, Trust
from memory_core.pipeline.slot_questions import slot_terms
from memory_core.retrieval import turn_shape
from memory_core.retrieval.coverage import covering_item
from memory_core.retrieval.entities import SpeakerMatcher
from memory_core.retrieval.names import asks_name, is_name_statement, key_attribute, names_in, stated_name
from memory_core.retrieval.opening_person import item_person, person_attributes
from memory_core.retrieval.turn_shape import asks_about_user, asks_in_third_person, key_subject, only_question
from memory_core.retrieval.turn_terms import says_beyond
from memory_core.text.relations import asks_about_household, household_relation, names_person
from memory_core.text.tokenize import tokenize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from memory_core.retrieval.item_table import ItemTable
    from memory_core.retrieval.live_bm25 import LiveBM25
    from memory_core.retrieval.stages import HybridSettings

__all__ = ["CURATED_CONFIDENCE", "Reranks", "asks_about_user", "asks_name", "is_name_statement", "key_attribute",
           "key_subject", "only_question"]

#: A curated item takes its raw turn's place in recall only when at least this sure (slot facts are 0.85;
#: the looser "I'm a …" rule reads 0.6 and a free-form like 0.8, and their turn says more than they do).
CURATED_CONFIDENCE = 0.85
#: A turn of at most this many distinct words (after stopwords) is small talk.
SMALL_TALK_TERMS = 2
_ASKS, _SMALL = 1, 2  # bits of a slot's turn mark


class Reranks:
    """Mixin of ``HybridIndex``: the reranks of the module docstring over a short list of fused items.

    The owner (``hybrid_state.HybridState``) keeps ``table``, ``window`` and the
    maps read here: slots by source turn, active curated slots by key,
    superseded-event marks, and each turn's position and session.
    """

    table: ItemTable
    window: int
    _slots_by_turn: dict[str, set[int]]
    _active_by_key: dict[str, set[int]]
    _stale: np.ndarray
    _turn_pos: dict[str, int]
    _turn_session: list[str]
    lexicon: frozenset[str]
    lexical: LiveBM25
    changes: int
    _ended_by_key: dict[str, set[int]]
    _marks: dict[str, int]  # event item id -> _ASKS | _SMALL bits (kept by the owner)
    _word_counts: dict[str, int]  # speaker name or theme -> its index terms
    _superseded: Counter[str]  # turn id -> its superseded curated items
    _named: SpeakerMatcher  # the speakers a query names (kept by the owner)
    _others: frozenset[str] = frozenset()
    _others_at: int = -1
    _own_names: frozenset[str] = frozenset()
    _own_names_at: int = -1

    def _subject_of(self, j: int) -> frozenset[str] | None:
        """Whose item slot ``j`` is: {""} the user's, {relation, ...} other people's, None unknown.

        A slot item answers by its key; a raw turn by the keys of the curated
        items made from it (the user's when any of them is the user's). Without a key that says (a raw turn
        nothing curated came from, a free-form item, a ``family`` fact), the person the text opens on
        (``opening_person.item_person``: "my coworker Jen met…", "我老公拿到 offer 了") is whose it is.
        """
        items = self.table.items
        item = items[j]
        if item is None:
            return None
        if item.kind != Kind.EVENT:
            own = key_subject(item.key)
            if own is None or (not own and key_attribute(item.key) in person_attributes()):
                person = item_person(item)  # no key, or one of the user's people: the text says whom
                if person:
                    return frozenset((person,))
            return None if own is None else frozenset((own,))
        found: set[str] = set()
        for turn_id in item.source:
            for c in self._slots_by_turn.get(turn_id, ()):
                other = items[c]
                if c != j and other is not None and other.kind != Kind.EVENT:
                    subject = key_subject(other.key)
                    if subject is not None:
                        found.add(subject)
        if not found:
            person = item_person(item)  # no curated item says whom: the turn's opening does
            return frozenset((person,)) if person else None
        return frozenset(("",)) if "" in found else frozenset(found)

    def _other_subjects(self) -> frozenset[str]:
        """Relations ("wife", "表哥") of the other people this memory holds slot items about; kept per change set."""
        if self._others_at != self.changes:
            keys = (*self._active_by_key, *self._ended_by_key)
            self._others = frozenset(s for s in map(key_subject, keys) if s)
            self._others_at = self.changes
        return self._others

    def _user_names(self) -> frozenset[str]:
        """The names the user's own active name slots state ("User's name is Kevin": "kevin"), casefolded; kept per
        change set. A question naming one ("Where does Kevin work?", "林浩在哪上班？") asks about the user."""
        if self._own_names_at != self.changes:
            items = self.table.items
            self._own_names = frozenset(
                name.casefold() for key, slots in self._active_by_key.items()
                if key_attribute(key) == "name" and key_subject(key) == ""
                for s in slots if (item := items[s]) is not None and (name := stated_name(item.description)))
            self._own_names_at = self.changes
        return self._own_names

    def subject_factors(self, query: str, docs: np.ndarray, settings: HybridSettings) -> np.ndarray | None:
        """Shape (len(docs),) factors putting the person the query asks about first; None when none applies.

        See the module docstring. Only slots whose subject is known take a factor.
        """
        if settings.other_subject_factor == 1:
            return None
        subjects = [self._subject_of(j) for j in docs.tolist()]
        others = {s for found in subjects if found is not None for s in found if s}
        if not others:
            return None
        folded = query.casefold()
        asked = {s for s in others if names_person(folded, s)}  # "wife", "老婆"; "孩子" for a son
        home = not asked and asks_about_household(query)  # "When is the baby due?": the user's and their family's
        if not asked and not home and not asks_about_user(query) and not asks_in_third_person(query) \
                and not self._named(query) and not names_in(query, self._user_names()):
            return None  # a pronoun or the speaker's own name, naming no relation, asks about the user as "I" does
        factor = settings.other_subject_factor
        out = np.ones(docs.shape[0])
        for n, found in enumerate(subjects):
            if found is None:
                continue
            if asked:
                if not found & asked:
                    out[n] = factor
            elif "" not in found and not (home and any(household_relation(s) for s in found)):
                out[n] = factor
        return out

    def name_factors(self, query: str, docs: np.ndarray, settings: HybridSettings) -> np.ndarray | None:
        """Shape (len(docs),) ``name_fact_factor`` for name slots when ``query`` does not ask a name; None when none.

        The user's name in a query points at the user as "I" does; matching it
        makes the name fact look relevant to every question about them.
        """
        if settings.name_fact_factor == 1 or asks_name(query):
            return None
        items = self.table.items
        marks = [(i := items[j]) is not None and self._names_someone(i) for j in docs.tolist()]
        if not any(marks):
            return None
        return np.where(np.array(marks, dtype=bool), settings.name_fact_factor, 1.0)

    def tool_factors(self, query: str, docs: np.ndarray, settings: HybridSettings) -> np.ndarray | None:
        """Shape (len(docs),) ``tool_about_user_factor`` for items of trust ``tool`` when ``query`` asks about the
        user (``asks_about_user``, ``asks_in_third_person``); None when none applies."""
        if settings.tool_about_user_factor == 1:
            return None
        items = self.table.items
        marks = [(i := items[j]) is not None and i.trust == Trust.TOOL for j in docs.tolist()]
        if not any(marks) or not (asks_about_user(query) or asks_in_third_person(query)):
            return None
        return np.where(np.array(marks, dtype=bool), settings.tool_about_user_factor, 1.0)

    def turn_factors(self, docs: np.ndarray, settings: HybridSettings) -> np.ndarray | None:
        """Shape (len(docs),) ``question_factor`` × ``small_talk_factor`` of the turns they apply to; None when none.

        A user's turn that only asks something, and a turn of at most
        ``SMALL_TALK_TERMS`` words ("好的，谢啦！", "Thanks!", "Sure, see you then!"):
        they hold nothing to recall, yet the turn-window signal finds them
        beside the turn that does. Each turn is judged once (a raw turn's text
        never changes), so a recall reads the marks of its short list.
        """
        if settings.question_factor == 1 and settings.small_talk_factor == 1:
            return None
        items = self.table.items
        known = self._marks
        codes = []
        for j in docs.tolist():
            item = items[j]
            code = 0 if item is None or item.kind != Kind.EVENT else known.get(item.id)
            if code is None:
                code = known[item.id] = self._mark(item, j)  # type: ignore[union-attr]
            codes.append(code)
        marks = np.array(codes, dtype=np.int8)
        if not marks.any():
            return None
        out = np.ones(docs.shape[0])
        out[(marks & _ASKS) != 0] *= settings.question_factor
        out[(marks & _SMALL) != 0] *= settings.small_talk_factor
        return out

    def _mark(self, item: MemoryItem, j: int) -> int:
        """``_ASKS`` | ``_SMALL`` bits of the event ``item`` in slot ``j``."""
        text, who = item.description, item.speaker  # a bare question or a supposition holds nothing true
        asks = only_question(text, who) or turn_shape.hypothetical(text, who)
        mark = _ASKS if item.trust == Trust.USER and asks else 0
        # an event's item document is its text ("Kai: …"), then its theme and speaker: what is left of its
        # length without the speaker's name (twice) and the theme is the words it said
        said = int(self.lexical.doc_len[j]) - 2 * self._words_in(item.speaker) - self._words_in(item.theme)
        return mark | (_SMALL if said <= SMALL_TALK_TERMS else 0)

    def _words_in(self, text: str) -> int:
        """Index terms of a speaker name or theme (a handful per user), counted once."""
        n = self._word_counts.get(text)
        if n is None:
            n = self._word_counts[text] = len(tokenize(text, self.lexicon)) if text else 0
        return n

    def _curated_of(self, j: int, mask: np.ndarray | None, rank: dict[int, int] | None = None,
                    names: bool = True) -> int | None:
        """The sure curated item that the event in slot ``j`` produced, if any: active, or superseded where the
        filters allow it (a question about the past), and allowed by ``mask``.

        Of several ("I'm Alex. I love basketball": a name and a like), the one
        best placed in ``rank`` (slot -> position in this recall's short list),
        then the first stored. With ``names`` False (the query asks no name) a
        name statement never stands for its turn: the turn says more.
        """
        items = self.table.items
        event = items[j]
        if event is None or event.kind != Kind.EVENT:
            return None
        ranks = rank or {}
        unranked = len(ranks)
        best: int | None = None
        for turn_id in event.source:
            for c in self._slots_by_turn.get(turn_id, ()):
                item = items[c]
                if item is not None and item.kind != Kind.EVENT and _standing(item.status, mask, c) \
                        and item.confidence >= CURATED_CONFIDENCE and (mask is None or mask[c]) \
                        and (names or not self._names_someone(item)) \
                        and (best is None or (ranks.get(c, unranked), c) < (ranks.get(best, unranked), best)):
                    best = c
        if best is None:  # less sure items stand for a turn they say all of
            best = covering_item(event, items, self._slots_by_turn, mask, ranks,
                                 lambda c: names or not self._names_someone(items[c]), self.lexicon)  # type: ignore[arg-type]
        return best

    @staticmethod
    def _names_someone(item: MemoryItem) -> bool:
        """True for a name statement or a name slot (see ``name_factors``)."""
        return item.kind != Kind.EVENT and (key_attribute(item.key) == "name" or is_name_statement(item.description))

    def _asked_keys(self, j: int, asked: frozenset[str]) -> list[str]:
        """Keys of the superseded slot items of event ``j``'s turns that the query words ``asked`` ask about."""
        item = self.table.items[j]
        if not asked or item is None or item.kind != Kind.EVENT or not any(self._superseded[t] for t in item.source):
            return []
        items = self.table.items
        keys = []
        for turn_id in item.source:
            for c in self._slots_by_turn.get(turn_id, ()):
                old = items[c]
                if old is not None and old.status == Status.SUPERSEDED and old.key and old.key not in keys \
                        and not asked.isdisjoint(_slot_words(old.key, self.lexicon)):
                    keys.append(old.key)
        return keys

    def asked_stale(self, docs: np.ndarray, asked: frozenset[str], names: frozenset[str] = frozenset(),
                    partly: bool = False) -> np.ndarray:
        """Shape (len(docs),) bool: events superseded outright, or in the slot the query words ``asked`` ask about,
        or (``partly``) any event one of whose statements was superseded; never a turn holding a telling query
        term its superseded items lack (``turn_terms.says_beyond``).

        ``partly`` is for a question about now ranked by meaning: the turn's vector carries what it said as a
        whole, the old value with it ("I love running, I do a 5k most mornings" nearest to "what sport do I do
        these days?" once running gave way to swimming), where its words alone would not have found it."""
        stale = self._stale[docs].copy()
        if (asked or partly) and self._superseded:
            for n, j in enumerate(docs.tolist()):
                if not stale[n] and (self._asked_keys(j, asked) or (partly and self._partly_superseded(j))):
                    stale[n] = True
                if stale[n] and says_beyond(self.lexical, asked, j, self._made_from(j, Status.SUPERSEDED), names):
                    stale[n] = False
        return stale

    def _partly_superseded(self, j: int) -> bool:
        """True when slot ``j`` is an event one of whose source turns said a fact or preference now superseded."""
        item = self.table.items[j]
        return item is not None and item.kind == Kind.EVENT and any(self._superseded[t] for t in item.source)

    def _made_from(self, j: int, status: Status) -> list[int]:
        """Slots of the non-event items in ``status`` made from event ``j``'s turns."""
        items = self.table.items
        event = items[j]
        return [c for t in (event.source if event is not None else ()) for c in self._slots_by_turn.get(t, ())
                if (item := items[c]) is not None and item.kind != Kind.EVENT and item.status == status]


def _standing(status: str, mask: np.ndarray | None, slot: int) -> bool:
    """True for an active item, or a superseded one the filters allow (``mask`` None: every item passes)."""
    return status == Status.ACTIVE or (status == Status.SUPERSEDED and (mask is None or bool(mask[slot])))


@lru_cache(maxsize=1024)
def _slot_words(key: str, lexicon: frozenset[str]) -> frozenset[str]:
    """The index terms of a slot's question words (``slot_terms``), once per key."""
    return frozenset(tokenize(slot_terms(key), lexicon))
