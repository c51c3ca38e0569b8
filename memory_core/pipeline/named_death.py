"""A death said in Chinese of one named first: "豆豆上个月生病走了", "Lucky昨天走了", "旺财上周病死了", "奶盖没救过来".

As "Pip died on Sunday" in English, the name is the subject of the clause: the one who died is a pet (or another
named one), so the speaker is not put before it (the clause reader adds "我" to a Chinese clause that dropped its
subject, which made "我豆豆上个月生病走了" and the user fact "用户豆豆上个月生病走了"). The death still ends the
pet it names (``cessation``). A relative ("奶奶去世了") is the speaker's relative, a time said first ("上个月走了")
names nobody, and a pronoun ("他走了") is another person's: none of these is read here.
"""

from __future__ import annotations

import re

from memory_core.pipeline.cessation import ZH_DIED
from memory_core.text.relations import mentions_relation

__all__ = ["zh_named_death"]

_NAMED_DEATH = re.compile(r"^(?P<who>[\u4e00-\u9fff]{2,4}?|[A-Z][a-z]+)(?=\s*(?:上个?月|上周|上礼拜|这周|"
                          r"前几天|前段时间|前天|昨天|今天|今早|昨晚|早上|上午|中午|下午|晚上|半夜|凌晨|"
                          r"去年|今年|年初|刚刚?|已经|突然|还是|终于|生病|病|老)*"
                          r"(?:去世了?|走了|" + ZH_DIED + r"|过世|离世|病逝|(?:去|回)了?(?:喵星|汪星)"
                          # a rescue that failed ("奶盖没救过来", "没抢救过来", "没能挺过来"): a death
                          r"|没(?:能|有)?(?:抢)?救(?:过来|回来|活)|没(?:能|有)?(?:挺|熬|撑)(?:过来|过去)))")
_NOT_A_NAME = re.compile(r"^(?:他|她|它|你|您|咱|大家|别人|有人|谁|这|那|最近|现在|目前|如今|后来|然后|上个?月|去年|"
                         r"今年|昨天|今天|前天)")


def zh_named_death(clause: str) -> bool:
    """True when the Chinese ``clause`` tells of the death of one it names first (module docstring)."""
    m = _NAMED_DEATH.match(clause)
    return m is not None and not mentions_relation(m.group("who")) and _NOT_A_NAME.match(clause) is None
