"""The mechanisms of memory_core/pipeline/sensitive_bound.py: a value's shape bound to a word class."""

from __future__ import annotations

import pytest

from memory_core.pipeline.sensitive import detect
from memory_core.pipeline.sensitive_bound import credential_shape, find


@pytest.mark.parametrize("token", ["Kx7#pq2m", "hunter42", "Zorro_88x", "m00nLight5", "wx_99Lucky", "Rt88#home"])
def test_credential_shapes(token: str) -> None:
    assert credential_shape(token)


@pytest.mark.parametrize("token", ["sunshine", "2.14.3", "v3.2.1", "2026-12-05", "13:05", "$35.99", "SF1234567890",
                                   "B204", "10km", "20mg", "bob@example.com", "https://x.org/a1", "e-mail", "123456"])
def test_shapes_that_are_not_credentials(token: str) -> None:
    assert not credential_shape(token)


def test_strong_shape_leaves_out_a_capitalised_word_with_digits() -> None:
    assert credential_shape("Office365") and not credential_shape("Office365", strong=True)
    assert credential_shape("Tr0ub4dor", strong=True) and credential_shape("Kx7#pq2m", strong=True)


def _cats(text: str) -> set[str]:
    return {c for c, _, _ in find(text)}


@pytest.mark.parametrize(("text", "value"), [
    ("ok the router admin pw Kx7#pq2m dont lose it", "Kx7#pq2m"),           # no link: a strong shape
    ("new netflix login for the family -> Zorro_88x", "Zorro_88x"),
    ("Priya set her laptop passcode to m00nLight5", "m00nLight5"),
    ("Credentials for the staging box are deploy / Gr33n-Light", "Gr33n-Light"),
    ("老爸的QQ密码 wang_1963xy", "wang_1963xy"),
    ("家里路由器登录密码我改了 Rt88#home", "Rt88#home"),
    ("Xk82!mzQ 是我们公司VPN的口令", "Xk82!mzQ"),                           # the value before the word
    ("my apple id: liwei88@163.com / Lw19880808", "Lw19880808"),           # a login's pair shape
    ("🔑 wifi → GoldenRetriever_88", "GoldenRetriever_88"),                # a key emoji, an arrow
])
def test_a_credential_near_a_credential_word(text: str, value: str) -> None:
    spans = [text[s:e] for c, s, e in find(text) if c == "secret"]
    assert value in spans


@pytest.mark.parametrize("text", [
    "my Windows11 password expired again",             # a capitalised word with digits, no link
    "he forgot the password to his Xbox360",           # "to" names the account
    "I typed Office365 into the password box by mistake",
    "password reset link expires 2026-12-05",
    "the password manager costs $35.99 a year",
    "密码学课程在 B204 教室",
    "登录页面在 2.0 版本里改了",
])
def test_no_credential_without_its_shape_or_its_link(text: str) -> None:
    assert "secret" not in _cats(text)
    assert not detect(text)


@pytest.mark.parametrize(("text", "value"), [
    ("the shed padlock is 4-4-7-1", "4-4-7-1"),          # a lock noun through a link word
    ("Aunt May's front door: 3391", "3391"),
    ("to get in the building punch in 90210 on the keypad", "90210"),  # a typing verb, a keypad in the sentence
    ("You can get into my apartment with 1357 on the keypad", "1357"),
    ("the side gate opens with 4482", "4482"),            # an opening verb
    ("I set the bike lock to 0915, my birthday", "0915"),
    ("奶奶家门锁是 260419", "260419"),
    ("快递柜开柜 472910，帮我取一下", "472910"),
    ("单元门的密码锁 8852，进门左转", "8852"),
])
def test_a_number_bound_to_a_lock(text: str, value: str) -> None:
    spans = [text[s:e] for c, s, e in find(text) if c == "code"]
    assert value in spans


@pytest.mark.parametrize("text", [
    "Our flight leaves from gate 23 at 7pm.",            # a label right after its noun
    "locker 214 is mine at the gym",
    "the door was painted in 2019",                      # a year
    "the keypad costs 1200 yen",                         # a price
    "My door is 120 cm wide",                            # a quantity
    "the postal code for our office is 2000",            # a non-secret code class
    "error code for the printer is 1203",
    "She entered 2025 with a new job and a new lock on her bike",
    "房间门牌 1806，到了打电话",
    "这把锁花了 128 元",
    "门口的快递放在 3 号柜",
])
def test_numbers_that_are_not_lock_codes(text: str) -> None:
    assert "code" not in _cats(text)


@pytest.mark.parametrize("text", [
    "Raj has been on lithium since his manic episode.",
    "my grandma has emphysema and can't do stairs",
    "Ana's living with lupus, some days are bad",
    "my son was diagnosed w/ type 1 last month",
    "she's got fibromyalgia so she cancels a lot",
    "my dad has COPD",
    "I suffer from migraines almost weekly.",
    "我弟查出了甲亢",
    "我老公有睡眠呼吸暂停综合征",
    "王阿姨每天吃5毫克的华法林",
    "我外婆得了阿兹海默，不认人了",
    "张阿姨查出了肺结节",
])
def test_a_condition_bound_to_a_person(text: str) -> None:
    assert "health" in _cats(text)


@pytest.mark.parametrize("text", [
    "my son has a cold and stayed home",                  # an everyday ailment
    "I had a headache so I took some ibuprofen.",
    "my car has a transmission condition",                # not a person
    "Sam has 3000 mg of coffee per day",                  # a dose of coffee
    "My brother has MS Office on his laptop.",
    "We're reading a novel about a girl with leukemia.",  # a topic
    "我有点感冒，吃了感冒药",
    "他写了本关于抑郁症的小说",
    "他得了第一名",
    "我查出了一个bug",
])
def test_no_condition_without_a_person_or_with_a_mild_one(text: str) -> None:
    assert "health" not in _cats(text)
    assert not detect(text)


@pytest.mark.parametrize(("text", "category"), [
    ('my passphrase is "correct horse battery staple"', "secret"),  # a quoted passphrase with spaces
    ("the code is four seven one one", "code"),                     # digits spelt out, after a link
    ("locker combination: 24, 8, 30", "code"),                      # small groups
    ("I have a pacemaker since 2019", "health"),                    # a device
    ("我妈在吃降糖药", "health"),                                     # a medicine by its class suffix 药
])
def test_other_shapes_of_the_same_kinds(text: str, category: str) -> None:
    assert category in _cats(text)


@pytest.mark.parametrize("text", ["The code review has one two three comments", "scores were 24, 8, 30 at the game",
                                  "他喜欢吃中药调理身体", "我去药店买了创可贴",
                                  'the password "must be strong" is the rule'])
def test_the_same_shapes_unbound(text: str) -> None:
    assert not detect(text)


@pytest.mark.parametrize(("text", "category"), [
    ("the alarm panel wants 8080 to disarm", "code"),             # the opening verb after the number
    ("the 6-digit number they texted me was 448120", "code"),     # "6-digit" is a code word
    ("门口键盘输入 4417# 就能进", "code"),
    ("Note to self — laptop: Tr0ub4dor&3", "secret"),             # an account's name, a colon, a strong shape
    ("邮箱：Zw#2026x", "secret"),
])
def test_binding_in_either_direction(text: str, category: str) -> None:
    assert category in _cats(text)


@pytest.mark.parametrize("text", ["Model: XPS-13 is my new one", "my zip is a 5-digit number, 94110",
                                  "输入 2024 年的数据", "我家住在 1203，进门右转"])
def test_near_misses_of_those_bindings(text: str) -> None:
    assert not detect(text)


@pytest.mark.parametrize(("text", "bound"), [
    ("ugh my IBS is acting up again", True),      # a possessive binds a condition to a person
    ("her lupus flared this week", True),
    ("my dad's diabetes meds are expensive", True),
    ("my diagnosis of the bug was wrong", False),
    ("my surgery rotation starts Monday as a med student", False),
    ("our disease research project won an award", False),
])
def test_a_possessive_binds_a_condition(text: str, bound: bool) -> None:
    assert ("health" in _cats(text)) is bound


@pytest.mark.parametrize(("text", "value"), [
    ("Sunflower#88 — that's my bank password", "Sunflower#88"),
    ("Bella2015! is what I use for the wifi password", "Bella2015"),
    ("我支付宝密码就是我生日加名字缩写 zw0812", "zw0812"),
])
def test_a_credential_before_or_far_after_its_word(text: str, value: str) -> None:
    assert value in [text[s:e] for c, s, e in find(text) if c == "secret"]


def test_a_credential_word_as_a_modifier_binds_nothing() -> None:
    assert not detect("I bought a Model-3X, it's password protected")
    assert detect("I bought a Model-3X, its password is Model-3X")


@pytest.mark.parametrize("text", ["My code passed 1200 tests today!", "I beat the level with a combo of 120 hits.",
                                  "The safe bet is 2024 for the release."])
def test_a_code_word_binds_only_an_adjacent_or_linked_number(text: str) -> None:
    assert "code" not in _cats(text)
    assert "code" in _cats("Buzz 305 then the door code 9981") and "code" in _cats("the safe is 4826")


@pytest.mark.parametrize("text", ["我们国庆打算去桂林玩五天。", "我打算去柏林读书。", "她下个月打算去吉林看雪。",
                                  "我们打算去森林公园。", "I plan to visit Guilin and Berlin in October."])
def test_a_plan_to_visit_a_place_ending_in_lin_is_no_health_value(text: str) -> None:
    assert not [f for f in detect(text) if f.category == "health"]


@pytest.mark.parametrize(("text", "value"), [("我在吃阿莫西林。", "阿莫西林"), ("我每天打胰岛素。", "胰岛素"),
                                             ("我爸在吃华法林。", "华法林"), ("I am on warfarin.", "warfarin")])
def test_drugs_ending_in_lin_and_an_injection_stay_health_values(text: str, value: str) -> None:
    assert any(value in f.value for f in detect(text) if f.category == "health")


@pytest.mark.parametrize("text", ["我在郑州做外卖平台的客服", "going to Lagos for my sister Chioma's wedding",
                                  "my cousin Naoma moved to Tacoma", "公司下个月定期体检", "我在做素材整理",
                                  "馒头最近老吐，带去医院说是毛球症，要吃化毛膏"])
def test_words_that_only_end_like_a_drug_or_a_tumour_are_no_health(text: str) -> None:
    # 平台 is no drug ending like 氨氯地平, a given name ending in -oma is no tumour, a cat's hairballs are no one's
    # health data
    assert not [f for f in detect(text) if f.category == "health"]


@pytest.mark.parametrize("text", ["医生让我吃硝苯地平和阿司匹林", "my friend Paloma has lymphoma",
                                  "her melanoma came back", "my sister has a glioblastoma", "turns out I have celiac",
                                  "It's coeliac disease.",
                                  "医生说我有乳糜泻", "他在吃胰岛素"])
def test_drugs_tumours_and_coeliac_disease_are_health(text: str) -> None:
    assert [f for f in detect(text) if f.category == "health"]
