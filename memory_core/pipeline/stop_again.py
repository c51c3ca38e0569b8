"""A stop said without its object: "算了还是戒了", "又戒了", "一根都不抽了", "quit again for good" (issue 13).

After a relapse ("烟又抽上了", "started smoking again") the user says the stop again the way one speaks of a thing
both already have in mind: "算了还是戒了", "又戒了", "不能再抽了", "quit again, for good this time". With no object
no slot cue reads the clause, so it was kept in the user's own words ("用户算了还是戒了", a junk item of its own)
and the relapse stayed the current value.

``stop_again`` takes the object from what the user holds: when such a clause (``elided_stop``) is said and the user
has exactly one active habit of the things one gives up (the lexicon's objects of category ``habit`` or ``drink``,
keyed ``fact:<object>`` or ``pref:<object>``, the speaker's own) said as held, of the verb's kind when the clause
names one (抽 / smoke: smoking; 喝 / drink: a drink), and the clause names its verb, or says the stop again (又,
还是, again), or the habit is one taken up again ("又开始抽烟了"), the clause is read again with that object
filled in ("我把烟戒了", "I quit smoking") and its statement replaces the own-words one: the relapse is superseded,
with history. When the turn states that stop with its object already ("烟戒了，不能再抽了"), the clause is dropped
as saying it again. With no such habit, or several, the clause is left as it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from memory_core.model import Turn
from memory_core.pipeline.own_words import speaker_qualifier
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.pipeline.types import Candidate
from memory_core.text.script import has_han

__all__ = ["BARE_STOP", "elided_stop", "stop_again"]

#: The note of a bare stop with no thing before it in its turn ("又戒了"): dropped unless a habit held names it.
BARE_STOP = "a stop said without its object, nothing named before it"

#: The categories of the lexicon's objects one gives up and takes up again.
CATEGORIES = ("habit", "drink")

#: A resolve said after the stop ("又戒了，这次一定坚持", "这回是真的"): no object of its own.
_ZH_RESOLVE = r"(?:[，,。！!~\s]+(?:这次|这回|以后|一定|真的|是真的|坚持|彻底|说到做到|不会再|再也不)[^，,。！!]{0,8})*"
_ZH = re.compile(r"^(?:用户[：:]?)?(?:算了|好吧|唉|哎|嗯|那就|最后|最终|这次|这回|终于|还是|又|再次|重新|彻底|已经|"
                 r"真的|总算|决定|现在|以后|为了孩子|，|,|\s)*(?:(?:戒|戒掉|停)了|(?:一根|一口|一滴|一杯|一支)?(?:都|也)?"
                 r"(?:不能再|再也不|不再|不)(?P<verb>抽|喝|吸)了?)" + _ZH_RESOLVE + r"\W*$")
_EN = re.compile(r"^(?:user\s+)?(?:has\s+|'ve\s+|have\s+)?(?:quit|stopped|gave\s+up|given\s+up|kicked\s+it)"
                 r"(?:\s+(?:again|for\s+good|for\s+real|this\s+time|completely|cold\s+turkey|too|now))*\W*$"
                 r"|^(?:user\s+)?(?:doesn't|does\s+not|won't|will\s+not|can't|cannot)\s+(?P<verb>smoke|drink)"
                 r"\s+(?:any\s*more|again|now)\W*$", re.IGNORECASE)
_NEGATED = re.compile(r"戒|不再|不喝|不抽|没再|停了|quit|no\s+longer|doesn't|don't|stopped|gave\s+up|sober",
                      re.IGNORECASE)
_SMOKE = frozenset({"抽", "吸", "smoke"})
#: A stop said again, or a habit taken up again: what makes a bare stop the stop of the habit held.
_AGAIN = re.compile(r"又|再次|还是|重新|恢复|复吸|破戒|\bagain\b|\bback\s+(?:to|on)\b", re.IGNORECASE)


def elided_stop(description: str) -> str | None:
    """The verb of a stop said without its object ("用户又戒了" -> "", "用户一根都不抽了" -> "抽", "User quit again" ->
    ""); None when ``description`` is no such stop. Never raises."""
    m = _ZH.match(description.strip()) or _EN.match(description.strip())
    return None if m is None else (m.group("verb") or "").casefold()


def _habits(rows: list[tuple[str, str, str]], qualifier: str, verb: str, again: bool) -> list[str]:
    """The objects of the user's active habits held (not given up), of the verb's kind; unless the stop names its
    verb or says it again, only a habit taken up again."""
    lex = lexicon()
    found = []
    for _, key, description in rows:
        plain, _, who = key.partition("@")
        kind, _, oid = plain.partition(":")
        if kind not in ("fact", "pref") or who != qualifier.lstrip("@") or lex.category.get(oid) not in CATEGORIES:
            continue
        if _NEGATED.search(description):
            continue
        if verb and (verb in _SMOKE) != (lex.category.get(oid) == "habit"):
            continue
        if not verb and not again and not _AGAIN.search(description):
            continue  # "Energy drinks, I quit for good." beside "喝咖啡": another thing, said before the stop
        found.append(oid)
    return list(dict.fromkeys(found))


def stop_again(turn: Turn, cands: list[Candidate], rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]],
               extract: Callable[[Turn], list[Candidate]]) -> list[Candidate]:
    """Return ``cands`` with each own-words stop without an object read as the stop of the one habit the user
    holds (module docstring).

    Args:
        turn: a user turn (text as the rules read it).
        cands: the turn's candidates.
        rows: ``prefixes -> [(id, key, description)]`` of the user's active statements (read only for a turn
            saying such a stop).
        extract: the extractor's ``extract``, run on the clause with its object filled in.

    Raises:
        StoreError: the store failed while reading.
    """
    if turn.role != "user":
        return cands
    stops = [(c, verb) for c in cands if not c.is_event and not c.restate_only
             and (not c.key or c.key.startswith("gist:")) and (verb := elided_stop(c.description)) is not None]
    if not stops:
        return cands
    qualifier = speaker_qualifier(turn.speaker)
    held = {c.key for c in cands if not c.is_event and c.key.startswith(("fact:", "pref:"))}
    lex = lexicon()
    out = list(cands)
    for cand, verb in stops:
        again = bool(_AGAIN.search(cand.description))
        objects = _habits(rows(("fact:", "pref:")), qualifier, verb, again)
        if len(objects) != 1:
            if BARE_STOP in cand.notes:  # no habit it can be the stop of: the turn's event keeps it
                out.remove(cand)
            continue
        if any(k.split("@")[0].partition(":")[2] == objects[0] for k in held):
            out.remove(cand)  # "烟戒了，不能再抽了": the stop with its object says it already
            continue
        names = lex.names.get(objects[0], ())
        zh = cand.lang == "zh"
        name = next((n for n in names if has_han(n) == zh), "")
        if not name:
            continue
        said = f"我把{name}戒了" if zh else f"I quit {name}"
        found = [c for c in extract(replace(turn, text=said)) if not c.is_event and not c.restate_only
                 and c.polarity < 0 and c.key.startswith(("fact:", "pref:"))]
        if not found:
            continue
        for one in found:
            one.evidence = turn.text
            one.notes.append(f"a stop said without its object: {objects[0]}, the habit held")
        at = out.index(cand)
        out[at:at + 1] = found
        held.update(c.key for c in found)
    return out
