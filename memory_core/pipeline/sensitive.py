"""Sensitive data on the write path, English and Chinese (seed 001 §8.12.2, §8.21.3, §8.24.1).

``detect(text)`` finds secrets and high-risk attributes with rules (regular
expressions, context words and checksums; no model):

=========== ===============================================================
category    what
=========== ===============================================================
secret      a password or passphrase with its value ("my wifi password is …", "密码是…")
code        a PIN, door/locker/alarm code, CVV, verification code (验证码, 取件码, 门禁密码)
card        a payment card number (Luhn-checked, or named "card number" / 银行卡号)
account     a bank account number, IBAN, routing number (账号, 账户)
id          a national id: Chinese 身份证 (checksum), US SSN, passport, driving licence
api_key     an API key or token (sk-…, AKIA…, ghp_…, xox…-, AIza…, JWT, PEM private key, "api key: …")
health      a diagnosis, condition or medication (抑郁症, 确诊, HIV, chemotherapy …)
=========== ===============================================================

A ``Finding`` gives the category and the span of the value (the number, the
password, the condition); ``mask`` replaces those spans.

``SensitiveGuard`` checks the ops a pipeline planned for one turn (the same
hook for the mechanical and the LLM pipelines) and applies the tenant's
``policy``:

- ``keep``: the item is written with theme ``sensitive`` (the default);
- ``mask``: the item is written with the values masked;
- ``drop``: the item is not written.

Whatever the policy, a sensitive value is written only in the user's own
words: the turn is the user's (role ``user``) and every value found in the
op's text occurs in the turn's text. An LLM's paraphrase or a tool's output
cannot create one (the op is dropped and counted).

Recall (``Memory.recall``) leaves items of theme ``sensitive`` out of the
results and the packed context unless the query asks for them
(``asks_for_sensitive``) or filters on that theme.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from memory_core.model import Turn
from memory_core.store.write_ops import AddOp, EndOp, MergeOp, Op, UpdateOp

__all__ = [
    "CATEGORIES",
    "SENSITIVE_THEME",
    "Finding",
    "Policy",
    "SensitiveGuard",
    "asks_for_item",
    "asks_for_sensitive",
    "detect",
    "is_sensitive",
    "mask",
    "parse_tenant_policies",
]

log = logging.getLogger(__name__)

SENSITIVE_THEME = "sensitive"
CATEGORIES = ("secret", "code", "card", "account", "id", "api_key", "health")
_PRIORITY = ("api_key", "id", "code", "secret", "card", "account", "health")  # for one value found twice
_PHONE = re.compile(r"^(?:\+?86)?1[3-9]\d{9}$")  # a mainland mobile number: not an account number
Policy = Literal["keep", "mask", "drop"]
POLICIES: tuple[Policy, ...] = ("keep", "mask", "drop")


@dataclass(frozen=True, slots=True)
class Finding:
    """One sensitive value in a text.

    Attributes:
        category: one of ``CATEGORIES``.
        start, end: the value's span in the text (characters).
        value: ``text[start:end]``.
    """

    category: str
    start: int
    end: int
    value: str


# ── rules ────────────────────────────────────────────────────────────────

_I = re.IGNORECASE
_LINK_EN = (r"\s*(?:is|was|are|=|:|：|-|reads|(?:set\s+|changed\s+|updated\s+)?to)\s*(?:now\s+|still\s+|just\s+)?"
            r"[\"'“‘]?")
# after the context word: either a link word ("is", ":", "changed to"), or a short gap ("for my bank login")
# that must end in a link word, or nothing at all ("password hunter2", "身份证号110...")
_GAP_EN = r"(?:\s+(?:for|of|to|on|at)\s+[^.,;:!?，。；：\n]{1,30}?" + _LINK_EN + ")"
_IS_EN = r"(?:" + _LINK_EN + r"|" + _GAP_EN + r"|\s*[\"'“‘]?)"
_IS_ZH = r"\s*(?:是|为|：|:|=|设成了?|设为|改成了?|改为)?\s*[\"'“‘]?"

# passwords: a context word, then the value (no spaces; 3..64 characters)
_SECRET_WORDS_EN = r"(?:password|passwd|pwd|passphrase|pass\s*word)"
_SECRET_WORDS_ZH = r"(?:密码|口令|登录密码|支付密码|开机密码)"
_CODE_WORDS_EN = (r"(?:pin(?:\s*(?:code|number))?|passcode|pass\s*code|(?:door|gate|locker|lock|alarm|safe|garage|"
                  r"building|entry|access|security|verification|confirmation|one[-\s]?time|2fa|otp|sms)\s*(?:code|pin)|"
                  r"cvv2?|cvc|otp)")
_CODE_WORDS_ZH = (r"(?:验证码|取件码|门禁(?:卡)?(?:密码|码)|开锁密码|密码锁|锁的密码|保险箱密码|储物柜密码|柜子密码|"
                  r"PIN码|pin码|动态码|校验码|安全码)")
_VALUE = (r"(?!(?:is|was|for|of|to|on|at|the|my|a|an|and|or|it|that|this|again|yet|manager|managers|reset|"
          r"protected|changed|expired|strong|weak|wrong|secure|same|please|here|there|policy|field|hint)\b)"
          r"([^\s,，。;；\"'”’)）]{3,64})")
_DIGITS = r"(\d[\d\s-]{2,10}\d|\d{3,12})"

_RULES: list[tuple[str, re.Pattern[str], int]] = [
    # API keys and tokens first: their shapes are unambiguous
    ("api_key", re.compile(r"\b(sk-(?:proj-|live-|test-)?[A-Za-z0-9_-]{16,})"), 1),
    ("api_key", re.compile(r"\b((?:AKIA|ASIA)[0-9A-Z]{16})\b"), 1),
    ("api_key", re.compile(r"\b(gh[pousr]_[A-Za-z0-9]{30,})"), 1),
    ("api_key", re.compile(r"\b(xox[abprs]-[A-Za-z0-9-]{10,})"), 1),
    ("api_key", re.compile(r"\b(AIza[0-9A-Za-z_-]{30,})"), 1),
    ("api_key", re.compile(r"\b(gs_[0-9a-f]{6,}_[A-Za-z0-9_-]{16,})"), 1),
    ("api_key", re.compile(r"\b(eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})"), 1),
    ("api_key", re.compile(r"(-----BEGIN [A-Z ]*PRIVATE KEY-----)"), 1),
    ("api_key", re.compile(r"(?:api[\s_-]?key|access[\s_-]?key|secret[\s_-]?key|auth[\s_-]?token|access[\s_-]?token|"
                           r"bearer\s+token|token|client[\s_-]?secret|密钥|令牌|秘钥)" + _IS_EN + _IS_ZH
                           + r"([A-Za-z0-9_\-./+=]{16,})", _I), 1),
    # ids
    ("id", re.compile(r"(?<![\dA-Za-z])([1-9]\d{5}(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx])"
                      r"(?![\dA-Za-z])"), 1),
    ("id", re.compile(r"(?:身份证(?:号码?|号)?|证件号(?:码)?)" + _IS_ZH + r"([\dXx]{6,18})"), 1),
    ("id", re.compile(r"(?:social\s+security(?:\s+number)?|ssn)" + _IS_EN + r"(\d{3}[-\s]?\d{2}[-\s]?\d{4})", _I), 1),
    ("id", re.compile(r"(?<!\d)(\d{3}-\d{2}-\d{4})(?!\d)"), 1),
    ("id", re.compile(r"(?:passport|护照)(?:\s*(?:number|no\.?|#))?(?:号码?|号)?" + _IS_EN + _IS_ZH
                      + r"([A-Za-z]{0,2}\d{6,9})", _I), 1),
    ("id", re.compile(r"(?:driver'?s?\s+licen[cs]e|driving\s+licen[cs]e|驾驶证|驾照)"
                      r"(?:\s*(?:number|no\.?|#))?(?:号码?)?"
                      + _IS_EN + _IS_ZH + r"([A-Za-z0-9-]{6,20})", _I), 1),
    # cards: named, or any 13..19 digit run that passes the Luhn check
    ("card", re.compile(r"(?:card\s*(?:number|no\.?|#)|银行卡(?:号码?)?|信用卡(?:号码?)?|储蓄卡(?:号码?)?|"
                        r"借记卡(?:号码?)?|卡号)"
                        + _IS_EN + _IS_ZH + r"(\d[\d\s-]{10,22}\d)", _I), 1),
    ("account", re.compile(r"(?:account\s*(?:number|no\.?|#)|acct\.?\s*(?:number|no\.?|#)?|routing\s*number|"
                           r"sort\s*code|iban|bank\s+account|银行账号|账号|账户号?码?|帐号|户号)"
                           + _IS_EN + _IS_ZH + r"([A-Za-z]{0,4}\d[\d\s-]{4,30}\d)", _I), 1),
    ("account", re.compile(r"\b([A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){3,7}(?:\s?[A-Z0-9]{1,4})?)\b"), 1),
    # codes and PINs: a context word, then digits (or a short value)
    ("code", re.compile(r"\b" + _CODE_WORDS_EN + r"\b" + _IS_EN + r"([A-Za-z]?\d[\d\s-]{1,10}\d|\d{3,8})",
                        _I), 1),
    ("code", re.compile(_CODE_WORDS_ZH + r"\s*(?:是|为|：|:|=|设成了?|设为|改成了?|改为)?\s*(\d[\d\s-]{1,10}\d|\d{3,8}|"
                        r"[A-Za-z0-9]{4,12})"), 1),
    ("code", re.compile(r"(?:code|combination|combo)\s+(?:to|for|of|on)\s+(?:my|the|our)?\s*[\w'’-]+(?:\s+[\w'’-]+)?"
                        + _IS_EN + r"(\d{3,8})", _I), 1),
    # passwords
    ("secret", re.compile(r"\b" + _SECRET_WORDS_EN + r"\b" + _IS_EN + _VALUE, _I), 1),
    ("secret", re.compile(_SECRET_WORDS_ZH + r"(?:也|都|还)?" + _IS_ZH + _VALUE), 1),
    ("secret", re.compile(r"(?:log\s*in|sign\s*in|unlock)\s+with\s+[\"'“‘]?([^\s,，。\"'”’]{4,64})", _I), 1),
]

_NOT_A_VALUE = re.compile(
    r"^(?:is|was|the|my|a|an|to|for|and|or|it|that|this|again|yet|reset|manager|managers|protected|"
    r"changed|expired|forgot|strong|weak|wrong|right|correct|incorrect|secure|same|different|please|"
    r"here|there|one|ones|policy|policies|field|fields|hint|hints|reset|resets|safe|long|short|"
    r"忘了|忘记|错了|不对|重置|修改|改了|很|太|比较|管理器|提示)$", _I)

_HEALTH_EN = re.compile(
    r"\b(diagnosed\s+with\s+[\w'’-]+(?:\s+[\w'’-]+){0,2}|hiv(?:[-\s]positive)?|aids|cancer|tumou?r|leukemia|lymphoma|"
    r"chemo(?:therapy)?|radiotherapy|depression|depressive|bipolar|schizophreni\w*|ptsd|ocd|anorexia|bulimia|"
    r"anxiety\s+disorder|panic\s+attacks?|adhd|autis\w*|diabetes|diabetic|insulin|hepatitis\s*[abc]?|herpes|"
    r"std|sti|epilep\w*|seizures?|dementia|alzheimer'?s|parkinson'?s|multiple\s+sclerosis|crohn'?s|"
    r"asthma|hypertension|high\s+blood\s+pressure|heart\s+(?:disease|condition|attack)|stroke|"
    r"miscarriage|abortion|pregnan\w*|ivf|infertil\w*|antidepressants?|ssris?|prozac|zoloft|lexapro|xanax|"
    r"lithium|adderall|ritalin|methadone|opioids?|rehab|suicid\w*|self[-\s]harm|therapist|psychiatrist|"
    r"metformin|chemotherapy|biopsy|hiv\s+meds?|prep|hormone\s+therapy|thyroid\s+(?:disease|condition)|"
    r"blood\s+type\s+[abo]{1,2}[+-]?|allerg(?:y|ic)\s+to\s+[\w-]+(?:\s+[\w-]+)?|"
    r"(?:take|takes|taking|took|on|prescribed)\s+(?:\d+\s*mg\s+(?:of\s+)?)?[\w-]+\s+for\s+(?:my\s+)?[\w-]+)\b", _I)
_HEALTH_ZH = re.compile(
    r"(确诊[^\s，。,；;]{0,10}|诊断出[^\s，。,；;]{0,10}|抑郁症|抑郁|焦虑症|双相|精神分裂|强迫症|多动症|自闭症|"
    r"癌症?|肿瘤|白血病|化疗|放疗|艾滋病?|HIV|乙肝|丙肝|肝炎|梅毒|性病|糖尿病|胰岛素|高血压|心脏病|心梗|中风|"
    r"癫痫|痴呆|阿尔茨海默|帕金森|哮喘|流产|堕胎|怀孕|试管婴儿|不孕|不育|抗抑郁药|安眠药|精神科|心理医生|"
    r"心理咨询|自杀|自残|过敏|血型[ABO]{1,2}|甲状腺|病历|住院|手术|透析)")

_ASKS = re.compile(
    r"\b(password|passwd|passphrase|pin|passcode|code|combination|cvv|card|account|iban|routing|ssn|"
    r"social\s+security|passport|licen[cs]e|id\s+number|api\s*key|token|secret|credentials?|login|"
    r"health|medical|medication|medicine|diagnos\w*|condition|illness|disease|allerg\w*|blood\s+type|"
    r"prescription|therapy|doctor)\b|"
    r"(密码|口令|验证码|取件码|门禁|卡号|银行卡|信用卡|账号|账户|帐号|身份证|证件|护照|驾照|密钥|令牌|"
    r"健康|病|药|诊断|确诊|过敏|血型|医生|医院|治疗)", _I)


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        n = int(ch)
        if i % 2:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return total % 10 == 0


def _cn_id_ok(value: str) -> bool:
    weights = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
    check = "10X98765432"
    body = value[:17]
    return body.isdigit() and check[sum(int(c) * w for c, w in zip(body, weights, strict=True)) % 11] == \
        value[17].upper()


_CARD_RUN = re.compile(r"(?<![\d-])(\d(?:[ -]?\d){12,18})(?![\d-])")


def detect(text: str) -> list[Finding]:
    """Return the sensitive values in ``text``, in text order, without overlaps.

    Args:
        text: any text (a turn, an item description), English or Chinese.

    Returns:
        ``Finding`` objects; empty when nothing sensitive was found.
    """
    found: list[Finding] = []
    for category, pattern, group in _RULES:
        for m in pattern.finditer(text):
            value = m.group(group)
            start, end = m.span(group)
            value = value.rstrip(".")
            end = start + len(value)
            if category == "secret" and (_NOT_A_VALUE.match(value) or len(value) < 3):
                continue
            if category == "id" and len(value) == 18 and value[:17].isdigit() and not _cn_id_ok(value) \
                    and "身份证" not in text[max(0, start - 12):start] and "证件" not in text[max(0, start - 12):start]:
                continue
            if category == "account" and _PHONE.match(_norm(value)):
                continue
            if category == "account" and pattern.pattern.startswith(r"\b([A-Z]{2}") and not _iban_ok(value):
                continue
            found.append(Finding(category, start, end, value))
    for m in _CARD_RUN.finditer(text):
        digits = re.sub(r"[ -]", "", m.group(1))
        if 13 <= len(digits) <= 19 and _luhn(digits) and len(set(digits)) > 2:
            found.append(Finding("card", m.start(1), m.end(1), m.group(1)))
    for pattern in (_HEALTH_EN, _HEALTH_ZH):
        for m in pattern.finditer(text):
            found.append(Finding("health", m.start(1), m.end(1), m.group(1)))
    return _without_overlaps(found)


def _iban_ok(value: str) -> bool:
    compact = value.replace(" ", "")
    if not 15 <= len(compact) <= 34:
        return False
    moved = compact[4:] + compact[:4]
    digits = "".join(str(int(c, 36)) for c in moved)
    return int(digits) % 97 == 1


def _without_overlaps(found: list[Finding]) -> list[Finding]:
    order = {c: n for n, c in enumerate(_PRIORITY)}
    kept: list[Finding] = []
    for f in sorted(found, key=lambda f: (f.start, -(f.end - f.start), order[f.category])):
        if kept and f.start < kept[-1].end:
            continue
        kept.append(f)
    return kept


def is_sensitive(text: str) -> bool:
    """True when ``detect(text)`` finds anything."""
    return bool(detect(text))


def mask(text: str, findings: Sequence[Finding] | None = None) -> str:
    """``text`` with every sensitive value replaced by ``[<category>]`` (e.g. "my PIN is [code]")."""
    findings = detect(text) if findings is None else findings
    out, last = [], 0
    for f in findings:
        out.append(text[last:f.start])
        out.append(f"[{f.category}]")
        last = f.end
    out.append(text[last:])
    return "".join(out)


def asks_for_sensitive(query: str) -> bool:
    """True when a recall query names a sensitive category ("what is my locker code?", "我的银行卡号").

    Such a query may see items of theme ``sensitive``; any other query does not.
    """
    return bool(_ASKS.search(query))


def asks_for_item(query: str, description: str) -> bool:
    """True when ``query`` names one of the sensitive values of ``description`` ("my cancer treatment")."""
    q = query.casefold()
    return any(f.value.casefold() in q for f in detect(description) if f.category == "health")


# ── the guard on the write path ─────────────────────────────────────────


def _norm(value: str) -> str:
    return re.sub(r"[\s-]", "", value).casefold()


def parse_tenant_policies(spec: str | Mapping[str, str]) -> dict[str, Policy]:
    """Parse ``"acme=drop,beta=mask"`` (or a mapping) into ``{tenant: policy}``.

    Raises:
        ValueError: an entry is not ``tenant=policy`` or names an unknown policy.
    """
    pairs: Iterable[tuple[str, str]]
    if isinstance(spec, Mapping):
        pairs = spec.items()
    else:
        pairs = []
        for entry in filter(None, (e.strip() for e in spec.split(","))):
            tenant, sep, policy = entry.partition("=")
            if not sep:
                raise ValueError(f"expected tenant=policy, got {entry!r}")
            pairs.append((tenant.strip(), policy.strip()))
    out: dict[str, Policy] = {}
    for tenant, policy in pairs:
        if policy not in POLICIES:
            raise ValueError(f"unknown sensitive-data policy {policy!r} for {tenant!r}; one of {POLICIES}")
        out[tenant] = policy  # type: ignore[assignment]
    return out


class SensitiveGuard:
    """Applies the sensitive-data policy to the ops planned for one turn.

    Args:
        default: the policy of users without a tenant-specific one ("keep", "mask" or "drop").
        by_tenant: ``{tenant: policy}``; a user id ``"<tenant>:<user>"`` (the HTTP shim's
            namespacing) takes its tenant's policy.

    Attributes:
        counts: ``Counter`` of outcomes ("kept", "masked", "dropped", "refused_not_users_words").
    """

    def __init__(self, default: Policy = "keep", by_tenant: Mapping[str, Policy] | None = None) -> None:
        if default not in POLICIES:
            raise ValueError(f"unknown sensitive-data policy {default!r}; one of {POLICIES}")
        self.default: Policy = default
        self.by_tenant = dict(by_tenant or {})
        self.counts: Counter[str] = Counter()

    def policy_for(self, user_id: str) -> Policy:
        """The policy of ``user_id`` (its tenant's, else the default)."""
        tenant, sep, _ = user_id.partition(":")
        return self.by_tenant.get(tenant, self.default) if sep else self.default

    def guard(self, turn: Turn, ops: list[Op]) -> list[Op]:
        """Return ``ops`` with the policy applied to every op that writes text.

        An op whose text holds a sensitive value is dropped when the turn is not
        the user's or the value is not in the turn's own text; otherwise it is
        kept with theme ``sensitive``, masked, or dropped as the policy says.
        An ``EndOp`` superseding in favour of a dropped item is dropped with it.
        """
        policy = self.policy_for(turn.user_id)
        own = _norm(turn.text) if turn.role == "user" else ""
        dropped: set[str] = set()
        out: list[Op] = []
        for op in ops:
            text = _op_text(op)
            findings = detect(text) if text else []
            if not findings:
                if isinstance(op, EndOp) and op.by_id in dropped:
                    continue
                out.append(op)
                continue
            if not own or any(_norm(f.value) not in own for f in findings):
                self._drop(op, dropped, "refused_not_users_words", turn)
                continue
            if policy == "drop":
                self._drop(op, dropped, "dropped", turn)
                continue
            out.append(_masked(op, findings) if policy == "mask" else _flagged(op))
            self.counts["masked" if policy == "mask" else "kept"] += 1
        return out

    def _drop(self, op: Op, dropped: set[str], why: str, turn: Turn) -> None:
        if isinstance(op, AddOp):
            dropped.add(op.item.id)
        self.counts[why] += 1
        log.info("sensitive data: %s an op of turn %s of %s", why.replace("_", " "), turn.turn_id, turn.user_id)


def _op_text(op: Op) -> str:
    if isinstance(op, AddOp):
        return op.item.description
    if isinstance(op, UpdateOp):
        return op.new_description or ""
    if isinstance(op, MergeOp):
        return op.merged_description
    return ""


def _flagged(op: Op) -> Op:
    if isinstance(op, AddOp):
        op.item.theme = SENSITIVE_THEME
        return op
    if isinstance(op, UpdateOp):
        return replace(op, new_theme=SENSITIVE_THEME)
    if isinstance(op, MergeOp):
        return replace(op, merged_theme=SENSITIVE_THEME)
    return op


def _masked(op: Op, findings: Sequence[Finding]) -> Op:
    if isinstance(op, AddOp):
        op.item.description = mask(op.item.description, findings)
        if op.item.key:
            op.item.key = mask(op.item.key)
        for rev in op.item.history:
            if rev.new_description:
                rev.new_description = op.item.description
        return op
    if isinstance(op, UpdateOp) and op.new_description:
        return replace(op, new_description=mask(op.new_description, findings))
    if isinstance(op, MergeOp):
        return replace(op, merged_description=mask(op.merged_description, findings))
    return op
