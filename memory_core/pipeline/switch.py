"""A switch of provider, service or thing used: what it takes up and what it ends (issue 13).

A switch is said in the past ("I switched to T-Mobile", "I moved my account to Wells Fargo") or without a
subject ("工资卡换成工商银行了", "改用联通"), yet it states what holds now; and it often names only the new
value. ``switch_in`` reads the phrasings of the kind:

- English: "switched / changed / swapped (my X | banks) (from A) to B", "moved / transferred my X to B",
  "replaced A with B", "dropped / ditched / left A for B", "use B now instead of A", "switched gyms";
- Chinese: "(X)换成 / 改成 / 改用 / 换用 / 转投 B", "把A换成B", "从A换到B", "携号转网到B", "不用A了，改用B".

``switch_change`` turns a switch into the change its clause carries (``clause_change.Change``): the old
value when named; else the thing switched ("工资卡", "car insurance"). The resolver ends the user's positive
statements sharing one of those terms (``cessation.keys_about``), and the switch's own clause, kept in the
user's words, is their successor. A switch to a known provider (``data/providers.yaml``: "I switched to
T-Mobile") is read though its new value is no capitalised name ("switched to giffgaff").
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from memory_core.pipeline.cessation import ended_keys, scope_terms
from memory_core.pipeline.third_person import EN_LEAD
from memory_core.shipped_yaml import load_shipped

__all__ = ["ONE_HELD", "WHOLE", "Switch", "held_provider", "holds", "kind_alone", "kind_of", "kind_said",
           "provider_members", "provider_named", "switch_change", "switch_in", "zh_switched"]

_I = re.IGNORECASE
# the kind switched, said as a plural, with a word of its kind before it maybe ("switched banks", "changed phone
# carriers", "switched note apps")
_EN_KINDS = (r"(?:[\w-]+\s+)?"
             r"(?:banks|carriers|networks|providers|gyms|insurers|insurance\s+companies|plans|apps|browsers|services|"
             r"couriers|delivery\s+companies|shipping\s+companies)")
_EN = (
    re.compile(r"\b(?:switched|changed|swapped|migrated|went\s+over|gone\s+over)\s+"
               rf"(?:(?:my|our)\s+(?P<what>(?:[\w'+&-]+\s+){{0,2}}?[\w'+&-]+)\s+|(?P<kind>{_EN_KINDS})\s+)?"
               r"(?:over\s+)?(?:from\s+(?P<old>.+?)\s+)?(?:to|onto)\s+(?P<new>.+)", _I),
    re.compile(r"\b(?:moved|transferred|ported)\s+(?:my|our)\s+(?P<what>(?:[\w'+&-]+\s+){0,2}?[\w'+&-]+)\s+"
               r"(?:over\s+)?(?:from\s+(?P<old>.+?)\s+)?to\s+(?P<new>.+)", _I),
    re.compile(r"\breplaced\s+(?P<old>.+?)\s+with\s+(?P<new>.+)", _I),
    re.compile(r"\b(?:dropped|ditched|left|quit|swapped|traded)\s+(?P<old>.+?)\s+for\s+"
               r"(?!(?:good|now|a\s+while|ever|the\s+(?:year|month|summer|winter))\b)(?P<new>.+)", _I),
    re.compile(r"\b(?:use|have|watch|go\s+to|pay\s+for|subscribe\s+to|bank\s+with|am\s+with|'m\s+with|am\s+on|"
               r"'m\s+on|listen\s+to)\s+(?P<new>.+?)\s+(?:now\s+)?instead\s+of\s+(?P<old>.+)", _I),
    re.compile(rf"\b(?:switched|changed)\s+(?P<kind>{_EN_KINDS})\b(?P<new>)", _I),
)
_EN_SELF = re.compile(r"(?:i|i'm|i've|i'd|my|i\s+am|i\s+have)\b", _I)
_EN_CUT = re.compile(r"\s*(?:[,.;!?—–]|\b(?:now|last|this|because|since|and|but|so|instead|after|a\s+(?:few|couple)|"
                     r"two|three|weeks?|months?|ago|yesterday|today|recently|finally|for\s+(?:good|now))\b)", _I)
_ZH = (
    # the old one after 从 ("从移动换到联通了", "工资卡从招行转到了工行"); to another carrier: "携号转网到电信"
    re.compile(r"从(?P<old>[^，。,！!？?从]{1,10}?)(?:换成|改成|换到|转到|转成|换去|转去|改用|换用|转投)了?"
               r"(?P<new>[^，。,！!？?]{1,16})"),
    re.compile(r"携号转网(?:到|去|成|给)了?(?P<new>[^，。,！!？?]{1,16})"),
    re.compile(r"(?:把|将)(?P<old>[^，。,！!？?]{1,12}?)(?:换成|改成|换为|改为|换到|转到)了?(?P<new>[^，。,！!？?]{1,16})"),
    re.compile(r"(?:不用|不再用|不看|不听)(?P<old>[^，。,！!？?]{1,10}?)了?[，,]?(?:现在)?(?:改用|换用|改看|改听|换成|改成)了?"
               r"(?P<new>[^，。,！!？?]{1,16})"),
    re.compile(r"^(?P<what>[^，。,！!？?]{0,10}?)(?:换成|改成|换为|改为|换到|转到|改用|换用|转投|改看|改听)了?"
               r"(?P<new>[^，。,！!？?]{1,16})"),
)
# a switch said of the thing switched alone, the new value unsaid or said in a clause of its own ("降压药换了",
# "快递也换了", "换了家健身房", "换了个运营商"): the category names what ends (``switch_change``)
_ZH_WHAT_ONLY = (
    re.compile(r"^(?P<what>[^，。,！!？?]{1,10}?)(?:也|又|都)?(?:换了|换掉了|给换了)(?:一?[家个])?$"),
    re.compile(r"换了(?:一?[家个所间])(?P<what>[\u4e00-\u9fff]{1,6}?)(?:了|啦)?$"),
)
# what opens a Chinese switch but is no thing switched: the speaker, time and discourse words
_ZH_NOT_WHAT = re.compile(r"^(?:我们?(?:家)?的?|现在|目前|如今|已经|最近|后来|上个月|这个月|去年|今年|都|也|就|又|早就|"
                          r"终于)+|"
                          r"(?:现在|目前|已经|都|也|就|又|早就|终于|全部|统一)+$")
_ZH_TAIL = re.compile(r"(?:了|的|啦|啊|呢|吧|啦|的卡|的了)+$")


@dataclass(frozen=True, slots=True)
class Switch:
    """A switch a clause says.

    Attributes:
        old: the value given up, as said ("Verizon", "二甲双胍"); "" when not named.
        new: the value taken up ("T-Mobile", "工商银行"); "" when only the kind is said ("I switched gyms").
        what: the thing switched ("car insurance", "工资卡", "banks"); "" when not named.
    """

    old: str
    new: str
    what: str


def switch_in(clause: str, lang: str) -> Switch | None:
    """The switch ``clause`` says (see the module docstring), or None.

    An English switch with neither an old value, a thing switched nor a known provider ("I switched to night
    shifts") is read only when its new value is a name (capitalised): a routine changed is no provider.
    """
    if lang == "zh":
        for pattern in _ZH:
            m = pattern.search(clause)
            if m is None:
                continue
            new = _ZH_TAIL.sub("", m.group("new").strip())
            groups = m.groupdict()
            what = _ZH_NOT_WHAT.sub("", groups.get("what") or "")
            old = _ZH_TAIL.sub("", groups.get("old") or "")
            if new:
                return Switch(old, new, what)
        for pattern in _ZH_WHAT_ONLY:
            m = pattern.search(clause)
            what = _ZH_NOT_WHAT.sub("", m.group("what")) if m else ""
            if what and not _ZH_NOT_WHAT.fullmatch(what):
                return Switch("", "", what)
        return None
    if not _EN_SELF.match(EN_LEAD.sub("", clause.strip())):
        return None  # another's switch, or one said of "we" (``joint_subject``)
    for pattern in _EN:
        m = pattern.search(clause)
        if m is None:
            continue
        groups = m.groupdict()
        new = _EN_CUT.split(groups["new"] or "", maxsplit=1)[0].strip()
        old = _EN_CUT.split(groups.get("old") or "", maxsplit=1)[0].strip()
        what = (groups.get("what") or groups.get("kind") or "").strip()
        if not (new or what):
            continue
        if not (old or what or kind_of(new) or new[:1].isupper()):
            continue
        return Switch(old, new, what)
    return None


#: A reverse term that names a thing by its whole word in an item's text (``cessation.keys_about``).
WHOLE = "="
#: A reverse term naming a provider by its whole word, shared only when one item alone names one of the kind.
ONE_HELD = "1="


@functools.lru_cache(maxsize=1)
def _kinds() -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """The shipped provider kinds: (names folded, members as written).

    Raises:
        ValueError: an entry without names or members (a packaging fault).
    """
    out = []
    for entry in load_shipped("data", "providers.yaml"):
        if not isinstance(entry, dict) or not entry.get("names") or not entry.get("members"):
            raise ValueError(f"providers.yaml: each entry needs names and members; got {entry!r}")
        out.append((tuple(str(n).casefold() for n in entry["names"]), tuple(str(m) for m in entry["members"])))
    return tuple(out)


def holds(text: str, word: str) -> bool:
    """``word`` in ``text``: a Latin-script word whole (a name as written, a lower-case word in any case), a
    Chinese word anywhere."""
    if not word.isascii():
        return word in text
    flags = re.IGNORECASE if word.islower() else 0
    return re.search(rf"(?<![\w+&]){re.escape(word)}(?![\w+&])", text, flags) is not None


@functools.lru_cache(maxsize=1)
def provider_members() -> frozenset[str]:
    """Every provider member of data/providers.yaml, as written ("Netflix", "腾讯视频")."""
    return frozenset(m for _, members in _kinds() for m in members)


def kind_of(text: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The provider kind (names, members) ``text`` names a member or a name of, or None (of several, the
    one with the longest word found)."""
    best: tuple[int, tuple[tuple[str, ...], tuple[str, ...]]] | None = None
    for names, members in _kinds():
        for word in (*members, *names):
            if holds(text, word) and (best is None or len(word) > best[0]):
                best = (len(word), (names, members))
    return None if best is None else best[1]


# a provider held, said plainly ("I'm on Verizon", "I bank with Monzo", "my carrier is EE", "我用的是联通") or taken
# up ("I also got Spotify", "I signed up for Hulu"): what the clause names after it must be a member of a kind of
# provider (data/providers.yaml)
_HELD = {"en": re.compile(r"^(?:i'm|i\s+am|im|we're|we\s+are)\s+(?:(?:now|still|currently|also)\s+)*(?:on|with)\s+"
                          r"(?!hold\b|the\s+phone\b|a\s+call\b)(?P<x>.+)"
                          r"|^(?:i|we)\s+(?:(?:now|still|currently|also|mostly|only|just)\s+)*(?:use|bank\s+with|pay\s+for|"
                          r"subscribe\s+to|got|signed\s+up\s+(?:for|to|with)|subscribed\s+to|started\s+(?:paying\s+for|"
                          r"using)|have\s+(?:a|an|my)\s+[\w ]{0,20}?(?:account|plan|subscription)\s+"
                          r"(?:with|at|on))"
                          r"\s+(?P<y>.+)|^my\s+(?:[\w-]+\s+){0,2}?(?:carrier|network|provider|plan|bank|insurer|browser)\s+is\s+"
                          r"(?:now\s+|still\s+)?(?P<z>.+)", _I),
         "zh": re.compile(r"^我(?:们)?(?:现在|目前|一直|平时|也|都|还)*(?:用的是|用|是)(?P<x>[^，,。！!？?]{1,12}?)"
                          r"(?:的)?(?:用户|卡|号|套餐|会员)?(?:了|啦)?$"
                          r"|^我(?:们)?的(?:[^，,。\s]{0,4}?)(?:运营商|手机卡|电话卡|银行卡|工资卡|保险|浏览器)(?:现在)?是(?P<z>[^，,。！!？?]{1,12})")}


def held_provider(clause: str, lang: str) -> bool:
    """True when ``clause`` says the user holds a provider plainly ("I'm on Verizon", "我用的是联通"): kept in the
    user's words though a clause of "I'm on …" is read as a moment otherwise (``gist.gist_clause``)."""
    text = EN_LEAD.sub("", clause.strip()) if lang == "en" else clause.strip()
    m = _HELD["zh" if lang == "zh" else "en"].match(text)
    said = next((g for g in m.groups() if g), "") if m else ""
    kind = kind_of(said) if said else None
    return kind is not None and any(holds(said, member) for member in kind[1])


def provider_named(clause: str) -> bool:
    """True when ``clause`` names a member of a kind of provider (data/providers.yaml: "Netflix", "爱奇艺"): a
    subscription ended or taken out again ("I cancelled Netflix", "resubscribed to Netflix") is then kept in the
    user's words though it ends nothing stored."""
    kind = kind_of(clause)
    return kind is not None and any(holds(clause, member) for member in kind[1])


def switch_change(found: Switch, lang: str, qualifier: str) -> tuple[tuple[str, ...], int, frozenset[str]]:
    """The change a switch carries: (keys of items it may end, -1, the terms of what it ends).

    The old value when named ("from Verizon", "把二甲双胍": its topic terms); else the thing switched, as a
    whole word (``WHOLE`` + word: "car insurance" ends "User's car insurance is with Geico", never "User drives
    a Tesla"; "switched gyms" ends the statements naming a gym). A switch naming neither, to a member of a
    kind of provider held one at a time ("I switched to T-Mobile"), ends the one statement naming another member of that
    kind (``ONE_HELD`` + member), and nothing when several do (ending every member of the kind cost a check
    of a held-out half). ``((), 0, frozenset())`` when nothing names what ends.
    """
    if found.old:
        terms = scope_terms(found.old, lang)
        return (ended_keys(found.old, lang, qualifier), -1, terms) if terms else ((), 0, frozenset())
    if not found.what:
        others = _other_members(found.new, lang)
        if not others:
            return (), 0, frozenset()
        keys = tuple(dict.fromkeys((*ended_keys(others[0], lang, qualifier), f"gist:statement{qualifier}")))
        return keys, -1, frozenset(ONE_HELD + w for w in others[1])
    plural = _EN_PLURAL_KIND.fullmatch(found.what)  # "switched gyms": any gym's statement
    word = found.what.casefold().removesuffix("s") if plural else found.what.casefold()
    if found.new and (holds(found.new, word) or holds(word, found.new)):
        return (), 0, frozenset()
    keys = tuple(dict.fromkeys((*ended_keys(found.what, lang, qualifier), f"gist:statement{qualifier}")))
    members = kind_said(word)  # "快递换成极兔了" ends "用户现在用的是中通": the one statement of a courier
    held = frozenset(ONE_HELD + m for m in members if not (found.new and (holds(found.new, m) or holds(m, found.new))))
    return keys, -1, frozenset({WHOLE + word}) | held


def kind_said(word: str) -> tuple[str, ...]:
    """The members of the kind of provider ``word`` names as a whole (a name or a word of its questions in
    data/providers.yaml: "快递", "phone carrier", "健身房", "bank"), or () when it names none.

    A switch said of the kind ("快递换成极兔了", "switched phone carriers", "换了家健身房") names no old value; the one
    statement naming a member of the kind is the one it ends (``ONE_HELD``, so never one of two banks).
    """
    folded = word.strip().casefold()
    for words, members in _kind_words():
        if folded in words or folded.removesuffix("s") in words:
            return members
    return ()


def kind_alone(found: Switch, clauses: list[tuple[str, str]], at: int) -> bool:
    """True when ``found``, the switch of ``clauses[at]``, names only the thing switched ("我的降压药换了",
    "switched phone carriers") and a clause of the same language follows it in the turn: that clause says the
    value taken up ("现在吃缬沙坦", "I'm on Mint now") and carries the switch's change, and the bare "X换了" is no
    item of its own.

    Args:
        found: the switch read from ``clauses[at]`` (``switch_in``).
        clauses: the turn's (clause, lang) pairs, in order.
        at: the index of the switch's clause.
    """
    if found.old or found.new or not found.what or at + 1 >= len(clauses):
        return False
    after, lang = clauses[at + 1]
    return lang == clauses[at][1] and not after.rstrip().endswith(("?", "？"))


@functools.lru_cache(maxsize=1)
def _kind_words() -> tuple[tuple[frozenset[str], tuple[str, ...]], ...]:
    """Each provider kind's words (names and question words, folded) and its members as written."""
    return tuple((frozenset(str(w).casefold() for w in (*e.get("names", ()), *e.get("ask", ()))),
                  tuple(str(m) for m in e["members"]))
                 for e in load_shipped("data", "providers.yaml") if isinstance(e, dict) and e.get("members"))


_EN_PLURAL_KIND = re.compile(_EN_KINDS, re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _one_at_a_time() -> frozenset[str]:
    """The first names (folded) of the kinds of provider one holds one of at a time (``one_at_a_time: true``)."""
    return frozenset(str(e["names"][0]).casefold() for e in load_shipped("data", "providers.yaml")
                     if isinstance(e, dict) and e.get("one_at_a_time"))


def _other_members(new: str, lang: str) -> tuple[str, tuple[str, ...]] | None:
    """For a new value that is a member of a kind of provider held one at a time ("T-Mobile", 联通: a phone
    carrier; never a bank or a streaming service, of which one may hold several): (the kind's first name,
    the kind's other members written in ``lang``'s script), else None. Members only: a kind's names ("carrier",
    "browser") are words of many statements that hold no provider."""
    kind = kind_of(new) if new else None
    if kind is None or kind[0][0] not in _one_at_a_time() or not any(holds(new, m) for m in kind[1]):
        return None
    others = tuple(m for m in kind[1] if (lang == "en") == m.isascii() and not holds(new, m) and not holds(m, new))
    return (kind[0][0], others) if others else None


# a switch or a drug stopped, said without a subject ("工资卡换成工商银行了", "改用联通", "二甲双胍停了"): the speaker's
_ZH_SWITCH = re.compile(r"换成|改成|换为|改为|改用|换用|转投|改打|改吃|改服|改看|改听")


@functools.lru_cache(maxsize=1)
def _zh_drug_stopped() -> re.Pattern[str]:
    from memory_core.pipeline.slot_lexicon import lexicon

    drug = lexicon().classes["zh"]["DRUGNAME"]
    return re.compile(rf"^[\u4e00-\u9fff]{{1,10}}?{drug}(?:已经)?停(?:了|用了|掉了)"
                      rf"|^现在(?:改)?打[\u4e00-\u9fff]{{1,8}}?(?:素|{drug})")


def zh_switched(clause: str) -> bool:
    """True for a Chinese switch, a thing switched said alone ("运营商换了") or a drug's stop, said without a subject
    (``clauses`` gives it the speaker)."""
    return bool(_ZH_SWITCH.search(clause) or _zh_drug_stopped().search(clause)
                or any(p.search(clause) for p in _ZH_WHAT_ONLY))  # "运营商换了": the speaker's carrier
