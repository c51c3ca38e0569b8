"""A pet or thing of the user's that went with another person for good (issue 13: the write path stays true under
change).

"She took Mochi with her when she moved out", "my ex kept the dog after the divorce", "we gave the cat to my
parents", "Biscuit lives with my brother now", "分手后狗归他了", "我把猫送给我爸妈了", "年糕被她带走了". The
taker is the subject or the goal, so neither the pet slot's own end cues ("my dog died", "狗送人了") nor
``owned_end``'s done ends ("I sold my car") read these turns, and the user's pet stayed active (or, worse, took
"Biscuit lives with my brother" as a detail of it).

``handed_on(text)`` returns the words naming each thing the turn says went to another person: a pet's name or
kind, or a possession (``owned_things``). Another person minding it for a while names nothing: "my sister is
looking after Mochi this week", "took Mochi to the vet", "狗交给我妈帮忙养几天", "把豆豆带去打疫苗了"
(a while is said by ``_FOR_A_WHILE``; "took" and "kept" count only when the turn says someone left: moved out, a
break-up, a divorce, an ex). ``pets_naming`` picks the user's pet rows a thing names, by the pet's name or its kind.
``owned_end.owned_end_ops`` ends what these name.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence

from memory_core.pipeline.clauses import APOSTROPHES
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.text.relations import relation_groups

__all__ = ["PET_PREFIX", "handed_on", "pets_naming"]

#: The key prefix of the user's pet items (the ``pet`` slot, data/slots.yaml).
PET_PREFIX = "fact:pet:"

_I = re.IGNORECASE
# a while, not for good: "this week", "for the weekend", "while I'm away", "几天", "帮忙养"
_FOR_A_WHILE = re.compile(r"\b(?:this|next|for\s+the|for\s+a|for\s+(?:a\s+)?few)\s+(?:week|weekend|day|days|night|"
                          r"nights|month|while|holidays?)\b|\bwhile\s+(?:i|we)\b|\buntil\b|\btonight\b|\btoday\b|"
                          r"\blooking\s+after\b|\bminding\b|\bpet[\s-]?sitting\b|\bdog[\s-]?sitting\b|"
                          r"几天|这几天|暂时|临时|帮忙|帮我|一阵子|一段时间|周末|出差|旅游|寄养|代养|看几天", _I)
# someone left: what makes "she took the dog" and "he kept the cat" a handing-on
_LEFT = re.compile(r"\bmoved\s+out\b|\bmoving\s+out\b|\bleft\s+(?:me|us|home)\b|\bwhen\s+(?:she|he|they)\s+left\b|"
                   r"\bbroke\s+up\b|\bbreak[\s-]?up\b|\bsplit\b|\bdivorc|\bseparat|\bex\b|\bex-|\bcustody\b", _I)
_NOT = re.compile(r"\?|\b(?:if|whether|might|maybe|should|could|would|will|gonna|going\s+to|want|wanna|plan|"
                  r"planning|thinking|considering|hope|wish)\b|吗|如果|要是|假如|打算|准备|考虑|想把|想要|会不会|万一|怕|担心",
                  _I)
_EN_WHOSE = r"(?:(?:my|our|the|both)\s+)?"
_EN_PRONOUN = r"(?:she|he|they)"
_EN_SENTENCE = re.compile(r"[.;!?\n]+")
_ZH_CLAUSE = re.compile(r"[，,。！!？?；;\n]+")
_HAN = re.compile("[\u4e00-\u9fff]")


@functools.lru_cache(maxsize=1)
def _people() -> tuple[str, str]:
    """(English, Chinese) alternations of another person: the relation lexicon (``text.relations``) and an ex."""
    names = [n for group in relation_groups() for n in group]
    en = sorted({n for n in names if n.isascii()} | {"ex", "ex-wife", "ex-husband", "ex-girlfriend",
                                                     "ex-boyfriend", "ex-partner", "in-laws", "grandparents"},
                key=lambda n: (-len(n), n))
    zh = sorted({n for n in names if not n.isascii()} | {"前任", "前夫", "前妻", "前男友", "前女友", "对方", "家里人",
                                                         "亲戚", "同学", "别人", "人家"}, key=lambda n: (-len(n), n))
    return "|".join(re.escape(n) for n in en), "|".join(re.escape(n) for n in zh)


@functools.lru_cache(maxsize=1)
def _en_patterns() -> tuple[tuple[re.Pattern[str], bool], ...]:
    """The English forms, each with whether it needs ``_LEFT`` in the turn."""
    en, _ = _people()
    other = rf"(?:(?i:{_EN_PRONOUN})|(?i:my|our)\s+(?i:{en})|[A-Z][a-z]+)"
    goal = rf"(?:(?:my|our|his|her|their|a|an)\s+(?:\w+\s+)?(?:{en})|him|her|them|[A-Z][a-z]+)"
    thing = r"(?P<thing>[A-Z][a-z]+|(?:(?:old|little|new)\s+)?[\w'-]+(?:\s+[A-Z][\w-]*)?)\b"
    return (
        # "she took Mochi with her", "my ex kept the dog", "he got custody of the cat"
        (re.compile(rf"\b{other}\s+(?:(?:has\s+)?(?:took|taken|kept|got|gets|has|ended\s+up\s+with|is\s+keeping)"
                    rf"\s+(?:custody\s+of\s+)?){_EN_WHOSE}{thing}(?!\s+(?:to|for|out|on|along)\b)"), True),
        # "we gave the cat to my parents", "handed my old car over to my brother", "rehomed the dog with my aunt"
        (re.compile(rf"\b(?:gave|handed|passed|rehomed|re-homed|sold)\s+{_EN_WHOSE}{thing}\s+(?:(?:over|on|away)\s+)?"
                    rf"(?:to|with)\s+{goal}", _I), False),
        # "gave my brother my car"
        (re.compile(rf"\b(?:gave|handed)\s+{goal}\s+(?:my|our)\s+{thing}", _I), False),
        # "Biscuit lives with my brother now", "the cat went to live with my parents"
        (re.compile(rf"^\W*{_EN_WHOSE}{thing}\s+(?:(?:now\s+)?(?:lives|is\s+living|stays|went\s+to\s+live|"
                    rf"has\s+gone\s+to\s+live|moved\s+in|went\s+(?:off\s+)?)\s+with\s+{goal})(?P<now>.*)", _I), False),
    )


@functools.lru_cache(maxsize=1)
def _zh_patterns() -> tuple[re.Pattern[str], ...]:
    _, zh = _people()
    taker = rf"(?:我的?)?(?:{zh}|他|她|他们|她们)"
    thing = r"(?P<thing>[\u4e00-\u9fffA-Za-z]{1,8}?)"
    return (
        # "狗归他了", "猫判给了前夫"
        re.compile(rf"{thing}(?:就|也|最后|后来|最终)?(?:归|判给|判归)了?{taker}(?:了|养了|所有|$)"),
        # "年糕被她带走了", "狗让前任领走了"
        re.compile(rf"{thing}(?:也|都)?(?:被|让|叫){taker}(?:带|领|抱|接)走了"),
        # "她把狗带走了", "我把猫送给我爸妈了", "把车给我表哥开了"
        re.compile(rf"(?:{taker}|我们?)?(?:已经|最后|后来)?把{thing}(?:(?:带|领|抱|接)走了|"
                   rf"(?:送给|给了|给|留给|交给|转给|托付给|过户给)了?{taker}(?:养|开|骑|用)?了)"),
        # "猫给我妈养了", "狗留给他了", "豆豆跟着她走了", "土豆去年冬天送我妈那儿养了"
        re.compile(rf"^{thing}(?:也|都)?(?:去年|今年|前年|上个?月|这个?月|前几天|前阵子|昨天|上周|年前|年后)?(?:[春夏秋冬]天|底|初)?(?:送给|送到|送去|送|给了|给|留给|跟着?|随)"
                   rf"{taker}(?:那儿|那里|那边|家)?(?:养|开|骑|用|走|过)?了"),
    )


def _en(sentence: str, left: bool) -> list[str]:
    out = []
    for pattern, needs_left in _en_patterns():
        for m in pattern.finditer(sentence):
            if (needs_left and not left) or _NOT.search(sentence[:m.end()]):
                continue
            rest = m.groupdict().get("now")
            if rest is not None and not re.search(r"\b(?:now|for\s+good|permanently|anymore)\b", rest, _I) \
                    and not re.search(r"\b(?:went|gone|moved)\b", m.group(0), _I):
                continue
            out.append(m.group("thing"))
    return out


def _zh(clause: str) -> list[str]:
    if _NOT.search(clause):
        return []
    return [m.group("thing") for p in _zh_patterns() for m in [p.search(clause)] if m is not None]


def handed_on(text: str) -> list[str]:
    """The words naming each thing ``text`` says went to another person for good ("She took Mochi with her when
    she moved out" -> ["Mochi"]; "分手后狗归他了" -> ["分手后狗"]), in order, once each; [] when it says none or
    says a while only (module docstring). The words are as said: ``pets_naming`` and
    ``owned_things.rows_naming`` find the rows they name."""
    text = text.translate(APOSTROPHES)
    if _FOR_A_WHILE.search(text):
        return []
    left = _LEFT.search(text) is not None or re.search(r"分手|离婚|分居|搬走|搬出去", text) is not None
    found: list[str] = []
    if _HAN.search(text):
        for clause in _ZH_CLAUSE.split(text):
            found.extend(_zh(clause.strip()))
    for sentence in _EN_SENTENCE.split(text):
        if sentence.strip() and not _HAN.search(sentence):
            found.extend(_en(sentence.strip(), left))
    return list(dict.fromkeys(t.strip() for t in found if t.strip()))


@functools.lru_cache(maxsize=1)
def _species() -> tuple[tuple[str, str], ...]:
    """(word, kind) of every animal word of the lexicon (objects of category ``species``), longest first."""
    lex = lexicon()
    pairs = {(w.casefold(), oid) for oid in lex.by_category.get("species", ()) for w in lex.names.get(oid, ())}
    return tuple(sorted(pairs, key=lambda p: -len(p[0])))


def _kinds(words: str) -> set[str]:
    low = words.casefold()
    out = set()
    for word, kind in _species():
        if (re.search(rf"(?<![a-z]){re.escape(word)}s?(?![a-z])", low) if word.isascii() else word in low):
            out.add(kind)
    return out


_NAMED = re.compile(r"(?:named|called|叫)\s*(?P<name>[A-Za-z][\w'-]*|[\u4e00-\u9fff]{1,4})")


def pets_naming(things: Iterable[str], rows: Sequence[tuple[str, str, str]]) -> list[str]:
    """The ids of the user's pet rows (``(id, key, description)``, key under ``PET_PREFIX``) that ``things`` name:
    by the pet's name ("Mochi", "年糕被她带走了" of "用户有一只橘猫叫年糕"), else by its kind when the thing
    names no name ("the dog", "狗" of "用户有一只狗叫豆豆"). Another person's pet (a key with "/") is left."""
    out: list[str] = []
    for thing in things:
        kinds = _kinds(thing)
        for item_id, key, description in rows:
            if not key.startswith(PET_PREFIX) or "/" in key or item_id in out:
                continue
            names = [m.group("name") for m in _NAMED.finditer(description)]
            by_name = any(n.casefold() in thing.casefold() for n in names if len(n) > 1)
            row_kind = key.removeprefix(PET_PREFIX).split(":")[0]
            if by_name or (kinds and (row_kind in kinds or kinds & _kinds(description))):
                out.append(item_id)
    return out
