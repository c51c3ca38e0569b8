"""The old value a switch names only in its reason: "I'm on Spotify now, Apple Music kept crashing" (issue 13).

People often say what they use now and give the reason for leaving the old one in a clause of its own, the old
value its subject and the complaint in the past ("Apple Music kept crashing", "Chrome was eating my RAM",
"Barclays kept charging me fees", "QQ音乐广告太多了"); the clause naming the new value then names no old one, and
the old item, untouched, stays active beside (or merged with) the new. ``reason_named(text, clause, lang)`` reads,
in the other clauses of the same turn, a complaint whose subject is a name the user's clause does not hold, and
returns that name: the switch (``switch.Switch``) then ends it as if said "from A to B".

Only a name counts as the subject: English, a capitalised word run that is no pronoun ("Apple Music", "Chrome");
Chinese, a word in Latin script or a shipped provider (``switch.provider_members``) at the clause's start. The
complaint is said in the past ("was", "kept", "got", "had become") or with a word of excess ("too", "太", "老是"):
"Apple Music is great too" is no complaint, and another person's clause ("my sister's Netflix …") has no
name at its start.
"""

from __future__ import annotations

import re

from memory_core.pipeline.switch import Switch, held_provider, holds, provider_members

__all__ = ["reason_named", "with_reason"]

_I = re.IGNORECASE
# a name at the clause's start (an optional "the"), then a complaint: past or excessive
_EN_REASON = re.compile(
    r"^(?:(?:plus|and|but|because|since|as|cos|cause|coz)\s+)?(?:the\s+)?"
    r"(?P<name>[A-Z][\w+&'-]*(?:\s+[A-Z][\w+&'-]*){0,2})\s+"
    r"(?:was|were|got|kept|had\s+(?:become|gotten|got)|became|just\s+(?:kept|got)|is\s+(?:just\s+)?(?:too|so)|"
    r"'s\s+(?:just\s+)?(?:too|so)|started|stopped\s+working|never)\b")
_EN_NOT_NAME = re.compile(r"^(?:I|I'm|I've|It|It's|That|This|They|He|She|We|You|My|Our|Their|His|Her|Everything|"
                          r"Nothing|Work|Life|Today|Now)$")
_ZH_REASON = re.compile(r"^(?:因为|毕竟|主要是)?(?P<name>[A-Za-z][\w+&'. -]{0,20}?|[\u4e00-\u9fff]{2,6}?)"
                        r"(?:的)?(?:广告|会员|音质|信号|服务|网速|费用|价格|界面)?"
                        r"(?:太|老是|总是|经常|一直|越来越|实在太?|动不动就)")


def reason_named(text: str, clause: str, lang: str) -> str:
    """The old value a complaint in ``text`` names, which the rest of ``clause`` does not hold, or "".

    Args:
        text: the whole turn, as said.
        clause: the user's clause that names what holds now ("I'm on Spotify now, Apple Music kept crashing":
            English keeps a reason after a comma in the clause; the complaint's own part is set aside).
        lang: "en" or "zh" (of ``clause``).

    Returns:
        The name as said ("Apple Music", "QQ音乐"), or "" when no part of the turn complains of a name.
    """
    for part in _PARTS.split(text):
        part = part.strip()
        name = _name_in(part, lang) if part else ""
        rest = clause.replace(part, " ")
        if name and rest.strip(" ,，;；") and not holds(rest, name):
            return name
    return ""


_PARTS = re.compile(r"[,，;；.。!！?？、…]+|\s[-–—]+\s|[–—]+")


def with_reason(switched: Switch | None, text: str, clause: str, lang: str) -> Switch | None:
    """``switched`` (``switch.switch_in`` of ``clause``) with the old value a reason in ``text`` names, when the
    switch named none; a provider held plainly ("I'm on Spotify now") beside such a reason is a switch from it.
    ``switched`` unchanged otherwise."""
    if switched is not None and switched.old:
        return switched
    if switched is None and not held_provider(clause, lang):
        return None
    old = reason_named(text, clause, lang)
    if not old:
        return switched
    return Switch(old, switched.new if switched else "", switched.what if switched else "")


def _name_in(clause: str, lang: str) -> str:
    if lang == "zh":
        m = _ZH_REASON.match(clause)
        if m is None:
            return ""
        name = m.group("name").strip()
        return name if name[:1].isascii() or name in provider_members() else ""
    m = _EN_REASON.match(clause)
    if m is None or _EN_NOT_NAME.match(m.group("name").split()[0]):
        return ""
    return m.group("name")
