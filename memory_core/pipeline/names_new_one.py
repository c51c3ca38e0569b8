"""A clause that names another one than the thing an item names (trial 33, finding 4).

"I met someone, her name is Priya, she's an ER doctor at Denver Health" shares "Denver" with "User lives in
Denver"; "got a golden retriever puppy named Mochi, Dana 超爱" shares "Dana" with "User is engaged to Dana". The
clause "her name is Priya" / "named Mochi" gives a name the item does not hold: it introduces another person, pet
or thing, and the pronouns after it ("she's an ER doctor") speak of that one, not of the item's thing. Such a
sentence is no detail of the item (``detail_role.speaks_of``): another one's facts go under their own key.
"""

from __future__ import annotations

import re

__all__ = ["new_name"]

#: A name given by a naming phrase: "her name is Priya", "named Mochi", "called Bo", "name's Leo", "叫年糕",
#: "名叫陈屿", "取名豆豆", "名字是小满". Group ``name``: the name (a capitalised word, or Han characters up to a mark).
_NAMING = re.compile(
    r"(?i:\b(?:(?:his|her|its|their)\s+name\s+is|(?:his|her|its|their)\s+name's|named|called))\s+"
    r"(?P<name>[A-Z][\w'-]*)"
    r"|(?:名叫|名字(?:叫做?|是)|(?:取|起)了?(?:个)?名(?:字)?(?:叫做?|为)?|叫(?:做)?)"
    r"(?P<zh>(?![它他她我你])[\u4e00-\u9fff]{1,4})")


def new_name(clause: str, held: frozenset[str] | set[str]) -> str:
    """The name ``clause`` gives with a naming phrase when it is none of the item's, else "".

    Args:
        clause: one clause of a statement.
        held: the item's terms (``gist.topic``'s ``terms | strong``, folded): a name among them (or, for a Han
            name, one holding one of them, "团子" in "叫团子吧") is the item's own ("her name is Miso" of a cat
            named Miso), not another one's.
    """
    for m in _NAMING.finditer(clause):
        name = m.group("name") or m.group("zh") or ""
        folded = name.casefold()
        if not folded or folded in held:
            continue
        if m.group("zh") and any((t and t in folded) or folded in t for t in held if re.search(r"[\u4e00-\u9fff]", t)):
            continue
        return name
    return ""
