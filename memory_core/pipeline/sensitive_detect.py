"""The sensitive-data detector, English and Chinese: rules, checksums, masking (seed 001 §8.12.2, §8.24.1).

``detect(text)`` finds secrets and high-risk attributes with rules (regular
expressions, context words and checksums; no model):

=========== ===============================================================
category    what
=========== ===============================================================
secret      a password or passphrase with its value ("my wifi password is …", "'x' as the password",
            "密码是…", "…是我的密码", "password? it's …"), a Wi-Fi key (无线网络密钥), "login: user / pass",
            a URL's password (``scheme://user:pass@host``)
code        a PIN, door/gate/locker/alarm code, lock combination, one-time or backup code (验证码, 取件码,
            门禁/开门/锁屏密码), a keypad, "opens with 3-1-9", "the code they sent me is …"; not an area code
card        a payment card number: named ("card number", 银行卡号), or a bare 13–19 digit run with a
            card network's prefix and length that passes the Luhn check; a card's security code (CVV, 安全码)
account     a bank account number, sort/routing/ABA/BSB number, IBAN (mod 97, or its country's length in
            talk of payment) (账号, 账户); a crypto wallet's seed phrase or private key (``sensitive_codes``)
id          a national id: Chinese 身份证 (checksum), Hong Kong id (checksum), US SSN, UK National
            Insurance number, passport, driving licence, social-security/medical card (社保号, 医保卡), tax
            and other national ids (TFN, DNI, Aadhaar, PESEL, SIN), a bracketed name ("national ID (DNI)")
api_key     an API key or token by shape (sk-…, sk_live_…, AKIA…, ghp_…, glpat-…, hf_…, npm_…, xox…-,
            AIza…, AKID…, LTAI…, JWT, PEM private key, Slack/Discord webhook) or by a context word ("api key: …",
            "SecretId", "app secret", 密钥)
health      a diagnosis, condition, treatment or medication (抑郁症, 确诊, 透析, HIV, chemotherapy …),
            and by medical suffixes (-ectomy, -itis, -osis, -oma), drug endings (-pram, 双胍, 西汀), a dose
            ("x 20mg"), addiction, 患有…; not a topic ("cancer research", "a documentary about autism", 关于…的书)
=========== ===============================================================

The health phrase rules are ``sensitive_health``'s. Each rule runs only on a text that holds what it
needs (``sensitive_gate``: a digit, Chinese, one of its words). Beside these phrase rules,
``sensitive_bound`` binds a value's shape to a nearby word class, ``sensitive_shape`` finds a value a few
words after its label, at the end of its explanation, a high-entropy key, a lab result or a care event,
``sensitive_codes`` a code or account by its shape and use; a condition that a medium is about is a topic
(``sensitive_topic``). Full-width digits and letters read as ASCII. Each value's thing (phone, locker,
bank, cvv …) is read by ``sensitive_kind``.

Checksums (Luhn: ISO/IEC 7812-1; IBAN: ISO 13616 mod 97; 身份证: GB 11643-1999 ISO 7064 MOD 11-2;
Hong Kong id: the Immigration Department's weighted mod 11) keep digit runs such as order numbers
out. The rules were written on ``tests/pipeline/data/sensitive_dev.yaml`` only; the held-out halves
are measured by ``ops/bench/sensitive_eval.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from memory_core.pipeline import (
    sensitive_again,
    sensitive_bound,
    sensitive_codes,
    sensitive_health,
    sensitive_kind,
    sensitive_shape,
    sensitive_spelled,
)
from memory_core.pipeline.animal_health import of_animal
from memory_core.pipeline.sensitive_checksums import card_network as _card_network
from memory_core.pipeline.sensitive_checksums import cn_id_ok as _cn_id_ok
from memory_core.pipeline.sensitive_checksums import hkid_ok as _hkid_ok
from memory_core.pipeline.sensitive_checksums import iban_ok as _iban_ok
from memory_core.pipeline.sensitive_checksums import luhn as _luhn
from memory_core.pipeline.sensitive_gate import Gate, word_set
from memory_core.pipeline.sensitive_predicate import value_span
from memory_core.pipeline.sensitive_topic import is_general_question, is_generic, is_hyperbole, is_topic
from memory_core.pipeline.sensitive_workplace import is_workplace
from memory_core.text.script import has_han

__all__ = ["ASKS", "CATEGORIES", "Finding", "asked_categories", "asks_for_sensitive", "detect", "label", "mask"]

CATEGORIES = ("secret", "code", "card", "account", "id", "api_key", "health")
_PRIORITY = ("api_key", "id", "code", "secret", "card", "account", "health")  # for one value found twice
_PHONE = re.compile(r"^(?:\+?86)?1[3-9]\d{9}$")  # a mainland mobile number: not an account number


@dataclass(frozen=True, slots=True)
class Finding:
    """One sensitive value in a text.

    Attributes:
        category: one of ``CATEGORIES``.
        start, end: the value's span in the text (characters).
        value: ``text[start:end]``.
        thing: what the value belongs to ("phone", "locker", "bank", "cvv" …; ``sensitive_kind``), or "".
    """

    category: str
    start: int
    end: int
    value: str
    thing: str = ""


# ── rules ────────────────────────────────────────────────────────────────

_I = re.IGNORECASE
_LINK_EN = (r"\s*(?:(?:is|was|are|reads|(?:set\s+|changed\s+|updated\s+)?to)\b|=|:|：|-|[?,]\s*it(?:[’']s|\s+is)\b)\s*"
            r"(?:now\s+|still\s+|just\s+)?[\"'“‘]?")
# after the context word: either a link word ("is", ":", "changed to"), or a short gap ("for my bank login")
# that must end in a link word, or nothing at all ("password hunter2", "身份证号110...")
_GAP_EN = r"(?:\s+(?:for|of|to|on|at)\s+[^.,;:!?，。；：\n]{1,30}?" + _LINK_EN + ")"
_IS_EN = r"(?:" + _LINK_EN + r"|" + _GAP_EN + r"|\s*[\"'“‘]?)"
_IS_ZH = r"\s*(?:是|为|：|:|=|(?:设|改|换|变|更新|设置)(?:成|为)了?)?\s*[\"'“‘]?"

# passwords: a context word, then the value (no spaces; 3..64 characters)
_SECRET_WORDS_EN = (r"(?:password|passwd|pwd|passphrase|pass\s*word|passkey|"
                    r"(?:wi-?fi|wireless|network|wlan)\s+(?:pass)?key)")
_SECRET_WORDS_ZH = r"(?:密码|口令|登录密码|支付密码|开机密码|(?:无线|网络|无线网络|wifi|WiFi|WIFI)密钥)"
_CODE_WORDS_EN = (r"(?:pin(?:\s*(?:code|number))?|passcode|pass\s*code|keypad(?:\s+code)?|"
                  r"(?:door|gate|locker|lock|alarm|safe|garage|building|entry|access|security|verification|"
                  r"confirmation|one[-\s]?time|2fa|otp|sms)(?:\s+(?:opener|entry|door|box|unlock|screen))?\s*"
                  r"(?:code|pin)|(?:lock|safe|locker|padlock)?\s*(?:combination|combo)|"
                  r"(?:backup|recovery)\s+codes?|unlock\s+(?:pin|code|pattern)|cvv2?|cvc|otp)")
_CODE_WORDS_ZH = (r"(?:验证码|取件码|提货码|门禁(?:卡)?(?:密码|码)|开门密码|开锁密码|密码锁|锁的密码|锁屏密码|"
                  r"解锁码|保险[箱柜]的?密码|储物柜密码|柜子密码|PIN码|pin码|动态码|校验码|安全码)")
_VALUE = (r"(?!(?:is|was|for|of|to|on|at|the|my|a|an|and|or|it|that|this|again|yet|manager|managers|reset|"
          r"protected|changed|expired|strong|weak|wrong|secure|same|please|here|there|policy|field|hint|"
          r"today|tomorrow|yesterday|soon|later|now)\b)"
          r"([^\s,，。;；\"'”’)）]{3,64})")
_CODE_VALUE = r"#?([A-Za-z]?\d{1,4}(?:[\s-]\d{1,4}){1,5}|[A-Za-z]?\d{3,8})(?!\d|\.\d|%)"

# checked in detect: a 身份证's check digit (GB 11643), a Hong Kong id's, an IBAN's mod 97
_BARE_CN_ID = re.compile(r"(?<![\dA-Za-z])([1-9]\d{5}(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx])"
                         r"(?![\dA-Za-z])")
_HK_ID = re.compile(r"(?<![A-Za-z])([A-Z]{1,2}\d{6}\s?\(?[\dA]\)?)(?![\dA-Za-z])")
_IBAN = re.compile(r"\b([A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){3,7}(?:\s?[A-Z0-9]{1,4})?)\b")

# each rule runs only on a text that holds what it needs (sensitive_gate: a digit, Chinese, a word of it)
def _DIGIT(g: Gate) -> bool:
    return g.digit


def _WIDE(g: Gate) -> bool:
    return g.wide


class _Has:
    """The need of one of a few exact strings (a key's prefix: "sk-", "AKIA" …)."""

    def __init__(self, *strings: str) -> None:
        self.strings = strings

    def __call__(self, g: Gate) -> bool:
        return g.has(*self.strings)


_has = _Has


def _words(*words: str) -> Callable[[Gate], bool]:
    need = word_set(*words)
    return lambda g: g.words(need)


_PASS_PW_PIN, _LOG = word_set("pass", "pw", "pin"), word_set("log")
_LOGIN_VERBS, _WITH = word_set("log", "sign", "unlock"), word_set("with")


_RULES: list[tuple[str, re.Pattern[str], Callable[[Gate], bool]]] = [
    # API keys and tokens first: their shapes are unambiguous
    ("api_key", re.compile(r"\b(sk-(?:proj-|live-|test-|ant-)?[A-Za-z0-9_-]{16,})"), _has("sk-")),
    ("api_key", re.compile(r"\b((?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,})"), _has("_live_", "_test_")),
    ("api_key", re.compile(r"\b((?:AKIA|ASIA)[0-9A-Z]{16})\b"), _has("AKIA", "ASIA")),
    ("api_key", re.compile(r"\b(gh[pousr]_[A-Za-z0-9]{30,})"), _has("ghp_", "gho_", "ghu_", "ghs_", "ghr_")),
    ("api_key", re.compile(r"\b((?:AKID[0-9A-Za-z]{20,40}|LTAI[0-9A-Za-z]{12,30}))\b"), _has("AKID", "LTAI")),
    ("api_key", re.compile(r"\b(github_pat_[A-Za-z0-9_]{30,})"), _has("github_pat_")),
    ("api_key", re.compile(r"\b(glpat-[A-Za-z0-9_-]{20,})"), _has("glpat-")),
    ("api_key", re.compile(r"\b(hf_[A-Za-z0-9]{30,})"), _has("hf_")),
    ("api_key", re.compile(r"\b(npm_[A-Za-z0-9]{30,})"), _has("npm_")),
    ("api_key", re.compile(r"\b(xox[abprs]-[A-Za-z0-9-]{10,})"), _has("xox")),
    ("api_key", re.compile(r"\b(AIza[0-9A-Za-z_-]{30,})"), _has("AIza")),
    ("api_key", re.compile(r"\b(ya29\.[0-9A-Za-z_-]{20,})"), _has("ya29.")),
    ("api_key", re.compile(r"\b(SG\.[\w-]{16,}\.[\w-]{16,})"), _has("SG.")),
    ("api_key", re.compile(r"\b(gs_[0-9a-f]{6,}_[A-Za-z0-9_-]{16,})"), _has("gs_")),
    ("api_key", re.compile(r"\b(eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})"), _has("eyJ")),
    ("api_key", re.compile(r"(-----BEGIN [A-Z ]*PRIVATE KEY-----)"), _has("-----BEGIN ")),
    ("api_key", re.compile(r"(https://(?:hooks\.slack\.com/services|discord(?:app)?\.com/api/webhooks)/[\w/-]{16,})"), _has("https://")),
    ("api_key", re.compile(r"(?<!\d)(\d{8,10}:[A-Za-z0-9_-]{35})(?![\w-])"), _DIGIT),  # a Telegram bot token
    ("api_key", re.compile(r"(?:api[\s_-]?key|access[\s_-]?key|secret[\s_-]?key|auth[\s_-]?token|access[\s_-]?token|"
                           r"bearer(?:\s+token)?|token|client[\s_-]?secret|secret[\s_-]?id|app[\s_-]?secret|secret|密钥|令牌|秘钥)"
                           + _IS_EN + _IS_ZH + r"([A-Za-z0-9_\-./+=]{16,})", _I),
     _words("key", "token", "bearer", "secret")),
    # a URL's password: scheme://user:password@host (the user may be empty: redis://:password@host)
    ("secret", re.compile(r"\b[a-z][a-z0-9+.-]{1,15}://[^\s:/@]{0,64}:([^\s:/@]{3,64})@", _I), _has("://")),
    # ids (a bare 18-character run is a 身份证 only when its check digit fits: see detect)
    ("id", _BARE_CN_ID, _DIGIT),
    ("id", re.compile(r"(?:身份证|证件|社保卡?|医保卡?|社会保障卡?|居住证|通行证|军官证)(?:号码?|号)?" + _IS_ZH
                      + r"([A-Za-z]?[\dXx]{6,18})"), lambda g: g.wide and g.digit),
    ("id", re.compile(r"(?:social\s+security(?:\s+number)?|ssn|\bsocial(?=\s+(?:is|was|number|no\.?|#|:)))"
                      + _IS_EN + r"(?:\s*it'?s\s+)?"
                      r"(\d{3}[-\s]?\d{2}[-\s]?\d{4})", _I), _DIGIT),
    ("id", re.compile(r"(?<![\d-])(\d{3}-\d{2}-\d{4})(?![\d-])"), _DIGIT),
    ("id", re.compile(r"\b([A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-D])\b"), _DIGIT),  # UK NINO
    ("id", re.compile(r"(?:national\s+insurance(?:\s+number)?|\bni\s+number|\bnino)" + _IS_EN
                      + r"([A-Z]{2}\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-D])\b", _I), _DIGIT),
    ("id", _HK_ID, _DIGIT),
    ("id", re.compile(r"(?:passport|护照)(?:\s*(?:number|no\.?|#))?(?:号码?|号)?" + _IS_EN + _IS_ZH
                      + r"([A-Za-z]{0,2}\d{6,9})", _I), _DIGIT),
    ("id", re.compile(r"(?:driver'?s?\s+licen[cs]e|driving\s+licen[cs]e|驾驶证|驾照|"
                      r"(?:tax|taxpayer|medicare|medicaid|national|health\s+insurance|social\s+insurance)\s+"
                      r"(?:id|number|file\s+number)|\bid\s*card|\bid\s+(?:number|no\.?)|aadhaar|personnummer|pesel|"
                      r"\b(?:dni|nie|cpf|tfn|tin|ein|nric)\b|纳税人识别号|税号)"
                      r"(?:\s*(?:number|no\.?|#))?(?:号码?)?(?:\s*[(（][^)）]{1,20}[)）])?"
                      + _IS_EN + _IS_ZH + r"([A-Za-z0-9]{2,20}(?:[\s-]\d{2,}){0,4})", _I), _DIGIT),
    # a Canadian social insurance number
    ("id", re.compile(r"\bSIN\b" + _IS_EN + r"(\d{3}[\s-]?\d{3}[\s-]?\d{3})\b"), _DIGIT),
    # cards: named, or a bare digit run with a network's prefix and length that passes the Luhn check
    ("card", re.compile(r"(?:card\s*(?:number|no\.?|#)|银行卡(?:号码?)?|信用卡(?:号码?)?|储蓄卡(?:号码?)?|"
                        r"借记卡(?:号码?)?|卡号)"
                        + _IS_EN + _IS_ZH + r"(\d[\d\s-]{10,22}\d)", _I), _DIGIT),
    ("account", re.compile(r"(?:account\s*(?:number|no\.?|#)|acct\.?\s*(?:number|no\.?|#)?|"
                           r"(?:\baba\s+)?routing(?:\s*(?:number|no\.?|#))?|\bbsb\b|"
                           r"sort\s*code|iban|bank\s+account|(?<!\w)account(?=\s*:?\s*\d)|"
                           r"银行账号|收款账号|账号|账户号?码?|帐号|户号)"
                           + _IS_EN + _IS_ZH + r"((?:[A-Za-z0-9]{1,4}-)?[A-Za-z]{0,4}\d[\d\s-]{4,30}\d)", _I), _DIGIT),
    ("account", _IBAN, _DIGIT),
    # codes and PINs: a context word, then digits (or a short value)
    ("code", re.compile(r"\b" + _CODE_WORDS_EN + r"\b" + _IS_EN + _CODE_VALUE, _I), _DIGIT),
    ("code", re.compile(_CODE_WORDS_ZH + r"\s*(?:是|为|：|:|=|(?:设|改|换|变|更新|设置)(?:成|为)了?)?\s*"
                        r"(\d{1,4}(?:[\s-]\d{1,6}){1,5}|\d{3,8}|[A-Za-z0-9]{4,12})"), _WIDE),
    ("code", re.compile(r"\b(?:opens|unlocks|opened|unlocked)\s+with\s+(?:the\s+(?:code|combination)\s+)?"
                        + _CODE_VALUE, _I), _DIGIT),
    ("code", re.compile(r"\bcode\s+(?:that\s+|which\s+)?(?:[\w'’]+\s+){0,2}(?:sent|texted|emailed|gave|messaged)"
                        r"(?:\s+(?:me|us|him|her|them))?" + _IS_EN + _CODE_VALUE, _I), _DIGIT),
    ("code", re.compile(r"(?:code|combination|combo)\s+(?:to|for|of|on)\s+(?:my|the|our)?\s*[\w'’-]+(?:\s+[\w'’-]+)?"
                        + _IS_EN + _CODE_VALUE, _I), _DIGIT),
    # passwords
    ("secret", re.compile(r"\b" + _SECRET_WORDS_EN + r"\b" + _IS_EN + _VALUE, _I), _words("pass", "pwd", "key")),
    ("secret", re.compile(r"\b(?:pass|pw|pwd|passwd|pin)\s*[:=]\s*" + _VALUE, _I),
     lambda g: g.has(":", "=") and g.words(_PASS_PW_PIN)),
    ("secret", re.compile(r"\bpw\s+is\s+" + _VALUE, _I), _words("pw")),
    ("secret", re.compile(_SECRET_WORDS_ZH + r"(?:也|都|还)?" + _IS_ZH + _VALUE), _WIDE),
    ("secret", re.compile(r"\blog\s*-?in\b(?:\s+(?:is|was))?\s*[:：]?\s*[^\s/]{2,64}\s*/\s*([^\s,，。]{4,64})", _I),
     lambda g: g.has("/") and g.words(_LOG)),
    ("secret", re.compile(r"(?:log\s*in|sign\s*in|unlock)\s+with\s+[\"'“‘]?([^\s,，。\"'”’]{4,64})", _I),
     lambda g: g.words(_LOGIN_VERBS) and g.words(_WITH)),
    # the value first: "uses 'pinecone88' as the password", "'x' is my password", "x 是我的密码"
    ("secret", re.compile(r"[\"'“‘]([^\s\"'”’]{3,64})[\"'”’]\s+(?:as|is|was)\s+(?:the|my|our|his|her|their)\s+"
                          r"(?:[\w-]+\s+){0,2}" + _SECRET_WORDS_EN, _I), _words("pass", "pwd", "key")),
    ("secret", re.compile(r"(?<![A-Za-z0-9])([A-Za-z0-9!@#$%^&*_.+-]{4,64})\s*(?:是|为|就是)(?:我|我们|他|她)?的?"
                          r"[\u4e00-\u9fff]{0,6}" + _SECRET_WORDS_ZH), _WIDE),
]

# the rules by need, so that a text skips a group with one test (the findings are sorted by place afterwards: the
# order the rules run in changes nothing)
_IF_DIGIT = [(c, p) for c, p, need in _RULES if need is _DIGIT]
_IF_WIDE = [(c, p) for c, p, need in _RULES if need is _WIDE]
_IF_STRING = [(c, p, need) for c, p, need in _RULES if isinstance(need, _Has)]
_ANY_STRING = tuple(s for _, _, need in _IF_STRING for s in need.strings)  # type: ignore[attr-defined]
_IF_OTHER = [(c, p, need) for c, p, need in _RULES if need not in (_DIGIT, _WIDE) and not isinstance(need, _Has)]


def _rules_for(gate: Gate) -> list[tuple[str, re.Pattern[str]]]:
    out = [(c, p) for c, p, need in _IF_OTHER if need(gate)]
    if gate.has(*_ANY_STRING):
        out += [(c, p) for c, p, need in _IF_STRING if need(gate)]
    return out + (_IF_DIGIT if gate.digit else []) + (_IF_WIDE if gate.wide else [])


_NOT_A_VALUE = re.compile(
    r"^(?:is|was|the|my|a|an|to|for|and|or|it|that|this|again|yet|reset|manager|managers|protected|"
    r"his|her|their|our|your|its|"
    r"changed|expired|forgot|strong|weak|wrong|right|correct|incorrect|secure|same|different|please|"
    r"here|there|one|ones|policy|policies|field|fields|hint|hints|reset|resets|safe|long|short|"
    r"valid|invalid|required|needed|ok|okay|fine|too|very|so|really|quite|pretty|super|not|also|easy|hard|simple|"
    r"complicated|complex|case-sensitive|sensitive|new|old|set|saved|stored|written|somewhere|"
    r"忘了|忘记|错了|不对|重置|修改|改了|很|太|比较|管理器|提示)$", _I)

# "area code", "discount code" … name a code that is no secret
_OTHER_CODE = re.compile(r"(?-i:\b(?!(?:SMS|OTP|MFA|PIN|CVV|CVC|TOTP|ATM|TAN)\b)[A-Z]{2,5}\s+code\b)|"
                         r"\b(?:area|zip|postal|post|country|dialling|dialing|promo|discount|coupon|voucher|error|"
                         r"status|dress|source|product|stock|course|class|tax|qr|bar|referral|invite|invitation|"
                         r"colou?r|morse|exit)\s+code\b", _I)

#: The words by which a question asks for each category of sensitive value (shared with ``sensitive``). A plan,
#: a policy or a product named by the health word ("which health insurance do I have?", 我买的什么健康险？) asks
#: for that, not for a condition.
ASKS: dict[str, re.Pattern[str]] = {
    "secret": re.compile(r"\b(?:password|passwd|passphrase|credentials?|login|pw)\b|密码|口令", _I),
    "code": re.compile(r"\b(?:pin|passcode|code|combination|combo|otp|2fa)\b|验证码|取件码|动态码|门禁|密码|锁", _I),
    "card": re.compile(r"\b(?:card|visa|mastercard|amex|cvc|csc)\b|cvv|卡号|银行卡|信用卡|储蓄卡|借记卡|安全码", _I),
    "account": re.compile(r"\b(?:account|iban|routing|sort\s+code|bank)\b|账号|账户|帐号|户号", _I),
    "id": re.compile(r"\b(?:ssn|social\s+security|passport|licen[cs]e|id\s+number|national\s+insurance|tax\s+id|"
                     r"hkid|id)\b|身份证|证件|护照|驾照|驾驶证|社保|医保|税号", _I),
    "api_key": re.compile(r"\b(?:api\s*key|token|secret|key|webhook|credentials?)\b|密钥|令牌|秘钥", _I),
    "health": re.compile(r"\b(?:(?:health|medical)(?!\s+(?:insurance|insurer|plan|cover|coverage|app|club|foods?)\b)|"
                         r"medication|medicine|meds|drug|diagnos\w*|condition|illness|disease|"
                         r"allerg\w*|blood\s+type|prescription|therapy|treatment|doctor|sick|pills?|unwell|"
                         r"ailments?|symptoms?)\b|健康(?!险|保险|码|食品)|病|药|诊断|确诊|过敏|血型|医生|医院|治疗|身体|"
                         r"不舒服|体检", _I),
}


# ── detection ────────────────────────────────────────────────────────────

_CARD_RUN = re.compile(r"(?<![\d-])(\d(?:[ -]?\d){12,18})(?![\d-])")
_NOT_A_CARD_BEFORE = re.compile(r"(?:order|invoice|tracking|isbn|ref(?:erence)?|订单|单号|发票|物流)\D{0,12}$", _I)


_LINKED = re.compile(r"\b(?:is|was|are|to|reads|it'?s|as)\b|[:=：是为]|设|改", _I)


def _keep(category: str, pattern: re.Pattern[str], value: str, text: str, start: int, m_start: int) -> bool:
    if category == "secret" and (_NOT_A_VALUE.match(value) or len(value) < 3):
        return False
    if category == "secret" and has_han(value):
        return False  # "密码要求8到16位…": a Chinese phrase after the word talks about the password
    if category == "secret" and re.fullmatch(r"[a-z]+(?:ed|en)|lost|hacked|stolen|written|shown|known|gone", value):
        return False  # "was leaked", "was stolen": a participle, not a value
    if category == "secret" and re.fullmatch(r"[a-z]+|[\u4e00-\u9fff]+", value) \
            and not _LINKED.search(text[m_start:start]):
        return False  # "password box", "密码学": a plain word right after the word is no value without a link
    if category == "code" and (_OTHER_CODE.search(text[max(0, m_start - 16):start])
                               or sensitive_bound.quantity_after(text[start + len(value):])):  # "密码锁 199 块"
        return False
    if category == "id" and not any(ch.isdigit() for ch in value):
        return False
    if pattern is _BARE_CN_ID and not _cn_id_ok(value):
        return "身份证" in text[max(0, start - 12):start] or "证件" in text[max(0, start - 12):start]
    if pattern is _HK_ID and not _hkid_ok(value):
        return False
    if category == "account" and _PHONE.match(_norm(value)):
        return False
    return not (pattern is _IBAN and not _iban_ok(value) and not sensitive_codes.iban_shaped(value, text))


def detect(text: str) -> list[Finding]:
    """Return the sensitive values in ``text``, in text order, without overlaps.

    The same text is read again on the write path (a turn, then its ops) and on every recall, for each
    item it shows: the last 65,536 texts' findings are kept (``_detect``, an LRU cache, about 6 MB when
    full; a new list is returned each time, so a caller may change it). A recall shows items from anywhere
    in a user's index, so a cache smaller than the index misses on most of them (4,096 entries at 10k items:
    4.8 of 8 shown items missed, masking CPU ×2.2; ``ops/bench/bench_shown_mask.py``).

    Args:
        text: any text (a turn, an item description), English or Chinese.

    Returns:
        ``Finding`` objects; empty when nothing sensitive was found.
    """
    return list(_detect(text))


# full-width digits, letters and spaces read as their ASCII forms (one character each: spans stay the same)
_WIDTH = {**{0xFF10 + n: 0x30 + n for n in range(10)}, **{0xFF21 + n: 0x41 + n for n in range(26)},
          **{0xFF41 + n: 0x61 + n for n in range(26)}, 0x3000: 0x20}


@lru_cache(maxsize=65_536)
def _detect(original: str) -> tuple[Finding, ...]:
    text = original if original.isascii() else original.translate(_WIDTH)  # _WIDTH maps no ASCII
    found: list[Finding] = []
    gate = Gate(text)
    for category, pattern in _rules_for(gate):
        for m in pattern.finditer(text):
            start = m.start(1)
            value = m.group(1).rstrip(".")
            if _keep(category, pattern, value, text, start, m.start()):
                found.append(Finding(category, start, start + len(value), value))
    for m in _CARD_RUN.finditer(text) if gate.digit else ():
        digits = re.sub(r"[ -]", "", m.group(1))
        if 13 <= len(digits) <= 19 and len(set(digits)) > 1 and _card_network(digits) and _luhn(digits) \
                and not _NOT_A_CARD_BEFORE.search(text[:m.start(1)]):
            found.append(Finding("card", m.start(1), m.end(1), m.group(1)))
    for category, start, end in (sensitive_bound.find(text, gate) + sensitive_shape.find(text, gate)
                                 + sensitive_codes.find(text, gate) + sensitive_again.find(text, gate)
                                 + sensitive_health.find(text, gate)):
        found.append(Finding(category, start, end, text[start:end]))
    found += [Finding("health", s, e, text[s:e]) for s, e in sensitive_spelled.conditions(text, gate)
              if not is_topic(text, s, e)]
    kept = _without_overlaps([f for f in found if not _talked_about(f, text)], text)
    kept = _with_other_spellings(kept, text)
    return tuple(_refined(f, text, original) for f in kept)


def _with_other_spellings(kept: list[Finding], text: str) -> list[Finding]:
    """``kept`` with every other name of a health value found, in the same text (``sensitive_spelled``)."""
    values = [span for f in kept if f.category == "health" and (span := value_span(text, f.start, f.end))]
    if not values:
        return kept
    more = sensitive_spelled.same_value(text, values, [(f.start, f.end) for f in kept] + values)  # not a value again
    if not more:
        return kept
    return sorted(kept + [Finding("health", s, e, text[s:e]) for s, e in more], key=lambda f: f.start)


def _refined(f: Finding, text: str, original: str) -> Finding:
    category, thing = sensitive_kind.kind_of(text, f.start, f.end, f.category)
    return Finding(category, f.start, f.end, original[f.start:f.end], thing)


def _talked_about(f: Finding, text: str) -> bool:
    """A condition as a figure of speech, a sign or an animal's; a hospital unit said as a workplace; a password
    or code said of people in general."""
    if f.category == "health":  # ... or an animal's ("took Biscuit to the vet, he has an ear infection")
        return is_hyperbole(text, f.start, f.end) or is_general_question(text, f.start) \
            or of_animal(text, f.start) or is_workplace(text, f.start, f.end)
    return f.category in ("secret", "code") and is_generic(text, f.start)


_ORDER = {c: n for n, c in enumerate(_PRIORITY)}


def _without_overlaps(found: list[Finding], text: str) -> list[Finding]:
    """``found`` without overlaps, earliest and longest first; a finding of the same category that runs past the
    one kept before it lengthens that one to its end ("doctor says I have high blood" and "high blood pressure":
    one value up to "pressure", never a word cut in half by the mask)."""
    kept: list[Finding] = []
    for f in sorted(found, key=lambda f: (f.start, -(f.end - f.start), _ORDER[f.category])):
        if kept and f.start < kept[-1].end:
            last = kept[-1]
            if f.category == last.category and f.end > last.end:
                kept[-1] = Finding(last.category, last.start, f.end, text[last.start:f.end], last.thing)
            continue
        kept.append(f)
    return kept


def _norm(value: str) -> str:
    return re.sub(r"[\s-]", "", value).casefold()


def label(finding: Finding) -> str:
    """What a masked value is shown as: ``[<category>]``, a card's security code ``[cvv]`` (card data, not
    the card's number)."""
    return "[cvv]" if finding.thing == "cvv" else f"[{finding.category}]"


def mask(text: str, findings: Sequence[Finding] | None = None) -> str:
    """``text`` with every sensitive value replaced by its ``label`` (e.g. "my PIN is [code]", "cvv [cvv]",
    "User is allergic to [health]")."""
    findings = detect(text) if findings is None else findings
    out, last = [], 0
    for f in findings:  # a health value is masked past its predicate ("allergic to [health]", sensitive_predicate)
        span = value_span(text, f.start, f.end) if f.category == "health" else (f.start, f.end)
        if span is not None and span[0] >= last:  # a value two findings name is hidden once
            out += [text[last:span[0]], label(f)]
            last = span[1]
    out.append(text[last:])
    return "".join(out)


def asked_categories(query: str) -> set[str]:
    """The sensitive categories a recall query names ("what is my locker code?" → {"code"}, 我的银行卡号 → {"card"})."""
    return {category for category, words in ASKS.items() if words.search(query)}


def asks_for_sensitive(query: str) -> bool:
    """True when a recall query names a sensitive category; any other query sees no sensitive item."""
    return bool(asked_categories(query))
