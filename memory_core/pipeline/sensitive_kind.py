"""What a sensitive value belongs to, English and Chinese: the thing a code opens or a secret logs into.

A category ("code", "secret") is too coarse for a question that names its thing: "what's my phone PIN?"
asks for the phone's code, not the locker's, nor a card's CVV (seed 001 §8.24.1: show what the
question needs). ``thing_of`` reads the thing word nearest before the value in its clause (else the first
after it: "4711 opens my locker"): ``phone``, ``computer``, ``tablet``, ``bank`` (a bank, a payment card,
a payment app), ``cvv`` (a card's security code), ``locker``, ``parcel``, ``door``, ``safe``, ``alarm``,
``garage``, ``bike``, ``wifi``, ``email``, ``otp`` (a one-time or backup code), or "" when none is named.
A card's security code is card data (category ``card``), whatever word found it.

``asked_things(query)`` reads the same words in a question; ``shows(category, thing, asked, things)``
decides whether a value is shown to it: its category is asked for and its thing is one the question
names (or either names none). A device's unlock secret is asked for as a code or a password alike
("phone PIN", 手机密码, "laptop passcode").
"""

from __future__ import annotations

import re
from functools import lru_cache

from memory_core.pipeline.sensitive_topic import CLAUSE_END

__all__ = ["DEVICES", "KEYPADS", "THINGED", "WITHHELD", "asked_things", "called_pin", "kind_of", "shows", "thing_of"]

_I = re.IGNORECASE

_THING_WORDS: dict[str, str] = {
    "cvv": r"\b(?:cvv2?|cvc2?|cvn|csc|card\s+(?:security|verification)\s+(?:code|value|number)|"
           r"security\s+code\s+on\s+(?:the\s+)?back|(?:three|3|four|4)[-\s]digits?\s+on\s+the\s+back)\b|"
           r"安全码|卡背面|背面的?(?:三|3)位|(?i:cvv)码",
    "phone": r"\b(?:phone|iphone|android|mobile|cell(?:phone)?|smartphone|sim(?:\s+card)?|puk)\b|手机|(?i:sim)卡",
    "tablet": r"\b(?:ipad|tablet|kindle)\b|平板",
    "computer": r"\b(?:laptop|computer|pc|mac|macbook|imac|desktop|workstation|windows)\b|电脑|笔记本|台式机",
    "otp": r"\b(?:otp|2fa|mfa|totp|one[-\s]?time|verification|authenticator|backup\s+codes?|recovery\s+codes?|"
           r"sms\s+code)\b|验证码|动态码|动态口令|动态密码|备用码|备份码|恢复码|两步验证",
    "bank": r"\b(?:bank(?:ing)?|card|debit|credit|atm|visa|mastercard|amex|paypal|venmo|zelle)\b|"
            r"银行卡?|信用卡|储蓄卡|借记卡|工资卡|卡(?=的?(?:密码|号|(?i:pin)))|取款|取钱|网银|支付宝|微信支付|支付密码",
    "parcel": r"\b(?:parcel|package|pickup|pick-up|delivery\s+locker)\b|取件|取货|快递|丰巢|菜鸟|提货",
    "locker": r"\b(?:lockers?)\b|储物柜|更衣柜|柜子|衣柜",
    "safe": r"\b(?:safe(?!\s+(?:bet|side|place|to))|vault|lockbox|key\s*safe|key\s*box)\b|保险箱|保险柜",
    "alarm": r"\b(?:alarm|security\s+system)\b|警报|报警",
    "garage": r"\b(?:garage)\b|车库",
    "bike": r"\b(?:bike|bicycle)\b|自行车|单车",
    "door": r"\b(?:door|front\s+door|gate|entry|entrance|building|intercom|buzzer|lobby)\b|"
            r"门禁|大门|单元门|进门|开门|家门|门锁|门口|房门|(?<![部专热油开入窍])门(?![诊票户牌])",
    "wifi": r"\b(?:router|wireless|hotspot)\b|(?<![a-z])(?:wi-?fi|wlan)(?![a-z])|无线|路由器|热点",
    "email": r"\b(?:e-?mail|gmail|outlook|hotmail|icloud)\b|邮箱",
}
_THING = re.compile("|".join(f"(?P<{name}>{words})" for name, words in _THING_WORDS.items()), _I)
#: Things that are devices: their unlock secret is a code or a password alike.
DEVICES = frozenset({"phone", "tablet", "computer"})
#: The categories whose values belong to a thing (a health detail, an id or an API key is shown by category).
THINGED = frozenset({"code", "secret", "card", "account"})
#: The categories a recall surface masks even for a question that asks for them (a password, a PIN or
#: code, a card or account number, an ID number, an API key): a prompt-injected agent asking the right
#: question must not read them out. The owner's tools show them with ``reveal`` (``memory_core.shown``).
WITHHELD = frozenset({"secret", "code", "card", "account", "id", "api_key"})
#: Things opened by a code typed on a keypad or a dial (a locker's code is no PIN unless called one).
KEYPADS = frozenset({"locker", "parcel", "door", "safe", "alarm", "garage", "bike"})
_PIN = re.compile(r"\bpins?\b|pin码", _I)
_PARENT = {"cvv": "bank"}  # "my card's CVV" names the card as the CVV's thing


def _things(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.lastgroup or "") for m in _THING.finditer(text)]


def thing_of(text: str, start: int, end: int) -> str:
    """The thing the value at ``text[start:end]`` belongs to ("" when its clause names none).

    The thing word nearest before the value in its clause, a card's security code before any other; else
    the first one after the value in its clause.
    """
    clause_start = max((m.end() for m in CLAUSE_END.finditer(text, 0, start)), default=0)
    stop = CLAUSE_END.search(text, end)
    before = [t for t in _things(text[clause_start:start]) if t[2]]
    if any(t[2] == "cvv" for t in before):
        return "cvv"
    if before:
        return before[-1][2]
    after = _things(text[end:stop.start() if stop else len(text)])
    return after[0][2] if after else ""


def kind_of(text: str, start: int, end: int, category: str) -> tuple[str, str]:
    """``(category, thing)`` of a value found as ``category``: a code whose thing is a card's security code
    is card data (``"card"``); the thing only for the categories in ``THINGED``."""
    if category not in THINGED:
        return category, ""
    thing = thing_of(text, start, end)
    return ("card" if category == "code" and thing == "cvv" else category), thing


@lru_cache(maxsize=1024)
def asked_things(query: str) -> frozenset[str]:
    """The things a question names ("what's my phone PIN?" → {"phone"}, "my card's CVV?" → {"cvv"})."""
    things = {name for _, _, name in _things(query)}
    return frozenset(things - {_PARENT[t] for t in things if t in _PARENT})


def shows(category: str, thing: str, asked: set[str], things: frozenset[str]) -> bool:
    """True when a value of ``category`` belonging to ``thing`` answers a question asking for the
    categories ``asked`` about the ``things`` it names.

    The category must be asked for (a device's code or password when the question names a device and
    asks for either); when both the question and the value name a thing, it must be the same one.
    """
    if things & DEVICES and asked & {"code", "secret"}:
        asked = asked | {"code", "secret"}
    if category not in asked:
        return False
    return category not in THINGED or not things or not thing or thing in things


def called_pin(text: str, start: int, thing: str) -> bool:
    """True when the code at ``text[start:]`` is a PIN: its clause calls it one ("PIN", PIN码), or it belongs
    to no keypad's thing (a phone's, a card's code is its PIN; a locker's or a door's is a code)."""
    clause_start = max((m.end() for m in CLAUSE_END.finditer(text, 0, start)), default=0)
    stop = CLAUSE_END.search(text, start)
    return thing not in KEYPADS or bool(_PIN.search(text[clause_start:stop.start() if stop else len(text)]))
