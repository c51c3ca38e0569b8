"""A relative's partner named in the clause after the relative's bond.

"我妹妹脱单了，男朋友叫阿杰", "闺女谈对象了，小伙子叫巴特尔", "我姐姐结婚了，老公是医生": the second clause drops whose
partner it speaks of, and Chinese leaves it to the clause before (the relative who found one). Read alone it would be
the speaker's own boyfriend or husband; ``zh_partner_of`` gives it back to the relative ("我妹妹的男朋友叫阿杰"), so the
partner's name is kept under the relative (``fact:妹妹/partner``). The words are data
(``data/relative_partner.yaml``).
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["zh_partner_of"]


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], list[tuple[str, re.Pattern[str]]]]:
    """(the bond said before, [(the partner's word, how a clause opens on it)]).

    Raises:
        OSError / yaml.YAMLError / KeyError: the shipped data file is missing or malformed (a packaging fault).
    """
    zh = load_shipped("data", "relative_partner.yaml")["zh"]
    bond = re.compile("|".join(f"(?:{b})" for b in zh["bond"]))
    opens = [(word, re.compile(rf"^(?:而且|然后|现在)?(?:{said})(?=[^们的]|$)"))
             for word, said in zh["partner"].items()]
    return bond, opens


def zh_partner_of(clause: str, before: str, relative: str) -> str | None:
    """``clause`` said of ``relative``'s partner, when ``before`` told the relative's bond, else None.

    Args:
        clause: a Chinese clause with no subject of its own ("男朋友叫阿杰", "小伙子叫巴特尔").
        before: the clause before it in the sentence ("我妹妹脱单了").
        relative: the relative the sentence speaks of ("妹妹"), "" when none.
    Returns:
        "我<relative>的<partner word><rest>" ("我妹妹的男朋友叫阿杰", "我闺女的对象叫巴特尔"), or None.
    """
    if not relative:
        return None
    bond, opens = _patterns()
    if not bond.search(before):
        return None
    for word, said in opens:
        if (m := said.match(clause)) is not None:
            return f"我{relative}的{word}{clause[m.end():]}"
    return None
