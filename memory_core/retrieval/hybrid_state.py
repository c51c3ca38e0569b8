"""What a hybrid index knows per item, kept current by applying changes instead of rebuilding.

``HybridState`` holds one user's items by slot (see ``live_bm25``: a slot is
an item's position in every per-item array) and everything the hybrid
search derives from them: the item and turn-window BM25 documents, the
user's lexicon of Chinese names, speakers and people, near-copy groups,
superseded-event marks and the second round's seed terms. ``apply`` takes
changed items (and new turns) and updates exactly what they touch:

- a new item takes the next slot; a changed one keeps its slot and its
  documents are replaced; one deleted (or erased from a complete set) leaves
  a dead slot (a tombstone) until ``compact``;
- a new turn re-indexes the items whose turn windows reach it;
- a Chinese name that enters or leaves the lexicon re-indexes the items
  whose text or window holds it (only they are cut differently);
- BM25 statistics (idf, avgdl) are exact after every change (``LiveBM25``)
  and seed terms are ranked by the current idf when a query asks for them.

So an index updated step by step ranks exactly as one built fresh from the
same items and turns (tested in English and Chinese); ties between equal
scores go to the lower slot, as the fresh build's ties go to the earlier item,
except for an item whose ``created_at`` is older than items indexed before it
(an import): it takes the next slot where a fresh build would place it earlier.

A dense signal composes the same way: one row per slot, appended for a new
slot, overwritten for a changed one, masked by ``alive`` when dead, renumbered
by the map ``compact`` returns (``on_compact``).
"""

from __future__ import annotations

import threading
import unicodedata
from array import array
from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType

import numpy as np

from memory_core.decay import Decay
from memory_core.model import Kind, MemoryItem, Status, Trust, Turn
from memory_core.pipeline.slot_questions import slot_terms
from memory_core.retrieval.entities import SpeakerMatcher, extract_entities, learn_lexicon
from memory_core.retrieval.item_table import INDEXED_STATUSES, ItemTable
from memory_core.retrieval.lazy import LazyAttributes
from memory_core.retrieval.live_bm25 import LiveBM25
from memory_core.retrieval.recall_terms import whole_words
from memory_core.retrieval.spare_room import lengthened
from memory_core.retrieval.turn_window import recut_turns, subjects_before, window_positions
from memory_core.text.han_forms import simplified
from memory_core.text.tokenize import tokenize

__all__ = ["DEFAULT_WINDOW", "HybridState"]

DEFAULT_WINDOW = 2
_ROLES = frozenset({"user", "assistant", "system", "tool", ""})
_NO_NAMES: tuple[str, ...] = ()


def _turn_text(turn: Turn) -> str:
    caption = str((turn.meta or {}).get("image_caption") or "").strip()
    return f"{turn.text} {caption}" if caption else turn.text


def _holds(text: str, words: frozenset[str]) -> bool:
    """True when ``text`` as the tokenizer sees it (NFKC, lowercase, simplified) contains one of ``words`` (Han
    names)."""
    if any(w in text for w in words):
        return True
    read = simplified(text)
    if unicodedata.is_normalized("NFKC", read) and read == text:
        return False
    folded = unicodedata.normalize("NFKC", read).lower()
    return any(w in folded for w in words)


def _item_bytes(item: MemoryItem) -> int:
    """Estimated bytes of one indexed item: the object, its text and source list, its tokens.

    The base is measured (tracemalloc): an item read back from snapshot columns held about 1.8 KB with
    a short description and one source turn; 900, the earlier base, left a searched index about 6%
    above its estimate once an area search had read all its items.
    """
    return 1500 + 6 * len(item.description) + 80 * len(item.source)


def _lexicon_keys(item: MemoryItem, names: Sequence[str]) -> frozenset[str]:
    return learn_lexicon([*names, item.speaker])


class HybridState(LazyAttributes):
    """One user's items by slot and the per-item data of hybrid search, changed by ``apply``.

    Args:
        window: neighbouring turns indexed on each side of an item's source turn (>= 0).

    Attributes:
        table: filters, times and hits by slot (``ItemTable``).
        lexical: BM25 over item text (description, theme, speaker) by slot.
        turns: BM25 over each item's turn window (its own text when it has none) by slot.
        lexicon: the user's Chinese names, kept whole by the tokenizer.
        speakers: speaker names by code.
        version: the memory version the state reflects (set by its owner).
        last_seq: the seq of the last turn applied (set by its owner).
        lock: held while the state changes or is searched.
    """

    _spare: Mapping[str, object] = MappingProxyType({})  # buffers of ``spare_room.lengthened`` once grown

    def __init__(self, window: int = DEFAULT_WINDOW, decay: Decay | None = None) -> None:
        self.window = max(0, window)
        self.table = ItemTable(decay=decay)
        self.lexical = LiveBM25()
        self.turns = LiveBM25()
        self.lexicon: frozenset[str] = frozenset()
        self.speakers: list[str] = []
        self.version = ""
        self.last_seq = 0  # seq of the last turn applied (set by its owner)
        self.changing = False  # the owner found the state stale at its last use (set by its owner)
        self.lock = threading.RLock()
        self.changes = 0  # applied change sets (compaction checks nothing changed meanwhile)
        self._pos: dict[str, int] = {}
        self._lexicon_count: Counter[str] = Counter()
        self._lexicon_of: list[frozenset[str]] = []
        self._speaker_code: dict[str, int] = {}
        self._speaker_codes = np.zeros(0, dtype=np.int32)
        self._people_count: Counter[str] = Counter()
        self._people: list[str] = []
        self._named = SpeakerMatcher([])
        self._group_of: dict[tuple[str, ...], int] = {}
        self._copy_key: list[int] = []
        self._name_terms: list[tuple[str, ...]] = []
        self._seed_rest: list[array[int]] = []
        self._has_window = np.zeros(0, dtype=bool)
        self._stale = np.zeros(0, dtype=bool)
        self._superseded: Counter[str] = Counter()
        self._current: Counter[str] = Counter()
        self._slots_by_turn: dict[str, set[int]] = {}
        self._active_by_key: dict[str, set[int]] = {}  # slot key -> slots of its active curated items
        self._ended_by_key: dict[str, set[int]] = {}  # slot key -> slots of its superseded curated items
        self._turn_pos: dict[str, int] = {}
        self._turn_ids: list[str] = []
        self._turn_session: list[str] = []
        self._turn_text: list[str] = []
        self._names: dict[int, list[str]] = {}  # slot → names, while a change set is applied
        self._object_bytes = 0  # estimated bytes of the live items (see nbytes), kept as they change
        self._turn_chars = 0

    # ── sizes ───────────────────────────────────────────────────────────

    def __len__(self) -> int:
        """Number of live items."""
        return int(self.table.alive.sum())

    @property
    def items(self) -> list[MemoryItem]:
        """The live items, in slot order."""
        return [i for i in self.table.items if i is not None]

    @property
    def has_turns(self) -> bool:
        """True when some live item's turn window came from stored turns."""
        return bool((self._has_window & self.table.alive).any())

    def nbytes(self) -> int:
        """Estimated memory held, in bytes: arrays exactly, Python objects by a per-object estimate.

        Items ~ 1,500 bytes plus 6 per character of description and 80 per source turn
        (``_item_bytes``), turns ~ 250 bytes plus 2 per character, a map entry ~ 100 bytes.
        An estimate for cache budgets (checked against RSS in ``ops/bench/bench_scale.py``), kept
        as the state changes: O(1) to read.
        """
        items, turns = self._object_bytes, 2 * self._turn_chars + 250 * self.size_of("_turn_pos")
        seeds = 80 * len(self._seed_rest)
        maps = 100 * sum(self.size_of(n) for n in ("_pos", "_slots_by_turn", "_turn_pos", "_group_of"))
        return (self.lexical.nbytes() + self.turns.nbytes() + self.table.nbytes() + items + turns + seeds + maps
                + 24 * len(self.table.items) + self.__dict__.get("_held_bytes", 0))  # snapshot columns

    # ── changes ─────────────────────────────────────────────────────────

    def apply(self, items: Sequence[MemoryItem], turns: Sequence[Turn] = (), *, complete: bool = False) -> int:
        """Apply changed items and new turns; return how many slots were re-indexed.

        Args:
            items: items changed since the state's version, any status (one
                outside ``INDEXED_STATUSES`` is removed), or with ``complete``
                the user's whole set (any item not in it is removed; items
                equal to the indexed ones are left alone).
            turns: the user's turns after the last one applied, in seq order
                (turns already known are skipped).
            complete: see ``items``.
        """
        with self.lock:
            self.changes += 1
            return self._apply(items, turns, complete)

    def _apply(self, items: Sequence[MemoryItem], turns: Sequence[Turn], complete: bool) -> int:
        touched: dict[int, MemoryItem | None] = {}
        new_items: list[MemoryItem] = []
        if complete:
            seen = {i.id for i in items}
            for item_id, slot in self._pos.items():
                if item_id not in seen:
                    touched[slot] = None
        for item in items:
            at = self._pos.get(item.id)
            indexed = item.status in INDEXED_STATUSES
            if at is None:
                if indexed:
                    new_items.append(item)
            elif not indexed:
                touched[at] = None
            elif not (complete and item == self.table.items[at]):
                touched[at] = item
        next_slot = len(self.table.items)
        for item in sorted(new_items, key=lambda i: (i.created_at, i.id)):
            touched[next_slot] = item
            next_slot += 1
        reindex = set(touched)
        old_len = len(self._turn_ids)
        for turn in turns:
            if turn.turn_id not in self._turn_pos:
                self._turn_pos[turn.turn_id] = len(self._turn_ids)
                self._turn_ids.append(turn.turn_id)
                self._turn_session.append(turn.session_id)
                self._turn_text.append(_turn_text(turn))
                self._turn_chars += len(self._turn_text[-1])
        if len(self._turn_ids) > old_len:  # items whose windows reach a new turn
            for pos in range(max(0, old_len - self.window), len(self._turn_ids)):
                reindex |= self._slots_by_turn.get(self._turn_ids[pos], set())
        subjects = subjects_before(touched, self.table.items, self._slots_by_turn)  # whom their turns are about
        if not reindex:
            return 0
        bulk = not self.table.items  # the first change set: build both signals in one pass
        self._grow(next_slot)
        stale_turns: set[str] = set()
        lexicon_delta: set[str] = set()
        self._names = {}  # names of the items remembered in this change set
        for slot, change in touched.items():
            old = self.table.items[slot] if slot < len(self.table.items) else None
            if old is not None:
                self._forget(slot, old, stale_turns, lexicon_delta)
            if change is not None:
                self._remember(slot, change, stale_turns, lexicon_delta)
        self.table.set(touched)
        for turn_id in recut_turns(subjects, self._slots_by_turn, self.table.items, self.window, self._turn_pos,
                                   self._turn_ids):  # a turn now about someone else: its neighbours' windows
            reindex |= self._slots_by_turn.get(turn_id, set())
        own_text = set(touched)  # item documents that may change (item, lexicon); a new turn moves windows only
        if lexicon_delta:
            self.lexicon = frozenset(self._lexicon_count)
            own_text |= set() if bulk else self._holding(frozenset(lexicon_delta))
        self._index(sorted(reindex | own_text), bulk, own_text)
        self._mark_stale(stale_turns)
        return len(reindex)

    def _grow(self, n: int) -> None:
        grow = n - len(self._copy_key)
        if grow <= 0:
            return
        self._copy_key.extend([0] * grow)
        self._name_terms.extend([_NO_NAMES] * grow)
        self._seed_rest.extend(array("i") for _ in range(grow))
        self._lexicon_of.extend([frozenset()] * grow)
        self._speaker_codes = lengthened(self, "_speaker_codes", self._speaker_codes, n)  # no copy per new slot
        self._has_window, self._stale = (lengthened(self, a, getattr(self, a), n, False) for a in ("_has_window",
                                                                                                  "_stale"))

    def _forget(self, slot: int, item: MemoryItem, stale_turns: set[str], lexicon_delta: set[str]) -> None:
        del self._pos[item.id]
        self._object_bytes -= _item_bytes(item)
        for key in self._lexicon_of[slot]:
            self._lexicon_count[key] -= 1
            if not self._lexicon_count[key]:
                del self._lexicon_count[key]
                lexicon_delta.add(key)
        self._lexicon_of[slot] = frozenset()
        if item.trust != Trust.TOOL:
            self._people_count[item.speaker] -= 1
            if not self._people_count[item.speaker]:
                del self._people_count[item.speaker]
        for turn_id in item.source:
            slots = self._slots_by_turn.get(turn_id)
            if slots is not None:
                slots.discard(slot)
                if not slots:
                    del self._slots_by_turn[turn_id]
        for by_key in (self._active_by_key, self._ended_by_key):
            if item.key in by_key:
                by_key[item.key].discard(slot)
                if not by_key[item.key]:
                    del by_key[item.key]
        self._count_facts(item, -1, stale_turns)
        self._stale[slot] = False
        self._has_window[slot] = False

    def _remember(self, slot: int, item: MemoryItem, stale_turns: set[str], lexicon_delta: set[str]) -> None:
        self._pos[item.id] = slot
        self._object_bytes += _item_bytes(item)
        names = self._names[slot] = extract_entities(item.description)
        keys = _lexicon_keys(item, names)
        self._lexicon_of[slot] = keys
        for key in keys:
            if not self._lexicon_count[key]:
                lexicon_delta.add(key)
            self._lexicon_count[key] += 1
        if item.trust != Trust.TOOL:
            self._people_count[item.speaker] += 1
        code = self._speaker_code.setdefault(item.speaker, len(self._speaker_code))
        if code == len(self.speakers):
            self.speakers.append(item.speaker)
        self._speaker_codes[slot] = code
        group = self._group_of.setdefault(tuple(item.source) or (f"item:{item.id}",), len(self._group_of))
        self._copy_key[slot] = 2 * group + (item.kind == Kind.EVENT)
        for turn_id in item.source:
            self._slots_by_turn.setdefault(turn_id, set()).add(slot)
        if item.key and item.kind != Kind.EVENT and item.status in (Status.ACTIVE, Status.SUPERSEDED):
            by_key = self._active_by_key if item.status == Status.ACTIVE else self._ended_by_key
            by_key.setdefault(item.key, set()).add(slot)
        self._count_facts(item, 1, stale_turns)
        if item.kind == Kind.EVENT:
            stale_turns.update(item.source)

    def _count_facts(self, item: MemoryItem, sign: int, stale_turns: set[str]) -> None:
        if item.kind not in (Kind.FACT, Kind.PREFERENCE):
            return
        counter = self._superseded if item.status == Status.SUPERSEDED else \
            self._current if item.status == Status.ACTIVE else None
        if counter is None:
            return
        for turn_id in item.source:
            counter[turn_id] += sign
            if not counter[turn_id]:
                del counter[turn_id]
        stale_turns.update(item.source)

    def _mark_stale(self, turns: set[str]) -> None:
        """Events every fact or preference of whose source turns was superseded (see ``hybrid``)."""
        slots = {s for t in turns for s in self._slots_by_turn.get(t, ())}
        items = self.table.items
        for slot in slots:
            item = items[slot]
            self._stale[slot] = bool(item is not None and item.kind == Kind.EVENT and item.source and all(
                self._superseded[t] and not self._current[t] for t in item.source))
        people = sorted(s for s in self._people_count if s.strip() and s.strip().lower() not in _ROLES)
        if people != self._people:
            self._people = people
            self._named = SpeakerMatcher(people)

    def _holding(self, words: frozenset[str]) -> set[int]:
        """Live slots whose text or turn window holds one of ``words`` (cut differently by the new lexicon)."""
        out = {s for s, i in enumerate(self.table.items)
               if i is not None and _holds(" ".join((i.description, i.theme, i.speaker)), words)}
        for pos, text in enumerate(self._turn_text):
            if _holds(text, words):
                for p in range(max(0, pos - self.window), min(len(self._turn_ids), pos + self.window + 1)):
                    out |= self._slots_by_turn.get(self._turn_ids[p], set())
        return {s for s in out if self.table.items[s] is not None}

    def _index(self, slots: list[int], bulk: bool = False, own_text: set[int] | None = None) -> None:
        """Compute the documents, names and seeds of ``slots`` for both BM25 signals (item signal: ``own_text``)."""
        lexicon = self.lexicon
        cache: dict[int, list[str]] = {}

        def turn_tokens(pos: int) -> list[str]:
            if pos not in cache:
                cache[pos] = tokenize(self._turn_text[pos], lexicon)
            return cache[pos]

        lex_docs: dict[int, list[str] | None] = {}
        turn_docs: dict[int, list[str] | None] = {}
        rest: dict[int, set[str]] = {}
        aside: list[int] = []  # summaries: scored but not counted in BM25's statistics (``bm25_arrays``)
        items = self.table.items
        known_names, self._names = self._names, {}
        extra_of: dict[tuple[str, str], list[str]] = {}  # themes and speakers repeat: cut each pair once
        for slot in slots:
            item = items[slot]
            if item is None:
                lex_docs[slot] = turn_docs[slot] = None
                self._seed_rest[slot] = array("i")
                self._name_terms[slot] = _NO_NAMES
                continue
            if item.kind == Kind.SUMMARY:
                aside.append(slot)
            own = tokenize(item.description, lexicon)
            whole = whole_words(item.description, own)  # phrasal verbs, split verb-object words (``recall_terms``)
            pair = (item.theme, item.speaker)
            extra = extra_of.get(pair)
            if extra is None:
                extra = extra_of[pair] = tokenize(" ".join(p for p in pair if p), lexicon)
            asked = slot_terms(item.key)  # a slot item is found by its question words, in both languages
            lex_docs[slot] = own + whole + extra + (tokenize(asked, lexicon) if asked else [])
            window = self._window(item, turn_tokens)
            self._has_window[slot] = window is not None
            turn_docs[slot] = own + whole if window is None else window if item.kind == Kind.EVENT \
                else own + whole + window
            found = known_names.get(slot)
            found = extract_entities(item.description) if found is None else found
            names = {t for n in found for t in tokenize(n, lexicon)}
            self._name_terms[slot] = tuple(sorted(names)) if names else _NO_NAMES
            rest[slot] = set(own) - names
        if bulk:
            self.lexical = LiveBM25.build([lex_docs[s] for s in range(len(items))], aside)
            self.turns = LiveBM25.build([turn_docs[s] for s in range(len(items))], aside)
        else:
            self.lexical.set_docs({s: d for s, d in lex_docs.items() if own_text is None or s in own_text}, aside)
            self.turns.set_docs(turn_docs, aside)
        term_ids = self.lexical.term_ids  # seed terms by id in the lexical vocabulary (own terms are all in it)
        for slot, terms in rest.items():
            self._seed_rest[slot] = array("i", term_ids(terms))

    def _window(self, item: MemoryItem, tokens: object) -> list[str] | None:
        """Tokens of the item's window (``turn_window``: its turns and same-session neighbours), in turn order."""
        picked = window_positions(item, self.window, self._turn_pos, self._turn_ids, self._turn_session,
                                  self._slots_by_turn, self.table.items)
        return [t for j in picked for t in tokens(j)] if picked else None  # type: ignore[operator]

    def seeds(self, slot: int) -> tuple[str, ...]:
        """The slot's names, then its three rarest own terms by the current idf (the second round's seeds)."""
        rest = self._seed_rest[slot]
        if not rest:
            return self._name_terms[slot]
        idf = self.lexical.idf_of
        terms = [self.lexical.term(t) for t in rest]
        terms.sort(key=lambda t: (-idf(t), t))
        return self._name_terms[slot] + tuple(terms[:3])

    # ── compaction ──────────────────────────────────────────────────────

    @property
    def needs_compaction(self) -> bool:
        """True when the append segment or the tombstones outgrew 1/8 of the index (and 256 slots)."""
        lex = self.lexical
        return max(lex.appended, lex.tombstones + (lex.n_docs - lex.n_live)) > max(256, lex.n_docs // 8)

    def compact(self) -> None:
        """Fold the append segments into the base and drop dead slots; results do not change."""
        with self.lock:
            new_of = self.lexical.compact()
            self.turns.compact()  # the same live slots as the lexical signal, so the same map
            self._renumber(new_of)
            self.changes += 1

    def _renumber(self, new_of: np.ndarray) -> None:
        """Move every per-slot structure to the slots ``new_of`` gives (-1: dropped). Extend for new arrays."""
        keep = np.flatnonzero(new_of >= 0)
        kept = keep.tolist()
        self.table.renumber(new_of)
        self._speaker_codes, self._has_window, self._stale = (a[keep] for a in (self._speaker_codes,
                                                                                 self._has_window, self._stale))
        self._copy_key = [self._copy_key[i] for i in kept]
        self._name_terms = [self._name_terms[i] for i in kept]
        self._seed_rest = [self._seed_rest[i] for i in kept]
        self._lexicon_of = [self._lexicon_of[i] for i in kept]
        moved = new_of.tolist()
        self._pos = {item_id: moved[slot] for item_id, slot in self._pos.items()}
        self._slots_by_turn = {t: {moved[s] for s in slots} for t, slots in self._slots_by_turn.items()}
        self._active_by_key = {k: {moved[s] for s in slots} for k, slots in self._active_by_key.items()}
        self._ended_by_key = {k: {moved[s] for s in slots} for k, slots in self._ended_by_key.items()}
