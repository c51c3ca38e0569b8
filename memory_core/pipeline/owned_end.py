"""A thing of the user's sold, given away, lost or stolen ends the item naming it (issue 13: the write path stays
true under change).

"Sold the Civic, I take the train now" after "I drive a Honda Civic to work"; "车卖了，现在坐地铁" / "那辆宝马出掉了"
after "我开一辆二手宝马"; "my bike got stolen lol". The slot's own negative cue needs "I sold my <kind word>"; these
turns drop the "I", put the thing first (the Chinese topic), or name it by model only, so no candidate says the
end and the item stays (or, worse, the turn is read as a restatement or a detail of it).

``ended_things`` reads, clause by clause, an end said of a thing of the user's: the subject is the user ("I",
"we", "我", "我们") or none, or the thing is "my"/"our" in the passive ("my bike got stolen"); the verb is a done
end (sold, gave away, returned, scrapped, lost, stolen, traded in; 卖了, 出掉了, 送人了, 丢了, 被偷了, 报废了, 给我爸了,
转给同事了; "someone stole my bike"), after an aside or the thing told before ("对了之前说的那辆台铃被偷了"), a
space between Chinese words standing for a comma ("换了辆新车 台铃的 旧车卖了800块"). A
question, a plan or a wish ("thinking of selling my car", "should I sell", "打算把车卖了", "如果…") and another
person's thing ("my sister sold her car", "我朋友把他的特斯拉卖了") say none. ``owned_end_ops`` then ends the user's
active statements naming that thing (``owned_things.rows_naming``: by brand or model, else by kind), and drops any
hit or revision the turn made of them; a thing the user never said they had ends nothing. A pet or thing the
turn says went to another person for good ("she took Mochi with her", "狗归他了": ``handed_on``) ends the same
way, a pet's row found by its name or kind (``handed_on.pets_naming``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from memory_core.model import Actor, Status, Turn
from memory_core.pipeline.clauses import APOSTROPHES
from memory_core.pipeline.handed_on import PET_PREFIX, handed_on, pets_naming
from memory_core.pipeline.owned_things import ROW_PREFIXES, kinds_in, marks_in, own_rows, rows_naming
from memory_core.store.write_ops import EndOp, HitOp, Op, UpdateOp
from memory_core.text.relations import relation_groups
from memory_core.text.script import has_han

__all__ = ["Ended", "ended_things", "owned_end_ops"]

_I = re.IGNORECASE
_EN_VERB = (r"(?:sold(?:\s+off)?|gave\s+away|donated|returned|scrapped|junked|got\s+rid\s+of|lost|traded\s+in|"
            r"totall?ed|wrote\s+off|ditched)")
_EN_LEAD = r"(?:(?:so|well|ugh|welp|yeah|ok|okay|anyway|also|and|oh|lol|finally|just|actually)[,\s]+)*"
_EN_ADV = r"(?:(?:finally|just|already|actually|recently|officially|ended\s+up|went\s+and|have|had|'ve|'d)\s+)*"
# the thing: up to five words, stopping at a clause word
_EN_THING = (r"(?P<thing>(?:(?!(?:to|for|and|but|last|yesterday|this|on|at|in|because|since|so|after)\b)"
             r"[\w'-]+\s*){1,5})")
# "I sold my car", "sold the Civic", "we gave away the old bike", "got rid of the Honda"
_EN_ACTIVE = re.compile(r"^" + _EN_LEAD + r"(?:(?:i|we)(?:'ve|\s+have)?\s+)?" + _EN_ADV + _EN_VERB + r"\s+"
                        + r"(?P<whose>(?:my|our|the|that|this)\s+)?" + _EN_THING, _I)
# "my bike got stolen", "our car was written off", "the Civic's been totaled"
_EN_PASSIVE = re.compile(r"^" + _EN_LEAD + r"(?P<whose>my|our|the)\s+" + r"(?P<thing>(?:[\w'-]+\s+){0,3}?[\w'-]+?)"
                         r"(?:\s+(?:got|was|has\s+been|have\s+been|just\s+got)|'s\s+been)\s+(?:\w+\s+)?"
                         r"(?:stolen|nicked|pinched|totall?ed|written\s+off|scrapped|repossessed)\b", _I)
# "someone stole my bike", "thieves nicked our car": a theft told of the thief
_EN_THIEF = re.compile(r"^" + _EN_LEAD + r"(?:some(?:one|body)|some\s+\w+|thie(?:f|ves)|they)\s+(?:just\s+)?"
                       r"(?:stole|nicked|pinched|swiped)\s+(?P<whose>my|our)\s+" + _EN_THING, _I)
# what makes a clause no statement of a done end: a question, a plan, a wish, a condition
_EN_NOT = re.compile(r"\?|\b(?:if|whether|thinking|think|might|may|maybe|should|could|would|will|gonna|going\s+to|"
                     r"want|wanna|plan|planning|considering|about\s+to|trying\s+to|hope|wish|can't|cannot|never)\b", _I)
_EN_KEPT = re.compile(r"\b(?:still\s+(?:have|got|own|drive|use|ride)|kept)\s+(?:(?:my|the|our)\s+)?"
                      r"(?P<kept>(?:[\w'-]+\s*){1,3})", _I)
_EN_CLAUSE = re.compile(r"[.;!?\n]+|,\s*(?:but|and|so)?\s*|\s+(?:but|and\s+now|so)\s+", _I)

# who a thing was handed to, said without 送 ("华为给我爸了", "旧手机转给同事了", "留给我妹用了")
_ZH_TAKER = (r"(?:我的?)?(?:爸爸?|妈妈?|爸妈|父母|老婆|老公|媳妇|儿子|女儿|孩子|弟弟?|妹妹?|哥哥?|姐姐?|"
             r"男朋友|女朋友|对象|朋友|同事|室友|同学|家里人|亲戚|邻居|奶奶|爷爷|外婆|外公|姥姥|姥爷|"
             r"表弟|表妹|表哥|表姐|侄子|侄女|舅舅|阿姨|叔叔|老人|老家|别人|人)")
_ZH_VERB = (r"(?:卖了|卖掉了?|出掉了|出手了|转手了|转卖了|转让了|送人了|送给[^，,。！!？?\s]{1,4}了|丢了|弄丢了|搞丢了|"
            r"被偷了|被偷走了|被人偷了|被偷|(?:让|叫)人(?:给)?偷(?:走)?了|报废了|退掉了|退货了|处理掉了|"
            r"(?:转|留|让|送|交)?(?<![借租])给(?:了)?" + _ZH_TAKER + r"(?:用|玩|开|骑)?了|"
            r"送(?:了)?" + _ZH_TAKER + r"了)")
_ZH_TIME = r"(?:已经|终于|刚刚?|上周|上个月|前阵子|前几天|昨天|前天|今天|去年|最近|总算)"
# "车卖了", "那辆宝马出掉了", "我把车卖了", "我的自行车被偷了", "ThinkPad 送给我弟了", "车我卖了"
# what a clause may open on before the thing: an aside, and the thing told before ("对了之前说的那辆台铃被偷了")
_ZH_LEAD = (r"(?:(?:对了|哦对了?|话说|唉|哎|结果|可惜)[，,\s]*)?"
            r"(?:(?:之前|上次|以前|前面|刚才)(?:跟你)?(?:说|提|讲)(?:过)?的)?")
_ZH_END = re.compile(r"^" + _ZH_LEAD + r"(?:我们?|咱们?)?" + _ZH_TIME + r"*(?:把|将)?(?:我的|我们的|我那|我们那|那|这)?"
                     r"(?:辆|台|部|个|块)?(?:旧的?|老的?|二手的?)?"
                     r"(?P<thing>[\u4e00-\u9fffA-Za-z0-9 +-]{1,12}?)\s*(?:我们?)?"
                     + _ZH_TIME + r"*(?:给)?" + _ZH_VERB)
# brands that make several kinds of thing (phones, laptops, cars): a thing named by one alone ("华为给我爸了") is the
# row naming that brand; only here, so that "华为的" said of a phone is no model elsewhere
_MAKERS = ("华为", "小米", "联想", "huawei", "xiaomi", "lenovo")
_ZH_NOT = re.compile(r"[?？吗]|如果|要是|假如|打算|准备|考虑|想把|想要|想卖|要不要|该不该|会不会|万一|怕|担心"
                     r"|还没|没卖|不卖|别")
#: Words of another person that are no relation of ``data/relations.yaml``: the pronouns, classmates, the family.
_ZH_OTHERS = ("他", "她", "同学", "家里人")
_ZH_KEPT = re.compile(r"(?:还有|还留着|留着|还在用|还开着)(?:我的|那)?(?:辆|台|部|个)?"
                      r"(?P<kept>[\u4e00-\u9fffA-Za-z0-9 ]{1,8})")
# a space between Chinese words stands for a comma ("换了辆新车 台铃的 旧车卖了800块")
_ZH_CLAUSE = re.compile(r"[，,。！!？?；;\n]+|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")


@dataclass(frozen=True, slots=True)
class Ended:
    """A thing a turn says the user no longer has: its words (``thing``) and the things the turn says are kept."""

    thing: str
    kept: tuple[str, ...] = ()


def _en(clause: str) -> str | None:
    found = _EN_PASSIVE.search(clause) or _EN_THIEF.search(clause) or _EN_ACTIVE.search(clause)
    if found is None or _EN_NOT.search(clause[:found.end()]):
        return None
    whose = (found.group("whose") or "").strip().casefold()
    thing = found.group("thing").strip()
    if re.match(r"(?:her|his|their|its|your|a|an|some|one)\b", thing, _I) or "'s " in thing:
        return None  # another person's thing, or a thing not yet one's own
    if not whose and not (kinds_in(thing) or marks_in(thing)):
        return None
    return thing


def _zh(clause: str) -> str | None:
    found = _ZH_END.search(clause)
    if found is None or _ZH_NOT.search(clause):
        return None
    thing = found.group("thing").strip()
    if _zh_people().search(clause[:found.start("thing") + len(found.group("thing"))]):
        return None
    return thing


def _makers(thing: str) -> list[str]:
    low = thing.casefold()
    return [m for m in _MAKERS if m in low]


def _naming(end: Ended, held: list[tuple[str, str, str, set[str]]]) -> list[str]:
    """``rows_naming``, else the rows naming the maker the thing is named by ("华为" -> "用户有华为P60")."""
    found = rows_naming(end.thing, held, end.kept)
    makers = _makers(end.thing) if not found else []
    return found or [i for i, _, description, _ in held if any(m in description.casefold() for m in makers)]


@cache
def _zh_people() -> re.Pattern[str]:
    """Another person named in Chinese ("我朋友把他的特斯拉卖了"): every Chinese name of the relation lexicon
    (``text.relations``, ``data/relations.yaml``: 妈, 老公, 同事, 室友 …) and ``_ZH_OTHERS``; read once."""
    names = {n for group in relation_groups() for n in group if has_han(n)} | set(_ZH_OTHERS)
    return re.compile("|".join(re.escape(n) for n in sorted(names, key=lambda n: (-len(n), n))))


def ended_things(text: str) -> list[Ended]:
    """The things ``text`` says the user no longer has ("Sold the Civic, I take the train now" -> [Ended("Civic")]),
    each with the things it says are kept ("… but I still have the Fender"); [] when it says no such end.

    Only a thing named by a possession word or a mark (a brand, a model) counts; the words are returned as
    said, for ``owned_things.rows_naming``.
    """
    text = text.translate(APOSTROPHES)
    zh = has_han(text)
    kept = tuple(m.group("kept").strip() for m in (*_EN_KEPT.finditer(text), *_ZH_KEPT.finditer(text)))
    out: list[Ended] = []
    for clause in (*_EN_CLAUSE.split(text), *(_ZH_CLAUSE.split(text) if zh else ())):
        clause = clause.strip()
        if not clause:
            continue
        thing = _zh(clause) if has_han(clause) else _en(clause)
        if thing and (kinds_in(thing) or marks_in(thing) or _makers(thing)) and all(e.thing != thing for e in out):
            out.append(Ended(thing, kept))
    return out


def owned_end_ops(turn: Turn, ops: Sequence[Op], rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]]
                  ) -> list[Op]:
    """``ops`` with the user's statements of each thing the turn says is gone ended (``EndOp``, superseded, dated
    at the turn), and the turn's hits and revisions of them dropped.

    Args:
        turn: the turn (a user turn; any other role returns ``ops`` unchanged).
        ops: the turn's ops so far.
        rows: ``rows(prefixes)`` -> the user's active ``(id, key, description)`` rows (read only when the turn
            says an end, or hands a thing or pet on to another person: ``handed_on``).
    """
    if turn.role != "user":
        return list(ops)
    ends = ended_things(turn.text)
    handed = handed_on(turn.text)  # "gave the cat to my parents", "分手后狗归他了"
    if not ends and not handed:
        return list(ops)
    read = rows((*ROW_PREFIXES, PET_PREFIX))
    held = own_rows(r for r in read if not r[1].startswith(PET_PREFIX))
    ends = [*ends, *(Ended(t) for t in handed if all(e.thing != t for e in ends))]
    gone = {i for e in ends for i in _naming(e, held)} | set(pets_naming([e.thing for e in ends], read))
    if not gone:
        return list(ops)
    ended = {op.item_id for op in ops if isinstance(op, EndOp)}
    out = [op for op in ops if not (isinstance(op, (HitOp, UpdateOp)) and op.item_id in gone)]
    zh = has_han(turn.text)
    reason = f"不再拥有：{turn.text}" if zh else f"no longer has it: {turn.text}"
    for item_id in sorted(gone - ended):
        out.append(EndOp(item_id, Status.SUPERSEDED, reason, Actor.PIPELINE, turn.turn_id,
                         valid_until=turn.timestamp, at=turn.timestamp))
    return out
