"""The candidate of a slot the slot engine reads in a clause (``slots.read_clause``), and the keys it ends.

``slot_candidate`` turns one ``SlotHit`` into a ``Candidate``: its description in the clause's language, its key
with the speaker's qualifier, and the keys it ends, among them the user's own-words statements of the same slot
(``_covered``).
"""

from __future__ import annotations

from memory_core.model import Turn
from memory_core.pipeline.slots import SlotHit, describe, lexicon
from memory_core.pipeline.types import DEFAULT_CONFIDENCE, Candidate

__all__ = ["slot_candidate", "theirs_covered"]


def slot_candidate(turn: Turn, hit: SlotHit, lang: str, subject: str, qualifier: str) -> Candidate:
    """Return the candidate of the slot ``hit`` read in a clause of ``turn`` (``slots.read_clause``).

    Args:
        turn: the turn the clause is from (its time and speaker).
        hit: the slot the clause states.
        lang: "zh" or "en", the language of the clause.
        subject: who the description names ("用户", "User" or the speaker's name).
        qualifier: "@<speaker>" for a named speaker, else "": appended to every key.
    """
    attr = hit.attr
    return Candidate(
        kind=attr.kind, description=describe(hit, lang, subject), theme=attr.theme,
        key=hit.key + qualifier, polarity=hit.polarity, confidence=DEFAULT_CONFIDENCE if hit.default else 0.85,
        importance=attr.importance,
        valid_from=turn.timestamp, speaker=turn.speaker.strip() or turn.role, lang=lang, claim=hit.claim,
        single_valued=hit.single_valued, evidence=hit.claim, detail=hit.detail, value=hit.value,
        aliases=hit.aliases,
        ends=tuple(k + qualifier for k in (*hit.ends, *_covered(hit))), needs_existing=hit.conditional,
        needs_absent=hit.default,
        switch_of=f"fact:{attr.id}:" if hit.switch and not attr.pref else "", past_only=hit.past_only,
        plain_negation=hit.plain,
        notes=[f"slot {attr.id}" + (f" of {hit.subject}" if hit.subject else "")
               + (" (weak cue: changes a slot already stated)" if hit.conditional else "")],
    )


def theirs_covered(hit: SlotHit) -> str:
    """The key of another person's statement of a single-valued slot kept in the user's words ("我表姐在网易" read by
    a weak cue: ``fact:表姐/gist:works_at``), which that person's next value of the slot ends ("我表姐跳槽去腾讯了");
    "" for the user's own slot or a slot that holds several values."""
    if not hit.subject or not hit.single_valued or not hit.attr.covers or "/" not in hit.key:
        return ""
    return f"{hit.key.rpartition('/')[0]}/gist:{hit.attr.id}"


def _covered(hit: SlotHit) -> tuple[str, ...]:
    """The own-words keys a user's single-valued slot ends: "在一家银行工作" is ended by "在腾讯上班", "my iPhone's
    battery is dying" (``gist:obj:phone``) by "I switched to a Pixel"; another person's slot ends that person's
    statement of it (``theirs_covered``)."""
    if hit.subject:
        return (theirs_covered(hit),) if theirs_covered(hit) else ()
    if not hit.single_valued:
        return ()
    # a habit the slot holds by a known thing ("smoking") ends its statement in own words when given up: "烟戒了"
    # ends "一天抽一包烟" (``gist:obj:smoking``) as "我戒烟了" does
    lex = lexicon()
    quit = (lex.exact(hit.value, "zh") or lex.exact(hit.value, "en") or "") if hit.polarity < 0 and not hit.obj else ""
    return ((f"gist:{hit.attr.id}",) if hit.attr.covers else ()) \
        + ((f"gist:obj:{hit.obj}",) if hit.attr.key_group == "objects" and hit.obj else ()) \
        + ((f"gist:obj:{quit}",) if quit else ())
