"""Codes and accounts by what makes a value one, English and Chinese (seed 001 §8.12.2).

The other mechanisms bind a number of digits to a code or account word. A value is also a code or an
account by its shape and by what is done with it:

- ``code_shapes``: an alphanumeric code (letters and digits, 5–8 characters, or groups joined by ``-``:
  "RX7K2", "4f9a2-c81d7", "Q7WX-2KDM-9PLR") after a code word (backup / recovery / verification code,
  OTP, 2FA, 验证码, 备用码, 恢复代码 …) joined by a link word or nothing; not after a non-secret code's word
  (error, promo, QR, SWIFT …).
- ``given_codes``: a code given to the speaker and then typed: a number (4–8 digits, spaced groups allowed)
  or an alphanumeric code right after a verb of giving ("gave me", "texted me", "pushed me", 发来, 给我)
  in a sentence with a verb of typing ("typing it in", enter, 输入) or a code word; and a value typed for a
  purpose ("type 33 71 90 to confirm", 输入 K7P2QX 完成验证).
- ``zh_numeral_codes``: digits spelt as Chinese numerals (三七二九, 幺三五七; no 十/百/千, which make an
  amount) after a code or password word and a link (是, 为, ：, 改成 …).
- ``wallets``: a wallet's seed phrase (12–24 words of 3–8 letters, none a common function word, after
  "seed / recovery phrase", mnemonic, 助记词) and a private key (64 hex digits, or a WIF key) after
  "private key", 私钥; category ``account`` (a wallet holds money as an account does).
- ``cards``: a card number by its layout (four groups of four, Amex's 4-6-5; 13–19 digits) in a clause
  naming a card, a card network or an expiry (卡, 有效期), whatever its check digit; not an order, tracking or
  meeting number.
- ``iban_shaped``: an IBAN whose length is its country's (ISO 13616 registry) in a text about an account
  or a payment, whatever its check digits (a mistyped or invented IBAN is still one).

``find(text)`` returns ``(category, start, end)`` spans; ``sensitive_detect.detect`` merges them.
"""

from __future__ import annotations

import re

from memory_core.pipeline.sensitive_gate import Gate, word_set
from memory_core.pipeline.sensitive_topic import CLAUSE_END

__all__ = ["code_shape", "find", "iban_shaped"]

_I = re.IGNORECASE

# ── alphanumeric codes after a code word ─────────────────────────────────

_CODE_LABEL = re.compile(
    r"\b(?:(?:backup|recovery|restore|reset|pairing|parental|verification|confirmation|one[-\s]?time|security|login|"
    r"sign[-\s]?in|2fa|mfa|"
    r"authenticator|activation|unlock|access|sms)\s+(?:codes?|keys?|pins?)|codes?|otps?|passcodes?|2fa|mfa|totp|"
    r"verification|puk)\b|"
    r"验证码|动态码|动态口令|动态密码|备用码|备份码|恢复码|恢复代码|恢复密钥|校验码|激活码|授权码|安全码|"
    r"遥控码|配对码|解锁码|开锁码|开门码", _I)
_NOT_SECRET_BEFORE = re.compile(r"\b(?:area|zip|postal|post|country|promo|discount|coupon|voucher|error|status|dress|"
                                r"source|qr|bar|referral|invite|morse|tax|swift|bic|sort|product|colou?r|exit|"
                                r"hs|iso|airport|language|course|class)\s+$|"
                                r"(?-i:\b(?!(?:SMS|OTP|MFA|PIN|TOTP|TAN|ID)\b)[A-Z]{2,5}\s+)$", _I)
_ALNUM = re.compile(r"(?<![\w-])([A-Za-z0-9]{4,6}(?:-[A-Za-z0-9]{4,6}){1,7}|[A-Z]{1,3}-\d{4,8}|[A-Za-z0-9]{5,10}|"
                    r"\d{2,4}(?: \d{2,4}){1,3})(?![\w-])")
_LINK = re.compile(r"^\s*(?:(?:is|are|was|were|reads|now|still|here|below)\b|[:：=→,，]|->|是|为|如下)*\s*$", _I)
_GAP = re.compile(r"^\s*(?:(?:for|from|of|on|to)\s+(?:my|the|our|his|her|their)?\s*[\w'’-]+(?:\s+[\w'’-]+)?\s*|"
                  r"[\u4e00-\u9fff]{0,4})(?:\b(?:is|are|was)\b|[:：=是为])\s*$", _I)


def code_shape(token: str) -> bool:
    """True when ``token`` is shaped like a one-time or recovery code.

    4–8 digits or spaced digit groups ("884 213"), a sender's prefix and digits ("G-482913"), alphanumeric
    groups joined by ``-`` ("Q7WX-2KDM-9PLR", "4f9a2-c81d7"), or one run of 5–8 characters that is upper
    case with digits ("RX7K2") or lower case with digits; not a word, a model or an id with a letter prefix
    ("COVID19", "A320", "Office365").
    """
    core = token.replace("-", "")
    if re.fullmatch(r"\d{4,8}|\d{2,4}(?: \d{2,4}){1,3}|[A-Z]{1,3}-\d{4,8}", token):
        return True  # digits, spaced groups, a sender's prefix ("G-482913")
    if not any(c.isdigit() for c in core) or not any(c.isalpha() for c in core):
        return False
    if core != core.upper() and core != core.lower():
        return False  # mixed case: a key or a password, not a code
    if "-" in token:
        return sum(c.isdigit() for c in core) >= 2
    return not re.fullmatch(r"[A-Za-z]{3,}\d{1,4}|\d{1,4}[A-Za-z]{2,}|[A-Za-z]\d{3,4}", token)


def _code_shapes(text: str) -> list[tuple[str, int, int]]:
    out = []
    for m in _CODE_LABEL.finditer(text):
        if _NOT_SECRET_BEFORE.search(text[max(0, m.start() - 16):m.start()]):
            continue
        rest = text[m.end():m.end() + 90]
        stop = CLAUSE_END.search(rest)
        rest = rest[:stop.start()] if stop else rest
        first, last = True, 0
        for v in _ALNUM.finditer(rest):
            gap = rest[:v.start()]
            if not code_shape(v.group(1)):
                continue
            if first and not (_LINK.match(gap) or _GAP.match(gap)):
                break
            if not first and not re.fullmatch(r"[\s,，、;；/]*(?:and|or|和|还有|及)?[\s,，、]*",
                                              rest[last:v.start()], _I):
                break
            out.append(("code", m.end() + v.start(1), m.end() + v.end(1)))
            first, last = False, v.end()
    return out


# ── a code given, then typed ─────────────────────────────────────────────

_GIVE = re.compile(r"\b(?:gave|gives|give|sent|sends|texted|texts|emailed|messaged|pushed|showed|shows|"
                   r"generated|read\s+out)\s+(?:me|us|him|her|them)\s+(?:the\s+code\s+|a\s+code\s+|code\s+)?|"
                   r"(?:发来|发给我|给了?我|发了)(?:的|了)?(?:验证码|码)?\s*", _I)
_TYPE = re.compile(r"\b(?:typ(?:e|ed|es|ing)|enter(?:ed|ing|s)?|punch(?:ed|ing)?\s+in|input|key(?:ed)?\s+in|"
                   r"paste[ds]?)\b|输入|填(?:进|入|上|写)", _I)
_CODE_WORD = re.compile(r"\b(?:code|codes|otp|2fa|mfa|totp|passcode|pin|verification|verify|authenticator|"
                        r"log-?in|sign-?in|log\s+in|sign\s+in)\b|验证码|动态码|口令|密码|登录|登陆|验证", _I)
_GIVEN_VALUE = re.compile(r"^[\"'“‘]?(\d{2,4}(?:[ -]\d{2,4}){1,3}|\d{4,8}|[A-Za-z0-9]{5,8})(?![\w.,:/-]\d|\w|%)")
_PURPOSE = re.compile(r"^\s*(?:to|and)\s+(?:confirm|verify|log\s*in|sign\s*in|continue|finish|activate|unlock|"
                      r"approve|complete|authori[sz]e)\b|"
                      r"^\s*(?:来|以|进行|完成)?(?:确认|验证|登录|登陆|解锁|激活|认证)", _I)
_SHOWS = re.compile(r"\b(?:says|said|shows|showed|showing|displays|reads)\s+(\d{3} \d{3})(?![\d.,:/-]|\s?%)", _I)
_FOR_A_THING = re.compile(r"\s+(?:for|as)\s+(?:the|a|an|my|his|her|our|their)\s+(?!(?:vpn|login|log-?in|sign-?in|app|"
                          r"account|verification|2fa|mfa|portal|site|website|door|gate|locker)\b)", _I)
_UNIT = re.compile(r"^\s*(?:points?|coins?|dollars?|bucks|euros?|pounds?|yuan|元|块|分|个|次|years?|as\b|"
                   r"steps?|times?|minutes?|%|x\b)", _I)


def _given_codes(text: str) -> list[tuple[str, int, int]]:
    out = []
    for m in _GIVE.finditer(text):
        v = _GIVEN_VALUE.match(text[m.end():])
        if v is None or _UNIT.match(text[m.end() + v.end():]):
            continue
        value = v.group(1)
        if not value[0].isdigit() and not code_shape(value):
            continue
        if value.isdigit() and _FOR_A_THING.match(text[m.end() + v.end():]):
            continue  # "he gave me 1500 for the bike": an amount
        start = max((c.end() for c in CLAUSE_END.finditer(text, 0, m.start())), default=0)
        stop = CLAUSE_END.search(text, m.end() + v.end())
        sentence = text[start:stop.start() if stop else len(text)]
        if _TYPE.search(sentence) or _CODE_WORD.search(sentence):
            out.append(("code", m.end() + v.start(1), m.end() + v.end(1)))
    # an authenticator's display: six digits shown as two groups of three ("Authy says 571 093")
    out += [("code", m.start(1), m.end(1)) for m in _SHOWS.finditer(text)]
    for m in _TYPE.finditer(text):
        v = _GIVEN_VALUE.match(text[m.end():].lstrip())
        if v is None:
            continue
        offset = m.end() + len(text[m.end():]) - len(text[m.end():].lstrip())
        value = v.group(1)
        if (value[0].isdigit() or code_shape(value)) and _PURPOSE.match(text[offset + v.end():]) \
                and not re.fullmatch(r"(?:19|20)\d\d", value):
            out.append(("code", offset + v.start(1), offset + v.end(1)))
    return out


# ── digits spelt as Chinese numerals ──────────────────────────────────────

_ZH_NUMERAL_CODE = re.compile(
    r"(?:密码|口令|验证码|取件码|动态码|备用码|门禁|(?i:pin)码?|(?i:code))"
    r"[^，。,;；！？!?\d零〇一二三四五六七八九幺两]{0,6}?"
    r"(?:是|为|：|:|=|改成了?|设成了?|换成了?|改为|设为|\s)\s*"
    r"([零〇一二三四五六七八九幺两]{3,8})(?![十百千万亿点块元分个号])")


# a dial lock's combination in Chinese: 左转三圈到 32，右转两圈到 17，再左转到 8
_DIAL_ZH = re.compile(r"[左右]转?(?:[一二三四五六七八九两\d]+圈)?(?:到|至)\s*(\d{1,2})(?!\d)"
                      r"(?:[，,、\s]*(?:再|然后)?[左右]转?(?:[一二三四五六七八九两\d]+圈)?(?:到|至)\s*\d{1,2}(?!\d)){1,4}")


# ── wallets ──────────────────────────────────────────────────────────────

_SEED_LABEL = re.compile(r"\b(?:seed|recovery|secret\s+recovery|mnemonic|backup|wallet)\s+(?:phrase|words)\b|"
                         r"\bmnemonic\b|助记词|种子短语|恢复短语", _I)
_SEED_WORDS = re.compile(r"((?:[a-z]{3,8}[\s,]+){11,23}[a-z]{3,8})\b")
_FUNCTION_WORDS = frozenset(re.findall(r"\w+",
    "the and for you your are was were this that with from have has had not never but all any can its into "
    "only way back share anyone them they she him her his our out who what when where why how will would "
    "should could just than then there their also been being very more most some such each other"))
_PRIVATE_KEY = re.compile(r"(?:\bprivate\s+key|\bpriv\s*key|私钥|\bwif\b)[^\n]{0,30}?"
                          r"(?<![\w])((?:0x)?[0-9a-fA-F]{64}|[5KL][1-9A-HJ-NP-Za-km-z]{50,51}|"
                          r"xprv[1-9A-HJ-NP-Za-km-z]{100,112})(?!\w)", _I)


def _wallets(text: str) -> list[tuple[str, int, int]]:
    out = []
    for m in _SEED_LABEL.finditer(text):
        w = _SEED_WORDS.search(text, m.end(), m.end() + 40 + 12 * 24)
        if w is None or w.start() - m.end() > 24:
            continue
        words = w.group(1).replace(",", " ").split()
        if not _FUNCTION_WORDS & set(words):
            out.append(("account", w.start(1), w.end(1)))
    out += [("account", m.start(1), m.end(1)) for m in _PRIVATE_KEY.finditer(text)]
    return out


# ── a card by its layout ─────────────────────────────────────────────────

_CARD_LAYOUT = re.compile(r"(?<![\d-])(\d{4}([ -])\d{4}\2\d{4}\2\d{1,7}|\d{4}([ -])\d{6}\3\d{4,5})(?![\d-])")
_CARD_WORD = re.compile(r"\b(?:card|visa|mastercard|amex|discover|jcb|unionpay|maestro|exp|expiry|expires|cvv|cvc)\b|"
                        r"卡|有效期|到期", _I)
_NOT_CARD = re.compile(r"\b(?:order|invoice|tracking|isbn|ref(?:erence)?|meeting|serial|phone|tel)\b|"
                       r"订单|单号|物流|电话", _I)


# a card's security code named by where it is printed: "the 3 digits on the back are 772", 卡的背面三位数 772
_BACK_DIGITS = re.compile(r"(?:\b(?:three|3|four|4)[-\s]digits?\s+on\s+the\s+back(?:\s+of\s+(?:the|my|her|his)\s+\w+)?|"
                          r"背面(?:的)?(?:那)?(?:三|3|四|4)位(?:数字?|码)?)\s*(?:is|are|:|：|是|为)?\s*(\d{3,4})(?!\d)",
                          _I)


def _cards(text: str) -> list[tuple[str, int, int]]:
    out = [("card", m.start(1), m.end(1)) for m in _BACK_DIGITS.finditer(text)]
    for m in _CARD_LAYOUT.finditer(text):
        digits = re.sub(r"\D", "", m.group(1))
        start = max((c.end() for c in CLAUSE_END.finditer(text, 0, m.start())), default=0)
        stop = CLAUSE_END.search(text, m.end())
        clause = text[start:stop.start() if stop else len(text)]
        if 13 <= len(digits) <= 19 and len(set(digits)) > 2 and _CARD_WORD.search(clause) \
                and not _NOT_CARD.search(clause):
            out.append(("card", m.start(1), m.end(1)))
    return out


# ── IBANs by their country's length ──────────────────────────────────────

#: IBAN lengths by country (ISO 13616 registry, SWIFT's IBAN Registry).
_IBAN_LENGTH = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29, "CH": 21,
    "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FO": 18,
    "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23,
    "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27,
    "MD": 24, "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30, "NL": 18, "NO": 15, "PK": 24, "PL": 28, "PS": 29,
    "PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "TN": 24, "TR": 26,
    "UA": 29, "VG": 24, "XK": 20,
}
_PAYMENT = re.compile(r"\b(?:iban|account|acct|konto|compte|cuenta|conto|bank|transfer|wire|pay|paid|payment|refund|"
                      r"rent|deposit|send|salary|invoice|remit\w*|beneficiary)\b|转账|汇款|退款|账户|账号|帐户|帐号|"
                      r"打到|打款|收款|房租|工资|报销|押金", _I)


def iban_shaped(value: str, text: str) -> bool:
    """True when ``value`` has its country's IBAN length and ``text`` is about an account or a payment."""
    compact = re.sub(r"\s", "", value).upper()
    return _IBAN_LENGTH.get(compact[:2]) == len(compact) and bool(_PAYMENT.search(text))


_CODE_LABEL_WORDS = word_set("code", "key", "pin", "otp", "2fa", "mfa", "totp", "verification", "puk")
_WALLET_WORDS = word_set("phrase", "words", "mnemonic", "priv", "wif")


def find(text: str, gate: Gate | None = None) -> list[tuple[str, int, int]]:
    """The ``(category, start, end)`` spans of the mechanisms above in ``text`` (character offsets; may overlap).

    ``gate``: ``Gate(text)`` if already read (``sensitive_gate``: a mechanism runs only where it can match). A
    code's and a card's value holds a digit (``code_shape``); a Chinese numeral or a dial needs Chinese.
    """
    gate = gate or Gate(text)
    code_word = gate.words(_CODE_LABEL_WORDS)
    out = _code_shapes(text) if gate.digit and code_word else []
    out += _given_codes(text) if gate.digit else []
    out += _wallets(text) if gate.words(_WALLET_WORDS) else []
    out += _cards(text) if gate.digit else []
    if gate.wide:
        out += [("code", m.start(1), m.end(1)) for m in _ZH_NUMERAL_CODE.finditer(text)]
        out += [("code", m.start(1), m.end()) for m in _DIAL_ZH.finditer(text)]
    return out
