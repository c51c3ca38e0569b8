"""A fact about a person the user names without saying who they are to them (issue 13 §2).

"Jason is a chef", "Priya just started at Google", "阿杰在瑞金医院上班", "老李是律师": the turn opens on a
name and no relation, so its clauses were read as no one's statement and only the raw turn was kept.
``stranger_turn`` reads such a turn the way a named friend's turn is read (the slot lexicon already keys a
named friend's facts under the name: ``fact:friend/jason/occupation``), and ``as_theirs`` gives each person
candidate back as the person's own, not the user's and with no relation claimed: key
``fact:person/jason/occupation``, text "Jason works as a chef" / "阿杰在瑞金医院工作". A later turn naming Jason
again reads the same way, so "Jason works at Nobu now" supersedes the old employer under the same key.

Only a few attributes are kept (``PERSON_ATTRS``: what one does, where one works and lives), and only when the
name belongs to nothing else the user stated (a relative of that name is ``named_kin``'s; a pet or a thing of
that name makes the turn ambiguous): a fact put on the wrong person is worse than none. A capitalised word
that is a known organisation or place ("Google is a great company", "Tokyo is huge") names no person.
"""

from __future__ import annotations

import re
from dataclasses import replace

from memory_core.model import Turn
from memory_core.pipeline import org_names, place_names
from memory_core.pipeline.third_person import EN_LEAD, ZH_LEAD
from memory_core.pipeline.types import Candidate
from memory_core.store.lookup import KeyLookup
from memory_core.text.script import lang_of

__all__ = ["NOT_NAMES", "PERSON_ATTRS", "as_theirs", "stranger_turn"]

#: The attributes of a named person kept as their facts (the last part of the key, before an object): an
#: allergy too, for what one may cook or bake for them ("Chloe对花生过敏", "Chloe is allergic to peanuts").
PERSON_ATTRS = frozenset(("occupation", "works_at", "lives_in", "allergy"))

# the name a turn opens on: a capitalised English word followed by a verb of what one is, does or where one
# lives ("Jason is", "Priya just started", "Mei moved"), as the Chinese opener below is followed by 在/是/去…;
# "Back at the support group", "Finally done" open on no name
_EN_OPEN = re.compile(
    r"^(?P<n>[A-Z][a-z]{2,15})\s+(?=(?:(?:just|now|finally|recently|also|still|actually)\s+)?"
    r"(?:is|was|works?|worked|started|starts|moved|moves|lives|lived|joined|got|gets|became|becomes|left|quit|"
    r"teaches|taught|runs|ran|owns|studies|studied|switched|transferred|relocated|retired|has|had)\b)")
# a Chinese 小/老/阿 name (小王, 老李, 阿杰) whose second character makes no common word (小时, 老是, 阿姨, 老板)
_ZH_OPEN = re.compile(r"^(?P<n>[小老阿](?![时是姨板师婆公家区孩心学些点号猫狗人朋伙姑舅叔婶宝大实])[\u4e00-\u9fff])"
                      r"(?=[在是去搬跳换做当刚已也还都现，,]|对[^，,。]{1,8}过敏)"
                      # an English name in a Chinese sentence, saying an allergy ("Chloe对花生过敏", "Chloe花生过敏"):
                      # its 在 or 是 may say a school or a class as well as a job ("Ethan在Lincoln Elementary上三年级")
                      r"|^(?P<latin>[A-Z][a-z]{2,15})\s*(?=对?[^，,。\sA-Za-z]{1,8}过敏)")
# a "no" that opens a correction before the name ("no, Chloe is allergic to peanuts, not Ethan")
_EN_NO = re.compile(r"^(?:no|nope|wait|no\s+wait)\s*[,!.]\s*", re.IGNORECASE)
# capitalised words that open a sentence but name no one
_NOT_NAMES = frozenset((
    "The", "This", "That", "These", "Those", "They", "Just", "Today", "Yesterday", "Tomorrow", "Last", "Next",
    "And", "But", "Also", "Then", "Anyway", "Actually", "Guess", "Good", "Great", "Sorry", "Thanks", "Yes",
    "Not", "What", "When", "Where", "Who", "Why", "How", "Maybe", "Everyone", "Everybody", "Someone", "Somebody",
    "Nobody", "Mom", "Mum", "Dad", "Grandma", "Grandpa", "Work", "Life", "Home", "Dinner", "Lunch", "Breakfast",
    "Coffee", "Weather", "Traffic", "Here", "There", "Still", "Never", "Always", "Sometimes", "Monday", "Tuesday",
    "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "January", "February", "March", "April", "June",
    "July", "August", "September", "October", "November", "December", "English", "Chinese", "Python", "Java",
    "Finally", "Recently", "Really", "Honestly", "Basically", "Literally", "Luckily", "Unfortunately", "Apparently",
    "Hopefully", "Suddenly", "Eventually", "Obviously", "Seriously", "Somehow", "Officially", "Already", "Once",
    "Soon", "Now", "Tonight", "Everything", "Nothing", "Something", "Family", "Mommy", "Daddy"))
#: Capitalised words that open a sentence but name no one (read by other rules of names too).
NOT_NAMES = _NOT_NAMES


def stranger_turn(turn: Turn, store: KeyLookup) -> tuple[Turn, str] | None:
    """``(turn read as a named friend's, name)`` for a user's turn opening on a name nothing else holds, else None.

    "Jason is a chef." -> ("my friend Jason is a chef.", "Jason"); "阿杰在瑞金医院上班" -> ("我朋友阿杰在瑞金医院上班",
    "阿杰"). None for a turn not from the user, not opening on a name, or whose name an active item other than
    the person's own (``fact:person/<name>/…``) holds. One light read of the user's active items.

    Raises:
        StoreError: the store failed while reading.
    """
    if turn.role != "user":
        return None
    body = turn.text.lstrip()
    lang = lang_of(body)
    lead = (ZH_LEAD if lang == "zh" else EN_LEAD).match(body)
    at = len(turn.text) - len(body) + (lead.end() if lead else 0)
    if lang == "en" and (no := _EN_NO.match(turn.text[at:])) is not None:
        at += no.end()
    opened = (_ZH_OPEN if lang == "zh" else _EN_OPEN).match(turn.text[at:])
    if opened is None:
        return None
    name = opened.group("n") or opened.group("latin")
    latin = name.isascii()
    if name in _NOT_NAMES or (latin and (org_names.names_of(name) or place_names.names_of(name))):
        return None
    own = f"fact:person/{name.casefold()}/"
    for _, key, description in store.active_by_prefix(turn.user_id, ("fact:", "pref:", "gist:")):
        if not key.startswith(own) and re.search(rf"(?<![A-Za-z]){re.escape(name)}(?![a-z])", description):
            return None  # the name is someone's or something's the user stated: not for this module to guess
    words = f"my friend {name}" if lang == "en" else f"我朋友{name}"
    return replace(turn, text=turn.text[:at] + words + turn.text[at + len(name):]), name


def as_theirs(cand: Candidate, name: str) -> Candidate | None:
    """``cand`` (read from ``stranger_turn``'s text) as the named person's own fact, or None when it is not one.

    ``fact:friend/jason/occupation@mei`` "Mei's friend Jason works as a chef" ->
    ``fact:person/jason/occupation@mei`` "Jason works as a chef";
    ``fact:朋友/阿杰/works_at`` "刘畅的朋友阿杰在瑞金医院工作" -> "阿杰在瑞金医院工作".
    None for any other key, an attribute outside ``PERSON_ATTRS``, or a text not naming the friend.
    """
    folded = name.casefold()
    body, at, speaker = cand.key.partition("@")
    parts = body.split("/")
    if len(parts) != 3 or parts[0] not in ("fact:friend", "fact:朋友") or parts[1] != folded \
            or parts[2].split(":")[0] not in PERSON_ATTRS:
        return None
    for opener in (f"'s friend {name}", f"的朋友{name}"):
        found = cand.description.find(opener)
        if 0 < found <= 40:  # after the user's name, which opens the text
            text = name + cand.description[found + len(opener):]
            return replace(cand, key=f"fact:person/{folded}/{parts[2]}{at}{speaker}", description=text)
    return None
