"""Subscriptions, memberships and paid plans: one fact item per service the user pays for (issue 13).

"I subscribe to Netflix and Spotify", "I have a Netflix subscription and a gym membership at PureGym",
"Started paying for ChatGPT Plus", "我开了爱奇艺和网易云的会员", "每个月订阅 ChatGPT Plus", "我在乐刻办了健身年卡":
each service named (``data/subscriptions.yaml``) is an item of its own under ``fact:subscription:<service>``
("User subscribes to Netflix", "用户开了爱奇艺会员"), so one can end while the others stay. An end said of a
service ("cancelled my gym membership", "didn't renew Spotify", "let my Equinox membership lapse", "退订了",
"没续费", "到期不续了") is a negative statement under that service's key: it supersedes that item only. A switch
("switched from Spotify to Apple Music", "换成腾讯视频了", "改用 Claude 了") holds the new service and ends the old
one named. A gym or a phone line is held one at a time, so any gym chain is the key ``gym`` and any carrier the
key ``phone_plan`` ("Switched my phone plan to Google Fi" ends "a Mint Mobile plan").

Only the user's own statements count: the caller passes no clause that is a question, plan, hypothetical, the
past or another person's (``slots.read_clause``); a request or a wish said without those marks ("想开个B站大会员",
"thinking about getting ChatGPT Plus", "should I cancel Netflix") is refused here too. Brand names that hold a
verb or a like word (爱奇艺, 得到, 饿了么, 爱彼迎) are read whole, before any rule reads 爱 as "love".
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from memory_core.model import Kind, Turn
from memory_core.pipeline.clause_change import Change, give_change, with_switch
from memory_core.pipeline.slot_hit import ClauseReading
from memory_core.pipeline.slots import lexicon
from memory_core.pipeline.switch import switch_change, switch_in
from memory_core.pipeline.types import Candidate
from memory_core.shipped_yaml import load_shipped

__all__ = ["SUBSCRIPTION_KEY", "Service", "services_in", "subscribed", "subscriber_filled"]

#: Key prefix of the items this module makes: ``fact:subscription:<service id>``.
SUBSCRIPTION_KEY = "fact:subscription:"
_I = re.IGNORECASE
_SHARED_DISPLAY = {"gym": ("gym", "健身卡"), "phone_plan": ("phone plan", "手机套餐")}


@dataclass(frozen=True, slots=True)
class Service:
    """A service named in a clause: its id (the key's last part), the name as said, and where it starts."""

    id: str
    said: str
    at: int


@functools.cache
def _names() -> tuple[re.Pattern[str], dict[str, str]]:
    """(one pattern of every service name, longest first; the id of each name, case-folded)."""
    data = load_shipped("data", "subscriptions.yaml")
    literal = set(data.get("literal") or ())
    ids: dict[str, str] = {}
    for sid, names in (data.get("shared") or {}).items():
        ids.update({str(n).casefold(): sid for n in names})
    for entry in data.get("services") or ():
        ids.update({str(n).casefold(): entry["id"] for n in entry["names"]})
    every = sorted({str(n) for names in (data.get("shared") or {}).values() for n in names}
                   | {str(n) for e in data.get("services") or () for n in e["names"]}, key=len, reverse=True)
    parts = []
    for name in every:
        body = re.escape(name) if name in literal else "(?i:" + re.escape(name) + ")"
        parts.append(body if not name[0].isascii() else rf"(?<![A-Za-z0-9_&+-]){body}(?![A-Za-z0-9_&-])")
    return re.compile("|".join(parts)), ids


def services_in(text: str) -> list[Service]:
    """The services ``text`` names, first-said first, one per id ("a gym membership at PureGym" -> one ``gym``).

    Names are whole: "爱奇艺" is one name, never 爱 ("love") and 奇艺. [] when none is named.
    """
    pattern, ids = _names()
    out: dict[str, Service] = {}
    for m in pattern.finditer(text):
        sid = ids[m.group(0).casefold()]
        said = m.group(0)
        if sid in out:
            if sid in _SHARED_DISPLAY and said.casefold() not in _GENERIC:  # the chain, not the word "gym"
                out[sid] = Service(sid, said, out[sid].at)
            continue
        out[sid] = Service(sid, said, m.start())
    return list(out.values())


_GENERIC = {"gym", "gyms", "gym membership", "fitness club", "health club", "健身房", "健身卡", "健身年卡", "健身月卡",
            "健身房会员", "健身房年卡", "phone plan", "mobile plan", "cell plan", "data plan", "手机套餐", "话费套餐",
            "流量套餐", "套餐"}

# a question, a wish, a plan or a request: nothing is held or ended yet
_EN_NOT = re.compile(r"\?|\b(?:should|would|could|might|maybe|whether|if|thinking\s+(?:about|of)|considering|"
                     r"plan(?:ning|s)?\s+(?:to|on)\s+(?:\w+ing|get|cancel|sign|subscribe|switch|try|buy|join|drop|stop|renew|"
                     r"keep|upgrade|start|pay)\b|going\s+to|gonna|want\s+to|wanna|wondering|please|help\s+me|"
                     r"can\s+you|tempted)\b", _I)
_ZH_NOT = re.compile(r"[?？]|吗|要不要|该不该|(?<!不)想|打算|准备|考虑|是否|如果|要是|帮我|给我|请|能不能|"
                     r"可不可以|值不值")
# an end: cancelled, not renewed, lapsed, run out
_EN_CANCEL = re.compile(r"\b(?:cancel(?:l?ed|l?ing)?|unsubscribed|unsubbed|dropped|ditched|stopped\s+paying|"
                        r"got\s+rid\s+of|gave\s+up|quit|killed|no\s+longer\s+(?:pay|subscribe|have))\b", _I)
_EN_RENEW = re.compile(r"\b(?:didn'?t|did\s+not|won'?t|will\s+not|decided\s+not\s+to|not\s+going\s+to)\s+renew|"
                       r"\bnot\s+renewing\b", _I)
_EN_LAPSE = re.compile(r"\blet\b.{1,40}\b(?:lapse|expire|run\s+out)\b|\b(?:lapsed|expired|ran\s+out|ended|is\s+over|"
                       r"ran\s+out)\b", _I)
_ZH_CANCEL = re.compile(r"退订|退了|退掉|取消|停了|停掉|关了|关掉|不订了|不用了")
_ZH_RENEW = re.compile(r"(?:没|没有|不|不再|没再|不想|懒得)续|到期不续")
_ZH_LAPSE = re.compile(r"(?:到期|过期)了|断了")
# what a clause keeps beside what it ends ("…, only Netflix now", "…，只留了腾讯视频")
_KEPT_EN = re.compile(r"[,;]\s*(?:only|just|but|still|now|so|keeping|kept)\b|\bbut\s+(?:kept|keep|still)\b", _I)
_KEPT_ZH = re.compile(r"[，,；;]\s*(?:只|就剩|还留|保留|但|不过|还在)")
# a service held
_EN_HOLD = re.compile(r"\b(?:subscribe[sd]?|subscribing)\s+to\b|\bpa(?:y|ys|ying|id)\s+for\b|"
                      r"\b(?:am|'m|im)\s+(?:a\s+)?(?:\w+\s+)?(?:member|subscriber)\b|\bmember\s+(?:of|at)\b|"
                      r"\b(?:am|'m|im)\s+on\s+(?:a|an|the|my)\b", _I)
_EN_HAVE = re.compile(r"\b(?:have|has|got|get|bought|renewed|joined|started|signed\s+up\s+for|upgraded\s+to|"
                      r"use|using)\b", _I)
_EN_PAID = re.compile(r"\b(?:subscription|subscriptions|membership|memberships|plan|premium|plus|pro|pass|prime|"
                      r"trial|account)\b", _I)
# a gym joined as a member ("I joined Planet Fitness"), not as its staff ("joined Equinox as a trainer")
_EN_JOINED = re.compile(r"\b(?:joined|signed\s+up\s+(?:at|with))\b(?!.*\b(?:as\s+an?|team|staff|work\w*|hired)\b)", _I)
_ZH_HOLD = re.compile(r"开了|开通|办了|充了|订了|订阅|(?<![没不])续(?:了|费)?|买了|用的是|在用|一直在订|包月|"
                      r"是.{0,8}会员")
_ZH_PAID = re.compile(r"会员|VIP|vip|年卡|月卡|季卡|套餐|Plus|PLUS|Pro|Premium|订阅|包月|每个?月|每年")
# a service ordered by name ("订了腾讯视频", "一直在订 ChatGPT"), not a room or a ticket booked ("订了一间民宿")
_ZH_ORDERED = re.compile(r"订(?:了|的是|着)?\s*$")
def _zh_said(name: str) -> re.Pattern[str]:
    """The user's own words of holding ``name``: "办了一张健身卡", "开了爱奇艺会员", "订了 ChatGPT Plus"."""
    return re.compile(r"(?:开了|开通了?|办了|订了|订阅了?|充了|续了|买了)[^，。,；;！!？?]{0,6}?" + re.escape(name)
                      + r"(?:的)?(?:会员|年卡|月卡|季卡|VIP|套餐)?")


_TRIAL = re.compile(r"\btrial\b|试用", _I)


def subscribed(turn: Turn, clause: str, lang: str, reading: ClauseReading, who: tuple[str, str],
               change: Change) -> list[Candidate]:
    """The subscription statements of one user clause (see the module docstring), the first carrying ``change``.

    Args:
        turn: the user's turn; clause: one of its clauses; lang: "en" or "zh"; reading: the slot engine's
            reading of the clause (a question, plan, past or another person's clause makes nothing); who: the
            subject ("User", "用户" or the speaker's name) and the speaker's key suffix ("" or "@name");
            change: what the clause ends (``clause_change.change_of``).

    Returns:
        [] when the clause names no service with a cue of holding, ending or switching; else one fact candidate
        per service: +1 held (a switch's new value, ending the old one named), -1 ended.
    """
    if reading.skip or reading.subject or not (found := services_in(clause)):
        return []
    zh = bool(_CJK.search(clause))  # "ChatGPT Plus 退订了": read, and said back, in Chinese
    lang, (subject, qualifier) = ("zh" if zh else "en"), who
    subject = {"User": "用户"}.get(subject, subject) if zh else {"用户": "User"}.get(subject, subject)
    if (_ZH_NOT if zh else _EN_NOT).search(clause):
        return []
    switched = switch_in(clause, lang)
    if switched is not None and switched.new and (new := services_in(switched.new)):
        old = services_in(switched.old or switched.what)
        ends = tuple(SUBSCRIPTION_KEY + s.id + qualifier for s in old if s.id not in {n.id for n in new})
        out = [_held(turn, s, clause, lang, subject, qualifier, ends, switch=True) for s in new]
        give_change(out, with_switch(change, switch_change(switched, lang, qualifier)))
        return out
    how = _ended(clause, lang)
    if how:  # "cancelled Disney+, only Netflix now": what is kept after the end is not ended
        ended = services_in((_KEPT_ZH if zh else _KEPT_EN).split(clause, maxsplit=1)[0]) or found
        out = [_candidate(turn, s, _end_text(s, how, clause, lang, subject), lang, qualifier, -1) for s in ended]
    elif _holds(clause, lang):
        out = [_held(turn, s, clause, lang, subject, qualifier, ()) for s in found]
        if zh and len(out) == 1 and not _TRIAL.search(clause) and (said := _zh_said(found[0].said).search(clause)):
            out[0].description = out[0].claim = out[0].evidence = subject + said.group(0)  # "办了一张健身卡"
    else:
        return []
    give_change(out, change)
    return out


_CJK = re.compile(r"[\u3400-\u9fff]")
_EN_OPEN = re.compile(r"^(\s*)(?=(?:(?:just|finally|also|so|and|then|recently)\s+)*"
                      r"(?:(?:didn'?t|did\s+not|never|won'?t)\s+renew|let\s|unsubscribed|unsubbed|paying\s+for|pay\s+for|subscribed\s+to|subscribing\s+to|"
                      r"renewed|upgraded\s+to)\b)", _I)
# "The Disney+ trial ended", "the Netflix subscription ran out": the speaker's own plan, said with "the"
_EN_THE = re.compile(r"^(\s*)(?i:the)\s+(?=\S+(?:\s+\S+)?\s+(?i:(?:free\s+)?trial|subscription|membership|plan)\s+"
                     r"(?i:ended|expired|lapsed|ran\s+out|is\s+over|has\s+(?:ended|expired|lapsed|run\s+out))\b)")
_ZH_OTHER = re.compile(r"我|你|您|他|她|它|们|大家|别人|朋友|同事|室友")


def subscriber_filled(text: str) -> str:
    """``text`` with the user put back as the subject of a subscription said without one.

    "Didn't renew Spotify this year" -> "I didn't renew Spotify this year"; "网易云会员到期不续了" ->
    "我网易云会员到期不续了"; "每个月订阅 ChatGPT Plus" -> "我每个月订阅 ChatGPT Plus". A clause must name a
    known service (``services_in``) and say it held or ended; a question, a wish, a request or a clause
    opening on another person ("老婆开了爱奇艺会员") is left as it is. Unchanged when nothing applies.
    """
    if len(text) > 400 or not services_in(text):
        return text
    rel = re.compile("^(?:" + lexicon().classes["zh"]["REL"] + ")")
    parts = re.split(r"([，,。.!！;；\n]+)", text)
    for n in range(0, len(parts), 2):
        part = parts[n]
        if not part.strip() or not services_in(part):
            continue
        if _CJK.search(part):
            body = part.strip()
            if not (_ZH_OTHER.search(body) or rel.search(body) or _ZH_NOT.search(body)) \
                    and (_ended(body, "zh") or _holds(body, "zh")):
                parts[n] = part[:len(part) - len(part.lstrip())] + "我" + body
        elif not _EN_NOT.search(part):
            parts[n] = _EN_THE.sub(r"\1My ", _EN_OPEN.sub(r"\1I ", part, count=1), count=1)
    return "".join(parts)


def _ended(clause: str, lang: str) -> str:
    """"cancel", "renew" or "lapse" when ``clause`` says a service ended that way; "" when it says none."""
    if lang == "zh":
        return "renew" if _ZH_RENEW.search(clause) else "cancel" if _ZH_CANCEL.search(clause) \
            else "lapse" if _ZH_LAPSE.search(clause) else ""
    return "renew" if _EN_RENEW.search(clause) else "cancel" if _EN_CANCEL.search(clause) \
        else "lapse" if _EN_LAPSE.search(clause) else ""


def _holds(clause: str, lang: str) -> bool:
    """True when ``clause`` says a service is held: paid for, subscribed to, a membership had or opened."""
    if lang == "zh":
        return "开通" in clause or bool(_ZH_HOLD.search(clause) and (_ZH_PAID.search(clause) or any(
            _ZH_ORDERED.search(clause[:s.at]) or s.said.endswith(("卡", "会员", "套餐")) for s in services_in(clause))))
    return bool(_EN_HOLD.search(clause) or (_EN_HAVE.search(clause) and _EN_PAID.search(clause))
                or (_EN_JOINED.search(clause) and any(s.id == "gym" for s in services_in(clause))))


def _noun(service: Service, clause: str, lang: str) -> str:
    """What is held of ``service``: "membership", "subscription", "plan" (en); "会员", "年卡", "套餐" (zh)."""
    if lang == "zh":
        if service.said.endswith(("会员", "VIP", "卡", "套餐")):
            return ""
        after = clause[service.at:]
        for word in ("年卡", "月卡", "季卡", "套餐", "会员"):
            if word in after:
                return word
        return "会员" if _CJK.search(service.said) else ""
    if re.search(r"\bmember\b", clause, _I):  # "I'm a Costco member"
        return "membership"
    after = clause[service.at + len(service.said):].casefold()
    for word in ("membership", "plan", "subscription"):  # said right after the name ("Netflix family plan")
        if re.match(rf"\s*(?:(?:premium|plus|pro|family|duo|student|annual|yearly|monthly|basic)\s+)?{word}s?\b",
                    after):
            return word
    return "membership" if service.id == "gym" else "plan" if service.id == "phone_plan" else ""


def _name(service: Service, lang: str) -> str:
    """The service as an item says it: its name as said; a gym chain or carrier after its kind."""
    generic = _SHARED_DISPLAY.get(service.id)
    if generic is None:
        return service.said
    return "" if service.said.casefold() in _GENERIC else service.said


def _held(turn: Turn, service: Service, clause: str, lang: str, subject: str, qualifier: str,
          ends: tuple[str, ...], *, switch: bool = False) -> Candidate:
    """The statement that ``service`` is held ("User subscribes to Netflix", "用户开了爱奇艺会员"), ending ``ends``."""
    name, noun, trial = _name(service, lang), _noun(service, clause, lang), bool(_TRIAL.search(clause))
    if lang == "zh":
        kind = _SHARED_DISPLAY.get(service.id, ("", ""))[1]
        if "订" in clause and not kind and not re.search("会员|卡|VIP|vip", clause):  # "我订了腾讯视频和爱奇艺"
            noun = ""
        if service.id == "phone_plan" and name and "套餐" not in clause:  # "改用联通": the carrier
            kind = noun = ""
        what = f"{name}的{kind}" if kind and name else kind or f"{name}{noun}"
        verb = "试用了" if trial else ("改用" if "改用" in clause else "换成了") if switch \
            else "用的是" if service.id == "phone_plan" else "订阅了" if "订" in clause and not noun \
            else "办了" if kind or "卡" in noun else "开了"
        text = f"{subject}{verb}{what}"
    elif service.id in _SHARED_DISPLAY:
        what = _what_en(service, "", noun) + (f" at {name}" if name and service.id == "gym" else "")
        what = f"a {name} phone plan" if name and service.id == "phone_plan" else f"a {what}"
        text = f"{subject} switched to {what}" if switch else \
            f"{subject} is on {what}" if service.id == "phone_plan" else f"{subject} has {what}"
    elif switch:
        text = f"{subject} switched to {name}"
    elif trial:
        text = f"{subject} has a {name} free trial"
    else:
        text = f"{subject} has a {name} {noun}" if noun == "membership" else f"{subject} subscribes to {name}"
    cand = _candidate(turn, service, text, lang, qualifier, 1)
    cand.ends = ends
    return cand


def _what_en(service: Service, name: str, noun: str) -> str:
    """The English name of what is held: "Netflix subscription", "PureGym gym membership", "phone plan"."""
    if service.id == "gym":
        return f"{name} gym membership".strip()
    if service.id == "phone_plan":
        return f"{name} phone plan".strip()
    return f"{name} {noun}".strip()


def _end_text(service: Service, how: str, clause: str, lang: str, subject: str) -> str:
    """The description of an end: "User cancelled their Netflix subscription", "用户没有续费网易云会员"."""
    name, noun = _name(service, lang), _noun(service, clause, lang)
    if lang == "zh":
        kind = _SHARED_DISPLAY.get(service.id, ("", ""))[1]
        what = f"{name}的{kind}" if kind and name else kind or f"{name}{noun}"
        if how == "lapse":
            return f"{subject}的{what}到期了"
        verb = "没续费" if how == "renew" else "退订了" if "退" in clause else "停了" if "停" in clause \
            else "关了" if "关" in clause else "取消了"  # the user's own verb
        return f"{subject}{verb}{what}"
    what = _what_en(service, name, noun)
    if how == "lapse":
        return f"{subject}'s {name} free trial ended" if _TRIAL.search(clause) else f"{subject}'s {what} has lapsed"
    their = "their " if what != name else ""  # "cancelled their gym membership", "cancelled Netflix"
    return f"{subject} {'did not renew' if how == 'renew' else 'cancelled'} {their}{what}"


def _candidate(turn: Turn, service: Service, text: str, lang: str, qualifier: str, polarity: int) -> Candidate:
    """A fact candidate under ``service``'s key; a gym or a phone plan holds one value at a time."""
    claim = text.split(" ", 1)[1] if lang == "en" else text
    return Candidate(kind=Kind.FACT, description=text, theme="", key=SUBSCRIPTION_KEY + service.id + qualifier,
                     polarity=polarity, confidence=0.8, valid_from=turn.timestamp,
                     speaker=turn.speaker.strip() or turn.role, lang=lang, claim=claim, evidence=claim,
                     single_valued=service.id in _SHARED_DISPLAY, aliases=(service.said,),
                     notes=["a subscription, one item per service"])
