"""The shape-and-label mechanisms of the sensitive-data detector (memory_core/pipeline/sensitive_shape.py,
sensitive_topic.py), English and Chinese: each mechanism alone, and through ``detect``."""

from __future__ import annotations

import pytest

from memory_core.pipeline import sensitive_shape
from memory_core.pipeline.sensitive import detect
from memory_core.pipeline.sensitive_shape import entropy, nhs_ok
from memory_core.pipeline.sensitive_topic import is_topic


def _found(text: str) -> set[tuple[str, str]]:
    return {(category, text[start:end]) for category, start, end in sensitive_shape.find(text)}


def test_entropy_and_the_nhs_check_digit() -> None:
    assert entropy("") == 0.0 and entropy("aaaa") == 0.0 and entropy("abcd") == pytest.approx(2.0)
    assert nhs_ok("4010232137") and nhs_ok("6123456784")
    assert not nhs_ok("4010232138") and not nhs_ok("401023213") and not nhs_ok("40102321x7")


@pytest.mark.parametrize(("text", "category", "value"), [
    ("the savings account it finally got was 778812340", "account", "778812340"),
    ("checking acct, the new one, 00412 3456 7890", "account", "00412 3456 7890"),
    ("NHS no. 401 023 2137, for the form", "id", "401 023 2137"),
    ("patient ID at the clinic: 77120034", "id", "77120034"),
    ("工资卡的账号后来变成了 6214830123456789", "account", "6214830123456789"),
    ("病历号 20230418877，复诊要带", "id", "20230418877"),
])
def test_a_number_a_few_words_after_its_label(text: str, category: str, value: str) -> None:
    assert (category, value) in _found(text)


@pytest.mark.parametrize("text", [
    "NHS no. 401 023 2138 on the letter",          # fails the mod-11 check
    "my savings account got 150000 from the order 77812234",
    "the account has 1500 followers since 2019",
    "支付宝账户 13800138000 的余额不多了",          # a mobile number
    "账户余额 1200000 元",
])
def test_no_labelled_number_across_another_label_or_without_its_shape(text: str) -> None:
    assert not _found(text)


@pytest.mark.parametrize(("text", "value"), [
    ("我们高德地图的 key 是 Hx8kT2mQ9rW4vL7yP3bN6cJ5", "Hx8kT2mQ9rW4vL7yP3bN6cJ5"),
    ("AK: Zq7Lm2Xp9Tr4Wv8Ks3Bn6Yd", "Zq7Lm2Xp9Tr4Wv8Ks3Bn6Yd"),
    ("just paste Qm8Zr2Lx7Tp4Wk9Vn3Bc6Yd1Hs5Gf0Ja2Ue into the config", "Qm8Zr2Lx7Tp4Wk9Vn3Bc6Yd1Hs5Gf0Ja2Ue"),
])
def test_a_high_entropy_token_is_a_key(text: str, value: str) -> None:
    assert ("api_key", value) in _found(text)


@pytest.mark.parametrize("text", [
    "commit 3f9a2b1c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a fixed the login key bug",   # a hex digest: one case
    "UPS tracking 1Z999AA10123456784, key is under the mat",                    # upper-case id
    "the key takeaway is StrategyMeeting notes",                                 # words
    "the video id dQw4w9WgXcQ is the one",                                      # short, no key word
])
def test_no_key_without_mixed_case_digits_and_entropy(text: str) -> None:
    assert not any(c == "api_key" for c, _ in _found(text))


@pytest.mark.parametrize(("text", "category", "value"), [
    ("phone passcode is my birthday backwards, 5130", "code", "5130"),
    ("the code for the bike lock is my mom's birth year, 1964", "code", "1964"),
    ("my icloud password is my cat's name plus 99, so whiskers99", "secret", "whiskers99"),
    ("his apple id password, writing it here: Eldridge1951!", "secret", "Eldridge1951"),
    ("我爸的手机密码是他生日 0512", "code", "0512"),
    ("邮箱密码是名字拼音加生日 liqiang0318", "secret", "liqiang0318"),
])
def test_a_value_at_the_end_of_its_explanation(text: str, category: str, value: str) -> None:
    assert (category, value) in _found(text)


@pytest.mark.parametrize("text", [
    "the area code is the old one, 617",
    "my password is too weak, I use Office everywhere",
    "the login page is broken, error 503",
    "the code review is long, 3 hours",
    "密码是什么我忘了，反正有 8 位",
])
def test_no_value_after_an_explanation_without_its_shape(text: str) -> None:
    assert not _found(text)


@pytest.mark.parametrize("text", [
    "my hba1c was 8.1 at the last check",
    "blood pressure was 160/100 this morning",
    "dad's PSA came back elevated",
    "空腹血糖 9.2，医生说要控制",
    "我妈血压高",
    "体检报告说我血脂偏高",
    "she was hospitalized last month with pneumonia",
    "my son carries an epipen",
    "I've been sober 3 years",
    "我做了胃镜，查出胃溃疡",
])
def test_lab_results_and_care_are_health(text: str) -> None:
    assert any(c == "health" for c, _ in _found(text)), text
    assert any(f.category == "health" for f in detect(text)), text


@pytest.mark.parametrize("text", [
    "my blood pressure monitor arrived, it was $40",
    "my A1C test is next week",
    "blood pressure is fine",
    "血压计买了，299 元",
    "量血压的机器坏了，周末去买",
])
def test_a_lab_name_without_a_result_is_not_health(text: str) -> None:
    assert not any(c == "health" for c, _ in _found(text)), text


@pytest.mark.parametrize(("text", "condition", "topic"), [
    ("I watched a film that was about bipolar disorder", "bipolar", True),
    ("the podcast this week was about adhd in adults", "adhd", True),
    ("her thesis this year is on dementia care", "dementia", True),
    ("最近在读一本讲糖尿病饮食的书", "糖尿病", True),
    ("他在拍一部介绍自闭症儿童的纪录片", "自闭症", True),
    ("I talked to the doctor about my depression", "depression", False),
    ("my dad was on insulin for years", "insulin", False),
    ("我妈有糖尿病，一直在吃药", "糖尿病", False),
])
def test_a_condition_as_what_a_medium_is_about(text: str, condition: str, topic: bool) -> None:
    start = text.index(condition)
    assert is_topic(text, start, start + len(condition)) is topic
    assert bool(detect(text)) is not topic


@pytest.mark.parametrize("text", [
    "密码要求8到16位，必须包含大小写字母和数字",
    "公司规定密码至少10位还要有符号",
    "股票代码 000858 今天又涨了",
    "这张发票号码是 20331542，记得报销",
    "I keep forgetting my password, had to reset it twice this week",
    "don't ever tell anyone your password, not even me",
])
def test_talk_about_a_secret_and_number_labels_are_not_sensitive(text: str) -> None:
    assert detect(text) == [], text


@pytest.mark.parametrize(("text", "value"), [
    ("小区单元门密码换成 2580# 了", "2580"),
    ("QQ密码更新为 qq_5566abc 了", "qq_5566abc"),
    ("门禁密码更新为 #8462 了", "8462"),
])
def test_chinese_links_of_change(text: str, value: str) -> None:
    assert any(value in f.value for f in detect(text)), detect(text)


@pytest.mark.parametrize("text", [
    "I almost had a heart attack when I saw the bill",
    "this traffic is giving me a stroke",
    "I'm so OCD about my desk lol",
    "cancer is my zodiac sign",
    "I'm a Cancer, so I cry at movies",
    "气得我心脏病都要犯了",
    "我有点强迫症，桌子必须整齐",
])
def test_a_condition_as_a_figure_of_speech_is_not_health(text: str) -> None:
    assert detect(text) == [], text


@pytest.mark.parametrize("text", [
    "my dad had a heart attack last year",
    "my aunt has cancer again",
    "我爸心脏病犯了，在医院",
    "我儿子有强迫症，在看医生",
])
def test_the_same_conditions_said_of_a_person_are_health(text: str) -> None:
    assert any(f.category == "health" for f in detect(text)), text


@pytest.mark.parametrize(("text", "generic"), [
    ("the most common password is still 123456, crazy", True),
    ("never use password123 as your password", True),
    ("最常见的密码是 123456，太离谱了", True),
    ("my password is 123456, I know it's the most common one", False),
    ("我的密码是 123456，比如这种就很弱", False),
])
def test_a_password_said_of_people_in_general(text: str, generic: bool) -> None:
    assert (detect(text) == []) is generic, detect(text)


@pytest.mark.parametrize("text", [
    "I've been on Wellbutrin since March",
    "she started Ozempic in June",
    "I'm trans and on HRT",
    "I see a psychologist every Tuesday",
    "we started couples counseling",
    "I'm deaf in one ear",
    "my dad uses a wheelchair since the accident",
    "my brother's in a psych ward after the overdose",
    "the doctor said I have sleep apnea",
    "医生说我有轻度脂肪肝",
    "我老公晚上要戴呼吸机",
    "我在做试管，打了好多针",
])
def test_treatments_therapy_disability_and_a_reported_diagnosis_are_health(text: str) -> None:
    assert any(f.category == "health" for f in detect(text)), text


@pytest.mark.parametrize("text", [
    "I've been on Netflix since March",
    "my sister is a psychologist in Leeds",
    "I'm thinking about a career in therapy and mental health support",
    "blind date on friday, wish me luck",
    "the doctor said I'm fine",
    "医生说我没事，就是有点累",
    "Ozempic commercials are everywhere",
])
def test_the_same_words_in_ordinary_life_are_not_health(text: str) -> None:
    assert detect(text) == [], text


@pytest.mark.parametrize(("text", "category", "value"), [
    ("Wi-Fi network is Hollis_Home, key is p3ppermint-tea-77", "secret", "p3ppermint-tea-77"),
    ("the mailchimp key is 3f9a1c2b8d7e6f5a4b3c2d1e0f9a8b7c-us21", "api_key", "3f9a1c2b8d7e6f5a4b3c2d1e0f9a8b7c-us21"),
    ("storage unit gate: *4419#", "code", "4419"),
])
def test_a_network_key_a_labelled_hex_key_and_keypad_symbols(text: str, category: str, value: str) -> None:
    assert any(f.category == category and value in f.value for f in detect(text)), detect(text)


@pytest.mark.parametrize("text", ["HS code 8471 for the customs form", "the SWIFT code is BOFAUS3N, 2 days",
                                  "ISO code 4217 for currencies"])
def test_a_classification_code_is_no_secret(text: str) -> None:
    assert detect(text) == [], text


@pytest.mark.parametrize(("text", "category", "value"), [
    ("the password on the sticky note was wrong, the real one is Gr33nTea", "secret", "Gr33nTea"),
    ("my bank's security answer is 'Rover' - first dog", "secret", "Rover"),
    ("密保答案是 xiaohuang", "secret", "xiaohuang"),
    ("to get into the bike room you punch 5546 then the star key", "code", "5546"),
    ("please pay into 30-99-50 12345678", "account", "30-99-50 12345678"),
    ("转到 6230582000012345678 就行", "account", "6230582000012345678"),
])
def test_a_value_later_in_the_clause_an_answer_an_entry_and_a_transfer(text: str, category: str, value: str) -> None:
    assert any(f.category == category and f.value == value for f in detect(text)), detect(text)


@pytest.mark.parametrize("text", [
    "I sent it to 555-123-4567 yesterday",
    "打到我手机 13800138000 上",
    "the password is too long, it's 20 characters",
    "the answer is 42",
    "to get into the show you need 2 tickets",
])
def test_no_value_from_a_phone_a_length_or_a_plain_answer(text: str) -> None:
    assert detect(text) == [], detect(text)


@pytest.mark.parametrize("text", ["她刚做完剖腹产", "I had a c-section in March"])
def test_a_birth_by_surgery_is_health(text: str) -> None:
    assert any(f.category == "health" for f in detect(text)), text


def test_detect_reads_a_text_once_and_hands_out_a_fresh_list() -> None:
    text = "my locker code is 4711 and my NHS no. 401 023 2137"
    first = detect(text)
    first.clear()  # a caller changing its list changes nobody else's
    again = detect(text)
    assert [f.value for f in again] == ["4711", "401 023 2137"] and again is not detect(text)


@pytest.mark.parametrize(("text", "category", "value"), [
    ("the padlock at the pool: 3 turns right to 12, left to 34, right to 9", "code", "12, left to 34, right to 9"),
    ("shed code hasn't changed, still 9-9-1-3", "code", "9-9-1-3"),
    ("here are my bank details: Barclays, 20-32-06, 43981274", "account", "20-32-06, 43981274"),
    ("the joint account ends in 4471 and the full number is 00729944710", "account", "00729944710"),
    ("here's the key for the weather API: 7b3f9c2a1e8d4f6b0a5c3e7d9f1b2a4c", "api_key",
     "7b3f9c2a1e8d4f6b0a5c3e7d9f1b2a4c"),
])
def test_a_dial_a_changed_code_bank_details_a_full_number_and_a_key_for_something(text: str, category: str,
                                                                                 value: str) -> None:
    assert any(f.category == category and f.value == value for f in detect(text)), detect(text)


@pytest.mark.parametrize("text", [
    "turn left to 5th street then right to 2nd",
    "the store is still open till 2100",
    "the code is still broken, 3 bugs left",
    "the account ends in 4471, that's all I know",
    "the key for the shed is 3 doors down",
])
def test_directions_times_and_a_last_four_alone_are_not_values(text: str) -> None:
    assert detect(text) == [], detect(text)


@pytest.mark.parametrize(("text", "value"), [
    ("I got my gallbladder out last year", "got my gallbladder out"),
    ("my mom had her thyroid removed in 2019", "had her thyroid removed"),
    ("我去年切除了胆囊", "切除了胆囊"),
    ("她的子宫被切除了", "子宫被切除"),
])
def test_an_organ_taken_out_is_health(text: str, value: str) -> None:
    assert any(f.category == "health" and (value in text[f.start:f.end] or text[f.start:f.end] in value)
               for f in detect(text)), detect(text)


@pytest.mark.parametrize("text", ["我爸上周查出来房颤，现在在吃华法林", "她一直在吃二甲双胍", "我有点贫血"])
def test_chinese_conditions_and_drugs_taken_without_a_subject(text: str) -> None:
    assert any(f.category == "health" for f in detect(text)), detect(text)


@pytest.mark.parametrize(("text", "category"), [
    ("I'm 14 weeks along, due in June", "health"), ("我怀二胎了，六周", "health"),
    ("my NRIC is S1234567D", "id"), ("我女儿的学籍号是 G440106201203154517", "id"),
])
def test_a_pregnancy_and_ids_by_their_labels(text: str, category: str) -> None:
    assert any(f.category == category for f in detect(text)), detect(text)


@pytest.mark.parametrize("text", ["I want to be a dialysis nurse", "六周的健身计划做完了", "港澳通行证怎么续签？"])
def test_a_profession_or_a_plan_is_no_health_detail(text: str) -> None:
    assert not detect(text), detect(text)


@pytest.mark.parametrize(("text", "category"), [
    ("psst, the admin panel is admin / Summer2024! until IT changes it", "secret"),   # a login pair where one logs in
    ("ssh into the pi with pi / raspberry42", "secret"),
    ("the unlock phrase for my journal app is 'blue heron at dawn'", "secret"),
    ("my mom's Facebook password is her dog's name: Biscuit", "secret"),              # a word after its explanation
    ("my brother relapsed last month, he's back in detox", "health"),
    ("I've been self-harming again, please don't tell anyone", "health"),
    ("my dad's pacemaker check is on Friday", "health"),
    ("你有糖尿病吗？", "health"),                                                        # a question about someone
])
def test_logins_passphrases_and_care_said_other_ways(text: str, category: str) -> None:
    assert any(f.category == category for f in detect(text)), detect(text)


@pytest.mark.parametrize("text", [
    "老年痴呆的早期症状有哪些？", "is diabetes hereditary?", "Adderall shortage is in the news again",
    "the detox tea trend is nonsense", "ssh keys are better than passwords", "use TCP/IP settings from the router page",
])
def test_questions_in_general_and_news_are_no_health_or_login(text: str) -> None:
    assert not detect(text), detect(text)


@pytest.mark.parametrize(("text", "category"), [
    ("the iPad passcode is the same as mine, 2 2 4 4 6 6", "code"),   # spaced digits given last
    ("I found out I'm BRCA positive", "health"), ("my mom is in hospice now", "health"),
    ("体检说我脂肪肝，得少喝酒", "health"), ("she just got diagnosed — it's MS", "health"),
])
def test_a_finding_reported_and_spaced_digits_given_last(text: str, category: str) -> None:
    assert any(f.category == category for f in detect(text)), detect(text)


@pytest.mark.parametrize("text", ["hospice nurses are underpaid", "脂肪肝是怎么形成的？", "医生说我可以出院了",
                                  "the engine problem was finally found by the mechanic"])
def test_no_health_in_talk_of_care_or_a_discharge(text: str) -> None:
    assert not detect(text), detect(text)


@pytest.mark.parametrize("text", [
    "doctor says I have high blood pressure",
    "the doctor said my dad has high blood pressure now",
])
def test_a_doctors_report_and_the_condition_it_runs_into_are_masked_as_one(text: str) -> None:
    from memory_core.pipeline.sensitive import mask
    masked = mask(text)
    assert "pressure" not in masked and "blood" not in masked and masked.count("[health]") == 1
