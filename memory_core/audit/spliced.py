"""A stored text spliced from two turns: a speaker's label inside it ("用户的男朋友是阿杰；用户：阿杰对海鲜过敏").

A memory states things about the user in the third person; a label such as "用户：", "User:" or a named
speaker's "Wei:" is how a turn is written, not a memory. Found after a clause stop inside an item's text,
it says an older write joined a second turn onto the item as said. ``stray_speakers`` finds them for
``gulfstream check``, with the text split where the label stands, so the fix can be given word for word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from memory_core.audit.texts import speaker_labels
from memory_core.model import Kind, MemoryItem

__all__ = ["StraySpeaker", "stray_speakers"]

#: A clause stop, then a label of up to four words and a colon (ASCII or full-width); "10:30" and "https:"
#: are no labels: a label is letters only, and the colon is followed by text, not a digit or "//".
_LABEL = re.compile(r"(?P<stop>[；;。.!?！？\n，,]\s*)(?P<label>[^\W\d_][\w ]{0,30}?)\s*[:：](?!//|\d)\s*(?=\S)")


@dataclass(frozen=True, slots=True)
class StraySpeaker:
    """One item whose text holds a speaker's label after a clause stop.

    Attributes:
        item: the item.
        label: the label as written ("用户", "User").
        before: the text before the stop (what the item said first).
        after: the text after the label (the second turn, as said).
    """

    item: MemoryItem
    label: str
    before: str
    after: str


def stray_speakers(items: Iterable[MemoryItem], names: Iterable[str] = ()) -> list[StraySpeaker]:
    """The items whose text holds a speaker's label inside it (module docstring).

    Args:
        items: one user's items (events are passed over: they hold a turn as said, label and all).
        names: the user's speaker names besides the role labels of ``data/check_texts.yaml`` (the items'
            ``speaker`` fields are added), compared case-insensitively.

    Returns:
        One ``StraySpeaker`` per item, at its first label; empty when none holds one.
    """
    items = list(items)
    labels = set(speaker_labels()) | {n.strip().casefold() for n in names if n.strip()} \
        | {i.speaker.strip().casefold() for i in items if i.speaker.strip()}
    found: list[StraySpeaker] = []
    for item in items:
        if item.kind == Kind.EVENT:
            continue
        for m in _LABEL.finditer(item.description):
            if m.group("label").strip().casefold() in labels and item.description[:m.start()].strip():
                found.append(StraySpeaker(item, m.group("label").strip(), item.description[:m.start()].strip(),
                                          item.description[m.end():].strip()))
                break
    return found
