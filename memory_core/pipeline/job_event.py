"""A job begun or left, said by the event: "Started at Grab this week", "accepted the offer from Bupa", 接了美团的offer.

Two readings the slot rules missed:

- **A week word is no trip when the clause starts or leaves a job.** "this week", "this month" mark a temporary
  state (a trip, a hotel), and a temporary clause changes no place of residence, work or study. "Started at Grab
  this week", "Joined Monzo this week", "left ByteDance this month" are lasting changes of employer that merely
  say when; ``job_event`` says so, and only for the employer (``fact:works_at``): "I left Madrid this week" stays
  the end of a trip.
- **An offer accepted names the new employer.** "I got an offer from Grab in Singapore! Accepted it." says the
  employer in one sentence and the acceptance in the next; "Accepted the offer from Bupa", "took Stripe's offer",
  "接了美团的offer", "Grab的offer我接了" say both at once. ``offer_taken`` rewrites the acceptance into the sentence
  the lexicon reads ("I accepted the offer at Grab", "我接了Grab的offer"). An offer weighed ("not sure if I should
  accept it", "在犹豫要不要接"), declined, asked about or someone else's is left as said.

The idea: an accomplishment verb with a time adverbial ("started … this week") states when a change happened, not
how long a state lasts (Vendler's aspectual classes; Dowty 1979); the offer's "it" takes up the offer the turn just
named (a pronoun's antecedent is the nearest compatible noun phrase, Hobbs 1978).
"""

from __future__ import annotations

import re

from memory_core.pipeline.types import Candidate
from memory_core.text.script import has_han

__all__ = ["job_event", "leave_before_start", "offer_taken"]

_NAME = r"[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*"
# a start at or a leave of a named employer, or its first day, said as an event
_EN_EVENT = re.compile(
    r"\b(?:started\s+(?:at|with|working\s+(?:at|for))|joined|began\s+(?:at|with)|onboarding\s+(?:at|with)"
    r"|first\s+(?:day|week|month)\s+(?:at|with)|(?:left|quit|resigned\s+from))\s+(?-i:[A-Z])", re.IGNORECASE)
_ZH_EVENT = re.compile(r"入职|离职|辞职|跳槽|报到|最后一天|第一天|第一周")

# "accepted the offer from Grab", "took Stripe's offer", "signed the offer with Canva" (the name keeps its case)
_EN_LEAD = r"(?P<lead>\s*)(?i:(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:(?:just|finally|officially|also|so|and)\s+)*)"
_EN_ACCEPT = r"(?i:accepted|took|signed|said\s+yes\s+to)"
_EN_OFFER_FROM = re.compile(
    rf"^{_EN_LEAD}{_EN_ACCEPT}\s+(?i:(?:(?:the|an?|their|my)\s+)?(?:(?:job|new)\s+)?offer\s+(?:from|at|with))\s+"
    rf"(?P<v>{_NAME})")
_EN_OFFER_OF = re.compile(rf"^{_EN_LEAD}{_EN_ACCEPT}\s+(?P<v>{_NAME})(?:'s|’s)\s+(?i:(?:job\s+)?offer)\b")
# "I got an offer from Grab", "Grab made me an offer": the offer and its employer, named for a later "it"
_EN_OFFER_NAMED = re.compile(
    rf"(?i:\b(?:i|i've|i\s+have|just|finally)\s+(?:got|received|landed|have)\s+(?:an?|the)\s+(?:job\s+)?offer\s+"
    rf"(?:from|at|with))\s+(?P<v>{_NAME})"
    rf"|(?P<w>{_NAME})\s+(?i:(?:made|gave|sent|offered)\s+me\s+(?:an?\s+)?(?:job\s+)?offer)\b")
# "Accepted it.", "I took it!", "said yes": the acceptance of the offer just named, a sentence of its own
_EN_TAKEN_IT = re.compile(r"^\s*(?:(?:i|we)\s+)?(?:(?:just|finally|already|officially|and|so)\s+)*"
                          r"(?:accepted|took|signed)\s+(?:it|the\s+offer)\s*[.!]*\s*$"
                          r"|^\s*(?:and\s+)?(?:i\s+)?said\s+yes\s*[.!]*\s*$", re.IGNORECASE)
# "接了Grab的offer", "接受了字节的offer", "Grab的offer我接了"
_ZH_TAKEN = re.compile(r"(?:^|[，,。！!\s])(?:我)?(?:最后|最终|还是|已经|也)*(?:接了|接受了|签了)\s*"
                       r"(?P<v>[A-Za-z][\w&.-]*(?:\s+[A-Za-z][\w&.-]*)*|[\u4e00-\u9fff]{2,8}?)\s*的\s*(?i:offer)")
_ZH_TAKEN_FIRST = re.compile(r"(?:^|[，,。！!\s])(?P<v>[A-Za-z][\w&.-]*|[\u4e00-\u9fff]{2,8}?)\s*的\s*(?i:offer)\s*"
                             r"我?(?:最后|最终|还是|已经)*(?:接了|接受了|签了)")
# a question, a doubt or a wish about the offer, a refusal, or another person's offer: nothing is taken
_WEIGHED = re.compile(r"[?？]|\b(?:if|whether|should|not\s+sure|thinking|considering|might|may|maybe|would|could|"
                      r"wondering|deciding|weigh|declin\w*|turn(?:ed)?\s+(?:it\s+)?down|reject\w*)\b"
                      r"|要不要|是否|犹豫|纠结要|考虑|想不想|该不该|拒了|拒绝|没接|不接|吗|呢", re.IGNORECASE)
_OTHER_ZH = re.compile(r"(?:朋友|同事|老婆|老公|妻子|丈夫|男朋友|女朋友|对象|姐姐|妹妹|哥哥|弟弟|爸|妈|儿子|女儿|同学|"
                       r"室友|他|她)"
                       r"(?:也|已经|最后|还是)*(?:接了|接受了|签了)")
_SENTENCE = re.compile(r"[^.!?。！？]*[.!?。！？]*")


def job_event(attr_id: str, clause: str) -> bool:
    """True when ``clause`` starts or leaves a job as an event ("Started at Grab this week", "这周入职了字节") and
    ``attr_id`` is the employer's slot ("works_at"): a week word in it says when, not a temporary stay.

    Args:
        attr_id: the slot attribute a cue matched ("works_at", "lives_in" …).
        clause: the clause as read (any case).
    """
    if attr_id != "works_at":
        return False
    return bool(_ZH_EVENT.search(clause) if has_han(clause) else _EN_EVENT.search(clause))


def offer_taken(text: str) -> str:
    """``text`` with an accepted job offer said as the sentence the employer rules read; unchanged otherwise.

    Args:
        text: a user's turn.

    Returns:
        "I got an offer from Grab in Singapore! I accepted the offer at Grab." for "I got an offer from Grab in
        Singapore! Accepted it."; "I accepted the offer at Bupa yesterday" for "Accepted the offer from Bupa
        yesterday"; "我接了美团的offer" stays (the lexicon reads it); "美团的offer我接了" and "最后接了美团的offer"
        become it. A turn that weighs, declines or asks about the offer, or tells another person's, is returned
        as it is.
    """
    if "offer" not in text.casefold() or _WEIGHED.search(text) or _OTHER_ZH.search(text):
        return text
    if (first := _ZH_TAKEN_FIRST.search(text)) is not None and not _ZH_TAKEN.search(text):
        return f"{text[:first.start('v')]}我接了{first.group('v')}的offer{text[first.end():]}"
    if (taken := _ZH_TAKEN.search(text)) is not None and "我" not in taken.group():  # "最后接了美团的offer"
        verb = taken.start() + re.search(r"接了|接受了|签了", taken.group()).start()  # type: ignore[union-attr]
        return f"{text[:verb]}我{text[verb:]}"
    out: list[str] = []
    named = ""
    for sentence in _SENTENCE.findall(text):
        body = sentence.rstrip(".!?。！？ ")
        tail = sentence[len(body):]
        if (said := _EN_OFFER_FROM.match(body) or _EN_OFFER_OF.match(body)) is not None:
            sentence = f"{said.group('lead')}I accepted the offer at {said.group('v')}{body[said.end():]}{tail}"
        elif named and _EN_TAKEN_IT.match(body):
            lead = body[:len(body) - len(body.lstrip())]
            sentence = f"{lead}I accepted the offer at {named}{tail}"
        if (offer := _EN_OFFER_NAMED.search(body)) is not None:
            named = (offer.group("v") or offer.group("w")).strip()
        out.append(sentence)
    return "".join(out)


_EMPLOYER = re.compile(r"\bworks\s+at\s+(?P<en>.+?)(?:\s+as\s+.*)?$|在(?P<zh>.+?)工作")


def _employer(description: str) -> str:
    """The employer a positive ``fact:works_at`` description names ("User works at Grab" -> "grab"), else ""."""
    m = _EMPLOYER.search(description)
    return (m.group("en") or m.group("zh") or "").strip().casefold() if m else ""


def _moved_slot(key: str) -> bool:
    """True for the user's or a person's employer or home key ("fact:works_at", "fact:brother/lives_in@wei")."""
    base = key.split("@")[0]
    return base in ("fact:works_at", "fact:lives_in") or base.endswith(("/works_at", "/lives_in"))


def _held(cand: Candidate) -> str:
    """What a positive statement holds, case-folded: the employer its text names, else its slot value ("leith")."""
    return _employer(cand.description) or (cand.value.strip().casefold() if cand.value else "")


def leave_before_start(cands: list[Candidate]) -> list[Candidate]:
    """``cands`` with a turn's leave of one employer or home put before its start at another, so the new one is current.

    "Started at Grab this week, left ByteDance." says the start first: the employer's slot holds one value, and the
    later statement would win, leaving "no longer works at ByteDance" as the current answer and Grab nowhere. A
    leave that names the employer the turn starts at ("joined Grab, quit Grab a week later") keeps its place. A
    home is the same ("Got the keys, tiny studio in Leith. Left the flatshare": Leith is the home; trial 36).

    Args:
        cands: one turn's candidates, in order.

    Returns:
        A new list: each ``fact:works_at`` and ``fact:lives_in`` key's (and each person's ``…/works_at``,
        ``…/lives_in``) negative statements moved before its first positive one when none of them names that
        positive's value; the order is otherwise kept.
    """
    out = list(cands)
    for key in dict.fromkeys(c.key for c in cands if _moved_slot(c.key) and not c.is_event):
        same = [c for c in out if c.key == key]  # a person's too: "my brother moved to Meta, left Google"
        starts = [c for c in same if c.polarity > 0 and _held(c)]
        leaves = [c for c in same if c.polarity < 0]
        if not starts or not leaves or any(_held(s) in c.description.casefold() for s in starts for c in leaves):
            continue
        first = out.index(starts[0])
        late = [c for c in leaves if out.index(c) > first]
        if not late:
            continue
        rest = [c for c in out if not any(c is x for x in late)]
        at = next(n for n, c in enumerate(rest) if c is starts[0])
        out = rest[:at] + late + rest[at:]
    return out
