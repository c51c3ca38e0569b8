"""After the reranks: one result per source, the current value before the turn that said the old one.

``Diverse`` is mixed into ``hybrid.HybridIndex`` over ``rerank.Reranks``; its
``_diverse`` walks the reranked short list best first and says k different
things: the curated item in its raw turn's place (of several, the one the
query ranks best), the current value before the turn that said the old one
(``_successor_of``), and an item whose source turns better results already
cover dropped or moved behind (see ``Diverse._diverse``).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from memory_core.model import Kind, Status
from memory_core.retrieval.names import asks_name, is_name_statement, key_attribute
from memory_core.retrieval.rerank import Reranks
from memory_core.retrieval.said_once import adds_asked, near_copy, says_less, stands_apart
from memory_core.retrieval.stale_last import old_stated
from memory_core.retrieval.turn_beyond import said_text, says_more, telling_terms
from memory_core.retrieval.turn_terms import says_beyond
from memory_core.text.tokenize import tokenize

__all__ = ["Diverse"]


class Diverse(Reranks):
    """Mixin of ``HybridIndex``: ``_diverse`` over the reranked short list (module docstring).

    Reads the maps ``Reranks`` reads (slots by source turn, active slots by key, superseded-event marks).
    """

    def _successor_of(self, j: int, mask: np.ndarray | None, asked: frozenset[str] = frozenset(),
                      present: bool = False) -> int | None:
        """For a turn whose statement was superseded (slot ``j``): the current item of that slot, if allowed.

        A turn only partly superseded has a successor only in a slot the query words ``asked`` ask about.
        For a question about now (``present``), a turn all of whose statements were superseded has the item
        that began when they ended (``_began_when_ended``), whatever its slot key ("User no longer drinks
        coffee" ending "User drinks latte"). Not a turn only partly superseded: on LoCoMo dev (lexical) taking
        its old statement's successor whenever that statement held a query word cost R@5 (0.692 → 0.691).
        """
        items = self.table.items
        if self._stale[j]:
            keys = [item.key for turn_id in items[j].source  # type: ignore[union-attr]  # stale: live events
                    for c in self._slots_by_turn.get(turn_id, ())
                    if (item := items[c]) is not None and item.status == Status.SUPERSEDED and item.key]
        else:
            keys = self._asked_keys(j, asked)
        for key in keys:
            for s in sorted(self._active_by_key.get(key, ())):  # type: ignore[arg-type]  # keys are str
                if mask is None or mask[s]:
                    return s
        return self._began_when_ended(j, mask) if present and self._stale[j] else None

    def _began_when_ended(self, j: int, mask: np.ndarray | None) -> int | None:
        """The active curated item that began holding when a superseded statement of event ``j`` stopped: its time
        (``valid_from``) is the old item's ``valid_until``; of several, the one sharing the most idf mass of index
        terms with the old item (its object: "奶茶" of "小鹿喝奶茶" and "小鹿奶茶已经一口都不碰了"), then the first.

        The change that ended an old statement is recorded as that time on both items (``pipeline.said_when``)
        whatever slot key the new item took (a cessation, a doctor's ban, a restated habit), so the slot key
        alone missed it. None when no such item is allowed by ``mask``.
        """
        items = self.table.items
        best, best_weight = None, -1.0
        n = self.table.times.shape[0]
        for c in sorted(self._made_from(j, Status.SUPERSEDED)):
            old = items[c]
            if old is None or old.valid_until is None:
                continue
            words = set(tokenize(old.description, self.lexicon))
            began = np.flatnonzero((self.table.times == old.valid_until.timestamp()) & self.table.alive[:n])
            for s in began.tolist():
                new = items[s]
                if new is None or new.kind == Kind.EVENT or new.status != Status.ACTIVE \
                        or (mask is not None and not mask[s]):
                    continue
                shared = words.intersection(tokenize(new.description, self.lexicon))
                weight = sum(self.lexical.idf_of(w) or 0.0 for w in shared)
                if weight > best_weight:
                    best, best_weight = s, weight
        return best

    def _name_items(self, j: int) -> list[int]:
        """Slots of the active items of event ``j``'s turns that only say what the user is called ("User is Tom").

        A name the turn gave the user is no word only the turn says: "which city is Tom based in these days?"
        asks where the user lives now, so "Hey, I'm Tom. I live in Manchester …" still comes after the current
        home (trial 13), as a turn without the name does.
        """
        items = self.table.items
        item = items[j]
        if item is None or item.kind != Kind.EVENT:
            return []
        return sorted({c for turn_id in item.source for c in self._slots_by_turn.get(turn_id, ())
                       if (o := items[c]) is not None and o.kind != Kind.EVENT and o.status == Status.ACTIVE
                       and is_name_statement(o.description)})

    def _diverse(self, ordered: np.ndarray, scores: np.ndarray, k: int, mask: np.ndarray | None,
                 found: np.ndarray, query: str = "", asked: frozenset[str] = frozenset(),
                 names: frozenset[str] = frozenset(), present: bool = False,
                 members: frozenset[str] = frozenset(),
                 changes: tuple[frozenset[int], frozenset[str]] = (frozenset(), frozenset()),
                 one_fact_members: frozenset[str] = frozenset(),
                 folded: dict[int, list[int]] | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Say k different things: one result per source, the curated item before its raw turn.

        Walking the ranking best first:

        - an event (a raw turn) that produced a sure curated item the filters
          allow is replaced by that item, at the event's rank and score (the
          turn stays its provenance); a name statement only when ``query``
          asks a name; never a turn holding a telling query term (a rare word, a name in ``names``)
          the item lacks (``turn_terms.says_beyond``): what the query asks is only in the turn; for a list
          question, a member it asks for (``members``, ``list_question.asked_members``) is such a term, and
          for a question for one fact a member of the kind it names or a member it names itself
          (``one_fact_members``, ``list_question.kept_members``: "any pets?" keeps "We moved in. Amara's cat
          Juniper is hiding …");
          nor, for a question asking a name, by an item holding none of the query's terms when the turn holds
          some (``_off_question``: the name is in the turn; for other questions a slot's item in its own words,
          "User lives in Leeds" for "I moved to Leeds", still stands in for its turn);
          nor a turn saying a change the query asks about (``changes``: such turns' slots and the attributes the
          change makes old, ``changed_value``) by an item of another attribute ("用户的房租是一千八" does not say the
          move to 光谷 its turn says);
        - a turn whose statement was superseded (or, of several, the one the
          query words ``asked`` ask about) comes right after the current
          item of the same slot, when the query found that item at all (the
          successor answers the old question; the turn stays findable as history);
          for a question about the present (``present``, ``stale_last.asks_present``) a turn every
          fact of which was superseded brings that item in even when the query did not find it or
          asks words only the turn holds (none of it holds now: the current value is read first);
          of several such turns stating the same old items only the first is kept (``stale_last.old_stated``);
        - an item whose source turns are all covered by better results is
          dropped (it says nothing new); a turn whose raw turn is archived
          and filtered out is not counted (no result can show it: a fact
          said three times whose first raw turn faded came back beside the
          other two);
        - an item sharing only some of its turns moves behind the rest, and is
          dropped when the rest covers all of them (a restatement's summary
          item beside the two turns that said it); a turn kept for a member
          (``one_fact_members``) does not count here: the item made from it and
          other turns still says those (LoCoMo: "which language is Tim learning"
          sat in the other turn);
        - in both, a source turn whose raw turn recall cannot show (archived,
          or outside the filters) counts as covered once another of the item's
          turns is: a fact restated in three turns whose first has faded is
          still the thing its two shown turns say.

        - a curated item of a turn a placed result already came from, holding no query term those results
          lack, is folded into the first of them (``_said_already``: recorded in ``folded``, host slot → its
          folded slots, for the result to say both; dropped when ``folded`` is None); a near copy of a placed
          result's text is dropped. An item that stands apart (``said_once.stands_apart``: a recap, a sensitive
          item, a name statement) is neither folded, nor a host, nor a copy.

        Returns:
            (slots, scores), at most ``k`` of each.
        """
        items = self.table.items
        covered: set[str] = set()  # turns some placed result came from
        said: set[str] = set()  # turns whose own words a placed raw turn (event) shows
        keys: set[str] = set()  # slot keys placed
        placed: set[int] = set()
        by_turn: dict[str, list[int]] = {}  # the results placed from each turn
        fresh: list[tuple[int, float]] = []
        partial: list[tuple[int, float]] = []
        beyond: list[tuple[int, float]] = []  # raw turns whose facts were placed and say less than they do

        def sources(slot: int) -> tuple[str, ...]:
            item = items[slot]
            if item is None:
                return (f"slot:{slot}",)
            if item.kind == Kind.EVENT:
                return tuple(item.source) or (f"item:{item.id}",)
            showable = tuple(t for t in item.source if not faded(t))  # an archived raw turn shows nothing
            return showable or tuple(item.source) or (f"item:{item.id}",)

        def faded(turn_id: str) -> bool:
            """True when the turn's raw turn is archived (faded or expired) and the filters leave it out."""
            events = [c for c in self._slots_by_turn.get(turn_id, ()) if (e := items[c]) is not None
                      and e.kind == Kind.EVENT]
            return bool(events) and all(items[c].status == Status.ARCHIVED  # type: ignore[union-attr]
                                        and mask is not None and not mask[c] for c in events)

        def seen(slot: int) -> set[str]:
            """What already says what ``slot`` says: any result of its turn for a raw turn or an unkeyed item;
            for a keyed item only the turn's own words (two slots of one turn, "I'm Alex. I love basketball",
            are two things; a second key of the same slot is dropped by key)."""
            item = items[slot]
            return covered if item is None or item.kind == Kind.EVENT or not item.key else said

        member_kept: set[str] = set()  # turns kept for a member (``one_fact_members``) over a multi-turn item

        def before_it(slot: int, src: tuple[str, ...]) -> set[str]:
            """``seen(slot)``, less the turns kept for a member when ``slot`` has other sources: such a turn says
            one of the item's turns, not the others ("which language is Tim learning": the item's other turn)."""
            before = seen(slot)
            return before - member_kept if len(src) > 1 and member_kept else before

        def place(slot: int, src: tuple[str, ...]) -> None:
            covered.update(src)
            for t in src:
                by_turn.setdefault(t, []).append(slot)
            item = items[slot]
            if item is not None and item.kind == Kind.EVENT:
                said.update(src)
            elif item is not None and item.key:
                keys.add(item.key)

        hidden: dict[str, bool] = {}

        def shown(src: tuple[str, ...], before: set[str]) -> tuple[bool, bool]:
            """(every source turn covered, some covered), a turn recall cannot show counting once one is."""
            some = any(t in before for t in src)
            if not some:
                return False, False
            return all(t in before or self._unshowable(t, mask, hidden) for t in src), True

        rank = {slot: n for n, slot in enumerate(ordered.tolist())}
        named = not query or asks_name(query)
        told: set[int] = set()  # superseded items a placed old turn (asked about the present) stated
        for j, score in zip(ordered.tolist(), scores.tolist(), strict=True):
            if len(fresh) >= k:  # what follows lands behind the k kept (fresh before partial): nothing changes
                break
            succ = self._successor_of(j, mask, asked, present)
            gone = present and bool(self._stale[j])  # asked now, and nothing the turn said holds any more
            if succ is not None and not gone and says_beyond(self.lexical, asked, j, [succ, *self._name_items(j)],
                                                             names):
                succ = None  # the query asks what only the turn says: no current value to put first
            stated = old_stated(items, self._slots_by_turn, j) if gone else set()
            if stated and stated <= told:
                continue  # another turn that said the same old value is shown already
            told |= stated
            if succ is not None and succ not in placed and (gone or _holds(found, succ)):
                placed.add(succ)  # the current value first, then the turn that said the old one
                place(succ, sources(succ))
                fresh.append((succ, score))
            if members:  # a list's member only the turn names: the turn, not the item made from it
                j = self._member_turn(j, members, mask)
            curated = self._curated_of(j, mask, rank, named)
            if curated is not None and j in changes[0] \
                    and key_attribute(items[curated].key) not in changes[1]:  # type: ignore[union-attr,operator]
                curated = None  # the change the query asks about is only in the turn
            if curated is not None and not says_beyond(self.lexical, asked, j, [curated], names) \
                    and self._member_turn(curated, members, mask) == curated \
                    and not (query and named and self._off_question(curated, j, asked)):
                if not says_beyond(self.lexical, one_fact_members, j, [curated], one_fact_members):
                    if self._turn_says_more(j, mask):
                        beyond.append((j, score))  # the fact first; the turn, saying more, after the facts
                    j = curated
                elif len(sources(curated)) > 1:  # kept for its member, the turn says one of the item's turns
                    member_kept.update(sources(j))
            if j in placed:
                continue
            src = sources(j)
            every, some = shown(src, before_it(j, src))
            item = items[j]
            if every and item is not None and item.kind == Kind.EVENT and not all(t in said for t in src) \
                    and self._turn_says_more(j, mask):
                beyond.append((j, score))  # its facts were placed, yet they leave some of it unsaid
                continue
            if every or (item is not None and item.key and item.key in keys and item.status == Status.ACTIVE):
                continue  # a second item of a slot placed says nothing new, unless it is the slot's old value
            host = self._said_already(j, src, by_turn, asked, [c for c, _ in fresh])
            if host is not None:
                if host >= 0 and folded is not None:
                    folded.setdefault(host, []).append(j)
                continue
            placed.add(j)
            if some:
                partial.append((j, score))
                continue
            place(j, src)
            fresh.append((j, score))
        # a partial item whose other turns were placed later (below it, yet before it) says nothing new either
        partial = [(j, score) for j, score in partial if not shown(sources(j), before_it(j, sources(j)))[0]]
        kept = (fresh + partial)[:k]
        beyond = [(j, score) for j, score in beyond if not self._retold(j, kept)]
        picked = after_facts(kept, beyond, k, sources)
        return np.array([j for j, _ in picked], dtype=np.int64), np.array([s for _, s in picked])

    def _said_already(self, j: int, src: tuple[str, ...], by_turn: dict[str, list[int]], asked: frozenset[str],
                      shown: list[int]) -> int | None:
        """Whether the result in slot ``j`` (source turns ``src``) says again what a placed result says
        (``said_once``), and into which.

        Returns:
            the slot of the first placed curated item of its turn (of the same status: a superseded value folded into
            a current result lost its mark and its rank) when ``j`` is a curated item every turn of which
            placed results came from and it holds no query term those results lack ("用户做游戏运营" after
            "用户在腾讯工作", both of "我在腾讯做游戏运营"), or that of a placed curated item sharing a turn with it
            when it says less (``said_once.says_less``): the two are one statement; -1 when its text is a near
            copy of a placed result's (the same sentence said twice); None when it says something new.
        """
        items = self.table.items
        item = items[j]
        if item is None or stands_apart(item):
            return None
        if item.kind != Kind.EVENT:  # says less than a result of one of its turns: "张姐有儿子" / "张姐的儿子五岁"
            for c in shown:
                host = items[c]
                if host is not None and host.kind != Kind.EVENT and not stands_apart(host) \
                        and host.status == item.status \
                        and set(host.source) & set(src) and says_less(item.description, host.description):
                    return c
        if item.kind != Kind.EVENT and src and all(t in by_turn for t in src):
            hosts = [c for c in shown if c in {h for t in src for h in by_turn[t]}]
            curated = [c for c in hosts if (h := items[c]) is not None and h.kind != Kind.EVENT and not stands_apart(h)
                       and h.status == item.status]  # a superseded value is never said inside a current one
            if curated and not adds_asked(self.lexical, asked, j, hosts):
                return curated[0]
        if any((other := items[c]) is not None and not stands_apart(other)
               and near_copy(item.description, other.description) for c in shown):
            return -1
        return None

    def _off_question(self, curated: int, j: int, asked: frozenset[str]) -> bool:
        """True when the curated item in slot ``curated`` holds none of the question's terms ``asked`` and the raw
        turn in slot ``j`` it was made from holds some: the item tells another fact of the turn ("民宿的手续办下来了！
        …名字叫“乌云的蒙古包”" made "用户的闺女目前大三"), so it cannot stand in for the turn the question found."""
        if not asked:
            return False
        scores = self.lexical.scores_of(sorted(asked), np.array([curated, j], dtype=np.int64))
        return bool(scores[0] <= 0 < scores[1])

    def _turn_says_more(self, j: int, mask: np.ndarray | None) -> bool:
        """True when the raw turn in slot ``j`` holds a name, number or city none of its active curated items
        (allowed by ``mask``) holds (``turn_beyond.says_more``): the facts cannot stand for it alone."""
        items = self.table.items
        event = items[j]
        if event is None or event.kind != Kind.EVENT:
            return False
        facts = [item.description for turn_id in event.source for c in self._slots_by_turn.get(turn_id, ())
                 if (item := items[c]) is not None and item.kind != Kind.EVENT and item.status == Status.ACTIVE
                 and (mask is None or bool(mask[c]))]
        return bool(facts) and says_more(event.description, facts)

    def _retold(self, j: int, kept: list[tuple[int, float]]) -> bool:
        """True when a kept result newer than the raw turn in slot ``j`` names a city that turn names: a later
        turn said the place again or took it back ("我姐在杭州当老师" then "说错了，我姐是在苏州当老师，不是杭州"), so
        the older turn is not the only record of it and would put the old value above the new."""
        items = self.table.items
        event = items[j]
        if event is None:
            return False
        cities = telling_terms(said_text(event.description))
        at = event.valid_from or event.created_at
        for c, _ in kept:
            other = items[c]
            if other is not None and c != j and (other.valid_from or other.created_at) > at \
                    and any(city in other.description for city in cities):
                return True
        return False

    def _member_turn(self, j: int, members: frozenset[str], mask: np.ndarray | None) -> int:
        """For a curated item of one turn (slot ``j``) holding none of the list ``members``, the slot of that raw
        turn (allowed by ``mask``) when the turn names one; else ``j``. An item of several turns is kept: it
        shows them all (a merged item on LoCoMo holds up to dozens).

        "I'm a nurse and I went to Peru" made "User works as a nurse": asked which countries the user has been
        to, the turn window ranks that item for the turn's "Peru", and the item says only the job.
        """
        items = self.table.items
        item = items[j]
        if item is None or item.kind == Kind.EVENT or len(item.source) != 1 \
                or self.lexical.scores_of(sorted(members), np.array([j], dtype=np.int64))[0] > 0:
            return j  # a raw turn, an item of several turns, or one naming a member ("User has a poodle")
        for turn_id in item.source:
            for c in self._slots_by_turn.get(turn_id, ()):
                event = items[c]
                if event is not None and event.kind == Kind.EVENT and (mask is None or bool(mask[c])) \
                        and says_beyond(self.lexical, members, c, [j], members):
                    return c
        return j

    def _unshowable(self, turn_id: str, mask: np.ndarray | None, memo: dict[str, bool]) -> bool:
        """True when no raw turn (event item) of ``turn_id`` is indexed and allowed by ``mask`` (memoised)."""
        found = memo.get(turn_id)
        if found is None:
            items = self.table.items
            found = memo[turn_id] = not any(
                (item := items[c]) is not None and item.kind == Kind.EVENT and (mask is None or bool(mask[c]))
                for c in self._slots_by_turn.get(turn_id, ()))
        return found


def after_facts(kept: list[tuple[int, float]], beyond: list[tuple[int, float]], k: int,
                sources: Callable[[int], tuple[str, ...]]) -> list[tuple[int, float]]:
    """``kept`` (slot, score) pairs with the raw turns of ``beyond`` placed among them, at most ``k`` in all.

    A turn of ``beyond`` goes after every kept result of its own turns (its facts come first, ``sources``
    giving a slot's turn ids) and after every kept result scoring at least as much; its score is then no
    higher than the result before it (the scores still read best first).
    """
    picked = list(kept)
    seen = {j for j, _ in picked}
    for j, score in beyond:
        if j in seen:
            continue
        seen.add(j)
        own = set(sources(j))
        at = max((n + 1 for n, (c, _) in enumerate(picked) if own.intersection(sources(c))), default=0)
        while at < len(picked) and picked[at][1] >= score:
            at += 1
        if at >= k:
            continue
        picked.insert(at, (j, min(score, picked[at - 1][1]) if at else score))
    return picked[:k]


def _holds(sorted_docs: np.ndarray, j: int) -> bool:
    """True when ``j`` is in ``sorted_docs`` (ascending slots, as fusion returns them)."""
    pos = int(np.searchsorted(sorted_docs, j))
    return pos < sorted_docs.shape[0] and int(sorted_docs[pos]) == j
