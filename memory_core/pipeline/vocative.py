"""Names said to the listener ("Thanks, Kofi!", "Hey Ingrid", "Kofi, you're right"), left out of what the rules read.

A name in a vocative names the person spoken to, not a thing the statement is about. Read as part of the
statement it made every "Thanks, Kofi!" of a conversation look like a detail of whatever item already held
"Kofi", and those items grew into one junk item of a hundred greetings (LoCoMo conv-42: one speaker's liking
followed by the greetings and thanks said to the other). ``without_vocatives`` drops such a name where its place
in the sentence says it is a vocative, in English and in Latin-script names inside Chinese ("谢谢你，Kofi！"):

- after a greeting, thanks or interjection and before the sentence goes on or ends ("Hey Kofi!", "Thanks
  Kofi, your advice helped", "Wow, Ingrid, that garden is gorgeous", "Bye Ingrid");
- after a comma that closes a short opening without a determiner ("Nice plan, Kofi!", "Thanks so much,
  Ingrid."): "Adopted a puppy, Max!" or "I moved to Paris, France" keep their names;
- opening the sentence before a comma and a word spoken to or about the listener ("Kofi, you're right",
  "Ingrid, that garden is gorgeous").

A known place or organisation is never read as a vocative. The turn and its event keep the text as written.
"""

from __future__ import annotations

import re

from memory_core.pipeline import org_names, place_names
from memory_core.text.script import has_han

__all__ = ["without_vocatives"]

_NAME = r"[A-Z][a-z]{1,15}"
_GREETING = (r"hey|hi|hello|hiya|thanks|thank\s+you|thx|bye|goodbye|cheers|congrats|congratulations|welcome|"
             r"morning|night|good\s+morning|good\s+night|love\s+you|miss\s+you|sorry|wow|whoa|woah|oh|aw+|yo|haha|"
             r"lol|ok|okay|yes|yeah|nope|sure|great|nice|cool|awesome|amazing|agreed|exactly|totally|absolutely|got\s+it|"
             r"see\s+you(?:\s+(?:soon|later|tomorrow|then))?|take\s+care|good\s+luck|well\s+done|same\s+here")
# a greeting word, then the name, then the sentence goes on or ends
_AFTER_GREETING = re.compile(rf"\b(?:{_GREETING})(?P<gap>\s*,?\s*)(?P<n>{_NAME})(?=\s*(?:[!.?,;:…，。！？]|$))",
                             re.IGNORECASE)
# a comma, the name, then the end of the sentence or another comma
_AFTER_COMMA = re.compile(rf"(?P<gap>\s*[,，]\s*)(?P<n>{_NAME})(?=\s*(?:[!.?…，。！？,]|$))")
# the name opening a sentence, a comma, then a word spoken to or of the listener
_OPENING = re.compile(rf"(?:^|(?<=[.!?。！？]\s))(?P<n>{_NAME})\s*[,，]\s*(?=(?:you|your|you're|you've|u|that|this|"
                      r"it's|i|i'm|i've|we|thanks|thank)\b)", re.IGNORECASE)
_SENTENCE_START = re.compile(r"(?:^|[.!?。！？]\s*)(?=[^.!?。！？]*$)")
_DETERMINER = re.compile(r"\b(?:a|an|the|my|our|his|her|their|your|this|that|these|those)\b", re.IGNORECASE)
# capitalised words that are no one's name
_NOT_NAMES = frozenset(("I", "Im", "The", "This", "That", "It", "Yes", "No", "Ok", "Okay", "Oh", "So", "And", "But",
                        "Too", "Also", "Again", "Today", "Tonight", "Tomorrow", "Yesterday", "Everyone", "All", "Guys",
                        "Team", "Though", "Lol", "Haha", "Please"))


def _name_ok(name: str) -> bool:
    return name not in _NOT_NAMES and not org_names.names_of(name) and not place_names.names_of(name)


def _is_name(m: re.Match[str]) -> bool:
    name = m.group("n")
    return name[0].isupper() and name[1:].islower() and _name_ok(name) \
        and re.fullmatch(_GREETING, name, re.IGNORECASE) is None


def _short_opening(text: str, at: int) -> bool:
    """True when the sentence before ``at`` is a short opening (at most four words, or six CJK characters)
    with no determiner and a last word in lower case or a greeting ("Good idea", "Thanks so much")."""
    start = _SENTENCE_START.search(text[:at])
    before = text[start.end() if start else 0:at].strip()
    words = before.split()
    if not words or len(words) > 4 or _DETERMINER.search(before):
        return False
    if has_han(before):
        return len(before) <= 6
    last = words[-1].strip(",，")
    return last.islower() or re.fullmatch(_GREETING, last, re.IGNORECASE) is not None or len(words) == 1


def without_vocatives(text: str) -> str:
    """``text`` without the names said to the listener (module docstring); ``text`` itself when it has none.

    "Nice plan, Kofi! I'll sleep on it." -> "Nice plan! I'll sleep on it."; "Hey Ingrid, how was the trip?" ->
    "Hey, how was the trip?"; "Kofi, you're right." -> "you're right."; "I moved to Paris, France." unchanged.
    Units: characters in, characters out.
    """
    if not re.search(r"[A-Z][a-z]", text):
        return text
    out = _AFTER_GREETING.sub(lambda m: m.group()[:m.start("gap") - m.start()] if _is_name(m) else m.group(), text)
    out = _AFTER_COMMA.sub(lambda m: "" if _is_name(m) and _short_opening(out, m.start()) else m.group(), out)
    out = _OPENING.sub(lambda m: "" if _is_name(m) else m.group(), out)
    return out
