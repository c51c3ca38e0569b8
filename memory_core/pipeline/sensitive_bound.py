"""Sensitive values found by mechanism, English and Chinese: a value's shape bound to a nearby word class.

The phrase rules of ``sensitive_detect`` name the words around a value; these three mechanisms only ask what
the value looks like and which class of word it is bound to, so they do not depend on a phrasing:

- ``credentials``: a token shaped like a credential (letters with digits or symbols, ≥ 6 characters; not a
  version, date, time, price, e-mail, URL, unit or an id with a letter prefix such as ``SF1234567``) within
  a few tokens after a credential word (password, pw, pass, passcode, login, 密码, 口令, 密钥 …), or before
  one with a link ("Xk82!mzQ is the wifi password", "Xk82!mzQ 是我们的口令"). Without a link word ("is", ":",
  "=", "->", 是, 为 …) between them the shape must be strong (a symbol, or letters and digits interleaved, or
  mixed case that is not a capitalised word plus digits such as "Office365"); "Office365 password" (the
  token before the word names the account) is not a value.
- ``codes``: a 3–8 digit number (or digit groups "4-4-7-1") bound to a code-class word (code, PIN,
  combination, keypad, 密码, 码), to a lock-class noun (lock, door, gate, safe, locker, lockbox, 锁, 门禁, 柜)
  through a link word ("the shed padlock is 4471", "front door: 3391"), or to an opening verb (opens,
  unlock, punch in, 开锁, 开柜, 取件); not when the nearest noun names a non-secret number (area, postal, zip,
  promo, discount, error, tracking, order, room, flight, seat, phone; 区号, 邮编, 订单, 房间, 航班 …), nor a
  label right after its noun ("gate 23", "locker 214"), a year after "in", a price or a quantity.
- ``health``: a condition or medicine by word class (medical suffixes -itis, -osis, -emia, -algia, -pathy
  …; class nouns disease, disorder, syndrome, cancer, deficiency; a dose in mg/mcg/毫克; 症, 炎, 病, 癌, 瘤,
  综合征, 药 …) bound to a person of the speaker's circle (I, my, family words, he/she, a name; 我, 我妈, 她 …)
  by a verb of having or treatment (has, diagnosed with, living with, takes, on; 有, 得了, 查出, 确诊, 吃, 服用);
  everyday ailments (a cold, a headache, 感冒) and conditions named as a topic (a book about …, 关于…) are
  not.

``find(text)`` returns ``(category, start, end)`` spans; ``sensitive_detect.detect`` merges them with the
phrase rules' findings. Source: seed 001 §8.12.2 (classify sensitive data on the write path).
"""

from __future__ import annotations

import re

from memory_core.pipeline.sensitive_gate import Gate, word_set
from memory_core.pipeline.sensitive_health import OMA_CONDITION
from memory_core.pipeline.sensitive_topic import is_topic
from memory_core.text.script import has_han

__all__ = ["credential_shape", "find", "quantity_after"]

_I = re.IGNORECASE

# ── credentials ──────────────────────────────────────────────────────────

_CRED_WORD = re.compile(
    r"(?<![A-Za-z])(?:pass(?:word|wd|code|phrase|key)?s?|pwd|pw|pin|log-?ins?|sign-?in|credentials|creds|"
    r"(?:unlock|secret|master|safe)\s+phrase)(?![A-Za-z])|"
    r"密码|口令|密钥|秘钥|登录密码|登陆密码|🔑|🔐|🗝", _I)
_LINK = re.compile(r"^(?:is|was|are|=|:|：|-|->|=>|→|to|its|it's|it’s|now|reads|是|为|"
                   r"(?:设|改|换|变|更新|设置)(?:成|为)了?)$", _I)
_LINK_ZH = re.compile(r"是|为|(?:设|改|换|变|更新|设置)(?:成|为)了?|[:：=→]")
_ASCII_TOKEN = re.compile(r"[!-~]+")
_TRIM = "\"'“”‘’.,;!?)(（）。，；"
_NOT_CREDENTIAL = re.compile(
    r"^(?:v?\d+(?:\.\d+)+[a-z]?|"                               # a version
    r"\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}|\d{1,2}:\d{2}(?::\d{2})?(?:am|pm)?|"  # a date, a time
    r"[$€£¥]\S*|\S*[$€£¥]|\d+(?:[.,]\d+)?(?:usd|eur|gbp|rmb|cny|yen|元|块)|"  # a price
    r"(?-i:[A-Z]{1,4})-?\d{4,}|"                                      # an order, tracking, flight or room id
    r"\d+(?:\.\d+)?(?:k|m|km|kg|g|mg|mcg|ml|l|gb|mb|tb|kb|ms|s|min|mins|h|hr|hrs|am|pm|x|p|th|st|nd|rd|"
    r"cm|mm|in|ft|lbs?|%|°c?|°f)|"                              # a quantity with its unit
    r"\S+@\S+\.\w+|https?://\S+|www\.\S+|#\w+|@\w+)$", _I)


_ACCESS = re.compile(r"\b(?:admin|ssh|log\s*-?in|sign\s*-?in|into|panel|console|portal|dashboard|router|server|"
                     r"user(?:name)?|account|creds|credentials)\b|后台|账号|用户名|登录|登陆", _I)


def credential_shape(token: str, strong: bool = False) -> bool:
    """True when ``token`` looks like a password: ≥ 6 characters mixing letters with digits or symbols.

    Not a plain word, a number, a version ("2.14.3"), a date, a time, a price, a quantity with its unit, an
    e-mail address, a URL, or an id with an upper-case letter prefix ("SF1234567890", "B204").

    Args:
        token: one whitespace-delimited token (surrounding quotes and punctuation already trimmed).
        strong: also require a symbol, letters and digits interleaved ("Tr0ub4dor"), or mixed case that is not
            a capitalised word followed by digits ("Office365", "Windows11").
    """
    if len(token) < 6 or len(token) > 64 or _NOT_CREDENTIAL.match(token):
        return False
    letters = any(c.isascii() and c.isalpha() for c in token)
    digits = any(c.isdigit() for c in token)
    symbols = any(not c.isalnum() for c in token)
    if not letters or not (digits or symbols):
        return False
    if symbols and not digits and re.fullmatch(r"[A-Za-z]+(?:[-_'’.][A-Za-z]+)*", token):
        return False  # a hyphenated or dotted word ("e-mail", "o'clock", "maya.r" is no password either)
    if not strong:
        return True
    if symbols and not re.fullmatch(r"[A-Za-z]+[.-][A-Za-z]+", token):
        return True
    if re.search(r"\d[A-Za-z]", token) and re.search(r"[A-Za-z]\d", token):
        return True
    return (any(c.isupper() for c in token) and any(c.islower() for c in token) and digits
            and not re.fullmatch(r"[A-Z]?[a-z]+\d+", token))


_CRED_WORDS = word_set("pass", "pw", "pin", "log", "sign", "cred", "phrase")
_ACCOUNT_WORDS = word_set("laptop", "computer", "pc", "mac", "phone", "ipad", "tablet", "fi", "router", "mail",
                          "outlook", "icloud", "bank", "netflix", "spotify", "amazon", "paypal", "vpn", "server", "nas",
                          "account")
_NAMED_ACCOUNT = re.compile(r"(?:\b(?:laptop|computer|pc|mac|phone|ipad|tablet|wi-?fi|router|e-?mail|gmail|"
                            r"outlook|icloud|bank|netflix|spotify|amazon|paypal|vpn|server|nas|account)|电脑|手机|邮箱|"
                            r"路由器|账户|账号|网银)\s*[:：=]\s*[\"'“‘]?([!-~]{6,64})", _I)
_LOGIN_PAIR = re.compile(r"(?:\S+@\S+\.\w+|(?<![\w/])[\w.-]{2,32})\s*/\s*([!-~]{6,64})")


def _credentials(text: str, gate: Gate) -> list[tuple[str, int, int]]:
    out: list[tuple[str, int, int]] = []
    words = gate.words(_CRED_WORDS)
    for m in _CRED_WORD.finditer(text) if words else ():
        if re.match(r"[\s-]*(?:protected|protection|managers?|polic(?:y|ies)|resets?|fields?|box|hints?|rules?|"
                    r"changes?|strength|requirements?|less)\b", text[m.end():], _I):
            continue  # the word as a modifier ("password protected"): no value is bound to it
        # after the word: the next few tokens up to a sentence end
        window_end = min(len(text), m.end() + 48)
        stop = re.search(r"(?<![.])[.!?;](?:\s|$)|[。！？；\n]", text[m.end():window_end])
        window = text[m.end():m.end() + stop.start()] if stop else text[m.end():window_end]
        linked = bool(_LINK_ZH.search(window[:6]))
        quoted = re.search(r"^[^\"“”']{0,24}?(?:\b(?:is|was|=|:)|[:：是为])\s*[\"“']([^\"“”']{4,64})[\"”']", window, _I)
        if quoted and " " in quoted.group(1):  # a passphrase in quotes: "correct horse battery staple"
            out.append(("secret", m.end() + quoted.start(1), m.end() + quoted.end(1)))
            continue
        for n, tok in enumerate(_ASCII_TOKEN.finditer(window)):
            if n > 7:
                break
            raw = tok.group(0)
            value = raw.strip(_TRIM)
            before = window[:tok.start()]
            if value.lower() == "to" and not re.search(r"(?:set|changed?|updated?|switched|reset)\s+(?:it\s+|\S+\s+)?$",
                                                       before, _I):
                continue  # "the password to his Xbox360": "to" names the account, it links no value
            if _LINK.match(value) or re.search(r"(?:^|\s)(?:is|was|=|:|->|its|it's)\s*$", before, _I) \
                    or re.search(r"(?:set|changed?|updated?|switched|reset)\s+(?:it\s+|\S+\s+)?to\s*$", before, _I):
                linked = True
                if _LINK.match(value):
                    continue
            if re.search(r"(?:user(?:name)?|e-?mail|id|用户名|账号)\s*[:=]?\s*$", before, _I):
                continue  # a user name, not the secret
            if credential_shape(value, strong=not linked):
                start = m.end() + tok.start() + raw.find(value)
                out.append(("secret", start, start + len(value)))
                break
        # before the word, joined by a link: "Xk82!mzQ is the wifi password", "Xk82!mzQ 是我们公司VPN的口令"
        head = text[max(0, m.start() - 40):m.start()]
        b = re.search(r"([!-~]{6,64})\s*(?:[-—–,:]+\s*)?(?:(?:that'?s|that’s|it'?s|it’s|this\s+is|is|was|as|"
                      r"(?:is\s+)?what\s+(?:I|we|he|she|they)\s+use\s+(?:for|as))\s+"
                      r"(?:the|my|our|his|her|their)?\s*(?:[\w'’-]+\s+){0,3}|"
                      r"(?:是|为|就是|作为)[\u4e00-\u9fffA-Za-z0-9]{0,10})$", head, _I)
        if b and credential_shape(b.group(1).strip(_TRIM)):
            value = b.group(1).strip(_TRIM)
            start = max(0, m.start() - 40) + b.start(1) + b.group(1).find(value)
            out.append(("secret", start, start + len(value)))
    # an account's name, a colon, a strong shape: "laptop: Tr0ub4dor&3", "邮箱：Zw#2026x"
    named = (gate.wide or gate.has(":", "=")) and gate.words(_ACCOUNT_WORDS)
    for p in _NAMED_ACCOUNT.finditer(text) if named else ():
        value = p.group(1).strip(_TRIM)
        if credential_shape(value, strong=True) and "@" not in value:
            out.append(("secret", p.start(1), p.start(1) + len(value)))
    # the pair shape of a login: "liwei88@163.com / Lw19880808", "admin / Summer2024!" where a place to log in is named
    access = _ACCESS.search(text) if gate.has("/") else None
    for p in _LOGIN_PAIR.finditer(text) if gate.has("/") else ():
        value = p.group(1).strip(_TRIM)
        if credential_shape(value) and ("@" in p.group(0).split("/")[0] or access):
            out.append(("secret", p.start(1), p.start(1) + len(value)))
    return out


# ── codes bound to a lock ────────────────────────────────────────────────

_DIGIT_WORD = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
# a number: digits, digit groups ("4-4-7-1", "24, 8, 30"), or digits spelt out ("four seven one one")
_NUMBER = re.compile(r"(?<![\w.,/$€£¥:+-])#?(\d{1,4}(?:[- ]\d{1,4}){1,5}|\d{1,2}(?:\s*[,/.·]\s*\d{1,2}){2,5}|\d{3,8}|"
                     r"(?i:" + _DIGIT_WORD + r"(?:[\s-]+" + _DIGIT_WORD + r"){2,7}))#?(?!\w|[.,:/-]\d|%)")
_CODE_WORD_EN = re.compile(r"\b(?:code|codes|pin|pins|passcode|combination|combo|keypad|keycode|otp|2fa|mfa|totp|puk|"
                           r"(?:\d|three|four|five|six|seven|eight)-digit)\b"
                           r"(?!\s+(?:review|reviews|base|style|editor|smell|freeze|name|of\s+conduct)\b)", _I)
_LOCK_EN = re.compile(r"\b(?:lock|padlock|door|gate|safe(?!\s+(?:bet|side|place|space|zone|choice|option|distance|"
                      r"to|and|enough|travels?|trip|haven|mode|word))|locker|lockbox|key\s*box|keysafe|alarm|garage|vault|shed|"
                      r"intercom|buzzer|mailbox|entry|entrance|front\s+door|back\s+door)\b", _I)
_OPEN_VERB_EN = re.compile(r"\b(?:opens?|opened|unlocks?|unlocked|disarms?|disarmed|punch(?:ed)?\s+in|"
                           r"key(?:ed)?\s+in|type[sd]?(?:\s+in)?|typing|enter(?:ed|s)?|press(?:ed)?|"
                           r"punch(?:ed)?)\b", _I)
_CODE_ZH = re.compile(r"密码|码|锁|门禁|输入|键盘|进门|开锁|解锁|开门|开柜|取件|取货|"
                      r"保险箱|保险柜|快递柜|储物柜|柜子?|信箱")
_OTHER_NUMBER = re.compile(
    r"\b(?:area|postal|post|zip|country|promo|discount|coupon|voucher|error|status|tracking|order|invoice|room|"
    r"flight|seat|phone|tel|mobile|fax|apartment|apt|suite|unit|floor|bus|train|platform|terminal|page|chapter|"
    r"model|serial|version|employee|student|member|meeting|ticket|case|reference|ref|lines?|years?|"
    r"product|item|sku|price|cost|costs|costing|paid|pay|bought|charged?|charges|spent|spend|earned|earn|owe[sd]?|"
    r"budget|salary|fee|bill|tip)\b|"
    r"(?-i:\b(?!(?:SMS|OTP|MFA|PIN|CVV|CVC|TOTP|ATM|TAN)\b)[A-Z]{2,5}\s+(?=codes?\b))|"
    r"区号|邮编|邮政编码|优惠码?|折扣码?|错误码?|快递单|单号|订单|房间|房号|门牌|航班|座位|电话|手机号|工号|学号|车牌|桌号|"
    r"登机口|会议号|车次|编码|代码|(?<!密)号码|条形?码|发票|股票|价|(?<!单)元|块|花了|买|时间|时候|几点|营业|次数", _I)
_UNIT_AFTER = re.compile(
    r"^\s*(?:元|块|年|月|日|号(?!码)|点|分|秒|天|个|人|次|楼|层|室|米|公里|斤|克|岁|页|%|"
    r"(?:km|kg|mg|ml|yen|euros?|dollars?|usd|eur|gbp|pounds?|bucks|people|persons|times|minutes?|mins?|"
    r"hours?|hrs?|days?|weeks?|months?|years?|lines?|steps?|pages?|calories|words|followers|likes|views|"
    r"miles|meters|metres|feet|ft|square|sq|hits|inch(?:es)?|in|cm|mm|m|g|lbs?|items|pieces|points|am|pm)\b)", _I)


_DIGIT_WORDS = word_set("zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def quantity_after(rest: str) -> bool:
    """True when ``rest`` (the text right after a number) begins with a unit or a currency: a quantity, a price."""
    return bool(_UNIT_AFTER.match(rest))


def _codes(text: str, gate: Gate) -> list[tuple[str, int, int]]:
    out: list[tuple[str, int, int]] = []
    numbers = gate.digit or gate.words(_DIGIT_WORDS)
    for m in _NUMBER.finditer(text) if numbers else ():
        value, start = m.group(1), m.start(1)
        digits = re.sub(r"\D", "", value) or "0" * len(re.findall(_DIGIT_WORD, value, _I))
        if not 3 <= len(digits) <= 12 or _UNIT_AFTER.match(text[m.end():]):
            continue
        left = text[max(0, start - 48):start]
        zh_left = text[max(0, start - 14):start]
        cjk = has_han(zh_left)
        if re.search(r"\b(?:in|since|from|until|by|of|around|circa)\s+$", left, _I) and re.fullmatch(r"(?:19|20)\d\d",
                                                                                                      value):
            continue  # a year
        if re.search(r"\b(?:till|til|until|before|after|since|from)\s+$", left, _I):
            continue  # a time or a date: "open till 2100"
        right = text[m.end():m.end() + 40]
        if cjk:
            near = zh_left
            hits = sorted([*_CODE_ZH.finditer(near), *_CODE_WORD_EN.finditer(near)], key=lambda h: h.start())
            if hits and not _OTHER_NUMBER.search(near[hits[-1].start() - 4 if hits[-1].start() >= 4 else 0:]) \
                    and not re.match(r"^\s*(?:号|元|块)", text[m.end():]):
                out.append(("code", start, start + len(value)))
            continue
        # English: the nearest class word on the left, within six tokens, decides
        tokens = left.split()[-8:]
        near = " ".join(tokens)
        cut = max((x.end() for x in _OTHER_NUMBER.finditer(near)), default=-1)
        # "postal code", "discount code": a code word right after a non-secret class word is that class's
        cut = max([cut] + [x.end() for x in _CODE_WORD_EN.finditer(near)  # (a PIN or passcode is always a secret)
                           if re.search(_OTHER_NUMBER.pattern + r"\s*$", near[:x.start()], _I)
                           and not re.fullmatch(r"pins?|passcode|otp|2fa|mfa|totp", x.group(0), _I)])
        code = [x for x in _CODE_WORD_EN.finditer(near) if x.start() > cut]
        lock = [x for x in _LOCK_EN.finditer(near) if x.start() > cut]
        verb = [x for x in _OPEN_VERB_EN.finditer(near) if x.start() > cut]
        linked = bool(re.search(r"(?:\bis|\bwas|=|:|-|–|—|->|\?|\bwith|\busing|\bto|\bhas|\bnow|\b's|"
                                r"\btakes|\buses|\bneeds|\baccepts)\s*[#*]?$", left, _I))
        adjacent_label = bool(re.search(r"\b(?:gate|door|locker|safe|box|lock|unit)\s*#?$", left, _I))
        # "with 1357 on the keypad": the class word after the number, joined by a preposition
        after = re.match(r"\s*(?:\S+\s+){0,2}?(?:on|at|for|to|into|of|in)\s+(?:the|my|our|his|her|their|a)?\s*"
                         r"(?:[\w'’-]+\s+)?(\w+)", right, _I)
        after_bound = bool(after and (_CODE_WORD_EN.fullmatch(after.group(1)) or _LOCK_EN.fullmatch(after.group(1))))
        # "punch in", "enter": a typing verb needs a lock or code word in the sentence; "opens" does not
        typing = [x for x in verb if not re.match(r"(?:open|unlock|disarm)", x.group(0), _I)]
        in_sentence = bool(code or lock) or bool(_CODE_WORD_EN.search(right) or _LOCK_EN.search(right)) \
            or bool(re.search(r"\bget(?:s|ting)?\s+in(?:to)?\b|\blet(?:s)?\s+(?:you|me|us)\s+in\b", left, _I)) \
            or bool(re.search(r"(?:star|hash|pound|\#|\*)\s+(?:key|button)", right, _I))  # an entry, a keypad's keys
        verb_bound = bool(verb) and (len(typing) < len(verb) or in_sentence)
        # "the number to get into the building is 5512", "the digits to open the shed: 4411"
        verb_bound = verb_bound or bool(linked and re.search(r"\b(?:to|for)\s+(?:get(?:ting)?\s+in(?:to)?|open(?:ing)?|"
                                                             r"unlock(?:ing)?|disarm(?:ing)?)\b", left, _I))
        if verb_bound and not (code or lock or after_bound) and re.fullmatch(r"(?:19|20)\d\d", value):
            verb_bound = False  # "entered 2025 with …": a year
        # a code word binds a number right after it ("door code 9981", "PIN: 2580") or through a link word
        adjacent_code = bool(code) and bool(re.search(r"(?:" + _CODE_WORD_EN.pattern + r")\s*[#:：]?\s*$", left, _I))
        bound = (bool(code) and (linked or adjacent_code)) or (bool(lock) and linked) or verb_bound or after_bound
        if not bound and re.search(r"\bit(?:'s|’s|\s+is|\s+was)\s*$", left, _I):  # "…set the alarm …, it's 6 0 2 4"
            sentence = text[max((c.end() for c in re.finditer(r"[.!?;]", text[:start])), default=0):start]
            bound = bool(_CODE_WORD_EN.search(sentence) or _LOCK_EN.search(sentence)) \
                and not _OTHER_NUMBER.search(sentence)
        if not bound and cut < 0:
            bound = bool(re.match(r"\s*(?:opens|unlocks|gets\s+(?:you|us)\s+in|"
                                  r"to\s+(?:open|unlock|disarm|get\s+in)|is\s+(?:the|my|our)\s+"
                                  r"(?:[\w'’-]+\s+){0,2}(?:code|pin|combination|combo|passcode))\b", right, _I))
        if bound and adjacent_label and not code and not verb:
            bound = False
        if not value[0].isdigit() and not linked:
            bound = False  # digits spelt out only after a link word: "the code is four seven one one"
        if bound:
            out.append(("code", start, start + len(value)))
    return out


# ── health bound to a person ─────────────────────────────────────────────

_FAMILY = (r"(?:mom|mum|mother|dad|father|parents?|sister|brother|sis|bro|bf|gf|hubby|"
           r"step(?:mom|dad|son|daughter)|sibling|wife|husband|partner|spouse|son|daughter|"
           r"kids?|child|children|baby|grandma|grandpa|grandmother|grandfather|granny|nan|aunt|uncle|cousin|niece|"
           r"nephew|boyfriend|girlfriend|fianc[ée]e?|friend|roommate|flatmate|neighbou?r|boss|colleague|coworker|"
           r"in-laws?|mother-in-law|father-in-law)")
_PERSON_EN = (r"(?:\b(?:[Ii]|[Ii]'m|[Ii]’m|[Ii]'ve|[Ii]’ve|[Ii]'d|im|ive|"
              r"we|we're|we've|he|he's|he’s|she|she's|she’s|they|they're|they've)|"
              r"\b(?i:my|our|his|her|their)\s+(?:\w+\s+)?(?i:" + _FAMILY + ")" + r"(?:'s|’s)?|"
              r"\b(?!(?:The|This|That|These|Those|It|There|Here|What|Who|Which|When|Where|Why|How|Our|Your|My|His|Her|"
              r"Their|Its|Every|Each|Some|Any|No|One|Most|Many|All|Everyone|Nobody|People|Someone)\b)"
              r"[A-Z][a-z]{1,15}(?:'s|’s)?)")
_HAVE_EN = (r"(?:\s+(?:still|just|also|recently|now|finally|really|actually|been|has|have|had|was|is|got|'s|’s))"
            r"{0,3}\s*"
            r"(?:has|have|had|got|get|gets|suffers?\s+from|suffered\s+from|diagnosed\s+(?:with|w/?)|"
            r"struggl(?:es|ed|ing)\s+with|battl(?:es|ed|ing)|being\s+treated\s+for|treated\s+for|"
            r"recovering\s+from|living\s+with|deal(?:s|t|ing)?\s+with|takes?|taking|took|on|started|stopped|"
            r"prescribed|needs?|having|undergoing|underwent|scheduled\s+for)(?![A-Za-z])")
_CONDITION_EN = (
    r"(?:[a-z]{3,}(?:itis|osis|emia|aemia|algia|pathy|plegia|trophy|ectomy|otomy|plasty|iasis)|"
    + OMA_CONDITION + r"|an(?:a)?emia|gout|"
    r"(?:[\w'-]+\s+){0,2}(?:disease|disorder|syndrome|cancer|deficiency|insufficiency|infection|"
    r"sclerosis|palsy|dystrophy|fibrosis|apnea|apnoea)|(?:heart|kidney|renal|liver|organ)\s+failure|"
    r"(?:manic|psychotic|depressive)\s+episode|"
    r"lupus|emphysema|fibromyalgia|endometriosis|type\s+[12](?:\s+diabetes)?|migraines?|seizures|ulcers?|cysts?|"
    r"tumou?rs?|stroke|(?-i:COPD|IBS|PCOS|GERD|ADHD|PTSD|OCD|HIV|HPV|ALS)|"
    r"\d+(?:\.\d+)?\s*(?:mg|mcg|µg|ml|units)\b(?:\s+of)?\s+(?!(?:of|caffeine|coffee|vitamin|sugar|salt|sodium|"
    r"protein|fibre|fiber|water|juice|milk|calcium|iron|magnesium|zinc|fish|melatonin)\b)[a-z]+|"
    r"(?:blood\s+thinners|beta\s+blockers|statins|steroids|antipsychotics|anticonvulsants|immunosuppressants|"
    r"(?:[\w-]+\s+)?(?:surgery|replacement|transplant|allerg(?:y|ies))|"
    r"(?:[\w-]+\s+){0,2}(?:meds|medications?|antibiotics)|"
    r"lithium|insulin|methotrexate|warfarin|pacemaker|stent|insulin\s+pump|cpap|colostomy|catheter|"
    r"prosthe(?:sis|tic\s+\w+)|hearing\s+aids?|feeding\s+tube|oxygen\s+tank))")
_HEALTH_EN = re.compile(_PERSON_EN + _HAVE_EN + r"\s+(?:an?\s+|the\s+|some\s+|my\s+|his\s+|her\s+)?(?:\w+\s+){0,2}?("
                        + _CONDITION_EN + r")\b(?!\s+(?:awareness|research|charity|foundation|fundraiser|month|day|"
                        r"walk|of|posters?|campaign|ribbon|documentary|show|book|article|podcast|video|clinic|"
                        r"center|centre|ward|department|ads?)\b)")
# a possessive binds too: "my IBS is acting up", "her lupus", "my dad's diabetes meds"
_POSSESSED_EN = re.compile(
    r"\b(?i:my|his|her|our|their)\s+(?:(?i:" + _FAMILY + r")(?:'s|’s)\s+)?(?:\w+\s+)?("
    r"[a-z]{3,}(?:itis|osis|emia|aemia|algia|pathy|plegia|ectomy)|" + OMA_CONDITION + r"|an(?:a)?emia|gout|"
    r"(?:[\w'-]+\s+)?(?:disease|disorder|syndrome|cancer|deficiency|chemo|meds|medication|"
    r"insulin|inhaler|antidepressants)|(?-i:COPD|IBS|PCOS|GERD|ADHD|PTSD|OCD|HIV)|lupus|migraines|"
    r"pacemaker|stent|insulin\s+pump|cpap|colostomy|hearing\s+aids?|"
    r"diabetes|asthma|epilepsy|depression|anxiety\s+(?:meds|medication|attacks?)|seizures|therapist|psychiatrist)\b"
    r"(?!\s+(?:awareness|research|charity|foundation|fundraiser|documentary|book|article|podcast|video|class|course|"
    r"exam|essay|project|paper)\b)")
_MILD = re.compile(r"\b(?:cold|colds|flu|headache|hangover|cough|sore|tired|fever|bruise|cut|mood|bad\s+day)\b", _I)
_NOT_CONDITION = re.compile(r"^(?:tourism|optimism|criticism|journalism|mechanism|organism|capitalism|socialism|"
                            r"racism|feminism|activism|realism|idealism|patriotism|heroism|vandalism|terrorism|"
                            r"baptism|rhythm|aroma|diploma|empathy|sympathy|telepathy|apathy|antipathy|homeopathy|"
                            r"dichotomy|anatomy|economy|autonomy|astronomy|gastronomy|taxonomy|trophy|philosophy|"
                            r"stroma|coma|diagnosis|prognosis|hypnosis|osmosis|symbiosis|metamorphosis|mitosis|meiosis|"
                            r"apotheosis|academia|nostalgia|oklahoma|sonoma|tacoma|paloma|idioma|"
                            r"fibrosis\s+research)$", _I)
_PERSON_ZH = (r"(?:我|你|他|她|我们|他们|她们|咱[妈爸]|(?:我|他|她|你)?(?:的)?"
              r"(?:妈妈?|爸爸?|老妈|老爸|父亲|母亲|老婆|老公|"
              r"媳妇|丈夫|妻子|儿子|女儿|孩子|宝宝|奶奶|爷爷|外婆|外公|姥姥|姥爷|姐姐?|哥哥?|弟弟?|妹妹?|舅舅|叔叔|阿姨|姑姑|"
              r"表[姐哥弟妹]|堂[姐哥弟妹]|男朋友|女朋友|对象|朋友|同事|室友|邻居|领导)|[王李张刘陈杨赵黄周吴徐孙马朱胡郭何林罗高]"
              r"(?:阿姨|叔叔|老师|大爷|大妈|姐|哥|总)|小[\u4e00-\u9fff])")
_HAVE_ZH = (r"(?:[\u4e00-\u9fff]{0,3}?)(?:有|得了|得过|患有?|患上了?|确诊(?:了|为)?|查出(?:了|来)?|诊断出?(?:了|为)?|"
            r"犯了|发作|复发|吃|服用|在用|打(?!算|听|扫|工|车|开|电话|球|游戏|折|卡|招呼)|做|接受)[了过着]?")
# an aspect particle after the verb (吃了, 打过) is the verb's, never the start of a drug or a condition
_CONDITION_ZH = (r"(?![了过着])[^\s，。,；;！？!?]{0,8}?(?:症|癌|瘤|炎|病(?![毒假房人历号])|综合征|综合症|障碍|海默|"
                 r"甲亢|甲减|痛风|"
                 r"\d+(?:\.\d+)?\s*(?:毫克|微克|mg|mcg)[^\s，。,；;]{0,8}|"
                 r"[\u4e00-\u9fff]{1,4}(?:(?<![桂柏吉森树园少武丛竹榆杏儒翰山])林|平(?![台安时常衡板方均静价原面凡稳顺整息米房民日反生淡])|汀|"
                 r"定(?![期时位制点向居金])|酮|素(?![材质养食])|胍|坦|洛尔)|"
                 r"[\u4e00-\u9fff]{1,4}药(?!店|房|水)|[\u4e00-\u9fff]{0,4}(?:治疗|透析|康复训练)|偏头痛|溃疡|结节|息肉|囊肿|结石|[心脑]梗|(?:心脏|肾|肝|肺)(?:衰竭|功能不全))")
_HEALTH_ZH = re.compile(_PERSON_ZH + _HAVE_ZH + "(" + _CONDITION_ZH + ")"
                        r"(?![症病]?的?(?:研究|基金|协会|宣传|科普|防治|治疗方法|方面|相关|书|文章|纪录片|课题|项目|实验|论文|讲座))")
_MILD_ZH = re.compile(r"感冒|发烧|发热|头疼|(?<!偏)头痛|咳嗽|嗓子|上火|退烧|止痛|维生素|保健|钙片|毛病|生病|看病|晕车|"
                      r"失眠药?|牙疼|农药|火药|炸药|弹药|中药|补药|晕车药")
_TOPIC = re.compile(r"(?:\b(?:about|on|regarding)\s+(?:[\w'’-]+\s+){0,5}|"
                    r"(?:关于|研究|学习|了解)[^，。,.!?！？]{0,8})$", _I)


# what each pattern needs (sensitive_gate): one of its condition words (a substring of each alternative), a
# digit; a new alternative needs one of its words here (test_sensitive_gate compares with every gate open)
_CONDITION_WORDS = word_set(
    "itis", "osis", "emia", "algia", "pathy", "plegia", "trophy", "tomy", "plasty", "oma", "iasis", "disease",
    "disorder", "syndrome", "cancer", "deficiency", "insufficiency", "infection", "sclerosis", "palsy", "apnea",
    "apnoea", "failure", "episode", "lupus", "gout", "emphysema", "type", "migraine", "seizure", "ulcer", "cyst",
    "tumo", "stroke", "thinners", "blockers",
    "statins", "steroids", "antipsychotics", "anticonvulsants", "immunosuppressants", "surgery", "replacement",
    "transplant", "allerg", "meds", "medication", "antibiotics", "lithium", "insulin", "methotrexate", "warfarin",
    "pacemaker", "stent", "cpap", "catheter", "prosthe", "hearing", "feeding", "oxygen")
_POSSESSIVES = word_set("my", "his", "her", "our", "their")
# the acronyms are matched case-sensitively (the patterns have no IGNORECASE): read as written
_ACRONYMS = ("COPD", "IBS", "PCOS", "GERD", "ADHD", "PTSD", "OCD", "HIV", "HPV", "ALS")
_POSSESSED_WORDS = word_set(
    "itis", "osis", "emia", "algia", "pathy", "plegia", "tomy", "oma", "disease", "disorder", "syndrome", "cancer",
    "deficiency", "chemo", "meds", "medication", "insulin", "inhaler", "antidepressants",
    "lupus", "gout", "migraines", "pacemaker", "stent", "cpap", "hearing", "diabetes",
    "asthma", "epilepsy", "depression", "anxiety", "seizures", "therapist", "psychiatrist")


def _health(text: str, gate: Gate) -> list[tuple[str, int, int]]:
    out: list[tuple[str, int, int]] = []
    for pattern, mild, runs in (
            (_HEALTH_EN, _MILD, gate.digit or gate.words(_CONDITION_WORDS) or gate.has(*_ACRONYMS)),
            (_POSSESSED_EN, _MILD,
             gate.words(_POSSESSIVES) and (gate.words(_POSSESSED_WORDS) or gate.has(*_ACRONYMS))),
            (_HEALTH_ZH, _MILD_ZH, gate.wide)):
        for m in pattern.finditer(text) if runs else ():
            value = m.group(1)
            if mild.search(value) or _NOT_CONDITION.match(value.strip()) or _TOPIC.search(text[:m.start()]) \
                    or is_topic(text, m.start(1), m.end(1)) \
                    or re.search(r"关于|研究", value):
                continue
            out.append(("health", m.start(1), m.end(1)))
    return out


def find(text: str, gate: Gate | None = None) -> list[tuple[str, int, int]]:
    """The ``(category, start, end)`` spans the three mechanisms find in ``text`` (character offsets).

    Categories are ``secret`` (a credential-shaped value near a credential word), ``code`` (a number bound
    to a lock) and ``health`` (a condition or medicine bound to a person); spans may overlap. ``gate``:
    ``Gate(text)`` if already read (``sensitive_gate``: a pattern runs only where it can match).
    """
    gate = gate or Gate(text)
    return _credentials(text, gate) + _codes(text, gate) + _health(text, gate)
