"""Names of a thing beyond its plain words, read into topic terms (``memory_core.pipeline.gist.topic``).

- a one-character Chinese thing after a verb of having it, with a count between
  ("每天抽一包烟", "戒烟"), after a count a day ("一天一包烟") or before 瘾 ("烟瘾"), or put first in its clause before
  who or when ("烟我已经戒了", "酒早就不喝了"): the lexicon's object (smoking);
- a Chinese verb-object word split by a count ("游三次泳" is 游泳);
- the titled phrase an acronym stands for ("World of Warcraft" holds "wow", the term of "WoW").

Each is a term both a statement and a later change of it can hold, so the
change finds the statement whatever words it was said in.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["acronyms_of", "said_with_verb", "split_verbs"]

#: Verbs a one-character Chinese thing is said after (抽烟, 养狗, 把烟戒了), and the count between them (一包).
_ZH_THING_VERBS = "抽吸喝吃戒养骑开买卖碰沾把将"
_ZH_COUNT = r"(?:[一两半几三四五六七八九十\d]{0,3}[包根支杯瓶罐碗口块盒条只辆台个顿]|点儿?|些)?"


#: Where a clause starts (after its subject, too: "我烟已经戒了", "用户烟已经戒了"), and what follows a thing put
#: first in it: who or when ("烟我已经戒了", "酒早就不喝了", "肉也不吃了"); a bare verb or adjective after it is
#: no sign ("车不错", "面好吃" name no habit).
_ZH_CLAUSE_START = r"(?:^|(?<=[，,。；;！!？?\s])|(?<=^我)|(?<=用户))"
_ZH_FRONTED = r"(?=我(?![们的])|已经|早就|早都|也|都)"
#: A count of it a day or a week, with no verb ("一天一包烟", "每天两杯茶"): a habit said by how much.
_ZH_PER_DAY = r"(?:[一1]天|每天|天天|[一1]周|每周)(?:得|要|都)?[一两半几三四五六七八九十\d]{1,3}[包根支杯瓶罐碗]多?"


@functools.lru_cache(maxsize=1)
def _one_char_things() -> tuple[re.Pattern[str], dict[str, str]]:
    """(pattern of a one-character known thing after a verb of having it, before 瘾, or put first in its
    clause, {character: object id})."""
    lex = lexicon()
    chars = {w: oid for table in (lex.surface["zh"], lex.kind_of["zh"]) for w, oid in table.items() if len(w) == 1}
    alternatives = "".join(sorted(chars)) or "\u0000"
    return re.compile(f"[{_ZH_THING_VERBS}]{_ZH_COUNT}([{alternatives}])|([{alternatives}])(?=瘾)"
                      f"|{_ZH_CLAUSE_START}([{alternatives}]){_ZH_FRONTED}|{_ZH_PER_DAY}([{alternatives}])"), chars


#: Chinese verb-object words whose parts a count or an aspect word may split ("游三次泳" is 游泳, "睡了一会儿觉").
_ZH_SPLIT_VERB = re.compile(r"([游跑睡洗唱跳])(?:了|过|着)?"
                            r"(?:[一两三四五六七八九十几半\d]{1,3}[次回场趟圈个首支]|一会儿?)([泳步觉澡歌舞])")
#: Two or more capitalised words, small linking words allowed between them ("World of Warcraft").
_TITLED = re.compile(r"\b[A-Z][a-z]+(?:\s+(?:of|the|and|for|de)\s+[A-Z][a-z]+|\s+[A-Z][a-z]+)+")


def acronyms_of(text: str) -> set[str]:
    """The initials (three or more) of the titled phrases of ``text``, with and without their linking words, as the
    term an acronym of them is read as ("World of Warcraft" -> "wow", as "WoW" is; "London School of Economics" ->
    "lse")."""
    out: set[str] = set()
    for m in _TITLED.finditer(text):
        words = m.group(0).split()
        for initials in ("".join(w[0] for w in words), "".join(w[0] for w in words if w[0].isupper())):
            if len(initials) >= 3:  # two initials name too many things
                out.add(initials.casefold())
    return out


def said_with_verb(text: str) -> set[str]:
    """Object ids of the one-character things ``text`` names after a verb of having them ("每天抽一包烟" ->
    {"smoking"}) or a count a day ("一天一包烟"); a lone character names nothing (烟 in 烟花, 茶 in 茶几)."""
    pattern, chars = _one_char_things()
    return {chars[m.group(1) or m.group(2) or m.group(3) or m.group(4)] for m in pattern.finditer(text)}


def split_verbs(text: str) -> set[str]:
    """Chinese verb-object words said with a count between their parts ("每周去游三次泳" -> {"游泳"})."""
    return {m.group(1) + m.group(2) for m in _ZH_SPLIT_VERB.finditer(text)}
