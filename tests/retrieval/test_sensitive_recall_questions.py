"""Which sensitive items a recall shows: food restrictions for food questions, one kind of secret per
question (English and Chinese), through ``Memory.recall`` (the path of the embedded API and the recall worker)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.pipeline.sensitive import SENSITIVE_THEME, asked_categories, detect, diet_shown
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings

T0 = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _turn(user: str, n: int, text: str) -> Turn:
    return Turn(user_id=user, turn_id=f"{user}-t{n}", session_id="s1", role="user", text=text,
                timestamp=T0 + timedelta(minutes=n), speaker="Ann")


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


@pytest.mark.parametrize(("text", "value", "questions"), [
    ("I'm allergic to shellfish.", "shellfish",
     ["what can't I eat?", "What food should I cook for her tonight?", "Any good restaurant for dinner?",
      "我不能吃什么？"]),
    ("我对花生过敏。", "花生", ["今晚做什么菜？", "我不能吃什么？", "What should we eat tonight?", "推荐一家餐厅吃饭"]),
])
def test_an_allergy_is_shown_for_any_question_about_food(memory: Memory, text: str, value: str,
                                                         questions: list[str]) -> None:
    memory.ingest([_turn("ann", 0, text)])
    assert any(i.theme == SENSITIVE_THEME for i in memory.store.list_items("ann"))
    for question in questions:
        response = memory.recall("ann", question)
        assert value in response.context.text, question
        assert any(value in r.item.description for r in response.results), question


@pytest.mark.parametrize(("text", "value", "food", "other"), [
    ("I take sertraline for depression.", "depression", "what should I cook tonight?", "what did I do in May?"),
    ("我确诊了抑郁症，在吃药。", "抑郁症", "今晚做什么菜？", "我五月做了什么？"),
])
def test_other_health_details_stay_hidden_from_food_and_unrelated_questions(memory: Memory, text: str, value: str,
                                                                           food: str, other: str) -> None:
    memory.ingest([_turn("bo", 0, text)])
    assert any(i.theme == SENSITIVE_THEME for i in memory.store.list_items("bo"))
    for question in (food, other):
        response = memory.recall("bo", question)
        assert value not in response.context.text, question
        assert all(value not in r.item.description for r in response.results), question


def test_a_food_restriction_is_shown_with_its_reason_but_not_a_health_detail_beside_it() -> None:
    text = "I'm diabetic so I avoid sugar. I also see a psychiatrist weekly."
    found = {f.value: f for f in detect(text)}
    assert diet_shown("what should I bake?", text, found["diabetic"])
    assert not diet_shown("what should I bake?", text, found["psychiatrist"])
    assert not diet_shown("when is my next meeting?", text, found["diabetic"])
    zh = "我有糖尿病，所以不能吃甜的。"
    (sugar,) = detect(zh)
    assert diet_shown("晚饭吃什么", zh, sugar) and not diet_shown("明天几点开会", zh, sugar)


@pytest.mark.parametrize(("query", "kinds"), [
    ("我的电脑密码是多少？", {"secret"}),
    ("What is my laptop password?", {"secret"}),
    ("我的银行卡密码是多少？", {"code"}),
    ("What is my bank PIN?", {"code"}),
    ("what is my card's CVV?", {"card"}),  # a card's security code is card data
    ("what's my phone PIN?", {"code"}),
    ("我手机解锁密码是多少", {"code"}),
    ("what is my bank card number?", {"card"}),
    ("my ID card number?", {"id", "card"}),
    ("我的储物柜密码是多少", {"code"}),
    ("六位密码是多少", {"code"}),
    ("我的PIN是多少", {"code"}),
])
def test_a_question_names_the_kind_of_secret_it_asks_for(query: str, kinds: set[str]) -> None:
    assert asked_categories(query) == kinds


@pytest.mark.parametrize(("texts", "question", "shown", "hidden"), [
    (["我的电脑密码是 tulip88", "我的银行卡密码是 4821"], "我的电脑密码是多少？", "tulip88", "4821"),
    (["我的电脑密码是 tulip88", "我的银行卡密码是 4821"], "我的银行卡密码是多少？", "4821", "tulip88"),
    (["My laptop password is tulip-88-river.", "My bank card PIN is 4821."], "What is my laptop password?",
     "tulip-88-river", "4821"),
    (["My bank account number is 12345678.", "The PIN for my bank card is 4821."], "What is my bank PIN?", "4821",
     "12345678"),
    (["我的银行卡号是6222020200112233445", "我的银行卡密码是 4821"], "我的银行卡密码是多少", "4821",
     "6222020200112233445"),
])
def test_asking_for_one_secret_does_not_show_another(memory: Memory, texts: list[str], question: str, shown: str,
                                                     hidden: str) -> None:
    memory.ingest([_turn("cy", n, text) for n, text in enumerate(texts)])
    response = memory.recall("cy", question)
    # the asked secret's item is found; recall surfaces show a credential masked even when asked (the owner's
    # reveal shows it), so the block names it without its value
    assert any(shown in r.item.description for r in response.results)
    assert shown not in response.context.text
    assert hidden not in response.context.text
    assert all(hidden not in r.item.description for r in response.results)


@pytest.mark.parametrize(("texts", "question", "shown", "hidden"), [
    (["My phone PIN is 204816.", "My gym locker code is 4711.", "The CVV on my Visa is 593."], "what's my phone PIN?",
     "204816", ["4711", "593"]),
    (["我手机解锁密码是 204816", "健身房储物柜密码是 4711", "信用卡背面的安全码是 593"], "我手机解锁密码是多少",
     "204816", ["4711", "593"]),
    (["My phone PIN is 204816.", "My gym locker code is 4711.", "The CVV on my Visa is 593."],
     "what is my card's CVV?", "593", ["204816", "4711"]),
    (["我手机解锁密码是 204816", "健身房储物柜密码是 4711", "信用卡背面的安全码是 593"], "储物柜密码是多少",
     "4711", ["204816", "593"]),
])
def test_a_question_naming_a_device_or_lock_sees_only_its_code(memory: Memory, texts: list[str], question: str,
                                                               shown: str, hidden: list[str]) -> None:
    memory.ingest([_turn("ed", n, text) for n, text in enumerate(texts)])
    response = memory.recall("ed", question)
    assert any(shown in r.item.description for r in response.results)  # found, shown masked (as above)
    assert shown not in response.context.text
    for value in hidden:
        assert value not in response.context.text, value
        assert all(value not in r.item.description for r in response.results), value


@pytest.mark.parametrize(("texts", "food", "others"), [
    (["My daughter Mia is allergic to peanuts.", "I'm allergic to penicillin.", "My pollen allergy is bad in May.",
      "I'm allergic to latex gloves."], "peanuts", ["penicillin", "pollen", "latex"]),
    (["我女儿对花生过敏。", "我对青霉素过敏。", "我花粉过敏，春天很难受。", "我对乳胶过敏。"], "花生",
     ["青霉素", "花粉", "乳胶"]),
])
@pytest.mark.parametrize("question", ["What should I cook for her tonight?", "晚饭吃什么？"])
def test_a_food_question_shows_food_allergies_but_not_drug_or_environment_ones(
        memory: Memory, texts: list[str], food: str, others: list[str], question: str) -> None:
    memory.ingest([_turn("di", n, text) for n, text in enumerate(texts)])
    assert sum(i.theme == SENSITIVE_THEME for i in memory.store.list_items("di")) >= len(texts)
    response = memory.recall("di", question)
    assert food in response.context.text
    for other in others:
        assert other not in response.context.text, other
        assert all(other not in r.item.description for r in response.results), other
    asked = memory.recall("di", "what am I allergic to?" if texts[0].isascii() else "我对什么过敏？")
    assert others[0] in asked.context.text  # asked for allergies, the drug allergy is shown


@pytest.mark.parametrize(("text", "asks"), [
    ("my laptop password is hunter2!Q and my email one is Mail#2025",
     [("what's my email password?", "Mail#2025", "hunter2"), ("what's my laptop password?", "hunter2!Q", "Mail#2025")]),
    ("我的电脑密码是 hunter2!Q，邮箱密码是 Mail#2025",
     [("我的邮箱密码是多少？", "Mail#2025", "hunter2"), ("我的电脑密码是多少？", "hunter2!Q", "Mail#2025")]),
])
def test_two_passwords_in_one_turn_are_each_kept_whole_with_their_thing(memory: Memory, text: str,
                                                                        asks: list[tuple[str, str, str]]) -> None:
    memory.ingest([_turn("fa", 0, text)])
    items = memory.store.list_items("fa")
    assert all(i.theme == SENSITIVE_THEME for i in items if "Mail#2025" in i.description or "hunter2" in i.description)
    assert any("hunter2!Q" in i.description and "Mail#2025" not in i.description for i in items)
    for question, shown, hidden in asks:
        response = memory.recall("fa", question)
        assert any(shown in r.item.description for r in response.results), question
        assert all(hidden not in r.item.description for r in response.results), question


@pytest.mark.parametrize(("text", "questions"), [
    ("I take metformin every morning.", ["what medicines do I take?", "what medications do I take?",
                                         "which drugs do I take?", "what pills do I take every morning?"]),
    ("我每天早上吃二甲双胍。", ["我吃的药有哪些？", "我每天吃哪些药物？", "我早上吃什么药？"]),
])
def test_a_health_question_in_any_form_of_its_word_sees_the_medication(memory: Memory, text: str,
                                                                      questions: list[str]) -> None:
    memory.ingest([_turn("ga", 0, text)])
    assert any(i.theme == SENSITIVE_THEME for i in memory.store.list_items("ga"))
    for question in questions:
        assert "health" in asked_categories(question), question
        response = memory.recall("ga", question)
        assert any("metformin" in r.item.description or "二甲双胍" in r.item.description
                   for r in response.results), question


@pytest.mark.parametrize(("texts", "pin_question", "code_question"), [
    (["My phone PIN is 4417.", "The gym locker code is 0090."], "what's my PIN?", "what's my locker code?"),
    (["我的手机PIN码是 4417。", "健身房储物柜密码是 0090。"], "我的PIN码是多少？", "我的储物柜密码是多少？"),
])
def test_a_bare_pin_question_prefers_a_pin_to_a_locker_code(memory: Memory, texts: list[str], pin_question: str,
                                                            code_question: str) -> None:
    memory.ingest([_turn("ha", n, text) for n, text in enumerate(texts)])
    response = memory.recall("ha", pin_question)
    assert any("4417" in r.item.description for r in response.results)
    assert "0090" not in response.context.text
    assert all("0090" not in r.item.description for r in response.results)
    response = memory.recall("ha", code_question)
    assert any("0090" in r.item.description for r in response.results)
    assert "4417" not in response.context.text
