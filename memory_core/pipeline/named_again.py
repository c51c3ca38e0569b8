"""A value of the user's named again in passing is a hit on the item that holds it (issue 13: "a fact said again
is a hit, not a duplicate").

A user who said "I live in Wellington" and later says "back in Wellington after the trip", who said "我老婆叫
Emma" and later "给 Emma 订了个 omakase", or "我是素食者" and later "因为我还是吃素嘛", confirms the item without
making a statement the slot rules read: no candidate is made, so nothing met the item and its hit stayed 0.

``named_again_ops`` reads each clause of a user's turn against the user's own active statements. A statement is
named by a clause when the clause holds one of its *value terms* (``value_terms``): the value of its slot read
back through the attribute's renderings (``retraction.slot_value``, with every name of a city in the other script,
``place_names.names_of``), or a strong topic term of its text (``gist.topic``: a name, a thing the lexicon knows in
either language, a synonym group) that names no kind of many things (``gist.generic_terms``). Then the turn gives
the statement one ``HitOp`` (one per statement per turn) and joins its sources.

What does not count (each a list of ``data/named_again.yaml`` beside a reading):

- a turn that is not the user's (an assistant's or a tool's words confirm nothing);
- a clause that asks (ends on a question mark or holds an ``asking`` word; a reminder tag such as "remember?"
  or "对吧" asks nothing), supposes (``supposing``: "what if I moved to …", "要是搬去深圳"), denies or leaves
  (``denying``), or speaks of another person (``others``, or a relation word the statement does not hold:
  "my friend lives in Wellington too" is the friend's home);
- a statement the turn's other ops already hit, revise, end or replace (its key added again): the change is
  theirs;
- a term two or more of the user's statements hold, the turn's new ones included (it names no one of them:
  "我也喜欢红茶" names tea for its own statement, not for "用户喜欢绿茶"), and a statement of another
  person's (its key names a relation: ``fact:朋友/阿杰/…``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence

from memory_core.model import Kind, Turn
from memory_core.pipeline import org_names
from memory_core.pipeline.gist import generic_terms, topic
from memory_core.pipeline.late_detail import last_said
from memory_core.pipeline.named_other import NOT_NAMES
from memory_core.pipeline.place_names import names_of
from memory_core.pipeline.retraction import slot_value
from memory_core.pipeline.slots import lexicon
from memory_core.pipeline.third_person import EN_LEAD, ZH_LEAD
from memory_core.shipped_yaml import load_shipped
from memory_core.store.lookup import KeyLookup
from memory_core.store.write_ops import AddOp, HitOp, MergeOp, Op
from memory_core.text.relations import relation_pattern
from memory_core.text.script import HAN_RUN, has_han, lang_of

__all__ = ["clause_names", "named_again_ops", "newer_than", "plain_clauses", "theirs", "value_terms"]

Rows = Callable[[tuple[str, ...]], list[tuple[str, str, str]]]

#: The longest value in Chinese read back from a slot's rendering that is still one name or thing ("鸦雀建筑事务所").
MAX_HAN_VALUE = 8
#: The key families whose statements a clause may name again.
PREFIXES = ("fact:", "pref:", "gist:")
_CLAUSE = re.compile(r"(?<=[，,。.!！？?;；\n~～])|(?<=\s[-–—])\s")
_SUBJECTS = frozenset({"user", "用户"})
_LATIN_TERM = re.compile(r"^[a-z0-9][a-z0-9'&.+-]*$")


@functools.cache
def _cues(lang: str) -> dict[str, re.Pattern[str]]:
    raw = load_shipped("data", "named_again.yaml")[lang]
    out = {}
    for name, words in raw.items():
        forms = sorted((str(w).casefold() for w in words), key=len, reverse=True)
        body = "|".join(re.escape(w) for w in forms)
        out[name] = re.compile(rf"(?<![a-z']){'(?:' + body + ')'}(?![a-z'])" if lang == "en" else body)
    return out


def plain_clauses(text: str) -> list[str]:
    """The clauses of ``text`` split at punctuation, each with its closing mark kept ("回北京了，" ...)."""
    return [part.strip() for part in _CLAUSE.split(text) if part and part.strip(" ，,。.!！？?;；~～-–—\n")]


def _plain(clause: str) -> bool:
    """True when ``clause`` states something of the speaker's: it neither asks, supposes, denies nor speaks of
    another person (module docstring)."""
    folded = clause.casefold().replace("\u2019", "'")
    checks = ("en",) if not has_han(folded) else ("en", "zh")
    reminding = re.search(r"(?:remember|right|you\s+know|记得吧|对吧|是吧|记得嘛|记得吗)\W*$", folded)
    if folded.rstrip().endswith(("?", "？")) and not reminding:
        return False
    for lang in checks:
        cues = _cues(lang)
        asking = cues["asking"].search(folded)
        if asking is not None and not (reminding and asking.start() >= reminding.start()):
            return False
        if cues["supposing"].search(folded) or cues["denying"].search(folded):
            return False
    return True


def _others(clause: str, description: str) -> bool:
    """True when ``clause`` names a person (a pronoun, a relation word) that ``description`` does not name."""
    folded, said = clause.casefold().replace("\u2019", "'"), description.casefold()
    for lang in ("en", "zh"):
        for m in _cues(lang)["others"].finditer(folded):
            if m.group(0) not in said:
                return True
    return any(m.group(0) not in said for m in relation_pattern().finditer(folded))


def _alt(words: Sequence[str]) -> str:
    return "|".join(re.escape(str(w)).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


@functools.cache
def _person_opener() -> re.Pattern[str]:
    """A clause opening on a name, words of degree, then a verb of liking or doing (``data/named_again.yaml``
    ``person_degree`` / ``person_verbs``); group ``n`` is the name."""
    data = load_shipped("data", "named_again.yaml")
    verbs, degree = data["person_verbs"], data["person_degree"]
    zh = lexicon().classes["zh"]
    zh_name = (r"[小老阿](?![时是姨板师婆公家区孩心学些点号猫狗人朋伙姑舅叔婶宝大实们])[\u4e00-\u9fff]"
               rf"|(?!{zh['NOTNAME']})(?:{zh['SURNAME']})[\u4e00-\u9fff]{{1,2}}?")
    en = rf"(?P<n>[A-Z][a-z]{{1,15}}(?:\s+[A-Z][a-z]+)?)\s+(?:(?:{_alt(degree['en'])})\s+)*" \
         rf"(?:{_alt([*verbs['en_liking'], *verbs['en_doing']])})\b"
    zh_verbs = _alt([*verbs["zh_liking"], *verbs["zh_doing"]])
    han = rf"(?P<h>{zh_name}|[A-Z][a-z]{{1,15}})\s*(?:{_alt(degree['zh'])})*(?:{zh_verbs})"
    return re.compile(rf"^(?:{en}|{han})")


def theirs(clause: str, terms: frozenset[str], people: frozenset[str] = frozenset()) -> bool:
    """True when ``clause``'s subject is a named person other than what the statement names: it opens (after a
    discourse word, ``third_person.EN_LEAD`` / ``ZH_LEAD``) on a name and a verb of liking or doing ("Sarah loves
    hiking too", "小王也喜欢爬山", "王明最近在学日语"), or on one of ``people`` (names the user's memory keeps for
    someone else, casefolded). A name the statement's ``terms`` hold ("Marco made risotto" after "my husband is
    called Marco"), a place, an organisation or a thing the lexicon knows ("马拉松也跑了") is no other person."""
    text = ZH_LEAD.sub("", EN_LEAD.sub("", clause.strip()))
    opened = _person_opener().match(text)
    name = ""
    if opened is not None:
        name = opened.group("n") or opened.group("h")
    else:
        name = next((p for p in people if text.casefold().startswith(p)), "")
        if name and name.isascii() and re.match(rf"{re.escape(name)}[a-z]", text.casefold()):
            name = ""
    if not name:
        return False
    folded = name.casefold()
    if folded in NOT_NAMES_FOLDED or {"=" + folded, folded} & terms or names_of(name) or org_names.names_of(name):
        return False
    return not any(t.startswith(("obj:", "syn:")) for t in topic(name, lang_of(name)).strong)


NOT_NAMES_FOLDED = frozenset(n.casefold() for n in NOT_NAMES) | {"i", "i'm", "we", "my", "it", "you"}


def _people(rows: list[tuple[str, str, str]]) -> frozenset[str]:
    """The names the user's statements keep for other people: the person part of a key (``fact:friend/sarah/…``,
    ``fact:朋友/阿杰/…``, ``fact:person/jason/…``)."""
    found = set()
    for _, key, _ in rows:
        parts = key.split("@")[0].split("/")
        if len(parts) == 3 and len(parts[1]) >= 2:
            found.add(parts[1].casefold())
    return frozenset(found)


def newer_than(turn: Turn, targets: dict[str, str], store: KeyLookup | None) -> set[str]:
    """The ids of ``targets`` (``{id: key}``) whose current text was said after ``turn`` (``late_detail.last_said``):
    a late turn confirms nothing said after it. Empty without a store. Raises what the store raises."""
    if store is None or not targets:
        return set()
    found = store.find_by_keys(turn.user_id, set(targets.values()))
    return {i.id for items in found.values() for i in items if i.id in targets and last_said(i) > turn.timestamp}


@functools.lru_cache(maxsize=8192)
def value_terms(description: str, key: str, speaker: str = "") -> frozenset[str]:
    """The terms that name what an item says, not that it is said of the user: each a literal form (a casefolded
    name or value, in either script) or a ``gist.topic`` term id (``obj:…``, ``syn:…``).

    Args:
        description: the item's text ("User lives in Wellington", "用户对花生过敏").
        key: its slot key (``fact:lives_in``): the attribute whose renderings read its value back.
        speaker: the name the user is spoken of by, when not "User"/"用户"; never a term.

    Returns:
        The terms, empty when the text names nothing distinctive (only the attribute's words). Never raises.
    """
    lang = lang_of(description)
    skip = {*_SUBJECTS, speaker.strip().casefold()}
    found = topic(description, lang, speaker).strong - generic_terms()
    terms = {t for t in found if t not in skip and not t.isdigit()
             and (t.startswith(("obj:", "syn:")) or _named_word(t, description)
                  or (HAN_RUN.fullmatch(t) and len(t) == 2))}
    terms = {t for t in terms if not (t.startswith("syn:") and relation_pattern().fullmatch(t[4:]))}
    value = ""
    if key.startswith("fact:"):
        try:
            value = slot_value(description, "fact:" + key[5:].split("@")[0].split("/")[-1].split(":")[0])
        except (KeyError, IndexError, ValueError):
            value = ""
    value = value.strip().casefold()
    # a value is a name or a thing (a few characters or words): a clause the renderings left whole is no value
    short = 2 <= len(value) <= MAX_HAN_VALUE if has_han(value) else len(value) >= 3 and len(value.split()) <= 3
    if value and value not in skip and short:
        terms.add("=" + value)
        terms.update("=" + name for name in names_of(value))
    return frozenset(terms)


def _named_word(term: str, description: str) -> bool:
    """True when a Latin-script topic ``term`` of ``description`` names something the statement says: a word of
    at least three letters in a text in Chinese ("Mochi", "Nimbus", "oat latte": a Latin word there names a
    thing). In an English text a name beside the slot's value (a brand, a place of an outing, a person met) is a
    side detail: naming it later says the statement no more; the value itself is read back by ``slot_value``."""
    return bool(_LATIN_TERM.match(term)) and len(term) >= 3 and has_han(description)


def _holds(clause: str, said: frozenset[str], term: str) -> bool:
    """True when ``clause`` (its topic terms ``said``) holds ``term``."""
    if not term.startswith("="):
        return term in said
    form = term[1:]
    if has_han(form):
        return form in clause
    return re.search(rf"(?<![a-z0-9]){re.escape(form)}(?![a-z0-9])", clause.casefold()) is not None


def clause_names(clause: str, terms: frozenset[str], said: frozenset[str] | None = None) -> list[str]:
    """The ``terms`` (from ``value_terms``) that ``clause`` holds, in sorted order; [] when it holds none.
    ``said``: the clause's ``gist.topic`` terms when the caller has them."""
    if said is None:
        said = topic(clause, lang_of(clause)).terms
    return sorted(t for t in terms if _holds(clause, said, t))


def named_again_ops(turn: Turn, ops: Sequence[Op], rows: Rows, store: KeyLookup | None = None) -> list[Op]:
    """``ops`` with one ``HitOp`` on each active statement of the user's that a plain clause of ``turn`` names
    again (module docstring), appended after them.

    Args:
        turn: the turn planned (text as the rules read it); only a user's turn confirms anything.
        ops: the turn's plan so far, in apply order.
        rows: reads the user's active statements as ``(id, key, description)`` rows by key prefix.
        store: reads the statements' histories, so that a late turn confirms nothing said after it.

    Returns:
        A new list; ``ops`` itself when the turn names nothing again. Raises what ``rows`` or ``store`` raise
        (``StoreError``).
    """
    if turn.role != "user":
        return list(ops)
    clauses = [c for c in plain_clauses(turn.text) if _plain(c)]
    if not clauses:
        return list(ops)
    touched = {getattr(op, "item_id", None) for op in ops} | {op.keep_id for op in ops if isinstance(op, MergeOp)}
    touched |= {op.other_id for op in ops if isinstance(op, MergeOp)}
    added = {str(op.item.key) for op in ops if isinstance(op, AddOp) and op.item.key}
    speaker = turn.speaker.strip()
    own = []
    statements = rows(PREFIXES)
    people = _people(statements)
    for item_id, key, description in statements:
        if "/" in key.split("@")[0] or item_id in touched or key in added:
            continue
        subject = description.casefold()
        if not subject.startswith(("user", "用户", *((speaker.casefold(),) if speaker else ()))):
            continue
        own.append((item_id, key, description, value_terms(description, key, speaker)))
    holders: dict[str, int] = {}
    # what the turn's own new statements name is theirs ("我也喜欢红茶" names tea for the new statement, not 绿茶)
    news = [value_terms(op.item.description, str(op.item.key or ""), speaker) for op in ops
            if isinstance(op, AddOp) and op.item.kind not in (Kind.EVENT, Kind.SUMMARY)]
    for *_, terms in [*own, *(("", "", "", t) for t in news)]:
        for term in terms:
            holders[term] = holders.get(term, 0) + 1
    read = [(c, topic(c, lang_of(c)).terms) for c in clauses]
    # a turn that says nothing else is the statement's evidence; one that says other things only names it
    source = None if any(isinstance(op, AddOp) for op in ops) else turn.turn_id
    named: dict[str, str] = {}
    for item_id, key, description, terms in own:
        alone = frozenset(t for t in terms if holders[t] == 1)
        if alone and any(clause_names(c, alone, said) and not _others(c, description)
                         and not theirs(c, terms, people) for c, said in read):
            named[item_id] = key
    late = newer_than(turn, named, store) if named else set()
    hits: list[Op] = [HitOp(item_id, turn_id=source) for item_id in named if item_id not in late]
    return [*ops, *hits] if hits else list(ops)

