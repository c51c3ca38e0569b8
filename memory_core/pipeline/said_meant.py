""""I said I work at REI" is the user's own statement, said again to correct the listener (issue 13).

"no, I said I work at REI, not Target", "I meant I live in Leeds", "what I said was I'm vegetarian": the clause
opens on the user saying what they said, and the rules, which read a statement from its "I", read nothing: the
value was lost, the wrong one the assistant said stayed or was never kept out. Read without the opener, the clause
is the plain statement ("no, I work at REI, not Target"), whose "not Target" the rules already keep out. Only before
a statement of the present ("I work", "I'm", "I live", "I have", "I don't"); "I said I'd call her" is a promise,
left as said. Chinese says it as "我说的是我在字节上班", which the rules read already.
"""

from __future__ import annotations

import re

__all__ = ["said_plainly"]

_OPENER = re.compile(
    r"(?P<lead>^|[.!?;,]\s*|\b(?:no|nope|nah|wait|sorry)\b[\s,]*)"
    r"(?:what\s+i\s+(?:said|meant)\s+(?:was|is)|i\s+(?:said|meant|told\s+you|was\s+saying))\s*,?\s*(?:that\s+)?"
    r"(?=i(?:'m|\s+am|'ve|\s+have|\s+work|\s+live|\s+own|\s+drive|\s+study|\s+take|\s+use|\s+prefer|\s+like|"
    r"\s+love|\s+hate|\s+eat|\s+don't|\s+do\s+not|\s+can't|\s+cannot)\b)",
    re.IGNORECASE)


def said_plainly(text: str) -> str:
    """``text`` with each "I said …" / "I meant …" / "what I said was …" before a statement of the present left
    out, so the statement reads as the user's own ("no, I said I work at REI, not Target" -> "no, I work at REI,
    not Target"). Units: characters in, characters out; ``text`` itself when it holds no such opener. Never raises.
    """
    return _OPENER.sub(lambda m: m.group("lead"), text)
