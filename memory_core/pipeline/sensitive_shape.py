"""Sensitive values found by their shape and a label nearby, English and Chinese (seed 001 §8.12.2).

The phrase rules (``sensitive_detect``) and the bound mechanisms (``sensitive_bound``) expect the value
right after its word or joined by a link word. People also say the value at a distance, explain it first
and give it last, or report a measurement rather than a diagnosis. Five mechanisms, each a value's shape
checked against a word class in the same clause:

- ``labelled``: a number shaped like an account, card or id number (≥ 6 digits, digit groups allowed)
  within six words after its label ("the savings account it finally got was 778812340", "NHS no. 401 023
  2137"), with no other number's label (order, invoice, tracking, phone, room …) in between; an NHS number
  must pass its mod-11 check digit (NHS Data Dictionary).
- ``keys``: a high-entropy token (≥ 16 characters of letters in both cases and digits; Shannon entropy
  ≥ 3.5 bits per character) near a key word (key, token, secret, AK, SK, 密钥 …), and any token of ≥ 32
  such characters with entropy ≥ 4 on its own. Hex digests (one case) and upper-case ids are not keys.
- ``apposition``: a value given at the end of its explanation: "passcode is my birthday backwards, 5130",
  "password is my cat's name plus 99, so whiskers99", "…writing it here: Eldridge1951!" — the number
  (3–8 digits) or credential-shaped token after a comma, colon, arrow or "so" in a clause whose subject
  is a code or credential word joined by a link ("is", "was", 是 …).
- ``labs``: a lab test or vital sign (HbA1c, cholesterol, LDL, PSA, blood pressure, viral load; 血糖, 血压,
  血脂, 尿酸, 转氨酶 …) followed by its value or a result word (high, elevated, came back; 偏高, 超标, 异常).
- ``care``: care events and states that name no condition by its class: hospitalised, in the ICU, an
  EpiPen, "a nut allergy", sober for a time; 查出 + a finding, an endoscopy (胃镜, 肠镜), a biopsy (活检).

A care event named as what a medium is about is no health value (``sensitive_topic.is_topic``).
"""

from __future__ import annotations

import math
import re
from collections import Counter

from memory_core.pipeline.sensitive_bound import credential_shape
from memory_core.pipeline.sensitive_gate import Gate, word_set
from memory_core.pipeline.sensitive_topic import CLAUSE_END, is_topic
from memory_core.text.script import has_han

__all__ = ["entropy", "find", "nhs_ok"]

_I = re.IGNORECASE


def entropy(token: str) -> float:
    """Shannon entropy of ``token``'s characters, in bits per character (0.0 for an empty token)."""
    if not token:
        return 0.0
    counts = Counter(token)
    return -sum(n / len(token) * math.log2(n / len(token)) for n in counts.values())


def nhs_ok(digits: str) -> bool:
    """True when ten digits pass the NHS number's mod-11 check (weights 10..2; a remainder giving 10 is invalid)."""
    if len(digits) != 10 or not digits.isdigit():
        return False
    check = 11 - sum(int(d) * w for d, w in zip(digits[:9], range(10, 1, -1), strict=True)) % 11
    check = 0 if check == 11 else check
    return check != 10 and check == int(digits[9])


# ── a value's label a few words before it ─────────────────────────────────

_LABELS = [
    ("account", re.compile(r"\b(?:(?:savings|checking|chequing|current|joint|business|salary|brokerage|bank)\s+"
                           r"(?:account|acct)|account\s*(?:number|no\b\.?|#)|acct\.?\s*(?:number|no\b\.?|#)?|"
                           r"routing(?:\s+number)?|sort\s+code|iban|account|a/c|checking|chequing|savings|clabe|cbu)|"
                           r"银行账号|收款账号|账号|账户|帐号|户号|对公账户|收款人?账户", _I)),
    ("card", re.compile(r"\b(?:card\s*(?:number|no\b\.?|#)|(?:credit|debit|visa|mastercard|amex)\s+card)|"
                        r"银行卡号?|信用卡号?|卡号", _I)),
    ("id", re.compile(r"\b(?:nhs|chi|medicare|medicaid|patient|member|policy|health\s+card|health\s+insurance|"
                      r"insurance\s+(?:member|policy)|medical\s+record|mrn|passport|social\s+security|ssn|"
                      r"national\s+id|id\s+card|driver'?s?\s+licen[cs]e|driving\s+licen[cs]e)"
                      r"(?:\s*(?:id|number|no\b\.?|#))?|"
                      r"身份证号?|护照号?|社保卡?号|医保卡?号|病历号|就诊卡号|学籍号", _I)),
]
_LABEL_VALUE = re.compile(r"(?<![\w.-])([A-Za-z]{0,4}\d[\d\s-]{4,24}\d)(?![\w.-]|\s?%)")
_OTHER_LABEL = re.compile(
    r"\b(?:order|invoice|tracking|phone|tel|mobile|room|flight|ticket|reference|ref|confirmation|booking|"
    r"serial|model|employee|student|case|claim|parcel|package|zip|postal|year|years|balance|\$|usd|eur|"
    r"about|around|over|under)\b|"
    r"订单|单号|发票|快递|电话|手机|房间|航班|工号|学号|余额|邮编|[$€£¥]", _I)
# an amount: a number right after a verb of money ("got 150000", 转了 5000)
_AMOUNT_VERB = re.compile(r"(?:\b(?:got|gets|paid|pays|received|deposited|transferred|sent|put|has|had|earned|spent|"
                          r"saved|withdrew|owes?|holds?|added|moved)|转了|存了|收到|花了|取了|还有|有)\s*$", _I)


_MONEY_AFTER = re.compile(r"\s*(?:dollars?|bucks|euros?|pounds?|usd|eur|gbp|rmb|cny|yuan|yen|points|元|块|美元|"
                          r"欧元|英镑|积分|k\b|m\b)", _I)
_LAST_FOUR = re.compile(r"\b(?:ends?|ending|ended)(?:\s+(?:in|with)\b|\s+\d{4}\b)|\blast\s+(?:four|4)\b|尾号|后四位",
                        _I)


def _labelled(text: str) -> list[tuple[str, int, int]]:
    out = []
    for category, label in _LABELS:
        for m in label.finditer(text):
            rest = text[m.end():m.end() + 80]
            stop = CLAUSE_END.search(rest)
            rest = rest[:stop.start()] if stop else rest
            for v in _LABEL_VALUE.finditer(rest):  # the first value of its shape; a last four may come before it
                gap = rest[:v.start()]
                if len(gap.split()) > 12 or _OTHER_LABEL.search(gap) or _AMOUNT_VERB.search(gap) \
                        or any(len(run) > 4 for run in re.findall(r"\d+", gap)) \
                        or (re.search(r"\d", gap) is not None and not _LAST_FOUR.search(gap)):
                    break
                if len(gap.split()) > 6 and not re.search(r"\d", gap):
                    break
                value = v.group(1)
                if _MONEY_AFTER.match(rest[v.end():]):
                    break  # "savings of 25000000 yuan": an amount
                digits = re.sub(r"\D", "", value)
                if len(digits) < (6 if re.search(r"(?:\bis|\bwas|:|：|是|为|成)\s*$", gap, _I) else 8) \
                        or len(set(digits)) == 1 or re.fullmatch(r"(?:86)?1[3-9]\d{9}", digits):
                    continue
                if re.search(r"\bnhs\b", m.group(0), _I) and not nhs_ok(digits):
                    break
                start = m.end() + v.start(1)
                out.append((category, start, start + len(value)))
                break
    return out


# ── high-entropy tokens: keys ─────────────────────────────────────────────

_KEY_WORD = re.compile(r"(?<![A-Za-z])(?:(?:api|app|access|secret|private|client|license|licence|master)?[\s_-]?"
                       r"keys?|tokens?|secrets?|(?-i:AK|SK|AppKey|AppSecret))(?![A-Za-z])|密钥|秘钥|令牌", _I)
_TOKEN = re.compile(r"(?<![\w/+=.-])([A-Za-z0-9_\-+/=.]{16,128})(?![\w/+=-])")


def _key_shaped(token: str, alone: bool) -> bool:
    core = re.sub(r"[_\-+/=.]", "", token)
    if not (any(c.islower() for c in core) and any(c.isupper() for c in core) and any(c.isdigit() for c in core)):
        return False  # a hex digest, an upper-case id, a word
    if alone:
        return len(core) >= 32 and entropy(core) >= 4.0
    return len(core) >= 16 and entropy(core) >= 3.5


def _keys(text: str) -> list[tuple[str, int, int]]:
    out = []
    for m in _TOKEN.finditer(text):
        token = m.group(1).rstrip(".")
        near = text[max(0, m.start() - 40):m.start()] + " " + text[m.end():m.end() + 24]
        if _key_shaped(token, alone=not _KEY_WORD.search(near)):
            out.append(("api_key", m.start(1), m.start(1) + len(token)))
    return out


# ── a value at the end of its explanation ─────────────────────────────────

_SUBJECT = re.compile(
    r"\b(?P<code>(?:pin|passcode|pass\s+code|code|combination|combo))\b|"
    r"\b(?P<secret>password|passwd|passphrase|pw|pwd|pass|login|log-in)\b|"
    r"(?P<zsecret>密码|口令)", _I)
_NOT_SECRET_CODE = re.compile(r"\b(?:area|zip|postal|post|country|promo|discount|coupon|voucher|error|status|dress|"
                              r"source|qr|bar|referral|invite|morse|tax)\s+$", _I)
_LINKED = re.compile(r"^[^.;!?。！？；\n]{0,40}?(?:\b(?:is|was|are|it's|it’s|its|still|now|remains|became)\b|[:：=]|"
                     r"^['’]s\b|^\s*(?:\?|—|–|\s-\s)|"
                     r"是|为|就是)", _I)
_TAIL = re.compile(r"(?:[,，:：→]|->|—|–|\bso\b|\bi\.e\.|\baka\b|\bie\b|"
                   r"\b(?:one|it|this|that)\s+(?:is|was|'s|’s)|\b(?:it's|it’s|its|now|still))\s*[\"'“‘]?$", _I)


_SUBJECT_WORDS = word_set("pin", "pass", "code", "combo", "combination", "pw", "log")


def _apposition(text: str, gate: Gate) -> list[tuple[str, int, int]]:
    out = []
    subject = gate.words(_SUBJECT_WORDS)
    for m in _SUBJECT.finditer(text) if subject else ():
        if _NOT_SECRET_CODE.search(text[max(0, m.start() - 16):m.start()]):
            continue
        linked = _LINKED.match(text[m.end():])
        if linked is None:
            continue
        rest = text[m.end() + linked.end():m.end() + linked.end() + 90]
        stop = CLAUSE_END.search(rest)
        rest = rest[:stop.start()] if stop else rest
        colon = bool(re.search(r"(?:[:：=]|\bstill|\bnow|\bremains)$", linked.group(0).rstrip(), _I))
        for n, tok in enumerate(re.finditer(r"[!-~]+", rest)):
            after_zh = bool(m.group("zsecret") and re.search(r"[\u4e00-\u9fff]\s*$", rest[:tok.start()]))
            if not _TAIL.search(rest[:tok.start()]) and not (colon and n == 0) and not after_zh:
                continue
            value = tok.group(0).strip("\"'“”‘’.,;!?)(")
            spaced = re.match(r"\d{1,4}(?: \d{1,4}){1,7}(?![\w.,:/-]\d)", rest[tok.start():])
            if spaced and len(re.sub(r"\D", "", spaced.group(0))) >= 4:
                value = spaced.group(0)  # "the same as mine, 2 2 4 4 6 6"
            if not value:
                continue
            start = m.end() + linked.end() + tok.start() + (0 if spaced and value == spaced.group(0)
                                                             else tok.group(0).find(value))
            if (m.group("code") or m.group("zsecret")) and re.fullmatch(r"#?\d{3,8}#?|\d{1,3}(?:-\d{1,3}){2,4}|"
                                                                         r"\d{1,4}(?: \d{1,4}){1,7}", value):
                out.append(("code", start, start + len(value)))
                break
            named = re.search(r"\b(?:name|nickname|word)\s*[:：]\s*[\"'“‘]?$|名字\s*[:：]\s*$", rest[:tok.start()], _I)
            if not m.group("code") and (credential_shape(value) or (named and re.fullmatch(r"[A-Za-z][A-Za-z'-]{2,30}",
                                                                                         value))) \
                    and not re.fullmatch(r"#?\d+#?", value):
                out.append(("secret", start, start + len(value)))
                break
    return out


# ── lab results and care ──────────────────────────────────────────────────

_LAB_EN = re.compile(
    r"\b(?:hb)?a1c|\b(?:ldl|hdl|psa|tsh|egfr|alt|ast|inr|cd4|bmi)\b|cholesterol|triglycerides?|creatinine|"
    r"ferritin|ha?emoglobin|platelets?|white\s+(?:blood\s+)?(?:cell\s+)?count|viral\s+load|liver\s+enzymes|"
    r"blood\s+(?:sugar|glucose|pressure)|\bbp\b|glucose|thyroid\s+levels?|t\s*-?cell\s+count|sperm\s+count", _I)
_LAB_VALUE_EN = re.compile(
    r"^(?:\s+(?:was|is|were|are|came\s+back|come\s+back|reading|level|levels|result|results|number|numbers|"
    r"test|at|of|still|again|now|really|so|way|too|pretty|quite|a\s+bit|up|down|to|as|back|'s|’s))*[\s:=]*"
    r"(?:\d+(?:\.\d+)?(?:\s*/\s*\d+)?(?!\s*(?:dollars|bucks|usd|eur|%\s+off))(?![\d.,]*\s*[$€£¥])|"
    r"(?:high|higher|low|lower|elevated|abnormal|positive|undetectable|detectable|borderline|off|bad|"
    r"through\s+the\s+roof|out\s+of\s+range|over\s+\d+))", _I)
_LAB_ZH = re.compile(r"(?:空腹|餐后)?血糖|血压|血脂|胆固醇|甘油三酯|尿酸|转氨酶|肌酐|血红蛋白|血小板|白细胞|甲功|"
                     r"糖化(?:血红蛋白)?|肝功能?|肾功能?|病毒载量|尿蛋白|癌胚抗原|肿瘤标志物")
_LAB_VALUE_ZH = re.compile(r"^\s*(?:又|还|有点|有些|太|很|都|也|是|值|指标|结果|检查|测出来|测了)*\s*"
                           r"(?:\d+(?:\.\d+)?(?:\s*/\s*\d+)?(?!\s*(?:元|块))|偏高|偏低|超标|异常|升高|高了|低了|过高|过低|"
                           r"阳性|不正常|不达标|(?:高|低)(?![铁速兴档端级手中楼层个])(?:了|的)?(?=$|[，。,.!?！？；;\s]|[\u4e00-\u9fff]))")
_BRAND_DRUG = (r"wellbutrin|bupropion|zoloft|lexapro|prozac|paxil|celexa|effexor|cymbalta|trintellix|xanax|klonopin|"
               r"valium|ativan|ambien|adderall|ritalin|vyvanse|concerta|strattera|seroquel|abilify|risperdal|zyprexa|"
               r"latuda|lamictal|depakote|lithium|suboxone|subutex|methadone|naltrexone|vivitrol|antabuse|truvada|"
               r"descovy|biktarvy|ozempic|wegovy|mounjaro|zepbound|jardiance|januvia|metformin|lantus|humalog|"
               r"synthroid|levothyroxine|eliquis|xarelto|warfarin|coumadin|plavix|lipitor|crestor|zocor|norvasc|"
               r"lisinopril|losartan|prednisone|humira|enbrel|remicade|stelara|dupixent|keytruda|tamoxifen|herceptin|"
               r"accutane|isotretinoin|spironolactone|finasteride|propecia|viagra|cialis|gabapentin|lyrica|tramadol|"
               r"oxycodone|percocet|vicodin|norco|fentanyl|birth\s+control|the\s+pill|hrt|testosterone|estrogen|"
               r"oestrogen|puberty\s+blockers|antidepressants?|antipsychotics?|mood\s+stabili[sz]ers?")
_ON_DRUG = re.compile(r"\b(?:on|taking|take|takes|took|prescribed|started|starting|stopped|stopping|quit|"
                      r"switched\s+to|refill(?:ed)?\s+(?:of\s+|on\s+)?(?:my\s+|his\s+|her\s+)?|dose\s+of|mg\s+of|"
                      r"(?:my|his|her))\s+(?:\w+\s+){0,2}?(" + _BRAND_DRUG + r")\b"
                      r"(?!\s+(?:commercial|ads?|stock|shares|prices?|shortage|lawsuit|news)\b)", _I)
_THERAPIST = re.compile(r"\b(?:see|sees|seeing|saw|visit(?:s|ing|ed)?|go(?:es|ing)?\s+to|went\s+to|started\s+with|"
                        r"booked|my|his|her|their)\s+(?:a\s+|an\s+|the\s+|new\s+)*(?P<v>psychologist|psychotherapist|"
                        r"counsel+or|therapist|psychiatrist|speech\s+therapist|occupational\s+therapist|"
                        r"physical\s+therapist|physiotherapist|physio)\b|"
                        r"\b(?:in|to|started|starting|my|his|her|our|attend(?:s|ing|ed)?|doing|does|did)\s+"
                        r"(?:couples\s+|grief\s+|marriage\s+|weekly\s+)?(?:counsel+ing|psychotherapy|physical\s+therapy|"
                        r"physiotherapy|speech\s+therapy)\b(?!\s+(?:and|or)\s+mental\s+health)", _I)
_DISABILITY = re.compile(
    r"\b(?:deaf|blind)\s+in\s+(?:one|both|my|his|her|the\s+left|the\s+right)\s+(?:\w+\s+)?(?:ears?|eyes?)|"
    r"\b(?:legally|completely|partially|going|went|gone)\s+(?:deaf|blind)\b|\b(?:i'm|i’m|i\s+am|is|was)\s+deaf\b|"
    r"\b(?:uses?|using|in|needs?|confined\s+to)\s+a\s+wheelchair|\bwheelchair[\s-](?:user|bound)|"
    r"\b(?:paraly[sz]ed|quadriplegic|paraplegic|amputee|amputated|prosthetic\s+\w+|hearing\s+aids?|"
    r"cochlear\s+implants?|dyslexi[ac]|(?:has|have|had)\s+a\s+(?:bad\s+)?(?:stutter|stammer))\b", _I)
_CARE_MORE_ZH = re.compile(r"剖腹产|剖宫产|引产|宫外孕|坐月子|产后抑郁|"
                           r"耳聋|聋了|失明|瞎了|瘫痪|截肢|坐轮椅|轮椅上|助听器|残疾|口吃|结巴|色盲|做试管|促排|"
                           r"取卵|冻卵|人流|打胎|上环|避孕药|激素治疗|碳酸锂|优甲乐|救心丸|[\u4e00-\u9fff]{1,3}(?:唑|哌啶|哌嗪|司琼)|"
                           r"(?:有点?|得了|查出来?(?:是|有)?|确诊(?:了|为|是)?|犯了|患上?了?)(?:轻度|中度|重度|缺铁性)?"
                           r"(?:房颤|早搏|心律不齐|心衰|贫血)|"
                           r"怀(?:了|上了?)?(?:二胎|三胎|一胎|双胞胎|宝宝|孩子)|"
                           # a drug taken as a habit, the subject said before
                           r"(?:在|一直|开始|每天|长期)(?:吃|服用?)[\u4e00-\u9fff]{1,4}(?:林|平|汀|沙坦|洛尔|他汀|双胍|西泮|唑仑)")
_NETWORK_KEY = re.compile(r"(?:wi-?fi|wireless|network|router|hotspot|wpa2?|ssid|wlan|无线|网络)[^.;!?。！？\n]{0,40}?"
                          r"(?:\bkey|密钥)\s*(?:is|was|:|：|=|->|是|为)\s*[\"'“‘]?([!-~]{6,64})", _I)
_HEX_KEY = re.compile(r"(?:\bkey|\btoken|\bsecret|密钥|令牌)(?:\s+(?:for|to|of|on)\s+[^:：=\n]{1,30}?)?"
                      r"\s*(?:is|was|:|：|=|是|为)?\s*[\"'“‘]?"
                      r"((?=[0-9a-f-]*[a-f])(?=[0-9a-f-]*\d)[0-9a-f]{32,64}(?:-[a-z]{2}\d{1,3})?)(?![\w-])", _I)
# a diagnosis someone medical reported: "the doctor said I have …", 医生说我有… (a pet's own illnesses, 毛球症 or
# 猫瘟, are no one's health data)
_DOCTOR_SAID = re.compile(
    r"\b(?:doctor|doc|gp|dr\.?\s*[A-Z]\w+|specialist|cardiologist|oncologist|neurologist|dermatologist|"
    r"psychiatrist|nurse|physician|surgeon|dentist|vet)s?\s+(?:said|says|thinks|told\s+(?:me|him|her|us|them)|"
    r"confirmed|found)\s+(?:that\s+)?(?:I|he|she|they|my\s+\w+|it)(?:'s|’s|'ve|’ve)?\s+(?:have|has|had|got|might\s+have|"
    r"may\s+have|probably\s+has|is|am|was|are)\s+(?!(?:fine|healthy|ok|okay|good|great|normal|clear|alright|all\s+right|"
    r"(?:a\s+)?(?:cold|flu|cough|fever))\b)(?:an?\s+)?[\w-]+(?:\s+[\w-]+)?|"
    r"(?:医生|大夫|医院|专家|体检|检查)(?:说|讲|诊断|判断|确认|怀疑|显示)[^，。,；;！？]{0,4}?(?:有|是|得了|患了|患有|"
    r"[我他她](?=[\u4e00-\u9fff]{0,5}(?:病|症|炎|肝|癌|瘤|结节|结石|贫血|偏高|偏低|超标|异常)))"
    r"(?!(?:点)?(?:感冒|发烧|咳嗽|上火|没事|没问题|健康|正常|毛球|猫瘟|犬瘟|细小|耳螨|猫癣))[^\s，。,；;！？]{1,8}|"
    r"\b(?:I|I'm|I’m|he|she|they|we|my\s+\w+|[A-Z][a-z]+)\s+(?:just\s+|finally\s+|recently\s+)?(?:got|was|were|been|'s|’s|is)"
    r"\s+(?:just\s+|finally\s+|recently\s+)?diagnosed\b"
    # the condition it names is part of the finding, up to a word that starts what follows it
    r"(?:\s+(?:with|w/)\s+[\w'’-]+(?:\s+(?!(?:in|on|at|last|this|when|since|after|before|and|but|so|a|an)\b)"
    r"[\w'’-]+){0,2})?", _I)
_DEVICE_ZH = re.compile(r"呼吸机|制氧机|胰岛素泵|血糖仪|透析机|导尿管|造口袋|呼吸暂停")
# answers that unlock an account: a security answer, a memorable word, a maiden name (密保答案)
_ANSWER = re.compile(r"(?:\b(?:security|secret|recovery)\s+(?:question\s+)?answer|\bmemorable\s+(?:word|answer)|"
                     r"\bmaiden\s+name|密保(?:问题)?(?:的)?答案|安全问题(?:的)?答案)s?\s*(?:is|was|are|:|：|=|是|为)\s*"
                     r"[\"'“‘]?([^\s\"'”’,，。.;；!?！？]{2,40})", _I)
# an account by shape: a UK sort code with its account number, a transfer to a long number
_ACCOUNT_SHAPE = re.compile(r"(?<![\d-])(\d{2}-\d{2}-\d{2}[\s,;/]+\d{8})(?!\d)|"
                            r"(?:\b(?:pay|paid|transfer|transferred|wire|wired|send|sent|deposit|goes|go|went|put)\s+"
                            r"(?:it\s+|money\s+|the\s+\w+\s+)?(?:in)?to|打到|转到|汇到|打款到|转账到)\s*"
                            r"(?:(?:account|acc|acct)\.?\s+|账户|账号)?"
                            r"(\d[\d\s-]{6,28}\d)(?!\d)", _I)
# a dial lock's combination: "3 turns right to 12, left to 34, right to 9"
_DIAL = re.compile(r"\b(?:right|left|clockwise|counter-?clockwise|anti-?clockwise)\s+(?:\w+\s+){0,2}?(?:to\s+)?"
                   r"(\d{1,2})\b(?:[,;]?\s*(?:then\s+|and\s+)?(?:\w+\s+){0,2}?"
                   r"(?:right|left|clockwise|counter-?clockwise|anti-?clockwise)\s+(?:\w+\s+){0,2}?(?:to\s+)?\d{1,2}\b){1,4}",
                   _I)
_DEVICE = re.compile(r"\s*(?:monitor|cuff|machine|meter|strips?|app|test\s+kit)", _I)  # "blood pressure monitor"
_ORGAN = r"(?:gallbladder|appendix|tonsils|thyroid|uterus|ovar(?:y|ies)|spleen|prostate|kidney|breasts?)"
_CARE = re.compile(
    r"\b(?:hospitali[sz]ed|admitted\s+to\s+(?:the\s+)?(?:hospital|icu|er|psych\w*)|in\s+the\s+icu|"
    r"epi-?pens?|c-?section|ca?esarean|pneumonia|sepsis|psych(?:iatric)?\s+(?:ward|unit|hospital|hold)|overdos(?:e|ed|ing)|"
    r"(?:been|stayed|staying|am|i'm|i’m|is|was|got)\s+sober|sobriety|"
    r"(?:my|his|her|their|our|a|an|severe|bad)\s+(?!hay\b)(?:(?!(?:of|and|or|to|for|with|the|no|any)\b)[\w-]+\s+){0,2}"
    r"(?:allerg(?:y|ies))\b(?!\s+season)|"  # "a nut allergy", "a bee venom allergy"
    r"(?:biopsy|mri|ct\s+scan|colonoscopy|endoscopy|mammogram)\s+(?:came\s+back|results?|showed|found)|"
    r"\d{1,2}\s+weeks\s+(?:along|pregnant)|expecting\s+(?:a\s+baby|twins)|"
    r"brca[12]?\s*(?:positive|mutation|carrier|gene\s+mutation)|(?:in|into|entered|on|receiving)\s+hospice|"
    r"palliative\s+care|"
    r"(?:in|into|back\s+in|went\s+to|checked\s+into|out\s+of)\s+detox|relaps(?:e|ed|ing)\b|"
    r"(?:got|had|have|having|getting|get)\s+(?:my|his|her|their|a|an|the)?\s*" + _ORGAN
    + r"\s+(?:out|removed|taken\s+out)|"
    + _ORGAN + r"\s+(?:removal|removed))", _I)
_CARE_ZH = re.compile(r"(?:查出|检查出|发现)(?:了|有)?[^\s，。,；;！？]{0,6}"
                      r"(?:症|癌|瘤|炎|病|溃疡|结节|息肉|囊肿|结石|积液)|"
                      r"胃镜|肠镜|活检|穿刺|住进了?(?:ICU|重症|医院)|进了?(?:ICU|重症监护)|"
                      r"(?:切除|摘除|摘掉|切掉|割掉|割了)了?[^，。,]{0,2}(?:胆囊|阑尾|甲状腺|子宫|卵巢|脾脏?|肾|乳房|扁桃体)|"
                      r"(?:胆囊|阑尾|甲状腺|子宫|卵巢|扁桃体)(?:被)?(?:切除|摘除|切了|割了|摘了)")


_WORD = re.compile(r"[a-z0-9]+")


def _set(words: str) -> frozenset[str]:
    return frozenset(words.split())


# the words one of which an English pattern needs (a set lookup per turn instead of a regex scan)
_NEEDS: list[tuple[re.Pattern[str], frozenset[str]]] = [
    (_CARE, _set("hospitalized hospitalised admitted icu epi epipen epipens pen pens section csection caesarean "
                 "cesarean pneumonia sepsis psych psychiatric overdose overdosed overdosing sober sobriety "
                 "allergy allergies biopsy mri ct colonoscopy endoscopy mammogram gallbladder appendix tonsils "
                 "thyroid uterus ovary ovaries spleen prostate kidney breast breasts along pregnant expecting detox "
                 "relapse relapsed relapsing brca brca1 brca2 hospice palliative")),
    (_ON_DRUG, frozenset(re.sub(r"\\s\+|[?()]", " ", _BRAND_DRUG).replace("|", " ").split())
     - {"the", "stabili[sz]ers"} | {"antidepressant", "antipsychotic", "stabilizers", "stabilisers"}),
    (_THERAPIST, _set("psychologist psychotherapist counselor counsellor therapist psychiatrist physiotherapist "
                      "physio counseling counselling psychotherapy therapy physiotherapy")),
    (_DISABILITY, _set("deaf blind wheelchair paralyzed paralysed quadriplegic paraplegic amputee amputated "
                       "prosthetic hearing cochlear dyslexic dyslexia stutter stammer")),
    (_DOCTOR_SAID, _set("doctor doctors doc docs gp dr specialist cardiologist oncologist neurologist "
                        "dermatologist psychiatrist nurse physician surgeon dentist vet diagnosed")),
]


_LAB_WORDS = _set("a1c hba1c ldl hdl psa tsh egfr alt ast inr cd4 bmi cholesterol triglyceride triglycerides "
                  "creatinine ferritin hemoglobin haemoglobin platelet platelets white viral liver blood bp glucose "
                  "thyroid cell "
                  "sperm")


# every word one of the English patterns needs (a word of the text is also a substring of it: sensitive_gate)
_LABS_AND_CARE_WORDS = word_set(*(w for w in _LAB_WORDS.union(*(needs for _, needs in _NEEDS)) if w.isascii()))


def _labs_and_care(text: str, gate: Gate) -> list[tuple[str, int, int]]:
    out: list[tuple[str, int, int]] = []
    zh = has_han(text)  # the Chinese patterns only where there is Chinese
    if not zh and not gate.words(_LABS_AND_CARE_WORDS):
        return out
    words = set(_WORD.findall(text.lower()))
    labs = [(_LAB_EN, _LAB_VALUE_EN)] if _LAB_WORDS & words else []
    labs += [(_LAB_ZH, _LAB_VALUE_ZH)] if zh else []
    cares = [p for p, needs in _NEEDS if needs & words or (zh and p is _DOCTOR_SAID)]
    cares += [_CARE_ZH, _CARE_MORE_ZH, _DEVICE_ZH] if zh else []
    for lab, value in labs:
        for m in lab.finditer(text):
            v = value.match(text[m.end():])
            if v is not None and not _DEVICE.match(text[m.end():]):
                out.append(("health", m.start(), m.end() + v.end()))
    for care in cares:
        for m in care.finditer(text):
            start, end = m.span("v") if "v" in care.groupindex and m.group("v") else m.span()  # the noun, if named
            if not is_topic(text, start, end):
                out.append(("health", start, end))
    return out


_KEY, _KEY_WORDS = word_set("key"), word_set("key", "token", "secret")
_ANSWER_WORDS = word_set("answer", "memorable", "maiden")


def _network_and_hex_keys(text: str, gate: Gate) -> list[tuple[str, int, int]]:
    out = []
    key = gate.words(_KEY)  # or 密钥
    for m in _NETWORK_KEY.finditer(text) if key else ():
        value = m.group(1).strip("\"'“”‘’.,;!?)(")
        if credential_shape(value):
            out.append(("secret", m.start(1), m.start(1) + len(value)))
    if gate.digit and gate.words(_KEY_WORDS):  # or 密钥, 令牌
        out += [("api_key", m.start(1), m.end(1)) for m in _HEX_KEY.finditer(text)]
    if gate.words(_ANSWER_WORDS):  # or 密保, 安全问题
        out += [("secret", m.start(1), m.end(1)) for m in _ANSWER.finditer(text)]
    if not gate.digit:
        return out  # a dial's numbers and an account's digits
    out += [("code", m.start(1), m.end()) for m in _DIAL.finditer(text)]
    for m in _ACCOUNT_SHAPE.finditer(text):
        group = 1 if m.group(1) else 2
        digits = re.sub(r"\D", "", m.group(group))
        phone = re.fullmatch(r"(?:86)?1[3-9]\d{9}", digits) \
            or re.fullmatch(r"\d{3}[-\s]\d{3,4}[-\s]\d{4}", m.group(group))
        if len(digits) >= 8 and not phone:
            out.append(("account", m.start(group), m.end(group)))
    return out


def find(text: str, gate: Gate | None = None) -> list[tuple[str, int, int]]:
    """The ``(category, start, end)`` spans the five mechanisms find in ``text`` (character offsets; may overlap).

    ``gate``: ``Gate(text)`` if already read (``sensitive_gate``: a pattern runs only where it can match).
    """
    gate = gate or Gate(text)
    # labelled numbers and keys need digits (str.isdigit: a \d found settles it, else only non-ASCII can hold one)
    digits = gate.digit or (gate.wide and any(c.isdigit() for c in text))
    return (_labelled(text) if digits else []) + (_keys(text) if digits else []) + _apposition(text, gate) \
        + _labs_and_care(text, gate) + _network_and_hex_keys(text, gate)
